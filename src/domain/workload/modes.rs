//! Modes `percent`, `lessons`, `lessonsAgeReliefIncluded` and
//! `percentAgeReliefIncluded`: resolving the difference to the payment
//! target in saldo order (§Modes).

use std::collections::BTreeMap;

use rust_decimal::Decimal;

use crate::domain::ids::PayrollTypeId;

use super::booking::PayrollMap;
use super::convert::Context;
use super::input::CalculationMode;
use super::output::PayrollRow;
use super::round::half_up;

/// The payroll report of §Modes or §IPB correction.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct PayrollResult {
    /// Rows in display order.
    pub rows: Vec<PayrollRow>,
    /// Payroll total per semester, percent.
    pub total: [Decimal; 2],
    /// Payment (Auszahlung), annual percent.
    pub payment: Decimal,
    /// Decimals a client shows the payroll percents with.
    pub percent_decimals: u32,
}

/// The saldo walk of §Modes, per semester: diff_s = payment_s − total_s (in
/// `percentAgeReliefIncluded`: payment_s − withAE_s(total_s)); for the
/// present types in ascending saldoResolvingOrder, r = value + diff; when
/// r < 0 the negative rest carries on (diff = r, r = 0), else diff = 0.
/// A negative rest left after the last type is dropped.
///
/// Returns r per present type and semester, percent.
pub(super) fn resolve_saldo(
    ctx: &Context,
    map: &PayrollMap,
    payment: [Decimal; 2],
) -> BTreeMap<PayrollTypeId, [Decimal; 2]> {
    let order = map.by_saldo(ctx);
    let mut resolved: BTreeMap<PayrollTypeId, [Decimal; 2]> = order.iter().map(|t| (*t, [Decimal::ZERO; 2])).collect();
    for s in 0..2 {
        let total = if ctx.mode == CalculationMode::PercentAgeReliefIncluded {
            ctx.with_ae(s, map.total(s))
        } else {
            map.total(s)
        };
        let mut diff = payment[s] - total;
        for t in &order {
            let mut r = map.value(*t, s) + diff;
            if r < Decimal::ZERO {
                diff = r;
                r = Decimal::ZERO;
            } else {
                diff = Decimal::ZERO;
            }
            resolved.get_mut(t).expect("every present type is in the map")[s] = r;
        }
    }
    resolved
}

/// The payroll of §Modes for `percent`, `lessons`, `lessonsAgeReliefIncluded`
/// and `percentAgeReliefIncluded`: one row per present type, ordered by id,
/// from the resolved r of [`resolve_saldo`]:
///
/// | mode | lesson-based | percent-based | decimals |
/// |---|---|---|---|
/// | `percent`, `percentAgeReliefIncluded` | lessons P→L(withoutAE(r)) to 2, percent r to 3 | percent r to 3 | 3 |
/// | `lessons` | lessons as above, percent withAE(L→P(lessons)) to 3 | percent r unrounded | 2 |
/// | `lessonsAgeReliefIncluded` | lessons as above, percent withAE(L→P(lessons)) to 2 | percent r to 2 | 2 |
///
/// Oddities of the reference kept: in `percentAgeReliefIncluded` the map is
/// already without AE, yet the lessons apply withoutAE again; in `lessons`
/// the percents carry 3 decimals (and percent-based ones are unrounded)
/// while `percentDecimals` is 2.
///
/// Totals are the sums of the row percents (after rounding). Payment is
/// (total₁ + total₂)/2, in `percentAgeReliefIncluded` (payment₁ + payment₂)/2.
pub(super) fn payroll(ctx: &mut Context, map: &PayrollMap, payment: [Decimal; 2]) -> PayrollResult {
    debug_assert!(!ctx.mode.ipb_correction());
    let resolved = resolve_saldo(ctx, map, payment);
    let mut rows = Vec::with_capacity(resolved.len());
    let mut total = [Decimal::ZERO; 2];
    for (&t, r) in &resolved {
        let lesson_based = ctx.payroll_type(t).lesson_based;
        let mut row =
            PayrollRow { payroll_type: t, correction: false, lessons: [Decimal::ZERO; 2], percent: [Decimal::ZERO; 2] };
        for s in 0..2 {
            let (lessons, percent) = item(ctx, t, s, r[s], lesson_based);
            row.lessons[s] = lessons;
            row.percent[s] = percent;
            total[s] += percent;
        }
        rows.push(row);
    }
    let payment = if ctx.mode == CalculationMode::PercentAgeReliefIncluded {
        (payment[0] + payment[1]) / Decimal::TWO
    } else {
        (total[0] + total[1]) / Decimal::TWO
    };
    let percent_decimals = match ctx.mode {
        CalculationMode::Percent | CalculationMode::PercentAgeReliefIncluded => 3,
        _ => 2,
    };
    PayrollResult { rows, total, payment, percent_decimals }
}

/// (lessons, percent) of type `t` in semester `s` for the resolved `r`
/// (the table of [`payroll`]).
fn item(ctx: &mut Context, t: PayrollTypeId, s: usize, r: Decimal, lesson_based: bool) -> (Decimal, Decimal) {
    let lessons = if lesson_based {
        let without = ctx.without_ae(s, r);
        half_up(ctx.p_to_l(t, without), 2)
    } else {
        Decimal::ZERO
    };
    let percent = match (ctx.mode, lesson_based) {
        (CalculationMode::Lessons, true) => {
            let p = ctx.l_to_p(t, lessons, Decimal::ZERO);
            half_up(ctx.with_ae(s, p), 3)
        }
        (CalculationMode::Lessons, false) => r,
        (CalculationMode::LessonsAgeReliefIncluded, true) => {
            let p = ctx.l_to_p(t, lessons, Decimal::ZERO);
            half_up(ctx.with_ae(s, p), 2)
        }
        (CalculationMode::LessonsAgeReliefIncluded, false) => half_up(r, 2),
        _ => half_up(r, 3),
    };
    (lessons, percent)
}

#[cfg(test)]
mod tests {
    use super::super::booking::book_all;
    use super::super::input::WorkloadInput;
    use super::super::output::Warning;
    use super::super::test_support::*;
    use super::*;

    fn run(input: &WorkloadInput, ae: [Decimal; 2]) -> (PayrollResult, Vec<Warning>) {
        let mut ctx = Context::new(input, ae);
        let booked = book_all(&mut ctx, input);
        let result = payroll(&mut ctx, &booked.map, input.payment);
        (result, ctx.into_warnings())
    }

    fn row(r: &PayrollResult, t: PayrollTypeId) -> &PayrollRow {
        r.rows.iter().find(|x| x.payroll_type == t).unwrap()
    }

    #[test]
    fn negative_carry_in_saldo_order_across_two_types() {
        // G2 (saldo 1) 4 L = 17.391…%, G1 (saldo 2) 14 L = 50 %, F (saldo 3) 6 L = 25 %;
        // payment 70: diff = 70 − 92.391… = −22.391…; G2 → 0, carry −5 to G1 → 45; F untouched.
        let year = spec_year(CalculationMode::Percent);
        let types = spec_types();
        let mut input = empty_input(&year, &types);
        input.courses.push(course(G2, "4"));
        input.courses.push(course(G1, "14"));
        input.courses.push(course(F, "6"));
        input.payment = [d("70"), d("70")];
        let (r, _) = run(&input, [Decimal::ZERO; 2]);
        assert_eq!(r.rows.iter().map(|x| x.payroll_type).collect::<Vec<_>>(), vec![G1, G2, F]);
        assert_eq!(row(&r, G2).percent, [d("0"), d("0")]);
        assert_eq!(row(&r, G2).lessons, [d("0"), d("0")]);
        assert_eq!(row(&r, G1).percent, [d("45"), d("45")]);
        assert_eq!(row(&r, G1).lessons, [d("12.6"), d("12.6")]);
        assert_eq!(row(&r, F).percent, [d("25"), d("25")]);
        assert_eq!(r.total, [d("70"), d("70")]);
        assert_eq!(r.payment, d("70"));
        assert_eq!(r.percent_decimals, 3);
    }

    #[test]
    fn positive_diff_goes_to_lowest_saldo_type_even_if_nothing_booked() {
        let year = spec_year(CalculationMode::Lessons);
        let types = spec_types();
        let mut input = empty_input(&year, &types);
        input.courses.push(course(F, "12"));
        input.payment = [d("60"), d("50")];
        let (r, _) = run(&input, [Decimal::ZERO; 2]);
        // G2 is always present and gets the diff 10 % / 0 %
        assert_eq!(row(&r, G2).lessons, [d("2.3"), d("0")]);
        assert_eq!(row(&r, G2).percent, [d("10"), d("0")]);
        assert_eq!(row(&r, F).percent, [d("50"), d("50")]);
        assert_eq!(r.total, [d("60"), d("50")]);
        assert_eq!(r.payment, d("55"));
        assert_eq!(r.percent_decimals, 2);
    }

    #[test]
    fn negative_rest_after_last_type_is_dropped() {
        let year = spec_year(CalculationMode::Percent);
        let types = spec_types();
        let mut input = empty_input(&year, &types);
        input.pool.push(pool(PS, "20", "20"));
        input.payment = [d("0"), d("5")];
        let (r, _) = run(&input, [Decimal::ZERO; 2]);
        assert_eq!(row(&r, G2).percent, [d("0"), d("0")]);
        assert_eq!(row(&r, PS).percent, [d("0"), d("5")]);
        assert_eq!(r.payment, d("2.5"));
    }

    #[test]
    fn percent_mode_rounds_percent_to_3_and_lessons_to_2() {
        let year = spec_year(CalculationMode::Percent);
        let types = spec_types();
        let mut input = empty_input(&year, &types);
        input.courses.push(course(F, "1"));
        input.payment = [d("4.16666"), d("4.1666")];
        let (r, _) = run(&input, [Decimal::ZERO; 2]);
        // 1 L = 4.1666…%; diff −0.0000066… / −0.0000666… carries past G2 (0) to F:
        // r = 4.16666 / 4.1666 → 4.167; lessons 0.9999984 / 0.999984 → 1.00
        assert_eq!(row(&r, F).percent, [d("4.167"), d("4.167")]);
        assert_eq!(row(&r, F).lessons, [d("1.00"), d("1.00")]);
        assert_eq!(r.total, [d("4.167"), d("4.167")]);
    }

    #[test]
    fn lessons_mode_percent_from_rounded_lessons_and_percent_types_unrounded() {
        let year = spec_year(CalculationMode::Lessons);
        let types = spec_types();
        let mut input = empty_input(&year, &types);
        input.courses.push(course(G2, "3"));
        input.pool.push(pool(PS, "1.23456", "1.23456"));
        input.payment = [d("20"), d("14.2")];
        let (r, _) = run(&input, [d("4"), d("0")]);
        // s1: G2 value 13.043478…·1.04 = 13.5652…; PS 1.2839424; total 14.8491…; diff 5.1508…
        // r = 18.716… → withoutAE 17.996… → lessons 4.14 → percent 4.14·100/23·1.04 = 18.72
        assert_eq!(row(&r, G2).lessons[0], d("4.14"));
        assert_eq!(row(&r, G2).percent[0], d("18.72"));
        assert_eq!(row(&r, PS).percent[0], d("1.2839424")); // r unrounded
                                                            // s2: G2 13.0434782… + (14.2 − 14.2778…) carries −0.0778… → r = 12.9656…
                                                            // lessons 2.98 → percent 12.956521… → 12.957 (3 decimals)
        assert_eq!(row(&r, G2).lessons[1], d("2.98"));
        assert_eq!(row(&r, G2).percent[1], d("12.957"));
        assert_eq!(r.total[1], d("12.957") + d("1.23456"));
        assert_eq!(r.percent_decimals, 2);
    }

    #[test]
    fn lessons_age_relief_included_rounds_percents_to_2() {
        let year = spec_year(CalculationMode::LessonsAgeReliefIncluded);
        let types = spec_types();
        let mut input = empty_input(&year, &types);
        input.courses.push(course(G2, "3"));
        input.pool.push(pool(PS, "1.23456", "1.23456"));
        input.payment = [d("20"), d("14.2")];
        let (r, _) = run(&input, [d("4"), d("0")]);
        // pool entered incl. AE: booked withAE(withoutAE(1.23456)) = 1.23456
        assert_eq!(row(&r, PS).percent, [d("1.23"), d("1.23")]);
        // s1: r = 20 − 1.23456 = 18.76544 → withoutAE·23/100 = 4.150… → 4.15 L
        // → 4.15·100/23·1.04 = 18.7652… → 18.77 (2 decimals)
        assert_eq!(row(&r, G2).lessons[0], d("4.15"));
        assert_eq!(row(&r, G2).percent[0], d("18.77"));
        assert_eq!(r.percent_decimals, 2);
    }

    #[test]
    fn percent_age_relief_included_payment_and_double_without_ae() {
        let year = spec_year(CalculationMode::PercentAgeReliefIncluded);
        let types = spec_types();
        let mut input = empty_input(&year, &types);
        input.courses.push(course(G2, "11.5")); // 50 % without AE, booked unchanged
        input.payment = [d("52"), d("40")];
        let (r, _) = run(&input, [d("4"), d("4")]);
        // s1: diff = 52 − 50·1.04 = 0 → r = 50; lessons = P→L(50/1.04) = 11.057… → 11.06
        assert_eq!(row(&r, G2).percent[0], d("50"));
        assert_eq!(row(&r, G2).lessons[0], d("11.06"));
        // s2: diff = 40 − 52 = −12 → r = 38
        assert_eq!(row(&r, G2).percent[1], d("38"));
        assert_eq!(row(&r, G2).lessons[1], d("8.40")); // 38/1.04·23/100 = 8.4038…
                                                       // payment is the mean of the payment targets, not of the totals
        assert_eq!(r.total, [d("50"), d("38")]);
        assert_eq!(r.payment, d("46"));
        assert_eq!(r.percent_decimals, 3);
    }

    #[test]
    fn missing_weekly_lessons_of_present_type_warns_and_converts_to_zero() {
        let mut year = spec_year(CalculationMode::Lessons);
        year.weekly_lessons.remove(&G2);
        let types = spec_types();
        let mut input = empty_input(&year, &types);
        input.pool.push(pool(PS, "10", "10"));
        input.payment = [d("30"), d("30")];
        let (r, w) = run(&input, [Decimal::ZERO; 2]);
        // G2 is present (lowest saldo), gets the diff 20, but converts to 0 lessons / 0 %
        assert_eq!(row(&r, G2).lessons, [d("0"), d("0")]);
        assert_eq!(row(&r, G2).percent, [d("0"), d("0")]);
        assert_eq!(r.total, [d("10"), d("10")]);
        assert_eq!(w, vec![Warning::NoWeeklyLessons { payroll_type: G2 }]);
    }
}
