//! `GET /health`, `GET /ready` (docs/operations.md §Monitor) and `GET /api/v1/version`
//! (docs/contract.md §Paths and versions), all without authentication.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};
use utoipa_axum::routes;

use super::openapi::schemas::envelope;
use super::response::ok;
use super::routes::ApiRouter;
use super::AppState;
use crate::json_schema;

/// `/health` and `/ready`.
pub fn health_routes() -> ApiRouter {
    ApiRouter::new().routes(routes!(health)).routes(routes!(ready))
}

/// How long `/ready` waits for the database before it answers 503.
pub const READY_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(2);

/// `/version` (mounted under `/api/v1`).
pub fn version_routes() -> ApiRouter {
    ApiRouter::new().routes(routes!(version))
}

fn status(s: &str) -> Value {
    json!({"type": "object", "required": ["status"], "properties": {"status": {"const": s}}})
}

json_schema!(
    /// `{"status": "ok"}`.
    Healthy = status("ok")
);
json_schema!(
    /// `{"status": "unavailable"}`.
    Unhealthy = status("unavailable")
);
json_schema!(
    /// `{"status": "ready"}`.
    Ready = status("ready")
);
json_schema!(
    /// `{"status": "unavailable" | "migrations_pending" | "database_newer" |
    /// "disk_full" | "database_busy" | "database_unavailable"}` (the last three
    /// while a write fault lasts, docs/faults.md).
    NotReady = json!({"type": "object", "required": ["status"], "properties": {"status": {"enum": [
        "unavailable", "migrations_pending", "database_newer", "disk_full", "database_busy", "database_unavailable"]}}})
);
json_schema!(
    /// The answer of [`version`].
    VersionAnswer = envelope(json!({"type": "object", "required": ["name", "version", "apiVersion"],
        "properties": {"name": {"type": "string"}, "version": {"type": "string"}, "apiVersion": {"type": "string"}}}))
);

/// 200 `{"status": "ok"}` when the database answers, else 503 `{"status": "unavailable"}`.
#[utoipa::path(get, path = "/health", tag = "meta", summary = "Liveness and database check", responses(
    (status = 200, description = "The service and its database answer.", body = inline(Healthy)),
    (status = 503, description = "The database does not answer.", body = inline(Unhealthy)),
))]
async fn health(State(app): State<AppState>) -> Response {
    if app.store.ping().await {
        (StatusCode::OK, Json(json!({"status": "ok"}))).into_response()
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, axum::Extension(super::OwnBody), Json(json!({"status": "unavailable"})))
            .into_response()
    }
}

/// 200 `{"status": "ready"}` when the database answers within
/// [`READY_TIMEOUT`] and has exactly this binary's migrations; else 503 with
/// `unavailable`, `migrations_pending` or `database_newer` (docs/operations.md
/// §Monitor), or with the code of the last write's fault while it lasts
/// (`disk_full`, `database_busy`, `database_unavailable`; docs/faults.md). For load balancers: `/health` says the process lives.
#[utoipa::path(get, path = "/ready", tag = "meta", summary = "Readiness: database and migrations", responses(
    (status = 200, description = "The database answers and its migrations are current.", body = inline(Ready)),
    (status = 503, description = "The database does not answer, or its migrations are not this binary's.",
     body = inline(NotReady)),
))]
async fn ready(State(app): State<AppState>) -> Response {
    let status = match tokio::time::timeout(READY_TIMEOUT, app.store.schema_status()).await {
        // A write fault met lately (a full disk, a lock held elsewhere): the
        // database answers reads but refuses writes (docs/faults.md).
        Ok(Ok(s)) if s.is_current() => app.store.write_fault().map_or("ready", |f| f.code().as_str()),
        Ok(Ok(s)) if !s.unknown.is_empty() => "database_newer",
        Ok(Ok(_)) => "migrations_pending",
        Ok(Err(_)) | Err(_) => "unavailable",
    };
    let code = if status == "ready" { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE };
    (code, axum::Extension(super::OwnBody), Json(json!({ "status": status }))).into_response()
}

/// `{"result": {"name": "schoolplan", "version": "<crate version>", "apiVersion": "v1"}}`.
#[utoipa::path(get, path = "/version", tag = "meta", summary = "Name and version of the service", responses(
    (status = 200, description = "Name, version and API version.", body = inline(VersionAnswer)),
))]
async fn version() -> Response {
    ok(&json!({"name": "schoolplan", "version": env!("CARGO_PKG_VERSION"), "apiVersion": "v1"}))
}
