//! The test harness: starts the real server on port 0 with a fresh database and
//! talks to it over HTTP.
//!
//! Backend: SQLite in a temporary directory, or PostgreSQL when
//! `TEST_DATABASE_URL` is set (one throwaway schema per test). Every request
//! goes through [`TestApp::request_headers`]; [`TestApp::request`] and the verb helpers send the admin token made at
//! start unless a test passes another one.

use std::sync::atomic::{AtomicU32, Ordering};

use reqwest::Method;
use schoolplan::app::{serve, AppConfig};
use schoolplan::auth::Role;
use schoolplan::store::commit_watch::ChangeCheck;
use schoolplan::store::{PoolRef, Store};
use serde_json::Value;
use tokio::net::TcpListener;

/// A running server with its own database.
pub struct TestApp {
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    /// The HTTP client.
    pub client: reqwest::Client,
    /// The store the server runs on (for direct setup).
    pub store: Store,
    /// Bearer token of an admin account, sent with every request by default.
    pub token: String,
    _dir: Option<tempfile::TempDir>,
}

/// A response, read fully.
#[derive(Debug)]
pub struct Resp {
    /// HTTP status.
    pub status: u16,
    /// Response headers.
    pub headers: reqwest::header::HeaderMap,
    /// Parsed JSON body (`Null` when empty or not JSON).
    pub body: Value,
}

impl Resp {
    /// The `result` member of a success body.
    pub fn result(&self) -> &Value {
        &self.body["result"]
    }
    /// A header as text.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }
    /// The `code` of a problem body.
    pub fn code(&self) -> &str {
        self.body["code"].as_str().unwrap_or("")
    }
    /// Asserts status (printing the body on failure) and returns self.
    #[track_caller]
    pub fn expect(self, status: u16) -> Self {
        assert_eq!(self.status, status, "unexpected status; body: {}", self.body);
        self
    }
    /// Asserts a problem response with status and code.
    #[track_caller]
    pub fn expect_problem(self, status: u16, code: &str) -> Self {
        assert_eq!(self.status, status, "unexpected status; body: {}", self.body);
        assert_eq!(self.header("content-type"), Some("application/problem+json"));
        assert_eq!(self.code(), code, "unexpected code; body: {}", self.body);
        self
    }
    /// The `id` of the result.
    pub fn id(&self) -> i64 {
        self.result()["id"].as_i64().expect("result has an id")
    }
}

static COUNTER: AtomicU32 = AtomicU32::new(0);

/// The server closes a kept-alive connection after
/// [`AppConfig::header_read_timeout`] without a request (10 s by default);
/// a client that reused such a connection at the very moment the server
/// closed it would see its request fail (hyper's `IncompleteMessage`). So
/// the test clients drop their idle connections well before.
pub const CLIENT_IDLE: std::time::Duration = std::time::Duration::from_secs(4);

/// A client for the test server (see [`CLIENT_IDLE`]).
pub fn client() -> reqwest::Client {
    reqwest::Client::builder().pool_idle_timeout(CLIENT_IDLE).build().expect("a client")
}

fn unique_name() -> String {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_nanos();
    format!("t{}_{}_{}", std::process::id(), COUNTER.fetch_add(1, Ordering::SeqCst), nanos)
}

/// A fresh, migrated, empty database with statement counting on: a throwaway
/// schema on `TEST_DATABASE_URL` when set, else SQLite in a temporary
/// directory (returned, so it lives as long as the store).
pub async fn fresh_store() -> (Store, Option<tempfile::TempDir>) {
    let (store, dir) = match std::env::var("TEST_DATABASE_URL") {
        Ok(url) if !url.is_empty() => {
            let schema = unique_name();
            let admin = Store::connect(&url).await.expect("connect to TEST_DATABASE_URL");
            if let PoolRef::Postgres(pool) = admin.pool() {
                sqlx::query(&format!("CREATE SCHEMA {schema}")).execute(pool).await.expect("create schema");
            }
            admin.close().await;
            (Store::connect_postgres_schema(&url, &schema).await.expect("connect schema"), None)
        }
        _ => {
            let dir = tempfile::tempdir().expect("tempdir");
            let url = format!("sqlite://{}", dir.path().join("test.db").display());
            (Store::connect(&url).await.expect("open sqlite"), Some(dir))
        }
    };
    store.migrate().await.expect("migrate");
    store.count_statements();
    (store, dir)
}

impl TestApp {
    /// Starts a server on a fresh, migrated database (rate limiting off).
    pub async fn spawn() -> TestApp {
        Self::spawn_with(AppConfig { rate_limit: None, ..Self::config() }).await
    }

    /// The configuration of test servers: the default, except that changes
    /// are checked per request ([`ChangeCheck::Poll`]), so that on PostgreSQL
    /// too a test's SQL by hand is seen by the very next request (with the
    /// default, notifications, it is seen a moment later; `servers.rs` tests that).
    pub fn config() -> AppConfig {
        AppConfig { change_check: ChangeCheck::Poll, ..AppConfig::default() }
    }

    /// Starts a server with the given configuration.
    pub async fn spawn_with(config: AppConfig) -> TestApp {
        Self::spawn_until(config, std::future::pending()).await
    }

    /// Starts a server that shuts down gracefully when `shutdown` completes.
    pub async fn spawn_until(
        config: AppConfig,
        shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> TestApp {
        let (store, dir) = fresh_store().await;
        Self::spawn_on(store, dir, config, shutdown).await
    }

    /// Starts a server on `store` (migrated), which lives in `dir` if given.
    pub async fn spawn_on(
        store: Store,
        dir: Option<tempfile::TempDir>,
        config: AppConfig,
        shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> TestApp {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let base = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(serve(listener, store.clone(), config, shutdown));
        let mut app = TestApp { base, client: client(), store, token: String::new(), _dir: dir };
        app.token = app.token_for("test-admin", Role::Admin).await;
        // The server accepts connections only once it has started up (job
        // recovery, which would otherwise race with a test's SQL by hand).
        let health = app.client.get(format!("{}/health", app.base)).send().await.expect("the server answers");
        assert!(health.status().is_success(), "GET /health: {}", health.status());
        app
    }

    /// A handle on another server at `base` that shares this one's database and
    /// admin token (the database directory stays owned by `self`).
    pub fn at(&self, base: String) -> TestApp {
        TestApp { base, client: self.client.clone(), store: self.store.clone(), token: self.token.clone(), _dir: None }
    }

    /// Another store (pool of its own) on this server's database: the same
    /// SQLite file, or the same PostgreSQL schema — what a second server has.
    pub async fn second_store(&self) -> Store {
        match self.store.pool() {
            PoolRef::Sqlite(p) => {
                let url = format!("sqlite://{}", p.connect_options().get_filename().display());
                Store::connect(&url).await.expect("open the same SQLite file")
            }
            PoolRef::Postgres(p) => {
                let schema: String = sqlx::query_scalar("SELECT current_schema()").fetch_one(p).await.expect("schema");
                let url = std::env::var("TEST_DATABASE_URL").expect("TEST_DATABASE_URL");
                Store::connect_postgres_schema(&url, &schema).await.expect("connect the same schema")
            }
        }
    }

    /// Creates an account with `role` (or reuses it) and returns a fresh token for it.
    pub async fn token_for(&self, name: &str, role: Role) -> String {
        let mut conn = self.store.conn().await.expect("conn");
        let account = match conn.find_account(name).await.expect("find") {
            Some(a) => a,
            None => conn.create_account(name, role).await.expect("account"),
        };
        let token = schoolplan::auth::generate_token().expect("token");
        conn.create_token(account.id, &token, None, None).await.expect("store token");
        token.text
    }

    /// Sends a request with an optional JSON body; `path` is relative to the server root.
    pub async fn request(&self, method: Method, path: &str, body: Option<&Value>) -> Resp {
        self.request_with(Some(&self.token), method, path, body).await
    }

    /// Sends a request with the given bearer token (or none).
    pub async fn request_with(&self, token: Option<&str>, method: Method, path: &str, body: Option<&Value>) -> Resp {
        self.request_headers(token, method, path, body, &[]).await
    }

    /// Sends a request with the given bearer token (or none) and extra headers
    /// (`If-Match`, `If-None-Match`, …); every other sender goes through this one.
    pub async fn request_headers(
        &self,
        token: Option<&str>,
        method: Method,
        path: &str,
        body: Option<&Value>,
        headers: &[(&str, &str)],
    ) -> Resp {
        let mut req = self.client.request(method, format!("{}{}", self.base, path));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        for (name, value) in headers {
            req = req.header(*name, *value);
        }
        if let Some(b) = body {
            req = req.header("content-type", "application/json").body(serde_json::to_vec(b).unwrap());
        }
        Self::read(req.send().await.expect("request sent")).await
    }

    /// Sends raw bytes with an explicit content type.
    pub async fn raw(&self, method: Method, path: &str, content_type: Option<&str>, body: Vec<u8>) -> Resp {
        let mut req = self.client.request(method, format!("{}{}", self.base, path)).bearer_auth(&self.token).body(body);
        if let Some(ct) = content_type {
            req = req.header("content-type", ct);
        }
        Self::read(req.send().await.expect("request sent")).await
    }

    /// Reads a response fully (status, headers, JSON body); a 304 must have no body.
    pub async fn read(res: reqwest::Response) -> Resp {
        let status = res.status().as_u16();
        let headers = res.headers().clone();
        let bytes = res.bytes().await.expect("body read");
        assert!(status != 304 || bytes.is_empty(), "304 must not have a body");
        let plain = headers.get("content-type").is_some_and(|v| v.as_bytes().starts_with(b"text/plain"));
        let body = match serde_json::from_slice(&bytes) {
            Ok(json) => json,
            Err(_) if plain => Value::String(String::from_utf8_lossy(&bytes).into_owned()),
            Err(_) => Value::Null,
        };
        Resp { status, headers, body }
    }

    /// `GET /api/v1{path}`.
    pub async fn get(&self, path: &str) -> Resp {
        self.request(Method::GET, &format!("/api/v1{path}"), None).await
    }
    /// `POST /api/v1{path}` with a JSON body.
    pub async fn post(&self, path: &str, body: Value) -> Resp {
        self.request(Method::POST, &format!("/api/v1{path}"), Some(&body)).await
    }
    /// `PUT /api/v1{path}` with a JSON body.
    pub async fn put(&self, path: &str, body: Value) -> Resp {
        self.request(Method::PUT, &format!("/api/v1{path}"), Some(&body)).await
    }
    /// `DELETE /api/v1{path}`.
    pub async fn delete(&self, path: &str) -> Resp {
        self.request(Method::DELETE, &format!("/api/v1{path}"), None).await
    }
    /// POSTs and asserts 201; returns the created id.
    pub async fn create(&self, path: &str, body: Value) -> i64 {
        self.post(path, body).await.expect(201).id()
    }
}

impl TestApp {
    /// Runs one SQL statement directly on the server's database (test setup for
    /// rows whose resource has no endpoint in the test); returns the first
    /// column of the first row as an id when the statement has `RETURNING id`.
    pub async fn sql(&self, sql: &str) -> Option<i64> {
        optional(self, sql, &[]).await
    }
}

/// A bind parameter of a fixture statement.
#[derive(Debug, Clone)]
pub enum Arg {
    /// An integer.
    I(i64),
}

macro_rules! bind_all {
    ($q:expr, $args:expr) => {{
        let mut q = $q;
        for a in $args {
            q = match a {
                Arg::I(v) => q.bind(*v),
            };
        }
        q
    }};
}

/// Runs one statement with `$1…` parameters; returns the rows affected.
pub async fn exec(app: &TestApp, sql: &str, args: &[Arg]) -> u64 {
    let res = match app.store.pool() {
        PoolRef::Sqlite(p) => bind_all!(sqlx::query(sql), args).execute(p).await.map(|r| r.rows_affected()),
        PoolRef::Postgres(p) => bind_all!(sqlx::query(sql), args).execute(p).await.map(|r| r.rows_affected()),
    };
    res.unwrap_or_else(|e| panic!("fixture statement failed: {e}\n{sql}"))
}

/// Runs a statement that returns one integer (`INSERT … RETURNING id`, `SELECT COUNT(*)`).
pub async fn scalar(app: &TestApp, sql: &str, args: &[Arg]) -> i64 {
    let res = match app.store.pool() {
        PoolRef::Sqlite(p) => bind_all!(sqlx::query_scalar::<_, i64>(sql), args).fetch_one(p).await,
        PoolRef::Postgres(p) => bind_all!(sqlx::query_scalar::<_, i64>(sql), args).fetch_one(p).await,
    };
    res.unwrap_or_else(|e| panic!("fixture query failed: {e}\n{sql}"))
}

/// Runs a query that returns at most one integer.
pub async fn optional(app: &TestApp, sql: &str, args: &[Arg]) -> Option<i64> {
    let res = match app.store.pool() {
        PoolRef::Sqlite(p) => bind_all!(sqlx::query_scalar::<_, i64>(sql), args).fetch_optional(p).await,
        PoolRef::Postgres(p) => bind_all!(sqlx::query_scalar::<_, i64>(sql), args).fetch_optional(p).await,
    };
    res.unwrap_or_else(|e| panic!("fixture query failed: {e}\n{sql}"))
}

/// Ends every PostgreSQL connection of the servers on `schema` (`url` is
/// `TEST_DATABASE_URL`): their pools' (named after the schema) and their
/// change listeners' (`<schema> schoolplan change listener`), as a restart
/// or a failover of the database would; returns (all ended, listeners among
/// them).
pub async fn end_connections(url: &str, schema: &str) -> (i64, i64) {
    use sqlx::Connection as _;
    let mut conn = sqlx::PgConnection::connect(url).await.expect("connect");
    let ended: (i64, i64) = sqlx::query_as(
        "SELECT COUNT(*), COUNT(*) FILTER (WHERE listener) FROM (SELECT pg_terminate_backend(pid), \
         application_name LIKE '% schoolplan change listener' AS listener FROM pg_stat_activity \
         WHERE (application_name = $1 OR application_name = $1 || ' schoolplan change listener') \
         AND pid <> pg_backend_pid()) AS t",
    )
    .bind(schema)
    .fetch_one(&mut conn)
    .await
    .expect("terminate");
    let _ = conn.close().await;
    ended
}
