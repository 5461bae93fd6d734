//! The demo school's workload side (docs/workload.md §Setup, §Pool, postings, theses and notes): the payroll types of
//! the Bern Gymnasiums with weekly lessons for every year, calculation modes
//! (26/27 `lessons2`, the older years other modes), class lessons, a few
//! small-group courses, payment targets around what each teacher teaches
//! (some over, some under), pool entries, postings, theses of the final-year
//! teachers, genders and notes. Deterministic: every choice follows from the
//! position of a record, never from a clock or a random seed.

use std::collections::{BTreeMap, BTreeSet};

use crate::dataset::{
    Dataset, GradeRecord, LookupRecord, NoteRecord, PayrollTypeRecord, PoolEntryRecord, PoolTypeRecord, PostingRecord,
    PostingTypeRecord, ThesisRecord, ThesisTypeRecord,
};
use crate::domain::fixed::Fixed;
use crate::domain::ids::PayrollTypeId;
use crate::domain::workload::{
    calculate, Calculation, CalculationMode, CourseShare, PayrollType, PoolItem, PostingDetail, PostingItem,
    ThesisItem, WorkloadInput, Year,
};
use rust_decimal::Decimal;

/// A payroll type of the demo: (code, description, lesson-based, saldo
/// order, IPB allowed, weekly lessons of a full workload).
type PayrollTypeRow = (&'static str, &'static str, bool, i64, bool, Option<i64>);

/// The demo's payroll types.
const PAYROLL_TYPES: &[PayrollTypeRow] = &[
    ("G1", "Unterricht GYM1", true, 2, false, Some(28)),
    ("G2", "Unterricht GYM2-4", true, 1, true, Some(23)),
    ("F", "Fachmittelschule", true, 3, true, Some(24)),
    ("GK1", "Klassenstunde GYM1", true, 52, false, Some(20)),
    ("GK2", "Klassenstunde GYM2-4", true, 51, false, Some(20)),
    ("FK", "Klassenstunde FMS", true, 53, false, Some(20)),
    ("PS", "Schulpool", false, 101, false, None),
    ("PL", "Schulleitungspool", false, 102, false, None),
];

/// Calculation mode per school year code.
const MODES: &[(&str, &str)] =
    &[("24/25", "lessonsAgeReliefIncluded"), ("25/26", "percentAgeReliefIncluded"), ("26/27", "lessons2")];

/// Pool tasks: (description, pool type, percent per semester).
const POOL_TASKS: &[(&str, &str, i64)] = &[
    ("Fachschaftsleitung", "S", 2),
    ("Informatikverantwortung", "S", 3),
    ("Mediothek", "S", 2),
    ("Sammlung Naturwissenschaften", "S", 1),
    ("Lehrplanprojekt", "PR", 2),
    ("Austauschkoordination", "S", 2),
    ("Prorektorat", "SL", 15),
    ("Stundenplan", "SL", 5),
];

fn units(n: i64) -> Fixed {
    Fixed::units(n)
}

fn lookup(code: &str, description: &str) -> LookupRecord {
    LookupRecord { code: code.into(), description: description.into(), archived: false }
}

/// Adds the workload side to the generated school.
pub fn add_workload_side(ds: &mut Dataset) {
    ds.payroll_types = PAYROLL_TYPES
        .iter()
        .map(|&(code, description, lesson_based, order, ipb, _)| PayrollTypeRecord {
            code: code.into(),
            description: description.into(),
            lesson_based,
            saldo_resolving_order: order,
            ipb_correction_allowed: ipb,
        })
        .collect();
    let weekly: BTreeMap<String, Fixed> =
        PAYROLL_TYPES.iter().filter_map(|&(code, .., wl)| Some((code.to_string(), units(wl?)))).collect();
    for y in &mut ds.school_years {
        y.calculation_mode = MODES.iter().find(|(c, _)| *c == y.code).map(|(_, m)| m.to_string());
        y.age_relief_included = None;
        y.weekly_lessons = weekly.clone();
    }
    ds.grades = ds
        .grades
        .iter()
        .map(|g| {
            let (pt, cl) = match g.code.as_str() {
                "GYM1" => ("G1", "GK1"),
                c if c.starts_with("GYM") => ("G2", "GK2"),
                _ => ("F", "FK"),
            };
            GradeRecord {
                code: g.code.clone(),
                description: g.description.clone(),
                payroll_type: Some(pt.into()),
                class_lesson_payroll_type: Some(cl.into()),
            }
        })
        .collect();
    for s in ds.subjects.iter_mut().filter(|s| s.code == "KL") {
        s.class_lesson = true;
    }
    // A few small-group courses: every 97th course that is taught.
    for (i, c) in ds.courses.iter_mut().enumerate() {
        if i % 97 == 13 && !c.cancelled {
            c.small_group1 = true;
            c.small_group2 = i % 2 == 0;
        }
    }
    ds.genders = vec![lookup("d", "divers"), lookup("m", "männlich"), lookup("w", "weiblich")];
    for t in &mut ds.teachers {
        let female = super::names::FEMALE.contains(&t.first_name.as_str());
        t.gender = Some(if female { "w" } else { "m" }.into());
    }
    ds.pool_types = vec![
        PoolTypeRecord {
            code: "PR".into(),
            description: "Projekte".into(),
            payroll_type: "PS".into(),
            auto_copy: false,
        },
        PoolTypeRecord {
            code: "S".into(),
            description: "Schulpool".into(),
            payroll_type: "PS".into(),
            auto_copy: true,
        },
        PoolTypeRecord {
            code: "SL".into(),
            description: "Schulleitung".into(),
            payroll_type: "PL".into(),
            auto_copy: true,
        },
    ];
    ds.posting_types = vec![
        PostingTypeRecord {
            code: "L".into(),
            description: "Einzellektionen".into(),
            payroll_type: "G2".into(),
            percent: false,
        },
        PostingTypeRecord { code: "P".into(), description: "Prozent".into(), payroll_type: "PS".into(), percent: true },
    ];
    ds.thesis_types = vec![
        ThesisTypeRecord {
            code: "MA".into(),
            description: "Maturaarbeit".into(),
            payroll_type: "G2".into(),
            percent: Fixed(5_000),
        },
        ThesisTypeRecord {
            code: "SA".into(),
            description: "Selbständige Arbeit FMS".into(),
            payroll_type: "F".into(),
            percent: Fixed(4_000),
        },
    ];
    pool_postings_theses_notes(ds);
    payments_around_the_plan(ds);
    freeze_locked_years(ds);
}

/// What the calculation reads of one employment of the demo dataset.
struct EmploymentInput {
    year: Year,
    locked: bool,
    birthday: Option<chrono::NaiveDate>,
    courses: Vec<CourseShare>,
    pool: Vec<PoolItem>,
    theses: Vec<ThesisItem>,
    postings: Vec<PostingItem>,
}

impl EmploymentInput {
    fn calculate(
        &self,
        payroll_types: &[PayrollType],
        payment: [Decimal; 2],
        opening: Decimal,
        postings: bool,
    ) -> Calculation {
        calculate(&WorkloadInput {
            year: &self.year,
            payroll_types,
            birthday: self.birthday,
            payment,
            opening_balance: opening,
            courses: self.courses.clone(),
            pool: self.pool.clone(),
            theses: self.theses.clone(),
            postings: if postings { self.postings.clone() } else { Vec::new() },
        })
    }
}

/// The payroll types and, per employment of `ds` (same order; `None` when its
/// year is missing), the calculation's input, read from the dataset as the
/// store would read it after an import.
fn employment_inputs(ds: &Dataset) -> (Vec<PayrollType>, Vec<Option<EmploymentInput>>) {
    let pt_id: BTreeMap<&str, PayrollTypeId> =
        PAYROLL_TYPES.iter().enumerate().map(|(i, p)| (p.0, PayrollTypeId(i as i64 + 1))).collect();
    let payroll_types: Vec<PayrollType> = PAYROLL_TYPES
        .iter()
        .map(|&(code, _, lesson_based, order, ipb, _)| PayrollType {
            id: pt_id[code],
            lesson_based,
            saldo_order: order,
            ipb_correction_allowed: ipb,
        })
        .collect();
    let grade_type: BTreeMap<String, (Option<PayrollTypeId>, Option<PayrollTypeId>)> = ds
        .grades
        .iter()
        .map(|g| {
            let id = |c: &Option<String>| c.as_deref().and_then(|c| pt_id.get(c).copied());
            (g.code.clone(), (id(&g.payroll_type), id(&g.class_lesson_payroll_type)))
        })
        .collect();
    let class_lessons: BTreeSet<&str> =
        ds.subjects.iter().filter(|s| s.class_lesson).map(|s| s.code.as_str()).collect();
    let type_of = |kind: &str, list: &[(&str, &str)]| list.iter().find(|(k, _)| *k == kind).map(|(_, p)| pt_id[p]);
    let pool_payroll: Vec<(&str, &str)> =
        ds.pool_types.iter().map(|t| (t.code.as_str(), t.payroll_type.as_str())).collect();
    let thesis_types: Vec<(&str, &str, Fixed)> =
        ds.thesis_types.iter().map(|t| (t.code.as_str(), t.payroll_type.as_str(), t.percent)).collect();
    let birthdays: BTreeMap<&str, Option<chrono::NaiveDate>> = ds
        .teachers
        .iter()
        .map(|t| {
            (t.code.as_str(), t.birthday.as_deref().and_then(|b| chrono::NaiveDate::parse_from_str(b, "%Y-%m-%d").ok()))
        })
        .collect();
    let mut out = Vec::with_capacity(ds.employments.len());
    for e in &ds.employments {
        let Some(y) = ds.school_years.iter().find(|y| y.code == e.school_year) else {
            out.push(None);
            continue;
        };
        let year = Year {
            graduation_year: y.graduation_year as i32,
            weeks: y.weeks,
            mode: y
                .calculation_mode
                .as_deref()
                .and_then(CalculationMode::from_code)
                .unwrap_or(CalculationMode::Percent),
            small_group_surcharge: y.small_group_surcharge.decimal(),
            weekly_lessons: y.weekly_lessons.iter().map(|(k, v)| (pt_id[k.as_str()], v.decimal())).collect(),
        };
        let teaches = |list: &[String]| list.contains(&e.teacher);
        let courses = ds
            .courses
            .iter()
            .filter(|c| {
                c.school_year == e.school_year && !c.cancelled && (teaches(&c.teachers1) || teaches(&c.teachers2))
            })
            .map(|c| {
                let (course_type, class_lesson_type) = grade_type.get(&c.grade).copied().unwrap_or((None, None));
                CourseShare {
                    payroll_type: if class_lessons.contains(c.subject.as_str()) {
                        class_lesson_type
                    } else {
                        course_type
                    },
                    lessons: [c.lessons1.decimal(), c.lessons2.decimal()],
                    teachers: [c.teachers1.len() as u32, c.teachers2.len() as u32],
                    teaches: [teaches(&c.teachers1), teaches(&c.teachers2)],
                    small_group: [c.small_group1, c.small_group2],
                }
            })
            .collect();
        let pool = ds
            .pool_entries
            .iter()
            .filter(|p| p.school_year == e.school_year && p.teacher == e.teacher)
            .filter_map(|p| {
                Some(PoolItem {
                    payroll_type: type_of(&p.kind, &pool_payroll)?,
                    percent: [p.percent1.decimal(), p.percent2.decimal()],
                })
            })
            .collect();
        let theses = ds
            .theses
            .iter()
            .filter(|t| t.school_year == e.school_year && t.teacher == e.teacher)
            .flat_map(|t| t.counts.iter())
            .filter_map(|(kind, count)| {
                let (_, pt, each) = thesis_types.iter().find(|(k, ..)| k == kind)?;
                Some(ThesisItem { payroll_type: pt_id[pt], percent_each: each.decimal(), count: count.decimal() })
            })
            .collect();
        let postings = ds
            .postings
            .iter()
            .filter(|p| p.school_year == e.school_year && p.teacher == e.teacher)
            .filter_map(|p| {
                Some(PostingItem {
                    start_date: chrono::NaiveDate::parse_from_str(&p.start_date, "%Y-%m-%d").ok()?,
                    details: p
                        .details
                        .iter()
                        .filter_map(|(kind, value)| {
                            let t = ds.posting_types.iter().find(|t| t.code == *kind)?;
                            Some(PostingDetail {
                                payroll_type: pt_id[t.payroll_type.as_str()],
                                percent_type: t.percent,
                                value: value.decimal(),
                            })
                        })
                        .collect(),
                })
            })
            .collect();
        out.push(Some(EmploymentInput {
            year,
            locked: y.finalised || y.archived,
            birthday: birthdays.get(e.teacher.as_str()).copied().flatten(),
            courses,
            pool,
            theses,
            postings,
        }));
    }
    (payroll_types, out)
}

/// Sets each payment target to what the teacher's workload comes to (the
/// summary with age relief, per semester, to one decimal, at most 100), then
/// moves some off it: every 7th employment is paid 3 percent points more,
/// every 11th 4 points less, so the balances and the plan check have
/// something to show. The workload is the domain calculation itself.
fn payments_around_the_plan(ds: &mut Dataset) {
    use rust_decimal::prelude::ToPrimitive;
    let (payroll_types, inputs) = employment_inputs(ds);
    let mut payments = Vec::with_capacity(ds.employments.len());
    for input in &inputs {
        let Some(input) = input else {
            payments.push(None);
            continue;
        };
        let total = input.calculate(&payroll_types, [Decimal::ZERO; 2], Decimal::ZERO, false).summary_total;
        payments.push(Some([0, 1].map(|s| (total.percent[s] + total.age_relief[s]).round_dp(1))));
    }
    for (i, (e, paid)) in ds.employments.iter_mut().zip(payments).enumerate() {
        let Some(paid) = paid else { continue };
        let shift = match (i % 7, i % 11) {
            (3, _) => 3,
            (_, 5) => -4,
            _ => 0,
        };
        let [p1, p2] = paid.map(|p| {
            let tenths = (p * Decimal::from(10)).to_i64().unwrap_or(0) + shift * 10;
            Fixed(tenths.clamp(0, 1000) * 1000)
        });
        e.payment1 = Some(p1);
        e.payment2 = Some(p2);
    }
}

/// Freezes the balances of the locked years as locking them through the API
/// does (docs/workload.md §Balance): each teacher's chain in year order, opening with the
/// initial balance, each closing balance opening the next employment; the
/// employments of locked years keep theirs as exact decimal text.
fn freeze_locked_years(ds: &mut Dataset) {
    let (payroll_types, inputs) = employment_inputs(ds);
    let mut order: Vec<usize> = (0..ds.employments.len()).filter(|&i| inputs[i].is_some()).collect();
    let year_of = |i: usize| inputs[i].as_ref().map_or(0, |x| x.year.graduation_year);
    order.sort_by_key(|&i| (ds.employments[i].teacher.clone(), year_of(i)));
    let mut carried: Option<(String, Decimal)> = None;
    for i in order {
        let Some(input) = &inputs[i] else { continue };
        let e = &ds.employments[i];
        let opening = match &carried {
            Some((teacher, closing)) if *teacher == e.teacher => *closing,
            _ => e.initial_balance.decimal(),
        };
        let payment = [e.payment1, e.payment2].map(|p| p.map_or(Decimal::ZERO, |p| p.decimal()));
        let closing = input.calculate(&payroll_types, payment, opening, true).balance.closing;
        carried = Some((e.teacher.clone(), closing));
        let e = &mut ds.employments[i];
        (e.frozen_opening_balance, e.frozen_closing_balance) =
            if input.locked { (Some(opening.to_string()), Some(closing.to_string())) } else { (None, None) };
    }
}

fn pool_postings_theses_notes(ds: &mut Dataset) {
    let years: Vec<(String, i64)> = ds.school_years.iter().map(|y| (y.code.clone(), y.graduation_year)).collect();
    for (y, (year, grad)) in years.iter().enumerate() {
        let employed: Vec<String> =
            ds.employments.iter().filter(|e| &e.school_year == year).map(|e| e.teacher.clone()).collect();
        // Pool: the open year has about 40 entries, the older ones fewer.
        let step = if y + 1 == years.len() { 3 } else { 6 };
        for (i, teacher) in employed.iter().enumerate().filter(|(i, _)| i % step == 1) {
            let (description, kind, percent) = POOL_TASKS[(i / step) % POOL_TASKS.len()];
            ds.pool_entries.push(PoolEntryRecord {
                school_year: year.clone(),
                teacher: teacher.clone(),
                kind: kind.into(),
                description: Some(description.into()),
                percent1: units(percent),
                percent2: units(if i % 4 == 1 { percent + 1 } else { percent }),
            });
        }
        // Postings: a dozen in the open year, a few before; both semesters, both kinds.
        let every = if y + 1 == years.len() { 11 } else { 40 };
        for (n, teacher) in employed.iter().enumerate().filter(|(i, _)| i % every == 2).map(|(_, t)| t).enumerate() {
            let first_semester = n % 2 == 0;
            let (month, day) =
                if first_semester { (10 + (n % 3) as u32, 5 + n as u32 % 20) } else { (3, 2 + n as u32 % 25) };
            let start_year = if first_semester { grad - 1 } else { *grad };
            // Each kind lasts its days (the client's posting dialog requires an end date); the
            // end stays in the start's semester, which alone decides the posting's (docs/workload.md §Pool, postings, theses and notes).
            let (description, days, details): (&str, u64, BTreeMap<String, Fixed>) = match n % 3 {
                0 => ("Stellvertretung", 13, [("L".to_string(), units(6 + (n % 5) as i64 * 4))].into()),
                1 => ("Weiterbildung", 2, [("P".to_string(), Fixed(-15_000))].into()),
                _ => ("Sonderwoche", 4, [("L".to_string(), units(10)), ("P".to_string(), units(1))].into()),
            };
            let start = chrono::NaiveDate::from_ymd_opt(start_year as i32, month, day).expect("a real date");
            let end = start + chrono::Days::new(days);
            ds.postings.push(PostingRecord {
                school_year: year.clone(),
                teacher: teacher.clone(),
                description: Some(description.into()),
                start_date: start.to_string(),
                end_date: Some(end.to_string()),
                details,
            });
        }
        // Theses: the teachers of the final-year (GYM4, FMS3) courses supervise them.
        let mut supervisors: BTreeMap<String, &str> = BTreeMap::new();
        for c in ds.courses.iter().filter(|c| &c.school_year == year && !c.cancelled) {
            let kind = match c.grade.as_str() {
                "GYM4" => "MA",
                "FMS3" => "SA",
                _ => continue,
            };
            for t in c.teachers1.iter().chain(&c.teachers2) {
                supervisors.entry(t.clone()).or_insert(kind);
            }
        }
        let employed_set: BTreeSet<&String> = employed.iter().collect();
        for (i, (teacher, kind)) in supervisors.iter().enumerate().filter(|(_, (t, _))| employed_set.contains(t)) {
            if i % 3 == 2 {
                continue;
            }
            ds.theses.push(ThesisRecord {
                school_year: year.clone(),
                teacher: teacher.clone(),
                counts: [(kind.to_string(), units(1 + (i % 4) as i64))].into(),
            });
        }
    }
    let notes = [
        "Wünscht ab nächstem Schuljahr ein tieferes Pensum.",
        "Verfügung für befristete Anstellung unterschrieben zurück.",
        "Weiterbildungsurlaub im Frühlingssemester beantragt.",
        "Übernimmt ab August die Fachschaftsleitung.",
    ];
    for (i, t) in ds.teachers.iter().filter(|t| !t.archived).enumerate().filter(|(i, _)| i % 17 == 4) {
        ds.notes.push(NoteRecord {
            teacher: t.code.clone(),
            text: notes[i % notes.len()].into(),
            created_by: "demo-admin".into(),
            creation_date: format!("2026-{:02}-{:02}T09:{:02}:00.000000Z", 3 + i % 6, 1 + i % 27, i % 60),
        });
    }
}
