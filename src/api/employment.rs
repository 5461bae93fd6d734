//! `/employment` routes (not yet built).

use super::routes::ApiRouter;

/// Routes of `/employment`.
pub fn routes() -> ApiRouter {
    ApiRouter::new()
}
