//! The number cells of the year overview and its totals tables (per
//! division, gender, payroll type, pool type, subject category): the
//! service's and the domain's figures as text, each with its exact value for
//! `data-value`.

use rust_decimal::{Decimal, RoundingStrategy};

use crate::domain::yearview::{Row, Sum, Totals};
use crate::i18n::{self, Lang};
use crate::service::yearview::YearOverview;

/// A number cell: its column, its exact value (`data-value`, as the API
/// writes it) and its text.
#[derive(Debug, Clone)]
pub struct CellView {
    /// Column name (`data-col`): `target`, `workload`, `paid`, `deviation`, `opening`, `change`, `closing`.
    pub col: &'static str,
    /// The exact figure; empty when there is none.
    pub value: String,
    /// As shown (`77.50 %`).
    pub text: String,
    /// Semester figures when they differ (`75.00 / 80.00`), else empty.
    pub detail: String,
    /// CSS classes.
    pub class: &'static str,
}

/// A row of a totals table: a label, then cells.
#[derive(Debug, Clone)]
pub struct TotalRow {
    /// Label.
    pub label: String,
    /// Key for tests (`data-key`: a division id, gender id, type id; `total` for the sum row).
    pub key: String,
    /// The cells.
    pub cells: Vec<CellView>,
}

/// A totals table.
#[derive(Debug, Clone)]
pub struct TotalsTable {
    /// Element id.
    pub id: &'static str,
    /// Heading.
    pub heading: String,
    /// Column headers after the label column (the first is the label's).
    pub headers: Vec<String>,
    /// Rows.
    pub rows: Vec<TotalRow>,
    /// The sum row.
    pub total: Option<TotalRow>,
    /// A note below the table, or empty.
    pub note: String,
}

/// A decimal with `dp` places, half away from zero.
pub(super) fn fixed_text(x: Decimal, dp: u32) -> String {
    let r = x.round_dp_with_strategy(dp, RoundingStrategy::MidpointAwayFromZero);
    format!("{r:.prec$}", prec = dp as usize)
}

/// A percent with a sign (`+3.50 %`, `-2.17 %`, `0.00 %`).
pub(super) fn signed_percent(x: Decimal, dp: u32) -> String {
    let text = i18n::percent(x, dp);
    if x.round_dp_with_strategy(dp, RoundingStrategy::MidpointAwayFromZero) > Decimal::ZERO {
        format!("+{text}")
    } else {
        text
    }
}

fn cell(col: &'static str, value: Option<Decimal>, text: String, class: &'static str) -> CellView {
    CellView {
        col,
        value: value.map(|v| v.normalize().to_string()).unwrap_or_default(),
        text,
        detail: String::new(),
        class,
    }
}

/// `num`, and `neg`/`pos` by the sign of `x` as shown (2 decimals).
pub(super) fn sign_class(x: Decimal) -> &'static str {
    match x.round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero).cmp(&Decimal::ZERO) {
        std::cmp::Ordering::Less => "num neg",
        std::cmp::Ordering::Greater => "num pos",
        std::cmp::Ordering::Equal => "num",
    }
}

/// The figures of a row's or a sum's number cells.
#[derive(Clone, Copy)]
pub(super) struct Figures {
    payment: [Decimal; 2],
    target: Decimal,
    workload: Decimal,
    payroll: [Decimal; 2],
    paid: Decimal,
    deviation: Decimal,
    /// Opening, change, closing.
    balances: [Option<Decimal>; 3],
}

impl Figures {
    pub(super) fn of_row(r: &Row) -> Figures {
        Figures {
            payment: r.payment,
            target: r.target,
            workload: r.workload,
            payroll: r.payroll,
            paid: r.paid,
            deviation: r.deviation,
            balances: [r.opening, r.change, r.closing],
        }
    }

    pub(super) fn of_sum(a: &Sum) -> Figures {
        Figures {
            payment: a.payment,
            target: a.target,
            workload: a.workload,
            payroll: a.payroll,
            paid: a.paid,
            deviation: a.deviation,
            balances: [Some(a.opening), Some(a.change), Some(a.closing)],
        }
    }
}

/// The number cells of a row, or of a sum; payroll percents with `dp` decimals.
pub(super) fn cells(f: &Figures, dp: u32) -> Vec<CellView> {
    let Figures { payment, target, workload, payroll, paid, deviation, balances } = *f;
    let pct = |x: Decimal| i18n::percent(x, 2);
    let semesters = |pair: [Decimal; 2], dp: u32| {
        if pair[0] == pair[1] {
            String::new()
        } else {
            format!("{} / {}", fixed_text(pair[0], dp), fixed_text(pair[1], dp))
        }
    };
    let mut target_cell = cell("target", Some(target), pct(target), "num");
    target_cell.detail = semesters(payment, 2);
    let mut paid_cell = cell("paid", Some(paid), i18n::percent(paid, dp), "num");
    paid_cell.detail = semesters(payroll, dp);
    let balance = |col: &'static str, x: Option<Decimal>, signed: bool| match x {
        Some(v) => cell(col, Some(v), if signed { signed_percent(v, 2) } else { pct(v) }, sign_class(v)),
        None => cell(col, None, "–".into(), "num"),
    };
    vec![
        target_cell,
        cell("workload", Some(workload), pct(workload), "num"),
        paid_cell,
        cell("deviation", Some(deviation), signed_percent(deviation, 2), sign_class(deviation)),
        balance("opening", balances[0], false),
        balance("change", balances[1], true),
        balance("closing", balances[2], false),
    ]
}

pub(super) fn tables(lang: Lang, data: &YearOverview, sums: &Totals) -> Vec<TotalsTable> {
    let t = |key: &str| i18n::text(lang, key);
    let num = |col: &'static str, x: Decimal, text: String| cell(col, Some(x), text, "num");
    let count = |n: usize| CellView {
        col: "count",
        value: n.to_string(),
        text: n.to_string(),
        detail: String::new(),
        class: "num",
    };
    let division_cells = |s: &Sum| {
        let fte = s.full_time();
        vec![
            count(s.count),
            num("fte1", fte[0], fixed_text(fte[0], 2)),
            num("fte2", fte[1], fixed_text(fte[1], 2)),
            num("workload", s.workload, i18n::percent(s.workload, 2)),
            cell("deviation", Some(s.deviation), signed_percent(s.deviation, 2), sign_class(s.deviation)),
            cell("closing", Some(s.closing), i18n::percent(s.closing, 2), sign_class(s.closing)),
        ]
    };
    let divisions = TotalsTable {
        id: "totals-division",
        heading: t("yearview-by-division"),
        headers: ["division", "count", "fte1", "fte2", "workload", "deviation", "ipb"]
            .iter()
            .map(|k| t(&format!("yearview-tot-{k}")))
            .collect(),
        rows: sums
            .divisions
            .iter()
            .map(|(d, s)| TotalRow {
                label: format!("{} – {}", d.code, d.description),
                key: d.id.to_string(),
                cells: division_cells(s),
            })
            .collect(),
        total: Some(TotalRow { label: t("yearview-total"), key: "total".into(), cells: division_cells(&sums.all) }),
        note: t("yearview-note-fte"),
    };
    let gender_cells = |s: &Sum| {
        vec![
            count(s.count),
            num("min", s.employment_min, i18n::percent(s.employment_min, 2)),
            num("max", s.employment_max, i18n::percent(s.employment_max, 2)),
        ]
    };
    let genders = TotalsTable {
        id: "totals-gender",
        heading: t("yearview-by-gender"),
        headers: ["gender", "count", "min", "max"].iter().map(|k| t(&format!("yearview-tot-{k}"))).collect(),
        rows: sums
            .genders
            .iter()
            .map(|(g, s)| TotalRow {
                label: g.as_ref().map_or_else(|| t("yearview-no-gender"), |g| g.description.clone()),
                key: g.as_ref().map_or_else(|| "none".to_string(), |g| g.id.to_string()),
                cells: gender_cells(s),
            })
            .collect(),
        total: Some(TotalRow { label: t("yearview-total"), key: "total".into(), cells: gender_cells(&sums.all) }),
        note: String::new(),
    };
    let dp = data.percent_decimals;
    let payroll_cells = |l: [Decimal; 2], p: [Decimal; 2]| {
        vec![
            num("lessons1", l[0], i18n::lessons_or_dash(l[0])),
            num("percent1", p[0], i18n::percent(p[0], dp)),
            num("lessons2", l[1], i18n::lessons_or_dash(l[1])),
            num("percent2", p[1], i18n::percent(p[1], dp)),
        ]
    };
    let mut all = ([Decimal::ZERO; 2], [Decimal::ZERO; 2]);
    let payroll_rows = sums
        .payroll
        .iter()
        .map(|(id, s)| {
            for i in 0..2 {
                all.0[i] += s.lessons[i];
                all.1[i] += s.percent[i];
            }
            let label = data
                .payroll_types
                .iter()
                .find(|p| p.id == *id)
                .map_or_else(|| id.to_string(), |p| format!("{} – {}", p.code, p.description));
            TotalRow { label, key: id.to_string(), cells: payroll_cells(s.lessons, s.percent) }
        })
        .collect();
    let payroll = TotalsTable {
        id: "totals-payroll",
        heading: t("yearview-by-payroll"),
        headers: ["payroll", "lessons1", "percent1", "lessons2", "percent2"]
            .iter()
            .map(|k| t(&format!("yearview-tot-{k}")))
            .collect(),
        rows: payroll_rows,
        total: Some(TotalRow { label: t("yearview-total"), key: "total".into(), cells: payroll_cells(all.0, all.1) }),
        note: t("yearview-note-payroll"),
    };
    let pool_cells = |p: [Decimal; 2]| {
        let year = (p[0] + p[1]) / Decimal::TWO;
        vec![
            num("percent1", p[0], i18n::percent(p[0], 2)),
            num("percent2", p[1], i18n::percent(p[1], 2)),
            num("year", year, i18n::percent(year, 2)),
        ]
    };
    let mut pool_all = [Decimal::ZERO; 2];
    let pool_rows = data
        .pool_types
        .iter()
        .map(|pt| {
            let p = sums.pool.get(&pt.id).copied().unwrap_or_default();
            pool_all[0] += p[0];
            pool_all[1] += p[1];
            TotalRow { label: pt.description.clone(), key: pt.id.to_string(), cells: pool_cells(p) }
        })
        .collect();
    let pool = TotalsTable {
        id: "totals-pool",
        heading: t("yearview-by-pool"),
        headers: ["pool", "percent1", "percent2", "year"].iter().map(|k| t(&format!("yearview-tot-{k}"))).collect(),
        rows: pool_rows,
        total: Some(TotalRow { label: t("yearview-total"), key: "total".into(), cells: pool_cells(pool_all) }),
        note: String::new(),
    };
    let pair = |x: [Decimal; 2]| {
        if x[0] == x[1] {
            i18n::lessons_or_dash(x[0])
        } else {
            format!("{} / {}", i18n::lessons_or_dash(x[0]), i18n::lessons_or_dash(x[1]))
        }
    };
    let category_cells = |l: [Decimal; 2], o: [Decimal; 2]| {
        vec![
            CellView {
                col: "lessons",
                value: format!("{} {}", l[0].normalize(), l[1].normalize()),
                text: pair(l),
                detail: String::new(),
                class: "num",
            },
            CellView {
                col: "open",
                value: format!("{} {}", o[0].normalize(), o[1].normalize()),
                text: pair(o),
                detail: String::new(),
                class: if o[0].is_zero() && o[1].is_zero() { "num" } else { "num neg" },
            },
        ]
    };
    let mut cat_all = ([Decimal::ZERO; 2], [Decimal::ZERO; 2]);
    let category_rows = data
        .categories
        .iter()
        .map(|c| {
            for i in 0..2 {
                cat_all.0[i] += c.lessons[i];
                cat_all.1[i] += c.open[i];
            }
            TotalRow {
                label: c.category.as_ref().map_or_else(|| t("yearview-no-category"), |k| k.description.clone()),
                key: c.category.as_ref().map_or_else(|| "none".to_string(), |k| k.id.to_string()),
                cells: category_cells(c.lessons, c.open),
            }
        })
        .collect();
    let categories = TotalsTable {
        id: "totals-category",
        heading: t("yearview-by-category"),
        headers: ["category", "lessons", "open"].iter().map(|k| t(&format!("yearview-tot-{k}"))).collect(),
        rows: category_rows,
        total: Some(TotalRow {
            label: t("yearview-total"),
            key: "total".into(),
            cells: category_cells(cat_all.0, cat_all.1),
        }),
        note: t("yearview-note-category"),
    };
    vec![divisions, genders, payroll, pool, categories]
}
