//! The summary (Übersicht) of §Summary.

use rust_decimal::Decimal;

use super::booking::pool_percent;
use super::convert::Context;
use super::output::SummaryLine;

/// One summary line from its percents per semester (without AE):
/// ageRelief_s = percent_s·AE_s/100; percentWithAgeRelief =
/// (percent₁ + ageRelief₁ + percent₂ + ageRelief₂)/2, the annual value.
pub(super) fn line(ae: [Decimal; 2], percent: [Decimal; 2]) -> SummaryLine {
    let age_relief = [0, 1].map(|s| percent[s] * ae[s] / Decimal::ONE_HUNDRED);
    let percent_with_age_relief = (percent[0] + age_relief[0] + percent[1] + age_relief[1]) / Decimal::TWO;
    SummaryLine { percent, age_relief, percent_with_age_relief }
}

/// The three lines of §Summary — "Unterricht" (Σ course percents, without AE,
/// small-group surcharge applied), "Abschlussarbeiten" (Σ thesis percents,
/// the same in both semesters), "Pool" (poolPercent_s(Σ pool percents_s),
/// i.e. withoutAE of the sum in the `…AgeReliefIncluded` modes) — and the
/// total line, which sums the lines field by field (its
/// percentWithAgeRelief is the sum of the lines' values, not recomputed).
pub(super) fn summary(
    ctx: &Context,
    courses_percent: [Decimal; 2],
    theses_total: Decimal,
    pool_total: [Decimal; 2],
) -> ([SummaryLine; 3], SummaryLine) {
    let pool = [0, 1].map(|s| pool_percent(ctx, s, pool_total[s]));
    let lines = [line(ctx.ae, courses_percent), line(ctx.ae, [theses_total, theses_total]), line(ctx.ae, pool)];
    let mut total = SummaryLine {
        percent: [Decimal::ZERO; 2],
        age_relief: [Decimal::ZERO; 2],
        percent_with_age_relief: Decimal::ZERO,
    };
    for l in &lines {
        for s in 0..2 {
            total.percent[s] += l.percent[s];
            total.age_relief[s] += l.age_relief[s];
        }
        total.percent_with_age_relief += l.percent_with_age_relief;
    }
    (lines, total)
}

#[cfg(test)]
mod tests {
    use super::super::input::CalculationMode;
    use super::super::test_support::*;
    use super::*;

    #[test]
    fn line_adds_age_relief_and_averages() {
        let l = line([d("4"), d("8")], [d("50"), d("40")]);
        assert_eq!(l.age_relief, [d("2"), d("3.2")]);
        assert_eq!(l.percent_with_age_relief, d("47.6")); // (52 + 43.2)/2
    }

    #[test]
    fn summary_lines_and_total() {
        let year = spec_year(CalculationMode::Percent);
        let types = spec_types();
        let input = empty_input(&year, &types);
        let ctx = Context::new(&input, [d("4"), d("4")]);
        let (lines, total) = summary(&ctx, [d("50"), d("25")], d("2"), [d("10.4"), d("0")]);
        assert_eq!(lines[0].percent_with_age_relief, d("39")); // 75·1.04/2
        assert_eq!(lines[1].percent, [d("2"), d("2")]);
        assert_eq!(lines[1].percent_with_age_relief, d("2.08"));
        assert_eq!(lines[2].percent, [d("10.4"), d("0")]); // as entered
        assert_eq!(total.percent, [d("62.4"), d("27")]);
        assert_eq!(total.age_relief, [d("2.496"), d("1.08")]);
        assert_eq!(total.percent_with_age_relief, d("39") + d("2.08") + d("5.408"));
    }

    #[test]
    fn pool_line_without_ae_in_age_relief_included_modes() {
        let year = spec_year(CalculationMode::LessonsAgeReliefIncluded);
        let types = spec_types();
        let input = empty_input(&year, &types);
        let ctx = Context::new(&input, [d("4"), d("0")]);
        let (lines, _) = summary(&ctx, [d("0"); 2], d("0"), [d("10.4"), d("10.4")]);
        assert_eq!(lines[2].percent, [d("10"), d("10.4")]);
        assert_eq!(lines[2].age_relief, [d("0.4"), d("0")]);
        assert_eq!(lines[2].percent_with_age_relief, d("10.4"));
    }
}
