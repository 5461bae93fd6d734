//! Subject (Fach), docs/api.md §Forms.
//!
//! The list form (also the reference form) is [`SubjectRef`](super::reference_forms::SubjectRef): it lacks
//! `crossClass` and `externalCode`, which only the single form carries.

use serde::Serialize;
use serde_json::Value;

use super::body_reader::{checked, limits, Mode, Reader};
use super::ids::{SubjectCategoryId, SubjectId, SubjectTypeId};
use super::reference_forms::LookupRef;
use super::references::{RefKind, Reference, References};
use super::FromBody;
use crate::error::Result;

pub use super::reference_forms::SubjectRef as SubjectListItem;

/// Subject single form.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Subject {
    /// Database id.
    pub id: SubjectId,
    /// Whether archived.
    pub archived: bool,
    /// Subject category (Fachgebiet); required since docs/client.md §Disagreements (the client's
    /// overview fails without one), null only for subjects stored before and not saved since.
    pub category: Option<LookupRef>,
    /// Short code, e.g. `D`, `SF B`, unique case-insensitively.
    pub code: String,
    /// Designation.
    pub description: String,
    /// Subject type (Fachtyp).
    #[serde(rename = "type")]
    pub kind: LookupRef,
    /// Whether the subject spans classes (its courses have a grade, no classes).
    pub cross_class: bool,
    /// Code in the external school administration system, or null.
    pub external_code: Option<String>,
    /// Whether its courses are class lessons (Klassenstunde), counted under the
    /// grade's classLessonPayrollType (docs/workload.md §Setup).
    pub class_lesson: bool,
}

impl From<&Subject> for SubjectListItem {
    fn from(s: &Subject) -> Self {
        SubjectListItem {
            id: s.id,
            archived: s.archived,
            category: s.category.clone(),
            code: s.code.clone(),
            description: s.description.clone(),
            kind: s.kind.clone(),
        }
    }
}

/// A valid subject body (docs/contract.md §Validation: code, description and type required,
/// and the category, docs/client.md §Disagreements 7;
/// `externalCode` also accepted as `eventoCode`, docs/contract.md §Tolerant reader).
#[derive(Debug, Clone, PartialEq)]
pub struct NewSubject {
    /// Whether archived.
    pub archived: bool,
    /// Short code.
    pub code: String,
    /// Designation.
    pub description: String,
    /// Subject category.
    pub category: SubjectCategoryId,
    /// Subject type.
    pub kind: SubjectTypeId,
    /// Whether the subject spans classes.
    pub cross_class: bool,
    /// Code in the external administration system.
    pub external_code: Option<String>,
    /// Whether its courses are class lessons.
    pub class_lesson: bool,
}

impl FromBody for NewSubject {
    fn from_body(body: &Value, mode: Mode) -> Result<Self> {
        let mut r = Reader::new(body, mode)?;
        let archived = r.boolean("archived");
        let category = r.reference("category", true).map(SubjectCategoryId);
        let code = r.text("code", true, limits::CODE);
        let description = r.text("description", true, limits::DESCRIPTION);
        let kind = r.reference("type", true).map(SubjectTypeId);
        let cross_class = r.boolean("crossClass");
        let external_code = r.text_alias("externalCode", &["eventoCode"], false, limits::CODE);
        let class_lesson = r.boolean("classLesson");
        r.finish()?;
        Ok(NewSubject {
            archived,
            code: checked(code),
            description: checked(description),
            category: checked(category),
            kind: checked(kind),
            cross_class,
            external_code,
            class_lesson,
        })
    }
}

/// The ids the body names (docs/contract.md §Validation: each must exist).
impl References for NewSubject {
    fn references(&self) -> Vec<Reference> {
        vec![
            Reference::new("/category", RefKind::SubjectCategory, self.category.0),
            Reference::new("/type", RefKind::SubjectType, self.kind.0),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Error;
    use serde_json::json;

    fn problems(body: Value, mode: Mode) -> Vec<(String, &'static str)> {
        match NewSubject::from_body(&body, mode) {
            Err(Error::Problem { errors, .. }) => errors.into_iter().map(|e| (e.pointer, e.code.as_str())).collect(),
            other => panic!("expected a problem, got {other:?}"),
        }
    }

    #[test]
    fn reads_tolerant_forms_and_the_evento_alias() {
        let body = json!({"code": " SF B ", "description": "Biologie", "type": {"id": 2}, "category": "3",
                          "crossClass": "true", "eventoCode": "SFB"});
        let s = NewSubject::from_body(&body, Mode::Create).unwrap();
        assert_eq!(s.code, "SF B");
        assert_eq!((s.category, s.kind), (SubjectCategoryId(3), SubjectTypeId(2)));
        assert!(s.cross_class && !s.archived);
        assert_eq!(s.external_code.as_deref(), Some("SFB"));
        let s = NewSubject::from_body(
            &json!({"code": "D", "description": "Deutsch", "type": 1, "category": 4, "externalCode": "DE"}),
            Mode::Create,
        )
        .unwrap();
        assert_eq!((s.category, s.external_code.as_deref()), (SubjectCategoryId(4), Some("DE")));
    }

    #[test]
    fn required_fields_and_put_completeness() {
        assert_eq!(
            problems(json!({"category": null}), Mode::Create),
            [
                ("/category".to_string(), "required"),
                ("/code".into(), "required"),
                ("/description".into(), "required"),
                ("/type".into(), "required")
            ]
        );
        // PUT: every writable key present; the alias counts for externalCode.
        let full = json!({"archived": false, "category": 4, "code": "D", "description": "Deutsch", "type": 1,
                          "crossClass": false, "eventoCode": null, "classLesson": false});
        assert!(NewSubject::from_body(&full, Mode::Replace).is_ok());
        let mut partial = full.clone();
        partial.as_object_mut().unwrap().remove("category");
        assert_eq!(problems(partial, Mode::Replace), [("/category".to_string(), "missing_field")]);
    }
}
