//! Faults of the database and how the store answers them (docs/faults.md):
//! a lost connection, a full disk, a lock held by another process, and a
//! database that is not there yet at start.
//!
//! - [`classify`] sorts a database error into a [`Fault`]; [`super::map_db_error`]
//!   turns each into its problem: 503 `database_unavailable`, 507 `disk_full`,
//!   503 `database_busy` (all with `Retry-After`, [`ErrorCode::retry_after`]).
//! - A connection lost on PostgreSQL marks the pool's idle connections as
//!   suspect ([`note_lost_connection`]): each is pinged before its next use
//!   and replaced when the ping fails, so a retry gets a working connection.
//! - [`attempt`] runs one attempt of a request and reports whether it may be
//!   run again ([`Attempt::retryable`]): when a connection was lost and no
//!   commit was attempted, nothing of it can have been saved.
//! - [`StoreSettings`]: the busy timeout and how long to wait at start.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use crate::error::ErrorCode;

/// How a store meets a busy or absent database (`serve --db-busy-timeout`,
/// `--db-startup-wait`; docs/faults.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StoreSettings {
    /// SQLite: how long a write waits for the write lock another process
    /// holds (SQLite's busy timeout) before it is answered 503
    /// `database_busy`. Default 5 s.
    pub busy_timeout: Duration,
    /// PostgreSQL: how long [`super::Store::connect_with`] keeps trying to
    /// reach a database that refuses or does not answer at start, with a
    /// growing pause between attempts, before it fails. Zero: one attempt.
    /// Default 60 s.
    pub startup_wait: Duration,
}

/// [`StoreSettings::busy_timeout`] by default.
pub const DEFAULT_BUSY_TIMEOUT: Duration = Duration::from_secs(5);
/// [`StoreSettings::startup_wait`] by default.
pub const DEFAULT_STARTUP_WAIT: Duration = Duration::from_secs(60);

impl Default for StoreSettings {
    fn default() -> StoreSettings {
        StoreSettings { busy_timeout: DEFAULT_BUSY_TIMEOUT, startup_wait: DEFAULT_STARTUP_WAIT }
    }
}

/// A fault of the database, as far as a single error tells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// The connection broke (I/O error, the server ended it, a restart or
    /// failover), or no connection could be opened.
    ConnectionLost,
    /// The disk of the database is full (SQLite `SQLITE_FULL`, PostgreSQL `53100`).
    DiskFull,
    /// SQLite: another connection holds the lock beyond the busy timeout
    /// (`SQLITE_BUSY`, `SQLITE_LOCKED`).
    Busy,
}

/// The fault behind `err`, if it is one of the faults of docs/faults.md.
pub fn classify(err: &sqlx::Error) -> Option<Fault> {
    match err {
        sqlx::Error::Io(_)
        | sqlx::Error::Tls(_)
        | sqlx::Error::Protocol(_)
        | sqlx::Error::WorkerCrashed
        | sqlx::Error::PoolClosed => Some(Fault::ConnectionLost),
        sqlx::Error::Database(db) => {
            let code = db.code().unwrap_or_default();
            match code.as_ref() {
                // SQLITE_FULL; PostgreSQL disk_full.
                "13" | "53100" => Some(Fault::DiskFull),
                // SQLITE_BUSY, SQLITE_LOCKED and their extended codes but
                // BUSY_SNAPSHOT (517), which is a conflict of snapshots.
                "5" | "6" | "261" | "262" | "773" => Some(Fault::Busy),
                // admin_shutdown, crash_shutdown, cannot_connect_now, and the
                // connection exceptions (class 08).
                "57P01" | "57P02" | "57P03" => Some(Fault::ConnectionLost),
                c if c.len() == 5 && c.starts_with("08") => Some(Fault::ConnectionLost),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The write fault a store saw last and that no successful write has ended
/// since ([`super::Store::write_fault`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteFault {
    /// The disk of the database is full: writes answer 507 `disk_full`.
    DiskFull,
    /// The connection to the database was lost or cannot be opened.
    Unavailable,
    /// Another process held the write lock beyond the busy timeout.
    Busy,
}

impl WriteFault {
    /// The error code writes are answered with while the fault lasts.
    pub fn code(self) -> ErrorCode {
        match self {
            WriteFault::DiskFull => ErrorCode::DiskFull,
            WriteFault::Unavailable => ErrorCode::DatabaseUnavailable,
            WriteFault::Busy => ErrorCode::DatabaseBusy,
        }
    }
}

/// The last write fault of a store, shared by its clones (0 = none).
#[derive(Debug, Default)]
pub(super) struct WriteFaultState(AtomicU8);

impl WriteFaultState {
    /// Notes the outcome of a write's commit (or begin): a fault is kept
    /// until a later write succeeds.
    pub(super) fn note(&self, outcome: std::result::Result<(), ErrorCode>) {
        let value = match outcome {
            Ok(()) => 0,
            Err(ErrorCode::DiskFull) => 1,
            Err(ErrorCode::DatabaseUnavailable) => 2,
            Err(ErrorCode::DatabaseBusy) => 3,
            Err(_) => return,
        };
        // A load first: the common case (no fault before, none now) writes nothing.
        if self.0.load(Ordering::Relaxed) != value {
            self.0.store(value, Ordering::Relaxed);
        }
    }

    /// The fault noted last, if any.
    pub(super) fn get(&self) -> Option<WriteFault> {
        match self.0.load(Ordering::Relaxed) {
            1 => Some(WriteFault::DiskFull),
            2 => Some(WriteFault::Unavailable),
            3 => Some(WriteFault::Busy),
            _ => None,
        }
    }
}

/// When a connection was last found lost, in milliseconds since [`epoch`]
/// (0: never). Process-wide: at worst a pool of another store pings its idle
/// connections once more than needed.
static LOST_AT_MS: AtomicU64 = AtomicU64::new(0);

fn epoch() -> Instant {
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    *EPOCH.get_or_init(Instant::now)
}

/// Notes that a connection to PostgreSQL was found lost: every connection
/// idle since before now is pinged before its next use ([`suspect`]), as the
/// database may have ended them all (a restart, `pg_terminate_backend`).
pub(super) fn note_lost_connection() {
    let now = epoch().elapsed().as_millis() as u64;
    LOST_AT_MS.store(now.max(1), Ordering::Relaxed);
    let _ = ATTEMPT.try_with(|a| a.lost.store(true, Ordering::Relaxed));
}

/// For this long after a connection was found lost, every connection opened
/// before the loss is suspect, even one that went idle after it: a connection
/// that was in use when the database ended them all (by a request that did
/// not touch it since, or a background task) comes back to the pool dead
/// but recently idle.
pub(super) const SUSPECT_AFTER_LOSS: Duration = Duration::from_secs(15);

/// Whether a connection opened `age` ago and idle for `idle_for` may be dead
/// because a connection was found lost since it was opened: it went idle
/// before the loss, or the loss was at most [`SUSPECT_AFTER_LOSS`] ago. One
/// relaxed load when no connection was ever lost.
pub(super) fn suspect(idle_for: Duration, age: Duration) -> bool {
    let lost = LOST_AT_MS.load(Ordering::Relaxed);
    if lost == 0 {
        return false;
    }
    let since_lost = (epoch().elapsed().as_millis() as u64).saturating_sub(lost);
    suspect_since(idle_for, age, Duration::from_millis(since_lost))
}

/// [`suspect`] when the last loss was `since_lost` ago.
fn suspect_since(idle_for: Duration, age: Duration, since_lost: Duration) -> bool {
    idle_for >= since_lost || (age >= since_lost && since_lost <= SUSPECT_AFTER_LOSS)
}

/// What one attempt of a request met (see [`attempt`]).
#[derive(Debug, Default)]
pub struct Attempt {
    lost: AtomicBool,
    committed: AtomicBool,
}

impl Attempt {
    /// Whether the attempt may be run again: a connection was lost, and no
    /// commit was attempted, so nothing of it can have been saved.
    pub fn retryable(&self) -> bool {
        self.lost.load(Ordering::Relaxed) && !self.committed.load(Ordering::Relaxed)
    }
}

tokio::task_local! {
    /// The attempt the current task runs for (see [`attempt`]).
    static ATTEMPT: Arc<Attempt>;
}

/// Runs `work` as one attempt and returns what it met with its output: the
/// caller may run it once more when [`Attempt::retryable`] (the API does so
/// for a request answered 503 `database_unavailable`; docs/faults.md).
/// Costs a task-local scope.
pub async fn attempt<F: std::future::Future>(work: F) -> (F::Output, Arc<Attempt>) {
    let attempt = Arc::new(Attempt::default());
    let out = ATTEMPT.scope(attempt.clone(), work).await;
    (out, attempt)
}

/// Notes that the current attempt tries to commit a write: from now on its
/// outcome may be saved, so the attempt is not run again.
pub(super) fn note_commit_attempt() {
    let _ = ATTEMPT.try_with(|a| a.committed.store(true, Ordering::Relaxed));
}

/// The pause before the next attempt to reach the database at start:
/// doubled from 250 ms up to 5 s.
pub(super) fn next_pause(pause: Duration) -> Duration {
    (pause * 2).clamp(Duration::from_millis(250), Duration::from_secs(5))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pauses_grow_to_a_bound() {
        let mut pause = Duration::ZERO;
        let pauses: Vec<u128> = (0..7)
            .map(|_| {
                pause = next_pause(pause);
                pause.as_millis()
            })
            .collect();
        assert_eq!(pauses, [250, 500, 1000, 2000, 4000, 5000, 5000]);
    }

    #[test]
    fn a_broken_connection_is_a_lost_connection_and_a_missing_row_no_fault() {
        let reset = sqlx::Error::Io(std::io::Error::from(std::io::ErrorKind::ConnectionReset));
        assert_eq!(classify(&reset), Some(Fault::ConnectionLost));
        assert_eq!(classify(&sqlx::Error::PoolClosed), Some(Fault::ConnectionLost));
        assert_eq!(classify(&sqlx::Error::RowNotFound), None);
    }

    #[test]
    fn write_faults_last_until_a_write_succeeds() {
        let state = WriteFaultState::default();
        assert_eq!(state.get(), None);
        state.note(Err(ErrorCode::DiskFull));
        assert_eq!(state.get(), Some(WriteFault::DiskFull));
        state.note(Err(ErrorCode::NotFound));
        assert_eq!(state.get(), Some(WriteFault::DiskFull), "a client's error is no fault");
        state.note(Ok(()));
        assert_eq!(state.get(), None);
    }

    #[tokio::test]
    async fn an_attempt_is_retryable_only_when_lost_before_a_commit() {
        let (_, a) = attempt(async { note_lost_connection() }).await;
        assert!(a.retryable());
        let (_, a) = attempt(async {
            note_commit_attempt();
            note_lost_connection();
        })
        .await;
        assert!(!a.retryable(), "a commit was attempted: its outcome is unknown");
        let (_, a) = attempt(async {}).await;
        assert!(!a.retryable());
        let (hour, none) = (Duration::from_secs(3600), Duration::ZERO);
        assert!(suspect(hour, hour), "a connection idle since before the loss is suspect");
        assert!(suspect(none, hour), "one opened before the loss and idle since it, shortly after the loss, too");
    }

    #[test]
    fn a_connection_is_suspect_when_it_may_have_been_ended_by_the_loss() {
        let s = |idle: u64, age: u64, since: u64| {
            suspect_since(Duration::from_secs(idle), Duration::from_secs(age), Duration::from_secs(since))
        };
        assert!(s(10, 60, 5), "idle since before the loss");
        assert!(s(1, 60, 5), "in use at the loss, idle since: shortly after the loss");
        assert!(!s(1, 60, 100), "long after the loss it was used and came back: it works");
        assert!(!s(1, 3, 5), "opened after the loss");
    }
}
