//! Swiss local time, as the reference stores a note's time, and UTC, as a
//! dataset does.

use chrono::{Datelike, Duration, NaiveDate, NaiveDateTime, Weekday};

/// The last Sunday of `month` in `year`.
fn last_sunday(year: i32, month: u32) -> NaiveDate {
    let mut d = NaiveDate::from_ymd_opt(year, month + 1, 1).unwrap_or(NaiveDate::MIN) - Duration::days(1);
    while d.weekday() != Weekday::Sun {
        d -= Duration::days(1);
    }
    d
}

/// Whether UTC time `t` is in Swiss summer time (last Sunday of March 01:00
/// UTC to last Sunday of October 01:00 UTC).
fn summer_time(t: NaiveDateTime) -> bool {
    let y = t.year();
    let start = last_sunday(y, 3).and_hms_opt(1, 0, 0).unwrap_or_default();
    let end = last_sunday(y, 10).and_hms_opt(1, 0, 0).unwrap_or_default();
    t >= start && t < end
}

/// The format of a note's creation date in a dataset.
pub const UTC_FORMAT: &str = "%Y-%m-%dT%H:%M:%S%.6fZ";

/// Swiss local time → UTC; in the autumn hour that occurs twice, summer time is taken.
pub fn swiss_to_utc(local: NaiveDateTime) -> NaiveDateTime {
    let summer = local - Duration::hours(2);
    if summer_time(summer) {
        summer
    } else {
        local - Duration::hours(1)
    }
}

/// UTC → Swiss local time.
pub fn utc_to_swiss(utc: NaiveDateTime) -> NaiveDateTime {
    utc + Duration::hours(if summer_time(utc) { 2 } else { 1 })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swiss_time_round_trips_outside_the_doubled_hour() {
        let p = |s: &str| NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").unwrap();
        assert_eq!(swiss_to_utc(p("2026-05-12 11:38")), p("2026-05-12 09:38"));
        assert_eq!(swiss_to_utc(p("2026-01-12 11:38")), p("2026-01-12 10:38"));
        for t in ["2026-03-29 00:59", "2026-03-29 01:00", "2026-10-25 00:59", "2026-10-25 02:00", "2026-12-31 23:30"] {
            assert_eq!(swiss_to_utc(utc_to_swiss(p(t))), p(t), "{t}");
        }
    }
}
