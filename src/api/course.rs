//! `/course` routes (not yet built).

use super::routes::ApiRouter;

/// Routes of `/course`.
pub fn routes() -> ApiRouter {
    ApiRouter::new()
}
