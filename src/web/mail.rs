//! Übersicht → Export → Pensenblatt versenden (docs/web.md §Pensenblatt
//! versenden): before `WorkloadMail` sends anything, the planner sees one
//! mail exactly as it will go out — sender, recipient, subject, text and the
//! attached sheet — and every recipient, checked as the job checks them
//! ([`crate::jobs::mail::plan`]). Only then does "Senden" start the job,
//! through the Export page's `POST /jobs`.
//!
//! - `GET /years/{year}/mail`: the form (division, teacher, sender, subject,
//!   text), filled from the person's saved mail settings (`/settings`), or
//!   from the query (the preview's way back).
//! - `POST /years/{year}/mail`: the preview, or the form again with what is
//!   wrong beside its field. Nothing is written.
//!
//! Planners only (the job's role): others get 403 and find no link.

use std::collections::HashMap;

use askama::Template;
use axum::extract::{Form, Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use serde_json::Value;

use super::form::{Field, FieldErrors, FormData};
use super::guard::SignedIn;
use super::kit::errors::{error_page, page_error};
use super::kit::render::render;
use super::kit::state::WebState;
use super::layout::{Page, Screen};
use crate::domain::ids::SchoolYearId;
use crate::domain::job::{JobKind, JobParams};
use crate::domain::person_name::PersonName as _;
use crate::error::Result;
use crate::i18n::{self, Lang};
use crate::jobs::mail::MailPlan;
use crate::service::employment;
use crate::service::session::SessionUser;

/// The route of Pensenblatt versenden: the form and its preview.
pub fn routes() -> Router<WebState> {
    Router::new().route("/years/{year}/mail", get(form).post(preview))
}

/// The form's fields that a problem can name.
const FIELDS: &[&str] = &["division", "teacher", "mailFrom", "mailSubject", "mailBody"];

/// The form.
#[derive(Template)]
#[template(path = "web/mail/form.html")]
pub struct MailFormPage {
    /// The frame.
    pub page: Page,
    /// Where the form posts.
    pub action: String,
    /// Division and teacher (selects), sender and subject (text).
    pub fields: Vec<Field>,
    /// The mail's text as typed.
    pub body: String,
    /// What is wrong with the text, if anything.
    pub body_error: Option<String>,
    /// Problems of no field.
    pub errors: Vec<String>,
    /// The way back to the Export page.
    pub back: String,
}

/// The preview.
#[derive(Template)]
#[template(path = "web/mail/preview.html")]
pub struct MailPreviewPage {
    /// The frame.
    pub page: Page,
    /// The year's id.
    pub year: i64,
    /// The plan; its first mail is shown in full.
    pub plan: MailPlan,
    /// The first mail's `To` header (`Anna Muster <anna@…>`), empty without recipients.
    pub to: String,
    /// Link to the first mail's sheet as PDF (what it carries).
    pub attachment: String,
    /// The form's values, sent again as hidden fields to `POST /jobs`.
    pub hidden: Vec<(String, String)>,
    /// Whether this server can send mail (`--smtp-url`).
    pub can_send: bool,
    /// Back to the form with the same values.
    pub edit: String,
}

/// The Export page's link to this screen, for a person who may send.
pub fn link(user: &SessionUser, year: i64) -> Option<String> {
    user.can_plan().then(|| format!("/years/{year}/mail"))
}

/// `GET /years/{year}/mail`: the form with the saved mail texts, or with the
/// values of the query (the preview's way back keeps what was typed).
pub async fn form(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(year): Path<i64>,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    if !user.can_plan() {
        return error_page(lang, StatusCode::FORBIDDEN, "web-error-forbidden");
    }
    let settings = match crate::service::account::settings(&state.store, user.account_id).await {
        Ok(s) => s,
        Err(e) => return page_error(lang, e),
    };
    let mut values = FormData::default();
    values.set("mailFrom", settings.mail_from);
    values.set("mailSubject", settings.mail_subject);
    values.set("mailBody", settings.mail_body);
    for name in FIELDS {
        if let Some(v) = query.get(*name) {
            values.set(name, super::form::line_breaks(v));
        }
    }
    respond_form(&state, &user, lang, year, &values, &FieldErrors::none(lang), StatusCode::OK).await
}

/// `POST /years/{year}/mail`: the preview of what the form would send.
pub async fn preview(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(year): Path<i64>,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    if !user.can_plan() {
        return error_page(lang, StatusCode::FORBIDDEN, "web-error-forbidden");
    }
    let mut values = FormData::default();
    for name in FIELDS {
        values.set(name, super::form::line_breaks(form.get(*name).map_or("", String::as_str)));
    }
    let planned = match params_of(year, &values) {
        Ok(params) => crate::jobs::mail::preview(&state.store, &params).await,
        Err(e) => Err(e),
    };
    match planned {
        Ok(plan) => preview_page(&state, &user, lang, year, &values, plan),
        Err(e) if e.status().is_server_error() || e.code() == crate::error::ErrorCode::NotFound => page_error(lang, e),
        Err(e) => {
            let status = e.status();
            respond_form(&state, &user, lang, year, &values, &FieldErrors::from_error(&e, lang, FIELDS), status).await
        }
    }
}

/// The job's parameters of the form, read by the job's own reader (so its
/// messages are the API's); `-1` and empty choices mean all.
fn params_of(year: i64, values: &FormData) -> Result<JobParams> {
    let mut body = serde_json::Map::new();
    body.insert("schoolYear".into(), Value::from(year));
    for name in FIELDS {
        let v = values.get(name).trim();
        if v.is_empty() {
            continue;
        }
        let value = match *name {
            "division" | "teacher" => v.parse::<i64>().map_or_else(|_| Value::from(v), Value::from),
            _ => Value::from(values.get(name)),
        };
        body.insert((*name).into(), value);
    }
    JobParams::parse(JobKind::WorkloadMail, &Value::Object(body))
}

fn preview_page(
    state: &WebState,
    user: &SessionUser,
    lang: Lang,
    year: i64,
    values: &FormData,
    plan: MailPlan,
) -> Response {
    let hidden: Vec<(String, String)> = [("name", "WorkloadMail".to_string()), ("schoolYear", year.to_string())]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .chain(FIELDS.iter().map(|n| (n.to_string(), values.get(n).to_string())).filter(|(_, v)| !v.is_empty()))
        .collect();
    let first = plan.mails.first();
    let title = i18n::text_with(lang, "mail-preview-title", &[("count", plan.mails.len().to_string().into())]);
    let mut page = Page::new(lang, Screen::Documents, title, Some(user.clone()), format!("/years/{year}/mail"));
    page.year = Some(year);
    let view = MailPreviewPage {
        page,
        year,
        to: first.map(|m| format!("{} <{}>", m.name, m.email)).unwrap_or_default(),
        attachment: first.map(|m| format!("/years/{year}/workload/{}/pdf", m.teacher)).unwrap_or_default(),
        hidden,
        can_send: state.jobs.config().smtp_url.is_some(),
        edit: format!("/years/{year}/mail"),
        plan,
    };
    render(lang, &view)
}

/// The form with `values` and `errors`, answered with `status`.
async fn respond_form(
    state: &WebState,
    user: &SessionUser,
    lang: Lang,
    year: i64,
    values: &FormData,
    errors: &FieldErrors,
    status: StatusCode,
) -> Response {
    let (code, divisions, teachers) = match choices(state, year).await {
        Ok(c) => c,
        Err(e) => return page_error(lang, e),
    };
    let t = |key: &str| i18n::text(lang, key);
    let all = Some(t("documents-all"));
    let fields = vec![
        Field::new("select", "division", t("documents-division"), values, errors, false).with_options(
            divisions,
            values,
            all.clone(),
        ),
        Field::new("select", "teacher", t("mail-teacher"), values, errors, false).with_options(teachers, values, all),
        Field::new("text", "mailFrom", t("mail-from"), values, errors, true),
        Field::new("text", "mailSubject", t("mail-subject"), values, errors, true),
    ];
    let title = i18n::text_with(lang, "mail-title", &[("year", code.into())]);
    let mut page = Page::new(lang, Screen::Documents, title, Some(user.clone()), format!("/years/{year}/mail"));
    page.year = Some(year);
    let view = MailFormPage {
        page,
        action: format!("/years/{year}/mail"),
        body: values.get("mailBody").to_string(),
        body_error: errors.get("mailBody", &t("mail-body")),
        fields,
        errors: errors.general.clone(),
        back: format!("/years/{year}/documents"),
    };
    (status, render(lang, &view)).into_response()
}

/// The year's code, its divisions and its employed teachers as choices
/// `(id, text)`, read in one snapshot; 404 for an unknown year.
async fn choices(state: &WebState, year: i64) -> Result<(String, Vec<(String, String)>, Vec<(String, String)>)> {
    let (current, divisions, employments) = employment::mail_choices(&state.store, SchoolYearId(year)).await?;
    let divisions =
        divisions.into_iter().map(|d| (d.id.0.to_string(), format!("{} – {}", d.code, d.description))).collect();
    let teachers = employments
        .into_iter()
        .map(|e| {
            let t = e.teacher.reference;
            (t.id.0.to_string(), t.choice())
        })
        .collect();
    Ok((current.code, divisions, teachers))
}
