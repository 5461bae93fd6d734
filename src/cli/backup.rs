//! `schoolplan backup FILE`: a copy of the SQLite database while the service
//! may run (README "Backups").

use anyhow::Context as _;

use crate::service::Store;

/// `schoolplan backup FILE`: a consistent copy of the SQLite database while
/// the service runs ([`Store::backup_into`]); the database is not migrated.
pub(super) async fn backup(database: &str, file: &std::path::Path) -> anyhow::Result<()> {
    if !database.starts_with("sqlite:") {
        anyhow::bail!(
            "schoolplan backup copies SQLite databases; back up PostgreSQL with pg_dump \
             (pg_dump --format=custom --file=FILE URL) and restore with pg_restore (README \"Backups\")"
        );
    }
    let options: sqlx::sqlite::SqliteConnectOptions = database.parse().context("invalid SQLite URL")?;
    if !options.get_filename().exists() {
        anyhow::bail!("there is no database {} to back up", options.get_filename().display());
    }
    let store = Store::connect(database).await?;
    let copied = store.backup_into(file).await;
    store.close().await;
    eprintln!("backup written to {} ({} bytes)", file.display(), copied?);
    Ok(())
}
