//! The HTTP API under `/api/v1` (contract.md §1–§8), one module per resource.
//!
//! [`router`] assembles every route; unknown paths answer 404 and wrong methods
//! 405 (with `Allow`), both as RFC 9457 problems like every other error.

pub mod course;
pub mod curriculum;
pub mod division;
pub mod employment;
pub mod extract;
pub mod health;
pub mod lookup;
pub mod response;
pub mod schoolclass;
pub mod schoolyear;
pub mod subject;
pub mod teacher;

use axum::extract::Request;
use axum::http::{header, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::Router;

use crate::domain::lookup::LookupKind;
use crate::error::{problem_response, Error, ErrorCode, PROBLEM_JSON};
use crate::store::Store;

/// Shared state of the handlers.
#[derive(Clone, Debug)]
pub struct AppState {
    /// The database.
    pub store: Store,
}

/// The `/api/v1` resource routes (without the unauthenticated ones).
pub fn resource_routes() -> Router<AppState> {
    Router::new()
        .merge(lookup::routes(LookupKind::Grade))
        .merge(lookup::routes(LookupKind::SubjectCategory))
        .merge(lookup::routes(LookupKind::SubjectType))
        .merge(curriculum::routes())
        .merge(division::routes())
        .merge(schoolyear::routes())
        .merge(subject::routes())
        .merge(teacher::routes())
        .merge(schoolclass::routes())
        .merge(employment::routes())
        .merge(course::routes())
}

/// The whole application router with state applied.
pub fn router(state: AppState) -> Router {
    let api = Router::new().merge(health::version_routes()).merge(resource_routes());
    Router::new()
        .merge(health::health_routes())
        .nest("/api/v1", api)
        .fallback(not_found)
        .layer(middleware::from_fn(problem_for_bare_errors))
        .with_state(state)
}

async fn not_found() -> Error {
    Error::problem(StatusCode::NOT_FOUND, ErrorCode::NotFound, "There is no such path.")
}

/// Gives error responses produced outside the handlers (405 from the router,
/// 413/408 from layers) an RFC 9457 body, keeping their headers (`Allow`).
async fn problem_for_bare_errors(req: Request, next: Next) -> Response {
    let res = next.run(req).await;
    let status = res.status();
    let is_problem = res
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|ct| ct.as_bytes().starts_with(PROBLEM_JSON.as_bytes()));
    if !(status.is_client_error() || status.is_server_error()) || is_problem {
        return res;
    }
    let (code, detail, status) = match status {
        StatusCode::METHOD_NOT_ALLOWED => (ErrorCode::MethodNotAllowed, "This method is not allowed on this path; see the Allow header.", status),
        StatusCode::PAYLOAD_TOO_LARGE => (ErrorCode::PayloadTooLarge, "The request body is too large.", status),
        StatusCode::REQUEST_TIMEOUT => (ErrorCode::Unavailable, "The request took too long and was cancelled.", StatusCode::SERVICE_UNAVAILABLE),
        StatusCode::NOT_FOUND => (ErrorCode::NotFound, "There is no such path.", status),
        s if s.is_server_error() => (ErrorCode::Internal, "The server failed to process the request.", s),
        _ => (ErrorCode::InvalidQuery, "The request could not be processed.", status),
    };
    let mut problem = problem_response(status, code, detail, &[]);
    for (name, value) in res.headers() {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            problem.headers_mut().insert(name.clone(), value.clone());
        }
    }
    problem.into_response()
}
