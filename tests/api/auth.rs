//! Access control: tokens, roles, every route protected, limits and headers.

use std::time::Duration;

use reqwest::Method;
use schoolplan::api::{routes, AppState, PUBLIC_PATHS};
use schoolplan::app::AppConfig;
use schoolplan::auth::Role;
use serde_json::json;

use crate::helpers::TestApp;

const METHODS: [Method; 4] = [Method::GET, Method::POST, Method::PUT, Method::DELETE];

/// Every path of the router, with `{id}` filled in by an id that does not exist
/// (so probing a DELETE removes nothing, e.g. not the test's own token).
fn route_table(app: &TestApp) -> Vec<String> {
    let state = AppState::new(app.store.clone());
    routes(&state).paths().iter().map(|p| p.replace("{id}", "999999")).collect()
}

#[tokio::test]
async fn every_route_needs_a_token_and_the_right_role() {
    let app = TestApp::spawn().await;
    let reader = app.token_for("rita", Role::Reader).await;
    let planner = app.token_for("paul", Role::Planner).await;
    let paths = route_table(&app);
    assert!(paths.len() > 10, "route table looks incomplete: {paths:?}");
    for path in &paths {
        let public = PUBLIC_PATHS.contains(&path.replace("999999", "{id}").as_str());
        let admin_only = ["/api/v1/account", "/api/v1/token", "/api/v1/audit", "/api/v1/authorisation"]
            .iter()
            .any(|p| path.starts_with(p));
        for m in METHODS {
            let body = (m == Method::POST || m == Method::PUT).then(|| json!({}));
            let none = app.request_with(None, m.clone(), path, body.as_ref()).await;
            let as_admin = app.request_with(Some(&app.token), m.clone(), path, body.as_ref()).await;
            if as_admin.status == 405 {
                assert!([401, 405].contains(&none.status), "{m} {path} does not exist: {}", none.status);
                continue; // the route has no such method
            }
            if public {
                assert_ne!(none.status, 401, "{m} {path} is public");
                continue;
            }
            assert_eq!(none.status, 401, "{m} {path} without token");
            assert_eq!(none.header("www-authenticate").map(|h| h.starts_with("Bearer")), Some(true), "{m} {path}");
            let as_reader = app.request_with(Some(&reader), m.clone(), path, body.as_ref()).await;
            let as_planner = app.request_with(Some(&planner), m.clone(), path, body.as_ref()).await;
            if path.starts_with("/api/v1/me/") {
                // A teacher's own sheets: no other role has one (docs/teachers.md §The API).
                for (who, r) in [("reader", &as_reader), ("planner", &as_planner), ("admin", &as_admin)] {
                    assert_eq!(r.status, 403, "{m} {path} as {who}: {}", r.body);
                }
                continue;
            }
            // Readers may start downloads (POST /job; docs/documents.md §Jobs and files).
            let reader_may = (m == Method::GET && !admin_only)
                || path == "/api/v1/profile"
                || path == "/api/v1/settings"
                || (m == Method::POST && path == "/api/v1/job");
            let planner_may = !admin_only;
            assert_eq!(as_reader.status == 403, !reader_may, "{m} {path} as reader: {}", as_reader.status);
            assert_eq!(as_planner.status == 403, !planner_may, "{m} {path} as planner: {}", as_planner.status);
            assert!(
                ![401, 403].contains(&as_admin.status),
                "{m} {path} as admin: {} {}",
                as_admin.status,
                as_admin.body
            );
        }
    }
}

#[tokio::test]
async fn bad_tokens_are_401_and_change_nothing() {
    let app = TestApp::spawn().await;
    let good = app.token.clone();
    let truncated = &good[..good.len() - 3];
    let wrong_prefix = good.replacen("sp_", "xx_", 1);
    let mut tampered = good.clone();
    tampered.pop();
    tampered.push(if good.ends_with('A') { 'B' } else { 'A' });
    for bad in ["garbage", truncated, &wrong_prefix, &tampered, ""] {
        let r = app
            .request_with(Some(bad), Method::POST, "/api/v1/grade", Some(&json!({"code": "X", "description": "x"})))
            .await;
        r.expect_problem(401, "unauthenticated");
    }
    for header in ["Basic Zm9vOmJhcg==", "Bearer", "Token abc", "bearer"] {
        let r =
            app.client.get(format!("{}/api/v1/grade", app.base)).header("authorization", header).send().await.unwrap();
        assert_eq!(r.status(), 401, "{header}");
    }
    assert_eq!(app.get("/grade").await.expect(200).result(), &json!([]));
}

#[tokio::test]
async fn revoked_and_expired_tokens_stop_working_at_once() {
    let app = TestApp::spawn().await;
    let reader = app.token_for("rita", Role::Reader).await;
    app.request_with(Some(&reader), Method::GET, "/api/v1/grade", None).await.expect(200);
    let tokens = app.get("/token").await.expect(200);
    let public = reader.split('_').nth(1).unwrap();
    let id =
        tokens.result().as_array().unwrap().iter().find(|t| t["publicId"] == public).unwrap()["id"].as_i64().unwrap();
    app.delete(&format!("/token/{id}")).await.expect(204);
    app.request_with(Some(&reader), Method::GET, "/api/v1/grade", None).await.expect_problem(401, "unauthenticated");

    // Expired: a token whose expiry lies in the past.
    let account = app.get("/account").await.result().as_array().unwrap().iter().find(|a| a["name"] == "rita").unwrap()
        ["id"]
        .as_i64()
        .unwrap();
    let token = schoolplan::auth::generate_token().unwrap();
    let mut conn = app.store.conn().await.unwrap();
    conn.create_token(account, &token, None, Some("2000-01-01T00:00:00.000000Z")).await.unwrap();
    app.request_with(Some(&token.text), Method::GET, "/api/v1/grade", None)
        .await
        .expect_problem(401, "unauthenticated");
}

#[tokio::test]
async fn a_token_cannot_revoke_itself() {
    let app = TestApp::spawn().await;
    let me = app.get("/profile").await.expect(200);
    let tokens = app.get("/token").await.expect(200);
    let mine = tokens.result().as_array().unwrap().iter().find(|t| t["accountId"] == me.result()["accountId"]).unwrap()
        ["id"]
        .as_i64()
        .unwrap();
    app.delete(&format!("/token/{mine}")).await.expect_problem(409, "own_token");
    app.get("/profile").await.expect(200);
}

#[tokio::test]
async fn admin_manages_accounts_and_tokens_over_the_api() {
    let app = TestApp::spawn().await;
    let r = app.post("/account", json!({"name": "petra", "role": "planner"})).await.expect(201);
    let petra = r.id();
    assert_eq!(r.result()["role"], "planner");
    app.post("/account", json!({"name": "PETRA", "role": "reader"})).await.expect_problem(409, "duplicate_code");
    app.post("/account", json!({"name": "x", "role": "root"})).await.expect_problem(422, "out_of_range");
    let r = app.post("/token", json!({"account": petra, "label": "laptop", "expiresInDays": 30})).await.expect(201);
    let token = r.result()["token"].as_str().unwrap().to_string();
    assert!(token.starts_with("sp_") && token.len() > 50);
    assert!(r.result()["expiresAt"].is_string());
    let profile = app.request_with(Some(&token), Method::GET, "/api/v1/profile", None).await.expect(200);
    assert_eq!(profile.result()["name"], "petra");
    assert_eq!(profile.result()["role"], "planner");
    // The listing never shows the secret.
    let list = app.get("/token").await.expect(200);
    assert!(!list.body.to_string().contains(token.splitn(3, '_').nth(2).unwrap()));
    app.post("/token", json!({"account": 9999})).await.expect_problem(422, "unknown_reference");
}

/// Sends `GET /grade` up to `tries` times, one after the other; the first
/// refusal (a 429 `rate_limited` problem), if any.
async fn first_refusal(app: &TestApp, tries: usize) -> Option<crate::helpers::Resp> {
    for _ in 0..tries {
        let r = app.get("/grade").await;
        if r.status == 429 {
            return Some(r.expect_problem(429, "rate_limited"));
        }
    }
    None
}

#[tokio::test]
async fn rate_limit_answers_429_with_retry_after() {
    let app = TestApp::spawn_with(AppConfig {
        rate_limit: std::num::NonZeroU32::new(1),
        rate_burst: std::num::NonZeroU32::new(2).unwrap(),
        ..TestApp::config()
    })
    .await;
    let r = first_refusal(&app, 10).await.expect("the limit of 1/s (burst 2) is hit within 10 requests");
    assert!(r.header("retry-after").unwrap().parse::<u64>().unwrap() >= 1);
    // Another token has its own budget.
    let other = app.token_for("other", Role::Reader).await;
    app.request_with(Some(&other), Method::GET, "/api/v1/grade", None).await.expect(200);
}

#[tokio::test]
async fn a_burst_of_300_requests_passes_the_default_rate_limit() {
    // The existing client's thesis import sends 124 saves at once; with the
    // default limit (50/s) the bucket holds 300, so none of them is refused.
    let app = TestApp::spawn_with(TestApp::config()).await;
    let all = (0..300).map(|_| app.get("/grade"));
    let statuses: Vec<u16> = futures::future::join_all(all).await.iter().map(|r| r.status).collect();
    assert!(statuses.iter().all(|s| *s == 200), "refused: {}", statuses.iter().filter(|s| **s != 200).count());
    // Beyond the bucket the rate holds: soon a 429 with Retry-After.
    let r = first_refusal(&app, 3000).await.expect("the bucket runs empty");
    assert!(r.header("retry-after").is_some_and(|s| s.parse::<u64>().is_ok_and(|n| n >= 1)));
}

#[tokio::test]
async fn security_headers_on_api_responses() {
    let app = TestApp::spawn().await;
    for r in [app.get("/grade").await, app.get("/grade/999").await] {
        assert_eq!(r.header("x-content-type-options"), Some("nosniff"));
        assert_eq!(r.header("cache-control"), Some("no-store"));
        assert!(r.header("content-security-policy").unwrap().contains("default-src 'none'"));
        assert!(r.header("access-control-allow-origin").is_none(), "CORS is off by default");
    }
}

/// Holds the write lock of the database the app runs on until dropped, so a
/// writing request waits (SQLite: `BEGIN IMMEDIATE`; PostgreSQL: a table lock).
async fn lock_grades(app: &TestApp) -> schoolplan::store::Conn {
    let mut tx = app.store.begin().await.unwrap();
    if app.store.backend() == schoolplan::store::Backend::Postgres {
        tx.execute_with_id("LOCK TABLE grade IN EXCLUSIVE MODE -- $1", 0).await.ok();
    }
    tx
}

#[tokio::test]
async fn request_timeout_answers_503_and_changes_nothing() {
    let app = TestApp::spawn_with(AppConfig {
        request_timeout: Duration::from_millis(300),
        rate_limit: None,
        ..TestApp::config()
    })
    .await;
    let lock = lock_grades(&app).await;
    let r = app.post("/grade", json!({"code": "G1", "description": "x"})).await;
    drop(lock);
    r.expect_problem(503, "unavailable");
    // The request's write (a task of its own) could go on once the lock is
    // free; given up by its timeout, it must not save anything.
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(app.get("/grade").await.expect(200).result(), &json!([]));
    app.post("/grade", json!({"code": "G1", "description": "x"})).await.expect(201);
}

#[tokio::test]
async fn graceful_shutdown_lets_an_in_flight_request_finish() {
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let app = TestApp::spawn_until(AppConfig { rate_limit: None, ..TestApp::config() }, async move {
        let _ = stopped.await;
    })
    .await;
    let lock = lock_grades(&app).await;
    let client = app.client.clone();
    let (url, token) = (format!("{}/api/v1/grade", app.base), app.token.clone());
    let in_flight = tokio::spawn(async move {
        client
            .post(url)
            .bearer_auth(token)
            .json(&json!({"code": "G1", "description": "x"}))
            .send()
            .await
            .map(|r| r.status().as_u16())
    });
    tokio::time::sleep(Duration::from_millis(200)).await;
    stop.send(()).unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    drop(lock);
    assert_eq!(in_flight.await.unwrap().unwrap(), 201, "the in-flight request completes");
    // New connections are refused once the server has stopped.
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(app.client.get(format!("{}/health", app.base)).send().await.is_err());
}

#[tokio::test]
async fn forbidden_requests_change_nothing() {
    let app = TestApp::spawn().await;
    let reader = app.token_for("rita", Role::Reader).await;
    let planner = app.token_for("paul", Role::Planner).await;
    let grade = json!({"code": "G1", "description": "x"});
    app.request_with(Some(&reader), Method::POST, "/api/v1/grade", Some(&grade)).await.expect_problem(403, "forbidden");
    app.request_with(Some(&planner), Method::POST, "/api/v1/account", Some(&json!({"name": "eve", "role": "admin"})))
        .await
        .expect_problem(403, "forbidden");
    assert_eq!(app.get("/grade").await.expect(200).result(), &json!([]));
    let names: Vec<_> =
        app.get("/account").await.result().as_array().unwrap().iter().map(|a| a["name"].clone()).collect();
    assert!(!names.contains(&json!("eve")));
    assert_eq!(app.get("/audit").await.expect(200).result(), &json!([]));
}

#[tokio::test]
async fn cors_only_for_configured_origins() {
    let app = TestApp::spawn_with(AppConfig {
        rate_limit: None,
        cors_origins: vec!["https://planner.example.ch".into()],
        ..TestApp::config()
    })
    .await;
    let preflight = app
        .client
        .request(Method::OPTIONS, format!("{}/api/v1/teacher", app.base))
        .header("origin", "https://planner.example.ch")
        .header("access-control-request-method", "PUT")
        .header("access-control-request-headers", "authorization, if-match")
        .send()
        .await
        .unwrap();
    assert_eq!(preflight.headers().get("access-control-allow-origin").unwrap(), "https://planner.example.ch");
    let r = app
        .client
        .get(format!("{}/api/v1/grade", app.base))
        .bearer_auth(&app.token)
        .header("origin", "https://planner.example.ch")
        .send()
        .await
        .unwrap();
    let exposed = r.headers().get("access-control-expose-headers").unwrap().to_str().unwrap().to_lowercase();
    for h in ["etag", "location", "x-request-id"] {
        assert!(exposed.contains(h), "{h} exposed: {exposed}");
    }
    let other = app
        .client
        .get(format!("{}/api/v1/grade", app.base))
        .bearer_auth(&app.token)
        .header("origin", "https://evil.example")
        .send()
        .await
        .unwrap();
    assert!(other.headers().get("access-control-allow-origin").is_none());
}
