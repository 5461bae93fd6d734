//! `GET /workload` (docs/workload.md §Response): the workload form of one employment or
//! of every employment of a school year, assembled from the balance chain
//! ([`super::balances`]) and the objects it refers to.

use std::collections::HashMap;

use rust_decimal::Decimal;
use serde::Serialize;

use super::balances::{compute_all, years_to_compute, EmploymentResult};
use crate::domain::course::Course;
use crate::domain::employment::Employment;
use crate::domain::fixed::{Amount, Fixed};
use crate::domain::ids::{CourseId, SchoolYearId, TeacherId};
use crate::domain::payroll::{PayrollType, PostingType};
use crate::domain::pool::{PoolEntry, Posting};
use crate::domain::reference_forms::{LookupRef, SchoolClassRef, SchoolYearRef, SubjectRef, TeacherRef};
use crate::domain::schoolyear::SchoolYear;
use crate::domain::workload::Warning;
use crate::error::{Error, Result};
use crate::store::course::CourseFilter;
use crate::store::employment::EmploymentFilter;
use crate::store::pool::OwnerFilter;
use crate::store::workload::{course_facts, WorkloadFacts};
use crate::store::Conn;

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
    pub id: i64,
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
/// the parent type's id and code, with the line's description ("IPB-Korrektur
/// <type description>") as its `description`, so that a client summing payroll
/// lines by `payrollType.id` adds the correction to its parent type and a
/// client labelling a line by `payrollType.description` shows what it is.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayrollItem {
    /// The payroll type the line is paid under. On a correction line: the
    /// parent type's id and code, described "IPB-Korrektur <type description>".
    pub payroll_type: LookupRef,
    /// The corrected payroll type (correction lines only; null otherwise).
    pub parent_payroll_type: Option<LookupRef>,
    /// The type's description, or "IPB-Korrektur <description>".
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
    /// What is missing, naming the objects.
    pub detail: String,
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

fn a(d: Decimal) -> Amount {
    Amount(d)
}

fn lookup_of(p: &PayrollType) -> LookupRef {
    LookupRef { id: p.id, code: p.code.clone(), description: p.description.clone() }
}

/// Everything the forms refer to, loaded once per request.
struct Refs {
    year: SchoolYear,
    courses: HashMap<i64, Course>,
    pool: HashMap<i64, PoolEntry>,
    postings: HashMap<i64, Posting>,
    payroll_types: HashMap<i64, PayrollType>,
    posting_types: HashMap<i64, PostingType>,
    thesis_types: HashMap<i64, (LookupRef, Fixed)>,
}

/// The workload facts needed to compute the employments of the school years
/// `targets` (ids; graduation years ≤ `up_to`), optionally of one teacher:
/// the heads of every year, the bookings only of the years the balance chains
/// reach before a frozen year ([`years_to_compute`]).
async fn facts_for(conn: &mut Conn, up_to: i64, teacher: Option<i64>, targets: &[i64]) -> Result<WorkloadFacts> {
    facts_with(conn, up_to, teacher, targets, None).await
}

/// [`facts_for`], where the caller already holds `known`: the courses of one
/// school year (those of `teacher`, when given), as [`Conn::list_courses`]
/// returns them; they are not read again.
async fn facts_with(
    conn: &mut Conn,
    up_to: i64,
    teacher: Option<i64>,
    targets: &[i64],
    known: Option<(SchoolYearId, &[Course])>,
) -> Result<WorkloadFacts> {
    let mut facts = conn.workload_heads(up_to, teacher).await?;
    let years = years_to_compute(&facts, targets)?;
    let known = known.filter(|(y, _)| years.contains(&y.0));
    conn.load_bookings_except_courses_of(&mut facts, &years, teacher, known.map(|(y, _)| y.0)).await?;
    if let Some((_, courses)) = known {
        let keys = conn.course_payroll_keys().await?;
        facts.courses.extend(course_facts(courses, &keys));
        facts.courses.sort_by_key(|c| c.id);
    }
    Ok(facts)
}

/// The computed results of the employments of `year` (optionally one teacher),
/// with their teachers, ordered by teacher code.
pub async fn results_for(
    conn: &mut Conn,
    year: &SchoolYear,
    teacher: Option<TeacherId>,
) -> Result<(Vec<(TeacherRef, i64)>, HashMap<i64, EmploymentResult>)> {
    let (employments, results) = results_with(conn, year, teacher, None).await?;
    Ok((employments.into_iter().map(|e| (e.teacher.into(), e.id.0)).collect(), results))
}

/// [`results_for`] with the year's courses (of `teacher`) already at hand;
/// the employments in their list form (balances not filled).
async fn results_with(
    conn: &mut Conn,
    year: &SchoolYear,
    teacher: Option<TeacherId>,
    courses: Option<&[Course]>,
) -> Result<(Vec<Employment>, HashMap<i64, EmploymentResult>)> {
    let employments = conn.list_employments(EmploymentFilter { school_year: Some(year.id), teacher }).await?;
    let known = courses.map(|c| (year.id, c));
    let facts = facts_with(conn, year.graduation_year, teacher.map(|t| t.0), &[year.id.0], known).await?;
    let results = compute_all(&facts)?;
    Ok((employments, results))
}

/// The workload forms of school year `year_id` — every employment, or that of
/// `teacher` (404 when the teacher has no employment that year).
pub async fn workloads(conn: &mut Conn, year_id: SchoolYearId, teacher: Option<TeacherId>) -> Result<Vec<Workload>> {
    Ok(year_forms(conn, year_id, teacher).await?.forms.into_iter().map(|f| f.workload).collect())
}

/// One employment's workload form with the employment itself, its balances
/// filled as `GET /employment` fills them ([`fill_balances`]: null when the
/// year's showIpbBalances is false), from the same computation.
#[derive(Debug, Clone)]
pub struct EmploymentForm {
    /// The employment (list form, balances filled).
    pub employment: Employment,
    /// Its workload form (`GET /workload`).
    pub workload: Workload,
}

/// What [`year_forms`] reads: the school year, the employments' forms in
/// teacher-code order, and the year's courses (of the teacher, when one is
/// asked for; every course, cancelled ones too, in no particular order).
#[derive(Debug, Clone)]
pub struct YearForms {
    /// The school year.
    pub year: SchoolYear,
    /// One per employment, ordered by teacher code.
    pub forms: Vec<EmploymentForm>,
    /// The courses read for the calculation.
    pub courses: Vec<Course>,
}

/// [`workloads`] with each form's employment and balances and the year's
/// courses, computed once (the year overview, docs/web.md §Jahresüberblick);
/// a fixed number of queries whatever the number of employments. Errors as
/// [`workloads`].
pub async fn year_forms(conn: &mut Conn, year_id: SchoolYearId, teacher: Option<TeacherId>) -> Result<YearForms> {
    let year = conn.get_school_year(year_id).await?.ok_or_else(|| Error::not_found(SchoolYearId::KIND, year_id.0))?;
    if let Some(t) = teacher {
        conn.require("teacher", TeacherId::KIND, t.0).await?;
    }
    // The year's courses serve twice: the calculation's facts and the lines' references.
    let mut filter = CourseFilter::year(year_id);
    filter.teacher = teacher;
    let courses = conn.list_courses(filter).await?;
    let (employments, mut results) = results_with(conn, &year, teacher, Some(&courses)).await?;
    if let (Some(t), true) = (teacher, employments.is_empty()) {
        return Err(Error::new(
            crate::error::ErrorCode::NotFound,
            format!("Teacher {t} has no employment in school year {}: there is no workload.", year.code),
        ));
    }
    let refs = Refs {
        courses: courses.into_iter().map(|c| (c.id.0, c)).collect(),
        pool: conn
            .list_pool_entries(OwnerFilter { school_year: Some(year_id), teacher })
            .await?
            .into_iter()
            .map(|p| (p.id, p))
            .collect(),
        postings: conn
            .list_postings(OwnerFilter { school_year: Some(year_id), teacher })
            .await?
            .into_iter()
            .map(|p| (p.id, p))
            .collect(),
        payroll_types: conn.list_payroll_types(None).await?.into_iter().map(|p| (p.id, p)).collect(),
        posting_types: conn.list_posting_types().await?.into_iter().map(|p| (p.id, p)).collect(),
        thesis_types: conn
            .list_thesis_types()
            .await?
            .into_iter()
            .map(|t| (t.id, (LookupRef { id: t.id, code: t.code, description: t.description }, t.percent)))
            .collect(),
        year,
    };
    let mut out = Vec::with_capacity(employments.len());
    for mut employment in employments {
        let Some(result) = results.remove(&employment.id.0) else { continue };
        if refs.year.show_ipb_balances {
            employment.opening_balance = Some(Amount(result.opening));
            employment.closing_balance = Some(Amount(result.closing));
            employment.change = Some(Amount(result.closing - result.opening));
        }
        let workload = form(&refs, employment.teacher.reference.clone(), result);
        out.push(EmploymentForm { employment, workload });
    }
    Ok(YearForms { year: refs.year, forms: out, courses: refs.courses.into_values().collect() })
}

fn form(refs: &Refs, teacher: TeacherRef, r: EmploymentResult) -> Workload {
    let c = &r.calculation;
    let show = refs.year.show_ipb_balances;
    let mut course_items: Vec<CourseItem> = r
        .course_ids
        .iter()
        .zip(&c.courses)
        .filter_map(|(id, pair)| {
            let course = refs.courses.get(id)?.clone();
            Some(CourseItem {
                id: course.id,
                subject: course.subject.clone(),
                grade: course.grade.clone(),
                school_classes: course.school_classes.clone(),
                lessons1: a(pair.lessons[0]),
                percent1: a(pair.percent[0]),
                lessons2: a(pair.lessons[1]),
                percent2: a(pair.percent[1]),
                small_group1: course.small_group1,
                small_group2: course.small_group2,
                special: course.cross_class,
                course,
            })
        })
        .collect();
    // The course list's order (docs/contract.md §Order of lists): subject code, grade code, first class code, id.
    course_items.sort_by(|x, y| {
        (&x.subject.code, &x.grade.code, x.school_classes.first().map(|c| c.code.clone()), x.id).cmp(&(
            &y.subject.code,
            &y.grade.code,
            y.school_classes.first().map(|c| c.code.clone()),
            y.id,
        ))
    });
    let mut pool_items: Vec<PoolItem> = r
        .pool_ids
        .iter()
        .filter_map(|id| {
            let e = refs.pool.get(id)?.clone();
            Some(PoolItem {
                id: e.id,
                description: e.description.clone(),
                kind: e.kind.clone(),
                percent1: a(e.percent1.decimal()),
                percent2: a(e.percent2.decimal()),
                pool_entry: e,
            })
        })
        .collect();
    pool_items.sort_by(|x, y| x.description.cmp(&y.description).then(x.id.cmp(&y.id)));
    let theses: Vec<ThesisItem> = r
        .thesis_type_ids
        .iter()
        .zip(&c.theses)
        .filter_map(|(id, percent)| {
            let (kind, each) = refs.thesis_types.get(id)?.clone();
            Some(ThesisItem {
                description: kind.description.clone(),
                kind,
                count: a(if each.0 == 0 { Decimal::ZERO } else { *percent / each.decimal() }),
                percent_each: a(each.decimal()),
                percent: a(*percent),
            })
        })
        .collect();
    let postings = show.then(|| Postings {
        items: r
            .posting_ids
            .iter()
            .zip(&c.postings)
            .filter_map(|(id, line)| {
                let p = refs.postings.get(id)?.clone();
                let types: Vec<i64> = p.details.iter().filter(|(_, v)| v.0 != 0).map(|(t, _)| *t).collect();
                Some(PostingItem {
                    description: p.description.clone(),
                    start_date: p.start_date.clone(),
                    end_date: p.end_date.clone(),
                    details: types
                        .iter()
                        .zip(&line.details)
                        .map(|(t, d)| PostingDetailItem {
                            kind: refs.posting_types.get(t).map_or_else(
                                || LookupRef { id: *t, code: String::new(), description: String::new() },
                                |pt| LookupRef {
                                    id: pt.id,
                                    code: pt.code.clone(),
                                    description: pt.description.clone(),
                                },
                            ),
                            lessons: Some(a(d.lessons)),
                            full_position: Some(a(d.full_position)),
                            percent: a(d.percent),
                            age_relief: a(d.age_relief),
                        })
                        .collect(),
                    total_percent: a(line.total_percent),
                    posting: p,
                })
            })
            .collect(),
        total: PercentOnly { percent: a(c.postings_total) },
    });
    let summary_line = |description: &'static str, l: &crate::domain::workload::SummaryLine| SummaryItem {
        description,
        percent1: a(l.percent[0]),
        age_relief1: a(l.age_relief[0]),
        percent2: a(l.percent[1]),
        age_relief2: a(l.age_relief[1]),
        percent_with_age_relief: a(l.percent_with_age_relief),
    };
    let payroll_items = c
        .payroll
        .iter()
        .map(|row| {
            let pt = refs.payroll_types.get(&row.payroll_type);
            let reference = pt.map(lookup_of).unwrap_or_else(|| LookupRef {
                id: row.payroll_type,
                code: String::new(),
                description: String::new(),
            });
            let description = if row.correction {
                format!("IPB-Korrektur {}", reference.description)
            } else {
                reference.description.clone()
            };
            PayrollItem {
                payroll_type: if row.correction {
                    LookupRef { description: description.clone(), ..reference.clone() }
                } else {
                    reference.clone()
                },
                parent_payroll_type: row.correction.then_some(reference),
                description,
                correction: row.correction,
                lessons1: a(row.lessons[0]),
                percent1: a(row.percent[0]),
                lessons2: a(row.lessons[1]),
                percent2: a(row.percent[1]),
            }
        })
        .collect();
    let warnings = c
        .warnings
        .iter()
        .map(|w| WarningItem {
            code: w.code(),
            detail: match w {
                Warning::NoWeeklyLessons { payroll_type } => {
                    let name = refs
                        .payroll_types
                        .get(payroll_type)
                        .map_or_else(|| payroll_type.to_string(), |p| p.code.clone());
                    format!(
                        "School year {} has no weeklyLessons for payroll type {name}: its lessons count 0 %.",
                        refs.year.code
                    )
                }
                Warning::NoPayrollType { course_index } => {
                    let label = r
                        .course_ids
                        .get(*course_index)
                        .and_then(|id| refs.courses.get(id))
                        .map_or_else(|| "a course".to_string(), |c| c.label());
                    format!("The grade of {label} has no payroll type for it: the course counts nothing.")
                }
            },
        })
        .collect();
    let b = &c.balance;
    Workload {
        teacher,
        school_year: SchoolYearRef::from(&refs.year),
        calculation_mode: refs.year.calculation_mode.clone(),
        courses: Courses {
            items: course_items,
            total: LessonsPercent {
                lessons1: a(c.courses_total.lessons[0]),
                percent1: a(c.courses_total.percent[0]),
                lessons2: a(c.courses_total.lessons[1]),
                percent2: a(c.courses_total.percent[1]),
            },
        },
        pool: Pool {
            title: if c.pool_includes_age_relief { "Pensum: Pool (inkl. AE)" } else { "Pensum: Pool" },
            items: pool_items,
            total: PercentPair { percent1: a(c.pool_total[0]), percent2: a(c.pool_total[1]) },
        },
        theses: ThesesSection { items: theses, total: PercentOnly { percent: a(c.theses_total) } },
        postings,
        summary: Summary {
            items: vec![
                summary_line("Unterricht", &c.summary[0]),
                summary_line("Abschlussarbeiten", &c.summary[1]),
                summary_line("Pool", &c.summary[2]),
            ],
            total: summary_line("Total", &c.summary_total),
            age_relief_factor1: a(c.age_relief[0]),
            age_relief_factor2: a(c.age_relief[1]),
        },
        payroll: Payroll {
            items: payroll_items,
            percent_decimals: c.percent_decimals,
            total: PercentPair { percent1: a(c.payroll_total[0]), percent2: a(c.payroll_total[1]) },
        },
        payment: a(c.payment),
        balance: show.then(|| {
            vec![
                BalanceLine { description: "Anfangssaldo", percent: a(b.opening) },
                BalanceLine { description: "Pensum", percent: a(b.workload) },
                BalanceLine { description: "Ein- und Ausbuchungen", percent: a(b.postings) },
                BalanceLine { description: "Auszahlung", percent: a(-b.payment) },
                BalanceLine { description: "Schlusssaldo", percent: a(b.closing) },
            ]
        }),
        warnings,
    }
}

/// Fills the computed balances of `employments` (docs/workload.md §Balance): null when
/// the year's showIpbBalances is false.
pub async fn fill_balances(conn: &mut Conn, employments: &mut [crate::domain::employment::Employment]) -> Result<()> {
    let Some(up_to) = employments.iter().map(|e| e.school_year.graduation_year).max() else { return Ok(()) };
    let teacher = match employments {
        [one] => Some(one.teacher.id.0),
        _ => None,
    };
    let mut targets: Vec<i64> = employments.iter().map(|e| e.school_year.id.0).collect();
    targets.sort_unstable();
    targets.dedup();
    let facts = facts_for(conn, up_to, teacher, &targets).await?;
    let shown: HashMap<i64, bool> = facts.years.iter().map(|y| (y.id, y.show_ipb_balances)).collect();
    let results = compute_all(&facts)?;
    for e in employments {
        if !shown.get(&e.school_year.id.0).copied().unwrap_or(true) {
            continue;
        }
        if let Some(r) = results.get(&e.id.0) {
            e.opening_balance = Some(Amount(r.opening));
            e.closing_balance = Some(Amount(r.closing));
            e.change = Some(Amount(r.closing - r.opening));
        }
    }
    Ok(())
}

/// Freezes (when `locked`) or unfreezes the balances of every employment of
/// school year `year` (docs/workload.md §Balance). Freezing computes the chain as it is
/// now, earlier frozen years included, and stores exact decimal text.
pub async fn freeze_balances(conn: &mut Conn, year: &SchoolYear, locked: bool) -> Result<()> {
    conn.clear_frozen_balances(year.id.0).await?;
    if !locked {
        return Ok(());
    }
    let facts = facts_for(conn, year.graduation_year, None, &[year.id.0]).await?;
    let results = compute_all(&facts)?;
    for e in facts.employments.iter().filter(|e| e.school_year_id == year.id.0) {
        if let Some(r) = results.get(&e.id) {
            conn.set_frozen_balances(e.id, Some((r.opening.to_string(), r.closing.to_string()))).await?;
        }
    }
    Ok(())
}
