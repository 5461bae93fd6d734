//! `/schoolclass`, including the grade of classes in a school year.

use serde_json::{json, Value};

use crate::fixtures;
use crate::helpers::TestApp;

fn codes(list: &Value) -> Vec<String> {
    list.as_array().unwrap().iter().map(|x| x["code"].as_str().unwrap().to_string()).collect()
}

fn class(code: &str, curriculum: i64, division: i64, graduation_year: i64) -> Value {
    json!({"archived": false, "code": code, "curriculum": curriculum, "division": division, "graduationYear": graduation_year})
}

#[tokio::test]
async fn school_class_create_get_list_save_delete() {
    let app = TestApp::spawn().await;
    let fixtures::Curriculum { id: gym, .. } =
        fixtures::curriculum(&app, "GYM 17", &["GYM1", "GYM2", "GYM3", "GYM4"]).await;
    let div = fixtures::division(&app, "GYM").await;
    let other_div = fixtures::division(&app, "FMS").await;

    let r = app
        .post(
            "/schoolclass",
            json!({"code": " G27b ", "curriculum": {"id": gym, "code": "ignored"}, "division": div.to_string(),
                   "graduationYear": "2027", "id": 999}),
        )
        .await
        .expect(201);
    let g27b = r.id();
    assert_eq!(r.header("location"), Some(format!("/api/v1/schoolclass/{g27b}").as_str()));
    let expected = json!({"id": g27b, "archived": false, "code": "G27b", "graduationYear": 2027,
                          "curriculum": {"id": gym, "archived": false, "code": "GYM 17", "description": "Lehrgang GYM 17"},
                          "division": {"id": div, "code": "GYM", "description": "Abteilung GYM"}});
    assert_eq!(r.result(), &expected);
    assert_eq!(app.get(&format!("/schoolclass/{g27b}")).await.expect(200).result(), &expected);

    app.create("/schoolclass", class("g27a", gym, div, 2027)).await;
    let g26 = app.create("/schoolclass", class("G26a", gym, div, 2026)).await;

    // Ordered by graduation year, then code (case-insensitively); list form = single form.
    let list = app.get("/schoolclass").await.expect(200);
    assert_eq!(codes(list.result()), ["G26a", "g27a", "G27b"]);
    assert_eq!(list.result()[2], expected);

    // PUT replaces; archived filter.
    let mut put = expected.clone();
    put["archived"] = json!(true);
    put["division"] = json!({"id": other_div});
    let r = app.put(&format!("/schoolclass/{g27b}"), put.clone()).await.expect(200);
    assert_eq!(r.result()["archived"], true);
    assert_eq!(r.result()["division"]["code"], "FMS");
    assert_eq!(codes(app.get("/schoolclass?archived=true").await.result()), ["G27b"]);
    assert_eq!(codes(app.get("/schoolclass?archived=false").await.result()), ["G26a", "g27a"]);
    put.as_object_mut().unwrap().remove("graduationYear");
    app.put(&format!("/schoolclass/{g27b}"), put).await.expect_problem(422, "missing_field");

    app.delete(&format!("/schoolclass/{g26}")).await.expect(204);
    app.get(&format!("/schoolclass/{g26}")).await.expect_problem(404, "not_found");
    app.delete(&format!("/schoolclass/{g26}")).await.expect_problem(404, "not_found");
    app.put(&format!("/schoolclass/{g26}"), class("G26a", gym, div, 2026)).await.expect_problem(404, "not_found");
}

#[tokio::test]
async fn school_class_value_rules() {
    let app = TestApp::spawn().await;
    let fixtures::Curriculum { id: gym, .. } =
        fixtures::curriculum(&app, "GYM 17", &["GYM1", "GYM2", "GYM3", "GYM4"]).await;
    let div = fixtures::division(&app, "GYM").await;

    let r = app.post("/schoolclass", json!({"archived": false})).await.expect_problem(422, "required");
    let pointers: Vec<_> =
        r.body["errors"].as_array().unwrap().iter().map(|e| e["pointer"].as_str().unwrap().to_string()).collect();
    assert_eq!(pointers, ["/code", "/curriculum", "/division", "/graduationYear"]);
    app.post("/schoolclass", class("G", gym, div, 1899)).await.expect_problem(422, "out_of_range");
    app.post("/schoolclass", class("G", gym, div, 2201)).await.expect_problem(422, "out_of_range");
    app.post("/schoolclass", json!({"code": "G", "curriculum": gym, "division": div, "graduationYear": "soon"}))
        .await
        .expect_problem(400, "invalid_type");
    let r = app.post("/schoolclass", class("G", 9999, 8888, 2027)).await.expect_problem(422, "unknown_reference");
    let pointers: Vec<_> =
        r.body["errors"].as_array().unwrap().iter().map(|e| e["pointer"].as_str().unwrap().to_string()).collect();
    assert_eq!(pointers, ["/curriculum", "/division"]);

    app.create("/schoolclass", class("G27a", gym, div, 2027)).await;
    app.post("/schoolclass", class(" g27A", gym, div, 2028)).await.expect_problem(409, "duplicate_code");
    assert_eq!(app.get("/schoolclass").await.result().as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn classes_of_a_school_year_carry_their_grade() {
    let app = TestApp::spawn().await;
    let fixtures::Curriculum { id: gym, grades: g } =
        fixtures::curriculum(&app, "GYM 17", &["GYM1", "GYM2", "GYM3", "GYM4"]).await;
    let fixtures::Curriculum { id: fms, grades: f } =
        fixtures::curriculum(&app, "FMS 18", &["FMS1", "FMS2", "FMS3"]).await;
    let div = fixtures::division(&app, "GYM").await;
    let y2627 = fixtures::school_year(&app, "26/27", 2027, false, false).await;
    let y2930 = fixtures::school_year(&app, "29/30", 2030, false, false).await;
    for (code, curriculum, year) in [
        ("G26a", gym, 2026),
        ("G27a", gym, 2027),
        ("G28b", gym, 2028),
        ("G28a", gym, 2028),
        ("G30a", gym, 2030),
        ("G31a", gym, 2031),
        ("F29a", fms, 2029),
        ("F30a", fms, 2030),
    ] {
        app.create("/schoolclass", class(code, curriculum, div, year)).await;
    }

    // docs/domain.md §Grade of a class in a school year: GYM 17 in 26/27 — G27a → GYM4, G30a → GYM1, G31a and G26a not in that year.
    let r = app.get(&format!("/schoolclass?schoolYear={y2627}")).await.expect(200);
    let got: Vec<(String, String)> = r
        .result()
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["code"].as_str().unwrap().to_string(), c["grade"]["code"].as_str().unwrap().to_string()))
        .collect();
    let want = [("G27a", "GYM4"), ("G28a", "GYM3"), ("G28b", "GYM3"), ("F29a", "FMS1"), ("G30a", "GYM1")];
    assert_eq!(got, want.map(|(a, b)| (a.to_string(), b.to_string())));
    let first = &r.result()[0];
    assert_eq!(first["grade"], json!({"id": g[3], "code": "GYM4", "description": "grade GYM4"}));
    assert_eq!(first["curriculum"]["code"], "GYM 17");
    assert_eq!(first["graduationYear"], 2027);
    assert_eq!(first["division"]["id"], div);

    // &grade= keeps the classes of that grade.
    assert_eq!(
        codes(app.get(&format!("/schoolclass?schoolYear={y2627}&grade={}", g[2])).await.expect(200).result()),
        ["G28a", "G28b"]
    );
    assert_eq!(
        codes(app.get(&format!("/schoolclass?schoolYear={y2627}&grade={}", f[0])).await.expect(200).result()),
        ["F29a"]
    );
    assert_eq!(
        app.get(&format!("/schoolclass?schoolYear={y2627}&grade={}", f[2])).await.expect(200).result(),
        &json!([])
    );
    // Another year: FMS 3-year curriculum, F30a graduates in 29/30.
    let r = app.get(&format!("/schoolclass?schoolYear={y2930}")).await.expect(200);
    assert_eq!(codes(r.result()), ["F30a", "G30a", "G31a"]);
    assert_eq!(r.result()[0]["grade"]["code"], "FMS3");
    assert_eq!(r.result()[2]["grade"]["code"], "GYM3");

    // The plain list has no grade.
    assert!(app.get("/schoolclass").await.result()[0].get("grade").is_none());

    // Bad and unknown query values.
    app.get("/schoolclass?schoolYear=abc").await.expect_problem(400, "invalid_query");
    app.get("/schoolclass?schoolYear=99999").await.expect_problem(404, "not_found");
    app.get(&format!("/schoolclass?schoolYear={y2627}&grade=99999")).await.expect_problem(404, "not_found");
    app.get(&format!("/schoolclass?grade={}", g[0])).await.expect_problem(400, "invalid_query");
}

#[tokio::test]
async fn class_used_by_a_course_cannot_be_deleted() {
    let app = TestApp::spawn().await;
    let fixtures::Curriculum { id: gym, grades: g } =
        fixtures::curriculum(&app, "GYM 17", &["GYM1", "GYM2", "GYM3", "GYM4"]).await;
    let div = fixtures::division(&app, "GYM").await;
    let year = fixtures::school_year(&app, "26/27", 2027, false, false).await;
    let core = app.create("/subjecttype", json!({"code": "GF", "description": "Grundlagenfach"})).await;
    let cat = app.create("/subjectcategory", json!({"code": "ALLG", "description": "Allgemein"})).await;
    let d = app.create("/subject", json!({"code": "D", "description": "Deutsch", "type": core, "category": cat})).await;
    let g27a = app.create("/schoolclass", class("G27a", gym, div, 2027)).await;
    fixtures::course(&app, year, d, g[3], gym, &[g27a], &[]).await;

    let r = app.delete(&format!("/schoolclass/{g27a}")).await.expect_problem(409, "referenced");
    let detail = r.body["detail"].as_str().unwrap();
    assert!(detail.contains("G27a") && detail.contains("course D (26/27)"), "{}", r.body);
    app.get(&format!("/schoolclass/{g27a}")).await.expect(200);
}
