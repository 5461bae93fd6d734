//! `/teacher` (interface.md §4.1): list (`?schoolYear=`, `?archived=`), get, create, save, delete.

use axum::extract::State;
use axum::response::Response;

use super::crud;
use super::extract::QueryParams;
use super::openapi::Operation;
use super::response::ok;
use super::routes::ApiRouter;
use super::AppState;
use crate::domain::ids::{SchoolYearId, TeacherId};
use crate::domain::teacher::NewTeacher;
use crate::error::{Error, ErrorCode, Result};
use crate::store::teacher::TeacherFilter;

/// Routes of `/teacher`.
pub fn routes() -> ApiRouter {
    crud::resource_routes::<Teachers, _, _>(
        list,
        Operation::get("/teacher", "teacher", "Teachers (list form), by code")
            .query_id("schoolYear", false, "Only teachers with an employment in this school year.")
            .query_flag(
                "employed",
                "Needs `schoolYear` (else 400 `invalid_query`): `true` = the teachers employed that year (as without it), \
                 `false` = the non-archived teachers without an employment that year.",
            )
            .query_flag("archived", "Only archived (true) or only active (false) teachers.")
            .json_list::<crate::domain::teacher::TeacherListItem>(200, "The teachers."),
    )
}

crate::crud_resource!(Teachers, path: "teacher", table: "teacher", id: TeacherId, new: NewTeacher, single: crate::domain::teacher::Teacher,
    get: get_teacher, create: create_teacher, update: update_teacher, delete: delete_teacher);

/// `GET /teacher[?schoolYear=ID[&employed=BOOL]][&archived=BOOL]`: list form, by
/// code; 404 for an unknown school year; `employed` without `schoolYear` → 400.
async fn list(State(app): State<AppState>, q: QueryParams) -> Result<Response> {
    let filter = TeacherFilter {
        school_year: q.id("schoolYear")?.map(SchoolYearId),
        archived: q.flag("archived")?,
        employed: q.flag("employed")?,
    };
    if filter.employed.is_some() && filter.school_year.is_none() {
        return Err(Error::bad_request(ErrorCode::InvalidQuery, "`employed` needs `schoolYear`."));
    }
    let mut conn = app.store.conn().await?;
    if let Some(y) = filter.school_year {
        conn.require("school_year", SchoolYearId::KIND, y.0).await?;
    }
    Ok(ok(&conn.list_teachers(filter).await?))
}
