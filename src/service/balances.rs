//! The IPB balance chain over the years (workload.md §4): every employment's
//! workload computed from the data as it is now, the closing balance of one
//! year opening the teacher's next employment (a year on leave keeps it), and
//! locked years read from their frozen balances.

use std::collections::HashMap;
use std::str::FromStr;

use chrono::NaiveDate;
use rust_decimal::Decimal;

use crate::domain::fixed::Fixed;
use crate::domain::workload::{
    calculate, Calculation, CalculationMode, CourseShare, PayrollType, PoolItem, PostingDetail, PostingItem,
    ThesisItem, WorkloadInput, Year,
};
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

fn year_input(y: &YearFacts) -> Year {
    Year {
        graduation_year: y.graduation_year as i32,
        weeks: y.weeks,
        mode: CalculationMode::from_id(y.calculation_mode).unwrap_or(CalculationMode::Percent),
        small_group_surcharge: fixed(y.small_group_surcharge),
        weekly_lessons: y.weekly_lessons.iter().map(|(k, v)| (*k, v.decimal())).collect(),
    }
}

/// Computes every employment in `facts`, year by year, carrying balances.
/// Returns the results by employment id.
pub fn compute_all(facts: &WorkloadFacts) -> HashMap<i64, EmploymentResult> {
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
    let years: HashMap<i64, (&YearFacts, Year)> = facts.years.iter().map(|y| (y.id, (y, year_input(y)))).collect();
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
            let frozen = match (year_facts.locked, &e.frozen_opening_balance, &e.frozen_closing_balance) {
                (true, Some(o), Some(c)) => Decimal::from_str(o).ok().zip(Decimal::from_str(c).ok()),
                _ => None,
            };
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
    out
}
