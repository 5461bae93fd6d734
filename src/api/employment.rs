//! `/employment` routes (not yet built).

use axum::Router;

use super::AppState;

/// Routes of `/employment`.
pub fn routes() -> Router<AppState> {
    Router::new()
}
