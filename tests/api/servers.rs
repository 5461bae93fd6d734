//! Two servers on one database, each with its own pool, token cache and
//! response cache (as two processes would have): a write committed through one,
//! or by SQL by hand, is seen by the very next read through the other, and a
//! token revoked through one is refused by the other at once. On PostgreSQL
//! through the committed change counter (migration 0007), on SQLite through
//! `PRAGMA data_version` (`src/store/changes.rs`). No test waits: "at once"
//! means the next request.

use reqwest::Method;
use schoolplan::app::{serve, AppConfig};
use schoolplan::auth::Role;
use schoolplan::store::{PoolRef, Store};
use serde_json::{json, Value};
use tokio::net::TcpListener;

use crate::fixtures::division;
use crate::helpers::TestApp;

/// A second server on `app`'s database, with a pool of its own; returns a
/// handle on it (sending `app`'s admin token) and its store (for statement counts).
async fn second_server(app: &TestApp) -> (TestApp, Store) {
    let store = match app.store.pool() {
        PoolRef::Sqlite(p) => {
            let url = format!("sqlite://{}", p.connect_options().get_filename().display());
            Store::connect(&url).await.expect("open the same SQLite file")
        }
        PoolRef::Postgres(p) => {
            let schema: String = sqlx::query_scalar("SELECT current_schema()").fetch_one(p).await.expect("schema");
            let url = std::env::var("TEST_DATABASE_URL").expect("TEST_DATABASE_URL");
            Store::connect_postgres_schema(&url, &schema).await.expect("connect the same schema")
        }
    };
    store.count_statements();
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("address"));
    let config = AppConfig { rate_limit: None, ..AppConfig::default() };
    tokio::spawn(serve(listener, store.clone(), config, std::future::pending()));
    (app.at(base), store)
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
    let a = TestApp::spawn().await;
    let (b, b_store) = second_server(&a).await;
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
/// (`src/store/changes.rs`); each one still sees every write that committed
/// before it was sent.
#[tokio::test]
async fn concurrent_reads_through_the_other_server_all_see_the_write() {
    let a = TestApp::spawn().await;
    let (b, _) = second_server(&a).await;
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
    let a = TestApp::spawn().await;
    let (b, b_store) = second_server(&a).await;
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
    let a = TestApp::spawn().await;
    let (b, _) = second_server(&a).await;
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

/// On PostgreSQL every table bumps the change counter (migration 0007): a
/// table added later without the trigger would make the caches miss its writes.
#[tokio::test]
async fn every_table_bumps_the_change_counter() {
    let app = TestApp::spawn().await;
    let PoolRef::Postgres(pool) = app.store.pool() else {
        return; // SQLite's data_version covers every table by itself
    };
    let missing: Vec<String> = sqlx::query_scalar(
        "SELECT c.relname::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace \
         WHERE n.nspname = current_schema() AND c.relkind = 'r' \
           AND c.relname NOT IN ('_sqlx_migrations', 'change_generation', 'change_pending') \
           AND NOT EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = 'change_noted') \
         ORDER BY 1",
    )
    .fetch_all(pool)
    .await
    .expect("list tables");
    assert!(missing.is_empty(), "tables without the change_noted trigger: {missing:?}");
    app.get("/grade").await.expect(200); // the server has started (and recovered its jobs)
    let before: i64 = sqlx::query_scalar("SELECT value FROM change_generation").fetch_one(pool).await.unwrap();
    division(&app, "X").await;
    let after: i64 = sqlx::query_scalar("SELECT value FROM change_generation").fetch_one(pool).await.unwrap();
    assert_eq!(after, before + 1, "one write transaction bumps the counter once");
}
