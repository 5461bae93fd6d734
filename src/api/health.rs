//! `GET /health` and `GET /api/v1/version` (docs/contract.md §Paths and versions), both without authentication.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Json;
use serde_json::json;

use super::openapi::Operation;
use super::response::ok;
use super::routes::ApiRouter;
use super::AppState;

/// `/health`.
pub fn health_routes() -> ApiRouter {
    let status = |s: &str| json!({"type": "object", "required": ["status"], "properties": {"status": {"const": s}}});
    ApiRouter::new().route("/health", get(health)).doc(
        Operation::get("/health", "meta", "Liveness and database check")
            .json_raw(200, "The service and its database answer.", status("ok"))
            .json_raw(503, "The database does not answer.", status("unavailable")),
    )
}

/// `/version` (mounted under `/api/v1`).
pub fn version_routes() -> ApiRouter {
    ApiRouter::new().route("/version", get(version)).doc(
        Operation::get("/version", "meta", "Name and version of the service").json_schema(
            200,
            "Name, version and API version.",
            json!({"type": "object", "required": ["name", "version", "apiVersion"],
                "properties": {"name": {"type": "string"}, "version": {"type": "string"}, "apiVersion": {"type": "string"}}}),
        ),
    )
}

/// 200 `{"status": "ok"}` when the database answers, else 503 `{"status": "unavailable"}`.
async fn health(State(app): State<AppState>) -> Response {
    if app.store.ping().await {
        (StatusCode::OK, Json(json!({"status": "ok"}))).into_response()
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, Json(json!({"status": "unavailable"}))).into_response()
    }
}

/// `{"result": {"name": "schoolplan", "version": "<crate version>", "apiVersion": "v1"}}`.
async fn version() -> Response {
    ok(&json!({"name": "schoolplan", "version": env!("CARGO_PKG_VERSION"), "apiVersion": "v1"}))
}
