//! A request whose database connection was lost runs once more
//! (docs/faults.md §A lost connection).
//!
//! When PostgreSQL ends the service's connections (a restart, a failover,
//! `pg_terminate_backend`), the requests running on them fail, and so does
//! the first use of every other pooled connection it ended. Such a failure
//! is answered 503 `database_unavailable` ([`crate::store::map_db_error`]);
//! when nothing of the request can have been saved — the connection was
//! lost, and no commit was attempted ([`crate::service::fault::Attempt`]) —
//! this middleware runs the request once more, on connections the pool has
//! checked meanwhile, and the client never sees the fault. A request whose
//! commit was under way when its connection broke is not run again: its
//! outcome is unknown, and the 503 says so.
//!
//! Runs inside [`super::detached_writes`], so a write's second attempt is
//! given up like its first when nobody waits any more. On success the cost
//! is a copy of the request's head and a task-local scope; the body, when
//! there is one, is read before the handler would read it anyway (it must
//! declare its length; a body sent in chunks is passed on and not retried).

use axum::body::{Body, HttpBody as _};
use axum::extract::Request;
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::{Error, ErrorCode, Problem};
use crate::service::fault;

/// The longest body kept for a second attempt: the API's body limit
/// (`MAX_BODY_BYTES` of `src/app.rs`, 2 MiB); a longer one is refused by the
/// handler anyway.
const KEPT_BODY_BYTES: u64 = 2 * 1024 * 1024;

/// Runs a request once more when its database connection was lost before
/// anything could be saved (see the module doc); called by the middleware
/// [`super::detached_writes::writes_run_as_tasks`], inside a write's task.
pub async fn once_on_lost_connection(req: Request, next: Next) -> Response {
    let (parts, body) = req.into_parts();
    let Some(length) = body.size_hint().exact().filter(|&n| n <= KEPT_BODY_BYTES) else {
        // Unknown or too long: the handler reads (and refuses) it; no second attempt.
        return next.run(Request::from_parts(parts, body)).await;
    };
    // A request without a body (every read) has nothing to read and keep.
    let bytes = if length == 0 {
        axum::body::Bytes::new()
    } else {
        match axum::body::to_bytes(body, length as usize).await {
            Ok(bytes) => bytes,
            Err(e) => return Error::internal(anyhow::anyhow!("cannot read the request body: {e}")).into_response(),
        }
    };
    let first = Request::from_parts(parts.clone(), Body::from(bytes.clone()));
    let (res, attempt) = fault::attempt(next.clone().run(first)).await;
    if !(attempt.retryable() && lost_connection(&res)) {
        return res;
    }
    tracing::warn!(method = %parts.method, path = %parts.uri.path(), "a database connection was lost; running the request once more");
    next.run(Request::from_parts(parts, Body::from(bytes))).await
}

/// Whether `res` answers the lost connection the attempt met: a 503 that is
/// the API's problem `database_unavailable`, an error page of the web
/// interface (`web::page_error`, which keeps the error's code as an
/// extension), or a web form shown again with the fault's sentence beside
/// the values typed (its status is the error's, without the code). A 503 of
/// another code (`database_busy`) is the answer.
fn lost_connection(res: &Response) -> bool {
    let code =
        res.extensions().get::<Problem>().map(|p| p.code).or_else(|| res.extensions().get::<ErrorCode>().copied());
    res.status() == StatusCode::SERVICE_UNAVAILABLE && code.is_none_or(|c| c == ErrorCode::DatabaseUnavailable)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(status: StatusCode, code: Option<ErrorCode>) -> Response {
        let mut res = status.into_response();
        if let Some(code) = code {
            res.extensions_mut().insert(code);
        }
        res
    }

    #[test]
    fn a_503_of_a_lost_connection_or_a_form_shown_again_is_run_once_more_another_fault_not() {
        let unavailable = StatusCode::SERVICE_UNAVAILABLE;
        assert!(lost_connection(&answer(unavailable, Some(ErrorCode::DatabaseUnavailable))), "the error page");
        assert!(lost_connection(&answer(unavailable, None)), "a form shown again with the fault's sentence");
        assert!(!lost_connection(&answer(unavailable, Some(ErrorCode::DatabaseBusy))), "a held lock is the answer");
        assert!(!lost_connection(&answer(StatusCode::OK, None)), "a page that was answered");
        assert!(!lost_connection(&answer(StatusCode::INSUFFICIENT_STORAGE, Some(ErrorCode::DiskFull))));
    }
}
