//! Curriculum (Lehrgang), docs/api.md §Forms, docs/contract.md §Resources.
//!
//! `grades` is an ordered list of grade references: first = entry grade, last =
//! graduating grade, at least one, no repeats. The order drives grade
//! derivation ([`super::class_grade::grade_index`]). The list form equals the
//! single form; the reference form is [`CurriculumRef`].
//!
//! A grade given as an object may carry `payrollType` and
//! `classLessonPayrollType`: the existing client's curriculum dialog edits a
//! grade's payroll types inline (docs/client.md §Curriculum "Curriculum"), and the body's
//! values are saved on the grade ([`GradePayrollTypes`]); the grade's code and
//! description inside a curriculum body are ignored (they are edited through `/grade`).

use serde::Serialize;
use serde_json::Value;

use super::body_reader::{checked, id_of, is_blank, limits, Mode, Reader};
use super::ids::{CurriculumId, GradeId, PayrollTypeId};
use super::references::{RefKind, Reference, References};
use super::FromBody;
use crate::error::{ErrorCode, Result};

pub use super::reference_forms::CurriculumRef;

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
    /// Grades in order, entry grade first, in their single form (docs/contract.md §Envelope and forms:
    /// the existing client reads their payroll type there).
    pub grades: Vec<super::grade::Grade>,
}

impl From<&Curriculum> for CurriculumRef {
    fn from(c: &Curriculum) -> Self {
        CurriculumRef { id: c.id, archived: c.archived, code: c.code.clone(), description: c.description.clone() }
    }
}

/// A valid curriculum body (docs/contract.md §Validation: code, description and at least one
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
    /// The payroll types the body sets on its grades, for the grades given as
    /// objects with `payrollType` or `classLessonPayrollType`, in body order.
    pub grade_payroll_types: Vec<GradePayrollTypes>,
}

/// The payroll types a curriculum body gives one of its grades (docs/workload.md §Setup:
/// a grade's `payrollType` and `classLessonPayrollType`, each a reference or
/// null). A key the grade object leaves out keeps the grade's value.
#[derive(Debug, Clone, PartialEq)]
pub struct GradePayrollTypes {
    /// Position of the grade in the body's `grades` (for error pointers).
    pub index: usize,
    /// The grade.
    pub grade: GradeId,
    /// `Some(Some(id))`: set; `Some(None)`: none (`null` or `""`); `None`: keep.
    pub payroll_type: Option<Option<PayrollTypeId>>,
    /// The same for the class-lesson payroll type.
    pub class_lesson_payroll_type: Option<Option<PayrollTypeId>>,
}

impl GradePayrollTypes {
    /// The grade's payroll types `(payrollType, classLessonPayrollType)` after
    /// this edit, from the current ones.
    pub fn applied_to(
        &self,
        current: (Option<PayrollTypeId>, Option<PayrollTypeId>),
    ) -> (Option<PayrollTypeId>, Option<PayrollTypeId>) {
        (self.payroll_type.unwrap_or(current.0), self.class_lesson_payroll_type.unwrap_or(current.1))
    }

    /// JSON pointer of `key` of this grade in the body (`/grades/2/payrollType`).
    pub fn pointer(&self, key: &str) -> String {
        format!("/grades/{}/{key}", self.index)
    }
}

/// The two payroll-type keys of a grade object inside a curriculum body.
pub const GRADE_PAYROLL_KEYS: [&str; 2] = ["payrollType", "classLessonPayrollType"];

/// Reads the payroll types of the grade objects in `grades` (the body's
/// array, if it is one); an unreadable value is recorded as `invalid_type` at
/// `/grades/N/<key>`. Elements without an id were reported by [`Reader::references`].
fn grade_payroll_types(r: &mut Reader, grades: Option<&Value>) -> Vec<GradePayrollTypes> {
    let Some(Value::Array(items)) = grades else { return Vec::new() };
    let mut out = Vec::new();
    for (index, item) in items.iter().enumerate() {
        let Value::Object(grade) = item else { continue };
        let Some(id) = grade.get("id").and_then(id_of) else { continue };
        let mut read = |key: &str| -> Option<Option<PayrollTypeId>> {
            let v = grade.get(key)?;
            if v.is_null() || is_blank(v) {
                return Some(None);
            }
            let id = match v {
                Value::Object(o) => o.get("id").and_then(id_of),
                other => id_of(other),
            };
            if id.is_none() {
                r.error_at(
                    format!("/grades/{index}/{key}"),
                    ErrorCode::InvalidType,
                    crate::i18n::Message::new("error-grade-payroll-type-reference")
                        .arg("pointer", format!("/grades/{index}/{key}")),
                );
            }
            Some(id.map(PayrollTypeId))
        };
        let [payroll_type, class_lesson_payroll_type] = GRADE_PAYROLL_KEYS.map(&mut read);
        if payroll_type.is_some() || class_lesson_payroll_type.is_some() {
            out.push(GradePayrollTypes { index, grade: GradeId(id), payroll_type, class_lesson_payroll_type });
        }
    }
    out
}

impl FromBody for NewCurriculum {
    fn from_body(body: &Value, mode: Mode) -> Result<Self> {
        let mut r = Reader::new(body, mode)?;
        let archived = r.boolean("archived");
        let code = r.text("code", true, limits::CODE);
        let description = r.text("description", true, limits::DESCRIPTION);
        let grades: Vec<GradeId> = r.references("grades").into_iter().map(GradeId).collect();
        let grade_payroll_types = grade_payroll_types(&mut r, body.get("grades"));
        // Absent from a PUT is already `missing_field`; otherwise absent, null or [] is `required`.
        let reported_missing = mode == Mode::Replace && !r.has("grades");
        if grades.is_empty() && !reported_missing {
            r.error("grades", ErrorCode::Required, crate::i18n::Message::new("error-curriculum-grades-required"));
        }
        r.finish()?;
        Ok(NewCurriculum {
            archived,
            code: checked(code),
            description: checked(description),
            grades,
            grade_payroll_types,
        })
    }
}

/// The ids the body names (docs/contract.md §Validation: each must exist), the grades'
/// payroll types included.
impl References for NewCurriculum {
    fn references(&self) -> Vec<Reference> {
        let grades =
            self.grades.iter().enumerate().map(|(i, g)| Reference::new(format!("/grades/{i}"), RefKind::Grade, g.0));
        let payroll_types = self.grade_payroll_types.iter().flat_map(|e| {
            let [p, c] = GRADE_PAYROLL_KEYS.map(|key| e.pointer(key));
            [
                Reference::optional(&p, RefKind::PayrollType, e.payroll_type.flatten()),
                Reference::optional(&c, RefKind::PayrollType, e.class_lesson_payroll_type.flatten()),
            ]
            .into_iter()
            .flatten()
        });
        grades.chain(payroll_types).collect()
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
    fn grade_objects_carry_payroll_types() {
        let c = NewCurriculum::from_body(
            &json!({"code": "G", "description": "d", "grades": [
                {"id": 1, "payrollType": {"id": 7, "description": "x"}, "classLessonPayrollType": null},
                {"id": 2, "code": "GYM2"},
                3,
                {"id": "4", "payrollType": "", "classLessonPayrollType": "8"}]}),
            Mode::Create,
        )
        .unwrap();
        let edit = |index, grade, payroll_type, class_lesson_payroll_type| GradePayrollTypes {
            index,
            grade: GradeId(grade),
            payroll_type,
            class_lesson_payroll_type,
        };
        assert_eq!(
            c.grade_payroll_types,
            [
                edit(0, 1, Some(Some(PayrollTypeId(7))), Some(None)),
                edit(3, 4, Some(None), Some(Some(PayrollTypeId(8))))
            ]
        );
        let pt = |id| Some(PayrollTypeId(id));
        assert_eq!(c.grade_payroll_types[0].applied_to((pt(1), pt(2))), (pt(7), None));
        assert_eq!(edit(5, 9, None, Some(pt(3))).applied_to((pt(1), pt(2))), (pt(1), pt(3)), "absent keeps");
        let pointers: Vec<_> = c.references().into_iter().map(|r| (r.pointer, r.kind, r.id)).collect();
        assert_eq!(
            pointers[4..],
            [
                ("/grades/0/payrollType".to_string(), RefKind::PayrollType, 7),
                ("/grades/3/classLessonPayrollType".to_string(), RefKind::PayrollType, 8)
            ]
        );
        assert_eq!(
            codes(json!({"code": "G", "description": "d", "grades": [{"id": 1, "payrollType": "G2"}]}), Mode::Create),
            [("/grades/0/payrollType".to_string(), "invalid_type")]
        );
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
