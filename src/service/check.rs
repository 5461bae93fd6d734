//! The plan check (docs/documents.md §Plan check): load the year's facts, compute its
//! workloads with the workload calculation, and run the pure rules of
//! [`crate::domain::check`].

use std::collections::BTreeMap;

use crate::domain::check::{check, CheckFacts, EmploymentCheck, Finding};
use crate::domain::ids::{PayrollTypeId, SchoolYearId};
use crate::domain::reference_forms::SchoolYearRef;
use crate::domain::workload::Warning;
use crate::error::{Error, Result};
use crate::store::course::CourseFilter;
use crate::store::employment::EmploymentFilter;
use crate::store::{Conn, Store};

use super::workload::results_for;

/// [`check_plan`] read in one snapshot (`GET /schoolyear/ID/check`,
/// docs/documents.md §Plan check): the findings of school year `id`, errors
/// first, then warnings. Errors: 404 for an unknown year; the
/// database's (500/503).
pub async fn findings(store: &Store, id: SchoolYearId) -> Result<Vec<Finding>> {
    store.snapshot(async |conn| check_plan(conn, id).await).await
}

/// The findings of school year `id` (404 for an unknown year): a fixed number
/// of queries plus the workload calculation of the year's employments.
pub async fn check_plan(conn: &mut Conn, id: SchoolYearId) -> Result<Vec<Finding>> {
    let year = conn.get_school_year(id).await?.ok_or_else(|| Error::not_found(SchoolYearId::KIND, id.0))?;
    let structure = conn.planning_structure().await?;
    let entries = conn.lesson_entries().await?;
    let courses = conn.list_courses(CourseFilter::year(id)).await?;
    let employments = conn.list_employments(EmploymentFilter { school_year: Some(id), teacher: None }).await?;
    let (_, results) = results_for(conn, &year, None).await?;
    let payroll_codes: BTreeMap<PayrollTypeId, String> =
        conn.list_payroll_types(None).await?.into_iter().map(|p| (p.id, p.code)).collect();
    let mut missing: BTreeMap<String, i64> = BTreeMap::new();
    let employments = employments
        .into_iter()
        .map(|e| {
            let result = results.get(&e.id);
            for w in result.map(|r| r.calculation.warnings.as_slice()).unwrap_or_default() {
                if let Warning::NoWeeklyLessons { payroll_type } = w {
                    let code = payroll_codes.get(payroll_type).cloned().unwrap_or_else(|| payroll_type.to_string());
                    missing.insert(code, payroll_type.0);
                }
            }
            EmploymentCheck {
                id: e.id,
                payment1: e.payment1,
                payment2: e.payment2,
                employment_min: e.employment_min,
                employment_max: e.employment_max,
                workload: result.map(|r| r.calculation.summary_total.percent_with_age_relief).unwrap_or_default(),
                has_work: result.is_some_and(|r| {
                    !r.course_ids.is_empty() || !r.pool_ids.is_empty() || !r.thesis_type_ids.is_empty()
                }),
                teacher: e.teacher.into(),
            }
        })
        .collect();
    let facts = CheckFacts {
        year: SchoolYearRef::from(&year),
        classes: structure.classes,
        curricula: structure.curricula,
        subjects: structure.subjects,
        entries,
        courses,
        employments,
        missing_weekly_lessons: missing.into_iter().map(|(code, id)| (id, code)).collect(),
    };
    Ok(check(&facts))
}
