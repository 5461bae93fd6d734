//! The check of frozen balances against a fresh computation (standing job
//! `CalculateBalances`, docs/workload.md §Balance): how a frozen balance is
//! compared and shown (at 4 decimals, as people see balances),
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
    /// The opening balances as (frozen, fresh) texts with [`DECIMALS`] decimals.
    pub fn opening_texts(&self) -> (String, String) {
        (shown(self.opening.0), shown(self.opening.1))
    }

    /// The closing balances as (frozen, fresh) texts with [`DECIMALS`] decimals.
    pub fn closing_texts(&self) -> (String, String) {
        (shown(self.closing.0), shown(self.closing.1))
    }
}

/// The decimals balances are compared and shown with: as the workload form
/// shows a balance to people. Two computations of one balance along different
/// paths differ in the last of Decimal's 28 digits; that is no difference.
pub const DECIMALS: u32 = 4;

/// `d` rounded half-up (away from zero) to [`DECIMALS`] decimals.
fn rounded(d: Decimal) -> Decimal {
    let mut r = d.round_dp_with_strategy(DECIMALS, RoundingStrategy::MidpointAwayFromZero);
    r.rescale(DECIMALS);
    r
}

/// `d` as shown in the report: [`DECIMALS`] decimals, `-0.0041`.
pub fn shown(d: Decimal) -> String {
    rounded(d).to_string()
}

/// Whether a fresh computation differs from a frozen balance as shown: both
/// rounded to [`DECIMALS`] decimals.
pub fn differs(frozen: Decimal, fresh: Decimal) -> bool {
    rounded(frozen) != rounded(fresh)
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
/// difference with 4 decimals ([`FrozenDifference::opening_texts`]).
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
    fn balances_are_compared_as_shown_with_4_decimals() {
        // Two paths of one computation differ in the 26th decimal: no difference.
        assert!(!differs(dec("-0.0041739130434782608695652174"), dec("-0.0041739130434782608695652173")));
        assert!(!differs(dec("-0.004"), dec("-0.0040499")));
        assert!(!differs(dec("-0.0041"), dec("-0.00405")), "half-up, away from zero");
        assert!(differs(dec("-0.0041"), dec("-0.0040499")));
        assert!(differs(dec("1.50"), dec("1.5001")));
        assert!(!differs(dec("1.5"), dec("1.50004")));
    }

    #[test]
    fn differences_are_shown_with_4_decimals() {
        assert_eq!(shown(dec("-0.0041739130434782608695652174")), "-0.0042");
        assert_eq!(shown(dec("123.5")), "123.5000");
        assert_eq!(shown(dec("2")), "2.0000");
        let d = FrozenDifference {
            employment: EmploymentId(1),
            teacher: TeacherId(2),
            opening: (dec("0.25"), dec("0.25")),
            closing: (dec("-0.0041"), dec("-0.00437")),
        };
        assert_eq!(d.closing_texts(), ("-0.0041".into(), "-0.0044".into()));
        assert_eq!(d.opening_texts(), ("0.2500".into(), "0.2500".into()));
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
            "  abc: opening balance frozen 0.2500 / fresh 0.2500, closing balance frozen -0.0041 / fresh -0.0044"
        );
        let de = report(&checks, &teachers, Lang::De);
        assert_eq!(
            de[0],
            "Schuljahr 24/25: Die eingefrorenen IPB-Saldi von 3 Anstellungen stimmen mit einer neuen Berechnung überein."
        );
        assert!(de[1].starts_with("Schuljahr 25/26: Bei 1 von 4 Anstellungen weichen"), "{}", de[1]);
        assert_eq!(
            de[2],
            "  abc: Anfangssaldo eingefroren 0.2500 / neu 0.2500, Schlusssaldo eingefroren -0.0041 / neu -0.0044"
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
