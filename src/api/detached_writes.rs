//! Writes end cleanly, whoever hangs up.
//!
//! A request's handler is a future: when the client disconnects, or the
//! request timeout ([`crate::app::AppConfig::request_timeout`]) fires, the
//! server drops it — wherever it is. Dropped in the middle of a write
//! transaction, sqlx can hand the connection back to its pool still inside
//! the transaction (a `BEGIN` that was sent but whose answer was never read),
//! and every later write on that connection then fails; the service stops
//! accepting edits one connection at a time.
//!
//! So every request that may write (any method but `GET`, `HEAD`, `OPTIONS`),
//! of the API and of the web interface (its forms and htmx posts, layered in
//! `crate::web::router` inside the web's own timeout), runs as a task of its own: dropping the request drops only the wait for
//! its answer, and tells the task that nobody waits any more
//! ([`crate::service::unless_given_up`]). The task then stops at the next point
//! where that is safe: a write not yet begun does not begin, a write not yet
//! committed is rolled back over a connection left in order. So a request
//! answered 503 on its timeout changes nothing, and a client that hung up
//! finds its change saved only if its commit was already under way (it can
//! read the object again to see).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use axum::extract::Request;
use axum::http::Method;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tracing::Instrument;

use crate::error::Error;

/// Sets its flag when dropped.
struct SetOnDrop(Arc<AtomicBool>);

impl Drop for SetOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

/// Middleware: runs a request that may write as a task of its own (see the
/// module doc), and inside it — for reads without a task — runs any request
/// once more whose database connection was lost before anything could be
/// saved ([`super::retry::once_on_lost_connection`]). One layer for both: each
/// layer of its own costs every request a boxed future and a clone of the
/// routes below it (BENCHMARKS.md §The cached path).
pub async fn writes_run_as_tasks(req: Request, next: Next) -> Response {
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return super::retry::once_on_lost_connection(req, next).await;
    }
    let given_up = Arc::new(AtomicBool::new(false));
    // Dropped with this future: when the request is given up, or (harmless) after the task ended.
    let _waiting = SetOnDrop(given_up.clone());
    let work = crate::service::unless_given_up(given_up, super::retry::once_on_lost_connection(req, next));
    let task = tokio::spawn(work.instrument(tracing::Span::current()));
    match task.await {
        Ok(res) => res,
        Err(e) => Error::internal(anyhow::anyhow!("the request's task failed: {e}")).into_response(),
    }
}
