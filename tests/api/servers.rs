//! Two servers on one database, each with its own pool, token cache and
//! response cache (as two processes would have).
//!
//! - Asking per request (`ChangeCheck::Poll`; SQLite always): a write committed
//!   through one, or by SQL by hand, is seen by the very next read through the
//!   other, and a token revoked through one is refused by the other at once.
//!   Through the committed change counter (migrations 0007 on PostgreSQL,
//!   0015 on SQLite; `src/store/commit_watch.rs`). These tests
//!   do not wait: "at once" means the next request.
//! - Listening (`ChangeCheck::Notify`, PostgreSQL's default): the other server
//!   sees the write when the commit's notification arrives (migration 0009),
//!   asynchronously; these tests allow it [`NOTIFIED_WITHIN`], and the watch's
//!   own test shows the notifications, the fallback to asking while the
//!   listening connection is lost, and the return to listening.

use reqwest::Method;
use schoolplan::app::{serve, AppConfig};
use schoolplan::auth::Role;
use schoolplan::store::commit_watch::{ChangeCheck, ChangeWatch};
use schoolplan::store::presence::OpenYear;
use schoolplan::store::{PoolRef, Store};
use serde_json::{json, Value};
use tokio::net::TcpListener;

use crate::fixtures::division;
use crate::helpers::TestApp;

/// How long a listening server may take to see a commit of another (its
/// notification arrives asynchronously; usually well under a millisecond).
const NOTIFIED_WITHIN: std::time::Duration = std::time::Duration::from_secs(5);

/// The configuration of both servers: rate limiting off, changes checked with `check`.
fn config(check: ChangeCheck) -> AppConfig {
    AppConfig { rate_limit: None, change_check: check, ..AppConfig::default() }
}

/// A first server that checks for changes with `check`.
async fn first_server(check: ChangeCheck) -> TestApp {
    TestApp::spawn_with(config(check)).await
}

/// Another store (pool) on `app`'s database, counting its statements.
pub async fn second_store(app: &TestApp) -> Store {
    let store = app.second_store().await;
    store.count_statements();
    store
}

/// A second server on `app`'s database, with a pool of its own, checking for
/// changes with `check`; returns a handle on it (sending `app`'s admin token)
/// and its store (for statement counts).
async fn second_server(app: &TestApp, check: ChangeCheck) -> (TestApp, Store) {
    let store = second_store(app).await;
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("address"));
    tokio::spawn(serve(listener, store.clone(), config(check), std::future::pending()));
    (app.at(base), store)
}

/// Waits until `done` holds, checking every few milliseconds; fails the test
/// after [`NOTIFIED_WITHIN`]. Returns whether it held at the first check.
async fn wait_until<F: std::future::Future<Output = bool>>(what: &str, mut done: impl FnMut() -> F) -> bool {
    let start = std::time::Instant::now();
    let mut first = true;
    loop {
        if done().await {
            return first;
        }
        assert!(start.elapsed() < NOTIFIED_WITHIN, "not within {NOTIFIED_WITHIN:?}: {what}");
        first = false;
        tokio::time::sleep(std::time::Duration::from_millis(2)).await;
    }
}

/// Statements `store`'s pool runs for `read` (a cached read runs none: the
/// change check has a connection of its own).
async fn cost<T>(store: &Store, read: impl std::future::Future<Output = T>) -> (T, u64) {
    let before = store.statement_count();
    let out = read.await;
    (out, store.statement_count() - before)
}

fn description(division: &Value) -> &str {
    division["description"].as_str().unwrap()
}

/// Sets the description of the division at `path` through `server` (GET, then PUT).
async fn set_description(server: &TestApp, path: &str, text: &str) {
    let mut body = server.get(path).await.expect(200).result().clone();
    body["description"] = json!(text);
    server.put(path, body).await.expect(200);
}

fn token_id(tokens: &Value, account: &str) -> i64 {
    tokens.as_array().unwrap().iter().find(|t| t["accountName"] == account).unwrap()["id"].as_i64().unwrap()
}

#[tokio::test]
async fn a_write_through_one_server_is_read_through_the_other_at_once() {
    let a = first_server(ChangeCheck::Poll).await;
    let (b, b_store) = second_server(&a, ChangeCheck::Poll).await;
    let id = division(&a, "GYM").await;
    let path = format!("/division/{id}");
    b.get(&path).await.expect(200);
    b.get("/division").await.expect(200);
    let (cached, statements) = cost(&b_store, b.get(&path)).await;
    assert_eq!(description(cached.expect(200).result()), "Abteilung GYM");
    assert_eq!(statements, 0, "the third read is answered from the cache");

    for round in 0..20 {
        set_description(&a, &path, &format!("Runde {round}")).await;
        let seen = b.get(&path).await.expect(200);
        assert_eq!(description(seen.result()), format!("Runde {round}"), "server b is stale in round {round}");
        let list = b.get("/division").await.expect(200);
        assert_eq!(description(&list.result()[0]), format!("Runde {round}"));
        // And back: b writes, a reads.
        set_description(&b, &path, &format!("Zurück {round}")).await;
        assert_eq!(description(a.get(&path).await.expect(200).result()), format!("Zurück {round}"));
    }

    a.delete(&path).await.expect(204);
    b.get(&path).await.expect_problem(404, "not_found");
    assert_eq!(b.get("/division").await.expect(200).result(), &json!([]));
}

/// Many reads arriving together share the change checks of the server
/// (`src/store/commit_watch.rs`); each one still sees every write that committed
/// before it was sent.
#[tokio::test]
async fn concurrent_reads_through_the_other_server_all_see_the_write() {
    let a = first_server(ChangeCheck::Poll).await;
    let (b, _) = second_server(&a, ChangeCheck::Poll).await;
    let id = division(&a, "WMS").await;
    let path = format!("/division/{id}");
    for round in 0..10 {
        set_description(&a, &path, &format!("Runde {round}")).await;
        let reads = (0..16).map(|_| b.get(&path));
        for seen in futures::future::join_all(reads).await {
            assert_eq!(description(seen.expect(200).result()), format!("Runde {round}"));
        }
    }
}

#[tokio::test]
async fn a_token_revoked_through_one_server_is_refused_by_the_other_at_once() {
    let a = first_server(ChangeCheck::Poll).await;
    let (b, b_store) = second_server(&a, ChangeCheck::Poll).await;
    let rita = a.token_for("rita", Role::Reader).await;
    let otto = a.token_for("otto", Role::Reader).await;
    for _ in 0..3 {
        b.request_with(Some(&rita), Method::GET, "/api/v1/grade", None).await.expect(200);
        a.request_with(Some(&otto), Method::GET, "/api/v1/grade", None).await.expect(200);
    }
    let (_, statements) = cost(&b_store, b.request_with(Some(&rita), Method::GET, "/api/v1/grade", None)).await;
    assert_eq!(statements, 0, "the token and the answer come from b's caches");

    let tokens = a.get("/token").await.expect(200).result().clone();
    a.delete(&format!("/token/{}", token_id(&tokens, "rita"))).await.expect(204);
    b.request_with(Some(&rita), Method::GET, "/api/v1/grade", None).await.expect_problem(401, "unauthenticated");

    b.delete(&format!("/token/{}", token_id(&tokens, "otto"))).await.expect(204);
    a.request_with(Some(&otto), Method::GET, "/api/v1/grade", None).await.expect_problem(401, "unauthenticated");
    // Other tokens keep working on both.
    a.get("/grade").await.expect(200);
    b.get("/grade").await.expect(200);
}

#[tokio::test]
async fn a_write_by_sql_by_hand_reaches_every_server_at_once() {
    let a = first_server(ChangeCheck::Poll).await;
    let (b, _) = second_server(&a, ChangeCheck::Poll).await;
    let id = division(&a, "FMS").await;
    let path = format!("/division/{id}");
    for server in [&a, &b] {
        server.get(&path).await.expect(200);
        server.get(&path).await.expect(200);
    }
    a.sql(&format!("UPDATE division SET description = 'von Hand' WHERE id = {id}")).await;
    assert_eq!(description(a.get(&path).await.expect(200).result()), "von Hand");
    assert_eq!(description(b.get(&path).await.expect(200).result()), "von Hand");
}

/// Every table bumps the change counter (migrations 0007 on PostgreSQL, 0015
/// on SQLite): a table added later without the trigger would make the caches
/// miss its writes. The job tables do not (migration 0010): no cache holds
/// jobs; nor does the presence of open pages (migration 0014), nor the
/// reports of the moves from the Pensenmanager (migration 0018: no cache holds
/// them, Verwaltung reads them afresh), nor the outbox of mails (migration
/// 0020: only the postman reads it), nor what each account chose (its year and
/// language, migration 0021: read with the session at every request).
#[tokio::test]
async fn every_table_bumps_the_change_counter() {
    let app = TestApp::spawn().await;
    const UNWATCHED: &str = "('_sqlx_migrations', 'sqlite_sequence', 'change_generation', 'change_pending', 'job', 'job_file', 'page_presence', 'move_report', 'mail_outbox', 'account_preference')";
    let missing: Vec<String> = match app.store.pool() {
        PoolRef::Postgres(pool) => sqlx::query_scalar(&format!(
            "SELECT c.relname::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace \
             WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.relname NOT IN {UNWATCHED} \
               AND NOT EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = 'change_noted') \
             ORDER BY 1",
        ))
        .fetch_all(pool)
        .await
        .expect("list tables"),
        // One trigger per operation, named change_noted_<table>_<operation>.
        PoolRef::Sqlite(pool) => sqlx::query_scalar(&format!(
            "SELECT t.name || ' ' || op.name FROM sqlite_master t \
               CROSS JOIN (SELECT 'insert' AS name UNION ALL SELECT 'update' UNION ALL SELECT 'delete') op \
             WHERE t.type = 'table' AND t.name NOT IN {UNWATCHED} \
               AND NOT EXISTS (SELECT 1 FROM sqlite_master g WHERE g.type = 'trigger' AND g.tbl_name = t.name \
                               AND g.name = 'change_noted_' || t.name || '_' || op.name \
                               AND g.sql LIKE '%AFTER ' || upper(op.name) || ' ON%') \
             ORDER BY 1",
        ))
        .fetch_all(pool)
        .await
        .expect("list tables"),
    };
    assert!(missing.is_empty(), "tables without the change_noted trigger: {missing:?}");
    if let PoolRef::Sqlite(pool) = app.store.pool() {
        let others: Vec<String> = sqlx::query_scalar(
            "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name NOT LIKE 'change\\_noted\\_%' ESCAPE '\\'",
        )
        .fetch_all(pool)
        .await
        .expect("list triggers");
        assert!(
            others.is_empty(),
            "the writer's connection runs without triggers (src/store/writer.rs), so no other trigger may exist: {others:?}"
        );
    }
    app.get("/grade").await.expect(200); // the server has started (and recovered its jobs)
    let counter = || async { app.sql("SELECT value AS id FROM change_generation").await.expect("the counter row") };
    let before = counter().await;
    division(&app, "X").await;
    let after = counter().await;
    assert!(after > before, "a write bumps the counter: {before} → {after}");
}

/// A heartbeat of the presence of open pages (no cache reads it) leaves the
/// change counter alone, so no server's caches start over every few seconds;
/// a write right after it is seen. (On SQLite the check asked `PRAGMA
/// data_version` before migration 0015, which changes with every commit.)
#[tokio::test]
async fn a_presence_heartbeat_is_no_change_for_the_caches() {
    let app = TestApp::spawn().await;
    let watch = ChangeWatch::new(second_store(&app).await, ChangeCheck::Poll);
    let start = watch.catch_up().await;
    assert_eq!(watch.catch_up().await, start, "nothing was committed");
    let open = [OpenYear { school_year: 1, session_id: 1, account_name: "planner".into() }];
    let mut tx = app.store.begin().await.expect("begin");
    tx.renew_presence("server A", &open, "2026-11-26T12:00:00.000000Z", "2026-11-26T11:59:45.000000Z")
        .await
        .expect("renew");
    tx.commit_unseen().await.expect("commit");
    let mut conn = app.store.conn().await.expect("conn");
    let others = conn.presence_of_others("server B", "2026-11-26T00:00:00.000000Z").await.expect("read");
    assert_eq!(others, vec![(1, "planner".to_string())], "the heartbeat was committed");
    drop(conn);
    assert_eq!(watch.catch_up().await, start, "a heartbeat is no change for the caches");
    division(&app, "Y").await;
    assert_ne!(watch.catch_up().await, start, "a write is");
}

/// Listening (PostgreSQL's default, `ChangeCheck::Notify`): a write through
/// one server, and a token revoked through it, reach the other when the
/// commit's notification arrives; meanwhile the other answers from its caches
/// without asking the database. (On SQLite the check asks per request, so
/// every read sees the write at once.)
#[tokio::test]
async fn listening_servers_see_each_others_writes_and_revocations() {
    let a = first_server(ChangeCheck::Notify).await;
    let (b, b_store) = second_server(&a, ChangeCheck::Notify).await;
    let id = division(&a, "GYM").await;
    let path = format!("/division/{id}");
    let (a_ref, b_ref, path_ref) = (&a, &b, path.as_str());
    // b's first read starts its listening; once that listens (a new
    // generation) and a's commit has been notified, b answers from its cache.
    let b_store = &b_store;
    let cached = move || async move {
        let (read, statements) = cost(b_store, b_ref.get(path_ref)).await;
        assert_eq!(description(read.expect(200).result()), "Abteilung GYM");
        statements == 0
    };
    wait_until("b answers from its cache", cached).await;

    let mut at_once = 0;
    for round in 0..20 {
        let text = format!("Runde {round}");
        set_description(&a, &path, &text).await;
        let text = text.as_str();
        let seen = move || async move { description(b_ref.get(path_ref).await.expect(200).result()) == text };
        at_once += u32::from(wait_until(&format!("b sees round {round}"), seen).await);
        let text = format!("Zurück {round}");
        set_description(&b, &path, &text).await;
        let text = text.as_str();
        let seen = move || async move { description(a_ref.get(path_ref).await.expect(200).result()) == text };
        at_once += u32::from(wait_until(&format!("a sees round {round}"), seen).await);
    }
    eprintln!("{at_once} of 40 reads through the other server saw the write at the first read");

    let rita = a.token_for("rita", Role::Reader).await;
    for _ in 0..2 {
        b.request_with(Some(&rita), Method::GET, "/api/v1/grade", None).await.expect(200);
    }
    let tokens = a.get("/token").await.expect(200).result().clone();
    a.delete(&format!("/token/{}", token_id(&tokens, "rita"))).await.expect(204);
    let rita = rita.as_str();
    let refused =
        move || async move { b_ref.request_with(Some(rita), Method::GET, "/api/v1/grade", None).await.status == 401 };
    wait_until("b refuses the token revoked through a", refused).await;
    b.get("/grade").await.expect(200);
}

/// The watch of a listening server (PostgreSQL): commits of others arrive as
/// notifications; when the listening connection is lost, the watch starts a
/// new generation and asks the database per request, so a commit is seen by
/// the very next check; then it listens again.
#[tokio::test]
async fn a_watch_listens_and_asks_per_request_while_its_connection_is_lost() {
    let a = first_server(ChangeCheck::Notify).await;
    let PoolRef::Postgres(pool) = a.store.pool() else {
        return; // SQLite has nothing to listen to: its check asks per request (tests above)
    };
    let watch = ChangeWatch::new(second_store(&a).await, ChangeCheck::Notify);
    let w = &watch;
    w.catch_up().await; // asks, and starts listening
    wait_until("the watch listens", move || async move { w.listening() }).await;

    let before = w.current();
    let id = division(&a, "GYM").await;
    wait_until("a's commit is notified", move || async move { w.current() > before }).await;
    let calm = w.catch_up().await;
    assert_eq!(w.catch_up().await, calm, "no commit, no new generation");

    let pid = w.listener_pid().expect("the listening connection's process id");
    let before = w.current();
    let killed: bool = sqlx::query_scalar("SELECT pg_terminate_backend($1)")
        .bind(i32::try_from(pid).unwrap())
        .fetch_one(pool)
        .await
        .expect("terminate the listening connection");
    assert!(killed);
    wait_until("the loss is noticed", move || async move { !w.listening() }).await;
    assert!(w.current() > before, "notifications may have been lost: a new generation");

    // Not listening: the check asks, and the next check sees a commit.
    let before = w.catch_up().await;
    a.sql(&format!("UPDATE division SET description = 'von Hand' WHERE id = {id}")).await;
    assert!(w.catch_up().await > before, "the next check sees the commit");

    wait_until("the watch listens again", move || async move { w.listener_pid().is_some_and(|p| p != pid) }).await;
    let before = w.current();
    a.sql(&format!("UPDATE division SET description = 'wieder' WHERE id = {id}")).await;
    wait_until("the commit is notified on the new connection", move || async move { w.current() > before }).await;
}
