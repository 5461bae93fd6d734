//! The command line: `serve`, `migrate`, `import`, `export` (also from and to the
//! Pensenmanager, docs/migration.md), `backup`, `demo-dataset`.
//!
//! Every flag can also be set by an environment variable (shown in `--help`),
//! and the flags of `serve` by the configuration file of `--config`
//! ([`config_file`], docs/operations.md §Configure).
//!
//! [`run`] hands each command to its one function, in the file named after
//! it:
//!
//! | file | holds |
//! |---|---|
//! | `args.rs` | the definition of the command line ([`Cli`], [`Command`]) and the checks of flag values |
//! | `config_file.rs` | the configuration file of `--config` |
//! | `sign_on.rs` | the settings of the existing client and of single sign-on, from [`ClientArgs`] |
//! | `secrets.rs` | secrets read from files ([`read_secret`]) |
//! | `entry.rs` | the binary's entry point ([`main`]): the log and the runtime |
//! | `serve.rs` | `serve`, and [`bind`] |
//! | `migrate.rs` | `migrate` |
//! | `datasets.rs` | `import`, `export`, `demo-dataset` |
//! | `accounts.rs` | `account`, `token` |
//! | `backup.rs` | `backup` |

use crate::service::Store;

mod accounts;
mod args;
mod backup;
pub mod config_file;
mod datasets;
mod entry;
mod migrate;
mod secrets;
mod serve;
mod sign_on;

pub use args::{AccountAction, Cli, ClientArgs, Command, DbArgs, LogFormat, RateLimitSetting, TokenAction};
pub use entry::main;
pub use secrets::read_secret;
pub use serve::bind;

/// Runs one command.
pub async fn run(cli: Cli) -> anyhow::Result<()> {
    let database = cli.database.as_str();
    match cli.command {
        command @ Command::Serve { .. } => serve::serve(database, command).await,
        Command::Migrate { dry_run } => migrate::migrate(database, dry_run).await,
        Command::Import { file, from_pensenmanager, dry_run, report } => {
            datasets::import(database, file, from_pensenmanager, dry_run, report).await
        }
        Command::Export { file, to_pensenmanager, report } => {
            datasets::export(database, file, to_pensenmanager, report).await
        }
        Command::Account { action } => accounts::account(database, action).await,
        Command::Token { action } => accounts::token(database, action).await,
        Command::Backup { file } => backup::backup(database, &file).await,
        Command::DemoDataset { scale, file } => datasets::demo_dataset(scale, file),
    }
}

/// Connects and migrates. Only `serve` and `migrate` pass `create` (a new
/// SQLite file); the other commands need an existing database, so that a
/// mistyped `--database` is an error rather than a new empty database.
async fn open(database: &str, create: bool) -> anyhow::Result<Store> {
    let store = if create { Store::connect(database).await? } else { Store::connect_existing(database).await? };
    store.migrate().await?;
    Ok(store)
}

/// Who the command line's writes are recorded as in the audit trail
/// (docs/security.md §Roles): no account (the system), the
/// method `CLI` and the command as the path, e.g. `schoolplan account add`.
fn cli_actor(command: &str) -> crate::service::audit::Actor {
    crate::service::audit::Actor::new(None, "CLI", format!("schoolplan {command}"))
}

#[cfg(test)]
mod tests {
    use clap::Parser as _;

    use super::*;

    fn parse(args: &[&str]) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(std::iter::once(&"schoolplan").chain(args))
    }

    /// Only `serve` and `migrate` create a SQLite file; the other commands
    /// refuse a missing one and create nothing.
    #[tokio::test]
    async fn a_mistyped_sqlite_path_is_not_a_new_database() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("typo.db");
        let db = format!("sqlite://{}", file.display());
        let data = dir.path().join("school.json");
        std::fs::write(&data, r#"{"format": "schoolplan-dataset", "version": 1}"#).unwrap();
        let out = dir.path().join("out.json");
        for args in [
            vec!["account", "list"],
            vec!["account", "add", "alice", "--role", "admin"],
            vec!["token", "list"],
            vec!["token", "revoke", "1"],
            vec!["export", out.to_str().unwrap()],
            vec!["import", data.to_str().unwrap()],
        ] {
            let mut argv = vec!["--database", db.as_str()];
            argv.extend(&args);
            let err = run(parse(&argv).unwrap()).await.expect_err("a missing database is refused");
            let msg = format!("{err:#}");
            assert!(msg.contains("does not exist") && msg.contains("typo.db"), "{args:?}: {msg}");
            assert!(!file.exists(), "{args:?} created the file");
        }
        run(parse(&["--database", &db, "migrate"]).unwrap()).await.expect("migrate creates it");
        assert!(file.exists());
        run(parse(&["--database", &db, "account", "list"]).unwrap()).await.expect("now it exists");
    }

    /// A PostgreSQL server that cannot be reached is reported at once, naming
    /// the host, the port and the cause (not "pool timed out" after 30 s).
    #[tokio::test]
    async fn an_unreachable_postgres_names_host_port_and_cause() {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let db = format!("postgres://postgres@127.0.0.1:{port}/schoolplan");
        let err = run(parse(&["--database", &db, "account", "list"]).unwrap()).await.expect_err("nothing listens");
        let msg = format!("{err:#}");
        assert!(msg.contains(&format!("127.0.0.1:{port}")), "{msg}");
        assert!(msg.to_lowercase().contains("refused"), "the cause: {msg}");
        assert!(!msg.contains("timed out"), "{msg}");
    }
}
