//! `/subject`.

use serde_json::{json, Value};

use crate::fixtures;
use crate::helpers::TestApp;

fn codes(list: &Value) -> Vec<String> {
    list.as_array().unwrap().iter().map(|x| x["code"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn subject_create_get_list_save_delete() {
    let app = TestApp::spawn().await;
    let cat = app.create("/subjectcategory", json!({"code": "BIO", "description": "Biologie"})).await;
    let core = app.create("/subjecttype", json!({"code": "GF", "description": "Grundlagenfach"})).await;
    let major = app.create("/subjecttype", json!({"code": "SF", "description": "Schwerpunktfach"})).await;

    let r = app
        .post(
            "/subject",
            json!({"code": " SF B ", "description": "Schwerpunktfach Biologie", "category": {"id": cat, "code": "ignored"},
                   "type": major.to_string(), "crossClass": "true", "eventoCode": "SFB", "id": 999}),
        )
        .await
        .expect(201);
    let sfb = r.id();
    assert_eq!(r.header("location"), Some(format!("/api/v1/subject/{sfb}").as_str()));
    assert_eq!(
        r.result(),
        &json!({"id": sfb, "archived": false, "category": {"id": cat, "code": "BIO", "description": "Biologie"},
                "code": "SF B", "description": "Schwerpunktfach Biologie",
                "type": {"id": major, "code": "SF", "description": "Schwerpunktfach"},
                "crossClass": true, "externalCode": "SFB", "classLesson": false})
    );
    assert_eq!(app.get(&format!("/subject/{sfb}")).await.expect(200).result(), r.result());

    let deu = app.create("/subjectcategory", json!({"code": "DEU", "description": "Deutsch"})).await;
    let d = app
        .create(
            "/subject",
            json!({"code": "d", "description": "Deutsch", "type": core, "category": deu, "externalCode": "DE"}),
        )
        .await;
    app.create(
        "/subject",
        json!({"code": "M", "description": "Mathematik", "type": {"id": core}, "category": deu, "archived": true}),
    )
    .await;
    // List form: no crossClass/externalCode; by code, case-insensitively.
    let list = app.get("/subject").await.expect(200);
    assert_eq!(codes(list.result()), ["d", "M", "SF B"]);
    assert_eq!(
        list.result()[0],
        json!({"id": d, "archived": false, "category": {"id": deu, "code": "DEU", "description": "Deutsch"},
               "code": "d", "description": "Deutsch",
               "type": {"id": core, "code": "GF", "description": "Grundlagenfach"}})
    );

    // Filters.
    assert_eq!(codes(app.get("/subject?crossClass").await.expect(200).result()), ["SF B"]);
    assert_eq!(codes(app.get("/subject?crossClass=true").await.expect(200).result()), ["SF B"]);
    assert_eq!(codes(app.get("/subject?crossClass=false").await.expect(200).result()), ["d", "M"]);
    assert_eq!(codes(app.get("/subject?archived=true").await.expect(200).result()), ["M"]);
    assert_eq!(codes(app.get("/subject?archived=false&crossClass=false").await.expect(200).result()), ["d"]);
    app.get("/subject?crossClass=yes").await.expect_problem(400, "invalid_query");

    // PUT sends back what GET returned, with changes; null clears optional fields.
    let mut put = app.get(&format!("/subject/{d}")).await.result().clone();
    put["externalCode"] = json!(null);
    put["category"] = json!(cat);
    put["archived"] = json!("true");
    let r = app.put(&format!("/subject/{d}"), put.clone()).await.expect(200);
    assert_eq!(r.result()["externalCode"], Value::Null);
    assert_eq!(r.result()["category"]["code"], "BIO");
    assert_eq!(r.result()["archived"], true);
    put.as_object_mut().unwrap().remove("crossClass");
    app.put(&format!("/subject/{d}"), put).await.expect_problem(422, "missing_field");

    app.delete(&format!("/subject/{d}")).await.expect(204);
    app.get(&format!("/subject/{d}")).await.expect_problem(404, "not_found");
    app.delete(&format!("/subject/{d}")).await.expect_problem(404, "not_found");
    assert_eq!(codes(app.get("/subject").await.result()), ["M", "SF B"]);
}

#[tokio::test]
async fn subject_value_rules() {
    let app = TestApp::spawn().await;
    let core = app.create("/subjecttype", json!({"code": "GF", "description": "Grundlagenfach"})).await;
    let cat = app.create("/subjectcategory", json!({"code": "DEU", "description": "Deutsch"})).await;

    let r = app.post("/subject", json!({"crossClass": false})).await.expect_problem(422, "required");
    let pointers: Vec<_> =
        r.body["errors"].as_array().unwrap().iter().map(|e| e["pointer"].as_str().unwrap().to_string()).collect();
    assert_eq!(pointers, ["/category", "/code", "/description", "/type"]);
    // The category is required (docs/client.md §Disagreements): the client's overview fails on a subject without one; "" is no value.
    let r = app
        .post("/subject", json!({"code": "D", "description": "Deutsch", "type": core, "category": ""}))
        .await
        .expect_problem(422, "required");
    assert_eq!(r.body["errors"][0]["pointer"], "/category");

    let r = app
        .post("/subject", json!({"code": "D", "description": "Deutsch", "type": 9999, "category": 8888}))
        .await
        .expect_problem(422, "unknown_reference");
    let pointers: Vec<_> =
        r.body["errors"].as_array().unwrap().iter().map(|e| e["pointer"].as_str().unwrap().to_string()).collect();
    assert_eq!(pointers, ["/category", "/type"]);

    app.post("/subject", json!({"code": "D", "description": "Deutsch", "type": "GF", "category": cat}))
        .await
        .expect_problem(400, "invalid_type");
    app.post(
        "/subject",
        json!({"code": "D", "description": "Deutsch", "type": core, "category": cat, "crossClass": "maybe"}),
    )
    .await
    .expect_problem(400, "invalid_type");
    app.post("/subject", json!({"code": "D".repeat(41), "description": "Deutsch", "type": core, "category": cat}))
        .await
        .expect_problem(422, "too_long");

    let d = app.create("/subject", json!({"code": "D", "description": "Deutsch", "type": core, "category": cat})).await;
    app.post("/subject", json!({"code": " d ", "description": "again", "type": core, "category": cat}))
        .await
        .expect_problem(409, "duplicate_code");
    let e =
        app.create("/subject", json!({"code": "E", "description": "Englisch", "type": core, "category": cat})).await;
    app.put(
        &format!("/subject/{e}"),
        json!({"archived": false, "category": cat, "code": "D", "description": "x", "type": core,
                                              "crossClass": false, "externalCode": null, "classLesson": false}),
    )
    .await
    .expect_problem(409, "duplicate_code");
    app.put(
        "/subject/99999",
        json!({"archived": false, "category": cat, "code": "Z", "description": "x", "type": core,
                                      "crossClass": false, "externalCode": null, "classLesson": false}),
    )
    .await
    .expect_problem(404, "not_found");
    // The subject type and category of a subject cannot be deleted.
    app.delete(&format!("/subjectcategory/{cat}")).await.expect_problem(409, "referenced");
    let r = app.delete(&format!("/subjecttype/{core}")).await.expect_problem(409, "referenced");
    assert!(r.body["detail"].as_str().unwrap().contains("subject D"), "{}", r.body);
    app.get(&format!("/subject/{d}")).await.expect(200);
}

#[tokio::test]
async fn subject_used_by_a_course_cannot_be_deleted() {
    let app = TestApp::spawn().await;
    let core = app.create("/subjecttype", json!({"code": "GF", "description": "Grundlagenfach"})).await;
    let cat = app.create("/subjectcategory", json!({"code": "DEU", "description": "Deutsch"})).await;
    let d = app.create("/subject", json!({"code": "D", "description": "Deutsch", "type": core, "category": cat})).await;
    let year = fixtures::school_year(&app, "26/27", 2027, false, false).await;
    let fixtures::Curriculum { id: gym, grades } =
        fixtures::curriculum(&app, "GYM 17", &["GYM1", "GYM2", "GYM3", "GYM4"]).await;
    fixtures::course(&app, year, d, grades[0], gym, &[], &[]).await;

    let r = app.delete(&format!("/subject/{d}")).await.expect_problem(409, "referenced");
    assert!(r.body["detail"].as_str().unwrap().contains("course D GYM1 (26/27)"), "{}", r.body);
    app.get(&format!("/subject/{d}")).await.expect(200);
}
