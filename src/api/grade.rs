//! `/grade` (docs/contract.md §Resources, docs/workload.md §Setup): list, get, create, save, delete.

use axum::extract::State;
use axum::response::Response;

use super::crud;
use super::openapi::Operation;
use super::response::ok;
use super::routes::ApiRouter;
use super::AppState;
use crate::domain::grade::Grade;
use crate::error::Result;
use crate::service::grade::Grades;

/// Routes of `/grade`.
pub fn routes() -> ApiRouter {
    crud::resource_routes::<Grades, _, _>(
        list,
        Operation::get("/grade", "grade", "Every grade, by code")
            .json_list::<Grade>(200, "The grades (single form = list form) with their payroll types."),
    )
}

/// `GET /grade`: all, by code.
async fn list(State(app): State<AppState>) -> Result<Response> {
    Ok(ok(&app.store.conn().await?.list_grades().await?))
}
