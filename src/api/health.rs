//! `GET /health` and `GET /api/v1/version` (docs/contract.md §Paths and versions), both without authentication.

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

/// `/health`.
pub fn health_routes() -> ApiRouter {
    ApiRouter::new().routes(routes!(health))
}

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
        (StatusCode::SERVICE_UNAVAILABLE, Json(json!({"status": "unavailable"}))).into_response()
    }
}

/// `{"result": {"name": "schoolplan", "version": "<crate version>", "apiVersion": "v1"}}`.
#[utoipa::path(get, path = "/version", tag = "meta", summary = "Name and version of the service", responses(
    (status = 200, description = "Name, version and API version.", body = inline(VersionAnswer)),
))]
async fn version() -> Response {
    ok(&json!({"name": "schoolplan", "version": env!("CARGO_PKG_VERSION"), "apiVersion": "v1"}))
}
