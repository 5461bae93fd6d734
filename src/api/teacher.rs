//! `/teacher` (docs/api.md §Endpoints): list (`?schoolYear=`, `?archived=`), get
//! (`?detail=history`, docs/client.md §Teachers), create, save, delete.

use axum::extract::State;
use axum::response::Response;

use super::client::Mount;
use super::crud;
use super::etag::Preconditions;
use super::extract::{PathId, QueryParams};
use super::openapi::annotations::{List, Single};
use super::response::ok;
use super::routes::ApiRouter;
use super::AppState;
use crate::domain::ids::{SchoolYearId, TeacherId};
use crate::domain::teacher::{TeacherListItem, TeacherWithHistory};
use crate::error::{Error, ErrorCode, Result};
use crate::service::resources::{self, TeacherFilter, Teachers};

/// Routes of `/teacher`: the single form read through [`fetch`].
pub fn routes() -> ApiRouter {
    ApiRouter::new()
        .routes(utoipa_axum::routes!(list))
        .merge(crate::crud_routes!(Teachers: create))
        .routes(utoipa_axum::routes!(fetch))
        .merge(crate::crud_routes!(Teachers: save, delete))
}

crate::inputs!(
    /// Parameters and problems of [`fetch`].
    FetchInputs = [
        path_id("teacher"),
        condition_header("If-None-Match", IF_NONE_MATCH),
        problem(412, NOT_A_TAG_LIST),
        query_choice(
            "detail",
            &["history"],
            "`history`: the single form plus `history`, the teacher's employments of every school \
             year with their balances (docs/client.md §Teachers, TeacherHistory); any other value → 400.",
        ),
    ]
);

crate::inputs!(
    /// The query of [`list`].
    ListQuery = [
        query_id("schoolYear", false, "Only teachers with an employment in this school year."),
        query_flag(
            "employed",
            "Needs `schoolYear` (else 400 `invalid_query`): `true` = the teachers employed that year (as without it), \
             `false` = the non-archived teachers without an employment that year.",
        ),
        query_flag("archived", "Only archived (true) or only active (false) teachers."),
    ]
);

/// `GET /teacher/ID[?detail=history]`: the single form; with `detail=history`
/// also `history`, the teacher's employments by school year with their
/// balances (docs/workload.md §Balance). ETag and 304 as for every single form.
#[utoipa::path(get, path = "/teacher/{id}", tag = "teacher", summary = "One teacher (single form)",
    params(FetchInputs),
    responses(
        (status = 200, description = "The teacher (with `history` when asked for).",
            body = inline(Single<TeacherWithHistory>),
            headers(("ETag" = String, description = "Entity tag of this version of the object."))),
        (status = 304, description = "The object still has an ETag given in `If-None-Match`.",
            headers(("ETag" = String, description = "Entity tag of this version of the object."))),
        FetchInputs))]
async fn fetch(
    State(app): State<AppState>,
    PathId(id): PathId,
    pre: Preconditions,
    q: QueryParams,
) -> Result<Response> {
    let detail = q.choice("detail", &["history"])?;
    let (teacher, history) = resources::teacher_with_history(&app.store, TeacherId(id), detail.is_some()).await?;
    match history {
        None => crud::respond_read(TeacherId::KIND, id, &teacher, &pre),
        history => crud::respond_read(TeacherId::KIND, id, &TeacherWithHistory { teacher, history }, &pre),
    }
}

/// `GET /teacher[?schoolYear=ID[&employed=BOOL]][&archived=BOOL]`: list form, by
/// code; 404 for an unknown school year; `employed` without `schoolYear` → 400.
/// On the compatibility mount each element is the single form ([`resources::teachers`]):
/// the forms the existing client reads.
#[utoipa::path(get, path = "/teacher", tag = "teacher", summary = "Teachers (list form), by code",
    description = "On the existing client's compatibility mount (`--client-compat`, `/teacher`) each element is \
                   the single form instead (with gender, employeeNumber, birthday: docs/client.md).",
    params(ListQuery), responses((status = 200, description = "The teachers.", body = inline(List<TeacherListItem>)), ListQuery))]
async fn list(State(app): State<AppState>, mount: Mount, q: QueryParams) -> Result<Response> {
    let filter = TeacherFilter {
        school_year: q.id("schoolYear")?.map(SchoolYearId),
        archived: q.flag("archived")?,
        employed: q.flag("employed")?,
    };
    if filter.employed.is_some() && filter.school_year.is_none() {
        return Err(Error::new(ErrorCode::InvalidQuery, crate::i18n::Message::new("error-query-employed-needs-year")));
    }
    Ok(ok(&resources::teachers(&app.store, filter, mount == Mount::Client).await?))
}
