//! `/course` routes (not yet built).

use axum::Router;

use super::AppState;

/// Routes of `/course`.
pub fn routes() -> Router<AppState> {
    Router::new()
}
