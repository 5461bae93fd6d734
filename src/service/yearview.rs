//! The year overview (Jahresüberblick, docs/web.md §Jahresüberblick) read
//! in one snapshot: one [`Row`] per employment of a school year, built from
//! the same computation `GET /workload?schoolYear` and `GET
//! /employment?schoolYear` answer with ([`super::workload::year_forms`]), the
//! totals per subject category of the year's courses, and the lookups the
//! overview names (divisions, genders, payroll and pool types, the years of
//! the year switch). A fixed number of queries, none per employment.

use std::collections::BTreeMap;

use rust_decimal::Decimal;

use super::workload::{year_forms, EmploymentForm};
use crate::domain::confirmation::{is_released, state_of, SheetState};
use crate::domain::division::DivisionListItem;
use crate::domain::fixed::{Amount, Fixed};
use crate::domain::ids::{DivisionId, PayrollTypeId, PoolTypeId, SchoolYearId, TeacherId};
use crate::domain::lookup::{Lookup, LookupKind};
use crate::domain::payroll::{PayrollType, PoolType};
use crate::domain::schoolyear::SchoolYear;
use crate::domain::yearview::{
    category_totals, deviation, no_work, outside_range, target, CategorySum, Flags, PayrollShare, PoolShare, Row,
};
use crate::error::{Error, ErrorCode, Result};
use crate::store::Store;

/// Everything the year overview shows of one school year.
#[derive(Debug, Clone)]
pub struct YearOverview {
    /// The school year.
    pub year: SchoolYear,
    /// Every school year, newest (highest graduation year) first.
    pub years: Vec<SchoolYear>,
    /// One row per employment, ordered by teacher code.
    pub rows: Vec<Row>,
    /// Lessons and open lessons per subject category of the year's courses.
    pub categories: Vec<CategorySum>,
    /// The divisions (filter choices), by code.
    pub divisions: Vec<DivisionListItem>,
    /// The genders.
    pub genders: Vec<Lookup>,
    /// The payroll types, by id.
    pub payroll_types: Vec<PayrollType>,
    /// The pool types.
    pub pool_types: Vec<PoolType>,
    /// Decimals of the year's payroll percents (`percentDecimals`: 2 or 3).
    pub percent_decimals: u32,
    /// The releases of the year's sheets to the teachers, by id
    /// (docs/teachers.md §Release and confirmation).
    pub releases: Vec<crate::domain::confirmation::Release>,
}

/// Reads the overview of school year `year` in one snapshot. 404 when the
/// year does not exist; the database's errors otherwise.
pub async fn load(store: &Store, year: SchoolYearId) -> Result<YearOverview> {
    store
        .snapshot(async |conn| {
            let read = year_forms(conn, year, None).await?;
            let mut years = conn.list_school_years(None).await?;
            years.sort_by_key(|y| std::cmp::Reverse(y.graduation_year));
            let divisions = conn.list_divisions().await?;
            let genders = conn.list_lookups(LookupKind::Gender, None).await?;
            let mut payroll_types = conn.list_payroll_types(None).await?;
            payroll_types.sort_by_key(|p| p.id);
            let pool_types = conn.list_pool_types().await?;
            let percent_decimals = read.forms.first().map_or(2, |f| f.workload.payroll.percent_decimals);
            let releases = conn.releases(year).await?;
            let stored = conn.confirmations(year).await?;
            let rows = read
                .forms
                .iter()
                .map(|f| {
                    let mut r = row(f);
                    let released = is_released(&releases, DivisionId(f.employment.division.id));
                    let word = stored.iter().find(|c| c.teacher == r.teacher.id);
                    r.sheet = state_of(&f.workload, released, word);
                    r
                })
                .collect();
            Ok(YearOverview {
                rows,
                categories: category_totals(&read.courses),
                year: read.year,
                years,
                divisions,
                genders,
                payroll_types,
                pool_types,
                percent_decimals,
                releases,
            })
        })
        .await
}

/// The overview's rows of the `teachers` employed in school year `year`
/// (in the order asked; a teacher without an employment that year is left
/// out), with the year's payroll percent decimals (2 or 3): what the workload
/// panel beside the grid shows after a write (docs/web.md §Editing the grid).
/// Read in one snapshot, one teacher-filtered [`year_forms`] per teacher, so
/// a change touching two teachers computes two workloads, not the year's
/// 123. 404 when the year does not exist; an unknown teacher id is left out.
pub async fn rows_of(store: &Store, year: SchoolYearId, teachers: &[TeacherId]) -> Result<(Vec<Row>, u32)> {
    store
        .snapshot(async |conn| {
            if conn.get_school_year(year).await?.is_none() {
                return Err(Error::not_found(SchoolYearId::KIND, year.0));
            }
            let mut rows = Vec::with_capacity(teachers.len());
            let mut decimals = None;
            for &t in teachers {
                match year_forms(conn, year, Some(t)).await {
                    Ok(read) => {
                        for f in &read.forms {
                            decimals.get_or_insert(f.workload.payroll.percent_decimals);
                            rows.push(row(f));
                        }
                    }
                    // No employment this year (or no such teacher): not in the panel.
                    Err(e) if e.code() == ErrorCode::NotFound => {}
                    Err(e) => return Err(e),
                }
            }
            Ok((rows, decimals.unwrap_or(2)))
        })
        .await
}

/// A figure as the JSON API writes it (half-up to 10 decimals).
fn out(a: Amount) -> Decimal {
    a.output()
}

/// The overview's row of one employment and its workload form, its sheet's
/// state not yet known ([`SheetState::NotReleased`]; [`load`] sets it).
pub fn row(f: &EmploymentForm) -> Row {
    let (e, w) = (&f.employment, &f.workload);
    let fixed = |x: Option<Fixed>| x.map(Fixed::decimal);
    let workload = out(w.summary.total.percent_with_age_relief);
    let annual = target(e.payment1, e.payment2);
    let (min, max) = (fixed(e.employment_min), fixed(e.employment_max));
    let mut payroll: BTreeMap<PayrollTypeId, PayrollShare> = BTreeMap::new();
    for item in &w.payroll.items {
        let id = PayrollTypeId(item.payroll_type.id);
        let share = payroll.entry(id).or_insert_with(|| PayrollShare {
            payroll_type: id,
            lessons: [Decimal::ZERO; 2],
            percent: [Decimal::ZERO; 2],
        });
        share.lessons[0] += out(item.lessons1);
        share.lessons[1] += out(item.lessons2);
        share.percent[0] += out(item.percent1);
        share.percent[1] += out(item.percent2);
    }
    let mut pool: BTreeMap<PoolTypeId, PoolShare> = BTreeMap::new();
    for item in &w.pool.items {
        let id = PoolTypeId(item.kind.id);
        let share = pool.entry(id).or_insert_with(|| PoolShare { pool_type: id, percent: [Decimal::ZERO; 2] });
        share.percent[0] += out(item.percent1);
        share.percent[1] += out(item.percent2);
    }
    let open = w.courses.items.iter().any(|c| c.course.open1.0 > 0 || c.course.open2.0 > 0);
    Row {
        employment: e.id,
        teacher: e.teacher.reference.clone(),
        division: e.division.clone(),
        gender: e.teacher.gender.clone(),
        employment_min: min,
        employment_max: max,
        payment: [e.payment1, e.payment2].map(|p| p.map_or(Decimal::ZERO, Fixed::decimal)),
        target: annual,
        workload,
        payroll: [out(w.payroll.total.percent1), out(w.payroll.total.percent2)],
        paid: out(w.payment),
        deviation: deviation(workload, annual),
        opening: e.opening_balance.map(out),
        change: e.change.map(out),
        closing: e.closing_balance.map(out),
        flags: Flags {
            outside_range: outside_range(workload, min, max),
            no_work: no_work(workload),
            open_lessons: open,
        },
        payroll_shares: payroll.into_values().collect(),
        pool_shares: pool.into_values().collect(),
        percent_decimals: w.payroll.percent_decimals,
        sheet: SheetState::NotReleased,
    }
}
