//! Opening a school year (docs/documents.md §Opening a school year): load the facts, plan with
//! [`crate::domain::opening::plan`], insert, and report what was created and
//! the entry grades it could create no courses for.

use serde::Serialize;

use super::audit::Actor;
use crate::domain::check::{no_entry_classes, Finding};
use crate::domain::course::{lock_reason, Course};
use crate::domain::ids::SchoolYearId;
use crate::domain::opening::{entry_gaps, no_previous_year, plan};
use crate::domain::pool::PoolEntry;
use crate::domain::refs::SchoolYearRef;
use crate::error::{Error, ErrorCode, Result};
use crate::store::opening::EmploymentRef;
use crate::store::pool::OwnerFilter;
use crate::store::{Conn, Store};

/// How many objects of each kind the opening created.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpeningCounts {
    /// Courses created.
    pub courses: usize,
    /// Employments created.
    pub employments: usize,
    /// Pool entries created.
    pub pool_entries: usize,
}

/// The answer of `POST /schoolyear/ID/open`: what was created, each listed and counted.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpeningReport {
    /// The created courses (their single form, which is also their reference form), in creation order.
    pub courses: Vec<Course>,
    /// The created employments (reference form), by teacher code.
    pub employments: Vec<EmploymentRef>,
    /// The created pool entries, by teacher code.
    pub pool_entries: Vec<PoolEntry>,
    /// How many of each.
    pub counts: OpeningCounts,
    /// Warnings, in the plan check's form: `no_entry_classes` for each
    /// curriculum whose lesson table starts courses in its entry grade while
    /// no class has that grade this year, so that no first-year course was
    /// created (docs/documents.md §Opening a school year, §Plan check). Empty when there is nothing to warn of.
    pub warnings: Vec<Finding>,
}

/// Opens school year `id` inside `tx` (docs/documents.md §Opening a school year): 404 for an unknown
/// year, 409 `school_year_locked` for an archived or finalised one, 422
/// `no_previous_year` when no year has a lower graduation year, a course
/// rule's 422 if a planned course broke one (nothing is then created). The
/// year's row is locked first, so concurrent openings of one year serialise
/// (the second creates nothing).
pub async fn open_school_year(tx: &mut Conn, id: SchoolYearId) -> Result<OpeningReport> {
    tx.lock_row("school_year", id.0).await?;
    let year = tx.get_school_year(id).await?.ok_or_else(|| Error::not_found(SchoolYearId::KIND, id.0))?;
    let year = SchoolYearRef::from(&year);
    if let Some(why) = lock_reason(&year) {
        return Err(Error::new(
            ErrorCode::SchoolYearLocked,
            format!("School year {} is {why}: it cannot be opened. Reopen the school year first.", year.code),
        ));
    }
    let previous = tx.previous_school_year(&year).await?.ok_or_else(|| no_previous_year(&year))?;
    let facts = tx.opening_facts(year.clone(), previous).await?;
    let planned = plan(&facts)?;
    let warnings = entry_gaps(&year, &facts.classes, &facts.curricula, &facts.subjects, &facts.entries)
        .iter()
        .map(|gap| no_entry_classes(&year, gap))
        .collect();
    let (employment_ids, course_ids, pool_ids) = tx.insert_opening(id, &planned).await?;
    let courses = tx.courses_with_ids(&course_ids).await?;
    let employments = tx.employment_refs(&year, &employment_ids).await?;
    let pool_entries: Vec<PoolEntry> = if pool_ids.is_empty() {
        Vec::new()
    } else {
        tx.list_pool_entries(OwnerFilter { school_year: Some(id), teacher: None })
            .await?
            .into_iter()
            .filter(|p| pool_ids.contains(&p.id))
            .collect()
    };
    let counts =
        OpeningCounts { courses: courses.len(), employments: employments.len(), pool_entries: pool_entries.len() };
    Ok(OpeningReport { courses, employments, pool_entries, counts, warnings })
}

/// Opens school year `id` for `actor` ([`open_school_year`]) in one
/// transaction; every course, employment and pool entry it creates gets its
/// audit entry in the name of `actor`. Returns the report.
pub async fn open_school_year_for(store: &Store, actor: &Actor, id: SchoolYearId) -> Result<OpeningReport> {
    let mut tx = store.begin().await?;
    let report = open_school_year(&mut tx, id).await?;
    for e in &report.employments {
        actor.record(&mut tx, "employment", e.id.0, None::<&()>, Some(e)).await?;
    }
    for c in &report.courses {
        actor.record(&mut tx, "course", c.id.0, None::<&()>, Some(c)).await?;
    }
    for p in &report.pool_entries {
        actor.record(&mut tx, "poolentry", p.id, None::<&()>, Some(p)).await?;
    }
    tx.commit().await?;
    Ok(report)
}
