//! Planung nach Klassen (`GET /years/{year}/grid`, docs/web.md §Planning grid):
//! subjects × classes of one school year, filtered by division, grade and
//! subject category (query `division`, `grade`, `category`; empty = all).
//! Each cell shows its courses' lessons per semester and teacher codes, and
//! marks open lessons, cancelled and merged courses in text as well as colour.
//! With htmx the filter form asks for the table alone (target `grid-region`),
//! and the URL follows.
//!
//! Planners edit in place (docs/web.md §Editing the grid): [`cell`] renders
//! and re-renders one cell and creates a course in an empty one, [`editor`]
//! opens and saves a course's editor (its typed values in [`form`]), and
//! [`conflict`] shows what someone else changed meanwhile when a save comes
//! too late, [`split`] splits a merged course, and [`select`] merges the
//! courses of several selected cells of one row.

pub mod cancel;
pub mod cell;
pub mod conflict;
pub mod course_action;
pub mod delete;
pub mod editor;
pub mod form;
pub mod merge;
pub mod panel;
pub mod select;
pub mod split;

use std::collections::HashMap;

use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::Uri;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;

pub use self::cell::{CellView, CourseView};
use super::guard::SignedIn;
use super::htmx::{HxRequest, HxResponse};
use super::kit::errors::page_error;
use super::kit::render::render;
use super::kit::state::WebState;
use super::layout::{Page, Screen, YearChoice};
use crate::domain::ids::SchoolYearId;
use crate::i18n::{self, Lang};
use crate::service::grid::{self, Grid, GridFilter};

/// The routes of the grid: its page and panel, a course's editor and actions ([`editor`], [`split`], [`delete`], [`merge`], [`select`], [`cancel`]) and a cell's ([`cell`]).
pub fn routes() -> Router<WebState> {
    Router::new()
        .route("/years/{year}/grid", get(page))
        .route("/years/{year}/courses/{id}/edit", get(editor::edit))
        .route("/years/{year}/courses/{id}", post(editor::save))
        .route("/years/{year}/courses/{id}/split", post(split::split))
        .route("/years/{year}/courses/{id}/delete", post(delete::delete))
        .route("/years/{year}/courses/{id}/merge", post(merge::merge))
        .route("/years/{year}/courses/merge", post(select::merge))
        .route("/years/{year}/courses/cancel", post(cancel::cancel))
        .route("/years/{year}/courses/resume", post(cancel::resume))
        .route("/years/{year}/grid/panel", get(panel::panel))
        .route("/years/{year}/cells/{subject}/{class}", get(cell::show).post(cell::create))
        .route("/years/{year}/cells/{subject}/{class}/new", get(cell::create_page))
}

/// The id of the element the filter form replaces.
pub const REGION: &str = "grid-region";

/// The grid page.
#[derive(Template)]
#[template(path = "web/grid/page.html")]
pub struct GridPage {
    /// The frame.
    pub page: Page,
    /// The grid.
    pub grid: GridView,
}

/// The grid region alone (the answer to the htmx filter form).
#[derive(Template)]
#[template(path = "web/grid/table.html")]
pub struct GridTable {
    /// The grid.
    pub grid: GridView,
}

/// The grid as the templates show it: every text made.
#[derive(Debug, Clone)]
pub struct GridView {
    /// The form's action (`/years/{id}/grid`).
    pub action: String,
    /// The filter selects.
    pub filters: Vec<FilterSelect>,
    /// Texts: filter legend, apply button, caption, subject header, legend
    /// heading, keyboard hint, read-only note (empty for planners), counts,
    /// the text when no class matches.
    pub texts: GridTexts,
    /// The columns.
    pub columns: Vec<ColumnView>,
    /// The rows.
    pub rows: Vec<RowView>,
    /// The legend: (CSS class of the sample, text).
    pub legend: Vec<(&'static str, String)>,
    /// Whether the person may edit (cells open the editor and create courses).
    pub editable: bool,
    /// The selection toolbar ("Auswählen", [`select`]), for planners only.
    pub select: Option<SelectView>,
}

/// The grid's selection toolbar and its announcements ("Selecting and
/// merging" in docs/web.md §Editing the grid); assets/app.js shows it.
#[derive(Debug, Clone)]
pub struct SelectView {
    /// Where the toolbar posts (`/years/{id}/courses/merge`).
    pub action: String,
    /// Where a cell alone is fetched, but for `{subject}/{class}` (`/years/{id}/cells/`).
    pub cells: String,
    /// The toolbar's name for screen readers.
    pub label: String,
    /// The merge button's text (the count follows in brackets).
    pub merge: String,
    /// Where "Absagen" posts (`/years/{id}/courses/cancel`).
    pub cancel_action: String,
    /// Where "Wiederaufnehmen" posts (`/years/{id}/courses/resume`).
    pub resume_action: String,
    /// The text of the button that cancels the selected courses.
    pub cancel: String,
    /// The text of the button that takes them up again.
    pub resume: String,
    /// The button that clears the selection.
    pub clear: String,
    /// That the course selected first keeps its teachers.
    pub first: String,
    /// Announcement for one selected course.
    pub one: String,
    /// Announcement for several, `{n}` standing for their number.
    pub many: String,
    /// Announcement when the selection is cleared.
    pub cleared: String,
    /// Announcement when a cell of another row starts the selection again.
    pub other_row: String,
}

/// Fixed texts of the grid.
#[derive(Debug, Clone)]
pub struct GridTexts {
    /// Filter fieldset legend.
    pub filters: String,
    /// Apply button.
    pub apply: String,
    /// Table caption.
    pub caption: String,
    /// Header of the subject column.
    pub subject: String,
    /// Legend heading.
    pub legend: String,
    /// Keyboard hint.
    pub keys: String,
    /// Read-only note, empty when the person may plan.
    pub readonly: String,
    /// Number of classes, subjects and courses shown.
    pub counts: String,
    /// Shown instead of the table when no class matches.
    pub no_classes: String,
}

/// A filter select.
#[derive(Debug, Clone)]
pub struct FilterSelect {
    /// Field name and element id (`division`, `grade`, `category`).
    pub name: &'static str,
    /// Label.
    pub label: String,
    /// Options, the first "(alle)" with an empty value.
    pub options: Vec<FilterOption>,
}

/// An option of a filter select.
#[derive(Debug, Clone)]
pub struct FilterOption {
    /// Value (an id, or empty for all).
    pub value: String,
    /// Text.
    pub label: String,
    /// Whether chosen.
    pub selected: bool,
}

/// A class column.
#[derive(Debug, Clone)]
pub struct ColumnView {
    /// Element id `class-{id}`.
    pub id: String,
    /// Class code.
    pub code: String,
    /// Grade and division, for `title`-free description (`abbr`).
    pub description: String,
}

/// A subject row.
#[derive(Debug, Clone)]
pub struct RowView {
    /// Element id `subject-{id}`.
    pub id: String,
    /// Subject code.
    pub code: String,
    /// Subject designation.
    pub description: String,
    /// The cells, one per column.
    pub cells: Vec<CellView>,
}

/// `GET /years/{year}/grid`.
pub async fn page(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(year): Path<i64>,
    Query(query): Query<HashMap<String, String>>,
    hx: HxRequest,
    uri: Uri,
) -> Response {
    let id = |name: &str| query.get(name).and_then(|v| v.trim().parse::<i64>().ok());
    let filter = GridFilter { division: id("division"), grade: id("grade"), category: id("category") };
    let grid = match grid::load(&state.store, SchoolYearId(year), filter).await {
        Ok(grid) => grid,
        Err(e) => return page_error(lang, e),
    };
    let view = view(lang, &grid, filter, user.can_plan());
    let here = uri.path_and_query().map_or_else(|| uri.path().to_string(), |pq| pq.as_str().to_string());
    if hx.wants_fragment(REGION) {
        let push = HxResponse { push_url: Some(here), ..Default::default() };
        return (push, render(lang, &GridTable { grid: view })).into_response();
    }
    let title = i18n::text_with(lang, "grid-title", &[("year", grid.year.code.as_str().into())]);
    let mut page = Page::new(lang, Screen::Grid, title, Some(user), here);
    page.year = Some(year);
    page.years =
        grid.years.iter().map(|y| YearChoice { id: y.id.0, code: y.code.clone(), selected: y.id.0 == year }).collect();
    render(lang, &GridPage { page, grid: view })
}

/// Builds the view of `grid` in `lang`.
pub fn view(lang: Lang, grid: &Grid, filter: GridFilter, can_plan: bool) -> GridView {
    let t = |key: &str| i18n::text(lang, key);
    let select = |name: &'static str, key: &str, chosen: Option<i64>, items: Vec<(i64, String)>| {
        let mut options = vec![FilterOption { value: String::new(), label: t("grid-all"), selected: chosen.is_none() }];
        options.extend(items.into_iter().map(|(id, label)| FilterOption {
            value: id.to_string(),
            label,
            selected: chosen == Some(id),
        }));
        FilterSelect { name, label: t(key), options }
    };
    let filters = vec![
        select(
            "division",
            "grid-division",
            filter.division,
            grid.divisions.iter().map(|d| (d.id.0, format!("{} – {}", d.code, d.description))).collect(),
        ),
        select("grade", "grid-grade", filter.grade, grid.grades.iter().map(|g| (g.id.0, g.code.clone())).collect()),
        select(
            "category",
            "grid-category",
            filter.category,
            grid.categories
                .iter()
                .filter(|c| !c.archived || filter.category == Some(c.id))
                .map(|c| (c.id, c.description.clone()))
                .collect(),
        ),
    ];
    let columns: Vec<ColumnView> = grid
        .classes
        .iter()
        .map(|c| ColumnView {
            id: format!("class-{}", c.class.id.0),
            code: c.class.code.clone(),
            description: format!("{} · {}", c.grade.code, c.class.division.code),
        })
        .collect();
    // The page's cells carry no versions: a selected cell is fetched alone
    // (with them) when it is selected.
    let place = cell::Place { versions: false, ..cell::Place::new(lang, grid.year.id.0, can_plan, Vec::new()) };
    let mut courses = std::collections::BTreeSet::new();
    let mut first = true;
    let rows = grid
        .rows
        .iter()
        .map(|row| RowView {
            id: format!("subject-{}", row.subject.id.0),
            code: row.subject.code.clone(),
            description: row.subject.description.clone(),
            cells: row
                .cells
                .iter()
                .zip(&grid.classes)
                .map(|(list, class)| {
                    courses.extend(list.iter().map(|c| c.id.0));
                    let tabindex = if std::mem::take(&mut first) { 0 } else { -1 };
                    cell::cell(&place, row.subject.id.0, class.class.id.0, list, tabindex)
                })
                .collect(),
        })
        .collect::<Vec<_>>();
    let counts = i18n::text_with(
        lang,
        "grid-counts",
        &[
            ("classes", columns.len().to_string().into()),
            ("subjects", grid.rows.len().to_string().into()),
            ("courses", courses.len().to_string().into()),
        ],
    );
    GridView {
        action: format!("/years/{}/grid", grid.year.id.0),
        filters,
        texts: GridTexts {
            filters: t("grid-filters"),
            apply: t("grid-apply"),
            caption: i18n::text_with(lang, "grid-caption", &[("year", grid.year.code.as_str().into())]),
            subject: t("grid-subject"),
            legend: t("grid-legend"),
            keys: if can_plan {
                format!("{} {} {}", t("grid-keys"), t("grid-edit-keys"), t("grid-select-keys"))
            } else {
                t("grid-keys")
            },
            readonly: if can_plan { String::new() } else { t("grid-readonly") },
            counts,
            no_classes: t("grid-no-classes"),
        },
        columns,
        rows,
        legend: vec![
            ("sample sample--staffed", t("grid-legend-staffed")),
            ("sample sample--open", t("grid-legend-open")),
            ("sample sample--merged", t("grid-legend-merged")),
            ("sample sample--cancelled", t("grid-legend-cancelled")),
            ("sample sample--comment", t("grid-legend-comment")),
            ("sample sample--lessons", t("grid-legend-lessons")),
        ],
        editable: can_plan,
        select: can_plan.then(|| SelectView {
            action: format!("/years/{}/courses/merge", grid.year.id.0),
            cells: format!("/years/{}/cells/", grid.year.id.0),
            label: t("grid-select-toolbar"),
            merge: t("grid-select-merge"),
            cancel_action: format!("/years/{}/courses/cancel", grid.year.id.0),
            resume_action: format!("/years/{}/courses/resume", grid.year.id.0),
            cancel: t("grid-select-cancel"),
            resume: t("grid-select-resume"),
            clear: t("grid-select-clear"),
            first: t("grid-select-first"),
            one: t("grid-select-count-one"),
            many: i18n::text_with(lang, "grid-select-count", &[("count", "{n}".into())]),
            cleared: t("grid-select-cleared"),
            other_row: t("grid-select-other-row"),
        }),
    }
}
