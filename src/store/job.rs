//! Storage of jobs and their product files: the shared job queue
//! (docs/api.md "Jobs and files"; migrations 0006 and 0010).
//!
//! - A job row is written `running` without a `runner` when it is accepted:
//!   it waits in the queue. A server claims it ([`Conn::claim_job`]) by
//!   setting `runner` (its own id) and `lease_until`, and renews the lease
//!   while the job runs, writing its progress and log with it
//!   ([`Conn::report_job`]).
//! - A job ends once more through its runner ([`Conn::finish_job`]): done with
//!   its product, in one transaction, or failed with its error. Whatever a
//!   runner writes carries its id, so a runner that lost its job (its lease ran
//!   out and another server failed the job) changes nothing.
//! - A job whose lease ran out is failed by whichever server sees it first
//!   ([`Conn::expire_job_leases`]).
//! - Standing jobs (ids 1–3) have no owner and are restarted in place.
//!
//! Timestamps are UTC text of one width (`auth::timestamp_text`), so they
//! compare as text. The leases compare the servers' clocks: keep them in sync
//! (NTP), well within the lease length.

use crate::domain::ids::{FileId, JobId};
use crate::domain::job::{JobRecord, JobStatus};
use crate::error::Result;
use crate::i18n::{Lang, Message};
use crate::store::{Backend, Conn, Exec};
use crate::with_conn;

/// A product file of a job.
#[derive(Debug, Clone, PartialEq)]
pub struct JobFile {
    /// Database id (the job's `product`).
    pub id: FileId,
    /// The job that made it.
    pub job_id: JobId,
    /// The account that started the job (`None` for a standing job).
    pub account_id: Option<i64>,
    /// File name for `Content-Disposition`.
    pub name: String,
    /// Its media type (`application/pdf`, `text/csv; charset=utf-8`, …).
    pub content_type: String,
    /// The bytes.
    pub content: Vec<u8>,
    /// Whether it was fetched before.
    pub fetched: bool,
}

/// A product about to be stored.
#[derive(Debug, Clone, PartialEq)]
pub struct NewJobFile {
    /// File name.
    pub name: String,
    /// Media type.
    pub content_type: String,
    /// The bytes.
    pub content: Vec<u8>,
}

/// A job a runner has claimed: what it needs to run it.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct ClaimedJob {
    /// The job's id.
    pub id: JobId,
    /// The wire name of its kind.
    pub name: String,
    /// The account that owns it (`None`: a standing job).
    pub account_id: Option<i64>,
    /// Its parameters as stored (JSON of `JobParams`).
    pub parameters: String,
    /// Who started this run (`None` when their account was deleted since).
    pub started_by: Option<i64>,
    /// The language tag (`de`, `en`) of the request that started this run:
    /// the log and the error are written in it.
    pub lang: String,
}

/// What a runner reports of a running job ([`Conn::report_job`]).
#[derive(Debug, Clone, Copy)]
pub struct JobReport<'a> {
    /// Steps done.
    pub done: u32,
    /// Steps in all (0: not known yet).
    pub total: u32,
    /// The log so far.
    pub log: &'a [String],
    /// The renewed lease: the runner holds the job until then.
    pub lease_until: &'a str,
}

/// The caps on stored products ([`Conn::cap_job_products`]), in bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProductCaps {
    /// Products of one account together.
    pub per_account: u64,
    /// Products of every account together.
    pub total: u64,
}

/// What waits in the queue ([`Conn::job_queue_state`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct QueueState {
    /// A job waits to be claimed.
    pub queued: bool,
    /// A running job's lease ran out.
    pub expired: bool,
}

#[derive(sqlx::FromRow)]
struct JobRow {
    id: JobId,
    name: String,
    account_id: Option<i64>,
    status: String,
    runner: Option<String>,
    error: Option<String>,
    log: String,
    progress_done: i64,
    progress_total: i64,
    product: Option<FileId>,
}

impl From<JobRow> for JobRecord {
    fn from(r: JobRow) -> Self {
        JobRecord {
            id: r.id,
            name: r.name,
            account_id: r.account_id,
            status: JobStatus::from_text(&r.status),
            claimed: r.runner.is_some(),
            error: r.error,
            log: serde_json::from_str(&r.log).unwrap_or_default(),
            done: u32::try_from(r.progress_done).unwrap_or(0),
            total: u32::try_from(r.progress_total).unwrap_or(0),
            product: r.product,
        }
    }
}

const SELECT_JOB: &str = "SELECT j.id, j.name, j.account_id, j.status, j.runner, j.error, j.log, j.progress_done, \
     j.progress_total, (SELECT MIN(f.id) FROM job_file f WHERE f.job_id = j.id) AS product FROM job j";

/// The state of a job that ends: standing jobs go back to idle.
const ENDED: &str = "CASE WHEN id <= 3 THEN 'idle' ELSE $2 END";

/// The error of a job that another server or the stop ends, in the job's
/// language (docs/i18n.md §Job logs): `$1` English, `$4` German, `$5` French.
const LOCALISED_ERROR: &str = "CASE lang WHEN 'de' THEN $4 WHEN 'fr' THEN $5 ELSE $1 END";

fn json_log(log: &[String]) -> Result<String> {
    serde_json::to_string(log).map_err(crate::error::Error::internal)
}

fn int(n: u32) -> i64 {
    i64::from(n)
}

impl Conn {
    /// Queues a newly accepted job of `account`, to log in `lang` (a tag,
    /// `de` or `en`); returns its id.
    pub async fn create_job(
        &mut self,
        name: &str,
        account: i64,
        parameters: &str,
        lang: &str,
        now: &str,
    ) -> Result<JobId> {
        Ok(with_conn!(self, |c| sqlx::query_scalar::<_, JobId>(
            "INSERT INTO job (name, account_id, started_by, parameters, status, created_at, lang) \
             VALUES ($1, $2, $2, $3, 'running', $4, $5) RETURNING id"
        )
        .bind(name)
        .bind(account)
        .bind(parameters)
        .bind(now)
        .bind(lang)
        .fetch_one(c)
        .await?))
    }

    /// Queues standing job `id` for `account` (clearing its last run: error,
    /// log, progress and product), to log in `lang` (`de`, `en`); `false` when
    /// it is queued or running already.
    pub async fn restart_standing_job(
        &mut self,
        id: JobId,
        parameters: &str,
        account: i64,
        lang: &str,
        now: &str,
    ) -> Result<bool> {
        let changed = with_conn!(self, |c| sqlx::query(
            "UPDATE job SET status = 'running', error = NULL, log = '[]', parameters = $2, created_at = $3, \
             finished_at = NULL, fetched_at = NULL, runner = NULL, lease_until = NULL, progress_done = 0, \
             progress_total = 0, started_by = $4, lang = $5 WHERE id = $1 AND status <> 'running'"
        )
        .bind(id)
        .bind(parameters)
        .bind(now)
        .bind(account)
        .bind(lang)
        .execute(c)
        .await?
        .rows_affected());
        if changed == 1 {
            with_conn!(self, |c| sqlx::query("DELETE FROM job_file WHERE job_id = $1")
                .bind(id)
                .execute(c)
                .await
                .map(|_| ())?);
        }
        Ok(changed == 1)
    }

    /// Unfinished (queued or running) jobs of `account`, the standing jobs not counted.
    pub async fn count_unfinished_jobs(&mut self, account: i64) -> Result<i64> {
        Ok(with_conn!(self, |c| sqlx::query_scalar::<_, i64>(
            "SELECT COUNT(*) FROM job WHERE account_id = $1 AND id > 3 AND status = 'running'"
        )
        .bind(account)
        .fetch_one(c)
        .await?))
    }

    /// Serialises the job requests of `account` until the end of this write
    /// (PostgreSQL: a lock on the account's row; SQLite has one writer anyway),
    /// so that two requests cannot both pass the limit of unfinished jobs.
    pub async fn lock_account_jobs(&mut self, account: i64) -> Result<()> {
        if self.backend() == Backend::Postgres {
            with_conn!(self, |c| sqlx::query("SELECT id FROM account WHERE id = $1 FOR UPDATE")
                .bind(account)
                .fetch_optional(c)
                .await
                .map(|_| ())?);
        }
        Ok(())
    }

    /// Whether a job waits in the queue, and whether a lease ran out before
    /// `now`: one read, so that an idle server writes nothing. Not counted in
    /// [`crate::store::Store::statement_count`]: every runner runs it every
    /// second, whatever the requests do.
    pub async fn job_queue_state(&mut self, now: &str) -> Result<QueueState> {
        const SQL: &str = "SELECT EXISTS (SELECT 1 FROM job WHERE status = 'running' AND runner IS NULL) AS queued, \
             EXISTS (SELECT 1 FROM job WHERE status = 'running' AND runner IS NOT NULL AND lease_until < $1) AS expired";
        Ok(match self.uncounted() {
            Exec::Sqlite(c) => sqlx::query_as::<_, QueueState>(SQL).bind(now).fetch_one(c).await?,
            Exec::Postgres(c) => sqlx::query_as::<_, QueueState>(SQL).bind(now).fetch_one(c).await?,
        })
    }

    /// Claims the oldest queued job for `runner` until `lease_until`; `None`
    /// when the queue is empty. PostgreSQL skips the rows other servers are
    /// claiming at this moment (`FOR UPDATE SKIP LOCKED`); SQLite has one
    /// writer, and the UPDATE's condition claims a row only while it is queued.
    pub async fn claim_job(&mut self, runner: &str, lease_until: &str) -> Result<Option<ClaimedJob>> {
        let skip_locked = if self.backend() == Backend::Postgres { " FOR UPDATE SKIP LOCKED" } else { "" };
        let sql = format!(
            "UPDATE job SET runner = $1, lease_until = $2 WHERE id = (SELECT id FROM job WHERE status = 'running' \
             AND runner IS NULL ORDER BY id LIMIT 1{skip_locked}) AND status = 'running' AND runner IS NULL \
             RETURNING id, name, account_id, parameters, started_by, lang"
        );
        Ok(with_conn!(self, |c| sqlx::query_as::<_, ClaimedJob>(&sql)
            .bind(runner)
            .bind(lease_until)
            .fetch_optional(c)
            .await?))
    }

    /// Writes the progress and log of job `id` and renews `runner`'s lease on
    /// it; `false` when `runner` no longer holds it (its lease ran out).
    pub async fn report_job(&mut self, id: JobId, runner: &str, report: JobReport<'_>) -> Result<bool> {
        let log = json_log(report.log)?;
        let changed = with_conn!(self, |c| sqlx::query(
            "UPDATE job SET progress_done = $3, progress_total = $4, log = $5, lease_until = $6 \
             WHERE id = $1 AND runner = $2 AND status = 'running'"
        )
        .bind(id)
        .bind(runner)
        .bind(int(report.done))
        .bind(int(report.total))
        .bind(&log)
        .bind(report.lease_until)
        .execute(c)
        .await?
        .rows_affected());
        Ok(changed == 1)
    }

    /// Ends job `id` that `runner` holds: done (with its product, if any) or
    /// failed (with `error`), with its log. Run it in a transaction, so the
    /// product appears with the final state or not at all. A standing job goes
    /// back to idle. `false` (and nothing written) when `runner` no longer
    /// holds the job.
    pub async fn finish_job(
        &mut self,
        id: JobId,
        runner: &str,
        log: &[String],
        outcome: std::result::Result<Option<&NewJobFile>, &str>,
        now: &str,
    ) -> Result<bool> {
        let log = json_log(log)?;
        let (status, error) = match &outcome {
            Ok(_) => ("done", None),
            Err(e) => ("failed", Some(e.to_string())),
        };
        let sql = format!(
            "UPDATE job SET status = {ENDED}, error = $3, log = $4, finished_at = $5, runner = NULL, \
             lease_until = NULL WHERE id = $1 AND runner = $6 AND status = 'running'"
        );
        let changed = with_conn!(self, |c| sqlx::query(&sql)
            .bind(id)
            .bind(status)
            .bind(error)
            .bind(&log)
            .bind(now)
            .bind(runner)
            .execute(c)
            .await?
            .rows_affected());
        if changed != 1 {
            return Ok(false);
        }
        if let Ok(Some(file)) = outcome {
            with_conn!(self, |c| sqlx::query(
                "INSERT INTO job_file (job_id, name, content_type, content, size) VALUES ($1, $2, $3, $4, $5)"
            )
            .bind(id)
            .bind(&file.name)
            .bind(&file.content_type)
            .bind(&file.content)
            .bind(i64::try_from(file.content.len()).unwrap_or(i64::MAX))
            .execute(c)
            .await
            .map(|_| ())?);
        }
        Ok(true)
    }

    /// Fails every job whose lease ran out before `now` (its server stopped
    /// renewing it: it died or lost the database) with `error`; returns how many.
    pub async fn expire_job_leases(&mut self, error: &Message, now: &str) -> Result<u64> {
        let sql = format!(
            "UPDATE job SET status = {ENDED}, error = {LOCALISED_ERROR}, finished_at = $3, runner = NULL, \
             lease_until = NULL WHERE status = 'running' AND runner IS NOT NULL AND lease_until < $3"
        );
        Ok(with_conn!(self, |c| sqlx::query(&sql)
            .bind(error.render(Lang::En))
            .bind("failed")
            .bind(now)
            .bind(error.render(Lang::De))
            .bind(error.render(Lang::Fr))
            .execute(c)
            .await?
            .rows_affected()))
    }

    /// Gives the jobs `runner` holds back when it stops in order: the kinds in
    /// `repeatable` go back to the queue from the start (another server runs
    /// them), the others fail with `error`; returns how many were given back
    /// and how many failed.
    pub async fn release_jobs(
        &mut self,
        runner: &str,
        repeatable: &[&str],
        error: &Message,
        now: &str,
    ) -> Result<(u64, u64)> {
        let names = serde_json::to_string(repeatable).map_err(crate::error::Error::internal)?;
        let list = match self.backend() {
            Backend::Sqlite => "(SELECT value FROM json_each($2))",
            Backend::Postgres => "(SELECT jsonb_array_elements_text($2::jsonb))",
        };
        let requeued = with_conn!(self, |c| sqlx::query(&format!(
            "UPDATE job SET runner = NULL, lease_until = NULL, log = '[]', progress_done = 0, progress_total = 0 \
             WHERE runner = $1 AND status = 'running' AND name IN {list}"
        ))
        .bind(runner)
        .bind(&names)
        .execute(c)
        .await?
        .rows_affected());
        let sql = format!(
            "UPDATE job SET status = {ENDED}, error = {LOCALISED_ERROR}, finished_at = $3, runner = NULL, \
             lease_until = NULL WHERE runner = $6 AND status = 'running'"
        );
        let failed = with_conn!(self, |c| sqlx::query(&sql)
            .bind(error.render(Lang::En))
            .bind("failed")
            .bind(now)
            .bind(error.render(Lang::De))
            .bind(error.render(Lang::Fr))
            .bind(runner)
            .execute(c)
            .await?
            .rows_affected());
        Ok((requeued, failed))
    }

    /// One job.
    pub async fn get_job(&mut self, id: JobId) -> Result<Option<JobRecord>> {
        let sql = format!("{SELECT_JOB} WHERE j.id = $1");
        let row: Option<JobRow> = with_conn!(self, |c| sqlx::query_as(&sql).bind(id).fetch_optional(c).await?);
        Ok(row.map(JobRecord::from))
    }

    /// The jobs among `ids` that exist, by id (one query per 512 ids).
    pub async fn get_jobs(&mut self, ids: &[JobId]) -> Result<Vec<JobRecord>> {
        let mut records = Vec::with_capacity(ids.len());
        let ids: Vec<i64> = ids.iter().map(|id| id.0).collect();
        for (list, ids) in crate::store::row_ops::id_lists(&ids) {
            let sql = format!("{SELECT_JOB} WHERE j.id IN ({list}) ORDER BY j.id");
            let rows: Vec<JobRow> = with_conn!(self, |c| {
                let mut query = sqlx::query_as(&sql);
                for id in &ids {
                    query = query.bind(*id);
                }
                query.fetch_all(c).await?
            });
            records.extend(rows.into_iter().map(JobRecord::from));
        }
        Ok(records)
    }

    /// The list of `GET /job` (docs/client.md §Standing jobs): the standing jobs,
    /// then the jobs of `account` (of everyone with `None`) by id, except the
    /// finished jobs whose product has been fetched and the mail jobs that
    /// finished without an error (their mails are their product: nothing is
    /// left to fetch, and the client's card would offer a Start that is refused).
    pub async fn list_jobs(&mut self, account: Option<i64>) -> Result<Vec<JobRecord>> {
        let sql = format!(
            "{SELECT_JOB} WHERE j.id <= 3 OR (($1 IS NULL OR j.account_id = $1) AND j.fetched_at IS NULL \
             AND NOT (j.name = 'WorkloadMail' AND j.status = 'done')) ORDER BY j.id"
        );
        let rows: Vec<JobRow> = with_conn!(self, |c| sqlx::query_as(&sql).bind(account).fetch_all(c).await?);
        Ok(rows.into_iter().map(JobRecord::from).collect())
    }

    /// Notes that the product of job `job` was fetched (the first time counts).
    pub async fn mark_job_fetched(&mut self, job: JobId, now: &str) -> Result<()> {
        with_conn!(self, |c| sqlx::query("UPDATE job SET fetched_at = $2 WHERE id = $1 AND fetched_at IS NULL")
            .bind(job)
            .bind(now)
            .execute(c)
            .await
            .map(|_| ())?);
        Ok(())
    }

    /// Deletes the jobs (not the standing ones) that finished before `before`,
    /// with their files; returns how many.
    pub async fn purge_jobs(&mut self, before: &str) -> Result<u64> {
        with_conn!(self, |c| sqlx::query(
            "DELETE FROM job_file WHERE job_id IN (SELECT id FROM job WHERE id > 3 AND status IN ('done', 'failed') \
             AND finished_at < $1)"
        )
        .bind(before)
        .execute(c)
        .await
        .map(|_| ())?);
        Ok(with_conn!(self, |c| sqlx::query(
            "DELETE FROM job WHERE id > 3 AND status IN ('done', 'failed') AND finished_at < $1"
        )
        .bind(before)
        .execute(c)
        .await?
        .rows_affected()))
    }

    /// Keeps the stored products within `caps`, the oldest first to go:
    /// deletes the oldest finished jobs of `account` (the standing jobs'
    /// products count as nobody's) with their products while that account's
    /// products exceed `caps.per_account`, then the oldest of anyone's while
    /// all products exceed `caps.total`. Job `keep` (the one just finished)
    /// stays whatever its size. Returns how many jobs were deleted.
    pub async fn cap_job_products(&mut self, account: Option<i64>, caps: ProductCaps, keep: JobId) -> Result<u64> {
        let per_account = i64::try_from(caps.per_account).unwrap_or(i64::MAX);
        let total = i64::try_from(caps.total).unwrap_or(i64::MAX);
        // The jobs with products, newest first, with the bytes of the newer ones before them.
        let rows: Vec<(JobId, Option<i64>, i64)> = with_conn!(self, |c| {
            sqlx::query_as(
            "SELECT j.id, j.account_id, CAST(COALESCE(SUM(f.size), 0) AS BIGINT) FROM job j JOIN job_file f ON f.job_id = j.id \
             WHERE j.status IN ('done', 'idle') GROUP BY j.id, j.account_id ORDER BY j.finished_at DESC, j.id DESC"
        )
        .fetch_all(c)
        .await?
        });
        // Newest first: once a product does not fit, it and every older one (of
        // that account, or of anyone for the total) go.
        let (mut mine, mut all) = (0i64, 0i64);
        let (mut mine_full, mut all_full) = (false, false);
        let mut doomed = Vec::new();
        for (id, owner, size) in rows {
            let own = owner == account;
            if id != keep {
                mine_full |= own && mine.saturating_add(size) > per_account;
                all_full |= all.saturating_add(size) > total;
                if (own && mine_full) || all_full {
                    doomed.push(id);
                    continue;
                }
            }
            all = all.saturating_add(size);
            if own {
                mine = mine.saturating_add(size);
            }
        }
        let mut deleted = 0;
        for id in doomed {
            with_conn!(self, |c| sqlx::query("DELETE FROM job_file WHERE job_id = $1")
                .bind(id)
                .execute(c)
                .await
                .map(|_| ())?);
            // A standing job stays, without its product.
            deleted += with_conn!(self, |c| sqlx::query("DELETE FROM job WHERE id = $1 AND id > 3")
                .bind(id)
                .execute(c)
                .await?
                .rows_affected());
        }
        Ok(deleted)
    }

    /// One product file with its job's owner.
    pub async fn get_job_file(&mut self, id: FileId) -> Result<Option<JobFile>> {
        type Row = (FileId, JobId, Option<i64>, String, String, Vec<u8>, bool);
        let row: Option<Row> = with_conn!(self, |c| sqlx::query_as(
            "SELECT f.id, f.job_id, j.account_id, f.name, f.content_type, f.content, j.fetched_at IS NOT NULL \
             FROM job_file f JOIN job j ON j.id = f.job_id WHERE f.id = $1 AND j.status IN ('done', 'idle')"
        )
        .bind(id)
        .fetch_optional(c)
        .await?);
        Ok(row.map(|(id, job_id, account_id, name, content_type, content, fetched)| JobFile {
            id,
            job_id,
            account_id,
            name,
            content_type,
            content,
            fetched,
        }))
    }
}
