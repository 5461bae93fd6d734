//! Jahresüberblick (`GET /years/{year}/overview`, docs/web.md §Jahresüberblick):
//! one row per employment of a school year with its payment target, workload
//! with age relief, payroll total, deviation, IPB balances and flags; the
//! totals per division, gender, payroll type, pool type and subject
//! category; two charts as server-drawn SVG (workload against target per
//! teacher, the distribution of the deviations).
//!
//! Query: `q` (search in code and name), `division` (id), `flag` (repeatable:
//! `range`, `nowork`, `open`; a row shows when it has one of them), `sort`
//! (a column, [`SortKey::param`]) and `dir` (`asc`/`desc`). With htmx the
//! filter form and the column headers ask for the region alone (target
//! [`REGION`]) and the URL follows; without JavaScript they are a form and
//! links. Every figure comes from [`crate::service::yearview`] and the totals
//! from [`crate::domain::yearview::totals`]; this module only formats them.

use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::Uri;
use axum::response::{IntoResponse, Response};
use rust_decimal::{Decimal, RoundingStrategy};

use super::guard::SignedIn;
use super::htmx::{HxRequest, HxResponse};
use super::layout::{Page, Screen, YearChoice};
use super::{page_error, render, WebState};
use crate::domain::ids::SchoolYearId;
use crate::domain::yearview::{histogram, sort_rows, totals, Filter, Row, SortKey, Sum, Totals};
use crate::i18n::{self, Lang};
use crate::service::yearview::{self, YearOverview};

/// The id of the element the filters and the column headers replace.
pub const REGION: &str = "yearview-region";

/// Width of a bin of the deviation histogram, in percent.
const BIN_WIDTH: Decimal = Decimal::from_parts(2, 0, 0, false, 0);

/// The overview page.
#[derive(Template)]
#[template(path = "web/yearview/page.html")]
pub struct YearviewPage {
    /// The frame.
    pub page: Page,
    /// The filter form.
    pub form: FormView,
    /// The region (rows, charts, totals).
    pub region: RegionView,
}

/// The region alone (the answer to htmx), with the sort fields of the form
/// swapped out of band.
#[derive(Template)]
#[template(path = "web/yearview/region.html")]
pub struct YearviewRegion {
    /// The region.
    pub region: RegionView,
}

/// What the query asks for.
#[derive(Debug, Clone, Default)]
pub struct Params {
    /// Which rows.
    pub filter: Filter,
    /// By which column.
    pub sort: SortKey,
    /// Descending.
    pub desc: bool,
}

impl Params {
    /// Reads `q`, `division`, `flag`, `sort` and `dir`; unreadable values are ignored.
    pub fn from_query(pairs: &[(String, String)]) -> Params {
        let mut p = Params::default();
        for (k, v) in pairs {
            match k.as_str() {
                "q" => p.filter.query = v.trim().to_string(),
                "division" => p.filter.division = v.trim().parse().ok(),
                "flag" => match v.as_str() {
                    "range" => p.filter.flags.outside_range = true,
                    "nowork" => p.filter.flags.no_work = true,
                    "open" => p.filter.flags.open_lessons = true,
                    _ => {}
                },
                "sort" => p.sort = SortKey::from_param(v).unwrap_or_default(),
                "dir" => p.desc = v == "desc",
                _ => {}
            }
        }
        p
    }

    /// The query string of these parameters with `sort`/`dir` replaced (no `?`).
    fn query(&self, sort: SortKey, desc: bool) -> String {
        let mut s = url::form_urlencoded::Serializer::new(String::new());
        if !self.filter.query.is_empty() {
            s.append_pair("q", &self.filter.query);
        }
        if let Some(d) = self.filter.division {
            s.append_pair("division", &d.to_string());
        }
        let f = self.filter.flags;
        for (on, value) in [(f.outside_range, "range"), (f.no_work, "nowork"), (f.open_lessons, "open")] {
            if on {
                s.append_pair("flag", value);
            }
        }
        s.append_pair("sort", sort.param());
        s.append_pair("dir", if desc { "desc" } else { "asc" });
        s.finish()
    }
}

/// The filter form.
#[derive(Debug, Clone)]
pub struct FormView {
    /// `/years/{id}/overview`.
    pub action: String,
    /// The search text.
    pub q: String,
    /// Division choices: (value, label, chosen); the first is "(alle)".
    pub divisions: Vec<(String, String, bool)>,
    /// Flag checkboxes: (value, label, checked).
    pub flags: Vec<(&'static str, String, bool)>,
}

/// A column header.
#[derive(Debug, Clone)]
pub struct HeaderView {
    /// Text.
    pub label: String,
    /// Link that sorts by it (empty: not sortable).
    pub href: String,
    /// `aria-sort`: `ascending`, `descending` or `none`.
    pub aria_sort: &'static str,
    /// `▲`/`▼` when sorted by it, else empty.
    pub arrow: &'static str,
    /// Whether a number column (right-aligned).
    pub numeric: bool,
}

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

/// An employment's row.
#[derive(Debug, Clone)]
pub struct RowView {
    /// Employment id (`data-employment`), element id `employment-{id}`.
    pub employment: i64,
    /// Teacher code.
    pub code: String,
    /// `Last, First`.
    pub name: String,
    /// The teacher's workload page.
    pub href: String,
    /// Division id (`data-division`).
    pub division_id: i64,
    /// Division code.
    pub division: String,
    /// Division description.
    pub division_name: String,
    /// The contract's range, e.g. `60–80 %`, or `–`.
    pub range: String,
    /// The number cells.
    pub cells: Vec<CellView>,
    /// Flags in words, shown below the name: (code, text).
    pub flags: Vec<(&'static str, String)>,
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

/// A bar of the workload chart.
#[derive(Debug, Clone)]
pub struct BarView {
    /// Rectangle: x, y, width, height (SVG units).
    pub x: String,
    /// Top.
    pub y: String,
    /// Width.
    pub w: String,
    /// Height.
    pub h: String,
    /// Target marker: y, and its x from/to.
    pub ty: String,
    /// Marker start.
    pub tx1: String,
    /// Marker end.
    pub tx2: String,
    /// Label position (rotated code): x, y.
    pub lx: String,
    /// Label y.
    pub ly: String,
    /// Teacher code.
    pub code: String,
    /// `bar bar--over` / `bar--under` / `bar--even`.
    pub class: &'static str,
    /// Tooltip and accessible name.
    pub title: String,
}

/// An axis line with its label.
#[derive(Debug, Clone)]
pub struct TickView {
    /// y of the line.
    pub y: String,
    /// x of the label (histogram ticks: x of the bar's middle).
    pub x: String,
    /// Label.
    pub label: String,
}

/// The workload chart.
#[derive(Debug, Clone)]
pub struct BarsChart {
    /// SVG width and height.
    pub width: String,
    /// Height.
    pub height: String,
    /// `viewBox`.
    pub view_box: String,
    /// x of the plot's left and right edge.
    pub left: String,
    /// Right edge.
    pub right: String,
    /// y of the 0 line.
    pub base: String,
    /// Title.
    pub title: String,
    /// Description.
    pub desc: String,
    /// Horizontal grid lines.
    pub ticks: Vec<TickView>,
    /// Bars.
    pub bars: Vec<BarView>,
}

/// A bar of the histogram.
#[derive(Debug, Clone)]
pub struct BinView {
    /// Rectangle.
    pub x: String,
    /// Top.
    pub y: String,
    /// Width.
    pub w: String,
    /// Height.
    pub h: String,
    /// Count label position x (middle).
    pub cx: String,
    /// Count label y (above the bar).
    pub cy: String,
    /// The count.
    pub count: usize,
    /// Bin label (`−5 %`).
    pub label: String,
    /// Tooltip.
    pub title: String,
    /// `bin bin--under`/`--even`/`--over`.
    pub class: &'static str,
}

/// The deviation histogram.
#[derive(Debug, Clone)]
pub struct HistogramChart {
    /// SVG width.
    pub width: String,
    /// Height.
    pub height: String,
    /// `viewBox`.
    pub view_box: String,
    /// Plot edges.
    pub left: String,
    /// Right edge.
    pub right: String,
    /// y of the 0 line.
    pub base: String,
    /// y of the bin labels.
    pub label_y: String,
    /// Title.
    pub title: String,
    /// Description.
    pub desc: String,
    /// Bars.
    pub bins: Vec<BinView>,
}

/// The region: rows, charts, totals.
#[derive(Debug, Clone)]
pub struct RegionView {
    /// The language.
    pub lang: Lang,
    /// Whether the sort fields of the form go out of band (htmx answer).
    pub oob: bool,
    /// Current sort param and direction, for the form's hidden fields.
    pub sort: &'static str,
    /// `asc` or `desc`.
    pub dir: &'static str,
    /// `n von m Anstellungen`.
    pub count: String,
    /// Table caption.
    pub caption: String,
    /// Headers: code, name (with the flags), division, range (not sortable), the number columns.
    pub headers: Vec<HeaderView>,
    /// Rows.
    pub rows: Vec<RowView>,
    /// The sum of the shown rows.
    pub total: Vec<CellView>,
    /// Label of the sum row.
    pub total_label: String,
    /// The charts (none without rows).
    pub bars: Option<BarsChart>,
    /// Histogram.
    pub histogram: Option<HistogramChart>,
    /// Totals tables.
    pub tables: Vec<TotalsTable>,
}

impl RegionView {
    /// The catalogue text of `key`.
    pub fn t(&self, key: &str) -> String {
        i18n::text(self.lang, key)
    }
}

/// `GET /years/{year}/overview`.
pub async fn page(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(year): Path<i64>,
    Query(query): Query<Vec<(String, String)>>,
    hx: HxRequest,
    uri: Uri,
) -> Response {
    let params = Params::from_query(&query);
    let data = match yearview::load(&state.store, SchoolYearId(year)).await {
        Ok(data) => data,
        Err(e) => return page_error(lang, e),
    };
    let here = uri.path_and_query().map_or_else(|| uri.path().to_string(), |pq| pq.as_str().to_string());
    let fragment = hx.wants_fragment(REGION);
    let region = region(lang, &data, &params, fragment);
    if fragment {
        let push = HxResponse { push_url: Some(here), ..Default::default() };
        return (push, render(lang, &YearviewRegion { region })).into_response();
    }
    let title = i18n::text_with(lang, "yearview-title", &[("year", data.year.code.as_str().into())]);
    let mut page = Page::new(lang, Screen::YearOverview, title, Some(user), here);
    page.year = Some(year);
    page.years =
        data.years.iter().map(|y| YearChoice { id: y.id.0, code: y.code.clone(), selected: y.id.0 == year }).collect();
    let form = form(lang, &data, &params);
    render(lang, &YearviewPage { page, form, region })
}

fn form(lang: Lang, data: &YearOverview, p: &Params) -> FormView {
    let t = |key: &str| i18n::text(lang, key);
    let mut divisions = vec![(String::new(), t("yearview-all"), p.filter.division.is_none())];
    divisions.extend(
        data.divisions.iter().map(|d| {
            (d.id.0.to_string(), format!("{} – {}", d.code, d.description), p.filter.division == Some(d.id.0))
        }),
    );
    let f = p.filter.flags;
    FormView {
        action: format!("/years/{}/overview", data.year.id.0),
        q: p.filter.query.clone(),
        divisions,
        flags: vec![
            ("range", t("yearview-flag-range"), f.outside_range),
            ("nowork", t("yearview-flag-nowork"), f.no_work),
            ("open", t("yearview-flag-open"), f.open_lessons),
        ],
    }
}

/// A decimal with `dp` places, half away from zero.
fn fixed_text(x: Decimal, dp: u32) -> String {
    let r = x.round_dp_with_strategy(dp, RoundingStrategy::MidpointAwayFromZero);
    format!("{r:.prec$}", prec = dp as usize)
}

/// A percent with a sign (`+3.50 %`, `-2.17 %`, `0.00 %`).
fn signed_percent(x: Decimal, dp: u32) -> String {
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
fn sign_class(x: Decimal) -> &'static str {
    match x.round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero).cmp(&Decimal::ZERO) {
        std::cmp::Ordering::Less => "num neg",
        std::cmp::Ordering::Greater => "num pos",
        std::cmp::Ordering::Equal => "num",
    }
}

/// The figures of a row's or a sum's number cells.
#[derive(Clone, Copy)]
struct Figures {
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
    fn of_row(r: &Row) -> Figures {
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

    fn of_sum(a: &Sum) -> Figures {
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
fn cells(f: &Figures, dp: u32) -> Vec<CellView> {
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

fn row_view(lang: Lang, year: i64, r: &Row) -> RowView {
    let t = |key: &str| i18n::text(lang, key);
    let range = match (r.employment_min, r.employment_max) {
        (None, None) => "–".to_string(),
        (min, max) => format!(
            "{}–{} %",
            min.map_or_else(String::new, |m| m.normalize().to_string()),
            max.map_or_else(String::new, |m| m.normalize().to_string())
        ),
    };
    let mut flags = Vec::new();
    if r.flags.outside_range {
        flags.push(("range", t("yearview-flag-range")));
    }
    if r.flags.no_work {
        flags.push(("nowork", t("yearview-flag-nowork")));
    }
    if r.flags.open_lessons {
        flags.push(("open", t("yearview-flag-open")));
    }
    RowView {
        employment: r.employment,
        code: r.teacher.code.clone(),
        name: format!("{}, {}", r.teacher.last_name, r.teacher.first_name),
        href: format!("/years/{year}/workload/{}", r.teacher.id.0),
        division_id: r.division.id,
        division: r.division.code.clone(),
        division_name: r.division.description.clone(),
        range,
        cells: cells(&Figures::of_row(r), r.percent_decimals),
        flags,
    }
}

fn headers(lang: Lang, year: i64, p: &Params) -> Vec<HeaderView> {
    let t = |key: &str| i18n::text(lang, key);
    let sortable = |key: SortKey, label: &str| {
        let current = p.sort == key;
        let desc = if current { !p.desc } else { key.numeric() };
        HeaderView {
            label: t(label),
            href: format!("/years/{year}/overview?{}", p.query(key, desc)),
            aria_sort: match (current, p.desc) {
                (false, _) => "none",
                (true, false) => "ascending",
                (true, true) => "descending",
            },
            arrow: match (current, p.desc) {
                (false, _) => "",
                (true, false) => "▲",
                (true, true) => "▼",
            },
            numeric: key.numeric(),
        }
    };
    let plain =
        |label: &str| HeaderView { label: t(label), href: String::new(), aria_sort: "none", arrow: "", numeric: false };
    vec![
        sortable(SortKey::Code, "yearview-col-code"),
        sortable(SortKey::Name, "yearview-col-name"),
        sortable(SortKey::Division, "yearview-col-division"),
        plain("yearview-col-range"),
        sortable(SortKey::Target, "yearview-col-target"),
        sortable(SortKey::Workload, "yearview-col-workload"),
        sortable(SortKey::Paid, "yearview-col-paid"),
        sortable(SortKey::Deviation, "yearview-col-deviation"),
        sortable(SortKey::Opening, "yearview-col-opening"),
        sortable(SortKey::Change, "yearview-col-change"),
        sortable(SortKey::Closing, "yearview-col-closing"),
    ]
}

/// Builds the region for `data` as `p` asks.
pub fn region(lang: Lang, data: &YearOverview, p: &Params, oob: bool) -> RegionView {
    let year = data.year.id.0;
    let mut shown: Vec<Row> = data.rows.iter().filter(|r| p.filter.matches(r)).cloned().collect();
    sort_rows(&mut shown, p.sort, p.desc);
    let sums = totals(&shown);
    let count = i18n::text_with(
        lang,
        "yearview-count",
        &[("shown", shown.len().to_string().into()), ("total", data.rows.len().to_string().into())],
    );
    let total = cells(&Figures::of_sum(&sums.all), data.percent_decimals);
    RegionView {
        lang,
        oob,
        sort: p.sort.param(),
        dir: if p.desc { "desc" } else { "asc" },
        count,
        caption: i18n::text_with(lang, "yearview-caption", &[("year", data.year.code.as_str().into())]),
        headers: headers(lang, year, p),
        rows: shown.iter().map(|r| row_view(lang, year, r)).collect(),
        total,
        total_label: i18n::text(lang, "yearview-total"),
        bars: (!shown.is_empty()).then(|| bars(lang, &shown)),
        histogram: (!shown.is_empty()).then(|| deviation_histogram(lang, &shown)),
        tables: tables(lang, data, &sums),
    }
}

fn tables(lang: Lang, data: &YearOverview, sums: &Totals) -> Vec<TotalsTable> {
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

/// An SVG coordinate with one decimal.
fn at(x: Decimal) -> String {
    fixed_text(x, 1)
}

/// The workload chart: per shown row (in table order) a bar of the workload
/// with age relief and a mark at the payment target.
fn bars(lang: Lang, rows: &[Row]) -> BarsChart {
    let d = Decimal::from;
    // About 1080 units wide for the whole school; wider bars for a few.
    let step = (d(1080) / d(rows.len().max(1) as i64)).floor().clamp(d(9), d(28));
    let (left, top, plot_h, label_h, bar_w) = (d(40), d(12), d(220), d(40), (step * d(7) / d(10)).floor());
    let highest = rows.iter().flat_map(|r| [r.workload, r.target]).max().unwrap_or_default().max(d(100));
    let scale_max = (highest / d(25)).ceil() * d(25);
    let y = |v: Decimal| top + plot_h - v.max(Decimal::ZERO) / scale_max * plot_h;
    let width = left + step * d(rows.len() as i64) + d(8);
    let height = top + plot_h + label_h;
    let mut ticks = Vec::new();
    let mut v = Decimal::ZERO;
    while v <= scale_max {
        ticks.push(TickView { y: at(y(v)), x: at(left - d(4)), label: format!("{} %", v.normalize()) });
        v += d(25);
    }
    let (mut over, mut under) = (0, 0);
    let bars = rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let x = left + step * d(i as i64) + (step - bar_w) / Decimal::TWO;
            let top_y = y(r.workload);
            let class = match sign_class(r.deviation) {
                "num pos" => {
                    over += 1;
                    "bar bar--over"
                }
                "num neg" => {
                    under += 1;
                    "bar bar--under"
                }
                _ => "bar bar--even",
            };
            let lx = x + bar_w / Decimal::TWO + d(3);
            BarView {
                x: at(x),
                y: at(top_y),
                w: at(bar_w),
                h: at(top + plot_h - top_y),
                ty: at(y(r.target)),
                tx1: at(x - d(1)),
                tx2: at(x + bar_w + d(1)),
                lx: at(lx),
                ly: at(top + plot_h + d(4)),
                code: r.teacher.code.clone(),
                class,
                title: i18n::text_with(
                    lang,
                    "yearview-bar-title",
                    &[
                        ("code", r.teacher.code.as_str().into()),
                        ("workload", i18n::percent(r.workload, 2).into()),
                        ("target", i18n::percent(r.target, 2).into()),
                        ("deviation", signed_percent(r.deviation, 2).into()),
                    ],
                ),
            }
        })
        .collect();
    BarsChart {
        width: at(width),
        height: at(height),
        view_box: format!("0 0 {} {}", at(width), at(height)),
        left: at(left),
        right: at(width - d(4)),
        base: at(y(Decimal::ZERO)),
        title: i18n::text(lang, "yearview-chart-bars"),
        desc: i18n::text_with(
            lang,
            "yearview-chart-bars-desc",
            &[
                ("count", rows.len().to_string().into()),
                ("over", over.to_string().into()),
                ("under", under.to_string().into()),
            ],
        ),
        ticks,
        bars,
    }
}

/// The histogram of the deviations of the shown rows, bins of [`BIN_WIDTH`].
fn deviation_histogram(lang: Lang, rows: &[Row]) -> HistogramChart {
    let d = Decimal::from;
    let bins = histogram(rows.iter().map(|r| r.deviation), BIN_WIDTH);
    let (left, top, plot_h, label_h, step, bar_w) = (d(16), d(22), d(160), d(30), d(52), d(40));
    let most = bins.iter().map(|b| b.count).max().unwrap_or(1).max(1);
    let width = left * Decimal::TWO + step * d(bins.len() as i64);
    let height = top + plot_h + label_h;
    let base = top + plot_h;
    let label = |c: Decimal| {
        let text = format!("{} %", c.normalize());
        if c > Decimal::ZERO {
            format!("+{text}")
        } else {
            text
        }
    };
    let mut words = Vec::new();
    let views = bins
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let x = left + step * d(i as i64) + (step - bar_w) / Decimal::TWO;
            let h = plot_h * d(b.count as i64) / d(most as i64);
            let half = BIN_WIDTH / Decimal::TWO;
            let title = i18n::text_with(
                lang,
                "yearview-bin-title",
                &[
                    ("from", label(b.center - half).into()),
                    ("to", label(b.center + half).into()),
                    ("count", b.count.to_string().into()),
                ],
            );
            words.push(format!("{}: {}", label(b.center), b.count));
            BinView {
                x: at(x),
                y: at(base - h),
                w: at(bar_w),
                h: at(h),
                cx: at(x + bar_w / Decimal::TWO),
                cy: at(base - h - d(4)),
                count: b.count,
                label: label(b.center),
                title,
                class: match b.center.cmp(&Decimal::ZERO) {
                    std::cmp::Ordering::Less => "bin bin--under",
                    std::cmp::Ordering::Equal => "bin bin--even",
                    std::cmp::Ordering::Greater => "bin bin--over",
                },
            }
        })
        .collect();
    HistogramChart {
        width: at(width),
        height: at(height),
        view_box: format!("0 0 {} {}", at(width), at(height)),
        left: at(left),
        right: at(width - left),
        base: at(base),
        label_y: at(base + d(18)),
        title: i18n::text(lang, "yearview-chart-histogram"),
        desc: i18n::text_with(
            lang,
            "yearview-chart-histogram-desc",
            &[("width", BIN_WIDTH.to_string().into()), ("bins", words.join("; ").into())],
        ),
        bins: views,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::yearview::Flags;

    fn pairs(q: &str) -> Vec<(String, String)> {
        url::form_urlencoded::parse(q.as_bytes()).into_owned().collect()
    }

    #[test]
    fn the_query_round_trips() {
        let p = Params::from_query(&pairs("q=M%C3%BCller&division=3&flag=range&flag=open&sort=deviation&dir=desc"));
        assert_eq!(p.filter.query, "Müller");
        assert_eq!(p.filter.division, Some(3));
        assert_eq!(p.filter.flags, Flags { outside_range: true, no_work: false, open_lessons: true });
        assert_eq!((p.sort, p.desc), (SortKey::Deviation, true));
        let again = Params::from_query(&pairs(&p.query(SortKey::Deviation, true)));
        assert_eq!(again.filter, p.filter);
        assert_eq!((again.sort, again.desc), (SortKey::Deviation, true));
        let junk = Params::from_query(&pairs("division=x&sort=nope&flag=zzz"));
        assert_eq!((junk.filter, junk.sort, junk.desc), (Filter::default(), SortKey::Code, false));
    }

    #[test]
    fn signed_percents_and_numbers() {
        let d = |s: &str| s.parse::<Decimal>().unwrap();
        assert_eq!(signed_percent(d("3.5"), 2), "+3.50 %");
        assert_eq!(signed_percent(d("-2.174"), 2), "-2.17 %");
        assert_eq!(signed_percent(d("0.001"), 2), "0.00 %");
        assert_eq!(fixed_text(d("18.05"), 1), "18.1");
    }
}
