//! Sign-in through the identity provider (single sign-on;
//! docs/web.md §Sign-in and sessions,
//! docs/security.md §Single sign-on in the browser). The
//! protocol is [`crate::oidc::signin`]; what it keeps between the two steps and
//! the session are [`crate::service::session`]'s.
//!
//! - `GET /signin/oidc` starts: `state`, `nonce` and the PKCE verifier are kept
//!   in the database for 10 minutes, the `state` also in the short-lived cookie
//!   [`STATE_COOKIE`] (it binds the sign-in to this browser), and the browser
//!   goes to the provider (303).
//! - `GET /signin/oidc/callback?code&state` finishes: the state must be the
//!   cookie's and be known, unused and unexpired (it is used up here); the code
//!   is redeemed, the ID token checked, and the account its claim names signed
//!   in as a sign-in link does (session cookie, 303 to `/`).
//!
//! Refusals show the sign-in page with one sentence: a bad, used or expired
//! state or no code → 400; the provider's `error` (denied, cancelled), a
//! refused code or ID token, or no account of that name → 403; the provider
//! unreachable → 502. Without single sign-on configured both paths are 404.

use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::Router;
use serde::Deserialize;
use subtle::ConstantTimeEq;

use super::guard::{cookie, set_cookie, Viewer};
use super::kit::errors::{error_page, page_error};
use super::kit::state::WebState;
use super::signin;
use crate::i18n::{self, Lang};
use crate::service::session::{self, PendingSignOn};

/// The routes of the sign-in through the identity provider: its start and its callback.
pub fn routes() -> Router<WebState> {
    Router::new()
        .route(crate::oidc::signin::START_PATH, get(start))
        .route(crate::oidc::signin::CALLBACK_PATH, get(callback))
}

/// The cookie holding the `state` of a sign-in under way (path
/// `/signin/oidc`, 10 minutes, HttpOnly, `SameSite=Lax`, so the provider's
/// redirect back brings it along).
pub const STATE_COOKIE: &str = "sp_oidc";

/// The query of the callback (RFC 6749 §4.1.2 and §4.1.2.1).
#[derive(Debug, Default, Deserialize)]
pub struct Callback {
    /// The authorization code.
    pub code: Option<String>,
    /// The state sent at the start.
    pub state: Option<String>,
    /// The provider's error code (`access_denied`, …).
    pub error: Option<String>,
    /// The provider's explanation (logged only).
    pub error_description: Option<String>,
}

/// `GET /signin/oidc`: starts a sign-in (see the module doc).
pub async fn start(State(state): State<WebState>, viewer: Viewer) -> Response {
    let lang = viewer.lang;
    let Some(sign_on) = state.sign_on.clone() else {
        return error_page(lang, StatusCode::NOT_FOUND, "web-error-not-found");
    };
    let started = match sign_on.start().await {
        Ok(s) => s,
        Err(e) => {
            tracing::warn!(error = %e, "cannot start the single sign-on");
            return refuse(&state, lang, StatusCode::BAD_GATEWAY, i18n::text(lang, "oidc-error-unavailable"));
        }
    };
    let pending = PendingSignOn { nonce: started.nonce, code_verifier: started.code_verifier };
    if let Err(e) = session::begin_sign_on(&state.store, &started.state, &pending).await {
        return page_error(lang, e);
    }
    let mut res = Redirect::to(&started.url).into_response();
    let max_age = session::SIGN_ON_LIFETIME.num_seconds();
    set_state_cookie(&state, &mut res, &started.state, max_age);
    res
}

/// `GET /signin/oidc/callback`: finishes a sign-in (see the module doc).
pub async fn callback(
    State(state): State<WebState>,
    viewer: Viewer,
    headers: HeaderMap,
    Query(query): Query<Callback>,
) -> Response {
    let lang = viewer.lang;
    let Some(sign_on) = state.sign_on.clone() else {
        return error_page(lang, StatusCode::NOT_FOUND, "web-error-not-found");
    };
    let mut res = finish(&state, &sign_on, (lang, viewer.chosen), &headers, query).await;
    set_state_cookie(&state, &mut res, "", 0);
    res
}

async fn finish(
    state: &WebState,
    sign_on: &crate::oidc::signin::SignOn,
    (lang, chosen): (Lang, Option<Lang>),
    headers: &HeaderMap,
    query: Callback,
) -> Response {
    let given = query.state.as_deref().unwrap_or_default();
    let bound = cookie(headers, STATE_COOKIE).unwrap_or_default();
    let same_browser = !given.is_empty() && bool::from(given.as_bytes().ct_eq(bound.as_bytes()));
    let pending = if same_browser {
        match session::take_sign_on(&state.store, given).await {
            Ok(p) => p,
            Err(e) => return page_error(lang, e),
        }
    } else {
        None
    };
    let Some(pending) = pending else {
        tracing::info!(cookie = !bound.is_empty(), "single sign-on callback with an unknown, used or foreign state");
        return refuse(state, lang, StatusCode::BAD_REQUEST, i18n::text(lang, "oidc-error-state"));
    };
    if let Some(error) = &query.error {
        tracing::info!(%error, description = query.error_description.as_deref().unwrap_or(""), "the identity provider refused the sign-in");
        return refuse(state, lang, StatusCode::FORBIDDEN, i18n::text(lang, "oidc-error-denied"));
    }
    let Some(code) = query.code.as_deref().filter(|c| !c.is_empty()) else {
        return refuse(state, lang, StatusCode::BAD_REQUEST, i18n::text(lang, "oidc-error-state"));
    };
    let name = match sign_on.finish(code, &pending.code_verifier, &pending.nonce).await {
        Ok(name) => name,
        Err(e) if e.is_unavailable() => {
            tracing::warn!(error = %e, "single sign-on failed at the identity provider");
            return refuse(state, lang, StatusCode::BAD_GATEWAY, i18n::text(lang, "oidc-error-unavailable"));
        }
        Err(e) => {
            tracing::info!(reason = %e, "single sign-on refused");
            return refuse(state, lang, StatusCode::FORBIDDEN, i18n::text(lang, "oidc-error-refused"));
        }
    };
    match session::sign_in_by_sign_on(&state.store, &name, chosen).await {
        Ok(Some(secret)) => signin::signed_in(state, &secret),
        Ok(None) => {
            tracing::info!(%name, "single sign-on names no account");
            let text = i18n::text_with(lang, "oidc-error-account", &[("name", name.as_str().into())]);
            refuse(state, lang, StatusCode::FORBIDDEN, text)
        }
        Err(e) => page_error(lang, e),
    }
}

/// The sign-in page with `status` and the sentence `text`.
fn refuse(state: &WebState, lang: Lang, status: StatusCode, text: String) -> Response {
    signin::show_text(state, lang, status, text)
}

/// Sets (or, with `max_age` 0, deletes) the state cookie on `res`.
fn set_state_cookie(state: &WebState, res: &mut Response, value: &str, max_age: i64) {
    let whole = set_cookie(STATE_COOKIE, value, max_age, state.config.secure_cookies());
    let scoped = whole.replacen("Path=/;", &format!("Path={};", crate::oidc::signin::START_PATH), 1);
    if let Ok(v) = HeaderValue::from_str(&scoped) {
        res.headers_mut().append(header::SET_COOKIE, v);
    }
}
