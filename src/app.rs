//! Building and running the HTTP application from a configuration and a bound listener.
//!
//! Tests start the app on port 0 with a fresh database via [`serve`]; `main`
//! only parses the command line and calls into [`crate::cli`].

use std::future::Future;
use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use std::num::NonZeroU32;

use axum::http::{header, HeaderName, HeaderValue, Method, Request, StatusCode};
use axum::Router;
use tokio::net::TcpListener;
use tower_http::cors::{AllowOrigin, CorsLayer};
use tower_http::request_id::{PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::sensitive_headers::SetSensitiveRequestHeadersLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;

use crate::api::auth::RateLimit;
use crate::api::{self, AppState};
use crate::request_id::FastRequestUuid;
use crate::store::Store;

/// Largest accepted request body: 2 MiB (contract.md §10).
pub const MAX_BODY_BYTES: usize = 2 * 1024 * 1024;

/// Settings of the HTTP application.
#[derive(Debug, Clone)]
pub struct AppConfig {
    /// Requests running longer are cancelled with 503 (contract.md §10).
    pub request_timeout: Duration,
    /// Per-token rate limit in requests per second (bursts of twice that);
    /// `None` switches it off (benchmarks).
    pub rate_limit: Option<NonZeroU32>,
    /// Origins allowed by CORS; empty = CORS off.
    pub cors_origins: Vec<String>,
}

impl Default for AppConfig {
    fn default() -> Self {
        AppConfig {
            request_timeout: Duration::from_secs(30),
            rate_limit: NonZeroU32::new(50),
            cors_origins: Vec::new(),
        }
    }
}

/// The request id header set on every request and response.
pub const REQUEST_ID: &str = "x-request-id";

/// The complete application: routes plus request ids, tracing, body limit and timeout.
pub fn build_app(store: Store, config: &AppConfig) -> Router {
    let request_id = HeaderName::from_static(REQUEST_ID);
    let rate_limit = config.rate_limit.map(|n| RateLimit::new(n, n.saturating_mul(NonZeroU32::MIN.saturating_add(1))));
    let mut app = api::router(AppState { store, rate_limit })
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(SetResponseHeaderLayer::overriding(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")))
        .layer(SetResponseHeaderLayer::if_not_present(header::CACHE_CONTROL, HeaderValue::from_static("no-store")))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static("default-src 'none'; frame-ancestors 'none'"),
        ));
    if !config.cors_origins.is_empty() {
        let origins: Vec<HeaderValue> =
            config.cors_origins.iter().filter_map(|o| HeaderValue::from_str(o).ok()).collect();
        app = app.layer(
            CorsLayer::new()
                .allow_origin(AllowOrigin::list(origins))
                .allow_methods([Method::GET, Method::POST, Method::PUT, Method::DELETE])
                .allow_headers([header::AUTHORIZATION, header::CONTENT_TYPE, header::IF_MATCH, header::IF_NONE_MATCH])
                .expose_headers([header::ETAG, header::LOCATION, HeaderName::from_static(REQUEST_ID)]),
        );
    }
    app.layer(TimeoutLayer::with_status_code(StatusCode::SERVICE_UNAVAILABLE, config.request_timeout))
        .layer(axum::middleware::from_fn(api::problem_for_bare_errors))
        .layer(PropagateRequestIdLayer::new(request_id.clone()))
        .layer(TraceLayer::new_for_http().make_span_with(|req: &Request<_>| {
            let id = req.headers().get(REQUEST_ID).and_then(|v| v.to_str().ok()).unwrap_or("-");
            tracing::info_span!("request", method = %req.method(), path = %req.uri().path(), request_id = %id)
        }))
        .layer(SetRequestIdLayer::new(request_id, FastRequestUuid))
        .layer(SetSensitiveRequestHeadersLayer::new([header::AUTHORIZATION]))
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
