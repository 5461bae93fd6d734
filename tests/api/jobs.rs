//! `/job` and `/file` (docs/documents.md §Jobs and files, docs/client.md §Standing jobs): accepting and
//! refusing jobs, roles, ownership, the standing jobs, CalculateBalances,
//! recovery at start, the purge of old jobs, the list after a download, the
//! limit of unfinished jobs and the caps on stored products (several
//! servers: job_queue.rs).

use std::sync::Arc;

use reqwest::Method;
use serde_json::{json, Value};
use tokio::sync::Semaphore;

use crate::helpers::{Resp, TestApp};
use schoolplan::app::AppConfig;
use schoolplan::auth::Role;
use schoolplan::jobs::JobConfig;
use schoolplan::store::job::ProductCaps;

/// Polls `GET /job/ID` (as `token`) until the job no longer runs; returns it.
/// Checks on the way that `progress` stays within 0–100 while running.
pub async fn wait_for(app: &TestApp, token: &str, id: i64) -> Value {
    for _ in 0..6000 {
        let job = app.request_with(Some(token), Method::GET, &format!("/api/v1/job/{id}"), None).await.expect(200);
        let job = job.result().clone();
        if job["running"] == json!(false) {
            assert_eq!(job["progress"], Value::Null, "progress is null when not running: {job}");
            return job;
        }
        let p = job["progress"].as_i64().expect("progress while running");
        assert!((0..=100).contains(&p), "{job}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("job {id} did not finish");
}

/// Starts job `body` as the admin, waits for it and returns the finished job.
pub async fn run_job(app: &TestApp, body: Value) -> Value {
    let id = app.post("/job", body).await.expect(201).id();
    wait_for(app, &app.token, id).await
}

/// Fetches the product of a finished job as bytes (as the admin).
pub async fn product(app: &TestApp, job: &Value) -> (Resp, Vec<u8>) {
    assert_eq!(job["error"], Value::Null, "job failed: {job}");
    let file = job["product"].as_i64().unwrap_or_else(|| panic!("job has a product: {job}"));
    let res = app
        .client
        .get(format!("{}/api/v1/file/{file}", app.base))
        .bearer_auth(&app.token)
        .send()
        .await
        .expect("file fetched");
    let status = res.status().as_u16();
    let headers = res.headers().clone();
    let bytes = res.bytes().await.expect("body").to_vec();
    (Resp { status, headers, body: Value::Null }, bytes)
}

/// The demo school, loaded into the app's database.
pub async fn demo(app: &TestApp) -> Value {
    schoolplan::dataset::import(&app.store, &schoolplan::demo::generate(1)).await.expect("demo imported");
    app.get("/schoolyear").await.expect(200).result().clone()
}

/// The id of the demo school year with `code`.
pub fn year_id(years: &Value, code: &str) -> i64 {
    years.as_array().unwrap().iter().find(|y| y["code"] == code).expect("year")["id"].as_i64().unwrap()
}

#[tokio::test]
async fn the_standing_jobs_are_always_listed() {
    let app = TestApp::spawn().await;
    let reader = app.token_for("reader", Role::Reader).await;
    let list = app.request_with(Some(&reader), Method::GET, "/api/v1/job", None).await.expect(200);
    let names: Vec<(i64, &str, bool)> = list
        .result()
        .as_array()
        .unwrap()
        .iter()
        .map(|j| (j["id"].as_i64().unwrap(), j["name"].as_str().unwrap(), j["running"].as_bool().unwrap()))
        .collect();
    assert_eq!(
        names,
        [(1, "CalculateBalances", false), (2, "CheckDatabase", false), (3, "InitializeSchoolYear", false)]
    );
    let one = &list.result()[0];
    for key in ["id", "name", "title", "running", "progress", "error", "product", "log"] {
        assert!(one.get(key).is_some(), "job form has {key}: {one}");
    }
}

#[tokio::test]
async fn wrong_jobs_and_parameters_are_refused() {
    let app = TestApp::spawn().await;
    let years = demo(&app).await;
    let year = year_id(&years, "26/27");
    app.post("/job", json!({"name": "NoSuchJob", "schoolYear": year})).await.expect_problem(422, "unknown_job");
    app.post("/job", json!({"schoolYear": year})).await.expect_problem(422, "required");
    app.post("/job", json!({"name": 3})).await.expect_problem(400, "invalid_type");
    let r = app.post("/job", json!({"name": "PayrollCSVDownload", "semester": 3})).await.expect(422);
    let pointers: Vec<&str> =
        r.body["errors"].as_array().unwrap().iter().map(|e| e["pointer"].as_str().unwrap()).collect();
    assert_eq!(pointers, ["/schoolYear", "/semester"]);
    app.post("/job", json!({"name": "PoolCSVDownload", "schoolYear": 999_999}))
        .await
        .expect_problem(422, "unknown_reference");
    app.post("/job", json!({"name": "EmploymentCSVDownload", "schoolYear": year, "division": 999_999}))
        .await
        .expect_problem(422, "unknown_reference");
    // Mailing needs --smtp-url.
    let mail =
        json!({"name": "WorkloadMail", "schoolYear": year, "mailFrom": "a@b.ch", "mailSubject": "S", "mailBody": "B"});
    app.post("/job", mail).await.expect_problem(422, "job_not_available");
    app.post("/job", json!({"name": "CheckPlan"})).await.expect_problem(422, "required");
    app.put("/job/1", json!({"action": "stop"})).await.expect_problem(422, "out_of_range");
    app.put("/job/999", json!({"action": "start"})).await.expect_problem(404, "not_found");
    // Nothing was stored: only the standing jobs exist.
    assert_eq!(app.get("/job").await.expect(200).result().as_array().unwrap().len(), 3);
}

#[tokio::test]
async fn roles_decide_who_may_start_what() {
    let app = TestApp::spawn().await;
    let reader = app.token_for("reader", Role::Reader).await;
    let post = |body: Value| {
        let reader = reader.clone();
        let app = &app;
        async move { app.request_with(Some(&reader), Method::POST, "/api/v1/job", Some(&body)).await }
    };
    post(json!({"name": "CalculateBalances"})).await.expect_problem(403, "forbidden");
    app.request_with(Some(&reader), Method::PUT, "/api/v1/job/1", Some(&json!({"action": "start"})))
        .await
        .expect_problem(403, "forbidden");
    let planner = app.token_for("planner", Role::Planner).await;
    let started = app
        .request_with(Some(&planner), Method::PUT, "/api/v1/job/1", Some(&json!({"action": "start"})))
        .await
        .expect(200);
    assert_eq!(started.result()["id"], 1);
    let done = wait_for(&app, &planner, 1).await;
    assert_eq!(done["error"], Value::Null, "{done}");
    assert!(!done["log"].as_array().unwrap().is_empty(), "{done}");
}

#[tokio::test]
async fn jobs_belong_to_their_creator() {
    let app = TestApp::spawn().await;
    let alice = app.token_for("alice", Role::Planner).await;
    let bob = app.token_for("bob", Role::Planner).await;
    let created = app
        .request_with(Some(&alice), Method::POST, "/api/v1/job", Some(&json!({"name": "CalculateBalances"})))
        .await
        .expect(201);
    let id = created.id();
    assert!(id > 3, "new jobs get ids from 4 on");
    assert_eq!(created.header("location"), Some(format!("/api/v1/job/{id}").as_str()));
    assert_eq!(created.result()["name"], "CalculateBalances");
    assert_eq!(created.result()["title"], "Saldi berechnen");
    wait_for(&app, &alice, id).await;
    app.request_with(Some(&bob), Method::GET, &format!("/api/v1/job/{id}"), None)
        .await
        .expect_problem(404, "not_found");
    let bobs: Vec<i64> = app
        .request_with(Some(&bob), Method::GET, "/api/v1/job", None)
        .await
        .expect(200)
        .result()
        .as_array()
        .unwrap()
        .iter()
        .map(|j| j["id"].as_i64().unwrap())
        .collect();
    assert_eq!(bobs, [1, 2, 3]);
    // The admin sees every job.
    let all: Vec<i64> = app
        .get("/job")
        .await
        .expect(200)
        .result()
        .as_array()
        .unwrap()
        .iter()
        .map(|j| j["id"].as_i64().unwrap())
        .collect();
    assert!(all.contains(&id));
    app.get(&format!("/job/{id}")).await.expect(200);
}

#[tokio::test]
async fn calculate_balances_compares_frozen_balances() {
    let app = TestApp::spawn().await;
    let years = demo(&app).await;
    let year = year_id(&years, "25/26");
    // Unlock and lock 25/26 again: its balances are frozen as computed now.
    let mut y = app.get(&format!("/schoolyear/{year}")).await.expect(200).result().clone();
    y["finalised"] = json!(false);
    app.put(&format!("/schoolyear/{year}"), y.clone()).await.expect(200);
    y["finalised"] = json!(true);
    app.put(&format!("/schoolyear/{year}"), y).await.expect(200);

    let job = run_job(&app, json!({"name": "CalculateBalances"})).await;
    assert_eq!(job["error"], Value::Null, "{job}");
    assert_eq!(job["product"], Value::Null);
    let log: Vec<String> =
        job["log"].as_array().unwrap().iter().map(|l| l["message"].as_str().unwrap().into()).collect();
    assert!(
        log.iter().any(|l| l.starts_with("School year 25/26: the frozen balances of") && l.contains("equal")),
        "{log:?}"
    );

    // A frozen balance that no longer matches the data is reported with its teacher.
    let (employment, code) = {
        let list = app.get(&format!("/employment?schoolYear={year}")).await.expect(200);
        let e = list.result()[0].clone();
        (e["id"].as_i64().unwrap(), e["teacher"]["code"].as_str().unwrap().to_string())
    };
    app.sql(&format!("UPDATE employment SET frozen_closing_balance = '123.5' WHERE id = {employment}")).await;
    let job = run_job(&app, json!({"name": "CalculateBalances"})).await;
    let log: Vec<String> =
        job["log"].as_array().unwrap().iter().map(|l| l["message"].as_str().unwrap().into()).collect();
    assert!(log.iter().any(|l| l.starts_with("School year 25/26: 1 of")), "{log:?}");
    assert!(log.iter().any(|l| l.contains(&code) && l.contains("closing balance frozen 123.5")), "{log:?}");
    // Log lines are numbered from 1.
    let ids: Vec<i64> = job["log"].as_array().unwrap().iter().map(|l| l["id"].as_i64().unwrap()).collect();
    assert_eq!(ids, (1..=ids.len() as i64).collect::<Vec<_>>());
}

#[tokio::test]
async fn at_start_a_server_fails_the_jobs_of_dead_servers_only() {
    // The first server looks for leases that ran out only at its start: with
    // its usual round every 10 s it could fail the dead server's job below
    // before the second server starts, which is what this test shows.
    let mut config = TestApp::config();
    config.jobs.renewal = std::time::Duration::from_secs(3600);
    let app = TestApp::spawn_with(config).await;
    let account = app.sql("SELECT id FROM account WHERE name = 'test-admin'").await.unwrap();
    // One job of a server that stopped renewing its lease, one of a server that lives.
    let job = |runner: &str, lease: &str| {
        format!(
            "INSERT INTO job (name, account_id, status, runner, lease_until, created_at) \
             VALUES ('PoolCSVDownload', {account}, 'running', '{runner}', '{lease}', '2026-01-01T00:00:00.000000Z') \
             RETURNING id"
        )
    };
    let dead = app.sql(&job("dead-server", "2026-01-01T00:00:30.000000Z")).await.unwrap();
    let alive = app.sql(&job("live-server", "2999-01-01T00:00:00.000000Z")).await.unwrap();
    app.sql(
        "UPDATE job SET status = 'running', runner = 'dead-server', lease_until = '2026-01-01T00:00:00.000000Z' \
             WHERE id = 1",
    )
    .await;
    assert_eq!(app.get(&format!("/job/{dead}")).await.expect(200).result()["running"], true);
    // A second server on the same database: it starts by failing the jobs whose lease ran out.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(schoolplan::app::serve(
        listener,
        app.store.clone(),
        AppConfig { rate_limit: None, ..TestApp::config() },
        std::future::pending(),
    ));
    let restarted = app.at(base);
    let job = restarted.get(&format!("/job/{dead}")).await.expect(200);
    assert_eq!(job.result()["running"], false);
    assert_eq!(job.result()["error"], schoolplan::i18n::text(schoolplan::i18n::Lang::En, "job-failed-lease"));
    assert_eq!(job.result()["product"], Value::Null);
    let standing = restarted.get("/job/1").await.expect(200);
    assert_eq!(standing.result()["running"], false);
    assert_eq!(standing.result()["error"], schoolplan::i18n::text(schoolplan::i18n::Lang::En, "job-failed-lease"));
    // The live server's job runs on.
    let job = restarted.get(&format!("/job/{alive}")).await.expect(200);
    assert_eq!((&job.result()["running"], &job.result()["error"]), (&json!(true), &Value::Null));
}

#[tokio::test]
async fn finished_jobs_are_purged_after_the_retention_time() {
    let config = AppConfig {
        rate_limit: None,
        jobs: JobConfig { retention: std::time::Duration::ZERO, ..Default::default() },
        ..TestApp::config()
    };
    let app = TestApp::spawn_with(config).await;
    let first = run_job(&app, json!({"name": "CalculateBalances"})).await;
    let first = first["id"].as_i64().unwrap();
    app.get(&format!("/job/{first}")).await.expect(200);
    // Jobs are purged when new ones arrive; the standing jobs stay.
    run_job(&app, json!({"name": "CalculateBalances"})).await;
    app.get(&format!("/job/{first}")).await.expect_problem(404, "not_found");
    app.get("/job/1").await.expect(200);
}

#[tokio::test]
async fn the_plan_check_and_the_opening_run_as_jobs() {
    let app = TestApp::spawn().await;
    let years = demo(&app).await;
    let year = year_id(&years, "26/27");

    // CheckPlan: the findings of GET /schoolyear/ID/check in the log and as CSV.
    let findings = app.get(&format!("/schoolyear/{year}/check")).await.expect(200).result().clone();
    let findings = findings.as_array().unwrap();
    assert!(!findings.is_empty(), "the demo's open year has findings");
    let job = run_job(&app, json!({"name": "CheckPlan", "schoolYear": year})).await;
    let (_, bytes) = product(&app, &job).await;
    let text = String::from_utf8(bytes).unwrap();
    let mut reader =
        csv::ReaderBuilder::new().delimiter(b';').from_reader(text.trim_start_matches('\u{feff}').as_bytes());
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), findings.len());
    for (row, f) in rows.iter().zip(findings) {
        assert_eq!(&row[1], f["code"].as_str().unwrap());
        assert_eq!(&row[2], f["detail"].as_str().unwrap());
    }
    let log: Vec<&str> = job["log"].as_array().unwrap().iter().map(|l| l["message"].as_str().unwrap()).collect();
    assert_eq!(log.len(), findings.len(), "{log:?}");

    // CheckDatabase (standing job 2): the same findings, in the log only.
    app.put("/job/2", json!({"action": "start", "schoolYear": year})).await.expect(200);
    let job = wait_for(&app, &app.token, 2).await;
    assert_eq!(job["error"], Value::Null, "{job}");
    assert_eq!(job["log"].as_array().unwrap().len(), findings.len());

    // InitializeSchoolYear (standing job 3) opens a new year once.
    let next = app
        .post("/schoolyear", json!({"code": "28/29", "description": "Schuljahr 2028/29", "graduationYear": 2029}))
        .await
        .expect(201)
        .id();
    app.put("/job/3", json!({"action": "start", "schoolYear": next})).await.expect(200);
    let job = wait_for(&app, &app.token, 3).await;
    assert_eq!(job["error"], Value::Null, "{job}");
    let courses = app.get(&format!("/course?schoolYear={next}")).await.expect(200).result().as_array().unwrap().len();
    assert!(courses > 100, "the opening created the year's courses: {courses}");
    let first = job["log"][0]["message"].as_str().unwrap().to_string();
    assert!(first.starts_with(&format!("Created {courses} courses")), "{first}");
    // Each created course is named once, as "Course 17 (D, G27a)" (not "Course course 17 …").
    let named: Vec<&str> = job["log"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|l| l["message"].as_str())
        .filter(|m| m.starts_with("Course "))
        .collect();
    assert!(!named.is_empty(), "{job}");
    assert!(named.iter().all(|m| m["Course ".len()..].starts_with(|c: char| c.is_ascii_digit())), "{named:?}");
    app.put("/job/3", json!({"action": "start", "schoolYear": next})).await.expect(200);
    let job = wait_for(&app, &app.token, 3).await;
    assert!(job["log"][0]["message"].as_str().unwrap().contains("opened already"), "{job}");
    assert_eq!(app.get(&format!("/course?schoolYear={next}")).await.result().as_array().unwrap().len(), courses);
}

/// `GET /job` (docs/client.md §Standing jobs): the standing jobs, the unfinished
/// jobs and the finished ones whose product was not fetched yet; a fetched
/// download leaves the list (its owner's and the admin's), while `GET /job/ID`
/// still shows it. A job without a product stays listed.
#[tokio::test]
async fn a_fetched_download_leaves_the_job_list() {
    let app = TestApp::spawn().await;
    let years = demo(&app).await;
    let year = year_id(&years, "26/27");
    let reader = app.token_for("reader", Role::Reader).await;
    let as_reader = |method: Method, path: String| {
        let reader = reader.clone();
        let app = &app;
        async move { app.request_with(Some(&reader), method, &format!("/api/v1{path}"), None).await }
    };
    let listed = |resp: Resp| -> Vec<i64> {
        resp.expect(200).result().as_array().unwrap().iter().map(|j| j["id"].as_i64().unwrap()).collect()
    };
    let body = json!({"name": "PoolCSVDownload", "schoolYear": year});
    let download = app.request_with(Some(&reader), Method::POST, "/api/v1/job", Some(&body)).await.expect(201).id();
    let done = wait_for(&app, &reader, download).await;
    let balances = run_job(&app, json!({"name": "CalculateBalances"})).await["id"].as_i64().unwrap();
    assert_eq!(listed(as_reader(Method::GET, "/job".into()).await), [1, 2, 3, download]);
    assert_eq!(listed(app.get("/job").await), [1, 2, 3, download, balances]);

    as_reader(Method::GET, format!("/file/{}", done["product"])).await.expect(200);
    assert_eq!(listed(as_reader(Method::GET, "/job".into()).await), [1, 2, 3]);
    assert_eq!(listed(app.get("/job").await), [1, 2, 3, balances], "a job without a product stays");
    let job = as_reader(Method::GET, format!("/job/{download}")).await.expect(200);
    assert_eq!(job.result()["product"], done["product"]);
    // Fetched again: still served.
    as_reader(Method::GET, format!("/file/{}", done["product"])).await.expect(200);
}

/// `CheckDatabase` without a year (the client's maintenance screen sends
/// `schoolYear: null`): the plan check of every year.
#[tokio::test]
async fn check_database_without_a_year_checks_every_year() {
    let app = TestApp::spawn().await;
    let years = demo(&app).await;
    for body in [json!({"action": "start", "schoolYear": null}), json!({"action": "start"})] {
        app.put("/job/2", body).await.expect(200);
        let job = wait_for(&app, &app.token, 2).await;
        assert_eq!(job["error"], Value::Null, "{job}");
        let log: Vec<&str> = job["log"].as_array().unwrap().iter().map(|l| l["message"].as_str().unwrap()).collect();
        for y in years.as_array().unwrap() {
            let found = app.get(&format!("/schoolyear/{}/check", y["id"])).await.expect(200);
            let n = found.result().as_array().unwrap().len();
            let findings = if n == 1 { "1 finding".to_string() } else { format!("{n} findings") };
            let line = format!("School year {}: {findings}.", y["code"].as_str().unwrap());
            assert!(log.contains(&line.as_str()), "{line} in {log:?}");
        }
    }
    // The opening still needs its year.
    app.put("/job/3", json!({"action": "start", "schoolYear": null})).await.expect_problem(422, "required");
}

/// A server configuration whose jobs wait at `gate` (the test hook), with `jobs` settings.
fn held(gate: &Arc<Semaphore>, jobs: JobConfig) -> AppConfig {
    let (entered, _) = tokio::sync::mpsc::unbounded_channel();
    let jobs = JobConfig { hook: Some(crate::job_queue::holding("A", &entered, gate)), ..jobs };
    AppConfig { rate_limit: None, jobs, ..TestApp::config() }
}

/// Unfinished jobs per account are limited (`--jobs-per-account`): beyond
/// the limit 429 `too_many_jobs` with `Retry-After`, and nothing is stored;
/// other accounts and the standing jobs are not affected; once a job has
/// finished, the next one is accepted.
#[tokio::test]
async fn an_account_has_at_most_its_limit_of_unfinished_jobs() {
    let gate = Arc::new(Semaphore::new(0));
    let app = TestApp::spawn_with(held(&gate, JobConfig { per_account: 2, ..JobConfig::default() })).await;
    let balances = json!({"name": "CalculateBalances"});
    let first = app.post("/job", balances.clone()).await.expect(201).id();
    let second = app.post("/job", balances.clone()).await.expect(201).id();
    let refused = app.post("/job", balances.clone()).await.expect_problem(429, "too_many_jobs");
    assert_eq!(refused.header("retry-after"), Some("10"));
    assert!(refused.body["detail"].as_str().unwrap().contains("2 unfinished jobs"), "{}", refused.body);
    let ids =
        |r: Resp| -> Vec<i64> { r.result().as_array().unwrap().iter().map(|j| j["id"].as_i64().unwrap()).collect() };
    assert_eq!(ids(app.get("/job").await), [1, 2, 3, first, second], "the refused job was not stored");

    let planner = app.token_for("planner", Role::Planner).await;
    app.request_with(Some(&planner), Method::POST, "/api/v1/job", Some(&balances)).await.expect(201);
    app.put("/job/1", json!({"action": "start"})).await.expect(200);

    gate.add_permits(10);
    wait_for(&app, &app.token, first).await;
    app.post("/job", balances).await.expect(201);
    wait_for(&app, &app.token, second).await;
}

/// The size of a `PoolCSVDownload` product of the demo's year 26/27 (the same every time).
async fn pool_list_size() -> u64 {
    let app = TestApp::spawn().await;
    let years = demo(&app).await;
    let job = run_job(&app, json!({"name": "PoolCSVDownload", "schoolYear": year_id(&years, "26/27")})).await;
    product(&app, &job).await.1.len() as u64
}

/// The stored products are capped per account and in all
/// (`--job-products-per-account`, `--job-products-total`): storing a product
/// beyond a cap expires the oldest finished jobs with their products first.
#[tokio::test]
async fn the_caps_on_stored_products_expire_the_oldest_first() {
    let size = pool_list_size().await;
    // Room for two lists per account and three and a half in all.
    let caps = ProductCaps { per_account: 2 * size + size / 2, total: 3 * size + size / 2 };
    let config = AppConfig {
        rate_limit: None,
        jobs: JobConfig { product_caps: caps, ..JobConfig::default() },
        ..TestApp::config()
    };
    let app = TestApp::spawn_with(config).await;
    let years = demo(&app).await;
    let pool = json!({"name": "PoolCSVDownload", "schoolYear": year_id(&years, "26/27")});
    let reader = app.token_for("reader", Role::Reader).await;
    let as_reader = || async {
        let id = app.request_with(Some(&reader), Method::POST, "/api/v1/job", Some(&pool)).await.expect(201).id();
        wait_for(&app, &reader, id).await
    };
    let kept = |job: &Value| {
        let (job, file) = (job["id"].clone(), job["product"].clone());
        let app = &app;
        async move {
            let job = app.get(&format!("/job/{job}")).await.status;
            let file = app.get(&format!("/file/{file}")).await.status;
            assert_eq!(job == 200, file == 200, "a job and its product go together");
            job == 200
        }
    };
    let (a1, a2, a3) = (as_reader().await, as_reader().await, as_reader().await);
    assert!(!kept(&a1).await, "the reader's third list expired their oldest");
    let b1 = run_job(&app, pool.clone()).await;
    assert!(kept(&a2).await && kept(&a3).await && kept(&b1).await, "three lists fit in all");
    let b2 = run_job(&app, pool.clone()).await;
    // Four lists exceed the total: the oldest of anyone's (the reader's) expires.
    assert!(!kept(&a2).await);
    for job in [&a3, &b1, &b2] {
        assert!(kept(job).await, "{job}");
    }
}
