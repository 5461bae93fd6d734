//! `/schoolclass` routes (not yet built).

use super::routes::ApiRouter;

/// Routes of `/schoolclass`.
pub fn routes() -> ApiRouter {
    ApiRouter::new()
}
