//! `/division` routes (not yet built).


use super::routes::ApiRouter;

/// Routes of `/division`.
pub fn routes() -> ApiRouter {
    ApiRouter::new()
}
