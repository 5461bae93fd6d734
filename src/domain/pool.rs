//! Pool entries (Pooleinträge), postings (Einzelbuchungen), theses
//! (Abschlussarbeiten) and notes (docs/workload.md §Pool, postings, theses and notes).
//!
//! Pool entries, postings and theses belong to a teacher's employment in a
//! school year: the teacher must be employed that year (422
//! `teacher_not_employed`; for a thesis the object does not exist, 404) and
//! the year's lock holds (409 `school_year_locked`).

use std::collections::BTreeMap;

use chrono::NaiveDate;
use serde::Serialize;
use serde_json::Value;

use super::body_reader::{checked, limits, Mode, Reader};
use super::fixed::Fixed;
use super::ids::{NoteId, PoolEntryId, PoolTypeId, PostingId, PostingTypeId, SchoolYearId, TeacherId, ThesisTypeId};
use super::reference_forms::{LookupRef, SchoolYearRef, TeacherRef};
use super::references::{RefKind, Reference, References};
use super::FromBody;
use crate::error::{Error, ErrorCode, Result};
use crate::i18n::Message;

/// Largest pool percent per semester.
pub const MAX_POOL_PERCENT: i64 = 100;
/// Largest absolute value of a posting detail (lessons or percent).
pub const MAX_POSTING_VALUE: i64 = 999;
/// Largest thesis count of one type.
pub const MAX_THESIS_COUNT: i64 = 999;

/// Pool entry single form = list form.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PoolEntry {
    /// Database id.
    #[schema(value_type = i64)]
    pub id: PoolEntryId,
    /// School year (reference form).
    pub school_year: SchoolYearRef,
    /// Teacher (reference form).
    pub teacher: TeacherRef,
    /// Pool type (reference form).
    #[serde(rename = "type")]
    pub kind: LookupRef,
    /// What the entry is for, or null.
    pub description: Option<String>,
    /// Percent of a full position in semester 1 (as entered; in the
    /// `…AgeReliefIncluded` modes including age relief).
    pub percent1: Fixed,
    /// Percent in semester 2.
    pub percent2: Fixed,
}

/// A valid pool entry body: schoolYear, teacher and type required; percents 0–100, default 0.
#[derive(Debug, Clone, PartialEq)]
pub struct NewPoolEntry {
    /// School year id.
    pub school_year: SchoolYearId,
    /// Teacher id.
    pub teacher: TeacherId,
    /// Pool type id.
    pub kind: PoolTypeId,
    /// Description.
    pub description: Option<String>,
    /// Percent in semester 1.
    pub percent1: Fixed,
    /// Percent in semester 2.
    pub percent2: Fixed,
}

impl FromBody for NewPoolEntry {
    fn from_body(body: &Value, mode: Mode) -> Result<Self> {
        let mut r = Reader::new(body, mode)?;
        let school_year = r.reference("schoolYear", true).map(SchoolYearId);
        let teacher = r.reference("teacher", true).map(TeacherId);
        let kind = r.reference("type", true).map(PoolTypeId);
        let description = r.text("description", false, limits::DESCRIPTION);
        let percent1 = r.fixed("percent1", 0, MAX_POOL_PERCENT).unwrap_or_default();
        let percent2 = r.fixed("percent2", 0, MAX_POOL_PERCENT).unwrap_or_default();
        r.finish()?;
        Ok(NewPoolEntry {
            school_year: checked(school_year),
            teacher: checked(teacher),
            kind: checked(kind),
            description,
            percent1,
            percent2,
        })
    }
}

/// Posting single form = list form.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Posting {
    /// Database id.
    #[schema(value_type = i64)]
    pub id: PostingId,
    /// School year (reference form).
    pub school_year: SchoolYearRef,
    /// Teacher (reference form).
    pub teacher: TeacherRef,
    /// What is booked, or null.
    pub description: Option<String>,
    /// First day `YYYY-MM-DD`; decides the semester (before 1 February of the
    /// graduation year: 1, else 2).
    pub start_date: String,
    /// Last day, or null.
    pub end_date: Option<String>,
    /// Value per posting type id (string keys), every posting type listed, 0
    /// where none: single lessons or percent as the type says; may be negative.
    #[schema(value_type = BTreeMap<String, Fixed>)]
    pub details: BTreeMap<PostingTypeId, Fixed>,
}

/// A valid posting body: schoolYear, teacher and startDate required; endDate
/// not before startDate (422 `date_order`); details −999 to 999, zeros dropped.
#[derive(Debug, Clone, PartialEq)]
pub struct NewPosting {
    /// School year id.
    pub school_year: SchoolYearId,
    /// Teacher id.
    pub teacher: TeacherId,
    /// Description.
    pub description: Option<String>,
    /// First day.
    pub start_date: NaiveDate,
    /// Last day.
    pub end_date: Option<NaiveDate>,
    /// Non-zero values per posting type id.
    pub details: Vec<(PostingTypeId, Fixed)>,
}

impl FromBody for NewPosting {
    fn from_body(body: &Value, mode: Mode) -> Result<Self> {
        let mut r = Reader::new(body, mode)?;
        let school_year = r.reference("schoolYear", true).map(SchoolYearId);
        let teacher = r.reference("teacher", true).map(TeacherId);
        let description = r.text("description", false, limits::DESCRIPTION);
        let start_given = body.get("startDate").is_some_and(|v| !v.is_null());
        let start_date = r.date("startDate", false);
        if !start_given && (mode == Mode::Create || r.has("startDate")) {
            r.error("startDate", ErrorCode::Required, Message::new("error-field-required").arg("key", "startDate"));
        }
        let end_date = r.date("endDate", false);
        if let (Some(s), Some(e)) = (start_date, end_date) {
            if e < s {
                r.error(
                    "endDate",
                    ErrorCode::DateOrder,
                    Message::new("error-date-order-values").arg("end", e).arg("start", s),
                );
            }
        }
        let details = r.id_map("details", -MAX_POSTING_VALUE, MAX_POSTING_VALUE).unwrap_or_default();
        r.finish()?;
        Ok(NewPosting {
            school_year: checked(school_year),
            teacher: checked(teacher),
            description,
            start_date: checked(start_date),
            end_date,
            details: details.into_iter().filter(|(_, v)| v.0 != 0).map(|(t, v)| (PostingTypeId(t), v)).collect(),
        })
    }
}

/// The theses of one teacher in one school year; id `"<schoolYear>-<teacher>"`.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Theses {
    /// Compound id `"<schoolYearId>-<teacherId>"`.
    pub id: String,
    /// School year (reference form).
    pub school_year: SchoolYearRef,
    /// Teacher (reference form).
    pub teacher: TeacherRef,
    /// Count per thesis type id (string keys); types without theses are absent.
    #[schema(value_type = BTreeMap<String, Fixed>)]
    pub thesis_counts: BTreeMap<ThesisTypeId, Fixed>,
}

/// A valid `PUT /thesis/<sy>-<t>` body: `thesisCounts` (counts ≥ 0; zeros dropped).
#[derive(Debug, Clone, PartialEq)]
pub struct ThesisCounts(pub Vec<(ThesisTypeId, Fixed)>);

impl FromBody for ThesisCounts {
    fn from_body(body: &Value, mode: Mode) -> Result<Self> {
        let mut r = Reader::new(body, mode)?;
        let counts = r.id_map("thesisCounts", 0, MAX_THESIS_COUNT).unwrap_or_default();
        r.finish()?;
        Ok(ThesisCounts(counts.into_iter().filter(|(_, v)| v.0 != 0).map(|(t, v)| (ThesisTypeId(t), v)).collect()))
    }
}

/// Parses a thesis id `"<schoolYearId>-<teacherId>"`.
pub fn parse_thesis_id(id: &str) -> Option<(i64, i64)> {
    let (y, t) = id.split_once('-')?;
    let ok = |s: &str| super::body_reader::is_id_text(s) && !s.starts_with('0');
    (ok(y) && ok(t)).then(|| (y.parse().ok(), t.parse().ok())).and_then(|(y, t)| Some((y?, t?)))
}

/// Note single form = list form.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Note {
    /// Database id.
    #[schema(value_type = i64)]
    pub id: NoteId,
    /// The teacher the note is about (reference form).
    pub teacher: TeacherRef,
    /// The note.
    pub text: String,
    /// Name of the account that wrote it (set by the server).
    pub created_by: String,
    /// When it was written, UTC `YYYY-MM-DDTHH:MM:SS.ffffffZ` (set by the server).
    pub creation_date: String,
}

/// A valid note body: teacher and text (≤ 4000 characters) required.
#[derive(Debug, Clone, PartialEq)]
pub struct NewNote {
    /// Teacher id.
    pub teacher: TeacherId,
    /// The note.
    pub text: String,
}

impl FromBody for NewNote {
    fn from_body(body: &Value, mode: Mode) -> Result<Self> {
        let mut r = Reader::new(body, mode)?;
        let teacher = r.reference("teacher", true).map(TeacherId);
        let text = r.multi_line_text("text", true, limits::COMMENT);
        r.finish()?;
        Ok(NewNote { teacher: checked(teacher), text: checked(text) })
    }
}

/// The ids the body names (docs/contract.md §Validation: each must exist).
impl References for NewPoolEntry {
    fn references(&self) -> Vec<Reference> {
        vec![
            Reference::new("/schoolYear", RefKind::SchoolYear, self.school_year),
            Reference::new("/teacher", RefKind::Teacher, self.teacher),
            Reference::new("/type", RefKind::PoolType, self.kind),
        ]
    }
}

/// The ids the body names (docs/contract.md §Validation: each must exist).
impl References for NewPosting {
    fn references(&self) -> Vec<Reference> {
        let mut refs = vec![
            Reference::new("/schoolYear", RefKind::SchoolYear, self.school_year),
            Reference::new("/teacher", RefKind::Teacher, self.teacher),
        ];
        refs.extend(
            self.details.iter().map(|(t, _)| Reference::new(format!("/details/{t}"), RefKind::PostingType, *t)),
        );
        refs
    }
}

/// The ids the body names (docs/contract.md §Validation: each must exist).
impl References for ThesisCounts {
    fn references(&self) -> Vec<Reference> {
        self.0.iter().map(|(t, _)| Reference::new(format!("/thesisCounts/{t}"), RefKind::ThesisType, *t)).collect()
    }
}

/// The ids the body names (docs/contract.md §Validation: each must exist).
impl References for NewNote {
    fn references(&self) -> Vec<Reference> {
        vec![Reference::new("/teacher", RefKind::Teacher, self.teacher)]
    }
}

/// 422 `teacher_not_employed` (pointer `/teacher`): pool entries, postings
/// and theses belong to an employment, and teacher `teacher` has none in
/// school year `school_year` (codes; docs/workload.md §Calculation).
pub fn not_employed(teacher: &str, school_year: &str) -> Error {
    Error::field(
        "/teacher",
        ErrorCode::TeacherNotEmployed,
        Message::new("error-teacher-not-employed-year").arg("teacher", teacher).arg("year", school_year),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Error;
    use serde_json::json;

    fn codes<T: std::fmt::Debug>(r: Result<T>) -> Vec<(String, &'static str)> {
        match r {
            Err(Error::Problem { errors, .. }) => errors.into_iter().map(|e| (e.pointer, e.code.as_str())).collect(),
            other => panic!("expected a problem, got {other:?}"),
        }
    }

    #[test]
    fn pool_entry_percent_must_not_be_negative() {
        assert_eq!(
            codes(NewPoolEntry::from_body(
                &json!({"schoolYear": 1, "teacher": 2, "type": 3, "percent1": -1}),
                Mode::Create
            )),
            [("/percent1".to_string(), "out_of_range")]
        );
        let e = NewPoolEntry::from_body(
            &json!({"schoolYear": 1, "teacher": 2, "type": 3, "percent2": "2.5"}),
            Mode::Create,
        )
        .unwrap();
        assert_eq!((e.percent1, e.percent2), (Fixed(0), Fixed(25_000)));
    }

    #[test]
    fn posting_dates_and_details() {
        assert_eq!(
            codes(NewPosting::from_body(
                &json!({"schoolYear": 1, "teacher": 2, "startDate": "2026-09-01", "endDate": "2026-08-31"}),
                Mode::Create
            )),
            [("/endDate".to_string(), "date_order")]
        );
        assert_eq!(
            codes(NewPosting::from_body(&json!({"schoolYear": 1, "teacher": 2}), Mode::Create)),
            [("/startDate".to_string(), "required")]
        );
        let p = NewPosting::from_body(
            &json!({"schoolYear": 1, "teacher": 2, "startDate": "2026-09-01", "details": {"3": -2, "1": 0, "2": "1.5"}}),
            Mode::Create,
        )
        .unwrap();
        assert_eq!(p.details, vec![(PostingTypeId(2), Fixed(15_000)), (PostingTypeId(3), Fixed(-20_000))]);
    }

    #[test]
    fn thesis_counts_and_ids() {
        assert_eq!(
            codes(ThesisCounts::from_body(&json!({"thesisCounts": {"1": -1}}), Mode::Replace)),
            [("/thesisCounts/1".to_string(), "out_of_range")]
        );
        let c = ThesisCounts::from_body(&json!({"thesisCounts": {"1": 3, "2": 0}}), Mode::Replace).unwrap();
        assert_eq!(c.0, vec![(ThesisTypeId(1), Fixed::units(3))]);
        assert_eq!(parse_thesis_id("3-17"), Some((3, 17)));
        assert_eq!(parse_thesis_id("3-x"), None);
        assert_eq!(parse_thesis_id("03-1"), None);
        assert_eq!(parse_thesis_id("3"), None);
    }

    #[test]
    fn entries_need_an_employment() {
        let Error::Problem { code, errors, .. } = not_employed("ab", "26/27") else { panic!("a field problem") };
        assert_eq!(code, ErrorCode::TeacherNotEmployed);
        assert_eq!(code.status(), axum::http::StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(errors[0].pointer, "/teacher");
        assert!(errors[0].detail.contains("Teacher ab has no employment in school year 26/27"));
    }
}
