//! `/poolentry`, `/posting`, `/thesis` and `/note` (docs/workload.md §Pool, postings, theses and notes).

use crate::service::{pool, references};
use axum::extract::{Path, State};
use axum::response::Response;
use axum::routing::get;

use super::crud::{self, Audit, Crud, CrudCreate};
use super::etag::{ETag, Preconditions};
use super::extract::{Parsed, QueryParams};
use super::openapi::Operation;
use super::response::{created, ok};
use super::routes::ApiRouter;
use super::AppState;
use crate::domain::ids::{SchoolYearId, TeacherId};
use crate::domain::pool::{
    parse_thesis_id, NewNote, NewPoolEntry, NewPosting, Note, PoolEntry, Posting, Theses, ThesisCounts,
};
use crate::error::{Error, ErrorCode, Result};
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
        Error::new(ErrorCode::InvalidPathId, format!("`{id}` is not a thesis id `<schoolYearId>-<teacherId>`."))
    })
}

fn no_theses(id: &str) -> Error {
    Error::new(
        ErrorCode::NotFound,
        format!("There are no theses {id}: the teacher has no employment in that school year."),
    )
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
    audit: Audit,
    Path(id): Path<String>,
    pre: Preconditions,
    Parsed(counts): Parsed<ThesisCounts>,
) -> Result<Response> {
    let (y, t) = thesis_key(&id)?;
    let mut tx = app.store.begin().await?;
    let before = tx.get_theses(y, t).await?.ok_or_else(|| no_theses(&id))?;
    pre.check_write("theses", y, &ETag::of(&before)?)?;
    pool::set_theses(&mut tx, &before, &counts).await?;
    let item = tx.get_theses(y, t).await?.ok_or_else(|| no_theses(&id))?;
    audit.record(&mut tx, "thesis", t, Some(&before), Some(&item)).await?;
    tx.commit().await?;
    Ok(ETag::of(&item)?.attach(ok(&item)))
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

async fn create_note(State(app): State<AppState>, audit: Audit, Parsed(new): Parsed<NewNote>) -> Result<Response> {
    let author = audit.principal.as_ref().map_or_else(|| "unknown".to_string(), |p| p.name.clone());
    let now = chrono::Utc::now().format("%Y-%m-%dT%H:%M:%S%.6fZ").to_string();
    let mut tx = app.store.begin().await?;
    references::check(&mut tx, &new).await?;
    let id = tx.create_note(&new, &author, &now).await?;
    let item = tx.get_note(id).await?.ok_or_else(|| Error::not_found("note", id))?;
    audit.record(&mut tx, "note", id, None::<&()>, Some(&item)).await?;
    tx.commit().await?;
    Ok(ETag::of(&item)?.attach(created("note", id, &item)))
}

macro_rules! owned_resource {
    ($marker:ident, $new:ty, $single:ty, $path:literal, $noun:literal, $table:literal, $get:ident, $create:ident, $update:ident, $delete:ident) => {
        #[doc = concat!("The `/", $path, "` resource.")]
        pub struct $marker;
        impl CrudCreate for $marker {
            type New = $new;
            async fn create(tx: &mut Conn, new: &$new) -> Result<i64> {
                pool::$create(tx, new).await
            }
        }
        impl Crud for $marker {
            const PATH: &'static str = $path;
            const NOUN: &'static str = $noun;
            const TABLE: &'static str = $table;
            type Update = $new;
            type Single = $single;
            async fn get(conn: &mut Conn, id: i64) -> Result<Option<$single>> {
                conn.$get(id).await
            }
            async fn update(tx: &mut Conn, id: i64, new: &$new) -> Result<()> {
                let before = Self::get(tx, id).await?.ok_or_else(|| Error::not_found(Self::NOUN, id))?;
                pool::$update(tx, id, &before, new).await
            }
            async fn save(tx: &mut Conn, id: i64, before: &$single, new: &$new) -> Result<$single> {
                pool::$update(tx, id, before, new).await?;
                Self::get(tx, id).await?.ok_or_else(|| Error::not_found(Self::NOUN, id))
            }
            async fn delete(tx: &mut Conn, id: i64, before: &$single) -> Result<()> {
                pool::$delete(tx, id, before).await
            }
        }
    };
}

owned_resource!(
    PoolEntries,
    NewPoolEntry,
    PoolEntry,
    "poolentry",
    "pool entry",
    "pool_entry",
    get_pool_entry,
    create_pool_entry,
    update_pool_entry,
    delete_pool_entry
);
owned_resource!(
    Postings,
    NewPosting,
    Posting,
    "posting",
    "posting",
    "posting",
    get_posting,
    create_posting,
    update_posting,
    delete_posting
);

/// The `/note` resource (no PUT: notes are written once).
pub struct Notes;
impl Crud for Notes {
    const PATH: &'static str = "note";
    const NOUN: &'static str = "note";
    const TABLE: &'static str = "note";
    type Update = NewNote;
    type Single = Note;
    async fn get(conn: &mut Conn, id: i64) -> Result<Option<Note>> {
        conn.get_note(id).await
    }
    async fn update(_tx: &mut Conn, id: i64, _new: &NewNote) -> Result<()> {
        Err(Error::not_found("note", id))
    }
    async fn delete(tx: &mut Conn, id: i64, _before: &Self::Single) -> Result<()> {
        tx.delete_note(id).await
    }
}
