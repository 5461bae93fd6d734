//! Teacher (Lehrperson), docs/api.md §Forms.

use chrono::NaiveDate;
use serde::Serialize;
use serde_json::Value;

use super::body_reader::{checked, limits, Mode, Reader};
use super::ids::{GenderId, SubjectCategoryId, TeacherId};
use super::reference_forms::LookupRef;
use super::references::{RefKind, Reference, References};
use super::FromBody;
use crate::error::Result;

/// Whether `s` is an address a mail can go to: RFC 5322 as `email_address`
/// reads it, and with an `@` (that crate also accepts a bare local part).
/// The one rule for teachers' addresses, invitations and mails.
pub fn valid_email(s: &str) -> bool {
    s.contains('@') && email_address::EmailAddress::is_valid(s)
}

pub use super::reference_forms::TeacherRef as TeacherListItem;

/// Teacher single form.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Teacher {
    /// Database id.
    pub id: TeacherId,
    /// Whether archived.
    pub archived: bool,
    /// Short code (Kürzel), unique case-insensitively.
    pub code: String,
    /// First name.
    pub first_name: String,
    /// Last name.
    pub last_name: String,
    /// E-mail address or null.
    pub email: Option<String>,
    /// Date of birth `YYYY-MM-DD` or null.
    pub birthday: Option<String>,
    /// Subject categories the teacher teaches (reference form), in given order.
    pub departments: Vec<LookupRef>,
    /// Employee number or null.
    pub employee_number: Option<String>,
    /// Academic title or null.
    pub title: Option<String>,
    /// Gender (reference form) or null (docs/workload.md §Setup).
    pub gender: Option<LookupRef>,
}

/// `GET /teacher/ID?detail=history` (docs/client.md §Teachers, TeacherHistory): the single
/// form plus the teacher's employments of every school year, oldest first,
/// with their balances (docs/workload.md §Balance; null where the year hides them).
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct TeacherWithHistory {
    /// The teacher's single form.
    #[serde(flatten)]
    pub teacher: Teacher,
    /// With `?detail=history` only: the employments, by school year
    /// (graduation year ascending). Absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub history: Option<Vec<crate::domain::employment::Employment>>,
}

/// A valid teacher body (docs/contract.md §Validation: code, firstName, lastName required;
/// email syntactically valid; birthday a real date not in the future).
#[derive(Debug, Clone, PartialEq)]
pub struct NewTeacher {
    /// Whether archived.
    pub archived: bool,
    /// Short code.
    pub code: String,
    /// First name.
    pub first_name: String,
    /// Last name.
    pub last_name: String,
    /// E-mail address.
    pub email: Option<String>,
    /// Date of birth.
    pub birthday: Option<NaiveDate>,
    /// Subject category ids, no repeats.
    pub departments: Vec<SubjectCategoryId>,
    /// Employee number.
    pub employee_number: Option<String>,
    /// Academic title.
    pub title: Option<String>,
    /// Gender id, optional (docs/workload.md §Setup).
    pub gender: Option<GenderId>,
}

impl FromBody for NewTeacher {
    fn from_body(body: &Value, mode: Mode) -> Result<Self> {
        let mut r = Reader::new(body, mode)?;
        let archived = r.boolean("archived");
        let code = r.text("code", true, limits::CODE);
        let first_name = r.text("firstName", true, limits::NAME);
        let last_name = r.text("lastName", true, limits::NAME);
        let email = r.email("email");
        let birthday = r.date("birthday", true);
        let departments = r.references("departments").into_iter().map(SubjectCategoryId).collect();
        let employee_number = r.text("employeeNumber", false, limits::NAME);
        let title = r.text("title", false, limits::NAME);
        let gender = r.reference("gender", false).map(GenderId);
        r.finish()?;
        Ok(NewTeacher {
            archived,
            code: checked(code),
            first_name: checked(first_name),
            last_name: checked(last_name),
            email,
            birthday,
            departments,
            employee_number,
            title,
            gender,
        })
    }
}

/// The ids the body names (docs/contract.md §Validation: each must exist).
impl References for NewTeacher {
    fn references(&self) -> Vec<Reference> {
        let mut refs: Vec<Reference> = self
            .departments
            .iter()
            .enumerate()
            .map(|(i, d)| Reference::new(format!("/departments/{i}"), RefKind::SubjectCategory, d.0))
            .collect();
        refs.extend(Reference::optional("/gender", RefKind::Gender, self.gender));
        refs
    }
}
