//! `/schoolyear` routes (not yet built).

use axum::Router;

use super::AppState;

/// Routes of `/schoolyear`.
pub fn routes() -> Router<AppState> {
    Router::new()
}
