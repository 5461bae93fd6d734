//! `/curriculum` routes (not yet built).

use axum::Router;

use super::AppState;

/// Routes of `/curriculum`.
pub fn routes() -> Router<AppState> {
    Router::new()
}
