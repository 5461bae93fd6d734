//! Unit tests of the opening plan (docs/documents.md §Opening a school year) on hand-made facts.

use super::*;
use crate::domain::ids::SchoolYearId;

fn year(id: i64, graduation_year: i64) -> SchoolYearRef {
    SchoolYearRef {
        id: SchoolYearId(id),
        archived: false,
        code: format!("{}/{}", graduation_year - 2001, graduation_year - 2000),
        description: String::new(),
        graduation_year,
        finalised: false,
        age_relief_included: false,
    }
}

fn entry(subject: i64, division: Option<i64>, grade: i64, kind: LessonType, l1: i64, l2: i64) -> LessonEntry {
    LessonEntry {
        curriculum: CurriculumId(1),
        division: division.map(DivisionId),
        subject: SubjectId(subject),
        grade: GradeId(grade),
        kind,
        lessons1: Fixed::units(l1),
        lessons2: Fixed::units(l2),
    }
}

fn course(subject: i64, grade: i64, classes: &[i64], t1: &[i64], t2: &[i64], l1: i64, l2: i64) -> CourseFact {
    CourseFact {
        subject: SubjectId(subject),
        grade: GradeId(grade),
        curriculum: CurriculumId(1),
        school_classes: classes.iter().map(|k| SchoolClassId(*k)).collect(),
        cancelled: false,
        comments: Some("c".into()),
        lessons1: Fixed::units(l1),
        lessons2: Fixed::units(l2),
        teachers1: t1.iter().map(|t| TeacherId(*t)).collect(),
        teachers2: t2.iter().map(|t| TeacherId(*t)).collect(),
        small_group1: true,
        small_group2: false,
    }
}

fn employment(teacher: i64) -> EmploymentFact {
    EmploymentFact {
        teacher: TeacherId(teacher),
        division: DivisionId(1),
        employment_min: None,
        employment_max: None,
        payment1: Some(Fixed::units(50)),
        payment2: None,
        temporary: false,
    }
}

/// Curriculum 1 (grades 11, 12, 13), division 1; opening 2027 from 2026.
/// Classes: 1 and 2 graduate 2028 (grade 12 this year, 11 last year), 3 graduates 2029 (grade 11, new).
/// Subjects: 1 class-based, 2 cross-class, 3 class-based archived.
fn facts() -> OpeningFacts {
    let class = |id: i64, grad: i64| ClassFact {
        id: SchoolClassId(id),
        code: format!("K{id}"),
        curriculum: CurriculumId(1),
        division: DivisionId(1),
        graduation_year: grad,
    };
    let subject =
        |code: &str, cross_class: bool, archived: bool| SubjectFact { code: code.into(), cross_class, archived };
    OpeningFacts {
        year: year(2, 2027),
        previous: year(1, 2026),
        classes: vec![class(1, 2028), class(2, 2028), class(3, 2029)],
        curricula: vec![CurriculumFact {
            id: CurriculumId(1),
            code: "C".into(),
            archived: false,
            grades: vec![(GradeId(11), "G1".into()), (GradeId(12), "G2".into()), (GradeId(13), "G3".into())],
        }],
        subjects: [
            (SubjectId(1), subject("D", false, false)),
            (SubjectId(2), subject("SF", true, false)),
            (SubjectId(3), subject("X", false, true)),
        ]
        .into_iter()
        .collect(),
        entries: vec![
            entry(1, Some(1), 11, LessonType::Start, 4, 4),
            entry(1, Some(1), 12, LessonType::Continuation, 3, 2),
            entry(3, Some(1), 11, LessonType::Start, 1, 1),
            entry(2, None, 11, LessonType::Start, 5, 5),
            entry(2, None, 12, LessonType::Continuation, 0, 6),
            entry(2, Some(1), 13, LessonType::Start, 9, 9),
        ],
        previous_courses: vec![
            course(1, 11, &[1, 2], &[7], &[7, 8], 4, 4),
            course(2, 11, &[], &[8], &[], 5, 0),
            course(2, 11, &[], &[], &[], 5, 5),
        ],
        courses: vec![],
        previous_employments: vec![employment(7), employment(8)],
        employed: BTreeSet::from([TeacherId(8)]),
        previous_pool: vec![
            PoolFact {
                teacher: TeacherId(7),
                kind: PoolTypeId(1),
                auto_copy: true,
                description: None,
                percent1: Fixed::units(2),
                percent2: Fixed(0),
            },
            PoolFact {
                teacher: TeacherId(8),
                kind: PoolTypeId(2),
                auto_copy: false,
                description: None,
                percent1: Fixed::units(1),
                percent2: Fixed(0),
            },
        ],
        has_pool_entries: false,
    }
}

#[test]
fn teachers_follow_the_semesters() {
    let (a, b) = ([TeacherId(1)], [TeacherId(2)]);
    assert_eq!(carried_teachers(Fixed(0), Fixed::units(2), &a, &b), vec![]);
    assert_eq!(carried_teachers(Fixed::units(1), Fixed::units(2), &a, &b), a.to_vec());
    assert_eq!(
        carried_teachers(Fixed::units(1), Fixed(0), &a, &b),
        b.to_vec(),
        "no lessons last year: the other semester's"
    );
    assert_eq!(
        carried_teachers(Fixed::units(1), Fixed::units(2), &[], &b),
        b.to_vec(),
        "nobody last year: the other semester's"
    );
}

#[test]
fn plans_every_lesson_type() {
    let f = facts();
    let p = plan(&f).unwrap();
    assert_eq!(p.employments, vec![employment(7)], "teacher 8 is employed already");
    assert_eq!(p.pool_entries.len(), 1);
    assert_eq!(p.pool_entries[0].teacher, TeacherId(7));
    // Shared course continued once, with both classes, grade 12, the entry's lessons, same comments and flags.
    let shared: Vec<&CourseFact> =
        p.courses.iter().filter(|c| c.subject == SubjectId(1) && c.grade == GradeId(12)).collect();
    assert_eq!(shared.len(), 1);
    let c = shared[0];
    assert_eq!(c.school_classes, vec![SchoolClassId(1), SchoolClassId(2)]);
    assert_eq!(
        (c.lessons1, c.lessons2, c.comments.as_deref(), c.small_group1),
        (Fixed::units(3), Fixed::units(2), Some("c"), true)
    );
    assert_eq!((c.teachers1.clone(), c.teachers2.clone()), (vec![TeacherId(7)], vec![TeacherId(7), TeacherId(8)]));
    // Start for the new class; nothing for the archived subject nor for the entry on the wrong side.
    let start: Vec<&CourseFact> = p.courses.iter().filter(|c| c.school_classes == [SchoolClassId(3)]).collect();
    assert_eq!(start.len(), 1);
    assert!(start[0].teachers1.is_empty() && start[0].comments.is_none() && start[0].lessons1 == Fixed::units(4));
    assert!(p.courses.iter().all(|c| c.subject != SubjectId(3) && c.grade != GradeId(13)));
    // Cross-class: two empty starts (as last year), one continuation per previous course at grade 11.
    let cross: Vec<&CourseFact> = p.courses.iter().filter(|c| c.school_classes.is_empty()).collect();
    assert_eq!(cross.iter().filter(|c| c.grade == GradeId(11)).count(), 2);
    let cont: Vec<&&CourseFact> = cross.iter().filter(|c| c.grade == GradeId(12)).collect();
    assert_eq!(cont.len(), 2);
    assert_eq!(
        cont[0].teachers2,
        vec![TeacherId(8)],
        "semester 2 has lessons, last year's had none: semester 1's teacher"
    );
    assert!(cont[0].teachers1.is_empty());
    assert_eq!(p.courses.len(), 6);
}

#[test]
fn a_second_plan_creates_nothing() {
    let mut f = facts();
    let p = plan(&f).unwrap();
    f.courses.extend(p.courses.iter().cloned());
    f.employed.extend(p.employments.iter().map(|e| e.teacher));
    f.has_pool_entries = !p.pool_entries.is_empty();
    assert!(plan(&f).unwrap().is_empty());
}

#[test]
fn cancelled_courses_are_not_continued_and_courses_keep_the_rules() {
    let mut f = facts();
    f.previous_courses[0].cancelled = true;
    let p = plan(&f).unwrap();
    assert!(p.courses.iter().all(|c| !(c.subject == SubjectId(1) && c.grade == GradeId(12))));
    // A teacher of a copied course without employment (none last year either): the course rule refuses.
    let mut f = facts();
    f.previous_employments.clear();
    f.employed.clear();
    assert_eq!(plan(&f).unwrap_err().code(), ErrorCode::TeacherNotEmployed);
}

fn gaps(f: &OpeningFacts) -> Vec<EntryGap> {
    entry_gaps(&f.year, &f.classes, &f.curricula, &f.subjects, &f.entries)
}

#[test]
fn an_entry_grade_without_classes_is_a_gap() {
    let f = facts();
    assert!(gaps(&f).is_empty(), "class K3 enters grade G1");
    // Without K3 no class has G1: opening creates no first-year course, and says so.
    let mut f = facts();
    f.classes.retain(|k| k.id != SchoolClassId(3));
    assert!(plan(&f).unwrap().courses.iter().all(|c| c.grade != GradeId(11) || c.school_classes.is_empty()));
    let found = gaps(&f);
    assert_eq!(
        found,
        vec![EntryGap { curriculum: CurriculumId(1), code: "C".into(), grade: "G1".into(), graduation_year: 2029 }]
    );
    assert!(found[0].detail(&f.year).contains("Curriculum C: no class has the entry grade G1 in school year 26/27"));
    // No gap where the lesson table starts nothing in the entry grade (the archived
    // subject's and the cross-class entries do not count), nor for an archived curriculum.
    let mut g = f.clone();
    g.entries.retain(|e| !(e.subject == SubjectId(1) && e.grade == GradeId(11)));
    assert!(gaps(&g).is_empty(), "{:?}", gaps(&g));
    let mut g = f.clone();
    g.curricula[0].archived = true;
    assert!(gaps(&g).is_empty());
    // A class of the curriculum in another grade does not close the gap.
    let mut g = f;
    g.classes.push(ClassFact {
        id: SchoolClassId(4),
        code: "K4".into(),
        curriculum: CurriculumId(1),
        division: DivisionId(1),
        graduation_year: 2027,
    });
    assert_eq!(gaps(&g).len(), 1);
}
