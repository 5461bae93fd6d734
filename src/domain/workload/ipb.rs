//! Modes `lessons2` and `lessons2AgeReliefIncluded`: the IPB correction
//! (§IPB correction). The whole difference to the payment target is booked, per
//! semester, as a correction in lessons on one payroll type (the model of a
//! spreadsheet template the schools used).

use rust_decimal::Decimal;

use crate::domain::ids::PayrollTypeId;

use super::booking::PayrollMap;
use super::convert::Context;
use super::modes::PayrollResult;
use super::output::PayrollRow;
use super::round::{half_up, ipb_correction, negate};

/// The IPB correction of one semester (§IPB correction step 3).
#[derive(Debug, Clone, PartialEq)]
pub(super) struct SemesterCorrection {
    /// The correction type (step 2).
    pub payroll_type: PayrollTypeId,
    /// d_s = total_s − payment_s, percent (negative = too little work).
    pub difference: Decimal,
    /// cL_s in lessons per week (negative = lessons to add): P→L(type, d_s)
    /// without removing age relief, rounded to 8 half-up, then to 2 away
    /// from zero when d_s ≤ 0, toward zero when d_s > 0.
    pub lessons: Decimal,
    /// L→P(type, cL_s), percent (no age relief, no surcharge).
    pub percent: Decimal,
}

/// One corrected item of §IPB correction step 4.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct CorrectedItem {
    /// The payroll type.
    pub payroll_type: PayrollTypeId,
    /// Lesson-based: P→L(withoutAE(p')), to 2 except for the correction
    /// type of the semester (unrounded); percent-based: 0.
    pub lessons: [Decimal; 2],
    /// Lesson-based: p' unrounded; percent-based: p' to 2.
    pub percent: [Decimal; 2],
}

/// The correction type of semester `s` (§IPB correction step 2): among the present
/// lesson-based types with ipbCorrectionAllowed, the one with most lessons
/// P→L(withoutAE_s(value)), compared after rounding half-up to 8 decimals;
/// a tie goes to the earlier saldoResolvingOrder. With no such type: the
/// school's lowest-saldo type. `None` only when the school has no payroll
/// type at all.
///
/// `ipbCorrectionAllowed` on a percent-based type (which §Setup does not allow)
/// is ignored.
pub(super) fn correction_type(ctx: &mut Context, map: &PayrollMap, s: usize) -> Option<PayrollTypeId> {
    let mut best: Option<(PayrollTypeId, Decimal)> = None;
    for t in map.by_saldo(ctx) {
        let ty = ctx.payroll_type(t);
        if !(ty.lesson_based && ty.ipb_correction_allowed) {
            continue;
        }
        let without = ctx.without_ae(s, map.value(t, s));
        let lessons = half_up(ctx.p_to_l(t, without), 8);
        // strictly more: on a tie the earlier (in saldo order) stays
        if best.is_none_or(|(_, most)| lessons > most) {
            best = Some((t, lessons));
        }
    }
    best.map(|(t, _)| t).or(ctx.lowest_saldo_type())
}

/// The correction of semester `s` (§IPB correction steps 2–3); `None` when there is no
/// correction type.
///
/// A percent-based fallback correction type (the lowest-saldo type when no
/// IPB-allowed type is present) has no weekly lessons: its cL and its
/// correction percent are 0.
pub(super) fn semester_correction(
    ctx: &mut Context,
    map: &PayrollMap,
    payment: [Decimal; 2],
    s: usize,
) -> Option<SemesterCorrection> {
    let t = correction_type(ctx, map, s)?;
    let difference = map.total(s) - payment[s];
    let x = ctx.p_to_l(t, difference);
    let lessons = ipb_correction(x, difference);
    let percent = ctx.l_to_p(t, lessons, Decimal::ZERO);
    Some(SemesterCorrection { payroll_type: t, difference, lessons, percent })
}

/// The corrected items of §IPB correction step 4, for every present type by id:
/// p' = value − (L→P(type, cL_s) when it is the correction type of s).
pub(super) fn corrected_items(
    ctx: &mut Context,
    map: &PayrollMap,
    corrections: &[Option<SemesterCorrection>; 2],
) -> Vec<CorrectedItem> {
    let mut items = Vec::new();
    for t in map.by_id() {
        let lesson_based = ctx.payroll_type(t).lesson_based;
        let mut item = CorrectedItem { payroll_type: t, lessons: [Decimal::ZERO; 2], percent: [Decimal::ZERO; 2] };
        for s in 0..2 {
            let correction = corrections[s].as_ref().filter(|c| c.payroll_type == t);
            let corrected = match correction {
                Some(c) => map.value(t, s) - c.percent,
                None => map.value(t, s),
            };
            if lesson_based {
                let without = ctx.without_ae(s, corrected);
                let lessons = ctx.p_to_l(t, without);
                item.lessons[s] = if correction.is_some() { lessons } else { half_up(lessons, 2) };
                item.percent[s] = corrected;
            } else {
                item.percent[s] = half_up(corrected, 2);
            }
        }
        items.push(item);
    }
    items
}

/// The payroll of §IPB correction (`lessons2`, `lessons2AgeReliefIncluded`).
///
/// Rows by payroll type id. A lesson-based type's row shows its values
/// **without** correction in every semester (lessons P→L(withoutAE(value))
/// to 2, percent unrounded), which for a non-correction semester equals the
/// corrected item. A percent-based type's row shows its percent to 2; in a
/// semester where it is the (fallback) correction type it shows the value
/// unrounded, as step 5 says for the correction type's row.
///
/// Right after the row of a correction type comes its IPB row
/// (`correction: true`, `"IPB-Korrektur <type description>"`) with −cL_s and
/// −L→P(type, cL_s) in the semesters where it is the correction type and 0
/// in the other: one IPB row when both semesters have the same correction
/// type (always shown, even with cL = 0), two when they differ.
///
/// Totals are the sums of the corrected percents of step 4 (not of the
/// displayed rows); payment is the mean of the two totals; percentDecimals 2.
pub(super) fn payroll(ctx: &mut Context, map: &PayrollMap, payment: [Decimal; 2]) -> PayrollResult {
    debug_assert!(ctx.mode.ipb_correction());
    let corrections = [semester_correction(ctx, map, payment, 0), semester_correction(ctx, map, payment, 1)];
    let items = corrected_items(ctx, map, &corrections);
    let mut total = [Decimal::ZERO; 2];
    for item in &items {
        for s in 0..2 {
            total[s] += item.percent[s];
        }
    }

    let mut rows = Vec::new();
    for t in map.by_id() {
        let lesson_based = ctx.payroll_type(t).lesson_based;
        let is_correction = [0, 1].map(|s| corrections[s].as_ref().is_some_and(|c| c.payroll_type == t));
        let mut row =
            PayrollRow { payroll_type: t, correction: false, lessons: [Decimal::ZERO; 2], percent: [Decimal::ZERO; 2] };
        for s in 0..2 {
            let value = map.value(t, s);
            if lesson_based {
                let without = ctx.without_ae(s, value);
                row.lessons[s] = half_up(ctx.p_to_l(t, without), 2);
                row.percent[s] = value;
            } else if is_correction[s] {
                row.percent[s] = value;
            } else {
                row.percent[s] = half_up(value, 2);
            }
        }
        rows.push(row);
        if is_correction.contains(&true) {
            let mut ipb = PayrollRow {
                payroll_type: t,
                correction: true,
                lessons: [Decimal::ZERO; 2],
                percent: [Decimal::ZERO; 2],
            };
            for s in 0..2 {
                if let Some(c) = corrections[s].as_ref().filter(|c| c.payroll_type == t) {
                    ipb.lessons[s] = negate(c.lessons);
                    ipb.percent[s] = negate(c.percent);
                }
            }
            rows.push(ipb);
        }
    }

    PayrollResult { rows, total, payment: (total[0] + total[1]) / Decimal::TWO, percent_decimals: 2 }
}

#[cfg(test)]
mod tests {
    use super::super::booking::book_all;
    use super::super::input::{CalculationMode, PayrollType, WorkloadInput};
    use super::super::output::Warning;
    use super::super::test_support::*;
    use super::*;

    struct Run {
        result: PayrollResult,
        corrections: [Option<SemesterCorrection>; 2],
        items: Vec<CorrectedItem>,
        warnings: Vec<Warning>,
    }

    fn run(input: &WorkloadInput, ae: [Decimal; 2]) -> Run {
        let mut ctx = Context::new(input, ae);
        let booked = book_all(&mut ctx, input);
        let corrections = [
            semester_correction(&mut ctx, &booked.map, input.payment, 0),
            semester_correction(&mut ctx, &booked.map, input.payment, 1),
        ];
        let items = corrected_items(&mut ctx, &booked.map, &corrections);
        let result = payroll(&mut ctx, &booked.map, input.payment);
        Run { result, corrections, items, warnings: ctx.into_warnings() }
    }

    fn ct(r: &Run) -> [PayrollTypeId; 2] {
        [0, 1].map(|s| r.corrections[s].as_ref().unwrap().payroll_type)
    }

    fn shape(r: &PayrollResult) -> Vec<(PayrollTypeId, bool)> {
        r.rows.iter().map(|x| (x.payroll_type, x.correction)).collect()
    }

    #[test]
    fn tie_goes_to_earlier_saldo_order() {
        // F (saldo 3) and BM (saldo 4) both 2.4 L (after removing AE 4 %), G2 2 L.
        let year = spec_year(CalculationMode::Lessons2);
        let types = spec_types();
        let mut input = empty_input(&year, &types);
        input.courses.push(course(G2, "2"));
        input.courses.push(course(BM, "2.4"));
        input.courses.push(course(F, "2.4"));
        input.payment = [d("40"), d("40")];
        let r = run(&input, [d("4"), d("4")]);
        assert_eq!(ct(&r), [F, F]);

        // the same with saldo orders swapped: BM now earlier
        let types: Vec<PayrollType> = spec_types()
            .into_iter()
            .map(|mut t| {
                if t.id == F {
                    t.saldo_order = 5;
                }
                t
            })
            .collect();
        let mut input2 = input.clone();
        input2.payroll_types = &types;
        let r = run(&input2, [d("4"), d("4")]);
        assert_eq!(ct(&r), [BM, BM]);
    }

    #[test]
    fn tie_is_decided_after_rounding_to_8_decimals() {
        // 2.3 L on F (WL 24) and BM (WL 23) with AE 12 %: P→L(withoutAE(withAE(L→P(2.3))))
        // may differ in the 28th digit; after rounding to 8 both are 2.3 and F (earlier) wins.
        let year = spec_year(CalculationMode::Lessons2);
        let types = spec_types();
        let mut input = empty_input(&year, &types);
        input.courses.push(course(BM, "2.3"));
        input.courses.push(course(F, "2.3"));
        let r = run(&input, [d("12"), d("8")]);
        assert_eq!(ct(&r), [F, F]);
    }

    #[test]
    fn most_lessons_wins_not_most_percent() {
        // BM 5 L = 21.7 % vs F 5.1 L = 21.25 %: F has more lessons
        let year = spec_year(CalculationMode::Lessons2);
        let types = spec_types();
        let mut input = empty_input(&year, &types);
        input.courses.push(course(BM, "5"));
        input.courses.push(course(F, "5.1"));
        let r = run(&input, [Decimal::ZERO; 2]);
        assert_eq!(ct(&r), [F, F]);
    }

    #[test]
    fn fallback_to_lowest_saldo_type_when_no_ipb_type_present() {
        // GK2 (not IPB-allowed) and PS; G2 is present at 0 as lowest-saldo type.
        let year = spec_year(CalculationMode::Lessons2);
        let types = spec_types();
        let mut input = empty_input(&year, &types);
        input.courses.push(course(GK2, "1"));
        input.pool.push(pool(PS, "20", "20"));
        input.payment = [d("30"), d("30")];
        let r = run(&input, [Decimal::ZERO; 2]);
        assert_eq!(ct(&r), [G2, G2]);
        // d = 25 − 30 = −5 → x = −1.15 → cL = −1.15
        assert_eq!(r.corrections[0].as_ref().unwrap().lessons, d("-1.15"));
        assert_eq!(shape(&r.result), vec![(G2, false), (G2, true), (GK2, false), (PS, false)]);
        let ipb = &r.result.rows[1];
        assert_eq!(ipb.lessons, [d("1.15"), d("1.15")]);
        assert_eq!(ipb.percent, [d("5"), d("5")]);
        assert_eq!(r.result.rows[0].percent, [d("0"), d("0")]);
        assert_eq!(r.result.total, [d("30"), d("30")]);
        assert_eq!(r.result.payment, d("30"));
    }

    #[test]
    fn fallback_to_lowest_saldo_type_even_with_ipb_types_of_the_school_unused() {
        // F and BM allow IPB but are not present: they are not candidates.
        let year = spec_year(CalculationMode::Lessons2);
        let [t3, t7, t8] = [3, 7, 8].map(PayrollTypeId);
        let types: Vec<PayrollType> = vec![pt(t7, true, 1, false), pt(t3, true, 2, true), pt(t8, false, 0, false)];
        let mut input = empty_input(&year, &types);
        input.courses.push(course(t7, "2"));
        input.payment = [d("12"), d("8")];
        let r = run(&input, [Decimal::ZERO; 2]);
        // lowest saldo is the percent-based type 8: no weekly lessons, cL = 0
        assert_eq!(ct(&r), [t8, t8]);
        assert_eq!(shape(&r.result), vec![(t7, false), (t8, false), (t8, true)]);
        assert_eq!(r.result.rows[2].lessons, [d("0"), d("0")]);
        assert_eq!(r.result.rows[2].percent, [d("0"), d("0")]);
        assert_eq!(r.result.total, [d("10"), d("10")]);
        assert!(r.warnings.is_empty());
    }

    #[test]
    fn different_correction_type_per_semester_gives_two_ipb_rows() {
        let year = spec_year(CalculationMode::Lessons2);
        let types = spec_types();
        let mut input = empty_input(&year, &types);
        let mut f = course(F, "6");
        f.lessons = [d("6"), d("2")];
        let mut bm = course(BM, "3");
        bm.lessons = [d("3"), d("4.6")];
        input.courses.push(f);
        input.courses.push(bm);
        // s1: F 25 + BM 13.043… = 38.043…, payment 40 → d = −1.9565…, x = −0.46956… → −0.47
        // s2: F 8.333… + BM 20 = 28.333…, payment 30 → d = −1.6666…, x = −0.38333… → −0.39
        input.payment = [d("40"), d("30")];
        let r = run(&input, [Decimal::ZERO; 2]);
        assert_eq!(ct(&r), [F, BM]);
        assert_eq!(shape(&r.result), vec![(G2, false), (F, false), (F, true), (BM, false), (BM, true)]);
        let ipb_f = &r.result.rows[2];
        assert_eq!(ipb_f.lessons, [d("0.47"), d("0")]);
        assert_eq!(ipb_f.percent[1], d("0"));
        assert_eq!(shown(ipb_f.percent[0], 10), "1.9583333333"); // 0.47·100/24
        let ipb_bm = &r.result.rows[4];
        assert_eq!(ipb_bm.lessons, [d("0"), d("0.39")]);
        assert_eq!(ipb_bm.percent[0], d("0"));
        assert_eq!(shown(ipb_bm.percent[1], 10), "1.6956521739"); // 0.39·100/23
                                                                  // rows without correction
        assert_eq!(r.result.rows[1].lessons, [d("6"), d("2")]);
        assert_eq!(r.result.rows[1].percent, [d("25"), d("200") / d("24")]);
        // totals: corrected percents, slightly above the payment (in the teacher's favour)
        assert_eq!(shown(r.result.total[0], 10), "40.0018115942");
        assert_eq!(shown(r.result.total[1], 10), "30.0289855072");
        assert_eq!(r.result.payment, (r.result.total[0] + r.result.total[1]) / d("2"));
    }

    #[test]
    fn zero_difference_still_shows_an_ipb_row_with_zero() {
        let year = spec_year(CalculationMode::Lessons2);
        let types = spec_types();
        let mut input = empty_input(&year, &types);
        input.courses.push(course(F, "12"));
        input.payment = [d("50"), d("50")];
        let r = run(&input, [Decimal::ZERO; 2]);
        assert_eq!(r.corrections[0].as_ref().unwrap().difference, d("0"));
        assert_eq!(shape(&r.result), vec![(G2, false), (F, false), (F, true)]);
        let ipb = &r.result.rows[2];
        assert_eq!(ipb.lessons, [d("0"), d("0")]);
        assert_eq!(ipb.percent, [d("0"), d("0")]);
        assert!(!ipb.lessons[0].is_sign_negative() && !ipb.percent[0].is_sign_negative());
        assert_eq!(r.result.total, [d("50"), d("50")]);
    }

    #[test]
    fn positive_difference_rounds_toward_zero() {
        // F 7.2 L = 30 % ×1.04 = 31.2 %, BM 2.4 L ×1.04; payment chosen so d = +3.704
        let year = spec_year(CalculationMode::Lessons2);
        let types = spec_types();
        let mut input = empty_input(&year, &types);
        input.courses.push(course(F, "7.2"));
        input.payment = [d("27.496"), d("27.496")];
        let r = run(&input, [d("4"), d("4")]);
        let c = r.corrections[0].as_ref().unwrap();
        assert_eq!(c.difference, d("3.704"));
        // x = 3.704·24/100 = 0.88896 → toward zero 0.88 (away from zero would give 0.89)
        assert_eq!(c.lessons, d("0.88"));
        let ipb = &r.result.rows[2];
        assert_eq!(ipb.lessons, [d("-0.88"), d("-0.88")]);
        assert_eq!(shown(ipb.percent[0], 2), "-3.67"); // −0.88·100/24 = −3.6666…
                                                       // corrected item: 31.2 − 3.6666… = 27.5333…; lessons unrounded for the correction type
        let f = r.items.iter().find(|i| i.payroll_type == F).unwrap();
        assert_eq!(shown(f.percent[0], 10), "27.5333333333");
        assert_eq!(shown(f.lessons[0], 10), "6.3538461538"); // 27.5333…/1.04·24/100
                                                             // total = Σ corrected percents (G2 0), above the payment: the teacher keeps the rest
        assert_eq!(shown(r.result.total[0], 10), "27.5333333333");
    }

    #[test]
    fn percent_types_round_to_2_in_corrected_items() {
        let year = spec_year(CalculationMode::Lessons2);
        let types = spec_types();
        let mut input = empty_input(&year, &types);
        input.courses.push(course(F, "6"));
        input.pool.push(pool(PS, "1.234", "1.235"));
        input.payment = [d("26.234"), d("26.235")];
        let r = run(&input, [Decimal::ZERO; 2]);
        let ps = r.result.rows.iter().find(|x| x.payroll_type == PS).unwrap();
        assert_eq!(ps.percent, [d("1.23"), d("1.24")]);
        assert_eq!(ps.lessons, [d("0"), d("0")]);
        // d = 0 both semesters → totals 25 + 1.23 / 25 + 1.24
        assert_eq!(r.result.total, [d("26.23"), d("26.24")]);
    }

    #[test]
    fn lessons2_age_relief_included_books_pool_without_ae() {
        let year = spec_year(CalculationMode::Lessons2AgeReliefIncluded);
        let types = spec_types();
        let mut input = empty_input(&year, &types);
        input.courses.push(course(F, "6")); // 25 % ×1.08 = 27
        input.pool.push(pool(PS, "10.8", "10.8")); // entered incl. AE → withoutAE 10, booked ×1.08
        input.payment = [d("40"), d("40")];
        let r = run(&input, [d("8"), d("8")]);
        // d = 37.8 − 40 = −2.2 → x = −0.528 → −0.53 L → 2.2083…%
        assert_eq!(r.corrections[0].as_ref().unwrap().lessons, d("-0.53"));
        let ps = r.result.rows.iter().find(|x| x.payroll_type == PS).unwrap();
        assert_eq!(ps.percent, [d("10.8"), d("10.8")]);
        assert_eq!(shown(r.result.total[0], 10), "40.0083333333");
    }
}
