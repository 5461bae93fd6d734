//! `/course` (docs/contract.md §Courses, §Query parameters, §Locked school years): list of a school year
//! (with filters), get, create, save, delete, and the two commands merge and
//! split, which share `POST /course` with create and are told apart by the body.
//!
//! Optimistic concurrency (RFC 9110 §13.1, docs/contract.md §Concurrency): get, save and
//! delete work like every resource (`ETag`, `If-None-Match` → 304, `If-Match`
//! → 412 on a stale tag). Merge and split honour `If-Match` per course: every
//! course the command touches must have its current `ETag` in the list (see
//! [`post`]).

use axum::extract::State;
use axum::response::Response;

use serde_json::json;

use super::etag::{ETag, Preconditions};
use super::extract::{JsonBody, QueryParams};
use super::openapi::annotations::{List, Single};
use super::openapi::{examples, schemas};
use super::response::{created, ok, ok_written};
use super::routes::ApiRouter;
use super::AppState;
use crate::domain::body_reader::{Mode, INTEGER_TEXT};
use crate::domain::course::{Course, CourseCommand, NewCourse};
use crate::domain::ids::{SchoolClassId, SchoolYearId, SubjectId, TeacherId};
use crate::error::Result;
use crate::service::audit::Actor;
use crate::service::course::{self, CourseFilter, Courses};

/// Routes of `/course`.
pub fn routes() -> ApiRouter {
    ApiRouter::new().routes(utoipa_axum::routes!(list, post)).merge(crate::crud_routes!(Courses: get, save, delete))
}

crate::inputs!(
    /// The query of [`list`].
    ListQuery = [
        query_id("schoolYear", true, "The school year (required)."),
        query_flag("crossClass", "Only cross-class (true) or only class-bound (false) courses."),
        query_id("schoolClass", false, "Only courses of this class."),
        query_id("teacher", false, "Only courses this teacher teaches in either semester."),
        query_id("subject", false, "Only courses of this subject."),
    ]
);

crate::inputs!(
    /// Parameters and problems of [`post`].
    PostInputs = [
        condition_header("If-Match", "For merge and split: the current ETags of every course involved."),
        body(),
        problem(404, "A course to merge or split does not exist."),
        problem(409, "The school year is locked (docs/contract.md §Locked school years)."),
        problem(412, "`If-Match` does not list the current ETag of every course involved; nothing changed."),
    ]
);

crate::json_schema!(
    /// The body of [`post`].
    PostBody = post_schema()
);

crate::json_schema!(
    /// The answer of a merge or split.
    CommandAnswer = schemas::envelope(
        json!({"oneOf": [schemas::component_ref("Course"), {"type": "array", "items": schemas::component_ref("Course")}]})
    ),
    refs = [Course]
);

/// The body of `POST /course`: a new course, or a merge or split command.
fn post_schema() -> serde_json::Value {
    let id = json!({"oneOf": [schemas::int64(), {"type": "string", "pattern": INTEGER_TEXT}]});
    let reference = json!({"oneOf": [
        {"type": "object", "required": ["id"], "properties": {"id": id}},
        schemas::int64(),
        {"type": "string", "pattern": INTEGER_TEXT}
    ]});
    let merge = json!({
        "type": "object", "required": ["merge"], "title": "Merge",
        "properties": {"merge": {"type": "array", "minItems": 2, "uniqueItems": true, "items": reference,
            "description": "Course ids; the first course receives the classes of the others, which are deleted."}}
    });
    let split = json!({
        "type": "object", "required": ["split"], "title": "Split",
        "properties": {"split": {"description": "The course to split into one course per class.", "oneOf": reference["oneOf"]}}
    });
    let mut create = schemas::body_schema::<NewCourse>(Mode::Create);
    // docs/documents.md §Lesson table: `-1` takes the lessons from the lesson table.
    for key in ["lessons1", "lessons2"] {
        if let Some(serde_json::Value::Array(alternatives)) = create["properties"][key].get_mut("oneOf") {
            alternatives
                .push(json!({"const": -1, "description": "Take the lessons from the lesson table (docs/documents.md §Lesson table)."}));
        }
    }
    json!({"oneOf": [create, merge, split]})
}

/// `GET /course?schoolYear=ID[&crossClass=BOOL][&schoolClass=ID][&teacher=ID][&subject=ID]`:
/// 400 without `schoolYear`, 404 for an unknown id in the query.
#[utoipa::path(get, path = "/course", tag = "course", summary = "The courses of a school year", params(ListQuery),
    responses((status = 200, description = "The courses (single form = list form).", body = inline(List<Course>)), ListQuery))]
async fn list(State(app): State<AppState>, q: QueryParams) -> Result<Response> {
    let filter = CourseFilter {
        school_year: SchoolYearId(q.required_id("schoolYear")?),
        cross_class: q.flag("crossClass")?,
        school_class: q.id("schoolClass")?.map(SchoolClassId),
        teacher: q.id("teacher")?.map(TeacherId),
        subject: q.id("subject")?.map(SubjectId),
    };
    Ok(ok(&course::list(&app.store, filter).await?))
}

/// `POST /course`: a course object creates (201, with `ETag`), `{"merge": [ids]}`
/// merges (200, the merged course with its new `ETag`), `{"split": id}` splits
/// (200, the resulting courses; a list, so no `ETag`: GET a course for its tag).
/// Every course created, changed or deleted gets its audit entry.
///
/// `If-Match` on merge and split (RFC 9110 §13.1.1, docs/contract.md §Concurrency): when
/// sent, every course the command touches — each course in `merge`, the
/// course in `split` — must have its current `ETag` among the listed tags
/// (`*`: they merely have to exist); otherwise 412 `precondition_failed` and
/// nothing is changed. The courses are locked (ascending id) before they are
/// read and checked, inside the command's transaction. An unknown course stays
/// 404, malformed merge lists stay 422. On a create `If-Match` is ignored.
#[utoipa::path(post, path = "/course", tag = "course", summary = "Create, merge or split courses",
    description = "The body decides: a course object creates it (201); `{\"merge\": [ids]}` merges the courses into \
                   the first (200, the merged course); `{\"split\": id}` splits a course into one course per class \
                   (200, the resulting courses, the original first). A body with both commands, or a command with \
                   course fields, is 422. On a create `lessons1`/`lessons2` may be `-1`: the lessons are then taken from \
                   the lesson table (for a class-based course the entry of the first class's curriculum and division, \
                   for a cross-class course that of its curriculum; 0 when there is none); other negative values are 422. \
                   Merge and split honour `If-Match`: when given, it must list the current \
                   ETag of every course involved (else 412 and nothing changes). docs/contract.md §Courses.",
    params(PostInputs),
    request_body(content = inline(PostBody), description = "A new course, or a merge or split command.", examples(
        ("create" = (value = json!(examples::body("course")))),
        ("merge" = (value = json!(examples::course_commands()[0].1))),
        ("split" = (value = json!(examples::course_commands()[1].1))))),
    responses(
        (status = 201, description = "The created course.", body = inline(Single<Course>), headers(
            ("Location" = String, description = "Path of the new course."),
            ("ETag" = String, description = "Entity tag of the new course."))),
        (status = 200, description = "Merge: the merged course. Split: the resulting courses, the original first.",
            body = inline(CommandAnswer)),
        PostInputs))]
async fn post(
    State(app): State<AppState>,
    actor: Actor,
    pre: Preconditions,
    JsonBody(body): JsonBody,
) -> Result<Response> {
    Ok(match CourseCommand::from_body(&body)? {
        CourseCommand::Create(new) => {
            let written = course::create_course(&app.store, &actor, &new).await?;
            ETag::from(&written.version).attach(created("course", written.id, &written.item))
        }
        CourseCommand::Merge(ids) => {
            let written = course::merge_courses(&app.store, &actor, &ids, &pre.expect()).await?;
            ok_written(&written.item, &written.version)
        }
        CourseCommand::Split(id) => ok(&course::split_course(&app.store, &actor, id, &pre.expect()).await?),
    })
}
