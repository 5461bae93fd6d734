//! `/me/…` (docs/teachers.md §The API): what a `teacher` account reads and
//! sends about its own sheets. Every route needs a teacher account (403
//! `forbidden` for the other roles); the teacher is the account's, never a
//! parameter, so no request can name another teacher.

use axum::extract::State;
use axum::response::Response;

use super::extract::{JsonBody, QueryParams};
use super::lang::RequestLang;
use super::openapi::annotations::Single;
use super::openapi::schemas;
use super::response::ok;
use super::routes::ApiRouter;
use super::AppState;
use crate::auth::Principal;
use crate::domain::body_reader::{describe, Mode};
use crate::domain::confirmation::Confirmation;
use crate::domain::ids::SchoolYearId;
use crate::domain::workload::forms::Workload;
use crate::error::Result;
use crate::service::audit::Actor;
use crate::service::confirmation::{self as sheets, own_teacher};

/// Routes of `/me`.
pub fn routes() -> ApiRouter {
    ApiRouter::new().routes(utoipa_axum::routes!(workload)).routes(utoipa_axum::routes!(confirmation, confirm))
}

crate::inputs!(
    /// The query of [`workload`] and [`confirmation`].
    YearQuery = [
        query_id("schoolYear", true, "The school year (required)."),
        problem(404, "The teacher has no employment in this school year."),
    ]
);

crate::inputs!(
    /// The query and problems of [`workload`].
    SheetQuery = [
        query_id("schoolYear", true, "The school year (required)."),
        problem(404, "The teacher has no employment in this school year."),
        problem(409, "The sheet is not released to the teachers yet (`not_released`)."),
    ]
);

crate::json_schema!(
    /// The body of [`confirm`].
    WordBody = schemas::fields_schema(&describe(sheets::read_teacher_word), Mode::Create)
);

crate::inputs!(
    /// The problems of [`confirm`].
    WordInputs = [
        body(),
        problem(404, "The teacher has no employment in this school year."),
        problem(409, "The sheet is not released to the teachers yet (`not_released`)."),
        problem(412, "The sheet changed since the version sent as `digest` (`precondition_failed`)."),
    ]
);

/// `GET /me/workload?schoolYear=ID`: the caller's own sheet.
#[utoipa::path(get, path = "/me/workload", tag = "me", summary = "The own workload sheet (teacher accounts)",
    description = "The same document as `GET /workload?schoolYear=ID&teacher=ID` for the caller's own teacher, \
                   once the year is released to them (docs/teachers.md §What a teacher sees).",
    params(SheetQuery),
    responses((status = 200, description = "The sheet.", body = inline(Single<Workload>)), SheetQuery))]
async fn workload(
    State(app): State<AppState>,
    p: Principal,
    RequestLang(lang): RequestLang,
    q: QueryParams,
) -> Result<Response> {
    let teacher = own_teacher(&app.store, &p).await?;
    let year = SchoolYearId(q.required_id("schoolYear")?);
    let (sheet, _) = sheets::own_sheet(&app.store, teacher, year).await?;
    Ok(ok(&sheet.in_lang(lang)))
}

/// `GET /me/confirmation?schoolYear=ID`: the state of the caller's own sheet.
#[utoipa::path(get, path = "/me/confirmation", tag = "me", summary = "The state of the own sheet (teacher accounts)",
    description = "State, confirmed version and figures, remark, question and answer (docs/teachers.md §Release and confirmation). \
                   Answers also before the release (`notReleased`).",
    params(YearQuery),
    responses((status = 200, description = "The confirmation.", body = inline(Single<Confirmation>)), YearQuery))]
async fn confirmation(State(app): State<AppState>, p: Principal, q: QueryParams) -> Result<Response> {
    let teacher = own_teacher(&app.store, &p).await?;
    let year = SchoolYearId(q.required_id("schoolYear")?);
    Ok(ok(&sheets::own_confirmation(&app.store, teacher, year).await?))
}

/// `POST /me/confirmation`: confirms the own sheet, or asks a question.
#[utoipa::path(post, path = "/me/confirmation", tag = "me", summary = "Confirm the own sheet, or ask a question (teacher accounts)",
    description = "`{\"schoolYear\", \"remark\"?}` confirms the sheet as it is now (Kenntnisnahme); \
                   `{\"schoolYear\", \"question\"}` sends a question or objection to the planners instead. \
                   With `digest` (the `currentDigest` the teacher saw) the confirmation holds only for that version.",
    request_body(content = inline(WordBody), description = "The school year and a remark or a question."),
    responses((status = 200, description = "The confirmation as stored.", body = inline(Single<Confirmation>)), WordInputs))]
async fn confirm(
    State(app): State<AppState>,
    p: Principal,
    actor: Actor,
    JsonBody(body): JsonBody,
) -> Result<Response> {
    let teacher = own_teacher(&app.store, &p).await?;
    let word = sheets::read_teacher_word(&body)?;
    Ok(ok(&sheets::record_word(&app.store, &actor, teacher, &word).await?))
}
