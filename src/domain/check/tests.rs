//! Unit tests of the plan check's rules (docs/documents.md §Plan check) on hand-made facts.

use super::*;
use crate::domain::ids::{CourseId, CurriculumId, DivisionId, SchoolYearId};
use crate::domain::lessontable::LessonType;
use crate::domain::reference_forms::{CurriculumRef, LookupRef, SchoolClassRef, SubjectRef};

fn year() -> SchoolYearRef {
    SchoolYearRef {
        id: SchoolYearId(1),
        archived: false,
        code: "26/27".into(),
        description: String::new(),
        graduation_year: 2027,
        finalised: false,
        age_relief_included: false,
    }
}

fn teacher(id: i64) -> TeacherRef {
    TeacherRef {
        id: TeacherId(id),
        archived: false,
        code: format!("t{id}"),
        last_name: "L".into(),
        first_name: "F".into(),
        email: None,
    }
}

fn course(id: i64, class: i64, teachers: &[i64], lessons: i64) -> Course {
    let lookup = |id: i64, code: &str| LookupRef { id, code: code.into(), description: String::new() };
    let curriculum =
        CurriculumRef { id: CurriculumId(1), archived: false, code: "C".into(), description: String::new() };
    let t: Vec<TeacherRef> = teachers.iter().map(|t| teacher(*t)).collect();
    let open = if t.is_empty() { Fixed::units(lessons) } else { Fixed(0) };
    Course {
        id: CourseId(id),
        cancelled: false,
        comments: None,
        cross_class: false,
        curriculum: curriculum.clone(),
        grade: lookup(12, "G2"),
        lessons1: Fixed::units(lessons),
        lessons2: Fixed::units(lessons),
        school_classes: vec![SchoolClassRef {
            id: SchoolClassId(class),
            archived: false,
            code: format!("K{class}"),
            graduation_year: 2028,
            curriculum,
            division: lookup(1, "D"),
        }],
        school_year: year(),
        subject: SubjectRef {
            id: SubjectId(1),
            archived: false,
            category: None,
            code: "D".into(),
            description: String::new(),
            kind: lookup(1, "GF"),
        },
        teachers1: t.clone(),
        teachers2: t,
        small_group1: false,
        small_group2: false,
        open1: open,
        open2: open,
    }
}

fn employment(teacher_id: i64, payment: i64, workload: &str, has_work: bool) -> EmploymentCheck {
    EmploymentCheck {
        id: EmploymentId(teacher_id + 100),
        teacher: teacher(teacher_id),
        payment1: Some(Fixed::units(payment)),
        payment2: Some(Fixed::units(payment)),
        employment_min: None,
        employment_max: None,
        workload: workload.parse().unwrap(),
        has_work,
    }
}

/// One class K1 (grade G2 of curriculum C in 26/27), one course of D taught by t1 who works 50 % of 50 %.
fn facts() -> CheckFacts {
    CheckFacts {
        year: year(),
        classes: vec![ClassFact {
            id: SchoolClassId(1),
            code: "K1".into(),
            curriculum: CurriculumId(1),
            division: DivisionId(1),
            graduation_year: 2028,
        }],
        curricula: vec![CurriculumFact {
            id: CurriculumId(1),
            code: "C".into(),
            archived: false,
            grades: vec![(GradeId(11), "G1".into()), (GradeId(12), "G2".into()), (GradeId(13), "G3".into())],
        }],
        subjects: [(SubjectId(1), SubjectFact { code: "D".into(), cross_class: false, archived: false })]
            .into_iter()
            .collect(),
        entries: vec![LessonEntry {
            curriculum: CurriculumId(1),
            division: Some(DivisionId(1)),
            subject: SubjectId(1),
            grade: GradeId(12),
            kind: LessonType::Start,
            lessons1: Fixed::units(4),
            lessons2: Fixed::units(4),
        }],
        courses: vec![course(1, 1, &[1], 4)],
        employments: vec![employment(1, 50, "50", true)],
        missing_weekly_lessons: vec![],
    }
}

fn codes(f: &CheckFacts) -> Vec<&'static str> {
    check(f).into_iter().map(|x| x.code).collect()
}

#[test]
fn a_clean_plan_has_no_findings() {
    assert!(check(&facts()).is_empty());
}

#[test]
fn each_rule_finds_its_case() {
    let mut f = facts();
    f.courses[0].grade.id = 13;
    assert_eq!(codes(&f), ["course_rule"]);
    let mut f = facts();
    f.employments[0].teacher.id = TeacherId(9);
    let found = check(&f);
    assert_eq!(found[0].code, "course_rule");
    assert!(found[0].detail.contains("t1"), "{}", found[0].detail);
    let mut f = facts();
    f.entries[0].grade = GradeId(99);
    assert_eq!(codes(&f), ["grade_not_in_curriculum"]);
    let mut f = facts();
    f.entries[0].division = None;
    assert_eq!(codes(&f), ["lesson_table_side"]);
    assert_eq!(check(&f)[0].objects, vec![FindingObject::new("lessontable", "1-1")]);
    let mut f = facts();
    f.missing_weekly_lessons = vec![(4, "G2".into())];
    assert_eq!(codes(&f), ["no_weekly_lessons"]);
    let mut f = facts();
    f.courses.push(course(2, 1, &[1], 0));
    assert_eq!(codes(&f), ["duplicate_course"]);
    let mut f = facts();
    f.courses.push(course(2, 2, &[], 3));
    f.classes.push(ClassFact {
        id: SchoolClassId(2),
        code: "K2".into(),
        curriculum: CurriculumId(1),
        division: DivisionId(1),
        graduation_year: 2028,
    });
    let found = check(&f);
    assert_eq!(found.iter().map(|x| (x.severity, x.code)).collect::<Vec<_>>(), [(Severity::Warning, "open_lessons")]);
    assert_eq!(found[0].objects, vec![FindingObject::new("course", 2)]);
    let mut f = facts();
    f.employments.push(employment(2, 10, "0", false));
    assert_eq!(codes(&f), ["workload_deviation", "no_work"]);
}

#[test]
fn five_points_are_tolerated() {
    let mut f = facts();
    f.employments[0].workload = "55".parse().unwrap();
    assert!(check(&f).is_empty());
    f.employments[0].workload = "44.99".parse().unwrap();
    let found = check(&f);
    assert_eq!(found[0].code, "workload_deviation");
    assert!(found[0].detail.contains("5.01 points under"), "{}", found[0].detail);
    f.employments[0].payment1 = None;
    f.employments[0].payment2 = None;
    assert!(check(&f).is_empty(), "no payment target: nothing to deviate from");
}

#[test]
fn errors_come_before_warnings() {
    let mut f = facts();
    f.courses.push(course(2, 1, &[], 2));
    let found = check(&f);
    assert_eq!(found.iter().map(|x| x.code).collect::<Vec<_>>(), ["duplicate_course", "open_lessons"]);
}

#[test]
fn a_payment_target_outside_the_range_is_a_warning() {
    let mut f = facts();
    f.employments[0].employment_min = Some(Fixed::units(50));
    f.employments[0].employment_max = Some(Fixed::units(60));
    assert!(check(&f).is_empty(), "50 lies in 50–60");
    f.employments[0].payment2 = Some(Fixed::units(61));
    f.employments[0].workload = "55.5".parse().unwrap();
    let found = check(&f);
    assert_eq!(
        found.iter().map(|x| (x.severity, x.code)).collect::<Vec<_>>(),
        [(Severity::Warning, "payment_outside_range")]
    );
    assert_eq!(found[0].objects, vec![FindingObject::new("teacher", 1), FindingObject::new("employment", 101)]);
    assert!(
        found[0].detail.contains("50 – 60 %") && found[0].detail.contains("semester 2: 61 %"),
        "{}",
        found[0].detail
    );
    assert!(!found[0].detail.contains("semester 1"), "{}", found[0].detail);
    f.employments[0].payment1 = Some(Fixed::units(49));
    assert!(check(&f)[0].detail.contains("semester 1: 49 %, semester 2: 61 %"));
    // An absent bound does not limit.
    f.employments[0].employment_min = None;
    f.employments[0].employment_max = None;
    assert!(check(&f).is_empty());
    f.employments[0].employment_min = Some(Fixed::units(50));
    assert_eq!(codes(&f), ["payment_outside_range"], "49 below the minimum, no maximum");
}

#[test]
fn an_entry_grade_without_classes_is_a_warning() {
    let mut f = facts();
    // The lesson table starts D in the entry grade G1; only K1 (grade G2) exists.
    f.entries[0].grade = GradeId(11);
    let found = check(&f);
    assert_eq!(
        found.iter().map(|x| (x.severity, x.code)).collect::<Vec<_>>(),
        [(Severity::Warning, "no_entry_classes")]
    );
    assert_eq!(found[0].objects, vec![FindingObject::new("curriculum", 1)]);
    assert!(
        found[0].detail.contains("entry grade G1") && found[0].detail.contains("graduation year 2029"),
        "{}",
        found[0].detail
    );
    // A class in the entry grade (graduating 2029) closes the gap.
    f.classes.push(ClassFact {
        id: SchoolClassId(2),
        code: "K2".into(),
        curriculum: CurriculumId(1),
        division: DivisionId(1),
        graduation_year: 2029,
    });
    assert!(check(&f).is_empty());
}

#[test]
fn findings_are_rendered_in_the_readers_language() {
    use crate::i18n::Lang;
    let mut f = facts();
    f.employments[0].employment_min = Some(Fixed::units(50));
    f.employments[0].employment_max = Some(Fixed::units(60));
    f.employments[0].payment1 = Some(Fixed::units(49));
    f.employments[0].payment2 = Some(Fixed::units(61));
    f.employments[0].workload = "55".parse().unwrap();
    let found = check(&f);
    assert_eq!(found[0].code, "payment_outside_range");
    let english = found[0].clone().in_lang(Lang::En);
    assert_eq!(english.detail, found[0].detail, "English is the detail as built");
    assert!(
        english
            .detail
            .contains("payment target outside the employment range 50 – 60 % (semester 1: 49 %, semester 2: 61 %)."),
        "{}",
        english.detail
    );
    let german = found[0].clone().in_lang(Lang::De);
    assert!(german.detail.starts_with("Lehrperson "), "{}", german.detail);
    assert!(
        german
            .detail
            .contains("Auszahlungsziel ausserhalb der Verfügung 50 – 60 % (1. Semester: 49 %, 2. Semester: 61 %)."),
        "{}",
        german.detail
    );
    assert_eq!((german.code, german.severity), (found[0].code, found[0].severity), "codes stay");
    // A course finding names the course in the reader's language.
    let mut f = facts();
    f.courses.push(course(2, 1, &[], 2));
    let found = check(&f);
    let open = found.iter().find(|x| x.code == "open_lessons").unwrap();
    assert!(open.detail.starts_with("Course 2 ("), "{}", open.detail);
    let german = open.clone().in_lang(Lang::De);
    assert!(german.detail.starts_with("Kurs 2 ("), "{}", german.detail);
    assert!(german.detail.contains("hat keine Lehrperson für"), "{}", german.detail);
    let duplicate = found.iter().find(|x| x.code == "duplicate_course").unwrap().clone().in_lang(Lang::De);
    assert!(duplicate.detail.starts_with("Die Klasse "), "{}", duplicate.detail);
    assert!(duplicate.detail.contains("Kurs 1, Kurs 2"), "{}", duplicate.detail);
}
