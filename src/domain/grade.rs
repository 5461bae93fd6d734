//! Grade (Stufe), docs/contract.md §Resources, with the payroll types its courses count on
//! (docs/workload.md §Setup). Reference form: id, code, description ([`LookupRef`]).

use serde::Serialize;
use serde_json::Value;

use super::body_reader::{checked, limits, Mode, Reader};
use super::ids::{GradeId, PayrollTypeId};
use super::reference_forms::LookupRef;
use super::references::{RefKind, Reference, References};
use super::FromBody;
use crate::error::Result;

/// Grade single form = list form.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Grade {
    /// Database id.
    pub id: GradeId,
    /// Short code, unique case-insensitively (e.g. `GYM1`).
    pub code: String,
    /// Designation.
    pub description: String,
    /// Payroll type of its courses (reference form), or null: then they count nothing and warn.
    pub payroll_type: Option<LookupRef>,
    /// Payroll type of its class-lesson courses (subject `classLesson`), or null.
    pub class_lesson_payroll_type: Option<LookupRef>,
}

impl From<&Grade> for LookupRef {
    fn from(g: &Grade) -> Self {
        LookupRef { id: g.id.0, code: g.code.clone(), description: g.description.clone() }
    }
}

/// A valid grade body: code and description required; the payroll types optional references.
#[derive(Debug, Clone, PartialEq)]
pub struct NewGrade {
    /// Short code.
    pub code: String,
    /// Designation.
    pub description: String,
    /// Payroll type id of its courses.
    pub payroll_type: Option<PayrollTypeId>,
    /// Payroll type id of its class-lesson courses.
    pub class_lesson_payroll_type: Option<PayrollTypeId>,
}

impl FromBody for NewGrade {
    fn from_body(body: &Value, mode: Mode) -> Result<Self> {
        let mut r = Reader::new(body, mode)?;
        let code = r.text("code", true, limits::CODE);
        let description = r.text("description", true, limits::DESCRIPTION);
        let payroll_type = r.reference("payrollType", false).map(PayrollTypeId);
        let class_lesson_payroll_type = r.reference("classLessonPayrollType", false).map(PayrollTypeId);
        r.finish()?;
        Ok(NewGrade { code: checked(code), description: checked(description), payroll_type, class_lesson_payroll_type })
    }
}

/// The ids the body names (docs/contract.md §Validation: each must exist).
impl References for NewGrade {
    fn references(&self) -> Vec<Reference> {
        [
            Reference::optional("/payrollType", RefKind::PayrollType, self.payroll_type),
            Reference::optional("/classLessonPayrollType", RefKind::PayrollType, self.class_lesson_payroll_type),
        ]
        .into_iter()
        .flatten()
        .collect()
    }
}
