//! School class (Klasse), docs/api.md §Forms.
//!
//! Single form = list form = reference form ([`SchoolClassRef`](super::reference_forms::SchoolClassRef)). Listed for a
//! school year, each class also carries its grade in that year
//! ([`SchoolClassInYear`], derived by [`super::class_grade::grade_index`]).

use serde::Serialize;
use serde_json::Value;

use super::body_reader::{checked, limits, Mode, Reader};
use super::class_grade::grade_index;
use super::ids::{CurriculumId, DivisionId};
use super::reference_forms::LookupRef;
use super::references::{RefKind, Reference, References};
use super::FromBody;
use crate::error::Result;

pub use super::reference_forms::SchoolClassRef as SchoolClass;

/// A class as listed for one school year: its fields plus its grade that year.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct SchoolClassInYear {
    /// The class (single form).
    #[serde(flatten)]
    pub class: SchoolClass,
    /// The class's grade in the school year (reference form).
    pub grade: LookupRef,
}

/// The grade of a class graduating in `class_graduation_year`, in the school year
/// graduating in `school_year_graduation_year`, given its curriculum's grades in
/// order (entry grade first); `None` when the class does not exist that year.
pub fn grade_in_year(
    curriculum_grades: &[LookupRef],
    class_graduation_year: i64,
    school_year_graduation_year: i64,
) -> Option<&LookupRef> {
    grade_index(curriculum_grades.len(), class_graduation_year, school_year_graduation_year)
        .map(|i| &curriculum_grades[i])
}

/// A valid school class body (docs/contract.md §Validation: code, curriculum, division and
/// graduationYear required; graduationYear 1900–2200).
#[derive(Debug, Clone, PartialEq)]
pub struct NewSchoolClass {
    /// Whether archived.
    pub archived: bool,
    /// Designation, e.g. `G27c`.
    pub code: String,
    /// Curriculum of the class.
    pub curriculum: CurriculumId,
    /// Division of the class.
    pub division: DivisionId,
    /// Year the class graduates.
    pub graduation_year: i64,
}

impl FromBody for NewSchoolClass {
    fn from_body(body: &Value, mode: Mode) -> Result<Self> {
        let mut r = Reader::new(body, mode)?;
        let archived = r.boolean("archived");
        let code = r.text("code", true, limits::CODE);
        let curriculum = r.reference("curriculum", true).map(CurriculumId);
        let division = r.reference("division", true).map(DivisionId);
        let graduation_year = r.integer(
            "graduationYear",
            true,
            super::schoolyear::MIN_GRADUATION_YEAR,
            super::schoolyear::MAX_GRADUATION_YEAR,
        );
        r.finish()?;
        Ok(NewSchoolClass {
            archived,
            code: checked(code),
            curriculum: checked(curriculum),
            division: checked(division),
            graduation_year: checked(graduation_year),
        })
    }
}

/// The ids the body names (docs/contract.md §Validation: each must exist).
impl References for NewSchoolClass {
    fn references(&self) -> Vec<Reference> {
        vec![
            Reference::new("/curriculum", RefKind::Curriculum, self.curriculum.0),
            Reference::new("/division", RefKind::Division, self.division.0),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::ids::{CurriculumId, SchoolClassId};
    use crate::domain::reference_forms::CurriculumRef;
    use serde_json::json;

    fn grade(id: i64, code: &str) -> LookupRef {
        LookupRef { id, code: code.into(), description: code.into() }
    }

    #[test]
    fn grade_in_year_follows_the_domain_example() {
        let gym = [grade(1, "GYM1"), grade(2, "GYM2"), grade(3, "GYM3"), grade(4, "GYM4")];
        assert_eq!(grade_in_year(&gym, 2027, 2027).map(|g| g.code.as_str()), Some("GYM4"));
        assert_eq!(grade_in_year(&gym, 2030, 2027).map(|g| g.code.as_str()), Some("GYM1"));
        assert_eq!(grade_in_year(&gym, 2031, 2027), None);
        assert_eq!(grade_in_year(&gym, 2026, 2027), None);
        assert_eq!(grade_in_year(&[], 2027, 2027), None);
    }

    #[test]
    fn in_year_form_is_the_class_plus_grade() {
        let class = SchoolClass {
            id: SchoolClassId(7),
            archived: false,
            code: "G27a".into(),
            graduation_year: 2027,
            curriculum: CurriculumRef {
                id: CurriculumId(1),
                archived: false,
                code: "GYM 17".into(),
                description: "Gym".into(),
            },
            division: grade(2, "D"),
        };
        let v = serde_json::to_value(SchoolClassInYear { class, grade: grade(4, "GYM4") }).unwrap();
        assert_eq!(v["id"], 7);
        assert_eq!(v["graduationYear"], 2027);
        assert_eq!(v["curriculum"]["code"], "GYM 17");
        assert_eq!(v["grade"], json!({"id": 4, "code": "GYM4", "description": "GYM4"}));
    }

    #[test]
    fn body_rules() {
        let c = NewSchoolClass::from_body(
            &json!({"code": " G27a ", "curriculum": {"id": 1}, "division": "2", "graduationYear": "2027"}),
            Mode::Create,
        )
        .unwrap();
        assert_eq!(
            (c.code.as_str(), c.curriculum, c.division, c.graduation_year),
            ("G27a", CurriculumId(1), DivisionId(2), 2027)
        );
        let Err(crate::error::Error::Problem { errors, .. }) =
            NewSchoolClass::from_body(&json!({"code": "x", "curriculum": 1, "graduationYear": 1899}), Mode::Create)
        else {
            panic!("expected a problem")
        };
        let got: Vec<_> = errors.iter().map(|e| (e.pointer.as_str(), e.code.as_str())).collect();
        assert_eq!(got, [("/division", "required"), ("/graduationYear", "out_of_range")]);
    }
}
