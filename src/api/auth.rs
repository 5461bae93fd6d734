//! Authentication and authorisation layers (docs/contract.md §Roles and authentication).
//!
//! Every `/api/v1` route except the public ones is wrapped in [`protect`] with
//! an [`Access`] level when the router is built, so a handler cannot forget the
//! check. The layer resolves the bearer token to a [`Principal`] (401 with
//! `WWW-Authenticate: Bearer` when missing or invalid), checks the role for the
//! request method (403 when too low), applies the per-token rate limit (429 with
//! `Retry-After`) and hands the principal to the handler as a request extension.

use std::num::NonZeroU32;
use std::sync::Arc;

use axum::extract::{FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderValue, Method};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota};

use super::AppState;
use crate::auth::{parse_token, Principal, Role};
use crate::error::{Error, ErrorCode, Result};
use crate::i18n::Message;
use crate::oidc::{looks_like_jwt, Verifier};

/// Which role a route needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Planning data: reads need `reader`, every other method `planner`.
    Planning,
    /// Any authenticated caller with at least `reader` (e.g. the profile).
    Reader,
    /// Accounts, tokens, audit: `admin` for every method.
    Admin,
    /// A teacher's own sheets (`/me`): any account passes the role check; the
    /// handler answers only a `teacher` account (docs/teachers.md §The API).
    Own,
}

impl Access {
    /// The role needed for `method` on a route of this access level.
    pub fn required_role(self, method: &Method) -> Role {
        match self {
            Access::Planning if method == Method::GET || method == Method::HEAD => Role::Reader,
            Access::Planning => Role::Planner,
            Access::Reader => Role::Reader,
            Access::Admin => Role::Admin,
            Access::Own => Role::Teacher,
        }
    }
}

/// Per-token request rate limit.
pub struct RateLimit {
    limiter: DefaultKeyedRateLimiter<i64>,
}

impl std::fmt::Debug for RateLimit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("RateLimit")
    }
}

impl RateLimit {
    /// `per_second` requests per second per token, with bursts of `burst`.
    pub fn new(per_second: NonZeroU32, burst: NonZeroU32) -> Arc<RateLimit> {
        Arc::new(RateLimit {
            limiter: DefaultKeyedRateLimiter::keyed(Quota::per_second(per_second).allow_burst(burst)),
        })
    }

    /// `Ok` or the seconds to wait.
    fn check(&self, token_id: i64) -> std::result::Result<(), u64> {
        self.limiter.check_key(&token_id).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            wait.as_secs() + u64::from(wait.subsec_nanos() > 0)
        })
    }
}

/// Wraps all routes registered so far on `router` in the check for `access`.
///
/// Before the token is looked up, the request catches up with the commits of
/// everyone ([`crate::service::ChangeWatch::catch_up`]): the app's token
/// cache and response cache then answer only with what is still current, and
/// the request carries [`super::cache::CaughtUp`] so the response cache does
/// not ask again.
pub fn protect(router: super::routes::ApiRouter, state: &AppState, access: Access) -> super::routes::ApiRouter {
    router
        .require_roles(|method| access.required_role(method))
        .route_layer(middleware::from_fn_with_state(Checker { app: state.clone(), access }, check))
}

/// State of the access check.
#[derive(Clone)]
struct Checker {
    app: AppState,
    access: Access,
}

fn unauthenticated(detail: Message, invalid: bool) -> Response {
    let mut res = Error::new(ErrorCode::Unauthenticated, detail).into_response();
    let challenge =
        if invalid { r#"Bearer realm="schoolplan", error="invalid_token""# } else { r#"Bearer realm="schoolplan""# };
    res.headers_mut().insert(header::WWW_AUTHENTICATE, HeaderValue::from_static(challenge));
    res
}

async fn check(State(Checker { app, access }): State<Checker>, mut req: Request, next: Next) -> Response {
    let Some(raw) = req.headers().get(header::AUTHORIZATION) else {
        return unauthenticated(Message::new("error-auth-no-token"), false);
    };
    let token = raw.to_str().ok().and_then(|v| {
        let (scheme, rest) = v.trim().split_once(' ')?;
        scheme.eq_ignore_ascii_case("bearer").then(|| rest.trim())
    });
    let Some(token) = token else {
        return unauthenticated(Message::new("error-auth-bad-header"), true);
    };
    let generation = app.changes.catch_up().await;
    let principal = if let Some((public_id, secret)) = parse_token(token) {
        match app.tokens.authenticate(generation, public_id, secret).await {
            Ok(Some(p)) => p,
            Ok(None) => return unauthenticated(Message::new("error-auth-token-unknown"), true),
            Err(e) => return e.into_response(),
        }
    } else if let (Some(verifier), true) = (&app.oidc, looks_like_jwt(token)) {
        match sign_on(&app, verifier, token).await {
            Ok(p) => p,
            Err(res) => return res,
        }
    } else {
        return unauthenticated(Message::new("error-auth-bad-header"), true);
    };
    let needed = access.required_role(req.method());
    if principal.role < needed {
        return Error::new(
            ErrorCode::Forbidden,
            Message::new("error-auth-role")
                .arg("account", &principal.name)
                .arg("role", principal.role)
                .arg("needed", needed),
        )
        .into_response();
    }
    if let Some(limit) = &app.rate_limit {
        if let Err(wait) = limit.check(principal.token_id) {
            let mut res = Error::new(ErrorCode::RateLimited, Message::new("error-auth-rate-limited").arg("wait", wait))
                .into_response();
            res.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(wait.max(1)));
            return res;
        }
    }
    let account = principal.account_id;
    req.extensions_mut().insert(principal);
    req.extensions_mut().insert(super::cache::CaughtUp);
    let mut res = next.run(req).await;
    res.extensions_mut().insert(crate::auth::RequestAccount(account));
    res
}

/// The caller of an identity-provider token (docs/client.md §Single sign-on): the
/// account whose name equals the token's name claim, with that account's role.
/// A refused token or a name without account → 401 (the reason is logged, not
/// answered). The principal's `token_id` is the account id negated, so the
/// rate limit counts per account and no API token id can equal it.
async fn sign_on(app: &AppState, verifier: &Verifier, token: &str) -> std::result::Result<Principal, Response> {
    let name = match verifier.verify(token).await {
        Ok(name) => name,
        Err(reason) => {
            tracing::info!(%reason, "identity-provider token refused");
            return Err(unauthenticated(Message::new("error-auth-sign-on-refused"), true));
        }
    };
    match crate::service::account::account_by_sign_on(&app.store, &name).await {
        Ok(Some(a)) => Ok(Principal { account_id: a.id, name: a.name, role: a.role, token_id: -a.id }),
        Ok(None) => {
            tracing::info!(%name, "identity-provider token names no account");
            Err(unauthenticated(Message::new("error-auth-sign-on-no-account").arg("name", &name), true))
        }
        Err(e) => Err(e.into_response()),
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Principal {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self> {
        parts
            .extensions
            .get::<Principal>()
            .cloned()
            .ok_or_else(|| Error::new(ErrorCode::Unauthenticated, Message::new("error-auth-needs-token")))
    }
}
