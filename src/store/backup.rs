//! Backups of the embedded database (README "Backups"): `schoolplan backup FILE`.
//!
//! SQLite: `VACUUM INTO` writes a consistent copy of the database — one read
//! transaction, so one snapshot, while the service goes on writing (WAL) —
//! into a new file, compacted. The copy is a complete database: restoring is
//! putting it in place of the service's file while the service is stopped.
//! PostgreSQL has its own tools (`pg_dump`, `pg_restore`); this refuses.

use std::path::Path;

use anyhow::Context as _;

use super::{Pool, Store};

impl Store {
    /// Writes a consistent copy of the SQLite database into the new file
    /// `file` (created here; an existing file, even an empty one, is never
    /// overwritten). Returns the size of the copy in bytes. PostgreSQL: an
    /// error naming `pg_dump`. A copy that failed half-way is removed.
    pub async fn backup_into(&self, file: &Path) -> anyhow::Result<u64> {
        let Pool::Sqlite(pool) = &self.pool else {
            anyhow::bail!(
                "a PostgreSQL database is backed up with pg_dump (pg_dump --format=custom --file=FILE URL) \
                 and restored with pg_restore; see README \"Backups\""
            );
        };
        // Reserve the name: the copy goes into this new, empty file and never into an existing one.
        match std::fs::OpenOptions::new().write(true).create_new(true).open(file) {
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                anyhow::bail!("{} exists already; a backup never overwrites a file", file.display())
            }
            Err(e) => return Err(e).with_context(|| format!("cannot create {}", file.display())),
        }
        let target = file.to_string_lossy().into_owned();
        if let Err(e) = sqlx::query("VACUUM INTO $1").bind(&target).execute(pool).await {
            let _ = std::fs::remove_file(file);
            return Err(e).with_context(|| format!("cannot write the backup {}", file.display()));
        }
        Ok(std::fs::metadata(file).with_context(|| format!("cannot read {}", file.display()))?.len())
    }
}
