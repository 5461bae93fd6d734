//! `GET /workload` (docs/workload.md §Response): the workload form of one employment or
//! of every employment of a school year. Loads the facts and the objects the
//! forms refer to; the balance chain ([`crate::domain::workload::chain`]) and
//! the form ([`crate::domain::workload::form_builder`]) are pure.

use std::collections::HashMap;

use crate::domain::course::Course;
use crate::domain::employment::Employment;
use crate::domain::fixed::Amount;
use crate::domain::ids::{EmploymentId, SchoolYearId, TeacherId};
use crate::domain::reference_forms::{LookupRef, TeacherRef};
use crate::domain::schoolyear::SchoolYear;
use crate::domain::workload::chain::{compute_all, years_to_compute, EmploymentResult};
use crate::domain::workload::facts::WorkloadFacts;
use crate::domain::workload::form_builder::{form, FormRefs};
use crate::domain::workload::forms::Workload;
use crate::error::{Error, Result};
use crate::store::course::CourseFilter;
use crate::store::employment::EmploymentFilter;
use crate::store::pool::OwnerFilter;
use crate::store::workload::course_facts;
use crate::store::{Conn, Store};

/// The workload facts needed to compute the employments of the school years
/// `targets` (ids; graduation years ≤ `up_to`), optionally of one teacher:
/// the heads of every year, the bookings only of the years the balance chains
/// reach before a frozen year ([`years_to_compute`]).
async fn facts_for(
    conn: &mut Conn,
    up_to: i64,
    teacher: Option<TeacherId>,
    targets: &[SchoolYearId],
) -> Result<WorkloadFacts> {
    facts_with(conn, up_to, teacher, targets, None).await
}

/// [`facts_for`], where the caller already holds `known`: the courses of one
/// school year (those of `teacher`, when given), as [`Conn::list_courses`]
/// returns them; they are not read again.
async fn facts_with(
    conn: &mut Conn,
    up_to: i64,
    teacher: Option<TeacherId>,
    targets: &[SchoolYearId],
    known: Option<(SchoolYearId, &[Course])>,
) -> Result<WorkloadFacts> {
    let mut facts = conn.workload_heads(up_to, teacher).await?;
    let years = years_to_compute(&facts, targets)?;
    let known = known.filter(|(y, _)| years.contains(y));
    conn.load_bookings_except_courses_of(&mut facts, &years, teacher, known.map(|(y, _)| y)).await?;
    if let Some((_, courses)) = known {
        let keys = conn.course_payroll_keys().await?;
        facts.courses.extend(course_facts(courses, &keys));
        facts.courses.sort_by_key(|c| c.id);
    }
    Ok(facts)
}

/// The computed results of the employments of `year` (optionally one teacher),
/// with their teachers, ordered by teacher code.
pub async fn results_for(
    conn: &mut Conn,
    year: &SchoolYear,
    teacher: Option<TeacherId>,
) -> Result<(Vec<(TeacherRef, EmploymentId)>, HashMap<EmploymentId, EmploymentResult>)> {
    let (employments, results) = results_with(conn, year, teacher, None).await?;
    Ok((employments.into_iter().map(|e| (e.teacher.into(), e.id)).collect(), results))
}

/// [`results_for`] with the year's courses (of `teacher`) already at hand;
/// the employments in their list form (balances not filled).
async fn results_with(
    conn: &mut Conn,
    year: &SchoolYear,
    teacher: Option<TeacherId>,
    courses: Option<&[Course]>,
) -> Result<(Vec<Employment>, HashMap<EmploymentId, EmploymentResult>)> {
    let employments = conn.list_employments(EmploymentFilter { school_year: Some(year.id), teacher }).await?;
    let known = courses.map(|c| (year.id, c));
    let facts = facts_with(conn, year.graduation_year, teacher, &[year.id], known).await?;
    let results = compute_all(&facts)?;
    Ok((employments, results))
}

/// The workload forms of school year `year_id` — every employment, or that of
/// `teacher` (404 when the teacher has no employment that year).
pub async fn workloads(conn: &mut Conn, year_id: SchoolYearId, teacher: Option<TeacherId>) -> Result<Vec<Workload>> {
    Ok(year_forms(conn, year_id, teacher).await?.forms.into_iter().map(|f| f.workload).collect())
}

/// [`workloads`] read in one snapshot, so that the forms' totals and items
/// come from the same state (`GET /workload`, docs/workload.md §Response):
/// every employment's form of school year `year`, or only that of `teacher`.
/// Errors: 404 for an unknown year, or when `teacher` has no employment that
/// year; the database's (500/503).
pub async fn list(store: &Store, year: SchoolYearId, teacher: Option<TeacherId>) -> Result<Vec<Workload>> {
    store.snapshot(async |conn| workloads(conn, year, teacher).await).await
}

/// One employment's workload form with the employment itself, its balances
/// filled as `GET /employment` fills them ([`fill_balances`]: null when the
/// year's showIpbBalances is false), from the same computation.
#[derive(Debug, Clone)]
pub struct EmploymentForm {
    /// The employment (list form, balances filled).
    pub employment: Employment,
    /// Its workload form (`GET /workload`).
    pub workload: Workload,
}

/// What [`year_forms`] reads: the school year, the employments' forms in
/// teacher-code order, and the year's courses (of the teacher, when one is
/// asked for; every course, cancelled ones too, in no particular order).
#[derive(Debug, Clone)]
pub struct YearForms {
    /// The school year.
    pub year: SchoolYear,
    /// One per employment, ordered by teacher code.
    pub forms: Vec<EmploymentForm>,
    /// The courses read for the calculation.
    pub courses: Vec<Course>,
}

/// [`workloads`] with each form's employment and balances and the year's
/// courses, computed once (the year overview, docs/web.md §Jahresüberblick);
/// a fixed number of queries whatever the number of employments. Errors as
/// [`workloads`].
pub async fn year_forms(conn: &mut Conn, year_id: SchoolYearId, teacher: Option<TeacherId>) -> Result<YearForms> {
    let year = conn.get_school_year(year_id).await?.ok_or_else(|| Error::not_found(SchoolYearId::KIND, year_id.0))?;
    if let Some(t) = teacher {
        conn.require("teacher", TeacherId::KIND, t.0).await?;
    }
    // The year's courses serve twice: the calculation's facts and the lines' references.
    let mut filter = CourseFilter::year(year_id);
    filter.teacher = teacher;
    let courses = conn.list_courses(filter).await?;
    let (employments, mut results) = results_with(conn, &year, teacher, Some(&courses)).await?;
    if let (Some(t), true) = (teacher, employments.is_empty()) {
        return Err(Error::new(
            crate::error::ErrorCode::NotFound,
            crate::i18n::Message::new("error-no-workload").arg("teacher", t.0).arg("year", &year.code),
        ));
    }
    let refs = FormRefs {
        courses: courses.into_iter().map(|c| (c.id, c)).collect(),
        pool: conn
            .list_pool_entries(OwnerFilter { school_year: Some(year_id), teacher })
            .await?
            .into_iter()
            .map(|p| (p.id, p))
            .collect(),
        postings: conn
            .list_postings(OwnerFilter { school_year: Some(year_id), teacher })
            .await?
            .into_iter()
            .map(|p| (p.id, p))
            .collect(),
        payroll_types: conn.list_payroll_types(None).await?.into_iter().map(|p| (p.id, p)).collect(),
        posting_types: conn.list_posting_types().await?.into_iter().map(|p| (p.id, p)).collect(),
        thesis_types: conn
            .list_thesis_types()
            .await?
            .into_iter()
            .map(|t| (t.id, (LookupRef { id: t.id.0, code: t.code, description: t.description }, t.percent)))
            .collect(),
        year,
    };
    let mut out = Vec::with_capacity(employments.len());
    for mut employment in employments {
        let Some(result) = results.remove(&employment.id) else { continue };
        if refs.year.show_ipb_balances {
            employment.opening_balance = Some(Amount(result.opening));
            employment.closing_balance = Some(Amount(result.closing));
            employment.change = Some(Amount(result.closing - result.opening));
        }
        let workload = form(&refs, employment.teacher.reference.clone(), result);
        out.push(EmploymentForm { employment, workload });
    }
    Ok(YearForms { year: refs.year, forms: out, courses: refs.courses.into_values().collect() })
}

/// Fills the computed balances of `employments` (docs/workload.md §Balance): null when
/// the year's showIpbBalances is false.
pub async fn fill_balances(conn: &mut Conn, employments: &mut [Employment]) -> Result<()> {
    let Some(up_to) = employments.iter().map(|e| e.school_year.graduation_year).max() else { return Ok(()) };
    // One teacher's employments (one or several years): only that teacher's facts.
    let first = employments.first().map(|e| e.teacher.id);
    let teacher = first.filter(|t| employments.iter().all(|e| e.teacher.id == *t));
    let mut targets: Vec<SchoolYearId> = employments.iter().map(|e| e.school_year.id).collect();
    targets.sort_unstable();
    targets.dedup();
    let facts = facts_for(conn, up_to, teacher, &targets).await?;
    let shown: HashMap<SchoolYearId, bool> = facts.years.iter().map(|y| (y.id, y.show_ipb_balances)).collect();
    let results = compute_all(&facts)?;
    for e in employments {
        if !shown.get(&e.school_year.id).copied().unwrap_or(true) {
            continue;
        }
        if let Some(r) = results.get(&e.id) {
            e.opening_balance = Some(Amount(r.opening));
            e.closing_balance = Some(Amount(r.closing));
            e.change = Some(Amount(r.closing - r.opening));
        }
    }
    Ok(())
}

/// Freezes (when `locked`) or unfreezes the balances of every employment of
/// school year `year` (docs/workload.md §Balance). Freezing computes the chain as it is
/// now, earlier frozen years included, and stores exact decimal text.
pub async fn freeze_balances(conn: &mut Conn, year: &SchoolYear, locked: bool) -> Result<()> {
    conn.clear_frozen_balances(year.id).await?;
    if !locked {
        return Ok(());
    }
    let facts = facts_for(conn, year.graduation_year, None, &[year.id]).await?;
    let results = compute_all(&facts)?;
    for e in facts.employments.iter().filter(|e| e.school_year_id == year.id) {
        if let Some(r) = results.get(&e.id) {
            conn.set_frozen_balances(e.id, Some((r.opening.to_string(), r.closing.to_string()))).await?;
        }
    }
    Ok(())
}
