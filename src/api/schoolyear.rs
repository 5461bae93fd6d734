//! `/schoolyear` routes (not yet built).


use super::routes::ApiRouter;

/// Routes of `/schoolyear`.
pub fn routes() -> ApiRouter {
    ApiRouter::new()
}
