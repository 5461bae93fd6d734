//! Running the service (docs/operations.md): `/metrics` (off by default,
//! behind its token, counting requests and jobs), `/ready`, the refusal of
//! a downgrade, and — through the built binary — the configuration file's
//! precedence and unknown keys, the JSON log with one event per request, and
//! the audit of the command line's accounts and tokens.

use std::process::Stdio;
use std::time::Duration;

use reqwest::Method;
use schoolplan::app::{AppConfig, MetricsConfig};
use schoolplan::store::{PoolRef, Store};
use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt as _, AsyncReadExt as _, BufReader};
use tokio::process::{Child, Command};

use crate::helpers::{fresh_store, TestApp};
use crate::jobs::run_job;

const METRICS_TOKEN: &str = "metrics-secret-1";

/// `GET /metrics` with `token` as bearer (none: no header).
async fn scrape(app: &TestApp, token: Option<&str>) -> reqwest::Response {
    let mut req = app.client.get(format!("{}/metrics", app.base));
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    req.send().await.expect("GET /metrics")
}

/// The sum of the samples of `name` whose labels contain every one of `labels` (`key="value"`).
fn sample_sum(text: &str, name: &str, labels: &[&str]) -> f64 {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.rsplit_once(' '))
        .filter(|(series, _)| {
            let (metric, rest) = series.split_once('{').unwrap_or((series, ""));
            metric == name && labels.iter().all(|label| rest.contains(label))
        })
        .map(|(_, value)| value.parse::<f64>().expect("a sample's value"))
        .sum()
}

#[tokio::test]
async fn metrics_are_off_by_default() {
    let app = TestApp::spawn().await;
    app.get("/schoolyear").await.expect(200);
    for token in [None, Some(METRICS_TOKEN), Some(app.token.as_str())] {
        let res = scrape(&app, token).await;
        assert_eq!(res.status(), 404, "no /metrics unless switched on");
        assert!(!res.text().await.unwrap().contains("schoolplan_http_requests_total"));
    }
}

#[tokio::test]
async fn metrics_count_requests_and_jobs_behind_their_token() {
    let metrics = MetricsConfig { token: Some(METRICS_TOKEN.into()), listen: None };
    let app = TestApp::spawn_with(AppConfig { rate_limit: None, metrics, ..TestApp::config() }).await;
    for token in [None, Some("wrong"), Some(app.token.as_str())] {
        let res = scrape(&app, token).await;
        assert_eq!(res.status(), 401, "refused without its token ({token:?})");
        assert!(!res.text().await.unwrap().contains("schoolplan_"), "nothing told");
    }
    app.get("/schoolyear").await.expect(200);
    app.get("/schoolyear/99999").await.expect(404);

    let res = scrape(&app, Some(METRICS_TOKEN)).await;
    assert_eq!(res.status(), 200);
    let kind = res.headers()["content-type"].to_str().unwrap().to_string();
    assert!(kind.starts_with("text/plain; version=0.0.4"), "{kind}");
    let text = res.text().await.unwrap();
    let requests = |route: &str, status: &str| {
        sample_sum(
            &text,
            "schoolplan_http_requests_total",
            &[r#"method="GET""#, &format!(r#"route="{route}""#), &format!(r#"status="{status}""#)],
        )
    };
    assert_eq!(requests("/api/v1/schoolyear", "200"), 1.0, "{text}");
    assert_eq!(requests("/api/v1/schoolyear/{id}", "404"), 1.0, "by route template: {text}");
    let latency = ["route=\"/api/v1/schoolyear\"", "status=\"200\""];
    assert_eq!(sample_sum(&text, "schoolplan_http_request_duration_seconds_count", &latency), 1.0, "{text}");
    let slowest = [latency[0], latency[1], r#"le="+Inf""#];
    assert_eq!(sample_sum(&text, "schoolplan_http_request_duration_seconds_bucket", &slowest), 1.0, "{text}");
    let version = format!("version=\"{}\"", env!("CARGO_PKG_VERSION"));
    assert_eq!(sample_sum(&text, "schoolplan_build_info", &[&version]), 1.0, "{text}");
    for name in [
        "schoolplan_live_streams",
        "schoolplan_cache_hits_total",
        "schoolplan_cache_misses_total",
        "schoolplan_db_pool_connections",
        "schoolplan_db_pool_max_connections",
        "schoolplan_writer_queue",
    ] {
        assert!(text.lines().any(|l| l.starts_with(name)), "{name} reported: {text}");
    }
    assert_eq!(sample_sum(&text, "schoolplan_jobs", &[r#"state="done""#]), 0.0, "{text}");
    for state in ["waiting", "sent", "given_up"] {
        let label = format!("state=\"{state}\"");
        assert!(text.lines().any(|l| l.starts_with("schoolplan_mails{") && l.contains(&label)), "{state}: {text}");
    }

    let job = run_job(&app, json!({"name": "CalculateBalances"})).await;
    assert_eq!(job["error"], Value::Null, "{job}");
    let text = scrape(&app, Some(METRICS_TOKEN)).await.text().await.unwrap();
    assert_eq!(
        sample_sum(&text, "schoolplan_jobs", &[r#"kind="CalculateBalances""#, r#"state="done""#]),
        1.0,
        "the finished job counted: {text}"
    );
    assert_eq!(
        sample_sum(&text, "schoolplan_http_requests_total", &[r#"method="POST""#, r#"route="/api/v1/job""#]),
        1.0,
        "{text}"
    );
}

/// The state of `/ready`: its status and its `status` field.
async fn ready(app: &TestApp) -> (u16, Value) {
    let res = app.client.get(format!("{}/ready", app.base)).send().await.expect("GET /ready");
    let status = res.status().as_u16();
    (status, res.json::<Value>().await.expect("JSON")["status"].clone())
}

#[tokio::test]
async fn ready_answers_503_while_the_database_is_unreachable_or_not_current() {
    let app = TestApp::spawn().await;
    assert_eq!(ready(&app).await, (200, json!("ready")));
    let newest: i64 = app.sql("SELECT max(version) FROM _sqlx_migrations").await.expect("migrations applied");
    app.sql(&format!("CREATE TABLE saved_migration AS SELECT * FROM _sqlx_migrations WHERE version = {newest}")).await;
    app.sql(&format!("DELETE FROM _sqlx_migrations WHERE version = {newest}")).await;
    assert_eq!(ready(&app).await, (503, json!("migrations_pending")));
    app.sql("INSERT INTO _sqlx_migrations SELECT * FROM saved_migration").await;
    assert_eq!(ready(&app).await, (200, json!("ready")));
    migrate_from_the_future(&app.store).await;
    assert_eq!(ready(&app).await, (503, json!("database_newer")));
    app.sql("DELETE FROM _sqlx_migrations WHERE version = 99001").await;
    assert_eq!(ready(&app).await, (200, json!("ready")));
    // The database goes away: every connection of the server's pool is closed.
    app.store.close().await;
    assert_eq!(ready(&app).await, (503, json!("unavailable")));
    let health = app.client.get(format!("{}/health", app.base)).send().await.unwrap();
    assert_eq!(health.status(), 503);
    assert_eq!(health.json::<Value>().await.unwrap(), json!({"status": "unavailable"}), "its own body");
}

/// A TCP relay to a database server that can cut every connection and
/// refuse new ones, and take them again: a database that becomes unreachable.
struct Relay {
    addr: std::net::SocketAddr,
    cut: tokio::sync::watch::Sender<bool>,
}

impl Relay {
    async fn to(upstream: String) -> Relay {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (cut, watch) = tokio::sync::watch::channel(false);
        tokio::spawn(async move {
            loop {
                let Ok((mut client, _)) = listener.accept().await else { return };
                if *watch.borrow() {
                    continue; // dropped: the connection is refused at once
                }
                let mut watch = watch.clone();
                let upstream = upstream.clone();
                tokio::spawn(async move {
                    let Ok(mut server) = tokio::net::TcpStream::connect(&upstream).await else { return };
                    tokio::select! {
                        _ = tokio::io::copy_bidirectional(&mut client, &mut server) => {}
                        _ = watch.wait_for(|cut| *cut) => {}
                    }
                });
            }
        });
        Relay { addr, cut }
    }

    fn set_cut(&self, cut: bool) {
        self.cut.send_replace(cut);
    }
}

/// On PostgreSQL (`TEST_DATABASE_URL`): the server reaches its database
/// through a [`Relay`]; while the relay is cut, `/ready` answers 503 within
/// its timeout, and 200 again once the database is back.
#[tokio::test]
async fn ready_answers_503_while_postgres_is_unreachable() {
    let Some(url) = std::env::var("TEST_DATABASE_URL").ok().filter(|u| u.starts_with("postgres")) else {
        return; // SQLite: a file cannot become unreachable (see the test above)
    };
    let (direct, _) = fresh_store().await;
    let PoolRef::Postgres(pool) = direct.pool() else { unreachable!("PostgreSQL") };
    let schema: String = sqlx::query_scalar("SELECT current_schema()").fetch_one(pool).await.unwrap();
    let mut relayed = url::Url::parse(&url).unwrap();
    let upstream = format!("{}:{}", relayed.host_str().unwrap(), relayed.port().unwrap_or(5432));
    let relay = Relay::to(upstream).await;
    relayed.set_port(Some(relay.addr.port())).unwrap();
    let store = Store::connect_postgres_schema(relayed.as_str(), &schema).await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(schoolplan::app::serve(listener, store, TestApp::config(), std::future::pending()));
    let client = reqwest::Client::new();
    let ready = |client: reqwest::Client, base: String| async move {
        let res = client.get(format!("{base}/ready")).send().await.expect("GET /ready");
        (res.status().as_u16(), res.json::<Value>().await.unwrap()["status"].clone())
    };
    let mut answer = (0, Value::Null);
    for _ in 0..50 {
        answer = ready(client.clone(), base.clone()).await;
        if answer.0 == 200 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(answer, (200, json!("ready")));
    relay.set_cut(true);
    let began = std::time::Instant::now();
    assert_eq!(ready(client.clone(), base.clone()).await, (503, json!("unavailable")));
    assert!(began.elapsed() < Duration::from_secs(10), "within the readiness timeout: {:?}", began.elapsed());
    relay.set_cut(false);
    let mut answer = (0, Value::Null);
    for _ in 0..100 {
        answer = ready(client.clone(), base.clone()).await;
        if answer.0 == 200 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(answer, (200, json!("ready")), "back once the database is");
}

/// Marks `store`'s database as migrated by a newer schoolplan (a migration
/// this binary does not have).
async fn migrate_from_the_future(store: &Store) {
    const SQL: &str = "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
                       VALUES (99001, 'from a newer schoolplan', TRUE, $1, 1)";
    match store.pool() {
        PoolRef::Sqlite(p) => sqlx::query(SQL).bind(vec![0u8]).execute(p).await.map(drop),
        PoolRef::Postgres(p) => sqlx::query(SQL).bind(vec![0u8]).execute(p).await.map(drop),
    }
    .expect("insert a migration row");
}

#[tokio::test]
async fn a_downgrade_is_refused_with_a_clear_message() {
    let (store, _dir) = fresh_store().await;
    assert!(store.schema_status().await.unwrap().is_current());
    migrate_from_the_future(&store).await;
    let status = store.schema_status().await.unwrap();
    assert_eq!(status.unknown, [99001]);
    let err = format!("{:#}", store.migrate().await.expect_err("a newer database is refused"));
    assert!(err.contains("newer schoolplan") && err.contains("99001"), "{err}");
    assert!(err.contains(&format!("up to {}", status.latest_known)), "{err}");
}

// ---- the binary ----

/// The built binary with no `SCHOOLPLAN_…` setting of the test's environment.
fn binary() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_schoolplan"));
    for (key, _) in std::env::vars_os() {
        if key.to_string_lossy().starts_with("SCHOOLPLAN_") {
            cmd.env_remove(key);
        }
    }
    cmd.env("RUST_LOG", "info,sqlx=warn").stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    cmd.kill_on_drop(true);
    cmd
}

/// Reads the child's stdout until a line contains `marker`; returns the lines so far.
async fn stdout_until(child: &mut Child, marker: &str) -> Vec<String> {
    let stdout = child.stdout.as_mut().expect("piped stdout");
    let mut lines = BufReader::new(stdout).lines();
    let mut seen = Vec::new();
    let read = async {
        while let Some(line) = lines.next_line().await.expect("stdout") {
            let done = line.contains(marker);
            seen.push(line);
            if done {
                return;
            }
        }
    };
    if tokio::time::timeout(Duration::from_secs(120), read).await.is_err()
        || !seen.last().is_some_and(|l| l.contains(marker))
    {
        let _ = child.start_kill();
        let mut err = String::new();
        let _ = child.stderr.as_mut().unwrap().read_to_string(&mut err).await;
        panic!("no line with `{marker}` on stdout: {seen:?}\nstderr: {err}");
    }
    seen
}

/// A port free at the moment.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Starts `serve` with `args` and `env`; returns the address it says it listens on.
async fn listens_on(args: &[&str], env: &[(&str, &str)]) -> String {
    let mut cmd = binary();
    cmd.args(args).envs(env.iter().copied());
    let mut child = cmd.spawn().expect("start the binary");
    let lines = stdout_until(&mut child, "listens on http://").await;
    child.kill().await.unwrap();
    let line = lines.last().unwrap();
    let rest = &line[line.find("http://").unwrap() + "http://".len()..];
    rest.split([';', ' ']).next().unwrap().to_string()
}

#[tokio::test]
async fn the_configuration_file_comes_after_flags_and_environment() {
    let dir = tempfile::tempdir().unwrap();
    let (file_port, env_port, flag_port) = (free_port(), free_port(), free_port());
    let config = dir.path().join("schoolplan.toml");
    let db = format!("sqlite://{}", dir.path().join("school.db").display());
    std::fs::write(
        &config,
        format!("database = \"{db}\"\nlisten = \"127.0.0.1:{file_port}\"\njob-workers = 3\nrate-limit = \"off\"\n"),
    )
    .unwrap();
    let config = config.to_str().unwrap();
    let from_env = format!("127.0.0.1:{env_port}");
    let from_flag = format!("127.0.0.1:{flag_port}");

    assert_eq!(listens_on(&["--config", config, "serve"], &[]).await, format!("127.0.0.1:{file_port}"), "the file");
    assert_eq!(
        listens_on(&["--config", config, "serve"], &[("SCHOOLPLAN_LISTEN", &from_env)]).await,
        from_env,
        "the environment before the file"
    );
    assert_eq!(
        listens_on(
            &["serve", "--listen", &from_flag],
            &[("SCHOOLPLAN_LISTEN", &from_env), ("SCHOOLPLAN_CONFIG", config)]
        )
        .await,
        from_flag,
        "the flag before both (the file named by its environment variable)"
    );
    assert!(dir.path().join("school.db").exists(), "the file's database was used");
}

#[tokio::test]
async fn an_unknown_key_names_the_key_and_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("schoolplan.toml");
    std::fs::write(&config, "listen = \"127.0.0.1:0\"\njob-wrokers = 3\n").unwrap();
    let out = binary().args(["--config", config.to_str().unwrap(), "serve"]).output().await.unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("unknown key `job-wrokers`") && err.contains(config.to_str().unwrap()), "{err}");
    assert!(!dir.path().join("schoolplan.db").exists());
}

#[tokio::test]
async fn the_json_log_has_one_event_per_request_without_the_token() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("school.db").display());
    let mut child = binary()
        .args(["--database", &db, "--log-format", "json", "serve", "--demo", "--listen", "127.0.0.1:0"])
        .spawn()
        .unwrap();
    let lines = stdout_until(&mut child, "listens on http://").await;
    let token = lines
        .iter()
        .find_map(|l| l.trim().strip_prefix("admin  (demo-admin):"))
        .and_then(|rest| rest.split_whitespace().next())
        .expect("the demo's admin token")
        .to_string();
    let line = lines.last().unwrap();
    let base = line[line.find("http://").unwrap()..].split([';', ' ']).next().unwrap().to_string();
    let client = reqwest::Client::new();
    let res =
        client.request(Method::GET, format!("{base}/api/v1/schoolyear")).bearer_auth(&token).send().await.unwrap();
    assert_eq!(res.status(), 200);
    let res = client.get(format!("{base}/api/v1/teacher/99999")).bearer_auth(&token).send().await.unwrap();
    assert_eq!(res.status(), 404);
    assert_eq!(client.get(format!("{base}/health")).send().await.unwrap().status(), 200);
    // The events are written as they happen; stop the server, then read them all.
    tokio::time::sleep(Duration::from_millis(200)).await;
    child.kill().await.unwrap();
    let mut log = String::new();
    child.stderr.as_mut().unwrap().read_to_string(&mut log).await.unwrap();

    assert!(!log.contains(&token), "no token in the log: {log}");
    assert!(!log.to_lowercase().contains("bearer"), "{log}");
    let events: Vec<Value> =
        log.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}"))).collect();
    let requests: Vec<&Value> = events.iter().filter(|e| e["message"] == "request").collect();
    assert_eq!(requests.len(), 3, "one event per request: {requests:#?}");
    let read = requests.iter().find(|e| e["route"] == "/api/v1/schoolyear").expect("the read");
    assert_eq!((read["method"].as_str(), read["status"].as_u64()), (Some("GET"), Some(200)), "{read}");
    assert!(read["account"].as_i64().is_some_and(|a| a > 0), "the account id: {read}");
    assert!(read["duration_ms"].as_f64().is_some_and(|d| d >= 0.0), "{read}");
    assert!(read["span"]["request_id"].as_str().is_some_and(|id| id.len() == 36), "{read}");
    let missing = requests.iter().find(|e| e["status"] == 404).expect("the 404");
    assert_eq!(missing["route"], "/api/v1/teacher/{id}", "the route template, not the path: {missing}");
    let health = requests.iter().find(|e| e["route"] == "/health").expect("/health");
    assert_eq!(health["account"], Value::Null, "no account without a token: {health}");
}

/// Runs the binary on `db` with `args`; asserts success and returns stdout and stderr.
async fn cli(db: &str, args: &[&str]) -> (String, String) {
    let out = binary().arg("--database").arg(db).args(args).output().await.expect("run the binary");
    let (stdout, stderr) =
        (String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned());
    assert!(out.status.success(), "schoolplan {args:?}: {}\n{stdout}\n{stderr}", out.status);
    (stdout, stderr)
}

/// The command line's writes go through the same use cases as the API's and
/// are audited like them (docs/security.md §Roles): the account, both tokens
/// and the revocation, as the command line, with the command as the path.
#[tokio::test]
async fn accounts_and_tokens_made_on_the_command_line_are_in_the_audit_trail() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("school.db").display());
    cli(&db, &["migrate"]).await;
    cli(&db, &["account", "add", "root", "--role", "admin"]).await;
    let (token, _) = cli(&db, &["token", "create", "root"]).await;
    let (_, said) = cli(&db, &["token", "create", "root", "--label", "spare"]).await;
    let spare = said
        .lines()
        .find_map(|l| l.strip_prefix("token ").filter(|rest| rest.contains(" for root ")))
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("no `token N for root …` in {said}"))
        .to_string();
    cli(&db, &["token", "revoke", &spare]).await;

    let mut child = binary().args(["--database", &db, "serve", "--listen", "127.0.0.1:0"]).spawn().unwrap();
    let lines = stdout_until(&mut child, "listens on http://").await;
    let line = lines.last().unwrap();
    let base = line[line.find("http://").unwrap()..].split([';', ' ']).next().unwrap().to_string();
    let res =
        reqwest::Client::new().get(format!("{base}/api/v1/audit")).bearer_auth(token.trim()).send().await.unwrap();
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    child.kill().await.unwrap();
    let entries = body["result"].as_array().expect("a list");
    let seen: Vec<(&str, &str, &str, &str)> = entries
        .iter()
        .rev()
        .map(|e| {
            assert_eq!((e["accountId"].as_i64(), e["method"].as_str()), (None, Some("CLI")), "{e}");
            let text = |k: &str| e[k].as_str().unwrap_or_default();
            (text("objectType"), text("action"), text("path"), text("label"))
        })
        .collect();
    assert_eq!(
        seen,
        [
            ("account", "created", "schoolplan account add", "root"),
            ("token", "created", "schoolplan token create", "root"),
            ("token", "created", "schoolplan token create", "root"),
            ("token", "revoked", "schoolplan token revoke", "root"),
        ],
        "{body:#}"
    );
    assert_eq!(entries[0]["objectId"].as_i64().map(|id| id.to_string()), Some(spare), "the revoked token");
}
