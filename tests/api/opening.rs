//! `POST /schoolyear/ID/open` (docs/documents.md §Opening a school year) on a small school modelled on
//! the demo: every lesson type, shared and cross-class courses, employments
//! and the pool; idempotence, atomicity under an injected fault, the course rules.

use serde_json::{json, Value};

use crate::fixtures::{
    course_list, curriculum, division, drop_failing_trigger, employment, install_failing_trigger, school_class,
    school_year, set_year_flags, subject, teacher, Curriculum,
};
use crate::helpers::{scalar, TestApp};

/// The school: 25/26 planned, 26/27 to open.
struct School {
    prev: i64,
    year: i64,
    gym: Curriculum,
    old: Curriculum,
    nord: i64,
    d: i64,
    inf: i64,
    sf: i64,
    ma: i64,
    g27a: i64,
    g27b: i64,
    g28a: i64,
    g30a: i64,
    t: Vec<i64>,
    mentorat: i64,
}

async fn row(app: &TestApp, id: String, cells: Value) {
    app.put(&format!("/lessontable/{id}"), json!({ "details": cells })).await.expect(200);
}

async fn course(app: &TestApp, body: Value) -> i64 {
    app.create("/course", body).await
}

impl School {
    async fn new(app: &TestApp) -> School {
        let prev = school_year(app, "25/26", 2026, false, false).await;
        let year = school_year(app, "26/27", 2027, false, false).await;
        let gym = curriculum(app, "GYM 17", &["GYM1", "GYM2", "GYM3", "GYM4"]).await;
        let old = curriculum(app, "GYM 08", &["GYM1", "GYM2", "GYM3", "GYM4"]).await;
        let nord = division(app, "NORD").await;
        let d = subject(app, "D", false).await;
        let inf = subject(app, "IN", false).await;
        let b = subject(app, "B", false).await;
        let mu = subject(app, "MU", false).await;
        let ict = subject(app, "ICT", false).await;
        let mut body = app.get(&format!("/subject/{ict}")).await.expect(200).result().clone();
        body["archived"] = json!(true);
        app.put(&format!("/subject/{ict}"), body).await.expect(200);
        let sf = subject(app, "SF B", true).await;
        let ma = subject(app, "MA", true).await;
        let g = &gym.grades;
        // Lesson table, class-based (NORD).
        let cell = |grade: i64, kind: &str, l1: f64, l2: f64| json!({"grade": grade, "type": kind, "lessons1": l1, "lessons2": l2});
        row(
            app,
            format!("{}-{d}-{nord}", gym.id),
            json!([
                cell(g[0], "start", 4.0, 4.0),
                cell(g[1], "continuation", 4.0, 4.0),
                cell(g[2], "continuation", 4.0, 4.0),
                cell(g[3], "continuation", 3.0, 3.5)
            ]),
        )
        .await;
        row(
            app,
            format!("{}-{inf}-{nord}", gym.id),
            json!([cell(g[2], "start", 2.0, 0.0), cell(g[3], "continuation", 0.0, 2.0)]),
        )
        .await;
        row(app, format!("{}-{b}-{nord}", gym.id), json!([cell(g[3], "startOptional", 2.0, 2.0)])).await;
        row(
            app,
            format!("{}-{mu}-{nord}", gym.id),
            json!([cell(g[3], "startRepeating", 1.0, 1.0), cell(g[0], "noLessons", 0.0, 0.0)]),
        )
        .await;
        row(app, format!("{}-{ict}-{nord}", gym.id), json!([cell(g[0], "start", 2.0, 2.0)])).await;
        // Cross-class.
        row(
            app,
            format!("{}-{sf}", gym.id),
            json!([cell(g[1], "start", 4.0, 4.0), cell(g[2], "continuation", 5.0, 5.0)]),
        )
        .await;
        row(
            app,
            format!("{}-{ma}", gym.id),
            json!([cell(g[2], "start", 0.0, 1.0), cell(g[3], "continuation", 1.0, 0.0)]),
        )
        .await;
        row(app, format!("{}-{sf}", old.id), json!([cell(old.grades[1], "start", 4.0, 4.0)])).await;

        let g26a = school_class(app, "G26a", gym.id, nord, 2026).await;
        let g27a = school_class(app, "G27a", gym.id, nord, 2027).await;
        let g27b = school_class(app, "G27b", gym.id, nord, 2027).await;
        let g28a = school_class(app, "G28a", gym.id, nord, 2028).await;
        let g30a = school_class(app, "G30a", gym.id, nord, 2030).await;
        let mut t = Vec::new();
        for code in ["tan", "tbe", "tce", "tde", "tee"] {
            t.push(teacher(app, code).await);
        }
        for &x in &t[..4] {
            let e = employment(app, x, prev).await;
            let mut body = app.get(&format!("/employment/{e}")).await.expect(200).result().clone();
            body["employmentMin"] = json!(40);
            body["employmentMax"] = json!(60);
            body["payment1"] = json!(50);
            body["payment2"] = json!(55.5);
            body["temporary"] = json!(x == t[2]);
            body["comments"] = json!("nur letztes Jahr");
            app.put(&format!("/employment/{e}"), body).await.expect(200);
        }
        employment(app, t[0], year).await;
        employment(app, t[4], year).await;

        // Last year's courses.
        course(app, json!({"schoolYear": prev, "subject": d, "schoolClasses": [g27a, g27b], "lessons1": 4, "lessons2": 4, "teachers1": [t[0]], "teachers2": [t[0], t[1]], "comments": "zusammen", "smallGroup1": true})).await;
        course(app, json!({"schoolYear": prev, "subject": d, "schoolClasses": [g26a], "lessons1": 4, "lessons2": 4, "teachers1": [t[2]]})).await;
        course(app, json!({"schoolYear": prev, "subject": d, "schoolClasses": [g28a], "lessons1": 4, "lessons2": 4, "teachers1": [t[2]], "teachers2": [t[2]]})).await;
        course(app, json!({"schoolYear": prev, "subject": inf, "schoolClasses": [g27a], "lessons1": 2, "lessons2": 0, "teachers1": [t[1]]})).await;
        course(app, json!({"schoolYear": prev, "subject": sf, "curriculum": gym.id, "grade": g[1], "lessons1": 4, "lessons2": 4, "teachers1": [t[3]], "teachers2": [t[3]], "comments": "Gruppe 1"})).await;
        course(app, json!({"schoolYear": prev, "subject": sf, "curriculum": gym.id, "grade": g[1], "lessons1": 4, "lessons2": 4, "cancelled": true, "comments": "Zu wenige Anmeldungen"})).await;
        course(app, json!({"schoolYear": prev, "subject": ma, "curriculum": gym.id, "grade": g[2], "lessons1": 0, "lessons2": 1, "teachers2": [t[3]]})).await;
        course(
            app,
            json!({"schoolYear": prev, "subject": sf, "curriculum": old.id, "grade": old.grades[1], "lessons1": 4}),
        )
        .await;
        let mut body = app.get(&format!("/curriculum/{}", old.id)).await.expect(200).result().clone();
        body["archived"] = json!(true);
        app.put(&format!("/curriculum/{}", old.id), body).await.expect(200);
        // This year already has the IN course of G28a (start in GYM3).
        course(
            app,
            json!({"schoolYear": year, "subject": inf, "schoolClasses": [g28a], "lessons1": 2, "teachers1": [t[4]]}),
        )
        .await;

        // Pool: one type copies itself, one does not.
        let pt = app
            .create("/payrolltype", json!({"code": "POOL", "description": "Schulpool", "saldoResolvingOrder": 5}))
            .await;
        let mentorat = app
            .create(
                "/pooltype",
                json!({"code": "MENT", "description": "Mentorat", "payrollType": pt, "autoCopy": true}),
            )
            .await;
        let projekt = app
            .create(
                "/pooltype",
                json!({"code": "PROJ", "description": "Projekt", "payrollType": pt, "autoCopy": false}),
            )
            .await;
        app.create("/poolentry", json!({"schoolYear": prev, "teacher": t[1], "type": mentorat, "description": "Mentorat G27a", "percent1": 2, "percent2": 2.5})).await;
        app.create(
            "/poolentry",
            json!({"schoolYear": prev, "teacher": t[2], "type": projekt, "description": "Schulfest", "percent1": 1}),
        )
        .await;
        School { prev, year, gym, old, nord, d, inf, sf, ma, g27a, g27b, g28a, g30a, t, mentorat }
    }

    async fn open(&self, app: &TestApp) -> Value {
        app.post(&format!("/schoolyear/{}/open", self.year), json!({})).await.expect(200).result().clone()
    }
}

fn ids(list: &Value, key: &str) -> Vec<i64> {
    list.as_array().unwrap().iter().map(|x| x[key].as_i64().unwrap()).collect()
}

/// The course of `subject` in `list` whose classes are `classes` (cross-class: empty) and grade is `grade`.
fn find<'a>(list: &'a [Value], subject: i64, classes: &[i64], grade: i64) -> Vec<&'a Value> {
    list.iter()
        .filter(|c| {
            c["subject"]["id"] == subject && ids(&c["schoolClasses"], "id") == classes && c["grade"]["id"] == grade
        })
        .collect()
}

#[tokio::test]
async fn opening_creates_what_the_lesson_table_implies_once() {
    let app = TestApp::spawn().await;
    let s = School::new(&app).await;
    let g = &s.gym.grades;
    let report = s.open(&app).await;
    let created = report["courses"].as_array().unwrap().clone();
    assert_eq!(report["counts"], json!({"courses": 9, "employments": 3, "poolEntries": 1}), "{report:#}");
    assert_eq!(report["warnings"], json!([]), "G30a enters GYM1");

    // Employments: the three teachers without one, with the contract but not the comments.
    let employed: Vec<i64> =
        report["employments"].as_array().unwrap().iter().map(|e| e["teacher"]["id"].as_i64().unwrap()).collect();
    assert_eq!(employed, [s.t[1], s.t[2], s.t[3]]);
    let e = app.get(&format!("/employment/{}", report["employments"][1]["id"])).await.expect(200);
    let e = e.result();
    assert_eq!((e["employmentMin"].clone(), e["employmentMax"].clone()), (json!(40), json!(60)));
    assert_eq!(
        (e["payment1"].clone(), e["payment2"].clone(), e["temporary"].clone()),
        (json!(50), json!(55.5), json!(true))
    );
    assert_eq!((e["comments"].clone(), e["division"]["id"].clone()), (Value::Null, json!(s.nord)));

    // Continuation of a shared course: once, both classes, this year's grade and lessons, same comments and flags;
    // teachers per semester.
    let shared = find(&created, s.d, &[s.g27a, s.g27b], g[3]);
    assert_eq!(shared.len(), 1);
    let c = shared[0];
    assert_eq!((c["lessons1"].clone(), c["lessons2"].clone()), (json!(3), json!(3.5)));
    assert_eq!(
        (c["comments"].clone(), c["smallGroup1"].clone(), c["smallGroup2"].clone()),
        (json!("zusammen"), json!(true), json!(false))
    );
    assert_eq!((ids(&c["teachers1"], "id"), ids(&c["teachers2"], "id")), (vec![s.t[0]], vec![s.t[0], s.t[1]]));
    // Continuation where last year's semester had no lessons: the other semester's teachers.
    let inf = find(&created, s.inf, &[s.g27a], g[3]);
    assert_eq!(inf.len(), 1);
    assert_eq!((ids(&inf[0]["teachers1"], "id"), ids(&inf[0]["teachers2"], "id")), (vec![], vec![s.t[1]]));
    assert_eq!((inf[0]["lessons1"].clone(), inf[0]["lessons2"].clone()), (json!(0), json!(2)));
    // No IN course last year for G27b: nothing to continue.
    assert!(find(&created, s.inf, &[s.g27b], g[3]).is_empty());
    // G28a: D continues with its teacher; IN already exists this year.
    let d28 = find(&created, s.d, &[s.g28a], g[2]);
    assert_eq!(ids(&d28[0]["teachers1"], "id"), [s.t[2]]);
    assert!(find(&created, s.inf, &[s.g28a], g[2]).is_empty());
    // Start: an empty course with the entry's lessons; archived subjects, optional and repeating starts: nothing.
    let d30 = find(&created, s.d, &[s.g30a], g[0]);
    assert_eq!(d30.len(), 1);
    assert_eq!(
        (d30[0]["teachers1"].clone(), d30[0]["teachers2"].clone(), d30[0]["lessons1"].clone()),
        (json!([]), json!([]), json!(4))
    );
    let class_courses: Vec<&Value> =
        created.iter().filter(|c| !c["schoolClasses"].as_array().unwrap().is_empty()).collect();
    assert_eq!(class_courses.len(), 4);

    // Cross-class start: as many empty courses as last year (cancelled ones count); not for the archived curriculum.
    let sf2 = find(&created, s.sf, &[], g[1]);
    assert_eq!(sf2.len(), 2);
    assert!(sf2.iter().all(|c| c["teachers1"] == json!([]) && c["lessons1"] == 4 && c["comments"].is_null()));
    assert!(created.iter().all(|c| c["curriculum"]["id"] != s.old.id));
    // Cross-class continuation: the non-cancelled course of the previous grade, with its teacher and comments.
    let sf3 = find(&created, s.sf, &[], g[2]);
    assert_eq!(sf3.len(), 1);
    assert_eq!(
        (sf3[0]["comments"].clone(), ids(&sf3[0]["teachers1"], "id"), sf3[0]["lessons2"].clone()),
        (json!("Gruppe 1"), vec![s.t[3]], json!(5))
    );
    // MA starts in GYM3 (one course last year: one empty course) and continues in GYM4, where semester 1
    // has lessons and last year's had none: the teacher of last year's semester 2.
    assert_eq!(find(&created, s.ma, &[], g[2]).len(), 1);
    let ma = find(&created, s.ma, &[], g[3]);
    assert_eq!((ids(&ma[0]["teachers1"], "id"), ids(&ma[0]["teachers2"], "id")), (vec![s.t[3]], vec![]));
    assert!(created.iter().all(|c| c["schoolYear"]["id"] == s.year && c["cancelled"] == false));

    // Pool: only the autoCopy type.
    let pool = &report["poolEntries"];
    assert_eq!(ids(pool, "id").len(), 1);
    assert_eq!((pool[0]["teacher"]["id"].clone(), pool[0]["type"]["id"].clone()), (json!(s.t[1]), json!(s.mentorat)));
    assert_eq!((pool[0]["percent2"].clone(), pool[0]["description"].clone()), (json!(2.5), json!("Mentorat G27a")));

    // Everything is stored as reported, and audited.
    let listed = course_list(&app, s.year).await;
    assert_eq!(listed.as_array().unwrap().len(), 10);
    let audited = app.get(&format!("/audit?objectType=course&objectId={}", created[0]["id"])).await.expect(200);
    assert_eq!(audited.result().as_array().unwrap().len(), 1);
    let audited =
        app.get(&format!("/audit?objectType=employment&objectId={}", report["employments"][0]["id"])).await.expect(200);
    assert_eq!(audited.result()[0]["method"], "POST");

    // Every created course keeps the course rules: the plan check finds no course_rule error.
    let findings = app.get(&format!("/schoolyear/{}/check", s.year)).await.expect(200);
    let rules: Vec<&Value> =
        findings.result().as_array().unwrap().iter().filter(|f| f["code"] == "course_rule").collect();
    assert!(rules.is_empty(), "{rules:?}");

    // A second run creates nothing.
    let again = s.open(&app).await;
    assert_eq!(again["counts"], json!({"courses": 0, "employments": 0, "poolEntries": 0}));
    assert_eq!(
        (again["courses"].clone(), again["employments"].clone(), again["poolEntries"].clone()),
        (json!([]), json!([]), json!([]))
    );
    assert_eq!(course_list(&app, s.year).await, listed);
}

/// Without a class in the entry grade (docs/documents.md §Opening a school year, §Plan check `no_entry_classes`):
/// the opening creates no first-year course and says so in its report, and the
/// plan check warns before and after; once the class exists, opening again
/// creates its courses and the warning is gone.
#[tokio::test]
async fn opening_warns_when_no_class_enters_the_entry_grade() {
    let app = TestApp::spawn().await;
    let s = School::new(&app).await;
    let g = &s.gym.grades;
    app.delete(&format!("/schoolclass/{}", s.g30a)).await.expect(204);
    let warning = |f: &Value| {
        (f["severity"].clone(), f["code"].clone(), f["objects"].clone(), f["detail"].as_str().unwrap().to_string())
    };
    let check = app.get(&format!("/schoolyear/{}/check", s.year)).await.expect(200).result().clone();
    let found: Vec<_> =
        check.as_array().unwrap().iter().filter(|f| f["code"] == "no_entry_classes").map(warning).collect();
    assert_eq!(found.len(), 1, "{check:#}");
    assert_eq!(
        (found[0].0.clone(), found[0].2.clone()),
        (json!("warning"), json!([{"type": "curriculum", "id": s.gym.id}]))
    );
    assert!(found[0].3.contains("GYM 17") && found[0].3.contains("GYM1"), "{}", found[0].3);

    let report = s.open(&app).await;
    let created = report["courses"].as_array().unwrap();
    assert!(created.iter().all(|c| c["grade"]["id"] != g[0]), "no first-year course: {report:#}");
    let warnings: Vec<_> = report["warnings"].as_array().unwrap().iter().map(warning).collect();
    assert_eq!(warnings, found, "the report warns as the plan check does");
    let check = app.get(&format!("/schoolyear/{}/check", s.year)).await.expect(200).result().clone();
    assert!(check.as_array().unwrap().iter().any(|f| f["code"] == "no_entry_classes"), "still no class enters");

    // The entering class is created: opening again creates its D course, without a warning.
    let g30a = school_class(&app, "G30a", s.gym.id, s.nord, 2030).await;
    let again = s.open(&app).await;
    assert_eq!(again["warnings"], json!([]));
    let created = again["courses"].as_array().unwrap();
    assert_eq!(find(created, s.d, &[g30a], g[0]).len(), 1, "{again:#}");
    let check = app.get(&format!("/schoolyear/{}/check", s.year)).await.expect(200).result().clone();
    assert!(check.as_array().unwrap().iter().all(|f| f["code"] != "no_entry_classes"), "{check:#}");
}

#[tokio::test]
async fn a_fault_half_way_leaves_nothing_behind() {
    let app = TestApp::spawn().await;
    let s = School::new(&app).await;
    let courses = course_list(&app, s.year).await;
    let count = |table: &'static str| {
        let app = &app;
        let year = s.year;
        async move { scalar(app, &format!("SELECT COUNT(*) FROM {table} WHERE school_year_id = {year}"), &[]).await }
    };
    let (employments, audit) = (count("employment").await, scalar(&app, "SELECT COUNT(*) FROM audit_entry", &[]).await);
    // Pool entries are inserted last: make that fail.
    install_failing_trigger(&app, "pool_entry", "INSERT", "NEW.percent1 >= 0").await;
    app.post(&format!("/schoolyear/{}/open", s.year), json!({})).await.expect_problem(500, "internal");
    assert_eq!(course_list(&app, s.year).await, courses);
    assert_eq!(count("employment").await, employments);
    assert_eq!(count("pool_entry").await, 0);
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM audit_entry", &[]).await, audit);
    drop_failing_trigger(&app, "pool_entry").await;
    assert_eq!(s.open(&app).await["counts"]["courses"], 9);
}

#[tokio::test]
async fn locked_unknown_and_first_years_are_refused() {
    let app = TestApp::spawn().await;
    let s = School::new(&app).await;
    app.post(&format!("/schoolyear/{}/open", s.prev), json!({})).await.expect_problem(422, "no_previous_year");
    app.post("/schoolyear/999/open", json!({})).await.expect_problem(404, "not_found");
    let before = course_list(&app, s.year).await;
    set_year_flags(&app, s.year, true, false).await;
    let r =
        app.post(&format!("/schoolyear/{}/open", s.year), json!({})).await.expect_problem(409, "school_year_locked");
    assert!(r.body["detail"].as_str().unwrap().contains("26/27"));
    set_year_flags(&app, s.year, false, false).await;
    assert_eq!(course_list(&app, s.year).await, before);
    // Readers may not open a year.
    let reader = app.token_for("reader", schoolplan::auth::Role::Reader).await;
    let r = app
        .request_with(Some(&reader), reqwest::Method::POST, &format!("/api/v1/schoolyear/{}/open", s.year), None)
        .await;
    assert_eq!(r.status, 403);
    // Any year with a predecessor may be opened, not only the newest: a later year opens from 26/27.
    let next = school_year(&app, "27/28", 2028, false, false).await;
    let report = app.post(&format!("/schoolyear/{next}/open"), json!({})).await.expect(200);
    assert_eq!(report.result()["counts"]["employments"], 2, "the two teachers of 26/27");
}

/// `POST /schoolyear/ID/open` takes no body, or a JSON object (ignored):
/// anything else is refused before anything is opened.
#[tokio::test]
async fn opening_accepts_no_body_or_an_object_only() {
    let app = TestApp::spawn().await;
    let years = crate::jobs::demo(&app).await;
    let year = crate::jobs::year_id(&years, "27/28");
    let path = format!("/api/v1/schoolyear/{year}/open");
    let r = app.request(reqwest::Method::POST, &path, Some(&serde_json::json!([null, null]))).await;
    r.expect_problem(400, "body_not_object");
    let empty = app.client.post(format!("{}{path}", app.base)).bearer_auth(&app.token).send().await.expect("sent");
    assert_eq!(empty.status().as_u16(), 200, "no body at all");
    app.request(reqwest::Method::POST, &path, Some(&serde_json::json!({}))).await.expect(200);
}
