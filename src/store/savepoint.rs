//! A savepoint inside a write: part of a transaction that can be undone on
//! its own (the dataset's trial load, `crate::dataset::trial`, tries each
//! record this way and goes on after one that is refused).
//!
//! SQLite's savepoints nest by name, so this one may open inside the
//! writer's savepoint of the write (`super::writer`); PostgreSQL's may open
//! inside any transaction, and rolling back to one also ends the aborted
//! state a failed statement leaves.

use crate::error::Result;
use crate::store::Conn;
use crate::with_conn;

/// The name of the savepoint; one is open at a time.
const NAME: &str = "trial_record";

impl Conn {
    /// Opens the savepoint. Only inside a write ([`super::Store::begin`]).
    pub async fn open_savepoint(&mut self) -> Result<()> {
        self.savepoint_statement("SAVEPOINT").await
    }

    /// Keeps what was written since [`Conn::open_savepoint`] as part of the
    /// write, and closes the savepoint.
    pub async fn release_savepoint(&mut self) -> Result<()> {
        self.savepoint_statement("RELEASE SAVEPOINT").await
    }

    /// Undoes what was written since [`Conn::open_savepoint`] (the rest of the
    /// write stays), and closes the savepoint.
    pub async fn undo_savepoint(&mut self) -> Result<()> {
        self.savepoint_statement("ROLLBACK TO SAVEPOINT").await?;
        self.release_savepoint().await
    }

    async fn savepoint_statement(&mut self, verb: &str) -> Result<()> {
        let sql = format!("{verb} {NAME}");
        with_conn!(self, |c| sqlx::query(&sql).execute(c).await?.rows_affected());
        Ok(())
    }
}
