//! The request bodies of courses and how they are read into typed input
//! (docs/contract.md §Courses, §Tolerant reader, §Validation): the create body
//! [`NewCourse`], the save body [`CourseUpdate`] and the three shapes of a
//! `POST /course` body, [`CourseCommand`].
//!
//! Reading checks shapes and ranges only (400 for a type, 422 for a rule of a
//! single field); the rules that need the store's facts are in
//! [`super::rules`].

use serde_json::Value;

use super::MAX_LESSONS;
use crate::domain::body_reader::{self, limits, Mode, Reader};
use crate::domain::fixed::Fixed;
use crate::domain::ids::{CourseId, CurriculumId, GradeId, SchoolClassId, SchoolYearId, SubjectId, TeacherId};
use crate::domain::FromBody;
use crate::error::{Error, ErrorCode, FieldError, Result};
use crate::i18n::Message;

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
    /// lesson table" (docs/documents.md §Lesson table); the store fills them in ([`super::lessons_from_table`]).
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
/// ([`check_teachers`](crate::domain::course::rules::check_teachers), [`check_new_course`](crate::domain::course::rules::check_new_course)), not by the generic check.
impl crate::domain::references::References for CourseUpdate {}

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
            school_year: SchoolYearId(body_reader::checked(school_year)),
            subject: SubjectId(body_reader::checked(subject)),
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
    /// `{"merge": [ids]}`: merge into the first course (ids as given, checked by [`super::check_merge_ids`]).
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
        Value::Object(o) => body_reader::id_of(o.get("id")?),
        other => body_reader::id_of(other),
    }
}

/// 422 `invalid_course_command` with `detail`.
fn command_error(detail: Message) -> Error {
    Error::new(ErrorCode::InvalidCourseCommand, detail)
}

impl CourseCommand {
    /// Tells the three body shapes apart (docs/contract.md §Courses "Merge",
    /// "Split"): a body without `merge` and `split` is a [`NewCourse`]. A body
    /// that is no object is 400 `body_not_object`; one with both `merge` and
    /// `split`, or with `merge`/`split` and course fields, is 422
    /// `invalid_course_command`; an unreadable id list or id is 400
    /// `invalid_type` (pointer `/merge`, `/merge/N` or `/split`). Ids are
    /// given as `N`, `"N"` or `{"id": N}`.
    pub fn from_body(body: &Value) -> Result<CourseCommand> {
        let Value::Object(obj) = body else {
            return Err(Error::new(ErrorCode::BodyNotObject, Message::new("error-body-not-object")));
        };
        let merge = obj.get("merge");
        let split = obj.get("split");
        if merge.is_none() && split.is_none() {
            return NewCourse::from_body(body, Mode::Create).map(CourseCommand::Create);
        }
        if merge.is_some() && split.is_some() {
            return Err(command_error(Message::new("error-course-command-both")));
        }
        let extra: Vec<&str> = COURSE_FIELDS.iter().copied().filter(|k| obj.contains_key(*k)).collect();
        if !extra.is_empty() {
            let which = if merge.is_some() { "merge" } else { "split" };
            return Err(command_error(
                Message::new("error-course-command-fields")
                    .arg("command", which)
                    .arg("fields", extra.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", ")),
            ));
        }
        if let Some(merge) = merge {
            let Value::Array(items) = merge else {
                return Err(Error::field("/merge", ErrorCode::InvalidType, Message::new("error-merge-not-list")));
            };
            let mut ids = Vec::with_capacity(items.len());
            let mut errors = Vec::new();
            for (i, item) in items.iter().enumerate() {
                match course_id_of(item) {
                    Some(id) => ids.push(CourseId(id)),
                    None => errors.push(FieldError::new(
                        format!("/merge/{i}"),
                        ErrorCode::InvalidType,
                        Message::new("error-merge-item-not-id").arg("pointer", format!("/merge/{i}")),
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
            None => Err(Error::field("/split", ErrorCode::InvalidType, Message::new("error-split-not-id"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{code_of, keyed};
    use super::*;
    use crate::i18n::Lang;
    use serde_json::json;

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
        assert_eq!(bad(json!([1])), (400, ErrorCode::BodyNotObject, vec![]));
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
    fn command_errors_speak_the_readers_language() {
        let err = |v: Value| CourseCommand::from_body(&v).unwrap_err();
        let both = err(json!({"merge": [1, 2], "split": 1}));
        assert_eq!(both.message(Lang::En), "The body holds both `merge` and `split`: send one command per request.");
        assert!(both.message(Lang::De).contains("sowohl `merge` als auch `split`"), "{}", both.message(Lang::De));
        assert!(both.message(Lang::Fr).contains("à la fois `merge` et `split`"), "{}", both.message(Lang::Fr));
        let fields = err(json!({"split": 1, "lessons1": 1, "subject": 2}));
        assert_eq!(
            fields.message(Lang::En),
            "A `split` body must not carry course fields (found `lessons1`, `subject`): send the command alone."
        );
        assert!(fields.message(Lang::De).contains("`split`"), "{}", fields.message(Lang::De));
        assert!(fields.message(Lang::De).contains("Kursfelder"), "{}", fields.message(Lang::De));
        let item = err(json!({"merge": [1, true]}));
        let en: Vec<String> = item.field_messages(Lang::En).into_iter().map(|(_, _, m)| m).collect();
        assert_eq!(en, ["`/merge/1` must be a course id."]);
        let de: Vec<String> = item.field_messages(Lang::De).into_iter().map(|(_, _, m)| m).collect();
        assert_eq!(de, ["`/merge/1` muss eine Kurs-ID sein."]);
        for v in [json!({"merge": 1}), json!({"split": [1]}), json!([1]), json!({"merge": [1, 2], "grade": 1})] {
            let e = err(v);
            assert!(keyed(&e), "{e:?}");
            assert_ne!(e.message(Lang::De), e.message(Lang::En));
            assert_ne!(e.message(Lang::Fr), e.message(Lang::En));
        }
    }

    #[test]
    fn minus_one_takes_lessons_from_the_table() {
        let new = |v: Value| match CourseCommand::from_body(&v).unwrap() {
            CourseCommand::Create(n) => n,
            _ => panic!(),
        };
        let n = new(json!({"schoolYear": 1, "subject": 2, "lessons1": -1, "lessons2": "-1"}));
        assert_eq!((n.lessons_from_table, n.lessons1, n.lessons2), ((true, true), Fixed(0), Fixed(0)));
        let n = new(json!({"schoolYear": 1, "subject": 2, "lessons1": -1, "lessons2": 2}));
        assert_eq!((n.lessons_from_table, n.lessons2), ((true, false), Fixed::units(2)));
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
}
