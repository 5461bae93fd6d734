//! School year (Schuljahr), interface.md §2.6.
//!
//! The list form equals the single form; the reference form is [`SchoolYearRef`].
//! A school year that is archived or finalised is locked for its courses and
//! employments (contract.md §7); the year itself can always be changed.

use serde::Serialize;
use serde_json::Value;

use super::ids::SchoolYearId;
use super::reader::{checked, limits, Mode, Reader};
use super::FromBody;
use crate::error::Result;

pub use super::refs::SchoolYearRef;

/// Lowest accepted graduation year (contract.md §5).
pub const MIN_GRADUATION_YEAR: i64 = 1900;
/// Highest accepted graduation year (contract.md §5).
pub const MAX_GRADUATION_YEAR: i64 = 2200;
/// Fewest school weeks (contract.md §5).
pub const MIN_WEEKS: i64 = 1;
/// Most school weeks (contract.md §5).
pub const MAX_WEEKS: i64 = 53;

/// School year single form, also its list form.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchoolYear {
    /// Database id.
    pub id: SchoolYearId,
    /// Whether age relief is included.
    pub age_relief_included: bool,
    /// Whether archived (locks courses and employments).
    pub archived: bool,
    /// Short designation, e.g. `26/27`, unique case-insensitively.
    pub code: String,
    /// Long designation.
    pub description: String,
    /// Whether planning is finished (locks courses and employments).
    pub finalised: bool,
    /// Year of graduation (2027 for 26/27), unique.
    pub graduation_year: i64,
    /// Number of school weeks.
    pub weeks: i64,
}

impl SchoolYear {
    /// Whether courses and employments of this year are read-only (contract.md §7).
    pub fn locked(&self) -> bool {
        self.archived || self.finalised
    }
}

impl From<&SchoolYear> for SchoolYearRef {
    fn from(y: &SchoolYear) -> Self {
        SchoolYearRef {
            id: y.id,
            archived: y.archived,
            code: y.code.clone(),
            description: y.description.clone(),
            graduation_year: y.graduation_year,
            finalised: y.finalised,
        }
    }
}

/// A valid school year body (contract.md §5: code, description, graduationYear
/// 1900–2200 and weeks 1–53 required; booleans default to false).
#[derive(Debug, Clone, PartialEq)]
pub struct NewSchoolYear {
    /// Whether age relief is included.
    pub age_relief_included: bool,
    /// Whether archived.
    pub archived: bool,
    /// Short designation.
    pub code: String,
    /// Long designation.
    pub description: String,
    /// Whether planning is finished.
    pub finalised: bool,
    /// Year of graduation.
    pub graduation_year: i64,
    /// Number of school weeks.
    pub weeks: i64,
}

impl FromBody for NewSchoolYear {
    fn from_body(body: &Value, mode: Mode) -> Result<Self> {
        let mut r = Reader::new(body, mode)?;
        let age_relief_included = r.boolean("ageReliefIncluded");
        let archived = r.boolean("archived");
        let code = r.text("code", true, limits::CODE);
        let description = r.text("description", true, limits::DESCRIPTION);
        let finalised = r.boolean("finalised");
        let graduation_year = r.integer("graduationYear", true, MIN_GRADUATION_YEAR, MAX_GRADUATION_YEAR);
        let weeks = r.integer("weeks", true, MIN_WEEKS, MAX_WEEKS);
        r.finish()?;
        Ok(NewSchoolYear {
            age_relief_included,
            archived,
            code: checked(code),
            description: checked(description),
            finalised,
            graduation_year: checked(graduation_year),
            weeks: checked(weeks),
        })
    }
}
