//! The audit trail: every successful write is recorded with who, what and a
//! compact before/after; rejected writes leave no entry.

use reqwest::Method;
use schoolplan::auth::Role;
use serde_json::json;

use crate::helpers::TestApp;

#[tokio::test]
async fn writes_are_audited_with_changed_fields_and_filterable() {
    let app = TestApp::spawn().await;
    let planner = app.token_for("paula", Role::Planner).await;
    let body = json!({"code": "abc", "firstName": "Anna", "lastName": "Berg"});
    let id = app.request_with(Some(&planner), Method::POST, "/api/v1/teacher", Some(&body)).await.expect(201).id();
    let mut changed = body.clone();
    changed["lastName"] = json!("Brunner");
    for k in ["archived", "email", "birthday", "departments", "employeeNumber", "title", "gender"] {
        changed[k] = json!(null);
    }
    app.request_with(Some(&planner), Method::PUT, &format!("/api/v1/teacher/{id}"), Some(&changed)).await.expect(200);
    // Rejected writes leave no trace.
    app.request_with(Some(&planner), Method::POST, "/api/v1/teacher", Some(&body))
        .await
        .expect_problem(409, "duplicate_code");
    app.request_with(Some(&planner), Method::DELETE, &format!("/api/v1/teacher/{id}"), None).await.expect(204);
    let grade = app.create("/grade", json!({"code": "G1", "description": "x"})).await;

    let all = app.get("/audit").await.expect(200);
    let entries = all.result().as_array().unwrap();
    assert_eq!(entries.len(), 4, "{}", all.body);
    // Newest first.
    assert_eq!((entries[0]["objectType"].as_str(), entries[0]["objectId"].as_i64()), (Some("grade"), Some(grade)));
    assert_eq!(entries[0]["accountName"], "test-admin");
    let teacher = app.get(&format!("/audit?objectType=teacher&objectId={id}")).await.expect(200);
    let t = teacher.result().as_array().unwrap();
    assert_eq!(t.len(), 3);
    assert_eq!(t[2]["method"], "POST");
    assert_eq!(t[2]["accountName"], "paula");
    assert_eq!(t[2]["changes"]["after"]["code"], "abc");
    assert_eq!(t[1]["method"], "PUT");
    assert_eq!(t[1]["path"], format!("/api/v1/teacher/{id}"));
    assert_eq!(t[1]["changes"], json!({"before": {"lastName": "Berg"}, "after": {"lastName": "Brunner"}}));
    assert_eq!(t[0]["method"], "DELETE");
    assert_eq!(t[0]["changes"]["before"]["lastName"], "Brunner");
    // Time range.
    assert_eq!(app.get("/audit?from=2999-01-01").await.expect(200).result(), &json!([]));
    assert_eq!(app.get("/audit?to=2000-01-01T00:00:00Z").await.expect(200).result(), &json!([]));
    assert_eq!(app.get("/audit?from=2000-01-01").await.expect(200).result().as_array().unwrap().len(), 4);
    app.get("/audit?from=yesterday").await.expect_problem(400, "invalid_query");
}

#[tokio::test]
async fn merge_and_split_are_audited_per_course() {
    let app = TestApp::spawn().await;
    let w = crate::fixtures::World::new(&app).await;
    let a = w.course(&app, w.year, w.d, &[w.g27a]).await;
    let b = w.course(&app, w.year, w.d, &[w.g27b]).await;
    app.post("/course", json!({"merge": [a, b]})).await.expect(200);
    let merged = app.get(&format!("/audit?objectType=course&objectId={a}")).await.expect(200);
    let m = &merged.result()[0];
    assert_eq!(m["method"], "POST");
    assert_eq!(m["changes"]["before"]["schoolClasses"].as_array().unwrap().len(), 1);
    assert_eq!(m["changes"]["after"]["schoolClasses"].as_array().unwrap().len(), 2);
    let deleted = app.get(&format!("/audit?objectType=course&objectId={b}")).await.expect(200);
    assert_eq!(
        deleted.result()[0]["changes"]["after"],
        serde_json::Value::Null,
        "the merged-away course is recorded as deleted"
    );
    assert_eq!(deleted.result()[0]["changes"]["before"]["id"], b);

    let split = app.post("/course", json!({"split": a})).await.expect(200);
    let new_id = split.result()[1]["id"].as_i64().unwrap();
    let original = app.get(&format!("/audit?objectType=course&objectId={a}")).await.expect(200);
    assert_eq!(original.result()[0]["changes"]["after"]["schoolClasses"].as_array().unwrap().len(), 1);
    let created = app.get(&format!("/audit?objectType=course&objectId={new_id}")).await.expect(200);
    assert_eq!(created.result()[0]["changes"]["after"]["schoolClasses"][0]["code"], "G27b");
    assert!(created.result()[0]["changes"].get("before").is_none());
}
