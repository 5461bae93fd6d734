//! The IPB balance chain over the years (docs/workload.md §Balance): every employment's
//! workload computed from the data as it is now, the closing balance of one
//! year opening the teacher's next employment (a year on leave keeps it), and
//! locked years read from their frozen balances.
//!
//! Pure: it reads [`WorkloadFacts`] (which `service::workload` loads) and
//! returns the results by employment. What the data cannot mean (a
//! calculation mode that is none of the six, a frozen balance, birthday or
//! posting start date that cannot be read) is an internal error naming the
//! object, never a default: a default would silently compute something else
//! (percent instead of the year's mode, a locked year recomputed, no age
//! relief, a posting in the wrong semester).

use std::collections::{HashMap, HashSet};
use std::str::FromStr;

use chrono::NaiveDate;
use rust_decimal::Decimal;

use super::facts::{EmploymentFacts, WorkloadFacts, YearFacts};
use super::{
    calculate, Calculation, CalculationMode, CourseShare, PayrollType, PoolItem, PostingDetail, PostingItem,
    ThesisItem, WorkloadInput, Year,
};
use crate::domain::fixed::Fixed;
use crate::domain::ids::{CourseId, EmploymentId, PoolEntryId, PostingId, SchoolYearId, TeacherId, ThesisTypeId};
use crate::error::{Error, Result};

/// The computed workload and balances of one employment.
#[derive(Debug, Clone)]
pub struct EmploymentResult {
    /// The calculation (its `balance` already carries the opening balance).
    pub calculation: Calculation,
    /// The input order of the courses behind the calculation's course lines.
    pub course_ids: Vec<CourseId>,
    /// Pool entry ids, in the calculation's order.
    pub pool_ids: Vec<PoolEntryId>,
    /// Thesis type ids, in the calculation's order.
    pub thesis_type_ids: Vec<ThesisTypeId>,
    /// Posting ids, in the calculation's order.
    pub posting_ids: Vec<PostingId>,
    /// Opening balance in percent (frozen while the year is locked and frozen).
    pub opening: Decimal,
    /// Closing balance in percent (frozen likewise).
    pub closing: Decimal,
}

fn fixed(x: i64) -> Decimal {
    Fixed(x).decimal()
}

/// A stored date `YYYY-MM-DD`; `what` names it in the error (500, logged)
/// when it is none.
fn stored_date(text: &str, what: impl FnOnce() -> String) -> Result<NaiveDate> {
    NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .map_err(|err| Error::internal(anyhow::anyhow!("{} is the unreadable date {text:?}: {err}", what())))
}

/// The calculation's view of school year `y`; a stored calculation mode id
/// that is none of the six (docs/workload.md §Calculation) is a fault of the
/// data, not a reason to calculate in percent: 500, logged.
fn year_input(y: &YearFacts) -> Result<Year> {
    let mode = CalculationMode::from_id(y.calculation_mode).ok_or_else(|| {
        Error::internal(anyhow::anyhow!(
            "school year {} ({}) has the unknown calculation mode id {}",
            y.code,
            y.id,
            y.calculation_mode
        ))
    })?;
    Ok(Year {
        graduation_year: y.graduation_year as i32,
        weeks: y.weeks,
        mode,
        small_group_surcharge: fixed(y.small_group_surcharge),
        weekly_lessons: y.weekly_lessons.iter().map(|(k, v)| (*k, v.decimal())).collect(),
    })
}

/// The frozen balances (opening, closing) of employment `e` of school year
/// `year`: `Some` when the year is locked and both balances were frozen when
/// it was locked (docs/workload.md §Balance). A frozen balance that is no
/// decimal is a fault of the data: 500, logged (it is not skipped, which
/// would silently recompute a locked year).
pub fn frozen(e: &EmploymentFacts, year: &YearFacts) -> Result<Option<(Decimal, Decimal)>> {
    match year.locked {
        true => stored_balances(e),
        false => Ok(None),
    }
}

/// The frozen balances stored with employment `e`, when both are, whether or
/// not its year is locked; errors as [`frozen`].
pub fn stored_balances(e: &EmploymentFacts) -> Result<Option<(Decimal, Decimal)>> {
    let (Some(o), Some(c)) = (&e.frozen_opening_balance, &e.frozen_closing_balance) else { return Ok(None) };
    let read = |text: &str| {
        Decimal::from_str(text).map_err(|err| {
            Error::internal(anyhow::anyhow!(
                "employment {} (teacher {}) has the unreadable frozen balance {text:?}: {err}",
                e.id,
                e.teacher_id
            ))
        })
    };
    Ok(Some((read(o)?, read(c)?)))
}

/// The school years whose bookings must be loaded to compute the employments
/// of the years `targets` with their balances: the targets themselves,
/// and, walking each such teacher's employments back in year order, every
/// earlier year up to (not including) the first employment whose balances
/// are frozen — a frozen closing balance ends the chain (docs/workload.md §Balance).
/// Ascending by graduation year. Errors as [`frozen`].
pub fn years_to_compute(facts: &WorkloadFacts, targets: &[SchoolYearId]) -> Result<Vec<SchoolYearId>> {
    let years: HashMap<SchoolYearId, &YearFacts> = facts.years.iter().map(|y| (y.id, y)).collect();
    let mut needed: HashSet<SchoolYearId> = targets.iter().copied().collect();
    let mut by_teacher: HashMap<TeacherId, Vec<&EmploymentFacts>> = HashMap::new();
    for e in facts.employments.iter().filter(|e| years.contains_key(&e.school_year_id)) {
        by_teacher.entry(e.teacher_id).or_default().push(e);
    }
    for list in by_teacher.values_mut() {
        list.sort_by_key(|e| years[&e.school_year_id].graduation_year);
        // From the teacher's last employment in a target year, walk back.
        let Some(last) = list.iter().rposition(|e| targets.contains(&e.school_year_id)) else { continue };
        for e in list[..last].iter().rev() {
            let year = years[&e.school_year_id];
            if frozen(e, year)?.is_some() {
                break;
            }
            needed.insert(year.id);
        }
    }
    let mut out: Vec<SchoolYearId> = needed.into_iter().filter(|id| years.contains_key(id)).collect();
    out.sort_by_key(|id| years[id].graduation_year);
    Ok(out)
}

/// Bookings of one teacher in one school year.
type Key = (SchoolYearId, TeacherId);

/// Computes every employment of `facts.loaded_years`, year by year, carrying
/// balances; an employment of another year only passes on its frozen closing
/// balance. Returns the results by employment.
///
/// Errors (500, logged, naming the object): a school year's calculation
/// mode id is none of the six; a frozen balance ([`frozen`]), a teacher's
/// birthday or a posting's start date of a computed year cannot be read.
pub fn compute_all(facts: &WorkloadFacts) -> Result<HashMap<EmploymentId, EmploymentResult>> {
    let payroll_types: Vec<PayrollType> = facts
        .payroll_types
        .iter()
        .map(|p| PayrollType {
            id: p.id,
            lesson_based: p.lesson_based,
            saldo_order: p.saldo_resolving_order,
            ipb_correction_allowed: p.ipb_correction_allowed,
        })
        .collect();
    let years: HashMap<SchoolYearId, (&YearFacts, Year)> =
        facts.years.iter().map(|y| Ok((y.id, (y, year_input(y)?)))).collect::<Result<_>>()?;
    let order: HashMap<SchoolYearId, i64> = facts.years.iter().map(|y| (y.id, y.graduation_year)).collect();

    // Group the bookings by (year, teacher).
    let mut courses: HashMap<Key, Vec<(CourseId, CourseShare)>> = HashMap::new();
    for c in facts.courses.iter().filter(|c| !c.cancelled) {
        let mut teachers: Vec<TeacherId> = c.teachers1.clone();
        teachers.extend(c.teachers2.iter().filter(|t| !c.teachers1.contains(t)));
        for t in teachers {
            let share = CourseShare {
                payroll_type: c.payroll_type_id,
                lessons: [fixed(c.lessons1), fixed(c.lessons2)],
                teachers: [c.teachers1.len() as u32, c.teachers2.len() as u32],
                teaches: [c.teachers1.contains(&t), c.teachers2.contains(&t)],
                small_group: [c.small_group1, c.small_group2],
            };
            courses.entry((c.school_year_id, t)).or_default().push((c.id, share));
        }
    }
    let mut pool: HashMap<Key, Vec<(PoolEntryId, PoolItem)>> = HashMap::new();
    for p in &facts.pool {
        pool.entry((p.school_year_id, p.teacher_id)).or_default().push((
            p.id,
            PoolItem { payroll_type: p.payroll_type_id, percent: [fixed(p.percent1), fixed(p.percent2)] },
        ));
    }
    let mut theses: HashMap<Key, Vec<(ThesisTypeId, ThesisItem)>> = HashMap::new();
    for h in &facts.theses {
        theses.entry((h.school_year_id, h.teacher_id)).or_default().push((
            h.thesis_type_id,
            ThesisItem { payroll_type: h.payroll_type_id, percent_each: fixed(h.percent), count: fixed(h.count) },
        ));
    }
    let mut postings: HashMap<Key, Vec<(PostingId, PostingItem)>> = HashMap::new();
    for d in &facts.postings {
        let list = postings.entry((d.school_year_id, d.teacher_id)).or_default();
        if list.last().is_none_or(|(id, _)| *id != d.posting_id) {
            let start = stored_date(&d.start_date, || {
                format!("the start date of posting {} (teacher {})", d.posting_id, d.teacher_id)
            })?;
            list.push((d.posting_id, PostingItem { start_date: start, details: Vec::new() }));
        }
        if let Some((_, item)) = list.last_mut() {
            item.details.push(PostingDetail {
                payroll_type: d.payroll_type_id,
                percent_type: d.percent,
                value: fixed(d.value),
            });
        }
    }

    // Walk each teacher's employments in year order.
    let mut by_teacher: HashMap<TeacherId, Vec<&EmploymentFacts>> = HashMap::new();
    for e in &facts.employments {
        by_teacher.entry(e.teacher_id).or_default().push(e);
    }
    let mut out = HashMap::with_capacity(facts.employments.len());
    for (_, mut list) in by_teacher {
        list.sort_by_key(|e| order.get(&e.school_year_id).copied().unwrap_or(i64::MAX));
        let mut carried: Option<Decimal> = None;
        for e in list {
            let Some((year_facts, year)) = years.get(&e.school_year_id) else { continue };
            let frozen = frozen(e, year_facts)?;
            if !facts.loaded_years.contains(&e.school_year_id) {
                if let Some((_, closing)) = frozen {
                    carried = Some(closing);
                }
                continue;
            }
            let key = (e.school_year_id, e.teacher_id);
            let (course_ids, course_items): (Vec<CourseId>, Vec<CourseShare>) =
                courses.remove(&key).unwrap_or_default().into_iter().unzip();
            let (pool_ids, pool_items): (Vec<PoolEntryId>, Vec<PoolItem>) =
                pool.remove(&key).unwrap_or_default().into_iter().unzip();
            let (thesis_type_ids, thesis_items): (Vec<ThesisTypeId>, Vec<ThesisItem>) =
                theses.remove(&key).unwrap_or_default().into_iter().unzip();
            let (posting_ids, posting_items): (Vec<PostingId>, Vec<PostingItem>) =
                postings.remove(&key).unwrap_or_default().into_iter().unzip();
            let birthday = match e.birthday.as_deref() {
                Some(text) => Some(stored_date(text, || {
                    format!("the birthday of teacher {} (employment {})", e.teacher_id, e.id)
                })?),
                None => None,
            };
            let opening = carried.unwrap_or_else(|| fixed(e.initial_balance));
            let input = WorkloadInput {
                year,
                payroll_types: &payroll_types,
                birthday,
                payment: [fixed(e.payment1.unwrap_or(0)), fixed(e.payment2.unwrap_or(0))],
                opening_balance: frozen.map_or(opening, |(o, _)| o),
                courses: course_items,
                pool: pool_items,
                theses: thesis_items,
                postings: posting_items,
            };
            let mut calculation = calculate(&input);
            if let Some((o, c)) = frozen {
                calculation.balance.opening = o;
                calculation.balance.closing = c;
                calculation.balance.change = c - o;
            }
            let (opening, closing) = (calculation.balance.opening, calculation.balance.closing);
            carried = Some(closing);
            out.insert(
                e.id,
                EmploymentResult { calculation, course_ids, pool_ids, thesis_type_ids, posting_ids, opening, closing },
            );
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::super::facts::PostingDetailFacts;
    use super::*;
    use crate::domain::ids::{PayrollTypeId, PostingTypeId};
    use crate::error::ErrorCode;

    fn year(id: i64, graduation_year: i64, locked: bool) -> YearFacts {
        YearFacts {
            id: SchoolYearId(id),
            code: format!("{}/{}", graduation_year - 2001, graduation_year - 2000),
            graduation_year,
            weeks: 38,
            calculation_mode: 1,
            small_group_surcharge: 0,
            show_ipb_balances: true,
            locked,
            weekly_lessons: Default::default(),
        }
    }

    fn employment(id: i64, teacher_id: i64, school_year_id: i64, frozen: Option<(&str, &str)>) -> EmploymentFacts {
        EmploymentFacts {
            id: EmploymentId(id),
            teacher_id: TeacherId(teacher_id),
            school_year_id: SchoolYearId(school_year_id),
            payment1: Some(50_0000),
            payment2: Some(50_0000),
            initial_balance: 0,
            frozen_opening_balance: frozen.map(|f| f.0.to_string()),
            frozen_closing_balance: frozen.map(|f| f.1.to_string()),
            birthday: None,
        }
    }

    /// Years 1–3 and 4 (the target); years 1 and 2 are locked.
    fn facts(employments: Vec<EmploymentFacts>) -> WorkloadFacts {
        WorkloadFacts {
            years: vec![year(1, 2024, true), year(2, 2025, true), year(3, 2026, false), year(4, 2027, false)],
            employments,
            ..WorkloadFacts::default()
        }
    }

    fn ids(list: &[i64]) -> Vec<SchoolYearId> {
        list.iter().copied().map(SchoolYearId).collect()
    }

    fn dec(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    #[test]
    fn a_frozen_year_ends_the_chain() {
        // Teacher 7: employed in years 1, 2 (frozen), 3 and 4 → years 3 and 4 are computed.
        let f = facts(vec![
            employment(1, 7, 1, Some(("0", "1"))),
            employment(2, 7, 2, Some(("1", "2"))),
            employment(3, 7, 3, None),
            employment(4, 7, 4, None),
        ]);
        assert_eq!(years_to_compute(&f, &ids(&[4])).unwrap(), ids(&[3, 4]));
    }

    #[test]
    fn a_locked_year_without_frozen_balances_is_computed() {
        // Year 2 is locked, but its employment has no frozen balances: the walk goes on to year 1 (frozen).
        let f =
            facts(vec![employment(1, 7, 1, Some(("0", "1"))), employment(2, 7, 2, None), employment(4, 7, 4, None)]);
        assert_eq!(years_to_compute(&f, &ids(&[4])).unwrap(), ids(&[2, 4]));
    }

    #[test]
    fn a_year_on_leave_before_an_unfrozen_year_reaches_further_back() {
        // Teacher 8 has no employment in years 2 and 3: the chain reaches year 1, which is not frozen.
        let f = facts(vec![employment(1, 8, 1, None), employment(4, 8, 4, None)]);
        assert_eq!(years_to_compute(&f, &ids(&[4])).unwrap(), ids(&[1, 4]));
        // Another teacher, frozen in year 2, adds nothing.
        let mut g = facts(vec![employment(2, 9, 2, Some(("0", "3"))), employment(4, 9, 4, None)]);
        assert_eq!(years_to_compute(&g, &ids(&[4])).unwrap(), ids(&[4]));
        g.employments.push(employment(5, 8, 1, None));
        g.employments.push(employment(6, 8, 4, None));
        assert_eq!(years_to_compute(&g, &ids(&[4])).unwrap(), ids(&[1, 4]));
    }

    #[test]
    fn an_unloaded_frozen_year_passes_on_its_closing_balance() {
        let mut f = facts(vec![employment(2, 7, 2, Some(("1.5", "2.25"))), employment(4, 7, 4, None)]);
        f.loaded_years = years_to_compute(&f, &ids(&[4])).unwrap();
        let results = compute_all(&f).unwrap();
        assert!(!results.contains_key(&EmploymentId(2)), "the frozen year is not computed");
        assert_eq!(results[&EmploymentId(4)].opening, dec("2.25"));
    }

    #[test]
    fn an_unknown_mode_or_an_unreadable_frozen_balance_is_an_error() {
        let mut f = facts(vec![employment(4, 7, 4, None)]);
        f.loaded_years = ids(&[4]);
        assert!(compute_all(&f).is_ok());
        f.years[3].calculation_mode = 7;
        let err = compute_all(&f).unwrap_err();
        assert_eq!(err.code(), ErrorCode::Internal);
        assert!(err.to_string().contains("school year 26/27 (4) has the unknown calculation mode id 7"), "{err}");
        // Year 2 is locked: its frozen balances are read, and a text that is no decimal fails.
        let g = facts(vec![employment(2, 7, 2, Some(("1.5", "zwei"))), employment(4, 7, 4, None)]);
        let err = years_to_compute(&g, &ids(&[4])).unwrap_err();
        assert_eq!(err.code(), ErrorCode::Internal);
        assert!(err.to_string().contains("employment 2 (teacher 7)"), "{err}");
        // In an open year frozen texts are not read.
        let h = facts(vec![employment(3, 7, 3, Some(("x", "y"))), employment(4, 7, 4, None)]);
        assert_eq!(years_to_compute(&h, &ids(&[4])).unwrap(), ids(&[3, 4]));
    }

    #[test]
    fn an_unreadable_birthday_is_an_error_not_a_lost_age_relief() {
        // Born 1960: 66 at the reference day of 2026/27, so the age relief counts.
        let mut f = facts(vec![employment(4, 7, 4, None)]);
        f.loaded_years = ids(&[4]);
        f.employments[0].birthday = Some("1960-03-01".into());
        let relief = compute_all(&f).unwrap()[&EmploymentId(4)].calculation.age_relief;
        assert!(relief[0] > Decimal::ZERO, "a readable birthday gives age relief: {relief:?}");
        // The same birthday unreadable: an error naming the teacher and the employment, not 0 % relief.
        f.employments[0].birthday = Some("1960-02-30".into());
        let err = compute_all(&f).unwrap_err();
        assert_eq!(err.code(), ErrorCode::Internal);
        assert!(err.to_string().contains("the birthday of teacher 7 (employment 4)"), "{err}");
        // No birthday at all is no relief, and no error.
        f.employments[0].birthday = None;
        assert_eq!(compute_all(&f).unwrap()[&EmploymentId(4)].calculation.age_relief, [Decimal::ZERO; 2]);
        // A birthday of a year that is not computed is not read.
        f.employments[0].birthday = Some("unbekannt".into());
        f.loaded_years = Vec::new();
        assert!(compute_all(&f).unwrap().is_empty());
    }

    #[test]
    fn an_unreadable_posting_start_date_is_an_error() {
        let mut f = facts(vec![employment(4, 7, 4, None)]);
        f.loaded_years = ids(&[4]);
        let detail = |start_date: &str| PostingDetailFacts {
            posting_id: PostingId(12),
            school_year_id: SchoolYearId(4),
            teacher_id: TeacherId(7),
            start_date: start_date.into(),
            posting_type_id: PostingTypeId(1),
            percent: true,
            payroll_type_id: PayrollTypeId(1),
            value: 2_0000,
        };
        f.postings = vec![detail("2026-09-01")];
        let result = &compute_all(&f).unwrap()[&EmploymentId(4)];
        assert_eq!(result.posting_ids, [PostingId(12)]);
        assert_eq!(result.calculation.postings.len(), 1);
        f.postings = vec![detail("1.9.2026")];
        let err = compute_all(&f).unwrap_err();
        assert_eq!(err.code(), ErrorCode::Internal);
        assert!(err.to_string().contains("the start date of posting 12 (teacher 7)"), "{err}");
    }
}
