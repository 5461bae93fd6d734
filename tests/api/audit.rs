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
    for k in ["archived", "email", "birthday", "departments", "employeeNumber", "title"] {
        changed[k] = json!(null);
    }
    app.request_with(Some(&planner), Method::PUT, &format!("/api/v1/teacher/{id}"), Some(&changed)).await.expect(200);
    // Rejected writes leave no trace.
    app.request_with(Some(&planner), Method::POST, "/api/v1/teacher", Some(&body)).await.expect_problem(409, "duplicate_code");
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
