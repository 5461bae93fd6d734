//! Rounding helpers (§Notation and rounding "Rounding 'to k'", §IPB correction step 3).
//!
//! Only the calculation steps that the specification names round; every
//! other value stays at the full 28-digit precision of [`Decimal`].

use rust_decimal::{Decimal, RoundingStrategy};

/// Rounds `value` "to `dp`" in the sense of the specification (§Notation and rounding): half-up,
/// i.e. away from zero at exactly .5 (`MidpointAwayFromZero`).
///
/// Values with at most `dp` decimals are returned unchanged (scale kept).
pub fn half_up(value: Decimal, dp: u32) -> Decimal {
    value.round_dp_with_strategy(dp, RoundingStrategy::MidpointAwayFromZero)
}

/// The IPB correction rounding of §IPB correction step 3, in lessons per week.
///
/// `x` is first rounded half-up to 8 decimals (so that 28-digit noise such as
/// `-0.49999999999999999999999999` becomes `-0.5`), then to 2 decimals
/// **away from zero** when `d ≤ 0` (the teacher worked too little: the
/// correction adds lessons) and **toward zero** when `d > 0`, always in the
/// teacher's favour. `d` is the difference total − payment in percent.
pub fn ipb_correction(x: Decimal, d: Decimal) -> Decimal {
    let x8 = half_up(x, 8);
    let strategy = if d <= Decimal::ZERO { RoundingStrategy::AwayFromZero } else { RoundingStrategy::ToZero };
    x8.round_dp_with_strategy(2, strategy)
}

/// `-x`, but never a negative zero (`rust_decimal` prints `-0` for the
/// negation of 0; a correction row of 0 must show `0`).
pub fn negate(x: Decimal) -> Decimal {
    if x.is_zero() {
        Decimal::ZERO
    } else {
        -x
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    #[test]
    fn half_up_rounds_midpoint_away_from_zero() {
        assert_eq!(half_up(d("2.345"), 2), d("2.35"));
        assert_eq!(half_up(d("-2.345"), 2), d("-2.35"));
        assert_eq!(half_up(d("2.3449999"), 2), d("2.34"));
        // banker's rounding would give 2.34 here
        assert_eq!(half_up(d("2.345"), 2).to_string(), "2.35");
        assert_eq!(half_up(d("12.7485"), 3), d("12.749"));
        assert_eq!(half_up(d("5"), 3), d("5"));
    }

    #[test]
    fn ipb_away_from_zero_when_too_little_work() {
        // d < 0: x negative, away from zero
        assert_eq!(ipb_correction(d("-0.88904"), d("-3.704")), d("-0.89"));
        assert_eq!(ipb_correction(d("-0.881"), d("-1")), d("-0.89"));
        // 28-digit noise is removed by the 8-decimal step first
        assert_eq!(ipb_correction(d("-0.4999999999999999999999999999"), d("-2.17")), d("-0.50"));
        assert_eq!(ipb_correction(d("-0.5000000000000000000000000001"), d("-2.17")), d("-0.50"));
        // without the 8-decimal step this would be -0.51
        assert_eq!(ipb_correction(d("-0.500000001"), d("-2")), d("-0.50"));
        assert_eq!(ipb_correction(d("-0.50000001"), d("-2")), d("-0.51"));
    }

    #[test]
    fn ipb_zero_difference_is_zero() {
        assert_eq!(ipb_correction(Decimal::ZERO, Decimal::ZERO), Decimal::ZERO);
    }

    #[test]
    fn ipb_toward_zero_when_too_much_work() {
        assert_eq!(ipb_correction(d("0.889"), d("3.7")), d("0.88"));
        assert_eq!(ipb_correction(d("0.8899999999"), d("3.7")), d("0.89"));
        assert_eq!(ipb_correction(d("0.88"), d("3.7")), d("0.88"));
    }

    #[test]
    fn negate_never_gives_negative_zero() {
        assert_eq!(negate(Decimal::ZERO).to_string(), "0");
        assert_eq!(negate(d("0.00")).to_string(), "0");
        assert_eq!(negate(d("-0.50")), d("0.5"));
        assert_eq!(negate(d("2.17")), d("-2.17"));
    }
}
