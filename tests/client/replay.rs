//! Replays docs/client.md §The calls exactly as pensen-app 3.6.5 sends them
//! (compat mount, Content-Type on every GET, numbers as strings, `""` for a
//! cleared number, references as full objects, whole objects echoed back on
//! PUT, merge ids as strings, the trailing slash), asserting the fields each
//! screen reads. The screens that need a filled school (lesson table, jobs,
//! history, theses, postings) are in `screens.rs`.

use reqwest::Method;
use schoolplan::auth::Role;
use serde_json::{json, Value};

use crate::browser::{self, id, reads, Browser, PlainError, ORIGIN};
use crate::helpers::TestApp;

/// Without a token and before any login: `/config`, a preflight, a trailing slash, errors with CORS.
#[tokio::test]
async fn config_preflight_and_mount() {
    let app = TestApp::spawn_with(browser::config()).await;
    for path in ["/config", "/api/v1/config", "/config/"] {
        let r = app
            .client
            .get(format!("{}{path}", app.base))
            .header("content-type", "application/json")
            .header("origin", ORIGIN)
            .send()
            .await
            .unwrap();
        let r = TestApp::read(r).await.expect(200);
        assert_eq!(r.header("access-control-allow-origin"), Some(ORIGIN));
        let c = r.result();
        assert_eq!(
            c["msal"],
            json!({"tenantId": "11111111-2222-3333-4444-555555555555", "clientId": "66666666-7777-8888-9999-000000000000"})
        );
        assert_eq!((c["percentDecimals"].as_i64(), c["tokenRefreshOffsetMinutes"].as_i64()), (Some(3), Some(10)));
        assert_eq!(c["version"], env!("CARGO_PKG_VERSION"));
    }
    // Every call is preflighted (Authorization + Content-Type): answered without a token, at any path form.
    for path in ["/subject/?crossClass=true", "/teacher/7", "/api/v1/course"] {
        let r = app
            .client
            .request(Method::OPTIONS, format!("{}{path}", app.base))
            .header("origin", ORIGIN)
            .header("access-control-request-method", "PUT")
            .header("access-control-request-headers", "authorization,content-type")
            .send()
            .await
            .unwrap();
        assert!(r.status().is_success(), "preflight {path}: {}", r.status());
        assert_eq!(r.headers()["access-control-allow-origin"], ORIGIN);
        let allowed = r.headers()["access-control-allow-headers"].to_str().unwrap().to_lowercase();
        assert!(allowed.contains("authorization") && allowed.contains("content-type"), "{allowed}");
    }
    let b = Browser::new(&app);
    // Errors carry CORS headers too (else the client reports "no connection"), and Content-Disposition is exposed.
    let r = b.call(Method::GET, "/teacher/999", None).await.expect_text(404, "999");
    let exposed = r.header("access-control-expose-headers").unwrap_or_default().to_lowercase();
    assert!(exposed.contains("content-disposition"), "{exposed}");
    let anonymous = Browser { app: &app, token: "expired-or-missing".into() };
    anonymous.call(Method::GET, "/profile", None).await.expect_text(401, "Token");
    // A trailing slash is served, never redirected.
    let r = b.call(Method::GET, "/schoolyear/", None).await.expect(200);
    assert_eq!(r.result(), &json!([]));
    assert!(app.request(Method::GET, "/health", None).await.status == 200, "/health stays");
    assert_eq!(app.request(Method::GET, "/nothing", None).await.status, 404);
}

/// The whole planning round, screen by screen.
#[tokio::test]
async fn the_clients_calls_in_order() {
    let app = TestApp::spawn_with(browser::config()).await;
    let b = Browser::new(&app);

    // App.vue
    let me = b.get("/profile").await;
    assert_eq!((me["features"].clone(), me["grantAllowed"].clone()), (json!(["workloadMail"]), json!(true)));

    // Master data, as the edit dialogs create it (untouched checkboxes absent).
    let payroll = b
        .post(
            "/payrolltype",
            json!({"code": "G", "description": "Unterricht GYM", "lessonBased": true, "saldoResolvingOrder": "1"}),
        )
        .await;
    let pool_payroll =
        b.post("/payrolltype", json!({"code": "P", "description": "Pool", "saldoResolvingOrder": "2"})).await;
    for t in b.get("/payrolltype?lessonBased=true").await.as_array().unwrap() {
        reads(t, &["id", "description"]);
    }
    let gym3 = b.post("/grade", json!({"code": "GYM3", "description": "3. Jahr", "payrollType": payroll})).await;
    let gym4 = b.post("/grade", json!({"code": "GYM4", "description": "4. Jahr", "payrollType": payroll})).await;
    for g in b.get("/grade").await.as_array().unwrap() {
        reads(g, &["id", "description"]);
    }
    let cat = b.post("/subjectcategory", json!({"code": "MAT", "description": "Mathematik"})).await;
    let old_cat = b.post("/subjectcategory", json!({"code": "ALT", "description": "Alt", "archived": true})).await;
    let core = b.post("/subjecttype", json!({"code": "GF", "description": "Grundlagenfach"})).await;
    b.post("/subjecttype", json!({"code": "XF", "description": "Ausgelaufen", "archived": "true"})).await;
    let types = b.get("/subjecttype").await;
    for t in types.as_array().unwrap() {
        reads(t, &["id", "description", "archived"]);
    }
    assert_eq!(types.as_array().unwrap().iter().filter(|t| t["archived"] == true).count(), 1);
    for c in b.get("/subjectcategory").await.as_array().unwrap() {
        reads(c, &["id", "code", "description"]);
    }
    let female = b.post("/gender", json!({"code": "w", "description": "weiblich"})).await;
    for g in b.get("/gender").await.as_array().unwrap() {
        reads(g, &["id", "code", "description"]);
    }

    // DivisionEdit: the form requires grouping; GET, then PUT of the whole object.
    let div = b
        .post(
            "/division",
            json!({"code": "GYM", "description": "Gymnasium", "grouping": "GYM", "headName": "Dr. Anna Keller",
                                   "headTitle": "Rektorin", "headSignature": null, "logo": null}),
        )
        .await;
    let mut d = b.get(&format!("/division/{}", id(&div))).await;
    reads(&d, &["code", "description", "grouping", "headName", "headTitle", "headSignature", "logo"]);
    assert_eq!((d["grouping"].as_str(), d["headTitle"].as_str()), (Some("GYM"), Some("Rektorin")));
    d["headTitle"] = json!("Rektor");
    assert_eq!(b.put(&format!("/division/{}", id(&d)), d.clone()).await["headTitle"], "Rektor");
    for d in b.get("/division").await.as_array().unwrap() {
        reads(d, &["id", "code", "description"]);
    }

    // CurriculumEdit: grades as full objects; the dialog renders grades[].payrollType.description.
    let curriculum = b
        .post("/curriculum", json!({"code": "GYM 4", "description": "Gymnasium 4 Jahre", "grades": [gym3, gym4]}))
        .await;
    let c = b.get(&format!("/curriculum/{}", id(&curriculum))).await;
    reads(&c, &["id", "code", "description", "archived", "grades"]);
    for g in c["grades"].as_array().unwrap() {
        reads(g, &["id", "code", "description"]);
        assert_eq!(g["payrollType"]["description"], "Unterricht GYM");
    }
    b.put(&format!("/curriculum/{}", id(&c)), c.clone()).await;

    // NewSchoolYear/Step2: calculation mode from the list; weeks a number (v-model.number).
    let modes = b.get("/calculationmode").await;
    let mode = modes.as_array().unwrap()[0].clone();
    reads(&mode, &["id", "description"]);
    let year = b
        .post(
            "/schoolyear",
            json!({"graduationYear": 2027, "weeks": 38, "ageReliefIncluded": false, "code": "26/27",
                                     "description": "Schuljahr 2026/27", "calculationMode": mode}),
        )
        .await;
    let y = id(&year);
    for y in b.get("/schoolyear").await.as_array().unwrap() {
        reads(y, &["id", "archived", "description", "code", "graduationYear", "finalised", "weeks"]);
    }
    let sy = b.get(&format!("/schoolyear/{y}")).await;
    reads(&sy, &["code", "description", "calculationMode", "finalised", "archived", "weeklyLessons", "weeks"]);
    b.put(&format!("/schoolyear/{y}"), sy.clone()).await;

    // SubjectEdit: type and category are full objects; the category is required.
    let m = b
        .post(
            "/subject",
            json!({"code": "M", "description": "Mathematik", "type": core, "category": cat, "crossClass": false}),
        )
        .await;
    let ef = b
        .post("/subject", json!({"code": "EF AM", "description": "Ergänzungsfach AM", "type": core, "category": cat, "crossClass": true}))
        .await;
    let r = b.call(Method::POST, "/subject", Some(&json!({"code": "X", "description": "x", "type": core}))).await;
    // The dialog shows the body as it is: a German sentence naming the field.
    r.expect_text(422, "category");
    let s = b.get(&format!("/subject/{}", id(&m))).await;
    reads(&s, &["type", "category", "code", "description", "crossClass", "archived"]);
    for s in b.get("/subject").await.as_array().unwrap() {
        reads(s, &["id", "archived", "code", "description", "type"]);
        reads(&s["type"], &["id", "description"]);
    }
    let cross = b.get("/subject/?crossClass=true").await;
    assert_eq!(cross.as_array().unwrap().iter().map(id).collect::<Vec<_>>(), [id(&ef)]);
    reads(&cross[0], &["id", "description"]);
    let _ = old_cat;

    // TeacherEdit.
    let teacher = |code: &str, first: &str| {
        json!({"code": code, "firstName": first, "lastName": "Muster", "gender": female, "title": "",
               "email": format!("{code}@kanti-demo.example"), "employeeNumber": "", "birthday": "1980-05-01",
               "departments": [cat]})
    };
    let anna = b.post("/teacher", teacher("akm", "Anna")).await;
    let beat = b.post("/teacher", teacher("bmu", "Beat")).await;
    let cleo = b.post("/teacher", teacher("cmu", "Cleo")).await;
    let t = b.get(&format!("/teacher/{}", id(&anna))).await;
    reads(
        &t,
        &[
            "gender",
            "title",
            "firstName",
            "lastName",
            "code",
            "departments",
            "email",
            "employeeNumber",
            "birthday",
            "archived",
        ],
    );
    b.put(&format!("/teacher/{}", id(&t)), t.clone()).await;
    // Teacher.vue's columns: the compat mount's list carries the long form.
    for t in b.get("/teacher").await.as_array().unwrap() {
        reads(t, &["id", "archived", "code", "firstName", "lastName", "gender", "employeeNumber", "email", "birthday"]);
        assert_eq!((t["gender"]["id"].clone(), t["birthday"].as_str()), (female["id"].clone(), Some("1980-05-01")));
    }

    // SchoolClassEdit / Step3: graduationYear as a string.
    let class = |code: &str| json!({"code": code, "graduationYear": "2028", "curriculum": curriculum, "division": div, "archived": false});
    let a = b.post("/schoolclass", class("G28a")).await;
    let bb = b.post("/schoolclass", class("G28b")).await;
    for k in b.get(&format!("/schoolclass?schoolYear={y}")).await.as_array().unwrap() {
        reads(k, &["id", "archived", "code", "division", "curriculum", "graduationYear"]);
    }

    // EmploymentTab: percentages as strings, a cleared field as "", thesisCounts echoed.
    let employ = |t: &Value| {
        json!({"schoolYear": year, "teacher": t, "division": div, "employmentMin": "", "employmentMax": "80",
               "payment1": "50.5", "payment2": "60", "temporary": false, "comments": "", "thesisCounts": {}})
    };
    let e_anna = b.post("/employment", employ(&anna)).await;
    b.post("/employment", employ(&beat)).await;
    assert_eq!((e_anna["employmentMin"].clone(), e_anna["payment1"].clone()), (Value::Null, json!(50.5)));
    let e = b.get(&format!("/employment/{}", id(&e_anna))).await;
    reads(
        &e,
        &[
            "teacher",
            "schoolYear",
            "division",
            "employmentMin",
            "employmentMax",
            "payment1",
            "payment2",
            "temporary",
            "comments",
        ],
    );
    reads(&e["schoolYear"], &["description", "archived"]);
    for e in b.get(&format!("/employment?schoolYear={y}")).await.as_array().unwrap() {
        reads(
            e,
            &[
                "id",
                "comments",
                "teacher",
                "division",
                "temporary",
                "openingBalance",
                "change",
                "closingBalance",
                "employmentMin",
                "employmentMax",
                "payment1",
                "payment2",
            ],
        );
        // Overview counts employments by the teacher's gender.
        assert_eq!(e["teacher"]["gender"]["id"], female["id"], "{e}");
    }
    let codes =
        |v: Value| v.as_array().unwrap().iter().map(|t| t["code"].as_str().unwrap().to_string()).collect::<Vec<_>>();
    assert_eq!(codes(b.get(&format!("/teacher?schoolYear={y}&employed=true")).await), ["akm", "bmu"]);
    let not_yet = b.get(&format!("/teacher?schoolYear={y}&employed=false")).await;
    assert_eq!(codes(not_yet.clone()), ["cmu"]);
    reads(&not_yet[0], &["id", "code", "firstName", "lastName", "archived"]);
    let _ = cleo;

    // Course.vue: courses for two classes, the grid, cancel, merge with string ids.
    let course = |k: &Value, teachers: Value| {
        json!({"schoolClasses": [k], "schoolYear": year, "subject": m, "lessons1": "4", "lessons2": "3.5",
               "teachers1": teachers.clone(), "teachers2": teachers, "comments": ""})
    };
    let ca = b.post("/course", course(&a, json!([anna]))).await;
    let cb = b.post("/course", course(&bb, json!([]))).await;
    let cx = b
        .post("/course", json!({"crossClass": true, "curriculum": curriculum, "grade": gym3, "schoolYear": year,
                                 "subject": ef, "lessons1": "2", "lessons2": "", "teachers1": [beat], "teachers2": [], "comments": ""}))
        .await;
    assert_eq!(cx["lessons2"], json!(0), "a cleared lessons field is no value");
    let grid = b.get(&format!("/coursetable?schoolYear={y}&division={}&grade={}", id(&div), id(&gym3))).await;
    let classes: Vec<_> = grid["schoolClasses"].as_array().unwrap().iter().map(|k| k["code"].clone()).collect();
    assert_eq!(classes, [json!("G28a"), json!("G28b")]);
    reads(&grid["schoolClasses"][0], &["id", "code"]);
    assert_eq!(grid["items"].as_array().unwrap().len(), 1, "one row per class-bound subject: {grid}");
    let row = &grid["items"][0];
    assert_eq!(
        (row["subject"]["code"].as_str(), row["G28a"]["id"].as_i64(), row["G28b"]["id"].as_i64()),
        (Some("M"), Some(id(&ca)), Some(id(&cb)))
    );
    let cell = grid["courses"][id(&ca).to_string()].clone();
    reads(
        &cell,
        &[
            "id",
            "cancelled",
            "comments",
            "open1",
            "open2",
            "lessons1",
            "lessons2",
            "teachers1",
            "teachers2",
            "schoolClasses",
            "subject",
            "grade",
        ],
    );
    assert_eq!(
        (cell["teachers1"][0]["code"].as_str(), cell["subject"]["code"].as_str(), cell["grade"]["id"].as_i64()),
        (Some("akm"), Some("M"), Some(id(&gym3)))
    );
    assert_eq!(cell["open2"], json!(0), "taught in semester 2");
    assert_eq!(grid["courses"][id(&cb).to_string()]["open2"], json!(3.5), "no teacher yet");
    // Filtered by another subject category: no rows.
    let other = b.get(&format!("/coursetable?schoolYear={y}&subjectCategory={}", id(&old_cat))).await;
    assert_eq!(other["items"], json!([]));
    // "Absagen": PUT of the course object from the grid with cancelled = true.
    let mut cancel = cell.clone();
    cancel["cancelled"] = json!(true);
    assert_eq!(b.put(&format!("/course/{}", id(&cancel)), cancel).await["cancelled"], true);
    // CourseEdit.
    let ce = b.get(&format!("/course/{}", id(&cb))).await;
    reads(&ce, &["teachers1", "teachers2", "lessons1", "lessons2", "comments", "cancelled", "schoolClasses"]);
    reads(&ce["subject"], &["description"]);
    reads(&ce["schoolYear"], &["archived"]);
    reads(&ce["grade"], &["code"]);
    let mut edit = ce.clone();
    edit["lessons1"] = json!("4.5");
    edit["teachers2"] = json!([beat]);
    assert_eq!(b.put(&format!("/course/{}", id(&cb)), edit).await["lessons1"], json!(4.5));
    // Overview: every course's subject has a category.
    for c in b.get(&format!("/course?schoolYear={y}")).await.as_array().unwrap() {
        assert!(c["subject"]["category"]["id"].is_i64(), "the overview crashes without: {c}");
        reads(c, &["lessons1", "lessons2", "open1", "open2"]);
    }
    // SpecialCourse.vue
    let special = b.get(&format!("/course?schoolYear={y}&crossClass=true")).await;
    reads(&special[0], &["id", "subject", "grade", "lessons1", "lessons2", "teachers1", "teachers2"]);
    assert_eq!(
        (special[0]["subject"]["type"]["id"].as_i64(), special[0]["grade"]["code"].as_str()),
        (Some(id(&core)), Some("GYM3"))
    );
    // Merge: ids from Object.keys, so strings.
    let merged = b.post("/course", json!({"merge": [id(&ca).to_string(), id(&cb).to_string()]})).await;
    assert_eq!(merged["schoolClasses"].as_array().unwrap().len(), 2);
    let grid = b.get(&format!("/coursetable?schoolYear={y}")).await;
    assert_eq!(
        (grid["items"][0]["G28a"]["id"].as_i64(), grid["items"][0]["G28b"]["id"].as_i64()),
        (Some(id(&ca)), Some(id(&ca)))
    );
    assert_eq!(grid["courses"].as_object().unwrap().len(), 1);

    // NoteTab.
    let note = b.post("/note", json!({"teacher": {"id": id(&anna)}, "text": "Wünscht weniger Lektionen"})).await;
    for n in b.get(&format!("/note?teacher={}", id(&anna))).await.as_array().unwrap() {
        reads(n, &["id", "text", "creationDate", "createdBy"]);
    }
    let _ = note;

    // Pool.
    let pool_type =
        b.post("/pooltype", json!({"code": "S", "description": "Schulpool", "payrollType": pool_payroll})).await;
    let entry = b
        .post("/poolentry", json!({"teacher": anna, "description": "Mediothek", "type": pool_type, "percent1": "2.5", "percent2": "", "schoolYear": year}))
        .await;
    let pe = b.get(&format!("/poolentry/{}", id(&entry))).await;
    reads(&pe, &["id", "teacher", "description", "type", "percent1", "percent2", "schoolYear"]);
    reads(&pe["schoolYear"], &["ageReliefIncluded"]);

    // Workload: items carry the ids the client opens editors from (Anna's course is cancelled; Beat's counts).
    let w = b.get(&format!("/workload?teacher={}&schoolYear={y}", id(&anna))).await;
    assert_eq!(w["pool"]["items"][0]["id"].as_i64(), Some(id(&entry)));
    let w = b.get(&format!("/workload?teacher={}&schoolYear={y}", id(&beat))).await;
    for section in ["courses", "pool", "theses", "summary", "postings", "payroll"] {
        reads(&w[section], &["items", "total"]);
    }
    reads(&w["pool"], &["title"]);
    reads(&w["payroll"], &["percentDecimals"]);
    reads(&w["summary"], &["ageReliefFactor1", "ageReliefFactor2"]);
    let item = &w["courses"]["items"][0];
    assert!(item.is_object(), "{w}");
    reads(
        item,
        &["id", "special", "subject", "schoolClasses", "grade", "lessons1", "lessons2", "percent1", "percent2"],
    );
    assert_eq!((item["id"].as_i64(), item["special"].as_bool()), (Some(id(&cx)), Some(true)));
    assert!(w["balance"].is_array());
    assert!(b.get(&format!("/workload?schoolYear={y}")).await.is_array());

    // MailDialog: settings per account, empty strings until saved.
    assert_eq!(b.get("/settings").await, json!({"mailBody": "", "mailFrom": "", "mailSubject": ""}));
    let mail = json!({"mailBody": "Liebe Lehrperson", "mailFrom": "sekretariat@kanti-demo.example", "mailSubject": "Pensum 26/27"});
    assert_eq!(b.post("/settings", mail.clone()).await, mail);
    assert_eq!(b.get("/settings").await, mail);
    let reader = Browser { app: &app, token: app.token_for("rita", Role::Reader).await };
    assert_eq!(reader.get("/settings").await["mailBody"], "", "settings are per account");

    // Permission*: the account screen.
    let list = b.get("/authorisation").await;
    let own = list.as_array().unwrap().iter().find(|a| a["accountName"] == "test-admin").unwrap().clone();
    reads(&own, &["id", "accountName", "editAllowed", "grantAllowed"]);
    let p = b.post("/authorisation", json!({"accountName": "paul@kanti-demo.example", "editAllowed": true})).await;
    assert_eq!((p["editAllowed"].as_bool(), p["grantAllowed"].as_bool()), (Some(true), Some(false)));
    let mut p2 = b.get(&format!("/authorisation/{}", id(&p))).await;
    p2["grantAllowed"] = json!(true);
    assert_eq!(b.put(&format!("/authorisation/{}", id(&p2)), p2.clone()).await["grantAllowed"], true);
    let mut me = own.clone();
    me["grantAllowed"] = json!(false);
    b.call(Method::PUT, &format!("/authorisation/{}", id(&own)), Some(&me)).await.expect_text(409, "eigenes");
    b.call(Method::DELETE, &format!("/authorisation/{}", id(&own)), None).await.expect_text(409, "eigenes");
    b.call(Method::DELETE, &format!("/authorisation/{}", id(&p2)), None).await.expect(204);
    reader.call(Method::GET, "/authorisation", None).await.expect_text(403, "Rolle");
}

/// The demo school as the client's read screens see it: every course's subject
/// has a category (the overview crashes otherwise), every curriculum grade a
/// payroll type (the curriculum dialog crashes otherwise), every division a
/// grouping (its form requires one), and each open year a filled planning grid.
#[tokio::test]
async fn the_demo_school_serves_every_screen() {
    let app = TestApp::spawn_with(browser::config()).await;
    schoolplan::dataset::import(&app.store, &schoolplan::demo::generate(1)).await.expect("demo school imported");
    let b = Browser::new(&app);
    for d in b.get("/division").await.as_array().unwrap() {
        let d = b.get(&format!("/division/{}", id(d))).await;
        assert!(d["grouping"].is_string() && d["headTitle"].is_string(), "{}", d["code"]);
    }
    for c in b.get("/curriculum").await.as_array().unwrap() {
        for g in b.get(&format!("/curriculum/{}", id(c))).await["grades"].as_array().unwrap() {
            assert!(g["payrollType"]["description"].is_string(), "grade {} of {}", g["code"], c["code"]);
        }
    }
    for s in b.get("/subject").await.as_array().unwrap() {
        assert!(s["category"]["id"].is_i64(), "subject {}", s["code"]);
    }
    let years = b.get("/schoolyear").await;
    let mut grids = 0;
    for y in years.as_array().unwrap() {
        let y = id(y);
        let courses = b.get(&format!("/course?schoolYear={y}")).await;
        for c in courses.as_array().unwrap() {
            assert!(c["subject"]["category"]["id"].is_i64(), "{}", c["subject"]["code"]);
        }
        let grid = b.get(&format!("/coursetable?schoolYear={y}")).await;
        for item in grid["items"].as_array().unwrap() {
            for (key, cell) in item.as_object().unwrap().iter().filter(|(k, _)| *k != "subject") {
                let course = &grid["courses"][cell["id"].as_i64().unwrap().to_string()];
                let codes: Vec<_> =
                    course["schoolClasses"].as_array().unwrap().iter().map(|k| k["code"].clone()).collect();
                assert!(codes.contains(&json!(key)), "the cell's course includes class {key}");
                assert_eq!(course["subject"]["id"], item["subject"]["id"]);
            }
        }
        grids += usize::from(!grid["items"].as_array().unwrap().is_empty());
    }
    assert!(grids >= 2, "the demo's years have planning grids");
}
