//! `/poolentry`, `/posting`, `/thesis` and `/note` (docs/workload.md §Pool, postings, theses and notes).

use axum::extract::{Path, State};
use axum::response::Response;
use utoipa_axum::routes;

use super::etag::{ETag, Preconditions};
use super::extract::{Parsed, QueryParams};
use super::openapi::annotations::{List, Single};
use super::openapi::schemas::body_schema;
use super::response::{created, ok, ok_written};
use super::routes::ApiRouter;
use super::AppState;
use crate::domain::ids::{SchoolYearId, TeacherId};
use crate::domain::pool::{parse_thesis_id, NewNote, Note, PoolEntry, Posting, Theses, ThesisCounts};
use crate::error::{Error, ErrorCode, Result};
use crate::service::audit::Actor;
use crate::service::pool::{self, Notes, OwnerFilter, PoolEntries, Postings};

/// Routes of the four resources.
pub fn routes() -> ApiRouter {
    ApiRouter::new()
        .routes(routes!(list_pool_entries))
        .merge(crate::crud_routes!(PoolEntries: create, get, save, delete))
        .routes(routes!(list_postings))
        .merge(crate::crud_routes!(Postings: create, get, save, delete))
        .routes(routes!(list_theses))
        .routes(routes!(get_theses, put_theses))
        .routes(routes!(list_notes, create_note))
        .merge(crate::crud_routes!(Notes: get, delete))
}

crate::inputs!(
    /// The query of [`list_pool_entries`].
    PoolEntryQuery = [
        query_id("schoolYear", true, "The school year (required)."),
        query_id("teacher", false, "Only this teacher's entries."),
    ]
);

crate::inputs!(
    /// The query of [`list_postings`].
    PostingQuery = [
        query_id("schoolYear", true, "The school year (required)."),
        query_id("teacher", false, "Only this teacher's postings."),
    ]
);

crate::inputs!(
    /// The query of [`list_theses`].
    ThesisQuery = [query_id("schoolYear", true, "The school year (required).")]
);

crate::inputs!(
    /// Parameters and problems of [`get_theses`].
    GetThesesInputs = [
        path_text("id", "`<schoolYearId>-<teacherId>`", THESIS_ID),
        condition_header("If-None-Match", "ETags the client holds: 304 without a body when one still matches."),
        problem(412, "`If-None-Match` is malformed (`invalid_header`)."),
    ]
);

crate::inputs!(
    /// Parameters and problems of [`put_theses`].
    PutThesesInputs = [
        path_text("id", "`<schoolYearId>-<teacherId>`", THESIS_ID),
        body(),
        condition_header("If-Match", "An ETag from an earlier response: the change happens only if it still matches."),
        problem(409, "The school year is locked (docs/contract.md §Locked school years)."),
        problem(412, "`If-Match` does not match, or is malformed; nothing changed."),
    ]
);

crate::json_schema!(
    /// The body of [`put_theses`].
    ThesesBody = body_schema::<ThesisCounts>(crate::domain::Mode::Replace)
);

crate::inputs!(
    /// The query of [`list_notes`].
    NoteQuery = [query_id("teacher", true, "The teacher (required).")]
);

crate::inputs!(
    /// The body problems of [`create_note`].
    NoteInputs = [body()]
);

crate::json_schema!(
    /// The body of [`create_note`].
    NoteBody = body_schema::<NewNote>(crate::domain::Mode::Create)
);

/// The pattern of a thesis id.
const THESIS_ID: &str = "^[1-9][0-9]{0,17}-[1-9][0-9]{0,17}$";

fn owner_filter(q: &QueryParams) -> Result<OwnerFilter> {
    Ok(OwnerFilter {
        school_year: Some(SchoolYearId(q.required_id("schoolYear")?)),
        teacher: q.id("teacher")?.map(TeacherId),
    })
}

#[utoipa::path(get, path = "/poolentry", tag = "poolentry",
    summary = "Pool entries of a school year, by teacher code, description", params(PoolEntryQuery),
    responses((status = 200, description = "The pool entries.", body = inline(List<PoolEntry>)), PoolEntryQuery))]
async fn list_pool_entries(State(app): State<AppState>, q: QueryParams) -> Result<Response> {
    Ok(ok(&pool::pool_entries(&app.store, owner_filter(&q)?).await?))
}

#[utoipa::path(get, path = "/posting", tag = "posting", summary = "Postings of a school year, by teacher code, start date",
    params(PostingQuery), responses(
        (status = 200, description = "The postings (details list every posting type).", body = inline(List<Posting>)),
        PostingQuery))]
async fn list_postings(State(app): State<AppState>, q: QueryParams) -> Result<Response> {
    Ok(ok(&pool::postings(&app.store, owner_filter(&q)?).await?))
}

#[utoipa::path(get, path = "/thesis", tag = "thesis",
    summary = "Theses of a school year, one element per employment, by teacher code", params(ThesisQuery),
    responses((status = 200, description = "The theses per employed teacher.", body = inline(List<Theses>)), ThesisQuery))]
async fn list_theses(State(app): State<AppState>, q: QueryParams) -> Result<Response> {
    let year = SchoolYearId(q.required_id("schoolYear")?);
    Ok(ok(&pool::theses_of_year(&app.store, year).await?))
}

fn thesis_key(id: &str) -> Result<(i64, i64)> {
    parse_thesis_id(id).ok_or_else(|| {
        Error::new(ErrorCode::InvalidPathId, crate::i18n::Message::new("error-path-thesis-id").arg("id", id))
    })
}

fn no_theses(id: &str) -> Error {
    Error::new(ErrorCode::NotFound, crate::i18n::Message::new("error-no-theses").arg("id", id))
}

#[utoipa::path(get, path = "/thesis/{id}", tag = "thesis", summary = "The theses of one teacher in one school year",
    description = "The id is `<schoolYearId>-<teacherId>`; 404 when the teacher has no employment that year.",
    params(GetThesesInputs), responses(
        (status = 200, description = "The theses.", body = inline(Single<Theses>),
            headers(("ETag" = String, description = "Entity tag of this version."))),
        (status = 304, description = "Not modified."),
        GetThesesInputs))]
async fn get_theses(State(app): State<AppState>, Path(id): Path<String>, pre: Preconditions) -> Result<Response> {
    let (y, t) = thesis_key(&id)?;
    let item = pool::theses(&app.store, y, t).await?.ok_or_else(|| no_theses(&id))?;
    let tag = ETag::of(&item)?;
    if let Some(not_modified) = pre.check_read("theses", y, &tag)? {
        return Ok(not_modified);
    }
    Ok(tag.attach(ok(&item)))
}

#[utoipa::path(put, path = "/thesis/{id}", tag = "thesis",
    summary = "Replace the thesis counts of one teacher in one school year", params(PutThesesInputs),
    request_body(content = inline(ThesesBody), description = "`thesisCounts`: count per thesis type id; zeros are dropped."),
    responses(
        (status = 200, description = "The saved theses.", body = inline(Single<Theses>),
            headers(("ETag" = String, description = "Entity tag of the saved version."))),
        PutThesesInputs))]
async fn put_theses(
    State(app): State<AppState>,
    actor: Actor,
    Path(id): Path<String>,
    pre: Preconditions,
    Parsed(counts): Parsed<ThesisCounts>,
) -> Result<Response> {
    let (y, t) = thesis_key(&id)?;
    let written =
        pool::save_theses(&app.store, &actor, y, t, &pre.expect(), &counts).await?.ok_or_else(|| no_theses(&id))?;
    Ok(ok_written(&written.item, &written.version))
}

#[utoipa::path(get, path = "/note", tag = "note", summary = "Notes about a teacher, newest first", params(NoteQuery),
    responses((status = 200, description = "The notes.", body = inline(List<Note>)), NoteQuery))]
async fn list_notes(State(app): State<AppState>, q: QueryParams) -> Result<Response> {
    let teacher = q.required_id("teacher")?;
    Ok(ok(&pool::notes(&app.store, teacher).await?))
}

#[utoipa::path(post, path = "/note", tag = "note", summary = "Write a note about a teacher",
    request_body(content = inline(NoteBody), description = "`teacher` and `text`."),
    responses(
        (status = 201, description = "The note, with the author and time set by the server.", body = inline(Single<Note>),
            headers(("Location" = String, description = "Path of the new note."))),
        NoteInputs))]
async fn create_note(State(app): State<AppState>, actor: Actor, Parsed(new): Parsed<NewNote>) -> Result<Response> {
    let written = pool::create_note(&app.store, &actor, &new).await?;
    Ok(ETag::from(&written.version).attach(created("note", written.id, &written.item)))
}
