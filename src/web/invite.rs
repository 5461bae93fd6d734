//! Verwaltung → Lehrpersonen einladen, for administrators
//! (docs/teachers.md §Inviting the teachers):
//!
//! - `GET /admin/invite?year=ID`: the teachers of the year an invitation
//!   reaches ([`crate::service::invitation::invitees`]) and the message each
//!   gets, as it will read, before anything happens;
//! - `POST /admin/invite` (`year`): creates their accounts and sign-in links,
//!   queues each link's mail when the service's mail is configured
//!   (docs/teachers.md §Mails), and shows each link once.

use askama::Template;
use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::get;
use axum::Form;
use axum::Router;

use super::admin::SignedInAdmin;
use super::form::FormData;
use super::kit::errors::page_error;
use super::kit::render::render;
use super::kit::state::WebState;
use super::layout::{Page, Screen};
use crate::domain::ids::SchoolYearId;
use crate::domain::person_name::PersonName as _;
use crate::i18n::{self, Lang};
use crate::service::invitation::{self, Invitee, INVITATION_LIFETIME};
use crate::service::outbox::{invitation_body, invitation_mail};

/// The route of an invitation: the form and its sending.
pub fn routes() -> Router<WebState> {
    Router::new().route("/admin/invite", get(page).post(invite))
}

/// The invitation page: the choice of year, the list, the message, the button; or the result.
#[derive(Template)]
#[template(path = "web/invite/page.html")]
pub struct InvitePage {
    /// The frame.
    pub page: Page,
    /// The school years: (id, code, chosen).
    pub years: Vec<(i64, String, bool)>,
    /// The chosen year's id.
    pub year: Option<i64>,
    /// Who would be invited: (code, name, address).
    pub invitees: Vec<(String, String, String)>,
    /// The message one of them gets, as it will read.
    pub sample: Option<String>,
    /// When mails are on, the sample's headers: (from, to, subject).
    pub headers: Option<(String, String, String)>,
    /// After inviting: who was invited, with their link (shown once).
    pub invited: Vec<(String, String, String)>,
    /// The caption of the list (`12 Lehrpersonen …`) or, after inviting, what was done.
    pub summary: String,
}

/// The message for `invitee` with `link`, in `lang`.
fn message(lang: Lang, invitee: &Invitee, year: &str, link: &str) -> String {
    invitation_body(lang, &invitee.teacher, year, link, INVITATION_LIFETIME.num_days())
}

/// `GET /admin/invite?year=ID`.
pub async fn page(
    State(state): State<WebState>,
    SignedInAdmin { user, lang }: SignedInAdmin,
    Query(q): Query<Vec<(String, String)>>,
    headers: HeaderMap,
) -> Response {
    let chosen = q.iter().find(|(k, _)| k == "year").and_then(|(_, v)| v.trim().parse::<i64>().ok());
    let years = match crate::service::schoolyear::years_newest_first(&state.store).await {
        Ok(y) => y,
        Err(e) => return page_error(lang, e),
    };
    let year = chosen.or_else(|| years.first().map(|y| y.0));
    let mail = state.jobs.config().mail_settings();
    let from = state.jobs.config().mail_from.clone().unwrap_or_default();
    let (invitees, sample, mail_headers) = match year {
        Some(y) => match invitation::invitees(&state.store, SchoolYearId(y)).await {
            Ok(list) => {
                let code = years.iter().find(|c| c.0 == y).map_or_else(String::new, |c| c.1.clone());
                let example = format!("{}/signin?token=…", state.config.base_url(&headers));
                // With mail on, the mail as it is queued (in the school's language); else the message to pass on.
                let (sample, mail_headers) = match (list.first(), &mail) {
                    (Some(i), Some(m)) => {
                        let days = INVITATION_LIFETIME.num_days();
                        let out = invitation_mail(m.lang, &i.teacher, &i.email, &code, &example, days);
                        (Some(out.body), Some((from, format!("{} <{}>", out.name, out.to), out.subject)))
                    }
                    (Some(i), None) => (Some(message(lang, i, &code, &example)), None),
                    (None, _) => (None, None),
                };
                let rows = list.iter().map(|i| (i.teacher.code.clone(), i.teacher.name(), i.email.clone())).collect();
                (rows, sample, mail_headers)
            }
            Err(e) => return page_error(lang, e),
        },
        None => (Vec::new(), None, None),
    };
    let years = years.into_iter().map(|(id, code)| (id, code, Some(id) == year)).collect();
    let summary = i18n::text_with(lang, "invite-count", &[("count", invitees.len().to_string().into())]);
    let page = Page::new(lang, Screen::Invite, i18n::text(lang, "invite-title"), Some(user), "/admin/invite".into());
    let invited = Vec::new();
    render(lang, &InvitePage { page, years, year, invitees, sample, headers: mail_headers, invited, summary })
}

/// `POST /admin/invite` (`year`).
pub async fn invite(
    State(state): State<WebState>,
    SignedInAdmin { user, lang }: SignedInAdmin,
    headers: HeaderMap,
    Form(fields): Form<Vec<(String, String)>>,
) -> Response {
    let sent = FormData(fields);
    let Some(year) = sent.get("year").trim().parse::<i64>().ok() else {
        return super::kit::errors::error_page(lang, axum::http::StatusCode::UNPROCESSABLE_ENTITY, "invite-no-year");
    };
    let actor = super::form::actor(&user, "/admin/invite");
    let mail = state.jobs.config().mail_settings();
    let base = state.config.base_url(&headers);
    let invited = match invitation::invite(&state.store, &actor, SchoolYearId(year), &base, mail.as_ref()).await {
        Ok(list) => list,
        Err(e) => return page_error(lang, e),
    };
    let mailed = invited.iter().any(|i| i.mailed);
    let invited: Vec<_> =
        invited.into_iter().map(|i| (i.invitee.teacher.code.clone(), i.invitee.email.clone(), i.link)).collect();
    let done = if mailed { "invite-done-mailed" } else { "invite-done" };
    let summary = i18n::text_with(lang, done, &[("count", invited.len().to_string().into())]);
    let page = Page::new(lang, Screen::Invite, i18n::text(lang, "invite-title"), Some(user), "/admin/invite".into());
    let years = Vec::new();
    let (invitees, sample, headers) = (Vec::new(), None, None);
    render(lang, &InvitePage { page, years, year: Some(year), invitees, sample, headers, invited, summary })
}
