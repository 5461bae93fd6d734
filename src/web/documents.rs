//! Übersicht → Export (`GET /years/{year}/documents`, docs/web.md §Documents):
//! every document and list of the existing client's export screen, started
//! from one page, with a progress bar that moves while the job runs
//! (server-sent events, `GET /jobs/{id}/events`) and a download when it is
//! done (`GET /files/{id}`).
//!
//! Starting a job (`POST /jobs`) goes through the same gate as `POST
//! /api/v1/job` ([`crate::jobs::accept`]: role, parameters, references) and
//! the same queue ([`service::job::enqueue`]). Readers may start the
//! downloads; the jobs that need a planner are not offered to them, and a
//! forged request gets the job's own 403. Without JavaScript the form posts,
//! the answer is this page again with the job listed, and reloading it shows
//! the progress.

use std::collections::HashMap;
use std::convert::Infallible;
use std::time::Duration;

use askama::Template;
use axum::extract::{Form, Path, State};
use axum::http::{header, HeaderValue, StatusCode, Uri};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::Router;
use serde_json::{Map, Value};

use super::guard::SignedIn;
use super::htmx::HxRequest;
use super::kit::errors::page_error;
use super::kit::render::render;
use super::kit::state::WebState;
use super::layout::{Page, Screen, YearChoice};
use crate::auth::Role;
use crate::domain::ids::{FileId, JobId, SchoolYearId};
use crate::domain::job::{JobKind, JobRecord, JobStatus};
use crate::error::{Error, Result};
use crate::i18n::{self, Lang};
use crate::service::{self, job::Queued};

/// The Export page's routes: the page, starting a job, its events and the download of a file.
pub fn routes() -> Router<WebState> {
    Router::new()
        .route("/years/{year}/documents", get(page))
        .route("/jobs", post(start))
        .route("/jobs/{id}/events", get(events))
        .route("/files/{id}", get(download))
}

/// The id of the list the started jobs go into.
pub const JOB_LIST: &str = "job-list";

/// How long one event stream lasts at most; the browser reconnects after it.
const EVENT_STREAM_FOR: Duration = Duration::from_secs(600);

/// The documents page.
#[derive(Template)]
#[template(path = "web/documents/page.html")]
pub struct DocumentsPage {
    /// The frame.
    pub page: Page,
    /// The year's id.
    pub year: i64,
    /// A problem with the last start (no-JS answer), if any.
    pub problem: Option<String>,
    /// The groups of documents.
    pub groups: Vec<DocGroup>,
    /// The person's jobs.
    pub jobs: Vec<JobView>,
    /// Shown when there are no jobs.
    pub no_jobs: String,
    /// The link to Pensenblatt versenden ([`super::mail`]), for planners.
    pub mail: Option<String>,
}

/// One job in the list (the answer to an htmx start, and the `done` event).
#[derive(Template)]
#[template(path = "web/documents/job.html")]
pub struct JobCard {
    /// The job.
    pub job: JobView,
}

/// A problem with a start, as the htmx answer (put in front of the list).
#[derive(Template)]
#[template(path = "web/documents/problem.html")]
pub struct StartProblem {
    /// The sentence.
    pub message: String,
}

/// A group of documents, as on the existing client's export screen.
#[derive(Debug, Clone)]
pub struct DocGroup {
    /// Heading, e.g. `Pensenblätter (PDF)`.
    pub heading: String,
    /// Element id of the heading.
    pub id: String,
    /// Choices shared by the group's buttons (division, grade, …).
    pub selects: Vec<Choice>,
    /// One button each.
    pub buttons: Vec<DocButton>,
}

/// A select of a group (its value goes with every button of the group).
#[derive(Debug, Clone)]
pub struct Choice {
    /// Element id.
    pub id: String,
    /// Form field name (`division`, `grade`, `subjectCategory`).
    pub name: &'static str,
    /// Label.
    pub label: String,
    /// (value, text, selected); value `-1` is "all".
    pub options: Vec<(String, String, bool)>,
}

/// A button that starts one job.
#[derive(Debug, Clone)]
pub struct DocButton {
    /// The job's wire name.
    pub name: &'static str,
    /// The semester it asks for (`1`, `2`) or empty.
    pub semester: &'static str,
    /// Text.
    pub label: String,
}

/// A job as the list shows it.
#[derive(Debug, Clone)]
pub struct JobView {
    /// Job id.
    pub id: JobId,
    /// What it makes, in the reader's language.
    pub title: String,
    /// `queued`, `running`, `done`, `failed` (a CSS modifier).
    pub state: &'static str,
    /// The state in words, with the percentage while it runs.
    pub state_label: String,
    /// Percent done (0–100).
    pub percent: u8,
    /// Why it failed.
    pub error: Option<String>,
    /// The product's download link and text, when done with a product.
    pub download: Option<(String, String)>,
    /// The log lines.
    pub log: Vec<String>,
    /// Whether the log is shown open: it is the result of a maintenance job
    /// ([`JobKind::is_maintenance`]).
    pub log_open: bool,
    /// Text of the log's disclosure.
    pub log_label: String,
    /// The event stream's URL while it runs.
    pub events: Option<String>,
    /// Accessible name of the progress bar.
    pub progress_label: String,
}

/// A group of the page: (heading key, selects, buttons: job kind and variant).
type Group = (&'static str, &'static [&'static str], Vec<(JobKind, &'static str)>);

/// The job kinds offered on the page, by group.
fn groups_of(role: Role) -> Vec<Group> {
    let mut groups = vec![
        (
            "documents-group-workload",
            &["division"][..],
            vec![(JobKind::WorkloadDownload, ""), (JobKind::EmploymentCsvDownload, "")],
        ),
        (
            "documents-group-timetable",
            &[][..],
            vec![
                (JobKind::UntisDownload, "1"),
                (JobKind::UntisDownload, "2"),
                (JobKind::TeacherLessonSummaryCsvDownload, ""),
            ],
        ),
        (
            "documents-group-plan",
            &["division", "grade", "subjectCategory"][..],
            vec![(JobKind::CourseTableCsvDownload, ""), (JobKind::GroupingCsvDownload, "")],
        ),
        (
            "documents-group-allocation",
            &[][..],
            vec![
                (JobKind::TeacherCourseDownload, ""),
                (JobKind::SubjectCourseDownload, ""),
                (JobKind::OpenWorkloadDownload, ""),
            ],
        ),
        (
            "documents-group-payroll",
            &[][..],
            vec![
                (JobKind::PayrollCsvDownload, "1"),
                (JobKind::PayrollCsvDownload, "2"),
                (JobKind::PoolCsvDownload, ""),
                (JobKind::ThesisCsvDownload, ""),
            ],
        ),
        ("documents-group-check", &[][..], vec![(JobKind::CheckPlan, "")]),
    ];
    for (_, _, buttons) in &mut groups {
        buttons.retain(|(kind, _)| kind.role() <= role);
    }
    groups.retain(|(_, _, buttons)| !buttons.is_empty());
    groups
}

/// The label of a button: the catalogue's name of the job, with the semester.
fn button_label(lang: Lang, kind: JobKind, semester: &str) -> String {
    let name = kind_title(lang, kind);
    if semester.is_empty() {
        name
    } else {
        i18n::text_with(lang, "documents-semester", &[("name", name.into()), ("semester", semester.into())])
    }
}

/// The catalogue's name of job `kind` (`job-kind-WorkloadDownload`).
pub fn kind_title(lang: Lang, kind: JobKind) -> String {
    i18n::text(lang, &format!("job-kind-{}", kind.name()))
}

/// `GET /years/{year}/documents`.
pub async fn page(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(year): Path<i64>,
    uri: Uri,
) -> Response {
    let here = uri.path().to_string();
    match page_for(&state, &user, lang, year, here, None).await {
        Ok(page) => render(lang, &page),
        Err(e) => page_error(lang, e),
    }
}

async fn page_for(
    state: &WebState,
    user: &service::session::SessionUser,
    lang: Lang,
    year: i64,
    here: String,
    problem: Option<String>,
) -> Result<DocumentsPage> {
    let who = user.principal();
    let service::job::DocumentsPage { current, years, divisions, grades, categories, records } =
        service::job::documents_page(&state.store, &who, SchoolYearId(year)).await?;
    let t = |key: &str| i18n::text(lang, key);
    let all = || (String::from("-1"), t("documents-all"), true);
    let choice = |group: usize, name: &'static str| -> Choice {
        let (label, items): (String, Vec<(i64, String)>) = match name {
            "division" => (
                t("documents-division"),
                divisions.iter().map(|d| (d.id.0, format!("{} – {}", d.code, d.description))).collect(),
            ),
            "grade" => (t("documents-grade"), grades.iter().map(|g| (g.id.0, g.code.clone())).collect()),
            _ => (
                t("documents-category"),
                categories.iter().filter(|c| !c.archived).map(|c| (c.id, c.description.clone())).collect(),
            ),
        };
        let mut options = vec![all()];
        options.extend(items.into_iter().map(|(id, text)| (id.to_string(), text, false)));
        Choice { id: format!("doc-{group}-{name}"), name, label, options }
    };
    let groups = groups_of(user.role)
        .into_iter()
        .enumerate()
        .map(|(i, (heading, selects, buttons))| DocGroup {
            heading: t(heading),
            id: format!("doc-group-{i}"),
            selects: selects.iter().map(|name| choice(i, name)).collect(),
            buttons: buttons
                .into_iter()
                .map(|(kind, semester)| DocButton {
                    name: kind.name(),
                    semester,
                    label: button_label(lang, kind, semester),
                })
                .collect(),
        })
        .collect();
    // The person's own jobs (the standing jobs belong to Wartung).
    // Newest first.
    let jobs = records.into_iter().rev().filter(|r| r.account_id.is_some()).map(|r| job_view(lang, &r)).collect();
    let title = i18n::text_with(lang, "documents-title", &[("year", current.code.as_str().into())]);
    let mut page = Page::new(lang, Screen::Documents, title, Some(user.clone()), here);
    page.year = Some(year);
    page.years =
        years.iter().map(|y| YearChoice { id: y.id.0, code: y.code.clone(), selected: y.id.0 == year }).collect();
    let mail = super::mail::link(user, year);
    Ok(DocumentsPage { page, year, problem, groups, jobs, no_jobs: t("documents-no-jobs"), mail })
}

/// The view of job `r` in `lang`.
pub fn job_view(lang: Lang, r: &JobRecord) -> JobView {
    let kind = JobKind::from_name(&r.name);
    let title = kind.map_or_else(|| r.name.clone(), |k| kind_title(lang, k));
    let percent = crate::domain::job::percent_done(r.done, r.total);
    let (state, state_label) = match r.status {
        JobStatus::Running if !r.claimed => ("queued", i18n::text(lang, "documents-queued")),
        JobStatus::Running => {
            ("running", i18n::text_with(lang, "documents-running", &[("percent", percent.to_string().into())]))
        }
        JobStatus::Failed => ("failed", i18n::text(lang, "documents-failed")),
        _ => ("done", i18n::text(lang, "documents-done")),
    };
    let running = r.status == JobStatus::Running;
    JobView {
        id: r.id,
        title: title.clone(),
        state,
        state_label,
        percent: if running { percent } else { 100 },
        error: r.error.clone(),
        download: r.product.map(|f| (format!("/files/{f}"), i18n::text(lang, "documents-download"))),
        log: r.log.clone(),
        log_open: kind.is_some_and(JobKind::is_maintenance),
        log_label: i18n::text_with(lang, "documents-log", &[("count", r.log.len().to_string().into())]),
        events: running.then(|| format!("/jobs/{}/events", r.id)),
        progress_label: i18n::text_with(lang, "documents-progress", &[("name", title.into())]),
    }
}

/// The job form's fields as the JSON body of `POST /api/v1/job`: numbers
/// as numbers, anything else as text (so that the parameters' reader names
/// what is wrong); `_csrf` and empty fields left out. The pressed button's
/// `name` may carry the semester after a colon (`UntisDownload:2`), as one
/// button sends one value.
pub fn form_body(form: &HashMap<String, String>) -> Value {
    let mut body = Map::new();
    for (key, value) in form {
        let value = value.trim();
        if key == "_csrf" || value.is_empty() {
            continue;
        }
        if key == "name" {
            if let Some((name, semester)) = value.split_once(':') {
                body.insert("name".into(), Value::String(name.to_string()));
                body.insert("semester".into(), number_or_text(semester));
                continue;
            }
        }
        body.insert(key.clone(), number_or_text(value));
    }
    Value::Object(body)
}

fn number_or_text(value: &str) -> Value {
    value.parse::<i64>().map_or_else(|_| Value::String(value.to_string()), Value::from)
}

/// `POST /jobs`: starts the job the form names for the signed-in person.
/// htmx: the job's card (or the problem) to put in front of the list;
/// otherwise a redirect to the year's documents page (303), or that page with
/// the problem.
pub async fn start(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    hx: HxRequest,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let year = form.get("schoolYear").and_then(|y| y.trim().parse::<i64>().ok());
    let outcome = start_job(&state, &user, lang, &form).await;
    match (outcome, hx.htmx) {
        (Ok(record), true) => render(lang, &JobCard { job: job_view(lang, &record) }),
        (Ok(_), false) => match year {
            Some(y) => Redirect::to(&format!("/years/{y}/documents#{JOB_LIST}")).into_response(),
            None => Redirect::to("/").into_response(),
        },
        (Err(e), true) => {
            if matches!(e, Error::Internal(_)) {
                return page_error(lang, e);
            }
            render(lang, &StartProblem { message: e.message(lang) })
        }
        (Err(e), false) => {
            let Some(y) = year else { return page_error(lang, e) };
            if matches!(e, Error::Internal(_)) {
                return page_error(lang, e);
            }
            let status = e.status();
            match page_for(&state, &user, lang, y, format!("/years/{y}/documents"), Some(e.message(lang))).await {
                Ok(page) => (status, render(lang, &page)).into_response(),
                Err(e) => page_error(lang, e),
            }
        }
    }
}

/// Starts the job `form` names for `user` (what [`start`] does; also
/// Wartung's, [`super::maintenance`]): the job as queued, or why not.
pub async fn start_job(
    state: &WebState,
    user: &service::session::SessionUser,
    lang: Lang,
    form: &HashMap<String, String>,
) -> Result<JobRecord> {
    let body = form_body(form);
    let name = body.get("name").and_then(Value::as_str).unwrap_or_default();
    let kind = JobKind::from_name(name).ok_or_else(|| crate::domain::job::unknown_job(name))?;
    let who = user.principal();
    let config = state.jobs.config();
    let params = crate::jobs::accept(&state.store, config, kind, &who, &body).await?;
    state.jobs.purge().await?;
    match service::job::enqueue(&state.store, who.account_id, kind, &params, lang, config.per_account).await? {
        Queued::Job(id) => {
            state.jobs.wake();
            service::job::visible(&state.store, &who, id).await
        }
        Queued::TooMany { limit } => Err(Error::new(
            crate::error::ErrorCode::TooManyJobs,
            i18n::Message::new("documents-too-many").arg("limit", limit),
        )),
    }
}

/// `GET /jobs/{id}/events`: server-sent events while job `id` runs —
/// `progress` (data: the percentage) whenever it changed, then `done` (data:
/// the job's card as HTML) once it ended, and the stream closes. The job is
/// read from the database by the server's job watch
/// ([`service::job_watch`]: one query for every stream), so the server that
/// runs it may be another one.
pub async fn events(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(id): Path<JobId>,
) -> Response {
    let who = user.principal();
    if let Err(e) = service::job::visible(&state.store, &who, id).await {
        return page_error(lang, e);
    }
    let deadline = tokio::time::Instant::now() + EVENT_STREAM_FOR;
    let job = state.job_watch.watch(id);
    let stream = futures::stream::unfold(Some((job, None::<String>)), move |watching| async move {
        let (mut job, mut last) = watching?;
        loop {
            let record = job.borrow_and_update().clone();
            let late = tokio::time::Instant::now() >= deadline;
            if let Some(record) = record {
                if record.status != JobStatus::Running || late {
                    let html = JobCard { job: job_view(lang, &record) }.render().unwrap_or_default();
                    let event = Event::default().event("done").data(html);
                    return Some((Ok::<Event, Infallible>(event), None));
                }
                let view = job_view(lang, &record);
                let now = format!("{}|{}", view.percent, view.state);
                if last.as_deref() != Some(now.as_str()) {
                    let event =
                        Event::default().event("progress").data(format!("{} {}", view.percent, view.state_label));
                    last = Some(now);
                    return Some((Ok(event), Some((job, last))));
                }
            } else if late {
                return None;
            }
            tokio::select! {
                changed = job.changed() => if changed.is_err() { return None },
                _ = tokio::time::sleep_until(deadline) => {}
            }
        }
    });
    let mut res = Sse::new(stream).keep_alive(KeepAlive::default()).into_response();
    res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    res
}

/// `GET /files/{id}`: a finished job's product, for the person who started
/// it (an admin: any); 404 page otherwise.
pub async fn download(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(id): Path<FileId>,
) -> Response {
    let file = match service::job::fetch_file(&state.store, &user.principal(), id).await {
        Ok(file) => file,
        Err(e) => return page_error(lang, e),
    };
    let disposition = crate::documents::content_disposition(&file.name);
    let mut res = (StatusCode::OK, file.content).into_response();
    let headers = res.headers_mut();
    if let Ok(v) = HeaderValue::from_str(&file.content_type) {
        headers.insert(header::CONTENT_TYPE, v);
    }
    if let Ok(v) = HeaderValue::from_str(&disposition) {
        headers.insert(header::CONTENT_DISPOSITION, v);
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn form_fields_become_the_api_body() {
        let form: HashMap<String, String> = [
            ("_csrf", "x"),
            ("name", "UntisDownload:2"),
            ("schoolYear", "3"),
            ("division", "-1"),
            ("grade", ""),
            ("teacher", "abc"),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
        let body = form_body(&form);
        assert_eq!(
            body,
            serde_json::json!({"name": "UntisDownload", "schoolYear": 3, "semester": 2, "division": -1, "teacher": "abc"})
        );
    }

    #[test]
    fn readers_are_offered_downloads_only() {
        let reader: Vec<JobKind> = groups_of(Role::Reader).into_iter().flat_map(|g| g.2).map(|b| b.0).collect();
        assert!(reader.contains(&JobKind::WorkloadDownload));
        assert!(reader.iter().all(|k| k.role() == Role::Reader), "{reader:?}");
        let planner: Vec<JobKind> = groups_of(Role::Planner).into_iter().flat_map(|g| g.2).map(|b| b.0).collect();
        assert!(planner.contains(&JobKind::CheckPlan));
    }
}
