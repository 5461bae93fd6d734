//! Sign-in with a one-time link, and sign-out (docs/web.md §Sign-in and sessions).
//!
//! - `GET /signin?token=…` uses the link: a session starts, its cookie is set
//!   and the browser goes to `/` (303). A used, expired or unknown link gets
//!   403 and the sign-in page saying so.
//! - `GET /signin` shows how to get a link (`?ended=1`: the session ended;
//!   `?out=1`: signed out).
//! - `POST /signout` ends the session and deletes the cookie.
//! - `GET /signin/confirm?token=…` (a mailed link) shows a button that
//!   posts the token to `POST /signin/confirm`, which uses it as above.
//! - `POST /signin/mail` mails a link, when mail is configured ([`super::signin_mail`]).
//!
//! With single sign-on configured the page also offers "Mit Microsoft
//! anmelden" ([`super::sso`]).

use std::collections::HashMap;

use askama::Template;
use axum::extract::{Query, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::Router;

use super::guard::{set_cookie, SignedIn, Viewer, SESSION_COOKIE};
use super::kit::errors::page_error;
use super::kit::render::render;
use super::kit::state::WebState;
use super::layout::{Page, Screen};
use crate::i18n::Lang;
use crate::service::session;

/// The sign-in's routes: the page, the sign-out and the confirmation of a sign-in link.
pub fn routes() -> Router<WebState> {
    Router::new()
        .route(PATH, get(page))
        .route("/signout", post(sign_out))
        .route(crate::service::session::CONFIRM_PATH, get(confirm_page).post(confirm))
}

/// The path of the sign-in page.
pub const PATH: &str = session::SIGNIN_PATH;

/// The sign-in page.
#[derive(Template)]
#[template(path = "web/signin/page.html")]
pub struct SignInPage {
    /// The frame.
    pub page: Page,
    /// A notice above the explanation (refused link, ended session), or empty.
    pub notice: String,
    /// The single sign-on button's text, or empty when single sign-on is off.
    pub sso: String,
    /// Where the single sign-on button leads.
    pub sso_href: &'static str,
    /// Whether the form "Link per E-Mail senden" is offered (the service's mail is configured).
    pub mail: bool,
}

/// `GET /signin`.
pub async fn page(
    State(state): State<WebState>,
    viewer: Viewer,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let lang = viewer.lang;
    if let Some(token) = query.get("token") {
        return match session::sign_in(&state.store, token, viewer.chosen).await {
            Ok(Some(secret)) => signed_in(&state, &secret),
            Ok(None) => show(&state, lang, StatusCode::FORBIDDEN, "signin-refused"),
            Err(e) => page_error(lang, e),
        };
    }
    if viewer.user.is_some() {
        return Redirect::to("/").into_response();
    }
    let notice = if query.contains_key("ended") {
        "signin-expired"
    } else if query.contains_key("out") {
        "signed-out"
    } else {
        ""
    };
    show(&state, lang, StatusCode::OK, notice)
}

fn show(state: &WebState, lang: Lang, status: StatusCode, notice: &str) -> Response {
    let notice = if notice.is_empty() { String::new() } else { crate::i18n::text(lang, notice) };
    show_text(state, lang, status, notice)
}

/// The sign-in page with `status` and the notice text `notice` (empty: none).
pub fn show_text(state: &WebState, lang: Lang, status: StatusCode, notice: String) -> Response {
    let page = Page::new(lang, Screen::SignIn, crate::i18n::text(lang, "signin-title"), None, PATH.into());
    let sso = match &state.sign_on {
        Some(s) if s.config().is_microsoft() => page.t("oidc-signin-microsoft"),
        Some(_) => page.t("oidc-signin-generic"),
        None => String::new(),
    };
    let sso_href = crate::oidc::signin::START_PATH;
    let mail = state.jobs.config().mail_settings().is_some();
    let mut res = render(lang, &SignInPage { page, notice, sso, sso_href, mail });
    *res.status_mut() = status;
    res
}

/// The page of a mailed link (`GET /signin/confirm?token=…`): a button that
/// posts the token; the link is not used until it is pressed.
#[derive(Template)]
#[template(path = "web/signin/confirm.html")]
pub struct ConfirmPage {
    /// The frame.
    pub page: Page,
    /// The link's secret, posted back by the button.
    pub token: String,
}

/// `GET /signin/confirm?token=…`: the button (docs/web.md §Sign-in and sessions).
pub async fn confirm_page(viewer: Viewer, Query(query): Query<HashMap<String, String>>) -> Response {
    let lang = viewer.lang;
    let token = query.get("token").cloned().unwrap_or_default();
    let page = Page::new(lang, Screen::SignIn, crate::i18n::text(lang, "signin-title"), None, PATH.into());
    render(lang, &ConfirmPage { page, token })
}

/// `POST /signin/confirm` (`token`): uses the link as `GET /signin?token=…` does.
pub async fn confirm(
    State(state): State<WebState>,
    viewer: Viewer,
    axum::Form(fields): axum::Form<Vec<(String, String)>>,
) -> Response {
    let lang = viewer.lang;
    let token = fields.iter().find(|(k, _)| k == "token").map_or("", |(_, v)| v.as_str());
    match session::sign_in(&state.store, token, viewer.chosen).await {
        Ok(Some(secret)) => signed_in(&state, &secret),
        Ok(None) => show(&state, lang, StatusCode::FORBIDDEN, "signin-refused"),
        Err(e) => page_error(lang, e),
    }
}

/// The answer that starts a session: its cookie, and the browser sent to `/` (303).
pub fn signed_in(state: &WebState, secret: &str) -> Response {
    let max_age = session::ABSOLUTE_LIFETIME.num_seconds();
    let cookie = set_cookie(SESSION_COOKIE, secret, max_age, state.config.secure_cookies());
    let mut res = Redirect::to("/").into_response();
    if let Ok(v) = HeaderValue::from_str(&cookie) {
        res.headers_mut().insert(header::SET_COOKIE, v);
    }
    res
}

/// `POST /signout` (CSRF-checked by the guard): ends the session, deletes the
/// cookie and shows the sign-in page.
pub async fn sign_out(State(state): State<WebState>, SignedIn { user, lang }: SignedIn) -> Response {
    if let Err(e) = session::sign_out(&state.store, &user).await {
        return page_error(lang, e);
    }
    // Its live streams end now, not at their next change.
    state.live.end_session(user.session_id);
    let mut res = Redirect::to(&format!("{PATH}?out=1")).into_response();
    let cookie = set_cookie(SESSION_COOKIE, "", 0, state.config.secure_cookies());
    if let Ok(v) = HeaderValue::from_str(&cookie) {
        res.headers_mut().insert(header::SET_COOKIE, v);
    }
    res
}
