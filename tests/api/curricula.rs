//! `/curriculum`: ordered grades, grade rules, uniqueness, filter, PUT, delete, batch loader.

use schoolplan::domain::ids::CurriculumId;
use serde_json::{json, Value};

use crate::helpers::TestApp;

async fn grades(app: &TestApp, codes: &[&str]) -> Vec<i64> {
    let mut ids = Vec::new();
    for code in codes {
        ids.push(app.create("/grade", json!({"code": code, "description": format!("Stufe {code}")})).await);
    }
    ids
}

fn grade_ref(id: i64, code: &str) -> Value {
    json!({"id": id, "code": code, "description": format!("Stufe {code}"), "payrollType": null, "classLessonPayrollType": null})
}

#[tokio::test]
async fn curriculum_create_get_list_save_delete_keeps_grade_order() {
    let app = TestApp::spawn().await;
    let g = grades(&app, &["GYM4", "GYM2", "GYM1", "GYM3"]).await; // ids not in curriculum order
    let (g4, g2, g1, g3) = (g[0], g[1], g[2], g[3]);
    // Grades as {"id"}, N and "N"; given order kept (entry grade first), not sorted by id or code.
    let body = json!({"id": 999, "code": " GYM 17 ", "description": "Gymnasium (4 Jahre)",
                      "grades": [{"id": g1, "code": "ignored"}, g2, g3.to_string(), g4]});
    let r = app.post("/curriculum", body).await.expect(201);
    let id = r.id();
    assert_ne!(id, 999);
    assert_eq!(r.header("location"), Some(format!("/api/v1/curriculum/{id}").as_str()));
    let single = json!({"id": id, "archived": false, "code": "GYM 17", "description": "Gymnasium (4 Jahre)",
                        "grades": [grade_ref(g1, "GYM1"), grade_ref(g2, "GYM2"), grade_ref(g3, "GYM3"), grade_ref(g4, "GYM4")]});
    assert_eq!(r.result(), &single);
    assert_eq!(app.get(&format!("/curriculum/{id}")).await.expect(200).result(), &single);

    // A second curriculum whose order differs from the first's.
    let f = grades(&app, &["FMS1", "FMS2"]).await;
    let fms = app
        .create(
            "/curriculum",
            json!({"code": "fms 18", "description": "FMS", "grades": [f[1], f[0]], "archived": true}),
        )
        .await;

    // List = single form, with grades, ordered by code (case-insensitively).
    let list = app.get("/curriculum").await.expect(200);
    let list = list.result().as_array().unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(list[0]["code"], "fms 18");
    assert_eq!(list[0]["grades"], json!([grade_ref(f[1], "FMS2"), grade_ref(f[0], "FMS1")]));
    assert_eq!(list[1], single);
    // ?archived= filter.
    let archived = app.get("/curriculum?archived=true").await.expect(200);
    assert_eq!(
        archived.result().as_array().unwrap().iter().map(|c| c["id"].as_i64().unwrap()).collect::<Vec<_>>(),
        [fms]
    );
    let active = app.get("/curriculum?archived=false").await.expect(200);
    assert_eq!(active.result().as_array().unwrap().iter().map(|c| c["id"].as_i64().unwrap()).collect::<Vec<_>>(), [id]);
    app.get("/curriculum?archived=1").await.expect_problem(400, "invalid_query");

    // PUT replaces every writable field, grades included (new order, one fewer).
    let mut put = single.clone();
    put["grades"] = json!([g2, g1, g3]);
    put["archived"] = json!("true");
    put["description"] = json!("Gymnasium neu");
    let r = app.put(&format!("/curriculum/{id}"), put).await.expect(200);
    assert_eq!(r.result()["grades"], json!([grade_ref(g2, "GYM2"), grade_ref(g1, "GYM1"), grade_ref(g3, "GYM3")]));
    assert_eq!(r.result()["archived"], true);
    assert_eq!(r.result()["description"], "Gymnasium neu");
    assert_eq!(app.get(&format!("/curriculum/{id}")).await.result(), r.result());
    // Sending back what was received changes nothing.
    let again = app.put(&format!("/curriculum/{id}"), r.result().clone()).await.expect(200);
    assert_eq!(again.result(), r.result());
    let r =
        app.put(&format!("/curriculum/{id}"), json!({"code": "GYM 17", "description": "x", "archived": false})).await;
    let r = r.expect_problem(422, "missing_field");
    assert_eq!(r.body["errors"][0]["pointer"], "/grades");

    // Delete takes its grade list with it; the grade is then free to be deleted too.
    let r = app.delete(&format!("/grade/{g3}")).await.expect_problem(409, "referenced");
    assert!(r.body["detail"].as_str().unwrap().contains("curriculum GYM 17"), "{}", r.body);
    app.delete(&format!("/curriculum/{fms}")).await.expect(204);
    app.get(&format!("/curriculum/{fms}")).await.expect_problem(404, "not_found");
    app.delete(&format!("/grade/{}", f[0])).await.expect(204);
    app.delete(&format!("/grade/{g4}")).await.expect(204); // no longer in GYM 17 after the PUT
    assert_eq!(app.get("/curriculum").await.result().as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn curriculum_grade_rules() {
    let app = TestApp::spawn().await;
    let g = grades(&app, &["GYM1", "GYM2"]).await;
    let with = |grades: Value| json!({"code": "GYM 17", "description": "Gymnasium", "grades": grades});
    // At least one grade: empty, null and absent are all `required`.
    for body in [with(json!([])), with(Value::Null), json!({"code": "GYM 17", "description": "Gymnasium"})] {
        let r = app.post("/curriculum", body).await.expect_problem(422, "required");
        assert_eq!(r.body["errors"][0]["pointer"], "/grades");
    }
    // No repeats.
    let r =
        app.post("/curriculum", with(json!([g[0], g[1], {"id": g[0]}]))).await.expect_problem(422, "duplicate_entry");
    assert_eq!(r.body["errors"][0]["pointer"], "/grades/2");
    // Unknown grade ids, each with its pointer.
    let r =
        app.post("/curriculum", with(json!([g[0], 9998, g[1], 9999]))).await.expect_problem(422, "unknown_reference");
    let pointers: Vec<_> =
        r.body["errors"].as_array().unwrap().iter().map(|e| e["pointer"].as_str().unwrap().to_string()).collect();
    assert_eq!(pointers, ["/grades/1", "/grades/3"]);
    // Unreadable shapes are 400.
    app.post("/curriculum", with(json!("GYM1"))).await.expect_problem(400, "invalid_type");
    app.post("/curriculum", with(json!([{"code": "GYM1"}]))).await.expect_problem(400, "invalid_type");
    // Required code and description.
    let r = app.post("/curriculum", json!({"grades": [g[0]]})).await.expect_problem(422, "required");
    assert_eq!(r.body["errors"].as_array().unwrap().len(), 2);
    assert_eq!(app.get("/curriculum").await.result(), &json!([]), "nothing invalid was stored");

    // The same rules on PUT.
    let id = app.create("/curriculum", with(json!([g[0]]))).await;
    let put =
        |grades: Value| json!({"code": "GYM 17", "description": "Gymnasium", "archived": false, "grades": grades});
    app.put(&format!("/curriculum/{id}"), put(json!([]))).await.expect_problem(422, "required");
    app.put(&format!("/curriculum/{id}"), put(json!([g[1], g[1]]))).await.expect_problem(422, "duplicate_entry");
    let r =
        app.put(&format!("/curriculum/{id}"), put(json!([g[1], 9999]))).await.expect_problem(422, "unknown_reference");
    assert_eq!(r.body["errors"][0]["pointer"], "/grades/1");
    assert_eq!(
        app.get(&format!("/curriculum/{id}")).await.result()["grades"],
        json!([grade_ref(g[0], "GYM1")]),
        "unchanged"
    );
}

#[tokio::test]
async fn curriculum_code_is_unique_and_unknown_ids_are_404() {
    let app = TestApp::spawn().await;
    let g = grades(&app, &["GYM1"]).await;
    let body = |code: &str| json!({"code": code, "description": "d", "archived": false, "grades": [g[0]]});
    let a = app.create("/curriculum", body("GYM 17")).await;
    let b = app.create("/curriculum", body("FMS 18")).await;
    app.post("/curriculum", body(" gym 17")).await.expect_problem(409, "duplicate_code");
    app.put(&format!("/curriculum/{b}"), body("Gym 17")).await.expect_problem(409, "duplicate_code");
    app.put(&format!("/curriculum/{a}"), body("gym 17")).await.expect(200);
    app.get("/curriculum/9999").await.expect_problem(404, "not_found");
    app.put("/curriculum/9999", body("X")).await.expect_problem(404, "not_found");
    app.delete("/curriculum/9999").await.expect_problem(404, "not_found");
}

#[tokio::test]
async fn referenced_curriculum_cannot_be_deleted() {
    let app = TestApp::spawn().await;
    let g = grades(&app, &["GYM1"]).await;
    let cur = app.create("/curriculum", json!({"code": "GYM 17", "description": "Gymnasium", "grades": [g[0]]})).await;
    let div = app.create("/division", json!({"code": "GYM", "description": "Gymnasium"})).await;
    app.sql(&format!(
        "INSERT INTO school_class (code, code_key, curriculum_id, division_id, graduation_year) VALUES ('G30a', 'g30a', {cur}, {div}, 2030)"
    ))
    .await;
    let r = app.delete(&format!("/curriculum/{cur}")).await.expect_problem(409, "referenced");
    let detail = r.body["detail"].as_str().unwrap();
    assert!(detail.contains("GYM 17") && detail.contains("school class G30a"), "{detail}");
    app.sql("DELETE FROM school_class").await;

    let y = app
        .create("/schoolyear", json!({"code": "26/27", "description": "d", "graduationYear": 2027, "weeks": 38}))
        .await;
    let kind = app.create("/subjecttype", json!({"code": "SF", "description": "Schwerpunktfach"})).await;
    let subject = app
        .sql(&format!("INSERT INTO subject (code, code_key, description, type_id, cross_class) VALUES ('SF B', 'sf b', 'Biologie', {kind}, TRUE) RETURNING id"))
        .await
        .unwrap();
    app.sql(&format!(
        "INSERT INTO course (school_year_id, subject_id, grade_id, curriculum_id) VALUES ({y}, {subject}, {}, {cur})",
        g[0]
    ))
    .await;
    let r = app.delete(&format!("/curriculum/{cur}")).await.expect_problem(409, "referenced");
    assert!(r.body["detail"].as_str().unwrap().contains("course SF B (26/27)"), "{}", r.body);
    app.get(&format!("/curriculum/{cur}")).await.expect(200);
    app.sql("DELETE FROM course").await;
    app.delete(&format!("/curriculum/{cur}")).await.expect(204);
}

#[tokio::test]
async fn all_curriculum_grades_loads_every_ordered_list() {
    let app = TestApp::spawn().await;
    let g = grades(&app, &["A", "B", "C"]).await;
    let one = app.create("/curriculum", json!({"code": "ONE", "description": "d", "grades": [g[2], g[0]]})).await;
    let two = app.create("/curriculum", json!({"code": "TWO", "description": "d", "grades": [g[1], g[2], g[0]]})).await;
    let map = app.store.conn().await.unwrap().all_curriculum_grades().await.unwrap();
    let ids = |c: i64| map[&CurriculumId(c)].iter().map(|r| r.id).collect::<Vec<_>>();
    assert_eq!(map.len(), 2);
    assert_eq!(ids(one), [g[2], g[0]]);
    assert_eq!(ids(two), [g[1], g[2], g[0]]);
    assert_eq!(map[&CurriculumId(one)][0].code, "C");
}

/// The existing client's curriculum dialog edits each grade's payroll types
/// inside `PUT /curriculum/ID` (docs/client.md §Curriculum "Curriculum"): they are saved on the
/// grade, checked, audited, and the year's workloads follow at once.
#[tokio::test]
async fn grade_payroll_types_are_saved_through_the_curriculum() {
    let app = TestApp::spawn().await;
    let s = crate::workload::school(&app, 1).await;
    let t = s.teacher(&app, "tgp", "1980-03-01", (50.0, 50.0)).await;
    s.course(&app, s.math, "G29a", 3.0, t).await; // G29a is in GYM2 in 26/27
    let list = app.get("/curriculum").await.expect(200);
    let gym = list.result().as_array().unwrap().iter().find(|c| c["code"] == "GYM 17").unwrap().clone();
    let path = format!("/curriculum/{}", gym["id"]);
    let gym2 = gym["grades"][1].clone();
    assert_eq!((gym2["code"].as_str(), &gym2["payrollType"]["id"]), (Some("GYM2"), &json!(s.pt["G2"])));
    // The course's percent follows the grade's payroll type: 3 L at its weekly lessons (docs/workload.md §What counts).
    let course_percent = |w: &Value| w["courses"]["items"][0]["percent1"].as_f64().unwrap();
    let payroll_types = |w: &Value| {
        w["payroll"]["items"].as_array().unwrap().iter().map(|i| i["payrollType"]["id"].clone()).collect::<Vec<_>>()
    };
    let before = s.workload(&app, t).await; // also fills the response cache
    assert!((course_percent(&before) - 300.0 / 23.0).abs() < 0.001, "{before}");

    // A reader may not save.
    let reader = app.token_for("rita", schoolplan::auth::Role::Reader).await;
    let mut body = gym.clone();
    body["grades"][1]["payrollType"] = json!({"id": s.pt["F"], "code": "F"});
    app.request_with(Some(&reader), reqwest::Method::PUT, &format!("/api/v1{path}"), Some(&body))
        .await
        .expect_problem(403, "forbidden");
    // An unknown payroll type: 422 at the grade's field, nothing saved.
    let mut bad = gym.clone();
    bad["grades"][1]["payrollType"] = json!({"id": 9999});
    bad["grades"][0]["classLessonPayrollType"] = json!(9998);
    let r = app.put(&path, bad).await.expect_problem(422, "unknown_reference");
    let pointers: Vec<_> = r.body["errors"].as_array().unwrap().iter().map(|e| e["pointer"].clone()).collect();
    assert_eq!(pointers, [json!("/grades/0/classLessonPayrollType"), json!("/grades/1/payrollType")]);
    let mut bad = gym.clone();
    bad["grades"][1]["payrollType"] = json!("G2");
    app.put(&path, bad).await.expect_problem(400, "invalid_type");
    assert_eq!(app.get(&path).await.result(), &gym, "nothing saved");

    // The planner's change is stored on the grade, for every reader of it.
    let saved = app.put(&path, body).await.expect(200);
    assert_eq!(saved.result()["grades"][1]["payrollType"]["id"], s.pt["F"]);
    assert_eq!(saved.result()["grades"][1]["classLessonPayrollType"]["id"], s.pt["GK2"], "a key sent back unchanged");
    let grade = app.get(&format!("/grade/{}", gym2["id"])).await.expect(200);
    assert_eq!(grade.result()["payrollType"]["id"], s.pt["F"]);
    // The workload follows at once: the course now counts at F's 24 weekly lessons, under F.
    let after = s.workload(&app, t).await;
    assert!((course_percent(&after) - 300.0 / 24.0).abs() < 0.001, "{after}");
    assert!(payroll_types(&after).contains(&json!(s.pt["F"])), "{after}");
    assert!(!payroll_types(&before).contains(&json!(s.pt["F"])), "{before}");

    // Audited: the grade's own entry and the curriculum's.
    let audit = app.get(&format!("/audit?objectType=grade&objectId={}", gym2["id"])).await.expect(200);
    let entries = audit.result().as_array().unwrap().clone();
    assert_eq!(entries[0]["method"], "PUT");
    assert_eq!(entries[0]["path"], format!("/api/v1{path}"));
    assert_eq!(entries[0]["changes"]["before"]["payrollType"]["id"], s.pt["G2"]);
    assert_eq!(entries[0]["changes"]["after"]["payrollType"]["id"], s.pt["F"]);
    let audit = app.get(&format!("/audit?objectType=curriculum&objectId={}", gym["id"])).await.expect(200);
    assert_eq!(audit.result()[0]["changes"]["after"]["grades"][1]["payrollType"]["id"], s.pt["F"]);

    // Sent back as received: no change, no new grade entry; null clears, a bare id keeps.
    app.put(&path, saved.result().clone()).await.expect(200);
    let again = app.get(&format!("/audit?objectType=grade&objectId={}", gym2["id"])).await.expect(200);
    assert_eq!(again.result().as_array().unwrap().len(), entries.len());
    let mut body = saved.result().clone();
    body["grades"][1]["classLessonPayrollType"] = Value::Null;
    body["grades"][2] = json!(body["grades"][2]["id"]);
    let cleared = app.put(&path, body).await.expect(200);
    assert_eq!(cleared.result()["grades"][1]["classLessonPayrollType"], Value::Null);
    assert_eq!(cleared.result()["grades"][1]["payrollType"]["id"], s.pt["F"]);
    assert_eq!(cleared.result()["grades"][2], saved.result()["grades"][2]);
}
