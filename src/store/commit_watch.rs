//! Seeing the commits of everyone: other servers on the same database, the
//! command line, SQL by hand — the coherence of the token cache
//! ([`super::tokens::TokenCache`]) and the response cache (`src/api/cache.rs`).
//!
//! Both caches keep what they read under the pool's [`WriteGeneration`] and use
//! it only while the generation is unchanged. A write through this process
//! bumps the generation itself ([`super::Conn::commit`]); [`ChangeWatch`] bumps
//! it for every other commit. Every request that may answer from a cache first
//! calls [`ChangeWatch::catch_up`]. Polling, that asks the database whether
//! anything was committed since it last asked, on a connection of its own, so
//! every commit finished before the request arrived is seen; on PostgreSQL the
//! watch listens for notifications instead, by default (below). What is asked:
//!
//! - **PostgreSQL:** `SELECT value FROM change_generation` — one row, increased
//!   by every transaction that writes, in its own commit (migration
//!   `0007_changes.sql`: statement triggers on every table note the write, a
//!   deferred trigger bumps the row once at commit), so it covers writes by
//!   other servers and by hand, and becomes visible atomically with the data.
//! - **SQLite:** `SELECT value FROM change_generation` as well (migration
//!   `0015_change_counter.sql`: row triggers on every table bump it within the
//!   writing transaction; a server's own writes run without triggers and bump
//!   it once per batch instead, [`super::writer::Writer::connect`]). Until
//!   that migration SQLite servers asked `PRAGMA data_version`, which
//!   changes with *every* commit of another connection,
//!   so the presence heartbeats (which no cache reads; [`super::Conn::commit_unseen`])
//!   made the caches forget everything every few seconds.
//!
//! **A server's own commits are not news to it.** A SQLite write of this
//! process bumps the generation itself, right after its batch commits
//! ([`super::writer`]), and remembers the counter that batch left. When a
//! poll then finds the counter at exactly that value, nobody else has
//! committed since (SQLite admits one writer at a time, and the counter only
//! grows), so the poll does not bump once more: each write of its own makes
//! the caches start over once, not twice. This matters under a load of
//! writes, where a second bump per write made the caches (the token cache
//! first) read again what they had just read; measured in
//! BENCHMARKS.md §The change counter's triggers (SQLite).
//! PostgreSQL servers still bump for the notification of their own commits.
//!
//! **PostgreSQL listens by default** (`--change-check notify`, [`ChangeCheck`]).
//! Asking on every request costs a database round trip per request (shared,
//! see below), which cuts the throughput of small cached reads by a third or
//! more on two cores (BENCHMARKS.md, issue 14). So by default the watch keeps a connection that
//! `LISTEN`s on `schoolplan_changes` (migration `0009_change_notify.sql`: every
//! writing transaction notifies with its commit) and bumps the generation when
//! a notification arrives; while that connection listens, `catch_up` does not
//! ask the database at all. The price is a short window: a notification
//! reaches a listening server *after* the commit, asynchronously (usually
//! well under a millisecond later), so a client that writes through server A
//! and reads through server B right after can, rarely, be served B's old
//! answer — or, for that moment, be accepted with a token revoked through A.
//! Writes through the same server, and every SQLite deployment, have no
//! window. `--change-check poll` closes it for PostgreSQL too: then every
//! request asks the counter as SQLite does.
//!
//! While the listening connection is not up — before it has connected, after
//! it was lost, or when it stops answering the heartbeat (one query every
//! [`HEARTBEAT`] without notifications) — the watch falls back to asking on
//! every request, and it bumps the generation when the connection is lost and
//! again when it listens anew, since notifications in between are lost.
//!
//! **Why asking stays cheap under load.** Polls are coalesced: a request may use
//! any poll that *started after it arrived*, because such a poll saw every
//! commit that finished before the request arrived. So while one poll runs,
//! every request arriving meanwhile waits for the next one, and that single
//! next poll serves all of them: at most one query per database round trip,
//! however many requests arrive.
//!
//! When a poll fails (connection lost, database down), the generation is
//! bumped — the caches forget everything, the request goes on to the database
//! as without caches — and the next poll reconnects.
//!
//! **SQLite asks only when the WAL index has moved.** A SQLite database in
//! WAL mode keeps a header in its WAL index (the `-shm` file beside the
//! database, shared memory of every connection of every process), which
//! each commit rewrites before it returns: its change counter goes up by one
//! ([`WalIndex`]). Reading that header is one `pread` of 96 bytes, no query
//! and no hand-over to a connection's thread. Before each poll the watch
//! reads it, and while it has not moved since the last poll started, no
//! commit has completed since (by anyone), and `catch_up` answers at once.
//! A moved header (a commit, a heartbeat, a checkpoint) means one poll as
//! before, which decides whether the commit is news. A database in memory
//! has no such file, and is always asked.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgListener, PgPoolOptions};
use sqlx::ConnectOptions as _;

use super::{PoolRef, Store, WriteGeneration};

/// How a server learns of the commits of others on PostgreSQL (`--change-check`,
/// `SCHOOLPLAN_CHANGE_CHECK`; see the module doc). SQLite always asks the
/// counter, a read of one row with no window.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ChangeCheck {
    /// `notify` (default): listen for the notifications of commits; ask the
    /// counter on every request only while not listening. Another server's
    /// commit is seen when its notification arrives, usually well under a
    /// millisecond after the commit.
    #[default]
    Notify,
    /// `poll`: ask the counter on every request (shared by the requests that
    /// arrive together). Every commit finished before a request arrived is
    /// seen by it, at the cost of a database round trip per request.
    Poll,
}

impl std::str::FromStr for ChangeCheck {
    type Err = String;

    /// `notify` or `poll`.
    fn from_str(s: &str) -> Result<ChangeCheck, String> {
        match s {
            "notify" => Ok(ChangeCheck::Notify),
            "poll" => Ok(ChangeCheck::Poll),
            other => Err(format!("`{other}` is no change check: use `notify` or `poll`")),
        }
    }
}

/// The channel every writing transaction notifies, with its schema as payload
/// (migration `0009_change_notify.sql`).
const CHANNEL: &str = "schoolplan_changes";
/// The listening connection's name in `pg_stat_activity`, after the name the
/// store's connections carry when they carry one (a test's schema): an
/// operator, or a test, ends the listener with the connections it belongs to.
const LISTENER_NAME: &str = "schoolplan change listener";
/// After this long without a notification the listening connection is asked a
/// query; when that gets no answer within as long again, it counts as lost.
pub const HEARTBEAT: Duration = Duration::from_secs(5);
/// Wait before connecting again after the listening connection was lost or
/// could not be opened; doubled after each failed attempt up to
/// [`RECONNECT_DELAY_MAX`], so a database that is down is not asked (nor
/// logged about) every second.
const RECONNECT_DELAY: Duration = Duration::from_secs(1);
/// The longest wait between attempts to listen again.
const RECONNECT_DELAY_MAX: Duration = Duration::from_secs(30);

/// The committed change counter, the same table on both backends (migrations
/// `0007_changes.sql` on PostgreSQL, `0015_change_counter.sql` on SQLite).
pub(super) const COUNTER: &str = "SELECT value FROM change_generation WHERE id = 1";

/// The connection a [`ChangeWatch`] polls on (never one of the pool).
enum WatchConn {
    Sqlite(sqlx::SqliteConnection),
    Postgres(sqlx::PgConnection),
}

/// What the watch remembers between polls (behind its lock).
#[derive(Default)]
struct Seen {
    /// The polling connection; `None` before the first poll and after a
    /// failed or cancelled one (the next poll reconnects).
    conn: Option<WatchConn>,
    /// The counter read by the last successful poll; `None` before the first.
    counter: Option<i64>,
}

/// Watches one database for commits by anyone and bumps the pool's
/// [`WriteGeneration`] when it sees one (see the module doc). One per
/// application; it holds one database connection of its own for asking,
/// opened on first use, and on PostgreSQL with [`ChangeCheck::Notify`] one
/// more that listens (with a pool of its own); both close with the application.
pub struct ChangeWatch {
    store: Store,
    generation: WriteGeneration,
    check: ChangeCheck,
    /// The state of the listening connection, shared with its task.
    listening: Arc<Listening>,
    /// The listening task, started by the first `catch_up` (PostgreSQL with
    /// [`ChangeCheck::Notify`] only); aborted when the watch is dropped.
    listener: OnceLock<tokio::task::AbortHandle>,
    seen: tokio::sync::Mutex<Seen>,
    /// Number of polls started so far.
    started: AtomicU64,
    /// Number of the last poll that completed (polls complete in order, under `seen`).
    done: AtomicU64,
    /// SQLite: the WAL index, opened after the first successful poll
    /// (`None` inside when there is none: a database in memory).
    wal_index: OnceLock<Option<WalIndex>>,
    /// SQLite: the WAL index's fingerprint read before the last poll that
    /// completed ([`NOT_READ`] when none was read, or the poll failed).
    polled_at: AtomicU64,
}

impl std::fmt::Debug for ChangeWatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ChangeWatch({:?}, polls {})", self.store.backend(), self.done.load(Ordering::Relaxed))
    }
}

impl ChangeWatch {
    /// A watch of `store`'s database; connects on the first [`ChangeWatch::catch_up`].
    pub fn new(store: Store, check: ChangeCheck) -> Arc<ChangeWatch> {
        let generation = store.write_generation();
        Arc::new(ChangeWatch {
            store,
            generation,
            check,
            listening: Arc::default(),
            listener: OnceLock::new(),
            seen: tokio::sync::Mutex::default(),
            started: AtomicU64::new(0),
            done: AtomicU64::new(0),
            wal_index: OnceLock::new(),
            polled_at: AtomicU64::new(NOT_READ),
        })
    }

    /// Number of polls (queries of the change counter) run so far.
    pub fn polls(&self) -> u64 {
        self.done.load(Ordering::SeqCst)
    }

    /// The fingerprint of the SQLite WAL index's header now, when there is one to read.
    fn wal_fingerprint(&self) -> Option<u64> {
        self.wal_index.get().and_then(Option::as_ref).and_then(WalIndex::fingerprint)
    }

    /// The store watched.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The write generation of the pool, without asking the database.
    pub fn current(&self) -> u64 {
        self.generation.current()
    }

    /// When asking: the write generation after every commit that completed
    /// before this call — by this process or any other — has bumped it. Data read from the
    /// database after this call and kept under the returned generation is
    /// current as long as a later `catch_up` returns the same generation.
    ///
    /// Costs one single-row query, shared with every request that arrived
    /// while the previous poll ran (see the module doc). Never fails: when the
    /// database cannot be asked, the generation is bumped instead.
    ///
    /// While the watch listens for notifications ([`ChangeCheck::Notify`] on
    /// PostgreSQL), costs nothing and reflects every commit whose
    /// notification has arrived (see the module doc for the window).
    pub async fn catch_up(&self) -> u64 {
        if self.listening.up.load(Ordering::SeqCst) {
            return self.generation.current();
        }
        // SQLite: nothing committed since the last poll started (see the module doc).
        if self.wal_fingerprint().is_some_and(|now| now == self.polled_at.load(Ordering::SeqCst)) {
            return self.generation.current();
        }
        self.start_listening();
        let arrival = self.started.load(Ordering::SeqCst);
        let mut seen = self.seen.lock().await;
        // A poll numbered above `arrival` started after this call did: it
        // saw every commit this call must see, and has bumped for it.
        if self.done.load(Ordering::SeqCst) > arrival {
            return self.generation.current();
        }
        let poll = self.started.fetch_add(1, Ordering::SeqCst) + 1;
        // Read before the query: a commit after this read moves it again,
        // and the next caller polls.
        let fingerprint = self.wal_fingerprint().unwrap_or(NOT_READ);
        // Taken out while the query runs: a cancelled poll leaves no
        // half-used connection behind (the next one reconnects).
        let conn = seen.conn.take();
        match self.read_counter(conn).await {
            Ok((conn, counter)) => {
                if matches!(conn, WatchConn::Sqlite(_)) {
                    self.wal_index.get_or_init(|| self.open_wal_index());
                }
                // The counter as this process's last SQLite commit left it
                // means nobody else has committed since; that commit has
                // bumped the generation itself (see the module doc).
                if seen.counter != Some(counter) && self.store.own_last_counter() != Some(counter) {
                    self.generation.bump();
                }
                seen.counter = Some(counter);
                seen.conn = Some(conn);
                self.polled_at.store(fingerprint, Ordering::SeqCst);
            }
            Err(e) => {
                tracing::warn!(error = %e, "cannot ask the database for changes; the caches start over");
                self.polled_at.store(NOT_READ, Ordering::SeqCst);
                self.generation.bump();
            }
        }
        self.done.store(poll, Ordering::SeqCst);
        self.generation.current()
    }

    /// Whether the watch is listening for notifications right now (and so
    /// does not ask the database per request).
    pub fn listening(&self) -> bool {
        self.listening.up.load(Ordering::SeqCst)
    }

    /// The PostgreSQL process id of the listening connection while it listens
    /// (as in `pg_stat_activity`, where it is named `schoolplan change listener`,
    /// after the store's own name when its connections carry one).
    pub fn listener_pid(&self) -> Option<u32> {
        let pid = self.listening.pid.load(Ordering::SeqCst);
        (self.listening() && pid != 0).then_some(pid)
    }

    /// Starts the listening task once, on PostgreSQL with [`ChangeCheck::Notify`].
    fn start_listening(&self) {
        let PoolRef::Postgres(pool) = self.store.pool() else { return };
        if self.check != ChangeCheck::Notify || self.listener.get().is_some() {
            return;
        }
        let options = pool.connect_options().as_ref().clone();
        let (generation, listening) = (self.generation.clone(), self.listening.clone());
        self.listener.get_or_init(|| tokio::spawn(listen(options, generation, listening)).abort_handle());
    }

    /// The WAL index of the SQLite database watched, when it has one.
    fn open_wal_index(&self) -> Option<WalIndex> {
        match self.store.pool() {
            PoolRef::Sqlite(p) => WalIndex::open(p.connect_options().get_filename()),
            PoolRef::Postgres(_) => None,
        }
    }

    /// Reads the change counter on `conn`, connecting first when there is none.
    async fn read_counter(&self, conn: Option<WatchConn>) -> sqlx::Result<(WatchConn, i64)> {
        let mut conn = match conn {
            Some(conn) => conn,
            None => match self.store.pool() {
                PoolRef::Sqlite(p) => WatchConn::Sqlite(p.connect_options().connect().await?),
                PoolRef::Postgres(p) => WatchConn::Postgres(p.connect_options().connect().await?),
            },
        };
        let counter = match &mut conn {
            WatchConn::Sqlite(c) => sqlx::query_scalar::<_, i64>(COUNTER).fetch_one(c).await?,
            WatchConn::Postgres(c) => sqlx::query_scalar::<_, i64>(COUNTER).fetch_one(c).await?,
        };
        Ok((conn, counter))
    }
}

impl Drop for ChangeWatch {
    fn drop(&mut self) {
        if let Some(task) = self.listener.get() {
            task.abort();
        }
    }
}

/// [`ChangeWatch::polled_at`] when no fingerprint was read.
const NOT_READ: u64 = u64::MAX;

/// The WAL index of a SQLite database in WAL mode: the `-shm` file beside
/// the database, which every connection maps as shared memory
/// (sqlite.org/walformat.html, "The WAL-Index Header"). It begins with two
/// copies of a 48-byte header, which a commit rewrites (the second copy
/// first) before it returns; its fields are in the machine's byte order:
///
/// | offset | bytes | field |
/// |--:|--:|---|
/// | 8 | 4 | `iChange`: goes up by one with every header written |
/// | 12 | 1 | `isInit`: 1 once the index is built |
/// | 16 | 4 | `mxFrame`: the last committed frame of the WAL |
///
/// A commit by any connection, in any process, has moved `iChange` before
/// it returns, so an unchanged header means that no commit has completed.
/// A read that meets a commit under way may see two different copies; it
/// then counts as moved. The file is read, not mapped: a `pread` sees the
/// same pages SQLite maps.
struct WalIndex {
    file: std::fs::File,
}

impl WalIndex {
    /// The WAL index beside `database`, when it exists (not for a database in memory).
    fn open(database: &std::path::Path) -> Option<WalIndex> {
        let mut name = database.as_os_str().to_owned();
        name.push("-shm");
        std::fs::File::open(name).ok().map(|file| WalIndex { file })
    }

    /// `iChange` and `mxFrame` of the header as one number (never
    /// [`NOT_READ`]); `None` when it cannot be read, is not built, or its two
    /// copies differ (a commit is writing it).
    #[cfg(unix)]
    fn fingerprint(&self) -> Option<u64> {
        use std::os::unix::fs::FileExt as _;
        let mut header = [0u8; 96];
        self.file.read_exact_at(&mut header, 0).ok()?;
        let (first, second) = header.split_at(48);
        if first != second || first[12] != 1 {
            return None;
        }
        let word = |at: usize| u32::from_ne_bytes([first[at], first[at + 1], first[at + 2], first[at + 3]]);
        let fingerprint = (u64::from(word(8)) << 32) | u64::from(word(16));
        (fingerprint != NOT_READ).then_some(fingerprint)
    }

    /// Elsewhere the header is not read: every `catch_up` polls.
    #[cfg(not(unix))]
    fn fingerprint(&self) -> Option<u64> {
        None
    }
}

/// The listening connection's state, written by its task.
#[derive(Default)]
struct Listening {
    /// True while the connection listens and answers.
    up: AtomicBool,
    /// Its backend process id (0 before the first connection).
    pid: AtomicU32,
}

/// The listening task: connects, listens, and bumps `generation` for every
/// notification of its schema, until the watch is dropped. Bumps when it
/// starts listening and when it loses the connection (notifications in
/// between are lost), and connects anew after [`RECONNECT_DELAY`] (longer
/// while connecting fails).
async fn listen(options: PgConnectOptions, generation: WriteGeneration, listening: Arc<Listening>) {
    let mut delay = RECONNECT_DELAY;
    loop {
        match open_listener(&options).await {
            Ok((mut listener, schema, pid)) => {
                delay = RECONNECT_DELAY;
                listening.pid.store(pid, Ordering::SeqCst);
                generation.bump();
                listening.up.store(true, Ordering::SeqCst);
                tracing::debug!(pid, "listening for the commits of other servers");
                let lost = receive(&mut listener, &schema, &generation).await;
                listening.up.store(false, Ordering::SeqCst);
                generation.bump();
                tracing::warn!(error = %lost, "lost the connection listening for changes; asking per request until it is back");
            }
            Err(e) => {
                tracing::warn!(error = %e, retry_in = ?delay, "cannot listen for changes; asking per request");
                tokio::time::sleep(delay).await;
                delay = (delay * 2).min(RECONNECT_DELAY_MAX);
                continue;
            }
        }
        tokio::time::sleep(delay).await;
    }
}

/// A connection listening on [`CHANNEL`], its `current_schema()` (the
/// notifications' payload to react to) and its backend process id.
async fn open_listener(options: &PgConnectOptions) -> sqlx::Result<(PgListener, String, u32)> {
    let name = match options.get_application_name() {
        Some(own) => format!("{own} {LISTENER_NAME}"),
        None => LISTENER_NAME.to_string(),
    };
    let options = options.clone().application_name(&name);
    // A pool of its own: the listening connection never takes one of the app's.
    let pool = PgPoolOptions::new()
        .max_connections(1)
        .min_connections(0)
        .idle_timeout(None)
        .max_lifetime(None)
        .connect_with(options)
        .await?;
    let mut listener = PgListener::connect_with(&pool).await?;
    listener.eager_reconnect(false);
    let (schema, pid): (String, i32) =
        sqlx::query_as("SELECT current_schema()::text, pg_backend_pid()").fetch_one(&mut listener).await?;
    listener.listen(CHANNEL).await?;
    Ok((listener, schema, u32::try_from(pid).unwrap_or(0)))
}

/// Bumps `generation` for each notification of `schema` until the connection
/// is lost or fails the heartbeat; returns why it ended.
async fn receive(listener: &mut PgListener, schema: &str, generation: &WriteGeneration) -> anyhow::Error {
    loop {
        match tokio::time::timeout(HEARTBEAT, listener.try_recv()).await {
            Ok(Ok(Some(note))) => {
                if note.payload() == schema {
                    generation.bump();
                }
            }
            Ok(Ok(None)) => return anyhow::anyhow!("the connection was closed"),
            Ok(Err(e)) => return e.into(),
            Err(_quiet) => match tokio::time::timeout(HEARTBEAT, sqlx::query("SELECT 1").execute(&mut *listener)).await
            {
                Ok(Ok(_)) => {}
                Ok(Err(e)) => return e.into(),
                Err(_) => return anyhow::anyhow!("no answer to the heartbeat within {HEARTBEAT:?}"),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_change_check_is_named_notify_or_poll() {
        assert_eq!("notify".parse(), Ok(ChangeCheck::Notify));
        assert_eq!("poll".parse(), Ok(ChangeCheck::Poll));
        assert_eq!(ChangeCheck::default(), ChangeCheck::Notify, "PostgreSQL listens unless told otherwise");
        let refused = "listen".parse::<ChangeCheck>().unwrap_err();
        assert!(refused.contains("`notify` or `poll`"), "{refused}");
    }

    #[tokio::test]
    async fn the_generation_moves_with_every_commit_and_only_then() {
        let (store, url, _dir) = crate::store::tests::sqlite().await;
        let watch = ChangeWatch::new(store.clone(), ChangeCheck::Notify);
        let first = watch.catch_up().await;
        assert_eq!(watch.catch_up().await, first, "nothing committed: same generation");
        store.conn().await.unwrap().count_accounts().await.unwrap();
        assert_eq!(watch.catch_up().await, first, "reads are no commits");

        // A commit by another process (here: another pool on the same file).
        let other = Store::connect(&url).await.unwrap();
        let mut tx = other.begin().await.unwrap();
        tx.create_account("otto", crate::auth::Role::Reader).await.unwrap();
        tx.commit().await.unwrap();
        let second = watch.catch_up().await;
        assert!(second > first, "another process's commit starts a new generation");
        assert_eq!(watch.catch_up().await, second);

        // A commit through this pool.
        let mut tx = store.begin().await.unwrap();
        tx.create_account("rita", crate::auth::Role::Reader).await.unwrap();
        tx.commit().await.unwrap();
        let third = watch.current();
        assert!(third > second, "this pool's commit bumps at once");
        assert!(watch.catch_up().await >= third);
    }

    #[tokio::test]
    async fn a_sqlite_file_is_asked_only_after_its_wal_index_moved() {
        let (store, url, _dir) = crate::store::tests::sqlite().await;
        let watch = ChangeWatch::new(store.clone(), ChangeCheck::Notify);
        let first = watch.catch_up().await;
        watch.catch_up().await;
        let polls = watch.polls();
        for _ in 0..100 {
            assert_eq!(watch.catch_up().await, first);
        }
        assert_eq!(watch.polls(), polls, "nothing committed: the header says so, no query");
        store.conn().await.unwrap().count_accounts().await.unwrap();
        assert_eq!(watch.catch_up().await, first, "a read moves nothing");
        assert_eq!(watch.polls(), polls);

        // Another process commits: the header moved, the next caller asks and sees it.
        let other = Store::connect(&url).await.unwrap();
        let mut tx = other.begin().await.unwrap();
        tx.create_account("otto", crate::auth::Role::Reader).await.unwrap();
        tx.commit().await.unwrap();
        let second = watch.catch_up().await;
        assert!(second > first, "another process's commit is seen at once");
        assert_eq!(watch.polls(), polls + 1, "one poll for it");
        assert_eq!(watch.catch_up().await, second);
        assert_eq!(watch.polls(), polls + 1, "and none after it");

        // Every commit of the other process is seen, each with one poll.
        for n in 0..20 {
            let mut tx = other.begin().await.unwrap();
            tx.create_account(&format!("user{n}"), crate::auth::Role::Reader).await.unwrap();
            let before = watch.catch_up().await;
            tx.commit().await.unwrap();
            assert!(watch.catch_up().await > before, "commit {n} seen");
        }
    }

    #[tokio::test]
    async fn an_own_commit_moves_the_generation_once_and_anothers_after_it_still_counts() {
        let (store, url, _dir) = crate::store::tests::sqlite().await;
        let watch = ChangeWatch::new(store.clone(), ChangeCheck::Notify);
        let before = watch.catch_up().await;

        // This process's write: the batch's commit bumps once, the poll after
        // it finds the counter where that commit left it and does not bump again.
        let mut tx = store.begin().await.unwrap();
        tx.create_account("rita", crate::auth::Role::Reader).await.unwrap();
        tx.commit().await.unwrap();
        let after_own = watch.current();
        assert_eq!(after_own, before + 1, "one commit of its own, one new generation");
        assert_eq!(watch.catch_up().await, after_own, "the poll knows the counter of its own commit");

        // Another process writes after it: the counter has moved past ours.
        let other = Store::connect(&url).await.unwrap();
        let mut tx = other.begin().await.unwrap();
        tx.create_account("otto", crate::auth::Role::Reader).await.unwrap();
        tx.commit().await.unwrap();
        let after_other = watch.catch_up().await;
        assert!(after_other > after_own, "another process's commit starts a new generation");

        // Another process writes, then this one: the caches were filled
        // before both, and the own commit's bump covers both of them.
        let mut tx = other.begin().await.unwrap();
        tx.create_account("olga", crate::auth::Role::Reader).await.unwrap();
        tx.commit().await.unwrap();
        let mut tx = store.begin().await.unwrap();
        tx.create_account("rosa", crate::auth::Role::Reader).await.unwrap();
        tx.commit().await.unwrap();
        assert!(watch.current() > after_other, "the own commit bumps at once");

        // A write the caches need not see (a presence heartbeat) bumps nothing.
        let settled = watch.catch_up().await;
        let tx = store.begin().await.unwrap();
        tx.commit_unseen().await.unwrap();
        assert_eq!(watch.current(), settled, "an unseen commit leaves the generation");
        assert_eq!(watch.catch_up().await, settled);
    }

    #[tokio::test]
    async fn concurrent_callers_share_polls_and_all_see_a_prior_commit() {
        let (store, url, _dir) = crate::store::tests::sqlite().await;
        let watch = ChangeWatch::new(store.clone(), ChangeCheck::Notify);
        let before = watch.catch_up().await;
        let other = Store::connect(&url).await.unwrap();
        let mut tx = other.begin().await.unwrap();
        tx.create_account("otto", crate::auth::Role::Reader).await.unwrap();
        tx.commit().await.unwrap();
        let polls_before = watch.started.load(Ordering::SeqCst);
        // The callers arrive while a poll holds the watch (here: the test holds
        // its lock); they then share the one poll that starts after them. (A
        // poll that already finished when a caller arrives cannot serve it:
        // callers arriving one after another each poll.)
        let held = watch.seen.lock().await;
        let callers: Vec<_> = (0..16)
            .map(|_| {
                let w = watch.clone();
                tokio::spawn(async move { w.catch_up().await })
            })
            .collect();
        // Each spawned caller runs (this is a single-threaded runtime) up to
        // waiting for the lock.
        for _ in 0..16 {
            tokio::task::yield_now().await;
        }
        drop(held);
        let mut seen = Vec::new();
        for c in callers {
            seen.push(c.await.unwrap());
        }
        assert!(seen.iter().all(|g| *g > before), "every caller sees the commit: {seen:?}");
        let polls = watch.started.load(Ordering::SeqCst) - polls_before;
        assert_eq!(polls, 1, "16 callers arriving together share one poll");
    }
}
