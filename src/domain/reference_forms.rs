//! Reference forms: how an object appears inside another object (docs/contract.md §Envelope and forms).

use serde::Serialize;

use super::ids::*;

/// Reference form of a grade, subject category, subject type or division: id, code, description.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct LookupRef {
    /// Database id.
    pub id: i64,
    /// Short code.
    pub code: String,
    /// Designation.
    pub description: String,
}

/// Reference form of a curriculum.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CurriculumRef {
    /// Database id.
    pub id: CurriculumId,
    /// Whether archived.
    pub archived: bool,
    /// Short code, e.g. `GYM 17`.
    pub code: String,
    /// Full designation.
    pub description: String,
}

/// Reference form of a school year.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchoolYearRef {
    /// Database id.
    pub id: SchoolYearId,
    /// Whether archived (locked, docs/contract.md §Locked school years).
    pub archived: bool,
    /// Short designation, e.g. `26/27`.
    pub code: String,
    /// Long designation.
    pub description: String,
    /// Year of graduation of the school year (2027 for 26/27).
    pub graduation_year: i64,
    /// Whether planning is finished (locked, docs/contract.md §Locked school years).
    pub finalised: bool,
    /// Whether the year's calculation mode is one of the `…AgeReliefIncluded` modes (docs/workload.md §Setup).
    pub age_relief_included: bool,
}

/// Reference form of a school class.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchoolClassRef {
    /// Database id.
    pub id: SchoolClassId,
    /// Whether archived.
    pub archived: bool,
    /// Designation, e.g. `G27c`.
    pub code: String,
    /// Year the class graduates.
    pub graduation_year: i64,
    /// Curriculum of the class.
    pub curriculum: CurriculumRef,
    /// Division of the class.
    pub division: LookupRef,
}

/// Teacher list form, also its reference form (docs/api.md §Forms).
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TeacherRef {
    /// Database id.
    pub id: TeacherId,
    /// Whether archived.
    pub archived: bool,
    /// Short code (Kürzel), unique in the school.
    pub code: String,
    /// Last name.
    pub last_name: String,
    /// First name.
    pub first_name: String,
    /// E-mail address or null.
    pub email: Option<String>,
}

/// Subject list form, also its reference form (docs/api.md §Forms).
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubjectRef {
    /// Database id.
    pub id: SubjectId,
    /// Whether archived.
    pub archived: bool,
    /// Subject category (Fachgebiet) or null.
    pub category: Option<LookupRef>,
    /// Short code, e.g. `D`, `SF B`.
    pub code: String,
    /// Designation.
    pub description: String,
    /// Subject type (Fachtyp).
    #[serde(rename = "type")]
    pub kind: LookupRef,
}
