//! The configuration file of `--config FILE` (docs/operations.md §Configure):
//! TOML whose keys are the long flags of `schoolplan serve` and the global
//! ones (`listen = "0.0.0.0:8080"`, `job-workers = 4`, `demo = true`,
//! `cors-origin = ["https://a.ch"]`).
//!
//! Precedence: flags, then environment variables, then the file, then the
//! defaults. The file's keys are read from clap's own description of the
//! command line, so a flag added to `serve` is a key at once: a key's value is
//! added to the command line only when the flag was given neither on the
//! command line nor by its environment variable, and clap parses once more.
//! A key that is no flag is an error naming the key and the file.

use std::ffi::OsString;
use std::path::Path;

use anyhow::Context as _;
use clap::parser::ValueSource;
use clap::{ArgMatches, CommandFactory as _, FromArgMatches as _};

use super::Cli;

/// The subcommand whose flags are the file's keys (besides the global flags).
const SERVE: &str = "serve";

/// Parses the command line `argv` (its first item the program), with the
/// keys of the `--config` file (or `SCHOOLPLAN_CONFIG`) filled in where
/// neither a flag nor an environment variable gives the setting.
/// Errors: clap's (usage, `--help`, bad values; print them with `exit`), or
/// the file's: unreadable, not TOML, an unknown key, a value of the wrong kind.
pub fn parse(argv: Vec<OsString>) -> Result<Cli, ParseError> {
    let command = Cli::command();
    let matches = command.clone().try_get_matches_from(&argv)?;
    let Some(path) = matches.get_one::<std::path::PathBuf>("config") else {
        return Ok(Cli::from_arg_matches(&matches)?);
    };
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the configuration file {}", path.display()))?;
    let extra = file_args(&command, &matches, &text, path)?;
    let mut argv = argv;
    argv.extend(extra);
    let matches = command.try_get_matches_from(&argv)?;
    Ok(Cli::from_arg_matches(&matches)?)
}

/// Why [`parse`] failed.
#[derive(Debug, thiserror::Error)]
pub enum ParseError {
    /// The command line (clap prints it, `--help` included).
    #[error(transparent)]
    Usage(#[from] clap::Error),
    /// The configuration file.
    #[error("{0:#}")]
    File(anyhow::Error),
}

impl From<anyhow::Error> for ParseError {
    fn from(e: anyhow::Error) -> ParseError {
        ParseError::File(e)
    }
}

/// The flags the file `text` (at `path`) adds to the command line parsed as
/// `matches`: one per key the running command has and neither a flag nor an
/// environment variable set. Keys of `serve` are checked when another command
/// runs, but only the global ones apply there.
fn file_args(command: &clap::Command, matches: &ArgMatches, text: &str, path: &Path) -> anyhow::Result<Vec<OsString>> {
    let file = path.display();
    let table: toml::Table =
        text.parse().map_err(|e| anyhow::anyhow!("the configuration file {file} is not TOML: {e}"))?;
    let serve = command.find_subcommand(SERVE).context("the serve command")?;
    let running = matches.subcommand();
    let mut args = Vec::new();
    for (key, value) in &table {
        let global = command.get_arguments().find(|a| is_key(a, key));
        let Some(arg) = global.or_else(|| serve.get_arguments().find(|a| is_key(a, key))) else {
            anyhow::bail!(
                "unknown key `{key}` in the configuration file {file} (the keys are the long flags of \
                 `schoolplan serve`, e.g. listen = \"0.0.0.0:8080\"; see `schoolplan serve --help`)"
            );
        };
        let id = arg.get_id().as_str();
        let applies = global.is_some() || running.is_some_and(|(name, _)| name == SERVE);
        // `value_source` panics on an id its matches do not know: ask `try_get_raw` first.
        let given = [Some(matches), running.map(|(_, m)| m)].into_iter().flatten().any(|m| {
            m.try_get_raw(id).is_ok()
                && matches!(m.value_source(id), Some(ValueSource::CommandLine | ValueSource::EnvVariable))
        });
        if applies && !given {
            args.extend(flag_values(arg, key, value).with_context(|| format!("key `{key}` in {file}"))?);
        }
    }
    Ok(args)
}

/// Whether `arg` is the flag of the file key `key` (its long name; not
/// `--config` itself, nor `--help` or `--version`).
fn is_key(arg: &clap::Arg, key: &str) -> bool {
    arg.get_long() == Some(key)
        && key != "config"
        && !matches!(arg.get_action(), clap::ArgAction::Help | clap::ArgAction::Version)
}

/// The command-line form of one key: `--key=VALUE`; an array, once per item;
/// `true` of a switch, `--key`, and `false`, nothing.
fn flag_values(arg: &clap::Arg, key: &str, value: &toml::Value) -> anyhow::Result<Vec<OsString>> {
    let one = |v: &toml::Value| -> anyhow::Result<String> {
        match v {
            toml::Value::String(s) => Ok(s.clone()),
            toml::Value::Integer(n) => Ok(n.to_string()),
            toml::Value::Float(x) => Ok(x.to_string()),
            toml::Value::Boolean(b) => Ok(b.to_string()),
            other => anyhow::bail!("a {} is no value of a flag", other.type_str()),
        }
    };
    let switch = !arg.get_action().takes_values();
    Ok(match value {
        toml::Value::Boolean(on) if switch => {
            if *on {
                vec![format!("--{key}").into()]
            } else {
                Vec::new()
            }
        }
        _ if switch => anyhow::bail!("a switch takes true or false"),
        toml::Value::Array(items) => {
            items.iter().map(|v| one(v).map(|s| format!("--{key}={s}").into())).collect::<anyhow::Result<_>>()?
        }
        v => vec![format!("--{key}={}", one(v)?).into()],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::Command;

    /// Parses `args` with the configuration file `text`, passed by `--config`.
    fn with_file(text: &str, args: &[&str]) -> (Result<Cli, ParseError>, String) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("schoolplan.toml");
        std::fs::write(&path, text).unwrap();
        let path = path.to_str().unwrap().to_string();
        let argv = ["schoolplan", "--config", &path].iter().chain(args).map(OsString::from).collect();
        (parse(argv), path)
    }

    #[test]
    fn the_file_fills_in_what_no_flag_gives() {
        let text = "database = \"sqlite://from-file.db\"\njob-workers = 3\ndemo = true\n\
                    cors-origin = [\"https://a.ch\", \"https://b.ch\"]\nrequest-timeout = \"5s\"\n\
                    client-compat = false\nlive-streams = 7\n";
        let (cli, _) = with_file(text, &["serve", "--job-workers", "5"]);
        let cli = cli.unwrap();
        assert_eq!(cli.database, "sqlite://from-file.db");
        let Command::Serve { job_workers, demo, cors_origins, request_timeout, client, live_streams, .. } = cli.command
        else {
            unreachable!("serve parsed")
        };
        assert_eq!(job_workers, 5, "the flag before the file");
        assert!(demo);
        assert!(!client.client_compat);
        assert_eq!(cors_origins, ["https://a.ch", "https://b.ch"]);
        assert_eq!(request_timeout, std::time::Duration::from_secs(5));
        assert_eq!(live_streams, 7);
        // Another command reads the global keys only.
        let (cli, _) = with_file(text, &["migrate"]);
        assert_eq!(cli.unwrap().database, "sqlite://from-file.db");
    }

    #[test]
    fn unknown_keys_and_wrong_values_name_the_key_and_the_file() {
        for (text, key, says) in [
            ("jobworkers = 3", "jobworkers", "unknown key"),
            ("config = \"other.toml\"", "config", "unknown key"),
            ("[serve]\nlisten = \"127.0.0.1:1\"", "serve", "unknown key"),
            ("demo = \"yes\"", "demo", "true or false"),
            ("listen = { host = \"x\" }", "listen", "no value"),
        ] {
            let (res, path) = with_file(text, &["serve"]);
            let Err(ParseError::File(e)) = res else { panic!("{text}: refused as the file's error") };
            let msg = format!("{e:#}");
            assert!(msg.contains(&format!("`{key}`")) && msg.contains(&path) && msg.contains(says), "{text}: {msg}");
        }
        let (res, _) = with_file("job-workers = 0", &["serve"]);
        assert!(matches!(res, Err(ParseError::Usage(_))), "values are checked as flags' are");
        let (res, _) = with_file("listen = ", &["serve"]);
        assert!(matches!(res, Err(ParseError::File(e)) if format!("{e}").contains("not TOML")));
    }
}
