//! The IPB balance chain over the years (docs/workload.md §Balance): every employment's
//! workload computed from the data as it is now, the closing balance of one
//! year opening the teacher's next employment (a year on leave keeps it), and
//! locked years read from their frozen balances.

use std::borrow::Cow;
use std::collections::HashMap;
use std::str::FromStr;

use chrono::NaiveDate;
use rust_decimal::{Decimal, RoundingStrategy};

use crate::domain::fixed::Fixed;
use crate::domain::workload::{
    calculate, Calculation, CalculationMode, CourseShare, PayrollType, PoolItem, PostingDetail, PostingItem,
    ThesisItem, WorkloadInput, Year,
};
use crate::error::{Error, Result};
use crate::i18n::{self, Lang};
use crate::store::workload::{EmploymentFacts, WorkloadFacts, YearFacts};

/// The computed workload and balances of one employment.
#[derive(Debug, Clone)]
pub struct EmploymentResult {
    /// The calculation (its `balance` already carries the opening balance).
    pub calculation: Calculation,
    /// The input order of the courses, pool entries and postings behind the calculation's lines (ids).
    pub course_ids: Vec<i64>,
    /// Pool entry ids, in the calculation's order.
    pub pool_ids: Vec<i64>,
    /// Thesis type ids, in the calculation's order.
    pub thesis_type_ids: Vec<i64>,
    /// Posting ids, in the calculation's order.
    pub posting_ids: Vec<i64>,
    /// Opening balance in percent (frozen while the year is locked and frozen).
    pub opening: Decimal,
    /// Closing balance in percent (frozen likewise).
    pub closing: Decimal,
}

fn fixed(x: i64) -> Decimal {
    Fixed(x).decimal()
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

/// Whether employment `e` of a year in `facts` is frozen: its year is locked
/// and both balances were frozen when it was locked (docs/workload.md §Balance).
/// A frozen balance that is no decimal is a fault of the data: 500, logged
/// (it is not skipped, which would silently recompute a locked year).
fn frozen(e: &EmploymentFacts, year: &YearFacts) -> Result<Option<(Decimal, Decimal)>> {
    match year.locked {
        true => stored_balances(e),
        false => Ok(None),
    }
}

/// The frozen balances stored with employment `e`, when both are (see [`frozen`]).
fn stored_balances(e: &EmploymentFacts) -> Result<Option<(Decimal, Decimal)>> {
    let (Some(o), Some(c)) = (&e.frozen_opening_balance, &e.frozen_closing_balance) else { return Ok(None) };
    let read = |text: &str| {
        Decimal::from_str(text).map_err(|err| {
            Error::internal(anyhow::anyhow!("employment {} has the unreadable frozen balance {text:?}: {err}", e.id))
        })
    };
    Ok(Some((read(o)?, read(c)?)))
}

/// The school years whose bookings must be loaded to compute the employments
/// of the years `targets` (ids) with their balances: the targets themselves,
/// and, walking each such teacher's employments back in year order, every
/// earlier year up to (not including) the first employment whose balances
/// are frozen — a frozen closing balance ends the chain (docs/workload.md §Balance).
/// Ascending by graduation year.
pub fn years_to_compute(facts: &WorkloadFacts, targets: &[i64]) -> Result<Vec<i64>> {
    let years: HashMap<i64, &YearFacts> = facts.years.iter().map(|y| (y.id, y)).collect();
    let mut needed: std::collections::HashSet<i64> = targets.iter().copied().collect();
    let mut by_teacher: HashMap<i64, Vec<&EmploymentFacts>> = HashMap::new();
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
    let mut out: Vec<i64> = needed.into_iter().filter(|id| years.contains_key(id)).collect();
    out.sort_by_key(|id| years[id].graduation_year);
    Ok(out)
}

/// Computes every employment of `facts.loaded_years`, year by year, carrying
/// balances; an employment of another year only passes on its frozen closing
/// balance. Returns the results by employment id.
pub fn compute_all(facts: &WorkloadFacts) -> Result<HashMap<i64, EmploymentResult>> {
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
    let years: HashMap<i64, (&YearFacts, Year)> =
        facts.years.iter().map(|y| Ok((y.id, (y, year_input(y)?)))).collect::<Result<_>>()?;
    let order: HashMap<i64, i64> = facts.years.iter().map(|y| (y.id, y.graduation_year)).collect();

    // Group the bookings by (year, teacher).
    type Key = (i64, i64);
    let mut courses: HashMap<Key, Vec<(i64, CourseShare)>> = HashMap::new();
    for c in facts.courses.iter().filter(|c| !c.cancelled) {
        let mut teachers: Vec<i64> = c.teachers1.clone();
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
    let mut pool: HashMap<Key, Vec<(i64, PoolItem)>> = HashMap::new();
    for p in &facts.pool {
        pool.entry((p.school_year_id, p.teacher_id)).or_default().push((
            p.id,
            PoolItem { payroll_type: p.payroll_type_id, percent: [fixed(p.percent1), fixed(p.percent2)] },
        ));
    }
    let mut theses: HashMap<Key, Vec<(i64, ThesisItem)>> = HashMap::new();
    for h in &facts.theses {
        theses.entry((h.school_year_id, h.teacher_id)).or_default().push((
            h.thesis_type_id,
            ThesisItem { payroll_type: h.payroll_type_id, percent_each: fixed(h.percent), count: fixed(h.count) },
        ));
    }
    let mut postings: HashMap<Key, Vec<(i64, PostingItem)>> = HashMap::new();
    for d in &facts.postings {
        let list = postings.entry((d.school_year_id, d.teacher_id)).or_default();
        if list.last().is_none_or(|(id, _)| *id != d.posting_id) {
            let start = NaiveDate::parse_from_str(&d.start_date, "%Y-%m-%d").unwrap_or_default();
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
    let mut by_teacher: HashMap<i64, Vec<&EmploymentFacts>> = HashMap::new();
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
            let (course_ids, course_items): (Vec<i64>, Vec<CourseShare>) =
                courses.remove(&key).unwrap_or_default().into_iter().unzip();
            let (pool_ids, pool_items): (Vec<i64>, Vec<PoolItem>) =
                pool.remove(&key).unwrap_or_default().into_iter().unzip();
            let (thesis_type_ids, thesis_items): (Vec<i64>, Vec<ThesisItem>) =
                theses.remove(&key).unwrap_or_default().into_iter().unzip();
            let (posting_ids, posting_items): (Vec<i64>, Vec<PostingItem>) =
                postings.remove(&key).unwrap_or_default().into_iter().unzip();
            let opening = carried.unwrap_or_else(|| fixed(e.initial_balance));
            let input = WorkloadInput {
                year,
                payroll_types: &payroll_types,
                birthday: e.birthday.as_deref().and_then(|b| NaiveDate::parse_from_str(b, "%Y-%m-%d").ok()),
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
    use super::*;

    fn year(id: i64, graduation_year: i64, locked: bool) -> YearFacts {
        YearFacts {
            id,
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
            id,
            teacher_id,
            school_year_id,
            payment1: Some(50_0000),
            payment2: Some(50_0000),
            initial_balance: 0,
            frozen_opening_balance: frozen.map(|f| f.0.to_string()),
            frozen_closing_balance: frozen.map(|f| f.1.to_string()),
            birthday: None,
        }
    }

    /// Years 1–3 and 4 (the target); year 2 is locked.
    fn facts(employments: Vec<EmploymentFacts>) -> WorkloadFacts {
        WorkloadFacts {
            years: vec![year(1, 2024, true), year(2, 2025, true), year(3, 2026, false), year(4, 2027, false)],
            employments,
            ..WorkloadFacts::default()
        }
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
        assert_eq!(years_to_compute(&f, &[4]).unwrap(), vec![3, 4]);
    }

    #[test]
    fn a_locked_year_without_frozen_balances_is_computed() {
        // Year 2 is locked, but its employment has no frozen balances: the walk goes on to year 1 (frozen).
        let f =
            facts(vec![employment(1, 7, 1, Some(("0", "1"))), employment(2, 7, 2, None), employment(4, 7, 4, None)]);
        assert_eq!(years_to_compute(&f, &[4]).unwrap(), vec![2, 4]);
    }

    #[test]
    fn a_year_on_leave_before_an_unfrozen_year_reaches_further_back() {
        // Teacher 8 has no employment in years 2 and 3: the chain reaches year 1, which is not frozen.
        let f = facts(vec![employment(1, 8, 1, None), employment(4, 8, 4, None)]);
        assert_eq!(years_to_compute(&f, &[4]).unwrap(), vec![1, 4]);
        // Another teacher, frozen in year 2, adds nothing.
        let mut g = facts(vec![employment(2, 9, 2, Some(("0", "3"))), employment(4, 9, 4, None)]);
        assert_eq!(years_to_compute(&g, &[4]).unwrap(), vec![4]);
        g.employments.push(employment(5, 8, 1, None));
        g.employments.push(employment(6, 8, 4, None));
        assert_eq!(years_to_compute(&g, &[4]).unwrap(), vec![1, 4]);
    }

    #[test]
    fn an_unloaded_frozen_year_passes_on_its_closing_balance() {
        let mut f = facts(vec![employment(2, 7, 2, Some(("1.5", "2.25"))), employment(4, 7, 4, None)]);
        f.loaded_years = years_to_compute(&f, &[4]).unwrap();
        let results = compute_all(&f).unwrap();
        assert!(!results.contains_key(&2), "the frozen year is not computed");
        assert_eq!(results[&4].opening, Decimal::from_str("2.25").unwrap());
    }

    #[test]
    fn an_unknown_mode_or_an_unreadable_frozen_balance_is_an_error() {
        let mut f = facts(vec![employment(4, 7, 4, None)]);
        f.loaded_years = vec![4];
        assert!(compute_all(&f).is_ok());
        f.years[3].calculation_mode = 7;
        assert_eq!(compute_all(&f).unwrap_err().code(), crate::error::ErrorCode::Internal);
        // Year 2 is locked: its frozen balances are read, and a text that is no decimal fails.
        let g = facts(vec![employment(2, 7, 2, Some(("1.5", "zwei"))), employment(4, 7, 4, None)]);
        assert_eq!(years_to_compute(&g, &[4]).unwrap_err().code(), crate::error::ErrorCode::Internal);
        // In an open year frozen texts are not read.
        let h = facts(vec![employment(3, 7, 3, Some(("x", "y"))), employment(4, 7, 4, None)]);
        assert_eq!(years_to_compute(&h, &[4]).unwrap(), vec![3, 4]);
    }

    fn dec(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    #[test]
    fn frozen_balances_are_compared_at_their_stored_precision() {
        // A balance stored with 3 decimals equals every computation that rounds to it.
        assert!(!differs(dec("-0.004"), dec("-0.0041739130434782608695652174")));
        assert!(!differs(dec("-0.004"), dec("-0.0035")), "half-up, away from zero");
        assert!(differs(dec("-0.004"), dec("-0.0034999")));
        // Stored exactly (as locking stores it), the last digit counts.
        let exact = dec("-0.0041739130434782608695652174");
        assert!(!differs(exact, exact));
        assert!(differs(exact, dec("-0.0041739130434782608695652173")));
        // Trailing zeros of the text are its precision.
        assert!(differs(dec("1.50"), dec("1.54")));
        assert!(!differs(dec("1.5"), dec("1.54")));
    }

    #[test]
    fn differences_are_shown_with_enough_decimals_to_see_them() {
        let shown = |a: &str, b: &str| shown_apart(dec(a), dec(b));
        assert_eq!(shown("-0.0041", "-0.0044"), ("-0.0041".into(), "-0.0044".into()));
        assert_eq!(shown("-0.004", "-0.0044"), ("-0.0040".into(), "-0.0044".into()));
        assert_eq!(shown("123.5", "-2.1739130434782608695652173913"), ("123.500".into(), "-2.174".into()));
        assert_eq!(shown("2", "2"), ("2.000".into(), "2.000".into()));
        let exact = ("-0.0041739130434782608695652174", "-0.0041739130434782608695652173");
        assert_eq!(shown(exact.0, exact.1), (exact.0.into(), exact.1.into()));
        // The log line of a difference: the fresh value at the frozen one's precision.
        let d = FrozenDifference {
            employment: 1,
            teacher: 2,
            opening: (dec("0.25"), dec("0.25")),
            closing: (dec("-0.0041"), dec("-0.00437")),
        };
        assert_eq!(d.closing_texts(), ("-0.0041".into(), "-0.0044".into()));
        assert_eq!(d.opening_texts(), ("0.250".into(), "0.250".into()));
    }

    #[test]
    fn the_balance_report_is_in_the_readers_language() {
        let checks = vec![
            FrozenCheck { code: "24/25".into(), compared: 3, differences: Vec::new() },
            FrozenCheck {
                code: "25/26".into(),
                compared: 4,
                differences: vec![FrozenDifference {
                    employment: 1,
                    teacher: 2,
                    opening: (dec("0.25"), dec("0.25")),
                    closing: (dec("-0.0041"), dec("-0.00437")),
                }],
            },
        ];
        let teachers = HashMap::from([(2, "abc".to_string())]);
        let en = report(&checks, &teachers, Lang::En);
        assert_eq!(en[0], "School year 24/25: the frozen balances of 3 employments equal a fresh computation.");
        assert!(
            en[1].starts_with("School year 25/26: 1 of 4 employments have frozen balances that differ"),
            "{}",
            en[1]
        );
        assert_eq!(
            en[2],
            "  abc: opening balance frozen 0.250 / fresh 0.250, closing balance frozen -0.0041 / fresh -0.0044"
        );
        let de = report(&checks, &teachers, Lang::De);
        assert_eq!(
            de[0],
            "Schuljahr 24/25: Die eingefrorenen IPB-Saldi von 3 Anstellungen stimmen mit einer neuen Berechnung überein."
        );
        assert!(de[1].starts_with("Schuljahr 25/26: Bei 1 von 4 Anstellungen weichen"), "{}", de[1]);
        assert_eq!(
            de[2],
            "  abc: Anfangssaldo eingefroren 0.250 / neu 0.250, Schlusssaldo eingefroren -0.0041 / neu -0.0044"
        );
        let unknown = report(&checks[1..], &HashMap::new(), Lang::De);
        assert!(unknown[1].starts_with("  Lehrperson 2: "), "{}", unknown[1]);
        assert_eq!(
            report(&[], &teachers, Lang::En),
            ["No school year is locked: there are no frozen balances to compare."]
        );
        assert_eq!(
            report_intro(Lang::De),
            "IPB-Saldi werden bei jedem Lesen berechnet; es muss nichts neu berechnet werden."
        );
    }
}

/// One difference between a frozen balance and a fresh computation.
#[derive(Debug, Clone, PartialEq)]
pub struct FrozenDifference {
    /// The employment.
    pub employment: i64,
    /// Its teacher.
    pub teacher: i64,
    /// (frozen, fresh) opening balance, percent; fresh unrounded.
    pub opening: (Decimal, Decimal),
    /// (frozen, fresh) closing balance, percent; fresh unrounded.
    pub closing: (Decimal, Decimal),
}

impl FrozenDifference {
    /// The opening balances as (frozen, fresh) texts that show their
    /// difference, if any ([`shown_apart`]).
    pub fn opening_texts(&self) -> (String, String) {
        shown_apart(self.opening.0, at_stored_precision(self.opening.0, self.opening.1))
    }

    /// The closing balances as (frozen, fresh) texts that show their
    /// difference, if any ([`shown_apart`]).
    pub fn closing_texts(&self) -> (String, String) {
        shown_apart(self.closing.0, at_stored_precision(self.closing.0, self.closing.1))
    }
}

/// The fewest decimals a balance is shown with in the job's log.
const SHOWN_DECIMALS: u32 = 3;

/// `fresh` at the precision `frozen` is stored with: rounded half-up to as
/// many decimals as the frozen text has (a frozen balance is stored as exact
/// decimal text; one written by hand or by another system may have fewer
/// decimals than a computation, which is not a difference).
pub fn at_stored_precision(frozen: Decimal, fresh: Decimal) -> Decimal {
    fresh.round_dp_with_strategy(frozen.scale(), RoundingStrategy::MidpointAwayFromZero)
}

/// Whether a fresh computation differs from a frozen balance, compared at
/// the precision the frozen balance is stored with ([`at_stored_precision`]).
pub fn differs(frozen: Decimal, fresh: Decimal) -> bool {
    at_stored_precision(frozen, fresh) != frozen
}

/// `a` and `b` as text with the same number of decimals: at least 3, and as
/// many more as it takes to tell them apart (rounded half-up; at most the
/// larger of their scales, where they are exact). Equal values give their
/// 3-decimal text twice.
pub fn shown_apart(a: Decimal, b: Decimal) -> (String, String) {
    let most = a.scale().max(b.scale()).max(SHOWN_DECIMALS);
    let text = |d: Decimal, k: u32| {
        let mut r = d.round_dp_with_strategy(k, RoundingStrategy::MidpointAwayFromZero);
        r.rescale(k);
        r.to_string()
    };
    let mut k = SHOWN_DECIMALS;
    while k < most && text(a, k) == text(b, k) {
        k += 1;
    }
    (text(a, k), text(b, k))
}

/// The check of one locked school year.
#[derive(Debug, Clone, PartialEq)]
pub struct FrozenCheck {
    /// The year's code.
    pub code: String,
    /// Employments with frozen balances compared.
    pub compared: usize,
    /// Those whose frozen balances differ from the fresh computation.
    pub differences: Vec<FrozenDifference>,
}

/// Compares the frozen balances of every locked school year with a fresh
/// computation of the chain as the data stand now (standing job
/// `CalculateBalances`, docs/workload.md §Balance); `on_year` is called after each
/// year (progress). Each balance is compared at the precision it is stored
/// with ([`differs`]). Reads only; changes nothing.
pub async fn check_frozen(
    conn: &mut crate::store::Conn,
    mut on_year: impl FnMut(usize, usize),
) -> crate::error::Result<Vec<FrozenCheck>> {
    let all = conn.workload_heads(i64::MAX, None).await?;
    let locked: Vec<&YearFacts> = all.years.iter().filter(|y| y.locked).collect();
    let mut out = Vec::with_capacity(locked.len());
    for (i, year) in locked.iter().enumerate() {
        let mut facts = conn.workload_heads(year.graduation_year, None).await?;
        let mut frozen_values: HashMap<i64, (Decimal, Decimal, i64)> = HashMap::new();
        for e in facts.employments.iter_mut().filter(|e| e.school_year_id == year.id) {
            if let Some((o, c)) = stored_balances(e)? {
                frozen_values.insert(e.id, (o, c, e.teacher_id));
            }
            e.frozen_opening_balance = None;
            e.frozen_closing_balance = None;
        }
        let years = years_to_compute(&facts, &[year.id])?;
        conn.load_bookings(&mut facts, &years, None).await?;
        let results = compute_all(&facts)?;
        let mut differences: Vec<FrozenDifference> = frozen_values
            .iter()
            .filter_map(|(id, (o, c, teacher))| {
                let r = results.get(id)?;
                (differs(*o, r.opening) || differs(*c, r.closing)).then(|| FrozenDifference {
                    employment: *id,
                    teacher: *teacher,
                    opening: (*o, r.opening),
                    closing: (*c, r.closing),
                })
            })
            .collect();
        differences.sort_by_key(|d| d.employment);
        out.push(FrozenCheck { code: year.code.clone(), compared: frozen_values.len(), differences });
        on_year(i + 1, locked.len());
    }
    Ok(out)
}

/// The first line of the balance report (job `CalculateBalances`, "Saldi
/// berechnen"), in `lang`: balances need no recalculation (docs/i18n.md §Balance report).
pub fn report_intro(lang: Lang) -> String {
    i18n::text(lang, "balance-nothing-to-recalculate")
}

/// The lines of the balance report after the comparison, in `lang`
/// (docs/workload.md §Balance, docs/i18n.md §Balance report): per locked year
/// whether its frozen balances equal a fresh computation, and each
/// difference with enough decimals to show it ([`FrozenDifference::opening_texts`]).
/// `teachers` maps teacher ids to their codes (an unknown id is named by its id).
pub fn report(checks: &[FrozenCheck], teachers: &HashMap<i64, String>, lang: Lang) -> Vec<String> {
    let mut out = Vec::new();
    if checks.is_empty() {
        out.push(i18n::text(lang, "balance-no-locked-year"));
    }
    for check in checks {
        let year = Cow::from(check.code.as_str());
        let compared = Cow::from(check.compared.to_string());
        if check.differences.is_empty() {
            out.push(i18n::text_with(lang, "balance-year-equal", &[("year", year), ("compared", compared)]));
            continue;
        }
        let count = Cow::from(check.differences.len().to_string());
        out.push(i18n::text_with(
            lang,
            "balance-year-differs",
            &[("year", year), ("count", count), ("compared", compared)],
        ));
        for d in &check.differences {
            let teacher = teachers.get(&d.teacher).cloned().unwrap_or_else(|| {
                i18n::text_with(lang, "balance-teacher-id", &[("id", d.teacher.to_string().into())])
            });
            let ((opening, opening_fresh), (closing, closing_fresh)) = (d.opening_texts(), d.closing_texts());
            let line = i18n::text_with(
                lang,
                "balance-difference",
                &[
                    ("teacher", teacher.into()),
                    ("opening", opening.into()),
                    ("openingFresh", opening_fresh.into()),
                    ("closing", closing.into()),
                    ("closingFresh", closing_fresh.into()),
                ],
            );
            out.push(format!("  {line}"));
        }
    }
    out
}
