//! Fixtures shared by the unit tests of this module (the payroll types and
//! year of §Worked examples).

use std::collections::BTreeMap;
use std::str::FromStr;

use chrono::NaiveDate;
use rust_decimal::Decimal;

pub use crate::domain::ids::PayrollTypeId;

use super::input::{CalculationMode, CourseShare, PayrollType, PoolItem, WorkloadInput, Year};

/// Parses a decimal literal.
pub fn d(s: &str) -> Decimal {
    Decimal::from_str(s).unwrap()
}

/// A date.
pub fn date(y: i32, m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, day).unwrap()
}

/// A payroll type.
pub fn pt(id: PayrollTypeId, lesson_based: bool, saldo_order: i64, ipb: bool) -> PayrollType {
    PayrollType { id, lesson_based, saldo_order, ipb_correction_allowed: ipb }
}

/// Payroll type ids of §Worked examples.
pub const G1: PayrollTypeId = PayrollTypeId(1);
pub const G2: PayrollTypeId = PayrollTypeId(2);
pub const F: PayrollTypeId = PayrollTypeId(3);
pub const BM: PayrollTypeId = PayrollTypeId(4);
pub const GK1: PayrollTypeId = PayrollTypeId(6);
pub const GK2: PayrollTypeId = PayrollTypeId(7);
pub const FK: PayrollTypeId = PayrollTypeId(11);
pub const PS: PayrollTypeId = PayrollTypeId(8);
pub const PL: PayrollTypeId = PayrollTypeId(9);

/// The payroll types of §Worked examples.
pub fn spec_types() -> Vec<PayrollType> {
    vec![
        pt(G1, true, 2, false),
        pt(G2, true, 1, true),
        pt(F, true, 3, true),
        pt(BM, true, 4, true),
        pt(GK1, true, 52, false),
        pt(GK2, true, 51, false),
        pt(FK, true, 53, false),
        pt(PS, false, 101, false),
        pt(PL, false, 102, false),
    ]
}

/// The year of §Worked examples: graduationYear 2027, the WL of §Worked examples, surcharge 2, 38 weeks.
pub fn spec_year(mode: CalculationMode) -> Year {
    let wl: BTreeMap<PayrollTypeId, Decimal> = [(G1, 28), (G2, 23), (F, 24), (BM, 23), (GK1, 20), (GK2, 20), (FK, 20)]
        .into_iter()
        .map(|(k, v)| (k, Decimal::from(v)))
        .collect();
    Year { graduation_year: 2027, weeks: 38, mode, small_group_surcharge: Decimal::from(2), weekly_lessons: wl }
}

/// An input with nothing booked, no birthday, payment 0/0.
pub fn empty_input<'a>(year: &'a Year, types: &'a [PayrollType]) -> WorkloadInput<'a> {
    WorkloadInput {
        year,
        payroll_types: types,
        birthday: None,
        payment: [Decimal::ZERO; 2],
        opening_balance: Decimal::ZERO,
        courses: vec![],
        pool: vec![],
        theses: vec![],
        postings: vec![],
    }
}

/// A course taught alone in both semesters, no small group.
pub fn course(t: PayrollTypeId, lessons: &str) -> CourseShare {
    CourseShare {
        payroll_type: Some(t),
        lessons: [d(lessons), d(lessons)],
        teachers: [1, 1],
        teaches: [true, true],
        small_group: [false, false],
    }
}

/// A pool entry.
pub fn pool(t: PayrollTypeId, p1: &str, p2: &str) -> PoolItem {
    PoolItem { payroll_type: t, percent: [d(p1), d(p2)] }
}

/// Rounds half-up the way a client displays a value.
pub fn shown(x: Decimal, dp: u32) -> String {
    format!("{:.*}", dp as usize, super::round::half_up(x, dp))
}
