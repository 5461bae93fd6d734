//! Postings (Einzelbuchungen) of §Balance; they enter the IPB balance only, never
//! the payroll (§What counts).

use chrono::{Datelike, NaiveDate};
use rust_decimal::Decimal;

use super::convert::Context;
use super::input::PostingItem;
use super::output::{PostingDetailLine, PostingLine};

/// The semester of a posting (§Pool, postings, theses and notes): 1 when `start_date` is before 1 February
/// of `graduation_year`, else 2.
pub fn posting_semester(start_date: NaiveDate, graduation_year: i32) -> u8 {
    // before 1 February of graduation_year ⟺ an earlier year, or January of it
    if (start_date.year(), start_date.month()) < (graduation_year, 2) {
        1
    } else {
        2
    }
}

/// The posting lines of §Balance and their total (Σ totalPercent), percent.
///
/// Per detail, with sem = the posting's semester:
/// - lessons type: lessons = the value; `full_position` = WL(type), the
///   weekly lessons of a full position (§Response); percent =
///   lessons·100/(WL(type)·weeks), an annual percent from single lessons.
///   Without weekly lessons (or with weeks ≤ 0) the percent is 0 (and
///   `full_position` 0 without weekly lessons); a missing WL warns
///   `no_weekly_lessons` unless the value is 0 ("none").
/// - percent type: lessons 0, `full_position` 0; percent = the value, in the
///   `…AgeReliefIncluded` modes withoutAE_sem(value).
///
/// ageRelief = percent·AE_sem/100; totalPercent = Σ (percent + ageRelief).
/// Nothing is rounded (the specification names no rounding here).
pub(super) fn postings(ctx: &mut Context, items: &[PostingItem]) -> (Vec<PostingLine>, Decimal) {
    let mut lines = Vec::with_capacity(items.len());
    let mut total = Decimal::ZERO;
    for item in items {
        let semester = posting_semester(item.start_date, ctx.graduation_year);
        let s = usize::from(semester - 1);
        let mut details = Vec::with_capacity(item.details.len());
        let mut total_percent = Decimal::ZERO;
        for detail in &item.details {
            let (lessons, full_position, percent) = if detail.percent_type {
                let percent =
                    if ctx.mode.age_relief_included() { ctx.without_ae(s, detail.value) } else { detail.value };
                (Decimal::ZERO, Decimal::ZERO, percent)
            } else {
                let wl = if detail.value.is_zero() { None } else { ctx.weekly_lessons(detail.payroll_type) };
                let full_position = wl.unwrap_or(Decimal::ZERO);
                let year_lessons = full_position * Decimal::from(ctx.weeks);
                let percent = if year_lessons > Decimal::ZERO {
                    detail.value * Decimal::ONE_HUNDRED / year_lessons
                } else {
                    Decimal::ZERO
                };
                (detail.value, full_position, percent)
            };
            let age_relief = percent * ctx.ae[s] / Decimal::ONE_HUNDRED;
            total_percent += percent + age_relief;
            details.push(PostingDetailLine { lessons, full_position, percent, age_relief });
        }
        total += total_percent;
        lines.push(PostingLine { semester, details, total_percent });
    }
    (lines, total)
}

#[cfg(test)]
mod tests {
    use super::super::input::{CalculationMode, PostingDetail};
    use super::super::output::Warning;
    use super::super::test_support::*;
    use super::*;

    fn detail(t: PayrollTypeId, percent_type: bool, value: &str) -> PostingDetail {
        PostingDetail { payroll_type: t, percent_type, value: d(value) }
    }

    #[test]
    fn semester_of_a_posting() {
        assert_eq!(posting_semester(date(2026, 8, 1), 2027), 1);
        assert_eq!(posting_semester(date(2027, 1, 31), 2027), 1);
        assert_eq!(posting_semester(date(2027, 2, 1), 2027), 2);
        assert_eq!(posting_semester(date(2027, 7, 31), 2027), 2);
        // before the school year (allowed by the resource): still semester 1
        assert_eq!(posting_semester(date(2020, 1, 1), 2027), 1);
    }

    #[test]
    fn both_kinds_in_both_semesters() {
        // AE 4 % in semester 1, 8 % in semester 2; 38 weeks
        let year = spec_year(CalculationMode::Percent);
        let types = spec_types();
        let input = empty_input(&year, &types);
        let mut ctx = Context::new(&input, [d("4"), d("8")]);
        let items = vec![
            PostingItem {
                start_date: date(2026, 9, 1),
                details: vec![detail(F, false, "38"), detail(PS, true, "2.5")],
            },
            PostingItem {
                start_date: date(2027, 3, 1),
                details: vec![detail(G2, false, "-46"), detail(PL, true, "-1")],
            },
        ];
        let (lines, total) = postings(&mut ctx, &items);
        assert_eq!(lines[0].semester, 1);
        // 38 single lessons at WL 24 × 38 weeks = 912 → 4.1666… %
        let l = &lines[0].details[0];
        assert_eq!(l.lessons, d("38"));
        assert_eq!(l.full_position, d("24"), "WL(F): the weekly lessons of a full position");
        assert_eq!(shown(l.percent, 10), "4.1666666667");
        assert_eq!(shown(l.age_relief, 10), "0.1666666667");
        let p = &lines[0].details[1];
        assert_eq!((p.lessons, p.full_position), (d("0"), d("0")), "a percent type has no lessons");
        assert_eq!(p.percent, d("2.5"));
        assert_eq!(p.age_relief, d("0.1"));
        assert_eq!(shown(lines[0].total_percent, 10), "6.9333333333");
        // semester 2: −46 at WL 23 × 38 = 874 → −5.2631… %, AE 8 %
        assert_eq!(lines[1].semester, 2);
        let l = &lines[1].details[0];
        assert_eq!(l.full_position, d("23"));
        assert_eq!(shown(l.percent, 10), "-5.2631578947");
        assert_eq!(shown(l.age_relief, 10), "-0.4210526316");
        assert_eq!(lines[1].details[1].age_relief, d("-0.08"));
        assert_eq!(shown(lines[1].total_percent, 10), "-6.7642105263");
        assert_eq!(total, lines[0].total_percent + lines[1].total_percent);
        assert!(ctx.into_warnings().is_empty());
    }

    #[test]
    fn percent_postings_without_ae_in_age_relief_included_modes() {
        let year = spec_year(CalculationMode::Lessons2AgeReliefIncluded);
        let types = spec_types();
        let input = empty_input(&year, &types);
        let mut ctx = Context::new(&input, [d("4"), d("12")]);
        let items = vec![PostingItem {
            start_date: date(2027, 2, 1),
            details: vec![detail(PS, true, "5.6"), detail(F, false, "9.12")],
        }];
        let (lines, total) = postings(&mut ctx, &items);
        assert_eq!(lines[0].details[0].percent, d("5")); // 5.6 / 1.12
        assert_eq!(lines[0].details[0].age_relief, d("0.6"));
        // lesson postings are never reduced
        assert_eq!(lines[0].details[1].percent, d("1")); // 9.12·100/912
        assert_eq!(total, d("5.6") + d("1.12"));
    }

    #[test]
    fn lesson_posting_without_weekly_lessons_is_zero_and_warns() {
        let mut year = spec_year(CalculationMode::Percent);
        year.weekly_lessons.remove(&BM);
        let types = spec_types();
        let input = empty_input(&year, &types);
        let mut ctx = Context::new(&input, [d("0"), d("0")]);
        let items = vec![PostingItem {
            start_date: date(2026, 9, 1),
            details: vec![detail(BM, false, "0"), detail(BM, false, "10")],
        }];
        let (lines, total) = postings(&mut ctx, &items);
        assert_eq!(lines[0].details[1].percent, d("0"));
        assert_eq!(lines[0].details[1].full_position, d("0"));
        assert_eq!(total, d("0"));
        assert_eq!(ctx.into_warnings(), vec![Warning::NoWeeklyLessons { payroll_type: BM }]);
    }
}
