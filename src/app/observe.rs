//! What the service tells the people who run it (docs/operations.md §Monitor
//! and §Logs): one log event per request, and the Prometheus metrics of
//! `GET /metrics`.
//!
//! Per request, [`observe`] does little: it reads the matched route template
//! (a shared string, no copy), and after the answer logs one event and — only
//! when metrics are on — increments one counter and records one histogram
//! value, both labelled by method, route template and status. Everything else
//! (live streams, jobs, cache, pool, writer queue) is read when `/metrics` is
//! scraped. The Prometheus text is written by `metrics-exporter-prometheus`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::{MatchedPath, Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusRecorder};
use subtle::ConstantTimeEq as _;
use tracing::Instrument as _;

use crate::service::live::LiveHub;
use crate::store::Store;

/// [`super::REQUEST_ID`] as a header name made once (a `&str` key is parsed
/// into one on every use).
const REQUEST_ID_HEADER: axum::http::HeaderName = axum::http::HeaderName::from_static(super::REQUEST_ID);

/// The route label of a request no route matched (unknown paths, the web's fallback).
const UNMATCHED: &str = "unmatched";

/// The request latency histogram's bucket bounds, in seconds.
const LATENCY_BUCKETS: &[f64] = &[0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0];

/// How `/metrics` is offered (`serve --metrics-listen`, `--metrics-token`);
/// both `None`, the default: no metrics at all, and nothing recorded.
#[derive(Debug, Clone, Default)]
pub struct MetricsConfig {
    /// A listen address (`HOST:PORT`) of its own that serves only `/metrics`, without a token.
    pub listen: Option<String>,
    /// A token that `/metrics` on the service's own address requires as `Authorization: Bearer TOKEN`.
    pub token: Option<String>,
}

impl MetricsConfig {
    /// Whether metrics are recorded and offered somewhere.
    pub fn enabled(&self) -> bool {
        self.listen.is_some() || self.token.is_some()
    }
}

/// The recorder of one server and what its scrapes read.
pub struct Metrics {
    recorder: PrometheusRecorder,
    store: Store,
    live: Arc<LiveHub>,
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Metrics").finish_non_exhaustive()
    }
}

impl Metrics {
    /// A recorder of its own (not the process-wide one), so that servers in
    /// one process (tests) count apart.
    pub fn new(store: Store, live: Arc<LiveHub>) -> anyhow::Result<Arc<Metrics>> {
        let recorder = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Full("schoolplan_http_request_duration_seconds".into()), LATENCY_BUCKETS)?
            .build_recorder();
        metrics::with_local_recorder(&recorder, || {
            metrics::describe_counter!("schoolplan_http_requests_total", "HTTP requests answered");
            metrics::describe_histogram!(
                "schoolplan_http_request_duration_seconds",
                metrics::Unit::Seconds,
                "Time until a request's answer starts"
            );
            metrics::describe_gauge!("schoolplan_build_info", "The version of this binary (always 1)");
            metrics::describe_gauge!("schoolplan_live_streams", "Live streams of the web interface open");
            metrics::describe_gauge!("schoolplan_jobs", "Jobs in the database by kind and state");
            metrics::describe_gauge!("schoolplan_mails", "The service's mails to teachers in the outbox by state");
            metrics::describe_counter!("schoolplan_cache_hits_total", "Answers served from the response caches");
            metrics::describe_counter!("schoolplan_cache_misses_total", "Answers the response caches had to build");
            metrics::describe_gauge!("schoolplan_db_pool_connections", "Database connections of the pool by state");
            metrics::describe_gauge!("schoolplan_db_pool_max_connections", "The pool's most connections");
            metrics::describe_gauge!("schoolplan_writer_queue", "SQLite writes waiting for the writer");
            metrics::gauge!("schoolplan_build_info", "version" => env!("CARGO_PKG_VERSION")).set(1.0);
        });
        Ok(Arc::new(Metrics { recorder, store, live }))
    }

    fn record_request(&self, method: &axum::http::Method, route: &str, status: StatusCode, took: Duration) {
        metrics::with_local_recorder(&self.recorder, || {
            let labels = [
                ("method", method_label(method)),
                ("route", route.to_string()),
                ("status", status.as_str().to_string()),
            ];
            metrics::counter!("schoolplan_http_requests_total", &labels).increment(1);
            metrics::histogram!("schoolplan_http_request_duration_seconds", &labels).record(took.as_secs_f64());
        });
    }

    /// The Prometheus text: reads the figures of the moment, then renders.
    async fn render(&self) -> String {
        let jobs = self.store.jobs_by_kind_and_state().await;
        let mails = crate::service::outbox::counts(&self.store).await;
        let (open, idle, max) = self.store.pool_use();
        let (hits, misses) = crate::api::cache::hits_and_misses();
        metrics::with_local_recorder(&self.recorder, || {
            metrics::gauge!("schoolplan_live_streams").set(self.live.open_streams() as f64);
            match jobs {
                Ok(rows) => {
                    for (kind, state, n) in rows {
                        metrics::gauge!("schoolplan_jobs", "kind" => kind, "state" => state).set(n as f64);
                    }
                }
                Err(e) => tracing::warn!(error = %e, "metrics: cannot count the jobs"),
            }
            match mails {
                Ok((waiting, sent, given_up)) => {
                    for (state, n) in [("waiting", waiting), ("sent", sent), ("given_up", given_up)] {
                        metrics::gauge!("schoolplan_mails", "state" => state).set(n as f64);
                    }
                }
                Err(e) => tracing::warn!(error = %e, "metrics: cannot count the mails"),
            }
            metrics::counter!("schoolplan_cache_hits_total").absolute(hits);
            metrics::counter!("schoolplan_cache_misses_total").absolute(misses);
            metrics::gauge!("schoolplan_db_pool_connections", "state" => "idle").set(idle as f64);
            metrics::gauge!("schoolplan_db_pool_connections", "state" => "in_use")
                .set(f64::from(open).max(idle as f64) - idle as f64);
            metrics::gauge!("schoolplan_db_pool_max_connections").set(f64::from(max));
            metrics::gauge!("schoolplan_writer_queue").set(self.store.writer_queue() as f64);
        });
        self.recorder.handle().render()
    }
}

/// The method as a label: the standard ones as they are, any other as `other`
/// (a client cannot grow the label set).
fn method_label(method: &axum::http::Method) -> String {
    use axum::http::Method;
    let known = [Method::GET, Method::HEAD, Method::POST, Method::PUT, Method::DELETE, Method::OPTIONS, Method::PATCH];
    let label = if known.contains(method) { method.as_str() } else { "other" };
    label.to_string()
}

/// Middleware around every route, outermost but for CORS and the compatibility
/// mount (docs/operations.md §Logs):
/// - a header beyond the limits answered 431 ([`super::header_refusal`]);
/// - problem answers rendered in the request's language
///   ([`crate::api::lang::localise_problems`]);
/// - the request id ([`super::REQUEST_ID`]): the client's when it sent one, else
///   a fresh random UUID, set on the request and copied to the answer;
/// - the request's span (`request`: method, path, request id), in which
///   everything the request logs is written;
/// - one `INFO` event (target `schoolplan::request`) per request with
///   method, route template, status, duration in milliseconds and the
///   account (when signed in or with a token; never the token or a cookie);
/// - with metrics on, the request counted.
///
/// One layer does all of it: as separate tower layers they cost a boxed
/// future, a clone of the inner service and a span entered at every poll of
/// the answer's body each (BENCHMARKS.md §The cached path).
pub async fn observe(State(metrics): State<Option<Arc<Metrics>>>, mut req: Request, next: Next) -> Response {
    let start = Instant::now();
    let id = match req.headers().get(&REQUEST_ID_HEADER) {
        Some(given) => given.clone(),
        None => {
            let fresh = new_request_id();
            req.headers_mut().insert(REQUEST_ID_HEADER, fresh.clone());
            fresh
        }
    };
    let span = tracing::info_span!(
        "request",
        method = %req.method(),
        path = %req.uri().path(),
        request_id = %id.to_str().unwrap_or("-")
    );
    let method = req.method().clone();
    let route = req.extensions().get::<MatchedPath>().cloned();
    let language = crate::api::lang::problem_language(&req);
    let answered = async move {
        let res = match super::header_refusal(req.headers()) {
            Some(refused) => refused,
            None => next.run(req).await,
        };
        let res = crate::api::lang::localise_problems(res, language);
        let took = start.elapsed();
        let route = route.as_ref().map_or(UNMATCHED, MatchedPath::as_str);
        let account = res.extensions().get::<crate::auth::RequestAccount>().map(|a| a.0);
        tracing::info!(
            target: "schoolplan::request",
            method = %method,
            route,
            status = res.status().as_u16(),
            duration_ms = took.as_secs_f64() * 1000.0,
            account,
            "request"
        );
        if let Some(m) = &metrics {
            m.record_request(&method, route, res.status(), took);
        }
        res
    };
    let mut res = answered.instrument(span).await;
    res.headers_mut().entry(REQUEST_ID_HEADER).or_insert(id);
    res
}

/// A fresh request id: a random (version 4) UUID, hyphenated, from uuid's
/// per-thread generator (`fast-rng`); ids only tell requests apart in logs
/// and are not secrets.
fn new_request_id() -> HeaderValue {
    let mut text = uuid::Uuid::encode_buffer();
    let text = uuid::Uuid::new_v4().hyphenated().encode_lower(&mut text);
    HeaderValue::from_str(text).unwrap_or(HeaderValue::from_static("-"))
}

/// `GET /metrics` on the service's own address, behind `token`.
pub fn token_router(metrics: Arc<Metrics>, token: String) -> Router {
    let token: Arc<str> = token.into();
    Router::new().route(
        "/metrics",
        get(move |req: Request| {
            let (metrics, token) = (metrics.clone(), token.clone());
            async move {
                let given = req
                    .headers()
                    .get(header::AUTHORIZATION)
                    .and_then(|v| v.to_str().ok())
                    .and_then(|v| v.strip_prefix("Bearer "))
                    .unwrap_or_default();
                if !bool::from(given.as_bytes().ct_eq(token.as_bytes())) {
                    let mut res = (StatusCode::UNAUTHORIZED, "/metrics needs its token\n").into_response();
                    res.headers_mut().insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
                    return res;
                }
                exposition(&metrics).await
            }
        }),
    )
}

/// `GET /metrics` alone, for the listen address of its own.
pub fn listen_router(metrics: Arc<Metrics>) -> Router {
    Router::new().route("/metrics", get(move || async move { exposition(&metrics).await }))
}

async fn exposition(metrics: &Metrics) -> Response {
    let mut res = metrics.render().await.into_response();
    res.headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; version=0.0.4; charset=utf-8"));
    res
}
