//! Writes run to completion, whoever hangs up.
//!
//! A request's handler is a future: when the client disconnects, or the
//! request timeout ([`crate::app::AppConfig::request_timeout`]) fires, the
//! server drops it — wherever it is. Dropped in the middle of a write
//! transaction, sqlx can hand the connection back to its pool still inside
//! the transaction (a `BEGIN` that was sent but whose answer was never read),
//! and every later write on that connection then fails; the service stops
//! accepting edits one connection at a time.
//!
//! So every request that may write (any method but `GET`, `HEAD`, `OPTIONS`)
//! runs as a task of its own: dropping the request drops only the wait for
//! its answer, while the task commits or rolls back as if the client were
//! still there. What was sent is either saved whole or not at all, and a
//! client that gave up can read the object again to see which.

use axum::extract::Request;
use axum::http::Method;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tracing::Instrument;

use crate::error::Error;

/// Middleware: runs a request that may write as a task of its own (see the module doc).
pub async fn writes_run_to_completion(req: Request, next: Next) -> Response {
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return next.run(req).await;
    }
    let task = tokio::spawn(next.run(req).instrument(tracing::Span::current()));
    match task.await {
        Ok(res) => res,
        Err(e) => Error::internal(anyhow::anyhow!("the request's task failed: {e}")).into_response(),
    }
}
