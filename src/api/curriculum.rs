//! `/curriculum` routes (not yet built).


use super::routes::ApiRouter;

/// Routes of `/curriculum`.
pub fn routes() -> ApiRouter {
    ApiRouter::new()
}
