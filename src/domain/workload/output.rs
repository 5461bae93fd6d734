//! Result of the workload calculation (§Response, §Balance): plain data, unrounded
//! except where the specification rounds. The caller rounds unrounded values
//! half-up to 10 decimals for JSON (§Response).
//!
//! Index 0 of every `[_; 2]` is semester 1, index 1 semester 2. Lessons are
//! lessons per week, percents are percent of a full position.

use rust_decimal::Decimal;

use crate::domain::ids::PayrollTypeId;

/// Lessons and percent per semester (a course line or the course total).
#[derive(Debug, Clone, PartialEq)]
pub struct Pair {
    /// Lessons per week per semester (the teacher's share).
    pub lessons: [Decimal; 2],
    /// Percent per semester, without age relief.
    pub percent: [Decimal; 2],
}

/// One detail of a posting line (§Balance).
#[derive(Debug, Clone, PartialEq)]
pub struct PostingDetailLine {
    /// The single lessons for a lesson type (the posted value), 0 for a
    /// percent type.
    pub lessons: Decimal,
    /// WL(type), the weekly lessons of a full position, for a lesson type
    /// (0 when the year has no weekly lessons for it); 0 for a percent type.
    pub full_position: Decimal,
    /// Annual percent, without age relief; unrounded.
    pub percent: Decimal,
    /// percent·AE_sem/100; unrounded.
    pub age_relief: Decimal,
}

/// One posting (§Balance), same order as the input.
#[derive(Debug, Clone, PartialEq)]
pub struct PostingLine {
    /// The posting's semester, 1 or 2 (§Pool, postings, theses and notes).
    pub semester: u8,
    /// One line per input detail, same order.
    pub details: Vec<PostingDetailLine>,
    /// Σ (percent + ageRelief) of the details, percent.
    pub total_percent: Decimal,
}

/// One line of the summary (Übersicht, §Summary), percent.
#[derive(Debug, Clone, PartialEq)]
pub struct SummaryLine {
    /// Percent per semester, without age relief.
    pub percent: [Decimal; 2],
    /// percent_s·AE_s/100 per semester.
    pub age_relief: [Decimal; 2],
    /// (percent₁ + ageRelief₁ + percent₂ + ageRelief₂)/2: the annual value.
    pub percent_with_age_relief: Decimal,
}

/// One row of the payroll report (Pensenmeldung, §Modes, §IPB correction).
#[derive(Debug, Clone, PartialEq)]
pub struct PayrollRow {
    /// The payroll type (for a correction row: the parent type).
    pub payroll_type: PayrollTypeId,
    /// True for the `"IPB-Korrektur <type description>"` row of that type
    /// (§IPB correction): paid under this type, so in JSON `payrollType` carries this
    /// type's id (described as the row) and `parentPayrollType` this type.
    pub correction: bool,
    /// Lessons per week per semester (0 for percent-based types; shown
    /// "—").
    pub lessons: [Decimal; 2],
    /// Percent per semester, including age relief (rounded as the mode
    /// says).
    pub percent: [Decimal; 2],
}

/// A warning of the calculation (§What counts, §Payroll map), each at most once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Warning {
    /// `no_weekly_lessons`: a lesson-based payroll type that is booked or
    /// converted has no weekly lessons in the year; it converts to 0.
    NoWeeklyLessons {
        /// The payroll type.
        payroll_type: PayrollTypeId,
    },
    /// `no_payroll_type`: a course whose grade has no payroll type for it;
    /// listed with percent 0, not booked.
    NoPayrollType {
        /// Index of the course in [`super::WorkloadInput::courses`].
        course_index: usize,
    },
}

impl Warning {
    /// The warning's `code` in the response (§Calculation).
    pub fn code(&self) -> &'static str {
        match self {
            Warning::NoWeeklyLessons { .. } => "no_weekly_lessons",
            Warning::NoPayrollType { .. } => "no_payroll_type",
        }
    }
}

/// The IPB balance of the year (§Balance), percent.
#[derive(Debug, Clone, PartialEq)]
pub struct Balance {
    /// Anfangssaldo: the opening balance given by the caller.
    pub opening: Decimal,
    /// Pensum: the summary total percentWithAgeRelief.
    pub workload: Decimal,
    /// Ein- und Ausbuchungen: the postings total.
    pub postings: Decimal,
    /// Auszahlung: the payment, positive here; the caller shows it negative.
    pub payment: Decimal,
    /// Schlusssaldo = opening + workload + postings − payment.
    pub closing: Decimal,
    /// closing − opening.
    pub change: Decimal,
}

/// The whole workload of one teacher in one school year (§Response).
#[derive(Debug, Clone, PartialEq)]
pub struct Calculation {
    /// AE_s in percent (0, 4, 8, 12), §Age relief.
    pub age_relief: [Decimal; 2],
    /// Per input course, same order: the teacher's lessons share and percent
    /// (without AE, surcharge applied; percent 0 when no payroll type).
    pub courses: Vec<Pair>,
    /// Sum of [`Calculation::courses`].
    pub courses_total: Pair,
    /// Σ pool percents per semester, as entered.
    pub pool_total: [Decimal; 2],
    /// True when the pool title is "Pensum: Pool (inkl. AE)" (§Response): an
    /// `…AgeReliefIncluded` mode and AE₁ > 0.
    pub pool_includes_age_relief: bool,
    /// Annual percent per input thesis item (percentEach × count).
    pub theses: Vec<Decimal>,
    /// Σ thesis percents.
    pub theses_total: Decimal,
    /// Per input posting, same order (§Balance).
    pub postings: Vec<PostingLine>,
    /// Σ totalPercent of the postings.
    pub postings_total: Decimal,
    /// "Unterricht", "Abschlussarbeiten", "Pool" (§Summary).
    pub summary: [SummaryLine; 3],
    /// The lines summed field by field.
    pub summary_total: SummaryLine,
    /// Payroll rows in display order (§Modes, §IPB correction).
    pub payroll: Vec<PayrollRow>,
    /// Decimals a client shows payroll percents with (3 or 2).
    pub percent_decimals: u32,
    /// Payroll total per semester, percent.
    pub payroll_total: [Decimal; 2],
    /// Payment (Auszahlung), annual percent.
    pub payment: Decimal,
    /// The IPB balance (§Balance).
    pub balance: Balance,
    /// Warnings in the order first met, each at most once.
    pub warnings: Vec<Warning>,
}
