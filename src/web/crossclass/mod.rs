//! Planung → gesamtschulisch (`GET /years/{year}/crossclass`, docs/web.md
//! §Cross-class courses): the courses of a school year's cross-class subjects
//! (a grade and a curriculum, no classes) as a list — subject, grade, lessons
//! and teachers per semester, open lessons, cancelled, a comment marker —
//! filtered by subject type (`type`), searched (`q`: subject and teacher
//! codes) and sorted (`sort` = `subject`, `grade`, `teacher`; `dir` =
//! `asc`/`desc`). With htmx the filter form and the column headers ask for
//! the region alone (target [`REGION`]) and the URL follows.
//!
//! Planners create, edit and delete the courses in [`editor`]; readers see
//! the list without links or buttons.

pub mod editor;

use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::Uri;
use axum::response::Response;
use axum::routing::{get, post};
use axum::Router;

use super::grid::cell::codes;
use super::guard::SignedIn;
use super::htmx::HxRequest;
use super::kit::errors::page_error;
use super::kit::render::render;
use super::kit::state::WebState;
use super::layout::{Page, Screen};
use super::listing::{count_text, here, region_answer};
use super::sorting::{sorted_query, HeaderView, RegionHead};
use crate::domain::course::Course;
use crate::domain::ids::SchoolYearId;
use crate::i18n::{self, Lang};
use crate::service::crossclass::{self, CrossClassYear, Selection, SortKey};

/// The routes: the page and the courses' forms ([`editor`]).
pub fn routes() -> Router<WebState> {
    Router::new()
        .route("/years/{year}/crossclass", get(page).post(editor::create))
        .route("/years/{year}/crossclass/new", get(editor::new))
        .route("/years/{year}/crossclass/{id}", get(editor::edit).post(editor::save))
        .route("/years/{year}/crossclass/{id}/delete", post(editor::delete))
}

/// The id of the element the filters and the column headers replace.
pub const REGION: &str = "crossclass-region";

/// The list page.
#[derive(Template)]
#[template(path = "web/crossclass/page.html")]
pub struct ListPage {
    /// The frame.
    pub page: Page,
    /// The filter form.
    pub form: FilterView,
    /// The list.
    pub region: RegionView,
    /// After a write: what was done (`Der Kurs wurde gespeichert.`), else empty.
    pub notice: String,
    /// The create form's URL, empty for readers.
    pub create: String,
}

/// The list alone (the answer to htmx), with the form's sort fields out of band.
#[derive(Template)]
#[template(path = "web/crossclass/region.html")]
pub struct ListRegion {
    /// The list.
    pub region: RegionView,
}

/// The filter form.
#[derive(Debug, Clone)]
pub struct FilterView {
    /// `/years/{id}/crossclass`.
    pub action: String,
    /// The search text.
    pub q: String,
    /// Subject-type choices: (value, label, chosen); the first is "(alle)".
    pub types: Vec<(String, String, bool)>,
}

/// A course's row.
#[derive(Debug, Clone)]
pub struct RowView {
    /// Course id (`data-course`, element id `course-{id}`).
    pub id: i64,
    /// Subject code.
    pub subject: String,
    /// Subject designation (the code's `abbr` title).
    pub subject_name: String,
    /// Grade code (Stufe).
    pub grade: String,
    /// Curriculum code (Lehrgang).
    pub curriculum: String,
    /// Lessons of semester 1 (`3.00 L`, `–` for none).
    pub lessons1: String,
    /// Teacher codes of semester 1 (`abc, def`, `–` for none).
    pub teachers1: String,
    /// Lessons of semester 2.
    pub lessons2: String,
    /// Teacher codes of semester 2.
    pub teachers2: String,
    /// CSS classes: `cc-row` and `cc-open`, `cc-cancelled`, `cc-staffed`.
    pub class: String,
    /// Marks in words: open lessons, cancelled.
    pub marks: Vec<String>,
    /// The comment, if any (shown as ⚑ with the text for screen readers).
    pub comment: Option<String>,
    /// The edit page (planners), empty for readers.
    pub edit: String,
}

/// The region: count (`n von m Kursen`), table, legend.
#[derive(Debug, Clone)]
pub struct RegionView {
    /// Count, caption, headers, the sort.
    pub head: RegionHead,
    /// Rows.
    pub rows: Vec<RowView>,
    /// The legend: (CSS class of the sample, text).
    pub legend: Vec<(&'static str, String)>,
}

/// The query: filter, search, sort, and the notice after a write.
#[derive(Debug, Clone, Default)]
pub struct Params {
    /// Which courses, in which order.
    pub selection: Selection,
    /// `created`, `saved` or `deleted` after a write; empty otherwise.
    pub done: String,
}

impl Params {
    /// Reads `type`, `q`, `sort`, `dir` and `done`; unreadable values are ignored.
    pub fn from_query(pairs: &[(String, String)]) -> Params {
        let mut p = Params::default();
        for (k, v) in pairs {
            match k.as_str() {
                "type" => p.selection.kind = v.trim().parse().ok(),
                "q" => p.selection.query = v.trim().to_string(),
                "sort" => p.selection.sort = SortKey::from_param(v).unwrap_or_default(),
                "dir" => p.selection.desc = v == "desc",
                "done" => p.done = v.clone(),
                _ => {}
            }
        }
        p
    }

    /// The query string with `sort`/`dir` replaced (no `?`, no `done`).
    fn query(&self, sort: SortKey, desc: bool) -> String {
        let mut s = url::form_urlencoded::Serializer::new(String::new());
        if let Some(k) = self.selection.kind {
            s.append_pair("type", &k.to_string());
        }
        if !self.selection.query.is_empty() {
            s.append_pair("q", &self.selection.query);
        }
        sorted_query(s, sort.param(), desc)
    }
}

/// The list's URL for school year `year`.
pub fn list_url(year: i64) -> String {
    format!("/years/{year}/crossclass")
}

/// `GET /years/{year}/crossclass`.
pub async fn page(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(year): Path<i64>,
    Query(query): Query<Vec<(String, String)>>,
    hx: HxRequest,
    uri: Uri,
) -> Response {
    let params = Params::from_query(&query);
    let data = match crossclass::load(&state.store, SchoolYearId(year)).await {
        Ok(data) => data,
        Err(e) => return page_error(lang, e),
    };
    let here = here(&uri);
    let fragment = hx.wants_fragment(REGION);
    let region = region(lang, &data, &params, user.can_plan(), fragment);
    if fragment {
        return region_answer(here, render(lang, &ListRegion { region }));
    }
    let notice = match params.done.as_str() {
        "created" => i18n::text(lang, "crossclass-done-created"),
        "saved" => i18n::text(lang, "crossclass-done-saved"),
        "deleted" => i18n::text(lang, "crossclass-done-deleted"),
        _ => String::new(),
    };
    let create = if user.can_plan() { format!("{}/new", list_url(year)) } else { String::new() };
    let page = year_page(
        lang,
        Some(user),
        &data,
        i18n::text_with(lang, "crossclass-title", &[("year", data.year.code.as_str().into())]),
        here,
    );
    render(lang, &ListPage { page, form: filters(lang, &data, &params), region, notice, create })
}

/// The frame of a page of this screen for `data`'s year (with the year switch).
pub fn year_page(
    lang: Lang,
    user: Option<crate::service::session::SessionUser>,
    data: &CrossClassYear,
    title: String,
    here: String,
) -> Page {
    let years = data.years.iter().map(|y| (y.id.0, y.code.clone()));
    Page::new(lang, Screen::CrossClass, title, user, here).in_year(data.year.id.0, years)
}

fn filters(lang: Lang, data: &CrossClassYear, p: &Params) -> FilterView {
    let mut types = vec![(String::new(), i18n::text(lang, "crossclass-all"), p.selection.kind.is_none())];
    types.extend(
        data.types
            .iter()
            .filter(|t| !t.archived || p.selection.kind == Some(t.id))
            .map(|t| (t.id.to_string(), format!("{} – {}", t.code, t.description), p.selection.kind == Some(t.id))),
    );
    FilterView { action: list_url(data.year.id.0), q: p.selection.query.clone(), types }
}

fn headers(lang: Lang, year: i64, p: &Params) -> Vec<HeaderView> {
    let sel = &p.selection;
    let sortable = |key: SortKey, label: &str| {
        let link = |desc| format!("{}?{}", list_url(year), p.query(key, desc));
        HeaderView::sorting(i18n::text(lang, label), (sel.sort == key, sel.desc), false, false, link)
    };
    let plain = |label: &str, numeric: bool| HeaderView::plain(i18n::text(lang, label), numeric);
    vec![
        sortable(SortKey::Subject, "crossclass-col-subject"),
        sortable(SortKey::Grade, "crossclass-col-grade"),
        plain("crossclass-col-curriculum", false),
        plain("crossclass-col-lessons1", true),
        sortable(SortKey::Teacher, "crossclass-col-teachers1"),
        plain("crossclass-col-lessons2", true),
        plain("crossclass-col-teachers2", false),
        plain("crossclass-col-marks", false),
    ]
}

/// A course's row as the list shows it: lessons as `3.00 L` (a dash for
/// none), teacher codes, open lessons and cancelled marked in words as the
/// grid marks them.
pub fn row(lang: Lang, year: i64, c: &Course, can_plan: bool) -> RowView {
    let mut marks = Vec::new();
    let open = !c.cancelled && (c.open1.0 > 0 || c.open2.0 > 0);
    if c.cancelled {
        marks.push(i18n::text(lang, "grid-cancelled"));
    } else if open {
        let text = match (c.open1.0 > 0, c.open2.0 > 0) {
            (true, true) if c.open1 != c.open2 => {
                format!("{} / {}", i18n::lessons(c.open1.decimal()), i18n::lessons(c.open2.decimal()))
            }
            (true, _) => i18n::lessons(c.open1.decimal()),
            _ => i18n::lessons(c.open2.decimal()),
        };
        marks.push(i18n::text_with(lang, "grid-open", &[("lessons", text.into())]));
    }
    let class = if c.cancelled {
        "cc-row cc-cancelled"
    } else if open {
        "cc-row cc-open"
    } else {
        "cc-row cc-staffed"
    };
    RowView {
        id: c.id.0,
        subject: c.subject.code.clone(),
        subject_name: c.subject.description.clone(),
        grade: c.grade.code.clone(),
        curriculum: c.curriculum.code.clone(),
        lessons1: i18n::lessons_or_dash(c.lessons1.decimal()),
        teachers1: codes(&c.teachers1),
        lessons2: i18n::lessons_or_dash(c.lessons2.decimal()),
        teachers2: codes(&c.teachers2),
        class: class.to_string(),
        marks,
        comment: c.comments.as_deref().map(str::trim).filter(|t| !t.is_empty()).map(str::to_string),
        edit: if can_plan { format!("{}/{}", list_url(year), c.id.0) } else { String::new() },
    }
}

/// Builds the region for `data` as `p` asks.
pub fn region(lang: Lang, data: &CrossClassYear, p: &Params, can_plan: bool, oob: bool) -> RegionView {
    let year = data.year.id.0;
    let shown = p.selection.apply(&data.courses);
    let count = count_text(lang, "crossclass-count", shown.len(), data.courses.len());
    let caption = i18n::text_with(lang, "crossclass-caption", &[("year", data.year.code.as_str().into())]);
    let sort = (p.selection.sort.param(), p.selection.desc);
    RegionView {
        head: RegionHead::new(lang, oob, sort, count, caption, headers(lang, year, p)),
        rows: shown.iter().map(|c| row(lang, year, c, can_plan)).collect(),
        legend: vec![
            ("sample sample--cc-staffed", i18n::text(lang, "crossclass-legend-staffed")),
            ("sample sample--open", i18n::text(lang, "crossclass-legend-open")),
            ("sample sample--cancelled", i18n::text(lang, "crossclass-legend-cancelled")),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(q: &str) -> Vec<(String, String)> {
        url::form_urlencoded::parse(q.as_bytes()).into_owned().collect()
    }

    #[test]
    fn the_query_round_trips() {
        let p = Params::from_query(&pairs("type=4&q=ef+mbu&sort=teacher&dir=desc&done=saved"));
        assert_eq!(p.selection.kind, Some(4));
        assert_eq!(p.selection.query, "ef mbu");
        assert_eq!((p.selection.sort, p.selection.desc, p.done.as_str()), (SortKey::Teacher, true, "saved"));
        let again = Params::from_query(&pairs(&p.query(SortKey::Grade, false)));
        assert_eq!(again.selection, Selection { sort: SortKey::Grade, desc: false, ..p.selection.clone() });
        assert!(again.done.is_empty(), "a sort link does not repeat the notice");
        let junk = Params::from_query(&pairs("type=x&sort=nope"));
        assert_eq!(junk.selection, Selection::default());
    }
}
