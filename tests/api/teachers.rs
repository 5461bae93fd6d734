//! `/teacher`.

use serde_json::json;

use crate::helpers::TestApp;

fn anna() -> serde_json::Value {
    json!({"code": "abc", "firstName": "Anna", "lastName": "Berg", "email": "anna.berg@example.ch",
           "birthday": "1970-03-01", "employeeNumber": "4711", "title": "Dr."})
}

#[tokio::test]
async fn teacher_create_get_list_save_delete() {
    let app = TestApp::spawn().await;
    let cat = app.create("/subjectcategory", json!({"code": "BIO", "description": "Biologie"})).await;
    let mut body = anna();
    body["departments"] = json!([{"id": cat, "code": "ignored"}]);
    let r = app.post("/teacher", body).await.expect(201);
    let id = r.id();
    assert_eq!(
        r.result(),
        &json!({"id": id, "archived": false, "code": "abc", "firstName": "Anna", "lastName": "Berg",
                "email": "anna.berg@example.ch", "birthday": "1970-03-01",
                "departments": [{"id": cat, "code": "BIO", "description": "Biologie"}],
                "employeeNumber": "4711", "title": "Dr.", "gender": null})
    );
    app.create("/teacher", json!({"code": "Zed", "firstName": "Z", "lastName": "Z"})).await;
    let list = app.get("/teacher").await.expect(200);
    assert_eq!(
        list.result()[0],
        json!({"id": id, "archived": false, "code": "abc", "lastName": "Berg", "firstName": "Anna", "email": "anna.berg@example.ch"})
    );
    assert_eq!(list.result()[1]["code"], "Zed");
    assert_eq!(list.result()[1]["email"], serde_json::Value::Null);

    // PUT replaces; explicit null clears; archived can be set.
    let mut put = r.result().clone();
    put["email"] = json!(null);
    put["archived"] = json!("true");
    put["departments"] = json!([]);
    let r = app.put(&format!("/teacher/{id}"), put).await.expect(200);
    assert_eq!(r.result()["email"], serde_json::Value::Null);
    assert_eq!(r.result()["archived"], true);
    assert_eq!(r.result()["departments"], json!([]));
    assert_eq!(app.get("/teacher?archived=true").await.result().as_array().unwrap().len(), 1);
    assert_eq!(app.get("/teacher?archived=false").await.result()[0]["code"], "Zed");
    app.get("/teacher?archived=maybe").await.expect_problem(400, "invalid_query");

    app.delete(&format!("/teacher/{id}")).await.expect(204);
    app.get(&format!("/teacher/{id}")).await.expect_problem(404, "not_found");
}

#[tokio::test]
async fn teacher_value_rules() {
    let app = TestApp::spawn().await;
    let r = app
        .post("/teacher", json!({"code": "x", "firstName": "A", "lastName": "B", "email": "not-an-email", "birthday": "2999-01-01", "departments": [999]}))
        .await
        .expect(422);
    let codes: Vec<_> = r.body["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["pointer"].as_str().unwrap().to_string(), e["code"].as_str().unwrap().to_string()))
        .collect();
    assert_eq!(codes, [("/email".into(), "invalid_email".into()), ("/birthday".into(), "date_in_future".to_string())]);
    app.post("/teacher", json!({"code": "x", "firstName": "A", "lastName": "B", "birthday": "2001-02-30"}))
        .await
        .expect_problem(422, "invalid_date");
    let r = app
        .post("/teacher", json!({"code": "x", "firstName": "A", "lastName": "B", "departments": [999]}))
        .await
        .expect_problem(422, "unknown_reference");
    assert_eq!(r.body["errors"][0]["pointer"], "/departments/0");
    app.post("/teacher", json!({"code": "x", "firstName": "A", "lastName": "B", "departments": [1, 1]}))
        .await
        .expect_problem(422, "duplicate_entry");
    app.post("/teacher", json!({"code": "x", "firstName": "A", "lastName": "B", "departments": "BIO"}))
        .await
        .expect_problem(400, "invalid_type");
    app.post("/teacher", json!({"firstName": "A", "lastName": "B"})).await.expect_problem(422, "required");
    app.post("/teacher", anna()).await.expect(201);
    app.post("/teacher", json!({"code": " ABC ", "firstName": "A", "lastName": "B"}))
        .await
        .expect_problem(409, "duplicate_code");
    app.get("/teacher?schoolYear=abc").await.expect_problem(400, "invalid_query");
    app.get("/teacher?schoolYear=12345").await.expect_problem(404, "not_found");
    assert_eq!(app.get("/teacher").await.result().as_array().unwrap().len(), 1);
}
