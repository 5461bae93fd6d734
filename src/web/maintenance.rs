//! Spezielles → Wartung (`GET /years/{year}/maintenance`, docs/web.md
//! §Wartung): the maintenance jobs of the existing client's maintenance
//! screen, on one page — Planung prüfen (the year's plan check), Datenbank
//! prüfen (this year or every year) and Saldi berechnen (the frozen balances
//! of the locked years against a fresh computation) — each started with one
//! button, with the progress bar moving while it runs and its result, the
//! log, open below it once done.
//!
//! `POST /years/{year}/maintenance` starts a job as the Export page does
//! ([`super::documents::start_job`]: the gate and queue of `POST
//! /api/v1/job`); the htmx answer is the job's card, whose events (`GET
//! /jobs/{id}/events`) move the bar. Without JavaScript the answer is a
//! redirect to this page, with the job listed, or the page with the problem.
//! Planners only (the jobs' role): others get 403 and find no menu entry.

use std::collections::HashMap;

use askama::Template;
use axum::extract::{Form, Path, State};
use axum::http::{StatusCode, Uri};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::Router;

use super::documents::{job_view, kind_title, start_job, JobCard, JobView, StartProblem, JOB_LIST};
use super::guard::SignedIn;
use super::htmx::HxRequest;
use super::kit::errors::{error_page, page_error};
use super::kit::render::render;
use super::kit::state::WebState;
use super::layout::{Page, Screen, YearChoice};
use crate::domain::ids::SchoolYearId;
use crate::domain::job::JobKind;
use crate::error::{Error, Result};
use crate::i18n::{self, Lang};
use crate::service::{self, session::SessionUser};

/// The route of Wartung.
pub fn routes() -> Router<WebState> {
    Router::new().route("/years/{year}/maintenance", get(page).post(start))
}

/// The page.
#[derive(Template)]
#[template(path = "web/maintenance/page.html")]
pub struct MaintenancePage {
    /// The frame.
    pub page: Page,
    /// The year's id.
    pub year: i64,
    /// A problem with the last start (no-JS answer), if any.
    pub problem: Option<String>,
    /// One section per job.
    pub jobs: Vec<MaintenanceJob>,
    /// The person's runs of these jobs, newest first.
    pub runs: Vec<JobView>,
    /// Shown when there are none.
    pub no_runs: String,
}

/// A job of the page: what it does and how it is started.
#[derive(Debug, Clone)]
pub struct MaintenanceJob {
    /// The job's wire name (`CheckDatabase`).
    pub name: &'static str,
    /// Element id of its heading.
    pub id: String,
    /// Its name in the reader's language.
    pub title: String,
    /// What it does and what it changes (nothing but the log, or a CSV).
    pub help: String,
    /// Whether it asks which school years to check (this one or all).
    pub all_years: Option<AllYears>,
}

/// The choice of Datenbank prüfen: this year or every year.
#[derive(Debug, Clone)]
pub struct AllYears {
    /// Label of the select.
    pub label: String,
    /// Text of "this year" (value: the year's id).
    pub this_year: String,
    /// Text of "every year" (value `-1`).
    pub every_year: String,
}

/// `GET /years/{year}/maintenance`.
pub async fn page(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(year): Path<i64>,
    uri: Uri,
) -> Response {
    if !user.can_plan() {
        return error_page(lang, StatusCode::FORBIDDEN, "web-error-forbidden");
    }
    match page_for(&state, &user, lang, year, uri.path().to_string(), None).await {
        Ok(page) => render(lang, &page),
        Err(e) => page_error(lang, e),
    }
}

/// The page for `user` in `lang`, with `problem` of a refused start (no-JS).
pub async fn page_for(
    state: &WebState,
    user: &SessionUser,
    lang: Lang,
    year: i64,
    here: String,
    problem: Option<String>,
) -> Result<MaintenancePage> {
    let who = user.principal();
    let service::job::DocumentsPage { current, years, records, .. } =
        service::job::documents_page(&state.store, &who, SchoolYearId(year)).await?;
    let t = |key: &str| i18n::text(lang, key);
    let jobs = JobKind::MAINTENANCE
        .iter()
        .map(|kind| MaintenanceJob {
            name: kind.name(),
            id: format!("maintenance-{}", kind.name()),
            title: kind_title(lang, *kind),
            help: t(&format!("maintenance-help-{}", kind.name())),
            all_years: (*kind == JobKind::CheckDatabase).then(|| AllYears {
                label: t("maintenance-years"),
                this_year: i18n::text_with(lang, "maintenance-this-year", &[("year", current.code.as_str().into())]),
                every_year: t("maintenance-every-year"),
            }),
        })
        .collect();
    // The person's own runs (not the standing jobs of the existing client), newest first.
    let runs = records
        .into_iter()
        .rev()
        .filter(|r| r.account_id.is_some() && JobKind::from_name(&r.name).is_some_and(JobKind::is_maintenance))
        .map(|r| job_view(lang, &r))
        .collect();
    let title = i18n::text_with(lang, "maintenance-title", &[("year", current.code.as_str().into())]);
    let mut page = Page::new(lang, Screen::Maintenance, title, Some(user.clone()), here);
    page.year = Some(year);
    page.years =
        years.iter().map(|y| YearChoice { id: y.id.0, code: y.code.clone(), selected: y.id.0 == year }).collect();
    Ok(MaintenancePage { page, year, problem, jobs, runs, no_runs: t("maintenance-no-runs") })
}

/// `POST /years/{year}/maintenance`: starts the job the form names (`name`,
/// `schoolYear`) for the signed-in person. htmx: the job's card (or the
/// problem) to put in front of the list; otherwise a redirect to this page
/// (303), or this page with the problem.
pub async fn start(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    hx: HxRequest,
    Path(year): Path<i64>,
    uri: Uri,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let name = form.get("name").map(String::as_str).unwrap_or_default();
    if !JobKind::from_name(name).is_some_and(JobKind::is_maintenance) {
        return error_page(lang, StatusCode::UNPROCESSABLE_ENTITY, "maintenance-not-a-job");
    }
    match (start_job(&state, &user, lang, &form).await, hx.htmx) {
        (Ok(record), true) => render(lang, &JobCard { job: job_view(lang, &record) }),
        (Ok(_), false) => Redirect::to(&format!("/years/{year}/maintenance#{JOB_LIST}")).into_response(),
        (Err(e @ Error::Internal(_)), _) => page_error(lang, e),
        (Err(e), true) => render(lang, &StartProblem { message: e.message(lang) }),
        (Err(e), false) => {
            let status = e.status();
            match page_for(&state, &user, lang, year, uri.path().to_string(), Some(e.message(lang))).await {
                Ok(page) => (status, render(lang, &page)).into_response(),
                Err(e) => page_error(lang, e),
            }
        }
    }
}
