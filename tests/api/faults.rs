//! Faults of the database (docs/faults.md), injected with real means: a
//! second connection holding SQLite's write lock, a small tmpfs that fills up
//! (skipped with a message where the machine allows no mount), a PostgreSQL
//! that is refused at start, and PostgreSQL ending every connection of two
//! servers under load (`pg_terminate_backend`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::str::FromStr as _;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use reqwest::Method;
use schoolplan::app::{serve, AppConfig};
use schoolplan::store::commit_watch::ChangeCheck;
use schoolplan::store::fault::{StoreSettings, WriteFault};
use schoolplan::store::{PoolRef, Store};
use serde_json::json;
use sqlx::postgres::PgConnectOptions;
use sqlx::Connection as _;
use tokio::net::{TcpListener, TcpStream};

use crate::helpers::{end_connections, Resp, TestApp};

/// `TEST_DATABASE_URL` when the suite runs on PostgreSQL.
fn postgres_url() -> Option<String> {
    std::env::var("TEST_DATABASE_URL").ok().filter(|u| !u.is_empty())
}

/// The test server configuration, rate limiting off.
fn config() -> AppConfig {
    AppConfig { rate_limit: None, ..TestApp::config() }
}

/// A server on a migrated SQLite file at `file` (in `dir`, kept as long as the server).
async fn sqlite_server(file: &Path, dir: Option<tempfile::TempDir>, busy_timeout: Duration) -> TestApp {
    let url = format!("sqlite://{}", file.display());
    let settings = StoreSettings { busy_timeout, ..StoreSettings::default() };
    let store = Store::connect_with(&url, &settings).await.expect("open SQLite");
    store.migrate().await.expect("migrate");
    TestApp::spawn_on(store, dir, config(), std::future::pending()).await
}

/// `POST /api/v1/subjectcategory` in German.
async fn post_category(app: &TestApp, code: &str, description: &str) -> Resp {
    let body = json!({"code": code, "description": description});
    let de = [("accept-language", "de-CH")];
    app.request_headers(Some(&app.token), Method::POST, "/api/v1/subjectcategory", Some(&body), &de).await
}

/// The codes of every subject category `app` lists.
async fn category_codes(app: &TestApp) -> BTreeSet<String> {
    let res = app.get("/subjectcategory").await.expect(200);
    let list = res.result().as_array().cloned().unwrap_or_default();
    list.iter().map(|c| c["code"].as_str().expect("a code").to_string()).collect()
}

/// The `Retry-After` of a response, in seconds.
fn retry_after(res: &Resp) -> u64 {
    res.header("retry-after").and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("no Retry-After: {res:?}"))
}

#[tokio::test]
async fn a_held_lock_answers_503_with_retry_after_and_writes_succeed_once_released() {
    if postgres_url().is_some() {
        return; // PostgreSQL has no file lock; its row locks are the concurrency tests' matter
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("locked.db");
    let busy = Duration::from_millis(700);
    let app = sqlite_server(&file, None, busy).await;

    // Another connection (a backup tool, `sqlite3` by hand) holds the write lock.
    let mut holder = sqlx::SqliteConnection::connect(&format!("sqlite://{}", file.display())).await.expect("connect");
    sqlx::query("BEGIN IMMEDIATE").execute(&mut holder).await.expect("take the write lock");

    let started = Instant::now();
    let res = post_category(&app, "LOCK", "gesperrt").await;
    let waited = started.elapsed();
    let res = res.expect_problem(503, "database_busy");
    assert!(retry_after(&res) >= 1);
    assert!(waited >= busy, "answered after {waited:?}, before the busy timeout of {busy:?}");
    assert!(
        waited < Duration::from_secs(10),
        "waited {waited:?}: the busy timeout, not the request timeout, bounds it"
    );
    let detail = res.body["detail"].as_str().unwrap_or_default();
    assert!(detail.contains("gesperrt") && detail.contains("nichts gespeichert"), "{detail}");
    assert_eq!(app.store.write_fault(), Some(WriteFault::Busy));
    // Reads go on meanwhile.
    assert!(category_codes(&app).await.is_empty());

    sqlx::query("ROLLBACK").execute(&mut holder).await.expect("release the lock");
    post_category(&app, "LOCK", "frei").await.expect(201);
    assert_eq!(app.store.write_fault(), None);
    assert_eq!(category_codes(&app).await, BTreeSet::from(["LOCK".to_string()]));
    drop(dir);
}

/// A tmpfs mounted for a test; unmounted when dropped.
struct Tmpfs(PathBuf);

impl Tmpfs {
    /// Mounts a tmpfs of `size` (as `mount -o size=` takes it) on `dir`, or
    /// `None` where the machine allows no mount.
    fn mount(dir: &Path, size: &str) -> Option<Tmpfs> {
        let status = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir)
            .stderr(std::process::Stdio::null())
            .status();
        status.is_ok_and(|s| s.success()).then(|| Tmpfs(dir.to_path_buf()))
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount").arg("-l").arg(&self.0).status();
    }
}

/// Writes zeros to `file` until the disk is full.
fn fill(file: &Path) {
    use std::io::Write as _;
    let mut f = std::fs::File::create(file).expect("create the filler");
    let chunk = vec![0u8; 16 * 1024];
    while f.write_all(&chunk).is_ok() {}
    let _ = f.sync_all();
}

#[tokio::test]
async fn a_full_disk_answers_507_and_writes_succeed_again_once_space_is_freed() {
    if postgres_url().is_some() {
        return; // the disk of PostgreSQL is not this test's to fill
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let Some(mount) = Tmpfs::mount(dir.path(), "3m") else {
        println!("SKIPPED a_full_disk_answers_507…: this machine allows no tmpfs mount (needs root)");
        return;
    };
    let app = sqlite_server(&dir.path().join("full.db"), None, Duration::from_secs(5)).await;
    let filler = dir.path().join("filler");
    fill(&filler);

    // Write until the disk refuses: the WAL may still have room for a few.
    let text = "x".repeat(480);
    let mut acknowledged = BTreeSet::new();
    let mut refused = None;
    for i in 0..2000 {
        let code = format!("F{i}");
        let res = post_category(&app, &code, &text).await;
        match res.status {
            201 => {
                acknowledged.insert(code);
            }
            507 => {
                refused = Some(res);
                break;
            }
            other => panic!("a write on a full disk answered {other}: {}", res.body),
        }
    }
    let res = refused.expect("the full disk refused a write").expect_problem(507, "disk_full");
    assert!(retry_after(&res) >= 1);
    let detail = res.body["detail"].as_str().unwrap_or_default();
    assert!(detail.contains("Speicherplatz") && detail.contains("nicht gespeichert"), "{detail}");
    assert_eq!(app.store.write_fault(), Some(WriteFault::DiskFull), "for /ready to report");
    assert_eq!(ready(&app).await, (503, json!("disk_full")), "/ready reports the full disk while it lasts");
    // Reads go on.
    let listed = category_codes(&app).await;
    assert!(acknowledged.is_subset(&listed), "every acknowledged write is there");

    // Space is freed: writes succeed again within a second, without a restart.
    std::fs::remove_file(&filler).expect("free the space");
    let freed = Instant::now();
    loop {
        let res = post_category(&app, "AGAIN", "wieder Platz").await;
        if res.status == 201 {
            break;
        }
        assert_eq!(res.status, 507, "{}", res.body);
        assert!(
            freed.elapsed() < Duration::from_secs(1),
            "writes still fail {:?} after space was freed",
            freed.elapsed()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(app.store.write_fault(), None);
    assert_eq!(ready(&app).await, (200, json!("ready")), "and is ready again once a write succeeds");
    acknowledged.insert("AGAIN".to_string());
    assert!(acknowledged.is_subset(&category_codes(&app).await));
    let PoolRef::Sqlite(pool) = app.store.pool() else { unreachable!("SQLite") };
    let check: String = sqlx::query_scalar("PRAGMA integrity_check").fetch_one(pool).await.expect("integrity check");
    assert_eq!(check, "ok");
    app.store.close().await;
    drop(mount);
}

/// A job whose product (every teacher's workload sheet, a large file) finds
/// the disk full fails with the fault's own sentence in the job's language,
/// and nothing of the product is kept (it is stored in one transaction);
/// the database stays intact and writable once space is freed.
#[tokio::test]
async fn a_job_whose_product_finds_the_disk_full_fails_with_its_cause_and_keeps_nothing() {
    if postgres_url().is_some() {
        return; // the disk of PostgreSQL is not this test's to fill
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let Some(mount) = Tmpfs::mount(dir.path(), "32m") else {
        println!("SKIPPED a_job_whose_product_finds_the_disk_full…: this machine allows no tmpfs mount (needs root)");
        return;
    };
    let app = sqlite_server(&dir.path().join("full.db"), None, Duration::from_secs(5)).await;
    let years = crate::jobs::demo(&app).await;
    let year = crate::jobs::year_id(&years, "26/27");
    // The disk full but for a little room: enough for the job's own rows,
    // not for its product.
    let reserve = dir.path().join("reserve");
    std::fs::write(&reserve, vec![0u8; 256 * 1024]).expect("the reserve");
    let filler = dir.path().join("filler");
    fill(&filler);
    std::fs::remove_file(&reserve).expect("free the reserve");

    let body = json!({"name": "WorkloadDownload", "schoolYear": year, "teacher": -1});
    let de = [("accept-language", "de-CH")];
    let res = app.request_headers(Some(&app.token), Method::POST, "/api/v1/job", Some(&body), &de).await.expect(201);
    let job = crate::jobs::wait_for(&app, &app.token, res.id()).await;
    assert_eq!(job["product"], serde_json::Value::Null, "no product: {job}");
    let error = job["error"].as_str().unwrap_or_default();
    assert!(error.contains("Speicherplatz") && error.contains("nicht gespeichert"), "the cause, in German: {job}");
    assert_eq!(app.sql("SELECT COUNT(*) FROM job_file").await, Some(0), "nothing half-written");

    std::fs::remove_file(&filler).expect("free the space");
    let again =
        crate::jobs::run_job(&app, json!({"name": "WorkloadDownload", "schoolYear": year, "teacher": -1})).await;
    assert!(again["product"].as_i64().is_some(), "with space, the same job stores its product: {again}");
    let PoolRef::Sqlite(pool) = app.store.pool() else { unreachable!("SQLite") };
    let check: String = sqlx::query_scalar("PRAGMA integrity_check").fetch_one(pool).await.expect("integrity check");
    assert_eq!(check, "ok");
    app.store.close().await;
    drop(mount);
}

/// `GET /ready`: its status and the `status` of its body.
async fn ready(app: &TestApp) -> (u16, serde_json::Value) {
    let res = app.client.get(format!("{}/ready", app.base)).send().await.expect("GET /ready");
    let status = res.status().as_u16();
    (status, res.json::<serde_json::Value>().await.expect("JSON")["status"].clone())
}

/// A port nobody listens on (bound and let go at once).
async fn free_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    listener.local_addr().expect("address").port()
}

#[tokio::test]
async fn a_postgresql_that_never_comes_is_given_up_after_the_startup_wait_with_its_cause() {
    let port = free_port().await;
    let wait = Duration::from_millis(1500);
    let settings = StoreSettings { startup_wait: wait, ..StoreSettings::default() };
    let started = Instant::now();
    let err = Store::connect_with(&format!("postgres://postgres@127.0.0.1:{port}/none"), &settings)
        .await
        .expect_err("nothing listens there");
    let text = format!("{err:#}");
    assert!(text.contains("--db-startup-wait") && text.contains(&format!("127.0.0.1:{port}")), "{text}");
    assert!(
        started.elapsed() >= Duration::from_millis(700),
        "it tried again before giving up: {:?}",
        started.elapsed()
    );
}

/// Forwards connections on `port` to `target`, listening only after `delay`
/// (before that, connections to the port are refused).
fn late_proxy(port: u16, target: String, delay: Duration) {
    tokio::spawn(async move {
        tokio::time::sleep(delay).await;
        let listener = TcpListener::bind(("127.0.0.1", port)).await.expect("bind the proxy");
        loop {
            let Ok((mut client, _)) = listener.accept().await else { return };
            let target = target.clone();
            tokio::spawn(async move {
                if let Ok(mut server) = TcpStream::connect(&target).await {
                    let _ = tokio::io::copy_bidirectional(&mut client, &mut server).await;
                }
            });
        }
    });
}

#[tokio::test]
async fn a_server_started_before_postgresql_is_reachable_serves_once_it_is() {
    let Some(url) = postgres_url() else {
        return; // SQLite is a file: there is nothing to wait for
    };
    let opts = PgConnectOptions::from_str(&url).expect("TEST_DATABASE_URL");
    let schema = format!("late_{}", std::process::id());
    let admin = Store::connect(&url).await.expect("connect");
    let PoolRef::Postgres(pool) = admin.pool() else { unreachable!("PostgreSQL") };
    sqlx::query(&format!("CREATE SCHEMA IF NOT EXISTS {schema}")).execute(pool).await.expect("schema");

    let (port, delay) = (free_port().await, Duration::from_millis(1500));
    late_proxy(port, format!("{}:{}", opts.get_host(), opts.get_port()), delay);
    let database = opts.get_database().unwrap_or("postgres");
    let late =
        format!("postgres://{}@127.0.0.1:{port}/{database}?options=-c%20search_path%3D{schema}", opts.get_username());
    let started = Instant::now();
    let settings = StoreSettings { startup_wait: Duration::from_secs(30), ..StoreSettings::default() };
    let store = Store::connect_with(&late, &settings).await.expect("connects once PostgreSQL is reachable");
    assert!(started.elapsed() >= delay, "connected before the proxy listened");
    store.migrate().await.expect("migrate");
    let app = TestApp::spawn_on(store, None, config(), std::future::pending()).await;
    post_category(&app, "LATE", "spät").await.expect(201);
    assert_eq!(category_codes(&app).await, BTreeSet::from(["LATE".to_string()]));
    app.store.close().await;
    sqlx::query(&format!("DROP SCHEMA {schema} CASCADE")).execute(pool).await.expect("drop schema");
}

/// Ends every connection of the stores on `schema` (their `application_name`)
/// from a connection of its own; returns how many it ended.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgresql_ending_every_connection_under_load_gives_no_500_and_loses_no_write() {
    let Some(url) = postgres_url() else {
        return; // SQLite has no connections to end
    };
    // The servers learn of each other's commits by LISTEN/NOTIFY, as in
    // production: the listening connections are ended too.
    let notified = || AppConfig { change_check: ChangeCheck::Notify, ..config() };
    let a = Arc::new(TestApp::spawn_with(notified()).await);
    let PoolRef::Postgres(pool) = a.store.pool() else { unreachable!("PostgreSQL") };
    let schema: String = sqlx::query_scalar("SELECT current_schema()").fetch_one(pool).await.expect("schema");
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("address"));
    tokio::spawn(serve(listener, a.second_store().await, notified(), std::future::pending()));
    let b = Arc::new(a.at(base));

    let stop = Arc::new(AtomicBool::new(false));
    let statuses = Arc::new(Mutex::new(BTreeMap::<u16, usize>::new()));
    let acknowledged = Arc::new(Mutex::new(BTreeSet::<String>::new()));
    let mut load = Vec::new();
    for writer in 0..4 {
        let (a, b, stop, statuses, acked) =
            (a.clone(), b.clone(), stop.clone(), statuses.clone(), acknowledged.clone());
        load.push(tokio::spawn(async move {
            let mut i = 0;
            while !stop.load(Ordering::SeqCst) {
                let code = format!("W{writer}-{i}");
                let server = if i % 2 == 0 { &a } else { &b };
                let res = post_category(server, &code, "unter Last").await;
                *statuses.lock().unwrap().entry(res.status).or_default() += 1;
                if res.status == 201 {
                    acked.lock().unwrap().insert(code);
                } else if res.status != 503 {
                    panic!("a write answered {}: {}", res.status, res.body);
                }
                i += 1;
            }
        }));
    }
    let reads = Arc::new(Mutex::new(BTreeMap::<u16, usize>::new()));
    for reader in 0..3 {
        let (a, b, stop, statuses, reads) = (a.clone(), b.clone(), stop.clone(), statuses.clone(), reads.clone());
        load.push(tokio::spawn(async move {
            let mut i = 0;
            while !stop.load(Ordering::SeqCst) {
                let server = if (i + reader) % 2 == 0 { &a } else { &b };
                let res = server.get("/subjectcategory").await;
                *statuses.lock().unwrap().entry(res.status).or_default() += 1;
                *reads.lock().unwrap().entry(res.status).or_default() += 1;
                i += 1;
            }
        }));
    }
    let mut listeners = 0;
    for _ in 0..3 {
        // Long enough for the change listeners to have come back (their first
        // pause is a second).
        tokio::time::sleep(Duration::from_millis(1500)).await;
        let (ended, of_listeners) = end_connections(&url, &schema).await;
        assert!(ended > 0, "the servers' connections were ended");
        listeners += of_listeners;
    }
    assert!(listeners >= 2, "the change listeners were ended too: {listeners}");
    tokio::time::sleep(Duration::from_millis(700)).await;
    stop.store(true, Ordering::SeqCst);
    for task in load {
        task.await.expect("a load task");
    }

    let statuses = statuses.lock().unwrap().clone();
    println!("answers under three ends of every connection: {statuses:?}");
    assert!(!statuses.keys().any(|s| *s >= 500 && *s != 503), "no answer of 500: {statuses:?}");
    let reads = reads.lock().unwrap().clone();
    // A read is run once more on a fresh connection; only when that second
    // attempt meets a connection ended meanwhile too (three ends under
    // load, on a busy machine) does a reader see a 503, never a 500. Seen
    // once in CI: {200: 448, 503: 1}.
    let (ok, unavailable) = (reads.get(&200).copied().unwrap_or(0), reads.get(&503).copied().unwrap_or(0));
    assert!(reads.keys().all(|s| *s == 200 || *s == 503), "a reader never sees a 500: {reads:?}");
    assert!(unavailable * 100 <= ok, "a reader almost never sees the fault: {reads:?}");
    assert!(statuses.get(&201).copied().unwrap_or(0) > 20, "writes went on: {statuses:?}");
    let acknowledged = acknowledged.lock().unwrap().clone();
    let through_a = category_codes(&a).await;
    assert!(acknowledged.is_subset(&through_a), "every acknowledged write is there");
    // The other server hears of the last commits within moments (a notification).
    let mut through_b = category_codes(&b).await;
    for _ in 0..40 {
        if through_b == through_a {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
        through_b = category_codes(&b).await;
    }
    assert_eq!(through_a, through_b, "both servers answer alike");
}
