//! `/schoolclass` (docs/api.md §Endpoints): list (`?schoolYear=` with `&grade=`,
//! `?archived=`), get, create, save, delete.

use axum::extract::State;
use axum::response::Response;

use super::extract::QueryParams;
use super::openapi::schemas::{component_ref, envelope};
use super::response::ok;
use super::routes::ApiRouter;
use super::AppState;
use crate::domain::ids::{GradeId, SchoolYearId};
use crate::domain::schoolclass::{SchoolClass, SchoolClassInYear};
use crate::error::{Error, ErrorCode, Result};
use crate::service::resources::{self, SchoolClassFilter, SchoolClasses};
use utoipa::ToSchema;

/// Routes of `/schoolclass`.
pub fn routes() -> ApiRouter {
    ApiRouter::new()
        .routes(utoipa_axum::routes!(list))
        .merge(crate::crud_routes!(SchoolClasses: create, get, save, delete))
}

crate::inputs!(
    /// The query of [`list`].
    ListQuery = [
        query_id("schoolYear", false, "Only classes that exist in this school year, with their grade."),
        query_id("grade", false, "With `schoolYear`: only classes of this grade."),
        query_flag("archived", "Only archived (true) or only active (false) classes."),
    ]
);

crate::json_schema!(
    /// The answer of [`list`]: classes with or without their grade.
    ListAnswer = envelope(serde_json::json!({"type": "array", "items": {"anyOf": [
        component_ref(&SchoolClassInYear::name()), component_ref(&SchoolClass::name())]}})),
    refs = [SchoolClassInYear, SchoolClass]
);

/// `GET /schoolclass[?schoolYear=ID[&grade=ID]][&archived=BOOL]`, by graduation
/// year then code. With `schoolYear`: only the classes that have a grade in that
/// year, each with its `grade`; 404 for an unknown school year or grade.
#[utoipa::path(get, path = "/schoolclass", tag = "schoolclass", summary = "School classes, by graduation year then code",
    description = "With `schoolYear`: only the classes that have a grade in that year, each with its `grade`. \
                   `grade` needs `schoolYear` (else 400).",
    params(ListQuery),
    responses((status = 200, description = "The classes (with `grade` when `schoolYear` is given).", body = inline(ListAnswer)),
        ListQuery))]
async fn list(State(app): State<AppState>, q: QueryParams) -> Result<Response> {
    let filter = SchoolClassFilter { archived: q.flag("archived")? };
    let year = q.id("schoolYear")?.map(SchoolYearId);
    let grade = q.id("grade")?.map(GradeId);
    match (year, grade) {
        (None, None) => Ok(ok(&resources::school_classes(&app.store, filter).await?)),
        (None, Some(_)) => {
            Err(Error::new(ErrorCode::InvalidQuery, crate::i18n::Message::new("error-query-grade-needs-year")))
        }
        (Some(year), grade) => Ok(ok(&resources::school_classes_in_year(&app.store, year, grade, filter).await?)),
    }
}
