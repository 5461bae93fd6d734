//! The client's remaining screens replayed on the demo school, exactly as
//! pensen-app 3.6.5 sends its calls (docs/client.md §The calls): the lesson table and
//! `/lessontype`, a new class course with `lessons1/2: -1`, the teacher
//! history, theses, postings, the pool, the payroll overview, and the jobs
//! (JobButton: `POST /job`, polling, `GET /file/ID`; Maintenance: `PUT` of a
//! standing job with `action: "start"`; `-1` meaning "all"; the whole
//! school's workload sheets as one PDF).

use reqwest::Method;
use serde_json::{json, Value};

use crate::browser::{self, id, reads, Browser};
use crate::helpers::TestApp;

/// The demo school behind the compat mount; its years by code.
async fn demo(app: &TestApp) -> Value {
    schoolplan::dataset::import(&app.store, &schoolplan::demo::generate(1)).await.expect("demo school imported");
    Browser::new(app).get("/schoolyear").await
}

/// The element of list `v` whose `key` is `value`.
fn find<'v>(v: &'v Value, key: &str, value: &str) -> &'v Value {
    v.as_array().unwrap().iter().find(|x| x[key] == value).unwrap_or_else(|| panic!("no {key} {value}"))
}

/// JobButton: polls `GET /job/ID` until it no longer runs; the job.
async fn poll(b: &Browser<'_>, job: i64) -> Value {
    for _ in 0..3000 {
        let j = b.get(&format!("/job/{job}")).await;
        reads(&j, &["id", "running", "progress", "error", "title", "product", "log"]);
        if j["running"] == false {
            return j;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("job {job} still runs");
}

#[tokio::test]
async fn lesson_table_and_new_course_from_it() {
    let app = TestApp::spawn_with(browser::config()).await;
    let years = demo(&app).await;
    let b = Browser::new(&app);
    let year = find(&years, "code", "26/27").clone();

    // LessonTableEdit's type select.
    let types = b.get("/lessontype").await;
    for t in types.as_array().unwrap() {
        reads(t, &["id", "code", "description"]);
    }
    let start = find(&types, "code", "start").clone();

    // LessonTable.vue: curriculum and division selected.
    let curricula = b.get("/curriculum").await;
    let gym = find(&curricula, "code", "GYM 17").clone();
    let div = find(&b.get("/division").await, "code", "NORD").clone();
    let table = b.get(&format!("/lessontable?curriculum={}&division={}", id(&gym), id(&div))).await;
    for g in table["grades"].as_array().unwrap() {
        reads(g, &["id", "code"]);
    }
    let items = table["items"].as_array().unwrap();
    assert!(items.len() > 10, "the demo's GYM 17 table has rows: {}", items.len());
    let mut cells = 0;
    for item in items {
        reads(item, &["id", "subject"]);
        for g in table["grades"].as_array().unwrap() {
            let cell = &item[id(g).to_string()];
            reads(cell, &["type", "lessons1", "lessons2"]);
            reads(&cell["type"], &["code"]);
            cells += usize::from(cell["type"]["code"] != "noLessons");
        }
    }
    assert!(cells > 0, "some cells carry lessons");

    // SubjectEdit "add", then LessonTableEdit: GET, edit, PUT of the whole object (numbers as strings).
    let math = find(&b.get("/subject").await, "code", "M").clone();
    let m = b.get(&format!("/subject/{}", id(&math))).await;
    let new = b
        .post(
            "/subject",
            json!({"code": "ROB", "description": "Robotik", "type": m["type"], "category": m["category"],
                   "crossClass": false}),
        )
        .await;
    let row_id = format!("{}-{}-{}", id(&gym), id(&new), id(&div));
    let mut row = b.get(&format!("/lessontable/{row_id}")).await;
    reads(&row, &["curriculum", "division", "subject", "details"]);
    reads(&row["subject"], &["description", "crossClass"]);
    let details = row["details"].as_array_mut().unwrap();
    for (n, d) in details.iter_mut().enumerate() {
        reads(d, &["grade", "type", "lessons1", "lessons2"]);
        d["type"] = start.clone();
        d["lessons1"] = json!(format!("{}", n + 1));
        d["lessons2"] = json!(format!("{}.5", n + 1));
    }
    let saved = b.put(&format!("/lessontable/{row_id}"), row.clone()).await;
    assert_eq!(saved["details"][0]["lessons2"], json!(1.5), "{saved}");

    // Course.vue: a click on an empty cell posts the class course with -1 = "from the lesson table".
    let class = b
        .get(&format!("/schoolclass?schoolYear={}", id(&year)))
        .await
        .as_array()
        .unwrap()
        .iter()
        .find(|k| k["curriculum"]["id"] == gym["id"] && k["division"]["id"] == div["id"])
        .expect("a GYM 17 class of NORD")
        .clone();
    let course = b
        .post(
            "/course",
            json!({"schoolClasses": [class], "schoolYear": year, "subject": new, "lessons1": -1, "lessons2": -1}),
        )
        .await;
    let grade = course["grade"]["id"].clone();
    let cell = saved["details"].as_array().unwrap().iter().find(|d| d["grade"]["id"] == grade).expect("grade");
    assert_eq!((&course["lessons1"], &course["lessons2"]), (&cell["lessons1"], &cell["lessons2"]));

    // SpecialCourseEdit.updateLessons: a cross-class subject's row by curriculum and subject.
    let cross = b.get("/subject/?crossClass=true").await;
    let ef = &cross.as_array().unwrap()[0];
    let lessons = b.get(&format!("/lessontable?curriculum={}&subject={}", id(&gym), id(ef))).await;
    for d in lessons["details"].as_array().unwrap() {
        reads(d, &["lessons1", "lessons2"]);
        assert!(d["grade"]["id"].is_i64());
    }
}

#[tokio::test]
async fn teacher_history_theses_postings_pool_and_payroll() {
    let app = TestApp::spawn_with(browser::config()).await;
    let years = demo(&app).await;
    let b = Browser::new(&app);
    let year = find(&years, "code", "26/27").clone();
    let y = id(&year);

    // TeacherHistory.vue: every year the teacher was employed, with its balances.
    let employments = b.get(&format!("/employment?schoolYear={y}")).await;
    let teacher = employments[0]["teacher"].clone();
    let t = b.get(&format!("/teacher/{}?detail=history", id(&teacher))).await;
    let history = t["history"].as_array().expect("history[]");
    let own = b.get(&format!("/employment?teacher={}", id(&teacher))).await;
    assert_eq!(history.len(), own.as_array().unwrap().len());
    assert!(history.len() >= 2, "a demo teacher employed over years");
    for (h, e) in history.iter().zip(own.as_array().unwrap()) {
        assert_eq!((&h["id"], &h["closingBalance"]), (&e["id"], &e["closingBalance"]));
    }
    assert_eq!(t["code"], teacher["code"], "the single form besides");

    // Thesis*: the year's counts, a count typed as a string echoed back on the whole object.
    for tt in b.get("/thesistype").await.as_array().unwrap() {
        reads(tt, &["id", "description"]);
    }
    let tt = b.get("/thesistype").await[0].clone();
    let theses = b.get(&format!("/thesis?schoolYear={y}")).await;
    let mut th = theses[0].clone();
    reads(&th, &["id", "teacher", "thesisCounts"]);
    th["thesisCounts"][id(&tt).to_string()] = json!("3");
    let th_id = th["id"].as_str().expect("compound string id").to_string();
    let saved = b.put(&format!("/thesis/{th_id}"), th).await;
    assert_eq!(saved["thesisCounts"][id(&tt).to_string()], 3);

    // Posting*: list, one, edit and save the whole object; a new one with a value typed as a string.
    let pt = b.get("/postingtype").await[0].clone();
    reads(&pt, &["id", "description"]);
    let postings = b.get(&format!("/posting?schoolYear={y}")).await;
    let mut p = b.get(&format!("/posting/{}", id(&postings[0]))).await;
    reads(&p, &["teacher", "description", "startDate", "endDate", "details", "schoolYear"]);
    p["description"] = json!("Stellvertretung (korrigiert)");
    assert_eq!(b.put(&format!("/posting/{}", id(&p)), p.clone()).await["description"], p["description"]);
    let new = b
        .post(
            "/posting",
            json!({"teacher": teacher, "description": "Projektwoche", "startDate": "2026-09-14", "endDate": null,
                   "details": {id(&pt).to_string(): "2"}, "schoolYear": year}),
        )
        .await;
    assert_eq!(new["details"][id(&pt).to_string()], 2, "{new}");
    b.call(Method::DELETE, &format!("/posting/{}", id(&new)), None).await.expect(204);

    // Pool* and Overview.
    for pt in b.get("/pooltype").await.as_array().unwrap() {
        reads(pt, &["id", "description"]);
    }
    let pool = b.get(&format!("/poolentry?schoolYear={y}")).await;
    assert!(pool.as_array().unwrap().len() > 10);
    for e in pool.as_array().unwrap() {
        reads(e, &["id", "teacher", "description", "type", "percent1", "percent2", "schoolYear"]);
        reads(&e["schoolYear"], &["ageReliefIncluded"]);
    }

    // Overview/PayrollTable: the whole year's workloads.
    let all = b.get(&format!("/workload?schoolYear={y}")).await;
    assert_eq!(all.as_array().unwrap().len(), employments.as_array().unwrap().len());
    for w in all.as_array().unwrap() {
        reads(&w["payroll"], &["items", "percentDecimals", "total"]);
        for item in w["payroll"]["items"].as_array().unwrap() {
            reads(item, &["payrollType", "lessons1", "percent1", "lessons2", "percent2"]);
        }
    }
}

#[tokio::test]
async fn jobs_files_and_standing_jobs() {
    let app = TestApp::spawn_with(browser::config()).await;
    let years = demo(&app).await;
    let b = Browser::new(&app);
    let year = find(&years, "code", "26/27").clone();

    // Maintenance: the standing jobs.
    let jobs = b.get("/job").await;
    for j in jobs.as_array().unwrap() {
        reads(j, &["id", "running", "progress", "error", "title", "product", "log"]);
    }
    assert_eq!(jobs.as_array().unwrap().iter().map(id).collect::<Vec<_>>(), [1, 2, 3]);

    // JobButton: an export with "(alle)" as -1, the year as the full object; polled; the file fetched.
    let job =
        b.post("/job", json!({"name": "EmploymentCSVDownload", "schoolYear": year, "division": {"id": -1}})).await;
    let done = poll(&b, id(&job)).await;
    assert_eq!(done["error"], Value::Null, "{done}");
    let file = b.call(Method::GET, &format!("/file/{}", done["product"]), None).await.expect(200);
    assert!(file.header("content-type").unwrap().starts_with("text/csv"), "{:?}", file.header("content-type"));
    assert!(file.header("content-disposition").unwrap().contains("26-27"));

    // The teacher parameter as the client's TeacherSelect gives it: -1 for all.
    let job = b.post("/job", json!({"name": "PayrollCSVDownload", "schoolYear": year, "semester": "1"})).await;
    assert_eq!(poll(&b, id(&job)).await["error"], Value::Null);

    // Workload/Export: the whole school's sheets with "(alle)" teachers and divisions; the grouping list.
    let job = b
        .post(
            "/job",
            json!({"name": "WorkloadDownload", "schoolYear": year, "teacher": {"id": -1}, "division": {"id": -1}}),
        )
        .await;
    let done = poll(&b, id(&job)).await;
    assert_eq!(done["error"], Value::Null, "{done}");
    let file = b.call(Method::GET, &format!("/file/{}", done["product"]), None).await.expect(200);
    assert_eq!(file.header("content-type"), Some("application/pdf"));
    let job = b.post("/job", json!({"name": "GroupingCSVDownload", "schoolYear": year})).await;
    assert_eq!(poll(&b, id(&job)).await["error"], Value::Null);

    // Maintenance "Datenbank prüfen": PUT of the listed job with action start and the year.
    let mut check = jobs[1].clone();
    check["action"] = json!("start");
    check["schoolYear"] = year.clone();
    b.put("/job/2", check).await;
    let done = poll(&b, 2).await;
    assert_eq!(done["error"], Value::Null, "{done}");
    assert!(!done["log"].as_array().unwrap().is_empty(), "the findings are logged: {done}");

    // NewSchoolYear/Step4: opening the demo's next year again (already opened: nothing new).
    let next = find(&years, "code", "27/28").clone();
    let mut open = jobs[2].clone();
    open["action"] = json!("start");
    open["schoolYear"] = next;
    b.put("/job/3", open).await;
    let done = poll(&b, 3).await;
    assert_eq!(done["error"], Value::Null, "{done}");
}

/// Teacher.vue's columns and the year overview's count by gender (docs/client.md
/// "Where the client reads a field that the seed's list forms exclude"): on
/// the compatibility mount the teacher list carries `gender`,
/// `employeeNumber` and `birthday` as the demo school has them, while
/// `/api/v1` keeps the short list form; the teacher inside an employment
/// carries `gender`, so counting the year's employments per gender finds them all.
#[tokio::test]
async fn teacher_columns_and_employments_by_gender() {
    let app = TestApp::spawn_with(browser::config()).await;
    let years = demo(&app).await;
    let ds = schoolplan::demo::generate(1);
    let b = Browser::new(&app);

    // Teacher.vue: every column filled as the demo's teachers have them.
    let teachers = b.get("/teacher").await;
    let teachers = teachers.as_array().unwrap();
    assert_eq!(teachers.len(), ds.teachers.len());
    let (mut genders, mut numbers, mut birthdays) = (0, 0, 0);
    for t in teachers {
        reads(t, &["id", "archived", "code", "firstName", "lastName", "gender", "employeeNumber", "email", "birthday"]);
        let record = ds.teachers.iter().find(|r| r.code == t["code"]).expect("a demo teacher");
        assert_eq!(t["gender"]["code"].as_str(), record.gender.as_deref(), "{}", record.code);
        assert_eq!(t["employeeNumber"].as_str(), record.employee_number.as_deref(), "{}", record.code);
        assert_eq!(t["birthday"].as_str(), record.birthday.as_deref(), "{}", record.code);
        genders += usize::from(t["gender"].is_object());
        numbers += usize::from(t["employeeNumber"].is_string());
        birthdays += usize::from(t["birthday"].is_string());
    }
    assert!(genders > 0 && numbers > 0 && birthdays > 0, "{genders} genders, {numbers} numbers, {birthdays} birthdays");
    // `/api/v1` keeps the interface's list form (asked after the compat list: no shared cache entry) …
    let short = app.get("/teacher").await.expect(200);
    for t in short.result().as_array().unwrap() {
        let mut keys: Vec<_> = t.as_object().unwrap().keys().cloned().collect();
        keys.sort();
        assert_eq!(keys, ["archived", "code", "email", "firstName", "id", "lastName"]);
    }
    // … and the compat mount its long one, also for the client's other teacher lists.
    assert!(b.get("/teacher").await[0].get("gender").is_some());
    let year = find(&years, "code", "26/27").clone();
    let y = id(&year);
    assert!(b.get(&format!("/teacher?schoolYear={y}&employed=true")).await[0].get("employeeNumber").is_some());

    // Overview: employments counted by `teacher.gender.id` over `/gender`.
    let employments = b.get(&format!("/employment?schoolYear={y}")).await;
    let employments = employments.as_array().unwrap();
    let mut counted = 0;
    for g in b.get("/gender").await.as_array().unwrap() {
        let count = employments.iter().filter(|e| e["teacher"]["gender"]["id"] == g["id"]).count();
        let expected = ds
            .employments
            .iter()
            .filter(|e| e.school_year == "26/27")
            .filter(|e| ds.teachers.iter().any(|t| t.code == e.teacher && t.gender.as_deref() == g["code"].as_str()))
            .count();
        assert_eq!(count, expected, "employments of gender {}", g["code"]);
        counted += count;
    }
    assert!(counted > 0, "the overview counts employments by gender");
    assert_eq!(counted, employments.iter().filter(|e| e["teacher"]["gender"].is_object()).count());
    // The employment dialog's teacher as well.
    let one = b.get(&format!("/employment/{}", id(&employments[0]))).await;
    assert_eq!(one["teacher"]["gender"], employments[0]["teacher"]["gender"]);
}
