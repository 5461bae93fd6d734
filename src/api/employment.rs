//! `/employment` (docs/contract.md §Resources, §Locked school years): list (`?schoolYear=` and/or `?teacher=`),
//! get, create, save, delete.

use axum::extract::State;
use axum::response::Response;

use super::extract::QueryParams;
use super::openapi::annotations::List;
use super::response::ok;
use super::routes::ApiRouter;
use super::AppState;
use crate::domain::employment::Employment;
use crate::domain::ids::{SchoolYearId, TeacherId};
use crate::error::{Error, ErrorCode, Result};
use crate::service::employment::{self, EmploymentFilter, Employments};

/// Routes of `/employment`.
pub fn routes() -> ApiRouter {
    ApiRouter::new()
        .routes(utoipa_axum::routes!(list))
        .merge(crate::crud_routes!(Employments: create, get, save, delete))
}

crate::inputs!(
    /// The query of [`list`].
    ListQuery = [
        query_id("schoolYear", false, "Employments in this school year."),
        query_id("teacher", false, "Employments of this teacher."),
    ]
);

/// `GET /employment?schoolYear=ID` and/or `?teacher=ID` (one is required, else
/// 400); 404 for an unknown school year or teacher. By teacher code, then year.
#[utoipa::path(get, path = "/employment", tag = "employment", summary = "Employments of a school year or of a teacher",
    description = "At least one of `schoolYear` and `teacher` is required (else 400).", params(ListQuery),
    responses((status = 200, description = "The employments.", body = inline(List<Employment>)), ListQuery))]
async fn list(State(app): State<AppState>, q: QueryParams) -> Result<Response> {
    let filter = EmploymentFilter {
        school_year: q.id("schoolYear")?.map(SchoolYearId),
        teacher: q.id("teacher")?.map(TeacherId),
    };
    if filter.school_year.is_none() && filter.teacher.is_none() {
        return Err(Error::new(ErrorCode::InvalidQuery, crate::i18n::Message::new("error-query-employments-filter")));
    }
    Ok(ok(&employment::list(&app.store, filter).await?))
}
