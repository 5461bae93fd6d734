//! `/schoolyear`: value ranges, tolerant numbers, two uniqueness rules, order, filter, PUT, delete.

use schoolplan::domain::ids::SchoolYearId;
use serde_json::{json, Value};

use crate::helpers::TestApp;

fn year(code: &str, graduation_year: i64) -> Value {
    json!({"code": code, "description": format!("Schuljahr {code}"), "graduationYear": graduation_year, "weeks": 38})
}

#[tokio::test]
async fn school_year_create_get_list_save_delete() {
    let app = TestApp::spawn().await;
    // Numbers and booleans as strings are accepted (browser form values).
    let body = json!({"id": 999, "code": " 26/27 ", "description": "Schuljahr 2026/27", "graduationYear": "2027",
                      "weeks": "38", "ageReliefIncluded": "true", "finalised": "false", "junk": 1});
    // Numeric strings are plain (as the OpenAPI document's pattern says): no spaces, no exponent.
    for weeks in [" 38 ", "3.8e1", "+38"] {
        let mut bad = body.clone();
        bad["weeks"] = json!(weeks);
        app.post("/schoolyear", bad).await.expect_problem(400, "invalid_type");
    }
    let r = app.post("/schoolyear", body).await.expect(201);
    let id = r.id();
    assert_ne!(id, 999);
    assert_eq!(r.header("location"), Some(format!("/api/v1/schoolyear/{id}").as_str()));
    // ageReliefIncluded is read-only now: it follows the calculation mode (docs/workload.md §Setup).
    let single = json!({"id": id, "ageReliefIncluded": false, "archived": false, "code": "26/27",
                        "description": "Schuljahr 2026/27", "finalised": false, "graduationYear": 2027, "weeks": 38,
                        "calculationMode": {"id": 1, "code": "percent", "description": "Prozent"},
                        "smallGroupSurcharge": 2, "weeklyLessons": {}, "showIpbBalances": true});
    assert_eq!(r.result(), &single);
    assert_eq!(app.get(&format!("/schoolyear/{id}")).await.expect(200).result(), &single);

    // Booleans default to false; the list (= single form) is ordered by graduation year.
    let old = app.post("/schoolyear", year("24/25", 2025)).await.expect(201);
    assert_eq!(
        (old.result()["archived"].clone(), old.result()["ageReliefIncluded"].clone()),
        (json!(false), json!(false))
    );
    let old = old.id();
    app.create("/schoolyear", year("25/26", 2026)).await;
    let list = app.get("/schoolyear").await.expect(200);
    let codes: Vec<_> = list.result().as_array().unwrap().iter().map(|y| y["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["24/25", "25/26", "26/27"]);
    assert_eq!(list.result()[2], single);

    // PUT replaces every writable field: archive the old year, finalise this one.
    let mut put = app.get(&format!("/schoolyear/{old}")).await.result().clone();
    put["archived"] = json!(true);
    app.put(&format!("/schoolyear/{old}"), put).await.expect(200);
    let mut put = single.clone();
    put["finalised"] = json!(true);
    put["weeks"] = json!(39);
    put["calculationMode"] = json!(101);
    let r = app.put(&format!("/schoolyear/{id}"), put.clone()).await.expect(200);
    assert_eq!(r.result()["finalised"], true);
    assert_eq!(r.result()["weeks"], 39);
    assert_eq!(r.result()["ageReliefIncluded"], true);
    // A new year copies weeks, mode, surcharge and weekly lessons from the latest earlier one.
    let later =
        app.post("/schoolyear", json!({"code": "27/28", "description": "x", "graduationYear": 2028})).await.expect(201);
    assert_eq!(
        (
            later.result()["weeks"].clone(),
            later.result()["calculationMode"]["id"].clone(),
            later.result()["smallGroupSurcharge"].clone()
        ),
        (json!(39), json!(101), json!(2))
    );
    app.delete(&format!("/schoolyear/{}", later.id())).await.expect(204);
    put["calculationMode"] = json!(1);
    // A locked (finalised) year itself can still be changed: that is how it is unlocked.
    put["finalised"] = json!(false);
    assert_eq!(app.put(&format!("/schoolyear/{id}"), put).await.expect(200).result()["finalised"], false);

    // ?archived= filter.
    let archived = app.get("/schoolyear?archived=true").await.expect(200);
    assert_eq!(
        archived.result().as_array().unwrap().iter().map(|y| y["code"].clone()).collect::<Vec<_>>(),
        [json!("24/25")]
    );
    let active = app.get("/schoolyear?archived=false").await.expect(200);
    assert_eq!(active.result().as_array().unwrap().len(), 2);
    app.get("/schoolyear?archived=yes").await.expect_problem(400, "invalid_query");

    // PUT needs every writable field.
    let r = app.put(&format!("/schoolyear/{id}"), year("26/27", 2027)).await.expect_problem(422, "missing_field");
    let pointers: Vec<_> =
        r.body["errors"].as_array().unwrap().iter().map(|e| e["pointer"].as_str().unwrap().to_string()).collect();
    assert_eq!(
        pointers,
        ["/archived", "/finalised", "/calculationMode", "/smallGroupSurcharge", "/weeklyLessons", "/showIpbBalances"]
    );

    app.delete(&format!("/schoolyear/{old}")).await.expect(204);
    app.get(&format!("/schoolyear/{old}")).await.expect_problem(404, "not_found");
    assert_eq!(app.get("/schoolyear").await.result().as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn school_year_value_rules() {
    let app = TestApp::spawn().await;
    for (field, value) in [
        ("graduationYear", json!(1899)),
        ("graduationYear", json!(2201)),
        ("graduationYear", json!("2201")),
        ("weeks", json!(0)),
        ("weeks", json!(54)),
        ("weeks", json!(-1)),
    ] {
        let mut body = year("X", 2027);
        body[field] = value.clone();
        let r = app.post("/schoolyear", body).await;
        assert_eq!((r.status, r.code()), (422, "out_of_range"), "{field} = {value}: {}", r.body);
        assert_eq!(r.body["errors"][0]["pointer"], format!("/{field}"));
    }
    // The bounds themselves are allowed.
    for (code, gy, weeks) in [("A", 1900, 1), ("B", 2200, 53)] {
        let r = app
            .post("/schoolyear", json!({"code": code, "description": "d", "graduationYear": gy, "weeks": weeks}))
            .await
            .expect(201);
        assert_eq!((r.result()["graduationYear"].as_i64(), r.result()["weeks"].as_i64()), (Some(gy), Some(weeks)));
    }
    // Not a whole number, or not a number at all: 400.
    let mut body = year("X", 2027);
    body["weeks"] = json!(38.5);
    app.post("/schoolyear", body).await.expect_problem(400, "invalid_type");
    let mut body = year("X", 2027);
    body["graduationYear"] = json!("twenty");
    app.post("/schoolyear", body).await.expect_problem(400, "invalid_type");
    let mut body = year("X", 2027);
    body["finalised"] = json!("maybe");
    app.post("/schoolyear", body).await.expect_problem(400, "invalid_type");
    // Required fields: all named (weeks is copied from the latest earlier year when absent).
    let r = app.post("/schoolyear", json!({"code": "", "graduationYear": null})).await.expect_problem(422, "required");
    let pointers: Vec<_> =
        r.body["errors"].as_array().unwrap().iter().map(|e| e["pointer"].as_str().unwrap().to_string()).collect();
    assert_eq!(pointers, ["/code", "/description", "/graduationYear"]);
    assert_eq!(app.get("/schoolyear").await.result().as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn school_year_code_and_graduation_year_are_unique() {
    let app = TestApp::spawn().await;
    let a = app.create("/schoolyear", year("26/27", 2027)).await;
    let b = app.create("/schoolyear", year("27/28", 2028)).await;
    app.post("/schoolyear", year(" 26/27 ", 2030)).await.expect_problem(409, "duplicate_code");
    let mut upper = year("sj26", 2031);
    app.create("/schoolyear", upper.clone()).await;
    upper["graduationYear"] = json!(2032);
    upper["code"] = json!("SJ26");
    app.post("/schoolyear", upper).await.expect_problem(409, "duplicate_code");
    let r = app.post("/schoolyear", year("XX", 2027)).await.expect_problem(409, "duplicate_graduation_year");
    assert!(r.body["detail"].as_str().unwrap().contains("graduation year"), "{}", r.body);

    let full = |code: &str, gy: i64| {
        json!({"code": code, "description": "d", "graduationYear": gy, "weeks": 38, "archived": false, "finalised": false,
               "calculationMode": 1, "smallGroupSurcharge": 2, "weeklyLessons": {}, "showIpbBalances": true})
    };
    app.put(&format!("/schoolyear/{b}"), full("26/27", 2028)).await.expect_problem(409, "duplicate_code");
    app.put(&format!("/schoolyear/{b}"), full("27/28", 2027)).await.expect_problem(409, "duplicate_graduation_year");
    // Keeping its own code and year is no clash.
    app.put(&format!("/schoolyear/{a}"), full("26/27", 2027)).await.expect(200);

    app.get("/schoolyear/9999").await.expect_problem(404, "not_found");
    app.put("/schoolyear/9999", full("ZZ", 2100)).await.expect_problem(404, "not_found");
    app.delete("/schoolyear/9999").await.expect_problem(404, "not_found");
}

#[tokio::test]
async fn referenced_school_year_cannot_be_deleted() {
    let app = TestApp::spawn().await;
    let y = app.create("/schoolyear", year("26/27", 2027)).await;
    let div = app.create("/division", json!({"code": "GYM", "description": "Gymnasium"})).await;
    let t = app.create("/teacher", json!({"code": "abc", "firstName": "Anna", "lastName": "Berg"})).await;
    app.sql(&format!("INSERT INTO employment (teacher_id, school_year_id, division_id) VALUES ({t}, {y}, {div})"))
        .await;
    let r = app.delete(&format!("/schoolyear/{y}")).await.expect_problem(409, "referenced");
    let detail = r.body["detail"].as_str().unwrap();
    assert!(detail.contains("26/27") && detail.contains("employment abc"), "{detail}");
    app.sql("DELETE FROM employment").await;

    let grade = app.create("/grade", json!({"code": "GYM1", "description": "1. Klasse"})).await;
    let cur = app.create("/curriculum", json!({"code": "GYM 17", "description": "Gymnasium", "grades": [grade]})).await;
    let kind = app.create("/subjecttype", json!({"code": "GF", "description": "Grundlagenfach"})).await;
    let subject = app
        .sql(&format!("INSERT INTO subject (code, code_key, description, type_id) VALUES ('D', 'd', 'Deutsch', {kind}) RETURNING id"))
        .await
        .unwrap();
    app.sql(&format!(
        "INSERT INTO course (school_year_id, subject_id, grade_id, curriculum_id) VALUES ({y}, {subject}, {grade}, {cur})"
    ))
    .await;
    let r = app.delete(&format!("/schoolyear/{y}")).await.expect_problem(409, "referenced");
    assert!(r.body["detail"].as_str().unwrap().contains("course D"), "{}", r.body);
    app.get(&format!("/schoolyear/{y}")).await.expect(200);
    app.sql("DELETE FROM course").await;
    app.delete(&format!("/schoolyear/{y}")).await.expect(204);
}

#[tokio::test]
async fn school_year_locked_helper() {
    let app = TestApp::spawn().await;
    let open = app.create("/schoolyear", year("26/27", 2027)).await;
    let mut body = year("25/26", 2026);
    body["finalised"] = json!(true);
    let finalised = app.create("/schoolyear", body).await;
    let mut body = year("24/25", 2025);
    body["archived"] = json!(true);
    let archived = app.create("/schoolyear", body).await;
    let mut conn = app.store.conn().await.unwrap();
    assert_eq!(conn.school_year_locked(SchoolYearId(open)).await.unwrap(), Some(("26/27".to_string(), false)));
    assert_eq!(conn.school_year_locked(SchoolYearId(finalised)).await.unwrap(), Some(("25/26".to_string(), true)));
    assert_eq!(conn.school_year_locked(SchoolYearId(archived)).await.unwrap(), Some(("24/25".to_string(), true)));
    assert_eq!(conn.school_year_locked(SchoolYearId(9999)).await.unwrap(), None);
}
