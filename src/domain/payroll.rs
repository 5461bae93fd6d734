//! Payroll types (Anstellungsarten) and the types that book onto them: pool
//! types, posting types and thesis types (docs/workload.md §Setup).
//!
//! A payroll type is what payroll pays a share of a teacher's workload under
//! (e.g. "Unterricht GYM2-4", "Schulpool"). It is lesson-based when its share
//! is taught in lessons (then a school year's `weeklyLessons` says how many
//! lessons per week make a full position), and it has a unique
//! `saldoResolvingOrder`: the order in which the difference to the payment
//! target is resolved (docs/workload.md §Modes). Reference form of all four: id, code,
//! description ([`LookupRef`]).

use serde::Serialize;
use serde_json::Value;

use super::body_reader::{checked, limits, Mode, Reader};
use super::fixed::Fixed;
use super::ids::{PayrollTypeId, PoolTypeId, PostingTypeId, ThesisTypeId};
use super::reference_forms::LookupRef;
use super::references::{RefKind, Reference, References};
use super::FromBody;
use crate::error::{ErrorCode, Result};

/// Largest `saldoResolvingOrder`.
pub const MAX_SALDO_ORDER: i64 = 999_999;
/// Largest annual percent per thesis of a thesis type.
pub const MAX_THESIS_PERCENT: i64 = 100;

/// Payroll type single form = list form.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayrollType {
    /// Database id.
    #[schema(value_type = i64)]
    pub id: PayrollTypeId,
    /// Short code, unique case-insensitively (e.g. `G2`).
    pub code: String,
    /// Designation, e.g. "Unterricht GYM2-4" (printed in the payroll lines).
    pub description: String,
    /// Whether the share is taught in lessons (converted with the year's weeklyLessons).
    pub lesson_based: bool,
    /// Order in which the difference to the payment target is resolved (unique; lowest first).
    pub saldo_resolving_order: i64,
    /// Whether the IPB correction of the `lessons2` modes may be booked on it (lesson-based types only).
    pub ipb_correction_allowed: bool,
}

/// A valid payroll type body: code, description and saldoResolvingOrder
/// (0–999999) required; `ipbCorrectionAllowed` only with `lessonBased` (422
/// `ipb_needs_lessons`).
#[derive(Debug, Clone, PartialEq)]
pub struct NewPayrollType {
    /// Short code.
    pub code: String,
    /// Designation.
    pub description: String,
    /// Whether lesson-based.
    pub lesson_based: bool,
    /// Saldo resolving order.
    pub saldo_resolving_order: i64,
    /// Whether the IPB correction may be booked on it.
    pub ipb_correction_allowed: bool,
}

impl FromBody for NewPayrollType {
    fn from_body(body: &Value, mode: Mode) -> Result<Self> {
        let mut r = Reader::new(body, mode)?;
        let code = r.text("code", true, limits::CODE);
        let description = r.text("description", true, limits::DESCRIPTION);
        let lesson_based = r.boolean("lessonBased");
        let saldo_resolving_order = r.integer("saldoResolvingOrder", true, 0, MAX_SALDO_ORDER);
        let ipb_correction_allowed = r.boolean("ipbCorrectionAllowed");
        if ipb_correction_allowed && !lesson_based {
            r.error(
                "ipbCorrectionAllowed",
                ErrorCode::IpbNeedsLessons,
                crate::i18n::Message::new("error-ipb-needs-lessons-field"),
            );
        }
        r.finish()?;
        Ok(NewPayrollType {
            code: checked(code),
            description: checked(description),
            lesson_based,
            saldo_resolving_order: checked(saldo_resolving_order),
            ipb_correction_allowed,
        })
    }
}

/// Which of the three types that book onto a payroll type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BookingKind {
    /// Pool type (Pooltyp); extra field `autoCopy`.
    Pool,
    /// Posting type (Buchungstyp); extra field `percent` (bool).
    Posting,
    /// Thesis type (Abschlussarbeitstyp); extra field `percent` (decimal).
    Thesis,
}

impl BookingKind {
    /// Database table.
    pub fn table(self) -> &'static str {
        match self {
            BookingKind::Pool => "pool_type",
            BookingKind::Posting => "posting_type",
            BookingKind::Thesis => "thesis_type",
        }
    }
    /// Noun for messages.
    pub const fn noun(self) -> &'static str {
        match self {
            BookingKind::Pool => "pool type",
            BookingKind::Posting => "posting type",
            BookingKind::Thesis => "thesis type",
        }
    }
}

/// Pool type single form = list form: pool entries of this type count on its payroll type.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PoolType {
    /// Database id.
    #[schema(value_type = i64)]
    pub id: PoolTypeId,
    /// Short code, unique.
    pub code: String,
    /// Designation.
    pub description: String,
    /// The payroll type its entries count on (reference form).
    pub payroll_type: LookupRef,
    /// Whether opening the next school year copies entries of this type (docs/documents.md §Opening a school year).
    pub auto_copy: bool,
}

/// Posting type single form = list form: a posting detail of this type is
/// single lessons (`percent` false) or percent (`percent` true).
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostingType {
    /// Database id.
    #[schema(value_type = i64)]
    pub id: PostingTypeId,
    /// Short code, unique.
    pub code: String,
    /// Designation.
    pub description: String,
    /// The payroll type whose weeklyLessons convert its lessons (reference form).
    pub payroll_type: LookupRef,
    /// Whether values are percent (else single lessons of the year).
    pub percent: bool,
}

/// Thesis type single form = list form: each thesis counts `percent` of a full
/// position for the year, in both semesters (docs/workload.md §What counts).
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ThesisType {
    /// Database id.
    #[schema(value_type = i64)]
    pub id: ThesisTypeId,
    /// Short code, unique.
    pub code: String,
    /// Designation.
    pub description: String,
    /// The payroll type theses of this type count on (reference form).
    pub payroll_type: LookupRef,
    /// Annual percent per thesis (≥ 0).
    pub percent: Fixed,
}

/// A valid pool, posting or thesis type body: code, description and
/// payrollType required; the kind's extra field (`autoCopy`, `percent`).
#[derive(Debug, Clone, PartialEq)]
pub struct NewBookingType {
    /// Short code.
    pub code: String,
    /// Designation.
    pub description: String,
    /// Payroll type id.
    pub payroll_type: PayrollTypeId,
    /// The extra field as a number: 0/1 for the booleans, ten-thousandths of
    /// a percent for the thesis percent.
    pub extra: i64,
}

/// Parses the body of a booking type of `kind`.
pub fn parse_booking_type(body: &Value, mode: Mode, kind: BookingKind) -> Result<NewBookingType> {
    let mut r = Reader::new(body, mode)?;
    let code = r.text("code", true, limits::CODE);
    let description = r.text("description", true, limits::DESCRIPTION);
    let payroll_type = r.reference("payrollType", true).map(PayrollTypeId);
    let extra = match kind {
        BookingKind::Pool => i64::from(r.boolean("autoCopy")),
        BookingKind::Posting => i64::from(r.boolean("percent")),
        BookingKind::Thesis => {
            let given = body.get("percent").is_some_and(|v| !v.is_null());
            let p = r.fixed("percent", 0, MAX_THESIS_PERCENT);
            if !given && (mode == Mode::Create || r.has("percent")) {
                r.error(
                    "percent",
                    ErrorCode::Required,
                    crate::i18n::Message::new("error-field-required").arg("key", "percent"),
                );
            }
            p.map_or(0, |f| f.0)
        }
    };
    r.finish()?;
    Ok(NewBookingType {
        code: checked(code),
        description: checked(description),
        payroll_type: checked(payroll_type),
        extra,
    })
}

macro_rules! booking_bodies {
    ($($new:ident => $kind:ident;)*) => {$(
        #[doc = concat!("A valid body of a ", stringify!($kind), " type (see [`parse_booking_type`]).")]
        #[derive(Debug, Clone, PartialEq)]
        pub struct $new(pub NewBookingType);
        impl FromBody for $new {
            fn from_body(body: &Value, mode: Mode) -> Result<Self> {
                parse_booking_type(body, mode, BookingKind::$kind).map($new)
            }
        }
        impl References for $new {
            fn references(&self) -> Vec<Reference> {
                self.0.references()
            }
        }
    )*};
}

booking_bodies! {
    NewPoolType => Pool;
    NewPostingType => Posting;
    NewThesisType => Thesis;
}

impl References for NewPayrollType {}

/// The ids the body names (docs/contract.md §Validation: each must exist).
impl References for NewBookingType {
    fn references(&self) -> Vec<Reference> {
        vec![Reference::new("/payrollType", RefKind::PayrollType, self.payroll_type)]
    }
}

/// 409 `referenced` when the payroll type `code` is to become percent-based
/// while `weekly_users` (school years keying their weeklyLessons by it) use
/// it: weekly lessons exist only for lesson-based types (docs/workload.md §Setup).
pub fn check_stays_lesson_based(new: &NewPayrollType, weekly_users: &[String]) -> Result<()> {
    if new.lesson_based {
        return Ok(());
    }
    super::references::check_unused(weekly_users, |users| {
        crate::i18n::Message::new("error-in-use-lesson-based").arg("code", &new.code).arg_message("users", users)
    })
}

/// 409 `referenced` while `users` use the payroll type or booking type `code`
/// (`noun` names its kind): it cannot be deleted (docs/contract.md §Deleting).
pub fn check_unused(noun: &str, code: &str, users: &[String]) -> Result<()> {
    super::references::check_unused(users, |users| {
        crate::i18n::Message::new("error-in-use-named")
            .arg_message("kind", crate::i18n::Message::kind(noun))
            .arg("code", code)
            .arg_message("users", users)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Error;
    use serde_json::json;

    fn codes(r: Result<impl std::fmt::Debug>) -> Vec<(String, &'static str)> {
        match r {
            Err(Error::Problem { errors, .. }) => errors.into_iter().map(|e| (e.pointer, e.code.as_str())).collect(),
            other => panic!("expected a problem, got {other:?}"),
        }
    }

    #[test]
    fn payroll_type_rules() {
        let ok = NewPayrollType::from_body(
            &json!({"code": "G2", "description": "Unterricht GYM2-4", "lessonBased": "true", "saldoResolvingOrder": "1", "ipbCorrectionAllowed": true}),
            Mode::Create,
        )
        .unwrap();
        assert_eq!((ok.saldo_resolving_order, ok.lesson_based, ok.ipb_correction_allowed), (1, true, true));
        assert_eq!(
            codes(NewPayrollType::from_body(
                &json!({"code": "PS", "description": "Pool", "ipbCorrectionAllowed": true}),
                Mode::Create
            )),
            [("/saldoResolvingOrder".to_string(), "required"), ("/ipbCorrectionAllowed".into(), "ipb_needs_lessons")]
        );
    }

    #[test]
    fn booking_types_read_their_extra_field() {
        let t = NewThesisType::from_body(
            &json!({"code": "MA", "description": "Maturaarbeit", "payrollType": {"id": 2}, "percent": "0.5"}),
            Mode::Create,
        )
        .unwrap();
        assert_eq!((t.0.payroll_type, t.0.extra), (PayrollTypeId(2), 5_000));
        let p = NewPoolType::from_body(
            &json!({"code": "S", "description": "Schulpool", "payrollType": 8, "autoCopy": true}),
            Mode::Create,
        )
        .unwrap();
        assert_eq!(p.0.extra, 1);
        assert_eq!(
            codes(NewThesisType::from_body(
                &json!({"code": "MA", "description": "x", "payrollType": 2, "percent": -1}),
                Mode::Create
            )),
            [("/percent".to_string(), "out_of_range")]
        );
        assert_eq!(
            codes(NewPostingType::from_body(&json!({"code": "X", "description": "x"}), Mode::Create)),
            [("/payrollType".to_string(), "required")]
        );
    }

    #[test]
    fn a_payroll_type_with_weekly_lessons_stays_lesson_based() {
        let body = |lesson_based: bool| {
            NewPayrollType::from_body(
                &json!({"code": "G2", "description": "x", "lessonBased": lesson_based, "saldoResolvingOrder": 1,
                        "ipbCorrectionAllowed": false}),
                Mode::Create,
            )
            .unwrap()
        };
        let users = vec!["weeklyLessons of school year 26/27".to_string()];
        assert!(check_stays_lesson_based(&body(true), &users).is_ok());
        assert!(check_stays_lesson_based(&body(false), &[]).is_ok());
        let err = check_stays_lesson_based(&body(false), &users).unwrap_err();
        assert_eq!(err.code(), crate::error::ErrorCode::Referenced);
        assert!(err.to_string().contains("must stay lesson-based"), "{err}");
        assert!(check_unused("pool type", "PT", &[]).is_ok());
        assert!(check_unused("pool type", "PT", &users).unwrap_err().to_string().contains("pool type PT is used by"));
    }
}
