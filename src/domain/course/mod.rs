//! Course (Kurs), docs/contract.md §Courses: the model.
//!
//! - This file: [`Course`], the one output form (single = list = reference
//!   form), the forms a change leaves ([`Course::updated`], [`Course::merged`],
//!   [`Course::split`]), and the facts the store hands to the rules
//!   ([`ClassInYear`], [`TeacherFacts`], [`NewCourseFacts`]).
//! - [`body`]: the typed request bodies [`NewCourse`], [`CourseUpdate`] and
//!   [`CourseCommand`] and how they are read (`POST /course` has three shapes:
//!   create, `{"merge": [ids]}`, `{"split": id}`).
//! - [`rules`]: the course rules as pure functions: [`check_new_course`] with
//!   [`derive_class_based`] and [`check_cross_class`] (create),
//!   [`check_teachers`], [`check_merge_ids`], [`check_merge`] and
//!   [`check_split`].
//!
//! The store loads the facts and writes; [`crate::service::course`] composes
//! the two. Every rule has its own error code (`src/error.rs`, docs/api.md
//! §Courses); details name courses, classes, grades and school years by code,
//! in the reader's language (docs/i18n.md §Problems).

pub mod body;
pub mod rules;

#[cfg(test)]
mod fixtures;

use std::collections::HashMap;

use serde::Serialize;

pub use body::{CourseCommand, CourseUpdate, NewCourse, FROM_LESSON_TABLE};
pub use rules::{
    check_cross_class, check_merge, check_merge_ids, check_new_course, check_split, check_teachers, check_unlocked,
    derive_class_based, lessons_from_table, lock_reason,
};

use super::fixed::Fixed;
use super::ids::{CourseId, CurriculumId, GradeId, SchoolClassId, TeacherId};
use super::reference_forms::{CurriculumRef, LookupRef, SchoolClassRef, SchoolYearRef, SubjectRef, TeacherRef};
use crate::i18n::Message;

/// Largest number of lessons per week and semester (docs/contract.md §Validation: 0 ≤ x ≤ 99),
/// the same as in a lesson table entry.
pub const MAX_LESSONS: i64 = super::lessontable::MAX_LESSONS;

/// Course in its single form, which is also its list and reference form (docs/contract.md §Courses).
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Course {
    /// Database id.
    pub id: CourseId,
    /// Whether the course is cancelled.
    pub cancelled: bool,
    /// Free comment or null.
    pub comments: Option<String>,
    /// The subject's cross-class flag (read-only).
    pub cross_class: bool,
    /// Curriculum of the course.
    pub curriculum: CurriculumRef,
    /// Grade (Stufe) of the course.
    pub grade: LookupRef,
    /// Weekly lessons in semester 1.
    pub lessons1: Fixed,
    /// Weekly lessons in semester 2.
    pub lessons2: Fixed,
    /// Classes of the course, in course order (empty for cross-class courses).
    pub school_classes: Vec<SchoolClassRef>,
    /// School year of the course.
    pub school_year: SchoolYearRef,
    /// Subject of the course (list form).
    pub subject: SubjectRef,
    /// Teachers in semester 1, in given order.
    pub teachers1: Vec<TeacherRef>,
    /// Teachers in semester 2, in given order.
    pub teachers2: Vec<TeacherRef>,
    /// Whether semester 1 is taught in a small group (docs/workload.md §What counts).
    pub small_group1: bool,
    /// Whether semester 2 is taught in a small group.
    pub small_group2: bool,
    /// Read-only: the lessons of semester 1 when it has no teacher and the course is not cancelled, else 0.
    pub open1: Fixed,
    /// Read-only: the same for semester 2.
    pub open2: Fixed,
}

/// Open lessons of a semester (docs/workload.md §Setup): its lessons when nobody
/// teaches it and the course is not cancelled, else 0.
pub fn open_lessons(cancelled: bool, lessons: Fixed, teachers: usize) -> Fixed {
    if cancelled || teachers > 0 {
        Fixed(0)
    } else {
        lessons
    }
}

/// What the store knows of a teacher named in a course body: the reference
/// form, and whether the teacher has an employment in the course's school year.
#[derive(Debug, Clone)]
pub struct TeacherFacts {
    /// The teacher's reference form.
    pub teacher: TeacherRef,
    /// Whether the teacher is employed in the course's school year.
    pub employed: bool,
}

/// What the store found for the ids of a new course body
/// ([`crate::store::Conn::new_course_facts`]), for [`check_new_course`].
#[derive(Debug, Clone)]
pub struct NewCourseFacts {
    /// The school year, `None` when unknown.
    pub year: Option<SchoolYearRef>,
    /// The subject's code and cross-class flag, `None` when unknown.
    pub subject: Option<(String, bool)>,
    /// The given grade's code, `None` when not given or unknown.
    pub grade_code: Option<String>,
    /// The given curriculum's code, `None` when not given or unknown.
    pub curriculum_code: Option<String>,
    /// The given curriculum's grades, in order (empty when not given).
    pub curriculum_grades: Vec<GradeId>,
    /// The classes as seen from the school year, aligned with the body's
    /// classes (`None` for an unknown id; empty when the year is unknown).
    pub classes: Vec<Option<ClassInYear>>,
    /// The teachers of both semesters (unknown ids absent).
    pub teachers: HashMap<TeacherId, TeacherFacts>,
}

/// A class seen from one school year: its curriculum and its grade that year.
#[derive(Debug, Clone, PartialEq)]
pub struct ClassInYear {
    /// Database id.
    pub id: SchoolClassId,
    /// Designation, e.g. `G27a`.
    pub code: String,
    /// Curriculum of the class.
    pub curriculum: CurriculumId,
    /// Code of the curriculum, e.g. `GYM 17`.
    pub curriculum_code: String,
    /// The class's grade in the year (id, code); `None` when the class does not exist that year.
    pub grade: Option<(GradeId, String)>,
}

impl ClassInYear {
    /// Computes the class's grade from its curriculum's ordered grades (entry
    /// grade first) with [`super::class_grade::grade_index`]; years are
    /// graduation years (`graduation_year` the class's, `year_graduation_year`
    /// the school year's).
    pub fn new(
        id: SchoolClassId,
        code: String,
        graduation_year: i64,
        curriculum: CurriculumId,
        curriculum_code: String,
        curriculum_grades: &[(GradeId, String)],
        year_graduation_year: i64,
    ) -> ClassInYear {
        let grade = super::class_grade::grade_index(curriculum_grades.len(), graduation_year, year_graduation_year)
            .map(|i| curriculum_grades[i].clone());
        ClassInYear { id, code, curriculum, curriculum_code, grade }
    }
}

impl Course {
    /// The course as saved with `update` (docs/contract.md §Courses "Save"): cancelled,
    /// comments, lessons, small groups and teachers replaced (`teachers` are the
    /// reference forms of `update`'s teachers, from [`check_teachers`]), the
    /// open lessons derived again; everything else as before.
    pub fn updated(&self, update: &CourseUpdate, teachers: (Vec<TeacherRef>, Vec<TeacherRef>)) -> Course {
        Course {
            cancelled: update.cancelled,
            comments: update.comments.clone(),
            lessons1: update.lessons1,
            lessons2: update.lessons2,
            small_group1: update.small_group1,
            small_group2: update.small_group2,
            open1: open_lessons(update.cancelled, update.lessons1, teachers.0.len()),
            open2: open_lessons(update.cancelled, update.lessons2, teachers.1.len()),
            teachers1: teachers.0,
            teachers2: teachers.1,
            ..self.clone()
        }
    }

    /// The update that changes only whether this course is cancelled (the
    /// grid's "Absagen" and "Wiederaufnehmen" for a selection, docs/web.md
    /// §Editing the grid): every other writable field as it is.
    pub fn cancelled_as(&self, cancelled: bool) -> CourseUpdate {
        let ids = |refs: &[TeacherRef]| refs.iter().map(|t| t.id).collect::<Vec<_>>();
        CourseUpdate {
            cancelled,
            comments: self.comments.clone(),
            lessons1: self.lessons1,
            lessons2: self.lessons2,
            teachers1: ids(&self.teachers1),
            teachers2: ids(&self.teachers2),
            small_group1: self.small_group1,
            small_group2: self.small_group2,
        }
    }

    /// Whether saving `update` changes this course's teachers (either semester, or their order).
    pub fn teachers_change(&self, update: &CourseUpdate) -> bool {
        let ids = |refs: &[TeacherRef]| refs.iter().map(|t| t.id).collect::<Vec<_>>();
        ids(&self.teachers1) != update.teachers1 || ids(&self.teachers2) != update.teachers2
    }

    /// The merge of `courses` (checked by [`check_merge`], which returned
    /// `classes`): the first course with the classes `classes`, taken from the
    /// courses' own class references (docs/contract.md §Courses "Merge").
    pub fn merged(courses: &[Course], classes: &[SchoolClassId]) -> Course {
        let all: Vec<&SchoolClassRef> = courses.iter().flat_map(|c| &c.school_classes).collect();
        let school_classes =
            classes.iter().filter_map(|id| all.iter().find(|k| k.id == *id).map(|k| (*k).clone())).collect();
        Course { school_classes, ..courses[0].clone() }
    }

    /// The courses a split of this course (checked by [`check_split`]) leaves
    /// (docs/contract.md §Courses "Split"): this one with its first class, then
    /// one copy per further class with the id in `new_ids` (aligned with the
    /// classes after the first).
    pub fn split(&self, new_ids: &[CourseId]) -> Vec<Course> {
        self.school_classes
            .iter()
            .zip(std::iter::once(self.id).chain(new_ids.iter().copied()))
            .map(|(class, id)| Course { id, school_classes: vec![class.clone()], ..self.clone() })
            .collect()
    }

    /// The class codes joined by `, ` (`G27a, G27b`), or the grade code for a
    /// course without classes: what tells the course apart in a text.
    /// Who takes the course: its class codes joined by ", ", or the grade
    /// code of a cross-class course without classes.
    pub fn who(&self) -> String {
        if self.school_classes.is_empty() {
            self.grade.code.clone()
        } else {
            self.school_classes.iter().map(|c| c.code.as_str()).collect::<Vec<_>>().join(", ")
        }
    }

    /// "course 17 (D, G27a)": id, subject code and class codes (the grade code
    /// for a course without classes), in English, for logs.
    pub fn label(&self) -> String {
        format!("course {} ({}, {})", self.id, self.subject.code, self.who())
    }

    /// The course named inside a sentence, in the reader's language (catalogue
    /// key `course-named`: "course 17 (D, G27a)", "der Kurs 17 (D, G27a)"),
    /// as the subject of the sentence (nominative).
    pub fn named(&self) -> Message {
        self.named_by("course-named")
    }

    /// The course named at the start of a sentence (catalogue key
    /// `course-named-start`: "Course 17 (D, G27a)", "Der Kurs 17 (D, G27a)").
    pub fn named_first(&self) -> Message {
        self.named_by("course-named-start")
    }

    fn named_by(&self, key: &'static str) -> Message {
        Message::new(key).arg("id", self.id).arg("subject", &self.subject.code).arg("classes", self.who())
    }
}

#[cfg(test)]
mod tests {
    use super::fixtures::course;
    use super::*;
    use crate::i18n::Lang;
    use serde_json::json;

    #[test]
    fn class_in_year_uses_the_grade_rule() {
        let grades = [
            (GradeId(1), "GYM1".to_string()),
            (GradeId(2), "GYM2".into()),
            (GradeId(3), "GYM3".into()),
            (GradeId(4), "GYM4".into()),
        ];
        let c =
            ClassInYear::new(SchoolClassId(1), "G27a".into(), 2027, CurriculumId(1), "GYM 17".into(), &grades, 2027);
        assert_eq!(c.grade, Some((GradeId(4), "GYM4".into())));
        let c =
            ClassInYear::new(SchoolClassId(1), "G31a".into(), 2031, CurriculumId(1), "GYM 17".into(), &grades, 2027);
        assert_eq!(c.grade, None);
    }

    #[test]
    fn a_course_is_named_in_the_readers_language() {
        let c = course(17, "D", &[(1, "G27a"), (2, "G27b")]);
        assert_eq!(c.label(), "course 17 (D, G27a, G27b)");
        assert_eq!(c.named_first().render(Lang::En), "Course 17 (D, G27a, G27b)");
        assert_eq!(c.named().render(Lang::En), "course 17 (D, G27a, G27b)");
        assert_eq!(c.named_first().render(Lang::De), "Der Kurs 17 (D, G27a, G27b)");
        assert_eq!(c.named().render(Lang::De), "der Kurs 17 (D, G27a, G27b)");
        assert_eq!(c.named_first().render(Lang::Fr), "Le cours 17 (D, G27a, G27b)");
        assert_eq!(c.named().render(Lang::Fr), "le cours 17 (D, G27a, G27b)");
        let cross = course(18, "SF B", &[]);
        assert_eq!(cross.named().render(Lang::En), "course 18 (SF B, GYM4)", "the grade stands for the classes");
    }

    #[test]
    fn course_serialises_in_the_documented_shape() {
        let c = course(17, "D", &[(1, "G27a")]);
        let v = serde_json::to_value(&c).unwrap();
        let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(
            keys,
            [
                "id",
                "cancelled",
                "comments",
                "crossClass",
                "curriculum",
                "grade",
                "lessons1",
                "lessons2",
                "schoolClasses",
                "schoolYear",
                "subject",
                "teachers1",
                "teachers2",
                "smallGroup1",
                "smallGroup2",
                "open1",
                "open2"
            ]
        );
        assert_eq!(v["lessons1"], json!(2));
        assert_eq!(v["schoolClasses"][0]["division"]["code"], "GYM");
    }
}
