//! Curriculum (Lehrgang), interface.md §2.7, contract.md §5.
//!
//! `grades` is an ordered list of grade references: first = entry grade, last =
//! graduating grade, at least one, no repeats. The order drives grade
//! derivation ([`super::grade_rule::grade_index`]). The list form equals the
//! single form; the reference form is [`CurriculumRef`].

use serde::Serialize;
use serde_json::Value;

use super::ids::{CurriculumId, GradeId};
use super::reader::{checked, limits, Mode, Reader};
use super::references::{RefKind, Reference, References};
use super::FromBody;
use crate::error::{ErrorCode, Result};

pub use super::refs::CurriculumRef;

/// Curriculum single form, also its list form.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Curriculum {
    /// Database id.
    pub id: CurriculumId,
    /// Whether archived.
    pub archived: bool,
    /// Short code, e.g. `GYM 17`, unique case-insensitively.
    pub code: String,
    /// Full designation.
    pub description: String,
    /// Grades in order, entry grade first, in their single form (contract.md §2:
    /// the existing client reads their payroll type there).
    pub grades: Vec<super::grade::Grade>,
}

impl From<&Curriculum> for CurriculumRef {
    fn from(c: &Curriculum) -> Self {
        CurriculumRef { id: c.id, archived: c.archived, code: c.code.clone(), description: c.description.clone() }
    }
}

/// A valid curriculum body (contract.md §5: code, description and at least one
/// grade required; no grade twice).
#[derive(Debug, Clone, PartialEq)]
pub struct NewCurriculum {
    /// Whether archived.
    pub archived: bool,
    /// Short code.
    pub code: String,
    /// Full designation.
    pub description: String,
    /// Grade ids in order, entry grade first; non-empty, no repeats.
    pub grades: Vec<GradeId>,
}

impl FromBody for NewCurriculum {
    fn from_body(body: &Value, mode: Mode) -> Result<Self> {
        let mut r = Reader::new(body, mode)?;
        let archived = r.boolean("archived");
        let code = r.text("code", true, limits::CODE);
        let description = r.text("description", true, limits::DESCRIPTION);
        let grades: Vec<GradeId> = r.references("grades").into_iter().map(GradeId).collect();
        // Absent from a PUT is already `missing_field`; otherwise absent, null or [] is `required`.
        let reported_missing = mode == Mode::Replace && !r.has("grades");
        if grades.is_empty() && !reported_missing {
            r.error("grades", ErrorCode::Required, "`grades` is required: list at least one grade, entry grade first.");
        }
        r.finish()?;
        Ok(NewCurriculum { archived, code: checked(code), description: checked(description), grades })
    }
}

/// The ids the body names (contract.md §5: each must exist).
impl References for NewCurriculum {
    fn references(&self) -> Vec<Reference> {
        self.grades
            .iter()
            .enumerate()
            .map(|(i, g)| Reference::new(format!("/grades/{i}"), RefKind::Grade, g.0))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Error;
    use serde_json::json;

    fn codes(body: Value, mode: Mode) -> Vec<(String, &'static str)> {
        match NewCurriculum::from_body(&body, mode) {
            Err(Error::Problem { errors, .. }) => errors.into_iter().map(|e| (e.pointer, e.code.as_str())).collect(),
            other => panic!("expected a problem, got {other:?}"),
        }
    }

    #[test]
    fn grades_keep_their_order_and_are_required() {
        let c = NewCurriculum::from_body(
            &json!({"code": "GYM 17", "description": "Gym", "grades": [3, {"id": 1}, "2"]}),
            Mode::Create,
        )
        .unwrap();
        assert_eq!(c.grades, vec![GradeId(3), GradeId(1), GradeId(2)]);
        assert_eq!(
            codes(json!({"code": "G", "description": "d", "grades": []}), Mode::Create),
            [("/grades".to_string(), "required")]
        );
        assert_eq!(
            codes(json!({"code": "G", "description": "d"}), Mode::Create),
            [("/grades".to_string(), "required")]
        );
        assert_eq!(
            codes(json!({"code": "G", "description": "d", "archived": true, "grades": null}), Mode::Replace),
            [("/grades".to_string(), "required")]
        );
        assert_eq!(
            codes(json!({"code": "G", "description": "d", "archived": false}), Mode::Replace),
            [("/grades".to_string(), "missing_field")]
        );
        assert_eq!(
            codes(json!({"code": "G", "description": "d", "grades": [1, 2, 1]}), Mode::Create),
            [("/grades/2".to_string(), "duplicate_entry")]
        );
    }
}
