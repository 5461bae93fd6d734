//! One cell of the planning grid (docs/web.md §Editing the grid): what it
//! shows, the cell alone for htmx (`GET /years/{year}/cells/{subject}/{class}`),
//! and a course created in an empty cell from the lesson table
//! (`POST /years/{year}/cells/{subject}/{class}`, through
//! [`course::create_course`], the use case of the JSON API's `POST /course`).
//!
//! A cell of a planner links each course to its editor and an empty cell to
//! the create form; a reader's cell has neither. Without JavaScript the
//! links open whole pages ([`CreatePage`], the editor's page) that lead back
//! to the grid.

use askama::Template;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use serde_json::json;

use super::super::guard::SignedIn;
use super::super::htmx::HxRequest;
use super::super::kit::errors::{error_page, page_error};
use super::super::kit::render::render;
use super::super::kit::state::WebState;
use super::super::layout::{Page, Screen};
use crate::auth::Principal;
use crate::domain::body_reader::Mode;
use crate::domain::course::{Course, NewCourse};
use crate::domain::reference_forms::TeacherRef;
use crate::domain::FromBody;
use crate::error::Error;
use crate::i18n::{self, Lang};
use crate::service::audit::Actor;
use crate::service::course;
use crate::service::grid::subject_courses;
use crate::service::session::SessionUser;
use crate::service::version::Version;
use crate::service::Store;

/// Where cells are drawn: the reader's language, the school year (id) and
/// whether the person may plan (then cells link to the editor and the create form).
#[derive(Debug, Clone)]
pub struct Place {
    /// The reader's language.
    pub lang: Lang,
    /// The school year's id.
    pub year: i64,
    /// Whether the person may change courses.
    pub can_plan: bool,
    /// The teachers of the course before the write (the workload panel shows
    /// them with those after it; docs/web.md §Editing the grid).
    pub touched: Vec<i64>,
    /// The catalogue texts of the cells, looked up once.
    pub texts: CellTexts,
    /// Whether a planner's courses carry their versions (`data-version`):
    /// in a cell drawn alone, not on the grid page, where computing a
    /// version per course would cost more than the rest of the page
    /// (docs/web.md §Editing the grid, "Selecting and merging").
    pub versions: bool,
}

impl Place {
    /// Cells of school year `year` in `lang`, for a planner when `can_plan`,
    /// after a write that touched the teachers `touched` (else empty).
    pub fn new(lang: Lang, year: i64, can_plan: bool, touched: Vec<i64>) -> Place {
        Place { lang, year, can_plan, touched, texts: CellTexts::new(lang), versions: can_plan }
    }
}

/// Stands for a text's argument in a [`Pattern`]; no catalogue text holds it.
const SLOT: &str = "\u{1}";

/// A catalogue text with one argument, formatted once with [`SLOT`] for it:
/// filling it in costs a string replacement, not a Fluent lookup (the
/// grid's texts use the argument as it is, never to select a variant).
#[derive(Debug, Clone)]
pub struct Pattern(String);

impl Pattern {
    fn new(lang: Lang, key: &str, arg: &'static str) -> Pattern {
        Pattern(i18n::text_with(lang, key, &[(arg, SLOT.into())]))
    }

    /// The text with `value` for its argument.
    pub fn fill(&self, value: &str) -> String {
        self.0.replacen(SLOT, value, 1)
    }
}

/// The texts every cell may use, looked up once per answer rather than once
/// per cell (a grid page has a thousand cells or more).
#[derive(Debug, Clone)]
pub struct CellTexts {
    /// An empty cell, for screen readers.
    pub empty: String,
    /// The create control's label.
    pub add: String,
    /// The mark of a cancelled course.
    pub cancelled: String,
    /// `offen: {lessons}`.
    pub open: Pattern,
    /// `mit {classes}`.
    pub merged: Pattern,
    /// `Bemerkung: {text}`.
    pub comment: Pattern,
}

impl CellTexts {
    /// The texts in `lang`.
    pub fn new(lang: Lang) -> CellTexts {
        CellTexts {
            empty: i18n::text(lang, "grid-empty-cell"),
            add: i18n::text(lang, "grid-edit-add"),
            cancelled: i18n::text(lang, "grid-cancelled"),
            open: Pattern::new(lang, "grid-open", "lessons"),
            merged: Pattern::new(lang, "grid-merged", "classes"),
            comment: Pattern::new(lang, "grid-comment", "text"),
        }
    }
}

/// A cell.
#[derive(Debug, Clone)]
pub struct CellView {
    /// Element id `cell-{subject id}-{class id}` (stable).
    pub id: String,
    /// CSS classes (`cell cell--open` …).
    pub class: String,
    /// `0` for the first cell, `-1` for the others (roving focus).
    pub tabindex: i8,
    /// The courses.
    pub courses: Vec<CourseView>,
    /// Text of an empty cell (for screen readers), empty when there are courses.
    pub empty: String,
    /// The create control of an empty cell (planners only).
    pub add: Option<AddView>,
    /// A refusal of the service to show in the cell (e.g. the year is locked); empty for none.
    pub problem: String,
    /// Whether the cell is an out-of-band swap of an htmx answer (`hx-swap-oob`).
    pub oob: bool,
}

/// The create control of an empty cell.
#[derive(Debug, Clone)]
pub struct AddView {
    /// The page with the create form (without JavaScript).
    pub href: String,
    /// Where the create form posts (`/years/{year}/cells/{subject}/{class}`).
    pub post: String,
    /// Its text for screen readers.
    pub label: String,
}

/// A course in a cell.
#[derive(Debug, Clone)]
pub struct CourseView {
    /// Course id (`data-course`).
    pub id: i64,
    /// Lessons per semester, e.g. `2.00 L` or `2.00 L / 3.00 L`.
    pub lessons: String,
    /// Teacher codes, e.g. `abc, def` or `abc / def` when the semesters differ; `–` for none.
    pub teachers: String,
    /// Marks in words: open lessons, merged with, cancelled.
    pub marks: Vec<String>,
    /// The comment, if any.
    pub comment: Option<String>,
    /// The editor's URL (planners), empty for readers.
    pub edit: String,
    /// The course's version (planners, in a cell drawn alone: `data-version`,
    /// which the grid's selection sends with the course;
    /// docs/web.md §Editing the grid), else empty.
    pub version: String,
}

/// The answer to an htmx request for a cell: the cell, and the cells of the
/// other classes of a merged course as out-of-band swaps.
#[derive(Template)]
#[template(path = "web/grid/cell.html")]
pub struct CellPartial {
    /// The cell asked for.
    pub cell: CellView,
    /// Other cells that changed with it.
    pub others: Vec<CellView>,
    /// After a write: where the workload panel loads the affected teachers
    /// from (`/years/{y}/grid/panel?teachers=1,2`), swapped in out of band.
    pub panel: Option<String>,
}

/// What the editor and the conflict view of a course's cell share: where
/// they are, where they post and how they close.
#[derive(Debug, Clone)]
pub struct CellFrame {
    /// The reader's language.
    pub lang: Lang,
    /// In a cell (htmx attributes) or on a page (without JavaScript).
    pub inline: bool,
    /// The cell's element id (also the prefix of the fields' ids).
    pub cell_id: String,
    /// The course: subject and classes, e.g. `Biologie · F27c`.
    pub title: String,
    /// Where the form posts (the editor's save).
    pub action: String,
    /// The cell alone (closing with htmx).
    pub cell_url: String,
    /// The grid at the cell (closing without JavaScript).
    pub grid_url: String,
    /// The session's CSRF token.
    pub csrf: String,
}

impl CellFrame {
    /// The frame of `course`'s editor in the cell of `class` of school year `year`.
    pub fn new(lang: Lang, inline: bool, csrf: &str, year: i64, course: &Course, class: i64) -> CellFrame {
        let subject = course.subject.id.0;
        CellFrame {
            lang,
            inline,
            cell_id: cell_id(subject, class),
            title: course_title(course),
            action: format!("/years/{year}/courses/{}", course.id.0),
            cell_url: cell_url(year, subject, class),
            grid_url: grid_url(year, subject, class),
            csrf: csrf.to_string(),
        }
    }

    /// The catalogue text of `key`.
    pub fn t(&self, key: &str) -> String {
        i18n::text(self.lang, key)
    }
}

/// The page with the create form of an empty cell (without JavaScript).
#[derive(Template)]
#[template(path = "web/grid/create_page.html")]
pub struct CreatePage {
    /// The frame.
    pub page: Page,
    /// The form's action.
    pub action: String,
    /// The grid, at the cell.
    pub back: String,
    /// A refusal of the service, empty for none.
    pub problem: String,
}

/// The element id of the cell of `subject` and `class`.
pub fn cell_id(subject: i64, class: i64) -> String {
    format!("cell-{subject}-{class}")
}

/// The grid of `year`, scrolled to the cell of `subject` and `class`.
pub fn grid_url(year: i64, subject: i64, class: i64) -> String {
    format!("/years/{year}/grid#{}", cell_id(subject, class))
}

/// The URL of the cell alone (htmx).
pub fn cell_url(year: i64, subject: i64, class: i64) -> String {
    format!("/years/{year}/cells/{subject}/{class}")
}

/// Whether htmx asks for a cell (the target is a cell's id), not for a page.
pub fn wants_cell(hx: &HxRequest) -> bool {
    hx.htmx && !hx.boosted && hx.target.as_deref().is_some_and(|t| t.starts_with("cell-"))
}

/// The audit trail's caller for a form of `user` posted to `path`.
pub fn actor(user: &SessionUser, path: &str) -> Actor {
    let principal = Principal { account_id: user.account_id, name: user.name.clone(), role: user.role, token_id: 0 };
    Actor::new(Some(principal), "POST", path)
}

/// The cell of `subject` and `class` showing `list` (its courses).
pub fn cell(place: &Place, subject: i64, class: i64, list: &[Course], tabindex: i8) -> CellView {
    let open = list.iter().any(|c| !c.cancelled && (c.open1.0 > 0 || c.open2.0 > 0));
    let merged = list.iter().any(|c| c.school_classes.len() > 1);
    let cancelled = !list.is_empty() && list.iter().all(|c| c.cancelled);
    let comment = list.iter().any(|c| c.comments.as_deref().is_some_and(|t| !t.trim().is_empty()));
    let mut css = String::from("cell");
    for (on, name) in [
        (list.is_empty(), " cell--empty"),
        (!list.is_empty() && !open && !cancelled, " cell--staffed"),
        (open, " cell--open"),
        (merged, " cell--merged"),
        (cancelled, " cell--cancelled"),
        (comment, " cell--comment"),
    ] {
        if on {
            css.push_str(name);
        }
    }
    let add = (list.is_empty() && place.can_plan).then(|| {
        let post = cell_url(place.year, subject, class);
        AddView { href: format!("{post}/new"), post, label: place.texts.add.clone() }
    });
    CellView {
        id: cell_id(subject, class),
        class: css,
        tabindex,
        courses: list.iter().map(|c| course(place, c, class)).collect(),
        empty: if list.is_empty() { place.texts.empty.clone() } else { String::new() },
        add,
        problem: String::new(),
        oob: false,
    }
}

fn course(place: &Place, c: &Course, class_id: i64) -> CourseView {
    let texts = &place.texts;
    let lessons = if c.lessons1 == c.lessons2 {
        i18n::lessons_or_dash(c.lessons1.decimal())
    } else {
        format!("{} / {}", i18n::lessons_or_dash(c.lessons1.decimal()), i18n::lessons_or_dash(c.lessons2.decimal()))
    };
    let (t1, t2) = (codes(&c.teachers1), codes(&c.teachers2));
    let teachers = if t1 == t2 { t1 } else { format!("{t1} / {t2}") };
    let mut marks = Vec::new();
    if c.cancelled {
        marks.push(texts.cancelled.clone());
    } else {
        let open = c.open1.decimal().max(c.open2.decimal());
        if !open.is_zero() {
            let text = if c.open1 == c.open2 || c.open2.0 == 0 || c.open1.0 == 0 {
                i18n::lessons(open)
            } else {
                format!("{} / {}", i18n::lessons(c.open1.decimal()), i18n::lessons(c.open2.decimal()))
            };
            marks.push(texts.open.fill(&text));
        }
    }
    let others: Vec<&str> = c.school_classes.iter().filter(|k| k.id.0 != class_id).map(|k| k.code.as_str()).collect();
    if !others.is_empty() {
        marks.push(texts.merged.fill(&others.join(", ")));
    }
    let comment = c.comments.as_deref().map(str::trim).filter(|t| !t.is_empty()).map(|t| texts.comment.fill(t));
    let edit = if place.can_plan {
        format!("/years/{}/courses/{}/edit?class={class_id}", place.year, c.id.0)
    } else {
        String::new()
    };
    let version = if place.can_plan && place.versions {
        Version::of(c).map(|v| v.to_string()).unwrap_or_default()
    } else {
        String::new()
    };
    CourseView { id: c.id.0, lessons, teachers, marks, comment, edit, version }
}

/// `Biologie · F27c, F27d`: the course's subject and classes.
pub fn course_title(course: &Course) -> String {
    let classes: Vec<&str> = course.school_classes.iter().map(|k| k.code.as_str()).collect();
    format!("{} · {}", course.subject.description, classes.join(", "))
}

/// Teacher codes joined by `, `, or `–` for none.
pub fn codes(list: &[TeacherRef]) -> String {
    if list.is_empty() {
        "–".to_string()
    } else {
        list.iter().map(|t| t.code.as_str()).collect::<Vec<_>>().join(", ")
    }
}

/// The cell of `subject` and `class` from `courses` (the subject's courses of
/// the year), and the cells of `also` (other classes) as out-of-band swaps.
pub fn partial(place: &Place, subject: i64, class: i64, courses: &[Course], also: &[i64]) -> CellPartial {
    let of = |k: i64| -> Vec<Course> {
        courses.iter().filter(|c| c.school_classes.iter().any(|x| x.id.0 == k)).cloned().collect()
    };
    let others = also
        .iter()
        .filter(|k| **k != class)
        .map(|k| CellView { oob: true, ..cell(place, subject, *k, &of(*k), -1) })
        .collect();
    CellPartial { cell: cell(place, subject, class, &of(class), -1), others, panel: None }
}

/// After a write: htmx gets the cell of `subject` and `class` drawn again,
/// with the cells of the classes `also` out of band; a browser goes to the
/// grid at the cell.
pub async fn redrawn(store: &Store, place: &Place, hx: &HxRequest, subject: i64, class: i64, also: &[i64]) -> Response {
    if !wants_cell(hx) {
        return Redirect::to(&grid_url(place.year, subject, class)).into_response();
    }
    match subject_courses(store, place.year, subject).await {
        Ok(courses) => {
            let mut p = partial(place, subject, class, &courses, also);
            p.panel = super::panel::url(place.year, place.can_plan, &place.touched, class, also, &courses);
            render(place.lang, &p)
        }
        Err(e) => page_error(place.lang, e),
    }
}

/// `GET /years/{year}/cells/{subject}/{class}`: the cell alone (htmx, e.g. when
/// the editor is closed); a browser's request goes to the grid at the cell.
pub async fn show(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path((year, subject, class)): Path<(i64, i64, i64)>,
    hx: HxRequest,
) -> Response {
    if !wants_cell(&hx) {
        return Redirect::to(&grid_url(year, subject, class)).into_response();
    }
    let place = Place::new(lang, year, user.can_plan(), Vec::new());
    match subject_courses(&state.store, year, subject).await {
        Ok(courses) => render(lang, &partial(&place, subject, class, &courses, &[])),
        Err(e) => page_error(lang, e),
    }
}

/// `GET /years/{year}/cells/{subject}/{class}/new`: the create form as a page
/// (without JavaScript); planners only.
pub async fn create_page(
    SignedIn { user, lang }: SignedIn,
    Path((year, subject, class)): Path<(i64, i64, i64)>,
) -> Response {
    if !user.can_plan() {
        return error_page(lang, StatusCode::FORBIDDEN, "web-error-forbidden");
    }
    create_page_with(lang, user, year, subject, class, String::new())
}

fn create_page_with(lang: Lang, user: SessionUser, year: i64, subject: i64, class: i64, problem: String) -> Response {
    let action = cell_url(year, subject, class);
    let mut page =
        Page::new(lang, Screen::Grid, i18n::text(lang, "grid-edit-add"), Some(user), format!("{action}/new"));
    page.year = Some(year);
    render(lang, &CreatePage { page, action, back: grid_url(year, subject, class), problem })
}

/// `POST /years/{year}/cells/{subject}/{class}`: creates the course of
/// `subject` for `class` with the lessons of the lesson table (the body the
/// JSON API reads, with `lessons1` and `lessons2` = `-1`, through
/// [`course::create_course`]). htmx gets the cell with the new course (or the
/// service's refusal in it, with its status); a browser goes back to the grid.
pub async fn create(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path((year, subject, class)): Path<(i64, i64, i64)>,
    hx: HxRequest,
) -> Response {
    let path = cell_url(year, subject, class);
    let body = json!({
        "schoolYear": year, "subject": subject, "schoolClasses": [class], "lessons1": -1, "lessons2": -1
    });
    let created = match NewCourse::from_body(&body, Mode::Create) {
        Ok(new) => course::create_course(&state.store, &actor(&user, &path), &new).await.map(|_| ()),
        Err(e) => Err(e),
    };
    let place = Place::new(lang, year, user.can_plan(), Vec::new());
    match created {
        Ok(()) => redrawn(&state.store, &place, &hx, subject, class, &[]).await,
        Err(e) if e.status().is_server_error() => page_error(lang, e),
        Err(e) if !wants_cell(&hx) => {
            let status = e.status();
            (status, create_page_with(lang, user, year, subject, class, problem_text(&e, lang))).into_response()
        }
        Err(e) => {
            let courses = subject_courses(&state.store, year, subject).await.unwrap_or_default();
            let mut partial = partial(&place, subject, class, &courses, &[]);
            partial.cell.problem = problem_text(&e, lang);
            (e.status(), render(lang, &partial)).into_response()
        }
    }
}

/// A service error as one text in `lang`: its field messages, else its detail.
pub fn problem_text(e: &Error, lang: Lang) -> String {
    let fields = e.field_messages(lang);
    if fields.is_empty() {
        e.message(lang)
    } else {
        fields.into_iter().map(|(_, _, m)| m).collect::<Vec<_>>().join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_looked_up_texts_say_what_the_catalogue_says() {
        for lang in [Lang::De, Lang::En, Lang::Fr] {
            let texts = CellTexts::new(lang);
            for (pattern, key, arg) in [
                (&texts.open, "grid-open", "lessons"),
                (&texts.merged, "grid-merged", "classes"),
                (&texts.comment, "grid-comment", "text"),
            ] {
                for value in ["2.00 L", "F27b, F27c", "{ $x } \\u{1} & <b>"] {
                    assert_eq!(
                        pattern.fill(value),
                        i18n::text_with(lang, key, &[(arg, value.into())]),
                        "{key} {lang:?}"
                    );
                }
            }
            assert_eq!(texts.empty, i18n::text(lang, "grid-empty-cell"));
        }
    }
}
