//! School-year writes and the lock check every change inside a year makes
//! (docs/contract.md §Validation, §Locked school years): the store supplies the facts, the rules are
//! [`crate::domain::schoolyear`]'s.

use super::crud::{read_back, Crud, CrudCreate};
use super::workload::freeze_balances;
use crate::domain::ids::SchoolYearId;
use crate::domain::references::check_unused;
use crate::domain::schoolyear::{check_open, check_weekly_lessons, with_inherited, NewSchoolYear, SchoolYear};
use crate::error::{Error, Result};
use crate::store::{Conn, Store};

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

/// The `/schoolyear` resource. Locking a year (archived or finalised)
/// freezes its employments' balances; unlocking it unfreezes them (docs/workload.md §Balance).
pub struct SchoolYears;
impl CrudCreate for SchoolYears {
    type New = NewSchoolYear;
    async fn create(tx: &mut Conn, new: &NewSchoolYear) -> Result<i64> {
        Ok(create(tx, new).await?.0)
    }
}
impl Crud for SchoolYears {
    const PATH: &'static str = "schoolyear";
    const NOUN: &'static str = SchoolYearId::KIND;
    const TABLE: &'static str = "school_year";
    type Update = NewSchoolYear;
    type Single = SchoolYear;
    async fn get(conn: &mut Conn, id: i64) -> Result<Option<SchoolYear>> {
        conn.get_school_year(SchoolYearId(id)).await
    }
    async fn save(tx: &mut Conn, raw_id: i64, _before: &SchoolYear, new: &NewSchoolYear) -> Result<SchoolYear> {
        let id = SchoolYearId(raw_id);
        let was_locked = tx.school_year_locked(id).await?.is_some_and(|(_, locked)| locked);
        update(tx, id, new).await?;
        let locked = new.archived || new.finalised;
        if locked != was_locked {
            let year = tx.get_school_year(id).await?.ok_or_else(|| Error::not_found(SchoolYearId::KIND, id.0))?;
            freeze_balances(tx, &year, locked).await?;
        }
        read_back::<Self>(tx, raw_id).await
    }
    async fn delete(tx: &mut Conn, id: i64, _before: &Self::Single) -> Result<()> {
        tx.delete_school_year(SchoolYearId(id)).await
    }
    async fn users(tx: &mut Conn, id: i64) -> Result<Vec<String>> {
        tx.school_year_users(SchoolYearId(id)).await
    }
    fn check_delete(before: &SchoolYear, users: &[String]) -> Result<()> {
        check_unused(users, |users| {
            crate::i18n::Message::new("error-in-use-school-year").arg("code", &before.code).arg_message("users", users)
        })
    }
}

/// The school years by graduation year: only archived (`Some(true)`), only
/// active (`Some(false)`) or all (`None`), read in one snapshot (`GET
/// /schoolyear`, docs/contract.md §Resources). Errors: the database's (500/503).
pub async fn list(store: &Store, archived: Option<bool>) -> Result<Vec<SchoolYear>> {
    store.snapshot(async |conn| conn.list_school_years(archived).await).await
}

/// Every school year, newest (highest graduation year) first, read on one
/// connection: the overview's list and the year switch of the web's pages
/// (docs/web.md §Menu). Errors: the database's (500/503).
pub async fn newest_first(store: &Store) -> Result<Vec<SchoolYear>> {
    newest_first_on(&mut store.conn().await?).await
}

/// [`newest_first`] read on `conn` (inside the snapshot of a page's other reads).
pub(crate) async fn newest_first_on(conn: &mut Conn) -> Result<Vec<SchoolYear>> {
    let mut years = conn.list_school_years(None).await?;
    years.sort_by_key(|y| std::cmp::Reverse(y.graduation_year));
    Ok(years)
}

/// Every school year as (id, code), newest (highest graduation year) first:
/// the choice of a year on screens that have none in their URL.
pub async fn years_newest_first(store: &Store) -> Result<Vec<(i64, String)>> {
    Ok(newest_first(store).await?.into_iter().map(|y| (y.id.0, y.code)).collect())
}
