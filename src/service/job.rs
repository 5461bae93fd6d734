//! Queuing jobs (docs/documents.md §Jobs and files): the writes behind
//! `POST /job` and `PUT /job/ID`. What a job does is in [`crate::jobs`];
//! here a job is accepted into the shared queue, in one transaction each.

use crate::auth::{now_text, Principal, Role};
use crate::domain::division::DivisionListItem;
use crate::domain::grade::Grade;
use crate::domain::ids::{FileId, JobId, SchoolYearId};
use crate::domain::job::{JobKind, JobParams, JobRecord};
use crate::domain::lookup::{Lookup, LookupKind};
use crate::domain::schoolyear::SchoolYear;
use crate::error::{Error, ErrorCode, Result};
use crate::i18n::{Lang, Message};
use crate::store::job::JobFile;
use crate::store::Store;

pub use crate::store::job::ProductCaps;

/// What [`enqueue`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Queued {
    /// The job is queued under this id.
    Job(JobId),
    /// The account has `limit` unfinished jobs already; nothing was queued
    /// (the API answers 429 `too_many_jobs`).
    TooMany {
        /// The per-account limit.
        limit: u32,
    },
}

/// Queues a new job of `kind` with `params` (already checked) for `account`,
/// to log in `lang`, unless the account has `limit` unfinished jobs already.
/// The account's job rows are locked while counting, so two requests at once
/// cannot both pass the limit.
///
/// Errors: storage only.
pub async fn enqueue(
    store: &Store,
    account: i64,
    kind: JobKind,
    params: &JobParams,
    lang: Lang,
    limit: u32,
) -> Result<Queued> {
    let parameters = serde_json::to_string(params).map_err(Error::internal)?;
    let mut tx = store.begin().await?;
    tx.lock_account_jobs(account).await?;
    if tx.count_unfinished_jobs(account).await? >= i64::from(limit) {
        return Ok(Queued::TooMany { limit });
    }
    let id = tx.create_job(kind.name(), account, &parameters, lang.tag(), &now_text()).await?;
    tx.commit().await?;
    Ok(Queued::Job(id))
}

/// Queues standing job `id` (of `kind`) again with `params` for `account`,
/// to log in `lang`; its last run (log, error, product) is cleared.
///
/// Errors: 409 `job_running` when it is queued or running already.
pub async fn restart_standing(
    store: &Store,
    id: JobId,
    kind: JobKind,
    params: &JobParams,
    account: i64,
    lang: Lang,
) -> Result<()> {
    let parameters = serde_json::to_string(params).map_err(Error::internal)?;
    let mut tx = store.begin().await?;
    if !tx.restart_standing_job(id, &parameters, account, lang.tag(), &now_text()).await? {
        return Err(Error::new(
            ErrorCode::JobRunning,
            Message::new("error-job-running-id").arg("id", id.0).arg("name", kind.name()),
        ));
    }
    tx.commit().await
}

/// Product file `id` for `who`: its creator's or, for an admin, any. The
/// first fetch marks the job fetched, so that it leaves the job list
/// (docs/client.md §Standing jobs).
///
/// Errors: 404 `not_found` when there is no such file or it is someone else's.
pub async fn fetch_file(store: &Store, who: &Principal, id: FileId) -> Result<JobFile> {
    let file = store
        .conn()
        .await?
        .get_job_file(id)
        .await?
        .filter(|f| who.role == Role::Admin || f.account_id.is_none_or(|a| a == who.account_id))
        .ok_or_else(|| Error::not_found(FileId::KIND, id.0))?;
    if !file.fetched {
        let mut tx = store.begin().await?;
        tx.mark_job_fetched(file.job_id, &now_text()).await?;
        tx.commit().await?;
    }
    Ok(file)
}

/// 403 `forbidden` unless `who` has the role job `kind` needs (docs/api.md
/// "Jobs and files": mails, opening and the standing jobs need planner).
pub fn require_role(kind: JobKind, who: &Principal) -> Result<()> {
    if who.role < kind.role() {
        return Err(Error::new(
            ErrorCode::Forbidden,
            Message::new("error-job-role")
                .arg("name", kind.name())
                .arg("needed", kind.role())
                .arg("account", &who.name)
                .arg("role", who.role),
        ));
    }
    Ok(())
}

/// Whether `who` may see job `record`: the standing jobs and their own; an admin every job.
pub fn visible_to(record: &JobRecord, who: &Principal) -> bool {
    who.role == Role::Admin || record.account_id.is_none_or(|a| a == who.account_id)
}

/// Job `id` as `who` may see it.
///
/// Errors: 404 `not_found` when there is none or it is someone else's.
pub async fn visible(store: &Store, who: &Principal, id: JobId) -> Result<JobRecord> {
    store
        .conn()
        .await?
        .get_job(id)
        .await?
        .filter(|r| visible_to(r, who))
        .ok_or_else(|| Error::not_found(JobId::KIND, id.0))
}

/// What the web's documents page of one school year reads, in one snapshot
/// ([`documents_page`]).
#[derive(Debug)]
pub struct DocumentsPage {
    /// The school year of the page.
    pub current: SchoolYear,
    /// Every school year, newest first (the year switch).
    pub years: Vec<SchoolYear>,
    /// Every division (a choice of the documents).
    pub divisions: Vec<DivisionListItem>,
    /// Every grade (a choice of the documents).
    pub grades: Vec<Grade>,
    /// Every subject category, archived ones too (a choice of the documents).
    pub categories: Vec<Lookup>,
    /// The jobs `who` sees, as [`list`] reads them.
    pub records: Vec<JobRecord>,
}

/// School year `year`, the choices of the documents and the jobs `who` sees,
/// read in one snapshot: the web's documents page (docs/web.md §Documents).
/// Errors: 404 for an unknown year; the database's (500/503).
pub async fn documents_page(store: &Store, who: &Principal, year: SchoolYearId) -> Result<DocumentsPage> {
    store
        .snapshot(async |conn| {
            let Some(current) = conn.get_school_year(year).await? else {
                return Err(Error::not_found(SchoolYearId::KIND, year.0));
            };
            let years = super::schoolyear::newest_first_on(conn).await?;
            let divisions = conn.list_divisions().await?;
            let grades = conn.list_grades().await?;
            let categories = conn.list_lookups(LookupKind::SubjectCategory, None).await?;
            let account = (who.role != Role::Admin).then_some(who.account_id);
            let records = conn.list_jobs(account).await?;
            Ok(DocumentsPage { current, years, divisions, grades, categories, records })
        })
        .await
}

/// The jobs `who` sees in the list: the standing jobs and their own unfinished
/// ones or ones whose product was not fetched yet (an admin: everyone's).
pub async fn list(store: &Store, who: &Principal) -> Result<Vec<JobRecord>> {
    let account = (who.role != Role::Admin).then_some(who.account_id);
    store.conn().await?.list_jobs(account).await
}
