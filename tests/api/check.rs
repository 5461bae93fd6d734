//! `GET /schoolyear/ID/check` (docs/documents.md §Plan check): each finding is produced by a
//! fixture and gone once the plan is fixed. Built on the school of the
//! workload tests (payroll types with weekly lessons, grades with payroll types).

use serde_json::{json, Value};

use crate::helpers::TestApp;
use crate::helpers::{exec, Arg};
use crate::workload::{school, School};

/// The findings as (severity, code, objects).
async fn findings(app: &TestApp, s: &School) -> Vec<(String, String, Value)> {
    let r = app.get(&format!("/schoolyear/{}/check", s.year)).await.expect(200);
    r.result()
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            assert!(!f["detail"].as_str().unwrap().is_empty());
            (f["severity"].as_str().unwrap().to_string(), f["code"].as_str().unwrap().to_string(), f["objects"].clone())
        })
        .collect()
}

/// A write that changes nothing, so that the response cache forgets what it
/// holds after a change made in SQL (the cache follows the API's writes).
async fn touch(app: &TestApp, s: &School) {
    put_field(app, &format!("/schoolyear/{}", s.year), "weeks", json!(38)).await;
}

async fn codes(app: &TestApp, s: &School) -> Vec<String> {
    findings(app, s).await.into_iter().map(|f| f.1).collect()
}

async fn put_field(app: &TestApp, path: &str, key: &str, value: Value) {
    let mut body = app.get(path).await.expect(200).result().clone();
    body[key] = value;
    app.put(path, body).await.expect(200);
}

/// A clean plan: teacher `a` (payment 50/50) teaches 11.5 lessons of GYM2 (23 a full position) = 50 %.
async fn clean(app: &TestApp) -> (School, i64) {
    let s = school(app, 1).await;
    let a = s.teacher(app, "aaa", "1980-01-01", (50.0, 50.0)).await;
    s.course(app, s.math, "G29a", 11.5, a).await;
    assert_eq!(codes(app, &s).await, Vec::<String>::new(), "a clean plan has no findings");
    (s, a)
}

#[tokio::test]
async fn warnings_appear_and_go_away() {
    let app = TestApp::spawn().await;
    let (s, a) = clean(&app).await;
    // no_work: a teacher employed without anything to do.
    // Paid 5 %: no deviation now (5 points are tolerated) nor once b teaches 10 %.
    let b = s.teacher(&app, "bbb", "1980-01-01", (5.0, 5.0)).await;
    let f = findings(&app, &s).await;
    assert_eq!(f.len(), 1);
    assert_eq!(
        (f[0].0.as_str(), f[0].1.as_str(), f[0].2[0].clone()),
        ("warning", "no_work", json!({"type": "teacher", "id": b}))
    );
    // open_lessons: a course without teacher (2.3 lessons of GYM4 in both semesters).
    let open = app
        .create("/course", json!({"schoolYear": s.year, "subject": s.math, "schoolClasses": [s.classes["G27a"]], "lessons1": 2.3, "lessons2": 2.3}))
        .await;
    let f = findings(&app, &s).await;
    let open_finding = f.iter().find(|f| f.1 == "open_lessons").expect("open lessons");
    assert_eq!(open_finding.2, json!([{"type": "course", "id": open}]));
    // Fixed: b teaches it: both warnings go.
    put_field(&app, &format!("/course/{open}"), "teachers1", json!([b])).await;
    put_field(&app, &format!("/course/{open}"), "teachers2", json!([b])).await;
    assert_eq!(codes(&app, &s).await, Vec::<String>::new());
    // workload_deviation: a is paid 60/60 but works 50 %.
    let e =
        app.get(&format!("/employment?schoolYear={}&teacher={a}", s.year)).await.expect(200).result()[0]["id"].clone();
    put_field(&app, &format!("/employment/{e}"), "payment1", json!(60)).await;
    put_field(&app, &format!("/employment/{e}"), "payment2", json!(60)).await;
    let f = findings(&app, &s).await;
    assert_eq!(f.len(), 1);
    assert_eq!(
        (f[0].1.as_str(), f[0].2.clone()),
        ("workload_deviation", json!([{"type": "teacher", "id": a}, {"type": "employment", "id": e}]))
    );
    // 5 points are tolerated: 55/55 passes.
    put_field(&app, &format!("/employment/{e}"), "payment1", json!(55)).await;
    put_field(&app, &format!("/employment/{e}"), "payment2", json!(55)).await;
    assert_eq!(codes(&app, &s).await, Vec::<String>::new());
}

/// `payment_outside_range`: a payment target outside the employment's range
/// (docs/documents.md §Plan check); an absent bound does not limit.
#[tokio::test]
async fn a_payment_target_outside_the_range_is_a_warning() {
    let app = TestApp::spawn().await;
    let (s, a) = clean(&app).await;
    let e =
        app.get(&format!("/employment?schoolYear={}&teacher={a}", s.year)).await.expect(200).result()[0]["id"].clone();
    let path = format!("/employment/{e}");
    put_field(&app, &path, "employmentMin", json!(30)).await;
    put_field(&app, &path, "employmentMax", json!(45.5)).await;
    let r = app.get(&format!("/schoolyear/{}/check", s.year)).await.expect(200);
    let f = r.result().as_array().unwrap();
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(
        (f[0]["severity"].clone(), f[0]["code"].clone(), f[0]["objects"].clone()),
        (
            json!("warning"),
            json!("payment_outside_range"),
            json!([{"type": "teacher", "id": a}, {"type": "employment", "id": e}])
        )
    );
    let detail = f[0]["detail"].as_str().unwrap();
    assert!(detail.contains("30 – 45.5 %") && detail.contains("semester 1: 50 %, semester 2: 50 %"), "{detail}");
    put_field(&app, &path, "employmentMax", json!(50)).await;
    assert_eq!(codes(&app, &s).await, Vec::<String>::new(), "50 lies in 30–50");
    put_field(&app, &path, "employmentMax", Value::Null).await;
    put_field(&app, &path, "employmentMin", json!(50.5)).await;
    assert_eq!(codes(&app, &s).await, ["payment_outside_range"], "below the minimum, no maximum");
}

/// On the demo school, `payment_outside_range` names exactly the employments
/// whose payment1 or payment2 lies outside employmentMin..employmentMax.
#[tokio::test]
async fn the_demo_payments_outside_their_range_are_found() {
    let app = TestApp::spawn().await;
    let years = crate::jobs::demo(&app).await;
    let year = crate::jobs::year_id(&years, "26/27");
    let employments = app.get(&format!("/employment?schoolYear={year}")).await.expect(200).result().clone();
    let num = |v: &Value| v.as_f64();
    let expected: Vec<Value> = employments
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| {
            let (min, max) = (num(&e["employmentMin"]), num(&e["employmentMax"]));
            [num(&e["payment1"]), num(&e["payment2"])]
                .into_iter()
                .flatten()
                .any(|p| min.is_some_and(|m| p < m) || max.is_some_and(|m| p > m))
        })
        .map(|e| e["id"].clone())
        .collect();
    assert!(!expected.is_empty(), "the demo has payments outside their range");
    let found = app.get(&format!("/schoolyear/{year}/check")).await.expect(200).result().clone();
    let mut named: Vec<Value> = found
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["code"] == "payment_outside_range")
        .map(|f| f["objects"][1]["id"].clone())
        .collect();
    let key = |v: &Value| v.as_i64().unwrap();
    named.sort_by_key(key);
    let mut expected = expected;
    expected.sort_by_key(key);
    assert_eq!(named, expected);
}

#[tokio::test]
async fn errors_appear_and_go_away() {
    let app = TestApp::spawn().await;
    let (s, a) = clean(&app).await;
    let gym = app
        .get("/curriculum")
        .await
        .expect(200)
        .result()
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["code"] == "GYM 17")
        .unwrap()
        .clone();
    let gym_id = gym["id"].as_i64().unwrap();
    let grades: Vec<i64> = gym["grades"].as_array().unwrap().iter().map(|g| g["id"].as_i64().unwrap()).collect();

    // duplicate_course: a second M course for G29a (0 lessons, taught by a: nothing else changes).
    let dup = app
        .create(
            "/course",
            json!({"schoolYear": s.year, "subject": s.math, "schoolClasses": [s.classes["G29a"]], "teachers1": [a]}),
        )
        .await;
    let f = findings(&app, &s).await;
    assert_eq!(f.iter().map(|f| (f.0.as_str(), f.1.as_str())).collect::<Vec<_>>(), [("error", "duplicate_course")]);
    assert!(f[0].2.as_array().unwrap().contains(&json!({"type": "course", "id": dup})));
    assert!(f[0].2.as_array().unwrap().contains(&json!({"type": "schoolclass", "id": s.classes["G29a"]})));
    app.delete(&format!("/course/{dup}")).await.expect(204);
    assert_eq!(codes(&app, &s).await, Vec::<String>::new());

    // course_rule: a course whose grade is no longer its class's (a state the API refuses; made in SQL).
    let course = app.get(&format!("/course?schoolYear={}", s.year)).await.expect(200).result()[0].clone();
    let (course_id, grade) = (course["id"].as_i64().unwrap(), course["grade"]["id"].as_i64().unwrap());
    exec(&app, "UPDATE course SET grade_id = $1 WHERE id = $2", &[Arg::I(grades[3]), Arg::I(course_id)]).await;
    touch(&app, &s).await;
    let f = findings(&app, &s).await;
    let rule = f.iter().find(|f| f.1 == "course_rule").expect("course_rule");
    assert_eq!((rule.0.as_str(), rule.2.clone()), ("error", json!([{"type": "course", "id": course_id}])));
    exec(&app, "UPDATE course SET grade_id = $1 WHERE id = $2", &[Arg::I(grade), Arg::I(course_id)]).await;
    touch(&app, &s).await;
    assert_eq!(codes(&app, &s).await, Vec::<String>::new());

    // lesson_table_side: a subject turned cross-class after its per-class row was stored.
    let math = app.get(&format!("/subject/{}", s.math)).await.expect(200).result().clone();
    let (kind, category) = (math["type"]["id"].clone(), math["category"]["id"].clone());
    let x =
        app.create("/subject", json!({"code": "X", "description": "Fach X", "type": kind, "category": category})).await;
    let row = format!("{gym_id}-{x}-{}", s.div);
    // An optional start: no class enters GYM1 this year, and a `start` would add `no_entry_classes`.
    app.put(
        &format!("/lessontable/{row}"),
        json!({"details": [{"grade": grades[0], "type": "startOptional", "lessons1": 2}]}),
    )
    .await
    .expect(200);
    assert_eq!(codes(&app, &s).await, Vec::<String>::new());
    put_field(&app, &format!("/subject/{x}"), "crossClass", json!(true)).await;
    let f = findings(&app, &s).await;
    assert_eq!(f.iter().map(|f| f.1.as_str()).collect::<Vec<_>>(), ["lesson_table_side"]);
    assert_eq!(f[0].2, json!([{"type": "lessontable", "id": row}]));
    put_field(&app, &format!("/subject/{x}"), "crossClass", json!(false)).await;
    assert_eq!(codes(&app, &s).await, Vec::<String>::new());

    // grade_not_in_curriculum: an entry whose grade left the curriculum (made in SQL: the API refuses it).
    let fms1 =
        app.get("/grade").await.expect(200).result().as_array().unwrap().iter().find(|g| g["code"] == "FMS1").unwrap()
            ["id"]
            .as_i64()
            .unwrap();
    exec(&app, "UPDATE lesson_table_entry SET grade_id = $1 WHERE subject_id = $2", &[Arg::I(fms1), Arg::I(x)]).await;
    touch(&app, &s).await;
    let f = findings(&app, &s).await;
    assert_eq!(f.iter().map(|f| f.1.as_str()).collect::<Vec<_>>(), ["grade_not_in_curriculum"]);
    assert_eq!(f[0].2, json!([{"type": "lessontable", "id": row}]));
    app.put(&format!("/lessontable/{row}"), json!({"details": []})).await.expect(200);
    assert_eq!(codes(&app, &s).await, Vec::<String>::new());

    // no_weekly_lessons: the year lacks the weekly lessons of G2 (a's course then counts 0 %).
    let year_path = format!("/schoolyear/{}", s.year);
    let weekly = app.get(&year_path).await.expect(200).result()["weeklyLessons"].clone();
    let mut without = weekly.clone();
    without.as_object_mut().unwrap().remove(&s.pt["G2"].to_string());
    put_field(&app, &year_path, "weeklyLessons", without).await;
    let f = findings(&app, &s).await;
    let missing = f.iter().find(|f| f.1 == "no_weekly_lessons").expect("no_weekly_lessons");
    assert_eq!((missing.0.as_str(), missing.2.clone()), ("error", json!([{"type": "payrolltype", "id": s.pt["G2"]}])));
    assert!(f.iter().any(|f| f.1 == "workload_deviation"), "a's workload drops to 0 %");
    put_field(&app, &year_path, "weeklyLessons", weekly).await;
    assert_eq!(codes(&app, &s).await, Vec::<String>::new());

    app.get("/schoolyear/999/check").await.expect_problem(404, "not_found");
    app.get("/schoolyear/x/check").await.expect_problem(400, "invalid_path_id");
}
