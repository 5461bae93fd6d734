//! The course rules as pure functions (docs/contract.md §Courses; codes and
//! order of the checks: docs/api.md §Courses): what a new course, its
//! teachers, a merge and a split must satisfy. Each takes what the store found
//! and answers `Ok` or the rule's problem, its texts from the catalogue
//! (`locales/*/errors.ftl` and `errors-course.ftl`, docs/i18n.md §Problems).

use std::collections::HashMap;

use super::{ClassInYear, Course, NewCourse, NewCourseFacts, TeacherFacts};
use crate::domain::fixed::Fixed;
use crate::domain::ids::{CourseId, CurriculumId, GradeId, SchoolClassId, SchoolYearId, SubjectId, TeacherId};
use crate::domain::lessontable::{self, LessonEntry};
use crate::domain::reference_forms::{SchoolYearRef, TeacherRef};
use crate::error::{Error, ErrorCode, FieldError, Result};
use crate::i18n::Message;

/// Checks the teachers of a course body against what the store found
/// (docs/contract.md §Courses "Teachers"): 422 `unknown_reference` for an id with no
/// teacher, 422 `teacher_not_employed` for a teacher without an employment in
/// `year`, every failing entry reported at `/teachersN/I`. Returns the
/// teachers' reference forms per semester, in the order given.
pub fn check_teachers(
    year: &SchoolYearRef,
    teachers1: &[TeacherId],
    teachers2: &[TeacherId],
    found: &HashMap<TeacherId, TeacherFacts>,
) -> Result<(Vec<TeacherRef>, Vec<TeacherRef>)> {
    let mut errors = Vec::new();
    let mut refs = (Vec::with_capacity(teachers1.len()), Vec::with_capacity(teachers2.len()));
    for (key, list) in [("teachers1", teachers1), ("teachers2", teachers2)] {
        for (i, id) in list.iter().enumerate() {
            let pointer = format!("/{key}/{i}");
            match found.get(id) {
                None => errors.push(FieldError::new(
                    pointer,
                    ErrorCode::UnknownReference,
                    Message::new("error-unknown-reference-id")
                        .arg_message("kind", Message::kind(TeacherId::KIND))
                        .arg("id", id.0),
                )),
                Some(TeacherFacts { teacher, employed: false }) => errors.push(FieldError::new(
                    pointer,
                    ErrorCode::TeacherNotEmployed,
                    Message::new("error-teacher-not-employed-course")
                        .arg("teacher", &teacher.code)
                        .arg("year", &year.code),
                )),
                Some(TeacherFacts { teacher, employed: true }) => {
                    if key == "teachers1" { &mut refs.0 } else { &mut refs.1 }.push(teacher.clone())
                }
            }
        }
    }
    if errors.is_empty() {
        Ok(refs)
    } else {
        Err(Error::fields(errors))
    }
}

/// Checks a new course against the rules of docs/contract.md §Courses ("Create",
/// "Teachers") and returns its grade and curriculum (derived from the classes,
/// or given for a cross-class subject). In order: 422 `unknown_reference` for
/// unknown school year, subject, grade or curriculum; 409
/// `school_year_locked` (unless `enforce_lock` is off: the dataset import
/// restores history); 422 `unknown_reference` for unknown classes; the class
/// or cross-class rules; the teacher rules.
pub fn check_new_course(
    new: &NewCourse,
    facts: &NewCourseFacts,
    enforce_lock: bool,
) -> Result<(GradeId, CurriculumId)> {
    let unknown = |pointer: String, kind: &str, id: i64| {
        FieldError::new(
            pointer,
            ErrorCode::UnknownReference,
            Message::new("error-unknown-reference-id").arg_message("kind", Message::kind(kind)).arg("id", id),
        )
    };
    let mut errors = Vec::new();
    if facts.year.is_none() {
        errors.push(unknown("/schoolYear".into(), SchoolYearId::KIND, new.school_year.0));
    }
    if facts.subject.is_none() {
        errors.push(unknown("/subject".into(), SubjectId::KIND, new.subject.0));
    }
    if let (Some(g), None) = (new.grade, &facts.grade_code) {
        errors.push(unknown("/grade".into(), GradeId::KIND, g.0));
    }
    if let (Some(cu), None) = (new.curriculum, &facts.curriculum_code) {
        errors.push(unknown("/curriculum".into(), CurriculumId::KIND, cu.0));
    }
    let (Some(year), Some((subject_code, cross_class))) = (&facts.year, &facts.subject) else {
        return Err(Error::fields(errors));
    };
    if enforce_lock {
        check_unlocked(year, "created")?;
    }
    for (i, (id, c)) in new.school_classes.iter().zip(&facts.classes).enumerate() {
        if c.is_none() {
            errors.push(unknown(format!("/schoolClasses/{i}"), SchoolClassId::KIND, id.0));
        }
    }
    if !errors.is_empty() {
        return Err(Error::fields(errors));
    }
    let derived = if *cross_class {
        check_cross_class(
            subject_code,
            new.school_classes.len(),
            new.grade.zip(facts.grade_code.as_deref()),
            new.curriculum
                .zip(facts.curriculum_code.as_deref())
                .map(|(id, code)| (id, code, facts.curriculum_grades.as_slice())),
        )?
    } else {
        let classes: Vec<ClassInYear> = facts.classes.iter().flatten().cloned().collect();
        derive_class_based(subject_code, year, &classes, new.grade, new.curriculum)?
    };
    check_teachers(year, &new.teachers1, &new.teachers2, &facts.teachers)?;
    Ok(derived)
}

/// Why a school year is locked (docs/contract.md §Locked school years), or `None` when it is open.
pub fn lock_reason(year: &SchoolYearRef) -> Option<&'static str> {
    if year.archived {
        Some("archived")
    } else if year.finalised {
        Some("finalised")
    } else {
        None
    }
}

/// 409 `school_year_locked` when `year` is archived or finalised; `action` is
/// what was refused ("created", "changed", "merged", …).
pub fn check_unlocked(year: &SchoolYearRef, action: &str) -> Result<()> {
    match lock_reason(year) {
        None => Ok(()),
        Some(why) => Err(Error::new(
            ErrorCode::SchoolYearLocked,
            Message::new("error-course-year-locked").arg("year", &year.code).arg("state", why).arg("action", action),
        )),
    }
}

/// The lessons of a new course after the `-1` of [`NewCourse::lessons_from_table`]
/// are resolved with the lesson table `entry` (docs/documents.md §Lesson table: the entry's
/// lessons, 0 when there is none); values that were given stay.
pub fn lessons_from_table(new: &NewCourse, entry: Option<&LessonEntry>) -> (Fixed, Fixed) {
    let (t1, t2) = lessontable::table_lessons(entry);
    (if new.lessons_from_table.0 { t1 } else { new.lessons1 }, if new.lessons_from_table.1 { t2 } else { new.lessons2 })
}

/// Grade and curriculum of a course of a class-based subject, derived from its
/// classes (in body order; pointers `/schoolClasses/N`), docs/contract.md
/// §Courses "Create". In order: 422 `required` without classes,
/// `class_not_in_school_year` for every class without a grade in `year`,
/// `class_grade_mismatch` and `class_curriculum_mismatch` for the first class
/// that differs from the first one; a given grade or curriculum must agree
/// with the derived one (422 `grade_mismatch` at `/grade`, `/curriculum`).
pub fn derive_class_based(
    subject_code: &str,
    year: &SchoolYearRef,
    classes: &[ClassInYear],
    given_grade: Option<GradeId>,
    given_curriculum: Option<CurriculumId>,
) -> Result<(GradeId, CurriculumId)> {
    let Some(first) = classes.first() else {
        return Err(Error::field(
            "/schoolClasses",
            ErrorCode::Required,
            Message::new("error-course-needs-class").arg("subject", subject_code),
        ));
    };
    let missing: Vec<FieldError> = classes
        .iter()
        .enumerate()
        .filter(|(_, c)| c.grade.is_none())
        .map(|(i, c)| {
            FieldError::new(
                format!("/schoolClasses/{i}"),
                ErrorCode::ClassNotInSchoolYear,
                Message::new("error-class-not-in-year").arg("class", &c.code).arg("year", &year.code),
            )
        })
        .collect();
    if !missing.is_empty() {
        return Err(Error::fields(missing));
    }
    let (grade, grade_code) = first.grade.clone().expect("every class has a grade");
    for (i, c) in classes.iter().enumerate().skip(1) {
        let (g, g_code) = c.grade.as_ref().expect("every class has a grade");
        if *g != grade {
            return Err(rule_error(
                ErrorCode::ClassGradeMismatch,
                Message::new("error-class-grade-mismatch-classes")
                    .arg("first", &first.code)
                    .arg("firstGrade", &grade_code)
                    .arg("other", &c.code)
                    .arg("otherGrade", g_code)
                    .arg("year", &year.code),
                format!("/schoolClasses/{i}"),
                Message::new("error-class-grade-differs-field"),
            ));
        }
        if c.curriculum != first.curriculum {
            return Err(rule_error(
                ErrorCode::ClassCurriculumMismatch,
                Message::new("error-class-curriculum-mismatch-classes")
                    .arg("first", &first.code)
                    .arg("firstCurriculum", &first.curriculum_code)
                    .arg("other", &c.code)
                    .arg("otherCurriculum", &c.curriculum_code),
                format!("/schoolClasses/{i}"),
                Message::new("error-class-curriculum-differs-field"),
            ));
        }
    }
    let mut errors = Vec::new();
    if given_grade.is_some_and(|g| g != grade) {
        errors.push(FieldError::new(
            "/grade",
            ErrorCode::GradeMismatch,
            Message::new("error-course-grade-differs").arg("grade", grade_code).arg("year", &year.code),
        ));
    }
    if given_curriculum.is_some_and(|c| c != first.curriculum) {
        errors.push(FieldError::new(
            "/curriculum",
            ErrorCode::GradeMismatch,
            Message::new("error-course-curriculum-differs").arg("curriculum", &first.curriculum_code),
        ));
    }
    if !errors.is_empty() {
        return Err(Error::fields(errors));
    }
    Ok((grade, first.curriculum))
}

/// Checks a course of a cross-class subject (docs/contract.md §Courses
/// "Create"): no classes (422 `cross_class_with_classes`), grade and
/// curriculum given (422 `required`), the grade one of the curriculum's
/// grades (422 `grade_not_in_curriculum`). `grade` carries the given grade's
/// id and code, `curriculum` the curriculum's id, code and grade ids when one
/// was given. Returns the grade and the curriculum.
pub fn check_cross_class(
    subject_code: &str,
    class_count: usize,
    grade: Option<(GradeId, &str)>,
    curriculum: Option<(CurriculumId, &str, &[GradeId])>,
) -> Result<(GradeId, CurriculumId)> {
    if class_count > 0 {
        return Err(rule_error(
            ErrorCode::CrossClassWithClasses,
            Message::new("error-cross-class-with-classes-named").arg("subject", subject_code),
            "/schoolClasses".to_string(),
            Message::new("error-cross-class-with-classes-field"),
        ));
    }
    let mut errors = Vec::new();
    if grade.is_none() {
        errors.push(FieldError::new(
            "/grade",
            ErrorCode::Required,
            Message::new("error-cross-class-grade-required").arg("subject", subject_code),
        ));
    }
    if curriculum.is_none() {
        errors.push(FieldError::new(
            "/curriculum",
            ErrorCode::Required,
            Message::new("error-cross-class-curriculum-required").arg("subject", subject_code),
        ));
    }
    let (Some((grade, grade_code)), Some((curriculum, curriculum_code, grades))) = (grade, curriculum) else {
        return Err(Error::fields(errors));
    };
    if !grades.contains(&grade) {
        return Err(rule_error(
            ErrorCode::GradeNotInCurriculum,
            Message::new("error-grade-not-in-curriculum-named")
                .arg("grade", grade_code)
                .arg("curriculum", curriculum_code),
            "/grade".to_string(),
            Message::new("error-grade-not-in-curriculum-field"),
        ));
    }
    Ok((grade, curriculum))
}

/// A 422 for a course rule with one field error at `pointer`, both of code `code`.
fn rule_error(code: ErrorCode, detail: Message, pointer: String, field_detail: Message) -> Error {
    Error::with_fields(code, detail, vec![FieldError::new(pointer, code, field_detail)])
}

/// Checks the id list of a merge before any course is loaded
/// (docs/contract.md §Courses "Merge"): no id twice (422 `merge_duplicate_id`
/// at `/merge/N` of the repeat), at least two ids (422 `merge_too_few` at `/merge`).
pub fn check_merge_ids(ids: &[CourseId]) -> Result<()> {
    for (i, id) in ids.iter().enumerate() {
        if ids[..i].contains(id) {
            return Err(rule_error(
                ErrorCode::MergeDuplicateId,
                Message::new("error-merge-listed-twice").arg("id", id.0),
                format!("/merge/{i}"),
                Message::new("error-merge-listed-before-field"),
            ));
        }
    }
    if ids.len() < 2 {
        return Err(rule_error(
            ErrorCode::MergeTooFew,
            Message::new("error-merge-too-few-given").arg("count", ids.len()),
            "/merge".to_string(),
            Message::new("error-merge-too-few-field"),
        ));
    }
    Ok(())
}

/// What a course is compared by in a merge: (id, code) of one of its references.
type KeyOf = fn(&Course) -> (i64, &str);

/// A property merged courses must share (docs/contract.md §Courses "Merge"):
/// the error code, the catalogue keys of the problem's detail and of the
/// field error, and the key it is compared by.
struct MergeRule {
    /// The code of a mismatch.
    code: ErrorCode,
    /// The detail's key; arguments `first` (the first course, at the
    /// sentence's start), `firstValue` (its code of the property), `other` and
    /// `otherValue` (the same of the course that differs).
    detail: &'static str,
    /// The field error's key (at `/merge/N`), without arguments.
    field: &'static str,
    /// What the courses are compared by.
    key: KeyOf,
}

/// The subject, checked over every course before the cross-class rule.
const MERGE_SUBJECT: MergeRule = MergeRule {
    code: ErrorCode::MergeSubjectMismatch,
    detail: "error-merge-subject-mismatch-courses",
    field: "error-merge-subject-differs-field",
    key: |c| (c.subject.id.0, c.subject.code.as_str()),
};

/// The other shared properties, checked course by course in this order.
const MERGE_SHARED: [MergeRule; 3] = [
    MergeRule {
        code: ErrorCode::MergeSchoolYearMismatch,
        detail: "error-merge-school-year-mismatch-courses",
        field: "error-merge-school-year-differs-field",
        key: |c| (c.school_year.id.0, c.school_year.code.as_str()),
    },
    MergeRule {
        code: ErrorCode::MergeGradeMismatch,
        detail: "error-merge-grade-mismatch-courses",
        field: "error-merge-grade-differs-field",
        key: |c| (c.grade.id, c.grade.code.as_str()),
    },
    MergeRule {
        code: ErrorCode::MergeCurriculumMismatch,
        detail: "error-merge-curriculum-mismatch-courses",
        field: "error-merge-curriculum-differs-field",
        key: |c| (c.curriculum.id.0, c.curriculum.code.as_str()),
    },
];

impl MergeRule {
    /// Whether `other` differs from `first` in this property.
    fn differs(&self, first: &Course, other: &Course) -> bool {
        (self.key)(first).0 != (self.key)(other).0
    }

    /// The 422 of this rule for course `i` of `courses`, which differs from
    /// the first: both courses named with their codes of the property.
    fn mismatch(&self, courses: &[Course], i: usize) -> Error {
        let (first, other) = (&courses[0], &courses[i]);
        rule_error(
            self.code,
            Message::new(self.detail)
                .arg_message("first", first.named_first())
                .arg("firstValue", (self.key)(first).1)
                .arg_message("other", other.named())
                .arg("otherValue", (self.key)(other).1),
            format!("/merge/{i}"),
            Message::new(self.field),
        )
    }
}

/// Checks a merge of `courses` (in request order, the first one keeps its
/// teachers, lessons and comments) and returns the classes of the merged
/// course: the first course's own, then the others' in list order, no repeats
/// (docs/contract.md §Courses "Merge").
///
/// 422 `merge_duplicate_id`, `merge_too_few` ([`check_merge_ids`]); 409
/// `school_year_locked`; 422 `merge_subject_mismatch`, `merge_cross_class`,
/// `merge_school_year_mismatch`, `merge_grade_mismatch`, `merge_curriculum_mismatch`
/// (pointer `/merge/N` of the first course that differs), in this order.
pub fn check_merge(courses: &[Course]) -> Result<Vec<SchoolClassId>> {
    let ids: Vec<CourseId> = courses.iter().map(|c| c.id).collect();
    check_merge_ids(&ids)?;
    for c in courses {
        check_unlocked(&c.school_year, "merged")?;
    }
    let first = &courses[0];
    // The subject first, over every course: a cross-class subject is only
    // reported once all courses share it.
    if let Some(i) = (1..courses.len()).find(|&i| MERGE_SUBJECT.differs(first, &courses[i])) {
        return Err(MERGE_SUBJECT.mismatch(courses, i));
    }
    if first.cross_class {
        return Err(rule_error(
            ErrorCode::MergeCrossClass,
            Message::new("error-merge-cross-class-named").arg("subject", &first.subject.code),
            "/merge/0".to_string(),
            Message::new("error-cross-class-course-field"),
        ));
    }
    // Then course by course, each in the table's order.
    for i in 1..courses.len() {
        if let Some(rule) = MERGE_SHARED.iter().find(|rule| rule.differs(first, &courses[i])) {
            return Err(rule.mismatch(courses, i));
        }
    }
    let mut classes: Vec<SchoolClassId> = Vec::new();
    for c in courses {
        for k in &c.school_classes {
            if !classes.contains(&k.id) {
                classes.push(k.id);
            }
        }
    }
    Ok(classes)
}

/// Checks a split of `course` (docs/contract.md §Courses "Split"): school
/// year open (409 `school_year_locked`), subject not cross-class (422
/// `split_cross_class`), more than one class (422 `split_single_class`);
/// pointer `/split`.
pub fn check_split(course: &Course) -> Result<()> {
    check_unlocked(&course.school_year, "split")?;
    if course.cross_class {
        return Err(rule_error(
            ErrorCode::SplitCrossClass,
            Message::new("error-split-cross-class-course")
                .arg_message("course", course.named_first())
                .arg("subject", &course.subject.code),
            "/split".to_string(),
            Message::new("error-cross-class-course-field"),
        ));
    }
    if course.school_classes.len() < 2 {
        return Err(rule_error(
            ErrorCode::SplitSingleClass,
            Message::new("error-split-single-class-course").arg_message("course", course.named_first()),
            "/split".to_string(),
            Message::new("error-split-single-class-field"),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{code_of, course, curriculum, in_year, keyed, lookup, year};
    use super::*;
    use crate::domain::lessontable::LessonType;
    use crate::i18n::Lang;

    #[test]
    fn class_based_derivation() {
        let y = year(1, "26/27");
        let ok = [in_year(1, "G27a", 1, Some(4)), in_year(2, "G27b", 1, Some(4))];
        assert_eq!(derive_class_based("D", &y, &ok, None, None).unwrap(), (GradeId(4), CurriculumId(1)));
        assert_eq!(
            derive_class_based("D", &y, &ok, Some(GradeId(4)), Some(CurriculumId(1))).unwrap(),
            (GradeId(4), CurriculumId(1))
        );
        let e = derive_class_based("D", &y, &ok, Some(GradeId(3)), Some(CurriculumId(2))).unwrap_err();
        assert_eq!(code_of(e), (422, ErrorCode::GradeMismatch, vec!["/grade".into(), "/curriculum".into()]));
        let e = derive_class_based("D", &y, &[], None, None).unwrap_err();
        assert_eq!(code_of(e), (422, ErrorCode::Required, vec!["/schoolClasses".into()]));
        let e = derive_class_based("D", &y, &[in_year(1, "G27a", 1, Some(4)), in_year(2, "G31a", 1, None)], None, None)
            .unwrap_err();
        assert_eq!(code_of(e), (422, ErrorCode::ClassNotInSchoolYear, vec!["/schoolClasses/1".into()]));
        let e =
            derive_class_based("D", &y, &[in_year(1, "G27a", 1, Some(4)), in_year(2, "G28a", 1, Some(3))], None, None)
                .unwrap_err();
        assert!(keyed(&e), "{e:?}");
        assert_eq!(e.field_messages(Lang::En)[0].2, "grade differs from the first class");
        assert_eq!(e.field_messages(Lang::De)[0].2, "andere Stufe als die erste Klasse");
        assert_eq!(code_of(e), (422, ErrorCode::ClassGradeMismatch, vec!["/schoolClasses/1".into()]));
        let e =
            derive_class_based("D", &y, &[in_year(1, "G27a", 1, Some(4)), in_year(2, "F27a", 2, Some(4))], None, None)
                .unwrap_err();
        assert!(keyed(&e), "{e:?}");
        assert_eq!(e.field_messages(Lang::En)[0].2, "curriculum differs from the first class");
        assert_eq!(e.field_messages(Lang::Fr)[0].2, "autre filière que la première classe");
        assert_eq!(code_of(e), (422, ErrorCode::ClassCurriculumMismatch, vec!["/schoolClasses/1".into()]));
    }

    #[test]
    fn cross_class_rules() {
        let grades = [GradeId(1), GradeId(2)];
        assert_eq!(
            check_cross_class("SF B", 0, Some((GradeId(2), "GYM2")), Some((CurriculumId(1), "GYM 17", &grades)))
                .unwrap(),
            (GradeId(2), CurriculumId(1))
        );
        let e = check_cross_class("SF B", 1, Some((GradeId(2), "GYM2")), Some((CurriculumId(1), "GYM 17", &grades)))
            .unwrap_err();
        assert_eq!(code_of(e).1, ErrorCode::CrossClassWithClasses);
        let e = check_cross_class("SF B", 0, None, None).unwrap_err();
        assert_eq!(code_of(e), (422, ErrorCode::Required, vec!["/grade".into(), "/curriculum".into()]));
        let e = check_cross_class("SF B", 0, Some((GradeId(7), "FMS1")), Some((CurriculumId(1), "GYM 17", &grades)))
            .unwrap_err();
        assert_eq!(code_of(e), (422, ErrorCode::GradeNotInCurriculum, vec!["/grade".into()]));
    }

    #[test]
    fn merge_ids() {
        let ids = |v: &[i64]| v.iter().map(|i| CourseId(*i)).collect::<Vec<_>>();
        assert!(check_merge_ids(&ids(&[1, 2, 3])).is_ok());
        assert_eq!(code_of(check_merge_ids(&ids(&[1])).unwrap_err()).1, ErrorCode::MergeTooFew);
        assert_eq!(code_of(check_merge_ids(&ids(&[])).unwrap_err()).1, ErrorCode::MergeTooFew);
        assert_eq!(
            code_of(check_merge_ids(&ids(&[1, 2, 1])).unwrap_err()),
            (422, ErrorCode::MergeDuplicateId, vec!["/merge/2".into()])
        );
        assert_eq!(code_of(check_merge_ids(&ids(&[1, 1])).unwrap_err()).1, ErrorCode::MergeDuplicateId);
        let twice = check_merge_ids(&ids(&[1, 1])).unwrap_err();
        assert!(keyed(&twice), "{twice:?}");
        assert_eq!(twice.field_messages(Lang::En)[0].2, "listed before");
        assert_eq!(twice.field_messages(Lang::De)[0].2, "bereits aufgeführt");
        let few = check_merge_ids(&ids(&[1])).unwrap_err();
        assert!(keyed(&few), "{few:?}");
        assert_eq!(few.field_messages(Lang::En)[0].2, "list at least two course ids");
        assert_eq!(few.field_messages(Lang::Fr)[0].2, "indiquez au moins deux ID de cours");
    }

    #[test]
    fn merge_unites_classes_in_order() {
        let a = course(17, "D", &[(1, "G27a"), (2, "G27b")]);
        let b = course(18, "D", &[(3, "G27c"), (2, "G27b")]);
        let c = course(19, "D", &[(4, "G27d")]);
        let ids: Vec<i64> = check_merge(&[a, b, c]).unwrap().into_iter().map(|c| c.0).collect();
        assert_eq!(ids, [1, 2, 3, 4]);
    }

    #[test]
    fn merge_rules_each_have_their_code() {
        let a = course(17, "D", &[(1, "G27a")]);
        let mut b = course(18, "F", &[(2, "G27b")]);
        let Err(Error::Problem { code, detail, errors, .. }) = check_merge(&[a.clone(), b.clone()]) else { panic!() };
        assert_eq!(code, ErrorCode::MergeSubjectMismatch);
        assert_eq!(detail, "Course 17 (D, G27a) has subject D, course 18 (F, G27b) has subject F: merged courses must share one subject.");
        assert_eq!(errors[0].pointer, "/merge/1");
        assert_eq!(errors[0].detail, "subject differs from the first course");

        b = course(18, "D", &[(2, "G27b")]);
        let mut x = b.clone();
        x.school_year = year(2, "25/26");
        assert_eq!(code_of(check_merge(&[a.clone(), x]).unwrap_err()).1, ErrorCode::MergeSchoolYearMismatch);
        let mut x = b.clone();
        x.grade = lookup(3, "GYM3");
        assert_eq!(code_of(check_merge(&[a.clone(), x]).unwrap_err()).1, ErrorCode::MergeGradeMismatch);
        let mut x = b.clone();
        x.curriculum = curriculum(2, "FMS 18");
        assert_eq!(code_of(check_merge(&[a.clone(), x]).unwrap_err()).1, ErrorCode::MergeCurriculumMismatch);
        let (mut p, mut q) = (a.clone(), b.clone());
        p.cross_class = true;
        q.cross_class = true;
        assert_eq!(code_of(check_merge(&[p, q]).unwrap_err()).1, ErrorCode::MergeCrossClass);
        let mut x = b.clone();
        x.school_year.finalised = true;
        assert_eq!(code_of(check_merge(&[a.clone(), x]).unwrap_err()), (409, ErrorCode::SchoolYearLocked, vec![]));
        assert_eq!(code_of(check_merge(&[a.clone(), a.clone()]).unwrap_err()).1, ErrorCode::MergeDuplicateId);
    }

    /// The mismatch sentence of each shared property, in every language: both
    /// courses named, each with its own value, and the field error's own text.
    #[test]
    fn merge_mismatches_speak_the_readers_language() {
        let a = course(17, "D", &[(1, "G27a")]);
        let b = course(18, "D", &[(2, "G27b")]);
        let mut subject = course(18, "F", &[(2, "G27b")]);
        subject.school_year = year(2, "25/26");
        let mut school_year = b.clone();
        school_year.school_year = year(2, "25/26");
        let mut grade = b.clone();
        grade.grade = lookup(3, "GYM3");
        let mut curr = b.clone();
        curr.curriculum = curriculum(2, "FMS 18");
        let cases = [
            (
                subject,
                [
                    "Course 17 (D, G27a) has subject D, course 18 (F, G27b) has subject F: merged courses must share one subject.",
                    "Der Kurs 17 (D, G27a) hat das Fach D, der Kurs 18 (F, G27b) das Fach F: Zusammengelegte Kurse müssen dasselbe Fach haben.",
                    "Le cours 17 (D, G27a) relève de la discipline D, le cours 18 (F, G27b) de la discipline F : les cours regroupés doivent relever de la même discipline.",
                ],
                ["subject differs from the first course", "anderes Fach als der erste Kurs", "autre discipline que le premier cours"],
            ),
            (
                school_year,
                [
                    "Course 17 (D, G27a) has school year 26/27, course 18 (D, G27b) has school year 25/26: merged courses must share one school year.",
                    "Der Kurs 17 (D, G27a) gehört zum Schuljahr 26/27, der Kurs 18 (D, G27b) zum Schuljahr 25/26: Zusammengelegte Kurse müssen zum selben Schuljahr gehören.",
                    "Le cours 17 (D, G27a) appartient à l'année scolaire 26/27, le cours 18 (D, G27b) à l'année scolaire 25/26 : les cours regroupés doivent appartenir à la même année scolaire.",
                ],
                [
                    "school year differs from the first course",
                    "anderes Schuljahr als der erste Kurs",
                    "autre année scolaire que le premier cours",
                ],
            ),
            (
                grade,
                [
                    "Course 17 (D, G27a) has grade GYM4, course 18 (D, G27b) has grade GYM3: merged courses must share one grade.",
                    "Der Kurs 17 (D, G27a) ist auf der Stufe GYM4, der Kurs 18 (D, G27b) auf der Stufe GYM3: Zusammengelegte Kurse müssen dieselbe Stufe haben.",
                    "Le cours 17 (D, G27a) est au degré GYM4, le cours 18 (D, G27b) au degré GYM3 : les cours regroupés doivent partager le même degré.",
                ],
                ["grade differs from the first course", "andere Stufe als der erste Kurs", "autre degré que le premier cours"],
            ),
            (
                curr,
                [
                    "Course 17 (D, G27a) has curriculum GYM 17, course 18 (D, G27b) has curriculum FMS 18: merged courses must share one curriculum.",
                    "Der Kurs 17 (D, G27a) folgt dem Lehrgang GYM 17, der Kurs 18 (D, G27b) dem Lehrgang FMS 18: Zusammengelegte Kurse müssen demselben Lehrgang folgen.",
                    "Le cours 17 (D, G27a) suit la filière GYM 17, le cours 18 (D, G27b) la filière FMS 18 : les cours regroupés doivent suivre la même filière.",
                ],
                [
                    "curriculum differs from the first course",
                    "anderer Lehrgang als der erste Kurs",
                    "autre filière que le premier cours",
                ],
            ),
        ];
        for (other, details, fields) in cases {
            let e = check_merge(&[a.clone(), other]).unwrap_err();
            assert!(keyed(&e), "{e:?}");
            for (lang, (detail, field)) in
                [Lang::En, Lang::De, Lang::Fr].into_iter().zip(details.into_iter().zip(fields))
            {
                assert_eq!(e.message(lang), detail, "{lang:?}");
                assert_eq!(e.field_messages(lang), [("/merge/1".to_string(), code_of_ref(&e), field.to_string())]);
            }
        }
    }

    fn code_of_ref(e: &Error) -> ErrorCode {
        match e {
            Error::Problem { code, .. } => *code,
            Error::Internal(_) => panic!("internal"),
        }
    }

    #[test]
    fn split_rules() {
        let mut c = course(17, "D", &[(1, "G27a"), (2, "G27b")]);
        assert!(check_split(&c).is_ok());
        c.school_year.archived = true;
        assert_eq!(code_of(check_split(&c).unwrap_err()).1, ErrorCode::SchoolYearLocked);
        c.school_year.archived = false;
        c.cross_class = true;
        let cross = check_split(&c).unwrap_err();
        assert!(keyed(&cross), "{cross:?}");
        assert!(
            cross.message(Lang::De).starts_with("Der Kurs 17 (D, G27a, G27b) gehört"),
            "{}",
            cross.message(Lang::De)
        );
        assert_eq!(code_of(cross).1, ErrorCode::SplitCrossClass);
        let single = course(18, "D", &[(1, "G27a")]);
        let Err(Error::Problem { code, detail, .. }) = check_split(&single) else { panic!() };
        assert_eq!(code, ErrorCode::SplitSingleClass);
        assert!(detail.starts_with("Course 18 (D, G27a) has only one class"), "{detail}");
        // The rule's own sentence in every language, not only its code's general one.
        let err = check_split(&single).unwrap_err();
        assert!(keyed(&err), "{err:?}");
        let de = err.message(Lang::De);
        assert!(de.starts_with("Der Kurs 18 (D, G27a) hat nur eine Klasse"), "{de}");
        let fr = err.message(Lang::Fr);
        assert!(fr.starts_with("Le cours 18 (D, G27a) n'a qu'une classe"), "{fr}");
        assert_eq!(err.field_messages(Lang::En)[0].2, "course has a single class");
        assert_eq!(err.field_messages(Lang::De)[0].2, "Kurs mit nur einer Klasse");
        let merge = check_merge_ids(&[CourseId(4), CourseId(4)]).unwrap_err().message(Lang::De);
        assert!(merge.contains("Der Kurs 4 ist zweimal aufgeführt"), "{merge}");
    }

    #[test]
    fn minus_one_resolves_with_the_lesson_table() {
        let mut n = NewCourse {
            school_year: SchoolYearId(1),
            subject: SubjectId(2),
            grade: None,
            curriculum: None,
            school_classes: vec![],
            cancelled: false,
            comments: None,
            lessons1: Fixed(0),
            lessons2: Fixed::units(2),
            teachers1: vec![],
            teachers2: vec![],
            small_group1: false,
            small_group2: false,
            lessons_from_table: (true, false),
        };
        let entry = LessonEntry {
            curriculum: CurriculumId(1),
            division: None,
            subject: SubjectId(2),
            grade: GradeId(3),
            kind: LessonType::Start,
            lessons1: Fixed::units(4),
            lessons2: Fixed(35_000),
        };
        assert_eq!(lessons_from_table(&n, Some(&entry)), (Fixed::units(4), Fixed::units(2)));
        assert_eq!(lessons_from_table(&n, None), (Fixed(0), Fixed::units(2)));
        n.lessons_from_table = (true, true);
        assert_eq!(lessons_from_table(&n, Some(&entry)), (Fixed::units(4), Fixed(35_000)));
        n.lessons_from_table = (false, false);
        assert_eq!(lessons_from_table(&n, Some(&entry)), (Fixed(0), Fixed::units(2)));
    }
}
