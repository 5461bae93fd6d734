//! Jahresüberblick (`GET /years/{year}/overview`, docs/web.md §Jahresüberblick):
//! one row per employment of a school year with its payment target, workload
//! with age relief, payroll total, deviation, IPB balances and flags; the
//! totals per division, gender, payroll type, pool type and subject
//! category; two charts as server-drawn SVG (workload against target per
//! teacher, the distribution of the deviations).
//!
//! Query: `q` (search in code and name), `division` (id), `flag` (repeatable:
//! `range`, `nowork`, `open`; a row shows when it has one of them), `sheet`
//! (the state of the teacher's sheet, docs/teachers.md §Release and confirmation), `sort`
//! (a column, [`SortKey::param`]) and `dir` (`asc`/`desc`). With htmx the
//! filter form and the column headers ask for the region alone (target
//! [`REGION`]) and the URL follows; without JavaScript they are a form and
//! links. Every figure comes from [`crate::service::yearview`] and the totals
//! from [`crate::domain::yearview::totals`]; this module only formats them:
//! the handler and the rows here, the number cells and totals tables in
//! `tables`, the SVG charts in `charts`.

use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::Uri;
use axum::response::Response;
use axum::routing::get;
use axum::Router;
mod charts;
mod tables;

pub use charts::{BarView, BarsChart, BinView, HistogramChart, TickView};
pub use tables::{CellView, TotalRow, TotalsTable};

use super::guard::SignedIn;
use super::htmx::HxRequest;
use super::kit::errors::page_error;
use super::kit::render::render;
use super::kit::state::WebState;
use super::layout::{Page, Screen};
use super::listing::{count_text, here, region_answer};
pub use super::sorting::HeaderView;
use super::sorting::{sorted_query, RegionHead};
use crate::domain::confirmation::SheetState;
use crate::domain::ids::{DivisionId, SchoolYearId};
use crate::domain::yearview::{sheet_counts, sort_rows, totals, Filter, Row, SortKey};
use crate::i18n::{self, Lang};
use crate::service::yearview::{self, YearOverview};
use charts::{bars, deviation_histogram};
use tables::{cells, tables, Figures};

/// The route of the Jahresüberblick.
pub fn routes() -> Router<WebState> {
    Router::new().route("/years/{year}/overview", get(page))
}

/// The id of the element the filters and the column headers replace.
pub const REGION: &str = "yearview-region";

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
    /// The releases to the teachers, and the form for planners.
    pub release: super::release::ReleaseView,
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
                "division" => p.filter.division = v.trim().parse().ok().map(DivisionId),
                "flag" => match v.as_str() {
                    "range" => p.filter.flags.outside_range = true,
                    "nowork" => p.filter.flags.no_work = true,
                    "open" => p.filter.flags.open_lessons = true,
                    _ => {}
                },
                "sheet" => p.filter.sheet = SheetState::parse(v.trim()),
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
        if let Some(state) = self.filter.sheet {
            s.append_pair("sheet", state.as_str());
        }
        let f = self.filter.flags;
        for (on, value) in [(f.outside_range, "range"), (f.no_work, "nowork"), (f.open_lessons, "open")] {
            if on {
                s.append_pair("flag", value);
            }
        }
        sorted_query(s, sort.param(), desc)
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
    /// The sheet state choices: (value, label, chosen); the first is "(alle)".
    pub sheets: Vec<(&'static str, String, bool)>,
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
    /// The sheet's state: (wire name, words).
    pub sheet: (&'static str, String),
}

/// The region: rows, charts, totals.
#[derive(Debug, Clone)]
pub struct RegionView {
    /// Count (`n von m Anstellungen`), caption, the sort, headers: code, name
    /// (with the flags), division, range (not sortable), the number columns.
    pub head: RegionHead,
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
    /// The count of the year's sheets per state, in words (`3 zur Kenntnis genommen · …`).
    pub sheet_counts: Vec<(&'static str, String)>,
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
    let here = here(&uri);
    let fragment = hx.wants_fragment(REGION);
    let region = region(lang, &data, &params, fragment);
    if fragment {
        return region_answer(here, render(lang, &YearviewRegion { region }));
    }
    let title = i18n::text_with(lang, "yearview-title", &[("year", data.year.code.as_str().into())]);
    let mails = state.jobs.config().mail_settings().is_some();
    let release = super::release::release_view(lang, year, &data.releases, &data.divisions, user.role, mails);
    let years = data.years.iter().map(|y| (y.id.0, y.code.clone()));
    let page = Page::new(lang, Screen::YearOverview, title, Some(user), here).in_year(year, years);
    let form = form(lang, &data, &params);
    render(lang, &YearviewPage { page, form, region, release })
}

fn form(lang: Lang, data: &YearOverview, p: &Params) -> FormView {
    let t = |key: &str| i18n::text(lang, key);
    let mut divisions = vec![(String::new(), t("yearview-all"), p.filter.division.is_none())];
    divisions.extend(
        data.divisions
            .iter()
            .map(|d| (d.id.0.to_string(), format!("{} – {}", d.code, d.description), p.filter.division == Some(d.id))),
    );
    let f = p.filter.flags;
    let mut sheets = vec![("", t("yearview-all"), p.filter.sheet.is_none())];
    sheets.extend(SheetState::ALL.map(|s| (s.as_str(), t(s.short_message_id()), p.filter.sheet == Some(s))));
    FormView {
        sheets,
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
        employment: r.employment.0,
        code: r.teacher.code.clone(),
        name: format!("{}, {}", r.teacher.last_name, r.teacher.first_name),
        href: format!("/years/{year}/workload/{}", r.teacher.id.0),
        division_id: r.division.id,
        division: r.division.code.clone(),
        division_name: r.division.description.clone(),
        range,
        cells: cells(&Figures::of_row(r), r.percent_decimals),
        flags,
        sheet: (r.sheet.as_str(), t(r.sheet.short_message_id())),
    }
}

fn headers(lang: Lang, year: i64, p: &Params) -> Vec<HeaderView> {
    let t = |key: &str| i18n::text(lang, key);
    let sortable = |key: SortKey, label: &str| {
        let link = |desc| format!("/years/{year}/overview?{}", p.query(key, desc));
        HeaderView::sorting(t(label), (p.sort == key, p.desc), key.numeric(), key.numeric(), link)
    };
    let plain = |label: &str| HeaderView::plain(t(label), false);
    vec![
        sortable(SortKey::Code, "yearview-col-code"),
        sortable(SortKey::Name, "yearview-col-name"),
        sortable(SortKey::Division, "yearview-col-division"),
        plain("yearview-col-range"),
        plain("yearview-col-sheet"),
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
    let count = count_text(lang, "yearview-count", shown.len(), data.rows.len());
    let total = cells(&Figures::of_sum(&sums.all), data.percent_decimals);
    let caption = i18n::text_with(lang, "yearview-caption", &[("year", data.year.code.as_str().into())]);
    RegionView {
        head: RegionHead::new(lang, oob, (p.sort.param(), p.desc), count, caption, headers(lang, year, p)),
        rows: shown.iter().map(|r| row_view(lang, year, r)).collect(),
        total,
        total_label: i18n::text(lang, "yearview-total"),
        bars: (!shown.is_empty()).then(|| bars(lang, &shown)),
        histogram: (!shown.is_empty()).then(|| deviation_histogram(lang, &shown)),
        tables: tables(lang, data, &sums),
        sheet_counts: sheet_counts(&data.rows)
            .into_iter()
            .map(|(s, n)| {
                let text = i18n::text_with(
                    lang,
                    "yearview-sheet-count",
                    &[("count", n.to_string().into()), ("state", i18n::text(lang, s.short_message_id()).into())],
                );
                (s.as_str(), text)
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::tables::{fixed_text, signed_percent};
    use super::*;
    use crate::domain::yearview::Flags;
    use rust_decimal::Decimal;

    fn pairs(q: &str) -> Vec<(String, String)> {
        url::form_urlencoded::parse(q.as_bytes()).into_owned().collect()
    }

    #[test]
    fn the_query_round_trips() {
        let p = Params::from_query(&pairs("q=M%C3%BCller&division=3&flag=range&flag=open&sort=deviation&dir=desc"));
        assert_eq!(p.filter.query, "Müller");
        assert_eq!(p.filter.division, Some(DivisionId(3)));
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
