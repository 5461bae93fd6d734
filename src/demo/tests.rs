//! Checks of the generated demo school: sizes, variety, and the course rules
//! of docs/contract.md §Courses (checked here on the data; the import checks them again
//! with the API's rules).

use std::collections::{BTreeMap, BTreeSet};

use chrono::NaiveDate;

use super::teachers::AGE_REFERENCE;
use super::*;
use crate::dataset::{CourseRecord, CurriculumRecord, SchoolClassRecord, SubjectRecord, TeacherRecord};
use crate::domain::class_grade::grade_index;
use crate::domain::code_key;
use crate::domain::fixed::Fixed;

fn by_year<'a>(ds: &'a Dataset, year: &str) -> Vec<&'a CourseRecord> {
    ds.courses.iter().filter(|c| c.school_year == year).collect()
}

#[test]
fn is_deterministic() {
    assert_eq!(generate(1).to_json(), generate(1).to_json());
}

#[test]
fn sizes_are_as_documented() {
    let ds = generate(1);
    assert_eq!(ds.divisions.len(), 3);
    assert_eq!(ds.subject_types.len(), 6);
    assert!((18..=22).contains(&ds.subject_categories.len()));
    assert!((60..=80).contains(&ds.subjects.len()), "{} subjects", ds.subjects.len());
    assert!((130..=150).contains(&ds.teachers.len()), "{} teachers", ds.teachers.len());
    for y in ["24/25", "25/26", "26/27"] {
        let courses = by_year(&ds, y);
        assert!((700..=900).contains(&courses.len()), "{} courses in {y}", courses.len());
        let employed = ds.employments.iter().filter(|e| e.school_year == y).count();
        assert!((120..=150).contains(&employed), "{employed} employments in {y}");
    }
    let years: BTreeMap<&str, i64> = ds.school_years.iter().map(|y| (y.code.as_str(), y.graduation_year)).collect();
    let curricula: BTreeMap<&str, usize> = ds.curricula.iter().map(|c| (c.code.as_str(), c.grades.len())).collect();
    let in_year = ds
        .school_classes
        .iter()
        .filter(|c| grade_index(curricula[c.curriculum.as_str()], c.graduation_year, years["26/27"]).is_some())
        .count();
    assert_eq!(in_year, 49);
}

#[test]
fn has_every_kind_of_course() {
    let ds = generate(1);
    let open = by_year(&ds, "26/27");
    let cross: BTreeSet<&str> = ds.subjects.iter().filter(|s| s.cross_class).map(|s| s.code.as_str()).collect();
    assert!(open.iter().filter(|c| cross.contains(c.subject.as_str())).count() >= 50);
    assert!(open.iter().filter(|c| c.school_classes.len() > 1).count() >= 3, "merged");
    assert!(open.iter().filter(|c| c.teachers1.len() > 1).count() >= 10, "team-taught");
    assert!(open.iter().filter(|c| c.cancelled).count() >= 2, "cancelled");
    assert!(
        open.iter()
            .filter(|c| !c.teachers1.is_empty() && !c.teachers2.is_empty() && c.teachers1 != c.teachers2)
            .count()
            >= 5,
        "split teachers"
    );
    assert!(open.iter().any(|c| c.lessons1 == Fixed(25_000)), "2.5 lessons");
    assert!(open.iter().any(|c| c.lessons1 != c.lessons2), "semester differences");
    assert!(open.iter().any(|c| c.subject == "KL"));
    assert!(open.iter().any(|c| c.subject.starts_with("SF ")));
    assert!(open.iter().any(|c| c.subject.starts_with("EF ")));
    assert!(open.iter().any(|c| c.subject.starts_with("FF ")));
}

#[test]
fn follows_the_course_rules() {
    let ds = generate(1);
    let years: BTreeMap<&str, i64> = ds.school_years.iter().map(|y| (y.code.as_str(), y.graduation_year)).collect();
    let curricula: BTreeMap<&str, &Vec<String>> = ds.curricula.iter().map(|c| (c.code.as_str(), &c.grades)).collect();
    let classes: BTreeMap<&str, &SchoolClassRecord> = ds.school_classes.iter().map(|c| (c.code.as_str(), c)).collect();
    let subjects: BTreeMap<&str, &SubjectRecord> = ds.subjects.iter().map(|s| (s.code.as_str(), s)).collect();
    let employed: BTreeSet<(&str, &str)> =
        ds.employments.iter().map(|e| (e.teacher.as_str(), e.school_year.as_str())).collect();
    let teachers: BTreeMap<&str, &TeacherRecord> = ds.teachers.iter().map(|t| (t.code.as_str(), t)).collect();
    let mut in_department = 0;
    let mut with_department = 0;
    for c in &ds.courses {
        let subject = subjects[c.subject.as_str()];
        assert!(!subject.archived, "{c:?}");
        let grades = curricula[c.curriculum.as_str()];
        assert!(grades.contains(&c.grade), "{c:?}");
        if subject.cross_class {
            assert!(c.school_classes.is_empty(), "{c:?}");
        } else {
            assert!(!c.school_classes.is_empty(), "{c:?}");
            for k in &c.school_classes {
                let class = classes[k.as_str()];
                assert_eq!(class.curriculum, c.curriculum, "{c:?}");
                let gi = grade_index(grades.len(), class.graduation_year, years[c.school_year.as_str()])
                    .expect("class in year");
                assert_eq!(grades[gi], c.grade, "{c:?}");
            }
        }
        for list in [&c.teachers1, &c.teachers2] {
            let unique: BTreeSet<&String> = list.iter().collect();
            assert_eq!(unique.len(), list.len(), "teacher twice: {c:?}");
            for t in list {
                assert!(
                    employed.contains(&(t.as_str(), c.school_year.as_str())),
                    "{t} not employed in {}",
                    c.school_year
                );
                // Categories no department teaches (class lesson, projects, rare electives) do not count.
                let category =
                    subject.category.as_ref().filter(|c| !school::EXTRA_CATEGORIES.iter().any(|e| e.0 == c.as_str()));
                if let Some(cat) = category {
                    with_department += 1;
                    in_department += usize::from(teachers[t.as_str()].departments.contains(cat));
                }
            }
        }
        assert!(c.lessons1 <= Fixed::units(99) && c.lessons2 <= Fixed::units(99));
    }
    assert!(in_department * 100 >= with_department * 97, "{in_department} of {with_department} in department");
}

#[test]
fn teachers_are_plausible() {
    let ds = generate(1);
    let codes: BTreeSet<String> = ds.teachers.iter().map(|t| code_key(&t.code)).collect();
    assert_eq!(codes.len(), ds.teachers.len());
    let mails: BTreeSet<&str> = ds.teachers.iter().filter_map(|t| t.email.as_deref()).collect();
    assert_eq!(mails.len(), ds.teachers.len());
    for t in &ds.teachers {
        assert_eq!(t.code.len(), 3, "{t:?}");
        assert!(t.code.chars().all(|c| c.is_ascii_lowercase()), "{t:?}");
        let born = NaiveDate::parse_from_str(t.birthday.as_deref().unwrap(), "%Y-%m-%d").unwrap();
        let (y, m, d) = AGE_REFERENCE;
        let age = NaiveDate::from_ymd_opt(y, m, d).unwrap().years_since(born).unwrap();
        assert!((25..=64).contains(&age), "{t:?} is {age}");
        assert!(!t.departments.is_empty());
    }
    for e in &ds.employments {
        for p in [e.payment1, e.payment2, e.employment_min, e.employment_max].into_iter().flatten() {
            assert!(p <= Fixed::units(100));
        }
        assert!(e.employment_min <= e.employment_max);
    }
}

#[test]
fn scale_multiplies() {
    let one = generate(1);
    let three = generate(3);
    let ratio = |a: usize, b: usize| a as f64 / b as f64;
    assert!(
        (2.7..=3.3).contains(&ratio(three.teachers.len(), one.teachers.len())),
        "{} teachers",
        three.teachers.len()
    );
    assert!((2.8..=3.2).contains(&ratio(three.courses.len(), one.courses.len())), "{} courses", three.courses.len());
    assert_eq!(three.school_classes.len(), 3 * one.school_classes.len());
}

#[test]
fn has_a_realistic_workload_side() {
    use crate::domain::workload::age_relief;
    let ds = generate(1);
    let open = "26/27";
    assert_eq!(ds.school_years.iter().find(|y| y.code == open).unwrap().calculation_mode.as_deref(), Some("lessons2"));
    let modes: BTreeSet<_> = ds.school_years.iter().map(|y| y.calculation_mode.clone()).collect();
    assert_eq!(modes.len(), 3, "each year in another mode");
    for y in &ds.school_years {
        assert_eq!(y.weekly_lessons.len(), 6, "weekly lessons of every lesson-based type in {}", y.code);
    }
    assert!(ds.grades.iter().all(|g| g.payroll_type.is_some() && g.class_lesson_payroll_type.is_some()));
    assert!(ds.subjects.iter().any(|s| s.code == "KL" && s.class_lesson));
    assert!(ds.courses.iter().any(|c| c.school_year == open && (c.small_group1 || c.small_group2)));
    // All four age-relief steps occur among the teachers employed in the open year.
    let birthdays: BTreeMap<&str, Option<NaiveDate>> = ds
        .teachers
        .iter()
        .map(|t| (t.code.as_str(), t.birthday.as_deref().and_then(|b| NaiveDate::parse_from_str(b, "%Y-%m-%d").ok())))
        .collect();
    let steps: BTreeSet<String> = ds
        .employments
        .iter()
        .filter(|e| e.school_year == open)
        .map(|e| age_relief(birthdays[e.teacher.as_str()], 2027)[0].to_string())
        .collect();
    assert_eq!(steps.into_iter().collect::<Vec<_>>(), ["0", "12", "4", "8"]);
    let in_open = |year: &str| year == open;
    let pool = ds.pool_entries.iter().filter(|p| in_open(&p.school_year)).count();
    assert!((35..=50).contains(&pool), "about 40 pool entries, got {pool}");
    let postings: Vec<_> = ds.postings.iter().filter(|p| in_open(&p.school_year)).collect();
    assert!((10..=15).contains(&postings.len()), "a dozen postings, got {}", postings.len());
    assert!(postings.iter().any(|p| p.start_date.as_str() < "2027-02-01"));
    assert!(postings.iter().any(|p| p.start_date.as_str() >= "2027-02-01"));
    assert!(ds.theses.iter().any(|t| in_open(&t.school_year)));
    assert!(!ds.notes.is_empty());
    // Payment targets: most close to the plan, some over, some under.
    let open_employments: Vec<_> = ds.employments.iter().filter(|e| in_open(&e.school_year)).collect();
    assert!(open_employments.iter().all(|e| e.payment1.is_some() && e.payment2.is_some()));
}

/// Every posting has an end date (the existing client's posting dialog requires
/// one) in the semester of its start date, which decides the posting's
/// semester (docs/workload.md §Pool, postings, theses and notes): 1 before 1 February of the graduation year, else 2.
#[test]
fn postings_end_in_the_semester_they_start() {
    let ds = generate(1);
    let graduation: BTreeMap<&str, i32> =
        ds.school_years.iter().map(|y| (y.code.as_str(), y.graduation_year as i32)).collect();
    let date = |s: &str| NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap();
    assert!(!ds.postings.is_empty());
    for p in &ds.postings {
        let grad = graduation[p.school_year.as_str()];
        let (start, end) = (date(&p.start_date), date(p.end_date.as_deref().expect("an end date")));
        let february = NaiveDate::from_ymd_opt(grad, 2, 1).unwrap();
        let semester_end =
            if start < february { february.pred_opt().unwrap() } else { NaiveDate::from_ymd_opt(grad, 7, 31).unwrap() };
        assert!(start <= end && end <= semester_end, "{} {}: {start} – {end}", p.school_year, p.teacher);
    }
}

/// 27/28 is opened from 26/27 by the opening rules (docs/documents.md §Opening a school year) and is
/// plausible: every class that continues has its courses, continuing
/// teachers keep them, start courses are empty, every teacher stays employed.
#[test]
fn the_next_year_is_opened_plausibly() {
    let ds = generate(1);
    let (next, _, next_grad) = school::NEXT_YEAR;
    let open = by_year(&ds, "26/27");
    let opened = by_year(&ds, next);
    assert!(opened.len() > 600, "{} courses in {next}", opened.len());
    let employed = |y: &str| {
        ds.employments.iter().filter(|e| e.school_year == y).map(|e| e.teacher.as_str()).collect::<BTreeSet<_>>()
    };
    assert_eq!(employed(next), employed("26/27"), "continuing teachers are kept");
    let curricula: BTreeMap<&str, &CurriculumRecord> = ds.curricula.iter().map(|c| (c.code.as_str(), c)).collect();
    let grade_in = |k: &SchoolClassRecord, year: i64| {
        let c = curricula[k.curriculum.as_str()];
        grade_index(c.grades.len(), k.graduation_year, year).map(|i| c.grades[i].as_str())
    };
    let (mut continued, mut started) = (0, 0);
    for class in &ds.school_classes {
        let Some(grade) = grade_in(class, next_grad) else { continue };
        let continues = grade_in(class, next_grad - 1).is_some();
        for e in ds.lesson_table.iter().filter(|e| {
            e.curriculum == class.curriculum
                && e.division.as_deref() == Some(class.division.as_str())
                && e.grade == grade
        }) {
            let mine: Vec<&&CourseRecord> =
                opened.iter().filter(|c| c.subject == e.subject && c.school_classes.contains(&class.code)).collect();
            match e.kind.as_str() {
                "start" => {
                    assert_eq!(mine.len(), 1, "{} {} in {next}", class.code, e.subject);
                    assert!(mine[0].teachers1.is_empty() && mine[0].teachers2.is_empty(), "start courses are empty");
                    assert_eq!((mine[0].lessons1, mine[0].lessons2), (e.lessons1, e.lessons2));
                    started += 1;
                }
                "continuation" => {
                    assert!(continues, "{} continues", class.code);
                    assert_eq!(mine.len(), 1, "{} {} in {next}", class.code, e.subject);
                    let before = open
                        .iter()
                        .find(|c| c.subject == e.subject && c.school_classes.contains(&class.code) && !c.cancelled)
                        .expect("last year's course");
                    let c = mine[0];
                    if e.lessons1.0 > 0 && before.lessons1.0 > 0 && !before.teachers1.is_empty() {
                        assert_eq!(c.teachers1, before.teachers1, "{} {} keeps its teachers", class.code, e.subject);
                    }
                    if e.lessons2.0 > 0 && before.lessons2.0 > 0 && !before.teachers2.is_empty() {
                        assert_eq!(c.teachers2, before.teachers2, "{} {} keeps its teachers", class.code, e.subject);
                    }
                    assert_eq!((c.lessons1, c.lessons2, &c.grade), (e.lessons1, e.lessons2, &e.grade));
                    continued += 1;
                }
                _ => assert!(mine.is_empty(), "{} {}: nothing for {}", class.code, e.subject, e.kind),
            }
        }
    }
    assert!(continued > 300 && started > 100, "{continued} continued, {started} started");
    // Cross-class: the majors continue with their teachers; optional electives are not opened.
    let electives = opened.iter().filter(|c| c.subject.starts_with("FF ")).count();
    assert_eq!(electives, 0);
    let majors: Vec<&&CourseRecord> =
        opened.iter().filter(|c| c.subject.starts_with("SF ") && c.grade == "GYM3").collect();
    assert!(!majors.is_empty() && majors.iter().all(|c| !c.teachers1.is_empty() || c.comments.is_some()));
    // The autoCopy pool entries, and nothing else, came along.
    let copied = ds.pool_entries.iter().filter(|p| p.school_year == next).count();
    let auto: BTreeSet<&str> = ds.pool_types.iter().filter(|t| t.auto_copy).map(|t| t.code.as_str()).collect();
    let expected =
        ds.pool_entries.iter().filter(|p| p.school_year == "26/27" && auto.contains(p.kind.as_str())).count();
    assert_eq!((copied, copied > 0), (expected, true));
}
