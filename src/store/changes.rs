//! Seeing the commits of everyone: other servers on the same database, the
//! command line, SQL by hand — the coherence of the token cache
//! ([`super::tokens::TokenCache`]) and the response cache (`src/api/cache.rs`).
//!
//! Both caches keep what they read under the pool's [`WriteGeneration`] and use
//! it only while the generation is unchanged. A write through this process
//! bumps the generation itself ([`super::Conn::commit`]); [`ChangeWatch`] bumps
//! it for every other commit, and it does so *before* a request is answered:
//! every request that may answer from a cache first calls
//! [`ChangeWatch::catch_up`], which asks the database whether anything was
//! committed since it last asked, on a connection of its own:
//!
//! - **PostgreSQL:** `SELECT value FROM change_generation` — one row, increased
//!   by every transaction that writes, in its own commit (migration
//!   `0007_changes.sql`: statement triggers on every table note the write, a
//!   deferred trigger bumps the row once at commit), so it covers writes by
//!   other servers and by hand, and becomes visible atomically with the data.
//! - **SQLite:** `PRAGMA data_version` — SQLite's own counter, which changes for
//!   a connection whenever another connection, in any process, has committed
//!   to the file. No trigger needed. (A connection's own commits do not change
//!   it; the watch connection never writes.)
//!
//! **Why ask on every request and not wait for LISTEN/NOTIFY.** A notification
//! reaches a listening server *after* the commit, asynchronously: a client
//! that writes through server A and reads through server B right after can
//! reach B before B has read the notification, and would be served the old
//! answer (or accepted with a revoked token). Nothing bounds that delay, so a
//! server cannot conclude "nothing changed" from the absence of a
//! notification; the one safe way is to read a counter that is committed with
//! the data. That read is one single-row query on an idle connection.
//!
//! **Why it stays cheap under load.** Polls are coalesced: a request may use
//! any poll that *started after it arrived*, because such a poll saw every
//! commit that finished before the request arrived. So while one poll runs,
//! every request arriving meanwhile waits for the next one, and that single
//! next poll serves all of them: at most one query per database round trip,
//! however many requests arrive.
//!
//! When a poll fails (connection lost, database down), the generation is
//! bumped — the caches forget everything, the request goes on to the database
//! as without caches — and the next poll reconnects.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use sqlx::ConnectOptions as _;

use super::{PoolRef, Store, WriteGeneration};

/// PostgreSQL: the committed change counter (migration `0007_changes.sql`).
const POSTGRES_COUNTER: &str = "SELECT value FROM change_generation WHERE id = 1";
/// SQLite: changes whenever another connection has committed (<https://sqlite.org/pragma.html#pragma_data_version>).
const SQLITE_COUNTER: &str = "PRAGMA data_version";

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
    /// The counter read by the last successful poll; `None` when nothing can
    /// be compared (first poll; SQLite after reconnecting, as `data_version`
    /// values only compare on one connection).
    counter: Option<i64>,
}

/// Watches one database for commits by anyone and bumps the pool's
/// [`WriteGeneration`] when it sees one (see the module doc). One per
/// application; it holds one database connection of its own, opened on first
/// use and closed with the application.
pub struct ChangeWatch {
    store: Store,
    generation: WriteGeneration,
    seen: tokio::sync::Mutex<Seen>,
    /// Number of polls started so far.
    started: AtomicU64,
    /// Number of the last poll that completed (polls complete in order, under `seen`).
    done: AtomicU64,
}

impl std::fmt::Debug for ChangeWatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ChangeWatch({:?}, polls {})", self.store.backend(), self.done.load(Ordering::Relaxed))
    }
}

impl ChangeWatch {
    /// A watch of `store`'s database; connects on the first [`ChangeWatch::catch_up`].
    pub fn new(store: Store) -> Arc<ChangeWatch> {
        let generation = store.write_generation();
        Arc::new(ChangeWatch {
            store,
            generation,
            seen: tokio::sync::Mutex::default(),
            started: AtomicU64::new(0),
            done: AtomicU64::new(0),
        })
    }

    /// The store watched.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The write generation of the pool, without asking the database.
    pub fn current(&self) -> u64 {
        self.generation.current()
    }

    /// The write generation after every commit that completed before this call
    /// — by this process or any other — has bumped it. Data read from the
    /// database after this call and kept under the returned generation is
    /// current as long as a later `catch_up` returns the same generation.
    ///
    /// Costs one single-row query, shared with every request that arrived
    /// while the previous poll ran (see the module doc). Never fails: when the
    /// database cannot be asked, the generation is bumped instead.
    pub async fn catch_up(&self) -> u64 {
        let arrival = self.started.load(Ordering::SeqCst);
        let mut seen = self.seen.lock().await;
        // A poll numbered above `arrival` started after this call did: it
        // saw every commit this call must see, and has bumped for it.
        if self.done.load(Ordering::SeqCst) > arrival {
            return self.generation.current();
        }
        let poll = self.started.fetch_add(1, Ordering::SeqCst) + 1;
        // Taken out while the query runs: a cancelled poll leaves no
        // half-used connection behind (the next one reconnects).
        let conn = seen.conn.take();
        let fresh = conn.is_none();
        match self.read_counter(conn).await {
            Ok((conn, counter)) => {
                if fresh && matches!(conn, WatchConn::Sqlite(_)) {
                    seen.counter = None;
                }
                if seen.counter != Some(counter) {
                    self.generation.bump();
                    seen.counter = Some(counter);
                }
                seen.conn = Some(conn);
            }
            Err(e) => {
                tracing::warn!(error = %e, "cannot ask the database for changes; the caches start over");
                self.generation.bump();
            }
        }
        self.done.store(poll, Ordering::SeqCst);
        self.generation.current()
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
            WatchConn::Sqlite(c) => sqlx::query_scalar::<_, i64>(SQLITE_COUNTER).fetch_one(c).await?,
            WatchConn::Postgres(c) => sqlx::query_scalar::<_, i64>(POSTGRES_COUNTER).fetch_one(c).await?,
        };
        Ok((conn, counter))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_generation_moves_with_every_commit_and_only_then() {
        let (store, url, _dir) = crate::store::tests::sqlite().await;
        let watch = ChangeWatch::new(store.clone());
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
    async fn concurrent_callers_share_polls_and_all_see_a_prior_commit() {
        let (store, url, _dir) = crate::store::tests::sqlite().await;
        let watch = ChangeWatch::new(store.clone());
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
