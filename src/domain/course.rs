//! Course (Kurs), docs/contract.md §Courses.
//!
//! - [`Course`]: the one output form (single = list = reference form).
//! - [`NewCourse`], [`CourseUpdate`], [`CourseCommand`]: parsed request bodies
//!   (`POST /course` has three shapes: create, `{"merge": [ids]}`, `{"split": id}`).
//! - The course rules as pure functions: [`check_new_course`] with
//!   [`derive_class_based`] and [`check_cross_class`] (create),
//!   [`check_teachers`], [`check_merge_ids`], [`check_merge`] and
//!   [`check_split`], and the forms a change leaves ([`Course::updated`],
//!   [`Course::merged`], [`Course::split`]). The store loads the facts and
//!   writes; [`crate::service::course`] composes the two.
//!
//! Every rule has its own error code (`src/error.rs`); details name courses,
//! classes, grades and school years by code.

use std::collections::HashMap;

use serde::Serialize;
use serde_json::Value;

use super::body_reader::{limits, Mode, Reader};
use super::fixed::Fixed;
use super::ids::{CourseId, CurriculumId, GradeId, SchoolClassId, SchoolYearId, SubjectId, TeacherId};
use super::reference_forms::{CurriculumRef, LookupRef, SchoolClassRef, SchoolYearRef, SubjectRef, TeacherRef};
use super::FromBody;
use crate::error::{Error, ErrorCode, FieldError, Result};
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

/// What the store found for the ids of a new course body
/// ([`crate::store::Conn::new_course_facts`]).
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

    /// The courses a split of this course (checked by [`check_split`]) leaves:
    /// this one with its first class, then one copy per further class with
    /// the id in `new_ids` (aligned with the classes after the first).
    pub fn split(&self, new_ids: &[CourseId]) -> Vec<Course> {
        self.school_classes
            .iter()
            .zip(std::iter::once(self.id).chain(new_ids.iter().copied()))
            .map(|(class, id)| Course { id, school_classes: vec![class.clone()], ..self.clone() })
            .collect()
    }

    /// "Course 17 (D, G27a)": id, subject code and class codes (the grade code
    /// for a course without classes), for error details.
    pub fn label(&self) -> String {
        let who = if self.school_classes.is_empty() {
            self.grade.code.clone()
        } else {
            self.school_classes.iter().map(|c| c.code.as_str()).collect::<Vec<_>>().join(", ")
        };
        format!("course {} ({}, {})", self.id, self.subject.code, who)
    }
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

/// A valid `POST /course` body (docs/contract.md §Courses, "Create").
#[derive(Debug, Clone, PartialEq)]
pub struct NewCourse {
    /// School year (required).
    pub school_year: SchoolYearId,
    /// Subject (required).
    pub subject: SubjectId,
    /// Grade: required for cross-class subjects; derived from the classes otherwise.
    pub grade: Option<GradeId>,
    /// Curriculum: required for cross-class subjects; derived from the classes otherwise.
    pub curriculum: Option<CurriculumId>,
    /// Classes in course order (no repeats).
    pub school_classes: Vec<SchoolClassId>,
    /// Whether cancelled (default false).
    pub cancelled: bool,
    /// Free comment.
    pub comments: Option<String>,
    /// Lessons in semester 1 (default 0).
    pub lessons1: Fixed,
    /// Lessons in semester 2 (default 0).
    pub lessons2: Fixed,
    /// Teachers in semester 1 (no repeats).
    pub teachers1: Vec<TeacherId>,
    /// Teachers in semester 2 (no repeats).
    pub teachers2: Vec<TeacherId>,
    /// Small group in semester 1.
    pub small_group1: bool,
    /// Small group in semester 2.
    pub small_group2: bool,
    /// Whether `lessons1`, `lessons2` were sent as `-1`: "take them from the
    /// lesson table" (docs/documents.md §Lesson table); the store fills them in ([`lessons_from_table`]).
    pub lessons_from_table: (bool, bool),
}

/// The value of `lessons1`/`lessons2` in a `POST /course` body that means
/// "take the lessons from the lesson table" (docs/documents.md §Lesson table, docs/client.md §Disagreements).
pub const FROM_LESSON_TABLE: i64 = -1;

/// Whether `v` is the `-1` of [`FROM_LESSON_TABLE`] (as a number or numeric string).
fn is_from_table(v: Option<&Value>) -> bool {
    match v {
        Some(Value::Number(n)) => n.as_f64() == Some(FROM_LESSON_TABLE as f64),
        Some(Value::String(s)) => s.trim().parse::<f64>().ok() == Some(FROM_LESSON_TABLE as f64),
        _ => false,
    }
}

/// The lessons of a new course after the `-1` of [`NewCourse::lessons_from_table`]
/// are resolved with the lesson table `entry` (docs/documents.md §Lesson table: the entry's
/// lessons, 0 when there is none); values that were given stay.
pub fn lessons_from_table(new: &NewCourse, entry: Option<&super::lessontable::LessonEntry>) -> (Fixed, Fixed) {
    let (t1, t2) = super::lessontable::table_lessons(entry);
    (if new.lessons_from_table.0 { t1 } else { new.lessons1 }, if new.lessons_from_table.1 { t2 } else { new.lessons2 })
}

/// The writable fields of a course (`PUT /course/ID`): everything else in the body is ignored.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CourseUpdate {
    /// Whether cancelled.
    pub cancelled: bool,
    /// Free comment (`null` clears it).
    pub comments: Option<String>,
    /// Lessons in semester 1.
    pub lessons1: Fixed,
    /// Lessons in semester 2.
    pub lessons2: Fixed,
    /// Teachers in semester 1 (no repeats).
    pub teachers1: Vec<TeacherId>,
    /// Teachers in semester 2 (no repeats).
    pub teachers2: Vec<TeacherId>,
    /// Small group in semester 1.
    pub small_group1: bool,
    /// Small group in semester 2.
    pub small_group2: bool,
}

/// A course's references are checked with its teachers' employment
/// ([`check_teachers`], [`check_new_course`]), not by the generic check.
impl super::references::References for CourseUpdate {}

/// Reads the fields shared by create and update (`null` lessons count as 0).
fn read_writable(r: &mut Reader<'_>) -> CourseUpdate {
    let cancelled = r.boolean("cancelled");
    let comments = r.multi_line_text("comments", false, limits::COMMENT);
    let lessons1 = r.fixed("lessons1", 0, MAX_LESSONS).unwrap_or_default();
    let lessons2 = r.fixed("lessons2", 0, MAX_LESSONS).unwrap_or_default();
    let teachers1 = r.references("teachers1").into_iter().map(TeacherId).collect();
    let teachers2 = r.references("teachers2").into_iter().map(TeacherId).collect();
    let small_group1 = r.boolean("smallGroup1");
    let small_group2 = r.boolean("smallGroup2");
    CourseUpdate { cancelled, comments, lessons1, lessons2, teachers1, teachers2, small_group1, small_group2 }
}

impl FromBody for CourseUpdate {
    fn from_body(body: &Value, mode: Mode) -> Result<Self> {
        let mut r = Reader::new(body, mode)?;
        let update = read_writable(&mut r);
        r.finish()?;
        Ok(update)
    }
}

impl FromBody for NewCourse {
    /// Also reads `lessons1`/`lessons2` = `-1` ("from the lesson table",
    /// docs/documents.md §Lesson table); any other negative value is 422 `out_of_range`.
    fn from_body(body: &Value, mode: Mode) -> Result<Self> {
        let from_table = (is_from_table(body.get("lessons1")), is_from_table(body.get("lessons2")));
        let mut patched;
        let body = if from_table.0 || from_table.1 {
            patched = body.clone();
            for (key, on) in [("lessons1", from_table.0), ("lessons2", from_table.1)] {
                if on {
                    patched[key] = Value::from(0);
                }
            }
            &patched
        } else {
            body
        };
        let mut r = Reader::new(body, mode)?;
        let school_year = r.reference("schoolYear", true);
        let subject = r.reference("subject", true);
        let grade = r.reference("grade", false).map(GradeId);
        let curriculum = r.reference("curriculum", false).map(CurriculumId);
        let school_classes = r.references("schoolClasses").into_iter().map(SchoolClassId).collect();
        let w = read_writable(&mut r);
        r.finish()?;
        Ok(NewCourse {
            school_year: SchoolYearId(super::body_reader::checked(school_year)),
            subject: SubjectId(super::body_reader::checked(subject)),
            grade,
            curriculum,
            school_classes,
            cancelled: w.cancelled,
            comments: w.comments,
            lessons1: w.lessons1,
            lessons2: w.lessons2,
            teachers1: w.teachers1,
            teachers2: w.teachers2,
            small_group1: w.small_group1,
            small_group2: w.small_group2,
            lessons_from_table: from_table,
        })
    }
}

/// The three shapes of a `POST /course` body (docs/contract.md §Courses).
#[derive(Debug, Clone, PartialEq)]
pub enum CourseCommand {
    /// A course object: create it.
    Create(NewCourse),
    /// `{"merge": [ids]}`: merge into the first course (ids as given, checked by [`check_merge_ids`]).
    Merge(Vec<CourseId>),
    /// `{"split": id}`: split the course into one course per class.
    Split(CourseId),
}

/// The keys of the course form: a merge or split body must carry none of them.
const COURSE_FIELDS: &[&str] = &[
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
];

/// Reads a course id given as `N`, `"N"` or `{"id": N}`.
fn course_id_of(v: &Value) -> Option<i64> {
    match v {
        Value::Object(o) => super::body_reader::id_of(o.get("id")?),
        other => super::body_reader::id_of(other),
    }
}

fn command_error(detail: impl Into<Message>) -> Error {
    Error::new(ErrorCode::InvalidCourseCommand, detail)
}

impl CourseCommand {
    /// Tells the three body shapes apart. A body with both `merge` and `split`,
    /// or with `merge`/`split` and course fields, is 422 `invalid_course_command`;
    /// an unreadable id list or id is 400 `invalid_type`.
    pub fn from_body(body: &Value) -> Result<CourseCommand> {
        let Value::Object(obj) = body else {
            return Err(Error::new(ErrorCode::BodyNotObject, "The request body must be a JSON object."));
        };
        let merge = obj.get("merge");
        let split = obj.get("split");
        if merge.is_none() && split.is_none() {
            return NewCourse::from_body(body, Mode::Create).map(CourseCommand::Create);
        }
        if merge.is_some() && split.is_some() {
            return Err(command_error("The body holds both `merge` and `split`: send one command per request."));
        }
        let extra: Vec<&str> = COURSE_FIELDS.iter().copied().filter(|k| obj.contains_key(*k)).collect();
        if !extra.is_empty() {
            let which = if merge.is_some() { "merge" } else { "split" };
            return Err(command_error(format!(
                "A `{which}` body must not carry course fields (found {}): send the command alone.",
                extra.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", ")
            )));
        }
        if let Some(merge) = merge {
            let Value::Array(items) = merge else {
                return Err(Error::field("/merge", ErrorCode::InvalidType, "`merge` must be a list of course ids."));
            };
            let mut ids = Vec::with_capacity(items.len());
            let mut errors = Vec::new();
            for (i, item) in items.iter().enumerate() {
                match course_id_of(item) {
                    Some(id) => ids.push(CourseId(id)),
                    None => errors.push(FieldError::new(
                        format!("/merge/{i}"),
                        ErrorCode::InvalidType,
                        format!("`/merge/{i}` must be a course id."),
                    )),
                }
            }
            if !errors.is_empty() {
                return Err(Error::fields(errors));
            }
            return Ok(CourseCommand::Merge(ids));
        }
        let split = split.expect("merge or split is present");
        match course_id_of(split) {
            Some(id) => Ok(CourseCommand::Split(CourseId(id))),
            None => Err(Error::field("/split", ErrorCode::InvalidType, "`split` must be one course id.")),
        }
    }
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
    /// grade first) with [`super::class_grade::grade_index`].
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

/// Grade and curriculum of a course of a class-based subject, derived from its
/// classes (in body order; pointers `/schoolClasses/N`). A given grade or
/// curriculum must agree with the derived one (422 `grade_mismatch`).
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
                "grade differs from the first class",
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
                "curriculum differs from the first class",
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

/// Checks a course of a cross-class subject: no classes, grade and curriculum
/// given, the grade one of the curriculum's grades. `curriculum` carries the
/// curriculum's code and grade ids when one was given.
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

/// A 422 for a course rule with one field error at `pointer`.
fn rule_error(code: ErrorCode, detail: impl Into<Message>, pointer: String, field_detail: impl Into<Message>) -> Error {
    Error::with_fields(code, detail, vec![FieldError::new(pointer, code, field_detail)])
}

/// Checks the id list of a merge before any course is loaded: no id twice
/// (422 `merge_duplicate_id`), at least two ids (422 `merge_too_few`).
pub fn check_merge_ids(ids: &[CourseId]) -> Result<()> {
    for (i, id) in ids.iter().enumerate() {
        if ids[..i].contains(id) {
            return Err(rule_error(
                ErrorCode::MergeDuplicateId,
                Message::new("error-merge-listed-twice").arg("id", id.0),
                format!("/merge/{i}"),
                "listed before",
            ));
        }
    }
    if ids.len() < 2 {
        return Err(rule_error(
            ErrorCode::MergeTooFew,
            Message::new("error-merge-too-few-given").arg("count", ids.len()),
            "/merge".to_string(),
            "list at least two course ids",
        ));
    }
    Ok(())
}

/// What a course is compared by in a merge: (id, code) of one of its references.
type KeyOf = fn(&Course) -> (i64, &str);

/// A property merged courses must share: the error code, the property's name,
/// the rule, and the key it is compared by (docs/api.md §Courses, merge).
type MergeRule = (ErrorCode, &'static str, &'static str, KeyOf);

/// The subject, checked over every course before the cross-class rule.
const MERGE_SUBJECT: MergeRule =
    (ErrorCode::MergeSubjectMismatch, "subject", "merged courses must share one subject", |c| {
        (c.subject.id.0, c.subject.code.as_str())
    });

/// The other shared properties, checked course by course in this order.
const MERGE_SHARED: [MergeRule; 3] = [
    (ErrorCode::MergeSchoolYearMismatch, "school year", "merged courses must share one school year", |c| {
        (c.school_year.id.0, c.school_year.code.as_str())
    }),
    (ErrorCode::MergeGradeMismatch, "grade", "merged courses must share one grade", |c| {
        (c.grade.id, c.grade.code.as_str())
    }),
    (ErrorCode::MergeCurriculumMismatch, "curriculum", "merged courses must share one curriculum", |c| {
        (c.curriculum.id.0, c.curriculum.code.as_str())
    }),
];

/// Checks a merge of `courses` (in request order, the first one keeps its
/// teachers, lessons and comments) and returns the classes of the merged
/// course: the first course's own, then the others' in list order, no repeats.
///
/// 409 `school_year_locked`; 422 `merge_subject_mismatch`, `merge_cross_class`,
/// `merge_school_year_mismatch`, `merge_grade_mismatch`, `merge_curriculum_mismatch`
/// (pointer `/merge/N` of the first course that differs).
pub fn check_merge(courses: &[Course]) -> Result<Vec<SchoolClassId>> {
    let ids: Vec<CourseId> = courses.iter().map(|c| c.id).collect();
    check_merge_ids(&ids)?;
    for c in courses {
        check_unlocked(&c.school_year, "merged")?;
    }
    let first = &courses[0];
    let mismatch = |code: ErrorCode, i: usize, what: &str, rule: &str, key: KeyOf| {
        let (other, a, b) = (&courses[i], key(first).1, key(&courses[i]).1);
        rule_error(
            code,
            format!("{} has {what} {a}, {} has {what} {b}: {rule}.", capitalise(&first.label()), other.label()),
            format!("/merge/{i}"),
            &format!("{what} differs from the first course"),
        )
    };
    // The subject first, over every course: a cross-class subject is only
    // reported once all courses share it.
    let (code, what, rule, key) = MERGE_SUBJECT;
    if let Some(i) = (1..courses.len()).find(|&i| key(&courses[i]).0 != key(first).0) {
        return Err(mismatch(code, i, what, rule, key));
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
        if let Some(&(code, what, rule, key)) = MERGE_SHARED.iter().find(|(.., key)| key(&courses[i]).0 != key(first).0)
        {
            return Err(mismatch(code, i, what, rule, key));
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

/// Checks a split of `course`: school year open (409), subject not cross-class
/// (422 `split_cross_class`), more than one class (422 `split_single_class`).
pub fn check_split(course: &Course) -> Result<()> {
    check_unlocked(&course.school_year, "split")?;
    if course.cross_class {
        return Err(rule_error(
            ErrorCode::SplitCrossClass,
            Message::new("error-split-cross-class-course")
                .arg("course", capitalise(&course.label()))
                .arg("subject", &course.subject.code),
            "/split".to_string(),
            Message::new("error-cross-class-course-field"),
        ));
    }
    if course.school_classes.len() < 2 {
        return Err(rule_error(
            ErrorCode::SplitSingleClass,
            Message::new("error-split-single-class-course").arg("course", capitalise(&course.label())),
            "/split".to_string(),
            "course has a single class",
        ));
    }
    Ok(())
}

fn capitalise(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::ids::TeacherId;
    use serde_json::json;

    fn year(id: i64, code: &str) -> SchoolYearRef {
        SchoolYearRef {
            id: SchoolYearId(id),
            archived: false,
            code: code.into(),
            description: code.into(),
            graduation_year: 2027,
            finalised: false,
            age_relief_included: false,
        }
    }

    fn lookup(id: i64, code: &str) -> LookupRef {
        LookupRef { id, code: code.into(), description: code.into() }
    }

    fn curriculum(id: i64, code: &str) -> CurriculumRef {
        CurriculumRef { id: CurriculumId(id), archived: false, code: code.into(), description: code.into() }
    }

    fn class(id: i64, code: &str) -> SchoolClassRef {
        SchoolClassRef {
            id: SchoolClassId(id),
            archived: false,
            code: code.into(),
            graduation_year: 2027,
            curriculum: curriculum(1, "GYM 17"),
            division: lookup(1, "GYM"),
        }
    }

    fn subject(id: i64, code: &str) -> SubjectRef {
        SubjectRef {
            id: SubjectId(id),
            archived: false,
            category: None,
            code: code.into(),
            description: code.into(),
            kind: lookup(1, "GF"),
        }
    }

    fn course(id: i64, subject_code: &str, classes: &[(i64, &str)]) -> Course {
        Course {
            id: CourseId(id),
            cancelled: false,
            comments: None,
            cross_class: false,
            curriculum: curriculum(1, "GYM 17"),
            grade: lookup(4, "GYM4"),
            lessons1: Fixed::units(2),
            lessons2: Fixed::units(2),
            school_classes: classes.iter().map(|(i, c)| class(*i, c)).collect(),
            school_year: year(1, "26/27"),
            subject: subject(if subject_code == "D" { 1 } else { 2 }, subject_code),
            teachers1: vec![],
            teachers2: vec![],
            small_group1: false,
            small_group2: false,
            open1: Fixed::units(2),
            open2: Fixed::units(2),
        }
    }

    fn code_of(e: Error) -> (u16, ErrorCode, Vec<String>) {
        match e {
            Error::Problem { code, errors, .. } => {
                (code.status().as_u16(), code, errors.into_iter().map(|e| e.pointer).collect())
            }
            Error::Internal(e) => panic!("internal: {e}"),
        }
    }

    fn in_year(id: i64, code: &str, curr: i64, grade: Option<i64>) -> ClassInYear {
        ClassInYear {
            id: SchoolClassId(id),
            code: code.into(),
            curriculum: CurriculumId(curr),
            curriculum_code: format!("C{curr}"),
            grade: grade.map(|g| (GradeId(g), format!("G{g}"))),
        }
    }

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
        assert_eq!(code_of(e), (422, ErrorCode::ClassGradeMismatch, vec!["/schoolClasses/1".into()]));
        let e =
            derive_class_based("D", &y, &[in_year(1, "G27a", 1, Some(4)), in_year(2, "F27a", 2, Some(4))], None, None)
                .unwrap_err();
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

    #[test]
    fn split_rules() {
        let mut c = course(17, "D", &[(1, "G27a"), (2, "G27b")]);
        assert!(check_split(&c).is_ok());
        c.school_year.archived = true;
        assert_eq!(code_of(check_split(&c).unwrap_err()).1, ErrorCode::SchoolYearLocked);
        c.school_year.archived = false;
        c.cross_class = true;
        assert_eq!(code_of(check_split(&c).unwrap_err()).1, ErrorCode::SplitCrossClass);
        let single = course(18, "D", &[(1, "G27a")]);
        let Err(Error::Problem { code, detail, .. }) = check_split(&single) else { panic!() };
        assert_eq!(code, ErrorCode::SplitSingleClass);
        assert!(detail.starts_with("Course 18 (D, G27a) has only one class"), "{detail}");
        // The rule's own sentence in every language, not only its code's general one.
        let err = check_split(&single).unwrap_err();
        let de = err.message(crate::i18n::Lang::De);
        assert!(de.contains("(D, G27a) hat nur eine Klasse"), "{de}");
        let merge = check_merge_ids(&[CourseId(4), CourseId(4)]).unwrap_err().message(crate::i18n::Lang::De);
        assert!(merge.contains("Der Kurs 4 ist zweimal aufgeführt"), "{merge}");
    }

    #[test]
    fn command_shapes() {
        let create = CourseCommand::from_body(
            &json!({"schoolYear": 1, "subject": {"id": 2}, "lessons1": "2.5", "teachers1": [3]}),
        )
        .unwrap();
        let CourseCommand::Create(new) = create else { panic!() };
        assert_eq!(
            (new.school_year, new.subject, new.lessons1, new.lessons2),
            (SchoolYearId(1), SubjectId(2), Fixed(25_000), Fixed(0))
        );
        assert_eq!(new.teachers1, vec![TeacherId(3)]);
        assert_eq!(
            CourseCommand::from_body(&json!({"merge": [1, "2", {"id": 3}]})).unwrap(),
            CourseCommand::Merge(vec![CourseId(1), CourseId(2), CourseId(3)])
        );
        assert_eq!(
            CourseCommand::from_body(&json!({"split": "7", "junk": 1})).unwrap(),
            CourseCommand::Split(CourseId(7))
        );
        let bad = |v: Value| code_of(CourseCommand::from_body(&v).unwrap_err());
        assert_eq!(bad(json!({"merge": [1, 2], "split": 1})).1, ErrorCode::InvalidCourseCommand);
        assert_eq!(bad(json!({"merge": [1, 2], "subject": 1})).1, ErrorCode::InvalidCourseCommand);
        assert_eq!(bad(json!({"split": 1, "lessons1": 1})).1, ErrorCode::InvalidCourseCommand);
        assert_eq!(bad(json!({"merge": 1})), (400, ErrorCode::InvalidType, vec!["/merge".into()]));
        assert_eq!(bad(json!({"merge": [1, true]})), (400, ErrorCode::InvalidType, vec!["/merge/1".into()]));
        assert_eq!(bad(json!({"split": [1]})).0, 400);
        assert_eq!(bad(json!({"split": null})).0, 400);
        assert_eq!(bad(json!({"subject": 1})), (422, ErrorCode::Required, vec!["/schoolYear".into()]));
        assert_eq!(bad(json!({"schoolYear": 1, "subject": 1, "lessons1": 100})).1, ErrorCode::OutOfRange);
        assert_eq!(bad(json!({"schoolYear": 1, "subject": 1, "lessons2": 1.23456})).1, ErrorCode::TooPrecise);
        assert_eq!(bad(json!({"schoolYear": 1, "subject": 1, "teachers2": [1, 1]})).1, ErrorCode::DuplicateEntry);
    }

    #[test]
    fn minus_one_takes_lessons_from_the_table() {
        let new = |v: Value| match CourseCommand::from_body(&v).unwrap() {
            CourseCommand::Create(n) => n,
            _ => panic!(),
        };
        let n = new(json!({"schoolYear": 1, "subject": 2, "lessons1": -1, "lessons2": "-1"}));
        assert_eq!(n.lessons_from_table, (true, true));
        let n = new(json!({"schoolYear": 1, "subject": 2, "lessons1": -1, "lessons2": 2}));
        assert_eq!((n.lessons_from_table, n.lessons2), ((true, false), Fixed::units(2)));
        let entry = crate::domain::lessontable::LessonEntry {
            curriculum: CurriculumId(1),
            division: None,
            subject: SubjectId(2),
            grade: GradeId(3),
            kind: crate::domain::lessontable::LessonType::Start,
            lessons1: Fixed::units(4),
            lessons2: Fixed(35_000),
        };
        assert_eq!(lessons_from_table(&n, Some(&entry)), (Fixed::units(4), Fixed::units(2)));
        assert_eq!(lessons_from_table(&n, None), (Fixed(0), Fixed::units(2)));
        for v in [json!(-2), json!(-0.5), json!("-1.5")] {
            let e = CourseCommand::from_body(&json!({"schoolYear": 1, "subject": 2, "lessons1": v})).unwrap_err();
            assert_eq!(code_of(e), (422, ErrorCode::OutOfRange, vec!["/lessons1".to_string()]));
        }
        let e = CourseUpdate::from_body(
            &json!({"cancelled": false, "comments": null, "lessons1": -1, "lessons2": 0, "teachers1": [], "teachers2": [], "smallGroup1": false, "smallGroup2": false}),
            Mode::Replace,
        )
        .unwrap_err();
        assert_eq!(code_of(e).1, ErrorCode::OutOfRange, "a PUT cannot take lessons from the table");
    }

    #[test]
    fn put_needs_every_writable_key_and_ignores_the_rest() {
        let body = json!({"cancelled": true, "comments": " x ", "lessons1": 1, "lessons2": null, "teachers1": [], "teachers2": [{"id": 4}], "subject": 99, "smallGroup1": "true", "smallGroup2": false});
        let u = CourseUpdate::from_body(&body, Mode::Replace).unwrap();
        assert_eq!(
            u,
            CourseUpdate {
                cancelled: true,
                comments: Some("x".into()),
                lessons1: Fixed::units(1),
                lessons2: Fixed(0),
                teachers1: vec![],
                teachers2: vec![TeacherId(4)],
                small_group1: true,
                small_group2: false,
            }
        );
        let e = CourseUpdate::from_body(&json!({"cancelled": true}), Mode::Replace).unwrap_err();
        let (status, code, pointers) = code_of(e);
        assert_eq!((status, code), (422, ErrorCode::MissingField));
        assert_eq!(
            pointers,
            ["/comments", "/lessons1", "/lessons2", "/teachers1", "/teachers2", "/smallGroup1", "/smallGroup2"]
        );
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
