//! `/division` routes (not yet built).

use axum::Router;

use super::AppState;

/// Routes of `/division`.
pub fn routes() -> Router<AppState> {
    Router::new()
}
