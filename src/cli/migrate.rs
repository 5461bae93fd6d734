//! `schoolplan migrate`: the database migrations, applied or, with
//! `--dry-run`, listed (docs/operations.md §Downgrade).

use super::open;
use crate::service::Store;

/// `schoolplan migrate [--dry-run]`: applies the pending migrations (creating
/// a missing SQLite file), or lists them and applies none.
pub(super) async fn migrate(database: &str, dry_run: bool) -> anyhow::Result<()> {
    if dry_run {
        let store = Store::connect_existing(database).await?;
        let status = store.schema_status().await;
        store.close().await;
        let status = status?;
        if let Some(refusal) = status.downgrade_refusal() {
            anyhow::bail!(refusal);
        }
        if status.pending.is_empty() {
            eprintln!("no pending migrations: the database is current");
        }
        for m in &status.pending {
            println!("{:04} {}", m.version, m.description);
        }
        return Ok(());
    }
    let store = open(database, true).await?;
    store.close().await;
    eprintln!("migrations applied");
    Ok(())
}
