//! The workload form (docs/workload.md §Response): what `GET /workload`
//! answers for one employment, and what the workload sheet
//! ([`super::sheet`]), the CSV exports and the PDFs read. Built from the
//! balance chain's result by [`super::form_builder::form`].

use serde::Serialize;

use crate::domain::course::Course;
use crate::domain::fixed::Amount;
use crate::domain::ids::{CourseId, PoolEntryId};
use crate::domain::pool::{PoolEntry, Posting};
use crate::domain::reference_forms::{LookupRef, SchoolClassRef, SchoolYearRef, SubjectRef, TeacherRef};
use crate::i18n::{Lang, Message};

/// Lessons and percent per semester.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LessonsPercent {
    /// Lessons per week, semester 1.
    pub lessons1: Amount,
    /// Percent, semester 1.
    pub percent1: Amount,
    /// Lessons per week, semester 2.
    pub lessons2: Amount,
    /// Percent, semester 2.
    pub percent2: Amount,
}

/// Percent per semester.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PercentPair {
    /// Percent, semester 1.
    pub percent1: Amount,
    /// Percent, semester 2.
    pub percent2: Amount,
}

/// One percent figure.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PercentOnly {
    /// Percent.
    pub percent: Amount,
}

/// A course the teacher teaches ("Pensum: Unterricht").
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CourseItem {
    /// The course id (the client opens its editor from it).
    pub id: CourseId,
    /// The course (reference form = single form).
    pub course: Course,
    /// Its subject.
    pub subject: SubjectRef,
    /// Its grade.
    pub grade: LookupRef,
    /// Its classes.
    pub school_classes: Vec<SchoolClassRef>,
    /// The teacher's share of the lessons, semester 1 (lessons / teachers).
    pub lessons1: Amount,
    /// Percent without age relief, surcharge applied, semester 1.
    pub percent1: Amount,
    /// Share of the lessons, semester 2.
    pub lessons2: Amount,
    /// Percent, semester 2.
    pub percent2: Amount,
    /// Small group in semester 1.
    pub small_group1: bool,
    /// Small group in semester 2.
    pub small_group2: bool,
    /// Whether a cross-class course.
    pub special: bool,
}

/// The courses section.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Courses {
    /// Courses in course-list order.
    pub items: Vec<CourseItem>,
    /// Sums.
    pub total: LessonsPercent,
}

/// A pool entry line.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PoolItem {
    /// The pool entry id.
    #[schema(value_type = i64)]
    pub id: PoolEntryId,
    /// The pool entry (reference form = single form).
    pub pool_entry: PoolEntry,
    /// Its description.
    pub description: Option<String>,
    /// Its pool type.
    #[serde(rename = "type")]
    pub kind: LookupRef,
    /// Percent as entered, semester 1.
    pub percent1: Amount,
    /// Percent as entered, semester 2.
    pub percent2: Amount,
}

/// The pool section.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Pool {
    /// "Pensum: Pool" or "Pensum: Pool (inkl. AE)".
    pub title: &'static str,
    /// Entries by description.
    pub items: Vec<PoolItem>,
    /// Sums as entered.
    pub total: PercentPair,
}

/// A thesis line.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ThesisItem {
    /// The thesis type.
    #[serde(rename = "type")]
    pub kind: LookupRef,
    /// The type's description.
    pub description: String,
    /// Number of theses.
    pub count: Amount,
    /// Annual percent per thesis.
    pub percent_each: Amount,
    /// count × percentEach.
    pub percent: Amount,
}

/// The theses section.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct ThesesSection {
    /// By thesis type id.
    pub items: Vec<ThesisItem>,
    /// Sum.
    pub total: PercentOnly,
}

/// One detail of a posting line (docs/workload.md §Balance).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostingDetailItem {
    /// The posting type.
    #[serde(rename = "type")]
    pub kind: LookupRef,
    /// Single lessons posted (lesson types); 0 for a percent type. Always a
    /// number.
    // Always `Some`: kept an `Option` for the workload sheet's reader
    // (src/documents/pdf), which is being reworked elsewhere.
    #[schema(value_type = Amount, required = true)]
    pub lessons: Option<Amount>,
    /// WL(type): the weekly lessons of a full position (e.g. 23), for a lesson
    /// type; 0 for a percent type (docs/workload.md §Response). The posting's percent is
    /// lessons·100 / (fullPosition·weeks). Always a number.
    // Always `Some`, like `lessons`.
    #[schema(value_type = Amount, required = true)]
    pub full_position: Option<Amount>,
    /// Annual percent.
    pub percent: Amount,
    /// Age relief on it.
    pub age_relief: Amount,
}

/// A posting line.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostingItem {
    /// The posting (reference form = single form).
    pub posting: Posting,
    /// Its description.
    pub description: Option<String>,
    /// First day.
    pub start_date: String,
    /// Last day or null.
    pub end_date: Option<String>,
    /// Its non-zero details.
    pub details: Vec<PostingDetailItem>,
    /// Σ (percent + ageRelief).
    pub total_percent: Amount,
}

/// The postings section ("Ein- und Ausbuchungen").
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Postings {
    /// By start date.
    pub items: Vec<PostingItem>,
    /// Sum.
    pub total: PercentOnly,
}

/// A summary line ("Pensum: Übersicht").
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SummaryItem {
    /// "Unterricht", "Abschlussarbeiten", "Pool" or "Total".
    pub description: &'static str,
    /// Percent without age relief, semester 1.
    pub percent1: Amount,
    /// Age relief, semester 1.
    pub age_relief1: Amount,
    /// Percent, semester 2.
    pub percent2: Amount,
    /// Age relief, semester 2.
    pub age_relief2: Amount,
    /// The annual value with age relief.
    pub percent_with_age_relief: Amount,
}

/// The summary section.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    /// Unterricht, Abschlussarbeiten, Pool.
    pub items: Vec<SummaryItem>,
    /// Their sum.
    pub total: SummaryItem,
    /// Age relief in percent, semester 1 (0, 4, 8, 12).
    pub age_relief_factor1: Amount,
    /// Age relief in percent, semester 2.
    pub age_relief_factor2: Amount,
}

/// A payroll line (Pensenmeldung) or an IPB correction line (docs/workload.md §IPB correction, §Response; docs/workload.md §Payroll rows).
///
/// A correction line is paid under its parent type: its `payrollType` carries
/// the parent type's id and code, with the line's description
/// (`IPB-Korrektur <type description>`) as its `description`, so that a client summing payroll
/// lines by `payrollType.id` adds the correction to its parent type and a
/// client labelling a line by `payrollType.description` shows what it is.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayrollItem {
    /// The payroll type the line is paid under. On a correction line: the
    /// parent type's id and code, described `IPB-Korrektur <type description>`.
    pub payroll_type: LookupRef,
    /// The corrected payroll type (correction lines only; null otherwise).
    pub parent_payroll_type: Option<LookupRef>,
    /// The type's description, or `IPB-Korrektur <description>`.
    pub description: String,
    /// Whether an IPB correction line (modes `lessons2`,
    /// `lessons2AgeReliefIncluded`): lessons = −cL (positive = lessons added),
    /// percent = −L→P(type, cL).
    pub correction: bool,
    /// Lessons, semester 1.
    pub lessons1: Amount,
    /// Percent, semester 1.
    pub percent1: Amount,
    /// Lessons, semester 2.
    pub lessons2: Amount,
    /// Percent, semester 2.
    pub percent2: Amount,
}

/// The payroll section.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Payroll {
    /// By payroll type id, correction lines after their type.
    pub items: Vec<PayrollItem>,
    /// How many decimals a client shows for percents.
    pub percent_decimals: u32,
    /// Sum per semester.
    pub total: PercentPair,
}

/// A balance line ("IPB: Übersicht").
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct BalanceLine {
    /// Anfangssaldo, Pensum, Ein- und Ausbuchungen, Auszahlung, Schlusssaldo.
    pub description: &'static str,
    /// Percent (Auszahlung negative).
    pub percent: Amount,
}

/// A warning of the calculation.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct WarningItem {
    /// `no_weekly_lessons` or `no_payroll_type`.
    pub code: &'static str,
    /// What is missing, naming the objects: [`WarningItem::message`] in
    /// English until [`Workload::in_lang`] renders it in the reader's
    /// language (docs/i18n.md §Findings).
    pub detail: String,
    /// The catalogue message of `detail` (`workload-warning-…`).
    #[serde(skip)]
    pub message: Message,
}

/// A teacher's workload for a school year (docs/workload.md §Response).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Workload {
    /// The teacher.
    pub teacher: TeacherRef,
    /// The school year.
    pub school_year: SchoolYearRef,
    /// The year's calculation mode.
    pub calculation_mode: LookupRef,
    /// Pensum: Unterricht.
    pub courses: Courses,
    /// Pensum: Pool.
    pub pool: Pool,
    /// Pensum: Abschlussarbeiten.
    pub theses: ThesesSection,
    /// Ein- und Ausbuchungen, or null when the year's showIpbBalances is false.
    pub postings: Option<Postings>,
    /// Pensum: Übersicht.
    pub summary: Summary,
    /// Pensenmeldung.
    pub payroll: Payroll,
    /// The annual payment in percent.
    pub payment: Amount,
    /// IPB: Übersicht, or null when showIpbBalances is false.
    pub balance: Option<Vec<BalanceLine>>,
    /// What the calculation could not count.
    pub warnings: Vec<WarningItem>,
}

impl Workload {
    /// The form with its warnings' `detail` in `lang` (built in English;
    /// docs/i18n.md §Findings).
    pub fn in_lang(mut self, lang: Lang) -> Workload {
        for w in &mut self.warnings {
            w.detail = w.message.render(lang);
        }
        self
    }
}
