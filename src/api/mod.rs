//! The HTTP API under `/api/v1` (docs/contract.md), one module per resource.
//!
//! [`router`] assembles every route; unknown paths answer 404 and wrong methods
//! 405 (with `Allow`), both as RFC 9457 problems like every other error.

pub mod admin;
pub mod auth;
pub mod cache;
pub mod client;
pub mod confirmation;
pub mod course;
pub mod coursetable;
pub mod crud;
pub mod crud_routes;
pub mod curriculum;
pub mod detached_writes;
pub mod division;
pub mod employment;
pub mod etag;
pub mod extract;
pub mod grade;
pub mod health;
pub mod job;
pub mod lang;
pub mod lessontable;
pub mod lookup;
pub mod me;
pub mod openapi;
pub mod payroll;
pub mod pool;
pub mod response;
pub mod retry;
pub mod routes;
pub mod schoolclass;
pub mod schoolyear;
pub mod subject;
pub mod teacher;
pub mod workload;

use axum::extract::Request;
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Router;

use crate::error::{problem_response, Error, ErrorCode, PROBLEM_JSON};
use crate::i18n::Message;
use crate::service::{ChangeCheck, ChangeWatch, Store, TokenCache};
use auth::Access;
use routes::ApiRouter;

/// Shared state of the handlers: one allocation, so that the clones every
/// request makes (each route's middleware and handler take one) cost one
/// reference count, not one per field. Its fields are those of [`AppShared`].
#[derive(Clone, Debug)]
pub struct AppState(std::sync::Arc<AppShared>);

impl std::ops::Deref for AppState {
    type Target = AppShared;
    fn deref(&self) -> &AppShared {
        &self.0
    }
}

/// What [`AppState`] holds.
#[derive(Debug)]
pub struct AppShared {
    /// The database.
    pub store: Store,
    /// Per-token rate limit; `None` when switched off.
    pub rate_limit: Option<std::sync::Arc<auth::RateLimit>>,
    /// What `/config` and `/profile` tell the browser client.
    pub client: std::sync::Arc<client::ClientSettings>,
    /// Single sign-on verifier; `None` when only `sp_` tokens are accepted.
    pub oidc: Option<std::sync::Arc<crate::oidc::Verifier>>,
    /// The background job runner (`/job`, `/file`).
    pub jobs: std::sync::Arc<crate::jobs::JobRunner>,
    /// Sees the commits of other servers and processes (one connection of its own).
    pub changes: std::sync::Arc<ChangeWatch>,
    /// The token rows of the access check ([`crate::store::tokens`]).
    pub tokens: std::sync::Arc<TokenCache>,
}

impl AppState {
    /// State over `store` without rate limit, client settings or single
    /// sign-on, with a job runner of default settings.
    pub fn new(store: Store) -> AppState {
        let jobs = crate::jobs::JobRunner::new(store.clone(), Default::default());
        AppState::with(store, None, Default::default(), None, jobs, Default::default())
    }

    /// State over `store` with a new [`ChangeWatch`] and token cache.
    pub fn with(
        store: Store,
        rate_limit: Option<std::sync::Arc<auth::RateLimit>>,
        client: std::sync::Arc<client::ClientSettings>,
        oidc: Option<std::sync::Arc<crate::oidc::Verifier>>,
        jobs: std::sync::Arc<crate::jobs::JobRunner>,
        change_check: ChangeCheck,
    ) -> AppState {
        let changes = ChangeWatch::new(store.clone(), change_check);
        let tokens = TokenCache::new(changes.clone());
        AppState(std::sync::Arc::new(AppShared { store, rate_limit, client, oidc, jobs, changes, tokens }))
    }
}

/// The planning-data routes under `/api/v1` (reader for GET, planner otherwise).
pub fn resource_routes() -> ApiRouter {
    ApiRouter::new()
        .merge(grade::routes())
        .merge(lookup::routes())
        .merge(payroll::routes())
        .merge(curriculum::routes())
        .merge(division::routes())
        .merge(schoolyear::routes())
        .merge(subject::routes())
        .merge(teacher::routes())
        .merge(schoolclass::routes())
        .merge(employment::routes())
        .merge(course::routes())
        .merge(lessontable::routes())
        .merge(coursetable::routes())
        .merge(pool::routes())
        .merge(workload::routes())
        .merge(confirmation::routes())
}

/// Paths served without a token (docs/contract.md §Roles and authentication). Every other route is protected.
pub const PUBLIC_PATHS: &[&str] = &["/health", "/ready", "/api/v1/version", "/api/v1/config", openapi::DOCUMENT_PATH];

/// Every route of the application, each `/api/v1` route wrapped in its access
/// check by construction, plus the OpenAPI document built from their
/// documentation. Returns the recording router, so tests can list paths.
pub fn routes(state: &AppState) -> ApiRouter {
    let cache = cache::ResponseCache::new(state.changes.clone());
    let planning = resource_routes().route_layer(axum::middleware::from_fn_with_state(cache, cache::cached));
    let planning = auth::protect(planning, state, Access::Planning);
    let profile = auth::protect(
        admin::profile_routes().merge(client::settings_routes()).merge(job::routes()),
        state,
        Access::Reader,
    );
    // A teacher's own sheets: any account may ask; only a teacher's gets an answer.
    let own = auth::protect(me::routes(), state, Access::Own);
    let admin = auth::protect(admin::admin_routes().merge(client::authorisation_routes()), state, Access::Admin);
    let api = ApiRouter::new()
        .merge(health::version_routes())
        .merge(client::config_routes())
        .merge(planning)
        .merge(profile)
        .merge(own)
        .merge(admin);
    routes::serve_document(ApiRouter::new().merge(health::health_routes()).nest("/api/v1", api))
}

/// The whole application router with state applied.
pub fn router(state: AppState) -> Router {
    routes(&state).into_router().fallback(not_found).with_state(state).merge(openapi::docs_router())
}

async fn not_found() -> Error {
    Error::new(ErrorCode::NotFound, Message::new("error-no-such-path"))
}

/// Response extension of an error status whose body a handler wrote on
/// purpose (the 503 of `/health` and `/ready`, read by load balancers):
/// [`problem_for_bare_errors`] leaves it as it is.
#[derive(Debug, Clone, Copy)]
pub struct OwnBody;

/// Middleware around the API's routes, outside their timeout: every answer
/// gets `X-Content-Type-Options: nosniff`, and — unless the handler set its
/// own — `Cache-Control: no-store` and a Content-Security-Policy that allows
/// nothing (docs/security.md); error answers produced outside the handlers
/// get a problem body ([`problem_for_bare_errors`]). One layer for all of it:
/// each layer of its own costs every request a boxed future and a clone of
/// the routes below it (BENCHMARKS.md §The cached path).
pub async fn answer_frame(req: Request, next: Next) -> Response {
    let mut res = problem_for_bare_errors(next.run(req).await);
    let headers = res.headers_mut();
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.entry(header::CACHE_CONTROL).or_insert(HeaderValue::from_static("no-store"));
    headers
        .entry(header::CONTENT_SECURITY_POLICY)
        .or_insert(HeaderValue::from_static("default-src 'none'; frame-ancestors 'none'"));
    res
}

/// Gives error responses produced outside the handlers (405 from the router,
/// 413/503 from layers) an RFC 9457 body, keeping their headers (`Allow`).
pub fn problem_for_bare_errors(res: Response) -> Response {
    if res.extensions().get::<OwnBody>().is_some() {
        return res;
    }
    let status = res.status();
    let is_problem =
        res.headers().get(header::CONTENT_TYPE).is_some_and(|ct| ct.as_bytes().starts_with(PROBLEM_JSON.as_bytes()));
    if !(status.is_client_error() || status.is_server_error()) || is_problem {
        return res;
    }
    let (code, detail, status) = match status {
        StatusCode::METHOD_NOT_ALLOWED => (ErrorCode::MethodNotAllowed, "error-method-not-allowed", status),
        StatusCode::PAYLOAD_TOO_LARGE => (ErrorCode::PayloadTooLarge, "error-payload-too-large", status),
        StatusCode::SERVICE_UNAVAILABLE => (ErrorCode::Unavailable, "error-timeout", status),
        StatusCode::NOT_FOUND => (ErrorCode::NotFound, "error-no-such-path", status),
        s if s.is_server_error() => (ErrorCode::Internal, "error-internal", s),
        _ => (ErrorCode::InvalidQuery, "error-not-processed", status),
    };
    let detail = Message::new(detail);
    let mut problem = problem_response(status, code, detail, &[]);
    for (name, value) in res.headers() {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            problem.headers_mut().insert(name.clone(), value.clone());
        }
    }
    problem.into_response()
}
