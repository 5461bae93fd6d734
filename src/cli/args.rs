//! The command line's definition (clap): the global flags ([`Cli`]), the
//! commands ([`Command`]) with their flags, and the checks of flag values
//! made while parsing. What the commands do is in the files named after them.
//!
//! Every flag can also be set by an environment variable (shown in `--help`),
//! and the flags of `serve` by the configuration file of `--config`
//! ([`config_file`](super::config_file), docs/operations.md §Configure).

use std::num::NonZeroU32;
use std::path::PathBuf;
use std::time::Duration;

use clap::{Parser, Subcommand};

use crate::app;
use crate::auth::Role;
use crate::service::{ChangeCheck, StoreSettings};

/// schoolplan — master data and course planning service.
#[derive(Debug, Parser)]
#[command(name = "schoolplan", version, about)]
pub struct Cli {
    /// Database URL: `sqlite://FILE` or `postgres://USER@HOST/DB`. Only `serve` and
    /// `migrate` create a missing SQLite file; the other commands refuse it.
    #[arg(long, global = true, env = "SCHOOLPLAN_DATABASE", default_value = "sqlite://schoolplan.db")]
    pub database: String,
    /// A TOML configuration file whose keys are the long flags of `serve` (and `database`,
    /// `log-format`); flags and environment variables take precedence over it
    /// (docs/operations.md §Configure).
    #[arg(long, global = true, env = "SCHOOLPLAN_CONFIG", value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// The log's form on stderr: `text` (for people) or `json` (one object per line). The
    /// level is set by `RUST_LOG` (default `info,sqlx=warn`).
    #[arg(long, global = true, env = "SCHOOLPLAN_LOG_FORMAT", default_value = "text")]
    pub log_format: LogFormat,
    /// The command to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The form of the log (`--log-format`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// Lines for people.
    Text,
    /// One JSON object per line (docs/operations.md §Logs).
    Json,
}

/// Subcommands.
// `Serve` holds every option of the service and the others little; the value
// is parsed once at start, so its size costs nothing worth a `Box`.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the HTTP service (migrations are applied at start).
    Serve {
        /// Address to listen on: `HOST:PORT`, the host an IP address or a name
        /// (`localhost:8080`, `[::1]:8080`); a name is resolved and its first
        /// address that can be bound is used.
        #[arg(long, env = "SCHOOLPLAN_LISTEN", default_value = "127.0.0.1:8080")]
        listen: String,
        /// Load the demo school into the (empty) database before serving.
        #[arg(long, env = "SCHOOLPLAN_DEMO")]
        demo: bool,
        /// Cancel requests running longer than this (e.g. `30s`, `500ms`) with 503.
        #[arg(long, env = "SCHOOLPLAN_REQUEST_TIMEOUT", default_value = "30s", value_parser = app::parse_duration)]
        request_timeout: Duration,
        /// Requests per second allowed per token (a token bucket refilled at this rate), or `off`.
        #[arg(long, env = "SCHOOLPLAN_RATE_LIMIT", default_value = "50", value_parser = parse_rate_limit)]
        rate_limit: RateLimitSetting,
        /// Requests a token may send at once before `--rate-limit` holds it back (the bucket's
        /// size; at least twice the rate): the existing client sends a whole import at once.
        #[arg(long, env = "SCHOOLPLAN_RATE_BURST", default_value_t = app::DEFAULT_RATE_BURST)]
        rate_burst: std::num::NonZeroU32,
        /// Origins allowed to call the API from a browser (CORS), each `scheme://host[:port]`
        /// (`*` is refused); CORS is off when none is given.
        #[arg(long = "cors-origin", env = "SCHOOLPLAN_CORS_ORIGINS", value_delimiter = ',', value_parser = app::parse_origin)]
        cors_origins: Vec<String>,
        /// Close connections that have not sent a complete request header within this time
        /// (new or idle kept-alive ones), e.g. `10s`.
        #[arg(long, env = "SCHOOLPLAN_HEADER_READ_TIMEOUT", default_value = "10s", value_parser = app::parse_duration)]
        header_read_timeout: Duration,
        /// The existing browser client and single sign-on.
        #[command(flatten)]
        client: ClientArgs,
        /// Jobs (documents, exports, mails) running at once; further jobs wait.
        #[arg(long, env = "SCHOOLPLAN_JOB_WORKERS", default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..=64))]
        job_workers: u16,
        /// How long a server's claim on a running job holds unless renewed: a job whose
        /// server died is failed this long after its last renewal (e.g. `30s`).
        #[arg(long, env = "SCHOOLPLAN_JOB_LEASE", default_value = "30s", value_parser = app::parse_duration)]
        job_lease: Duration,
        /// How often a server renews the leases of its running jobs (below `--job-lease`).
        #[arg(long, env = "SCHOOLPLAN_JOB_LEASE_RENEWAL", default_value = "10s", value_parser = app::parse_duration)]
        job_lease_renewal: Duration,
        /// Unfinished jobs one account may have at once; beyond it `POST /job` answers 429.
        #[arg(long, env = "SCHOOLPLAN_JOBS_PER_ACCOUNT", default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..))]
        jobs_per_account: u32,
        /// MiB of stored job products per account; beyond it the account's oldest products expire.
        #[arg(long, env = "SCHOOLPLAN_JOB_PRODUCTS_PER_ACCOUNT", default_value_t = 100)]
        job_products_per_account: u64,
        /// MiB of stored job products in all; beyond it the oldest products expire.
        #[arg(long, env = "SCHOOLPLAN_JOB_PRODUCTS_TOTAL", default_value_t = 1024)]
        job_products_total: u64,
        /// SMTP server for WorkloadMail: `smtp://host:25` (plain), `smtp://host:587` with STARTTLS
        /// via `?tls=required`, or `smtps://user:password@host:465`. Without it mailing is off.
        #[arg(long, env = "SCHOOLPLAN_SMTP_URL", hide_env_values = true)]
        smtp_url: Option<String>,
        /// A file holding the SMTP password (its first line), put into `--smtp-url` (which then
        /// names the user): the password stays off the command line and out of the configuration.
        #[arg(long, env = "SCHOOLPLAN_SMTP_PASSWORD_FILE", value_name = "FILE", requires = "smtp_url")]
        smtp_password_file: Option<PathBuf>,
        /// The sender of the service's own mails to teachers, e.g. `Sekretariat
        /// <sekretariat@school.ch>`: with `--smtp-url`, invitations, releases and "überholt"
        /// notices are mailed (docs/teachers.md §Mails); without it, none is.
        #[arg(long, env = "SCHOOLPLAN_MAIL_FROM", requires = "smtp_url", value_parser = parse_mail_from)]
        mail_from: Option<String>,
        /// How often the service looks for confirmed sheets that a change made outdated, to
        /// tell their teachers by mail (once per confirmation), e.g. `5m`.
        #[arg(long, env = "SCHOOLPLAN_OUTDATED_CHECK", default_value = "5m", value_parser = app::parse_duration)]
        outdated_check: Duration,
        /// How the caches learn of commits by other servers, the CLI or SQL by hand on
        /// PostgreSQL: `notify` listens for notifications (a commit elsewhere is seen
        /// usually well under a millisecond later); `poll` asks the database on every
        /// request (seen by the next request, slower). SQLite always asks its file.
        #[arg(long, env = "SCHOOLPLAN_CHANGE_CHECK", default_value = "notify")]
        change_check: ChangeCheck,
        /// The URL people reach the service at, e.g. `https://planung.school.ch`: sign-in links
        /// start with it, and with `https` the session cookie is `Secure`. Default: the listen address.
        #[arg(long, env = "SCHOOLPLAN_PUBLIC_URL", value_parser = parse_public_url)]
        public_url: Option<String>,
        /// The school's language, `de`, `fr` or `en`: the web pages' language when the browser
        /// asks for none of the three, until a person chooses one (kept with their account).
        #[arg(long, env = "SCHOOLPLAN_DEFAULT_LANGUAGE", default_value = "de", value_parser = parse_language)]
        default_language: crate::i18n::Lang,
        /// Live streams of the web interface (`/years/{id}/live`) one server holds at once;
        /// beyond it a page gets 429 and polls instead (a session holds at most 8).
        #[arg(long, env = "SCHOOLPLAN_LIVE_STREAMS", default_value_t = crate::service::live::DEFAULT_STREAMS as u32,
              value_parser = clap::value_parser!(u32).range(1..))]
        live_streams: u32,
        /// The database's faults (docs/faults.md).
        #[command(flatten)]
        db: DbArgs,
        /// Serve `GET /metrics` (Prometheus text) on this address of its own (`HOST:PORT`, no
        /// token; keep it off the internet). Metrics are off unless this or `--metrics-token` is given.
        #[arg(long, env = "SCHOOLPLAN_METRICS_LISTEN")]
        metrics_listen: Option<String>,
        /// Serve `GET /metrics` on `--listen` too, to `Authorization: Bearer TOKEN` only
        /// (prefer `--metrics-token-file`).
        #[arg(long, env = "SCHOOLPLAN_METRICS_TOKEN", hide_env_values = true, conflicts_with = "metrics_token_file")]
        metrics_token: Option<String>,
        /// A file holding the `--metrics-token` (its first line).
        #[arg(long, env = "SCHOOLPLAN_METRICS_TOKEN_FILE", value_name = "FILE")]
        metrics_token_file: Option<PathBuf>,
    },
    /// Manage accounts.
    Account {
        /// What to do.
        #[command(subcommand)]
        action: AccountAction,
    },
    /// Manage API tokens.
    Token {
        /// What to do.
        #[command(subcommand)]
        action: TokenAction,
    },
    /// Apply the database migrations and exit. A database migrated by a newer schoolplan is
    /// refused (docs/operations.md §Downgrade).
    Migrate {
        /// List the migrations that would be applied, and apply none.
        #[arg(long)]
        dry_run: bool,
    },
    /// Import a dataset file (JSON, see docs/dataset.md) into an empty database, in one transaction;
    /// or, with `--from-pensenmanager URL`, a school from the Pensenmanager's PostgreSQL database
    /// (docs/migration.md).
    Import {
        /// The dataset file (not with `--from-pensenmanager`).
        #[arg(required_unless_present = "from_pensenmanager", conflicts_with = "from_pensenmanager")]
        file: Option<PathBuf>,
        /// The Pensenmanager's database, `postgres://USER@HOST/DB` (read only, in one snapshot).
        #[arg(long, value_name = "POSTGRES_URL")]
        from_pensenmanager: Option<String>,
        /// With `--from-pensenmanager`: do everything but write, and list every problem.
        #[arg(long, requires = "from_pensenmanager")]
        dry_run: bool,
        /// With `--from-pensenmanager`: also write the report as JSON to this file.
        #[arg(long, requires = "from_pensenmanager", value_name = "FILE")]
        report: Option<PathBuf>,
    },
    /// Export the whole database as a dataset file (to stdout when no file is given); or, with
    /// `--to-pensenmanager URL`, into the empty `pensen` schema (3.11) of that PostgreSQL database
    /// (docs/migration.md).
    Export {
        /// Output file (not with `--to-pensenmanager`).
        #[arg(conflicts_with = "to_pensenmanager")]
        file: Option<PathBuf>,
        /// The Pensenmanager's database with an empty `pensen` schema, `postgres://USER@HOST/DB`.
        #[arg(long, value_name = "POSTGRES_URL")]
        to_pensenmanager: Option<String>,
        /// With `--to-pensenmanager`: also write the report as JSON to this file.
        #[arg(long, requires = "to_pensenmanager", value_name = "FILE")]
        report: Option<PathBuf>,
    },
    /// Write a consistent copy of the SQLite database into a new FILE while the service may run
    /// (never overwrites a file; PostgreSQL: use pg_dump). See README "Backups".
    Backup {
        /// The new file to write the copy to.
        file: PathBuf,
    },
    /// Write the generated demo school dataset (to stdout when no file is given).
    DemoDataset {
        /// Scale factor: 1 is the demo school; N multiplies teachers, classes and courses.
        #[arg(long, default_value_t = 1)]
        scale: u32,
        /// Output file.
        file: Option<PathBuf>,
    },
}

/// Flags of the existing browser client and of single sign-on (docs/client.md §Single sign-on; README
/// "Using the existing Pensenmanager client").
#[derive(Debug, Clone, clap::Args)]
pub struct ClientArgs {
    /// Also serve every `/api/v1/X` route at `/X` and tolerate a trailing slash (the existing browser client).
    #[arg(long, env = "SCHOOLPLAN_CLIENT_COMPAT")]
    pub client_compat: bool,
    /// Serve the existing browser client's mount (as `--client-compat`) on this second
    /// address (`HOST:PORT`), while `--listen` keeps the web interface and `/api/v1`.
    #[arg(long, env = "SCHOOLPLAN_CLIENT_COMPAT_LISTEN")]
    pub client_compat_listen: Option<String>,
    /// Feature names the browser client switches on (`features` of `/profile`).
    #[arg(long = "client-feature", env = "SCHOOLPLAN_CLIENT_FEATURES", value_delimiter = ',')]
    pub client_features: Vec<String>,
    /// Entra ID tenant (directory) id, told to the browser client by `/config`.
    #[arg(long, env = "SCHOOLPLAN_OIDC_TENANT_ID", default_value = "")]
    pub oidc_tenant_id: String,
    /// Application (client) id of the browser client, told by `/config`; the default audience.
    #[arg(long, env = "SCHOOLPLAN_OIDC_CLIENT_ID", default_value = "")]
    pub oidc_client_id: String,
    /// URL of the identity provider's signing keys (JWKS); switches single sign-on on.
    #[arg(long, env = "SCHOOLPLAN_OIDC_JWKS_URL", conflicts_with = "oidc_jwks_file")]
    pub oidc_jwks_url: Option<String>,
    /// File holding the identity provider's signing keys (JWKS); switches single sign-on on.
    #[arg(long, env = "SCHOOLPLAN_OIDC_JWKS_FILE")]
    pub oidc_jwks_file: Option<PathBuf>,
    /// Required issuer (`iss`) of identity-provider tokens.
    #[arg(long, env = "SCHOOLPLAN_OIDC_ISSUER")]
    pub oidc_issuer: Option<String>,
    /// Required audience (`aud`) of identity-provider tokens (default: the client id).
    #[arg(long, env = "SCHOOLPLAN_OIDC_AUDIENCE")]
    pub oidc_audience: Option<String>,
    /// The one claim naming the account (compared exactly up to ASCII case); `email` only when
    /// chosen here, as users can change it themselves.
    #[arg(long = "oidc-claim", env = "SCHOOLPLAN_OIDC_CLAIM", default_value = crate::oidc::DEFAULT_CLAIM)]
    pub oidc_claim: String,
    /// Longest time the identity provider's key set is used before it is fetched again
    /// (shorter when the provider's `Cache-Control: max-age` says so), e.g. `5m`.
    #[arg(long, env = "SCHOOLPLAN_OIDC_KEYS_MAX_AGE", default_value = "5m", value_parser = app::parse_duration)]
    pub oidc_keys_max_age: Duration,
    /// Offer sign-in through the identity provider on the web interface's sign-in page (OIDC
    /// authorization code with PKCE; needs --oidc-issuer and --oidc-client-id;
    /// docs/web.md §Sign-in and sessions). The redirect URI to register is the public URL followed
    /// by /signin/oidc/callback.
    #[arg(long, env = "SCHOOLPLAN_OIDC_SIGNIN")]
    pub oidc_signin: bool,
    /// The client secret of the app registration for --oidc-signin, when it has one (prefer the
    /// environment variable: a command line is visible to every user of the machine).
    #[arg(
        long,
        env = "SCHOOLPLAN_OIDC_CLIENT_SECRET",
        hide_env_values = true,
        conflicts_with = "oidc_client_secret_file"
    )]
    pub oidc_client_secret: Option<String>,
    /// A file holding the client secret of --oidc-signin (its first line): the secret stays off
    /// the command line and out of the configuration file.
    #[arg(long, env = "SCHOOLPLAN_OIDC_CLIENT_SECRET_FILE", value_name = "FILE")]
    pub oidc_client_secret_file: Option<PathBuf>,
}

/// Account subcommands.
#[derive(Debug, Subcommand)]
pub enum AccountAction {
    /// Create an account.
    Add {
        /// Unique account name.
        name: String,
        /// teacher, reader, planner or admin.
        #[arg(long, value_parser = |s: &str| s.parse::<Role>())]
        role: Role,
        /// With `--role teacher`: the code (Kürzel) of the teacher the account belongs to
        /// (docs/teachers.md §Accounts of teachers).
        #[arg(long, value_name = "CODE")]
        teacher: Option<String>,
    },
    /// List accounts.
    List,
    /// Print a one-time sign-in link for the web interface (valid 15 minutes).
    SigninLink {
        /// Account name.
        name: String,
        /// The URL people reach the service at (see `serve --public-url`).
        #[arg(long, env = "SCHOOLPLAN_PUBLIC_URL", value_parser = parse_public_url)]
        public_url: Option<String>,
        /// Without --public-url: the service's listen address (see `serve --listen`).
        #[arg(long, env = "SCHOOLPLAN_LISTEN", default_value = "127.0.0.1:8080")]
        listen: String,
    },
}

/// Token subcommands.
#[derive(Debug, Subcommand)]
pub enum TokenAction {
    /// Create a token for an account; prints only the token on stdout.
    Create {
        /// Account name.
        account: String,
        /// Days until the token expires (never, when not given).
        #[arg(long)]
        expires_in_days: Option<u32>,
        /// A label to recognise the token by.
        #[arg(long)]
        label: Option<String>,
    },
    /// Revoke a token by id, with immediate effect.
    Revoke {
        /// Token id (see `token list`).
        id: i64,
    },
    /// List tokens (never their secrets).
    List,
}

/// How `serve` meets a busy or absent database (docs/faults.md).
#[derive(Debug, Clone, clap::Args)]
pub struct DbArgs {
    /// SQLite: how long a write waits for the write lock another process holds (a backup
    /// tool, `sqlite3` with an open transaction) before it is answered 503 with `Retry-After`.
    #[arg(long, env = "SCHOOLPLAN_DB_BUSY_TIMEOUT", default_value = "5s", value_parser = app::parse_duration)]
    pub db_busy_timeout: Duration,
    /// PostgreSQL: how long to keep trying, with a growing pause, to reach a database that is
    /// not reachable yet at start (still starting, as under systemd or in a container) before
    /// giving up; `0s` gives up at once.
    #[arg(long, env = "SCHOOLPLAN_DB_STARTUP_WAIT", default_value = "60s", value_parser = app::parse_duration)]
    pub db_startup_wait: Duration,
}

impl DbArgs {
    /// The store's settings.
    pub fn settings(&self) -> StoreSettings {
        StoreSettings { busy_timeout: self.db_busy_timeout, startup_wait: self.db_startup_wait }
    }
}

/// A rate limit setting: requests per second per token, or off.
#[derive(Debug, Clone, Copy)]
pub struct RateLimitSetting(pub Option<NonZeroU32>);

/// A `--rate-limit`: a positive number or `off`.
fn parse_rate_limit(s: &str) -> Result<RateLimitSetting, String> {
    if s.trim().eq_ignore_ascii_case("off") {
        return Ok(RateLimitSetting(None));
    }
    s.trim()
        .parse::<NonZeroU32>()
        .map(|n| RateLimitSetting(Some(n)))
        .map_err(|_| format!("`{s}` is not a positive number or `off`"))
}

/// A `--default-language`: `de`, `fr` or `en`, exactly.
fn parse_language(s: &str) -> Result<crate::i18n::Lang, String> {
    match s {
        "de" | "fr" | "en" => Ok(crate::i18n::Lang::from_tag(s).expect("one of ours")),
        _ => Err(format!("{s:?} is not one of de, fr, en")),
    }
}

/// `--mail-from`: an address with an optional name (`Sekretariat <sekretariat@school.ch>`).
fn parse_mail_from(s: &str) -> Result<String, String> {
    s.trim().parse::<lettre::message::Mailbox>().map_err(|e| format!("no mail address ({e})"))?;
    Ok(s.trim().to_string())
}

/// A `--public-url`: an http(s) URL without query or fragment; the trailing `/` dropped.
fn parse_public_url(s: &str) -> Result<String, String> {
    let url = url::Url::parse(s.trim()).map_err(|e| format!("`{s}` is not a URL: {e}"))?;
    if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none() {
        return Err(format!("`{s}` is not an http or https URL"));
    }
    if url.query().is_some() || url.fragment().is_some() {
        return Err(format!("`{s}` has a query or fragment"));
    }
    Ok(url.as_str().trim_end_matches('/').to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(std::iter::once(&"schoolplan").chain(args))
    }

    #[test]
    fn cors_origins_are_checked_at_start() {
        for bad in ["*", "https://planung.school.ch/app", "planung.school.ch", "https://a.ch,*"] {
            let err = parse(&["serve", "--cors-origin", bad]).expect_err(bad);
            assert_eq!(err.kind(), clap::error::ErrorKind::ValueValidation, "{bad}");
            let first = err.to_string().lines().next().unwrap_or_default().to_string();
            assert!(first.contains("--cors-origin") && first.contains("origin"), "{bad}: {first}");
        }
        let Command::Serve { cors_origins, .. } =
            parse(&["serve", "--cors-origin", "https://Planung.School.ch/,http://localhost:5173"]).unwrap().command
        else {
            unreachable!("serve parsed")
        };
        assert_eq!(cors_origins, ["https://planung.school.ch", "http://localhost:5173"]);
    }

    #[test]
    fn the_default_language_is_one_of_ours() {
        let lang_of = |args: &[&str]| match parse(args).map(|c| c.command) {
            Ok(Command::Serve { default_language, .. }) => Ok(default_language),
            Ok(_) => unreachable!("serve parsed"),
            Err(e) => Err(e.kind()),
        };
        assert_eq!(lang_of(&["serve"]), Ok(crate::i18n::Lang::De));
        assert_eq!(lang_of(&["serve", "--default-language", "fr"]), Ok(crate::i18n::Lang::Fr));
        assert_eq!(lang_of(&["serve", "--default-language", "en"]), Ok(crate::i18n::Lang::En));
        for bad in ["it", "FR", "fr-CH", ""] {
            assert_eq!(lang_of(&["serve", "--default-language", bad]), Err(clap::error::ErrorKind::ValueValidation));
        }
    }
}
