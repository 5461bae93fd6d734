//! `/lessontype` (fixed, read-only) and `/lessontable` (docs/documents.md §Lesson table).
//!
//! `GET /lessontable?curriculum=ID[&division=ID]` lists a curriculum's table
//! (cross-class subjects without `division`, the others with it);
//! `GET /lessontable?curriculum=ID&subject=ID[&division=ID]` and
//! `GET /lessontable/<c>-<s>[-<d>]` give one row; `PUT` replaces a row.

use axum::extract::{Path, State};
use axum::response::Response;
use serde_json::json;
use utoipa_axum::routes;

use super::etag::{ETag, Preconditions};
use super::extract::{Parsed, PathId, QueryParams};
use super::openapi::annotations::{List, Single};
use super::openapi::schemas;
use super::response::{ok, ok_written};
use super::routes::ApiRouter;
use super::AppState;
use crate::domain::ids::{CurriculumId, DivisionId, SubjectId};
use crate::domain::lessontable::{
    LessonCell, LessonTableKey, LessonTableRow, LessonType, LessonTypeForm, NewLessonRow, LESSON_TABLE_ID,
};
use crate::error::{Error, ErrorCode, Result};
use crate::service::audit::Actor;
use crate::service::lessontable;

/// Routes of `/lessontype` and `/lessontable`.
pub fn routes() -> ApiRouter {
    ApiRouter::new()
        .routes(routes!(list_types))
        .routes(routes!(get_type))
        .routes(routes!(list))
        .routes(routes!(fetch, replace))
}

crate::inputs!(
    /// The path id of [`get_type`].
    TypeId = [path_id("lesson type")]
);

crate::inputs!(
    /// The query of [`list`].
    ListQuery = [
        query_id("curriculum", true, "The curriculum (required)."),
        query_id("division", false, "The division (for subjects that are not cross-class)."),
        query_id("subject", false, "Only the row of this subject (single form)."),
    ]
);

/// The table of [`list`] (list form).
fn table_schema() -> serde_json::Value {
    json!({
        "type": "object", "required": ["grades", "items"],
        "properties": {
            "grades": {"type": "array", "items": schemas::component_ref("LookupRef"),
                       "description": "The grades of the curriculum in order."},
            "items": {"type": "array", "items": {
                "type": "object", "required": ["id", "subject"],
                "properties": {"id": {"type": "string", "pattern": LESSON_TABLE_ID},
                               "subject": schemas::component_ref("SubjectRef")},
                "additionalProperties": schemas::component_ref("LessonCell"),
                "description": "A subject with one cell per grade, keyed by the grade id."
            }}
        }
    })
}

crate::json_schema!(
    /// The answer of [`list`]: the table, or one row.
    ListAnswer = schemas::envelope(json!({"oneOf": [table_schema(), schemas::component_ref("LessonTableRow")]})),
    refs = [LessonCell, LessonTableRow]
);

crate::inputs!(
    /// Parameters and problems of [`fetch`].
    FetchInputs = [
        path_text("id", "`<curriculumId>-<subjectId>[-<divisionId>]`", LESSON_TABLE_ID),
        condition_header("If-None-Match", "ETags the client holds: 304 without a body when one still matches."),
        problem(412, "`If-None-Match` is malformed (`invalid_header`)."),
    ]
);

crate::inputs!(
    /// Parameters and problems of [`replace`].
    ReplaceInputs = [
        path_text("id", "`<curriculumId>-<subjectId>[-<divisionId>]`", LESSON_TABLE_ID),
        body(),
        condition_header("If-Match", "An ETag from an earlier response: the change happens only if it still matches."),
        problem(412, "`If-Match` does not match, or is malformed; nothing changed."),
    ]
);

crate::json_schema!(
    /// The body of [`replace`].
    ReplaceBody = put_schema()
);

fn put_schema() -> serde_json::Value {
    let reference = json!({"oneOf": [
        {"type": "object", "required": ["id"], "properties": {"id": schemas::int64()}},
        schemas::int64(),
        {"type": "string", "pattern": crate::domain::body_reader::INTEGER_TEXT}
    ]});
    let codes: Vec<&str> = LessonType::ALL.iter().map(|t| t.code()).collect();
    let kind = json!({"oneOf": [
        {"type": "object", "required": ["id"], "properties": {"id": {"type": "integer", "minimum": 1, "maximum": 5}}},
        {"type": "integer", "minimum": 1, "maximum": 5},
        {"type": "string", "enum": codes}
    ]});
    let lessons = json!({"oneOf": [
        {"type": "number", "minimum": 0, "maximum": crate::domain::lessontable::MAX_LESSONS, "multipleOf": 0.0001},
        {"type": "string", "pattern": crate::domain::body_reader::DECIMAL_TEXT},
        schemas::blank(),
        {"type": "null"}
    ]});
    json!({
        "type": "object", "required": ["details"],
        "properties": {"details": {"type": "array", "items": {
            "type": "object", "required": ["grade", "type"],
            "properties": {"grade": reference, "type": kind, "lessons1": lessons, "lessons2": lessons}
        }}}
    })
}

#[utoipa::path(get, path = "/lessontype", tag = "lessontype", summary = "The five lesson types (fixed)", responses(
    (status = 200, description = "The lesson types by id (docs/documents.md §Lesson table).", body = inline(List<LessonTypeForm>))))]
async fn list_types() -> Response {
    ok(&LessonType::ALL.iter().map(|t| t.form()).collect::<Vec<_>>())
}

#[utoipa::path(get, path = "/lessontype/{id}", tag = "lessontype", summary = "One lesson type", params(TypeId),
    responses((status = 200, description = "The lesson type.", body = inline(Single<LessonTypeForm>)), TypeId))]
async fn get_type(PathId(id): PathId) -> Result<Response> {
    let t = LessonType::from_id(id).ok_or_else(|| Error::not_found("lesson type", id))?;
    Ok(ok(&t.form()))
}

fn key_of(id: &str) -> Result<LessonTableKey> {
    LessonTableKey::parse(id).ok_or_else(|| {
        Error::new(ErrorCode::InvalidPathId, crate::i18n::Message::new("error-path-lesson-table-id").arg("id", id))
    })
}

/// `GET /lessontable?curriculum=ID[&division=ID][&subject=ID]`: 400 without
/// `curriculum`, 404 for an unknown id.
#[utoipa::path(get, path = "/lessontable", tag = "lessontable", summary = "A curriculum's lesson table, or one row of it",
    description = "Without `subject`: the table of the curriculum, one item per subject that is not archived — \
                   cross-class subjects when `division` is absent, the others when it is given. With `subject`: \
                   that row, as `GET /lessontable/{id}`.",
    params(ListQuery), responses(
        (status = 200, description = "The table (list form), or one row when `subject` is given.", body = inline(ListAnswer)),
        ListQuery))]
async fn list(State(app): State<AppState>, q: QueryParams, pre: Preconditions) -> Result<Response> {
    let curriculum = CurriculumId(q.required_id("curriculum")?);
    let division = q.id("division")?.map(DivisionId);
    match q.id("subject")?.map(SubjectId) {
        Some(subject) => {
            let key = LessonTableKey { curriculum, subject, division };
            let row = lessontable::row(&app.store, key).await?;
            respond_row(&row, &pre)
        }
        None => Ok(ok(&lessontable::table(&app.store, curriculum, division).await?)),
    }
}

fn respond_row(row: &LessonTableRow, pre: &Preconditions) -> Result<Response> {
    let tag = ETag::of(row)?;
    if let Some(not_modified) = pre.check_read("lesson table row", row.curriculum.id.0, &tag)? {
        return Ok(not_modified);
    }
    Ok(tag.attach(ok(row)))
}

/// `GET /lessontable/<id>`: one row, with `ETag`; 304 on a matching `If-None-Match`.
#[utoipa::path(get, path = "/lessontable/{id}", tag = "lessontable", summary = "One row of a lesson table",
    description = "The row of a curriculum, subject and (for subjects that are not cross-class) division: a \
                   cell for every grade of the curriculum, `noLessons` where nothing is stored.",
    params(FetchInputs), responses(
        (status = 200, description = "The row.", body = inline(Single<LessonTableRow>),
            headers(("ETag" = String, description = "Entity tag of this version."))),
        (status = 304, description = "Not modified."),
        FetchInputs))]
async fn fetch(State(app): State<AppState>, Path(id): Path<String>, pre: Preconditions) -> Result<Response> {
    let key = key_of(&id)?;
    let row = lessontable::row(&app.store, key).await?;
    respond_row(&row, &pre)
}

/// `PUT /lessontable/<id>`: replaces the row in one transaction, with its audit entry.
#[utoipa::path(put, path = "/lessontable/{id}", tag = "lessontable", summary = "Replace one row of a lesson table",
    description = "Stores the cells of `details` (cells of type `noLessons` are not stored, grades left out \
                   are removed). 422 `lesson_table_side` when the row is on the wrong side of the \
                   cross-class rule, `grade_not_in_curriculum` for a grade outside the curriculum.",
    params(ReplaceInputs),
    request_body(content = inline(ReplaceBody), description = "`details`: the cells of the row.", examples(("example" = (
        value = json!({"details": [{"grade": {"id": 1}, "type": {"id": 2}, "lessons1": 4, "lessons2": 4}]}))))),
    responses(
        (status = 200, description = "The saved row.", body = inline(Single<LessonTableRow>),
            headers(("ETag" = String, description = "Entity tag of the saved version."))),
        ReplaceInputs))]
async fn replace(
    State(app): State<AppState>,
    actor: Actor,
    Path(id): Path<String>,
    pre: Preconditions,
    Parsed(new): Parsed<NewLessonRow>,
) -> Result<Response> {
    let written = lessontable::replace_row(&app.store, &actor, key_of(&id)?, &pre.expect(), &new).await?;
    Ok(ok_written(&written.item, &written.version))
}
