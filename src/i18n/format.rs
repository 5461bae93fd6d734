//! Numbers and dates as Swiss planners read them (docs/i18n.md §Numbers):
//! `2.50 L`, `12.35 %`, `25.11.2026`, a dash for zero where a table wants it. The same in every language; the decimal
//! point is a point, as in the existing client and the workload sheet.

use chrono::NaiveDate;
use rust_decimal::Decimal;

/// Lessons per week with 2 decimals, rounded half away from zero (display
/// only): `2.50 L`, `3.00 L`, `0.13 L` for 0.125.
pub fn lessons(value: Decimal) -> String {
    let rounded = value.round_dp_with_strategy(2, rust_decimal::RoundingStrategy::MidpointAwayFromZero);
    format!("{rounded:.2} L")
}

/// As [`lessons`], but `–` for zero (tables, where zeros would hide the figures that matter).
pub fn lessons_or_dash(value: Decimal) -> String {
    if value.is_zero() {
        "–".to_string()
    } else {
        lessons(value)
    }
}

/// A percentage with `decimals` places, rounded half away from zero (as the
/// workload sheet rounds, docs/documents.md): `percent(12.345, 2)` → `12.35 %`.
pub fn percent(value: Decimal, decimals: u32) -> String {
    let rounded = value.round_dp_with_strategy(decimals, rust_decimal::RoundingStrategy::MidpointAwayFromZero);
    format!("{rounded:.prec$} %", prec = decimals as usize)
}

/// A date as `25.11.2026`.
pub fn date(value: NaiveDate) -> String {
    value.format("%d.%m.%Y").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    #[test]
    fn lessons_have_two_decimals() {
        assert_eq!(lessons(d("2.5")), "2.50 L");
        assert_eq!(lessons(d("3.0000")), "3.00 L");
        assert_eq!(lessons(d("0.125")), "0.13 L");
        assert_eq!(lessons_or_dash(d("0.0000")), "–");
        assert_eq!(lessons_or_dash(d("1")), "1.00 L");
    }

    #[test]
    fn percent_rounds_half_away_from_zero() {
        assert_eq!(percent(d("12.345"), 2), "12.35 %");
        assert_eq!(percent(d("-12.345"), 2), "-12.35 %");
        assert_eq!(percent(d("7"), 2), "7.00 %");
        assert_eq!(percent(d("99.9951"), 2), "100.00 %");
    }

    #[test]
    fn dates_are_day_month_year() {
        assert_eq!(date(NaiveDate::from_ymd_opt(2026, 11, 25).unwrap()), "25.11.2026");
        assert_eq!(date(NaiveDate::from_ymd_opt(2027, 1, 5).unwrap()), "05.01.2027");
    }
}
