//! Creating, editing and deleting a cross-class course (docs/web.md
//! §Cross-class courses):
//!
//! - `GET /years/{year}/crossclass/new`, `POST /years/{year}/crossclass`:
//!   the "Neuer Kurs" form — subject (the cross-class subjects), curriculum
//!   and grade (one choice of the valid pairs), lessons and teachers per
//!   semester, small groups, comment, cancelled. The form is read into the
//!   body of `POST /api/v1/course` and parsed by [`NewCourse::from_body`](crate::domain::FromBody::from_body),
//!   then created with [`course::create_course`], the API's use case.
//! - `GET /years/{year}/crossclass/{id}`, `POST …/{id}`: the edit form of
//!   the writable fields ([`CourseForm`], as the grid's editor), saved with
//!   [`crud::update`] of [`Courses`] expecting the version it was loaded
//!   at; a save after someone else's change shows who changed what
//!   meanwhile, both values, and the form again over the current version (412).
//! - `POST …/{id}/delete`: deletes with [`crud::delete`] (the version of the
//!   page; a confirmation on the page first).
//!
//! Problems are shown beside their fields in the page's language
//! ([`Problems`]); everything typed is kept. Readers get 403.

use askama::Template;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use serde_json::Value;

use super::super::form::actor;
use super::super::grid::conflict::{self, ChangeView, CompareRow};
use super::super::grid::editor::{semesters, SemesterView};
use super::super::grid::form::{read_body, CourseForm, Problems};
use super::super::guard::SignedIn;
use super::super::kit::errors::page_error;
use super::super::kit::render::render;
use super::super::kit::state::WebState;
use super::super::layout::Page;
use super::super::refusal::forbidden;
use super::{list_url, year_page};
use crate::domain::body_reader::Mode;
use crate::domain::course::{Course, NewCourse};
use crate::domain::ids::SchoolYearId;
use crate::domain::person_name::PersonName as _;
use crate::error::{Error, ErrorCode};
use crate::i18n::{self, Lang};
use crate::service::course::{self, Courses};
use crate::service::crossclass::{self, CrossClassYear};
use crate::service::crud;
use crate::service::session::SessionUser;
use crate::service::version::{Expect, Version};

/// The page with the create or the edit form.
#[derive(Template)]
#[template(path = "web/crossclass/form.html")]
pub struct FormPage {
    /// The frame.
    pub page: Page,
    /// The form.
    pub f: FormView,
}

/// A choice of the create form (subject, curriculum · grade).
#[derive(Debug, Clone)]
pub struct SelectView {
    /// Field name and (with `cc-`) element id.
    pub name: &'static str,
    /// Label.
    pub label: String,
    /// (value, text, chosen); the first is an empty "please choose".
    pub options: Vec<(String, String, bool)>,
    /// Messages beside it.
    pub errors: Vec<String>,
}

/// The delete control of the edit form.
#[derive(Debug, Clone)]
pub struct DeleteView {
    /// Where it posts.
    pub action: String,
    /// The version of the course shown.
    pub version: String,
    /// The question asked once more (`Kurs EF B (GYM4) löschen?`).
    pub confirm: String,
}

/// Someone else's change, shown above the form after a 412.
#[derive(Debug, Clone)]
pub struct ConflictView {
    /// The sentence above the changes.
    pub intro: String,
    /// The changes since the form was loaded, oldest first.
    pub changes: Vec<ChangeView>,
    /// Every field: saved now and typed.
    pub rows: Vec<CompareRow>,
}

/// The form as the template shows it.
#[derive(Debug, Clone)]
pub struct FormView {
    /// The language.
    pub lang: Lang,
    /// Where it posts.
    pub action: String,
    /// The list (cancel, back).
    pub back: String,
    /// The session's CSRF token.
    pub csrf: String,
    /// The typed values (version, loaded, lessons, teachers, comment, flags).
    pub form: CourseForm,
    /// Create form: subject and curriculum · grade; empty when editing.
    pub selects: Vec<SelectView>,
    /// Edit form: what cannot change, (label, value).
    pub facts: Vec<(String, String)>,
    /// The semesters' fields.
    pub semesters: Vec<SemesterView>,
    /// Messages beside the comment.
    pub comments_errors: Vec<String>,
    /// Messages beside "cancelled".
    pub cancelled_errors: Vec<String>,
    /// Messages of no field.
    pub general: Vec<String>,
    /// The type-ahead: (code, name) of the teachers employed in the year.
    pub codes: Vec<(String, String)>,
    /// Delete (edit form of a planner).
    pub delete: Option<DeleteView>,
    /// After a 412.
    pub conflict: Option<ConflictView>,
}

impl FormView {
    /// The catalogue text of `key`.
    pub fn t(&self, key: &str) -> String {
        i18n::text(self.lang, key)
    }
}

/// The create form as typed: the course's fields and the two choices.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct NewForm {
    /// Subject id as sent.
    pub subject: String,
    /// `curriculum:grade` ids as sent.
    pub placement: String,
    /// The rest.
    pub course: CourseForm,
}

impl NewForm {
    /// Reads a url-encoded body.
    pub fn parse(body: &[u8]) -> NewForm {
        let mut f = NewForm { course: CourseForm::parse(body), ..NewForm::default() };
        for (k, v) in url::form_urlencoded::parse(body) {
            match k.as_ref() {
                "subject" => f.subject = v.trim().to_string(),
                "placement" => f.placement = v.trim().to_string(),
                _ => {}
            }
        }
        f
    }

    /// The new course in school year `year`, read as `POST /api/v1/course`
    /// reads its body ([`NewCourse::from_body`](crate::domain::FromBody::from_body)): teacher codes looked up in
    /// `data`'s teachers, the placement split into `curriculum` and `grade`
    /// (both `null` when none is chosen). Every problem at once.
    pub fn new_course(&self, data: &CrossClassYear) -> crate::error::Result<NewCourse> {
        let (mut body, unknown) = self.course.body(&data.teachers);
        let id = |t: &str| t.trim().parse::<i64>().map_or(Value::Null, Value::from);
        let (curriculum, grade) = self.placement.split_once(':').unwrap_or_default();
        body["schoolYear"] = Value::from(data.year.id.0);
        body["subject"] = id(&self.subject);
        body["curriculum"] = id(curriculum);
        body["grade"] = id(grade);
        read_body(&body, Mode::Create, unknown)
    }
}

/// The problems of `e` beside the fields of the form (the create form's
/// subject, curriculum and grade too).
fn problems(lang: Lang, e: &Error) -> Problems {
    let more = [
        ("subject", "subject", i18n::text(lang, "crossclass-subject")),
        ("grade", "placement", i18n::text(lang, "crossclass-grade")),
        ("curriculum", "placement", i18n::text(lang, "crossclass-curriculum")),
    ];
    Problems::of_with(e, lang, &more)
}

/// The create form's choices: the cross-class subjects (archived ones only
/// while chosen) and the pairs of a curriculum and one of its grades.
fn selects(lang: Lang, data: &CrossClassYear, typed: &NewForm, problems: &Problems) -> Vec<SelectView> {
    let choose = (String::new(), i18n::text(lang, "crossclass-choose"), false);
    let subjects = data.subjects.iter().filter(|s| !s.archived || s.id.0.to_string() == typed.subject).map(|s| {
        let value = s.id.0.to_string();
        let chosen = value == typed.subject;
        (value, format!("{} – {}", s.code, s.description), chosen)
    });
    let placements = data
        .curricula
        .iter()
        .flat_map(|c| c.grades.iter().map(move |g| (c, g)))
        .filter(|(c, g)| !c.archived || format!("{}:{}", c.id.0, g.id) == typed.placement)
        .map(|(c, g)| {
            let value = format!("{}:{}", c.id.0, g.id);
            let chosen = value == typed.placement;
            (value, format!("{} · {}", g.code, c.code), chosen)
        });
    vec![
        SelectView {
            name: "subject",
            label: i18n::text(lang, "crossclass-subject"),
            options: std::iter::once(choose.clone()).chain(subjects).collect(),
            errors: problems.of_field("subject"),
        },
        SelectView {
            name: "placement",
            label: i18n::text(lang, "crossclass-placement"),
            options: std::iter::once(choose).chain(placements).collect(),
            errors: problems.of_field("placement"),
        },
    ]
}

/// The form view of `data`'s year with the values `form`.
fn view(lang: Lang, user: &SessionUser, data: &CrossClassYear, form: CourseForm, problems: &Problems) -> FormView {
    let mut general = problems.general.clone();
    for field in ["smallGroup1", "smallGroup2"] {
        general.extend(problems.of_field(field));
    }
    FormView {
        lang,
        action: list_url(data.year.id.0),
        back: list_url(data.year.id.0),
        csrf: user.csrf.clone(),
        semesters: semesters(lang, "cc", &form, problems),
        comments_errors: problems.of_field("comments"),
        cancelled_errors: problems.of_field("cancelled"),
        general,
        codes: data.employed.iter().map(|t| (t.code.clone(), t.name())).collect(),
        form,
        selects: Vec::new(),
        facts: Vec::new(),
        delete: None,
        conflict: None,
    }
}

/// The edit form of `course` with the values `form`.
fn edit_view(
    lang: Lang,
    user: &SessionUser,
    data: &CrossClassYear,
    course: &Course,
    form: CourseForm,
    problems: &Problems,
) -> FormView {
    let action = format!("{}/{}", list_url(data.year.id.0), course.id.0);
    let delete = Version::of(course).ok().map(|v| DeleteView {
        action: format!("{action}/delete"),
        version: v.to_string(),
        confirm: i18n::text_with(lang, "crossclass-delete-confirm", &[("course", label(course).into())]),
    });
    let facts = vec![
        (i18n::text(lang, "crossclass-subject"), format!("{} – {}", course.subject.code, course.subject.description)),
        (i18n::text(lang, "crossclass-curriculum"), course.curriculum.code.clone()),
        (i18n::text(lang, "crossclass-grade"), course.grade.code.clone()),
    ];
    FormView { action, facts, delete, ..view(lang, user, data, form, problems) }
}

/// `EF B (GYM4)`: a course's subject and grade.
pub fn label(c: &Course) -> String {
    format!("{} ({})", c.subject.code, c.grade.code)
}

fn page(lang: Lang, user: SessionUser, data: &CrossClassYear, title: String, here: String, f: FormView) -> Response {
    let page = year_page(lang, Some(user), data, title, here);
    render(lang, &FormPage { page, f })
}

fn new_page(lang: Lang, user: SessionUser, data: &CrossClassYear, typed: NewForm, problems: &Problems) -> Response {
    let mut f = view(lang, &user, data, typed.course.clone(), problems);
    f.selects = selects(lang, data, &typed, problems);
    let here = format!("{}/new", list_url(data.year.id.0));
    page(lang, user, data, i18n::text(lang, "crossclass-new-title"), here, f)
}

fn edit_page(lang: Lang, user: SessionUser, data: &CrossClassYear, course: &Course, f: FormView) -> Response {
    let title = i18n::text_with(lang, "crossclass-edit-title", &[("course", label(course).into())]);
    let here = f.action.clone();
    page(lang, user, data, title, here, f)
}

/// `GET /years/{year}/crossclass/new`: the empty create form (planners only).
pub async fn new(State(state): State<WebState>, SignedIn { user, lang }: SignedIn, Path(year): Path<i64>) -> Response {
    if !user.can_plan() {
        return forbidden(lang);
    }
    match crossclass::load(&state.store, SchoolYearId(year)).await {
        Ok(data) => new_page(lang, user, &data, NewForm::default(), &Problems::default()),
        Err(e) => page_error(lang, e),
    }
}

/// `POST /years/{year}/crossclass`: creates the course (see the module doc);
/// 303 to the list at the course, or the form again with the problems.
pub async fn create(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(year): Path<i64>,
    body: Bytes,
) -> Response {
    let data = match crossclass::load(&state.store, SchoolYearId(year)).await {
        Ok(data) => data,
        Err(e) => return page_error(lang, e),
    };
    let typed = NewForm::parse(&body);
    let refused = |e: Error| {
        let status = e.status();
        (status, new_page(lang, user.clone(), &data, typed.clone(), &problems(lang, &e))).into_response()
    };
    let new = match typed.new_course(&data) {
        Ok(n) => n,
        Err(e) => return refused(e),
    };
    match course::create_course(&state.store, &actor(&user, &list_url(year)), &new).await {
        Ok(w) => Redirect::to(&format!("{}?done=created#course-{}", list_url(year), w.id)).into_response(),
        Err(e) if e.status().is_server_error() => page_error(lang, e),
        Err(e) => refused(e),
    }
}

/// `GET /years/{year}/crossclass/{id}`: the edit form with the course's
/// values and its current version (planners only; 404 for a course that is
/// not one of the year's cross-class courses).
pub async fn edit(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path((year, id)): Path<(i64, i64)>,
) -> Response {
    if !user.can_plan() {
        return forbidden(lang);
    }
    let loaded_at = crate::auth::now_text();
    let (data, course) = match crossclass::load_course(&state.store, SchoolYearId(year), id).await {
        Ok(read) => read,
        Err(e) => return page_error(lang, e),
    };
    let version = match Version::of(&course) {
        Ok(v) => v,
        Err(e) => return page_error(lang, e),
    };
    let form = CourseForm::of_course(&course, 0, &version, loaded_at);
    let f = edit_view(lang, &user, &data, &course, form, &Problems::default());
    edit_page(lang, user, &data, &course, f)
}

/// `POST /years/{year}/crossclass/{id}`: saves the form with the version it
/// was loaded at; 303 to the list, the form with the problems, or the
/// conflict (412).
pub async fn save(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path((year, id)): Path<(i64, i64)>,
    body: Bytes,
) -> Response {
    let form = CourseForm::parse(&body);
    let (data, course) = match crossclass::load_course(&state.store, SchoolYearId(year), id).await {
        Ok(read) => read,
        Err(e) => return page_error(lang, e),
    };
    let refused = |e: Error, form: CourseForm| {
        let f = edit_view(lang, &user, &data, &course, form, &problems(lang, &e));
        (e.status(), edit_page(lang, user.clone(), &data, &course, f)).into_response()
    };
    let update = match form.update(&data.teachers) {
        Ok(u) => u,
        Err(e) => return refused(e, form),
    };
    let path = format!("{}/{id}", list_url(year));
    let expect = Expect::version(Version::from_text(form.version.clone()));
    match crud::update::<Courses>(&state.store, &actor(&user, &path), id, &expect, &update).await {
        Ok(_) => Redirect::to(&format!("{}?done=saved#course-{id}", list_url(year))).into_response(),
        Err(e) if e.code() == ErrorCode::PreconditionFailed => {
            conflicted(lang, user, &state, &data, &course, form).await
        }
        Err(e) if e.code() == ErrorCode::NotFound || e.status().is_server_error() => page_error(lang, e),
        Err(e) => refused(e, form),
    }
}

/// After a 412: who changed what since the form was loaded, both values of
/// every field, and the form with the values typed over the current version
/// (saving again applies them).
async fn conflicted(
    lang: Lang,
    user: SessionUser,
    state: &WebState,
    data: &CrossClassYear,
    course: &Course,
    form: CourseForm,
) -> Response {
    let (intro, changes) = match conflict::meanwhile(&state.store, lang, course, &form.loaded).await {
        Ok(c) => c,
        Err(e) => return page_error(lang, e),
    };
    let version = match Version::of(course) {
        Ok(v) => v,
        Err(e) => return page_error(lang, e),
    };
    let rows = conflict::rows(lang, course, &form);
    let mine = CourseForm { version: version.to_string(), loaded: crate::auth::now_text(), ..form };
    let mut f = edit_view(lang, &user, data, course, mine, &Problems::default());
    f.conflict = Some(ConflictView { intro, changes, rows });
    (StatusCode::PRECONDITION_FAILED, edit_page(lang, user, data, course, f)).into_response()
}

/// `POST /years/{year}/crossclass/{id}/delete`: deletes the course at the
/// version of the page (hidden field `version`); 303 to the list. A stale
/// version shows the edit form of the course as it is now with a message (412).
pub async fn delete(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path((year, id)): Path<(i64, i64)>,
    body: Bytes,
) -> Response {
    let form = CourseForm::parse(&body);
    let (data, course) = match crossclass::load_course(&state.store, SchoolYearId(year), id).await {
        Ok(read) => read,
        Err(e) => return page_error(lang, e),
    };
    let path = format!("{}/{id}/delete", list_url(year));
    let expect = Expect::version(Version::from_text(form.version.clone()));
    match crud::delete::<Courses>(&state.store, &actor(&user, &path), id, &expect).await {
        Ok(()) => Redirect::to(&format!("{}?done=deleted", list_url(year))).into_response(),
        Err(e) if e.code() == ErrorCode::NotFound || e.status().is_server_error() => page_error(lang, e),
        Err(e) => {
            let status = e.status();
            let mut problems = Problems::default();
            problems.general.push(if status == StatusCode::PRECONDITION_FAILED {
                i18n::text(lang, "crossclass-delete-stale")
            } else {
                e.message(lang)
            });
            let version = match Version::of(&course) {
                Ok(v) => v,
                Err(e) => return page_error(lang, e),
            };
            let now = CourseForm::of_course(&course, 0, &version, crate::auth::now_text());
            let f = edit_view(lang, &user, &data, &course, now, &problems);
            (status, edit_page(lang, user, &data, &course, f)).into_response()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_create_form_reads_its_choices() {
        let f = NewForm::parse(b"subject=12&placement=3%3A7&lessons1=2%2C5&teachers1=abc&cancelled=on");
        assert_eq!((f.subject.as_str(), f.placement.as_str()), ("12", "3:7"));
        assert_eq!((f.course.lessons1.as_str(), f.course.cancelled), ("2,5", true));
        assert_eq!(f.course.codes(1), ["abc"]);
    }
}
