//! "Auswählen" in the planning grid (docs/web.md §Editing the grid,
//! "Selecting and merging"): several courses of one row merged in one step.
//!
//! `POST /years/{year}/courses/merge` with `course` = `id:version` once per
//! course, in the order they were selected, merges them into the first
//! through [`course::merge_courses`], the use case of the JSON API's
//! `POST /course` with `{"merge": [ids]}`: the first keeps its teachers, and
//! every course must still be at the version it was shown at.
//!
//! Two forms post here. The grid's selection toolbar (assets/app.js) sends
//! the courses, `class` (the first selected cell's class, where the answer
//! goes) and `also` (the classes of the other selected cells, drawn again
//! with it); the course editor's "Mehrere Kurse zusammenlegen" (the path
//! without JavaScript) sends its own fields with its course first and the
//! ticked ones after it. A post that carries the editor's `version` is
//! answered like the editor's own "Zusammenlegen": problems in the editor.
//! A selection's problem appears in its first cell instead; after someone
//! else's change (412) the first course's editor shows it as it is now, with
//! the other selected cells drawn again beside it.

use askama::Template;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use super::super::guard::SignedIn;
use super::super::htmx::HxRequest;
use super::super::kit::errors::{error_page, page_error};
use super::super::kit::render::render;
use super::super::kit::state::WebState;
use super::cell::{self, CellView, Place};
use super::editor::{self, EditorView};
use super::form::{CourseForm, Problems};
use crate::domain::course::Course;
use crate::domain::ids::CourseId;
use crate::error::{Error, ErrorCode, Result};
use crate::i18n::{self, Lang};
use crate::service::course;
use crate::service::grid;
use crate::service::session::SessionUser;
use crate::service::version::{Expect, Version, Versions};
use crate::service::Store;

/// The answer to a selection that came too late (412): the first course's
/// editor in its cell and the other selected cells as they are now, out of band.
#[derive(Template)]
#[template(path = "web/grid/select_stale.html")]
pub struct StaleSelection {
    /// The first course's editor.
    pub e: EditorView,
    /// The other cells.
    pub others: Vec<CellView>,
}

/// What a merge of several courses posts.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Selection {
    /// The courses with the versions they were shown at, in the order selected.
    pub picks: Vec<(i64, Version)>,
    /// Whether a `course` value could not be read (then nothing is merged).
    pub malformed: bool,
    /// The class of the first selected cell, if sent.
    pub class: Option<i64>,
    /// The classes of the other selected cells.
    pub also: Vec<i64>,
    /// Whether the course editor posted it (it sends its `version`).
    pub from_editor: bool,
}

/// A course and its version from `id:version`; `None` when malformed.
pub fn pick(text: &str) -> Option<(i64, Version)> {
    let (id, version) = text.split_once(':')?;
    let id = id.trim().parse::<i64>().ok().filter(|id| *id > 0)?;
    let version = version.trim();
    (!version.is_empty()).then(|| (id, Version::from_text(version)))
}

/// Reads a url-encoded body (see the module doc); unknown fields are ignored.
pub fn selection(body: &[u8]) -> Selection {
    let mut s = Selection::default();
    for (key, value) in url::form_urlencoded::parse(body) {
        match &*key {
            "course" => match pick(&value) {
                Some(p) => s.picks.push(p),
                None => s.malformed = true,
            },
            "class" => s.class = value.trim().parse().ok(),
            "also" => s.also.extend(value.trim().parse::<i64>().ok()),
            "version" => s.from_editor = true,
            _ => {}
        }
    }
    s
}

/// The courses of `ids` that exist, in that order, read in one snapshot;
/// 404 when one of them is of another school year than `year` or cross-class.
pub(super) async fn current(store: &Store, year: i64, ids: &[CourseId]) -> Result<Vec<Course>> {
    let found = course::by_ids(store, ids).await?;
    if let Some(c) = found.iter().find(|c| c.school_year.id.0 != year || c.cross_class) {
        return Err(Error::not_found(CourseId::KIND, c.id.0));
    }
    Ok(found)
}

/// The classes of `courses`, each once.
pub(super) fn classes_of(courses: &[Course]) -> Vec<i64> {
    let mut out: Vec<i64> = Vec::new();
    for k in courses.iter().flat_map(|c| &c.school_classes) {
        if !out.contains(&k.id.0) {
            out.push(k.id.0);
        }
    }
    out
}

/// Everything an answer needs.
struct Ask<'a> {
    store: &'a Store,
    lang: Lang,
    user: SessionUser,
    hx: &'a HxRequest,
    year: i64,
    body: &'a [u8],
    sel: Selection,
}

impl Ask<'_> {
    /// Whether the answer goes into the grid's first selected cell (a
    /// selection sent by htmx) rather than into an editor.
    fn in_cell(&self) -> bool {
        !self.sel.from_editor && cell::wants_cell(self.hx)
    }

    /// The cell of `subject` and `class` with `text` in it, the cells of the
    /// classes `also` (as they are now) out of band; with `status`.
    async fn cell_problem(&self, subject: i64, class: i64, also: &[i64], text: String, status: StatusCode) -> Response {
        let place = Place::new(self.lang, self.year, self.user.can_plan(), Vec::new());
        cell_problem(self.store, &place, (subject, class), also, text, status).await
    }

    /// The editor of course `id` (as it is now, or with the editor's typed
    /// values when it posted) with `text` above its fields; with `status`.
    /// In a cell, the cells of `also` come along out of band.
    async fn editor_problem(self, id: i64, also: &[i64], text: String, status: StatusCode, now: bool) -> Response {
        let loaded = match editor::load(self.store, self.year, id).await {
            Ok(l) => l,
            Err(e) => return page_error(self.lang, e),
        };
        let version = match Version::of(&loaded.course) {
            Ok(v) => v,
            Err(e) => return page_error(self.lang, e),
        };
        let class = editor::class_of(&loaded.course, self.sel.class);
        let form = if self.sel.from_editor && !now {
            let mut typed = CourseForm::parse(self.body);
            typed.class = class;
            typed
        } else {
            CourseForm::of_course(&loaded.course, class, &version, crate::auth::now_text())
        };
        let problems = Problems { general: vec![text], ..Problems::default() };
        if !cell::wants_cell(self.hx) || also.iter().all(|k| *k == class) {
            return editor::respond(self.lang, self.user, self.hx, self.year, &loaded, form, &problems, status);
        }
        let subject = loaded.course.subject.id.0;
        let courses = match grid::subject_courses(self.store, self.year, subject).await {
            Ok(c) => c,
            Err(e) => return page_error(self.lang, e),
        };
        let place = Place::new(self.lang, self.year, self.user.can_plan(), Vec::new());
        let others = cell::partial(&place, subject, class, &courses, also).others;
        let e = editor::editor_view(self.lang, &self.user, true, self.year, &loaded, form, &problems);
        (status, render(self.lang, &StaleSelection { e, others })).into_response()
    }
}

/// The cell of `subject` and `class` (as it is now) with `text` in it, the
/// cells of the classes `also` out of band; with `status`.
pub(super) async fn cell_problem(
    store: &Store,
    place: &Place,
    (subject, class): (i64, i64),
    also: &[i64],
    text: String,
    status: StatusCode,
) -> Response {
    let courses = match grid::subject_courses(store, place.year, subject).await {
        Ok(c) => c,
        Err(e) => return page_error(place.lang, e),
    };
    let mut partial = cell::partial(place, subject, class, &courses, also);
    partial.cell.problem = text;
    (status, render(place.lang, &partial)).into_response()
}

/// `POST /years/{year}/courses/merge` (see the module doc): htmx gets the
/// first selected cell with the merged course and the cells of its other
/// classes out of band (and the workload panel, as after every write); a
/// browser goes back to the grid at that cell.
pub async fn merge(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(year): Path<i64>,
    hx: HxRequest,
    body: Bytes,
) -> Response {
    let sel = selection(&body);
    let ids: Vec<CourseId> = sel.picks.iter().map(|(id, _)| CourseId(*id)).collect();
    let Some(&first) = ids.first() else {
        let key = if sel.malformed { "grid-select-malformed" } else { "grid-select-none" };
        return error_page(lang, StatusCode::UNPROCESSABLE_ENTITY, key);
    };
    let before = match current(&state.store, year, &ids).await {
        Ok(found) => found,
        Err(e) => return page_error(lang, e),
    };
    let ask = Ask { store: &state.store, lang, user, hx: &hx, year, body: &body, sel };
    let Some(known) = before.first() else {
        return page_error(lang, Error::not_found(CourseId::KIND, first.0));
    };
    let subject = known.subject.id.0;
    let mut also = ask.sel.also.clone();
    also.extend(classes_of(&before));
    also.sort_unstable();
    also.dedup();
    let mut unique = ids.clone();
    unique.sort_by_key(|id| id.0);
    unique.dedup();
    if before.len() < unique.len() || before[0].id != first {
        // One of them is gone (merged or deleted meanwhile): nothing is merged.
        let text = i18n::text(lang, "grid-select-gone");
        return match (before[0].id == first, ask.in_cell()) {
            (true, false) => ask.editor_problem(first.0, &also, text, StatusCode::PRECONDITION_FAILED, true).await,
            _ if cell::wants_cell(&hx) => {
                let class = ask.sel.class.unwrap_or_else(|| editor::class_of(known, None));
                ask.cell_problem(subject, class, &also, text, StatusCode::PRECONDITION_FAILED).await
            }
            _ => page_error(lang, Error::not_found(CourseId::KIND, first.0)),
        };
    }
    let class = editor::class_of(&before[0], ask.sel.class);
    if ask.sel.malformed || ids.len() < 2 {
        let text = i18n::text(lang, if ask.sel.malformed { "grid-select-malformed" } else { "grid-select-none" });
        let status = StatusCode::UNPROCESSABLE_ENTITY;
        return if ask.in_cell() {
            ask.cell_problem(subject, class, &also, text, status).await
        } else {
            ask.editor_problem(first.0, &also, text, status, false).await
        };
    }
    let path = format!("/years/{year}/courses/merge");
    let versions = ask.sel.picks.iter().map(|(_, v)| v.clone()).collect();
    let expect = Expect { one_of: Some(Versions::List(versions)), ..Expect::ANY };
    match course::merge_courses(&state.store, &cell::actor(&ask.user, &path), &ids, &expect).await {
        Ok(written) => {
            let touched = super::panel::teachers_of_all(&before);
            let place = Place::new(lang, year, ask.user.can_plan(), touched);
            let merged: Vec<i64> = written.item.school_classes.iter().map(|k| k.id.0).collect();
            cell::redrawn(&state.store, &place, &hx, subject, class, &merged).await
        }
        Err(e) if matches!(e.code(), ErrorCode::PreconditionFailed | ErrorCode::NotFound) => {
            let text = i18n::text(lang, "grid-select-stale");
            ask.editor_problem(first.0, &also, text, StatusCode::PRECONDITION_FAILED, true).await
        }
        Err(e) if e.status().is_server_error() => page_error(lang, e),
        Err(e) => {
            // A rule (another grade or curriculum, a locked year …), in the reader's language.
            let text = e.message(lang);
            if ask.in_cell() {
                ask.cell_problem(subject, class, &also, text, e.status()).await
            } else {
                ask.editor_problem(first.0, &also, text, e.status(), false).await
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_selection_is_read_in_its_order_with_versions() {
        let s = selection(b"_csrf=x&course=12%3Aabc&course=7%3Adef&class=3&also=4&also=5");
        let picks: Vec<(i64, &str)> = s.picks.iter().map(|(id, v)| (*id, v.as_str())).collect();
        assert_eq!(picks, vec![(12, "abc"), (7, "def")]);
        assert_eq!((s.class, s.also.clone(), s.malformed, s.from_editor), (Some(3), vec![4, 5], false, false));
        assert!(selection(b"course=1%3Aa&version=zz").from_editor, "the editor sends its version");
        for bad in [&b"course=12"[..], b"course=12%3A", b"course=-3%3Aab", b"course=x%3Aab"] {
            let s = selection(bad);
            assert!(s.malformed && s.picks.is_empty(), "{}", String::from_utf8_lossy(bad));
        }
    }
}
