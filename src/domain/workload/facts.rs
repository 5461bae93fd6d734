//! What the balance chain ([`super::chain`]) reads (docs/workload.md
//! §Calculation, §Balance), as plain facts: every school year up to a
//! graduation year, with its employments, course shares, pool entries, theses
//! and postings. The store fills them (`store::workload`) in a fixed number of
//! queries; amounts are fixed-point ten-thousandths as stored.

use std::collections::BTreeMap;

use crate::domain::fixed::Fixed;
use crate::domain::ids::{
    CourseId, EmploymentId, PayrollTypeId, PoolEntryId, PostingId, PostingTypeId, SchoolYearId, TeacherId, ThesisTypeId,
};

/// A school year as the calculation needs it.
#[derive(Debug, Clone)]
pub struct YearFacts {
    /// Id.
    pub id: SchoolYearId,
    /// Code, e.g. `26/27`.
    pub code: String,
    /// Graduation year.
    pub graduation_year: i64,
    /// School weeks.
    pub weeks: i64,
    /// Calculation mode id (one of the six of docs/workload.md §Setup; any
    /// other id is a fault of the data, see [`super::chain::compute_all`]).
    pub calculation_mode: i64,
    /// Small-group surcharge (ten-thousandths of a lesson).
    pub small_group_surcharge: i64,
    /// Whether balances are shown.
    pub show_ipb_balances: bool,
    /// Archived or finalised.
    pub locked: bool,
    /// Lessons per week of a full position per payroll type id.
    pub weekly_lessons: BTreeMap<PayrollTypeId, Fixed>,
}

/// An employment as the calculation needs it.
#[derive(Debug, Clone)]
pub struct EmploymentFacts {
    /// Employment id.
    pub id: EmploymentId,
    /// Teacher id.
    pub teacher_id: TeacherId,
    /// School year id.
    pub school_year_id: SchoolYearId,
    /// Payment target semester 1 (ten-thousandths of a percent), null = 0.
    pub payment1: Option<i64>,
    /// Payment target semester 2.
    pub payment2: Option<i64>,
    /// Initial balance (ten-thousandths of a percent).
    pub initial_balance: i64,
    /// Frozen opening balance (exact decimal text) while the year is locked.
    pub frozen_opening_balance: Option<String>,
    /// Frozen closing balance.
    pub frozen_closing_balance: Option<String>,
    /// The teacher's birthday `YYYY-MM-DD` (any other text is a fault of the
    /// data, see [`super::chain::compute_all`]).
    pub birthday: Option<String>,
}

/// A course of a school year as the calculation needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CourseFacts {
    /// Course id.
    pub id: CourseId,
    /// School year id.
    pub school_year_id: SchoolYearId,
    /// Cancelled courses count nothing.
    pub cancelled: bool,
    /// Lessons semester 1.
    pub lessons1: i64,
    /// Lessons semester 2.
    pub lessons2: i64,
    /// Small group semester 1.
    pub small_group1: bool,
    /// Small group semester 2.
    pub small_group2: bool,
    /// The grade's (class-lesson) payroll type for this course's subject, or null.
    pub payroll_type_id: Option<PayrollTypeId>,
    /// Teachers of semester 1.
    pub teachers1: Vec<TeacherId>,
    /// Teachers of semester 2.
    pub teachers2: Vec<TeacherId>,
}

/// A pool entry as the calculation needs it.
#[derive(Debug, Clone)]
pub struct PoolFacts {
    /// Pool entry id.
    pub id: PoolEntryId,
    /// School year id.
    pub school_year_id: SchoolYearId,
    /// Teacher id.
    pub teacher_id: TeacherId,
    /// The pool type's payroll type.
    pub payroll_type_id: PayrollTypeId,
    /// Percent semester 1.
    pub percent1: i64,
    /// Percent semester 2.
    pub percent2: i64,
}

/// The theses of one type of one employment.
#[derive(Debug, Clone)]
pub struct ThesisFacts {
    /// School year id.
    pub school_year_id: SchoolYearId,
    /// Teacher id.
    pub teacher_id: TeacherId,
    /// Thesis type id.
    pub thesis_type_id: ThesisTypeId,
    /// The type's payroll type.
    pub payroll_type_id: PayrollTypeId,
    /// Annual percent per thesis.
    pub percent: i64,
    /// Number of theses.
    pub count: i64,
}

/// One detail of a posting.
#[derive(Debug, Clone)]
pub struct PostingDetailFacts {
    /// Posting id.
    pub posting_id: PostingId,
    /// School year id.
    pub school_year_id: SchoolYearId,
    /// Teacher id.
    pub teacher_id: TeacherId,
    /// Posting start date `YYYY-MM-DD` (any other text is a fault of the
    /// data, see [`super::chain::compute_all`]).
    pub start_date: String,
    /// Posting type id.
    pub posting_type_id: PostingTypeId,
    /// Whether the type's values are percent.
    pub percent: bool,
    /// The type's payroll type.
    pub payroll_type_id: PayrollTypeId,
    /// The value (ten-thousandths).
    pub value: i64,
}

/// A payroll type as the calculation needs it.
#[derive(Debug, Clone)]
pub struct PayrollTypeFacts {
    /// Id.
    pub id: PayrollTypeId,
    /// Lesson-based.
    pub lesson_based: bool,
    /// Saldo resolving order.
    pub saldo_resolving_order: i64,
    /// IPB correction allowed.
    pub ipb_correction_allowed: bool,
}

/// Everything the calculation reads for the years up to one graduation year.
#[derive(Debug, Clone, Default)]
pub struct WorkloadFacts {
    /// Every payroll type.
    pub payroll_types: Vec<PayrollTypeFacts>,
    /// School years by graduation year.
    pub years: Vec<YearFacts>,
    /// Employments.
    pub employments: Vec<EmploymentFacts>,
    /// Courses with their teachers.
    pub courses: Vec<CourseFacts>,
    /// Pool entries.
    pub pool: Vec<PoolFacts>,
    /// Theses.
    pub theses: Vec<ThesisFacts>,
    /// Posting details (postings without details count nothing).
    pub postings: Vec<PostingDetailFacts>,
    /// The years whose bookings (courses, pool, theses, postings) were loaded:
    /// only their employments are computed; the others carry frozen balances.
    pub loaded_years: Vec<SchoolYearId>,
}
