//! `/subject` routes (not yet built).

use axum::Router;

use super::AppState;

/// Routes of `/subject`.
pub fn routes() -> Router<AppState> {
    Router::new()
}
