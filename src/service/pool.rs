//! Writes of pool entries, postings and theses (docs/workload.md §Calculation, docs/contract.md §Locked school years): they belong to an employment, so the teacher must be employed in the
//! school year, and the year must be open. The store supplies the facts; the
//! rules are [`crate::domain::pool`]'s and [`crate::domain::schoolyear`]'s.
//! The ids a body names are checked by the caller (`service::references::check`).

use super::schoolyear::require_open;
use crate::domain::ids::{SchoolYearId, TeacherId};
use crate::domain::pool::{not_employed, NewPoolEntry, NewPosting, PoolEntry, Posting, Theses, ThesisCounts};
use crate::error::{Error, Result};
use crate::store::Conn;

/// 409 `school_year_locked` for a locked year, 422 `teacher_not_employed`
/// when the teacher has no employment in it. For a change, `before` is the
/// year the entry is in now: it must be open too (checked first, once when
/// the entry stays in its year).
async fn check_owner(conn: &mut Conn, before: Option<SchoolYearId>, school_year: i64, teacher: i64) -> Result<()> {
    let (year, teacher) = (SchoolYearId(school_year), TeacherId(teacher));
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
pub async fn create_pool_entry(conn: &mut Conn, new: &NewPoolEntry) -> Result<i64> {
    check_owner(conn, None, new.school_year, new.teacher).await?;
    conn.create_pool_entry(new).await
}

/// Saves `new` over pool entry `id` in state `before`: 409 when its current
/// or its new year is locked, 422 when the new teacher is not employed.
pub async fn update_pool_entry(conn: &mut Conn, id: i64, before: &PoolEntry, new: &NewPoolEntry) -> Result<()> {
    check_owner(conn, Some(before.school_year.id), new.school_year, new.teacher).await?;
    conn.update_pool_entry(id, new).await
}

/// Deletes pool entry `id` in state `before`: 409 when its year is locked.
pub async fn delete_pool_entry(conn: &mut Conn, id: i64, before: &PoolEntry) -> Result<()> {
    require_open(conn, before.school_year.id).await?;
    conn.delete_pool_entry(id).await
}

/// Creates a posting with its details (the checks of an owner).
pub async fn create_posting(conn: &mut Conn, new: &NewPosting) -> Result<i64> {
    check_owner(conn, None, new.school_year, new.teacher).await?;
    conn.create_posting(new).await
}

/// Saves `new` over posting `id` in state `before` (as [`update_pool_entry`]).
pub async fn update_posting(conn: &mut Conn, id: i64, before: &Posting, new: &NewPosting) -> Result<()> {
    check_owner(conn, Some(before.school_year.id), new.school_year, new.teacher).await?;
    conn.update_posting(id, new).await
}

/// Deletes posting `id` in state `before`: 409 when its year is locked.
pub async fn delete_posting(conn: &mut Conn, id: i64, before: &Posting) -> Result<()> {
    require_open(conn, before.school_year.id).await?;
    conn.delete_posting(id).await
}

/// Replaces the thesis counts of the employment whose theses are `before`:
/// 409 when its year is locked, 422 `unknown_reference` for an unknown thesis type.
pub async fn set_theses(conn: &mut Conn, before: &Theses, counts: &ThesisCounts) -> Result<()> {
    require_open(conn, before.school_year.id).await?;
    super::references::check(conn, counts).await?;
    conn.replace_theses(before.school_year.id.0, before.teacher.id.0, &counts.0).await
}
