//! SQLite writes: one writer at a time, and one commit for every write that
//! queued meanwhile (group commit).
//!
//! SQLite admits one write transaction at a time, and with `synchronous=FULL`
//! each commit waits for the disk (an `fsync` of the WAL). Writes of this
//! process therefore queue in order on one in-process lock ([`Writer`]), and
//! the writes that meet in the queue share one transaction and one commit:
//!
//! 1. [`Writer::begin`] takes the lock. When no transaction is open it begins
//!    one (`BEGIN IMMEDIATE`) for a new *batch*; then it opens a savepoint for
//!    this write, which runs its statements while it holds the lock.
//! 2. [`WriteSlot::commit`] releases the savepoint (the write is now part of
//!    the batch), lets go of the lock, and queues for it once more. The lock
//!    is fair: by the time the write gets it again, every write that queued
//!    meanwhile has run and joined the batch.
//! 3. The first write of a batch to come round again commits the batch; the
//!    others find it committed. Every write learns the batch's outcome before
//!    [`WriteSlot::commit`] returns, so a change is durable before it is
//!    answered, exactly as with a transaction of its own.
//!
//! A write that fails or is dropped before its commit leaves its savepoint
//! open; whoever takes the lock next rolls back to it (a task is spawned for
//! that when nobody else would come), so a failed write changes nothing, and
//! the other writes of its batch are kept. Alone, one write costs what it did
//! with a transaction of its own (plus one uncontended lock); under load the
//! commit's disk wait is shared. Reads on the other connections see a batch's
//! writes when the batch commits; the writes of a batch see each other, in
//! the order of the queue, as consecutive transactions would.
//!
//! What can fail a whole batch is only what fails a commit (the disk, a
//! database that went away): then every write of the batch gets the error,
//! and none of them is kept. Writes by other processes (the command line,
//! another server) still meet SQLite's busy timeout.

#[cfg(feature = "test-hooks")]
use std::sync::atomic::AtomicBool;
use std::sync::atomic::{AtomicI64, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqlitePoolOptions};
use sqlx::{Connection as _, Sqlite, SqliteConnection, SqlitePool, Transaction};
use tokio::sync::{Mutex, OwnedMutexGuard};

use super::map_db_error;
use crate::error::{Error, ErrorCode, Result};
use crate::i18n::Message;

/// How long a write waits for the writes queued ahead of it (like the busy timeout).
const WRITER_WAIT: Duration = Duration::from_secs(30);

/// The SQLite writer of one store: the queue and the batch being written.
#[derive(Debug, Default)]
pub(crate) struct Writer {
    state: Arc<Mutex<State>>,
    /// What the committed batches left behind.
    commits: Arc<Committed>,
    /// The writer's own connections, a pool of two ([`Writer::connect`]);
    /// `None` in the store of a PostgreSQL database, which has no writer.
    pool: Option<SqlitePool>,
    /// Tests only (`Writer::fire_triggers`, feature `test-hooks`): batches
    /// begun from now on run the database's triggers (a trigger that fails
    /// on purpose).
    #[cfg(feature = "test-hooks")]
    fire_triggers: Arc<AtomicBool>,
    /// How long a batch waits for the write lock another process holds
    /// (SQLite's busy timeout, `--db-busy-timeout`), for the message of 503 `database_busy`.
    busy_timeout: Duration,
    /// Writes waiting for the lock now ([`Writer::waiting`]).
    waiting: Arc<AtomicUsize>,
}

/// Counts one write as waiting for the lock while it lives.
struct Waiting<'a>(&'a AtomicUsize);

impl<'a> Waiting<'a> {
    fn new(count: &'a AtomicUsize) -> Waiting<'a> {
        count.fetch_add(1, Ordering::Relaxed);
        Waiting(count)
    }
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// What this writer's committed batches left behind (shared with the tasks
/// that commit them).
#[derive(Debug)]
struct Committed {
    /// Batches committed so far (for tests and diagnostics).
    batches: AtomicU64,
    /// The change counter as the last committed batch left it
    /// ([`NO_COUNTER`] before the first, or when it could not be read).
    counter: AtomicI64,
}

impl Default for Committed {
    fn default() -> Committed {
        Committed { batches: AtomicU64::new(0), counter: AtomicI64::new(NO_COUNTER) }
    }
}

/// [`Committed::counter`] when no value is known. The counter starts at 0 and
/// only grows, so it never takes this value.
const NO_COUNTER: i64 = i64::MIN;

/// What the writer's lock guards.
#[derive(Debug, Default)]
struct State {
    /// The open transaction of the current batch (`None` between batches).
    tx: Option<Transaction<'static, Sqlite>>,
    /// The current batch (meaningful while `tx` is open).
    batch: Arc<Batch>,
    /// Writes that released their savepoint into the current batch and await its commit.
    members: usize,
    /// A write's savepoint is open: the write failed or was dropped before its
    /// commit, and must be rolled back before anything else runs.
    abandoned: bool,
    /// The writer's connection was last set to run triggers (`Writer::fire_triggers`).
    triggers_on: bool,
    /// The write generation to bump when the batch commits: set by the first
    /// member the caches must see ([`WriteSlot::commit`]).
    generation: Option<super::WriteGeneration>,
}

/// The outcome of one batch, set once when it is committed or fails.
#[derive(Debug, Default)]
struct Batch {
    outcome: OnceLock<std::result::Result<(), (ErrorCode, String, Message)>>,
}

impl Batch {
    /// Records the outcome (the first one set stays).
    fn settle(&self, outcome: std::result::Result<(), &Error>) {
        let _ = self.outcome.set(outcome.map_err(|e| {
            let text = match e {
                Error::Problem { text, .. } => text.clone(),
                Error::Internal(_) => Message::new("error-not-saved"),
            };
            (e.code(), e.to_string(), text)
        }));
    }

    /// The outcome as every member of the batch reports it, once settled.
    fn result(&self) -> Option<Result<()>> {
        self.outcome.get().map(|o| match o {
            Ok(()) => Ok(()),
            Err((ErrorCode::Internal, text, _)) => {
                Err(Error::internal(anyhow::anyhow!("the commit of this write's batch failed: {text}")))
            }
            // A fault of the database says which (docs/faults.md).
            Err((code, _, text)) if code.retry_after().is_some() => Err(Error::new(*code, text.clone())),
            Err((code, _, _)) => Err(Error::new(*code, Message::new("error-not-saved"))),
        })
    }
}

/// Savepoint of the write holding the lock (SQLite savepoints nest by name; one is open at a time).
const SAVEPOINT: &str = "SAVEPOINT write";
const RELEASE: &str = "RELEASE write";
const ROLLBACK_TO: &str = "ROLLBACK TO write";

/// Bumps the change counter once for a batch and gives its new value
/// (migration `0015_change_counter.sql`; see [`Writer::connect`]).
const BUMP_COUNTER: &str = "UPDATE change_generation SET value = value + 1 WHERE id = 1 RETURNING value";

impl Writer {
    /// The writer of the SQLite database of `options`, on connections of its
    /// own (a pool of two, opened on first use and again after one was lost).
    /// One batch runs at a time; the second connection lets the next batch
    /// begin while sqlx still checks the connection of the last one on its
    /// way back to the pool (a round trip to the connection's thread).
    ///
    /// **One counter bump per batch, not one per row.** On that connection
    /// the database's triggers are switched off (`SQLITE_DBCONFIG_ENABLE_TRIGGER`,
    /// a setting of the connection, not of the file), and the batch bumps the
    /// change counter itself, once, just before its commit
    /// ([`BUMP_COUNTER`]). The row triggers of migration `0015` stay in the
    /// file and keep noting every other writer's rows: the store's other
    /// connections (a test's fixtures), the command line of another version,
    /// SQL by hand. They are the only triggers of the SQLite schema (a test
    /// checks it), so switching them off skips nothing else. Measured: with
    /// a trigger run for every row of the course, its classes, teachers,
    /// lessons and audit, a merge and split of courses was 12–17 % slower
    /// (BENCHMARKS.md §The change counter's triggers (SQLite)).
    pub(crate) fn connect(options: SqliteConnectOptions, busy_timeout: Duration) -> Writer {
        let pool = SqlitePoolOptions::new()
            .max_connections(2)
            .min_connections(0)
            .acquire_timeout(WRITER_WAIT)
            // A connection to a file of this process cannot break while idle.
            .test_before_acquire(false)
            .after_connect(|conn, _| Box::pin(async move { without_triggers(conn).await }))
            // A commit or rollback that failed (a full disk: SQLite may end
            // the transaction itself, and the rollback then fails) leaves
            // sqlx counting a transaction on the connection that is gone, and
            // every later `BEGIN IMMEDIATE` on it would fail. Such a
            // connection is closed instead of kept; the next batch opens a
            // new one, so writes recover once the fault has passed
            // (docs/faults.md §A full disk).
            .after_release(|conn, _| Box::pin(async move { Ok(in_order(conn)) }))
            .connect_lazy_with(options);
        Writer { pool: Some(pool), busy_timeout, ..Writer::default() }
    }

    /// Tests only (feature `test-hooks`): whether the batches begun from now
    /// on run the database's triggers, as every other connection does. A
    /// test that makes a write fail half-way with a trigger of its own
    /// switches them on for that write; the change counter is then bumped by
    /// the row triggers as well as by the batch, which only matters for speed.
    #[cfg(feature = "test-hooks")]
    pub(crate) fn fire_triggers(&self, on: bool) {
        self.fire_triggers.store(on, Ordering::SeqCst);
    }

    /// Closes the writer's connection (waiting for a batch that holds it).
    pub(crate) async fn close(&self) {
        if let Some(pool) = &self.pool {
            pool.close().await;
        }
    }

    /// Writes waiting for the writer's lock now (the queue's depth).
    pub(crate) fn waiting(&self) -> usize {
        self.waiting.load(Ordering::Relaxed)
    }

    /// Number of batches committed so far (the unit tests).
    #[cfg(test)]
    pub(crate) fn commits(&self) -> u64 {
        self.commits.batches.load(Ordering::Relaxed)
    }

    /// The change counter (`change_generation.value`, migration
    /// `0015_change_counter.sql`) as this writer's last committed batch left
    /// it ([`BUMP_COUNTER`], just before its commit); `None` before the
    /// first batch the caches must see. Since SQLite admits one writer at a time, a database
    /// whose counter still has this value holds exactly what that batch
    /// committed: nobody has committed a change since.
    /// [`super::commit_watch::ChangeWatch`] uses it to tell this process's
    /// own commits (whose writes bump the caches' generation themselves)
    /// from those of others.
    pub(crate) fn last_counter(&self) -> Option<i64> {
        Some(self.commits.counter.load(Ordering::SeqCst)).filter(|&c| c != NO_COUNTER)
    }

    /// Starts a write: waits for the lock (503 `unavailable` after
    /// [`WRITER_WAIT`]), joins the open batch or begins one on a connection of
    /// `pool`, and opens the write's savepoint.
    ///
    /// Once the lock is taken, the rest runs on a task of its own: a caller
    /// that gives up meanwhile (a dropped future) cannot stop the `BEGIN
    /// IMMEDIATE` or the savepoint half-way (see [`super::begin_whole`]); the
    /// slot it would have got is dropped instead, which undoes the savepoint
    /// and ends a batch that nobody else joined.
    pub(crate) async fn begin(&self) -> Result<WriteSlot> {
        let Some(pool) = self.pool.clone() else {
            return Err(Error::internal(anyhow::anyhow!("a write on SQLite through a store without a writer")));
        };
        let waiting = Waiting::new(&self.waiting);
        let state = lock(&self.state).await?;
        drop(waiting);
        let (lock, commits) = (self.state.clone(), self.commits.clone());
        // Always false in a build of the program (feature `test-hooks`).
        #[cfg(feature = "test-hooks")]
        let fire_triggers = self.fire_triggers.load(Ordering::SeqCst);
        #[cfg(not(feature = "test-hooks"))]
        let fire_triggers = false;
        let busy = self.busy_timeout;
        tokio::spawn(Self::open_slot(state, lock, commits, pool, fire_triggers, busy))
            .await
            .unwrap_or_else(|e| Err(Error::internal(anyhow::anyhow!("beginning a write failed: {e}"))))
    }

    /// The part of [`Writer::begin`] after the lock: recovers, begins a batch
    /// when none is open, opens the savepoint.
    async fn open_slot(
        mut state: OwnedMutexGuard<State>,
        lock: Arc<Mutex<State>>,
        commits: Arc<Committed>,
        pool: SqlitePool,
        fire_triggers: bool,
        busy_timeout: Duration,
    ) -> Result<WriteSlot> {
        state.recover().await;
        if state.tx.is_none() {
            let mut tx = pool.begin_with("BEGIN IMMEDIATE").await.map_err(|e| match map_db_error(e) {
                // Another process holds the write lock (docs/faults.md §A held lock).
                e if e.code() == ErrorCode::DatabaseBusy => Error::new(
                    ErrorCode::DatabaseBusy,
                    Message::new("error-database-locked").arg("seconds", busy_timeout.as_secs_f64()),
                ),
                e => e,
            })?;
            // Only ever true in tests: production batches skip this.
            if fire_triggers || state.triggers_on {
                set_triggers(&mut tx, fire_triggers).await.map_err(map_db_error)?;
                state.triggers_on = fire_triggers;
            }
            state.tx = Some(tx);
            state.batch = Arc::new(Batch::default());
            state.members = 0;
            state.generation = None;
        }
        let tx = state.tx.as_mut().expect("a batch is open");
        if let Err(e) = sqlx::query(SAVEPOINT).execute(&mut **tx).await {
            let e = map_db_error(e);
            state.fail(&e).await;
            return Err(e);
        }
        state.abandoned = true;
        Ok(WriteSlot { state: Some(state), lock, commits })
    }
}

/// Takes the writer's lock, waiting at most [`WRITER_WAIT`].
async fn lock(state: &Arc<Mutex<State>>) -> Result<OwnedMutexGuard<State>> {
    tokio::time::timeout(WRITER_WAIT, state.clone().lock_owned())
        .await
        .map_err(|_| Error::new(ErrorCode::Unavailable, Message::new("error-database-busy")))
}

impl State {
    /// Rolls back an abandoned write's savepoint. When that fails (the
    /// transaction is gone), the batch fails.
    async fn recover(&mut self) {
        if !self.abandoned {
            return;
        }
        let Some(tx) = self.tx.as_mut() else {
            self.abandoned = false;
            return;
        };
        let undone = match sqlx::query(ROLLBACK_TO).execute(&mut **tx).await {
            Ok(_) => sqlx::query(RELEASE).execute(&mut **tx).await.map(drop),
            Err(e) => Err(e),
        };
        self.abandoned = false;
        if let Err(e) = undone {
            tracing::error!(error = %e, "cannot roll back a failed write; its batch fails");
            self.fail(&map_db_error(e)).await;
        }
    }

    /// Ends the batch with `error` for all its members: rolls back what it wrote.
    async fn fail(&mut self, error: &Error) {
        if let Some(tx) = self.tx.take() {
            let _ = tx.rollback().await;
        }
        self.batch.settle(Err(error));
        self.abandoned = false;
        self.members = 0;
        // Rolled back: nothing for the caches to see.
        self.generation = None;
    }

    /// After an abandoned write: when no member awaits the batch, ends it, so
    /// that the transaction does not hold SQLite's write lock while idle.
    async fn end_if_unused(&mut self) {
        self.recover().await;
        if self.members == 0 {
            if let Some(tx) = self.tx.take() {
                let _ = tx.rollback().await;
                self.batch.settle(Ok(()));
            }
        }
    }
}

/// One write of a batch: the writer's lock while the write runs (see the
/// module doc). Commit with [`WriteSlot::commit`]; dropped uncommitted, the
/// write's changes are rolled back.
pub struct WriteSlot {
    /// `Some` while the write holds the lock.
    state: Option<OwnedMutexGuard<State>>,
    lock: Arc<Mutex<State>>,
    commits: Arc<Committed>,
}

impl std::fmt::Debug for WriteSlot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("WriteSlot")
    }
}

impl WriteSlot {
    /// The connection of the batch's transaction, inside this write's savepoint.
    pub(crate) fn connection(&mut self) -> &mut SqliteConnection {
        let state = self.state.as_mut().expect("a write slot holds the lock until it commits");
        state.tx.as_mut().expect("a batch is open while a write runs")
    }

    /// Makes the write part of its batch and returns once the batch is
    /// committed (or has failed: then this write is not kept either).
    ///
    /// `generation` (the store's [`super::WriteGeneration`]; `None` for a
    /// write the caches need not see, [`super::Conn::commit_unseen`]) is
    /// bumped right after the batch commits, before [`Writer::last_counter`]
    /// tells of it, even when no member waits for the commit any longer.
    pub(crate) async fn commit(mut self, generation: Option<super::WriteGeneration>) -> Result<()> {
        let mut state = self.state.take().expect("a write slot holds the lock until it commits");
        let tx = state.tx.as_mut().expect("a batch is open while a write runs");
        if let Err(e) = sqlx::query(RELEASE).execute(&mut **tx).await {
            // The savepoint stays abandoned: rolled back by the next holder.
            self.state = Some(state);
            return Err(map_db_error(e));
        }
        state.abandoned = false;
        state.members += 1;
        if generation.is_some() {
            state.generation = generation;
        }
        let batch = state.batch.clone();
        drop(state);
        // A task of its own: the batch is committed even when the caller stops waiting.
        let (lock, commits) = (self.lock.clone(), self.commits.clone());
        tokio::spawn(settle(lock, batch, commits))
            .await
            .unwrap_or_else(|e| Err(Error::internal(anyhow::anyhow!("the commit of a write failed: {e}"))))
    }
}

/// Waits for the lock once more (every write queued meanwhile joins the
/// batch first), then commits `batch` unless an earlier member has; returns
/// its outcome.
async fn settle(lock: Arc<Mutex<State>>, batch: Arc<Batch>, commits: Arc<Committed>) -> Result<()> {
    let mut state = lock.lock_owned().await;
    // A write of the batch abandoned after this one joined is undone first.
    state.recover().await;
    if let Some(outcome) = batch.result() {
        return outcome;
    }
    // Unsettled, so the batch is still the open one: the first member back commits it.
    // The change counter moves with the data, once per batch the caches must
    // see (the triggers are off on this connection; see `Writer::connect`).
    // Without the bump the batch must not commit: other servers would keep
    // outdated caches.
    let counter = match &state.generation {
        Some(_) => {
            let tx = state.tx.as_mut().expect("an unsettled batch is open");
            match sqlx::query_scalar::<_, i64>(BUMP_COUNTER).fetch_one(&mut **tx).await {
                Ok(counter) => counter,
                Err(e) => {
                    let e = map_db_error(e);
                    tracing::error!(error = %e, "cannot note a batch in the change counter; it is rolled back");
                    state.fail(&e).await;
                    return batch.result().expect("settled");
                }
            }
        }
        None => NO_COUNTER,
    };
    let Some(tx) = state.tx.take() else {
        batch.settle(Err(&Error::internal(anyhow::anyhow!("no transaction"))));
        return batch.result().expect("settled");
    };
    let outcome = tx.commit().await.map_err(map_db_error);
    batch.settle(outcome.as_ref().map(|_| ()));
    state.members = 0;
    // Bumped whatever the outcome (a failed commit's is not certain), and
    // before the counter is told: whoever finds the counter at `counter`
    // finds the caches' generation already moved past this commit.
    if let Some(generation) = state.generation.take() {
        generation.bump();
    }
    if outcome.is_ok() && counter != NO_COUNTER {
        commits.counter.store(counter, Ordering::SeqCst);
    }
    if outcome.is_ok() {
        commits.batches.fetch_add(1, Ordering::Relaxed);
    }
    outcome
}

impl Drop for WriteSlot {
    /// A write dropped before its commit: its savepoint is rolled back by the
    /// next write, or, when no write of the batch will come round, by a task
    /// that ends the batch.
    fn drop(&mut self) {
        if let Some(state) = self.state.take() {
            drop(state);
            if let Ok(runtime) = tokio::runtime::Handle::try_current() {
                let lock = self.lock.clone();
                runtime.spawn(async move { lock.lock_owned().await.end_if_unused().await });
            }
        }
    }
}

/// Whether `conn` is fit for the next batch: sqlx counts no transaction open on it.
fn in_order(conn: &SqliteConnection) -> bool {
    let open = <sqlx::sqlite::SqliteTransactionManager as sqlx::TransactionManager>::get_transaction_depth(conn);
    if open > 0 {
        tracing::warn!(open, "a writer's connection was left inside a failed transaction; it is closed");
    }
    open == 0
}

/// Switches the triggers of the database off for `conn` alone (see
/// [`Writer::connect`]); other connections to the file keep them.
///
/// # Errors
/// When SQLite refuses the setting.
async fn without_triggers(conn: &mut SqliteConnection) -> sqlx::Result<()> {
    super::sqlite_c::trigger_setting(conn, false).await
}

/// Sets whether `conn` runs triggers and forgets its prepared statements,
/// which were compiled with the setting before (tests only; see
/// `Writer::fire_triggers`).
async fn set_triggers(conn: &mut SqliteConnection, on: bool) -> sqlx::Result<()> {
    super::sqlite_c::trigger_setting(conn, on).await?;
    conn.clear_cached_statements().await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    /// The account names `store` sees, sorted.
    async fn accounts(store: &Store) -> Vec<String> {
        let mut names: Vec<String> =
            store.conn().await.unwrap().list_accounts().await.unwrap().into_iter().map(|a| a.name).collect();
        names.sort();
        names
    }

    /// The change counter, read on a connection of `store`'s pool.
    async fn counter(store: &Store) -> i64 {
        let crate::store::PoolRef::Sqlite(pool) = store.pool() else { unreachable!("a SQLite store") };
        sqlx::query_scalar(super::super::commit_watch::COUNTER).fetch_one(pool).await.unwrap()
    }

    #[tokio::test]
    async fn a_batch_bumps_the_counter_once_and_other_connections_by_their_triggers() {
        let (store, _url, _dir) = crate::store::tests::sqlite().await;
        let start = counter(&store).await;

        // One write of several rows: its triggers are off, the batch bumps once.
        let mut tx = store.begin().await.unwrap();
        for name in ["anna", "beat", "carla"] {
            tx.create_account(name, crate::auth::Role::Reader).await.unwrap();
        }
        tx.commit().await.unwrap();
        assert_eq!(counter(&store).await, start + 1, "three rows written, one bump");
        assert_eq!(store.own_last_counter(), Some(start + 1), "the writer knows the counter it left");

        // A write the caches need not see leaves the counter.
        let mut tx = store.begin().await.unwrap();
        let open = [crate::store::presence::OpenYear { school_year: 1, session_id: 1, account_name: "anna".into() }];
        tx.renew_presence("server A", &open, "2026-11-27T12:00:00.000000Z", "2026-11-27T11:59:45.000000Z")
            .await
            .unwrap();
        tx.commit_unseen().await.unwrap();
        assert_eq!(counter(&store).await, start + 1, "a presence heartbeat is no change");

        // SQL by hand on any other connection: the triggers note every row.
        let crate::store::PoolRef::Sqlite(pool) = store.pool() else { unreachable!() };
        let gone = sqlx::query("DELETE FROM account WHERE name IN ('anna', 'beat')").execute(pool).await.unwrap();
        assert_eq!(gone.rows_affected(), 2);
        assert!(counter(&store).await >= start + 3, "each row by hand bumps the counter");
        assert_eq!(store.own_last_counter(), Some(start + 1), "and it is no commit of the writer");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn concurrent_writes_share_commits_and_failed_ones_leave_nothing() {
        let (store, url, _dir) = crate::store::tests::sqlite().await;
        // Another pool: sees only what was committed.
        let other = Store::connect(&url).await.unwrap();
        let writes: Vec<_> = (0..48)
            .map(|i| {
                let (store, other) = (store.clone(), other.clone());
                tokio::spawn(async move {
                    let name = format!("a{i:02}");
                    let mut tx = store.begin().await.unwrap();
                    tx.create_account(&name, crate::auth::Role::Reader).await.unwrap();
                    match i % 3 {
                        // Fails after writing: a second account of the same name.
                        0 => {
                            assert!(tx.create_account(&name, crate::auth::Role::Reader).await.is_err());
                            false
                        }
                        // Given up after writing (an early error return, a panic).
                        1 => {
                            drop(tx);
                            false
                        }
                        _ => {
                            tx.commit().await.unwrap();
                            assert!(accounts(&other).await.contains(&name), "committed means visible to all");
                            true
                        }
                    }
                })
            })
            .collect();
        let mut kept = Vec::new();
        for (i, w) in writes.into_iter().enumerate() {
            if w.await.unwrap() {
                kept.push(format!("a{i:02}"));
            }
        }
        assert_eq!(accounts(&other).await, kept, "exactly the committed writes are kept");
        let commits = store.writer_commits();
        assert!(commits < kept.len() as u64, "{} writes committed in {commits} commits", kept.len());
        // The writer is free again: a later write commits alone.
        let mut tx = store.begin().await.unwrap();
        tx.create_account("late", crate::auth::Role::Reader).await.unwrap();
        tx.commit().await.unwrap();
        assert!(accounts(&other).await.contains(&"late".to_string()));
    }

    /// A write given up while it begins (a request cancelled, a job's report
    /// dropped by a `select!`) leaves no transaction open on a pooled
    /// connection: another process still gets the write lock at once. Each
    /// attempt polls `begin` a few times and drops it, so that some are
    /// dropped right after SQLite acknowledged the `BEGIN IMMEDIATE`.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_write_given_up_while_it_begins_leaves_no_transaction_open() {
        let (store, url, _dir) = crate::store::tests::sqlite().await;
        let other = Store::connect(&url).await.unwrap();
        for polls in 1..=6 {
            for pause in [0, 50, 200, 1000, 0, 50, 200, 1000] {
                let mut begin = std::pin::pin!(store.begin());
                for _ in 0..polls {
                    if futures::poll!(begin.as_mut()).is_ready() {
                        break;
                    }
                    std::thread::sleep(Duration::from_micros(pause));
                }
            }
            // The dropped connections go back to the pool; then another process writes.
            tokio::time::sleep(Duration::from_millis(50)).await;
            let mut tx = tokio::time::timeout(Duration::from_secs(5), other.begin())
                .await
                .unwrap_or_else(|_| panic!("the write lock is held after begins dropped at poll {polls}"))
                .unwrap();
            tx.create_account(&format!("p{polls}"), crate::auth::Role::Reader).await.unwrap();
            tokio::time::timeout(Duration::from_secs(5), tx.commit()).await.unwrap().unwrap();
        }
        // And this store writes too.
        let mut tx = tokio::time::timeout(Duration::from_secs(5), store.begin()).await.unwrap().unwrap();
        tx.create_account("last", crate::auth::Role::Reader).await.unwrap();
        tokio::time::timeout(Duration::from_secs(5), tx.commit()).await.unwrap().unwrap();
        assert_eq!(accounts(&store).await.len(), 7);
    }

    #[tokio::test]
    async fn a_dropped_write_alone_releases_the_database_for_other_processes() {
        let (store, url, _dir) = crate::store::tests::sqlite().await;
        let mut tx = store.begin().await.unwrap();
        tx.create_account("gone", crate::auth::Role::Reader).await.unwrap();
        drop(tx);
        // Another process writes (its busy timeout would expire if the
        // abandoned batch kept the write lock).
        let other = Store::connect(&url).await.unwrap();
        let mut tx = tokio::time::timeout(Duration::from_secs(5), other.begin()).await.unwrap().unwrap();
        tx.create_account("other", crate::auth::Role::Reader).await.unwrap();
        tokio::time::timeout(Duration::from_secs(5), tx.commit()).await.unwrap().unwrap();
        assert_eq!(accounts(&other).await, vec!["other".to_string()]);
    }
}
