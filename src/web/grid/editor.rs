//! The course editor of a grid cell (docs/web.md §Editing the grid):
//! `GET /years/{year}/courses/{id}/edit?class={class}` opens it (htmx: in
//! the cell; otherwise a page), `POST /years/{year}/courses/{id}` saves it
//! through [`crud::update`] of [`Courses`], the use case of the JSON API's
//! `PUT /course/{id}`, expecting the version the form was loaded at.
//!
//! A save answers htmx with the cell (and the cells of the course's other
//! classes, out of band), a browser with the grid; a problem re-renders the
//! editor with the messages beside their fields and the typed values (status
//! of the problem: 400, 409, 422); a save after someone else's change shows
//! the [`super::conflict`] view (412).

use askama::Template;
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::super::guard::SignedIn;
use super::super::htmx::HxRequest;
use super::super::kit::errors::{error_page, page_error};
use super::super::kit::render::render;
use super::super::kit::state::WebState;
use super::super::layout::{Page, Screen};
use super::cell::{self, CellFrame, Place};
use super::conflict;
use super::form::{CourseForm, Problems};
use crate::domain::course::Course;
use crate::domain::person_name::PersonName as _;
use crate::error::{Error, ErrorCode, Result};
use crate::i18n::{self, Lang};
use crate::service::course::Courses;
use crate::service::crud;
use crate::service::grid::{self, Loaded};
use crate::service::session::SessionUser;
use crate::service::version::{Expect, Version};
use crate::service::Store;

/// The editor in its cell (the answer to htmx).
#[derive(Template)]
#[template(path = "web/grid/editor.html")]
pub struct EditorCell {
    /// The editor.
    pub e: EditorView,
}

/// The editor as a page (without JavaScript).
#[derive(Template)]
#[template(path = "web/grid/editor_page.html")]
pub struct EditorPage {
    /// The frame.
    pub page: Page,
    /// The editor.
    pub e: EditorView,
}

/// The editor as the templates show it.
#[derive(Debug, Clone)]
pub struct EditorView {
    /// Where it is, where it posts, how it closes.
    pub f: CellFrame,
    /// The values.
    pub form: CourseForm,
    /// The two semesters' fields.
    pub semesters: Vec<SemesterView>,
    /// Messages beside the comment.
    pub comments_errors: Vec<String>,
    /// Messages beside "cancelled".
    pub cancelled_errors: Vec<String>,
    /// Messages for no field.
    pub general: Vec<String>,
    /// The type-ahead of teacher codes: (code, name) of the teachers employed in the year.
    pub codes: Vec<(String, String)>,
    /// Where "Aufteilen" posts the form, for a merged course (several
    /// classes); empty otherwise.
    pub split: String,
    /// Where "Endgültig löschen" posts the form ([`super::delete`]).
    pub delete: String,
    /// Where "Zusammenlegen" posts the form.
    pub merge: String,
    /// The courses it may be merged with: (`id:version` as the choice's
    /// value, a label such as `G27b · 2.00 L · abc`).
    pub partners: Vec<(String, String)>,
    /// Where "Mehrere Kurse zusammenlegen" posts the form
    /// (`/years/{year}/courses/merge`, [`super::select`]).
    pub merge_many: String,
    /// This course as the first of that merge: `id:version` (the version the
    /// editor was loaded at).
    pub own: String,
    /// The course's history link, for administrators (docs/web.md §History); else empty.
    pub history: String,
}

/// One semester's fields.
#[derive(Debug, Clone)]
pub struct SemesterView {
    /// 1 or 2.
    pub n: u8,
    /// `1. Semester`.
    pub legend: String,
    /// Lessons per week as typed.
    pub lessons: String,
    /// Messages beside the lessons.
    pub lessons_errors: Vec<String>,
    /// One input per teacher, and one more, empty.
    pub teachers: Vec<TeacherInput>,
    /// Messages beside the teachers.
    pub teacher_errors: Vec<String>,
    /// Small group.
    pub small_group: bool,
}

/// A teacher-code input.
#[derive(Debug, Clone)]
pub struct TeacherInput {
    /// Element id.
    pub id: String,
    /// Its label (`Lehrperson 1, 1. Semester`), read by screen readers.
    pub label: String,
    /// The code.
    pub value: String,
}

/// The query of `GET …/edit`: the class whose cell opened the editor.
#[derive(Debug, Deserialize)]
pub struct EditQuery {
    /// The class (a merged course is in several cells).
    pub class: Option<i64>,
}

/// Reads course `id` of school year `year` (404 when missing, cross-class or
/// of another year) and the teachers ([`grid::course_editor`]).
pub async fn load(store: &Store, year: i64, id: i64) -> Result<Loaded> {
    grid::course_editor(store, year, id).await
}

/// The class of `course` whose cell is meant: `wanted` if it is one of its classes, else its first.
pub fn class_of(course: &Course, wanted: Option<i64>) -> i64 {
    let classes: Vec<i64> = course.school_classes.iter().map(|k| k.id.0).collect();
    wanted.filter(|k| classes.contains(k)).or_else(|| classes.first().copied()).unwrap_or_default()
}

/// The editor of `loaded` with the values `form` and the messages `problems`.
pub fn view(
    lang: Lang,
    inline: bool,
    csrf: &str,
    year: i64,
    loaded: &Loaded,
    form: CourseForm,
    problems: &Problems,
) -> EditorView {
    let course = &loaded.course;
    let f = CellFrame::new(lang, inline, csrf, year, course, form.class);
    let cell_id = f.cell_id.clone();
    let semesters = semesters(lang, &cell_id, &form, problems);
    let mut general = problems.general.clone();
    for field in ["smallGroup1", "smallGroup2"] {
        general.extend(problems.of_field(field));
    }
    EditorView {
        f,
        semesters,
        comments_errors: problems.of_field("comments"),
        cancelled_errors: problems.of_field("cancelled"),
        general,
        split: if course.school_classes.len() > 1 {
            format!("/years/{year}/courses/{}/split", course.id.0)
        } else {
            String::new()
        },
        codes: loaded.employed.iter().map(|t| (t.code.clone(), t.name())).collect(),
        delete: format!("/years/{year}/courses/{}/delete", course.id.0),
        merge: format!("/years/{year}/courses/{}/merge", course.id.0),
        partners: loaded
            .partners
            .iter()
            .filter_map(|c| Some((format!("{}:{}", c.id.0, Version::of(c).ok()?.as_str()), partner_label(c))))
            .collect(),
        merge_many: format!("/years/{year}/courses/merge"),
        own: format!("{}:{}", course.id.0, form.version),
        history: String::new(),
        form,
    }
}

/// The two semesters' fields of `form` (an input per typed teacher code and
/// an empty one, at least two) with the messages of `problems`; the fields'
/// element ids start with `prefix`.
pub fn semesters(lang: Lang, prefix: &str, form: &CourseForm, problems: &Problems) -> Vec<SemesterView> {
    [1u8, 2]
        .into_iter()
        .map(|n| {
            let typed = if n == 1 { &form.teachers1 } else { &form.teachers2 };
            let mut values: Vec<String> =
                typed.iter().map(|c| c.trim().to_string()).filter(|c| !c.is_empty()).collect();
            values.push(String::new());
            if values.len() < 2 {
                values.push(String::new());
            }
            let legend = i18n::text(lang, if n == 1 { "grid-semester1" } else { "grid-semester2" });
            let teachers = values
                .into_iter()
                .enumerate()
                .map(|(i, value)| TeacherInput {
                    id: format!("{prefix}-teachers{n}-{i}"),
                    label: i18n::text_with(
                        lang,
                        "grid-edit-teacher-n",
                        &[("n", (i + 1).to_string().into()), ("semester", legend.as_str().into())],
                    ),
                    value,
                })
                .collect();
            SemesterView {
                n,
                lessons: if n == 1 { form.lessons1.clone() } else { form.lessons2.clone() },
                lessons_errors: problems.of_field(if n == 1 { "lessons1" } else { "lessons2" }),
                teachers,
                teacher_errors: problems.of_field(if n == 1 { "teachers1" } else { "teachers2" }),
                small_group: if n == 1 { form.small_group1 } else { form.small_group2 },
                legend,
            }
        })
        .collect()
}

/// How a course to merge with is offered: its classes, lessons and teachers
/// (`G27b · 2.00 L · abc`).
fn partner_label(c: &Course) -> String {
    let classes: Vec<&str> = c.school_classes.iter().map(|k| k.code.as_str()).collect();
    let teachers: Vec<&str> = c.teachers1.iter().chain(&c.teachers2).map(|t| t.code.as_str()).collect();
    let mut teachers_unique: Vec<&str> = Vec::new();
    for t in teachers {
        if !teachers_unique.contains(&t) {
            teachers_unique.push(t);
        }
    }
    let lessons = if c.lessons1 == c.lessons2 {
        i18n::lessons(c.lessons1.decimal())
    } else {
        format!("{} / {}", i18n::lessons(c.lessons1.decimal()), i18n::lessons(c.lessons2.decimal()))
    };
    let who = if teachers_unique.is_empty() { "–".to_string() } else { teachers_unique.join(", ") };
    format!("{} · {lessons} · {who}", classes.join(", "))
}

/// The editor of `loaded` for `user` ([`view`], with the history link for
/// those who may read it).
pub fn editor_view(
    lang: Lang,
    user: &SessionUser,
    inline: bool,
    year: i64,
    loaded: &Loaded,
    form: CourseForm,
    problems: &Problems,
) -> EditorView {
    let mut e = view(lang, inline, &user.csrf, year, loaded, form, problems);
    if crate::service::history::may_read(user.role) {
        e.history = format!("{}?back=/years/{year}/grid", super::super::history::link("course", loaded.course.id.0));
    }
    e
}

/// The editor in its cell for htmx, else as a page; with `status`.
#[allow(clippy::too_many_arguments)]
pub fn respond(
    lang: Lang,
    user: SessionUser,
    hx: &HxRequest,
    year: i64,
    loaded: &Loaded,
    form: CourseForm,
    problems: &Problems,
    status: StatusCode,
) -> Response {
    let inline = cell::wants_cell(hx);
    let e = editor_view(lang, &user, inline, year, loaded, form, problems);
    let res = if inline {
        render(lang, &EditorCell { e })
    } else {
        let mut page = Page::new(lang, Screen::Grid, e.f.title.clone(), Some(user), e.f.action.clone() + "/edit");
        page.year = Some(year);
        render(lang, &EditorPage { page, e })
    };
    (status, res).into_response()
}

/// `GET /years/{year}/courses/{id}/edit?class={class}`: the editor with the
/// course's values and its current version (planners only: 403 otherwise).
pub async fn edit(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path((year, id)): Path<(i64, i64)>,
    Query(q): Query<EditQuery>,
    hx: HxRequest,
) -> Response {
    if !user.can_plan() {
        return error_page(lang, StatusCode::FORBIDDEN, "web-error-forbidden");
    }
    let loaded_at = crate::auth::now_text();
    let loaded = match load(&state.store, year, id).await {
        Ok(l) => l,
        Err(e) => return page_error(lang, e),
    };
    let version = match Version::of(&loaded.course) {
        Ok(v) => v,
        Err(e) => return page_error(lang, e),
    };
    let form = CourseForm::of_course(&loaded.course, class_of(&loaded.course, q.class), &version, loaded_at);
    respond(lang, user, &hx, year, &loaded, form, &Problems::default(), StatusCode::OK)
}

/// A posted editor form and its course (with its teachers), the form's class
/// one of the course's; 404 as [`load`].
pub async fn posted(store: &Store, year: i64, id: i64, body: &[u8]) -> Result<(CourseForm, Loaded)> {
    let mut form = CourseForm::parse(body);
    let loaded = load(store, year, id).await?;
    form.class = class_of(&loaded.course, Some(form.class));
    Ok((form, loaded))
}

/// `POST /years/{year}/courses/{id}`: saves the form (see the module doc).
pub async fn save(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path((year, id)): Path<(i64, i64)>,
    hx: HxRequest,
    body: Bytes,
) -> Response {
    let (form, loaded) = match posted(&state.store, year, id, &body).await {
        Ok(read) => read,
        Err(e) => return page_error(lang, e),
    };
    let update = match form.update(&loaded.teachers) {
        Ok(u) => u,
        Err(e) => return problem(lang, user, &hx, year, &loaded, form, e),
    };
    let path = format!("/years/{year}/courses/{id}");
    let expect = Expect::version(Version::from_text(form.version.clone()));
    match crud::update::<Courses>(&state.store, &cell::actor(&user, &path), id, &expect, &update).await {
        Ok(written) => {
            let touched = super::panel::teachers_of(&loaded.course);
            let place = Place::new(lang, year, user.can_plan(), touched);
            let also: Vec<i64> = written.item.school_classes.iter().map(|k| k.id.0).collect();
            cell::redrawn(&state.store, &place, &hx, written.item.subject.id.0, form.class, &also).await
        }
        Err(e) if e.code() == ErrorCode::PreconditionFailed => {
            conflict::respond(&state.store, lang, user, &hx, year, &loaded.course, form).await
        }
        Err(e) if e.code() == ErrorCode::NotFound || e.status().is_server_error() => page_error(lang, e),
        Err(e) => problem(lang, user, &hx, year, &loaded, form, e),
    }
}

/// The editor again with the problem `e` beside its fields, with its status.
fn problem(
    lang: Lang,
    user: SessionUser,
    hx: &HxRequest,
    year: i64,
    loaded: &Loaded,
    form: CourseForm,
    e: Error,
) -> Response {
    respond(lang, user, hx, year, loaded, form, &Problems::of(&e, lang), e.status())
}
