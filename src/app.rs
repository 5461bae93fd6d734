//! Building and running the HTTP application from a configuration and a bound listener.
//!
//! Tests start the app on port 0 with a fresh database via [`serve`]; `main`
//! only parses the command line and calls into [`crate::cli`].

use std::future::Future;
use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use axum::http::{HeaderName, Request, StatusCode};
use axum::Router;
use tokio::net::TcpListener;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;

use crate::api::{self, AppState};
use crate::store::Store;

/// Largest accepted request body: 2 MiB (contract.md §10).
pub const MAX_BODY_BYTES: usize = 2 * 1024 * 1024;

/// Settings of the HTTP application.
#[derive(Debug, Clone)]
pub struct AppConfig {
    /// Requests running longer are cancelled with 503 (contract.md §10).
    pub request_timeout: Duration,
}

impl Default for AppConfig {
    fn default() -> Self {
        AppConfig { request_timeout: Duration::from_secs(30) }
    }
}

/// The request id header set on every request and response.
pub const REQUEST_ID: &str = "x-request-id";

/// The complete application: routes plus request ids, tracing, body limit and timeout.
pub fn build_app(store: Store, config: &AppConfig) -> Router {
    let request_id = HeaderName::from_static(REQUEST_ID);
    api::router(AppState { store })
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, config.request_timeout))
        .layer(PropagateRequestIdLayer::new(request_id.clone()))
        .layer(TraceLayer::new_for_http().make_span_with(|req: &Request<_>| {
            let id = req.headers().get(REQUEST_ID).and_then(|v| v.to_str().ok()).unwrap_or("-");
            tracing::info_span!("request", method = %req.method(), path = %req.uri().path(), request_id = %id)
        }))
        .layer(SetRequestIdLayer::new(request_id, MakeRequestUuid))
}

/// Serves the app on `listener` until `shutdown` completes, then lets in-flight
/// requests finish (graceful shutdown).
pub async fn serve(
    listener: TcpListener,
    store: Store,
    config: AppConfig,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let app = build_app(store, &config);
    axum::serve(listener, app).with_graceful_shutdown(shutdown).await?;
    Ok(())
}

/// Completes on SIGINT (Ctrl-C) or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! { _ = ctrl_c => {}, _ = term => {} }
    tracing::info!("shutdown signal received; finishing in-flight requests");
}

/// Duration parser for clap: parses `30s`, `500ms`, `2m` or plain seconds.
pub fn parse_duration(s: &str) -> Result<Duration, String> {
    let s = s.trim();
    let (num, unit) = s.find(|c: char| !c.is_ascii_digit()).map(|i| s.split_at(i)).unwrap_or((s, "s"));
    let n: u64 = num.parse().map_err(|_| format!("invalid duration `{s}`"))?;
    match unit {
        "ms" => Ok(Duration::from_millis(n)),
        "s" | "" => Ok(Duration::from_secs(n)),
        "m" => Ok(Duration::from_secs(n * 60)),
        _ => Err(format!("invalid duration unit in `{s}` (use ms, s or m)")),
    }
}
