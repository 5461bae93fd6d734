//! `/schoolclass` routes (not yet built).

use axum::Router;

use super::AppState;

/// Routes of `/schoolclass`.
pub fn routes() -> Router<AppState> {
    Router::new()
}
