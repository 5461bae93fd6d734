//! `GET /workload` over HTTP on the school of docs/workload.md §Worked examples (payroll types,
//! weekly lessons, grades as the Bern Gymnasiums have them): the worked
//! examples in every mode they name, the balance chain, and wrong input.

use reqwest::Method;
use serde_json::{json, Value};

use crate::fixtures::{curriculum, division, Curriculum};
use crate::helpers::TestApp;

/// The §Worked examples school: payroll types by code → id, the school year, classes, subjects.
pub struct School {
    pub pt: std::collections::HashMap<&'static str, i64>,
    pub year: i64,
    pub div: i64,
    pub classes: std::collections::HashMap<&'static str, i64>,
    pub math: i64,
    pub class_lesson: i64,
    pub pool_type: i64,
}

/// (code, description, lessonBased, saldo order, IPB allowed, weekly lessons)
type PayrollTypeRow = (&'static str, &'static str, bool, i64, bool, Option<i64>);

/// The payroll types of these tests.
const PAYROLL_TYPES: &[PayrollTypeRow] = &[
    ("G1", "Unterricht GYM1", true, 2, false, Some(28)),
    ("G2", "Unterricht GYM2-4", true, 1, true, Some(23)),
    ("F", "Fachmittelschule", true, 3, true, Some(24)),
    ("BM", "Berufsmaturität", true, 4, true, Some(23)),
    ("GK1", "Klassenstunde GYM1", true, 52, false, Some(20)),
    ("GK2", "Klassenstunde GYM2-4", true, 51, false, Some(20)),
    ("FK", "Klassenstunde FMS", true, 53, false, Some(20)),
    ("PS", "Schulpool", false, 101, false, None),
    ("PL", "Schulleitungspool", false, 102, false, None),
];

pub async fn school(app: &TestApp, mode: i64) -> School {
    let mut pt = std::collections::HashMap::new();
    let mut weekly = serde_json::Map::new();
    for (code, description, lesson_based, order, ipb, wl) in PAYROLL_TYPES {
        let id = app
            .create(
                "/payrolltype",
                json!({"code": code, "description": description, "lessonBased": lesson_based,
                       "saldoResolvingOrder": order, "ipbCorrectionAllowed": ipb}),
            )
            .await;
        pt.insert(*code, id);
        if let Some(wl) = wl {
            weekly.insert(id.to_string(), json!(wl));
        }
    }
    let div = division(app, "GYM").await;
    let Curriculum { id: gym, grades: gym_grades } = curriculum(app, "GYM 17", &["GYM1", "GYM2", "GYM3", "GYM4"]).await;
    let Curriculum { id: fms, grades: fms_grades } = curriculum(app, "FMS 18", &["FMS1", "FMS2", "FMS3"]).await;
    let Curriculum { id: bm, grades: bm_grades } = curriculum(app, "BM 20", &["BME1", "BME2", "BME3", "BME4"]).await;
    // Grades → payroll types: GYM1 → G1/GK1, GYM2–4 → G2/GK2, FMS → F/FK, BME → BM/BM.
    let grade_types = gym_grades
        .iter()
        .enumerate()
        .map(|(i, g)| (*g, if i == 0 { ("G1", "GK1") } else { ("G2", "GK2") }))
        .chain(fms_grades.iter().map(|g| (*g, ("F", "FK"))))
        .chain(bm_grades.iter().map(|g| (*g, ("BM", "BM"))));
    for (grade, (t, cl)) in grade_types {
        let mut g = app.get(&format!("/grade/{grade}")).await.expect(200).result().clone();
        g["payrollType"] = json!(pt[t]);
        g["classLessonPayrollType"] = json!(pt[cl]);
        app.put(&format!("/grade/{grade}"), g).await.expect(200);
    }
    let year = app
        .create(
            "/schoolyear",
            json!({"code": "26/27", "description": "Schuljahr 2026/27", "graduationYear": 2027, "weeks": 38,
                   "calculationMode": mode, "weeklyLessons": weekly}),
        )
        .await;
    let mut classes = std::collections::HashMap::new();
    for (code, cu, grad) in
        [("G27a", gym, 2027), ("G27b", gym, 2027), ("G29a", gym, 2029), ("F27a", fms, 2027), ("B27a", bm, 2027)]
    {
        let id = app
            .create("/schoolclass", json!({"code": code, "curriculum": cu, "division": div, "graduationYear": grad}))
            .await;
        classes.insert(code, id);
    }
    let category = app.create("/subjectcategory", json!({"code": "MAT", "description": "Mathematik"})).await;
    let kind = app.create("/subjecttype", json!({"code": "GF", "description": "Grundlagenfach"})).await;
    let math = app
        .create("/subject", json!({"code": "M", "description": "Mathematik", "type": kind, "category": category}))
        .await;
    let class_lesson = app
        .create("/subject", json!({"code": "KL", "description": "Klassenstunde", "type": kind, "category": category, "classLesson": true}))
        .await;
    let pool_type = app
        .create(
            "/pooltype",
            json!({"code": "S", "description": "Schulpool", "payrollType": pt["PS"], "autoCopy": true}),
        )
        .await;
    School { pt, year, div, classes, math, class_lesson, pool_type }
}

impl School {
    /// A teacher with an employment this year (payment in percent per semester).
    pub async fn teacher(&self, app: &TestApp, code: &str, birthday: &str, payment: (f64, f64)) -> i64 {
        let t = app
            .create("/teacher", json!({"code": code, "firstName": code, "lastName": "Muster", "birthday": birthday}))
            .await;
        app.create(
            "/employment",
            json!({"teacher": t, "schoolYear": self.year, "division": self.div, "payment1": payment.0, "payment2": payment.1}),
        )
        .await;
        t
    }

    /// A course of `subject` for `class` taught by `teacher` in both semesters.
    pub async fn course(&self, app: &TestApp, subject: i64, class: &str, lessons: f64, teacher: i64) -> i64 {
        app.create(
            "/course",
            json!({"schoolYear": self.year, "subject": subject, "schoolClasses": [self.classes[class]],
                   "lessons1": lessons, "lessons2": lessons, "teachers1": [teacher], "teachers2": [teacher]}),
        )
        .await
    }

    pub async fn set_mode(&self, app: &TestApp, mode: i64) {
        let mut y = app.get(&format!("/schoolyear/{}", self.year)).await.expect(200).result().clone();
        y["calculationMode"] = json!(mode);
        app.put(&format!("/schoolyear/{}", self.year), y).await.expect(200);
    }

    pub async fn workload(&self, app: &TestApp, teacher: i64) -> Value {
        app.get(&format!("/workload?schoolYear={}&teacher={teacher}", self.year)).await.expect(200).result().clone()
    }
}

/// Rounds half-up to `k` decimals, as a client displays a figure.
fn shown(v: &Value, k: i32) -> f64 {
    let x = v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"));
    let f = 10f64.powi(k);
    (x * f + 0.5_f64.copysign(x) * (1.0 - 1e-9)).trunc() / f
}

/// The payroll rows as (description, lessons1, percent1) displayed with 2 / `decimals`.
fn payroll_rows(w: &Value) -> Vec<(String, f64, f64)> {
    let decimals = w["payroll"]["percentDecimals"].as_i64().unwrap() as i32;
    w["payroll"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (r["description"].as_str().unwrap().to_string(), shown(&r["lessons1"], 2), shown(&r["percent1"], decimals))
        })
        .collect()
}

async fn teacher_a(app: &TestApp, s: &School) -> i64 {
    let a = s.teacher(app, "tea", "1978-01-18", (75.0, 75.0)).await;
    s.course(app, s.math, "G27a", 4.0, a).await;
    s.course(app, s.math, "G27b", 4.0, a).await;
    s.course(app, s.class_lesson, "G27a", 1.0, a).await;
    s.course(app, s.math, "G29a", 3.0, a).await;
    for p in [15, 5] {
        app.create(
            "/poolentry",
            json!({"schoolYear": s.year, "teacher": a, "type": s.pool_type, "percent1": p, "percent2": p}),
        )
        .await;
    }
    a
}

#[tokio::test]
async fn teacher_a_in_percent_lessons_and_lessons2() {
    let app = TestApp::spawn().await;
    let s = school(&app, 1).await;
    let a = teacher_a(&app, &s).await;

    for mode in [1, 2] {
        s.set_mode(&app, mode).await;
        let w = s.workload(&app, a).await;
        assert_eq!(w["calculationMode"]["id"], mode);
        assert_eq!(
            payroll_rows(&w),
            [
                ("Unterricht GYM2-4".to_string(), 11.5, 50.0),
                ("Klassenstunde GYM2-4".into(), 1.0, 5.0),
                ("Schulpool".into(), 0.0, 20.0)
            ],
            "mode {mode}: the difference of +2.174 % goes to G2 (saldo order 1)"
        );
        assert_eq!(w["payroll"]["total"]["percent1"], 75);
        assert_eq!(w["payment"], 75);
        assert_eq!(w["courses"]["items"].as_array().unwrap().len(), 4);
        assert_eq!(w["courses"]["total"]["lessons1"], 12);
        assert_eq!(shown(&w["courses"]["total"]["percent1"], 3), 52.826);
        assert_eq!(w["pool"]["title"], "Pensum: Pool");
        assert_eq!(w["pool"]["total"]["percent1"], 20);
    }
    assert_eq!(s.workload(&app, a).await["payroll"]["percentDecimals"], 2, "lessons mode shows 2 decimals");

    s.set_mode(&app, 3).await;
    let w = s.workload(&app, a).await;
    assert_eq!(
        payroll_rows(&w),
        [
            ("Unterricht GYM2-4".to_string(), 11.0, 47.83),
            ("IPB-Korrektur Unterricht GYM2-4".into(), 0.5, 2.17),
            ("Klassenstunde GYM2-4".into(), 1.0, 5.0),
            ("Schulpool".into(), 0.0, 20.0)
        ]
    );
    let ipb = &w["payroll"]["items"][1];
    // The correction is paid under its parent type: payrollType carries G2's id and code, labelled as the row.
    assert_eq!(ipb["correction"], true);
    assert_eq!(ipb["parentPayrollType"], w["payroll"]["items"][0]["payrollType"]);
    assert_eq!(
        ipb["payrollType"],
        json!({"id": s.pt["G2"], "code": "G2", "description": "IPB-Korrektur Unterricht GYM2-4"})
    );
    assert_eq!(w["payroll"]["items"][0]["parentPayrollType"], Value::Null);
    assert_eq!(shown(&w["payroll"]["total"]["percent1"], 2), 75.0);
    assert_eq!(w["payroll"]["percentDecimals"], 2);
    assert_eq!(w["warnings"], json!([]));
}

async fn teacher_b(app: &TestApp, s: &School) -> i64 {
    let b = s.teacher(app, "teb", "1974-06-08", (60.0, 60.0)).await;
    let fms_class_lesson = s.class_lesson;
    s.course(app, s.math, "G29a", 2.0, b).await;
    s.course(app, s.math, "F27a", 7.2, b).await;
    s.course(app, s.math, "B27a", 2.4, b).await;
    s.course(app, fms_class_lesson, "F27a", 1.0, b).await;
    b
}

#[tokio::test]
async fn teacher_b_with_age_relief() {
    let app = TestApp::spawn().await;
    let s = school(&app, 1).await;
    let b = teacher_b(&app, &s).await;

    let w = s.workload(&app, b).await;
    assert_eq!(
        (w["summary"]["ageReliefFactor1"].clone(), w["summary"]["ageReliefFactor2"].clone()),
        (json!(4), json!(4))
    );
    let g2 = &w["payroll"]["items"][0];
    assert_eq!(g2["payrollType"]["id"], s.pt["G2"]);
    assert_eq!((shown(&g2["lessons1"], 2), shown(&g2["percent1"], 3)), (2.82, 12.748), "percent mode");

    s.set_mode(&app, 2).await;
    let w = s.workload(&app, b).await;
    let g2 = &w["payroll"]["items"][0];
    assert_eq!(
        (shown(&g2["lessons1"], 2), shown(&g2["percent1"], 3)),
        (2.82, 12.751),
        "lessons mode: 3 decimals carried"
    );
    assert_eq!(shown(&g2["percent1"], 2), 12.75);

    s.set_mode(&app, 3).await;
    let w = s.workload(&app, b).await;
    let rows = payroll_rows(&w);
    let ipb = rows.iter().find(|r| r.0.starts_with("IPB-Korrektur")).expect("an IPB row");
    assert_eq!(ipb, &("IPB-Korrektur Fachmittelschule".to_string(), 0.89, 3.71));
}

#[tokio::test]
async fn balances_chain_over_years_with_leave_and_frozen_year() {
    let app = TestApp::spawn().await;
    let s = school(&app, 1).await;
    // Teacher A in 26/27 (75 % paid, 72.826 % worked before the saldo walk; percent mode pays the workload).
    let a = teacher_a(&app, &s).await;
    let emp = |year: i64| format!("/employment?schoolYear={year}&teacher={a}");
    let first = app.get(&emp(s.year)).await.expect(200).result()[0].clone();
    let closing_1 = first["closingBalance"].as_f64().unwrap();
    assert_eq!(first["openingBalance"], 0);
    assert!((closing_1 - (72.8260869565 - 75.0)).abs() < 1e-9, "closing {closing_1}");

    // 27/28: on leave (no employment). 28/29: employed; opens with 26/27's closing balance.
    app.create("/schoolyear", json!({"code": "27/28", "description": "x", "graduationYear": 2028})).await;
    let y3 = app.create("/schoolyear", json!({"code": "28/29", "description": "x", "graduationYear": 2029})).await;
    app.create(
        "/employment",
        json!({"teacher": a, "schoolYear": y3, "division": s.div, "payment1": 10, "payment2": 10}),
    )
    .await;
    let third = app.get(&emp(y3)).await.expect(200).result()[0].clone();
    assert_eq!(third["openingBalance"], first["closingBalance"]);
    assert!((third["closingBalance"].as_f64().unwrap() - (closing_1 - 10.0)).abs() < 1e-9);

    // A change in 26/27 shows at once in 28/29; a delete too.
    let pool =
        app.get(&format!("/poolentry?schoolYear={}&teacher={a}", s.year)).await.result()[0]["id"].as_i64().unwrap();
    app.delete(&format!("/poolentry/{pool}")).await.expect(204);
    let third = app.get(&emp(y3)).await.result()[0].clone();
    let first = app.get(&emp(s.year)).await.result()[0].clone();
    assert_eq!(third["openingBalance"], first["closingBalance"]);
    assert!((first["closingBalance"].as_f64().unwrap() - (closing_1 - 15.0)).abs() < 1e-9, "15 % less pool");

    // Finalising 26/27 freezes it: a later change of the grade's payroll type does not move it.
    let frozen = first["closingBalance"].clone();
    crate::fixtures::set_year_flags(&app, s.year, true, false).await;
    let grade =
        app.get("/grade").await.result().as_array().unwrap().iter().find(|g| g["code"] == "GYM4").unwrap().clone();
    let mut g = grade.clone();
    g["payrollType"] = json!(s.pt["G1"]);
    app.put(&format!("/grade/{}", grade["id"]), g).await.expect(200);
    assert_eq!(app.get(&emp(s.year)).await.result()[0]["closingBalance"], frozen);
    assert_eq!(app.get(&emp(y3)).await.result()[0]["openingBalance"], frozen);
    // Unlocking unfreezes: the change shows.
    crate::fixtures::set_year_flags(&app, s.year, false, false).await;
    assert_ne!(app.get(&emp(s.year)).await.result()[0]["closingBalance"], frozen);

    // showIpbBalances false: balances null, postings and balance null in the workload.
    let mut y = app.get(&format!("/schoolyear/{}", s.year)).await.result().clone();
    y["showIpbBalances"] = json!(false);
    app.put(&format!("/schoolyear/{}", s.year), y).await.expect(200);
    assert_eq!(app.get(&emp(s.year)).await.result()[0]["closingBalance"], Value::Null);
    let w = s.workload(&app, a).await;
    assert_eq!((w["balance"].clone(), w["postings"].clone()), (Value::Null, Value::Null));
}

#[tokio::test]
async fn wrong_input_is_refused_and_nothing_stored() {
    let app = TestApp::spawn().await;
    let s = school(&app, 1).await;
    let a = teacher_a(&app, &s).await;
    let stranger = app.create("/teacher", json!({"code": "xyz", "firstName": "X", "lastName": "Y"})).await;
    let pool_body = |t: i64, p: Value| json!({"schoolYear": s.year, "teacher": t, "type": s.pool_type, "percent1": p, "percent2": 0});
    app.post("/poolentry", pool_body(stranger, json!(5))).await.expect_problem(422, "teacher_not_employed");
    app.post("/poolentry", pool_body(a, json!(-1))).await.expect_problem(422, "out_of_range");
    app.post(
        "/posting",
        json!({"schoolYear": s.year, "teacher": a, "startDate": "2026-10-01", "endDate": "2026-09-30"}),
    )
    .await
    .expect_problem(422, "date_order");
    let mut y = app.get(&format!("/schoolyear/{}", s.year)).await.result().clone();
    y["weeklyLessons"] = json!({"999": 23});
    app.put(&format!("/schoolyear/{}", s.year), y.clone()).await.expect_problem(422, "unknown_reference");
    y["weeklyLessons"] = json!({ s.pt["PS"].to_string(): 23 });
    app.put(&format!("/schoolyear/{}", s.year), y).await.expect_problem(422, "not_lesson_based");
    let tt = app
        .create(
            "/thesistype",
            json!({"code": "MA", "description": "Maturaarbeit", "payrollType": s.pt["G2"], "percent": 0.5}),
        )
        .await;
    app.put(&format!("/thesis/{}-{a}", s.year), json!({"thesisCounts": {tt.to_string(): -1}}))
        .await
        .expect_problem(422, "out_of_range");
    app.delete(&format!("/payrolltype/{}", s.pt["G2"])).await.expect_problem(409, "referenced");
    // Nothing stored.
    assert_eq!(app.get(&format!("/poolentry?schoolYear={}", s.year)).await.result().as_array().unwrap().len(), 2);
    assert_eq!(app.get(&format!("/posting?schoolYear={}", s.year)).await.result(), &json!([]));
    assert_eq!(app.get(&format!("/thesis/{}-{a}", s.year)).await.result()["thesisCounts"], json!({}));
    assert_eq!(
        app.get(&format!("/schoolyear/{}", s.year)).await.result()["weeklyLessons"].as_object().unwrap().len(),
        7
    );
    app.get(&format!("/payrolltype/{}", s.pt["G2"])).await.expect(200);
    // A thesis of a teacher without employment does not exist.
    app.get(&format!("/thesis/{}-{stranger}", s.year)).await.expect(404);
}

#[tokio::test]
async fn theses_postings_and_notes() {
    let app = TestApp::spawn().await;
    let s = school(&app, 1).await;
    let a = teacher_a(&app, &s).await;
    let tt = app
        .create(
            "/thesistype",
            json!({"code": "MA", "description": "Maturaarbeit", "payrollType": s.pt["G2"], "percent": 0.5}),
        )
        .await;
    let r = app.put(&format!("/thesis/{}-{a}", s.year), json!({"thesisCounts": {tt.to_string(): 4}})).await.expect(200);
    assert_eq!(r.result()["thesisCounts"], json!({ tt.to_string(): 4 }));
    let w = s.workload(&app, a).await;
    assert_eq!(w["theses"]["items"][0]["percent"], 2);
    assert_eq!(w["theses"]["total"]["percent"], 2);
    assert_eq!(w["summary"]["items"][1]["percent1"], 2, "theses count in both semesters");
    assert_eq!(w["summary"]["items"][1]["percent2"], 2);

    // Postings: a lesson type (single lessons → annual percent) in semester 1, a percent type in semester 2.
    let lessons = app
        .create(
            "/postingtype",
            json!({"code": "L", "description": "Lektionen", "payrollType": s.pt["G2"], "percent": false}),
        )
        .await;
    let percent = app
        .create(
            "/postingtype",
            json!({"code": "P", "description": "Prozent", "payrollType": s.pt["PS"], "percent": true}),
        )
        .await;
    app.create(
        "/posting",
        json!({"schoolYear": s.year, "teacher": a, "description": "Stellvertretung", "startDate": "2026-11-02",
               "details": {lessons.to_string(): 23, percent.to_string(): 0}}),
    )
    .await;
    app.create(
        "/posting",
        json!({"schoolYear": s.year, "teacher": a, "description": "Rückbuchung", "startDate": "2027-02-01",
               "details": {percent.to_string(): -1.5}}),
    )
    .await;
    let w = s.workload(&app, a).await;
    let items = w["postings"]["items"].as_array().unwrap();
    assert_eq!(items.len(), 2);
    // 23 single lessons at WL 23 and 38 weeks: 23·100/(23·38) = 2.6315789474 %.
    // fullPosition is WL(G2), the weekly lessons of a full position, not WL·weeks.
    assert_eq!(items[0]["details"][0]["percent"], json!(2.6315789474));
    assert_eq!((&items[0]["details"][0]["lessons"], &items[0]["details"][0]["fullPosition"]), (&json!(23), &json!(23)));
    // A percent type has no lessons and no full position: 0, not null.
    assert_eq!(items[1]["details"][0]["percent"], json!(-1.5));
    assert_eq!((&items[1]["details"][0]["lessons"], &items[1]["details"][0]["fullPosition"]), (&json!(0), &json!(0)));
    let total = w["postings"]["total"]["percent"].as_f64().unwrap();
    assert!((total - (2.6315789474 - 1.5)).abs() < 1e-9);
    let balance: Vec<&str> =
        w["balance"].as_array().unwrap().iter().map(|l| l["description"].as_str().unwrap()).collect();
    assert_eq!(balance, ["Anfangssaldo", "Pensum", "Ein- und Ausbuchungen", "Auszahlung", "Schlusssaldo"]);
    assert_eq!(w["balance"][3]["percent"], -75);

    // Notes: author and time from the server, newest first, no PUT.
    let n1 = app.create("/note", json!({"teacher": {"id": a}, "text": "Erste Notiz"})).await;
    let n2 = app.create("/note", json!({"teacher": a, "text": "Zweite Notiz"})).await;
    let notes = app.get(&format!("/note?teacher={a}")).await.expect(200).result().clone();
    assert_eq!(notes.as_array().unwrap().iter().map(|n| n["id"].as_i64().unwrap()).collect::<Vec<_>>(), [n2, n1]);
    assert!(notes[0]["createdBy"].as_str().is_some_and(|s| !s.is_empty()));
    assert!(notes[0]["creationDate"].as_str().is_some_and(|s| s.ends_with('Z')));
    app.put(&format!("/note/{n1}"), json!({"teacher": a, "text": "x"})).await.expect(405);
    app.delete(&format!("/note/{n1}")).await.expect(204);
}

#[tokio::test]
async fn whole_year_list_is_ordered_by_teacher_code() {
    let app = TestApp::spawn().await;
    let s = school(&app, 3).await;
    let b = teacher_b(&app, &s).await;
    let a = teacher_a(&app, &s).await;
    let list = app.get(&format!("/workload?schoolYear={}", s.year)).await.expect(200).result().clone();
    let ids: Vec<i64> = list.as_array().unwrap().iter().map(|w| w["teacher"]["id"].as_i64().unwrap()).collect();
    assert_eq!(ids, [a, b]);
    assert_eq!(list[0], s.workload(&app, a).await, "the list holds the same forms as the single reads");
    app.get(&format!("/workload?schoolYear={}&teacher=999", s.year)).await.expect(404);
}

#[tokio::test]
async fn team_teaching_small_groups_cancelled_courses_and_warnings() {
    let app = TestApp::spawn().await;
    let s = school(&app, 1).await;
    let a = s.teacher(&app, "tea", "1978-01-18", (50.0, 50.0)).await;
    let b = s.teacher(&app, "teb", "1980-05-05", (50.0, 50.0)).await;
    // Team teaching: 4 lessons shared by two teachers in semester 1, a alone in semester 2.
    let team = app
        .create(
            "/course",
            json!({"schoolYear": s.year, "subject": s.math, "schoolClasses": [s.classes["G27a"]], "lessons1": 4, "lessons2": 4,
                   "teachers1": [a, b], "teachers2": [a]}),
        )
        .await;
    // A small group in semester 1: 2 lessons at WL 23 + surcharge 2 = 8 %.
    app.create(
        "/course",
        json!({"schoolYear": s.year, "subject": s.math, "schoolClasses": [s.classes["G27b"]], "lessons1": 2, "lessons2": 0,
               "teachers1": [a], "teachers2": [], "smallGroup1": true}),
    )
    .await;
    // A cancelled course counts nothing and is not listed.
    app.create(
        "/course",
        json!({"schoolYear": s.year, "subject": s.math, "schoolClasses": [s.classes["G29a"]], "lessons1": 3, "lessons2": 3,
               "teachers1": [a], "teachers2": [a], "cancelled": true}),
    )
    .await;
    let w = s.workload(&app, a).await;
    let items = w["courses"]["items"].as_array().unwrap();
    assert_eq!(items.len(), 2, "the cancelled course is not listed");
    let team_item = items.iter().find(|i| i["id"] == team).unwrap();
    assert_eq!(
        (team_item["lessons1"].clone(), team_item["lessons2"].clone()),
        (json!(2), json!(4)),
        "team teaching splits"
    );
    let small = items.iter().find(|i| i["id"] != team).unwrap();
    assert_eq!((small["percent1"].clone(), small["smallGroup1"].clone()), (json!(8), json!(true)));
    assert_eq!(small["percent2"], 0, "a semester without lessons");
    let wb = s.workload(&app, b).await;
    assert_eq!(wb["courses"]["items"][0]["lessons1"], 2);
    assert_eq!(wb["courses"]["items"][0]["lessons2"], 0, "b teaches semester 1 only");

    // Warnings: a grade without payroll type, a lesson-based type without weekly lessons.
    let grade =
        app.get("/grade").await.result().as_array().unwrap().iter().find(|g| g["code"] == "GYM4").unwrap().clone();
    let mut g = grade.clone();
    g["payrollType"] = Value::Null;
    app.put(&format!("/grade/{}", grade["id"]), g).await.expect(200);
    let w = s.workload(&app, a).await;
    assert_eq!(w["warnings"][0]["code"], "no_payroll_type");
    // The detail names the course, in the reader's language (English without the header).
    let en = w["warnings"][0]["detail"].as_str().unwrap();
    assert!(en.starts_with("Course ") && en.ends_with("counts nothing: its grade has no payroll type for it."), "{en}");
    let path = format!("/api/v1/workload?schoolYear={}&teacher={a}", s.year);
    let de = app.request_headers(Some(&app.token), Method::GET, &path, None, &[("accept-language", "de-CH")]).await;
    let de = de.expect(200).result()["warnings"][0]["detail"].as_str().unwrap().to_string();
    assert!(
        de.starts_with("Der Kurs ") && de.ends_with("zählt nichts: seine Stufe hat keine Anstellungsart dafür."),
        "{de}"
    );
    assert!(w["courses"]["items"].as_array().unwrap().iter().all(|i| i["percent1"] == 0));
    let mut g = grade.clone();
    g["payrollType"] = json!(s.pt["G1"]);
    app.put(&format!("/grade/{}", grade["id"]), g).await.expect(200);
    let mut y = app.get(&format!("/schoolyear/{}", s.year)).await.result().clone();
    y["weeklyLessons"].as_object_mut().unwrap().remove(&s.pt["G1"].to_string());
    app.put(&format!("/schoolyear/{}", s.year), y).await.expect(200);
    let w = s.workload(&app, a).await;
    let codes: Vec<&str> = w["warnings"].as_array().unwrap().iter().map(|x| x["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["no_weekly_lessons"]);
    assert!(w["warnings"][0]["detail"].as_str().unwrap().contains("G1"), "{}", w["warnings"][0]);
}

/// The demo school's locked years carry frozen balances (as locking them through the API would have
/// stored): unlocking 25/26 recomputes its balances and they are the same, and 26/27 opens with them.
#[tokio::test]
async fn demo_frozen_balances_equal_a_fresh_computation() {
    let app = TestApp::spawn().await;
    let demo = schoolplan::demo::generate(1);
    let locked_years: Vec<&str> =
        demo.school_years.iter().filter(|y| y.finalised || y.archived).map(|y| y.code.as_str()).collect();
    let locked = demo.employments.iter().filter(|e| locked_years.contains(&e.school_year.as_str()));
    assert!(locked.clone().count() > 100 && locked.clone().all(|e| e.frozen_closing_balance.is_some()));
    schoolplan::dataset::import(&app.store, &demo).await.expect("demo imported");
    let years = app.get("/schoolyear").await.expect(200).result().clone();
    let id_of = |code: &str| {
        years.as_array().unwrap().iter().find(|y| y["code"] == code).map(|y| y["id"].as_i64().unwrap()).unwrap()
    };
    let balances = |list: &Value| -> Vec<(String, Value, Value)> {
        let mut out: Vec<_> = list
            .as_array()
            .unwrap()
            .iter()
            .map(|e| (e["teacher"]["id"].to_string(), e["openingBalance"].clone(), e["closingBalance"].clone()))
            .collect();
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    };
    let (y25, y26) = (id_of("25/26"), id_of("26/27"));
    let frozen = balances(app.get(&format!("/employment?schoolYear={y25}")).await.result());
    let next = balances(app.get(&format!("/employment?schoolYear={y26}")).await.result());
    assert!(frozen.iter().any(|(_, o, c)| o != c), "the demo's balances move: {frozen:?}");

    let mut year = app.get(&format!("/schoolyear/{y25}")).await.result().clone();
    year["finalised"] = json!(false);
    year["archived"] = json!(false);
    app.put(&format!("/schoolyear/{y25}"), year).await.expect(200);
    let fresh = balances(app.get(&format!("/employment?schoolYear={y25}")).await.result());
    assert_eq!(fresh, frozen, "frozen balances equal the computation");
    let after = balances(app.get(&format!("/employment?schoolYear={y26}")).await.result());
    assert_eq!(after, next);
}

/// `GET /workload` books the year's courses from its course list instead of
/// reading them twice: those facts equal what the calculation reads from the
/// database, for the demo's every year (class lessons, team teaching,
/// cancelled and small-group courses included) and for one teacher.
#[tokio::test]
async fn course_facts_from_the_course_list_equal_the_stored_ones() {
    use schoolplan::domain::ids::{SchoolYearId, TeacherId};
    use schoolplan::store::course::CourseFilter;
    use schoolplan::store::workload::course_facts;
    let app = TestApp::spawn().await;
    let demo = schoolplan::demo::generate(1);
    schoolplan::dataset::import(&app.store, &demo).await.expect("demo imported");
    let mut conn = app.store.conn().await.unwrap();
    let keys = conn.course_payroll_keys().await.unwrap();
    let years = app.get("/schoolyear").await.expect(200).result().clone();
    let teacher = app.get("/teacher").await.expect(200).result()[3]["id"].as_i64().unwrap();
    let mut compared = 0;
    for y in years.as_array().unwrap() {
        let (year, up_to) = (SchoolYearId(y["id"].as_i64().unwrap()), y["graduationYear"].as_i64().unwrap());
        for who in [None, Some(TeacherId(teacher))] {
            let mut facts = conn.workload_heads(up_to, who).await.unwrap();
            conn.load_bookings(&mut facts, &[year], who).await.unwrap();
            let mut filter = CourseFilter::year(year);
            filter.teacher = who;
            let mut derived = course_facts(&conn.list_courses(filter).await.unwrap(), &keys);
            derived.sort_by_key(|c| c.id);
            assert_eq!(derived, facts.courses, "year {} teacher {who:?}", y["code"]);
            compared += derived.len();
        }
        let mut pt = 0;
        let mut facts = conn.workload_heads(up_to, None).await.unwrap();
        conn.load_bookings(&mut facts, &[year], None).await.unwrap();
        pt += facts.courses.iter().filter(|c| c.payroll_type_id.is_some()).count();
        assert!(pt > 0, "courses book to payroll types");
    }
    assert!(compared > 2000, "{compared}");
}

/// "Saldi berechnen" (`CalculateBalances`) compares each frozen balance with a
/// fresh computation as people see balances, at 4 decimals, and prints them
/// so: on a fresh demo nothing differs; a frozen balance 0.001 off is reported.
#[tokio::test]
async fn balance_check_compares_at_4_decimals_and_a_fresh_demo_agrees() {
    use rust_decimal::{Decimal, RoundingStrategy};
    use std::str::FromStr;
    let app = TestApp::spawn().await;
    let years = crate::jobs::demo(&app).await;
    let year = crate::jobs::year_id(&years, "25/26");
    let flags = app.get(&format!("/schoolyear/{year}")).await.expect(200).result().clone();
    let (finalised, archived) = (flags["finalised"] == true, flags["archived"] == true);
    assert!(finalised || archived, "25/26 is locked in the demo");
    let messages = |job: &Value| -> Vec<String> {
        job["log"].as_array().unwrap().iter().map(|l| l["message"].as_str().unwrap().into()).collect()
    };
    // The demo as loaded: frozen and recomputed balances agree.
    let job = crate::jobs::run_job(&app, json!({"name": "CalculateBalances"})).await;
    let log = messages(&job);
    assert!(log.iter().any(|l| l.starts_with("School year 25/26:") && l.contains("equal")), "{log:?}");
    assert!(!log.iter().any(|l| l.contains("differ")), "a fresh demo has no differences: {log:?}");
    // Unlocked and locked again: frozen anew, still equal.
    crate::fixtures::set_year_flags(&app, year, false, false).await;
    let list = app.get(&format!("/employment?schoolYear={year}")).await.expect(200).result().clone();
    crate::fixtures::set_year_flags(&app, year, finalised, archived).await;
    let job = crate::jobs::run_job(&app, json!({"name": "CalculateBalances"})).await;
    assert!(!messages(&job).iter().any(|l| l.contains("differ")), "{:?}", messages(&job));

    // One frozen balance stored with 4 decimals as shown (equal), one 0.001 off.
    let four = |d: Decimal| {
        let mut r = d.round_dp_with_strategy(4, RoundingStrategy::MidpointAwayFromZero);
        r.rescale(4);
        r
    };
    let items = list.as_array().unwrap();
    let (same, off) = (&items[0], &items[1]);
    let balance = |e: &Value| Decimal::from_str(&e["closingBalance"].to_string()).unwrap();
    let shown = four(balance(same));
    app.sql(&format!("UPDATE employment SET frozen_closing_balance = '{shown}' WHERE id = {}", same["id"])).await;
    let fresh = balance(off);
    let moved = fresh + Decimal::new(1, 3);
    app.sql(&format!("UPDATE employment SET frozen_closing_balance = '{moved}' WHERE id = {}", off["id"])).await;

    let job = crate::jobs::run_job(&app, json!({"name": "CalculateBalances"})).await;
    assert_eq!(job["error"], Value::Null, "{job}");
    let log = messages(&job);
    assert!(log.iter().any(|l| l.starts_with("School year 25/26: 1 of")), "only the one 0.001 off: {log:?}");
    let code = off["teacher"]["code"].as_str().unwrap();
    let line = log.iter().find(|l| l.trim_start().starts_with(&format!("{code}:"))).expect("its line");
    assert!(line.contains(&format!("closing balance frozen {} / fresh {}", four(moved), four(fresh))), "{line}");
    let quiet = same["teacher"]["code"].as_str().unwrap();
    assert!(!log.iter().any(|l| l.trim_start().starts_with(&format!("{quiet}:"))), "{log:?}");
}
