//! `/employment`, locked school years, and `GET /teacher?schoolYear=`.

use schoolplan::domain::employment::NewEmployment;
use schoolplan::domain::ids::{DivisionId, SchoolYearId, TeacherId};
use schoolplan::error::ErrorCode;
use serde_json::{json, Value};

use crate::fixtures;
use crate::helpers::TestApp;

struct School {
    year: i64,
    div: i64,
    anna: i64,
    zed: i64,
}

async fn school(app: &TestApp) -> School {
    School {
        year: fixtures::school_year(app, "26/27", 2027, false, false).await,
        div: fixtures::division(app, "GYM").await,
        anna: app
            .create(
                "/teacher",
                json!({"code": "abc", "firstName": "Anna", "lastName": "Berg", "email": "anna@example.ch"}),
            )
            .await,
        zed: app.create("/teacher", json!({"code": "Zed", "firstName": "Zora", "lastName": "Ehrler"})).await,
    }
}

fn employment(teacher: i64, year: i64, div: i64) -> Value {
    json!({"teacher": teacher, "schoolYear": year, "division": div})
}

fn teacher_codes(list: &Value) -> Vec<String> {
    list.as_array().unwrap().iter().map(|x| x["teacher"]["code"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn employment_create_get_list_save_delete() {
    let app = TestApp::spawn().await;
    let s = school(&app).await;
    let y2526 = fixtures::school_year(&app, "25/26", 2026, false, false).await;

    let r = app
        .post(
            "/employment",
            json!({"teacher": {"id": s.anna, "code": "ignored"}, "schoolYear": s.year.to_string(), "division": s.div,
                   "employmentMin": "57.5", "employmentMax": 80, "payment1": 33.3333, "payment2": null,
                   "temporary": "true", "comments": "  befristet  "}),
        )
        .await
        .expect(201);
    let id = r.id();
    assert_eq!(r.header("location"), Some(format!("/api/v1/employment/{id}").as_str()));
    let expected = json!({
        "id": id,
        "teacher": {"id": s.anna, "archived": false, "code": "abc", "lastName": "Berg", "firstName": "Anna", "email": "anna@example.ch",
                    "gender": null},
        "schoolYear": {"id": s.year, "archived": false, "code": "26/27", "description": "Schuljahr 26/27", "graduationYear": 2027,
                       "finalised": false, "ageReliefIncluded": false},
        "division": {"id": s.div, "code": "GYM", "description": "Abteilung GYM"},
        "employmentMin": 57.5, "employmentMax": 80, "payment1": 33.3333, "payment2": null,
        "temporary": true, "comments": "befristet", "initialBalance": 0,
        // No payroll type exists in this school: nothing is booked and nothing paid (docs/workload.md §Modes).
        "openingBalance": 0, "closingBalance": 0, "change": 0});
    assert_eq!(r.result(), &expected);
    assert_eq!(app.get(&format!("/employment/{id}")).await.expect(200).result(), &expected);

    // Defaults: percent fields null, temporary false, comments null.
    let zed = app.create("/employment", employment(s.zed, s.year, s.div)).await;
    let z = app.get(&format!("/employment/{zed}")).await.expect(200);
    assert_eq!(
        (&z.result()["employmentMin"], &z.result()["temporary"], &z.result()["comments"]),
        (&Value::Null, &json!(false), &Value::Null)
    );
    app.create("/employment", employment(s.anna, y2526, s.div)).await;

    // Lists: by school year, by teacher, both; ordered by teacher code, then year.
    assert_eq!(
        teacher_codes(app.get(&format!("/employment?schoolYear={}", s.year)).await.expect(200).result()),
        ["abc", "Zed"]
    );
    let by_teacher = app.get(&format!("/employment?teacher={}", s.anna)).await.expect(200);
    let years: Vec<_> =
        by_teacher.result().as_array().unwrap().iter().map(|e| e["schoolYear"]["code"].clone()).collect();
    assert_eq!(years, [json!("25/26"), json!("26/27")]);
    let both = app.get(&format!("/employment?schoolYear={}&teacher={}", s.year, s.anna)).await.expect(200);
    assert_eq!(both.result(), &json!([expected]));
    app.get("/employment").await.expect_problem(400, "invalid_query");
    app.get("/employment?schoolYear=abc").await.expect_problem(400, "invalid_query");
    app.get("/employment?schoolYear=99999").await.expect_problem(404, "not_found");
    app.get("/employment?teacher=99999").await.expect_problem(404, "not_found");

    // PUT replaces; null clears; an incomplete PUT is refused.
    let mut put = expected.clone();
    put["employmentMax"] = json!(null);
    put["comments"] = json!(null);
    put["temporary"] = json!(false);
    let r = app.put(&format!("/employment/{id}"), put.clone()).await.expect(200);
    assert_eq!(
        (&r.result()["employmentMax"], &r.result()["comments"], &r.result()["temporary"]),
        (&Value::Null, &Value::Null, &json!(false))
    );
    assert_eq!(r.result()["employmentMin"], 57.5);
    put.as_object_mut().unwrap().remove("payment2");
    app.put(&format!("/employment/{id}"), put).await.expect_problem(422, "missing_field");

    app.delete(&format!("/employment/{id}")).await.expect(204);
    app.get(&format!("/employment/{id}")).await.expect_problem(404, "not_found");
    app.delete(&format!("/employment/{id}")).await.expect_problem(404, "not_found");
    app.put(&format!("/employment/{id}"), expected).await.expect_problem(404, "not_found");
    assert_eq!(teacher_codes(app.get(&format!("/employment?schoolYear={}", s.year)).await.result()), ["Zed"]);
}

#[tokio::test]
async fn employment_value_rules() {
    let app = TestApp::spawn().await;
    let s = school(&app).await;

    let r = app.post("/employment", json!({"temporary": false})).await.expect_problem(422, "required");
    let pointers: Vec<_> =
        r.body["errors"].as_array().unwrap().iter().map(|e| e["pointer"].as_str().unwrap().to_string()).collect();
    assert_eq!(pointers, ["/teacher", "/schoolYear", "/division"]);

    let mut body = employment(s.anna, s.year, s.div);
    body["employmentMin"] = json!(60);
    body["employmentMax"] = json!("50");
    let r = app.post("/employment", body.clone()).await.expect_problem(422, "employment_range");
    assert_eq!(r.body["errors"][0]["pointer"], "/employmentMin");
    body["employmentMax"] = json!(100.5);
    app.post("/employment", body.clone()).await.expect_problem(422, "out_of_range");
    body["employmentMax"] = json!(-1);
    app.post("/employment", body.clone()).await.expect_problem(422, "out_of_range");
    body["employmentMax"] = json!(70.12345);
    app.post("/employment", body.clone()).await.expect_problem(422, "too_precise");
    body["employmentMax"] = json!("viel");
    app.post("/employment", body).await.expect_problem(400, "invalid_type");

    let r = app.post("/employment", employment(99999, 88888, 77777)).await.expect_problem(422, "unknown_reference");
    let pointers: Vec<_> =
        r.body["errors"].as_array().unwrap().iter().map(|e| e["pointer"].as_str().unwrap().to_string()).collect();
    assert_eq!(pointers, ["/teacher", "/schoolYear", "/division"]);

    // One employment per teacher and year.
    let first = app.create("/employment", employment(s.anna, s.year, s.div)).await;
    let r =
        app.post("/employment", employment(s.anna, s.year, s.div)).await.expect_problem(409, "duplicate_employment");
    assert!(r.body["detail"].as_str().unwrap().contains("already"), "{}", r.body);
    let zed = app.create("/employment", employment(s.zed, s.year, s.div)).await;
    let mut put = app.get(&format!("/employment/{zed}")).await.result().clone();
    put["teacher"] = json!(s.anna);
    app.put(&format!("/employment/{zed}"), put).await.expect_problem(409, "duplicate_employment");
    app.get(&format!("/employment/{first}")).await.expect(200);

    // A teacher with an employment cannot be deleted.
    app.delete(&format!("/teacher/{}", s.zed)).await.expect_problem(409, "referenced");
}

#[tokio::test]
async fn locked_school_years_refuse_employment_changes() {
    let app = TestApp::spawn().await;
    let s = school(&app).await;
    let finalised = fixtures::school_year(&app, "25/26", 2026, true, false).await;
    let archived = fixtures::school_year(&app, "24/25", 2025, false, true).await;

    // Creating in a locked year.
    for year in [finalised, archived] {
        let r =
            app.post("/employment", employment(s.anna, year, s.div)).await.expect_problem(409, "school_year_locked");
        assert!(r.body["detail"].as_str().unwrap().contains("School year 2"), "{}", r.body);
    }

    // Changing or deleting in a year that became locked; moving into or out of a locked year.
    let open = app.create("/employment", employment(s.anna, s.year, s.div)).await;
    fixtures::set_year_flags(&app, finalised, false, false).await;
    let in_finalised = app.create("/employment", employment(s.zed, finalised, s.div)).await;
    fixtures::set_year_flags(&app, finalised, true, false).await;

    let mut body = app.get(&format!("/employment/{in_finalised}")).await.result().clone();
    body["comments"] = json!("changed");
    let r =
        app.put(&format!("/employment/{in_finalised}"), body.clone()).await.expect_problem(409, "school_year_locked");
    assert!(r.body["detail"].as_str().unwrap().contains("25/26 is finalised"), "{}", r.body);
    app.delete(&format!("/employment/{in_finalised}")).await.expect_problem(409, "school_year_locked");
    body["schoolYear"] = json!(s.year);
    app.put(&format!("/employment/{in_finalised}"), body).await.expect_problem(409, "school_year_locked");

    let mut body = app.get(&format!("/employment/{open}")).await.result().clone();
    body["schoolYear"] = json!(archived);
    let r = app.put(&format!("/employment/{open}"), body).await.expect_problem(409, "school_year_locked");
    assert!(r.body["detail"].as_str().unwrap().contains("24/25 is archived"), "{}", r.body);

    // Nothing changed.
    let r = app.get(&format!("/employment/{in_finalised}")).await.expect(200);
    assert_eq!((&r.result()["comments"], &r.result()["schoolYear"]["id"]), (&Value::Null, &json!(finalised)));
    assert_eq!(app.get(&format!("/employment/{open}")).await.result()["schoolYear"]["id"], s.year);

    // Imports of history bypass the rule (service::employment) through the store (not over HTTP).
    let new = NewEmployment {
        teacher: TeacherId(s.anna),
        school_year: SchoolYearId(archived),
        division: DivisionId(s.div),
        employment_min: None,
        employment_max: None,
        payment1: None,
        payment2: None,
        temporary: false,
        comments: None,
        initial_balance: Default::default(),
    };
    let mut tx = app.store.begin().await.unwrap();
    assert_eq!(
        schoolplan::service::employment::create(&mut tx, &new).await.unwrap_err().code(),
        ErrorCode::SchoolYearLocked
    );
    drop(tx);
    let mut tx = app.store.begin().await.unwrap();
    tx.insert_employment(&new).await.unwrap();
    tx.commit().await.unwrap();
    assert_eq!(
        teacher_codes(app.get(&format!("/employment?schoolYear={archived}")).await.expect(200).result()),
        ["abc"]
    );

    // Reopened (the school year itself can always change), the employment can change again.
    fixtures::set_year_flags(&app, finalised, false, false).await;
    app.delete(&format!("/employment/{in_finalised}")).await.expect(204);
}

#[tokio::test]
async fn employment_of_a_teacher_with_courses_cannot_be_deleted() {
    let app = TestApp::spawn().await;
    let s = school(&app).await;
    let next = fixtures::school_year(&app, "27/28", 2028, false, false).await;
    let fixtures::Curriculum { id: gym, grades: g } =
        fixtures::curriculum(&app, "GYM 17", &["GYM1", "GYM2", "GYM3", "GYM4"]).await;
    let core = app.create("/subjecttype", json!({"code": "GF", "description": "Grundlagenfach"})).await;
    let cat = app.create("/subjectcategory", json!({"code": "ALLG", "description": "Allgemein"})).await;
    let d = app.create("/subject", json!({"code": "D", "description": "Deutsch", "type": core, "category": cat})).await;
    let m =
        app.create("/subject", json!({"code": "M", "description": "Mathematik", "type": core, "category": cat})).await;
    let class = app
        .create("/schoolclass", json!({"code": "G27a", "curriculum": gym, "division": s.div, "graduationYear": 2027}))
        .await;

    let anna = app.create("/employment", employment(s.anna, s.year, s.div)).await;
    let anna_next = app.create("/employment", employment(s.anna, next, s.div)).await;
    let zed = app.create("/employment", employment(s.zed, s.year, s.div)).await;
    fixtures::course(&app, s.year, d, g[3], gym, &[class], &[s.anna, s.zed]).await;
    fixtures::course(&app, s.year, m, g[3], gym, &[class], &[s.anna]).await;

    let r = app.delete(&format!("/employment/{anna}")).await.expect_problem(409, "referenced");
    let detail = r.body["detail"].as_str().unwrap();
    assert!(
        detail.contains("abc") && detail.contains("course D (26/27)") && detail.contains("course M (26/27)"),
        "{detail}"
    );
    // Moving the employment to another teacher leaves the courses without one, too.
    let mut body = app.get(&format!("/employment/{zed}")).await.result().clone();
    body["schoolYear"] = json!(next);
    body["teacher"] = json!(s.zed);
    app.put(&format!("/employment/{zed}"), body).await.expect_problem(409, "referenced");
    // Other fields can change.
    let mut body = app.get(&format!("/employment/{zed}")).await.result().clone();
    body["employmentMax"] = json!(50);
    app.put(&format!("/employment/{zed}"), body).await.expect(200);

    // The employment of another year does not carry those courses.
    app.delete(&format!("/employment/{anna_next}")).await.expect(204);
    app.get(&format!("/employment/{anna}")).await.expect(200);
}

#[tokio::test]
async fn teachers_of_a_school_year_are_those_employed_in_it() {
    let app = TestApp::spawn().await;
    let s = school(&app).await;
    let other = fixtures::school_year(&app, "27/28", 2028, false, false).await;
    let empty = fixtures::school_year(&app, "28/29", 2029, false, false).await;
    let carl = app.create("/teacher", json!({"code": "cde", "firstName": "Carl", "lastName": "Dorn"})).await;
    app.create("/employment", employment(s.zed, s.year, s.div)).await;
    app.create("/employment", employment(s.anna, s.year, s.div)).await;
    app.create("/employment", employment(carl, other, s.div)).await;

    let codes =
        |v: &Value| v.as_array().unwrap().iter().map(|t| t["code"].as_str().unwrap().to_string()).collect::<Vec<_>>();
    let r = app.get(&format!("/teacher?schoolYear={}", s.year)).await.expect(200);
    assert_eq!(codes(r.result()), ["abc", "Zed"]);
    assert_eq!(
        r.result()[0],
        json!({"id": s.anna, "archived": false, "code": "abc", "lastName": "Berg", "firstName": "Anna", "email": "anna@example.ch"})
    );
    assert_eq!(codes(app.get(&format!("/teacher?schoolYear={other}")).await.expect(200).result()), ["cde"]);
    assert_eq!(app.get(&format!("/teacher?schoolYear={empty}")).await.expect(200).result(), &json!([]));
    assert_eq!(codes(app.get("/teacher").await.result()), ["abc", "cde", "Zed"]);
}
