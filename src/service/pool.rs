//! Writes of pool entries, postings and theses (docs/workload.md §Calculation, docs/contract.md §Locked school years): they belong to an employment, so the teacher must be employed in the
//! school year, and the year must be open. The store supplies the facts; the
//! rules are [`crate::domain::pool`]'s and [`crate::domain::schoolyear`]'s.
//! The ids a body names are checked by the caller (`service::references::check`).
//!
//! The use cases: pool entries and postings through [`PoolEntries`],
//! [`Postings`] and [`crate::service::crud`]; [`save_theses`];
//! [`create_note`] (get and delete of notes through [`Notes`]). The lists:
//! [`pool_entries`], [`postings`], [`theses_of_year`], [`theses`], [`notes`].

use super::audit::Actor;
use super::crud::{read_back, Crud, CrudCreate, Written};
use super::references;
use super::schoolyear::require_open;
use super::version::Expect;
use crate::domain::ids::{NoteId, PoolEntryId, PostingId, SchoolYearId, TeacherId};
use crate::domain::pool::{
    not_employed, NewNote, NewPoolEntry, NewPosting, Note, PoolEntry, Posting, Theses, ThesisCounts,
};
use crate::error::{Error, Result};
use crate::store::{Conn, Store};

pub use crate::store::pool::OwnerFilter;

/// 404 unless the school year and the teacher `f` names (when it names one) exist.
async fn require_owner(conn: &mut Conn, f: &OwnerFilter) -> Result<()> {
    if let Some(y) = f.school_year {
        conn.require("school_year", SchoolYearId::KIND, y.0).await?;
    }
    if let Some(t) = f.teacher {
        conn.require("teacher", TeacherId::KIND, t.0).await?;
    }
    Ok(())
}

/// The list `list` reads for `f`, after the school year and the teacher `f`
/// names are checked to exist, all in one snapshot.
async fn owned_list<T>(
    store: &Store,
    f: OwnerFilter,
    list: impl AsyncFnOnce(&mut Conn, OwnerFilter) -> Result<Vec<T>>,
) -> Result<Vec<T>> {
    store
        .snapshot(async |conn| {
            require_owner(conn, &f).await?;
            list(conn, f).await
        })
        .await
}

/// The pool entries `f` selects, by teacher code then description, read in
/// one snapshot (`GET /poolentry`;
/// docs/workload.md §Pool, postings, theses and notes). Errors: 404 for an unknown school year or teacher of `f`; the
/// database's (500/503).
pub async fn pool_entries(store: &Store, f: OwnerFilter) -> Result<Vec<PoolEntry>> {
    owned_list(store, f, async |conn, f| conn.list_pool_entries(f).await).await
}

/// The postings `f` selects, by teacher code then start date, read in one
/// snapshot (`GET /posting`;
/// docs/workload.md §Pool, postings, theses and notes). Errors: 404 for an unknown school year or teacher of `f`; the
/// database's (500/503).
pub async fn postings(store: &Store, f: OwnerFilter) -> Result<Vec<Posting>> {
    owned_list(store, f, async |conn, f| conn.list_postings(f).await).await
}

/// The theses of school year `year`, one element per employment, by teacher
/// code, read in one snapshot (`GET /thesis`;
/// docs/workload.md §Pool, postings, theses and notes). Errors: 404 for an unknown school year; the
/// database's (500/503).
pub async fn theses_of_year(store: &Store, year: SchoolYearId) -> Result<Vec<Theses>> {
    let f = OwnerFilter { school_year: Some(year), teacher: None };
    owned_list(store, f, async |conn, f| conn.list_theses(f).await).await
}

/// The theses of teacher `teacher` in school year `year` (`None` when the
/// teacher has no employment that year), read in one snapshot (`GET
/// /thesis/ID`). Errors: the database's (500/503).
pub async fn theses(store: &Store, year: i64, teacher: i64) -> Result<Option<Theses>> {
    store.snapshot(async |conn| conn.get_theses(year, teacher).await).await
}

/// The notes about teacher `teacher`, newest first, read in one snapshot
/// (`GET /note`). Errors: 404 for an unknown teacher; the database's
/// (500/503).
pub async fn notes(store: &Store, teacher: i64) -> Result<Vec<Note>> {
    store
        .snapshot(async |conn| {
            conn.require("teacher", TeacherId::KIND, teacher).await?;
            conn.list_notes(teacher).await
        })
        .await
}

/// 409 `school_year_locked` for a locked year, 422 `teacher_not_employed`
/// when the teacher has no employment in it. For a change, `before` is the
/// year the entry is in now: it must be open too (checked first, once when
/// the entry stays in its year).
async fn check_owner(
    conn: &mut Conn,
    before: Option<SchoolYearId>,
    year: SchoolYearId,
    teacher: TeacherId,
) -> Result<()> {
    if let Some(before) = before.filter(|b| *b != year) {
        require_open(conn, before).await?;
    }
    require_open(conn, year).await?;
    if conn.employment_of(teacher, year).await?.is_none() {
        let (t, y) =
            conn.owner_codes(teacher, year).await?.ok_or_else(|| Error::not_found(TeacherId::KIND, teacher.0))?;
        return Err(not_employed(&t, &y));
    }
    Ok(())
}

/// Creates a pool entry (the checks of an owner: open year, employed teacher).
pub async fn create_pool_entry(conn: &mut Conn, new: &NewPoolEntry) -> Result<PoolEntryId> {
    check_owner(conn, None, new.school_year, new.teacher).await?;
    conn.create_pool_entry(new).await
}

/// Saves `new` over pool entry `id` in state `before`: 409 when its current
/// or its new year is locked, 422 when the new teacher is not employed.
pub async fn update_pool_entry(conn: &mut Conn, id: PoolEntryId, before: &PoolEntry, new: &NewPoolEntry) -> Result<()> {
    check_owner(conn, Some(before.school_year.id), new.school_year, new.teacher).await?;
    conn.update_pool_entry(id, new).await
}

/// Deletes pool entry `id` in state `before`: 409 when its year is locked.
pub async fn delete_pool_entry(conn: &mut Conn, id: PoolEntryId, before: &PoolEntry) -> Result<()> {
    require_open(conn, before.school_year.id).await?;
    conn.delete_pool_entry(id).await
}

/// Creates a posting with its details (the checks of an owner).
pub async fn create_posting(conn: &mut Conn, new: &NewPosting) -> Result<PostingId> {
    check_owner(conn, None, new.school_year, new.teacher).await?;
    conn.create_posting(new).await
}

/// Saves `new` over posting `id` in state `before` (as [`update_pool_entry`]).
pub async fn update_posting(conn: &mut Conn, id: PostingId, before: &Posting, new: &NewPosting) -> Result<()> {
    check_owner(conn, Some(before.school_year.id), new.school_year, new.teacher).await?;
    conn.update_posting(id, new).await
}

/// Deletes posting `id` in state `before`: 409 when its year is locked.
pub async fn delete_posting(conn: &mut Conn, id: PostingId, before: &Posting) -> Result<()> {
    require_open(conn, before.school_year.id).await?;
    conn.delete_posting(id).await
}

/// Replaces the thesis counts of the employment whose theses are `before`:
/// 409 when its year is locked, 422 `unknown_reference` for an unknown thesis type.
pub async fn set_theses(conn: &mut Conn, before: &Theses, counts: &ThesisCounts) -> Result<()> {
    require_open(conn, before.school_year.id).await?;
    super::references::check(conn, counts).await?;
    conn.replace_theses(before.school_year.id, before.teacher.id, &counts.0).await
}

macro_rules! owned_resource {
    ($marker:ident, $id:ident, $new:ty, $single:ty, $path:literal, $noun:literal, $table:literal, $get:ident, $create:ident, $update:ident, $delete:ident) => {
        #[doc = concat!("The `/", $path, "` resource for the generic use cases.")]
        pub struct $marker;
        impl CrudCreate for $marker {
            type New = $new;
            async fn create(tx: &mut Conn, new: &$new) -> Result<i64> {
                Ok($create(tx, new).await?.0)
            }
        }
        impl Crud for $marker {
            const PATH: &'static str = $path;
            const NOUN: &'static str = $noun;
            const TABLE: &'static str = $table;
            type Update = $new;
            type Single = $single;
            async fn get(conn: &mut Conn, id: i64) -> Result<Option<$single>> {
                conn.$get($id(id)).await
            }
            async fn save(tx: &mut Conn, id: i64, before: &$single, new: &$new) -> Result<$single> {
                $update(tx, $id(id), before, new).await?;
                read_back::<Self>(tx, id).await
            }
            async fn delete(tx: &mut Conn, id: i64, before: &$single) -> Result<()> {
                $delete(tx, $id(id), before).await
            }
        }
    };
}

owned_resource!(
    PoolEntries,
    PoolEntryId,
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
    PostingId,
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
        conn.get_note(NoteId(id)).await
    }
    /// Notes are written once: there is no save (and no `PUT /note/ID`).
    async fn save(_tx: &mut Conn, id: i64, _before: &Note, _new: &NewNote) -> Result<Note> {
        Err(Error::not_found("note", id))
    }
    async fn delete(tx: &mut Conn, id: i64, _before: &Self::Single) -> Result<()> {
        tx.delete_note(NoteId(id)).await
    }
}

/// Saves the thesis counts of teacher `teacher` in school year `year` for
/// `actor` ([`set_theses`]): 412 when `expect` does not hold for the current
/// counts; `Ok(None)` when the teacher has no employment in that year (there
/// are no theses to save). Returns the theses as written.
pub async fn save_theses(
    store: &Store,
    actor: &Actor,
    year: i64,
    teacher: i64,
    expect: &Expect,
    counts: &ThesisCounts,
) -> Result<Option<Written<Theses>>> {
    let mut tx = store.begin().await?;
    let Some(before) = tx.get_theses(year, teacher).await? else { return Ok(None) };
    expect.check_form("theses", year, &before)?;
    set_theses(&mut tx, &before, counts).await?;
    let Some(item) = tx.get_theses(year, teacher).await? else { return Ok(None) };
    actor.record(&mut tx, "thesis", teacher, Some(&before), Some(&item)).await?;
    tx.commit().await?;
    Written::new(teacher, item).map(Some)
}

/// Writes note `new` for `actor`, who is its author (`unknown` without a
/// principal), stamped with the current time; 422 `unknown_reference` for an
/// unknown teacher. Returns the note as written.
pub async fn create_note(store: &Store, actor: &Actor, new: &NewNote) -> Result<Written<Note>> {
    let author = actor.principal.as_ref().map_or_else(|| "unknown".to_string(), |p| p.name.clone());
    let now = chrono::Utc::now().format("%Y-%m-%dT%H:%M:%S%.6fZ").to_string();
    let mut tx = store.begin().await?;
    references::check(&mut tx, new).await?;
    let id = tx.create_note(new, &author, &now).await?;
    let item = tx.get_note(id).await?.ok_or_else(|| Error::not_found(Notes::NOUN, id.0))?;
    actor.record(&mut tx, Notes::PATH, id.0, None::<&()>, Some(&item)).await?;
    tx.commit().await?;
    Written::new(id.0, item)
}
