//! The workload sheet (Pensenblatt, docs/documents.md §Workload sheet) as
//! rows of figures: what the PDF (`documents::pdf::workload_sheet`)
//! and the web page (`web::workload`, docs/web.md §Pensenblatt) show, built
//! once from the workload form ([`super::forms::Workload`], `GET
//! /workload`). The readers only format these figures (lessons with 2
//! decimals, percents with the form's `percentDecimals`) and name them in
//! their language; they compute nothing.
//!
//! What the rows add to the form:
//! - which payroll rows include theses (their lessons are not the courses' alone);
//! - whether the summary shows age-relief columns (AE > 0 in a semester);
//! - the balance as printed: every line rounded to the printed decimals, a
//!   rounding difference when the rounded lines miss the rounded closing
//!   balance, and the change as the printed closing minus the printed opening;
//! - the postings as one row per detail, with the lesson columns only for a
//!   lessons type.
//!
//! Pure: `service::workload_sheet::load` reads what one teacher's sheet shows.

use std::collections::HashSet;

use rust_decimal::{Decimal, RoundingStrategy};

use super::forms::{BalanceLine, PayrollItem, PostingDetailItem, PostingItem, Workload};
use crate::domain::fixed::Amount;
use crate::domain::payroll::ThesisType;

/// The pool section's title in the three `…AgeReliefIncluded` modes when
/// AE₁ > 0 (docs/workload.md §Response); otherwise it is "Pensum: Pool".
pub const POOL_TITLE_WITH_AGE_RELIEF: &str = "Pensum: Pool (inkl. AE)";

/// `d` rounded half-up (away from zero) to `decimals`, as every figure of
/// the sheet is printed (docs/workload.md §Response).
pub fn rounded(d: Decimal, decimals: u32) -> Decimal {
    d.round_dp_with_strategy(decimals, RoundingStrategy::MidpointAwayFromZero)
}

/// A payroll row (Pensenmeldung) of the sheet.
#[derive(Debug, Clone, Copy)]
pub struct PayrollRow<'a> {
    /// The form's row (lessons and percent per semester).
    pub item: &'a PayrollItem,
    /// Whether its lessons include theses (a type theses are booked on,
    /// docs/workload.md §What counts; never a correction row): the sheet
    /// adds "(inkl. Abschlussarbeiten)" to its description.
    pub includes_theses: bool,
}

/// What a line of "IPB: Übersicht" is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BalanceKind {
    /// Anfangssaldo.
    Opening,
    /// Pensum (the summary total with age relief).
    Workload,
    /// Ein- und Ausbuchungen (the postings total).
    Postings,
    /// Auszahlung (negative).
    Payment,
    /// Rundungsdifferenz: the printed closing balance minus the printed
    /// lines above (only when not zero).
    RoundingDifference,
    /// Schlusssaldo.
    Closing,
}

/// A line of "IPB: Übersicht" as printed.
#[derive(Debug, Clone, PartialEq)]
pub struct BalanceRow {
    /// What it is.
    pub kind: BalanceKind,
    /// The form's German description ("Anfangssaldo", …; "Rundungsdifferenz").
    pub description: &'static str,
    /// Percent, rounded half-up to the printed decimals.
    pub percent: Decimal,
    /// The index of the form's `balance` line it shows (`None` for the
    /// rounding difference).
    pub line: Option<usize>,
}

/// "IPB: Übersicht" as printed: the lines add up to the closing balance.
#[derive(Debug, Clone, PartialEq)]
pub struct BalanceRows {
    /// Anfangssaldo, Pensum, Ein- und Ausbuchungen, Auszahlung and, when not
    /// zero, Rundungsdifferenz.
    pub rows: Vec<BalanceRow>,
    /// Schlusssaldo (the total row).
    pub closing: BalanceRow,
    /// "Veränderung": the printed closing minus the printed opening balance
    /// (can differ by a unit of the last decimal from the employment's
    /// `change` rounded on its own).
    pub change: Decimal,
}

/// One row of the postings table: a posting's detail (a posting without
/// details has one row without one).
#[derive(Debug, Clone, Copy)]
pub struct PostingRow<'a> {
    /// The posting.
    pub item: &'a PostingItem,
    /// The index of the posting in the form's `postings.items`.
    pub index: usize,
    /// Whether the posting's first row (it carries description, dates and
    /// the posting's total).
    pub first: bool,
    /// The detail and its index in the posting's `details`, if any.
    pub detail: Option<(usize, &'a PostingDetailItem)>,
    /// Whether the lesson columns are filled: a lessons type's detail
    /// (single lessons and the weekly lessons of a full position); a percent
    /// type's are empty.
    pub lesson_columns: bool,
}

/// The sheet's rows of one workload form.
#[derive(Debug, Clone)]
pub struct SheetRows<'a> {
    /// The form.
    pub workload: &'a Workload,
    /// Decimals of every percent (the form's `percentDecimals`).
    pub decimals: u32,
    /// Whether "Pensum: Pool" is shown (there are entries).
    pub pool: bool,
    /// Whether the pool percents are entered including age relief (the
    /// title "Pensum: Pool (inkl. AE)").
    pub pool_includes_age_relief: bool,
    /// Whether "Pensum: Abschlussarbeiten" is shown (there are theses).
    pub theses: bool,
    /// Whether the summary shows age-relief columns (AE > 0 in a semester).
    pub age_relief_columns: bool,
    /// Pensenmeldung, in the form's order (correction rows after their type).
    pub payroll: Vec<PayrollRow<'a>>,
    /// IPB: Übersicht, when the year shows balances.
    pub balance: Option<BalanceRows>,
    /// Ein- und Ausbuchungen, one row per detail; empty when there are none
    /// (or the year shows no balances).
    pub postings: Vec<PostingRow<'a>>,
}

/// The rows of form `w`; `thesis_types` are every thesis type (the payroll
/// type its theses are booked on).
pub fn rows<'a>(w: &'a Workload, thesis_types: &[ThesisType]) -> SheetRows<'a> {
    let decimals = w.payroll.percent_decimals;
    // The payroll types that theses are booked on (docs/workload.md §What counts).
    let with_theses: HashSet<i64> = w
        .theses
        .items
        .iter()
        .filter(|t| !t.percent.0.is_zero())
        .filter_map(|t| thesis_types.iter().find(|k| k.id.0 == t.kind.id))
        .map(|k| k.payroll_type.id)
        .collect();
    let payroll = w
        .payroll
        .items
        .iter()
        .map(|item| PayrollRow {
            item,
            includes_theses: !item.correction && with_theses.contains(&item.payroll_type.id),
        })
        .collect();
    let sm = &w.summary;
    let mut postings = Vec::new();
    for (index, item) in w.postings.iter().flat_map(|p| p.items.iter()).enumerate() {
        if item.details.is_empty() {
            postings.push(PostingRow { item, index, first: true, detail: None, lesson_columns: false });
        }
        for (n, d) in item.details.iter().enumerate() {
            let set = |a: Option<Amount>| a.is_some_and(|a| !a.0.is_zero());
            postings.push(PostingRow {
                item,
                index,
                first: n == 0,
                detail: Some((n, d)),
                lesson_columns: set(d.lessons) || set(d.full_position),
            });
        }
    }
    SheetRows {
        workload: w,
        decimals,
        pool: !w.pool.items.is_empty(),
        pool_includes_age_relief: w.pool.title == POOL_TITLE_WITH_AGE_RELIEF,
        theses: !w.theses.items.is_empty(),
        age_relief_columns: !sm.age_relief_factor1.0.is_zero() || !sm.age_relief_factor2.0.is_zero(),
        payroll,
        balance: w.balance.as_deref().and_then(|lines| balance_rows(lines, decimals)),
        postings,
    }
}

/// The rows of "IPB: Übersicht" as printed
/// (docs/documents.md §Workload sheet): Anfangssaldo, Pensum, Ein- und
/// Ausbuchungen and Auszahlung as the form's `balance` lines (the last line, Schlusssaldo, is the total row).
///
/// Each figure is rounded half-up to `decimals`, and the balance adds up as
/// printed: rounded one by one, the four lines can miss the rounded
/// Schlusssaldo by a unit or two of the last decimal, and that difference is
/// one more line "Rundungsdifferenz" (only when it is not zero);
/// "Veränderung" is the printed Schlusssaldo minus the printed Anfangssaldo.
pub fn balance_rows(lines: &[BalanceLine], decimals: u32) -> Option<BalanceRows> {
    let (closing, items) = lines.split_last()?;
    const KINDS: [BalanceKind; 4] =
        [BalanceKind::Opening, BalanceKind::Workload, BalanceKind::Postings, BalanceKind::Payment];
    let mut rows: Vec<BalanceRow> = items
        .iter()
        .enumerate()
        .map(|(n, b)| BalanceRow {
            kind: KINDS.get(n).copied().unwrap_or(BalanceKind::Postings),
            description: b.description,
            percent: rounded(b.percent.0, decimals),
            line: Some(n),
        })
        .collect();
    let closing_printed = rounded(closing.percent.0, decimals);
    let rest = closing_printed - rows.iter().map(|r| r.percent).sum::<Decimal>();
    let opening_printed = rows.first().map(|r| r.percent).unwrap_or_default();
    if !rest.is_zero() {
        rows.push(BalanceRow {
            kind: BalanceKind::RoundingDifference,
            description: "Rundungsdifferenz",
            percent: rest,
            line: None,
        });
    }
    Some(BalanceRows {
        rows,
        closing: BalanceRow {
            kind: BalanceKind::Closing,
            description: closing.description,
            percent: closing_printed,
            line: Some(items.len()),
        },
        change: closing_printed - opening_printed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn line(description: &'static str, s: &str) -> BalanceLine {
        BalanceLine { description, percent: Amount(Decimal::from_str(s).unwrap()) }
    }

    #[test]
    fn the_balance_adds_up_as_printed() {
        let lines = [
            line("Anfangssaldo", "0.004"),
            line("Pensum", "80.004"),
            line("Ein- und Ausbuchungen", "0"),
            line("Auszahlung", "-80"),
            line("Schlusssaldo", "0.008"),
        ];
        let b = balance_rows(&lines, 2).unwrap();
        let kinds: Vec<BalanceKind> = b.rows.iter().map(|r| r.kind).collect();
        assert_eq!(
            kinds,
            [
                BalanceKind::Opening,
                BalanceKind::Workload,
                BalanceKind::Postings,
                BalanceKind::Payment,
                BalanceKind::RoundingDifference
            ]
        );
        assert_eq!(b.rows[4].percent, Decimal::from_str("0.01").unwrap());
        assert_eq!(b.closing.percent, Decimal::from_str("0.01").unwrap());
        assert_eq!(b.change, Decimal::from_str("0.01").unwrap());
        let sum: Decimal = b.rows.iter().map(|r| r.percent).sum();
        assert_eq!(sum, b.closing.percent);
        let exact = balance_rows(&lines[..], 3).unwrap();
        assert!(exact.rows.iter().all(|r| r.kind != BalanceKind::RoundingDifference));
    }
}
