//! The command line: `serve`, `migrate`, `import`, `export` (also from and to the
//! Pensenmanager, docs/migration.md), `backup`, `demo-dataset`.
//!
//! Every flag can also be set by an environment variable (shown in `--help`),
//! and the flags of `serve` by the configuration file of `--config`
//! ([`config_file`], docs/operations.md §Configure).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context as _;
use clap::{Parser, Subcommand};
use tokio::net::TcpListener;

use std::num::NonZeroU32;

use crate::app::{self, AppConfig};
use crate::auth::Role;
use crate::store::commit_watch::ChangeCheck;
use crate::store::fault::StoreSettings;
use crate::store::Store;

pub mod config_file;

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

impl ClientArgs {
    /// The client settings and, when a JWKS source is given, the single sign-on
    /// settings (issuer and audience then required).
    pub fn settings(&self) -> anyhow::Result<(crate::api::client::ClientSettings, Option<crate::oidc::OidcConfig>)> {
        use crate::oidc::{JwksSource, OidcConfig};
        let client = crate::api::client::ClientSettings {
            tenant_id: self.oidc_tenant_id.trim().to_string(),
            client_id: self.oidc_client_id.trim().to_string(),
            features: self.client_features.iter().map(|f| f.trim().to_string()).filter(|f| !f.is_empty()).collect(),
        };
        let jwks = match (&self.oidc_jwks_url, &self.oidc_jwks_file) {
            (Some(url), _) => JwksSource::Url(url.clone()),
            (None, Some(file)) => JwksSource::File(file.clone()),
            (None, None) => return Ok((client, None)),
        };
        let Some(issuer) = self.oidc_issuer.clone().filter(|s| !s.trim().is_empty()) else {
            anyhow::bail!("single sign-on needs --oidc-issuer (e.g. https://login.microsoftonline.com/TENANT/v2.0)");
        };
        let audience = self.oidc_audience.clone().unwrap_or_else(|| client.client_id.clone());
        if audience.trim().is_empty() {
            anyhow::bail!("single sign-on needs --oidc-audience or --oidc-client-id");
        }
        let mut oidc = OidcConfig::new(jwks, issuer.trim(), audience.trim());
        let claim = self.oidc_claim.trim();
        if claim.is_empty() || claim.contains(',') {
            anyhow::bail!("--oidc-claim names one claim (e.g. unique_name or preferred_username), not `{claim}`");
        }
        oidc.claim = claim.to_string();
        oidc.keys_max_age = self.oidc_keys_max_age;
        Ok((client, Some(oidc)))
    }

    /// The web sign-in through the identity provider when `--oidc-signin` is
    /// given (issuer, https unless on this machine, and client id then
    /// required), with its redirect URI still empty: the caller sets it from
    /// the public URL ([`crate::oidc::signin::redirect_uri`]).
    pub fn signin_settings(&self) -> anyhow::Result<Option<crate::oidc::signin::SignInConfig>> {
        if !self.oidc_signin {
            return Ok(None);
        }
        let issuer = self.oidc_issuer.as_deref().map(str::trim).unwrap_or_default();
        let client_id = self.oidc_client_id.trim();
        if issuer.is_empty() || client_id.is_empty() {
            anyhow::bail!("--oidc-signin needs --oidc-issuer and --oidc-client-id");
        }
        let url = url::Url::parse(issuer).map_err(|e| anyhow::anyhow!("--oidc-issuer `{issuer}` is not a URL: {e}"))?;
        let local = matches!(url.host_str(), Some("localhost" | "127.0.0.1" | "[::1]"));
        if url.scheme() != "https" && !(url.scheme() == "http" && local) {
            anyhow::bail!("--oidc-issuer must be an https URL for --oidc-signin, not `{issuer}`");
        }
        let mut config = crate::oidc::signin::SignInConfig::new(issuer, client_id, "");
        let secret = match &self.oidc_client_secret_file {
            Some(file) => Some(read_secret(file, "--oidc-client-secret-file")?),
            None => self.oidc_client_secret.clone(),
        };
        config.client_secret = secret.filter(|s| !s.trim().is_empty());
        config.claim = self.oidc_claim.trim().to_string();
        Ok(Some(config))
    }
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

/// The secret in `file`: its first line (without the line end), not empty.
/// `flag` names the flag in errors.
pub fn read_secret(file: &std::path::Path, flag: &str) -> anyhow::Result<String> {
    let text = std::fs::read_to_string(file).with_context(|| format!("{flag}: cannot read {}", file.display()))?;
    let secret = text.lines().next().unwrap_or_default().to_string();
    if secret.trim().is_empty() {
        anyhow::bail!("{flag}: {} holds no secret on its first line", file.display());
    }
    Ok(secret)
}

/// `--smtp-url` with the password of `--smtp-password-file` put in.
fn smtp_url_with_password(
    url: Option<String>,
    password_file: Option<&std::path::Path>,
) -> anyhow::Result<Option<String>> {
    let (Some(url), Some(file)) = (&url, password_file) else {
        return Ok(url);
    };
    let password = read_secret(file, "--smtp-password-file")?;
    let mut parsed = url::Url::parse(url).map_err(|e| anyhow::anyhow!("--smtp-url is not a URL: {e}"))?;
    if parsed.username().is_empty() {
        anyhow::bail!("--smtp-password-file needs the user in --smtp-url (smtps://USER@host:465)");
    }
    parsed.set_password(Some(&password)).map_err(|()| anyhow::anyhow!("--smtp-url cannot hold a password"))?;
    Ok(Some(parsed.to_string()))
}

/// A rate limit setting: requests per second per token, or off.
#[derive(Debug, Clone, Copy)]
pub struct RateLimitSetting(pub Option<NonZeroU32>);

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

/// A `--public-url`: an http(s) URL without query or fragment; the trailing `/` dropped.
/// `--mail-from`: an address with an optional name (`Sekretariat <sekretariat@school.ch>`).
fn parse_mail_from(s: &str) -> Result<String, String> {
    s.trim().parse::<lettre::message::Mailbox>().map_err(|e| format!("no mail address ({e})"))?;
    Ok(s.trim().to_string())
}

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

/// Logs every panic as one `ERROR` event (target `panic`): where, which
/// thread, the message, and — when `RUST_BACKTRACE` or `RUST_LIB_BACKTRACE`
/// asks for it — the whole backtrace, each frame with file and line.
///
/// It replaces Rust's default hook: the release binary leaves local symbols
/// out of its symbol table (README §Release build), among them the marker
/// by which the default hook's short backtrace finds its end, so that
/// backtrace came out empty. The backtrace logged here is read from the
/// line tables; our functions are named from `schoolplan.dwp` beside the
/// binary (their files and lines need only the binary).
fn log_panics() {
    std::panic::set_hook(Box::new(|info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .copied()
            .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
            .unwrap_or("(no message)");
        let place = info.location().map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column())).unwrap_or_default();
        let current = std::thread::current();
        let thread = current.name().unwrap_or("unnamed");
        let backtrace = std::backtrace::Backtrace::capture();
        if backtrace.status() == std::backtrace::BacktraceStatus::Captured {
            tracing::error!(target: "panic", thread, place, "panicked: {message}\nstack backtrace:\n{backtrace}");
        } else {
            tracing::error!(target: "panic", thread, place, "panicked: {message} (RUST_BACKTRACE=1 logs the backtrace)");
        }
    }));
}

/// Entry point of the binary: parses arguments, sets up logging, runs the command.
pub fn main() -> ExitCode {
    let cli = match config_file::parse(std::env::args_os().collect()) {
        Ok(cli) => cli,
        Err(config_file::ParseError::Usage(e)) => e.exit(),
        Err(config_file::ParseError::File(e)) => {
            eprintln!("error: {e:#}");
            return ExitCode::from(2);
        }
    };
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,sqlx=warn"));
    let (writer, log_written) = log_writer();
    let log = tracing_subscriber::fmt().with_env_filter(filter).with_writer(writer);
    match cli.log_format {
        LogFormat::Text => log.init(),
        // One flat object per event; the span's fields (the request id) under `span`.
        LogFormat::Json => log.json().flatten_event(true).with_span_list(false).init(),
    }
    log_panics();
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let outcome = runtime.block_on(run(cli));
    drop(runtime);
    // Every event logged so far is written before the last word.
    drop(log_written);
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Where the log goes: standard error, written by a thread of its own
/// (tracing-appender's non-blocking writer), so that a request's event
/// (docs/operations.md §Logs) costs its formatting and a hand-over, not a
/// write to the terminal, file or journal under a lock shared by every
/// request. The thread writes what has queued up in one go (buffered, and
/// flushed whenever the queue is empty), so a burst of requests is one
/// write, not one per line. Nothing is dropped: when the queue (128,000
/// events) is full, a request waits for room. Returns the writer and the
/// guard that writes the rest when dropped, at the end of `main`.
fn log_writer() -> (tracing_appender::non_blocking::NonBlocking, tracing_appender::non_blocking::WorkerGuard) {
    tracing_appender::non_blocking::NonBlockingBuilder::default()
        .lossy(false)
        .thread_name("schoolplan log writer")
        .finish(std::io::BufWriter::new(std::io::stderr()))
}

/// Connects and migrates. Only `serve` and `migrate` pass `create` (a new
/// SQLite file); the other commands need an existing database, so that a
/// mistyped `--database` is an error rather than a new empty database.
async fn open(database: &str, create: bool) -> anyhow::Result<Store> {
    let store = if create { Store::connect(database).await? } else { Store::connect_existing(database).await? };
    store.migrate().await?;
    Ok(store)
}

/// Binds `listen` (`HOST:PORT`): an IP address as it is, a host name
/// resolved (`localhost:8080`), trying its addresses in order.
pub async fn bind(listen: &str) -> anyhow::Result<TcpListener> {
    let addrs: Vec<std::net::SocketAddr> = tokio::net::lookup_host(listen)
        .await
        .with_context(|| format!("cannot listen on {listen}: not HOST:PORT with a known host"))?
        .collect();
    let mut last = None;
    for addr in &addrs {
        match TcpListener::bind(addr).await {
            Ok(listener) => return Ok(listener),
            Err(e) => last = Some(anyhow::Error::new(e).context(format!("cannot listen on {listen} ({addr})"))),
        }
    }
    Err(last.unwrap_or_else(|| anyhow::anyhow!("cannot listen on {listen}: the host has no address")))
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

/// Runs one command.
pub async fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Serve {
            listen,
            demo,
            request_timeout,
            rate_limit,
            rate_burst,
            cors_origins,
            header_read_timeout,
            client,
            job_workers,
            job_lease,
            job_lease_renewal,
            jobs_per_account,
            job_products_per_account,
            job_products_total,
            smtp_url,
            change_check,
            public_url,
            default_language,
            live_streams,
            db,
            smtp_password_file,
            mail_from,
            outdated_check,
            metrics_listen,
            metrics_token,
            metrics_token_file,
        } => {
            let smtp_url = smtp_url_with_password(smtp_url, smtp_password_file.as_deref())?;
            let metrics_token = match metrics_token_file {
                Some(file) => Some(read_secret(&file, "--metrics-token-file")?),
                None => metrics_token,
            };
            if job_lease_renewal.is_zero() || job_lease_renewal >= job_lease {
                anyhow::bail!("--job-lease-renewal must be above zero and below --job-lease");
            }
            let client_compat = client.client_compat;
            let compat_listen = client.client_compat_listen.clone();
            let signin = client.signin_settings()?;
            let (client, oidc) = client.settings()?;
            let store = Store::connect_with(&cli.database, &db.settings()).await?;
            store.migrate().await?;
            let demo_tokens = if demo {
                let dataset = crate::demo::shipped_dataset()?;
                crate::dataset::import(&store, &dataset).await.context("cannot load the demo school")?;
                tracing::info!("demo school loaded");
                Some(demo_credentials(&store).await?)
            } else {
                None
            };
            let listener = bind(&listen).await?;
            let addr = listener.local_addr()?;
            if let Some((admin, reader)) = demo_tokens {
                println!("Demo school loaded. Demo tokens (shown only now):");
                println!("  admin  (demo-admin):  {admin}   reads and writes");
                println!("  reader (demo-reader): {reader}   reads only (writes get 403)");
                println!("Try:");
                println!("  curl -s -H 'Authorization: Bearer {admin}' http://{addr}/api/v1/schoolyear");
            }
            println!("schoolplan listens on http://{addr}; API documentation: http://{addr}/docs");
            let base = public_url.clone().unwrap_or_else(|| format!("http://{addr}"));
            if demo {
                let link = crate::service::session::create_link(&store, "demo-admin", &base).await?;
                println!("Sign in to the web interface as demo-admin (valid 15 minutes, once): {link}");
            }
            tracing::info!(address = %listener.local_addr()?, database = %redact(&cli.database), "schoolplan listening");
            let compat_listener = match &compat_listen {
                Some(address) => {
                    let l = bind(address).await?;
                    println!("the existing client's mount listens on http://{}", l.local_addr()?);
                    Some(l)
                }
                None => None,
            };
            app::serve_with_compat(
                listener,
                compat_listener,
                store.clone(),
                AppConfig {
                    request_timeout,
                    rate_limit: rate_limit.0,
                    rate_burst,
                    cors_origins,
                    header_read_timeout,
                    client_compat,
                    client,
                    oidc,
                    jobs: crate::jobs::JobConfig {
                        workers: usize::from(job_workers),
                        smtp_url,
                        mail_from,
                        mail_lang: default_language,
                        mail_base: Some(base.clone()),
                        outdated_check,
                        lease: job_lease,
                        renewal: job_lease_renewal,
                        per_account: jobs_per_account,
                        product_caps: crate::store::job::ProductCaps {
                            per_account: job_products_per_account.saturating_mul(crate::jobs::MIB),
                            total: job_products_total.saturating_mul(crate::jobs::MIB),
                        },
                        ..crate::jobs::JobConfig::default()
                    },
                    change_check,
                    web: crate::web::WebConfig {
                        public_url,
                        signin: signin.map(|c| crate::oidc::signin::SignInConfig {
                            redirect_uri: crate::oidc::signin::redirect_uri(&base),
                            ..c
                        }),
                        default_lang: default_language,
                    },
                    live_streams: live_streams as usize,
                    metrics: app::MetricsConfig { listen: metrics_listen, token: metrics_token },
                },
                app::shutdown_signal(),
            )
            .await?;
            store.close().await;
            Ok(())
        }
        Command::Migrate { dry_run: true } => {
            let store = Store::connect_existing(&cli.database).await?;
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
            Ok(())
        }
        Command::Migrate { dry_run: false } => {
            let store = open(&cli.database, true).await?;
            store.close().await;
            eprintln!("migrations applied");
            Ok(())
        }
        Command::Import { from_pensenmanager: Some(source), dry_run, report, .. } => {
            let store = open(&cli.database, false).await?;
            let result = crate::pensenmanager::import(&store, &source, dry_run, progress_line).await;
            store.close().await;
            finish_move(result?, report)
        }
        Command::Export { to_pensenmanager: Some(target), report, .. } => {
            let store = open(&cli.database, false).await?;
            let result = crate::pensenmanager::export(&store, &target, progress_line).await;
            store.close().await;
            finish_move(result?, report)
        }
        Command::Import { file, .. } => {
            let file = file.context("a dataset file is required")?;
            let text = std::fs::read_to_string(&file).with_context(|| format!("cannot read {}", file.display()))?;
            let dataset = crate::dataset::Dataset::from_json(&text)?;
            let store = open(&cli.database, false).await?;
            let counts = crate::dataset::import(&store, &dataset).await?;
            store.close().await;
            eprintln!("imported {counts}");
            Ok(())
        }
        Command::Export { file, .. } => {
            let store = open(&cli.database, false).await?;
            let dataset = crate::dataset::export(&store).await?;
            store.close().await;
            write_out(file, &dataset.to_json())
        }
        Command::Account { action } => {
            let store = open(&cli.database, false).await?;
            match action {
                AccountAction::Add { name, role, teacher } => {
                    let actor = cli_actor("account add");
                    let teacher = match teacher {
                        Some(code) => Some(
                            crate::service::account::teacher_by_code(&store, &code)
                                .await?
                                .ok_or_else(|| anyhow::anyhow!("there is no teacher with the code {code}"))?,
                        ),
                        None => None,
                    };
                    let new = crate::service::account::NewAccount { name, role, teacher };
                    let a = crate::service::account::create_account(&store, &actor, &new)
                        .await
                        .map_err(|e| anyhow::anyhow!("{}", e.message(crate::i18n::Lang::En)))?
                        .item;
                    match a.teacher {
                        Some(t) => println!("account {} ({}, teacher {t}) created with id {}", a.name, a.role, a.id),
                        None => println!("account {} ({}) created with id {}", a.name, a.role, a.id),
                    }
                }
                AccountAction::List => {
                    for a in crate::service::account::accounts(&store).await? {
                        println!("{}\t{}\t{}\t{}", a.id, a.name, a.role, a.created_at);
                    }
                }
                AccountAction::SigninLink { name, public_url, listen } => {
                    let base = public_url.unwrap_or_else(|| format!("http://{listen}"));
                    let link = crate::service::session::create_link(&store, &name, &base).await.map_err(|e| match e
                        .code()
                    {
                        crate::error::ErrorCode::NotFound => anyhow::anyhow!(
                            "there is no account named {name} (create it with `schoolplan account add`)"
                        ),
                        _ => anyhow::anyhow!("{e}"),
                    })?;
                    eprintln!("sign-in link for {name}, valid 15 minutes and once:");
                    println!("{link}");
                }
            }
            Ok(())
        }
        Command::Token { action } => {
            let store = open(&cli.database, false).await?;
            match action {
                TokenAction::Create { account, expires_in_days, label } => {
                    let Some(acc) = crate::service::account::account_named(&store, &account).await? else {
                        anyhow::bail!("there is no account named {account} (create it with `schoolplan account add`)");
                    };
                    let expires = crate::service::account::expiry_in(expires_in_days.map(i64::from));
                    let actor = cli_actor("token create");
                    let (info, token) = crate::service::account::create_token(
                        &store,
                        &actor,
                        acc.id,
                        label.as_deref(),
                        expires.as_deref(),
                    )
                    .await?;
                    eprintln!("token {} for {} ({}) created; it is shown only now", info.id, acc.name, acc.role);
                    println!("{}", token.text);
                }
                TokenAction::Revoke { id } => {
                    let info = crate::service::account::revoke_token(&store, &cli_actor("token revoke"), id).await?;
                    eprintln!(
                        "token {} of {} revoked at {}",
                        info.id,
                        info.account_name,
                        info.revoked_at.unwrap_or_default()
                    );
                }
                TokenAction::List => {
                    for t in crate::service::account::tokens(&store).await? {
                        let state = if t.revoked_at.is_some() { "revoked" } else { "active" };
                        println!(
                            "{}\t{}\tsp_{}_…\t{}\t{}\texpires {}",
                            t.id,
                            t.account_name,
                            t.public_id,
                            t.label.unwrap_or_default(),
                            state,
                            t.expires_at.unwrap_or_else(|| "never".into())
                        );
                    }
                }
            }
            Ok(())
        }
        Command::DemoDataset { scale, file } => write_out(file, &crate::demo::generate(scale).to_json()),
        Command::Backup { file } => backup(&cli.database, &file).await,
    }
}

/// `schoolplan backup FILE`: a consistent copy of the SQLite database while
/// the service runs ([`Store::backup_into`]); the database is not migrated.
async fn backup(database: &str, file: &std::path::Path) -> anyhow::Result<()> {
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

/// Creates the demo accounts `demo-admin` (admin) and `demo-reader` (reader)
/// with one token each ([`crate::service::account::create_demo_accounts`]);
/// returns the two token texts.
async fn demo_credentials(store: &Store) -> anyhow::Result<(String, String)> {
    let accounts = [("demo-admin", Role::Admin), ("demo-reader", Role::Reader)];
    let mut tokens =
        crate::service::account::create_demo_accounts(store, &cli_actor("serve --demo"), &accounts).await?;
    let reader = tokens.pop().map(|t| t.text).unwrap_or_default();
    let admin = tokens.pop().map(|t| t.text).unwrap_or_default();
    Ok((admin, reader))
}

/// Who the command line's writes are recorded as in the audit trail
/// (docs/security.md §Roles): no account (the system), the
/// method `CLI` and the command as the path, e.g. `schoolplan account add`.
fn cli_actor(command: &str) -> crate::service::audit::Actor {
    crate::service::audit::Actor::new(None, "CLI", format!("schoolplan {command}"))
}

/// One line of progress of a move on stderr; on a terminal, with a bar of the tables done.
fn progress_line(step: crate::pensenmanager::Step<'_>) {
    use std::io::IsTerminal as _;
    if std::io::stderr().is_terminal() {
        let width = 20;
        let filled = step.done * width / step.total.max(1);
        eprintln!(
            "[{}{}] {:>2}/{} {:<20} {:>8} Zeilen",
            "#".repeat(filled),
            " ".repeat(width - filled),
            step.done,
            step.total,
            step.table,
            step.rows
        );
    } else {
        eprintln!("{}/{} {}: {} Zeilen", step.done, step.total, step.table, step.rows);
    }
}

/// Prints the report of a move (stdout), writes its JSON to `file`, and
/// fails when the move was refused.
fn finish_move(report: crate::pensenmanager::Report, file: Option<PathBuf>) -> anyhow::Result<()> {
    print!("{}", report.to_text());
    if let Some(path) = file {
        std::fs::write(&path, report.to_json()).with_context(|| format!("cannot write {}", path.display()))?;
    }
    if report.refused() {
        anyhow::bail!("abgelehnt: {} Problem(e), nichts geschrieben (siehe Bericht)", report.refusals.len());
    }
    Ok(())
}

fn write_out(file: Option<PathBuf>, text: &str) -> anyhow::Result<()> {
    match file {
        Some(path) => std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display())),
        None => {
            use std::io::Write as _;
            std::io::stdout().write_all(text.as_bytes()).context("cannot write to stdout")
        }
    }
}

/// The database URL without a password, for logs.
fn redact(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(mut u) if u.password().is_some() => {
            let _ = u.set_password(Some("***"));
            u.to_string()
        }
        _ => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn serve_args(
        args: &[&str],
    ) -> anyhow::Result<(crate::api::client::ClientSettings, Option<crate::oidc::OidcConfig>)> {
        let cli =
            Cli::try_parse_from(["schoolplan", "serve"].iter().chain(args)).map_err(|e| anyhow::anyhow!("{e}"))?;
        match cli.command {
            Command::Serve { client, .. } => client.settings(),
            _ => unreachable!("serve parsed"),
        }
    }

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

    #[tokio::test]
    async fn listen_accepts_host_names() {
        let listener = bind("localhost:0").await.expect("localhost resolves");
        assert!(listener.local_addr().unwrap().ip().is_loopback());
        let err = bind("no-such-host.invalid:8080").await.expect_err("an unknown host");
        assert!(format!("{err:#}").contains("no-such-host.invalid:8080"), "{err:#}");
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

    #[test]
    fn single_sign_on_settings() {
        let (client, oidc) = serve_args(&[]).unwrap();
        assert_eq!((client.tenant_id.as_str(), client.client_id.as_str(), oidc), ("", "", None));
        let (client, oidc) = serve_args(&[
            "--oidc-client-id",
            "app",
            "--oidc-tenant-id",
            "t",
            "--oidc-jwks-file",
            "keys.json",
            "--oidc-issuer",
            "https://idp/t/v2.0",
            "--client-feature",
            "a,b",
        ])
        .unwrap();
        let oidc = oidc.expect("switched on by the key source");
        assert_eq!(
            (oidc.audience.as_str(), oidc.issuer.as_str()),
            ("app", "https://idp/t/v2.0"),
            "audience defaults to the client id"
        );
        assert_eq!(oidc.claim, "unique_name", "one claim; email only when chosen");
        assert_eq!(client.features, ["a", "b"]);
        assert!(
            serve_args(&["--oidc-jwks-url", "https://idp/keys", "--oidc-client-id", "app"]).is_err(),
            "issuer required"
        );
        assert!(
            serve_args(&["--oidc-jwks-url", "https://idp/keys", "--oidc-issuer", "i"]).is_err(),
            "audience required"
        );
        let (_, oidc) =
            serve_args(&["--oidc-jwks-url", "u", "--oidc-issuer", "i", "--oidc-audience", "a", "--oidc-claim", "upn"])
                .unwrap();
        assert_eq!(oidc.unwrap().claim, "upn");
        assert!(
            serve_args(&[
                "--oidc-jwks-url",
                "u",
                "--oidc-issuer",
                "i",
                "--oidc-audience",
                "a",
                "--oidc-claim",
                "upn,email"
            ])
            .is_err(),
            "one claim only"
        );
    }

    fn signin_args(args: &[&str]) -> anyhow::Result<Option<crate::oidc::signin::SignInConfig>> {
        let cli =
            Cli::try_parse_from(["schoolplan", "serve"].iter().chain(args)).map_err(|e| anyhow::anyhow!("{e}"))?;
        match cli.command {
            Command::Serve { client, .. } => client.signin_settings(),
            _ => unreachable!("serve parsed"),
        }
    }

    #[test]
    fn secrets_come_from_files() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("secret");
        std::fs::write(&file, "s3cret-from-file\n").unwrap();
        let path = file.to_str().unwrap();
        let args = ["--oidc-signin", "--oidc-issuer", "https://idp/t/v2.0", "--oidc-client-id", "app"];
        let with_file = |extra: &[&str]| signin_args(&[&args[..], extra].concat());
        let on = with_file(&["--oidc-client-secret-file", path]).unwrap().expect("switched on");
        assert_eq!(on.client_secret.as_deref(), Some("s3cret-from-file"));
        assert!(
            with_file(&["--oidc-client-secret-file", path, "--oidc-client-secret", "x"]).is_err(),
            "one or the other"
        );
        let url = smtp_url_with_password(Some("smtps://mailer@mail.school.ch:465".into()), Some(&file)).unwrap();
        assert_eq!(url.as_deref(), Some("smtps://mailer:s3cret-from-file@mail.school.ch:465"));
        assert!(smtp_url_with_password(Some("smtps://mail.school.ch:465".into()), Some(&file)).is_err(), "no user");
        std::fs::write(&file, "\nsecond line").unwrap();
        let err = with_file(&["--oidc-client-secret-file", path]).expect_err("an empty first line");
        assert!(format!("{err:#}").contains("--oidc-client-secret-file"), "{err:#}");
        assert!(with_file(&["--oidc-client-secret-file", "/no/such/secret"]).is_err());
    }

    #[test]
    fn web_sign_in_settings() {
        assert!(signin_args(&["--oidc-issuer", "https://idp/t/v2.0", "--oidc-client-id", "app"]).unwrap().is_none());
        let on = signin_args(&[
            "--oidc-signin",
            "--oidc-issuer",
            "https://idp/t/v2.0",
            "--oidc-client-id",
            "app",
            "--oidc-client-secret",
            "s3cret",
            "--oidc-claim",
            "preferred_username",
        ])
        .unwrap()
        .expect("switched on");
        assert_eq!(
            (on.issuer.as_str(), on.client_id.as_str(), on.client_secret.as_deref(), on.claim.as_str()),
            ("https://idp/t/v2.0", "app", Some("s3cret"), "preferred_username")
        );
        assert!(signin_args(&["--oidc-signin", "--oidc-client-id", "app"]).is_err(), "issuer required");
        assert!(signin_args(&["--oidc-signin", "--oidc-issuer", "https://idp/t/v2.0"]).is_err(), "client id required");
        assert!(
            signin_args(&["--oidc-signin", "--oidc-issuer", "http://idp.example/t", "--oidc-client-id", "app"])
                .is_err(),
            "plain http only on this machine"
        );
        assert!(signin_args(&["--oidc-signin", "--oidc-issuer", "http://127.0.0.1:9/t", "--oidc-client-id", "a"])
            .unwrap()
            .is_some());
    }
}
