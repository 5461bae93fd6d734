//! The storage boundary: every SQL statement of the service lives below this module.
//!
//! One code path serves SQLite (an embedded file, the default) and PostgreSQL
//! (by URL): statements are written once with `$1` placeholders and run on the
//! concrete sqlx connection of either backend through `with_conn!`. Migrations
//! for both backends are embedded in the binary and run at start.
//!
//! Reads use a pooled connection from [`Store::conn`], or one snapshot
//! ([`Store::snapshot`]) when an answer is built from several statements;
//! every write is atomic
//! through [`Store::begin`]: a transaction of its own on PostgreSQL; on SQLite
//! a savepoint in a batch of the writes queued together, which share one
//! transaction (`BEGIN IMMEDIATE`) and one commit ([`writer`]). The store
//! speaks domain types: the per-resource modules add methods to [`Conn`].

use std::str::FromStr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use sqlx::pool::PoolConnection;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{PgPool, Postgres, Sqlite, SqlitePool, Transaction};

use crate::error::{Error, ErrorCode, Result};
use crate::i18n::Message;

pub mod account;
pub mod backup;
pub mod commit_watch;
pub mod confirmation;
pub mod constraint;
pub mod course;
pub mod curriculum;
pub mod dataset;
pub mod division;
pub mod employment;
pub mod fault;
pub mod grade;
pub mod job;
pub mod lessontable;
pub mod lookup;
pub mod move_report;
pub mod opening;
pub mod operations;
pub mod outbox;
pub mod payroll;
pub mod pool;
pub mod presence;
pub mod row_ops;
pub mod savepoint;
pub mod schoolclass;
pub mod schoolyear;
pub mod session;
pub mod snapshot;
mod sqlite_c;
pub mod subject;
pub mod teacher;
pub mod tokens;
pub mod workload;
pub mod writer;

/// Runs `$body` with `$c` bound to the concrete `&mut` sqlx connection of the
/// backend behind `$conn` (a [`Conn`]). The body is compiled once per backend,
/// so one statement text serves both.
#[macro_export]
macro_rules! with_conn {
    ($conn:expr, |$c:ident| $body:expr) => {
        match $conn.counted() {
            $crate::store::Exec::Sqlite($c) => $body,
            $crate::store::Exec::Postgres($c) => $body,
        }
    };
}

/// The concrete connection a statement runs on (see `with_conn!`).
pub enum Exec<'a> {
    /// A SQLite connection (pooled, or the writer's inside a write's savepoint).
    Sqlite(&'a mut sqlx::SqliteConnection),
    /// A PostgreSQL connection (pooled, or inside a transaction).
    Postgres(&'a mut sqlx::PgConnection),
}

tokio::task_local! {
    /// Set once whoever waits for the writes of this task has stopped waiting
    /// (see [`unless_given_up`]).
    static GIVEN_UP: Arc<AtomicBool>;
}

/// Runs `work`, which may write, for someone who may stop waiting for it (an
/// HTTP request that times out, or whose client hangs up): once `given_up`
/// is set, no write of `work` begins ([`Store::begin`]) or commits
/// ([`Conn::commit`]); both return 503 `unavailable` and what the write did
/// is rolled back. A commit already under way completes.
pub async fn unless_given_up<F: std::future::Future>(given_up: Arc<AtomicBool>, work: F) -> F::Output {
    GIVEN_UP.scope(given_up, work).await
}

/// 503 `unavailable` when the current task's writes were given up (see [`unless_given_up`]).
fn check_not_given_up() -> Result<()> {
    if GIVEN_UP.try_with(|g| g.load(Ordering::SeqCst)).unwrap_or(false) {
        return Err(Error::new(ErrorCode::Unavailable, Message::new("error-given-up")));
    }
    Ok(())
}

/// Which database engine a [`Store`] runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// Embedded SQLite file (WAL, `synchronous=FULL`).
    Sqlite,
    /// PostgreSQL server.
    Postgres,
}

/// The database of the service: a connection pool of either backend and the
/// state its clones share (the write generation, the SQLite writer queue and a
/// statement counter). Cloning is cheap; every clone is the same store.
#[derive(Clone, Debug)]
pub struct Store {
    pool: Pool,
    shared: Arc<Shared>,
}

/// The concrete sqlx pool behind a [`Store`] (private: callers speak [`Conn`]).
#[derive(Clone, Debug)]
enum Pool {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// A borrowed view of the pool behind a [`Store`], for what needs the concrete
/// sqlx pool: the change watch's own connection, and tests that run SQL by hand.
#[derive(Clone, Copy, Debug)]
pub enum PoolRef<'a> {
    /// SQLite pool.
    Sqlite(&'a SqlitePool),
    /// PostgreSQL pool.
    Postgres(&'a PgPool),
}

/// What the clones of one [`Store`] share beyond sqlx.
#[derive(Debug, Default)]
struct Shared {
    /// See [`WriteGeneration`].
    generation: WriteGeneration,
    /// SQLite: the queue of this process's writes and their group commit.
    writer: writer::Writer,
    /// See [`Store::count_statements`].
    statements: StatementCounter,
    /// See [`Store::write_fault`].
    write_fault: fault::WriteFaultState,
}

/// Counts statement runs (`with_conn!` uses) once enabled; while disabled a
/// statement costs one relaxed load of a flag that is never written.
#[derive(Debug, Default)]
struct StatementCounter {
    enabled: AtomicBool,
    count: AtomicU64,
}

impl StatementCounter {
    fn tick(&self) {
        if self.enabled.load(Ordering::Relaxed) {
            self.count.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// The write generation of a store: a counter that is incremented *after* every
/// write transaction of the store has committed (or tried to: a failed or
/// cancelled commit bumps it too, as its outcome is unknown), and by
/// [`commit_watch::ChangeWatch::catch_up`] for the commits of everyone else.
///
/// Whoever derives data from the database and wants to keep it (a cache) reads
/// the generation *before* running its queries — through
/// [`commit_watch::ChangeWatch::catch_up`] when other processes may write — and
/// keeps the result only while the generation is unchanged: a write that
/// commits after the read bumps the counter, so the result can never outlive it.
#[derive(Debug, Clone, Default)]
pub struct WriteGeneration(Arc<AtomicU64>);

impl WriteGeneration {
    /// The current generation (of the writes seen so far; see [`commit_watch`]).
    pub fn current(&self) -> u64 {
        self.0.load(Ordering::SeqCst)
    }

    /// Starts a new generation: everything kept under an older one is outdated.
    pub(crate) fn bump(&self) {
        self.0.fetch_add(1, Ordering::SeqCst);
    }
}

/// Bumps the write generation when dropped: at the end of [`Conn::commit`],
/// whether the commit succeeded, failed or its future was dropped midway.
struct BumpOnDrop(Arc<Shared>);

impl Drop for BumpOnDrop {
    fn drop(&mut self) {
        self.0.generation.bump();
    }
}

/// A connection or transaction of either backend; statements run on it via `with_conn!`.
pub struct Conn {
    inner: ConnInner,
    shared: Arc<Shared>,
}

/// The concrete connection behind a [`Conn`].
enum ConnInner {
    /// Pooled SQLite connection (reads).
    Sqlite(PoolConnection<Sqlite>),
    /// Pooled PostgreSQL connection (reads).
    Postgres(PoolConnection<Postgres>),
    /// A SQLite write: a savepoint in the writer's batch ([`writer`]).
    SqliteWrite(writer::WriteSlot),
    /// A SQLite read transaction: one snapshot ([`snapshot`]).
    SqliteRead(Transaction<'static, Sqlite>),
    /// A PostgreSQL write transaction.
    PostgresTx(Transaction<'static, Postgres>),
    /// A PostgreSQL read-only `REPEATABLE READ` transaction: one snapshot ([`snapshot`]).
    PostgresRead(Transaction<'static, Postgres>),
}

static SQLITE_MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/sqlite");
static POSTGRES_MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/postgres");

/// Rows a SQLite connection's worker thread may read ahead of the caller.
const ROW_BUFFER: usize = 1024;

/// A PostgreSQL connection idle for longer than this is pinged before use
/// (see [`postgres_pool_options`]).
const POSTGRES_PING_AFTER_IDLE: Duration = Duration::from_secs(5);

/// Pool options for PostgreSQL with at most `max` connections.
///
/// sqlx pings every connection when it goes back to the pool and, by default,
/// again when it is taken out: a second network round trip for every request.
/// Here a connection is pinged before use only when it has been idle for more
/// than [`POSTGRES_PING_AFTER_IDLE`] (sqlx's documented pattern): one that
/// broke while idle (a restart of the database, a dropped network path) is
/// still found and replaced before a request meets it, while a busy server
/// saves the round trip.
fn postgres_pool_options(max: u32) -> PgPoolOptions {
    PgPoolOptions::new().max_connections(max).test_before_acquire(false).before_acquire(|conn, meta| {
        Box::pin(async move {
            // Also a connection idle since another was found lost (docs/faults.md).
            if meta.idle_for > POSTGRES_PING_AFTER_IDLE || fault::suspect(meta.idle_for, meta.age) {
                sqlx::Connection::ping(conn).await?;
            }
            Ok(true)
        })
    })
}

/// How long the first connection to PostgreSQL may take before
/// [`Store::connect`] gives up.
pub const POSTGRES_CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// Opens and closes one connection to PostgreSQL, so that a database that
/// cannot be reached is reported at once with its cause: the pool retries a
/// failing connection until its acquire timeout and then says only "pool timed
/// out".
async fn probe_postgres(opts: &PgConnectOptions) -> anyhow::Result<()> {
    use sqlx::{ConnectOptions as _, Connection as _};
    let target = match opts.get_socket() {
        Some(socket) => format!("socket {}", socket.display()),
        None => format!("{}:{}", opts.get_host(), opts.get_port()),
    };
    match tokio::time::timeout(POSTGRES_CONNECT_TIMEOUT, opts.connect()).await {
        Err(_) => anyhow::bail!(
            "cannot connect to PostgreSQL at {target}: no answer within {} s",
            POSTGRES_CONNECT_TIMEOUT.as_secs()
        ),
        Ok(Err(e)) => Err(anyhow::Error::new(e).context(format!("cannot connect to PostgreSQL at {target}"))),
        Ok(Ok(conn)) => {
            let _ = conn.close().await;
            Ok(())
        }
    }
}

/// [`probe_postgres`] until it succeeds or `wait` has passed, pausing longer
/// after each failure ([`fault::next_pause`]) and logging why; then its error,
/// saying how long it tried.
async fn await_postgres(opts: &PgConnectOptions, wait: Duration) -> anyhow::Result<()> {
    let start = std::time::Instant::now();
    let mut pause = Duration::ZERO;
    loop {
        let Err(e) = probe_postgres(opts).await else { return Ok(()) };
        pause = fault::next_pause(pause);
        if start.elapsed() + pause > wait {
            if wait.is_zero() {
                return Err(e);
            }
            return Err(e.context(format!(
                "PostgreSQL was not reachable within {} s (--db-startup-wait)",
                wait.as_secs_f64().round()
            )));
        }
        tracing::warn!(error = %format!("{e:#}"), retry_in = ?pause, "PostgreSQL is not reachable yet; waiting for it");
        tokio::time::sleep(pause).await;
    }
}

impl Store {
    fn new(pool: Pool, busy_timeout: Duration) -> Store {
        let writer = match &pool {
            Pool::Sqlite(p) => writer::Writer::connect(p.connect_options().as_ref().clone(), busy_timeout),
            Pool::Postgres(_) => writer::Writer::default(),
        };
        Store { pool, shared: Arc::new(Shared { writer, ..Shared::default() }) }
    }

    /// Connects to `url`: `sqlite://FILE` (created if missing) or `postgres://…`.
    ///
    /// SQLite runs in WAL mode with `synchronous=FULL`, foreign keys on and a
    /// busy timeout of [`fault::DEFAULT_BUSY_TIMEOUT`]. Does not migrate; call [`Store::migrate`].
    ///
    /// PostgreSQL: a first connection must succeed within
    /// [`fault::DEFAULT_STARTUP_WAIT`] (each attempt within
    /// [`POSTGRES_CONNECT_TIMEOUT`]); else the error names the host, the port
    /// and the cause (connection refused, unknown host, authentication).
    pub async fn connect(url: &str) -> anyhow::Result<Store> {
        Self::open(url, true, &fault::StoreSettings::default()).await
    }

    /// [`Store::connect`] with `settings`: SQLite's busy timeout, and how
    /// long to wait for a PostgreSQL that is not reachable yet, retrying with
    /// a growing pause and logging why (docs/faults.md).
    pub async fn connect_with(url: &str, settings: &fault::StoreSettings) -> anyhow::Result<Store> {
        Self::open(url, true, settings).await
    }

    /// Like [`Store::connect`], but a SQLite file that does not exist is an
    /// error instead of a new empty database: for the commands that work on an
    /// existing database (`account`, `token`, `export`, `import`), where a
    /// mistyped path would otherwise create an empty one and carry on.
    pub async fn connect_existing(url: &str) -> anyhow::Result<Store> {
        Self::open(url, false, &fault::StoreSettings::default()).await
    }

    async fn open(url: &str, create: bool, settings: &fault::StoreSettings) -> anyhow::Result<Store> {
        if url.starts_with("sqlite:") {
            let opts = SqliteConnectOptions::from_str(url)
                .with_context(|| format!("invalid SQLite URL {url}"))?
                .create_if_missing(create);
            let file = opts.get_filename();
            let in_memory = url.contains(":memory:") || url.contains("mode=memory");
            if !create && !in_memory && !file.exists() {
                anyhow::bail!(
                    "the SQLite database {} does not exist (check --database; `schoolplan migrate` creates a new one)",
                    file.display()
                );
            }
            let opts = opts
                .journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Full)
                .foreign_keys(true)
                .busy_timeout(settings.busy_timeout)
                // sqlx runs each connection on a thread of its own and hands
                // rows over a channel; 50 (its default) makes the worker wait
                // for the reader many times per list of courses.
                .row_buffer_size(ROW_BUFFER);
            let pool = SqlitePoolOptions::new()
                .max_connections(8)
                .acquire_timeout(Duration::from_secs(30))
                // sqlx pings a connection when it goes back to the pool and,
                // by default, again when it is taken out: one more round trip
                // to the connection's thread per request, inside the write
                // lock for writes. A connection to a file of this process
                // cannot break while it is idle; the release ping stays.
                .test_before_acquire(false)
                .connect_with(opts)
                .await
                .with_context(|| format!("cannot open SQLite database {url}"))?;
            Ok(Store::new(Pool::Sqlite(pool), settings.busy_timeout))
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            let opts = PgConnectOptions::from_str(url).with_context(|| "invalid PostgreSQL URL".to_string())?;
            await_postgres(&opts, settings.startup_wait).await?;
            let pool = postgres_pool_options(16)
                .acquire_timeout(Duration::from_secs(30))
                .connect_with(opts)
                .await
                .context("cannot connect to PostgreSQL")?;
            Ok(Store::new(Pool::Postgres(pool), settings.busy_timeout))
        } else {
            anyhow::bail!("unsupported database URL (use sqlite://FILE or postgres://…): {url}")
        }
    }

    /// Connects to PostgreSQL with every connection's `search_path` set to `schema`
    /// (tests use one throwaway schema per test), and its `application_name`
    /// too, so a test can find its connections in `pg_stat_activity`.
    pub async fn connect_postgres_schema(url: &str, schema: &str) -> anyhow::Result<Store> {
        let opts = PgConnectOptions::from_str(url)?.options([("search_path", schema)]).application_name(schema);
        let pool = postgres_pool_options(8).connect_with(opts).await?;
        Ok(Store::new(Pool::Postgres(pool), fault::DEFAULT_BUSY_TIMEOUT))
    }

    /// Applies the embedded migrations of the backend. A database migrated
    /// by a newer schoolplan (a migration this binary does not know) is
    /// refused with a message saying so ([`operations::SchemaStatus::downgrade_refusal`]).
    pub async fn migrate(&self) -> anyhow::Result<()> {
        if let Some(refusal) = self.schema_status().await?.downgrade_refusal() {
            anyhow::bail!(refusal);
        }
        match &self.pool {
            Pool::Sqlite(p) => SQLITE_MIGRATOR.run(p).await.context("SQLite migration failed"),
            Pool::Postgres(p) => POSTGRES_MIGRATOR.run(p).await.context("PostgreSQL migration failed"),
        }
    }

    /// The backend of this store.
    pub fn backend(&self) -> Backend {
        match self.pool {
            Pool::Sqlite(_) => Backend::Sqlite,
            Pool::Postgres(_) => Backend::Postgres,
        }
    }

    /// Closes the pool, waiting for connections to be returned.
    pub async fn close(&self) {
        match &self.pool {
            Pool::Sqlite(p) => {
                self.shared.writer.close().await;
                p.close().await;
            }
            Pool::Postgres(p) => p.close().await,
        }
    }

    /// Refreshes the query planner's statistics after a bulk load (the
    /// import). PostgreSQL: `ANALYZE` of the tables of the service's schema
    /// (`current_schema()`, not the whole database) — its autovacuum may be off, or may not
    /// have come round yet, and until then it plans a year's hundreds of
    /// courses as a dozen. SQLite: nothing (with `ANALYZE` the course list
    /// took as long as without). Errors: the database's (500/503).
    pub async fn analyze(&self) -> Result<()> {
        match &self.pool {
            Pool::Sqlite(_) => Ok(()),
            Pool::Postgres(p) => {
                // Only the tables of the service's schema: a bare `ANALYZE`
                // reads every table of the database, other schemas' too.
                let tables: Vec<String> = sqlx::query_scalar(
                    "SELECT format('%I.%I', schemaname, tablename) FROM pg_tables \
                     WHERE schemaname = current_schema() ORDER BY tablename",
                )
                .fetch_all(p)
                .await
                .map_err(map_db_error)?;
                if tables.is_empty() {
                    return Ok(());
                }
                sqlx::query(&format!("ANALYZE {}", tables.join(", "))).execute(p).await.map(drop).map_err(map_db_error)
            }
        }
    }

    /// Whether the database answers a trivial query.
    pub async fn ping(&self) -> bool {
        let res = match &self.pool {
            Pool::Sqlite(p) => sqlx::query("SELECT 1").execute(p).await.map(|_| ()),
            Pool::Postgres(p) => sqlx::query("SELECT 1").execute(p).await.map(|_| ()),
        };
        res.is_ok()
    }

    /// The concrete sqlx pool, for what needs it beyond [`Conn`] (the change
    /// watch's own connection; tests that run SQL by hand).
    pub fn pool(&self) -> PoolRef<'_> {
        match &self.pool {
            Pool::Sqlite(p) => PoolRef::Sqlite(p),
            Pool::Postgres(p) => PoolRef::Postgres(p),
        }
    }

    /// Starts counting statement runs (`with_conn!` uses) on every clone of
    /// this store, so tests can prove that a request costs a fixed number of
    /// statements. Off by default: uncounted statements cost nothing.
    pub fn count_statements(&self) {
        self.shared.statements.enabled.store(true, Ordering::Relaxed);
    }

    /// Statements run on connections of this store since [`Store::count_statements`]
    /// (not the change checks of [`commit_watch::ChangeWatch`], which run on a
    /// connection of their own, nor the job runner's looks at the queue,
    /// [`Conn::job_queue_state`]).
    pub fn statement_count(&self) -> u64 {
        self.shared.statements.count.load(Ordering::Relaxed)
    }

    /// The fault the last write of this store met, while no later write has
    /// succeeded (docs/faults.md): `Some(WriteFault::DiskFull)` after a write
    /// answered 507 `disk_full`, and so on; `None` once a write commits
    /// again. For `/ready` to report. Notes the faults met by a begin or a
    /// commit, where a full disk shows on SQLite (its WAL grows at the
    /// commit) and a lost connection's outcome is decided.
    pub fn write_fault(&self) -> Option<fault::WriteFault> {
        self.shared.write_fault.get()
    }

    /// The write generation of this store (shared by every clone).
    pub fn write_generation(&self) -> WriteGeneration {
        self.shared.generation.clone()
    }

    /// A pooled connection for reads.
    pub async fn conn(&self) -> Result<Conn> {
        let inner = match &self.pool {
            Pool::Sqlite(p) => ConnInner::Sqlite(p.acquire().await.map_err(map_db_error)?),
            Pool::Postgres(p) => ConnInner::Postgres(p.acquire().await.map_err(map_db_error)?),
        };
        Ok(Conn { inner, shared: self.shared.clone() })
    }

    /// Begins a write: a transaction of its own on PostgreSQL; on SQLite a
    /// savepoint in the writer's current batch, which commits together with
    /// the writes queued alongside it ([`writer`]: this process's writes
    /// queue in order, SQLite admits one writer at a time anyway, and the
    /// batch shares one wait for the disk; a write waits at most 30 s for the
    /// writes ahead of it, then 503 `unavailable`).
    ///
    /// Commit with [`Conn::commit`]; dropping the `Conn` uncommitted (an error
    /// returned with `?`, a panic, a cancelled request) rolls back everything
    /// it wrote, and nothing else. A write whose requester has given up
    /// ([`unless_given_up`]) does not begin: 503 `unavailable`.
    pub async fn begin(&self) -> Result<Conn> {
        let begun = match &self.pool {
            Pool::Sqlite(_) => self.shared.writer.begin().await.map(ConnInner::SqliteWrite),
            Pool::Postgres(p) => begin_whole(p, "BEGIN").await.map(ConnInner::PostgresTx),
        };
        if let Err(e) = &begun {
            self.shared.write_fault.note(Err(e.code()));
        }
        let inner = begun?;
        // Checked once the write may start (after waiting for the writes ahead of it).
        check_not_given_up()?;
        Ok(Conn { inner, shared: self.shared.clone() })
    }

    /// SQLite: the change counter as this process's last committed write
    /// batch left it (see [`writer::Writer::last_counter`]); `None` on
    /// PostgreSQL and before the first commit.
    pub(crate) fn own_last_counter(&self) -> Option<i64> {
        match self.pool {
            Pool::Sqlite(_) => self.shared.writer.last_counter(),
            Pool::Postgres(_) => None,
        }
    }

    /// Tests only (feature `test-hooks`): whether this store's SQLite writes
    /// begun from now on run the database's triggers, which they normally do
    /// not ([`writer::Writer::connect`]); for a test whose own trigger makes
    /// a write fail half-way. No effect on PostgreSQL.
    #[cfg(feature = "test-hooks")]
    pub fn fire_triggers_on_writes(&self, on: bool) {
        self.shared.writer.fire_triggers(on);
    }

    /// Number of SQLite write batches committed so far (see [`writer`]; the
    /// writer's unit tests).
    #[cfg(test)]
    pub(crate) fn writer_commits(&self) -> u64 {
        self.shared.writer.commits()
    }
}

impl Conn {
    /// Commits a write (no-op for a plain connection) and returns once it is
    /// durable, then bumps the pool's [`WriteGeneration`]. A write whose
    /// requester has given up ([`unless_given_up`]) is rolled back instead:
    /// 503 `unavailable`.
    pub async fn commit(self) -> Result<()> {
        let writes = matches!(self.inner, ConnInner::SqliteWrite(_) | ConnInner::PostgresTx(_));
        if writes {
            check_not_given_up()?;
        }
        // A SQLite write's batch bumps the generation itself once committed
        // (even when this future is dropped first; [`writer`]).
        let _bump = matches!(self.inner, ConnInner::PostgresTx(_)).then(|| BumpOnDrop(self.shared.clone()));
        let generation = Some(self.shared.generation.clone());
        self.commit_with(generation).await
    }

    /// Commits a write, bumping `generation` (if any) once it is committed,
    /// and notes its outcome ([`Store::write_fault`], [`fault::attempt`]).
    async fn commit_with(self, generation: Option<WriteGeneration>) -> Result<()> {
        let shared = self.shared.clone();
        let outcome = match self.inner {
            ConnInner::SqliteWrite(w) => {
                fault::note_commit_attempt();
                w.commit(generation).await
            }
            ConnInner::PostgresTx(tx) => {
                fault::note_commit_attempt();
                tx.commit().await.map_err(map_commit_error)
            }
            read => return Conn { inner: read, shared: self.shared }.end_snapshot().await,
        };
        shared.write_fault.note(outcome.as_ref().map(drop).map_err(Error::code));
        outcome
    }

    /// Commits a write to tables no cache derives anything from (who has a
    /// page open, `page_presence`), without bumping the [`WriteGeneration`]:
    /// a heartbeat every few seconds must not make the caches forget
    /// everything. Those tables have no `change_noted` trigger either
    /// (migrations 0014, and 0015 on SQLite), and on SQLite a batch of such
    /// writes alone does not bump it ([`writer`]), so the change counter
    /// stays and other servers keep their caches too. Otherwise as
    /// [`Conn::commit`].
    pub async fn commit_unseen(self) -> Result<()> {
        let writes = matches!(self.inner, ConnInner::SqliteWrite(_) | ConnInner::PostgresTx(_));
        if writes {
            check_not_given_up()?;
        }
        self.commit_with(None).await
    }

    /// The backend of this connection.
    pub fn backend(&self) -> Backend {
        match self.inner {
            ConnInner::Sqlite(_) | ConnInner::SqliteWrite(_) | ConnInner::SqliteRead(_) => Backend::Sqlite,
            ConnInner::Postgres(_) | ConnInner::PostgresTx(_) | ConnInner::PostgresRead(_) => Backend::Postgres,
        }
    }

    /// The concrete connection, counting one statement run (for `with_conn!`).
    #[doc(hidden)]
    pub fn counted(&mut self) -> Exec<'_> {
        self.shared.statements.tick();
        self.uncounted()
    }

    /// The concrete connection without counting a statement run: for the
    /// background reads no request causes (the job runner's looks at the
    /// queue, every second), which [`Store::statement_count`] leaves out.
    pub(crate) fn uncounted(&mut self) -> Exec<'_> {
        match &mut self.inner {
            ConnInner::Sqlite(c) => Exec::Sqlite(c),
            ConnInner::SqliteWrite(w) => Exec::Sqlite(w.connection()),
            ConnInner::SqliteRead(tx) => Exec::Sqlite(tx),
            ConnInner::Postgres(c) => Exec::Postgres(c),
            ConnInner::PostgresTx(tx) | ConnInner::PostgresRead(tx) => Exec::Postgres(tx),
        }
    }
}

impl From<sqlx::Error> for Error {
    /// [`map_db_error`]: lets `?` turn a database error into the service error.
    fn from(err: sqlx::Error) -> Self {
        map_db_error(err)
    }
}

/// Begins a transaction with `statement` on a connection of `pool`, on a task
/// of its own, so that the caller giving up (a cancelled request, a dropped
/// future in a `select!`, an aborted job) never stops a `BEGIN` half-way.
///
/// sqlx 0.8 cannot drop a `begin` safely at every await: SQLite's custom
/// `BEGIN IMMEDIATE` awaits once more after SQLite has begun the transaction,
/// and PostgreSQL's `BEGIN` counts the transaction only after its answer. A
/// begin dropped there hands the connection back to the pool with the
/// transaction open and nothing to end it: on SQLite it holds the database's
/// write lock for good, and every later write waits out the busy timeout and
/// fails (503); on PostgreSQL the next borrower runs inside the stale
/// transaction. On a task of its own the begin always completes; when nobody
/// waits for it any more, its transaction is dropped, which rolls it back
/// before the connection is reused.
pub(crate) async fn begin_whole<DB>(pool: &sqlx::Pool<DB>, statement: &'static str) -> Result<Transaction<'static, DB>>
where
    DB: sqlx::Database,
{
    let pool = pool.clone();
    tokio::spawn(async move { pool.begin_with(statement).await })
        .await
        .map_err(|e| Error::internal(anyhow::anyhow!("beginning a transaction failed: {e}")))?
        .map_err(map_db_error)
}

/// Maps a database error to the service error: unique violations a statement
/// did not declare ([`constraint`]) to a generic 409 `duplicate_code` (logged),
/// foreign-key violations to 409 `referenced`, serialization conflicts to 409
/// `concurrent_update`, pool timeouts to 503 `unavailable`; the faults of
/// docs/faults.md ([`fault::classify`]): a lost connection to 503
/// `database_unavailable` (nothing was saved), a full disk to 507 `disk_full`,
/// a lock held elsewhere to 503 `database_busy`; everything else to 500.
pub fn map_db_error(err: sqlx::Error) -> Error {
    if let Some(found) = fault::classify(&err) {
        tracing::warn!(error = %err, fault = ?found, "a fault of the database");
        return match found {
            fault::Fault::ConnectionLost => {
                fault::note_lost_connection();
                Error::new(ErrorCode::DatabaseUnavailable, Message::new("error-connection-lost"))
            }
            fault::Fault::DiskFull => Error::new(ErrorCode::DiskFull, Message::new("error-disk-full")),
            fault::Fault::Busy => Error::new(ErrorCode::DatabaseBusy, Message::new("error-database-busy")),
        };
    }
    match &err {
        sqlx::Error::Database(db) => {
            let pg_code = db.code().map(|c| c.to_string()).unwrap_or_default();
            if db.is_unique_violation() {
                let constraint = db.constraint().unwrap_or_else(|| db.message());
                tracing::warn!(constraint, "a unique constraint no statement declared");
                return Error::new(ErrorCode::DuplicateCode, Message::new("error-taken-values"));
            }
            if db.is_foreign_key_violation() {
                return Error::new(ErrorCode::Referenced, Message::new("error-foreign-key"));
            }
            // PostgreSQL: serialization_failure, deadlock_detected; SQLite: SQLITE_BUSY_SNAPSHOT (517).
            if matches!(pg_code.as_str(), "40001" | "40P01" | "517") {
                return Error::new(ErrorCode::ConcurrentUpdate, Message::new("error-collided"));
            }
            Error::internal(err)
        }
        sqlx::Error::PoolTimedOut => Error::new(ErrorCode::Unavailable, Message::new("error-database-busy")),
        _ => Error::internal(err),
    }
}

/// The error of a commit that failed: a connection lost during the commit
/// leaves its outcome unknown (503 `database_unavailable`, saying so);
/// otherwise as [`map_db_error`].
fn map_commit_error(err: sqlx::Error) -> Error {
    match map_db_error(err) {
        e if e.code() == ErrorCode::DatabaseUnavailable => {
            Error::new(ErrorCode::DatabaseUnavailable, Message::new("error-commit-unknown"))
        }
        e => e,
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::Store;

    /// A migrated SQLite store in a temporary directory, and its URL.
    pub(crate) async fn sqlite() -> (Store, String, tempfile::TempDir) {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("store.db").display());
        let store = Store::connect(&url).await.unwrap();
        store.migrate().await.unwrap();
        (store, url, dir)
    }
}
