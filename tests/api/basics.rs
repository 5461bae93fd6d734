//! Health, version, unknown paths, methods, content types and malformed bodies.

use reqwest::Method;
use serde_json::json;

use crate::helpers::TestApp;

#[tokio::test]
async fn health_and_version() {
    let app = TestApp::spawn().await;
    let r = app.request(Method::GET, "/health", None).await.expect(200);
    assert_eq!(r.body, json!({"status": "ok"}));
    let r = app.get("/version").await.expect(200);
    assert_eq!(r.header("content-type"), Some("application/json"));
    assert_eq!(r.result()["name"], "schoolplan");
    assert_eq!(r.result()["apiVersion"], "v1");
    assert_eq!(r.result()["version"], env!("CARGO_PKG_VERSION"));
    assert!(r.header("x-request-id").is_some_and(|v| !v.is_empty()));
}

#[tokio::test]
async fn unknown_path_is_404_problem_and_wrong_method_is_405_with_allow() {
    let app = TestApp::spawn().await;
    app.get("/nonsense").await.expect_problem(404, "not_found");
    let r = app.request(Method::PATCH, "/api/v1/teacher", None).await.expect_problem(405, "method_not_allowed");
    let allow = r.header("allow").unwrap_or_default().to_string();
    assert!(allow.contains("GET") && allow.contains("POST"), "Allow: {allow}");
    assert_eq!(r.body["status"], 405);
    assert_eq!(r.body["type"], "about:blank");
    assert_eq!(r.body["title"], "Method Not Allowed");
}

#[tokio::test]
async fn bad_bodies_are_rejected_and_change_nothing() {
    let app = TestApp::spawn().await;
    for path in ["/api/v1/grade", "/api/v1/teacher"] {
        app.raw(Method::POST, path, Some("text/plain"), b"{}".to_vec())
            .await
            .expect_problem(415, "unsupported_media_type");
        app.raw(Method::POST, path, None, b"{}".to_vec()).await.expect_problem(415, "unsupported_media_type");
        app.raw(Method::POST, path, Some("application/json"), b"{\"code\": ".to_vec())
            .await
            .expect_problem(400, "malformed_json");
        app.raw(Method::POST, path, Some("application/json"), b"[1,2]".to_vec())
            .await
            .expect_problem(400, "body_not_object");
        app.raw(Method::POST, path, Some("application/json; charset=utf-8"), b"\"x\"".to_vec())
            .await
            .expect_problem(400, "body_not_object");
    }
    assert_eq!(app.get("/grade").await.expect(200).result(), &json!([]));
    assert_eq!(app.get("/teacher").await.expect(200).result(), &json!([]));
}

#[tokio::test]
async fn body_over_two_mib_is_413() {
    let app = TestApp::spawn().await;
    let big = format!("{{\"code\": \"x\", \"description\": \"{}\"}}", "a".repeat(2 * 1024 * 1024 + 10));
    app.raw(Method::POST, "/api/v1/grade", Some("application/json"), big.into_bytes())
        .await
        .expect_problem(413, "payload_too_large");
}

#[tokio::test]
async fn bad_path_ids() {
    let app = TestApp::spawn().await;
    app.get("/teacher/abc").await.expect_problem(400, "invalid_path_id");
    app.get("/teacher/0").await.expect_problem(400, "invalid_path_id");
    app.get("/teacher/999").await.expect_problem(404, "not_found");
}

/// Every list costs the same number of statements however many rows it has
/// (embedded references are loaded in batches).
#[tokio::test]
async fn lists_use_a_fixed_number_of_queries() {
    let app = TestApp::spawn().await;
    let w = crate::fixtures::World::new(&app).await;
    let lists = [
        "/teacher".to_string(),
        format!("/teacher?schoolYear={}", w.year),
        "/subject".into(),
        "/schoolclass".into(),
        format!("/schoolclass?schoolYear={}", w.year),
        "/curriculum".into(),
        "/division".into(),
        "/schoolyear".into(),
        format!("/employment?schoolYear={}", w.year),
        "/grade".into(),
    ];
    let measure = |path: String| {
        let app = &app;
        async move {
            let before = app.store.statement_count();
            let r = app.get(&path).await.expect(200);
            (app.store.statement_count() - before, r.result().as_array().unwrap().len())
        }
    };
    let mut small = Vec::new();
    for p in &lists {
        small.push(measure(p.clone()).await);
    }
    // Grow everything.
    let cat = app.create("/subjectcategory", json!({"code": "BIO", "description": "Biologie"})).await;
    for i in 0..5 {
        let t = app
            .create(
                "/teacher",
                json!({"code": format!("t{i}"), "firstName": "F", "lastName": "L", "departments": [cat]}),
            )
            .await;
        crate::fixtures::employment(&app, t, w.year).await;
        crate::fixtures::school_class(&app, &format!("G27x{i}"), w.gym.id, w.division, 2027).await;
        crate::fixtures::subject(&app, &format!("S{i}"), false).await;
        crate::fixtures::curriculum(&app, &format!("C{i}"), &[&format!("CG{i}")]).await;
        crate::fixtures::division(&app, &format!("DV{i}")).await;
        crate::fixtures::school_year(&app, &format!("Y{i}"), 2040 + i, false, false).await;
    }
    for (p, (count, rows)) in lists.iter().zip(small) {
        let (count2, rows2) = measure(p.clone()).await;
        assert!(rows2 > rows, "{p} grew: {rows} -> {rows2}");
        assert_eq!(count, count2, "{p}: {count} statements for {rows} rows, {count2} for {rows2}");
    }
}
