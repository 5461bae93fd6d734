//! Employment writes (docs/contract.md §Validation, §Locked school years): a change inside a locked school
//! year is refused, and an employment that courses or entries hang on can be
//! neither deleted nor moved. The store supplies the facts; the rules are
//! [`crate::domain::employment`]'s and [`crate::domain::schoolyear`]'s.

use super::crud::{read_back, Crud, CrudCreate};
use super::schoolyear::{newest_first_on, require_open};
use super::workload::fill_balances;
use crate::domain::division::DivisionListItem;
use crate::domain::employment::{check_unused, moves, Employment, NewEmployment};
use crate::domain::ids::{EmploymentId, SchoolYearId, TeacherId};
use crate::domain::schoolyear::SchoolYear;
use crate::error::{Error, Result};
use crate::store::{Conn, Store};

pub use crate::store::employment::EmploymentFilter;

/// The employments `filter` selects (of a school year, of a teacher or both),
/// by teacher code then school year, their balances filled
/// ([`fill_balances`]: null when the year's showIpbBalances is false), read
/// in one snapshot (`GET /employment`, docs/contract.md §Resources). Errors:
/// 404 for an unknown school year or teacher; the database's (500/503).
pub async fn list(store: &Store, filter: EmploymentFilter) -> Result<Vec<Employment>> {
    store
        .snapshot(async |conn| {
            if let Some(y) = filter.school_year {
                conn.require("school_year", SchoolYearId::KIND, y.0).await?;
            }
            if let Some(t) = filter.teacher {
                conn.require("teacher", TeacherId::KIND, t.0).await?;
            }
            let mut items = conn.list_employments(filter).await?;
            fill_balances(conn, &mut items).await?;
            Ok(items)
        })
        .await
}

/// Every school year, newest first, and the employments of school year
/// `year` (by teacher code, balances not filled), read in one snapshot: the
/// web's list of a year's sheets (docs/web.md §Pensenblatt). Errors: the
/// database's (500/503).
pub async fn of_year_with_years(store: &Store, year: SchoolYearId) -> Result<(Vec<SchoolYear>, Vec<Employment>)> {
    store
        .snapshot(async |conn| {
            let years = newest_first_on(conn).await?;
            let employments =
                conn.list_employments(EmploymentFilter { school_year: Some(year), teacher: None }).await?;
            Ok((years, employments))
        })
        .await
}

/// School year `year`, every division and the employments of the year (by
/// teacher code, balances not filled), read in one snapshot: the choices of
/// the web's mailing of the sheets (docs/web.md §Pensenblatt versenden).
/// Errors: 404 for an unknown year; the database's (500/503).
pub async fn mail_choices(
    store: &Store,
    year: SchoolYearId,
) -> Result<(SchoolYear, Vec<DivisionListItem>, Vec<Employment>)> {
    store
        .snapshot(async |conn| {
            let Some(current) = conn.get_school_year(year).await? else {
                return Err(Error::not_found(SchoolYearId::KIND, year.0));
            };
            let divisions = conn.list_divisions().await?;
            let employments =
                conn.list_employments(EmploymentFilter { school_year: Some(year), teacher: None }).await?;
            Ok((current, divisions, employments))
        })
        .await
}

/// Creates an employment: 409 `school_year_locked` for a locked year, 409
/// `duplicate_employment` when the teacher already has one that year. The ids
/// `new` names are checked by the caller (`service::references::check`).
pub async fn create(conn: &mut Conn, new: &NewEmployment) -> Result<EmploymentId> {
    require_open(conn, new.school_year).await?;
    conn.insert_employment(new).await
}

/// Saves `new` over employment `id` in state `before` (locked): 409
/// `school_year_locked` when its current or its new year is locked; 409
/// `referenced` when it moves to another teacher or year while courses or
/// entries hang on it.
pub async fn update(conn: &mut Conn, id: EmploymentId, before: &Employment, new: &NewEmployment) -> Result<()> {
    require_open(conn, before.school_year.id).await?;
    if moves(before, new) {
        if before.school_year.id != new.school_year {
            require_open(conn, new.school_year).await?;
        }
        let users = conn.employment_users(id).await?;
        check_unused(before, &users, "moved to another teacher or school year")?;
    }
    conn.update_employment(id, new).await
}

/// Deletes employment `id` in state `before` (locked): 409
/// `school_year_locked` for a locked year, 409 `referenced` naming the
/// courses and entries that hang on it.
pub async fn delete(conn: &mut Conn, id: EmploymentId, before: &Employment) -> Result<()> {
    require_open(conn, before.school_year.id).await?;
    let users = conn.employment_users(id).await?;
    check_unused(before, &users, "deleted")?;
    conn.delete_employment(id).await
}

/// The `/employment` resource; its forms carry the computed balances (docs/workload.md §Balance).
pub struct Employments;
impl CrudCreate for Employments {
    type New = NewEmployment;
    async fn create(tx: &mut Conn, new: &NewEmployment) -> Result<i64> {
        Ok(create(tx, new).await?.0)
    }
}
impl Crud for Employments {
    const PATH: &'static str = "employment";
    const NOUN: &'static str = EmploymentId::KIND;
    const TABLE: &'static str = "employment";
    type Update = NewEmployment;
    type Single = Employment;
    async fn get(conn: &mut Conn, id: i64) -> Result<Option<Employment>> {
        let Some(e) = conn.get_employment(EmploymentId(id)).await? else { return Ok(None) };
        let mut one = [e];
        fill_balances(conn, &mut one).await?;
        let [e] = one;
        Ok(Some(e))
    }
    async fn save(tx: &mut Conn, id: i64, before: &Employment, new: &NewEmployment) -> Result<Employment> {
        update(tx, EmploymentId(id), before, new).await?;
        read_back::<Self>(tx, id).await
    }
    async fn delete(tx: &mut Conn, id: i64, before: &Employment) -> Result<()> {
        delete(tx, EmploymentId(id), before).await
    }
}
