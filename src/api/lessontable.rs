//! `/lessontype` (fixed, read-only) and `/lessontable` (docs/documents.md §Lesson table).
//!
//! `GET /lessontable?curriculum=ID[&division=ID]` lists a curriculum's table
//! (cross-class subjects without `division`, the others with it);
//! `GET /lessontable?curriculum=ID&subject=ID[&division=ID]` and
//! `GET /lessontable/<c>-<s>[-<d>]` give one row; `PUT` replaces a row.

use axum::extract::{Path, State};
use axum::response::Response;
use axum::routing::get;
use serde_json::json;

use super::etag::{ETag, Preconditions};
use super::extract::{Parsed, PathId, QueryParams};
use super::openapi::{schemas, Operation};
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
        .route("/lessontype", get(list_types))
        .route("/lessontype/{id}", get(get_type))
        .doc(
            Operation::get("/lessontype", "lessontype", "The five lesson types (fixed)")
                .json_list::<LessonTypeForm>(200, "The lesson types by id (docs/documents.md §Lesson table)."),
        )
        .doc(
            Operation::get("/lessontype/{id}", "lessontype", "One lesson type")
                .path_id("lesson type")
                .json::<LessonTypeForm>(200, "The lesson type."),
        )
        .route("/lessontable", get(list))
        .route("/lessontable/{id}", get(fetch).put(replace))
        .doc(list_doc())
        .doc(
            Operation::get("/lessontable/{id}", "lessontable", "One row of a lesson table")
                .describe(
                    "The row of a curriculum, subject and (for subjects that are not cross-class) division: a \
                     cell for every grade of the curriculum, `noLessons` where nothing is stored.",
                )
                .path_text("id", "`<curriculumId>-<subjectId>[-<divisionId>]`", LESSON_TABLE_ID)
                .condition_header("If-None-Match", "ETags the client holds: 304 without a body when one still matches.")
                .json::<LessonTableRow>(200, "The row.")
                .response_header(200, "ETag", "Entity tag of this version.")
                .empty(304, "Not modified.")
                .problem(412, "`If-None-Match` is malformed (`invalid_header`)."),
        )
        .doc(
            Operation::put("/lessontable/{id}", "lessontable", "Replace one row of a lesson table")
                .describe(
                    "Stores the cells of `details` (cells of type `noLessons` are not stored, grades left out \
                     are removed). 422 `lesson_table_side` when the row is on the wrong side of the \
                     cross-class rule, `grade_not_in_curriculum` for a grade outside the curriculum.",
                )
                .path_text("id", "`<curriculumId>-<subjectId>[-<divisionId>]`", LESSON_TABLE_ID)
                .body(put_schema(), "`details`: the cells of the row.")
                .body_examples([(
                    "example",
                    json!({"details": [{"grade": {"id": 1}, "type": {"id": 2}, "lessons1": 4, "lessons2": 4}]}),
                )])
                .condition_header(
                    "If-Match",
                    "An ETag from an earlier response: the change happens only if it still matches.",
                )
                .json::<LessonTableRow>(200, "The saved row.")
                .response_header(200, "ETag", "Entity tag of the saved version.")
                .problem(412, "`If-Match` does not match, or is malformed; nothing changed."),
        )
}

fn list_doc() -> Operation {
    let cell = schemas::component_ref("LessonCell");
    let list = json!({
        "type": "object", "required": ["grades", "items"],
        "properties": {
            "grades": {"type": "array", "items": schemas::component_ref("LookupRef"),
                       "description": "The grades of the curriculum in order."},
            "items": {"type": "array", "items": {
                "type": "object", "required": ["id", "subject"],
                "properties": {"id": {"type": "string", "pattern": LESSON_TABLE_ID},
                               "subject": schemas::component_ref("SubjectRef")},
                "additionalProperties": cell,
                "description": "A subject with one cell per grade, keyed by the grade id."
            }}
        }
    });
    Operation::get("/lessontable", "lessontable", "A curriculum's lesson table, or one row of it")
        .describe(
            "Without `subject`: the table of the curriculum, one item per subject that is not archived — \
             cross-class subjects when `division` is absent, the others when it is given. With `subject`: \
             that row, as `GET /lessontable/{id}`.",
        )
        .query_id("curriculum", true, "The curriculum (required).")
        .query_id("division", false, "The division (for subjects that are not cross-class).")
        .query_id("subject", false, "Only the row of this subject (single form).")
        .uses::<LessonCell>()
        .uses::<LessonTableRow>()
        .json_schema(
            200,
            "The table (list form), or one row when `subject` is given.",
            json!({"oneOf": [list, schemas::component_ref("LessonTableRow")]}),
        )
}

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

async fn list_types() -> Response {
    ok(&LessonType::ALL.iter().map(|t| t.form()).collect::<Vec<_>>())
}

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
async fn list(State(app): State<AppState>, q: QueryParams, pre: Preconditions) -> Result<Response> {
    let curriculum = CurriculumId(q.required_id("curriculum")?);
    let division = q.id("division")?.map(DivisionId);
    match q.id("subject")?.map(SubjectId) {
        Some(subject) => {
            let key = LessonTableKey { curriculum, subject, division };
            let row = app.store.snapshot(async |conn| conn.get_lesson_row(key).await).await?;
            respond_row(&row, &pre)
        }
        None => Ok(ok(&app.store.snapshot(async |conn| conn.list_lesson_table(curriculum, division).await).await?)),
    }
}

fn respond_row(row: &LessonTableRow, pre: &Preconditions) -> Result<Response> {
    let tag = ETag::of(row)?;
    if let Some(not_modified) = pre.check_read("lesson table row", row.curriculum.id.0, &tag)? {
        return Ok(not_modified);
    }
    Ok(tag.attach(ok(row)))
}

async fn fetch(State(app): State<AppState>, Path(id): Path<String>, pre: Preconditions) -> Result<Response> {
    let key = key_of(&id)?;
    let row = app.store.snapshot(async |conn| conn.get_lesson_row(key).await).await?;
    respond_row(&row, &pre)
}

/// `PUT /lessontable/<id>`: replaces the row in one transaction, with its audit entry.
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
