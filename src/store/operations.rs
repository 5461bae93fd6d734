//! What running the service reads of its database (docs/operations.md):
//! which of the embedded migrations a database has (§Upgrade and
//! §Downgrade) — the ones still to apply (`schoolplan migrate --dry-run`,
//! `/ready`), and those the database has but this binary does not know,
//! which means the database was migrated by a newer schoolplan — and the
//! figures of `/metrics` (§Monitor): jobs by kind and state, the pool's use,
//! the writer's queue.

use std::collections::BTreeSet;

use sqlx::migrate::Migrator;

use super::{Pool, Store, POSTGRES_MIGRATOR, SQLITE_MIGRATOR};

/// One embedded migration: its number and description (the file name's rest).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MigrationName {
    /// The migration's version (`0016` in `0016_audit_school_year.sql`).
    pub version: i64,
    /// Its description (`audit school year`).
    pub description: String,
}

/// The state of a database's schema against the binary's migrations.
#[derive(Debug, Clone, Default)]
pub struct SchemaStatus {
    /// Embedded migrations the database has not applied yet, in order.
    pub pending: Vec<MigrationName>,
    /// Versions the database has applied that this binary does not know:
    /// a newer schoolplan migrated it (a downgrade).
    pub unknown: Vec<i64>,
    /// The highest version this binary knows.
    pub latest_known: i64,
}

impl SchemaStatus {
    /// Whether the schema is exactly what this binary expects.
    pub fn is_current(&self) -> bool {
        self.pending.is_empty() && self.unknown.is_empty()
    }

    /// The refusal of a downgrade, naming the versions, when the database is
    /// newer than the binary; `None` otherwise.
    pub fn downgrade_refusal(&self) -> Option<String> {
        let newest = self.unknown.iter().max()?;
        Some(format!(
            "the database was migrated by a newer schoolplan: it has migration {newest}, this binary knows \
             migrations up to {} (unknown here: {}). Run the newer version again, or restore the backup \
             taken before the upgrade (docs/operations.md §Downgrade)",
            self.latest_known,
            self.unknown.iter().map(i64::to_string).collect::<Vec<_>>().join(", "),
        ))
    }
}

impl Store {
    fn migrator(&self) -> &'static Migrator {
        match self.pool {
            Pool::Sqlite(_) => &SQLITE_MIGRATOR,
            Pool::Postgres(_) => &POSTGRES_MIGRATOR,
        }
    }

    /// Compares the migrations the database has applied (sqlx's
    /// `_sqlx_migrations` table; none when it is missing) with the embedded
    /// ones. Errors: the database does not answer.
    pub async fn schema_status(&self) -> anyhow::Result<SchemaStatus> {
        const APPLIED: &str = "SELECT version FROM _sqlx_migrations WHERE success";
        let applied: Vec<i64> = match &self.pool {
            Pool::Sqlite(p) => {
                let exists: i64 = sqlx::query_scalar(
                    "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = '_sqlx_migrations'",
                )
                .fetch_one(p)
                .await?;
                if exists == 0 {
                    Vec::new()
                } else {
                    sqlx::query_scalar(APPLIED).fetch_all(p).await?
                }
            }
            Pool::Postgres(p) => {
                let exists: Option<String> =
                    sqlx::query_scalar("SELECT to_regclass('_sqlx_migrations')::text").fetch_one(p).await?;
                if exists.is_none() {
                    Vec::new()
                } else {
                    sqlx::query_scalar(APPLIED).fetch_all(p).await?
                }
            }
        };
        let applied: BTreeSet<i64> = applied.into_iter().collect();
        let migrator = self.migrator();
        let known: BTreeSet<i64> = migrator.iter().map(|m| m.version).collect();
        Ok(SchemaStatus {
            pending: migrator
                .iter()
                .filter(|m| !applied.contains(&m.version))
                .map(|m| MigrationName { version: m.version, description: m.description.to_string() })
                .collect(),
            unknown: applied.difference(&known).copied().collect(),
            latest_known: known.last().copied().unwrap_or(0),
        })
    }

    /// Jobs by kind (`name`) and state (`idle`, `running`, `done`,
    /// `failed`), with their numbers, for `/metrics`. Errors: the database's.
    pub async fn jobs_by_kind_and_state(&self) -> anyhow::Result<Vec<(String, String, i64)>> {
        const SQL: &str = "SELECT name, status, count(*) FROM job GROUP BY name, status ORDER BY name, status";
        Ok(match &self.pool {
            Pool::Sqlite(p) => sqlx::query_as(SQL).fetch_all(p).await?,
            Pool::Postgres(p) => sqlx::query_as(SQL).fetch_all(p).await?,
        })
    }

    /// Connections of the pool: (open, idle, most allowed), for `/metrics`.
    pub fn pool_use(&self) -> (u32, usize, u32) {
        match &self.pool {
            Pool::Sqlite(p) => (p.size(), p.num_idle(), p.options().get_max_connections()),
            Pool::Postgres(p) => (p.size(), p.num_idle(), p.options().get_max_connections()),
        }
    }

    /// SQLite: writes waiting for the writer's lock now (0 on PostgreSQL),
    /// for `/metrics`.
    pub fn writer_queue(&self) -> usize {
        self.shared.writer.waiting()
    }
}
