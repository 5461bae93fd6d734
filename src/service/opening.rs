//! Opening a school year (docs/documents.md §Opening a school year): load the facts, plan with
//! [`crate::domain::opening::plan`], insert, and report what was created and
//! the entry grades it could create no courses for.

use serde::Serialize;

use super::audit::Actor;
use super::check::check_plan;
use crate::domain::check::{no_entry_classes, Finding};
use crate::domain::course::{lock_reason, Course};
use crate::domain::division::DivisionListItem;
use crate::domain::ids::{DivisionId, SchoolYearId};
use crate::domain::opening::{entry_gaps, no_previous_year, plan, EntryGap};
use crate::domain::payroll::PayrollType;
use crate::domain::pool::PoolEntry;
use crate::domain::reference_forms::SchoolYearRef;
use crate::domain::schoolyear::SchoolYear;
use crate::error::{Error, ErrorCode, Result};
use crate::i18n::Message;
use crate::store::course::CourseFilter;
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
            Message::new("error-opening-locked").arg("year", &year.code).arg("state", why),
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
            .filter(|p| pool_ids.contains(&p.id.0))
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
        actor.record(&mut tx, "poolentry", p.id.0, None::<&()>, Some(p)).await?;
    }
    tx.commit().await?;
    Ok(report)
}

/// What opening school year `id` would create, without writing anything
/// (docs/web.md §Schuljahr eröffnen, step 3): [`open_school_year`] runs in a
/// write transaction that is dropped uncommitted, so it rolls back; the
/// report is the one `POST /schoolyear/ID/open` would give now (its ids name
/// rows that were never kept). Errors as [`open_school_year`]'s.
pub async fn preview(store: &Store, id: SchoolYearId) -> Result<OpeningReport> {
    let mut tx = store.begin().await?;
    let report = open_school_year(&mut tx, id).await;
    // Dropped uncommitted: everything the opening wrote is rolled back.
    drop(tx);
    report
}

/// A missing entry-grade class of a year with what the web path proposes
/// for creating it (docs/web.md §Schuljahr eröffnen, step 2).
#[derive(Debug, Clone, PartialEq)]
pub struct EntryClassProposal {
    /// The gap: curriculum, entry grade, graduation year of an entering class.
    pub gap: EntryGap,
    /// A proposed class code: the newest class of the curriculum's code with
    /// its two graduation-year digits moved to the new class's (`G31a` → `G32a`),
    /// else the curriculum's code with those digits.
    pub code: String,
    /// The division of the curriculum's newest class, if it has any class.
    pub division: Option<DivisionId>,
}

/// The curricula of school year `id` whose entry grade has no class
/// ([`entry_gaps`], the plan check's `no_entry_classes`), each with a
/// proposed code and division for the missing class; 404 for an unknown year.
pub async fn entry_class_proposals(conn: &mut Conn, id: SchoolYearId) -> Result<Vec<EntryClassProposal>> {
    let year = conn.get_school_year(id).await?.ok_or_else(|| Error::not_found(SchoolYearId::KIND, id.0))?;
    let year = SchoolYearRef::from(&year);
    let structure = conn.planning_structure().await?;
    let entries = conn.lesson_entries().await?;
    let gaps = entry_gaps(&year, &structure.classes, &structure.curricula, &structure.subjects, &entries);
    Ok(gaps
        .into_iter()
        .map(|gap| {
            let newest = structure
                .classes
                .iter()
                .filter(|c| c.curriculum == gap.curriculum)
                .max_by(|a, b| a.graduation_year.cmp(&b.graduation_year).then_with(|| b.code.cmp(&a.code)));
            let digits = format!("{:02}", gap.graduation_year.rem_euclid(100));
            let code = newest
                .and_then(|c| {
                    let old = format!("{:02}", c.graduation_year.rem_euclid(100));
                    c.code.contains(&old).then(|| c.code.replacen(&old, &digits, 1))
                })
                .unwrap_or_else(|| format!("{}{digits}", gap.code.split_whitespace().next().unwrap_or("K")));
            EntryClassProposal { code, division: newest.map(|c| c.division), gap }
        })
        .collect())
}

/// The fields the web path proposes for the school year after the latest
/// one (docs/web.md §Schuljahr eröffnen, step 1).
#[derive(Debug, Clone, PartialEq)]
pub struct NextYearProposal {
    /// The latest school year (highest graduation year), which the proposal follows.
    pub latest: SchoolYear,
    /// Its code with every number one up: `27/28` → `28/29`.
    pub code: String,
    /// Its description with every number one up.
    pub description: String,
    /// Its graduation year plus one.
    pub graduation_year: i64,
}

/// The proposal for the next school year, from the latest one; `None` when
/// there is no school year at all.
pub async fn next_year_proposal(conn: &mut Conn) -> Result<Option<NextYearProposal>> {
    let latest = conn.list_school_years(None).await?.into_iter().max_by_key(|y| y.graduation_year);
    Ok(latest.map(|latest| NextYearProposal {
        code: numbers_up(&latest.code),
        description: numbers_up(&latest.description),
        graduation_year: latest.graduation_year + 1,
        latest,
    }))
}

/// `text` with every run of ASCII digits replaced by its number plus one,
/// keeping its width (`27/28` → `28/29`, `2027/2028` → `2028/2029`, `09` → `10`).
pub fn numbers_up(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut digits = String::new();
    let flush = |digits: &mut String, out: &mut String| {
        if digits.is_empty() {
            return;
        }
        match digits.parse::<u64>() {
            Ok(n) => {
                let width = digits.len();
                let up = (n + 1).to_string();
                // `99` becomes `00` in a two-digit year code (`99/00`).
                let up = if up.len() > width && width == 2 { up[up.len() - width..].to_string() } else { up };
                out.push_str(&format!("{up:0>width$}"));
            }
            Err(_) => out.push_str(digits),
        }
        digits.clear();
    };
    for ch in text.chars() {
        if ch.is_ascii_digit() {
            digits.push(ch);
        } else {
            flush(&mut digits, &mut out);
            out.push(ch);
        }
    }
    flush(&mut digits, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::numbers_up;

    #[test]
    fn numbers_go_one_up_in_their_width() {
        assert_eq!(numbers_up("27/28"), "28/29");
        assert_eq!(numbers_up("Schuljahr 2027/2028"), "Schuljahr 2028/2029");
        assert_eq!(numbers_up("09/10"), "10/11");
        assert_eq!(numbers_up("99/00"), "00/01");
        assert_eq!(numbers_up("SJ"), "SJ");
    }
}

/// The proposal of the next school year ([`next_year_proposal`]), the active
/// school years and the lesson-based payroll types, read in one snapshot:
/// step 1 of the web's opening of a year (docs/web.md §Schuljahr eröffnen).
/// Errors: the database's (500/503).
pub async fn start_facts(store: &Store) -> Result<(Option<NextYearProposal>, Vec<SchoolYear>, Vec<PayrollType>)> {
    store
        .snapshot(async |conn| {
            let proposal = next_year_proposal(conn).await?;
            let years = conn.list_school_years(Some(false)).await?;
            let payroll = conn.list_payroll_types(Some(true)).await?;
            Ok((proposal, years, payroll))
        })
        .await
}

/// What step 2 of the web's opening of school year `id` reads, in one
/// snapshot ([`year_facts`]).
#[derive(Debug)]
pub struct YearFacts {
    /// The school year.
    pub school_year: SchoolYear,
    /// The proposed entry classes ([`entry_class_proposals`]).
    pub proposals: Vec<EntryClassProposal>,
    /// Every division.
    pub divisions: Vec<DivisionListItem>,
    /// The plan check's findings of the year.
    pub findings: Vec<Finding>,
    /// The year's courses (the grid cells the findings link to).
    pub courses: Vec<Course>,
    /// Every school year, as stored (unsorted).
    pub years: Vec<SchoolYear>,
}

/// School year `id` with its entry class proposals, the divisions, the plan
/// check's findings, the year's courses and every school year, read in one
/// snapshot: step 2 of the web's opening of a year
/// (docs/web.md §Schuljahr eröffnen). Errors: 404 for an unknown year; the
/// database's (500/503).
pub async fn year_facts(store: &Store, id: SchoolYearId) -> Result<YearFacts> {
    store
        .snapshot(async |conn| {
            let school_year =
                conn.get_school_year(id).await?.ok_or_else(|| Error::not_found(SchoolYearId::KIND, id.0))?;
            let proposals = entry_class_proposals(conn, id).await?;
            let divisions = conn.list_divisions().await?;
            let findings = check_plan(conn, id).await?;
            let courses = conn.list_courses(CourseFilter::year(id)).await?;
            let years = conn.list_school_years(None).await?;
            Ok(YearFacts { school_year, proposals, divisions, findings, courses, years })
        })
        .await
}

/// School year `id`, the plan check's findings and the year's courses, read
/// in one snapshot: the worklist after the web's opening of a year
/// (docs/web.md §Schuljahr eröffnen). Errors: 404 for an unknown year; the
/// database's (500/503).
pub async fn worklist(store: &Store, id: SchoolYearId) -> Result<(SchoolYear, Vec<Finding>, Vec<Course>)> {
    store
        .snapshot(async |conn| {
            let year = conn.get_school_year(id).await?.ok_or_else(|| Error::not_found(SchoolYearId::KIND, id.0))?;
            let findings = check_plan(conn, id).await?;
            let courses = conn.list_courses(CourseFilter::year(id)).await?;
            Ok((year, findings, courses))
        })
        .await
}
