//! Notizen (docs/web.md §Notizen): the notes about the teachers employed in a
//! school year, newest first, filtered by teacher; planners add a note
//! (`service::pool::create_note`, as `POST /api/v1/note`) and delete one
//! (`service::crud::delete` with `Notes`, as `DELETE /api/v1/note/{id}`).
//! Notes are written once: there is no edit.
//!
//! | route | handler |
//! |---|---|
//! | `GET /years/{year}/notes?teacher=ID` | [`list`] |
//! | `GET /years/{year}/notes/panel?teacher=ID` | [`panel`] (the side panel of Anstellungen) |
//! | `POST /years/{year}/notes` | [`create`] |
//! | `POST /years/{year}/notes/{id}/delete` | [`delete`] |

use std::collections::{HashMap, HashSet};

use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, Uri};
use axum::response::{IntoResponse, Redirect, Response};
use axum::Form;
use serde_json::json;

use super::{teacher_label, teacher_param, YearContext};
use crate::domain::body_reader::Mode;
use crate::domain::pool::{NewNote, Note};
use crate::domain::FromBody;
use crate::error::{Error, ErrorCode};
use crate::i18n::{self, Lang};
use crate::service::crud;
use crate::service::pool::{create_note, year_notes, Notes};
use crate::service::session::SessionUser;
use crate::service::version::Version;
use crate::web::form::{self, Choice, Field, FieldErrors, FormData};
use crate::web::guard::SignedIn;
use crate::web::kit::errors::page_error;
use crate::web::kit::render::render;
use crate::web::kit::state::WebState;
use crate::web::layout::{Page, Screen};
use crate::web::listing::{done_notice, here};
use crate::web::record::Notice;
use crate::web::refusal::refusal_text;

/// The notes page.
#[derive(Template)]
#[template(path = "web/bookings/notes.html")]
pub struct NotesPage {
    /// The frame.
    pub page: Page,
    /// The page's path.
    pub base: String,
    /// The teacher filter's choices.
    pub teachers: Vec<Choice>,
    /// Whether the person may write (the add form, delete buttons).
    pub can_write: bool,
    /// The add form's fields (teacher, text).
    pub fields: Vec<Field>,
    /// Problems of no field.
    pub errors: Vec<String>,
    /// Unused (the shared problems include).
    pub conflict: Option<form::Conflict>,
    /// What was just done, or why not.
    pub notice: Option<Notice>,
    /// The notes.
    pub notes: Vec<NoteView>,
    /// `n Notizen`.
    pub count: String,
}

/// A note as shown.
#[derive(Debug, Clone)]
pub struct NoteView {
    /// Id.
    pub id: i64,
    /// `abc – Muster Anna`.
    pub teacher: String,
    /// The text.
    pub text: String,
    /// `anna, 25.11.2026 14:05 UTC`.
    pub by: String,
    /// The version (for the delete form).
    pub version: String,
}

/// The side panel of a teacher's notes beside the Anstellungen (docs/web.md
/// §Anstellungen, "Notes"); empty when `panel` is none (closed).
#[derive(Template)]
#[template(path = "web/bookings/notes_panel.html")]
pub struct NotesPanel {
    /// What the panel shows, or nothing.
    pub panel: Option<PanelView>,
}

/// The notes of one teacher in the side panel.
#[derive(Debug, Clone)]
pub struct PanelView {
    /// `Notizen zu abc – Muster Anna`.
    pub title: String,
    /// Newest first.
    pub notes: Vec<NoteView>,
    /// Said when there are none.
    pub none: String,
    /// The notes page of the teacher (to add or delete one).
    pub all_href: String,
    /// Its link text.
    pub all: String,
    /// The close link (the panel emptied) and its text.
    pub close_href: String,
    /// "Schliessen".
    pub close: String,
}

/// `GET /years/{year}/notes/panel?teacher=ID`: the teacher's notes, newest
/// first, for the side panel (htmx); without `teacher`, the empty panel
/// (closed). A browser without htmx is sent to the notes page.
pub async fn panel(
    State(state): State<WebState>,
    SignedIn { user: _, lang }: SignedIn,
    Path(year): Path<i64>,
    Query(query): Query<HashMap<String, String>>,
    hx: crate::web::htmx::HxRequest,
) -> Response {
    let teacher = teacher_param(&query);
    if !hx.htmx {
        let to = teacher.map_or_else(|| format!("/years/{year}/notes"), |t| format!("/years/{year}/notes?teacher={t}"));
        return Redirect::to(&to).into_response();
    }
    let Some(teacher) = teacher else { return render(lang, &NotesPanel { panel: None }) };
    let read = year_notes(&state.store, year, Some(teacher)).await.map(|(ctx, notes)| (YearContext::of(ctx), notes));
    let (ctx, notes) = match read {
        Ok(r) => r,
        Err(e) => return page_error(lang, e),
    };
    let Some(who) = ctx.teachers().find(|t| t.id.0 == teacher).map(teacher_label) else {
        return page_error(lang, Error::not_found("teacher", teacher));
    };
    let notes = notes
        .iter()
        .map(|n| NoteView {
            id: n.id.0,
            teacher: who.clone(),
            text: n.text.clone(),
            by: format!("{}, {}", n.created_by, form::when(&n.creation_date)),
            version: String::new(),
        })
        .collect();
    let panel = PanelView {
        title: i18n::text_with(lang, "notes-panel-title", &[("teacher", who.into())]),
        notes,
        none: i18n::text(lang, "notes-panel-none"),
        all_href: format!("/years/{year}/notes?teacher={teacher}"),
        all: i18n::text(lang, "notes-panel-all"),
        close_href: format!("/years/{year}/notes/panel"),
        close: i18n::text(lang, "notes-panel-close"),
    };
    render(lang, &NotesPanel { panel: Some(panel) })
}

/// `GET /years/{year}/notes?teacher=ID`.
pub async fn list(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(year): Path<i64>,
    Query(query): Query<HashMap<String, String>>,
    uri: Uri,
) -> Response {
    let notice = done_notice(lang, &query, "notes", &["created", "deleted"]);
    let mut values = FormData::default();
    if let Some(t) = teacher_param(&query) {
        values.set("teacher", t.to_string());
    }
    show(&state, user, lang, year, teacher_param(&query), values, None, notice, StatusCode::OK, here(&uri)).await
}

/// Renders the page.
#[allow(clippy::too_many_arguments)]
async fn show(
    state: &WebState,
    user: SessionUser,
    lang: Lang,
    year: i64,
    teacher: Option<i64>,
    values: FormData,
    error: Option<Error>,
    notice: Option<Notice>,
    status: StatusCode,
    here: String,
) -> Response {
    let read = year_notes(&state.store, year, teacher).await.map(|(ctx, notes)| (YearContext::of(ctx), notes));
    let (ctx, notes) = match read {
        Ok(r) => r,
        Err(e) => return page_error(lang, e),
    };
    let employed: HashSet<i64> = ctx.teachers().map(|t| t.id.0).collect();
    let notes: Vec<NoteView> = notes
        .iter()
        .filter(|n| employed.contains(&n.teacher.id.0))
        .map(|n: &Note| NoteView {
            id: n.id.0,
            teacher: teacher_label(&n.teacher),
            text: n.text.clone(),
            by: format!("{}, {}", n.created_by, form::when(&n.creation_date)),
            version: Version::of(n).map(|v| v.to_string()).unwrap_or_default(),
        })
        .collect();
    let teachers = ctx.teacher_choices(lang, teacher);
    let errors = error
        .as_ref()
        .map_or_else(|| FieldErrors::none(lang), |e| FieldErrors::from_error(e, lang, &["teacher", "text"]));
    let fields = vec![
        ctx.teacher_field(lang, &values, &errors),
        Field::new("textarea", "text", i18n::text(lang, "notes-text"), &values, &errors, true),
    ];
    let count = i18n::text_with(lang, "notes-count", &[("count", notes.len().to_string().into())]);
    let page = ctx.page(lang, Screen::Notes, ctx.title(lang, "notes-title"), user.clone(), here);
    let html = render(
        lang,
        &NotesPage {
            page,
            base: format!("/years/{year}/notes"),
            teachers,
            can_write: user.can_plan(),
            fields,
            errors: errors.general.clone(),
            conflict: None,
            notice,
            notes,
            count,
        },
    );
    (status, html).into_response()
}

/// `POST /years/{year}/notes`: writes the note; problems beside the fields.
pub async fn create(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(year): Path<i64>,
    Form(fields): Form<Vec<(String, String)>>,
) -> Response {
    let values = FormData(fields);
    let actor = form::actor(&user, &format!("/years/{year}/notes"));
    let body = json!({ "teacher": values.text("teacher"), "text": values.text("text") });
    let written = async { create_note(&state.store, &actor, &NewNote::from_body(&body, Mode::Create)?).await }.await;
    let teacher = values.get("teacher").trim().parse::<i64>().ok();
    let filter = teacher.map_or_else(String::new, |t| format!("teacher={t}&"));
    match written {
        Ok(_) => Redirect::to(&format!("/years/{year}/notes?{filter}done=created")).into_response(),
        Err(e) if matches!(e.code(), ErrorCode::Internal | ErrorCode::Forbidden) => page_error(lang, e),
        Err(e) => {
            let status = e.status();
            let here = format!("/years/{year}/notes");
            show(&state, user, lang, year, teacher, values, Some(e), None, status, here).await
        }
    }
}

/// `POST /years/{year}/notes/{id}/delete`: deletes the note (expects `_version`).
pub async fn delete(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path((year, id)): Path<(i64, i64)>,
    Form(fields): Form<Vec<(String, String)>>,
) -> Response {
    let sent = FormData(fields);
    let actor = form::actor(&user, &format!("/years/{year}/notes/{id}/delete"));
    match async { crud::delete::<Notes>(&state.store, &actor, id, &sent.expect()?).await }.await {
        Ok(()) => Redirect::to(&format!("/years/{year}/notes?done=deleted")).into_response(),
        Err(e) => match refusal_text(lang, &e) {
            None => page_error(lang, e),
            Some(text) => {
                let notice = Some(Notice { kind: "error", text });
                let here = format!("/years/{year}/notes");
                show(&state, user, lang, year, None, FormData::default(), None, notice, e.status(), here).await
            }
        },
    }
}
