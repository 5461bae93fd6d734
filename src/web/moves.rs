//! Verwaltung → Übernahmen: the stored reports of the moves from and to the
//! Pensenmanager (docs/migration.md §The report under Verwaltung), for
//! administrators only (the extractor [`SignedInAdmin`], as the accounts).
//!
//! | route | handler |
//! |---|---|
//! | `GET /admin/moves` | [`list`]: every move, newest first |
//! | `GET /admin/moves/{id}` | [`detail`]: one report: tables, changed values, refusals, the reconciliation of the balances |
//!
//! The report's reasons and rules are in German, as the command line writes
//! them; the page's own words come from the catalogue.

use askama::Template;
use axum::extract::{Path, State};
use axum::response::Response;
use axum::routing::get;
use axum::Router;

use super::admin::SignedInAdmin;
use super::form;
use super::kit::errors::page_error;
use super::kit::render::render;
use super::kit::state::WebState;
use super::layout::{Page, Screen};
use crate::error::Error;
use crate::i18n::{self, Lang};
use crate::pensenmanager::report::{BalanceLine, Change, OpeningLine, Refusal};

use crate::pensenmanager::Report;
use crate::service::moves::{self, MoveReportRow};

/// The routes of the moves: the list and one move.
pub fn routes() -> Router<WebState> {
    Router::new().route("/admin/moves", get(list)).route("/admin/moves/{id}", get(detail))
}

/// The list of moves.
#[derive(Template)]
#[template(path = "web/moves/list.html")]
pub struct MoveList {
    /// The frame.
    pub page: Page,
    /// The moves, newest first.
    pub rows: Vec<MoveRow>,
}

/// One move in the list.
pub struct MoveRow {
    /// Report id (the link).
    pub id: i64,
    /// When, as planners read it.
    pub when: String,
    /// "Übernahme aus dem Pensenmanager" or "Rückgabe an den Pensenmanager".
    pub direction: String,
    /// Written, refused or dry run, in words.
    pub outcome: String,
    /// The other database (without its password).
    pub source: String,
}

/// One report.
#[derive(Template)]
#[template(path = "web/moves/detail.html")]
pub struct MoveDetail {
    /// The frame.
    pub page: Page,
    /// Its head, as in the list.
    pub head: MoveRow,
    /// Whether the report is refused (the refusals come first then).
    pub refused: bool,
    /// What the source database was.
    pub source_notes: Vec<String>,
    /// Per reference table: name, rows read, rows written.
    pub tables: Vec<(String, usize, usize)>,
    /// "Geänderte Werte (N)".
    pub changes_heading: String,
    /// Every changed value.
    pub changes: Vec<Change>,
    /// Every refusal.
    pub refusals: Vec<Refusal>,
    /// The reconciliation, per year.
    pub years: Vec<YearView>,
}

/// The reconciliation of one year, as the page shows it.
pub struct YearView {
    /// The summary line in the reader's language.
    pub summary: String,
    /// Whether every balance agrees and no opening balance differs.
    pub agrees: bool,
    /// The employments whose balances differ.
    pub differing: Vec<BalanceLine>,
    /// The opening balances that differ from the previous year's closing
    /// one, each as a sentence.
    pub openings: Vec<String>,
}

fn direction(lang: Lang, d: &str) -> String {
    i18n::text(lang, if d == "export" { "moves-export" } else { "moves-import" })
}

fn outcome(lang: Lang, o: &str) -> String {
    i18n::text(
        lang,
        match o {
            "written" => "moves-written",
            "refused" => "moves-refused",
            _ => "moves-dry-run",
        },
    )
}

/// "jla: Anfangssaldo 1.5 ≠ Schlusssaldo 1.25 in 25/26".
fn opening(lang: Lang, o: &OpeningLine) -> String {
    let none = || "–".to_string();
    i18n::text_with(
        lang,
        "moves-opening-differs",
        &[
            ("teacher", o.teacher.as_str().into()),
            ("opening", o.stored_opening.clone().unwrap_or_else(none).into()),
            ("closing", o.previous_closing.clone().unwrap_or_else(none).into()),
            ("year", o.previous_year.as_str().into()),
        ],
    )
}

fn head(lang: Lang, r: &MoveReportRow) -> MoveRow {
    MoveRow {
        id: r.id,
        when: form::when(&r.created_at),
        direction: direction(lang, &r.direction),
        outcome: outcome(lang, &r.outcome),
        source: r.source.clone(),
    }
}

/// `GET /admin/moves`: every move, newest first.
pub async fn list(State(state): State<WebState>, SignedInAdmin { user, lang }: SignedInAdmin) -> Response {
    let rows = match moves::reports(&state.store).await {
        Ok(rows) => rows,
        Err(e) => return page_error(lang, e),
    };
    let page = Page::new(lang, Screen::Moves, i18n::text(lang, "moves-title"), Some(user), "/admin/moves".into());
    render(lang, &MoveList { page, rows: rows.iter().map(|r| head(lang, r)).collect() })
}

/// `GET /admin/moves/{id}`: one report; 404 when there is none.
pub async fn detail(
    State(state): State<WebState>,
    SignedInAdmin { user, lang }: SignedInAdmin,
    Path(id): Path<i64>,
) -> Response {
    let row = match moves::report(&state.store, id).await {
        Ok(row) => row,
        Err(e) => return page_error(lang, e),
    };
    let report: Report = match serde_json::from_str(&row.report) {
        Ok(r) => r,
        Err(e) => return page_error(lang, Error::internal(anyhow::anyhow!("stored move report {id}: {e}"))),
    };
    let head = head(lang, &row);
    let title = format!("{} ({})", head.direction, head.when);
    let page = Page::new(lang, Screen::Moves, title, Some(user), format!("/admin/moves/{id}"));
    let years = report
        .reconciliation
        .into_iter()
        .map(|y| {
            let state = i18n::text(lang, if y.locked { "moves-year-locked" } else { "moves-year-open" });
            let summary = i18n::text_with(
                lang,
                "moves-year-summary",
                &[
                    ("year", y.year.clone().into()),
                    ("state", state.into()),
                    ("agreeing", y.agreeing.to_string().into()),
                    ("compared", y.compared.to_string().into()),
                    ("count", y.openings.len().to_string().into()),
                ],
            );
            let differing: Vec<BalanceLine> = y.balances.into_iter().filter(|b| b.difference != "0").collect();
            let agrees = differing.is_empty() && y.openings.is_empty();
            YearView { summary, agrees, differing, openings: y.openings.iter().map(|o| opening(lang, o)).collect() }
        })
        .collect();
    render(
        lang,
        &MoveDetail {
            page,
            refused: !report.refusals.is_empty(),
            head,
            source_notes: report.source,
            tables: report.tables.into_iter().map(|(t, c)| (t, c.read, c.written)).collect(),
            changes_heading: i18n::text_with(
                lang,
                "moves-changes",
                &[("count", report.changes.len().to_string().into())],
            ),
            changes: report.changes,
            refusals: report.refusals,
            years,
        },
    )
}
