//! `/course`: create (class-based and cross-class), get, list with filters and
//! order, save, delete, merge and split, every course rule with its code,
//! bad input, locked school years, and that rejected requests change nothing.

use reqwest::Method;
use serde_json::{json, Value};

use crate::fixtures::{course_list, employment, set_year_flags, World};
use crate::helpers::TestApp;

fn ids(list: &Value) -> Vec<i64> {
    list.as_array().unwrap().iter().map(|c| c["id"].as_i64().unwrap()).collect()
}

fn class_codes(course: &Value) -> Vec<String> {
    course["schoolClasses"].as_array().unwrap().iter().map(|c| c["code"].as_str().unwrap().to_string()).collect()
}

fn teacher_codes(course: &Value, key: &str) -> Vec<String> {
    course[key].as_array().unwrap().iter().map(|t| t["code"].as_str().unwrap().to_string()).collect()
}

fn pointers(r: &crate::helpers::Resp) -> Vec<(String, String)> {
    r.body["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["pointer"].as_str().unwrap().to_string(), e["code"].as_str().unwrap().to_string()))
        .collect()
}

fn p(pointer: &str, code: &str) -> (String, String) {
    (pointer.to_string(), code.to_string())
}

#[tokio::test]
async fn create_class_based_course_get_and_list() {
    let app = TestApp::spawn().await;
    let w = World::new(&app).await;
    let r = app
        .post(
            "/course",
            json!({"schoolYear": {"id": w.year, "code": "ignored"}, "subject": w.d.to_string(), "schoolClasses": [w.g27b, {"id": w.g27a}],
                   "lessons1": "2.5", "lessons2": 3.2, "comments": "  Halbklassen  ", "cancelled": "false",
                   "teachers1": [w.def, w.abc], "teachers2": [{"id": w.abc}],
                   "id": 999, "crossClass": true, "unknown": [1, 2]}),
        )
        .await
        .expect(201);
    let id = r.id();
    assert_ne!(id, 999);
    assert_eq!(r.header("location"), Some(format!("/api/v1/course/{id}").as_str()));
    assert_eq!(r.header("content-type"), Some("application/json"));
    let gym4 = w.gym.grades[3];
    let division = json!({"id": w.division, "code": "GYM", "description": "Abteilung GYM"});
    let gym17 = json!({"id": w.gym.id, "archived": false, "code": "GYM 17", "description": "Lehrgang GYM 17"});
    let teacher = |id: i64, code: &str| json!({"id": id, "archived": false, "code": code, "lastName": format!("Last {code}"), "firstName": format!("First {code}"), "email": null});
    let subject_type = r.result()["subject"]["type"]["id"].clone();
    let category = crate::fixtures::lookup(&app, "subjectcategory", "ALLG").await;
    let expected = json!({
        "id": id,
        "cancelled": false,
        "comments": "Halbklassen",
        "crossClass": false,
        "curriculum": gym17,
        "grade": {"id": gym4, "code": "GYM4", "description": "grade GYM4"},
        "lessons1": 2.5,
        "lessons2": 3.2,
        "schoolClasses": [
            {"id": w.g27b, "archived": false, "code": "G27b", "graduationYear": 2027, "curriculum": gym17, "division": division},
            {"id": w.g27a, "archived": false, "code": "G27a", "graduationYear": 2027, "curriculum": gym17, "division": division},
        ],
        "schoolYear": {"id": w.year, "archived": false, "code": "26/27", "description": "Schuljahr 26/27", "graduationYear": 2027, "finalised": false,
                       "ageReliefIncluded": false},
        "subject": {"id": w.d, "archived": false, "category": {"id": category, "code": "ALLG", "description": "subjectcategory ALLG"}, "code": "D", "description": "Fach D",
                    "type": {"id": subject_type, "code": "GF", "description": "subjecttype GF"}},
        "teachers1": [teacher(w.def, "def"), teacher(w.abc, "abc")],
        "teachers2": [teacher(w.abc, "abc")],
        "smallGroup1": false,
        "smallGroup2": false,
        "open1": 0,
        "open2": 0,
    });
    assert_eq!(r.result(), &expected);
    assert_eq!(app.get(&format!("/course/{id}")).await.expect(200).result(), &expected);
    assert_eq!(course_list(&app, w.year).await, json!([expected]));
    assert_eq!(course_list(&app, w.prev_year).await, json!([]));

    // Defaults: lessons 0, not cancelled, no teachers, no comment; a given grade and curriculum that agree are fine.
    let r = app
        .post("/course", json!({"schoolYear": w.year, "subject": w.f, "schoolClasses": [w.g27a], "grade": gym4, "curriculum": w.gym.id}))
        .await
        .expect(201);
    let c = r.result();
    assert_eq!(
        (c["lessons1"].clone(), c["lessons2"].clone(), c["cancelled"].clone()),
        (json!(0), json!(0), json!(false))
    );
    assert_eq!(
        (c["teachers1"].clone(), c["teachers2"].clone(), c["comments"].clone()),
        (json!([]), json!([]), Value::Null)
    );
}

#[tokio::test]
async fn create_cross_class_course() {
    let app = TestApp::spawn().await;
    let w = World::new(&app).await;
    let gym3 = w.gym.grades[2];
    let r = app
        .post("/course", json!({"schoolYear": w.year, "subject": w.sf, "grade": gym3, "curriculum": w.gym.id, "schoolClasses": [], "teachers1": [w.abc]}))
        .await
        .expect(201);
    let c = r.result();
    assert_eq!(c["crossClass"], true);
    assert_eq!(c["schoolClasses"], json!([]));
    assert_eq!(c["grade"]["code"], "GYM3");
    assert_eq!(c["curriculum"]["code"], "GYM 17");
    assert_eq!(c["subject"]["code"], "SF B");
    let before = course_list(&app, w.year).await;

    let body = |extra: Value| {
        let mut b = json!({"schoolYear": w.year, "subject": w.sf, "grade": gym3, "curriculum": w.gym.id});
        for (k, v) in extra.as_object().unwrap() {
            b[k] = v.clone();
        }
        b
    };
    let r = app
        .post("/course", body(json!({"schoolClasses": [w.g27a]})))
        .await
        .expect_problem(422, "cross_class_with_classes");
    assert!(r.body["detail"].as_str().unwrap().contains("SF B"), "{}", r.body);
    assert_eq!(pointers(&r), [p("/schoolClasses", "cross_class_with_classes")]);
    let r = app.post("/course", body(json!({"grade": null, "curriculum": null}))).await.expect_problem(422, "required");
    assert_eq!(pointers(&r), [p("/grade", "required"), p("/curriculum", "required")]);
    app.post("/course", body(json!({"curriculum": null}))).await.expect_problem(422, "required");
    let r = app
        .post("/course", body(json!({"grade": w.fms.grades[0]})))
        .await
        .expect_problem(422, "grade_not_in_curriculum");
    assert!(
        r.body["detail"].as_str().unwrap().contains("FMS1") && r.body["detail"].as_str().unwrap().contains("GYM 17"),
        "{}",
        r.body
    );
    assert_eq!(course_list(&app, w.year).await, before);
}

#[tokio::test]
async fn class_rules_each_have_their_code() {
    let app = TestApp::spawn().await;
    let w = World::new(&app).await;
    let create = |classes: Vec<i64>, extra: Value| {
        let mut b = json!({"schoolYear": w.year, "subject": w.d, "schoolClasses": classes});
        for (k, v) in extra.as_object().unwrap() {
            b[k] = v.clone();
        }
        b
    };
    let r = app
        .post("/course", create(vec![w.g27a, w.g31a], json!({})))
        .await
        .expect_problem(422, "class_not_in_school_year");
    assert_eq!(pointers(&r), [p("/schoolClasses/1", "class_not_in_school_year")]);
    assert!(
        r.body["detail"].as_str().unwrap().contains("G31a") && r.body["detail"].as_str().unwrap().contains("26/27"),
        "{}",
        r.body
    );

    let r =
        app.post("/course", create(vec![w.g27a, w.g28a], json!({}))).await.expect_problem(422, "class_grade_mismatch");
    let detail = r.body["detail"].as_str().unwrap();
    assert!(
        detail.contains("G27a") && detail.contains("GYM4") && detail.contains("G28a") && detail.contains("GYM3"),
        "{detail}"
    );
    assert_eq!(pointers(&r), [p("/schoolClasses/1", "class_grade_mismatch")]);

    let r = app
        .post("/course", create(vec![w.g27a, w.h27a], json!({})))
        .await
        .expect_problem(422, "class_curriculum_mismatch");
    let detail = r.body["detail"].as_str().unwrap();
    assert!(detail.contains("GYM 17b") && detail.contains("H27a"), "{detail}");

    let r = app
        .post("/course", create(vec![w.g27a], json!({"grade": w.gym.grades[2]})))
        .await
        .expect_problem(422, "grade_mismatch");
    assert_eq!(pointers(&r), [p("/grade", "grade_mismatch")]);
    assert!(r.body["detail"].as_str().unwrap().contains("GYM4"), "{}", r.body);
    let r = app
        .post("/course", create(vec![w.g27a], json!({"curriculum": w.gym_b.id})))
        .await
        .expect_problem(422, "grade_mismatch");
    assert_eq!(pointers(&r), [p("/curriculum", "grade_mismatch")]);

    let r = app.post("/course", create(vec![], json!({}))).await.expect_problem(422, "required");
    assert_eq!(pointers(&r), [p("/schoolClasses", "required")]);
    app.post("/course", json!({"schoolYear": w.year, "subject": w.d})).await.expect_problem(422, "required");
    // A class in another year's grade: G31a is GYM1 in 30/31 only; F27a is FMS3 in 26/27.
    let r = app.post("/course", create(vec![w.f27a], json!({}))).await.expect(201);
    assert_eq!(r.result()["grade"]["code"], "FMS3");
    assert_eq!(r.result()["curriculum"]["code"], "FMS 18");
    assert_eq!(course_list(&app, w.year).await.as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn teacher_rules() {
    let app = TestApp::spawn().await;
    let w = World::new(&app).await;
    let body = |t1: Value, t2: Value| json!({"schoolYear": w.year, "subject": w.d, "schoolClasses": [w.g27a], "teachers1": t1, "teachers2": t2});
    let r =
        app.post("/course", body(json!([w.abc, w.xyz]), json!([]))).await.expect_problem(422, "teacher_not_employed");
    assert_eq!(pointers(&r), [p("/teachers1/1", "teacher_not_employed")]);
    let detail = r.body["detail"].as_str().unwrap();
    assert!(detail.contains("xyz") && detail.contains("26/27"), "{detail}");
    let r =
        app.post("/course", body(json!([]), json!([w.def, w.xyz]))).await.expect_problem(422, "teacher_not_employed");
    assert_eq!(pointers(&r), [p("/teachers2/1", "teacher_not_employed")]);
    let r = app.post("/course", body(json!([w.abc, w.abc]), json!([]))).await.expect_problem(422, "duplicate_entry");
    assert_eq!(pointers(&r), [p("/teachers1/1", "duplicate_entry")]);
    let r = app.post("/course", body(json!([]), json!([99999]))).await.expect_problem(422, "unknown_reference");
    assert_eq!(pointers(&r), [p("/teachers2/0", "unknown_reference")]);
    assert_eq!(course_list(&app, w.year).await, json!([]));
    // The same teacher in both semesters is fine; employment in another year is not enough.
    let only_prev = crate::fixtures::teacher(&app, "prv").await;
    employment(&app, only_prev, w.prev_year).await;
    app.post("/course", body(json!([only_prev]), json!([]))).await.expect_problem(422, "teacher_not_employed");
    employment(&app, only_prev, w.year).await;
    let r = app.post("/course", body(json!([w.abc, only_prev]), json!([w.abc]))).await.expect(201);
    assert_eq!(teacher_codes(r.result(), "teachers1"), ["abc", "prv"]);
}

#[tokio::test]
async fn bad_create_bodies_are_rejected_and_change_nothing() {
    let app = TestApp::spawn().await;
    let w = World::new(&app).await;
    w.course(&app, w.year, w.d, &[w.g27a]).await;
    let before = course_list(&app, w.year).await;
    let ok = json!({"schoolYear": w.year, "subject": w.f, "schoolClasses": [w.g27a]});
    let with = |k: &str, v: Value| {
        let mut b = ok.clone();
        b[k] = v;
        b
    };
    let without = |k: &str| {
        let mut b = ok.clone();
        b.as_object_mut().unwrap().remove(k);
        b
    };
    // Syntax and media type.
    app.raw(Method::POST, "/api/v1/course", Some("application/json"), b"{\"schoolYear\": ".to_vec())
        .await
        .expect_problem(400, "malformed_json");
    app.raw(Method::POST, "/api/v1/course", Some("application/json"), b"[1]".to_vec())
        .await
        .expect_problem(400, "body_not_object");
    app.raw(Method::POST, "/api/v1/course", Some("text/plain"), serde_json::to_vec(&ok).unwrap())
        .await
        .expect_problem(415, "unsupported_media_type");
    // Wrong types.
    for (k, v) in [
        ("schoolYear", json!("abc")),
        ("subject", json!(true)),
        ("schoolClasses", json!("G27a")),
        ("schoolClasses", json!([[1]])),
        ("lessons1", json!("two")),
        ("lessons2", json!([2])),
        ("cancelled", json!(5)),
        ("comments", json!(5)),
        ("teachers1", json!({"id": w.abc})),
        ("teachers2", json!(["x"])),
        ("grade", json!([1])),
    ] {
        app.post("/course", with(k, v.clone())).await.expect_problem(400, "invalid_type");
    }
    // Missing required fields.
    let r = app.post("/course", without("schoolYear")).await.expect_problem(422, "required");
    assert_eq!(pointers(&r), [p("/schoolYear", "required")]);
    app.post("/course", without("subject")).await.expect_problem(422, "required");
    app.post("/course", with("subject", Value::Null)).await.expect_problem(422, "required");
    // Out of range and too precise lessons.
    for (v, code) in [
        (json!(-2), "out_of_range"),
        (json!(-0.5), "out_of_range"),
        (json!(100), "out_of_range"),
        (json!("99.5"), "out_of_range"),
        (json!(1.23456), "too_precise"),
    ] {
        let r = app.post("/course", with("lessons1", v.clone())).await.expect_problem(422, code);
        assert_eq!(pointers(&r), [p("/lessons1", code)]);
        app.post("/course", with("lessons2", v)).await.expect_problem(422, code);
    }
    // Unknown ids in the body.
    for (k, v, pointer) in [
        ("schoolYear", json!(99999), "/schoolYear"),
        ("subject", json!(99999), "/subject"),
        ("schoolClasses", json!([w.g27a, 99999]), "/schoolClasses/1"),
        ("grade", json!(99999), "/grade"),
        ("curriculum", json!(99999), "/curriculum"),
        ("teachers1", json!([99999]), "/teachers1/0"),
    ] {
        let r = app.post("/course", with(k, v)).await.expect_problem(422, "unknown_reference");
        assert_eq!(pointers(&r), [p(pointer, "unknown_reference")], "{k}");
    }
    app.post("/course", with("schoolClasses", json!([w.g27a, w.g27a]))).await.expect_problem(422, "duplicate_entry");
    assert_eq!(course_list(&app, w.year).await, before);
    // Boundaries are accepted.
    let mut b = with("lessons1", json!(99));
    b["lessons2"] = json!("1.2345");
    let r = app.post("/course", b).await.expect(201);
    assert_eq!((r.result()["lessons1"].clone(), r.result()["lessons2"].clone()), (json!(99), json!(1.2345)));
}

#[tokio::test]
async fn put_changes_only_the_six_writable_fields() {
    let app = TestApp::spawn().await;
    let w = World::new(&app).await;
    let id = w.course(&app, w.year, w.d, &[w.g27a, w.g27b]).await;
    let original = app.get(&format!("/course/{id}")).await.expect(200).result().clone();

    // Send back what was received, with the writable fields changed and read-only ones tampered with.
    let mut body = original.clone();
    body["cancelled"] = json!(true);
    body["comments"] = json!("  neu ");
    body["lessons1"] = json!("1.5");
    body["lessons2"] = json!(0);
    body["teachers1"] = json!([{"id": w.def, "code": "ignored"}, w.abc]);
    body["teachers2"] = json!([w.abc.to_string()]);
    body["subject"] = json!(w.f);
    body["schoolClasses"] = json!([w.g27c]);
    body["grade"] = json!(w.gym.grades[0]);
    body["schoolYear"] = json!(w.prev_year);
    body["crossClass"] = json!(true);
    body["id"] = json!(12345);
    let r = app.put(&format!("/course/{id}"), body).await.expect(200);
    let mut expected = original.clone();
    expected["cancelled"] = json!(true);
    expected["comments"] = json!("neu");
    expected["lessons1"] = json!(1.5);
    expected["lessons2"] = json!(0);
    expected["teachers1"] = json!([r.result()["teachers1"][0].clone(), r.result()["teachers1"][1].clone()]);
    expected["teachers2"] = r.result()["teachers2"].clone();
    expected["open1"] = json!(0);
    expected["open2"] = json!(0);
    assert_eq!(r.result(), &expected);
    assert_eq!(teacher_codes(r.result(), "teachers1"), ["def", "abc"]);
    assert_eq!(teacher_codes(r.result(), "teachers2"), ["abc"]);
    assert_eq!(app.get(&format!("/course/{id}")).await.result(), &expected);

    // Explicit null clears the comment; teachers can be emptied.
    let clear = json!({"cancelled": false, "comments": null, "lessons1": 2, "lessons2": 2, "teachers1": [], "teachers2": null, "smallGroup1": false, "smallGroup2": false});
    let r = app.put(&format!("/course/{id}"), clear.clone()).await.expect(200);
    assert_eq!(r.result()["comments"], Value::Null);
    assert_eq!(r.result()["teachers1"], json!([]));
    assert_eq!(r.result()["teachers2"], json!([]));
    let saved = r.result().clone();

    // Every writable key must be present.
    for k in ["cancelled", "comments", "lessons1", "lessons2", "teachers1", "teachers2", "smallGroup1", "smallGroup2"] {
        let mut b = clear.clone();
        b.as_object_mut().unwrap().remove(k);
        let r = app.put(&format!("/course/{id}"), b).await.expect_problem(422, "missing_field");
        assert_eq!(pointers(&r), [p(&format!("/{k}"), "missing_field")]);
    }
    let with = |k: &str, v: Value| {
        let mut b = clear.clone();
        b[k] = v;
        b
    };
    app.put(&format!("/course/{id}"), with("lessons1", json!(100))).await.expect_problem(422, "out_of_range");
    app.put(&format!("/course/{id}"), with("lessons2", json!(-1))).await.expect_problem(422, "out_of_range");
    app.put(&format!("/course/{id}"), with("lessons2", json!(0.00001))).await.expect_problem(422, "too_precise");
    app.put(&format!("/course/{id}"), with("cancelled", json!("yes"))).await.expect_problem(400, "invalid_type");
    app.put(&format!("/course/{id}"), with("teachers1", json!("abc"))).await.expect_problem(400, "invalid_type");
    let r = app
        .put(&format!("/course/{id}"), with("teachers2", json!([w.abc, w.xyz])))
        .await
        .expect_problem(422, "teacher_not_employed");
    assert_eq!(pointers(&r), [p("/teachers2/1", "teacher_not_employed")]);
    app.put(&format!("/course/{id}"), with("teachers1", json!([99999]))).await.expect_problem(422, "unknown_reference");
    app.put(&format!("/course/{id}"), with("teachers1", json!([w.abc, w.abc])))
        .await
        .expect_problem(422, "duplicate_entry");
    app.raw(Method::PUT, &format!("/api/v1/course/{id}"), Some("application/json"), b"{".to_vec())
        .await
        .expect_problem(400, "malformed_json");
    app.put("/course/99999", clear.clone()).await.expect_problem(404, "not_found");
    app.put("/course/abc", clear.clone()).await.expect_problem(400, "invalid_path_id");
    assert_eq!(app.get(&format!("/course/{id}")).await.result(), &saved);
}

#[tokio::test]
async fn get_and_delete() {
    let app = TestApp::spawn().await;
    let w = World::new(&app).await;
    let a = w.course(&app, w.year, w.d, &[w.g27a]).await;
    let b = w.course(&app, w.year, w.d, &[w.g27b]).await;
    app.get("/course/99999").await.expect_problem(404, "not_found");
    app.get("/course/0").await.expect_problem(400, "invalid_path_id");
    app.get("/course/x").await.expect_problem(400, "invalid_path_id");
    app.delete("/course/99999").await.expect_problem(404, "not_found");
    app.delete(&format!("/course/{a}")).await.expect(204);
    app.get(&format!("/course/{a}")).await.expect_problem(404, "not_found");
    app.delete(&format!("/course/{a}")).await.expect_problem(404, "not_found");
    assert_eq!(ids(&course_list(&app, w.year).await), [b]);
    let r = app
        .request(Method::PATCH, &format!("/api/v1/course/{b}"), None)
        .await
        .expect_problem(405, "method_not_allowed");
    assert!(r.header("allow").unwrap_or_default().contains("PUT"));
}

#[tokio::test]
async fn list_order_and_filters() {
    let app = TestApp::spawn().await;
    let w = World::new(&app).await;
    let gym3 = w.gym.grades[2];
    let gym4 = w.gym.grades[3];
    // Created out of order: expected order is subject code, grade code, first class code, id.
    let f_g27b = w.course(&app, w.year, w.f, &[w.g27b]).await;
    let d_g27c = w.course(&app, w.year, w.d, &[w.g27c]).await;
    let d_g28a = w.course(&app, w.year, w.d, &[w.g28a]).await;
    let d_g27a = w.course(&app, w.year, w.d, &[w.g27a, w.g27b]).await;
    let sf4 = w.cross_course(&app, w.year, gym4).await;
    let sf3 = w.cross_course(&app, w.year, gym3).await;
    let d_g27a_again = w.course(&app, w.year, w.d, &[w.g27a]).await;
    let other_year = w.course(&app, w.prev_year, w.d, &[w.g27a]).await;
    let put = json!({"cancelled": false, "comments": null, "lessons1": 1, "lessons2": 1, "teachers1": [w.abc], "teachers2": [], "smallGroup1": false, "smallGroup2": false});
    app.put(&format!("/course/{d_g28a}"), put.clone()).await.expect(200);
    let mut put2 = put.clone();
    put2["teachers1"] = json!([]);
    put2["teachers2"] = json!([w.abc]);
    app.put(&format!("/course/{sf3}"), put2).await.expect(200);

    let all = course_list(&app, w.year).await;
    // D/GYM3/G28a, D/GYM4/G27a (twice, by id), D/GYM4/G27c, F/GYM4/G27b, SF B/GYM3, SF B/GYM4.
    assert_eq!(ids(&all), [d_g28a, d_g27a, d_g27a_again, d_g27c, f_g27b, sf3, sf4]);
    assert_eq!(ids(&course_list(&app, w.prev_year).await), [other_year]);
    let y = w.year;
    let list = |q: String| {
        let app = &app;
        async move { ids(app.get(&format!("/course?schoolYear={y}{q}")).await.expect(200).result()) }
    };
    assert_eq!(list("&crossClass=true".into()).await, [sf3, sf4]);
    assert_eq!(list("&crossClass".into()).await, [sf3, sf4]);
    assert_eq!(list("&crossClass=false".into()).await, [d_g28a, d_g27a, d_g27a_again, d_g27c, f_g27b]);
    assert_eq!(list(format!("&schoolClass={}", w.g27b)).await, [d_g27a, f_g27b]);
    assert_eq!(list(format!("&teacher={}", w.abc)).await, [d_g28a, sf3]);
    assert_eq!(list(format!("&teacher={}", w.def)).await, Vec::<i64>::new());
    assert_eq!(list(format!("&subject={}", w.d)).await, [d_g28a, d_g27a, d_g27a_again, d_g27c]);
    assert_eq!(list(format!("&subject={}&schoolClass={}&crossClass=false", w.d, w.g27a)).await, [d_g27a, d_g27a_again]);
    assert_eq!(list(format!("&subject={}&crossClass=true", w.d)).await, Vec::<i64>::new());

    // Bad queries.
    app.get("/course").await.expect_problem(400, "invalid_query");
    app.get(&format!("/course?subject={}", w.d)).await.expect_problem(400, "invalid_query");
    app.get("/course?schoolYear=abc").await.expect_problem(400, "invalid_query");
    app.get("/course?schoolYear=-1").await.expect_problem(400, "invalid_query");
    app.get("/course?schoolYear=99999").await.expect_problem(404, "not_found");
    app.get(&format!("/course?schoolYear={y}&crossClass=maybe")).await.expect_problem(400, "invalid_query");
    app.get(&format!("/course?schoolYear={y}&teacher=abc")).await.expect_problem(400, "invalid_query");
    app.get(&format!("/course?schoolYear={y}&schoolClass=99999")).await.expect_problem(404, "not_found");
    app.get(&format!("/course?schoolYear={y}&teacher=99999")).await.expect_problem(404, "not_found");
    app.get(&format!("/course?schoolYear={y}&subject=99999")).await.expect_problem(404, "not_found");
}

#[tokio::test]
async fn merge_courses() {
    let app = TestApp::spawn().await;
    let w = World::new(&app).await;
    let a = w.course(&app, w.year, w.d, &[w.g27b]).await;
    let b = w.course(&app, w.year, w.d, &[w.g27a, w.g27b]).await;
    let c = w.course(&app, w.year, w.d, &[w.g27c]).await;
    let put = json!({"cancelled": true, "comments": "first", "lessons1": 2.5, "lessons2": 1, "teachers1": [w.abc], "teachers2": [w.def], "smallGroup1": false, "smallGroup2": false});
    let first = app.put(&format!("/course/{a}"), put).await.expect(200).result().clone();
    let r = app.post("/course", json!({"merge": [a, b.to_string(), {"id": c}]})).await.expect(200);
    let merged = r.result().clone();
    assert_eq!(merged["id"], a);
    // Own classes first, then the others' in list order, no repeats.
    assert_eq!(class_codes(&merged), ["G27b", "G27a", "G27c"]);
    for k in [
        "cancelled",
        "comments",
        "lessons1",
        "lessons2",
        "teachers1",
        "teachers2",
        "grade",
        "curriculum",
        "subject",
        "schoolYear",
    ] {
        assert_eq!(merged[k], first[k], "{k}");
    }
    assert_eq!(app.get(&format!("/course/{a}")).await.expect(200).result(), &merged);
    app.get(&format!("/course/{b}")).await.expect_problem(404, "not_found");
    app.get(&format!("/course/{c}")).await.expect_problem(404, "not_found");
    assert_eq!(course_list(&app, w.year).await, json!([merged]));
}

#[tokio::test]
async fn merge_rules_each_have_their_code_and_change_nothing() {
    let app = TestApp::spawn().await;
    let w = World::new(&app).await;
    let d27a = w.course(&app, w.year, w.d, &[w.g27a]).await;
    let d27b = w.course(&app, w.year, w.d, &[w.g27b]).await;
    let f27c = w.course(&app, w.year, w.f, &[w.g27c]).await;
    let d28a = w.course(&app, w.year, w.d, &[w.g28a]).await;
    let dh27a = w.course(&app, w.year, w.d, &[w.h27a]).await;
    let sf4a = w.cross_course(&app, w.year, w.gym.grades[3]).await;
    let sf4b = w.cross_course(&app, w.year, w.gym.grades[3]).await;
    let prev = w.course(&app, w.prev_year, w.d, &[w.g27c]).await;
    let before = course_list(&app, w.year).await;
    let before_prev = course_list(&app, w.prev_year).await;

    let merge = |list: Value| json!({ "merge": list });
    let r = app.post("/course", merge(json!([d27a]))).await.expect_problem(422, "merge_too_few");
    assert!(r.body["detail"].as_str().unwrap().contains("at least two"), "{}", r.body);
    app.post("/course", merge(json!([]))).await.expect_problem(422, "merge_too_few");
    let r = app.post("/course", merge(json!([d27a, d27b, d27a]))).await.expect_problem(422, "merge_duplicate_id");
    assert_eq!(pointers(&r), [p("/merge/2", "merge_duplicate_id")]);
    app.post("/course", merge(json!([d27a, d27a]))).await.expect_problem(422, "merge_duplicate_id");
    let r = app.post("/course", merge(json!([d27a, 99999]))).await.expect_problem(404, "not_found");
    assert!(r.body["detail"].as_str().unwrap().contains("99999"));

    let r = app.post("/course", merge(json!([d27a, f27c]))).await.expect_problem(422, "merge_subject_mismatch");
    assert_eq!(
        r.body["detail"],
        format!("Course {d27a} (D, G27a) has subject D, course {f27c} (F, G27c) has subject F: merged courses must share one subject.")
    );
    assert_eq!(pointers(&r), [p("/merge/1", "merge_subject_mismatch")]);
    assert_eq!(r.body["errors"][0]["detail"], "subject differs from the first course");
    // The same refusal in German and French: the code stays, the sentences are the reader's.
    let body = merge(json!([d27a, f27c]));
    for (lang, detail, field) in [
        (
            "de-CH",
            format!("Der Kurs {d27a} (D, G27a) hat das Fach D, der Kurs {f27c} (F, G27c) das Fach F: Zusammengelegte Kurse müssen dasselbe Fach haben."),
            "anderes Fach als der erste Kurs",
        ),
        (
            "fr-CH",
            format!("Le cours {d27a} (D, G27a) relève de la discipline D, le cours {f27c} (F, G27c) de la discipline F : les cours regroupés doivent relever de la même discipline."),
            "autre discipline que le premier cours",
        ),
    ] {
        let r = app
            .request_headers(Some(&app.token), Method::POST, "/api/v1/course", Some(&body), &[("accept-language", lang)])
            .await
            .expect_problem(422, "merge_subject_mismatch");
        assert_eq!(r.body["detail"], detail, "{lang}");
        assert_eq!(pointers(&r), [p("/merge/1", "merge_subject_mismatch")], "{lang}");
        assert_eq!(r.body["errors"][0]["detail"], field, "{lang}");
    }
    let r = app.post("/course", merge(json!([sf4a, sf4b]))).await.expect_problem(422, "merge_cross_class");
    assert!(r.body["detail"].as_str().unwrap().contains("SF B"));
    let r = app.post("/course", merge(json!([d27a, prev]))).await.expect_problem(422, "merge_school_year_mismatch");
    let detail = r.body["detail"].as_str().unwrap();
    assert!(detail.contains("26/27") && detail.contains("25/26"), "{detail}");
    let r = app.post("/course", merge(json!([d27a, d27b, d28a]))).await.expect_problem(422, "merge_grade_mismatch");
    assert_eq!(pointers(&r), [p("/merge/2", "merge_grade_mismatch")]);
    assert!(r.body["detail"].as_str().unwrap().contains("GYM3"));
    let r = app.post("/course", merge(json!([d27a, dh27a]))).await.expect_problem(422, "merge_curriculum_mismatch");
    assert!(r.body["detail"].as_str().unwrap().contains("GYM 17b"));

    // Command shapes.
    app.post("/course", json!({"merge": [d27a, d27b], "split": d27a}))
        .await
        .expect_problem(422, "invalid_course_command");
    app.post("/course", json!({"merge": [d27a, d27b], "subject": w.d}))
        .await
        .expect_problem(422, "invalid_course_command");
    app.post("/course", json!({"merge": [d27a, d27b], "lessons1": 3}))
        .await
        .expect_problem(422, "invalid_course_command");
    app.post("/course", json!({"merge": d27a})).await.expect_problem(400, "invalid_type");
    app.post("/course", json!({"merge": [d27a, "x"]})).await.expect_problem(400, "invalid_type");
    app.post("/course", json!({"merge": null})).await.expect_problem(400, "invalid_type");

    // Locked: the other course's year is finalised.
    set_year_flags(&app, w.prev_year, true, false).await;
    app.post("/course", merge(json!([d27a, prev]))).await.expect_problem(409, "school_year_locked");
    set_year_flags(&app, w.prev_year, false, false).await;

    assert_eq!(course_list(&app, w.year).await, before);
    assert_eq!(course_list(&app, w.prev_year).await, before_prev);
}

#[tokio::test]
async fn split_course() {
    let app = TestApp::spawn().await;
    let w = World::new(&app).await;
    let id = w.course(&app, w.year, w.d, &[w.g27c, w.g27a, w.g27b]).await;
    let put = json!({"cancelled": true, "comments": "Team", "lessons1": 2.5, "lessons2": "1.25", "teachers1": [w.def, w.abc], "teachers2": [w.abc], "smallGroup1": false, "smallGroup2": false});
    let original = app.put(&format!("/course/{id}"), put).await.expect(200).result().clone();
    let r = app.post("/course", json!({"split": id})).await.expect(200);
    let parts = r.result().as_array().unwrap().clone();
    assert_eq!(parts.len(), 3);
    assert_eq!(parts[0]["id"], id);
    let codes: Vec<Vec<String>> = parts.iter().map(class_codes).collect();
    assert_eq!(codes, [vec!["G27c"], vec!["G27a"], vec!["G27b"]]);
    for part in &parts {
        for k in [
            "cancelled",
            "comments",
            "lessons1",
            "lessons2",
            "teachers1",
            "teachers2",
            "grade",
            "curriculum",
            "subject",
            "schoolYear",
            "crossClass",
        ] {
            assert_eq!(part[k], original[k], "{k}");
        }
        let pid = part["id"].as_i64().unwrap();
        assert_eq!(app.get(&format!("/course/{pid}")).await.expect(200).result(), part);
    }
    assert_eq!(course_list(&app, w.year).await.as_array().unwrap().len(), 3);
    // Merge undoes it (classes in list order).
    let back =
        app.post("/course", json!({"merge": [parts[0]["id"], parts[1]["id"], parts[2]["id"]]})).await.expect(200);
    assert_eq!(class_codes(back.result()), ["G27c", "G27a", "G27b"]);
    assert_eq!(back.result()["teachers1"], original["teachers1"]);
}

#[tokio::test]
async fn split_rules_each_have_their_code_and_change_nothing() {
    let app = TestApp::spawn().await;
    let w = World::new(&app).await;
    let single = w.course(&app, w.year, w.d, &[w.g27a]).await;
    let two = w.course(&app, w.year, w.f, &[w.g27a, w.g27b]).await;
    let sf = w.cross_course(&app, w.year, w.gym.grades[3]).await;
    let before = course_list(&app, w.year).await;
    let r = app.post("/course", json!({"split": single})).await.expect_problem(422, "split_single_class");
    assert!(r.body["detail"].as_str().unwrap().contains(&format!("Course {single} (D, G27a)")), "{}", r.body);
    let r = app.post("/course", json!({"split": sf})).await.expect_problem(422, "split_cross_class");
    assert!(r.body["detail"].as_str().unwrap().contains("SF B"));
    app.post("/course", json!({"split": 99999})).await.expect_problem(404, "not_found");
    app.post("/course", json!({"split": [two]})).await.expect_problem(400, "invalid_type");
    app.post("/course", json!({"split": "abc"})).await.expect_problem(400, "invalid_type");
    app.post("/course", json!({"split": two, "schoolClasses": []})).await.expect_problem(422, "invalid_course_command");
    app.post("/course", json!({"split": two, "merge": [two, single]}))
        .await
        .expect_problem(422, "invalid_course_command");
    assert_eq!(course_list(&app, w.year).await, before);
    // Unknown keys next to a command are ignored like anywhere else.
    app.post("/course", json!({"split": {"id": two}, "note": "x"})).await.expect(200);
}

#[tokio::test]
async fn locked_school_years_refuse_every_course_change() {
    let app = TestApp::spawn().await;
    let w = World::new(&app).await;
    let y = w.prev_year;
    let single = w.course(&app, y, w.d, &[w.g27a]).await;
    let other = w.course(&app, y, w.d, &[w.g27b]).await;
    let double = w.course(&app, y, w.f, &[w.g27a, w.g27b]).await;
    let put = json!({"cancelled": true, "comments": "x", "lessons1": 1, "lessons2": 1, "teachers1": [], "teachers2": [], "smallGroup1": false, "smallGroup2": false});
    for (finalised, archived, why) in [(true, false, "finalised"), (false, true, "archived"), (true, true, "archived")]
    {
        set_year_flags(&app, y, finalised, archived).await;
        let before = course_list(&app, y).await;
        let r = app
            .post("/course", json!({"schoolYear": y, "subject": w.d, "schoolClasses": [w.g27c]}))
            .await
            .expect_problem(409, "school_year_locked");
        let detail = r.body["detail"].as_str().unwrap();
        assert!(detail.contains("25/26") && detail.contains(why), "{detail}");
        app.put(&format!("/course/{single}"), put.clone()).await.expect_problem(409, "school_year_locked");
        app.delete(&format!("/course/{single}")).await.expect_problem(409, "school_year_locked");
        app.post("/course", json!({"merge": [single, other]})).await.expect_problem(409, "school_year_locked");
        app.post("/course", json!({"split": double})).await.expect_problem(409, "school_year_locked");
        assert_eq!(course_list(&app, y).await, before);
        app.get(&format!("/course/{single}")).await.expect(200);
    }
    // Reopened, the same changes succeed.
    set_year_flags(&app, y, false, false).await;
    app.put(&format!("/course/{single}"), put).await.expect(200);
    app.post("/course", json!({"split": double})).await.expect(200);
    app.post("/course", json!({"merge": [single, other]})).await.expect(200);
    app.delete(&format!("/course/{single}")).await.expect(204);
}

/// The course list costs the same number of statements for 2 and for 8 courses
/// (embedded objects are loaded in batches, not per course), and each of its
/// courses is the one a GET reads (a list reads each referenced object once,
/// a single course joins them: two ways to the same form).
#[tokio::test]
async fn course_list_uses_a_fixed_number_of_queries() {
    let app = TestApp::spawn().await;
    let w = World::new(&app).await;
    let mut body = json!({"schoolYear": w.year, "subject": w.d, "schoolClasses": [w.g27a], "teachers1": [w.abc], "teachers2": [w.def]});
    let count_list = || async {
        let before = app.store.statement_count();
        let list = app.get(&format!("/course?schoolYear={}", w.year)).await.expect(200);
        (app.store.statement_count() - before, list.result().as_array().unwrap().len())
    };
    for class in [w.g27a, w.g27b] {
        body["schoolClasses"] = json!([class]);
        app.post("/course", body.clone()).await.expect(201);
    }
    let (small, n_small) = count_list().await;
    for class in [w.g27c, w.g28a, w.h27a, w.f27a] {
        body["schoolClasses"] = json!([class]);
        app.post("/course", body.clone()).await.expect(201);
    }
    body["subject"] = json!(w.f);
    for class in [w.g27a, w.g27b] {
        body["schoolClasses"] = json!([class]);
        app.post("/course", body.clone()).await.expect(201);
    }
    let (large, n_large) = count_list().await;
    assert_eq!((n_small, n_large), (2, 8));
    assert_eq!(small, large, "statements for 2 courses: {small}, for 8: {large}");
    assert!(large <= 11, "{large} statements for one list");
    let list = app.get(&format!("/course?schoolYear={}", w.year)).await.expect(200);
    for course in list.result().as_array().unwrap() {
        let single = app.get(&format!("/course/{}", course["id"])).await.expect(200);
        assert_eq!(single.result(), course);
    }
}

/// The course table (docs/client.md §Course table) costs the same number of
/// statements for 2 and for 8 courses in more classes and subjects (no query per row).
#[tokio::test]
async fn course_table_uses_a_fixed_number_of_queries() {
    let app = TestApp::spawn().await;
    let w = World::new(&app).await;
    let mut body = json!({"schoolYear": w.year, "subject": w.d, "schoolClasses": [w.g27a], "teachers1": [w.abc]});
    let count_table = || async {
        let before = app.store.statement_count();
        let t = app.get(&format!("/coursetable?schoolYear={}", w.year)).await.expect(200);
        let t = t.result().clone();
        (
            app.store.statement_count() - before,
            t["courses"].as_object().unwrap().len(),
            t["items"].as_array().unwrap().len(),
        )
    };
    for class in [w.g27a, w.g27b] {
        body["schoolClasses"] = json!([class]);
        app.post("/course", body.clone()).await.expect(201);
    }
    let (small, courses_small, rows_small) = count_table().await;
    for class in [w.g27c, w.g28a, w.h27a, w.f27a] {
        body["schoolClasses"] = json!([class]);
        app.post("/course", body.clone()).await.expect(201);
    }
    body["subject"] = json!(w.f);
    for class in [w.g27a, w.g27b] {
        body["schoolClasses"] = json!([class]);
        app.post("/course", body.clone()).await.expect(201);
    }
    let (large, courses_large, rows_large) = count_table().await;
    assert_eq!((courses_small, rows_small, courses_large, rows_large), (2, 1, 8, 2));
    assert_eq!(small, large, "statements for 2 courses: {small}, for 8: {large}");
    // Filters: unknown ids → 404, no school year → 400.
    app.get("/coursetable").await.expect_problem(400, "invalid_query");
    app.get(&format!("/coursetable?schoolYear={}&division=99999", w.year)).await.expect_problem(404, "not_found");
    app.get(&format!("/coursetable?schoolYear={}&subjectCategory=99999", w.year))
        .await
        .expect_problem(404, "not_found");
}

/// Course table: two courses of one subject sharing a class → the cell holds
/// the lower id; division and grade filters pick the columns; cross-class
/// courses are not rows (docs/client.md §Course table).
#[tokio::test]
async fn course_table_cells_filters_and_clashes() {
    let app = TestApp::spawn().await;
    let w = World::new(&app).await;
    let first = w.course(&app, w.year, w.d, &[w.g27a]).await;
    let second = w.course(&app, w.year, w.d, &[w.g27a, w.g27b]).await;
    let other = w.course(&app, w.year, w.f, &[w.g27b]).await;
    let table = app.get(&format!("/coursetable?schoolYear={}", w.year)).await.expect(200);
    let t = table.result();
    let row =
        |code: &str| t["items"].as_array().unwrap().iter().find(|i| i["subject"]["code"] == code).unwrap().clone();
    assert_eq!(row("D")["G27a"]["id"].as_i64(), Some(first.min(second)), "the lower id wins a shared cell");
    assert_eq!(row("D")["G27b"]["id"].as_i64(), Some(second));
    assert_eq!(row("F")["G27b"]["id"].as_i64(), Some(other));
    assert!(row("F").get("G27a").is_none(), "an empty cell has no key");
    for id in [first, second, other] {
        assert_eq!(t["courses"][id.to_string()]["id"].as_i64(), Some(id));
    }
    let codes: Vec<_> = t["items"].as_array().unwrap().iter().map(|i| i["subject"]["code"].clone()).collect();
    let mut sorted = codes.clone();
    sorted.sort_by_key(|c| c.as_str().unwrap().to_lowercase());
    assert_eq!(codes, sorted, "rows by subject code");
    // Every class of the table has a grade that year.
    for k in t["schoolClasses"].as_array().unwrap() {
        assert!(k["grade"]["id"].is_i64(), "{k}");
    }
    // Filtered by the division of no class: no columns, no rows.
    let empty_div = crate::fixtures::division(&app, "LEER").await;
    let r = app.get(&format!("/coursetable?schoolYear={}&division={empty_div}", w.year)).await.expect(200);
    assert_eq!((r.result()["schoolClasses"].clone(), r.result()["items"].clone()), (json!([]), json!([])));
}

/// A course save is one write path (docs/contract.md §Concurrency): the course is locked and
/// loaded once (three statements), its row written, its teachers checked
/// (one statement) and rewritten (two) only when they change, one audit entry, and the answer built from what was written, without reading
/// the course back. The answer and its `ETag` equal those of a fresh GET.
#[tokio::test]
async fn course_save_runs_the_fewest_statements_and_answers_what_a_get_reads() {
    let app = TestApp::spawn().await;
    let w = World::new(&app).await;
    let id = app
        .create(
            "/course",
            json!({"schoolYear": w.year, "subject": w.d, "schoolClasses": [w.g27a, w.g27b], "teachers1": [w.abc], "lessons1": 3}),
        )
        .await;
    let path = format!("/course/{id}");
    let mut body = app.get(&path).await.expect(200).result().clone();
    let save = |body: Value| {
        let (app, path) = (&app, &path);
        async move {
            let before = app.store.statement_count();
            let saved = app.put(path, body).await.expect(200);
            let cost = app.store.statement_count() - before;
            let read = app.get(path).await.expect(200);
            assert_eq!(saved.result(), read.result(), "the saved form is what a GET reads");
            assert_eq!(saved.header("etag"), read.header("etag"), "the saved form's tag is what a GET sends");
            (cost, saved.result().clone())
        }
    };
    // New teachers in both semesters (teacher lists as ids, like the client sends them).
    body["teachers1"] = json!([w.def, w.abc]);
    body["teachers2"] = json!([w.abc]);
    body["lessons2"] = json!("2.5");
    let (cost, saved) = save(body.clone()).await;
    assert_eq!(saved["teachers1"][0]["id"], json!(w.def));
    assert_eq!((saved["open1"].clone(), saved["lessons2"].clone()), (json!(0), json!(2.5)));
    assert_eq!(cost, 8, "lock and load 3, teachers 1, row 1, teachers rewritten 2, audit 1");
    // The same teachers: they are not rewritten.
    body["comments"] = json!("Halbklassen");
    body["teachers1"] = json!([w.def, w.abc]);
    let (cost, saved) = save(body.clone()).await;
    assert_eq!(saved["comments"], json!("Halbklassen"));
    assert_eq!(cost, 5, "lock and load 3, row 1, audit 1 (unchanged teachers are neither read nor written)");
    // No teachers at all: no teacher facts to read; semester 1 is open again.
    body["teachers1"] = json!([]);
    body["teachers2"] = json!([]);
    let (cost, saved) = save(body).await;
    assert_eq!(saved["open1"], json!(3));
    assert_eq!(cost, 6, "lock and load 3, row 1, teachers deleted 1, audit 1");
}
