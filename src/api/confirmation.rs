//! The planners' side of teachers' sheets (docs/teachers.md §The API):
//! `POST /schoolyear/ID/release`, `GET /confirmation?schoolYear=ID` and
//! `POST /confirmation/answer`.

use axum::extract::{Path, State};
use axum::response::Response;

use super::extract::{JsonBody, QueryParams};
use super::openapi::annotations::{List, Single};
use super::openapi::schemas;
use super::response::ok;
use super::routes::ApiRouter;
use super::schoolyear::year_id;
use super::AppState;
use crate::domain::body_reader::{describe, Mode};
use crate::domain::confirmation::{Confirmation, Release};
use crate::domain::ids::SchoolYearId;
use crate::error::Result;
use crate::service::audit::Actor;
use crate::service::confirmation as sheets;

/// Routes of the release, the confirmations and the answer.
pub fn routes() -> ApiRouter {
    ApiRouter::new()
        .routes(utoipa_axum::routes!(release))
        .routes(utoipa_axum::routes!(list))
        .routes(utoipa_axum::routes!(answer))
}

crate::json_schema!(
    /// The body of [`release`].
    ReleaseBody = schemas::fields_schema(&describe(sheets::read_release), Mode::Create)
);

crate::inputs!(
    /// Parameters and problems of [`release`].
    ReleaseInputs = [path_id("school year"), body()]
);

crate::inputs!(
    /// The query of [`list`].
    ListQuery = [query_id("schoolYear", true, "The school year (required).")]
);

crate::json_schema!(
    /// The body of [`answer`].
    AnswerBody = schemas::fields_schema(&describe(sheets::read_answer), Mode::Create)
);

crate::inputs!(
    /// The problems of [`answer`].
    AnswerInputs = [
        body(),
        problem(404, "The teacher has no employment in this school year."),
        problem(409, "The sheet is not released to the teachers yet (`not_released`)."),
    ]
);

/// `POST /schoolyear/ID/release` (planner).
#[utoipa::path(post, path = "/schoolyear/{id}/release", tag = "confirmation",
    summary = "Release a school year's sheets to the teachers",
    description = "Of one division (`{\"division\": ID}`) or of every division (`{\"division\": null}` or `{}`); \
                   the teachers then read and confirm their sheets (docs/teachers.md §Release and confirmation). \
                   Releasing again what is released changes nothing and answers the earlier release. \
                   When the service's mail is configured, each newly released teacher with an account gets a mail \
                   (docs/teachers.md §Mails).",
    params(ReleaseInputs),
    request_body(content = inline(ReleaseBody), description = "The division, or null for every division."),
    responses((status = 200, description = "The release.", body = inline(Single<Release>)), ReleaseInputs))]
async fn release(
    State(app): State<AppState>,
    actor: Actor,
    Path(id): Path<String>,
    JsonBody(body): JsonBody,
) -> Result<Response> {
    let year = year_id(&id)?;
    let division = sheets::read_release(&body)?;
    let mail = app.jobs.config().mail_settings();
    Ok(ok(&sheets::release(&app.store, &actor, year, division, mail.as_ref()).await?))
}

/// `GET /confirmation?schoolYear=ID` (reader).
#[utoipa::path(get, path = "/confirmation", tag = "confirmation", summary = "The state of every sheet of a school year",
    description = "One confirmation per employment, by teacher code (docs/teachers.md §Release and confirmation).",
    params(ListQuery),
    responses((status = 200, description = "The confirmations.", body = inline(List<Confirmation>)), ListQuery))]
async fn list(State(app): State<AppState>, q: QueryParams) -> Result<Response> {
    let year = SchoolYearId(q.required_id("schoolYear")?);
    Ok(ok(&sheets::year_confirmations(&app.store, year).await?))
}

/// `POST /confirmation/answer` (planner).
#[utoipa::path(post, path = "/confirmation/answer", tag = "confirmation", summary = "Answer a teacher's question",
    description = "The answer to the open question of a teacher about their sheet of a school year; the teacher reads it \
                   with their sheet (docs/teachers.md §Release and confirmation).",
    request_body(content = inline(AnswerBody), description = "Teacher, school year and the answer."),
    responses((status = 200, description = "The confirmation with the answer.", body = inline(Single<Confirmation>)),
        AnswerInputs))]
async fn answer(State(app): State<AppState>, actor: Actor, JsonBody(body): JsonBody) -> Result<Response> {
    let (teacher, year, text) = sheets::read_answer(&body)?;
    Ok(ok(&sheets::answer(&app.store, &actor, teacher, year, &text).await?))
}
