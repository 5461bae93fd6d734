//! The reference's binary floating point numbers as exact decimals
//! (docs/migration.md §Numbers): a value within 1e-9 of a 4-place decimal is
//! that decimal; any other is rounded half-up (away from zero) to 4 places,
//! and the caller reports the change. Only the conversion reads the double;
//! every comparison and rounding is done on its exact decimal value.

use rust_decimal::{Decimal, RoundingStrategy};

use crate::domain::fixed::{Fixed, SCALE};

/// The tolerance of §Numbers: 1e-9.
fn tolerance() -> Decimal {
    Decimal::new(1, 9)
}

/// A double as its exact decimal value (up to rust_decimal's 28 digits), or
/// `None` for NaN, infinities and magnitudes beyond 7.9e28.
pub fn exact(x: f64) -> Option<Decimal> {
    Decimal::from_f64_retain(x)
}

/// The shortest decimal text that reads back as the same double (`0.1`,
/// `-2.1739130434782608`): how a stored balance is kept "to full stored
/// precision" (docs/migration.md §Balances and the reconciliation). Falls
/// back to the exact value when the shortest text has more digits than a
/// decimal holds.
pub fn full_text(x: f64) -> Option<String> {
    if !x.is_finite() {
        return None;
    }
    let text = format!("{x}");
    match text.parse::<Decimal>() {
        Ok(_) => Some(text),
        Err(_) => exact(x).map(|d| d.normalize().to_string()),
    }
}

/// The outcome of reading one double.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Converted {
    /// Within 1e-9 of this 4-place decimal: taken silently.
    Exact(Fixed),
    /// Rounded half-up to 4 places: taken, and the change is reported.
    Rounded(Fixed),
}

impl Converted {
    /// The value taken, either way.
    pub fn value(self) -> Fixed {
        match self {
            Converted::Exact(f) | Converted::Rounded(f) => f,
        }
    }
}

/// Reads double `x` as a 4-place decimal (§Numbers); `None` when it is not a
/// finite number that fits ([`exact`]).
pub fn to_fixed(x: f64) -> Option<Converted> {
    let d = exact(x)?;
    let rounded = d.round_dp_with_strategy(4, RoundingStrategy::MidpointAwayFromZero);
    let units = rounded.checked_mul(Decimal::from(SCALE))?.trunc();
    let units: i64 = units.try_into().ok()?;
    let f = Fixed(units);
    if (d - rounded).abs() <= tolerance() {
        Some(Converted::Exact(f))
    } else {
        Some(Converted::Rounded(f))
    }
}

/// A 4-place decimal as the nearest double, for the reference's columns.
pub fn to_double(f: Fixed) -> f64 {
    f.to_f64()
}

/// A 4-place decimal as text for the report (`2.5`, `-0.1234`).
pub fn text(f: Fixed) -> String {
    f.decimal().normalize().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_places_within_the_tolerance_are_exact() {
        assert_eq!(to_fixed(2.5), Some(Converted::Exact(Fixed(25_000))));
        assert_eq!(to_fixed(0.1 + 0.2), Some(Converted::Exact(Fixed(3_000))));
        assert_eq!(to_fixed(17.391_3 + 4e-10), Some(Converted::Exact(Fixed(173_913))));
        assert_eq!(to_fixed(-2.173_9), Some(Converted::Exact(Fixed(-21_739))));
    }

    #[test]
    fn anything_else_is_rounded_half_up() {
        assert_eq!(to_fixed(17.391_304_347_8), Some(Converted::Rounded(Fixed(173_913))));
        assert_eq!(to_fixed(0.000_05), Some(Converted::Rounded(Fixed(1))));
        assert_eq!(to_fixed(-0.000_05), Some(Converted::Rounded(Fixed(-1))));
        assert_eq!(to_fixed(f64::NAN), None);
    }

    #[test]
    fn full_text_reads_back_as_the_same_double() {
        for x in [0.016_293_995_859_213_25, -2.173_913_043_478_260_8, 0.0, 1e-20, 123.5] {
            let t = full_text(x).unwrap();
            assert_eq!(t.parse::<f64>().unwrap(), x, "{t}");
            assert!(t.parse::<Decimal>().is_ok(), "{t}");
        }
    }
}
