//! The response cache of planning-data GETs (`src/api/cache.rs`): a repeated
//! read costs no queries, and no read ever answers from before a committed write
//! — whatever resource the write changed — nor for a revoked token.

use reqwest::Method;
use serde_json::{json, Value};

use crate::fixtures::{course_list, World};
use crate::helpers::TestApp;

fn lessons_of(list: &Value, id: i64) -> Option<f64> {
    list.as_array().unwrap().iter().find(|c| c["id"] == id).map(|c| c["lessons1"].as_f64().unwrap())
}

fn ids(list: &Value) -> Vec<i64> {
    list.as_array().unwrap().iter().map(|c| c["id"].as_i64().unwrap()).collect()
}

fn put_body(course: &Value, lessons1: f64) -> Value {
    let refs =
        |key: &str| -> Vec<i64> { course[key].as_array().unwrap().iter().map(|t| t["id"].as_i64().unwrap()).collect() };
    json!({"cancelled": course["cancelled"], "comments": course["comments"], "lessons1": lessons1,
           "lessons2": course["lessons2"], "teachers1": refs("teachers1"), "teachers2": refs("teachers2"),
           "smallGroup1": false, "smallGroup2": false})
}

#[tokio::test]
async fn a_repeated_read_runs_no_query_for_the_data() {
    let app = TestApp::spawn().await;
    let w = World::new(&app).await;
    w.course(&app, w.year, w.d, &[w.g27a]).await;
    let path = format!("/course?schoolYear={}", w.year);
    let before = app.store.statement_count();
    let first = app.get(&path).await.expect(200);
    let first_cost = app.store.statement_count() - before;
    let before = app.store.statement_count();
    let second = app.get(&path).await.expect(200);
    let second_cost = app.store.statement_count() - before;
    assert_eq!(first.body, second.body);
    assert_eq!(second.header("content-type"), Some("application/json"));
    assert!(first_cost >= 4, "an uncached course list runs its queries (ran {first_cost})");
    assert_eq!(second_cost, 0, "a cached read runs no statement on the pool (the token is cached too)");
}

#[tokio::test]
async fn reads_see_every_committed_course_change() {
    let app = TestApp::spawn().await;
    let w = World::new(&app).await;
    let a = w.course(&app, w.year, w.d, &[w.g27a]).await;
    let b = w.course(&app, w.year, w.d, &[w.g27b]).await;
    let single = format!("/course/{a}");

    // PUT: the list and the single form change at once.
    let course = app.get(&single).await.expect(200).result().clone();
    assert_eq!(lessons_of(&course_list(&app, w.year).await, a), Some(3.0));
    app.put(&single, put_body(&course, 5.0)).await.expect(200);
    assert_eq!(lessons_of(&course_list(&app, w.year).await, a), Some(5.0));
    assert_eq!(app.get(&single).await.expect(200).result()["lessons1"], 5.0);

    // Merge: b disappears, a has both classes.
    app.post("/course", json!({"merge": [a, b]})).await.expect(200);
    assert_eq!(ids(&course_list(&app, w.year).await), vec![a]);
    app.get(&format!("/course/{b}")).await.expect(404);
    assert_eq!(app.get(&single).await.expect(200).result()["schoolClasses"].as_array().unwrap().len(), 2);

    // Split: a new course appears.
    let split = app.post("/course", json!({"split": a})).await.expect(200);
    let new_id = split.result()[1]["id"].as_i64().unwrap();
    assert_eq!(ids(&course_list(&app, w.year).await).len(), 2);
    app.get(&format!("/course/{new_id}")).await.expect(200);

    // Delete.
    app.delete(&format!("/course/{new_id}")).await.expect(204);
    app.get(&format!("/course/{new_id}")).await.expect(404);
    assert_eq!(ids(&course_list(&app, w.year).await), vec![a]);

    // Create.
    let c = w.course(&app, w.year, w.f, &[w.g27c]).await;
    assert!(ids(&course_list(&app, w.year).await).contains(&c));
}

#[tokio::test]
async fn a_change_of_another_resource_reaches_the_lists_that_embed_it() {
    let app = TestApp::spawn().await;
    let w = World::new(&app).await;
    let a = w.course(&app, w.year, w.d, &[w.g27a]).await;
    let course = app.get(&format!("/course/{a}")).await.expect(200).result().clone();
    let mut body = put_body(&course, 3.0);
    body["teachers1"] = json!([w.abc]);
    app.put(&format!("/course/{a}"), body).await.expect(200);
    let teacher_name = |list: &Value| list[0]["teachers1"][0]["lastName"].clone();
    assert_ne!(teacher_name(&course_list(&app, w.year).await), "Renamed");
    let teachers = app.get("/teacher").await.expect(200);
    let mut t = app.get(&format!("/teacher/{}", w.abc)).await.expect(200).result().clone();
    t["lastName"] = json!("Renamed");
    app.put(&format!("/teacher/{}", w.abc), t).await.expect(200);
    assert_eq!(teacher_name(&course_list(&app, w.year).await), "Renamed");
    assert_ne!(app.get("/teacher").await.expect(200).body, teachers.body);
    assert_eq!(app.get(&format!("/teacher/{}", w.abc)).await.expect(200).result()["lastName"], "Renamed");
}

#[tokio::test]
async fn a_write_committed_by_the_store_directly_invalidates_too() {
    let app = TestApp::spawn().await;
    let w = World::new(&app).await;
    let a = w.course(&app, w.year, w.d, &[w.g27a]).await;
    assert_eq!(ids(&course_list(&app, w.year).await), vec![a]);
    let mut tx = app.store.begin().await.unwrap();
    tx.delete_courses(&[schoolplan::domain::ids::CourseId(a)]).await.unwrap();
    tx.commit().await.unwrap();
    assert!(ids(&course_list(&app, w.year).await).is_empty());
}

#[tokio::test]
async fn errors_and_conditional_requests_are_not_cached() {
    let app = TestApp::spawn().await;
    let w = World::new(&app).await;
    app.get("/course/999999").await.expect_problem(404, "not_found");
    let a = w.course(&app, w.year, w.d, &[w.g27a]).await;
    app.get(&format!("/course/{a}")).await.expect(200);
    let path = format!("/api/v1/course?schoolYear={}", w.year);
    let plain = app.request(Method::GET, &path, None).await.expect(200);
    let req = app.client.get(format!("{}{path}", app.base)).bearer_auth(&app.token).header("if-none-match", "\"x\"");
    let conditional = req.send().await.unwrap();
    assert!(conditional.status().is_success() || conditional.status() == 304);
    assert_eq!(app.request(Method::GET, &path, None).await.expect(200).body, plain.body);
}

#[tokio::test]
async fn a_revoked_token_is_refused_at_once_even_for_cached_reads() {
    let app = TestApp::spawn().await;
    let w = World::new(&app).await;
    w.course(&app, w.year, w.d, &[w.g27a]).await;
    let reader = app.token_for("rita", schoolplan::auth::Role::Reader).await;
    let path = format!("/api/v1/course?schoolYear={}", w.year);
    app.request_with(Some(&reader), Method::GET, &path, None).await.expect(200);
    app.request_with(Some(&reader), Method::GET, &path, None).await.expect(200);
    let tokens = app.get("/token").await.expect(200);
    let id = tokens.result().as_array().unwrap().iter().find(|t| t["accountName"] == "rita").unwrap()["id"].clone();
    app.delete(&format!("/token/{id}")).await.expect(204);
    app.request_with(Some(&reader), Method::GET, &path, None).await.expect_problem(401, "unauthenticated");
}

/// A token revoked by another process (the command line) is refused from the
/// next request on, also after it was just used (token rows are remembered
/// only while the database is unchanged).
#[tokio::test]
async fn a_token_revoked_by_the_command_line_is_refused_at_once() {
    let app = TestApp::spawn().await;
    let url = match app.store.pool() {
        schoolplan::store::PoolRef::Sqlite(pool) => {
            format!("sqlite://{}", pool.connect_options().get_filename().display())
        }
        schoolplan::store::PoolRef::Postgres(pool) => {
            let schema: String = sqlx::query_scalar("SELECT current_schema()").fetch_one(pool).await.unwrap();
            let base = std::env::var("TEST_DATABASE_URL").unwrap();
            let sep = if base.contains('?') { '&' } else { '?' };
            format!("{base}{sep}options[search_path]={schema}")
        }
    };
    let reader = app.token_for("rita", schoolplan::auth::Role::Reader).await;
    for _ in 0..3 {
        app.request_with(Some(&reader), Method::GET, "/api/v1/grade", None).await.expect(200);
    }
    let tokens = app.get("/token").await.expect(200);
    let id = tokens.result().as_array().unwrap().iter().find(|t| t["accountName"] == "rita").unwrap()["id"].clone();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_schoolplan"))
        .args(["--database", &url, "token", "revoke", &id.to_string()])
        .output()
        .expect("run schoolplan token revoke");
    assert!(out.status.success(), "token revoke failed: {}", String::from_utf8_lossy(&out.stderr));
    app.request_with(Some(&reader), Method::GET, "/api/v1/grade", None).await.expect_problem(401, "unauthenticated");
    app.request(Method::GET, "/api/v1/grade", None).await.expect(200);
}

/// A token revoked by SQL on another connection is refused at once too.
#[tokio::test]
async fn a_token_revoked_behind_the_servers_back_is_refused_at_once() {
    let app = TestApp::spawn().await;
    let reader = app.token_for("rita", schoolplan::auth::Role::Reader).await;
    for _ in 0..3 {
        app.request_with(Some(&reader), Method::GET, "/api/v1/grade", None).await.expect(200);
    }
    app.sql("UPDATE api_token SET revoked_at = '2000-01-01T00:00:00.000000Z' WHERE account_id = (SELECT id FROM account WHERE name = 'rita')").await;
    app.request_with(Some(&reader), Method::GET, "/api/v1/grade", None).await.expect_problem(401, "unauthenticated");
}

/// A planning-data write by SQL on another connection (not through the
/// service) is seen by the next read, on both databases.
#[tokio::test]
async fn a_write_by_sql_by_hand_invalidates_at_once() {
    let app = TestApp::spawn().await;
    let w = World::new(&app).await;
    let a = w.course(&app, w.year, w.d, &[w.g27a]).await;
    assert_eq!(ids(&course_list(&app, w.year).await), vec![a]);
    assert_eq!(ids(&course_list(&app, w.year).await), vec![a]);
    app.sql(&format!("DELETE FROM course WHERE id = {a}")).await;
    assert!(ids(&course_list(&app, w.year).await).is_empty());
    app.get(&format!("/course/{a}")).await.expect(404);
}
