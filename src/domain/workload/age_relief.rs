//! Age relief (Altersentlastung, AE), §Age relief.

use chrono::{Datelike, NaiveDate};
use rust_decimal::Decimal;

/// The day before semester `s` (1 or 2) starts: 31 July of
/// `graduation_year − 1` for semester 1, 31 January of `graduation_year` for
/// semester 2 (§Age relief).
pub fn age_relief_reference_day(semester: u8, graduation_year: i32) -> NaiveDate {
    let day = if semester == 1 {
        NaiveDate::from_ymd_opt(graduation_year - 1, 7, 31)
    } else {
        NaiveDate::from_ymd_opt(graduation_year, 1, 31)
    };
    day.expect("31 July and 31 January exist in every year chrono supports")
}

/// Age in whole years on `day` (the birthday itself counts: a person born on
/// 31 July is one year older on 31 July).
pub fn age_on(birthday: NaiveDate, day: NaiveDate) -> i32 {
    let mut age = day.year() - birthday.year();
    if (day.month(), day.day()) < (birthday.month(), birthday.day()) {
        age -= 1;
    }
    age
}

/// Age relief in percent for an age in whole years (§Age relief): < 50 → 0,
/// 50–53 → 4, 54–57 → 8, ≥ 58 → 12.
pub fn age_relief_for_age(age: i32) -> Decimal {
    Decimal::from(match age {
        i32::MIN..=49 => 0,
        50..=53 => 4,
        54..=57 => 8,
        _ => 12,
    })
}

/// AE_s (§Age relief): the teacher's age relief in percent for semester 1 and 2,
/// from the age on the day before each semester starts; no birthday → 0 %.
pub fn age_relief(birthday: Option<NaiveDate>, graduation_year: i32) -> [Decimal; 2] {
    let Some(birthday) = birthday else {
        return [Decimal::ZERO; 2];
    };
    [1u8, 2].map(|s| age_relief_for_age(age_on(birthday, age_relief_reference_day(s, graduation_year))))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }
    fn ae(a: i64, b: i64) -> [Decimal; 2] {
        [Decimal::from(a), Decimal::from(b)]
    }

    #[test]
    fn spec_example_semesters_differ() {
        // §Age relief: born 1975-10-15, graduationYear 2026: 49 on 2025-07-31, 50 on 2026-01-31
        assert_eq!(age_relief(Some(date(1975, 10, 15)), 2026), ae(0, 4));
    }

    #[test]
    fn no_birthday_is_zero() {
        assert_eq!(age_relief(None, 2026), ae(0, 0));
    }

    #[test]
    fn birthday_on_cut_off_day_31_july_counts() {
        // 50 exactly on 2025-07-31
        assert_eq!(age_relief(Some(date(1975, 7, 31)), 2026), ae(4, 4));
        // one day later: still 49 on 31 July, 50 on 31 January
        assert_eq!(age_relief(Some(date(1975, 8, 1)), 2026), ae(0, 4));
    }

    #[test]
    fn birthday_on_cut_off_day_31_january_counts() {
        // 50 exactly on 2026-01-31
        assert_eq!(age_relief(Some(date(1976, 1, 31)), 2026), ae(0, 4));
        // one day later: 49 on both days
        assert_eq!(age_relief(Some(date(1976, 2, 1)), 2026), ae(0, 0));
    }

    #[test]
    fn all_four_steps_and_their_boundaries() {
        assert_eq!(age_relief_for_age(0), Decimal::ZERO);
        assert_eq!(age_relief_for_age(49), Decimal::ZERO);
        assert_eq!(age_relief_for_age(50), Decimal::from(4));
        assert_eq!(age_relief_for_age(53), Decimal::from(4));
        assert_eq!(age_relief_for_age(54), Decimal::from(8));
        assert_eq!(age_relief_for_age(57), Decimal::from(8));
        assert_eq!(age_relief_for_age(58), Decimal::from(12));
        assert_eq!(age_relief_for_age(70), Decimal::from(12));
        // through the dates, graduationYear 2027 (31 July 2026 / 31 January 2027)
        assert_eq!(age_relief(Some(date(1978, 1, 18)), 2027), ae(0, 0)); // Teacher A: 48/49
        assert_eq!(age_relief(Some(date(1974, 6, 8)), 2027), ae(4, 4)); // Teacher B: 52/52
        assert_eq!(age_relief(Some(date(1972, 9, 1)), 2027), ae(4, 8)); // 53 → 54
        assert_eq!(age_relief(Some(date(1968, 12, 24)), 2027), ae(8, 12)); // 57 → 58
        assert_eq!(age_relief(Some(date(1950, 1, 1)), 2027), ae(12, 12));
    }

    #[test]
    fn leap_day_birthday() {
        // born 29 Feb 1976: 50 on 31 July 2026
        assert_eq!(age_on(date(1976, 2, 29), date(2026, 7, 31)), 50);
        assert_eq!(age_on(date(1976, 2, 29), date(2026, 1, 31)), 49);
    }
}
