//! Storage of jobs and their product files (docs/documents.md §Jobs and files).
//!
//! A job row is written when a job is accepted (`running`) and written once
//! more when it ends: done with its product, in one transaction, or failed with
//! its error. Standing jobs (ids 1–3) have no owner and are restarted in place.

use crate::domain::job::{JobRecord, JobStatus};
use crate::error::Result;
use crate::store::Conn;
use crate::with_conn;

/// A product file of a job.
#[derive(Debug, Clone, PartialEq)]
pub struct JobFile {
    /// Database id (the job's `product`).
    pub id: i64,
    /// The job that made it.
    pub job_id: i64,
    /// The account that started the job (`None` for a standing job).
    pub account_id: Option<i64>,
    /// File name for `Content-Disposition`.
    pub name: String,
    /// Its media type (`application/pdf`, `text/csv; charset=utf-8`, …).
    pub content_type: String,
    /// The bytes.
    pub content: Vec<u8>,
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

#[derive(sqlx::FromRow)]
struct JobRow {
    id: i64,
    name: String,
    account_id: Option<i64>,
    status: String,
    error: Option<String>,
    log: String,
    product: Option<i64>,
}

impl From<JobRow> for JobRecord {
    fn from(r: JobRow) -> Self {
        JobRecord {
            id: r.id,
            name: r.name,
            account_id: r.account_id,
            status: JobStatus::from_text(&r.status),
            error: r.error,
            log: serde_json::from_str(&r.log).unwrap_or_default(),
            product: r.product,
        }
    }
}

const SELECT_JOB: &str = "SELECT j.id, j.name, j.account_id, j.status, j.error, j.log, \
     (SELECT MIN(f.id) FROM job_file f WHERE f.job_id = j.id) AS product FROM job j";

impl Conn {
    /// Stores a newly accepted job of `account` as running; returns its id.
    pub async fn create_job(&mut self, name: &str, account: i64, parameters: &str, now: &str) -> Result<i64> {
        Ok(with_conn!(self, |c| sqlx::query_scalar::<_, i64>(
            "INSERT INTO job (name, account_id, parameters, status, created_at) VALUES ($1, $2, $3, 'running', $4) \
             RETURNING id"
        )
        .bind(name)
        .bind(account)
        .bind(parameters)
        .bind(now)
        .fetch_one(c)
        .await?))
    }

    /// Marks standing job `id` running (clearing its last run: error, log and
    /// product); `false` when it is running already.
    pub async fn restart_standing_job(&mut self, id: i64, parameters: &str, now: &str) -> Result<bool> {
        with_conn!(self, |c| sqlx::query("DELETE FROM job_file WHERE job_id = $1")
            .bind(id)
            .execute(c)
            .await
            .map(|_| ())?);
        let changed = with_conn!(self, |c| sqlx::query(
            "UPDATE job SET status = 'running', error = NULL, log = '[]', parameters = $2, created_at = $3, \
             finished_at = NULL WHERE id = $1 AND status <> 'running'"
        )
        .bind(id)
        .bind(parameters)
        .bind(now)
        .execute(c)
        .await?
        .rows_affected());
        Ok(changed == 1)
    }

    /// One job.
    pub async fn get_job(&mut self, id: i64) -> Result<Option<JobRecord>> {
        let sql = format!("{SELECT_JOB} WHERE j.id = $1");
        let row: Option<JobRow> = with_conn!(self, |c| sqlx::query_as(&sql).bind(id).fetch_optional(c).await?);
        Ok(row.map(JobRecord::from))
    }

    /// The standing jobs and the jobs of `account` (every job with `None`), by id.
    pub async fn list_jobs(&mut self, account: Option<i64>) -> Result<Vec<JobRecord>> {
        let sql = format!("{SELECT_JOB} WHERE $1 IS NULL OR j.account_id IS NULL OR j.account_id = $1 ORDER BY j.id");
        let rows: Vec<JobRow> = with_conn!(self, |c| sqlx::query_as(&sql).bind(account).fetch_all(c).await?);
        Ok(rows.into_iter().map(JobRecord::from).collect())
    }

    /// Ends job `id`: done (with its product, if any) or failed (with `error`),
    /// with its log. Run it in a transaction, so the product appears with the
    /// final state or not at all. A standing job goes back to idle.
    pub async fn finish_job(
        &mut self,
        id: i64,
        log: &[String],
        outcome: std::result::Result<Option<&NewJobFile>, &str>,
        now: &str,
    ) -> Result<()> {
        let log = serde_json::to_string(log).map_err(crate::error::Error::internal)?;
        let (status, error) = match &outcome {
            Ok(_) => ("done", None),
            Err(e) => ("failed", Some(e.to_string())),
        };
        let status = if id <= 3 { "idle" } else { status };
        if let Ok(Some(file)) = outcome {
            with_conn!(self, |c| sqlx::query(
                "INSERT INTO job_file (job_id, name, content_type, content) VALUES ($1, $2, $3, $4)"
            )
            .bind(id)
            .bind(&file.name)
            .bind(&file.content_type)
            .bind(&file.content)
            .execute(c)
            .await
            .map(|_| ())?);
        }
        with_conn!(self, |c| sqlx::query(
            "UPDATE job SET status = $2, error = $3, log = $4, finished_at = $5 WHERE id = $1"
        )
        .bind(id)
        .bind(status)
        .bind(error)
        .bind(&log)
        .bind(now)
        .execute(c)
        .await
        .map(|_| ())?);
        Ok(())
    }

    /// Marks every running job failed with `error` (at start: a job cannot
    /// survive a restart); returns how many.
    pub async fn fail_running_jobs(&mut self, error: &str, now: &str) -> Result<u64> {
        Ok(with_conn!(self, |c| sqlx::query(
            "UPDATE job SET status = CASE WHEN id <= 3 THEN 'idle' ELSE 'failed' END, error = $1, finished_at = $2 \
             WHERE status = 'running'"
        )
        .bind(error)
        .bind(now)
        .execute(c)
        .await?
        .rows_affected()))
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

    /// One product file with its job's owner.
    pub async fn get_job_file(&mut self, id: i64) -> Result<Option<JobFile>> {
        let row: Option<(i64, i64, Option<i64>, String, String, Vec<u8>)> = with_conn!(self, |c| sqlx::query_as(
            "SELECT f.id, f.job_id, j.account_id, f.name, f.content_type, f.content FROM job_file f \
             JOIN job j ON j.id = f.job_id WHERE f.id = $1 AND j.status IN ('done', 'idle')"
        )
        .bind(id)
        .fetch_optional(c)
        .await?);
        Ok(row.map(|(id, job_id, account_id, name, content_type, content)| JobFile {
            id,
            job_id,
            account_id,
            name,
            content_type,
            content,
        }))
    }
}
