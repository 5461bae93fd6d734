//! Planung → Abschlussarbeiten (docs/web.md §Abschlussarbeiten): one row
//! per teacher employed in the year with the count per thesis type, and the
//! form to change one teacher's counts.
//!
//! | route | handler |
//! |---|---|
//! | `GET /years/{year}/theses` | [`list`] |
//! | `GET /years/{year}/theses/{teacher}/edit`, `POST /years/{year}/theses/{teacher}` | [`edit_form`], [`save`] |
//!
//! A save is `PUT /api/v1/thesis/{year}-{teacher}`'s use case,
//! `service::pool::save_theses`, with the form read by the API's reader and
//! expecting the version it was loaded at. Pasting a table: [`super::paste`].

use std::collections::HashMap;

use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, Uri};
use axum::response::{IntoResponse, Redirect, Response};
use axum::Form;
use serde_json::{json, Map, Value};

use super::{number_text, rename_pointers, teacher_label, YearContext};
use crate::domain::body_reader::Mode;
use crate::domain::payroll::ThesisType;
use crate::domain::person_name::PersonName as _;
use crate::domain::pool::{Theses, ThesisCounts};
use crate::domain::FromBody;
use crate::error::{Error, ErrorCode, Result};
use crate::i18n::{self, Lang};
use crate::service::pool::{self, save_theses};
use crate::service::session::SessionUser;
use crate::service::version::Version;
use crate::service::Store;
use crate::web::form::{self, Conflict, Field, FieldErrors, FormData};
use crate::web::guard::SignedIn;
use crate::web::kit::errors::page_error;
use crate::web::kit::render::render;
use crate::web::kit::state::WebState;
use crate::web::layout::{Page, Screen};
use crate::web::listing::here;
use crate::web::record::Notice;
use crate::web::refusal::{self, forbidden, is_page_fault, who_when};

/// The list page.
#[derive(Template)]
#[template(path = "web/bookings/theses.html")]
pub struct ThesesPage {
    /// The frame.
    pub page: Page,
    /// Whether the person may change counts (edit links, paste link).
    pub can_write: bool,
    /// The paste page's path.
    pub paste_href: String,
    /// The notes page's path.
    pub notes_href: String,
    /// What was just done.
    pub notice: Option<Notice>,
    /// A header per thesis type.
    pub type_headers: Vec<String>,
    /// The rows.
    pub rows: Vec<ThesesRow>,
    /// `n Lehrpersonen`.
    pub count: String,
}

/// A teacher's row.
#[derive(Debug, Clone)]
pub struct ThesesRow {
    /// Teacher id.
    pub teacher: i64,
    /// Code.
    pub code: String,
    /// Name.
    pub name: String,
    /// Count per thesis type as shown (`–` for none).
    pub counts: Vec<String>,
    /// The edit link.
    pub edit_href: String,
}

/// The form of one teacher's counts.
#[derive(Template)]
#[template(path = "web/bookings/theses_form.html")]
pub struct ThesesForm {
    /// The frame.
    pub page: Page,
    /// Where the form posts to.
    pub action: String,
    /// Where cancel leads.
    pub cancel: String,
    /// The version loaded at.
    pub version: String,
    /// A field per thesis type.
    pub fields: Vec<Field>,
    /// Problems of no field.
    pub errors: Vec<String>,
    /// Someone else's change (412).
    pub conflict: Option<Conflict>,
}

/// A count as shown: the number, `–` for none.
pub fn count_text(c: Option<&crate::domain::fixed::Fixed>) -> String {
    match c {
        Some(c) if c.0 != 0 => c.decimal().normalize().to_string(),
        _ => "–".into(),
    }
}

/// A thesis type's header or label: `code – description`.
pub fn type_label(t: &ThesisType) -> String {
    format!("{} – {}", t.code, t.description)
}

/// The year `year` and the thesis types, read in one snapshot.
pub async fn read_types(store: &Store, year: i64) -> Result<(YearContext, Vec<ThesisType>)> {
    let (ctx, types) = pool::year_thesis_types(store, year).await?;
    Ok((YearContext::of(ctx), types))
}

/// `GET /years/{year}/theses`.
pub async fn list(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(year): Path<i64>,
    Query(query): Query<HashMap<String, String>>,
    uri: Uri,
) -> Response {
    let (ctx, types) = match read_types(&state.store, year).await {
        Ok(r) => r,
        Err(e) => return page_error(lang, e),
    };
    let can_write = user.can_plan();
    let rows: Vec<ThesesRow> = ctx
        .theses
        .iter()
        .map(|th| ThesesRow {
            teacher: th.teacher.id.0,
            code: th.teacher.code.clone(),
            name: th.teacher.sorted_name(),
            counts: types.iter().map(|t| count_text(th.thesis_counts.get(&t.id))).collect(),
            edit_href: format!("/years/{year}/theses/{}/edit", th.teacher.id.0),
        })
        .collect();
    let notice = match query.get("done").map(String::as_str) {
        Some("saved") => Some(Notice { kind: "ok", text: i18n::text(lang, "theses-done-saved") }),
        Some("pasted") => Some(Notice {
            kind: "ok",
            text: i18n::text_with(
                lang,
                "theses-done-pasted",
                &[("count", query.get("n").map_or("0", String::as_str).to_string().into())],
            ),
        }),
        _ => None,
    };
    let count = i18n::text_with(lang, "theses-count", &[("count", rows.len().to_string().into())]);
    let page = ctx.page(lang, Screen::Theses, ctx.title(lang, "theses-title"), user, here(&uri));
    render(
        lang,
        &ThesesPage {
            page,
            can_write,
            paste_href: format!("/years/{year}/theses/paste"),
            notes_href: format!("/years/{year}/notes"),
            notice,
            type_headers: types.iter().map(type_label).collect(),
            rows,
            count,
        },
    )
}

/// The form values of saved theses.
fn values_of(th: &Theses) -> FormData {
    let mut v = FormData::default();
    for (t, c) in &th.thesis_counts {
        v.set(&format!("t{t}"), c.decimal().normalize().to_string());
    }
    v.set(form::VERSION_FIELD, Version::of(th).map(|v| v.to_string()).unwrap_or_default());
    v
}

/// The fields: one per thesis type.
fn count_fields(types: &[ThesisType], v: &FormData, errors: &FieldErrors) -> Vec<Field> {
    types.iter().map(|t| Field::new("text", &format!("t{}", t.id), type_label(t), v, errors, false)).collect()
}

/// Renders the form of `teacher`'s counts; 403 for a reader, 404 when the
/// teacher has no employment in the year.
#[allow(clippy::too_many_arguments)]
async fn show_form(
    state: &WebState,
    user: SessionUser,
    lang: Lang,
    year: i64,
    teacher: i64,
    values: Option<FormData>,
    error: Option<Error>,
    conflict: Option<Conflict>,
    status: StatusCode,
) -> Response {
    if !user.can_plan() {
        return forbidden(lang);
    }
    let (ctx, types) = match read_types(&state.store, year).await {
        Ok(r) => r,
        Err(e) => return page_error(lang, e),
    };
    let Some(th) = ctx.theses.iter().find(|t| t.teacher.id.0 == teacher) else {
        return page_error(lang, Error::not_found("theses", teacher));
    };
    let values = values.unwrap_or_else(|| values_of(th));
    let names: Vec<String> = types.iter().map(|t| format!("t{}", t.id)).collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let errors = error.as_ref().map_or_else(|| FieldErrors::none(lang), |e| FieldErrors::from_error(e, lang, &refs));
    let title = i18n::text_with(
        lang,
        "theses-edit-title",
        &[("teacher", teacher_label(&th.teacher).into()), ("year", ctx.year.code.as_str().into())],
    );
    let base = format!("/years/{year}/theses");
    let page = ctx.page(lang, Screen::Theses, title, user, format!("{base}/{teacher}/edit"));
    let html = render(
        lang,
        &ThesesForm {
            page,
            action: format!("{base}/{teacher}"),
            cancel: base.clone(),
            version: values.get(form::VERSION_FIELD).to_string(),
            fields: count_fields(&types, &values, &errors),
            errors: errors.general.clone(),
            conflict,
        },
    );
    (status, html).into_response()
}

/// `GET /years/{year}/theses/{teacher}/edit`.
pub async fn edit_form(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path((year, teacher)): Path<(i64, i64)>,
) -> Response {
    show_form(&state, user, lang, year, teacher, None, None, None, StatusCode::OK).await
}

/// The API's body of the form.
fn body(values: &FormData, types: &[ThesisType]) -> Value {
    let counts: Map<String, Value> =
        types.iter().map(|t| (t.id.to_string(), number_text(values.get(&format!("t{}", t.id))))).collect();
    json!({ "thesisCounts": counts })
}

/// `POST /years/{year}/theses/{teacher}`: saves the counts, expecting `_version`.
pub async fn save(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path((year, teacher)): Path<(i64, i64)>,
    Form(fields): Form<Vec<(String, String)>>,
) -> Response {
    let mut values = FormData(fields);
    let actor = form::actor(&user, &format!("/years/{year}/theses/{teacher}"));
    let result = async {
        let types = pool::thesis_types_read(&state.store).await?;
        let counts = ThesisCounts::from_body(&body(&values, &types), Mode::Replace)?;
        save_theses(&state.store, &actor, year, teacher, &values.expect()?, &counts).await
    }
    .await;
    match result {
        Ok(Some(_)) => Redirect::to(&format!("/years/{year}/theses?done=saved#theses-{teacher}")).into_response(),
        Ok(None) => page_error(lang, Error::not_found("theses", teacher)),
        Err(e) if e.code() == ErrorCode::PreconditionFailed => {
            let read = pool::theses_conflict(&state.store, year, teacher)
                .await
                .map(|(now, last, types)| (now, who_when(last), types));
            let (now, last, types) = match read {
                Ok(r) => r,
                Err(e) => return page_error(lang, e),
            };
            let conflict =
                refusal::conflict(lang, &values_of(&now), &mut values, last, |v, e| count_fields(&types, v, e));
            let status = StatusCode::PRECONDITION_FAILED;
            show_form(&state, user, lang, year, teacher, Some(values), None, Some(conflict), status).await
        }
        Err(e) if is_page_fault(&e) => page_error(lang, e),
        Err(e) => {
            let status = e.status();
            let e = rename_pointers(e, "thesisCounts", "t");
            show_form(&state, user, lang, year, teacher, Some(values), Some(e), None, status).await
        }
    }
}
