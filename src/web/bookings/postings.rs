//! Planung → IPB-Buchungen (docs/web.md §IPB-Buchungen): a school year's
//! postings (Einzelbuchungen, docs/workload.md §Posting details), filtered by
//! teacher; the form to create and edit one, and delete.
//!
//! | route | handler |
//! |---|---|
//! | `GET /years/{year}/postings?teacher=ID` | [`list`] |
//! | `GET /years/{year}/postings/new?teacher=ID`, `POST /years/{year}/postings` | [`new_form`], [`create`] |
//! | `GET /years/{year}/postings/{id}/edit`, `POST /years/{year}/postings/{id}` | [`edit_form`], [`save`] |
//! | `POST /years/{year}/postings/{id}/delete` | [`delete`] |
//!
//! The form is read into the API's `NewPosting` by its reader and written
//! with `service::crud` and the `Postings` resource, as `POST`/`PUT`/`DELETE
//! /api/v1/posting` are, expecting the version the form was loaded at.
//! Problems appear beside their fields (a detail's beside its posting type),
//! someone else's change as a comparison (412). Readers see no write control.

use std::collections::HashMap;

use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, Uri};
use axum::response::{IntoResponse, Redirect, Response};
use axum::Form;
use serde_json::{json, Map, Value};

use super::{number_text, rename_pointers, teacher_param, YearContext};
use crate::domain::body_reader::Mode;
use crate::domain::payroll::PostingType;
use crate::domain::person_name::PersonName as _;
use crate::domain::pool::{NewPosting, Posting};
use crate::domain::FromBody;
use crate::error::{Error, ErrorCode, Result};
use crate::i18n::{self, Lang};
use crate::service::crud;
use crate::service::pool::{self, Postings};
use crate::service::session::SessionUser;
use crate::service::version::Version;
use crate::service::Store;
use crate::web::form::{self, Choice, Conflict, Field, FieldErrors, FormData};
use crate::web::guard::SignedIn;
use crate::web::kit::errors::page_error;
use crate::web::kit::render::render;
use crate::web::kit::state::WebState;
use crate::web::layout::{Page, Screen};
use crate::web::listing::{done_notice, here};
use crate::web::record::Notice;
use crate::web::refusal::{self, forbidden, is_page_fault, refusal_text, who_when};

/// The list page.
#[derive(Template)]
#[template(path = "web/bookings/postings.html")]
pub struct PostingsPage {
    /// The frame.
    pub page: Page,
    /// The list's path (`/years/{year}/postings`).
    pub base: String,
    /// The teacher filter's choices (the first: all).
    pub teachers: Vec<Choice>,
    /// The create link (with the chosen teacher), empty for a reader.
    pub new_href: String,
    /// What was just done, if anything.
    pub notice: Option<Notice>,
    /// Column headers after teacher, description, start and end: one per posting type.
    pub type_headers: Vec<String>,
    /// The rows.
    pub rows: Vec<PostingRow>,
    /// `n Buchungen`.
    pub count: String,
    /// The link to the chosen teacher's Pensenblatt (balance), if one is chosen.
    pub sheet_href: String,
    /// The notes link.
    pub notes_href: String,
}

/// A posting as listed.
#[derive(Debug, Clone)]
pub struct PostingRow {
    /// Posting id.
    pub id: i64,
    /// Teacher code.
    pub code: String,
    /// Teacher name.
    pub name: String,
    /// Description, `–` for none.
    pub description: String,
    /// Start date `25.11.2026`.
    pub start: String,
    /// End date or `–`.
    pub end: String,
    /// The value per posting type as shown (`–` for none).
    pub values: Vec<String>,
    /// The edit link, empty for a reader.
    pub edit_href: String,
}

/// The form to create or edit a posting.
#[derive(Template)]
#[template(path = "web/bookings/posting_form.html")]
pub struct PostingForm {
    /// The frame.
    pub page: Page,
    /// Where the form posts to.
    pub action: String,
    /// Where cancel leads.
    pub cancel: String,
    /// The version loaded at (empty for a new posting).
    pub version: String,
    /// The fields.
    pub fields: Vec<Field>,
    /// Problems of no field.
    pub errors: Vec<String>,
    /// Someone else's change (412).
    pub conflict: Option<Conflict>,
    /// A message (a refused delete).
    pub notice: Option<Notice>,
    /// The delete form's action, for an existing posting.
    pub delete_action: String,
}

/// A posting type's value as shown: the number, `–` for zero.
fn value_text(v: rust_decimal::Decimal) -> String {
    if v.is_zero() {
        "–".into()
    } else {
        v.normalize().to_string()
    }
}

/// A posting type's column header / field label: `code – description (Lektionen|%)`.
fn type_label(lang: Lang, t: &PostingType) -> String {
    let unit = i18n::text(lang, if t.percent { "theses-unit-percent" } else { "theses-unit-lessons" });
    format!("{} – {} ({unit})", t.code, t.description)
}

/// `GET /years/{year}/postings?teacher=ID`.
pub async fn list(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(year): Path<i64>,
    Query(query): Query<HashMap<String, String>>,
    uri: Uri,
) -> Response {
    let teacher = teacher_param(&query);
    let read = pool::year_postings(&state.store, year, teacher.map(crate::domain::ids::TeacherId))
        .await
        .map(|(ctx, postings, types)| (YearContext::of(ctx), postings, types));
    let (ctx, postings, types) = match read {
        Ok(r) => r,
        Err(e) => return page_error(lang, e),
    };
    let base = format!("/years/{year}/postings");
    let teachers = ctx.teacher_choices(lang, teacher);
    let rows: Vec<PostingRow> = postings
        .iter()
        .map(|p| PostingRow {
            id: p.id.0,
            code: p.teacher.code.clone(),
            name: p.teacher.sorted_name(),
            description: form::or_dash(p.description.as_deref()),
            start: date_text(&p.start_date),
            end: p.end_date.as_deref().map_or_else(|| "–".into(), date_text),
            values: types
                .iter()
                .map(|t| value_text(p.details.get(&t.id).map(|v| v.decimal()).unwrap_or_default()))
                .collect(),
            edit_href: if user.can_plan() { format!("{base}/{}/edit", p.id) } else { String::new() },
        })
        .collect();
    let notice = done_notice(lang, &query, "postings", &["created", "saved", "deleted"]);
    let new_href = if user.can_plan() {
        teacher.map_or_else(|| format!("{base}/new"), |t| format!("{base}/new?teacher={t}"))
    } else {
        String::new()
    };
    let count = i18n::text_with(lang, "postings-count", &[("count", rows.len().to_string().into())]);
    let sheet_href = teacher.map_or_else(String::new, |t| format!("/years/{year}/workload/{t}#balance"));
    let notes_href =
        teacher.map_or_else(|| format!("/years/{year}/notes"), |t| format!("/years/{year}/notes?teacher={t}"));
    let page = ctx.page(lang, Screen::Postings, ctx.title(lang, "postings-title"), user, here(&uri));
    render(
        lang,
        &PostingsPage {
            page,
            base,
            teachers,
            new_href,
            notice,
            type_headers: types.iter().map(|t| type_label(lang, t)).collect(),
            rows,
            count,
            sheet_href,
            notes_href,
        },
    )
}

/// `YYYY-MM-DD` as `25.11.2026` (other text as it is).
fn date_text(d: &str) -> String {
    chrono::NaiveDate::parse_from_str(d, "%Y-%m-%d").map_or_else(|_| d.to_string(), i18n::date)
}

/// The form values of a saved posting.
fn values_of(p: &Posting) -> FormData {
    let mut v = FormData::default();
    v.set("teacher", p.teacher.id.0.to_string());
    v.set("description", p.description.clone().unwrap_or_default());
    v.set("startDate", p.start_date.clone());
    v.set("endDate", p.end_date.clone().unwrap_or_default());
    for (t, x) in &p.details {
        if x.0 != 0 {
            v.set(&format!("d{t}"), x.decimal().normalize().to_string());
        }
    }
    v.set(form::VERSION_FIELD, Version::of(p).map(|v| v.to_string()).unwrap_or_default());
    v
}

/// The API's body of the form for school year `year`.
fn body(year: i64, v: &FormData, types: &[PostingType]) -> Value {
    let details: Map<String, Value> =
        types.iter().map(|t| (t.id.to_string(), number_text(v.get(&format!("d{}", t.id))))).collect();
    json!({
        "schoolYear": year,
        "teacher": v.text("teacher"),
        "description": v.text("description"),
        "startDate": v.text("startDate"),
        "endDate": v.text("endDate"),
        "details": details,
    })
}

/// The form's field names.
fn field_names(types: &[PostingType]) -> Vec<String> {
    let mut names: Vec<String> = ["teacher", "description", "startDate", "endDate"].map(String::from).to_vec();
    names.extend(types.iter().map(|t| format!("d{}", t.id)));
    names
}

/// The form's fields.
fn fields(lang: Lang, ctx: &YearContext, types: &[PostingType], v: &FormData, errors: &FieldErrors) -> Vec<Field> {
    let t = |key: &str| i18n::text(lang, key);
    let mut out = vec![
        ctx.teacher_field(lang, v, errors),
        Field::new("text", "description", t("postings-description"), v, errors, false),
        Field::new("date", "startDate", t("postings-start"), v, errors, true),
        Field::new("date", "endDate", t("postings-end"), v, errors, false),
    ];
    out.extend(
        types.iter().map(|ty| Field::new("text", &format!("d{}", ty.id), type_label(lang, ty), v, errors, false)),
    );
    out
}

/// What a form shows besides its fields.
struct FormState {
    id: Option<i64>,
    values: FormData,
    error: Option<Error>,
    conflict: Option<Conflict>,
    notice: Option<Notice>,
    status: StatusCode,
}

impl FormState {
    fn fresh(id: Option<i64>, values: FormData) -> FormState {
        FormState { id, values, error: None, conflict: None, notice: None, status: StatusCode::OK }
    }
}

/// The year `year` and the posting types, read in one snapshot.
async fn read_types(store: &Store, year: i64) -> Result<(YearContext, Vec<PostingType>)> {
    let (ctx, types) = pool::year_posting_types(store, year).await?;
    Ok((YearContext::of(ctx), types))
}

/// Renders the form of year `year`; 403 for a reader.
async fn show_form(state: &WebState, user: SessionUser, lang: Lang, year: i64, s: FormState) -> Response {
    if !user.can_plan() {
        return forbidden(lang);
    }
    let (ctx, types) = match read_types(&state.store, year).await {
        Ok(r) => r,
        Err(e) => return page_error(lang, e),
    };
    let names = field_names(&types);
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let errors = s.error.as_ref().map_or_else(|| FieldErrors::none(lang), |e| FieldErrors::from_error(e, lang, &refs));
    let base = format!("/years/{year}/postings");
    let (title, action, delete_action, here) = match s.id {
        None => (ctx.title(lang, "postings-new-title"), base.clone(), String::new(), format!("{base}/new")),
        Some(id) => (
            ctx.title(lang, "postings-edit-title"),
            format!("{base}/{id}"),
            format!("{base}/{id}/delete"),
            format!("{base}/{id}/edit"),
        ),
    };
    let teacher = s.values.get("teacher");
    let cancel = if teacher.is_empty() { base.clone() } else { format!("{base}?teacher={teacher}") };
    let page = ctx.page(lang, Screen::Postings, title, user, here);
    let html = render(
        lang,
        &PostingForm {
            page,
            action,
            cancel,
            version: s.values.get(form::VERSION_FIELD).to_string(),
            fields: fields(lang, &ctx, &types, &s.values, &errors),
            errors: errors.general.clone(),
            conflict: s.conflict,
            notice: s.notice,
            delete_action,
        },
    );
    (s.status, html).into_response()
}

/// `GET /years/{year}/postings/new?teacher=ID`: the empty form (a start date of today).
pub async fn new_form(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(year): Path<i64>,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let mut values = FormData::default();
    if let Some(t) = teacher_param(&query) {
        values.set("teacher", t.to_string());
    }
    show_form(&state, user, lang, year, FormState::fresh(None, values)).await
}

/// `GET /years/{year}/postings/{id}/edit`: the form with the saved values.
pub async fn edit_form(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path((year, id)): Path<(i64, i64)>,
) -> Response {
    match crud::get::<Postings>(&state.store, id).await {
        Ok(p) if p.school_year.id.0 == year => {
            show_form(&state, user, lang, year, FormState::fresh(Some(id), values_of(&p))).await
        }
        Ok(_) => page_error(lang, Error::not_found("posting", id)),
        Err(e) => page_error(lang, e),
    }
}

/// Reads the form into a posting of year `year`.
async fn parse(state: &WebState, year: i64, values: &FormData, mode: Mode) -> Result<NewPosting> {
    let types = pool::posting_types_read(&state.store).await?;
    NewPosting::from_body(&body(year, values, &types), mode)
}

/// The list of the posting's teacher after a write, saying `done`.
fn back(year: i64, values: &FormData, done: &str) -> Response {
    let teacher = values.get("teacher").trim();
    let filter = if teacher.parse::<i64>().is_ok() { format!("teacher={teacher}&") } else { String::new() };
    Redirect::to(&format!("/years/{year}/postings?{filter}done={done}")).into_response()
}

/// `POST /years/{year}/postings`: creates the posting.
pub async fn create(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(year): Path<i64>,
    Form(fields): Form<Vec<(String, String)>>,
) -> Response {
    let values = FormData(fields);
    let actor = form::actor(&user, &format!("/years/{year}/postings"));
    let written = async {
        let new = parse(&state, year, &values, Mode::Create).await?;
        crud::create::<Postings>(&state.store, &actor, &new).await
    }
    .await;
    match written {
        Ok(_) => back(year, &values, "created"),
        Err(e) => refused(&state, user, lang, year, None, values, e).await,
    }
}

/// `POST /years/{year}/postings/{id}`: saves the form over the posting,
/// expecting the version it was loaded at.
pub async fn save(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path((year, id)): Path<(i64, i64)>,
    Form(fields): Form<Vec<(String, String)>>,
) -> Response {
    let values = FormData(fields);
    let actor = form::actor(&user, &format!("/years/{year}/postings/{id}"));
    let written = async {
        let new = parse(&state, year, &values, Mode::Replace).await?;
        crud::update::<Postings>(&state.store, &actor, id, &values.expect()?, &new).await
    }
    .await;
    match written {
        Ok(_) => back(year, &values, "saved"),
        Err(e) => refused(&state, user, lang, year, Some(id), values, e).await,
    }
}

/// `POST /years/{year}/postings/{id}/delete`: deletes the posting (expects `_version`).
pub async fn delete(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path((year, id)): Path<(i64, i64)>,
    Form(fields): Form<Vec<(String, String)>>,
) -> Response {
    let sent = FormData(fields);
    let actor = form::actor(&user, &format!("/years/{year}/postings/{id}/delete"));
    let before = match crud::get::<Postings>(&state.store, id).await {
        Ok(p) => p,
        Err(e) => return page_error(lang, e),
    };
    match async { crud::delete::<Postings>(&state.store, &actor, id, &sent.expect()?).await }.await {
        Ok(()) => back(year, &values_of(&before), "deleted"),
        Err(e) => {
            let Some(text) = refusal_text(lang, &e) else {
                return page_error(lang, e);
            };
            let status = e.status();
            let current = match crud::get::<Postings>(&state.store, id).await {
                Ok(p) => p,
                Err(e) => return page_error(lang, e),
            };
            let s = FormState {
                notice: Some(Notice { kind: "error", text }),
                status,
                ..FormState::fresh(Some(id), values_of(&current))
            };
            show_form(&state, user, lang, year, s).await
        }
    }
}

/// A refused save: the form again with the values typed and the problems, or
/// with someone else's change (412); other faults as pages.
async fn refused(
    state: &WebState,
    user: SessionUser,
    lang: Lang,
    year: i64,
    id: Option<i64>,
    mut values: FormData,
    e: Error,
) -> Response {
    match (e.code(), id) {
        (ErrorCode::PreconditionFailed, Some(id)) => {
            let read = pool::posting_conflict(&state.store, year, id)
                .await
                .map(|(item, last, ctx, types)| (item, who_when(last), (YearContext::of(ctx), types)));
            let (item, last, (ctx, types)) = match read {
                Ok(r) => r,
                Err(e) => return page_error(lang, e),
            };
            let saved = values_of(&item);
            let conflict = refusal::conflict(lang, &saved, &mut values, last, |v, e| fields(lang, &ctx, &types, v, e));
            let s = FormState {
                conflict: Some(conflict),
                status: StatusCode::PRECONDITION_FAILED,
                ..FormState::fresh(Some(id), values)
            };
            show_form(state, user, lang, year, s).await
        }
        _ if is_page_fault(&e) => page_error(lang, e),
        _ => {
            let status = e.status();
            let s =
                FormState { error: Some(rename_pointers(e, "details", "d")), status, ..FormState::fresh(id, values) };
            show_form(state, user, lang, year, s).await
        }
    }
}
