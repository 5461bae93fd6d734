//! `/grade` (docs/contract.md §Resources, docs/workload.md §Setup): list, get, create, save, delete.

use axum::extract::State;
use axum::response::Response;

use super::openapi::annotations::List;
use super::response::ok;
use super::routes::ApiRouter;
use super::AppState;
use crate::domain::grade::Grade;
use crate::error::Result;
use crate::service::grade::{self, Grades};

/// Routes of `/grade`.
pub fn routes() -> ApiRouter {
    ApiRouter::new().routes(utoipa_axum::routes!(list)).merge(crate::crud_routes!(Grades: create, get, save, delete))
}

/// `GET /grade`: all, by code.
#[utoipa::path(get, path = "/grade", tag = "grade", summary = "Every grade, by code", responses(
    (status = 200, description = "The grades (single form = list form) with their payroll types.", body = inline(List<Grade>))))]
async fn list(State(app): State<AppState>) -> Result<Response> {
    Ok(ok(&grade::list(&app.store).await?))
}
