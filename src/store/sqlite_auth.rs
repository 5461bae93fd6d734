//! The per-request token lookup on SQLite, without the pool's worker threads.
//!
//! Every request looks up its token in the database (contract.md §9). sqlx
//! runs each SQLite statement on a worker thread of its connection and hands
//! the rows back across threads; for this one indexed read that hand-over costs
//! several times the read itself and was the largest cost of a cached `GET`.
//! [`SqliteTokenReader`] keeps a few connections of its own to the same file
//! (rusqlite on the same bundled SQLite library, `query_only`) and runs
//! [`AUTH_SQL`] synchronously on the calling thread.
//!
//! The rows read are remembered, but only as long as the database provably has
//! not changed since: each is stamped with the *wal-index header* of the
//! database, the 48 bytes at the start of the `-shm` file that every
//! connection, in any process, rewrites when it commits a transaction (its
//! change counter `iChange`, frame count and salts; format in
//! <https://sqlite.org/walformat.html>, stable because processes with
//! different SQLite versions share it). A request reads the header with one
//! `pread` *before* looking at the remembered row and uses the row only when
//! the header is byte-for-byte the same, both copies of it agree, and it is
//! marked initialised; otherwise it reads the database. So a token revoked
//! through the API or by `schoolplan token revoke` in another process is refused
//! from the next request on, exactly as without the memory: any commit
//! anywhere forgets every remembered row. The secret is still compared (in
//! constant time) and the expiry checked on every request.
//!
//! When the reader cannot answer (no `-shm` file, busy database, I/O error)
//! the caller falls back to the pooled lookup.

use std::collections::HashMap;
use std::os::unix::fs::FileExt;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rusqlite::{OpenFlags, OptionalExtension};

use super::account::{AuthRow, AUTH_SQL};
use super::Store;
use crate::auth::Principal;
use crate::error::Result;

/// Size of one copy of the wal-index header; the file starts with two copies.
const HEADER: usize = 48;
/// Remembered rows at most; beyond it they are all forgotten.
const MAX_REMEMBERED: usize = 10_000;

/// The wal-index header of a database: changes with every commit by anyone.
type Stamp = [u8; HEADER];

/// Side connections for the token lookup of a SQLite store.
pub struct SqliteTokenReader {
    conns: Vec<Mutex<rusqlite::Connection>>,
    next: AtomicUsize,
    /// The database's `-shm` file (read only).
    shm: std::fs::File,
    /// Rows by public id (`None`: no such token), with the stamp they were read under.
    remembered: Mutex<HashMap<String, (Stamp, Option<AuthRow>)>>,
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
        let conns = match conns {
            Ok(conns) => conns,
            Err(e) => {
                tracing::warn!(error = %e, "token lookups use the pool: cannot open a side connection");
                return None;
            }
        };
        let mut shm_path = path.as_os_str().to_owned();
        shm_path.push("-shm");
        let shm = match std::fs::File::open(&shm_path) {
            Ok(f) => f,
            Err(e) => {
                tracing::warn!(error = %e, "token lookups use the pool: no wal-index (-shm) file");
                return None;
            }
        };
        let reader = SqliteTokenReader { conns, next: AtomicUsize::new(0), shm, remembered: Mutex::default() };
        reader.stamp()?; // the file holds an initialised wal-index
        Some(Arc::new(reader))
    }

    /// The current wal-index header, or `None` when it is being rewritten
    /// (the two copies differ) or not initialised.
    fn stamp(&self) -> Option<Stamp> {
        let mut both = [0u8; 2 * HEADER];
        self.shm.read_exact_at(&mut both, 0).ok()?;
        let (first, second) = both.split_at(HEADER);
        // Byte 12 is `isInit`.
        (first == second && first[12] == 1).then(|| first.try_into().ok()).flatten()
    }

    /// The principal of a presented token (as [`super::Conn::authenticate`]),
    /// or `None` when this reader cannot answer and the caller should ask the pool.
    pub fn authenticate(&self, public_id: &str, secret: &str) -> Option<Result<Option<Principal>>> {
        // The stamp is read before the row is used or read (see the module doc).
        let stamp = self.stamp();
        if let Some(stamp) = stamp {
            let remembered = self.remembered.lock().unwrap_or_else(|e| e.into_inner());
            if let Some((at, row)) = remembered.get(public_id) {
                if *at == stamp {
                    return Some(row.as_ref().map_or(Ok(None), |row| row.principal(secret)));
                }
            }
        }
        let row = self.read(public_id)?;
        let answer = row.as_ref().map_or(Ok(None), |row| row.principal(secret));
        if let Some(stamp) = stamp {
            let mut remembered = self.remembered.lock().unwrap_or_else(|e| e.into_inner());
            if remembered.len() >= MAX_REMEMBERED {
                remembered.clear();
            }
            remembered.insert(public_id.to_string(), (stamp, row));
        }
        Some(answer)
    }

    /// Reads the token row on a side connection; `None` when that fails.
    fn read(&self, public_id: &str) -> Option<Option<AuthRow>> {
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
            Ok(row) => Some(row),
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
