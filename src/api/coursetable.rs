//! `GET /coursetable` (docs/client.md §Course table): the course plan of a school
//! year as the existing browser client's planning grid.

use axum::extract::State;
use axum::response::Response;
use serde_json::json;

use super::extract::QueryParams;
use super::openapi::schemas;
use super::response::ok;
use super::routes::ApiRouter;
use super::AppState;
use crate::domain::course::Course;
use crate::domain::ids::{DivisionId, GradeId, SchoolYearId, SubjectCategoryId};
use crate::domain::reference_forms::SubjectRef;
use crate::domain::schoolclass::SchoolClassInYear;
use crate::error::Result;
use crate::service::course;

/// Route of `/coursetable`.
pub fn routes() -> ApiRouter {
    ApiRouter::new().routes(utoipa_axum::routes!(list))
}

/// The grid of [`list`].
fn table_schema() -> serde_json::Value {
    json!({"type": "object", "required": ["schoolClasses", "courses", "items"], "properties": {
        "schoolClasses": {"type": "array", "items": schemas::component_ref("SchoolClassInYear"),
            "description": "The columns: classes with a grade that year, after the filters, by graduation year then code."},
        "courses": {"type": "object", "additionalProperties": schemas::component_ref("Course"),
            "description": "Every course of a listed subject that includes a listed class, keyed by its id."},
        "items": {"type": "array", "description": "One row per non-cross-class subject with a course among the classes, by subject code.",
            "items": {"type": "object", "required": ["subject"], "properties": {"subject": schemas::component_ref("SubjectRef")},
                "additionalProperties": {"type": "object", "required": ["id"], "properties": {"id": {"type": "integer"}}},
                "description": "`subject`, and per class code the cell `{\"id\": course id}` (the lower id when two courses of the subject share the class)."}}}})
}

crate::json_schema!(
    /// The answer of [`list`].
    CourseTableAnswer = schemas::envelope(table_schema()),
    refs = [SchoolClassInYear, Course, SubjectRef]
);

crate::inputs!(
    /// The query of [`list`].
    CourseTableQuery = [
        query_id("schoolYear", true, "The school year (required)."),
        query_id("division", false, "Only classes of this division."),
        query_id("grade", false, "Only classes of this grade (in that year)."),
        query_id("subjectCategory", false, "Only subjects of this subject category."),
    ]
);

/// `GET /coursetable?schoolYear=ID[&division=ID][&grade=ID][&subjectCategory=ID]`:
/// 400 without `schoolYear`, 404 for an unknown id in the query. A fixed
/// number of queries, whatever the size of the year.
#[utoipa::path(get, path = "/coursetable", tag = "course",
    summary = "The course plan of a school year as a grid (subjects × classes)",
    params(CourseTableQuery),
    responses((status = 200, description = "The grid.", body = inline(CourseTableAnswer)), CourseTableQuery))]
async fn list(State(app): State<AppState>, q: QueryParams) -> Result<Response> {
    let year = SchoolYearId(q.required_id("schoolYear")?);
    let division = q.id("division")?.map(DivisionId);
    let grade = q.id("grade")?.map(GradeId);
    let category = q.id("subjectCategory")?.map(SubjectCategoryId);
    // One snapshot: the classes and the courses of one state of the plan.
    Ok(ok(&course::table(&app.store, year, division, grade, category).await?))
}
