//! `/schoolyear` (interface.md §4.6): list (`?archived=`), get, create, save, delete.

use axum::extract::State;
use axum::response::Response;

use super::crud;
use super::extract::QueryParams;
use super::openapi::Operation;
use super::response::ok;
use super::routes::ApiRouter;
use super::AppState;
use crate::domain::ids::SchoolYearId;
use crate::domain::schoolyear::NewSchoolYear;
use crate::error::Result;

/// Routes of `/schoolyear`.
pub fn routes() -> ApiRouter {
    crud::resource_routes::<SchoolYears, _, _>(
        list,
        Operation::get("/schoolyear", "schoolyear", "School years, by graduation year")
            .query_flag("archived", "Only archived (true) or only non-archived (false) school years.")
            .json_list::<crate::domain::schoolyear::SchoolYear>(200, "The school years."),
    )
}

crate::crud_resource!(SchoolYears, path: "schoolyear", table: "school_year", id: SchoolYearId, new: NewSchoolYear, single: crate::domain::schoolyear::SchoolYear,
    get: get_school_year, create: create_school_year, update: update_school_year, delete: delete_school_year);

/// `GET /schoolyear[?archived=BOOL]`: ordered by graduation year.
async fn list(State(app): State<AppState>, q: QueryParams) -> Result<Response> {
    let archived = q.flag("archived")?;
    Ok(ok(&app.store.conn().await?.list_school_years(archived).await?))
}
