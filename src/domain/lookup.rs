//! Lookups: grade (Stufe), subject category (Fachgebiet), subject type (Fachtyp), gender.
//!
//! Subject category, subject type and gender have the same shape — id, code,
//! description (docs/contract.md §Validation) plus `archived` (docs/client.md §Lookups: the client filters
//! subject types and categories on it; genders share the implementation) — and
//! share one implementation parameterised by [`LookupKind`]. Their reference
//! form is [`super::reference_forms::LookupRef`] (id, code, description).

use serde::Serialize;
use serde_json::Value;

use super::body_reader::{checked, limits, Mode, Reader};
use super::references::References;
use super::FromBody;
use crate::error::Result;

/// Which lookup resource.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LookupKind {
    /// Grade (Stufe), e.g. GYM1.
    Grade,
    /// Subject category (Fachgebiet), e.g. Biologie.
    SubjectCategory,
    /// Subject type (Fachtyp), e.g. Grundlagenfach.
    SubjectType,
    /// Gender (Geschlecht) of a teacher (docs/workload.md §Setup).
    Gender,
}

impl LookupKind {
    /// Database table.
    pub fn table(self) -> &'static str {
        match self {
            LookupKind::Grade => "grade",
            LookupKind::SubjectCategory => "subject_category",
            LookupKind::SubjectType => "subject_type",
            LookupKind::Gender => "gender",
        }
    }
    /// Noun for messages.
    pub fn noun(self) -> &'static str {
        match self {
            LookupKind::Grade => "grade",
            LookupKind::SubjectCategory => "subject category",
            LookupKind::SubjectType => "subject type",
            LookupKind::Gender => "gender",
        }
    }
    /// The SQL of its `archived` flag (grades have none: always false).
    pub fn archived_sql(self) -> &'static str {
        match self {
            LookupKind::Grade => "FALSE AS archived",
            _ => "archived",
        }
    }
    /// Path segment under `/api/v1`.
    pub fn path(self) -> &'static str {
        match self {
            LookupKind::Grade => "grade",
            LookupKind::SubjectCategory => "subjectcategory",
            LookupKind::SubjectType => "subjecttype",
            LookupKind::Gender => "gender",
        }
    }
}

/// A lookup in single and list form: id, code, description, archived.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Lookup {
    /// Database id.
    pub id: i64,
    /// Short code, unique per kind (case-insensitive).
    pub code: String,
    /// Designation.
    pub description: String,
    /// Whether archived (kept for old data, no longer offered).
    pub archived: bool,
}

/// A valid lookup body: code and description are required; `archived` defaults to false.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NewLookup {
    /// Short code, unique per kind (case-insensitive).
    pub code: String,
    /// Designation.
    pub description: String,
    /// Whether archived.
    pub archived: bool,
}

impl FromBody for NewLookup {
    fn from_body(body: &Value, mode: Mode) -> Result<Self> {
        let mut r = Reader::new(body, mode)?;
        let code = r.text("code", true, limits::CODE);
        let description = r.text("description", true, limits::DESCRIPTION);
        let archived = r.boolean("archived");
        r.finish()?;
        Ok(NewLookup { code: checked(code), description: checked(description), archived })
    }
}

impl References for NewLookup {}

/// 409 `referenced` while `users` use the lookup `code` of `kind`
/// (docs/contract.md §Deleting): "The subject category MINT is used by subject M and
/// teacher AB; it cannot be deleted."
pub fn check_unused(kind: LookupKind, code: &str, users: &[String]) -> crate::error::Result<()> {
    super::references::check_unused(users, |users| {
        crate::i18n::Message::new("error-in-use-named")
            .arg_message("kind", crate::i18n::Message::kind(kind.noun()))
            .arg("code", code)
            .arg_message("users", users)
    })
}
