//! Input of the workload calculation (§Setup, §Pool, postings, theses and notes, §Calculation): the school year, the school's
//! payroll types and what one teacher does in that year.
//!
//! Units: lessons are lessons per week (single lessons for lesson postings),
//! percents are percent of a full position (100 = full time).

use std::collections::BTreeMap;

use chrono::NaiveDate;
use rust_decimal::Decimal;

use crate::domain::ids::PayrollTypeId;

/// The six calculation modes of a school year (§Setup `/calculationmode`, §Modes,
/// §IPB correction). Serialises as its [`code`](CalculationMode::code).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub enum CalculationMode {
    /// id 1, `percent`: §Modes, payroll percents to 3 decimals.
    Percent,
    /// id 2, `lessons`: §Modes, lessons to 2 decimals, percents derived from
    /// the rounded lessons (to 3 decimals although `percentDecimals` is 2:
    /// an oddity of the reference).
    Lessons,
    /// id 3, `lessons2`: §IPB correction, the whole difference to the payment target
    /// is booked as an IPB correction in lessons on one payroll type.
    Lessons2,
    /// id 99, `percentAgeReliefIncluded`: §Modes; pool entries are entered
    /// including age relief, `book` adds percents without age relief, the
    /// payment is the mean of the payment targets; oddity: lessons apply
    /// withoutAE a second time.
    PercentAgeReliefIncluded,
    /// id 100, `lessonsAgeReliefIncluded`: §Modes like `lessons`, pool entries
    /// entered including age relief, percents to 2 decimals.
    LessonsAgeReliefIncluded,
    /// id 101, `lessons2AgeReliefIncluded`: §IPB correction like `lessons2`, pool
    /// entries entered including age relief.
    Lessons2AgeReliefIncluded,
}

impl CalculationMode {
    /// All modes, ordered by id.
    pub const ALL: [CalculationMode; 6] = [
        CalculationMode::Percent,
        CalculationMode::Lessons,
        CalculationMode::Lessons2,
        CalculationMode::PercentAgeReliefIncluded,
        CalculationMode::LessonsAgeReliefIncluded,
        CalculationMode::Lessons2AgeReliefIncluded,
    ];

    /// The fixed id of §Setup: 1, 2, 3, 99, 100, 101.
    pub fn id(self) -> i64 {
        match self {
            CalculationMode::Percent => 1,
            CalculationMode::Lessons => 2,
            CalculationMode::Lessons2 => 3,
            CalculationMode::PercentAgeReliefIncluded => 99,
            CalculationMode::LessonsAgeReliefIncluded => 100,
            CalculationMode::Lessons2AgeReliefIncluded => 101,
        }
    }

    /// The mode with this id (§Setup), `None` for any other id.
    pub fn from_id(id: i64) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.id() == id)
    }

    /// The mode with this code (§Setup), `None` for any other code.
    pub fn from_code(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.code() == code)
    }

    /// The fixed code of §Setup, e.g. `"percentAgeReliefIncluded"`.
    pub fn code(self) -> &'static str {
        match self {
            CalculationMode::Percent => "percent",
            CalculationMode::Lessons => "lessons",
            CalculationMode::Lessons2 => "lessons2",
            CalculationMode::PercentAgeReliefIncluded => "percentAgeReliefIncluded",
            CalculationMode::LessonsAgeReliefIncluded => "lessonsAgeReliefIncluded",
            CalculationMode::Lessons2AgeReliefIncluded => "lessons2AgeReliefIncluded",
        }
    }

    /// A short German description for the lookup `/calculationmode`.
    pub fn description(self) -> &'static str {
        match self {
            CalculationMode::Percent => "Prozent",
            CalculationMode::Lessons => "Lektionen",
            CalculationMode::Lessons2 => "Lektionen mit IPB-Korrektur",
            CalculationMode::PercentAgeReliefIncluded => "Prozent (inkl. AE)",
            CalculationMode::LessonsAgeReliefIncluded => "Lektionen (inkl. AE)",
            CalculationMode::Lessons2AgeReliefIncluded => "Lektionen mit IPB-Korrektur (inkl. AE)",
        }
    }

    /// True for the three `…AgeReliefIncluded` modes (the school year's
    /// read-only `ageReliefIncluded`, §Setup): pool entries and percent postings
    /// are entered including age relief (§What counts, §Balance).
    pub fn age_relief_included(self) -> bool {
        matches!(
            self,
            CalculationMode::PercentAgeReliefIncluded
                | CalculationMode::LessonsAgeReliefIncluded
                | CalculationMode::Lessons2AgeReliefIncluded
        )
    }

    /// True for `lessons2` and `lessons2AgeReliefIncluded`, the modes with
    /// the IPB correction of §IPB correction.
    pub fn ipb_correction(self) -> bool {
        matches!(self, CalculationMode::Lessons2 | CalculationMode::Lessons2AgeReliefIncluded)
    }
}

/// A payroll type (Anstellungsart, §Setup) of the school.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PayrollType {
    /// Id; payroll rows are displayed ordered by it (§Payroll map).
    pub id: PayrollTypeId,
    /// Lesson-based (converted with the year's weekly lessons) or
    /// percent-based.
    pub lesson_based: bool,
    /// `saldoResolvingOrder`, unique per school: the order in which the
    /// difference to the payment target is resolved (§Modes) and the
    /// tie-break of the IPB correction type (§IPB correction).
    pub saldo_order: i64,
    /// `ipbCorrectionAllowed`: may carry the IPB correction (§IPB correction). Only
    /// honoured on lesson-based types.
    pub ipb_correction_allowed: bool,
}

/// The school year's settings that the calculation uses (§Setup).
#[derive(Debug, Clone, PartialEq)]
pub struct Year {
    /// `graduationYear`: the year in which the school year ends.
    pub graduation_year: i32,
    /// School weeks of the year: a lesson posting's full position is
    /// WL·weeks single lessons (§Balance).
    pub weeks: i64,
    /// The year's calculation mode.
    pub mode: CalculationMode,
    /// `smallGroupSurcharge`, in lessons per week, added to WL for the full
    /// position of a small-group course (§What counts).
    pub small_group_surcharge: Decimal,
    /// `weeklyLessons`: payroll type id → lessons per week that make 100 %.
    pub weekly_lessons: BTreeMap<PayrollTypeId, Decimal>,
}

/// One course the teacher teaches (not cancelled; the caller filters
/// cancelled ones out), §What counts.
#[derive(Debug, Clone, PartialEq)]
pub struct CourseShare {
    /// The course's payroll type (the grade's `classLessonPayrollType` for a
    /// class lesson, else its `payrollType`); `None` → percent 0, not
    /// booked, warning [`super::Warning::NoPayrollType`].
    pub payroll_type: Option<PayrollTypeId>,
    /// The course's lessons per week in semester 1 and 2 (whole course).
    pub lessons: [Decimal; 2],
    /// Number of teachers in semester s.
    pub teachers: [u32; 2],
    /// This teacher is in semester s's teacher list.
    pub teaches: [bool; 2],
    /// `smallGroup1`, `smallGroup2`.
    pub small_group: [bool; 2],
}

/// One pool entry (§Pool, postings, theses and notes) of the teacher: percents per semester as entered
/// (including age relief in the `…AgeReliefIncluded` modes).
#[derive(Debug, Clone, PartialEq)]
pub struct PoolItem {
    /// The pool type's payroll type.
    pub payroll_type: PayrollTypeId,
    /// `percent1`, `percent2` as entered, percent of a full position.
    pub percent: [Decimal; 2],
}

/// One thesis type with the teacher's count (§Pool, postings, theses and notes, §What counts).
#[derive(Debug, Clone, PartialEq)]
pub struct ThesisItem {
    /// The thesis type's payroll type.
    pub payroll_type: PayrollTypeId,
    /// The thesis type's annual percent per thesis.
    pub percent_each: Decimal,
    /// Number of theses (decimal ≥ 0).
    pub count: Decimal,
}

/// One detail of a posting (§Pool, postings, theses and notes, §Balance): a posting type's value.
#[derive(Debug, Clone, PartialEq)]
pub struct PostingDetail {
    /// The posting type's payroll type (its weekly lessons convert single
    /// lessons).
    pub payroll_type: PayrollTypeId,
    /// The posting type's `percent` flag: `value` is percent; else single
    /// lessons.
    pub percent_type: bool,
    /// Percent (of a full position, annual) or single lessons; may be
    /// negative; 0 means none.
    pub value: Decimal,
}

/// One posting (Einzelbuchung, §Pool, postings, theses and notes, §Balance).
#[derive(Debug, Clone, PartialEq)]
pub struct PostingItem {
    /// Decides the posting's semester ([`super::posting_semester`]).
    pub start_date: NaiveDate,
    /// The details, in the order the caller wants them shown.
    pub details: Vec<PostingDetail>,
}

/// Everything the calculation of one teacher's workload in one school year
/// needs.
#[derive(Debug, Clone, PartialEq)]
pub struct WorkloadInput<'a> {
    /// The school year.
    pub year: &'a Year,
    /// Every payroll type of the school (the lowest `saldo_order` among them
    /// is always present in the payroll, §Payroll map).
    pub payroll_types: &'a [PayrollType],
    /// The teacher's birthday (age relief, §Age relief); `None` → no age relief.
    pub birthday: Option<NaiveDate>,
    /// Payment target (Auszahlungsziel) per semester, percent.
    pub payment: [Decimal; 2],
    /// Opening IPB balance, percent (§Balance; computed by the caller).
    pub opening_balance: Decimal,
    /// The teacher's courses of the year.
    pub courses: Vec<CourseShare>,
    /// The teacher's pool entries.
    pub pool: Vec<PoolItem>,
    /// The teacher's thesis counts, one item per thesis type.
    pub theses: Vec<ThesisItem>,
    /// The teacher's postings.
    pub postings: Vec<PostingItem>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mode_ids_codes_roundtrip() {
        let ids: Vec<i64> = CalculationMode::ALL.iter().map(|m| m.id()).collect();
        assert_eq!(ids, vec![1, 2, 3, 99, 100, 101]);
        for m in CalculationMode::ALL {
            assert_eq!(CalculationMode::from_id(m.id()), Some(m));
            assert_eq!(CalculationMode::from_code(m.code()), Some(m));
            assert!(!m.description().is_empty());
        }
        assert_eq!(CalculationMode::from_id(4), None);
        assert_eq!(CalculationMode::from_code("Percent"), None);
        assert_eq!(CalculationMode::Lessons2AgeReliefIncluded.code(), "lessons2AgeReliefIncluded");
    }

    #[test]
    fn age_relief_included_flags() {
        let incl: Vec<i64> = CalculationMode::ALL.iter().filter(|m| m.age_relief_included()).map(|m| m.id()).collect();
        assert_eq!(incl, vec![99, 100, 101]);
        let ipb: Vec<i64> = CalculationMode::ALL.iter().filter(|m| m.ipb_correction()).map(|m| m.id()).collect();
        assert_eq!(ipb, vec![3, 101]);
    }
}
