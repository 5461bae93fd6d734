//! Writes of pool entries, postings and theses (docs/workload.md §Calculation, docs/contract.md §Locked school years): they belong to an employment, so the teacher must be employed in the
//! school year, and the year must be open. The store supplies the facts; the
//! rules are [`crate::domain::pool`]'s and [`crate::domain::schoolyear`]'s.
//! The ids a body names are checked by the caller (`service::references::check`).
//!
//! The use cases: pool entries and postings through [`PoolEntries`],
//! [`Postings`] and [`crate::service::crud`]; [`save_theses`];
//! [`create_note`] (get and delete of notes through [`Notes`]). The lists:
//! [`pool_entries`], [`postings`], [`theses_of_year`], [`theses`], [`notes`].

use super::audit::{newest_entry_on, Actor, AuditEntry};
use super::crud::{read_back, Crud, CrudCreate, Written};
use super::references;
use super::schoolyear::require_open;
use super::version::Expect;
use crate::domain::ids::{NoteId, PoolEntryId, PostingId, SchoolYearId, TeacherId};
use crate::domain::payroll::{PostingType, ThesisType};
use crate::domain::pool::{
    not_employed, NewNote, NewPoolEntry, NewPosting, Note, PoolEntry, Posting, Theses, ThesisCounts,
};
use crate::domain::schoolyear::SchoolYear;
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

/// One school year of the web's bookings (IPB-Buchungen, Abschlussarbeiten,
/// Notizen), read in one snapshot with what its page needs beside it.
#[derive(Debug, Clone)]
pub struct YearTheses {
    /// The school years, newest first (the year switch).
    pub years: Vec<SchoolYear>,
    /// The year of the URL.
    pub year: SchoolYear,
    /// The theses of every employment of the year, by teacher code: its
    /// teachers and their thesis counts.
    pub theses: Vec<Theses>,
}

/// [`YearTheses`] of year `year`, read on `conn`; 404 when there is none.
async fn year_theses_on(conn: &mut Conn, year: i64) -> Result<YearTheses> {
    let years = super::schoolyear::newest_first_on(conn).await?;
    let this =
        years.iter().find(|y| y.id.0 == year).cloned().ok_or_else(|| Error::not_found(SchoolYearId::KIND, year))?;
    let theses = conn.list_theses(OwnerFilter { school_year: Some(SchoolYearId(year)), teacher: None }).await?;
    Ok(YearTheses { years, year: this, theses })
}

/// School year `year` ([`YearTheses`]) and the notes of `teacher` (of every
/// teacher when `None`), read in one snapshot (docs/web.md §Notizen).
/// Errors: 404 for an unknown year; the database's (500/503).
pub async fn year_notes(store: &Store, year: i64, teacher: Option<i64>) -> Result<(YearTheses, Vec<Note>)> {
    store
        .snapshot(async |conn| {
            let ctx = year_theses_on(conn, year).await?;
            let notes = match teacher {
                Some(t) => conn.list_notes(t).await?,
                None => conn.all_notes().await?,
            };
            Ok((ctx, notes))
        })
        .await
}

/// School year `year` ([`YearTheses`]), its postings (of `teacher` only,
/// when given) and the posting types, read in one snapshot
/// (docs/web.md §IPB-Buchungen). Errors: 404 for an unknown year; the
/// database's (500/503).
pub async fn year_postings(
    store: &Store,
    year: i64,
    teacher: Option<TeacherId>,
) -> Result<(YearTheses, Vec<Posting>, Vec<PostingType>)> {
    store
        .snapshot(async |conn| {
            let ctx = year_theses_on(conn, year).await?;
            let postings = conn.list_postings(OwnerFilter { school_year: Some(ctx.year.id), teacher }).await?;
            Ok((ctx, postings, conn.list_posting_types().await?))
        })
        .await
}

/// School year `year` ([`YearTheses`]) and the posting types, read in one
/// snapshot: the posting form (docs/web.md §IPB-Buchungen). Errors: 404 for
/// an unknown year; the database's (500/503).
pub async fn year_posting_types(store: &Store, year: i64) -> Result<(YearTheses, Vec<PostingType>)> {
    store.snapshot(async |conn| Ok((year_theses_on(conn, year).await?, conn.list_posting_types().await?))).await
}

/// School year `year` ([`YearTheses`]) and the thesis types, read in one
/// snapshot: the theses' pages (docs/web.md §Abschlussarbeiten). Errors: 404
/// for an unknown year; the database's (500/503).
pub async fn year_thesis_types(store: &Store, year: i64) -> Result<(YearTheses, Vec<ThesisType>)> {
    store.snapshot(async |conn| Ok((year_theses_on(conn, year).await?, conn.list_thesis_types().await?))).await
}

/// Every posting type, by code, read in one snapshot: what a posting form is
/// read against (docs/web.md §IPB-Buchungen). Errors: the database's (500/503).
pub async fn posting_types_read(store: &Store) -> Result<Vec<PostingType>> {
    store.snapshot(async |conn| conn.list_posting_types().await).await
}

/// Every thesis type, by code, read in one snapshot: what a theses form is
/// read against (docs/web.md §Abschlussarbeiten). Errors: the database's
/// (500/503).
pub async fn thesis_types_read(store: &Store) -> Result<Vec<ThesisType>> {
    store.snapshot(async |conn| conn.list_thesis_types().await).await
}

/// After a refused change of posting `id` (412): the posting as saved now,
/// the newest audit entry of it, school year `year` ([`YearTheses`]) and the
/// posting types, read in one snapshot (docs/web.md §Working together).
/// Errors: 404 for an unknown posting or year; the database's (500/503).
pub async fn posting_conflict(
    store: &Store,
    year: i64,
    id: i64,
) -> Result<(Posting, Option<AuditEntry>, YearTheses, Vec<PostingType>)> {
    store
        .snapshot(async |conn| {
            let item = conn.get_posting(PostingId(id)).await?.ok_or_else(|| Error::not_found("posting", id))?;
            let last = newest_entry_on(conn, "posting", id).await?;
            let ctx = year_theses_on(conn, year).await?;
            Ok((item, last, ctx, conn.list_posting_types().await?))
        })
        .await
}

/// After a refused change of the theses of `teacher` in school year `year`
/// (412): the theses as saved now, the newest audit entry of them and the
/// thesis types, read in one snapshot (docs/web.md §Working together).
/// Errors: 404 when the teacher has no theses that year; the database's
/// (500/503).
pub async fn theses_conflict(
    store: &Store,
    year: i64,
    teacher: i64,
) -> Result<(Theses, Option<AuditEntry>, Vec<ThesisType>)> {
    store
        .snapshot(async |conn| {
            let now = conn.get_theses(year, teacher).await?.ok_or_else(|| Error::not_found("theses", teacher))?;
            let last = newest_entry_on(conn, "thesis", teacher).await?;
            Ok((now, last, conn.list_thesis_types().await?))
        })
        .await
}
