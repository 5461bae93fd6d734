//! `GET /health` and `GET /api/v1/version` (contract.md §1), both without authentication.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Json;
use serde_json::json;

use super::response::ok;
use super::routes::ApiRouter;
use super::AppState;

/// `/health`.
pub fn health_routes() -> ApiRouter {
    ApiRouter::new().route("/health", get(health))
}

/// `/version` (mounted under `/api/v1`).
pub fn version_routes() -> ApiRouter {
    ApiRouter::new().route("/version", get(version))
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
