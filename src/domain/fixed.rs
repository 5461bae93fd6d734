//! Exact decimal numbers for lessons (per week) and percentages.
//!
//! Planners enter values such as 2.5 lessons (alternate weeks) or 57.5 percent.
//! Binary floating point would drift when summed into workloads (docs/domain.md §Rules the plan follows:
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
    ///
    /// A double is only the nearest binary value to what was written; prefer
    /// [`Fixed::from_literal`] where the text is at hand (request bodies).
    pub fn from_f64(x: f64, min: i64, max: i64) -> Result<Fixed, FixedError> {
        if !x.is_finite() || x < min as f64 || x > max as f64 {
            return Err(FixedError::OutOfRange);
        }
        let scaled = x * SCALE as f64;
        let rounded = scaled.round();
        // Tolerates only the representation error of the double and of the
        // multiplication (a few units in the last place), so a fifth decimal is
        // caught at any magnitude (70.12345, 1.23456 and 2.000000001 alike).
        if (scaled - rounded).abs() > 8.0 * f64::EPSILON * rounded.abs().max(1.0) {
            return Err(FixedError::TooPrecise);
        }
        Ok(Fixed(rounded as i64))
    }

    /// Reads a decimal literal exactly (see [`Literal`]): in `min..=max`
    /// (whole units, else [`FixedError::OutOfRange`]) with at most 4 decimal
    /// places after trailing zeros are dropped (`2.50000` is 2.5; `2.000000001`
    /// is [`FixedError::TooPrecise`]).
    pub fn from_literal(lit: &Literal, min: i64, max: i64) -> Result<Fixed, FixedError> {
        // Whole units first, so that a huge or tiny number is out of range
        // rather than too precise.
        let units = lit.truncated(0).ok_or(FixedError::OutOfRange)?;
        if units < i128::from(min) || units > i128::from(max) {
            return Err(FixedError::OutOfRange);
        }
        if lit.decimals() > 4 {
            return Err(FixedError::TooPrecise);
        }
        let scaled = lit.truncated(4).ok_or(FixedError::OutOfRange)?;
        if scaled < i128::from(min) * i128::from(SCALE) || scaled > i128::from(max) * i128::from(SCALE) {
            return Err(FixedError::OutOfRange);
        }
        i64::try_from(scaled).map(Fixed).map_err(|_| FixedError::OutOfRange)
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

/// A number as a planner types it, in the grammar of [`Literal::parse`]:
/// trimmed, one decimal comma read as a point (`2,5` → `2.5`; docs/web.md
/// §Numbers). Every number field of the web and the pasted theses read
/// through it. Anything else is left as typed, for the reader to refuse
/// (`1,2,5`, `2,5.1`).
pub fn typed_decimal(typed: &str) -> String {
    let t = typed.trim();
    if t.matches(',').count() == 1 && !t.contains('.') {
        t.replace(',', ".")
    } else {
        t.to_string()
    }
}

/// A number exactly as written: `-`, digits, optionally `.` and digits, and
/// optionally an exponent (`e`/`E`, sign, digits) — the grammar of a JSON
/// number, of which the plain decimal text of request bodies is a part.
/// Kept as sign, significant digits and a power of ten, so neither a fortieth
/// digit nor a ninth decimal is lost on the way (as it would be in an `f64`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Literal {
    negative: bool,
    /// Significant digits without leading or trailing zeros; empty for zero.
    digits: String,
    /// The value is `digits × 10^exponent`.
    exponent: i64,
}

impl Literal {
    /// Reads `text`; `None` when it is not a number of the grammar above.
    pub fn parse(text: &str) -> Option<Literal> {
        let (negative, rest) = match text.strip_prefix('-') {
            Some(r) => (true, r),
            None => (false, text),
        };
        let (mantissa, exp) = match rest.find(['e', 'E']) {
            Some(i) => (&rest[..i], Some(&rest[i + 1..])),
            None => (rest, None),
        };
        let (int, frac) = match mantissa.split_once('.') {
            Some((i, f)) => (i, f),
            None => (mantissa, ""),
        };
        let digits_only = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
        if int.is_empty() || !digits_only(int) || (mantissa.contains('.') && frac.is_empty()) || !digits_only(frac) {
            return None;
        }
        let exponent: i64 = match exp {
            None => 0,
            Some(e) => {
                let unsigned = e.strip_prefix(['+', '-']).unwrap_or(e);
                if unsigned.is_empty() || !digits_only(unsigned) {
                    return None;
                }
                // Saturates: a exponent beyond ±10^15 is out of every range anyway.
                let magnitude = unsigned.trim_start_matches('0');
                let value: i64 =
                    if magnitude.len() > 15 { 1_000_000_000_000_000 } else { magnitude.parse().unwrap_or(0) };
                if e.starts_with('-') {
                    -value
                } else {
                    value
                }
            }
        };
        let all = format!("{int}{frac}");
        let trimmed_end = all.trim_end_matches('0');
        let exponent = exponent - frac.len() as i64 + (all.len() - trimmed_end.len()) as i64;
        let digits = trimmed_end.trim_start_matches('0').to_string();
        if digits.is_empty() {
            return Some(Literal { negative: false, digits, exponent: 0 });
        }
        Some(Literal { negative, digits, exponent })
    }

    /// Decimal places of the value (`2.50` has 1, `1e-5` has 5, `300` has 0).
    pub fn decimals(&self) -> u64 {
        if self.exponent < 0 {
            self.exponent.unsigned_abs()
        } else {
            0
        }
    }

    /// `value × 10^places`, cut towards zero to a whole number; `None` when
    /// its magnitude is 10^30 or more.
    pub fn truncated(&self, places: u32) -> Option<i128> {
        let shift = self.exponent.saturating_add(i64::from(places));
        let keep = (self.digits.len() as i64).saturating_add(shift.min(0));
        if keep <= 0 {
            return Some(0);
        }
        let kept = &self.digits[..keep as usize];
        let zeros = shift.max(0);
        if keep.saturating_add(zeros) > 30 {
            return None;
        }
        let mut value: i128 = kept.parse().ok()?;
        for _ in 0..zeros {
            value *= 10;
        }
        Some(if self.negative { -value } else { value })
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
/// written as a JSON number rounded half-up to 10 decimals (docs/workload.md §Response).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, Hash)]
pub struct Amount(pub Decimal);

/// Decimals of an unrounded figure in JSON (docs/workload.md §Response).
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
    fn a_typed_decimal_comma_is_a_point() {
        use super::typed_decimal;
        assert_eq!(typed_decimal(" 2,5 "), "2.5");
        assert_eq!(typed_decimal("-1,25"), "-1.25");
        assert_eq!(typed_decimal("2.5"), "2.5");
        assert_eq!(typed_decimal("3"), "3");
        // Not one decimal comma: left for the reader to refuse.
        assert_eq!(typed_decimal("1,2,5"), "1,2,5");
        assert_eq!(typed_decimal("2,5.1"), "2,5.1");
    }

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
    fn literals_are_read_exactly() {
        let read = |s: &str, min, max| Fixed::from_literal(&Literal::parse(s).expect(s), min, max);
        assert_eq!(read("2.5", 0, 99), Ok(Fixed(25_000)));
        assert_eq!(read("2.50000", 0, 99), Ok(Fixed(25_000)), "trailing zeros are no decimals");
        assert_eq!(read("1.2345", 0, 99), Ok(Fixed(12_345)));
        assert_eq!(read("25e-1", 0, 99), Ok(Fixed(25_000)));
        assert_eq!(read("0.99E2", 0, 99), Ok(Fixed::units(99)));
        assert_eq!(read("-0.5", -1, 1), Ok(Fixed(-5_000)));
        assert_eq!(read("-0", 0, 1), Ok(Fixed(0)));
        assert_eq!(read("2.000000001", 0, 99), Err(FixedError::TooPrecise));
        assert_eq!(read("2.0000000000000000000000000000000000001", 0, 99), Err(FixedError::TooPrecise));
        assert_eq!(read("1e-5", 0, 99), Err(FixedError::TooPrecise));
        assert_eq!(read("1234567890123456789012345678901234567890", 0, 99), Err(FixedError::OutOfRange));
        assert_eq!(read("1e999999999999999999999", 0, 99), Err(FixedError::OutOfRange));
        assert_eq!(read("99.00001", 0, 99), Err(FixedError::TooPrecise));
        assert_eq!(read("99.1", 0, 99), Err(FixedError::OutOfRange));
        assert_eq!(read("1e-999999999999999999999", 0, 99), Err(FixedError::TooPrecise));
        for bad in ["", "-", ".5", "5.", "1e", "1e+", "+1", "1.2.3", " 1", "0x10", "1_000"] {
            assert_eq!(Literal::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn rejects_out_of_range_and_too_precise() {
        assert_eq!(Fixed::from_f64(2.000000001, 0, 99), Err(FixedError::TooPrecise));
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
