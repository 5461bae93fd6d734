//! One snapshot for every read that builds one answer or one document from
//! several statements: a workload form,
//! a list with its references, a PDF sheet, a CSV export. Without it a write
//! that commits between two of the statements shows up in one part of the
//! answer and not in the other — a pool total that is not the sum of its
//! items.
//!
//! - **SQLite:** a deferred read transaction (`BEGIN`) on one pooled
//!   connection. Its snapshot is taken by its first `SELECT` and kept until it
//!   ends; in WAL mode the writers go on meanwhile.
//! - **PostgreSQL:** `BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY` (one
//!   statement): every statement sees the database as of the first one.
//!
//! The caches stay coherent: whoever keeps an answer (the response cache,
//! `src/api/cache.rs`) reads the write generation *before* the snapshot is
//! begun, so the snapshot is at least as new as the generation the answer is
//! kept under ([`super::WriteGeneration`]). Ending a snapshot commits nothing
//! and does not bump the generation.

use super::{map_db_error, Conn, ConnInner, Pool, Store};
use crate::error::Error;

/// The statement that begins a PostgreSQL snapshot.
const POSTGRES_BEGIN: &str = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY";

impl Store {
    /// Runs `read` on one connection that sees one snapshot of the database
    /// (see the module doc) and ends the snapshot afterwards; the one way a
    /// read of several statements is made. `read` must not write (PostgreSQL
    /// refuses: 500). Errors: those of `read`, and the database's (500/503)
    /// when the snapshot cannot be begun.
    ///
    /// ```ignore
    /// let forms = store.snapshot(async |conn| workloads(conn, year, None).await).await?;
    /// ```
    pub async fn snapshot<T, E, F>(&self, read: F) -> Result<T, E>
    where
        F: AsyncFnOnce(&mut Conn) -> Result<T, E>,
        E: From<Error>,
    {
        let mut conn = self.begin_snapshot().await?;
        let out = read(&mut conn).await?;
        conn.end_snapshot().await?;
        Ok(out)
    }

    /// The connection of [`Store::snapshot`], for a caller that cannot hand
    /// its reads over as one closure (a job that reports progress between
    /// them): a snapshot that ends with [`Conn::end_snapshot`] or when the
    /// connection is dropped. Prefer [`Store::snapshot`].
    pub async fn begin_snapshot(&self) -> crate::error::Result<Conn> {
        let inner = match &self.pool {
            Pool::Sqlite(p) => ConnInner::SqliteRead(super::begin_whole(p, "BEGIN").await?),
            Pool::Postgres(p) => ConnInner::PostgresRead(super::begin_whole(p, POSTGRES_BEGIN).await?),
        };
        Ok(Conn { inner, shared: self.shared.clone() })
    }
}

impl Conn {
    /// Ends a snapshot read ([`Store::begin_snapshot`]); nothing to do on any
    /// other connection. Never bumps the write generation: nothing was written.
    pub async fn end_snapshot(self) -> crate::error::Result<()> {
        match self.inner {
            ConnInner::SqliteRead(tx) => tx.commit().await.map_err(map_db_error),
            ConnInner::PostgresRead(tx) => tx.commit().await.map_err(map_db_error),
            _ => Ok(()),
        }
    }

    /// Whether this connection reads one snapshot ([`Store::begin_snapshot`]).
    pub fn in_snapshot(&self) -> bool {
        matches!(self.inner, ConnInner::SqliteRead(_) | ConnInner::PostgresRead(_))
    }
}
