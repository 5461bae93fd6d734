//! Employment (Anstellung): a teacher's contract for one school year (docs/contract.md §Resources).
//!
//! One employment per (teacher, school year). Its school year must not be
//! locked (archived or finalised, docs/contract.md §Locked school years) to create, change or delete it.
//! Single form = list form.

use serde::Serialize;
use serde_json::Value;

use super::body_reader::{checked, limits, Mode, Reader};
use super::fixed::{Amount, Fixed};
use super::ids::{DivisionId, EmploymentId, SchoolYearId, TeacherId};
use super::reference_forms::{LookupRef, SchoolYearRef, TeacherRef};
use super::references::{RefKind, Reference, References};
use super::FromBody;
use crate::error::{ErrorCode, Result};

/// Lowest percent value.
pub const MIN_PERCENT: i64 = 0;
/// Highest percent value.
pub const MAX_PERCENT: i64 = 100;
/// Largest initial IPB balance in percent, either sign (docs/workload.md §Setup).
pub const MAX_BALANCE: i64 = 1000;

/// Employment single form, also its list form.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Employment {
    /// Database id.
    pub id: EmploymentId,
    /// The teacher: reference form plus `gender` (docs/client.md: the existing
    /// client's year overview counts employments by gender).
    pub teacher: EmployedTeacher,
    /// The school year (reference form).
    pub school_year: SchoolYearRef,
    /// The division employing the teacher (reference form).
    pub division: LookupRef,
    /// Lowest agreed employment in percent, or null.
    pub employment_min: Option<Fixed>,
    /// Highest agreed employment in percent, or null.
    pub employment_max: Option<Fixed>,
    /// Paid percent in semester 1, or null.
    pub payment1: Option<Fixed>,
    /// Paid percent in semester 2, or null.
    pub payment2: Option<Fixed>,
    /// Whether the employment is temporary.
    pub temporary: bool,
    /// Free comment, or null.
    pub comments: Option<String>,
    /// IPB balance in percent before the teacher's first employment (−1000 to 1000, default 0).
    pub initial_balance: Fixed,
    /// Read-only: the IPB balance at the start of the year in percent (docs/workload.md §Balance), or
    /// null when the year's showIpbBalances is false.
    pub opening_balance: Option<Amount>,
    /// Read-only: the IPB balance at the end of the year, or null.
    pub closing_balance: Option<Amount>,
    /// Read-only: closingBalance − openingBalance, or null.
    pub change: Option<Amount>,
}

/// The teacher inside an employment: the teacher's reference form plus
/// `gender` (reference form or null), on both mounts (docs/client.md "Where the
/// client reads a field that the seed's list forms exclude": the existing
/// client's year overview counts employments by gender). Reads as the
/// reference form (`e.teacher.code`) through `Deref`.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct EmployedTeacher {
    /// The teacher's reference form.
    #[serde(flatten)]
    pub reference: TeacherRef,
    /// The teacher's gender (reference form) or null (docs/workload.md §Setup).
    pub gender: Option<LookupRef>,
}

impl std::ops::Deref for EmployedTeacher {
    type Target = TeacherRef;
    fn deref(&self) -> &TeacherRef {
        &self.reference
    }
}

impl From<EmployedTeacher> for TeacherRef {
    fn from(t: EmployedTeacher) -> Self {
        t.reference
    }
}

/// A valid employment body: teacher, schoolYear and division required; percent
/// fields 0–100 with at most 4 decimals; employmentMin ≤ employmentMax.
#[derive(Debug, Clone, PartialEq)]
pub struct NewEmployment {
    /// The teacher.
    pub teacher: TeacherId,
    /// The school year.
    pub school_year: SchoolYearId,
    /// The division.
    pub division: DivisionId,
    /// Lowest agreed employment in percent.
    pub employment_min: Option<Fixed>,
    /// Highest agreed employment in percent.
    pub employment_max: Option<Fixed>,
    /// Paid percent in semester 1.
    pub payment1: Option<Fixed>,
    /// Paid percent in semester 2.
    pub payment2: Option<Fixed>,
    /// Whether temporary.
    pub temporary: bool,
    /// Free comment.
    pub comments: Option<String>,
    /// Initial IPB balance in percent.
    pub initial_balance: Fixed,
}

impl FromBody for NewEmployment {
    fn from_body(body: &Value, mode: Mode) -> Result<Self> {
        let mut r = Reader::new(body, mode)?;
        let teacher = r.reference("teacher", true).map(TeacherId);
        let school_year = r.reference("schoolYear", true).map(SchoolYearId);
        let division = r.reference("division", true).map(DivisionId);
        let employment_min = r.fixed("employmentMin", MIN_PERCENT, MAX_PERCENT);
        let employment_max = r.fixed("employmentMax", MIN_PERCENT, MAX_PERCENT);
        let payment1 = r.fixed("payment1", MIN_PERCENT, MAX_PERCENT);
        let payment2 = r.fixed("payment2", MIN_PERCENT, MAX_PERCENT);
        let temporary = r.boolean("temporary");
        let comments = r.multi_line_text("comments", false, limits::COMMENT);
        let initial_balance = r.fixed("initialBalance", -MAX_BALANCE, MAX_BALANCE).unwrap_or_default();
        if let (Some(min), Some(max)) = (employment_min, employment_max) {
            if min > max {
                r.error(
                    "employmentMin",
                    ErrorCode::EmploymentRange,
                    crate::i18n::Message::new("error-employment-range-values").arg("min", min).arg("max", max),
                );
            }
        }
        r.finish()?;
        Ok(NewEmployment {
            teacher: checked(teacher),
            school_year: checked(school_year),
            division: checked(division),
            employment_min,
            employment_max,
            payment1,
            payment2,
            temporary,
            comments,
            initial_balance,
        })
    }
}

/// The ids the body names (docs/contract.md §Validation: each must exist).
impl References for NewEmployment {
    fn references(&self) -> Vec<Reference> {
        vec![
            Reference::new("/teacher", RefKind::Teacher, self.teacher.0),
            Reference::new("/schoolYear", RefKind::SchoolYear, self.school_year.0),
            Reference::new("/division", RefKind::Division, self.division.0),
        ]
    }
}

/// 409 `referenced` while `users` (courses the teacher teaches in the
/// year, pool entries, postings, theses) hang on employment `before`:
/// it cannot be `what` ("deleted", "moved to another teacher or school year";
/// docs/contract.md §Deleting).
pub fn check_unused(before: &Employment, users: &[String], what: &str) -> Result<()> {
    super::references::check_unused(users, |users| {
        crate::i18n::Message::new("error-in-use-employment")
            .arg("teacher", &before.teacher.code)
            .arg_message("users", users)
            .arg("year", &before.school_year.code)
            .arg("what", what)
    })
}

/// Whether saving `new` over `before` moves the employment to another teacher
/// or school year (which its courses and entries forbid, [`check_unused`]).
pub fn moves(before: &Employment, new: &NewEmployment) -> bool {
    before.teacher.id != new.teacher || before.school_year.id != new.school_year
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Error;
    use serde_json::json;

    fn problems(body: Value, mode: Mode) -> Vec<(String, &'static str)> {
        match NewEmployment::from_body(&body, mode) {
            Err(Error::Problem { errors, .. }) => errors.into_iter().map(|e| (e.pointer, e.code.as_str())).collect(),
            other => panic!("expected a problem, got {other:?}"),
        }
    }

    #[test]
    fn reads_percent_exactly() {
        let e = NewEmployment::from_body(
            &json!({"teacher": 1, "schoolYear": {"id": 2}, "division": "3", "employmentMin": "57.5", "employmentMax": 100,
                    "payment1": 33.3333, "temporary": "true", "comments": "  "}),
            Mode::Create,
        )
        .unwrap();
        assert_eq!((e.teacher, e.school_year, e.division), (TeacherId(1), SchoolYearId(2), DivisionId(3)));
        assert_eq!(e.employment_min, Some(Fixed(575_000)));
        assert_eq!(e.employment_max, Some(Fixed::units(100)));
        assert_eq!((e.payment1, e.payment2), (Some(Fixed(333_333)), None));
        assert!(e.temporary);
        assert_eq!(e.comments, None);
    }

    #[test]
    fn rules() {
        assert_eq!(
            problems(
                json!({"teacher": 1, "schoolYear": 2, "division": 3, "employmentMin": 60, "employmentMax": 50}),
                Mode::Create
            ),
            [("/employmentMin".to_string(), "employment_range")]
        );
        assert_eq!(
            problems(json!({"employmentMax": 100.5, "payment2": 1.23456}), Mode::Create),
            [
                ("/teacher".to_string(), "required"),
                ("/schoolYear".into(), "required"),
                ("/division".into(), "required"),
                ("/employmentMax".into(), "out_of_range"),
                ("/payment2".into(), "too_precise"),
            ]
        );
        let missing = problems(json!({"teacher": 1, "schoolYear": 2, "division": 3}), Mode::Replace);
        let pointers: Vec<_> = missing.iter().map(|(p, c)| (p.as_str(), *c)).collect();
        assert_eq!(
            pointers,
            [
                ("/employmentMin", "missing_field"),
                ("/employmentMax", "missing_field"),
                ("/payment1", "missing_field"),
                ("/payment2", "missing_field"),
                ("/temporary", "missing_field"),
                ("/comments", "missing_field"),
                ("/initialBalance", "missing_field"),
            ]
        );
    }

    fn employment() -> Employment {
        Employment {
            id: EmploymentId(7),
            teacher: EmployedTeacher {
                reference: TeacherRef {
                    id: TeacherId(1),
                    archived: false,
                    code: "ab".into(),
                    last_name: "B".into(),
                    first_name: "A".into(),
                    email: None,
                },
                gender: None,
            },
            school_year: SchoolYearRef {
                id: SchoolYearId(2),
                archived: false,
                code: "26/27".into(),
                description: "x".into(),
                graduation_year: 2027,
                finalised: false,
                age_relief_included: false,
            },
            division: LookupRef { id: 3, code: "D".into(), description: "x".into() },
            employment_min: None,
            employment_max: None,
            payment1: None,
            payment2: None,
            temporary: false,
            comments: None,
            initial_balance: Fixed::default(),
            opening_balance: None,
            closing_balance: None,
            change: None,
        }
    }

    #[test]
    fn an_employment_with_courses_or_entries_neither_moves_nor_goes() {
        let before = employment();
        let same =
            NewEmployment::from_body(&json!({"teacher": 1, "schoolYear": 2, "division": 9}), Mode::Create).unwrap();
        assert!(!moves(&before, &same), "another division is no move");
        for (teacher, year) in [(4, 2), (1, 5)] {
            let other = NewEmployment { teacher: TeacherId(teacher), school_year: SchoolYearId(year), ..same.clone() };
            assert!(moves(&before, &other));
        }
        assert!(check_unused(&before, &[], "deleted").is_ok());
        let err = check_unused(&before, &["course M (26/27)".into()], "deleted").unwrap_err();
        assert_eq!(err.code(), crate::error::ErrorCode::Referenced);
        assert!(err.to_string().contains("Teacher ab still has course M (26/27) in school year 26/27"), "{err}");
    }
}
