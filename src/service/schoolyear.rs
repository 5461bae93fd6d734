//! School-year writes and the lock check every change inside a year makes
//! (docs/contract.md §Validation, §Locked school years): the store supplies the facts, the rules are
//! [`crate::domain::schoolyear`]'s.

use crate::domain::ids::SchoolYearId;
use crate::domain::schoolyear::{check_open, check_weekly_lessons, with_inherited, NewSchoolYear};
use crate::error::{Error, Result};
use crate::store::Conn;

/// Creates a school year: the fields `new` leaves out come from the latest
/// earlier year ([`with_inherited`]; 422 `required` for `weeks` without one),
/// its weeklyLessons must be keyed by lesson-based payroll types (422
/// `not_lesson_based`); 409 on a code or graduation-year clash. The ids the
/// body names are checked by the caller (`service::references::check`).
pub async fn create(conn: &mut Conn, new: &NewSchoolYear) -> Result<SchoolYearId> {
    let earlier = conn.inherited_school_year(new.graduation_year).await?;
    let new = with_inherited(new, earlier)?;
    check_lesson_based(conn, &new).await?;
    conn.create_school_year(&new).await
}

/// Replaces a school year's fields ([`Conn::update_school_year`]) after the
/// weeklyLessons check of [`create`]; 404 when missing.
pub async fn update(conn: &mut Conn, id: SchoolYearId, new: &NewSchoolYear) -> Result<()> {
    check_lesson_based(conn, new).await?;
    conn.update_school_year(id, new).await
}

async fn check_lesson_based(conn: &mut Conn, new: &NewSchoolYear) -> Result<()> {
    if new.weekly_lessons.as_ref().is_none_or(Vec::is_empty) {
        return Ok(());
    }
    let percent_based = conn.percent_based_payroll_types().await?;
    check_weekly_lessons(new, &percent_based)
}

/// 404 when school year `year` does not exist, 409 `school_year_locked` when
/// it is archived or finalised ([`check_open`]); on PostgreSQL its row stays
/// share-locked until the transaction ends.
pub async fn require_open(conn: &mut Conn, year: SchoolYearId) -> Result<()> {
    let state =
        conn.school_year_state_for_share(year).await?.ok_or_else(|| Error::not_found(SchoolYearId::KIND, year.0))?;
    check_open(&state)
}
