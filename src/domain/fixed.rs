//! Exact decimal numbers for lessons (per week) and percentages.
//!
//! Planners enter values such as 2.5 lessons (alternate weeks) or 57.5 percent.
//! Binary floating point would drift when summed into workloads (domain.md:
//! "keep lessons exact as entered"), so values are kept as integers in
//! ten-thousandths: at most 4 decimal places, stored as BIGINT.

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::{Decimal, RoundingStrategy};
use serde::{Serialize, Serializer};

/// Scale of [`Fixed`]: 1.0 is stored as 10 000.
pub const SCALE: i64 = 10_000;

/// An exact non-negative decimal with at most 4 decimal places, stored in ten-thousandths.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, Hash)]
pub struct Fixed(pub i64);

/// Why a number could not become a [`Fixed`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FixedError {
    /// Not finite, or outside `min..=max`.
    OutOfRange,
    /// More than 4 decimal places.
    TooPrecise,
}

impl Fixed {
    /// Parses a finite decimal in `min..=max` (whole units) with at most 4 decimals.
    pub fn from_f64(x: f64, min: i64, max: i64) -> Result<Fixed, FixedError> {
        if !x.is_finite() || x < min as f64 || x > max as f64 {
            return Err(FixedError::OutOfRange);
        }
        let scaled = x * SCALE as f64;
        let rounded = scaled.round();
        // Tolerates only binary representation error (relative ~1e-16), so a fifth
        // decimal is caught at any magnitude (70.12345 as well as 1.23456).
        if (scaled - rounded).abs() > 1e-9 * rounded.abs().max(1.0) {
            return Err(FixedError::TooPrecise);
        }
        Ok(Fixed(rounded as i64))
    }
    /// Whole units from an integer (e.g. `Fixed::units(3)` = 3.0).
    pub const fn units(n: i64) -> Fixed {
        Fixed(n * SCALE)
    }
    /// The value as a float, for JSON output (the nearest double to the exact decimal).
    pub fn to_f64(self) -> f64 {
        self.0 as f64 / SCALE as f64
    }
}

impl std::fmt::Display for Fixed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.to_f64())
    }
}

impl Serialize for Fixed {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.0 % SCALE == 0 {
            s.serialize_i64(self.0 / SCALE)
        } else {
            s.serialize_f64(self.to_f64())
        }
    }
}

impl utoipa::PartialSchema for Fixed {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::Number)
            .description(Some("An exact decimal with at most 4 decimal places (e.g. lessons per week, percent)."))
            .into()
    }
}

impl utoipa::ToSchema for Fixed {
    fn name() -> std::borrow::Cow<'static, str> {
        "Decimal".into()
    }
}

impl Fixed {
    /// The exact value as a [`Decimal`] (no rounding).
    pub fn decimal(self) -> Decimal {
        Decimal::new(self.0, 4)
    }
}

/// A computed decimal (workload figures, balances): exact in computation,
/// written as a JSON number rounded half-up to 10 decimals (workload.md §3.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, Hash)]
pub struct Amount(pub Decimal);

/// Decimals of an unrounded figure in JSON (workload.md §3.7).
pub const OUTPUT_DECIMALS: u32 = 10;

impl Amount {
    /// The value rounded half-up (away from zero) to [`OUTPUT_DECIMALS`], trailing zeros removed.
    pub fn output(self) -> Decimal {
        self.0.round_dp_with_strategy(OUTPUT_DECIMALS, RoundingStrategy::MidpointAwayFromZero).normalize()
    }
}

impl From<Decimal> for Amount {
    fn from(d: Decimal) -> Self {
        Amount(d)
    }
}

impl std::fmt::Display for Amount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.output().fmt(f)
    }
}

impl Serialize for Amount {
    /// A JSON number. Written through the nearest double, whose shortest form
    /// is the decimal itself: every output has at most 10 decimals and, for the
    /// magnitudes of lessons and percent, at most 15 significant digits.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let d = self.output();
        if d.is_integer() {
            if let Some(i) = d.to_i64() {
                return s.serialize_i64(i);
            }
        }
        s.serialize_f64(d.to_f64().unwrap_or(0.0))
    }
}

impl utoipa::PartialSchema for Amount {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::Number)
            .description(Some(
                "A computed decimal, rounded half-up to at most 10 decimal places (percent or lessons per week).",
            ))
            .into()
    }
}

impl utoipa::ToSchema for Amount {
    fn name() -> std::borrow::Cow<'static, str> {
        "Amount".into()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn amounts_print_exactly() {
        use super::Amount;
        use rust_decimal::Decimal;
        use std::str::FromStr;
        let show = |s: &str| serde_json::to_string(&Amount(Decimal::from_str(s).unwrap())).unwrap();
        assert_eq!(show("47.826086956521739130434782609"), "47.8260869565");
        assert_eq!(show("-2.17391304347826086956521739"), "-2.1739130435");
        assert_eq!(show("75.000"), "75");
        assert_eq!(show("0.00000000005"), "1e-10");
        assert_eq!(show("12.751"), "12.751");
    }
    use super::*;

    #[test]
    fn keeps_decimals_exact() {
        assert_eq!(Fixed::from_f64(2.5, 0, 99), Ok(Fixed(25_000)));
        assert_eq!(Fixed::from_f64(3.2, 0, 99), Ok(Fixed(32_000)));
        assert_eq!(Fixed::from_f64(1.3333, 0, 99), Ok(Fixed(13_333)));
        assert_eq!(serde_json::to_string(&Fixed(13_333)).unwrap(), "1.3333");
        assert_eq!(serde_json::to_string(&Fixed(30_000)).unwrap(), "3");
        assert_eq!(serde_json::to_string(&Fixed(25_000)).unwrap(), "2.5");
    }

    #[test]
    fn rejects_out_of_range_and_too_precise() {
        assert_eq!(Fixed::from_f64(-0.5, 0, 99), Err(FixedError::OutOfRange));
        assert_eq!(Fixed::from_f64(99.5, 0, 99), Err(FixedError::OutOfRange));
        assert_eq!(Fixed::from_f64(f64::NAN, 0, 99), Err(FixedError::OutOfRange));
        assert_eq!(Fixed::from_f64(1.23456, 0, 99), Err(FixedError::TooPrecise));
        assert_eq!(Fixed::from_f64(70.12345, 0, 100), Err(FixedError::TooPrecise));
        assert_eq!(Fixed::from_f64(98.99995, 0, 99), Err(FixedError::TooPrecise));
        assert_eq!(Fixed::from_f64(98.9999, 0, 99), Ok(Fixed(989_999)));
        assert_eq!(Fixed::from_f64(57.3, 0, 100), Ok(Fixed(573_000)));
        assert_eq!(Fixed::from_f64(99.0, 0, 99), Ok(Fixed::units(99)));
    }
}
