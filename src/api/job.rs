//! `/job` and `/file` (docs/documents.md §Jobs and files, docs/client.md §Standing jobs).
//!
//! - `POST /job {"name", …parameters}` → 201 with the job (reader; the jobs
//!   that change or mail need planner: 403).
//! - `GET /job` → the standing jobs 1–3 and the caller's jobs (admin: all),
//!   except the finished ones whose product was fetched.
//! - `GET /job/ID` → one job (only its creator or an admin; else 404).
//! - `PUT /job/ID {…, "action": "start", …parameters}` → starts standing job
//!   1–3 (planner).
//! - `GET /file/ID` → a finished job's product (its creator or an admin).

use axum::extract::State;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};

use super::etag::{ETag, Preconditions};
use super::extract::{JsonBody, PathId};
use super::lang::RequestLang;
use super::openapi::annotations::{List, Single};
use super::response::{created, ok};
use super::routes::ApiRouter;
use super::AppState;
use crate::auth::{Principal, Role};
use crate::domain::ids;
use crate::domain::job::{unknown_job, Job, JobKind, JobParams, JobRecord};
use crate::error::{Error, ErrorCode, Result};
use crate::i18n::Message;
use crate::jobs;
use crate::service::{self, job::Queued};

/// Routes of `/job` and `/file`.
pub fn routes() -> ApiRouter {
    ApiRouter::new()
        .routes(utoipa_axum::routes!(list_jobs, create_job))
        .routes(utoipa_axum::routes!(get_job, start_job))
        .routes(utoipa_axum::routes!(get_file))
}

/// The body of [`create_job`].
fn create_schema() -> Value {
    let names: Vec<&str> = JobKind::ALL.iter().map(|k| k.name()).collect();
    let body = json!({
        "type": "object",
        "required": ["name"],
        "properties": {
            "name": {"type": "string", "enum": names, "description": "The job (docs/api.md lists each with its parameters)."},
            "schoolYear": reference("The school year (every job but CalculateBalances; CheckDatabase: absent, null or -1 checks every year)."),
            "teacher": reference("One teacher, or -1/absent for all."),
            "division": reference("One division, or -1/absent for all."),
            "grade": reference("One grade, or -1/absent for all (CourseTableCSVDownload)."),
            "subjectCategory": reference("One subject category, or -1/absent for all (CourseTableCSVDownload)."),
            "semester": {"type": "integer", "minimum": 1, "maximum": 2, "description": "PayrollCSVDownload, UntisDownload."},
            "mailFrom": {"type": "string", "maxLength": 254, "description": "WorkloadMail: sender address, also with a display name (`Name <name@school.ch>`)."},
            "mailSubject": {"type": "string", "maxLength": 500, "pattern": crate::domain::body_reader::SINGLE_LINE_TEXT,
                            "description": "WorkloadMail: subject."},
            "mailBody": {"type": "string", "maxLength": crate::domain::job::MAX_MAIL_BODY, "pattern": crate::domain::body_reader::MULTI_LINE_TEXT,
                         "description": "WorkloadMail: text (line feeds and tabs allowed)."}
        }
    });
    body
}

crate::json_schema!(
    /// The body of [`create_job`].
    CreateBody = create_schema()
);

crate::inputs!(
    /// The body problems of [`create_job`].
    CreateInputs = [
        body(),
        problem(403, "The job needs the planner role."),
        problem(429, "The account has as many unfinished jobs as allowed (`too_many_jobs`, `Retry-After`)."),
    ]
);

crate::inputs!(
    /// The path id of [`get_job`].
    JobId = [path_id("job")]
);

crate::json_schema!(
    /// The body of [`start_job`].
    StartBody = json!({
        "type": "object",
        "description": "The job as received plus `action`; `schoolYear` (a reference) is read \
                        for CheckDatabase (null: every year) and InitializeSchoolYear, every \
                        other field is ignored.",
        "properties": {
            "action": {"type": "string", "enum": ["start"], "description": "Absent or \"start\"."}
        }
    })
);

crate::inputs!(
    /// Parameters and problems of [`start_job`].
    StartInputs = [
        path_id("job"),
        body(),
        condition_header("If-Match", "An ETag from an earlier response: the job starts only if it is still in that state."),
        problem(412, "`If-Match` does not match, or is malformed; nothing was started."),
        problem(403, "Starting a standing job needs the planner role."),
        problem(409, "The standing job is running already (`job_running`)."),
    ]
);

crate::inputs!(
    /// The path id of [`get_file`].
    FileId = [path_id("file")]
);

crate::json_schema!(
    /// A binary file.
    BinaryFile = json!({"type": "string", "format": "binary"})
);

fn reference(description: &str) -> Value {
    json!({
        "description": description,
        "oneOf": [
            {"type": "integer", "format": "int64"},
            {"type": "string", "pattern": "^-?[0-9]{1,18}$"},
            {"type": "object", "required": ["id"], "properties": {"id": {"type": "integer", "format": "int64"}}},
            {"type": "null"}
        ]
    })
}

#[utoipa::path(get, path = "/job", tag = "job", summary = "The standing jobs and the caller's jobs",
    description = "Always lists the standing jobs 1–3 (`CalculateBalances`, `CheckDatabase`, \
                   `InitializeSchoolYear`), then the caller's jobs (an admin sees every job), by id: \
                   the queued and running ones, and the finished ones until their product is fetched \
                   (`GET /file/ID`; a job without a product stays until it is purged). \
                   Finished jobs are kept at least one hour (`GET /job/ID`), unless the caps on stored \
                   products expire them earlier.",
    responses((status = 200, description = "The jobs.", body = inline(List<Job>))))]
async fn list_jobs(State(app): State<AppState>, who: Principal) -> Result<Response> {
    let list: Vec<Job> = service::job::list(&app.store, &who).await?.into_iter().map(Job::of).collect();
    Ok(ok(&list))
}

async fn visible_job(app: &AppState, id: ids::JobId, who: &Principal) -> Result<JobRecord> {
    service::job::visible(&app.store, who, id).await
}

#[utoipa::path(get, path = "/job/{id}", tag = "job", summary = "One job with its progress and log",
    description = "Only its creator or an admin sees a job (else 404); the standing jobs 1–3 everyone.",
    params(JobId), responses((status = 200, description = "The job.", body = inline(Single<Job>)), JobId))]
async fn get_job(State(app): State<AppState>, who: Principal, PathId(id): PathId) -> Result<Response> {
    let record = visible_job(&app, ids::JobId(id), &who).await?;
    Ok(ok(&Job::of(record)))
}

/// Reads and checks a job request: kind, role, parameters.
async fn accept(app: &AppState, kind: JobKind, who: &Principal, body: &Value) -> Result<JobParams> {
    jobs::accept(&app.store, app.jobs.config(), kind, who, body).await
}

#[utoipa::path(post, path = "/job", tag = "job", summary = "Start a job",
    description = "Starts the job `name` with its parameters (docs/documents.md §Jobs and files); it runs in the background: \
                   poll `GET /job/ID` for `progress` and `log`, then fetch `GET /file/{product}`. A reference \
                   with id -1 means \"all\". Downloads need the reader role; `WorkloadMail`, \
                   `CalculateBalances`, `InitializeSchoolYear`, `CheckDatabase` and `CheckPlan` need planner \
                   (403). 422: `unknown_job`, `job_not_available` (`WorkloadMail` without \
                   `--smtp-url`), `missing_email`, field errors \
                   (`required`, `out_of_range`, `unknown_reference`, `teacher_not_employed`, `invalid_email`).",
    request_body(content = inline(CreateBody), description = "`name` and the job's parameters."),
    responses(
        (status = 201, description = "The accepted job (running).", body = inline(Single<Job>),
            headers(("Location" = String, description = "Path of the job."))),
        CreateInputs))]
async fn create_job(
    State(app): State<AppState>,
    who: Principal,
    RequestLang(lang): RequestLang,
    JsonBody(body): JsonBody,
) -> Result<Response> {
    let name = match body.get("name") {
        None | Some(Value::Null) => {
            return Err(Error::field(
                "/name",
                ErrorCode::Required,
                Message::new("error-field-required").arg("key", "name"),
            ))
        }
        Some(Value::String(s)) => s.trim().to_string(),
        Some(_) => {
            return Err(Error::field(
                "/name",
                ErrorCode::InvalidType,
                Message::new("error-field-type").arg("key", "name").arg("expected", "string"),
            ))
        }
    };
    let kind = JobKind::from_name(&name).ok_or_else(|| unknown_job(&name))?;
    let params = accept(&app, kind, &who, &body).await?;
    app.jobs.purge().await?;
    let limit = app.jobs.config().per_account;
    let id = match service::job::enqueue(&app.store, who.account_id, kind, &params, lang, limit).await? {
        Queued::Job(id) => id,
        Queued::TooMany { limit } => return Ok(too_many_jobs(limit)),
    };
    tracing::info!(job = id.0, name = kind.name(), account = %who.name, "job accepted");
    app.jobs.wake();
    let record = visible_job(&app, id, &who).await?;
    Ok(created("job", id.0, &Job::of(record)))
}

/// Seconds a client is told to wait when it has too many unfinished jobs
/// (`Retry-After`): about the time a download takes.
pub const JOBS_RETRY_AFTER: u32 = 10;

/// 429 `too_many_jobs` with `Retry-After`: the account has `limit` unfinished jobs.
fn too_many_jobs(limit: u32) -> Response {
    let detail = Message::new("error-jobs-too-many").arg("limit", limit);
    let mut res = Error::new(ErrorCode::TooManyJobs, detail).into_response();
    res.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(JOBS_RETRY_AFTER));
    res
}

#[utoipa::path(put, path = "/job/{id}", tag = "job", summary = "Start a standing job (1–3)",
    description = "The client sends the job as received plus `action: \"start\"` and `schoolYear` \
                   (docs/client.md §Standing jobs). Planner role. 409 `job_running` while it runs; 422 `job_not_available` for \
                   a job that is not standing.",
    params(StartInputs),
    request_body(content = inline(StartBody),
        description = "The job object with `action` (\"start\") and the job's parameters."),
    responses(
        (status = 200, description = "The started job.", body = inline(Single<Job>),
            headers(("ETag" = String, description = "Entity tag of the started job."))),
        StartInputs))]
async fn start_job(
    State(app): State<AppState>,
    who: Principal,
    PathId(id): PathId,
    pre: Preconditions,
    RequestLang(lang): RequestLang,
    JsonBody(body): JsonBody,
) -> Result<Response> {
    if who.role < Role::Planner {
        return Err(Error::new(
            ErrorCode::Forbidden,
            Message::new("error-job-standing-role").arg("account", &who.name).arg("role", who.role),
        ));
    }
    let id = ids::JobId(id);
    let record = visible_job(&app, id, &who).await?;
    let Some(kind) = JobKind::standing(record.id) else {
        return Err(Error::new(ErrorCode::JobNotAvailable, Message::new("error-job-not-standing").arg("id", id.0)));
    };
    match body.get("action") {
        None | Some(Value::Null) => {}
        Some(Value::String(s)) if s == "start" => {}
        Some(_) => return Err(Error::field("/action", ErrorCode::OutOfRange, Message::new("error-job-action"))),
    }
    let params = accept(&app, kind, &who, &body).await?;
    // As for every save: the body's problems first, then the precondition.
    pre.check_write("job", id.0, &ETag::of(&Job::of(record.clone()))?)?;
    service::job::restart_standing(&app.store, id, kind, &params, who.account_id, lang).await?;
    tracing::info!(job = id.0, name = kind.name(), account = %who.name, "standing job started");
    app.jobs.wake();
    let job = Job::of(visible_job(&app, id, &who).await?);
    Ok(ETag::of(&job)?.attach(ok(&job)))
}

#[utoipa::path(get, path = "/file/{id}", tag = "job", summary = "The product of a finished job",
    description = "Only the job's creator or an admin may fetch it (else 404). \
                   `Content-Disposition: attachment; filename*=UTF-8''<name>`.",
    params(FileId), responses(
        (status = 200, description = "The file.", content(
            (inline(BinaryFile) = "application/pdf"),
            (String = "text/csv; charset=utf-8"),
            (String = "text/plain; charset=utf-8")),
            headers(("Content-Disposition" = String, description = "`attachment; filename*=UTF-8''<name>`."))),
        FileId))]
async fn get_file(State(app): State<AppState>, who: Principal, PathId(id): PathId) -> Result<Response> {
    let file = service::job::fetch_file(&app.store, &who, ids::FileId(id)).await?;
    let mut res = (StatusCode::OK, file.content).into_response();
    let headers = res.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_str(&file.content_type).map_err(Error::internal)?);
    headers.insert(
        header::CONTENT_DISPOSITION,
        HeaderValue::from_str(&crate::documents::content_disposition(&file.name)).map_err(Error::internal)?,
    );
    Ok(res)
}
