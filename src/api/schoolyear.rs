//! `/schoolyear` (docs/api.md §Endpoints): list (`?archived=`), get, create, save,
//! delete; `POST /schoolyear/ID/open` (docs/documents.md §Opening a school year) and `GET /schoolyear/ID/check` (docs/documents.md §Plan check).

use axum::extract::{Path, State};
use axum::response::Response;
use serde_json::json;
use utoipa_axum::routes;

use super::extract::{OptionalJsonBody, QueryParams};
use super::lang::RequestLang;
use super::openapi::annotations::{List, Single};
use super::response::ok;
use super::routes::ApiRouter;
use super::AppState;
use crate::domain::check::Finding;
use crate::domain::ids::SchoolYearId;
use crate::domain::schoolyear::SchoolYear;
use crate::error::Result;
use crate::service;
use crate::service::audit::Actor;
use crate::service::opening::{open_school_year_for, OpeningReport};
use crate::service::schoolyear::{self, SchoolYears};

/// Routes of `/schoolyear`.
pub fn routes() -> ApiRouter {
    let mut open = routes!(open);
    // The body of `open` is optional, which an annotation cannot state for a body that is not an `Option`.
    for op in open.1.paths.values_mut().filter_map(|item| item.post.as_mut()) {
        if let Some(utoipa::openapi::RefOr::T(body)) = op.request_body.as_mut() {
            body.required = Some(utoipa::openapi::Required::False);
        }
    }
    ApiRouter::new()
        .routes(routes!(list))
        .merge(crate::crud_routes!(SchoolYears: create, get, save, delete))
        .routes(open)
        .routes(routes!(check))
}

crate::inputs!(
    /// `?archived=`.
    ListQuery = [query_flag("archived", "Only archived (true) or only non-archived (false) school years.")]
);

crate::inputs!(
    /// Parameters and problems of [`open`].
    OpenInputs = [
        path_id("school year"),
        body(),
        problem(409, "The school year is archived or finalised (`school_year_locked`)."),
        problem(
            422,
            "No school year has a lower graduation year (`no_previous_year`), or a planned course broke a \
             course rule (docs/contract.md §Courses); nothing was created.",
        ),
    ]
);

crate::json_schema!(
    /// The (ignored) body of [`open`].
    OpenBody = json!({"type": "object", "description": "No fields; the body is ignored."})
);

crate::inputs!(
    /// The path id of [`check`].
    CheckInputs = [path_id("school year")]
);

/// `POST /schoolyear/ID/open` (planner): opens the year in one transaction;
/// every created course, employment and pool entry gets its audit entry.
///
/// The body is optional; when sent it must be a JSON object, whose fields are
/// ignored. (It is read in any case: a body left unread in the socket when the
/// server closes a `Connection: close` connection makes the kernel reset it,
/// and the client loses the end of the large report.)
#[utoipa::path(post, path = "/schoolyear/{id}/open", tag = "schoolyear", summary = "Open a school year from the one before it",
    description = "docs/documents.md §Opening a school year, in one transaction: copies the previous year's employments whose teacher has \
                   none in this year, creates the class courses and cross-class courses the lesson table implies \
                   (`start`: empty courses, `continuation`: copies of last year's courses with their teachers), \
                   and, when the year has no pool entries yet, copies the previous year's entries whose pool type \
                   has `autoCopy`. Idempotent: a second run creates nothing. No request body.",
    params(OpenInputs), request_body(content = inline(OpenBody), description = "Nothing, or `{}`."),
    responses((status = 200, description = "What was created, listed and counted.", body = inline(Single<OpeningReport>)),
        OpenInputs))]
async fn open(
    State(app): State<AppState>,
    actor: Actor,
    RequestLang(lang): RequestLang,
    Path(id): Path<String>,
    _ignored: OptionalJsonBody,
) -> Result<Response> {
    let id = year_id(&id)?;
    let mut report = open_school_year_for(&app.store, &actor, id).await?;
    report.warnings = report.warnings.into_iter().map(|f| f.in_lang(lang)).collect();
    Ok(ok(&report))
}

/// `GET /schoolyear/ID/check` (reader): the findings of the plan check.
/// The `detail`s are in the request's language (docs/i18n.md §Findings).
#[utoipa::path(get, path = "/schoolyear/{id}/check", tag = "schoolyear", summary = "Check the plan of a school year",
    description = "docs/documents.md §Plan check: errors first, then warnings, each with the objects concerned.",
    params(CheckInputs), responses(
        (status = 200, description = "The findings (empty when the plan is clean).", body = inline(List<Finding>)), CheckInputs))]
async fn check(
    State(app): State<AppState>,
    RequestLang(lang): RequestLang,
    Path(id): Path<String>,
) -> Result<Response> {
    let id = year_id(&id)?;
    let findings = service::check::findings(&app.store, id).await?;
    Ok(ok(&findings.into_iter().map(|f| f.in_lang(lang)).collect::<Vec<_>>()))
}

/// The school year id of a `/schoolyear/{id}/…` path: 400 `invalid_path_id` unless a positive integer.
pub(super) fn year_id(raw: &str) -> Result<SchoolYearId> {
    match raw.parse::<i64>() {
        Ok(id) if crate::domain::body_reader::is_id_text(raw) => Ok(SchoolYearId(id)),
        _ => Err(crate::error::Error::new(
            crate::error::ErrorCode::InvalidPathId,
            crate::i18n::Message::new("error-path-id").arg("raw", raw),
        )),
    }
}

/// `GET /schoolyear[?archived=BOOL]`: ordered by graduation year.
#[utoipa::path(get, path = "/schoolyear", tag = "schoolyear", summary = "School years, by graduation year", params(ListQuery),
    responses((status = 200, description = "The school years.", body = inline(List<SchoolYear>)), ListQuery))]
async fn list(State(app): State<AppState>, q: QueryParams) -> Result<Response> {
    let archived = q.flag("archived")?;
    Ok(ok(&schoolyear::list(&app.store, archived).await?))
}
