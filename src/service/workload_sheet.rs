//! The workload sheet (Pensenblatt, docs/documents.md §Workload sheet) as
//! rows of figures: what the PDF ([`crate::documents::pdf::workload_sheet`])
//! and the web page (`web::workload`, docs/web.md §Pensenblatt) show, built
//! once from the workload form ([`super::workload::Workload`], `GET
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
//! [`load`] reads everything one teacher's sheet shows from one connection
//! (the caller makes it a snapshot).

use std::collections::HashSet;

use rust_decimal::{Decimal, RoundingStrategy};

use super::workload::{workloads, BalanceLine, PayrollItem, PostingDetailItem, PostingItem, Workload};
use crate::domain::division::Division;
use crate::domain::employment::Employment;
use crate::domain::ids::{DivisionId, SchoolYearId, TeacherId};
use crate::domain::payroll::ThesisType;
use crate::domain::schoolyear::SchoolYear;
use crate::domain::teacher::Teacher;
use crate::error::{Error, Result};
use crate::store::employment::EmploymentFilter;
use crate::store::Conn;

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
        .filter_map(|t| thesis_types.iter().find(|k| k.id == t.kind.id))
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
            let set = |a: Option<crate::domain::fixed::Amount>| a.is_some_and(|a| !a.0.is_zero());
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

/// Everything one teacher's sheet shows, read from one connection.
#[derive(Debug, Clone)]
pub struct SheetSource {
    /// The school year.
    pub year: SchoolYear,
    /// The teacher's employment that year (range, payment target,
    /// temporary, comments; balances not filled: the form has them).
    pub employment: Employment,
    /// The teacher's single form (title, employee number).
    pub teacher: Teacher,
    /// The employment's division.
    pub division: Division,
    /// The workload form (`GET /workload?schoolYear=…&teacher=…`).
    pub workload: Workload,
    /// Every thesis type.
    pub thesis_types: Vec<ThesisType>,
    /// Every employment of the year, by teacher code (for a switch between
    /// teachers).
    pub employments: Vec<Employment>,
    /// The school year of the teacher's most recent earlier employment, whose
    /// closing balance is this year's opening balance
    /// (docs/workload.md §Balance); `None` when there is none (the opening
    /// balance is the employment's initial balance).
    pub previous_year: Option<SchoolYearId>,
}

/// Reads the sheet of `teacher` in school year `year` (docs/documents.md
/// §Workload sheet). Errors: 404 when the year or the teacher does not
/// exist, or the teacher has no employment that year.
pub async fn load(conn: &mut Conn, year: SchoolYearId, teacher: TeacherId) -> Result<SheetSource> {
    let employments = conn.list_employments(EmploymentFilter { school_year: Some(year), teacher: None }).await?;
    let mut forms = workloads(conn, year, Some(teacher)).await?;
    let workload = forms.pop().ok_or_else(|| Error::not_found(TeacherId::KIND, teacher.0))?;
    let school_year = conn.get_school_year(year).await?.ok_or_else(|| Error::not_found(SchoolYearId::KIND, year.0))?;
    let employment = employments
        .iter()
        .find(|e| e.teacher.id == teacher)
        .cloned()
        .ok_or_else(|| Error::not_found(TeacherId::KIND, teacher.0))?;
    let full = conn.get_teacher(teacher).await?.ok_or_else(|| Error::not_found(TeacherId::KIND, teacher.0))?;
    let division = conn
        .get_division(DivisionId(employment.division.id))
        .await?
        .ok_or_else(|| Error::not_found(DivisionId::KIND, employment.division.id))?;
    let thesis_types = conn.list_thesis_types().await?;
    let history = conn.list_employments(EmploymentFilter { school_year: None, teacher: Some(teacher) }).await?;
    let previous_year = history
        .iter()
        .filter(|e| e.school_year.graduation_year < school_year.graduation_year)
        .max_by_key(|e| e.school_year.graduation_year)
        .map(|e| e.school_year.id);
    Ok(SheetSource {
        year: school_year,
        employment,
        teacher: full,
        division,
        workload,
        thesis_types,
        employments,
        previous_year,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::fixed::Amount;
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
