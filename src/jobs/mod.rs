//! The job runner (docs/documents.md §Jobs and files): long work (documents, exports, mails,
//! balance checks) runs in the background and reports progress; its product
//! is a file kept in the database.
//!
//! - A bounded pool of workers ([`JobRunner::new`] with `--job-workers`,
//!   default 2): an accepted job waits for a permit of a semaphore, so a burst
//!   of jobs cannot starve the API; CPU-heavy rendering runs in
//!   `spawn_blocking`.
//! - While a job runs, its progress (steps done / total) and log live in
//!   memory ([`Progress`]); when it ends, its final state, log and product are
//!   written in one transaction, so a product is never served half-written or
//!   before its job is done.
//! - At start ([`recover`]) every job still marked running is marked failed:
//!   none survives a restart. Finished jobs and their files are kept at least
//!   [`JobConfig::retention`] (one hour) and purged when new jobs arrive.

pub mod context;
pub mod mail;
pub mod pdf;
pub mod run;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures::FutureExt as _;
use tokio::sync::Semaphore;

use crate::auth::now_text;
use crate::domain::job::{JobKind, JobParams};
use crate::error::{Error, Result};
use crate::store::job::NewJobFile;
use crate::store::Store;

/// Settings of the job runner.
#[derive(Debug, Clone)]
pub struct JobConfig {
    /// Jobs running at once (`--job-workers`, at least 1); the others wait.
    pub workers: usize,
    /// SMTP server for `WorkloadMail` (`--smtp-url`, e.g. `smtp://host:25`,
    /// `smtps://user:pass@host`); `None`: mailing is not available.
    pub smtp_url: Option<String>,
    /// How long finished jobs and their files are kept (at least one hour, docs/documents.md §Jobs and files).
    pub retention: Duration,
}

impl Default for JobConfig {
    fn default() -> Self {
        JobConfig { workers: 2, smtp_url: None, retention: Duration::from_secs(3600) }
    }
}

/// The error of a job that was running when the server stopped.
pub const RESTART_ERROR: &str = "The server restarted while the job was running; please start it again.";

/// Marks the jobs left running by an earlier process failed (run at start,
/// before the first request); returns how many.
pub async fn recover(store: &Store) -> Result<u64> {
    let mut tx = store.begin().await?;
    let n = tx.fail_running_jobs(RESTART_ERROR, &now_text()).await?;
    tx.commit().await?;
    if n > 0 {
        tracing::warn!(jobs = n, "jobs left running by the previous process were marked failed");
    }
    Ok(n)
}

#[derive(Debug, Default)]
struct Live {
    done: u32,
    total: u32,
    log: Vec<String>,
}

type LiveMap = Arc<Mutex<HashMap<i64, Live>>>;

/// Progress and log of one running job; cheap to clone and `Send`, so it can
/// go into `spawn_blocking`.
#[derive(Debug, Clone)]
pub struct Progress {
    id: i64,
    live: LiveMap,
}

impl Progress {
    fn with<T>(&self, f: impl FnOnce(&mut Live) -> T) -> Option<T> {
        let mut map = self.live.lock().unwrap_or_else(|e| e.into_inner());
        map.get_mut(&self.id).map(f)
    }

    /// Sets the number of steps of the job (progress = done / total).
    pub fn set_total(&self, total: usize) {
        self.with(|l| l.total = u32::try_from(total).unwrap_or(u32::MAX));
    }

    /// One more step done.
    pub fn step(&self) {
        self.with(|l| l.done = l.done.saturating_add(1));
    }

    /// Appends a log line.
    pub fn log(&self, message: impl Into<String>) {
        let message = message.into();
        tracing::info!(job = self.id, "{message}");
        self.with(|l| l.log.push(message));
    }

    /// The log so far.
    pub fn lines(&self) -> Vec<String> {
        self.with(|l| l.log.clone()).unwrap_or_default()
    }
}

/// Runs jobs on a bounded pool of workers.
#[derive(Debug)]
pub struct JobRunner {
    store: Store,
    permits: Arc<Semaphore>,
    live: LiveMap,
    config: JobConfig,
}

impl JobRunner {
    /// A runner over `store` with `config.workers` workers.
    pub fn new(store: Store, config: JobConfig) -> Arc<JobRunner> {
        Arc::new(JobRunner {
            store,
            permits: Arc::new(Semaphore::new(config.workers.max(1))),
            live: Arc::default(),
            config,
        })
    }

    /// The runner's settings.
    pub fn config(&self) -> &JobConfig {
        &self.config
    }

    /// Progress (done, total) and log of job `id` while it runs here.
    pub fn live(&self, id: i64) -> Option<(u32, u32, Vec<String>)> {
        let map = self.live.lock().unwrap_or_else(|e| e.into_inner());
        map.get(&id).map(|l| (l.done, l.total, l.log.clone()))
    }

    /// Deletes the finished jobs older than the retention time.
    pub async fn purge(&self) -> Result<()> {
        let retention = chrono::Duration::from_std(self.config.retention).unwrap_or(chrono::Duration::hours(1));
        let before = crate::auth::timestamp_text(chrono::Utc::now() - retention);
        let mut tx = self.store.begin().await?;
        let n = tx.purge_jobs(&before).await?;
        tx.commit().await?;
        if n > 0 {
            tracing::info!(jobs = n, "finished jobs purged");
        }
        Ok(())
    }

    /// Runs the accepted job `id` in the background: waits for a worker, runs
    /// it, then stores its final state, log and product in one transaction.
    /// `who` started it: what it writes is audited in their name.
    pub fn spawn(self: &Arc<Self>, id: i64, kind: JobKind, params: JobParams, who: crate::auth::Principal) {
        {
            let mut map = self.live.lock().unwrap_or_else(|e| e.into_inner());
            map.insert(id, Live::default());
        }
        let me = self.clone();
        tokio::spawn(async move {
            let progress = Progress { id, live: me.live.clone() };
            let outcome = match me.permits.clone().acquire_owned().await {
                Ok(_permit) => {
                    let ctx = context::Context {
                        store: me.store.clone(),
                        progress: progress.clone(),
                        config: me.config.clone(),
                        job: id,
                        who,
                    };
                    std::panic::AssertUnwindSafe(run::execute(kind, &params, &ctx))
                        .catch_unwind()
                        .await
                        .unwrap_or_else(|_| Err(Error::internal(anyhow::anyhow!("job {id} panicked"))))
                }
                Err(_) => Err(Error::internal(anyhow::anyhow!("the job runner is closed"))),
            };
            let log = progress.lines();
            let error = outcome.as_ref().err().map(job_error);
            let product = outcome.as_ref().ok().and_then(Option::as_ref);
            let mut stored = me.finish(id, &log, product, error.as_deref()).await;
            if stored.is_err() && product.is_some() {
                // Storing the product failed: record the failure without it.
                stored = me.finish(id, &log, None, Some("The product could not be stored.")).await;
            }
            if let Err(e) = stored {
                tracing::error!(job = id, error = %e, "cannot store the end of a job");
            }
            let mut map = me.live.lock().unwrap_or_else(|e| e.into_inner());
            map.remove(&id);
        });
    }

    async fn finish(&self, id: i64, log: &[String], product: Option<&NewJobFile>, error: Option<&str>) -> Result<()> {
        let mut tx = self.store.begin().await?;
        let outcome = match error {
            Some(e) => Err(e),
            None => Ok(product),
        };
        tx.finish_job(id, log, outcome, &now_text()).await?;
        tx.commit().await
    }
}

/// The message a failed job shows: the problem's detail, or a generic
/// sentence for a server fault (logged with its cause).
fn job_error(e: &Error) -> String {
    match e {
        Error::Problem { detail, .. } => detail.clone(),
        Error::Internal(err) => {
            tracing::error!(error = %format!("{err:#}"), "job failed");
            "The job failed because of a server fault; it has been logged.".to_string()
        }
    }
}
