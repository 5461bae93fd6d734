//! Lesson table (Lektionentafel) and lesson types, docs/documents.md §Lesson table.
//!
//! A lesson table entry says, for a curriculum, a division (absent for
//! cross-class subjects), a subject and a grade, how that subject is taught in
//! that grade ([`LessonType`]) and for how many lessons per week in each
//! semester. The API shows one *row* per curriculum, subject and division
//! (id `<curriculum>-<subject>[-<division>]`) with one cell per grade of the
//! curriculum; `noLessons` cells are not stored.
//!
//! - [`LessonType`]: the fixed, read-only `/lessontype` list.
//! - [`LessonTableKey`]: the compound row id.
//! - [`LessonTableRow`] (single form), [`LessonTableList`] (list form of a
//!   curriculum), [`NewLessonRow`] (a parsed PUT body).
//! - [`LessonEntry`]: a stored entry as the opening and the plan check read it.
//! - The rules as pure functions: [`check_side`], [`check_grades`],
//!   [`table_lessons`].

use std::collections::BTreeMap;

use serde::{Serialize, Serializer};
use serde_json::Value;

use super::body_reader::{id_of, Mode, Reader};
use super::fixed::Fixed;
use super::ids::{CurriculumId, DivisionId, GradeId, SubjectId};
use super::reference_forms::{CurriculumRef, LookupRef, SubjectRef};
use super::FromBody;
use crate::error::{Error, ErrorCode, FieldError, Result};
use crate::i18n::Message;

/// Largest number of lessons per week and semester in an entry and in a course
/// (docs/contract.md §Validation: 0 ≤ x ≤ 99).
pub const MAX_LESSONS: i64 = 99;

/// How a subject is taught in a grade (docs/documents.md §Lesson table). Fixed ids 1–5.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LessonType {
    /// `noLessons` (nicht vorhanden): not taught; never stored.
    NoLessons,
    /// `start` (Anfang): the subject starts in this grade; opening creates empty courses.
    Start,
    /// `continuation` (Weiterführung): continues last year's course; opening copies it.
    Continuation,
    /// `startOptional` (Anfang optional): may start; opening creates nothing.
    StartOptional,
    /// `startRepeating` (Anfang, wiederholend): starts anew each year; opening creates nothing.
    StartRepeating,
}

impl LessonType {
    /// Every lesson type, by id.
    pub const ALL: [LessonType; 5] = [
        LessonType::NoLessons,
        LessonType::Start,
        LessonType::Continuation,
        LessonType::StartOptional,
        LessonType::StartRepeating,
    ];

    /// The fixed id (1–5), also the stored value.
    pub fn id(self) -> i64 {
        match self {
            LessonType::NoLessons => 1,
            LessonType::Start => 2,
            LessonType::Continuation => 3,
            LessonType::StartOptional => 4,
            LessonType::StartRepeating => 5,
        }
    }

    /// The code, e.g. `continuation`.
    pub fn code(self) -> &'static str {
        match self {
            LessonType::NoLessons => "noLessons",
            LessonType::Start => "start",
            LessonType::Continuation => "continuation",
            LessonType::StartOptional => "startOptional",
            LessonType::StartRepeating => "startRepeating",
        }
    }

    /// The German designation the schools see on paper.
    pub fn description(self) -> &'static str {
        match self {
            LessonType::NoLessons => "nicht vorhanden",
            LessonType::Start => "Anfang",
            LessonType::Continuation => "Weiterführung",
            LessonType::StartOptional => "Anfang optional",
            LessonType::StartRepeating => "Anfang, wiederholend",
        }
    }

    /// The type with id `id`.
    pub fn from_id(id: i64) -> Option<LessonType> {
        Self::ALL.into_iter().find(|t| t.id() == id)
    }

    /// The type with code `code` (exact).
    pub fn from_code(code: &str) -> Option<LessonType> {
        Self::ALL.into_iter().find(|t| t.code() == code)
    }

    /// The single = list = reference form.
    pub fn form(self) -> LessonTypeForm {
        LessonTypeForm { id: self.id(), code: self.code(), description: self.description() }
    }
}

/// A lesson type in its single, list and reference form: id, code, description.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, utoipa::ToSchema)]
pub struct LessonTypeForm {
    /// Fixed id 1–5.
    pub id: i64,
    /// `noLessons`, `start`, `continuation`, `startOptional` or `startRepeating`.
    pub code: &'static str,
    /// German designation (e.g. `Weiterführung`).
    pub description: &'static str,
}

/// The compound id of a lesson table row: `<curriculum>-<subject>[-<division>]`
/// (docs/client.md §How the client talks: compound string ids); the division is absent for cross-class subjects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LessonTableKey {
    /// The curriculum.
    pub curriculum: CurriculumId,
    /// The subject.
    pub subject: SubjectId,
    /// The division; `None` for a cross-class subject.
    pub division: Option<DivisionId>,
}

/// The pattern of a lesson table row id.
pub const LESSON_TABLE_ID: &str = "^[1-9][0-9]{0,17}-[1-9][0-9]{0,17}(-[1-9][0-9]{0,17})?$";

impl LessonTableKey {
    /// Parses `<c>-<s>` or `<c>-<s>-<d>` (positive ids); `None` otherwise.
    pub fn parse(text: &str) -> Option<LessonTableKey> {
        let parts: Vec<&str> = text.split('-').collect();
        let id = |s: &str| -> Option<i64> {
            (crate::domain::body_reader::is_id_text(s)).then(|| s.parse::<i64>().ok()).flatten().filter(|v| *v > 0)
        };
        match parts.as_slice() {
            [c, s] => {
                Some(LessonTableKey { curriculum: CurriculumId(id(c)?), subject: SubjectId(id(s)?), division: None })
            }
            [c, s, d] => Some(LessonTableKey {
                curriculum: CurriculumId(id(c)?),
                subject: SubjectId(id(s)?),
                division: Some(DivisionId(id(d)?)),
            }),
            _ => None,
        }
    }
}

impl std::fmt::Display for LessonTableKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.division {
            Some(d) => write!(f, "{}-{}-{}", self.curriculum, self.subject, d),
            None => write!(f, "{}-{}", self.curriculum, self.subject),
        }
    }
}

impl Serialize for LessonTableKey {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// One cell of a row: a grade with its lesson type and lessons (all zero for `noLessons`).
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct LessonCell {
    /// The grade (reference form).
    pub grade: LookupRef,
    /// The lesson type (reference form).
    #[serde(rename = "type")]
    pub kind: LessonTypeForm,
    /// Weekly lessons in semester 1.
    pub lessons1: Fixed,
    /// Weekly lessons in semester 2.
    pub lessons2: Fixed,
}

/// The subject of a lesson table row: its reference form plus its cross-class flag.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LessonSubject {
    /// The subject's reference form.
    #[serde(flatten)]
    pub subject: SubjectRef,
    /// Whether the subject is taught across classes (then the row has no division).
    pub cross_class: bool,
}

/// A lesson table row in its single form (`GET /lessontable/<c>-<s>[-<d>]`):
/// one cell per grade of the curriculum, in curriculum order.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct LessonTableRow {
    /// `<curriculum>-<subject>[-<division>]`.
    #[schema(value_type = String, pattern = "^[1-9][0-9]{0,17}-[1-9][0-9]{0,17}(-[1-9][0-9]{0,17})?$")]
    pub id: LessonTableKey,
    /// The curriculum.
    pub curriculum: CurriculumRef,
    /// The subject with its cross-class flag.
    pub subject: LessonSubject,
    /// The division; null for a cross-class subject.
    pub division: Option<LookupRef>,
    /// A cell for every grade of the curriculum (type `noLessons` where nothing is stored).
    pub details: Vec<LessonCell>,
}

/// One item of the list form: a subject with a cell per grade id (`"<gradeId>": cell`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LessonTableItem {
    /// `<curriculum>-<subject>[-<division>]`.
    pub id: LessonTableKey,
    /// The subject (reference form).
    pub subject: SubjectRef,
    /// The cells by grade id (as string keys), one per grade of the curriculum.
    #[serde(flatten)]
    pub cells: BTreeMap<String, LessonCell>,
}

/// The list form of a curriculum's table (`GET /lessontable?curriculum=ID[&division=ID]`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LessonTableList {
    /// The grades of the curriculum, in order (entry grade first).
    pub grades: Vec<LookupRef>,
    /// One item per non-archived subject of the side (cross-class without a division, the others with one), by code.
    pub items: Vec<LessonTableItem>,
}

/// A stored entry (never `noLessons`), as the opening and the plan check read them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LessonEntry {
    /// The curriculum.
    pub curriculum: CurriculumId,
    /// The division; `None` for cross-class entries.
    pub division: Option<DivisionId>,
    /// The subject.
    pub subject: SubjectId,
    /// The grade.
    pub grade: GradeId,
    /// The lesson type.
    pub kind: LessonType,
    /// Weekly lessons in semester 1.
    pub lessons1: Fixed,
    /// Weekly lessons in semester 2.
    pub lessons2: Fixed,
}

/// A cell of a PUT body.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewLessonCell {
    /// The grade.
    pub grade: GradeId,
    /// The lesson type.
    pub kind: LessonType,
    /// Weekly lessons in semester 1 (0–99, at most 4 decimals).
    pub lessons1: Fixed,
    /// Weekly lessons in semester 2.
    pub lessons2: Fixed,
}

/// A valid `PUT /lessontable/<id>` body: `details`, a list of cells with
/// `grade` (reference, each grade once), `type` (a lesson type by id or code,
/// or its reference form) and `lessons1`/`lessons2` (default 0). Cells of
/// type `noLessons` are dropped: they are not stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewLessonRow {
    /// The cells to store (without `noLessons`), in body order, with their index in the body.
    pub cells: Vec<(usize, NewLessonCell)>,
}

/// Reads a lesson type: `{"id": N}` / `{"code": "start"}` (e.g. the type as
/// received), `N`, `"N"` or a code.
fn lesson_type_of(v: &Value) -> Option<LessonType> {
    match v {
        Value::Object(o) => match o.get("id") {
            Some(id) if !id.is_null() => id_of(id).and_then(LessonType::from_id),
            _ => o.get("code").and_then(Value::as_str).and_then(LessonType::from_code),
        },
        Value::String(s) => LessonType::from_code(s).or_else(|| id_of(v).and_then(LessonType::from_id)),
        other => id_of(other).and_then(LessonType::from_id),
    }
}

impl FromBody for NewLessonRow {
    fn from_body(body: &Value, mode: Mode) -> Result<Self> {
        let r = Reader::new(body, mode)?;
        let mut errors: Vec<FieldError> = Vec::new();
        let mut cells = Vec::new();
        match body.get("details") {
            None | Some(Value::Null) => errors.push(FieldError::new(
                "/details",
                ErrorCode::Required,
                Message::new("error-field-required").arg("key", "details"),
            )),
            Some(Value::Array(items)) => {
                let mut seen: Vec<GradeId> = Vec::new();
                for (i, item) in items.iter().enumerate() {
                    let prefix = format!("/details/{i}");
                    let mut cell = match Reader::at(item, Mode::Create, &prefix) {
                        Ok(c) => c,
                        Err(_) => {
                            errors.push(FieldError::new(
                                prefix.clone(),
                                ErrorCode::InvalidType,
                                Message::new("error-field-object").arg("pointer", &prefix),
                            ));
                            continue;
                        }
                    };
                    let grade = cell.reference("grade", true).map(GradeId);
                    let lessons1 = cell.fixed("lessons1", 0, MAX_LESSONS).unwrap_or_default();
                    let lessons2 = cell.fixed("lessons2", 0, MAX_LESSONS).unwrap_or_default();
                    let kind = match item.get("type") {
                        None | Some(Value::Null) => {
                            cell.error(
                                "type",
                                ErrorCode::Required,
                                Message::new("error-field-required").arg("key", "type"),
                            );
                            None
                        }
                        Some(v) => {
                            let t = lesson_type_of(v);
                            if t.is_none() {
                                cell.error("type", ErrorCode::InvalidType, Message::new("error-lesson-type-unknown"));
                            }
                            t
                        }
                    };
                    if let Some(g) = grade {
                        if seen.contains(&g) {
                            cell.error(
                                "grade",
                                ErrorCode::DuplicateEntry,
                                Message::new("error-lesson-grade-twice").arg("grade", g),
                            );
                        }
                        seen.push(g);
                    }
                    if let Err(Error::Problem { errors: e, .. }) = cell.finish() {
                        errors.extend(e);
                        continue;
                    }
                    let (Some(grade), Some(kind)) = (grade, kind) else { continue };
                    if kind != LessonType::NoLessons {
                        cells.push((i, NewLessonCell { grade, kind, lessons1, lessons2 }));
                    }
                }
            }
            Some(_) => errors.push(FieldError::new(
                "/details",
                ErrorCode::InvalidType,
                Message::new("error-lesson-details-list"),
            )),
        }
        drop(r);
        if errors.is_empty() {
            Ok(NewLessonRow { cells })
        } else {
            Err(Error::fields(errors))
        }
    }
}

/// The cross-class rule of a row (docs/documents.md §Lesson table): a division exactly when the
/// subject is not cross-class; else 422 `lesson_table_side`.
pub fn check_side(subject_code: &str, cross_class: bool, division: Option<DivisionId>) -> Result<()> {
    match (cross_class, division) {
        (true, Some(_)) => Err(Error::new(
            ErrorCode::LessonTableSide,
            Message::new("error-lesson-side-cross-class").arg("subject", subject_code),
        )),
        (false, None) => Err(Error::new(
            ErrorCode::LessonTableSide,
            Message::new("error-lesson-side-per-class").arg("subject", subject_code),
        )),
        _ => Ok(()),
    }
}

/// Every cell's grade must belong to the curriculum (`grades`, its grade ids):
/// else 422 `grade_not_in_curriculum` at `/details/N/grade`.
pub fn check_grades(curriculum_code: &str, grades: &[GradeId], row: &NewLessonRow) -> Result<()> {
    let errors: Vec<FieldError> = row
        .cells
        .iter()
        .filter(|(_, c)| !grades.contains(&c.grade))
        .map(|(i, c)| {
            FieldError::new(
                format!("/details/{i}/grade"),
                ErrorCode::GradeNotInCurriculum,
                Message::new("error-lesson-grade-not-in-curriculum")
                    .arg("grade", c.grade)
                    .arg("curriculum", curriculum_code),
            )
        })
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(Error::fields(errors))
    }
}

/// The lessons a `POST /course` with `-1` takes (docs/documents.md §Lesson table): those of
/// the matching entry (any stored type), `(0, 0)` when there is none.
pub fn table_lessons(entry: Option<&LessonEntry>) -> (Fixed, Fixed) {
    entry.map_or((Fixed(0), Fixed(0)), |e| (e.lessons1, e.lessons2))
}

/// Builds the cells of a row: one per grade in `grades` (curriculum order),
/// `noLessons` with zero lessons where `stored` has nothing.
pub fn cells(grades: &[LookupRef], stored: &[LessonEntry]) -> Vec<LessonCell> {
    grades
        .iter()
        .map(|g| match stored.iter().find(|e| e.grade.0 == g.id) {
            Some(e) => LessonCell { grade: g.clone(), kind: e.kind.form(), lessons1: e.lessons1, lessons2: e.lessons2 },
            None => LessonCell {
                grade: g.clone(),
                kind: LessonType::NoLessons.form(),
                lessons1: Fixed(0),
                lessons2: Fixed(0),
            },
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn keys_parse_and_print() {
        let k = LessonTableKey::parse("3-17-2").unwrap();
        assert_eq!((k.curriculum, k.subject, k.division), (CurriculumId(3), SubjectId(17), Some(DivisionId(2))));
        assert_eq!(k.to_string(), "3-17-2");
        let k = LessonTableKey::parse("3-17").unwrap();
        assert_eq!(k.division, None);
        assert_eq!(serde_json::to_value(k).unwrap(), json!("3-17"));
        for bad in ["", "3", "3-", "-3-4", "3-4-5-6", "0-1", "a-b", "3-04x", "3--4"] {
            assert!(LessonTableKey::parse(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn types_by_id_and_code() {
        for t in LessonType::ALL {
            assert_eq!(LessonType::from_id(t.id()), Some(t));
            assert_eq!(LessonType::from_code(t.code()), Some(t));
        }
        assert_eq!(lesson_type_of(&json!({"id": 3, "code": "x"})), Some(LessonType::Continuation));
        assert_eq!(lesson_type_of(&json!({"code": "start"})), Some(LessonType::Start));
        assert_eq!(lesson_type_of(&json!("startOptional")), Some(LessonType::StartOptional));
        assert_eq!(lesson_type_of(&json!("5")), Some(LessonType::StartRepeating));
        assert_eq!(lesson_type_of(&json!(9)), None);
    }

    #[test]
    fn put_body_drops_no_lessons_and_collects_errors() {
        let body = json!({"details": [
            {"grade": {"id": 1}, "type": {"id": 2}, "lessons1": "4", "lessons2": 3.5},
            {"grade": 2, "type": "noLessons"},
            {"grade": 3, "type": "continuation"}
        ]});
        let row = NewLessonRow::from_body(&body, Mode::Replace).unwrap();
        assert_eq!(row.cells.len(), 2);
        assert_eq!(row.cells[0].1.lessons2, Fixed(35_000));
        assert_eq!(
            row.cells[1],
            (
                2,
                NewLessonCell {
                    grade: GradeId(3),
                    kind: LessonType::Continuation,
                    lessons1: Fixed(0),
                    lessons2: Fixed(0)
                }
            )
        );

        let bad = json!({"details": [{"grade": 1, "type": "start", "lessons1": -1}, {"grade": 1, "type": "bogus"}, {"type": "start"}]});
        let Err(Error::Problem { code: problem_code, errors, .. }) = NewLessonRow::from_body(&bad, Mode::Replace)
        else {
            panic!()
        };
        let status = problem_code.status();
        assert_eq!(status, 400, "a type error makes it a 400");
        assert_eq!(errors.iter().map(|e| e.pointer.as_str()).collect::<Vec<_>>(), ["/details/1/type"]);
        let bad = json!({"details": [{"grade": 1, "type": "start", "lessons1": -1}, {"grade": 1, "type": "start"}, {"type": "start"}]});
        let Err(Error::Problem { code: problem_code, errors, .. }) = NewLessonRow::from_body(&bad, Mode::Replace)
        else {
            panic!()
        };
        let status = problem_code.status();
        assert_eq!(status, 422);
        let got: Vec<(&str, &str)> = errors.iter().map(|e| (e.pointer.as_str(), e.code.as_str())).collect();
        assert_eq!(
            got,
            [
                ("/details/0/lessons1", "out_of_range"),
                ("/details/1/grade", "duplicate_entry"),
                ("/details/2/grade", "required")
            ]
        );
        assert!(NewLessonRow::from_body(&json!({}), Mode::Replace).is_err());
    }

    #[test]
    fn side_and_grade_rules() {
        assert!(check_side("D", false, Some(DivisionId(1))).is_ok());
        assert!(check_side("SF B", true, None).is_ok());
        assert_eq!(check_side("SF B", true, Some(DivisionId(1))).unwrap_err().code(), ErrorCode::LessonTableSide);
        assert_eq!(check_side("D", false, None).unwrap_err().code(), ErrorCode::LessonTableSide);
        let row = NewLessonRow {
            cells: vec![
                (
                    0,
                    NewLessonCell {
                        grade: GradeId(1),
                        kind: LessonType::Start,
                        lessons1: Fixed(0),
                        lessons2: Fixed(0),
                    },
                ),
                (
                    1,
                    NewLessonCell {
                        grade: GradeId(9),
                        kind: LessonType::Start,
                        lessons1: Fixed(0),
                        lessons2: Fixed(0),
                    },
                ),
            ],
        };
        let Err(Error::Problem { code, errors, .. }) = check_grades("GYM 17", &[GradeId(1), GradeId(2)], &row) else {
            panic!()
        };
        assert_eq!((code, errors[0].pointer.as_str()), (ErrorCode::GradeNotInCurriculum, "/details/1/grade"));
    }

    #[test]
    fn cells_fill_every_grade() {
        let g = |id: i64| LookupRef { id, code: format!("G{id}"), description: String::new() };
        let stored = [LessonEntry {
            curriculum: CurriculumId(1),
            division: None,
            subject: SubjectId(1),
            grade: GradeId(2),
            kind: LessonType::Continuation,
            lessons1: Fixed::units(3),
            lessons2: Fixed::units(2),
        }];
        let c = cells(&[g(1), g(2)], &stored);
        assert_eq!(c[0].kind.code, "noLessons");
        assert_eq!((c[1].kind.code, c[1].lessons1), ("continuation", Fixed::units(3)));
        assert_eq!(table_lessons(Some(&stored[0])), (Fixed::units(3), Fixed::units(2)));
        assert_eq!(table_lessons(None), (Fixed(0), Fixed(0)));
    }
}
