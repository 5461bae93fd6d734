//! The workload form of one employment ([`super::forms::Workload`],
//! docs/workload.md §Response) from the balance chain's result
//! ([`super::chain::EmploymentResult`]) and the objects its lines refer to.
//! Pure: the caller (`service::workload`) loads the references.

use std::collections::HashMap;

use rust_decimal::Decimal;

use super::chain::EmploymentResult;
use super::forms::{
    BalanceLine, CourseItem, Courses, LessonsPercent, Payroll, PayrollItem, PercentOnly, PercentPair, Pool, PoolItem,
    PostingDetailItem, PostingItem, Postings, Summary, SummaryItem, ThesesSection, ThesisItem, WarningItem, Workload,
};
use super::{SummaryLine, Warning};
use crate::domain::course::Course;
use crate::domain::fixed::{Amount, Fixed};
use crate::domain::ids::{CourseId, PayrollTypeId, PoolEntryId, PostingId, PostingTypeId, ThesisTypeId};
use crate::domain::payroll::{PayrollType, PostingType};
use crate::domain::pool::{PoolEntry, Posting};
use crate::domain::reference_forms::{LookupRef, SchoolYearRef, TeacherRef};
use crate::domain::schoolyear::SchoolYear;
use crate::i18n::{Lang, Message};

fn a(d: Decimal) -> Amount {
    Amount(d)
}

fn lookup_of(p: &PayrollType) -> LookupRef {
    LookupRef { id: p.id.0, code: p.code.clone(), description: p.description.clone() }
}

/// Everything the forms of one school year refer to, loaded once per request.
/// A line whose object is missing here is left out of the form.
#[derive(Debug, Clone)]
pub struct FormRefs {
    /// The school year (code, calculation mode, showIpbBalances).
    pub year: SchoolYear,
    /// The year's courses (of the teacher, when one is asked for).
    pub courses: HashMap<CourseId, Course>,
    /// Pool entries by id.
    pub pool: HashMap<PoolEntryId, PoolEntry>,
    /// Postings by id.
    pub postings: HashMap<PostingId, Posting>,
    /// Every payroll type by id.
    pub payroll_types: HashMap<PayrollTypeId, PayrollType>,
    /// Every posting type by id.
    pub posting_types: HashMap<PostingTypeId, PostingType>,
    /// Every thesis type by id: its reference and its annual percent per thesis.
    pub thesis_types: HashMap<ThesisTypeId, (LookupRef, Fixed)>,
}

/// The workload form of `teacher` from result `r` (docs/workload.md §Response):
/// the calculation's lines joined with the objects of `refs`, courses in the
/// course list's order, pool entries by description, postings and the
/// balance only when the year shows balances; every figure unrounded.
pub fn form(refs: &FormRefs, teacher: TeacherRef, r: EmploymentResult) -> Workload {
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
                let types: Vec<PostingTypeId> = p.details.iter().filter(|(_, v)| v.0 != 0).map(|(t, _)| *t).collect();
                Some(PostingItem {
                    description: p.description.clone(),
                    start_date: p.start_date.clone(),
                    end_date: p.end_date.clone(),
                    details: types
                        .iter()
                        .zip(&line.details)
                        .map(|(t, d)| PostingDetailItem {
                            kind: refs.posting_types.get(t).map_or_else(
                                || LookupRef { id: t.0, code: String::new(), description: String::new() },
                                |pt| LookupRef {
                                    id: pt.id.0,
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
    let summary_line = |description: &'static str, l: &SummaryLine| SummaryItem {
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
                id: row.payroll_type.0,
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
        .map(|w| {
            let message = match w {
                Warning::NoWeeklyLessons { payroll_type } => {
                    let name = refs
                        .payroll_types
                        .get(payroll_type)
                        .map_or_else(|| payroll_type.to_string(), |p| p.code.clone());
                    Message::new("workload-warning-no-weekly-lessons").arg("year", &refs.year.code).arg("type", name)
                }
                Warning::NoPayrollType { course_index } => {
                    let course = r
                        .course_ids
                        .get(*course_index)
                        .and_then(|id| refs.courses.get(id))
                        .map_or_else(|| Message::kind("course"), Course::named_first);
                    Message::new("workload-warning-no-payroll-type").arg_message("course", course)
                }
            };
            WarningItem { code: w.code(), detail: message.render(Lang::En), message }
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
