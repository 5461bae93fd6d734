//! `/subject` routes (not yet built).

use super::routes::ApiRouter;

/// Routes of `/subject`.
pub fn routes() -> ApiRouter {
    ApiRouter::new()
}
