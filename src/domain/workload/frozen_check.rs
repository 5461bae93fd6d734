//! The check of frozen balances against a fresh computation (standing job
//! `CalculateBalances`, docs/workload.md §Balance): how a frozen balance is
//! compared (at the precision it is stored with), how a difference is shown,
//! and the report's lines in the reader's language. Pure: the job's loading
//! is `service::balances::check_frozen`.

use std::borrow::Cow;
use std::collections::HashMap;

use rust_decimal::{Decimal, RoundingStrategy};

use crate::domain::ids::{EmploymentId, TeacherId};
use crate::i18n::{self, Lang};

/// One difference between a frozen balance and a fresh computation.
#[derive(Debug, Clone, PartialEq)]
pub struct FrozenDifference {
    /// The employment.
    pub employment: EmploymentId,
    /// Its teacher.
    pub teacher: TeacherId,
    /// (frozen, fresh) opening balance, percent; fresh unrounded.
    pub opening: (Decimal, Decimal),
    /// (frozen, fresh) closing balance, percent; fresh unrounded.
    pub closing: (Decimal, Decimal),
}

impl FrozenDifference {
    /// The opening balances as (frozen, fresh) texts that show their
    /// difference, if any ([`shown_apart`]).
    pub fn opening_texts(&self) -> (String, String) {
        shown_apart(self.opening.0, at_stored_precision(self.opening.0, self.opening.1))
    }

    /// The closing balances as (frozen, fresh) texts that show their
    /// difference, if any ([`shown_apart`]).
    pub fn closing_texts(&self) -> (String, String) {
        shown_apart(self.closing.0, at_stored_precision(self.closing.0, self.closing.1))
    }
}

/// The fewest decimals a balance is shown with in the job's log.
const SHOWN_DECIMALS: u32 = 3;

/// `fresh` at the precision `frozen` is stored with: rounded half-up to as
/// many decimals as the frozen text has (a frozen balance is stored as exact
/// decimal text; one written by hand or by another system may have fewer
/// decimals than a computation, which is not a difference).
pub fn at_stored_precision(frozen: Decimal, fresh: Decimal) -> Decimal {
    fresh.round_dp_with_strategy(frozen.scale(), RoundingStrategy::MidpointAwayFromZero)
}

/// Whether a fresh computation differs from a frozen balance, compared at
/// the precision the frozen balance is stored with ([`at_stored_precision`]).
pub fn differs(frozen: Decimal, fresh: Decimal) -> bool {
    at_stored_precision(frozen, fresh) != frozen
}

/// `a` and `b` as text with the same number of decimals: at least 3, and as
/// many more as it takes to tell them apart (rounded half-up; at most the
/// larger of their scales, where they are exact). Equal values give their
/// 3-decimal text twice.
pub fn shown_apart(a: Decimal, b: Decimal) -> (String, String) {
    let most = a.scale().max(b.scale()).max(SHOWN_DECIMALS);
    let text = |d: Decimal, k: u32| {
        let mut r = d.round_dp_with_strategy(k, RoundingStrategy::MidpointAwayFromZero);
        r.rescale(k);
        r.to_string()
    };
    let mut k = SHOWN_DECIMALS;
    while k < most && text(a, k) == text(b, k) {
        k += 1;
    }
    (text(a, k), text(b, k))
}

/// The check of one locked school year.
#[derive(Debug, Clone, PartialEq)]
pub struct FrozenCheck {
    /// The year's code.
    pub code: String,
    /// Employments with frozen balances compared.
    pub compared: usize,
    /// Those whose frozen balances differ from the fresh computation.
    pub differences: Vec<FrozenDifference>,
}

/// The first line of the balance report (job `CalculateBalances`, "Saldi
/// berechnen"), in `lang`: balances need no recalculation (docs/i18n.md §Balance report).
pub fn report_intro(lang: Lang) -> String {
    i18n::text(lang, "balance-nothing-to-recalculate")
}

/// The lines of the balance report after the comparison, in `lang`
/// (docs/workload.md §Balance, docs/i18n.md §Balance report): per locked year
/// whether its frozen balances equal a fresh computation, and each
/// difference with enough decimals to show it ([`FrozenDifference::opening_texts`]).
/// `teachers` maps teacher ids to their codes (an unknown id is named by its id).
pub fn report(checks: &[FrozenCheck], teachers: &HashMap<TeacherId, String>, lang: Lang) -> Vec<String> {
    let mut out = Vec::new();
    if checks.is_empty() {
        out.push(i18n::text(lang, "balance-no-locked-year"));
    }
    for check in checks {
        let year = Cow::from(check.code.as_str());
        let compared = Cow::from(check.compared.to_string());
        if check.differences.is_empty() {
            out.push(i18n::text_with(lang, "balance-year-equal", &[("year", year), ("compared", compared)]));
            continue;
        }
        let count = Cow::from(check.differences.len().to_string());
        out.push(i18n::text_with(
            lang,
            "balance-year-differs",
            &[("year", year), ("count", count), ("compared", compared)],
        ));
        for d in &check.differences {
            let teacher = teachers.get(&d.teacher).cloned().unwrap_or_else(|| {
                i18n::text_with(lang, "balance-teacher-id", &[("id", d.teacher.to_string().into())])
            });
            let ((opening, opening_fresh), (closing, closing_fresh)) = (d.opening_texts(), d.closing_texts());
            let line = i18n::text_with(
                lang,
                "balance-difference",
                &[
                    ("teacher", teacher.into()),
                    ("opening", opening.into()),
                    ("openingFresh", opening_fresh.into()),
                    ("closing", closing.into()),
                    ("closingFresh", closing_fresh.into()),
                ],
            );
            out.push(format!("  {line}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn dec(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    #[test]
    fn frozen_balances_are_compared_at_their_stored_precision() {
        // A balance stored with 3 decimals equals every computation that rounds to it.
        assert!(!differs(dec("-0.004"), dec("-0.0041739130434782608695652174")));
        assert!(!differs(dec("-0.004"), dec("-0.0035")), "half-up, away from zero");
        assert!(differs(dec("-0.004"), dec("-0.0034999")));
        // Stored exactly (as locking stores it), the last digit counts.
        let exact = dec("-0.0041739130434782608695652174");
        assert!(!differs(exact, exact));
        assert!(differs(exact, dec("-0.0041739130434782608695652173")));
        // Trailing zeros of the text are its precision.
        assert!(differs(dec("1.50"), dec("1.54")));
        assert!(!differs(dec("1.5"), dec("1.54")));
    }

    #[test]
    fn differences_are_shown_with_enough_decimals_to_see_them() {
        let shown = |a: &str, b: &str| shown_apart(dec(a), dec(b));
        assert_eq!(shown("-0.0041", "-0.0044"), ("-0.0041".into(), "-0.0044".into()));
        assert_eq!(shown("-0.004", "-0.0044"), ("-0.0040".into(), "-0.0044".into()));
        assert_eq!(shown("123.5", "-2.1739130434782608695652173913"), ("123.500".into(), "-2.174".into()));
        assert_eq!(shown("2", "2"), ("2.000".into(), "2.000".into()));
        let exact = ("-0.0041739130434782608695652174", "-0.0041739130434782608695652173");
        assert_eq!(shown(exact.0, exact.1), (exact.0.into(), exact.1.into()));
        // The log line of a difference: the fresh value at the frozen one's precision.
        let d = FrozenDifference {
            employment: EmploymentId(1),
            teacher: TeacherId(2),
            opening: (dec("0.25"), dec("0.25")),
            closing: (dec("-0.0041"), dec("-0.00437")),
        };
        assert_eq!(d.closing_texts(), ("-0.0041".into(), "-0.0044".into()));
        assert_eq!(d.opening_texts(), ("0.250".into(), "0.250".into()));
    }

    #[test]
    fn the_balance_report_is_in_the_readers_language() {
        let checks = vec![
            FrozenCheck { code: "24/25".into(), compared: 3, differences: Vec::new() },
            FrozenCheck {
                code: "25/26".into(),
                compared: 4,
                differences: vec![FrozenDifference {
                    employment: EmploymentId(1),
                    teacher: TeacherId(2),
                    opening: (dec("0.25"), dec("0.25")),
                    closing: (dec("-0.0041"), dec("-0.00437")),
                }],
            },
        ];
        let teachers = HashMap::from([(TeacherId(2), "abc".to_string())]);
        let en = report(&checks, &teachers, Lang::En);
        assert_eq!(en[0], "School year 24/25: the frozen balances of 3 employments equal a fresh computation.");
        assert!(
            en[1].starts_with("School year 25/26: 1 of 4 employments have frozen balances that differ"),
            "{}",
            en[1]
        );
        assert_eq!(
            en[2],
            "  abc: opening balance frozen 0.250 / fresh 0.250, closing balance frozen -0.0041 / fresh -0.0044"
        );
        let de = report(&checks, &teachers, Lang::De);
        assert_eq!(
            de[0],
            "Schuljahr 24/25: Die eingefrorenen IPB-Saldi von 3 Anstellungen stimmen mit einer neuen Berechnung überein."
        );
        assert!(de[1].starts_with("Schuljahr 25/26: Bei 1 von 4 Anstellungen weichen"), "{}", de[1]);
        assert_eq!(
            de[2],
            "  abc: Anfangssaldo eingefroren 0.250 / neu 0.250, Schlusssaldo eingefroren -0.0041 / neu -0.0044"
        );
        let unknown = report(&checks[1..], &HashMap::new(), Lang::De);
        assert!(unknown[1].starts_with("  Lehrperson 2: "), "{}", unknown[1]);
        assert_eq!(
            report(&[], &teachers, Lang::En),
            ["No school year is locked: there are no frozen balances to compare."]
        );
        assert_eq!(
            report_intro(Lang::De),
            "IPB-Saldi werden bei jedem Lesen berechnet; es muss nichts neu berechnet werden."
        );
    }
}
