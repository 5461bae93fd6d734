//! `/poolentry`, `/posting`, `/thesis` and `/note` (docs/workload.md §Pool, postings, theses and notes).

use axum::extract::{Path, State};
use axum::response::Response;
use axum::routing::get;

use super::crud;
use super::etag::{ETag, Preconditions};
use super::extract::{Parsed, QueryParams};
use super::openapi::Operation;
use super::response::{created, ok, ok_written};
use super::routes::ApiRouter;
use super::AppState;
use crate::domain::ids::{SchoolYearId, TeacherId};
use crate::domain::pool::{parse_thesis_id, NewNote, Note, PoolEntry, Posting, Theses, ThesisCounts};
use crate::error::{Error, ErrorCode, Result};
use crate::service::audit::Actor;
use crate::service::pool::{self, Notes, PoolEntries, Postings};
use crate::store::pool::OwnerFilter;
use crate::store::Conn;

/// Routes of the four resources.
pub fn routes() -> ApiRouter {
    ApiRouter::new()
        .merge(crud::resource_routes::<PoolEntries, _, _>(
            list_pool_entries,
            Operation::get("/poolentry", "poolentry", "Pool entries of a school year, by teacher code, description")
                .query_id("schoolYear", true, "The school year (required).")
                .query_id("teacher", false, "Only this teacher's entries.")
                .json_list::<PoolEntry>(200, "The pool entries."),
        ))
        .merge(crud::resource_routes::<Postings, _, _>(
            list_postings,
            Operation::get("/posting", "posting", "Postings of a school year, by teacher code, start date")
                .query_id("schoolYear", true, "The school year (required).")
                .query_id("teacher", false, "Only this teacher's postings.")
                .json_list::<Posting>(200, "The postings (details list every posting type)."),
        ))
        .route("/thesis", get(list_theses))
        .route("/thesis/{id}", get(get_theses).put(put_theses))
        .doc(
            Operation::get("/thesis", "thesis", "Theses of a school year, one element per employment, by teacher code")
                .query_id("schoolYear", true, "The school year (required).")
                .json_list::<Theses>(200, "The theses per employed teacher."),
        )
        .doc(
            Operation::get("/thesis/{id}", "thesis", "The theses of one teacher in one school year")
                .describe("The id is `<schoolYearId>-<teacherId>`; 404 when the teacher has no employment that year.")
                .path_text("id", "`<schoolYearId>-<teacherId>`", THESIS_ID)
                .condition_header("If-None-Match", "ETags the client holds: 304 without a body when one still matches.")
                .json::<Theses>(200, "The theses.")
                .response_header(200, "ETag", "Entity tag of this version.")
                .empty(304, "Not modified.")
                .problem(412, "`If-None-Match` is malformed (`invalid_header`)."),
        )
        .doc(
            Operation::put("/thesis/{id}", "thesis", "Replace the thesis counts of one teacher in one school year")
                .path_text("id", "`<schoolYearId>-<teacherId>`", THESIS_ID)
                .body(
                    super::openapi::schemas::body_schema::<ThesisCounts>(crate::domain::Mode::Replace),
                    "`thesisCounts`: count per thesis type id; zeros are dropped.",
                )
                .condition_header(
                    "If-Match",
                    "An ETag from an earlier response: the change happens only if it still matches.",
                )
                .json::<Theses>(200, "The saved theses.")
                .response_header(200, "ETag", "Entity tag of the saved version.")
                .problem(409, "The school year is locked (docs/contract.md §Locked school years).")
                .problem(412, "`If-Match` does not match, or is malformed; nothing changed."),
        )
        .route("/note", get(list_notes).post(create_note))
        .route("/note/{id}", get(crud::fetch::<Notes>).delete(crud::remove::<Notes>))
        .doc(
            Operation::get("/note", "note", "Notes about a teacher, newest first")
                .query_id("teacher", true, "The teacher (required).")
                .json_list::<Note>(200, "The notes."),
        )
        .doc(
            Operation::post("/note", "note", "Write a note about a teacher")
                .body(
                    super::openapi::schemas::body_schema::<NewNote>(crate::domain::Mode::Create),
                    "`teacher` and `text`.",
                )
                .json::<Note>(201, "The note, with the author and time set by the server.")
                .response_header(201, "Location", "Path of the new note."),
        )
        .docs(
            super::openapi::resource::single_ops::<Notes>()
                .into_iter()
                .filter(|op| op.method != axum::http::Method::PUT)
                .collect::<Vec<_>>(),
        )
}

/// The pattern of a thesis id.
const THESIS_ID: &str = "^[1-9][0-9]{0,17}-[1-9][0-9]{0,17}$";

fn owner_filter(q: &QueryParams) -> Result<OwnerFilter> {
    Ok(OwnerFilter {
        school_year: Some(SchoolYearId(q.required_id("schoolYear")?)),
        teacher: q.id("teacher")?.map(TeacherId),
    })
}

async fn require_filter(conn: &mut Conn, f: &OwnerFilter) -> Result<()> {
    if let Some(y) = f.school_year {
        conn.require("school_year", SchoolYearId::KIND, y.0).await?;
    }
    if let Some(t) = f.teacher {
        conn.require("teacher", TeacherId::KIND, t.0).await?;
    }
    Ok(())
}

/// The list `list` reads for `f` (after its school year and teacher are
/// checked to exist), all from one snapshot.
async fn owned_list<T: serde::Serialize>(
    app: &AppState,
    f: OwnerFilter,
    list: impl AsyncFnOnce(&mut Conn, OwnerFilter) -> Result<Vec<T>>,
) -> Result<Response> {
    let items = app
        .store
        .snapshot(async |conn| {
            require_filter(conn, &f).await?;
            list(conn, f).await
        })
        .await?;
    Ok(ok(&items))
}

async fn list_pool_entries(State(app): State<AppState>, q: QueryParams) -> Result<Response> {
    owned_list(&app, owner_filter(&q)?, async |conn, f| conn.list_pool_entries(f).await).await
}

async fn list_postings(State(app): State<AppState>, q: QueryParams) -> Result<Response> {
    owned_list(&app, owner_filter(&q)?, async |conn, f| conn.list_postings(f).await).await
}

async fn list_theses(State(app): State<AppState>, q: QueryParams) -> Result<Response> {
    let f = OwnerFilter { school_year: Some(SchoolYearId(q.required_id("schoolYear")?)), teacher: None };
    owned_list(&app, f, async |conn, f| conn.list_theses(f).await).await
}

fn thesis_key(id: &str) -> Result<(i64, i64)> {
    parse_thesis_id(id).ok_or_else(|| {
        Error::new(ErrorCode::InvalidPathId, crate::i18n::Message::new("error-path-thesis-id").arg("id", id))
    })
}

fn no_theses(id: &str) -> Error {
    Error::new(ErrorCode::NotFound, crate::i18n::Message::new("error-no-theses").arg("id", id))
}

async fn get_theses(State(app): State<AppState>, Path(id): Path<String>, pre: Preconditions) -> Result<Response> {
    let (y, t) = thesis_key(&id)?;
    let item = app.store.snapshot(async |conn| conn.get_theses(y, t).await).await?.ok_or_else(|| no_theses(&id))?;
    let tag = ETag::of(&item)?;
    if let Some(not_modified) = pre.check_read("theses", y, &tag)? {
        return Ok(not_modified);
    }
    Ok(tag.attach(ok(&item)))
}

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

async fn list_notes(State(app): State<AppState>, q: QueryParams) -> Result<Response> {
    let teacher = q.required_id("teacher")?;
    let notes = app
        .store
        .snapshot(async |conn| {
            conn.require("teacher", TeacherId::KIND, teacher).await?;
            conn.list_notes(teacher).await
        })
        .await?;
    Ok(ok(&notes))
}

async fn create_note(State(app): State<AppState>, actor: Actor, Parsed(new): Parsed<NewNote>) -> Result<Response> {
    let written = pool::create_note(&app.store, &actor, &new).await?;
    Ok(ETag::from(&written.version).attach(created("note", written.id, &written.item)))
}
