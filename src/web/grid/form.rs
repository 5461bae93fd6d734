//! The course editor's form as typed (docs/web.md §Editing the grid): read
//! from a url-encoded body, filled from a course, written back as hidden
//! fields, and parsed into the domain's [`CourseUpdate`] with the same
//! reader the JSON API's `PUT /course/{id}` uses, so the same rules give the
//! same messages. The field names are the JSON body's keys (`lessons1`,
//! `teachers1`, `smallGroup1`, `comments`, `cancelled`, …), so a problem's
//! pointer names its field.

use std::collections::HashMap;

use serde_json::{json, Value};

use crate::domain::body_reader::Mode;
use crate::domain::course::{Course, CourseUpdate};
use crate::domain::reference_forms::TeacherRef;
use crate::domain::FromBody;
use crate::error::{Error, ErrorCode, FieldError, Result};
use crate::i18n::{self, Lang, Message};
use crate::service::version::Version;

/// The fields of the editor that a problem can name; any other pointer is
/// shown above the fields.
pub const FIELDS: &[&str] =
    &["lessons1", "lessons2", "teachers1", "teachers2", "smallGroup1", "smallGroup2", "comments", "cancelled"];

/// The editor's values as typed.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CourseForm {
    /// The version of the course the form was loaded at (hidden field `version`).
    pub version: String,
    /// When the form was loaded (UTC timestamp text, hidden field `loaded`): the
    /// changes of others since then are shown on a conflict.
    pub loaded: String,
    /// The class whose cell the editor belongs to (hidden field `class`).
    pub class: i64,
    /// Lessons per week in semester 1 as typed (`2.5` or `2,5`).
    pub lessons1: String,
    /// Lessons per week in semester 2 as typed.
    pub lessons2: String,
    /// Teacher codes of semester 1, one per input (blank inputs kept).
    pub teachers1: Vec<String>,
    /// Teacher codes of semester 2.
    pub teachers2: Vec<String>,
    /// The comment.
    pub comments: String,
    /// Whether the course is cancelled (checkbox).
    pub cancelled: bool,
    /// Small group in semester 1 (checkbox).
    pub small_group1: bool,
    /// Small group in semester 2 (checkbox).
    pub small_group2: bool,
}

/// Lessons as the editor shows them: the exact decimal without trailing zeros (`2.5`, `3`).
pub fn lessons_text(value: rust_decimal::Decimal) -> String {
    value.normalize().to_string()
}

impl CourseForm {
    /// The form of `course` as it is at `version`, for the cell of `class`, loaded at `loaded`.
    pub fn of_course(course: &Course, class: i64, version: &Version, loaded: String) -> CourseForm {
        let codes = |list: &[TeacherRef]| list.iter().map(|t| t.code.clone()).collect();
        CourseForm {
            version: version.to_string(),
            loaded,
            class,
            lessons1: lessons_text(course.lessons1.decimal()),
            lessons2: lessons_text(course.lessons2.decimal()),
            teachers1: codes(&course.teachers1),
            teachers2: codes(&course.teachers2),
            comments: course.comments.clone().unwrap_or_default(),
            cancelled: course.cancelled,
            small_group1: course.small_group1,
            small_group2: course.small_group2,
        }
    }

    /// Reads a url-encoded body (unknown fields are ignored; a checkbox is on when present).
    pub fn parse(body: &[u8]) -> CourseForm {
        let mut f = CourseForm::default();
        for (k, v) in url::form_urlencoded::parse(body) {
            let v = v.into_owned();
            match k.as_ref() {
                "version" => f.version = v,
                "loaded" => f.loaded = v,
                "class" => f.class = v.trim().parse().unwrap_or_default(),
                "lessons1" => f.lessons1 = v,
                "lessons2" => f.lessons2 = v,
                "teachers1" => f.teachers1.push(v),
                "teachers2" => f.teachers2.push(v),
                "comments" => f.comments = super::super::form::line_breaks(&v),
                "cancelled" => f.cancelled = true,
                "smallGroup1" => f.small_group1 = true,
                "smallGroup2" => f.small_group2 = true,
                _ => {}
            }
        }
        f
    }

    /// The form as hidden fields (name, value), without the CSRF token: what
    /// "apply my values again" posts.
    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        let mut out = vec![
            ("version", self.version.clone()),
            ("loaded", self.loaded.clone()),
            ("class", self.class.to_string()),
            ("lessons1", self.lessons1.clone()),
            ("lessons2", self.lessons2.clone()),
        ];
        out.extend(self.codes(1).into_iter().map(|c| ("teachers1", c)));
        out.extend(self.codes(2).into_iter().map(|c| ("teachers2", c)));
        out.push(("comments", self.comments.clone()));
        for (on, name) in
            [(self.cancelled, "cancelled"), (self.small_group1, "smallGroup1"), (self.small_group2, "smallGroup2")]
        {
            if on {
                out.push((name, "on".into()));
            }
        }
        out
    }

    /// The non-blank teacher codes of `semester` (1 or 2), trimmed.
    pub fn codes(&self, semester: u8) -> Vec<String> {
        let list = if semester == 1 { &self.teachers1 } else { &self.teachers2 };
        list.iter().map(|c| c.trim()).filter(|c| !c.is_empty()).map(str::to_string).collect()
    }

    /// The course update the form asks for: the form's [`body`](Self::body)
    /// read by [`CourseUpdate::from_body`] as a `PUT` body. Every problem is
    /// reported at once.
    pub fn update(&self, teachers: &[TeacherRef]) -> Result<CourseUpdate> {
        let (body, unknown) = self.body(teachers);
        read_body(&body, Mode::Replace, unknown)
    }

    /// The JSON body of the course's writable fields the form stands for
    /// (`lessons1`, `teachers1`, `comments`, `cancelled`, …), with the problems
    /// of its teacher codes: the codes are looked up in `teachers`
    /// (case-insensitively; an unknown code is 422 `unknown_reference` at
    /// `/teachersN/I`), a decimal comma is read as a point, blank lessons and
    /// comments are `null`.
    pub fn body(&self, teachers: &[TeacherRef]) -> (Value, Vec<FieldError>) {
        let by_code: HashMap<String, i64> = teachers.iter().map(|t| (t.code.to_lowercase(), t.id.0)).collect();
        let mut unknown = Vec::new();
        let mut ids = |semester: u8| -> Vec<i64> {
            let mut out = Vec::new();
            for (i, code) in self.codes(semester).into_iter().enumerate() {
                match by_code.get(&code.to_lowercase()) {
                    Some(id) => out.push(*id),
                    None => unknown.push(FieldError::new(
                        format!("/teachers{semester}/{i}"),
                        ErrorCode::UnknownReference,
                        Message::new("grid-edit-unknown-code").arg("code", &code),
                    )),
                }
            }
            out
        };
        let (teachers1, teachers2) = (ids(1), ids(2));
        let lessons = |typed: &str| {
            let t = crate::domain::fixed::typed_decimal(typed);
            if t.is_empty() {
                Value::Null
            } else {
                Value::String(t)
            }
        };
        let comments = self.comments.trim();
        let body = json!({
            "cancelled": self.cancelled,
            "comments": if comments.is_empty() { Value::Null } else { Value::String(self.comments.clone()) },
            "lessons1": lessons(&self.lessons1),
            "lessons2": lessons(&self.lessons2),
            "teachers1": teachers1,
            "teachers2": teachers2,
            "smallGroup1": self.small_group1,
            "smallGroup2": self.small_group2,
        });
        (body, unknown)
    }
}

/// Reads `body` with the API's reader of `T` in `mode`, adding the problems
/// `unknown` (of the teacher codes, [`CourseForm::body`]): every problem is
/// reported at once (422), or the value read.
pub fn read_body<T: FromBody>(body: &Value, mode: Mode, unknown: Vec<FieldError>) -> Result<T> {
    match T::from_body(body, mode) {
        Ok(read) if unknown.is_empty() => Ok(read),
        Ok(_) => Err(Error::fields(unknown)),
        Err(Error::Problem { errors, .. }) if !errors.is_empty() => {
            Err(Error::fields(errors.into_iter().chain(unknown).collect()))
        }
        Err(e) => Err(e),
    }
}

/// The label of a course field of the single form (`lessons1`), or `None` for
/// one the editor does not show (derived or fixed fields).
pub fn field_label(lang: Lang, key: &str) -> Option<String> {
    let k = match key {
        "lessons1" => "grid-edit-lessons1",
        "lessons2" => "grid-edit-lessons2",
        "teachers1" => "grid-edit-teachers1",
        "teachers2" => "grid-edit-teachers2",
        "smallGroup1" => "grid-edit-small-group1",
        "smallGroup2" => "grid-edit-small-group2",
        "comments" => "grid-edit-comments",
        "cancelled" => "grid-edit-cancelled",
        "schoolClasses" => "grid-edit-classes",
        _ => return None,
    };
    Some(i18n::text(lang, k))
}

/// A problem's messages in `lang`, sorted to the editor's fields: (field, messages) and the rest.
#[derive(Debug, Clone, Default)]
pub struct Problems {
    /// Messages per field name of [`FIELDS`].
    pub fields: HashMap<&'static str, Vec<String>>,
    /// Messages for no field (e.g. the school year is locked).
    pub general: Vec<String>,
}

impl Problems {
    /// Sorts the messages of `e` (in `lang`) to the fields their pointers name;
    /// a field's JSON key in a message (`` `lessons1` ``) becomes its label.
    pub fn of(e: &Error, lang: Lang) -> Problems {
        Problems::of_with(e, lang, &[])
    }

    /// As [`Problems::of`], and the problems of the body keys of `more`
    /// (key, the form's field it is shown beside, the key's label) beside
    /// those fields; a message is shown once per field.
    pub fn of_with(e: &Error, lang: Lang, more: &[(&str, &'static str, String)]) -> Problems {
        let mut out = Problems::default();
        let messages = e.field_messages(lang);
        if messages.is_empty() {
            out.general.push(e.message(lang));
        }
        for (pointer, _, message) in messages {
            let key = pointer.trim_start_matches('/').split('/').next().unwrap_or_default();
            let found = match FIELDS.iter().find(|f| **f == key) {
                Some(field) => Some((*field, field_label(lang, field).unwrap_or_else(|| (*field).to_string()))),
                None => more.iter().find(|m| m.0 == key).map(|m| (m.1, m.2.clone())),
            };
            match found {
                Some((field, label)) => {
                    let text = message.replace(&format!("`{key}`"), &label);
                    let list = out.fields.entry(field).or_default();
                    if !list.contains(&text) {
                        list.push(text);
                    }
                }
                None => out.general.push(message),
            }
        }
        out
    }

    /// The messages of `field` (none when it is fine).
    pub fn of_field(&self, field: &str) -> Vec<String> {
        self.fields.get(field).cloned().unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::ids::TeacherId;

    fn teacher(id: i64, code: &str) -> TeacherRef {
        TeacherRef {
            id: TeacherId(id),
            archived: false,
            code: code.into(),
            last_name: "L".into(),
            first_name: "F".into(),
            email: None,
        }
    }

    #[test]
    fn a_typed_form_becomes_an_update() {
        let body = b"version=v&loaded=t&class=7&lessons1=2%2C5&lessons2=3&teachers1=ABC&teachers1=&teachers2=def&comments=x&cancelled=on";
        let form = CourseForm::parse(body);
        assert_eq!((form.class, form.teachers1.len()), (7, 2));
        let update = form.update(&[teacher(1, "abc"), teacher(2, "def")]).unwrap();
        assert_eq!(update.lessons1.decimal(), rust_decimal::Decimal::new(25, 1));
        assert_eq!((update.teachers1.len(), update.teachers2[0].0), (1, 2));
        assert!(update.cancelled && !update.small_group1);
        assert_eq!(
            CourseForm::parse(&url_encoded(&form.pairs())),
            CourseForm { teachers1: vec!["ABC".into()], ..form }
        );
    }

    #[test]
    fn every_problem_is_reported_at_its_field() {
        let form = CourseForm { lessons1: "100".into(), teachers2: vec!["zzz".into()], ..CourseForm::default() };
        let e = form.update(&[]).unwrap_err();
        let p = Problems::of(&e, Lang::De);
        assert_eq!(p.of_field("lessons1").len(), 1, "{p:?}");
        assert!(p.of_field("lessons1")[0].starts_with("Lektionen 1. Semester muss"), "{p:?}");
        assert!(p.of_field("teachers2")[0].contains("zzz"), "{p:?}");
        assert!(p.general.is_empty());
    }

    fn url_encoded(pairs: &[(&str, String)]) -> Vec<u8> {
        url::form_urlencoded::Serializer::new(String::new()).extend_pairs(pairs).finish().into_bytes()
    }
}
