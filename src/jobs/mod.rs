//! The job runner (docs/documents.md §Jobs and files; docs/api.md "Jobs and files"): long work
//! (documents, exports, mails, balance checks) runs in the background and
//! reports progress; its product is a file kept in the database.
//!
//! The queue is the `job` table, shared by every server on the database
//! ([`crate::store::job`]):
//! - `POST /job` queues a job and wakes this server's runner
//!   ([`JobRunner::wake`]); an idle runner also looks for jobs queued through
//!   other servers every [`JobConfig::poll`].
//! - A runner claims a queued job when one of its `--job-workers` is free
//!   (PostgreSQL: `FOR UPDATE SKIP LOCKED`; SQLite: one writer and a
//!   conditional UPDATE), under a lease of [`JobConfig::lease`] that it renews
//!   every [`JobConfig::renewal`] while the job runs. CPU-heavy rendering runs
//!   in `spawn_blocking`.
//! - Progress and log are written with the renewals and in between when they
//!   changed, at most every [`PROGRESS_EVERY`], so every server reports them.
//! - When the job ends, its final state, log and product are written in one
//!   transaction, so a product is never served half-written or before its job
//!   is done.
//! - A job whose lease ran out — its server died, or lost the database — is
//!   failed with the catalogue's `job-failed-lease` by whichever server sees it first (every
//!   [`JobConfig::renewal`], and at start). It is not run again: a job that
//!   killed its server would kill the next one too.
//! - A server that stops in order ([`RunningJobs::stop`]) gives its running
//!   jobs back: the [repeatable](JobKind::repeatable) ones to the queue, where
//!   another server takes them; the others fail with `job-failed-stopped`.
//!
//! Finished jobs and their files are kept at least [`JobConfig::retention`]
//! (one hour) and purged when new jobs arrive.

pub mod context;
pub mod kinds;
pub mod mail;
pub mod pdf;
pub mod postman;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[cfg(feature = "test-hooks")]
use futures::future::BoxFuture;
use futures::FutureExt as _;
use tokio::sync::{Notify, OwnedSemaphorePermit, Semaphore};
use tokio::task::JoinSet;

use crate::auth::{now_text, timestamp_text, Principal};
use crate::domain::ids::JobId;
use crate::domain::job::{JobKind, JobParams};
use crate::error::{Error, Result};
use crate::store::job::{ClaimedJob, JobReport, NewJobFile, ProductCaps};
use crate::store::Store;

/// One mebibyte (the unit of the product caps' flags).
pub const MIB: u64 = 1024 * 1024;

/// Progress and log of a running job are written at most this often (and
/// with every renewal of its lease).
pub const PROGRESS_EVERY: Duration = Duration::from_millis(500);

/// Settings of the job runner.
#[derive(Debug, Clone)]
pub struct JobConfig {
    /// Jobs running at once on this server (`--job-workers`, at least 1); the
    /// others wait in the queue.
    pub workers: usize,
    /// SMTP server for `WorkloadMail` (`--smtp-url`, e.g. `smtp://host:25`,
    /// `smtps://user:pass@host`); `None`: mailing is not available.
    pub smtp_url: Option<String>,
    /// The sender of the service's own mails to teachers (`--mail-from`,
    /// `Sekretariat <sekretariat@school.ch>`; docs/teachers.md §Mails): with
    /// [`JobConfig::smtp_url`], invitations, releases and "überholt" notices
    /// are mailed; without it, none is.
    pub mail_from: Option<String>,
    /// The language of those mails (the school's, `--default-language`).
    pub mail_lang: crate::i18n::Lang,
    /// The address their links start with (`--public-url`, else the listen
    /// address); `None`: `http://localhost`.
    pub mail_base: Option<String>,
    /// How often the postman sends the due mails (default 5 s).
    pub mail_poll: Duration,
    /// How often the postman looks for confirmations a change made
    /// outdated (`--outdated-check`, default 5 min): a teacher is told at
    /// most this long after the change, once per confirmation.
    pub outdated_check: Duration,
    /// How long finished jobs and their files are kept (at least one hour, docs/documents.md §Jobs and files).
    pub retention: Duration,
    /// How long a server's claim on a job holds unless renewed (`--job-lease`,
    /// default 30 s): a job whose server died is failed this long after its
    /// last renewal.
    pub lease: Duration,
    /// How often a server renews the leases of its running jobs
    /// (`--job-lease-renewal`, default 10 s; well below the lease).
    pub renewal: Duration,
    /// How often an idle server looks for jobs queued through other servers
    /// (default 1 s; a job queued through this server is looked for at once).
    /// Leases that ran out are looked for every [`JobConfig::renewal`].
    pub poll: Duration,
    /// Unfinished (queued or running) jobs one account may have at once
    /// (`--jobs-per-account`, default 4); beyond it `POST /job` answers 429.
    pub per_account: u32,
    /// Caps on the bytes of stored products, per account and in all
    /// (`--job-products-per-account`, `--job-products-total` in MiB; default
    /// 100 MiB and 1 GiB): beyond them the oldest finished jobs expire with
    /// their products when a new product is stored.
    pub product_caps: ProductCaps,
    /// Tests only (feature `test-hooks`): awaited after a job is claimed and
    /// before it runs.
    #[cfg(feature = "test-hooks")]
    pub hook: Option<JobHook>,
}

impl Default for JobConfig {
    fn default() -> Self {
        JobConfig {
            workers: 2,
            smtp_url: None,
            mail_from: None,
            mail_lang: crate::i18n::Lang::De,
            mail_base: None,
            mail_poll: Duration::from_secs(5),
            outdated_check: Duration::from_secs(300),
            retention: Duration::from_secs(3600),
            lease: Duration::from_secs(30),
            renewal: Duration::from_secs(10),
            poll: Duration::from_secs(1),
            per_account: 4,
            product_caps: ProductCaps { per_account: 100 * MIB, total: 1024 * MIB },
            #[cfg(feature = "test-hooks")]
            hook: None,
        }
    }
}

/// A test hook ([`JobConfig::hook`]): called with the job's id and progress
/// once the job is claimed; the job runs when the returned future completes.
/// Tests use it to hold a job running (a long job without a sleep in the jobs).
#[cfg(feature = "test-hooks")]
#[derive(Clone)]
pub struct JobHook(pub Arc<dyn Fn(JobId, Progress) -> BoxFuture<'static, ()> + Send + Sync>);

#[cfg(feature = "test-hooks")]
impl std::fmt::Debug for JobHook {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("JobHook")
    }
}

/// Fails the jobs whose lease ran out (run at start, before the first
/// request, and then every [`JobConfig::renewal`]); returns how many.
pub async fn recover(store: &Store) -> Result<u64> {
    let now = now_text();
    if !store.conn().await?.job_queue_state(&now).await?.expired {
        return Ok(0);
    }
    let mut tx = store.begin().await?;
    let n = tx.expire_job_leases(&crate::i18n::Message::new("job-failed-lease"), &now).await?;
    tx.commit().await?;
    if n > 0 {
        tracing::warn!(jobs = n, "jobs whose server stopped renewing their lease were marked failed");
    }
    Ok(n)
}

#[derive(Debug, Default)]
struct Live {
    done: u32,
    total: u32,
    log: Vec<String>,
    changed: bool,
}

/// Progress and log of one running job; cheap to clone and `Send`, so it can
/// go into `spawn_blocking`. The runner writes it to the database.
#[derive(Debug, Clone)]
pub struct Progress {
    id: JobId,
    live: Arc<Mutex<Live>>,
}

impl Progress {
    fn new(id: JobId) -> Progress {
        Progress { id, live: Arc::default() }
    }

    fn with<T>(&self, f: impl FnOnce(&mut Live) -> T) -> T {
        let mut live = self.live.lock().unwrap_or_else(|e| e.into_inner());
        f(&mut live)
    }

    /// Sets the number of steps of the job (progress = done / total).
    pub fn set_total(&self, total: usize) {
        self.with(|l| {
            l.total = u32::try_from(total).unwrap_or(u32::MAX);
            l.changed = true;
        });
    }

    /// One more step done.
    pub fn step(&self) {
        self.with(|l| {
            l.done = l.done.saturating_add(1);
            l.changed = true;
        });
    }

    /// Appends a log line.
    pub fn log(&self, message: impl Into<String>) {
        let message = message.into();
        tracing::info!(job = self.id.0, "{message}");
        self.with(|l| {
            l.log.push(message);
            l.changed = true;
        });
    }

    /// The log so far.
    pub fn lines(&self) -> Vec<String> {
        self.with(|l| l.log.clone())
    }

    /// (done, total, log) when something changed since the last call, or when `always`.
    fn changes(&self, always: bool) -> Option<(u32, u32, Vec<String>)> {
        self.with(|l| {
            let changed = std::mem::take(&mut l.changed);
            (changed || always).then(|| (l.done, l.total, l.log.clone()))
        })
    }
}

/// Runs the jobs of the shared queue on a bounded pool of workers.
#[derive(Debug)]
pub struct JobRunner {
    store: Store,
    /// This server's id in the `runner` column of the jobs it holds.
    id: String,
    config: JobConfig,
    wake: Notify,
}

impl JobConfig {
    /// The settings of the service's own mails when they are on (an SMTP
    /// server and a sender configured), else `None`.
    pub fn mail_settings(&self) -> Option<crate::service::outbox::MailSettings> {
        (self.smtp_url.is_some() && self.mail_from.is_some()).then(|| crate::service::outbox::MailSettings {
            lang: self.mail_lang,
            base_url: self.mail_base.clone().unwrap_or_else(|| "http://localhost".to_string()),
        })
    }
}

impl JobRunner {
    /// A runner over `store` with `config.workers` workers; it runs jobs once
    /// [started](JobRunner::start).
    pub fn new(store: Store, config: JobConfig) -> Arc<JobRunner> {
        Arc::new(JobRunner { store, id: uuid::Uuid::new_v4().to_string(), config, wake: Notify::new() })
    }

    /// The runner's settings.
    pub fn config(&self) -> &JobConfig {
        &self.config
    }

    /// The id this runner claims jobs under.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Tells the runner that a job was queued (it looks at once instead of at its next poll).
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    /// Deletes the finished jobs older than the retention time.
    pub async fn purge(&self) -> Result<()> {
        let retention = chrono::Duration::from_std(self.config.retention).unwrap_or(chrono::Duration::hours(1));
        let before = timestamp_text(chrono::Utc::now() - retention);
        let mut tx = self.store.begin().await?;
        let n = tx.purge_jobs(&before).await?;
        tx.commit().await?;
        if n > 0 {
            tracing::info!(jobs = n, "finished jobs purged");
        }
        Ok(())
    }

    /// Starts taking jobs from the queue, and the [`postman::Postman`] when
    /// the service's mail is configured. The jobs run while the returned
    /// handle lives: dropping it stops them where they are (as a crash would:
    /// their leases run out); [`RunningJobs::stop`] stops in order.
    pub fn start(self: &Arc<Self>) -> RunningJobs {
        let postman = postman::Postman::new(self.store.clone(), &self.config).map(|p| p.start());
        RunningJobs { runner: self.clone(), task: tokio::spawn(self.clone().dispatch()), postman }
    }

    fn lease_until(&self) -> String {
        let lease = chrono::Duration::from_std(self.config.lease).unwrap_or(chrono::Duration::seconds(30));
        timestamp_text(chrono::Utc::now() + lease)
    }

    /// The dispatcher: claims jobs while a worker is free, runs each on a task
    /// of its own (aborted with the dispatcher), and looks again when woken,
    /// when a job ends, or every poll interval; fails the jobs whose lease ran
    /// out every renewal interval.
    async fn dispatch(self: Arc<Self>) {
        let permits = Arc::new(Semaphore::new(self.config.workers.max(1)));
        let mut running = JoinSet::new();
        let (mut swept, mut looked): (Option<Instant>, Option<Instant>) = (None, None);
        let mut look_now = true;
        loop {
            if swept.is_none_or(|t| t.elapsed() >= self.config.renewal) {
                if let Err(e) = recover(&self.store).await {
                    tracing::warn!(error = %e, "cannot look for jobs whose lease ran out");
                }
                swept = Some(Instant::now());
            }
            if look_now || looked.is_none_or(|t| t.elapsed() >= self.config.poll) {
                looked = Some(Instant::now());
                while let Ok(permit) = permits.clone().try_acquire_owned() {
                    match self.claim().await {
                        Ok(Some(job)) => {
                            running.spawn(self.clone().run(job, permit));
                        }
                        Ok(None) => break,
                        Err(e) => {
                            tracing::warn!(error = %e, "cannot claim a job");
                            break;
                        }
                    }
                }
            }
            look_now = tokio::select! {
                () = self.wake.notified() => true,
                () = tokio::time::sleep(self.config.poll.min(self.config.renewal)) => false,
                Some(_) = running.join_next(), if !running.is_empty() => {
                    if running.is_empty() {
                        // Nothing is typeset now: typst's memoized results of
                        // the last documents go, so the memory of a burst of
                        // PDF jobs falls back once it is over.
                        comemo::evict(0);
                    }
                    true
                }
            };
        }
    }

    /// Claims the oldest queued job, if any (a read first: an idle server writes nothing).
    async fn claim(&self) -> Result<Option<ClaimedJob>> {
        if !self.store.conn().await?.job_queue_state(&now_text()).await?.queued {
            return Ok(None);
        }
        let mut tx = self.store.begin().await?;
        let job = tx.claim_job(&self.id, &self.lease_until()).await?;
        tx.commit().await?;
        Ok(job)
    }

    /// Who started the run of a claimed job (audited in their name).
    async fn principal(&self, account: Option<i64>) -> Result<Option<Principal>> {
        let Some(id) = account else { return Ok(None) };
        let account = self.store.conn().await?.get_account(id).await?;
        Ok(account.map(|a| Principal { account_id: a.id, name: a.name, role: a.role, token_id: 0 }))
    }

    /// Runs a claimed job, renewing its lease and writing its progress, then
    /// stores its end (unless the job was lost meanwhile).
    async fn run(self: Arc<Self>, job: ClaimedJob, _permit: OwnedSemaphorePermit) {
        let id = job.id;
        let progress = Progress::new(id);
        tracing::info!(job = id.0, name = %job.name, runner = %self.id, "job claimed");
        let Some(outcome) = self.reporting(&job, &progress).await else {
            tracing::warn!(job = id.0, "the job's lease ran out meanwhile; it was stopped and its end is not stored");
            return;
        };
        let log = progress.lines();
        let lang = crate::i18n::Lang::from_tag(&job.lang).unwrap_or(crate::i18n::Lang::En);
        let error = outcome.as_ref().err().map(|e| job_error(e, lang));
        let product = outcome.as_ref().ok().and_then(Option::as_ref);
        let mut stored = self.finish(&job, &log, product, error.as_deref()).await;
        if let (Err(e), Some(_)) = (&stored, product) {
            // Storing the product failed: record the failure without it; a
            // fault of the database (a full disk) as its own message
            // (docs/faults.md §A full disk). The product was one transaction:
            // nothing of it is kept.
            let error = match e.code().retry_after() {
                Some(_) => e.message(lang),
                None => crate::i18n::text(lang, "job-product-not-stored"),
            };
            stored = self.finish(&job, &log, None, Some(&error)).await;
        }
        match stored {
            Ok(true) => {
                let state = if error.is_some() { "failed" } else { "done" };
                tracing::info!(job = id.0, kind = %job.name, state, "job finished");
            }
            Ok(false) => tracing::warn!(job = id.0, "the job's lease ran out before its end was stored"),
            Err(e) => tracing::error!(job = id.0, error = %e, "cannot store the end of a job"),
        }
    }

    /// Runs the job while reporting; `None` when the runner lost it (its lease
    /// ran out and another server failed it): the job is stopped.
    ///
    /// The reporter runs on a task of its own and is told to stop, never
    /// dropped: a report that is being written always completes (see
    /// docs/jobs.md §Writes are never cancelled half-way). Its writes
    /// wait for SQLite's writer, which the job itself may hold meanwhile; the
    /// job goes on all the same.
    async fn reporting(self: &Arc<Self>, job: &ClaimedJob, progress: &Progress) -> Option<Result<Option<NewJobFile>>> {
        let (stop, stopped) = tokio::sync::watch::channel(false);
        let mut reporter = tokio::spawn(self.clone().reporter(job.id, progress.clone(), stopped));
        let outcome = tokio::select! {
            outcome = self.execute(job, progress) => outcome,
            _ = &mut reporter => return None,
        };
        // The last report (if one is being written) ends before the job's end is stored.
        let _ = stop.send(true);
        let _ = reporter.await;
        Some(outcome)
    }

    /// Writes the progress of job `id` when it changed (at most every
    /// [`PROGRESS_EVERY`]) and renews its lease every renewal interval;
    /// returns when the runner no longer holds the job, or when `stop` says so
    /// (or is dropped: the job's run was dropped), but only between two
    /// reports.
    async fn reporter(self: Arc<Self>, id: JobId, progress: Progress, mut stop: tokio::sync::watch::Receiver<bool>) {
        let mut tick = tokio::time::interval(PROGRESS_EVERY.min(self.config.renewal));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut renewed = Instant::now();
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = stop.wait_for(|stop| *stop) => return,
            }
            let due = renewed.elapsed() >= self.config.renewal;
            let Some((done, total, log)) = progress.changes(due) else { continue };
            let lease_until = self.lease_until();
            let report = JobReport { done, total, log: &log, lease_until: &lease_until };
            match self.report(id, report).await {
                Ok(true) => renewed = Instant::now(),
                Ok(false) => return,
                Err(e) => tracing::warn!(job = id.0, error = %e, "cannot report a job's progress"),
            }
        }
    }

    async fn report(&self, id: JobId, report: JobReport<'_>) -> Result<bool> {
        let mut tx = self.store.begin().await?;
        let held = tx.report_job(id, &self.id, report).await?;
        tx.commit().await?;
        Ok(held)
    }

    async fn execute(&self, job: &ClaimedJob, progress: &Progress) -> Result<Option<NewJobFile>> {
        let kind = JobKind::from_name(&job.name)
            .ok_or_else(|| Error::internal(anyhow::anyhow!("job {} has an unknown name {}", job.id, job.name)))?;
        let params: JobParams = serde_json::from_str(&job.parameters).map_err(Error::internal)?;
        let who = self.principal(job.started_by).await?;
        #[cfg(feature = "test-hooks")]
        if let Some(hook) = &self.config.hook {
            (hook.0)(job.id, progress.clone()).await;
        }
        let ctx = context::Context {
            store: self.store.clone(),
            progress: progress.clone(),
            config: self.config.clone(),
            job: job.id,
            who,
            lang: crate::i18n::Lang::from_tag(&job.lang).unwrap_or(crate::i18n::Lang::En),
        };
        std::panic::AssertUnwindSafe(kinds::execute(kind, &params, &ctx))
            .catch_unwind()
            .await
            .unwrap_or_else(|_| Err(Error::internal(anyhow::anyhow!("job {} panicked", job.id))))
    }

    /// Stores the end of `job`; with a product, the oldest products beyond
    /// the caps expire in the same transaction.
    async fn finish(
        &self,
        job: &ClaimedJob,
        log: &[String],
        product: Option<&NewJobFile>,
        error: Option<&str>,
    ) -> Result<bool> {
        let mut tx = self.store.begin().await?;
        let outcome = match error {
            Some(e) => Err(e),
            None => Ok(product),
        };
        let held = tx.finish_job(job.id, &self.id, log, outcome, &now_text()).await?;
        let expired = match (held, product, error) {
            (true, Some(_), None) => tx.cap_job_products(job.account_id, self.config.product_caps, job.id).await?,
            _ => 0,
        };
        tx.commit().await?;
        if expired > 0 {
            tracing::info!(jobs = expired, "finished jobs expired with their products (caps on stored products)");
        }
        Ok(held)
    }
}

/// The jobs a server runs ([`JobRunner::start`]); dropping it stops them where they are.
#[derive(Debug)]
pub struct RunningJobs {
    runner: Arc<JobRunner>,
    task: tokio::task::JoinHandle<()>,
    /// The postman's task when the service's mail is on.
    postman: Option<tokio::task::JoinHandle<()>>,
}

impl RunningJobs {
    /// Stops in order: takes no more jobs, stops the running ones, and gives
    /// them back — the repeatable ones to the queue (another server runs
    /// them from the start), the others failed with `job-failed-stopped`.
    pub async fn stop(mut self) -> Result<()> {
        if let Some(p) = &self.postman {
            p.abort();
        }
        self.task.abort();
        let _ = (&mut self.task).await;
        let repeatable: Vec<&str> = JobKind::ALL.iter().filter(|k| k.repeatable()).map(|k| k.name()).collect();
        let mut tx = self.runner.store.begin().await?;
        let (requeued, failed) = tx
            .release_jobs(&self.runner.id, &repeatable, &crate::i18n::Message::new("job-failed-stopped"), &now_text())
            .await?;
        tx.commit().await?;
        if requeued + failed > 0 {
            tracing::info!(requeued, failed, "running jobs given back at shutdown");
        }
        Ok(())
    }
}

impl Drop for RunningJobs {
    fn drop(&mut self) {
        if let Some(p) = &self.postman {
            p.abort();
        }
        self.task.abort();
    }
}

/// Reads and checks a request for a job of `kind` by `who` from `body` (the
/// JSON body of `POST /job`, or the fields of the web's job form as JSON):
/// the role ([`crate::service::job::require_role`], 403), the parameters
/// ([`JobParams::parse`]: 400/422), and what the database must hold for them
/// ([`kinds::check`]: unknown references, a teacher without employment, mail
/// settings; 422). The one gate of the API and the web interface.
pub async fn accept(
    store: &Store,
    config: &JobConfig,
    kind: JobKind,
    who: &Principal,
    body: &serde_json::Value,
) -> Result<JobParams> {
    crate::service::job::require_role(kind, who)?;
    let params = JobParams::parse(kind, body)?;
    let mut conn = store.conn().await?;
    kinds::check(&mut conn, kind, &params, config).await?;
    Ok(params)
}

/// The message a failed job shows, in the job's language `lang`: the
/// problem's text, or a generic sentence for a server fault (logged with its
/// cause).
fn job_error(e: &Error, lang: crate::i18n::Lang) -> String {
    match e {
        Error::Problem { .. } => e.message(lang),
        Error::Internal(err) => {
            tracing::error!(error = %format!("{err:#}"), "job failed");
            crate::i18n::text(lang, "job-failed-internal")
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::i18n::{text, Lang};

    #[test]
    fn the_ended_jobs_errors_have_german_and_french() {
        assert!(text(Lang::De, "job-failed-lease").starts_with("Der Server"));
        assert!(text(Lang::Fr, "job-failed-stopped").starts_with("Le serveur"));
    }
}
