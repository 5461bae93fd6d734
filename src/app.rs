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
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto::Builder as ConnBuilder;
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tower_http::cors::{AllowOrigin, CorsLayer};
use tower_http::sensitive_headers::SetSensitiveRequestHeadersLayer;
use tower_http::timeout::TimeoutLayer;

use crate::api::auth::RateLimit;
use crate::api::client::{ClientMount, ClientSettings};
use crate::api::{self, AppState};
use crate::service::live::LiveHub;
use crate::store::Store;

pub mod observe;

pub use observe::MetricsConfig;

/// Largest accepted request body: 2 MiB (docs/contract.md §Limits).
pub const MAX_BODY_BYTES: usize = 2 * 1024 * 1024;

/// Largest accepted request header, in bytes of field names and values (with
/// 4 bytes per field for `: ` and the line end): 32 KiB, room for long single
/// sign-on tokens. Beyond it, or beyond [`MAX_HEADER_FIELDS`] fields, a request
/// is answered 431 `header_too_large` with a problem body ([`header_refusal`]).
pub const MAX_HEADER_BYTES: usize = 32 * 1024;

/// Most header fields accepted in one request (see [`MAX_HEADER_BYTES`]).
pub const MAX_HEADER_FIELDS: usize = 100;

/// What the HTTP layer itself reads before giving up on a request header with
/// a bare 431 (no body, written by hyper before any service runs, so nothing
/// of ours can shape it): far above [`MAX_HEADER_BYTES`] and
/// [`MAX_HEADER_FIELDS`], so that every header up to 1 MiB reaches
/// [`header_refusal`] and gets a problem body
/// (docs/security.md §Quotas and limits). HTTP/1: hyper's read buffer
/// ([`HTTP1_READ_BUFFER_BYTES`]) and 4 × the fields; HTTP/2: the header list size.
const HTTP_HEADER_FIELDS: usize = 4 * MAX_HEADER_FIELDS;
/// hyper's HTTP/1 read buffer (its default is about 400 KiB): a request head
/// up to this size is read and answered by [`header_refusal`].
const HTTP1_READ_BUFFER_BYTES: usize = 1024 * 1024 + 8 * 1024;
/// The HTTP/2 header list size, as [`HTTP1_READ_BUFFER_BYTES`].
const HTTP2_HEADER_LIST_BYTES: u32 = 1024 * 1024;

/// The rate limit's default burst ([`AppConfig::rate_burst`]): 300 requests.
pub const DEFAULT_RATE_BURST: NonZeroU32 = NonZeroU32::new(300).expect("300 is not zero");

/// Settings of the HTTP application.
#[derive(Debug, Clone)]
pub struct AppConfig {
    /// Requests running longer are cancelled with 503 (docs/contract.md §Limits).
    pub request_timeout: Duration,
    /// Per-token rate limit in requests per second: a token bucket refilled
    /// at this rate; `None` switches it off (benchmarks).
    pub rate_limit: Option<NonZeroU32>,
    /// The bucket's size: requests a token may send at once before the rate
    /// holds them back (at least twice the rate). The existing client sends a
    /// whole import at once (124 saves for the theses), so the default is
    /// [`DEFAULT_RATE_BURST`] (docs/security.md §Quotas and limits).
    pub rate_burst: NonZeroU32,
    /// Origins allowed by CORS; empty = CORS off.
    pub cors_origins: Vec<String>,
    /// Compatibility with the existing browser client (docs/client.md §Mount):
    /// every `/api/v1/X` route is also served at `/X`, and a trailing slash is
    /// tolerated (served directly, never redirected).
    pub client_compat: bool,
    /// What `GET /config` and `GET /profile` tell the browser client.
    pub client: ClientSettings,
    /// Single sign-on with OIDC/JWT bearer tokens; `None` = only `sp_` tokens.
    pub oidc: Option<crate::oidc::OidcConfig>,
    /// A connection that has not sent a complete request header within this
    /// time (a new connection, or a kept-alive one between requests) is closed;
    /// HTTP/2 connections are pinged at this interval and closed when a ping
    /// goes unanswered for as long.
    pub header_read_timeout: Duration,
    /// The job runner: workers, SMTP server, retention (docs/documents.md §Jobs and files).
    pub jobs: crate::jobs::JobConfig,
    /// How the caches learn of commits by other servers and by hand on
    /// PostgreSQL: notifications (default) or a query per request
    /// ([`crate::store::commit_watch`]). SQLite ignores it.
    pub change_check: crate::store::commit_watch::ChangeCheck,
    /// The web interface at `/` (docs/web.md): its public URL.
    pub web: crate::web::WebConfig,
    /// The web's live streams one server holds at most
    /// (docs/web.md §Working together); a session holds at most
    /// [`crate::service::live::STREAMS_PER_SESSION`].
    pub live_streams: usize,
    /// `GET /metrics` (docs/operations.md §Monitor): off unless a listen
    /// address of its own or a token is given.
    pub metrics: MetricsConfig,
}

impl Default for AppConfig {
    fn default() -> Self {
        AppConfig {
            request_timeout: Duration::from_secs(30),
            rate_limit: NonZeroU32::new(50),
            rate_burst: DEFAULT_RATE_BURST,
            cors_origins: Vec::new(),
            client_compat: false,
            client: ClientSettings::default(),
            oidc: None,
            header_read_timeout: Duration::from_secs(10),
            jobs: crate::jobs::JobConfig::default(),
            change_check: Default::default(),
            web: crate::web::WebConfig::default(),
            live_streams: crate::service::live::DEFAULT_STREAMS,
            metrics: MetricsConfig::default(),
        }
    }
}

/// The request id header set on every request and response: a random
/// (version 4) UUID unless the client sent one, copied to the response and
/// logged as the `request_id` field of the request's span ([`observe::observe`]).
pub const REQUEST_ID: &str = "x-request-id";

/// The complete application: routes plus request ids, tracing, body limit and
/// timeout; CORS outermost, so every answer to an allowed origin carries its
/// headers (errors, timeouts and `/config` included; docs/client.md §CORS). With
/// `client_compat`, paths are mapped onto `/api/v1` before routing ([`compat_uri`]).
/// Its job runner is not started: jobs queued through it run on the servers
/// that run jobs ([`serve`] starts its runner).
pub fn build_app(store: Store, config: &AppConfig) -> anyhow::Result<Router> {
    let jobs = crate::jobs::JobRunner::new(store.clone(), config.jobs.clone());
    let live = LiveHub::with_limit(store.clone(), config.live_streams);
    let metrics = metrics_of(&store, config, &live)?;
    build_app_with(store, config, jobs, live, metrics)
}

/// The metrics recorder when [`AppConfig::metrics`] switches metrics on.
fn metrics_of(
    store: &Store,
    config: &AppConfig,
    live: &std::sync::Arc<LiveHub>,
) -> anyhow::Result<Option<std::sync::Arc<observe::Metrics>>> {
    config.metrics.enabled().then(|| observe::Metrics::new(store.clone(), live.clone())).transpose()
}

/// [`build_app`] with the given job runner and live hub.
fn build_app_with(
    store: Store,
    config: &AppConfig,
    jobs: std::sync::Arc<crate::jobs::JobRunner>,
    live: std::sync::Arc<LiveHub>,
    metrics: Option<std::sync::Arc<observe::Metrics>>,
) -> anyhow::Result<Router> {
    let rate_limit = config.rate_limit.map(|n| {
        let twice = n.saturating_mul(NonZeroU32::MIN.saturating_add(1));
        RateLimit::new(n, config.rate_burst.max(twice))
    });
    let oidc = config.oidc.clone().map(crate::oidc::Verifier::new).transpose()?;
    let store_for_web = store.clone();
    let state = AppState::with(
        store,
        rate_limit,
        std::sync::Arc::new(config.client.clone()),
        oidc,
        jobs.clone(),
        config.change_check,
    );
    // Its forms' writes run as tasks and a lost connection's request once
    // more, as the API's below (the layers are the web's own, inside its timeout).
    let web = crate::web::router(store_for_web, jobs, live, config.web.clone(), config.request_timeout, MAX_BODY_BYTES);
    let metrics_route = match (&metrics, &config.metrics.token) {
        (Some(m), Some(token)) => observe::token_router(m.clone(), token.clone()),
        _ => Router::new(),
    };
    let mut app = api::router(state)
        // Innermost, so that neither a hang-up nor the timeout below cancels a
        // write; a lost connection's second attempt inside it (docs/faults.md).
        .layer(axum::middleware::from_fn(api::detached_writes::writes_run_as_tasks))
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(TimeoutLayer::with_status_code(StatusCode::SERVICE_UNAVAILABLE, config.request_timeout))
        // Security headers and problem bodies, on the timeout's answer too.
        .layer(axum::middleware::from_fn(api::answer_frame))
        // The web interface has layers of its own (HTML error pages, its CSP):
        // it joins below the API's and above the shared ones.
        .merge(web)
        .merge(metrics_route)
        // The request's id and span, the header limits, problems in the
        // request's language, its log event and metrics, with the final status.
        .layer(axum::middleware::from_fn_with_state(metrics, observe::observe))
        .layer(SetSensitiveRequestHeadersLayer::new([header::AUTHORIZATION, header::COOKIE]));
    if !config.cors_origins.is_empty() {
        let origins = config
            .cors_origins
            .iter()
            .map(|o| {
                let origin = parse_origin(o).map_err(|e| anyhow::anyhow!("--cors-origin: {e}"))?;
                HeaderValue::from_str(&origin).map_err(|e| anyhow::anyhow!("--cors-origin `{o}`: {e}"))
            })
            .collect::<anyhow::Result<Vec<HeaderValue>>>()?;
        app = app.layer(
            CorsLayer::new()
                .allow_origin(AllowOrigin::list(origins))
                .allow_methods([Method::GET, Method::POST, Method::PUT, Method::DELETE])
                .allow_headers([header::AUTHORIZATION, header::CONTENT_TYPE, header::IF_MATCH, header::IF_NONE_MATCH])
                .expose_headers([
                    header::ETAG,
                    header::LOCATION,
                    header::CONTENT_DISPOSITION,
                    HeaderName::from_static(REQUEST_ID),
                ])
                .max_age(Duration::from_secs(600)),
        );
    }
    if config.client_compat {
        let mapped = tower::ServiceBuilder::new().map_request(compat_uri).service(app);
        app = Router::new().fallback_service(mapped);
    }
    Ok(app)
}

/// The 431 `header_too_large` answer (a problem body) to a request whose
/// header fields exceed [`MAX_HEADER_BYTES`] or [`MAX_HEADER_FIELDS`], given
/// by [`observe::observe`] before authentication and routing; `None` when the
/// header is within the limits.
pub fn header_refusal(headers: &axum::http::HeaderMap) -> Option<axum::response::Response> {
    let bytes: usize = headers.iter().map(|(name, value)| name.as_str().len() + value.len() + 4).sum();
    if bytes > MAX_HEADER_BYTES || headers.len() > MAX_HEADER_FIELDS {
        return Some(crate::error::problem_response(
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            crate::error::ErrorCode::HeaderTooLarge,
            crate::i18n::Message::new("error-header-size")
                .arg("fields", headers.len())
                .arg("bytes", bytes)
                .arg("maxFields", MAX_HEADER_FIELDS)
                .arg("maxKib", MAX_HEADER_BYTES / 1024),
            &[],
        ));
    }
    None
}

/// A `--cors-origin` value as the browser sends it in `Origin`:
/// `scheme://host[:port]` with scheme `http` or `https`, no path (a single `/`
/// is dropped), query, fragment or user; the host lower-cased and a default
/// port dropped (`https://Planung.School.ch:443/` → `https://planung.school.ch`).
/// **Decision:** `*` is refused rather than allowing every origin: the API's
/// browser client is known, and a list of origins says which pages may call it.
pub fn parse_origin(s: &str) -> Result<String, String> {
    let s = s.trim();
    if s == "*" {
        return Err("`*` (every origin) is not supported; list the browser client's origins, e.g. \
                    https://planung.school.ch"
            .to_string());
    }
    let bad = |why: &str| Err(format!("`{s}` is not an origin scheme://host[:port]: {why}"));
    let url = match url::Url::parse(s) {
        Ok(url) => url,
        Err(e) => return bad(&e.to_string()),
    };
    if !matches!(url.scheme(), "http" | "https") {
        return bad("the scheme must be http or https");
    }
    if url.host_str().is_none_or(str::is_empty) {
        return bad("the host is missing");
    }
    if !url.username().is_empty() || url.password().is_some() {
        return bad("an origin has no user");
    }
    if url.path() != "/" || url.query().is_some() || url.fragment().is_some() {
        return bad("an origin has no path, query or fragment");
    }
    Ok(url.origin().ascii_serialization())
}

/// Paths that stay where they are under `--client-compat` (outside `/api/v1`).
const NOT_MAPPED: &[&str] = &["/api/v1", "/health", "/ready", "/metrics", "/docs"];

/// Maps a request of the existing browser client onto the API (docs/client.md
/// "Mount"): one trailing slash is dropped (`/subject/?crossClass=true` →
/// `/subject?crossClass=true`; a browser cannot follow a redirected preflight,
/// so it is served, not redirected), and a path outside `/api/v1`, `/health`
/// and `/docs` gets the prefix `/api/v1` (`/teacher/3` → `/api/v1/teacher/3`)
/// and is marked [`ClientMount`], for the forms only the client reads.
pub fn compat_uri<B>(mut req: Request<B>) -> Request<B> {
    let uri = req.uri();
    let path = uri.path();
    let trimmed = if path.len() > 1 { path.strip_suffix('/').unwrap_or(path) } else { path };
    let keep = NOT_MAPPED.iter().any(|p| trimmed == *p || trimmed.strip_prefix(p).is_some_and(|r| r.starts_with('/')));
    let new_path =
        if keep { trimmed.to_string() } else { format!("/api/v1{}", if trimmed == "/" { "" } else { trimmed }) };
    if new_path != path {
        let path_and_query = match uri.query() {
            Some(q) => format!("{new_path}?{q}"),
            None => new_path,
        };
        let mut parts = uri.clone().into_parts();
        if let Ok(pq) = path_and_query.parse() {
            parts.path_and_query = Some(pq);
            if let Ok(mapped) = axum::http::Uri::from_parts(parts) {
                *req.uri_mut() = mapped;
            }
        }
    }
    if !keep {
        req.extensions_mut().insert(ClientMount);
    }
    req
}

/// Serves the app on `listener` until `shutdown` completes, then lets in-flight
/// requests finish (graceful shutdown). First fails the jobs whose server
/// stopped renewing their lease ([`crate::jobs::recover`]); then runs jobs of
/// the shared queue while it serves. At a graceful shutdown its running jobs
/// are given back ([`crate::jobs::RunningJobs::stop`]); when the returned
/// future is dropped instead, they stop where they are and their leases run
/// out, as in a crash.
///
/// Connections are served by hyper-util's HTTP/1 + HTTP/2 builder rather than
/// `axum::serve`, for its timeouts: a client that has not sent a complete
/// request header within [`AppConfig::header_read_timeout`] — a slow or
/// half-sent header, or an idle keep-alive connection waiting for its next
/// request — is disconnected, so slow clients cannot hold file descriptors
/// for ever; HTTP/2 connections are pinged and dropped when they stop answering.
pub async fn serve(
    listener: TcpListener,
    store: Store,
    config: AppConfig,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    serve_with_compat(listener, None, store, config, shutdown).await
}

/// [`serve`], and with `compat` the existing client's mount on that second
/// listener (`serve --client-compat-listen`, docs/client.md §Mount): `compat`
/// serves what `--client-compat` serves, while `listener` keeps the web
/// interface and `/api/v1` without the mount. Both share the job runner and
/// the live hub; each has its own API state (caches and rate limiter).
pub async fn serve_with_compat(
    listener: TcpListener,
    compat: Option<TcpListener>,
    store: Store,
    config: AppConfig,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    crate::jobs::recover(&store).await?;
    let jobs = crate::jobs::JobRunner::new(store.clone(), config.jobs.clone());
    let live = LiveHub::with_limit(store.clone(), config.live_streams);
    let metrics = metrics_of(&store, &config, &live)?;
    let metrics_server = match (&metrics, &config.metrics.listen) {
        (Some(m), Some(address)) => {
            let listener = TcpListener::bind(address.as_str())
                .await
                .map_err(|e| anyhow::anyhow!("cannot listen on {address} (--metrics-listen): {e}"))?;
            tracing::info!(address = %listener.local_addr()?, "metrics listening");
            let router = observe::listen_router(m.clone());
            Some(tokio::spawn(async move { axum::serve(listener, router).await }))
        }
        _ => None,
    };
    let main_config = AppConfig { client_compat: config.client_compat && compat.is_none(), ..config.clone() };
    let app = build_app_with(store.clone(), &main_config, jobs.clone(), live.clone(), metrics.clone())?;
    let compat_app = match &compat {
        Some(_) => {
            let compat_config = AppConfig { client_compat: true, ..config.clone() };
            Some(build_app_with(store, &compat_config, jobs.clone(), live.clone(), metrics)?)
        }
        None => None,
    };
    let running_jobs = jobs.start();
    let mut builder = ConnBuilder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(config.header_read_timeout)
        .max_buf_size(HTTP1_READ_BUFFER_BYTES)
        .max_headers(HTTP_HEADER_FIELDS);
    builder
        .http2()
        .max_header_list_size(HTTP2_HEADER_LIST_BYTES)
        .timer(TokioTimer::new())
        .keep_alive_interval(config.header_read_timeout)
        .keep_alive_timeout(config.header_read_timeout);
    let graceful = GracefulShutdown::new();
    tokio::pin!(shutdown);
    loop {
        let (accepted, app) = tokio::select! {
            accepted = listener.accept() => (accepted, &app),
            accepted = accept_if(compat.as_ref()) => (accepted, compat_app.as_ref().unwrap_or(&app)),
            () = &mut shutdown => break,
        };
        let (stream, peer) = match accepted {
            Ok(pair) => pair,
            Err(e) => {
                // Out of file descriptors and the like: wait instead of spinning (as axum::serve does).
                tracing::warn!(error = %e, "accepting a connection failed");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        // The client's address for the handlers that limit per client (the sign-in page's mail).
        let service = TowerToHyperService::new(tower::ServiceExt::map_request(app.clone(), with_peer(peer)));
        let connection =
            graceful.watch(builder.serve_connection_with_upgrades(TokioIo::new(stream), service).into_owned());
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                tracing::debug!(error = %e, "connection closed with an error");
            }
        });
    }
    drop(listener);
    drop(compat);
    // Server-sent events would hold their connections open for minutes.
    live.close_all();
    graceful.shutdown().await;
    if let Some(server) = metrics_server {
        server.abort();
    }
    running_jobs.stop().await?;
    Ok(())
}

/// Puts the client's address into each request's extensions
/// (`ConnectInfo`), for the handlers that limit per client.
fn with_peer<B>(peer: std::net::SocketAddr) -> impl Fn(axum::http::Request<B>) -> axum::http::Request<B> + Clone {
    move |mut req| {
        req.extensions_mut().insert(axum::extract::ConnectInfo(peer));
        req
    }
}

/// The next connection of `listener`; without one, never.
async fn accept_if(listener: Option<&TcpListener>) -> std::io::Result<(tokio::net::TcpStream, std::net::SocketAddr)> {
    match listener {
        Some(l) => l.accept().await,
        None => std::future::pending().await,
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn mapped(uri: &str) -> String {
        compat_uri(Request::builder().uri(uri).body(()).unwrap()).uri().to_string()
    }

    #[test]
    fn compat_paths_map_onto_the_api() {
        assert_eq!(mapped("/teacher"), "/api/v1/teacher");
        assert_eq!(mapped("/teacher/3"), "/api/v1/teacher/3");
        assert_eq!(mapped("/subject/?crossClass=true"), "/api/v1/subject?crossClass=true");
        assert_eq!(mapped("/api/v1/course/"), "/api/v1/course");
        assert_eq!(mapped("/api/v1/course?schoolYear=1"), "/api/v1/course?schoolYear=1");
        assert_eq!(mapped("/health"), "/health");
        assert_eq!(mapped("/docs/"), "/docs");
        assert_eq!(mapped("/docs/swagger-ui.css"), "/docs/swagger-ui.css");
        assert_eq!(mapped("/api/v1x"), "/api/v1/api/v1x", "only the exact prefix stays");
        assert_eq!(mapped("/"), "/api/v1");
    }

    #[test]
    fn origins_are_read_as_browsers_send_them() {
        assert_eq!(parse_origin("https://Planung.School.ch:443/").unwrap(), "https://planung.school.ch");
        assert_eq!(parse_origin("http://localhost:5173").unwrap(), "http://localhost:5173");
        for bad in
            ["*", "planung.school.ch", "ftp://x.ch", "https://x.ch/app", "https://x.ch?a=1", "https://u@x.ch", ""]
        {
            let err = parse_origin(bad).unwrap_err();
            assert!(!err.contains('\n'), "one line: {err}");
        }
        assert!(parse_origin("*").unwrap_err().contains("not supported"));
    }
}
