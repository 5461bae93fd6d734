//! School year (Schuljahr), docs/api.md §Forms.
//!
//! The list form equals the single form; the reference form is [`SchoolYearRef`].
//! A school year that is archived or finalised is locked for its courses and
//! employments (docs/contract.md §Locked school years); the year itself can always be changed.

use serde::Serialize;
use serde_json::Value;

use std::collections::BTreeMap;

use super::body_reader::{checked, limits, Mode, Reader};
use super::fixed::Fixed;
use super::ids::SchoolYearId;
use super::reference_forms::LookupRef;
use super::references::{RefKind, Reference, References};
use super::workload::CalculationMode;
use super::FromBody;
use crate::error::{ErrorCode, Result};

pub use super::reference_forms::SchoolYearRef;

/// Lowest accepted graduation year (docs/contract.md §Validation).
pub const MIN_GRADUATION_YEAR: i64 = 1900;
/// Highest accepted graduation year (docs/contract.md §Validation).
pub const MAX_GRADUATION_YEAR: i64 = 2200;
/// Fewest school weeks (docs/contract.md §Validation).
pub const MIN_WEEKS: i64 = 1;
/// Most school weeks (docs/contract.md §Validation).
pub const MAX_WEEKS: i64 = 53;

/// Lowest weekly lessons of a full position (exclusive: must be above 0).
pub const MAX_WEEKLY_LESSONS: i64 = 99;
/// Largest small-group surcharge in lessons.
pub const MAX_SMALL_GROUP_SURCHARGE: i64 = 99;
/// Small-group surcharge of a first school year (docs/workload.md §Setup).
pub const DEFAULT_SMALL_GROUP_SURCHARGE: Fixed = Fixed::units(2);

/// School year single form, also its list form.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchoolYear {
    /// Database id.
    pub id: SchoolYearId,
    /// Read-only: true exactly for the three `…AgeReliefIncluded` calculation modes.
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
    /// How workloads of this year are calculated (reference form of `/calculationmode`).
    pub calculation_mode: LookupRef,
    /// Lessons per week added to a full position for small-group courses (docs/workload.md §What counts).
    pub small_group_surcharge: Fixed,
    /// Lessons per week that make a full position, per lesson-based payroll
    /// type id (as string keys): `{"2": 23, "1": 28}`; only stored entries.
    #[schema(value_type = std::collections::BTreeMap<String, Fixed>)]
    pub weekly_lessons: BTreeMap<i64, Fixed>,
    /// Whether IPB balances and postings are shown (default true).
    pub show_ipb_balances: bool,
}

impl SchoolYear {
    /// Whether courses and employments of this year are read-only (docs/contract.md §Locked school years).
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
            age_relief_included: y.age_relief_included,
        }
    }
}

/// The reference form of a calculation mode.
pub fn mode_ref(mode: CalculationMode) -> LookupRef {
    LookupRef { id: mode.id(), code: mode.code().to_string(), description: mode.description().to_string() }
}

/// A valid school year body (docs/contract.md §Validation: code, description and
/// graduationYear 1900–2200 required; booleans default to false, but
/// `showIpbBalances` to true, docs/workload.md §Setup). On POST, `weeks`,
/// `calculationMode`, `smallGroupSurcharge` and `weeklyLessons` may be absent:
/// the store copies them from the latest earlier school year (`None` here).
#[derive(Debug, Clone, PartialEq)]
pub struct NewSchoolYear {
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
    /// Number of school weeks (`None`: copy, POST only).
    pub weeks: Option<i64>,
    /// Calculation mode (`None`: copy, POST only).
    pub calculation_mode: Option<CalculationMode>,
    /// Small-group surcharge in lessons (`None`: copy, POST only).
    pub small_group_surcharge: Option<Fixed>,
    /// Weekly lessons per payroll type id, each above 0 and at most 99 (`None`: copy, POST only).
    pub weekly_lessons: Option<Vec<(i64, Fixed)>>,
    /// Whether IPB balances are shown.
    pub show_ipb_balances: bool,
}

impl FromBody for NewSchoolYear {
    fn from_body(body: &Value, mode: Mode) -> Result<Self> {
        let mut r = Reader::new(body, mode)?;
        let archived = r.boolean("archived");
        let code = r.text("code", true, limits::CODE);
        let description = r.text("description", true, limits::DESCRIPTION);
        let finalised = r.boolean("finalised");
        let graduation_year = r.integer("graduationYear", true, MIN_GRADUATION_YEAR, MAX_GRADUATION_YEAR);
        let weeks = r.integer("weeks", mode == Mode::Replace, MIN_WEEKS, MAX_WEEKS);
        let mode_id = r.reference("calculationMode", mode == Mode::Replace);
        let calculation_mode = mode_id.and_then(CalculationMode::from_id);
        if let (Some(id), None) = (mode_id, calculation_mode) {
            r.error(
                "calculationMode",
                ErrorCode::UnknownCalculationMode,
                crate::i18n::Message::new("error-unknown-calculation-mode-id").arg("id", id),
            );
        }
        let surcharge_given = body.get("smallGroupSurcharge").is_some_and(|v| !v.is_null());
        let small_group_surcharge = r.fixed("smallGroupSurcharge", 0, MAX_SMALL_GROUP_SURCHARGE);
        if mode == Mode::Replace && !surcharge_given && r.has("smallGroupSurcharge") {
            r.error(
                "smallGroupSurcharge",
                ErrorCode::Required,
                crate::i18n::Message::new("error-field-required").arg("key", "smallGroupSurcharge"),
            );
        }
        let weekly_lessons = r.id_map("weeklyLessons", 0, MAX_WEEKLY_LESSONS);
        for (id, lessons) in weekly_lessons.iter().flatten() {
            if *lessons == Fixed(0) {
                r.error_at(
                    format!("/weeklyLessons/{id}"),
                    ErrorCode::OutOfRange,
                    crate::i18n::Message::new("error-weekly-lessons-zero"),
                );
            }
        }
        let show_given = body.get("showIpbBalances").is_some_and(|v| !v.is_null());
        let show = r.boolean("showIpbBalances");
        r.finish()?;
        Ok(NewSchoolYear {
            archived,
            code: checked(code),
            description: checked(description),
            finalised,
            graduation_year: checked(graduation_year),
            weeks,
            calculation_mode,
            small_group_surcharge,
            weekly_lessons: weekly_lessons.or_else(|| (mode == Mode::Replace).then(Vec::new)),
            show_ipb_balances: show || !show_given,
        })
    }
}

/// The ids the body names (docs/contract.md §Validation: each must exist).
impl References for NewSchoolYear {
    fn references(&self) -> Vec<Reference> {
        self.weekly_lessons
            .iter()
            .flatten()
            .map(|(id, _)| Reference::new(format!("/weeklyLessons/{id}"), RefKind::PayrollType, *id))
            .collect()
    }
}

/// What a new school year takes over from the latest earlier one (by
/// graduation year) for the fields its body leaves out.
#[derive(Debug, Clone, PartialEq)]
pub struct Inherited {
    /// Teaching weeks.
    pub weeks: i64,
    /// Calculation mode (`None`: an id this version does not know).
    pub calculation_mode: Option<CalculationMode>,
    /// Small-group surcharge, percent.
    pub small_group_surcharge: Fixed,
    /// Weekly lessons by payroll type id.
    pub weekly_lessons: Vec<(i64, Fixed)>,
}

/// `new` with every optional field filled (docs/contract.md §Validation, school year): an
/// absent `weeks`, `calculationMode`, `smallGroupSurcharge` or `weeklyLessons`
/// is copied from `earlier`, else `percent`, [`DEFAULT_SMALL_GROUP_SURCHARGE`]
/// and none; an absent `weeks` without an earlier year is 422 `required`.
pub fn with_inherited(new: &NewSchoolYear, earlier: Option<Inherited>) -> Result<NewSchoolYear> {
    let Some(weeks) = new.weeks.or(earlier.as_ref().map(|e| e.weeks)) else {
        return Err(crate::error::Error::field(
            "/weeks",
            ErrorCode::Required,
            crate::i18n::Message::new("error-weeks-required"),
        ));
    };
    let calculation_mode = new
        .calculation_mode
        .or_else(|| earlier.as_ref().and_then(|e| e.calculation_mode))
        .unwrap_or(CalculationMode::Percent);
    let small_group_surcharge = new
        .small_group_surcharge
        .or(earlier.as_ref().map(|e| e.small_group_surcharge))
        .unwrap_or(DEFAULT_SMALL_GROUP_SURCHARGE);
    let weekly_lessons = match (&new.weekly_lessons, earlier) {
        (Some(w), _) => w.clone(),
        (None, Some(e)) => e.weekly_lessons,
        (None, None) => Vec::new(),
    };
    Ok(NewSchoolYear {
        weeks: Some(weeks),
        calculation_mode: Some(calculation_mode),
        small_group_surcharge: Some(small_group_surcharge),
        weekly_lessons: Some(weekly_lessons),
        ..new.clone()
    })
}

/// Whether a school year is locked (docs/contract.md §Locked school years): what the lock checks of
/// employments, pool entries, postings and theses need to know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct YearState {
    /// Short designation, e.g. `26/27`.
    pub code: String,
    /// Archived: locked.
    pub archived: bool,
    /// Planning finished: locked.
    pub finalised: bool,
}

/// 409 `school_year_locked` when `year` is archived or finalised (docs/contract.md §Locked school years): its courses, employments and their entries cannot be changed.
pub fn check_open(year: &YearState) -> Result<()> {
    let state = match (year.archived, year.finalised) {
        (true, _) => "archived",
        (false, true) => "finalised",
        (false, false) => return Ok(()),
    };
    Err(crate::error::Error::new(
        ErrorCode::SchoolYearLocked,
        crate::i18n::Message::new("error-school-year-locked-state").arg("year", &year.code).arg("state", state),
    ))
}

/// 422 `not_lesson_based` for each `weeklyLessons` key whose payroll type is
/// percent-based (`percent_based` lists those ids): weekly lessons exist only
/// for lesson-based payroll types (docs/workload.md §Setup).
pub fn check_weekly_lessons(new: &NewSchoolYear, percent_based: &[i64]) -> Result<()> {
    let errors = new
        .weekly_lessons
        .iter()
        .flatten()
        .filter(|(id, _)| percent_based.contains(id))
        .map(|(id, _)| {
            crate::error::FieldError::new(
                format!("/weeklyLessons/{id}"),
                ErrorCode::NotLessonBased,
                crate::i18n::Message::new("error-weekly-lessons-percent-based").arg("id", id),
            )
        })
        .collect();
    super::references::fields_or_ok(errors)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_new_year_takes_what_its_body_leaves_out_from_the_earlier_year() {
        let body = |v: Value| NewSchoolYear::from_body(&v, Mode::Create).unwrap();
        let new = body(json!({"code": "27/28", "description": "x", "graduationYear": 2028}));
        let err = with_inherited(&new, None).unwrap_err();
        assert_eq!(err.code(), ErrorCode::Required);
        let earlier = Inherited {
            weeks: 38,
            calculation_mode: Some(CalculationMode::Lessons2),
            small_group_surcharge: Fixed::units(3),
            weekly_lessons: vec![(1, Fixed::units(24))],
        };
        let y = with_inherited(&new, Some(earlier.clone())).unwrap();
        assert_eq!(y.weeks, Some(38));
        assert_eq!(y.calculation_mode, Some(CalculationMode::Lessons2));
        assert_eq!(y.small_group_surcharge, Some(Fixed::units(3)));
        assert_eq!(y.weekly_lessons, Some(vec![(1, Fixed::units(24))]));
        let own = body(json!({"code": "27/28", "description": "x", "graduationYear": 2028, "weeks": 39,
                              "weeklyLessons": {}, "smallGroupSurcharge": "1"}));
        let y = with_inherited(&own, Some(earlier)).unwrap();
        assert_eq!((y.weeks, y.small_group_surcharge), (Some(39), Some(Fixed::units(1))));
        assert_eq!(y.weekly_lessons, Some(vec![]), "an empty map is the body's own");
        let first = with_inherited(&own, None).unwrap();
        assert_eq!(first.calculation_mode, Some(CalculationMode::Percent));
    }

    #[test]
    fn a_locked_year_refuses_changes_and_percent_types_have_no_weekly_lessons() {
        let year = |archived, finalised| YearState { code: "26/27".into(), archived, finalised };
        assert!(check_open(&year(false, false)).is_ok());
        for (y, word) in [(year(true, false), "archived"), (year(false, true), "finalised")] {
            let err = check_open(&y).unwrap_err();
            assert_eq!(err.code(), ErrorCode::SchoolYearLocked);
            assert!(err.to_string().contains(&format!("26/27 is {word}")), "{err}");
        }
        let new = NewSchoolYear::from_body(
            &json!({"code": "a", "description": "x", "graduationYear": 2027, "weeklyLessons": {"1": 20, "2": 3}}),
            Mode::Create,
        )
        .unwrap();
        assert!(check_weekly_lessons(&new, &[3]).is_ok());
        let Err(crate::error::Error::Problem { errors, .. }) = check_weekly_lessons(&new, &[2]) else { panic!() };
        assert_eq!(errors.len(), 1);
        assert_eq!((errors[0].pointer.as_str(), errors[0].code), ("/weeklyLessons/2", ErrorCode::NotLessonBased));
    }

    #[test]
    fn reads_workload_fields_and_defaults() {
        let y = NewSchoolYear::from_body(
            &json!({"code": "26/27", "description": "x", "graduationYear": 2027, "calculationMode": {"id": 3},
                    "weeklyLessons": {"2": 23, "1": "28"}, "smallGroupSurcharge": "2.5"}),
            Mode::Create,
        )
        .unwrap();
        assert_eq!(y.calculation_mode, Some(CalculationMode::Lessons2));
        assert_eq!(y.weekly_lessons, Some(vec![(1, Fixed::units(28)), (2, Fixed::units(23))]));
        assert_eq!(y.small_group_surcharge, Some(Fixed(25_000)));
        assert!(y.show_ipb_balances, "showIpbBalances defaults to true");
        assert_eq!(y.weeks, None);
        let y = NewSchoolYear::from_body(
            &json!({"code": "26/27", "description": "x", "graduationYear": 2027, "showIpbBalances": false}),
            Mode::Create,
        )
        .unwrap();
        assert!(!y.show_ipb_balances);
        assert_eq!((y.calculation_mode, y.weekly_lessons), (None, None));
    }

    #[test]
    fn rejects_bad_workload_fields() {
        let Err(crate::error::Error::Problem { errors, .. }) = NewSchoolYear::from_body(
            &json!({"code": "a", "description": "x", "graduationYear": 2027, "calculationMode": 7,
                    "weeklyLessons": {"2": 0, "3": 100}}),
            Mode::Create,
        ) else {
            panic!("expected problems")
        };
        let got: Vec<_> = errors.iter().map(|e| (e.pointer.as_str(), e.code.as_str())).collect();
        assert_eq!(
            got,
            [
                ("/calculationMode", "unknown_calculation_mode"),
                ("/weeklyLessons/3", "out_of_range"),
                ("/weeklyLessons/2", "out_of_range")
            ]
        );
    }
}
