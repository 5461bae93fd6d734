//! The per-request token lookup on SQLite, run without the pool's worker threads.
//!
//! Every request looks up its token in the database (contract.md §9). sqlx
//! runs each SQLite statement on a worker thread of its connection and hands
//! the rows back across threads; for this one indexed read that hand-over costs
//! several times the read itself and was the largest cost of a cached `GET`.
//! [`SqliteTokenReader`] keeps a few connections of its own to the same file
//! (rusqlite on the same bundled SQLite library, `query_only`) and runs
//! [`AUTH_SQL`] synchronously on the calling thread, a few microseconds.
//!
//! Nothing is cached: every request reads the token row as committed at that
//! moment, exactly like the pooled lookup, so a token revoked through the API
//! or by `schoolplan token revoke` in another process is refused from the next
//! request on. When the reader cannot answer (busy database, I/O error) the
//! caller falls back to the pooled lookup.

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rusqlite::{OpenFlags, OptionalExtension};

use super::account::{AuthRow, AUTH_SQL};
use super::Store;
use crate::auth::Principal;
use crate::error::Result;

/// Side connections for the token lookup of a SQLite store.
pub struct SqliteTokenReader {
    conns: Vec<Mutex<rusqlite::Connection>>,
    next: AtomicUsize,
}

impl std::fmt::Debug for SqliteTokenReader {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SqliteTokenReader({} connections)", self.conns.len())
    }
}

impl SqliteTokenReader {
    /// A reader for `store`: `None` for PostgreSQL, in-memory databases, or
    /// when the file cannot be opened (the pooled lookup is used then).
    pub fn open(store: &Store) -> Option<Arc<SqliteTokenReader>> {
        let Store::Sqlite(pool) = store else { return None };
        let options = pool.connect_options();
        let path = options.get_filename();
        let text = path.to_string_lossy();
        if text.is_empty() || text == ":memory:" || text.starts_with("file:") || !path.exists() {
            return None;
        }
        let count = std::thread::available_parallelism().map_or(2, |n| n.get()).clamp(1, 8);
        let conns = (0..count).map(|_| open_connection(path).map(Mutex::new)).collect::<rusqlite::Result<Vec<_>>>();
        match conns {
            Ok(conns) => Some(Arc::new(SqliteTokenReader { conns, next: AtomicUsize::new(0) })),
            Err(e) => {
                tracing::warn!(error = %e, "token lookups use the pool: cannot open a side connection");
                None
            }
        }
    }

    /// The principal of a presented token (as [`super::Conn::authenticate`]),
    /// or `None` when this reader cannot answer and the caller should ask the pool.
    pub fn authenticate(&self, public_id: &str, secret: &str) -> Option<Result<Option<Principal>>> {
        let slot = self.next.fetch_add(1, Ordering::Relaxed) % self.conns.len();
        let conn = self.conns[slot].lock().unwrap_or_else(|e| e.into_inner());
        let row = conn.prepare_cached(AUTH_SQL).and_then(|mut stmt| {
            stmt.query_row([public_id], |r| {
                Ok(AuthRow {
                    token_id: r.get("token_id")?,
                    secret_hash: r.get("secret_hash")?,
                    expires_at: r.get("expires_at")?,
                    revoked_at: r.get("revoked_at")?,
                    account_id: r.get("account_id")?,
                    name: r.get("name")?,
                    role: r.get("role")?,
                })
            })
            .optional()
        });
        drop(conn);
        match row {
            Ok(row) => Some(row.map_or(Ok(None), |row| row.principal(secret))),
            Err(e) => {
                tracing::debug!(error = %e, "token lookup falls back to the pool");
                None
            }
        }
    }
}

fn open_connection(path: &Path) -> rusqlite::Result<rusqlite::Connection> {
    let conn = rusqlite::Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    // A busy database is rare for a reader in WAL mode; do not block the
    // runtime thread long, fall back to the pool instead.
    conn.busy_timeout(Duration::from_millis(20))?;
    conn.pragma_update(None, "query_only", true)?;
    Ok(conn)
}
