//! The CSV lists and the Untis export (docs/documents.md §Jobs and files, §File formats): each list of the
//! demo school parsed back and compared with the API; the Untis export line
//! by line on a small school.

use std::collections::HashMap;

use serde_json::{json, Value};

use crate::fixtures::World;
use crate::helpers::TestApp;
use crate::jobs::{demo, product, run_job, year_id};

/// A parsed CSV: header and rows (after checking BOM, separator and CRLF).
struct Csv {
    header: Vec<String>,
    rows: Vec<HashMap<String, String>>,
}

impl Csv {
    fn parse(bytes: &[u8]) -> Csv {
        assert!(bytes.starts_with(b"\xEF\xBB\xBF"), "CSV starts with a BOM");
        let text = std::str::from_utf8(&bytes[3..]).expect("UTF-8");
        assert!(text.ends_with("\r\n"), "CRLF line ends");
        assert!(!text.replace("\r\n", "").contains('\n'), "no bare LF");
        let mut r = csv::ReaderBuilder::new().delimiter(b';').from_reader(text.as_bytes());
        let header: Vec<String> = r.headers().expect("header").iter().map(String::from).collect();
        let rows = r
            .records()
            .map(|rec| header.iter().cloned().zip(rec.expect("record").iter().map(String::from)).collect())
            .collect();
        Csv { header, rows }
    }

    /// The row of the teacher with code `code` (column `Kürzel`).
    fn by_code(&self, code: &str) -> &HashMap<String, String> {
        self.rows.iter().find(|r| r["Kürzel"] == code).unwrap_or_else(|| panic!("row of {code}"))
    }
}

/// A CSV cell as a number (empty = 0), after checking its format: `.` as the
/// decimal mark, exactly `decimals` decimals, no `%`.
fn num(cell: &str, decimals: usize) -> f64 {
    if cell.is_empty() {
        return 0.0;
    }
    assert!(!cell.contains('%') && !cell.contains(','), "plain number: {cell}");
    let frac = cell.split('.').nth(1).unwrap_or_default();
    assert_eq!(frac.len(), decimals, "{cell} has {decimals} decimals");
    let v: f64 = cell.parse().expect("number");
    assert!(v != 0.0, "zero is an empty cell, not {cell}");
    v
}

/// Asserts that a cell shows `api` rounded to `decimals`.
#[track_caller]
fn same(cell: &str, api: &Value, decimals: usize) {
    let api = api.as_f64().unwrap_or(0.0);
    let shown = num(cell, decimals);
    let tolerance = 0.5 * 10f64.powi(-(decimals as i32)) + 1e-9;
    assert!((shown - api).abs() <= tolerance, "cell {cell} shows {api} with {decimals} decimals");
}

async fn csv_of(app: &TestApp, body: Value) -> (Csv, String) {
    let job = run_job(app, body).await;
    let (res, bytes) = product(app, &job).await;
    assert_eq!(res.status, 200);
    assert_eq!(res.header("content-type"), Some("text/csv; charset=utf-8"));
    let disposition = res.header("content-disposition").expect("content-disposition").to_string();
    assert!(disposition.starts_with("attachment; filename*=UTF-8''"), "{disposition}");
    (Csv::parse(&bytes), disposition)
}

async fn workloads(app: &TestApp, year: i64) -> HashMap<String, Value> {
    let list = app.get(&format!("/workload?schoolYear={year}")).await.expect(200);
    list.result()
        .as_array()
        .unwrap()
        .iter()
        .map(|w| (w["teacher"]["code"].as_str().unwrap().to_string(), w.clone()))
        .collect()
}

#[tokio::test]
async fn employment_pool_thesis_and_summary_lists_equal_the_api() {
    let app = TestApp::spawn().await;
    let years = demo(&app).await;
    let year = year_id(&years, "26/27");
    let forms = workloads(&app, year).await;
    let decimals = forms.values().next().unwrap()["payroll"]["percentDecimals"].as_u64().unwrap() as usize;

    let (list, disposition) = csv_of(&app, json!({"name": "EmploymentCSVDownload", "schoolYear": year})).await;
    assert!(disposition.ends_with("Lehrerliste_26-27.csv"), "{disposition}");
    assert_eq!(
        list.header,
        [
            "Id",
            "Titel",
            "Vorname",
            "Nachname",
            "Kürzel",
            "Abteilung",
            "E-Mail-Adresse",
            "Mitarbeiternummer",
            "befristet",
            "Altersentlastung S1",
            "Altersentlastung S2",
            "Verfügung min.",
            "Verfügung max.",
            "Auszahlung S1",
            "Auszahlung S2",
            "IPB-Anfangssaldo",
            "IPB-Veränderung",
            "IPB-Schlusssaldo"
        ]
    );
    let employments = app.get(&format!("/employment?schoolYear={year}")).await.expect(200).result().clone();
    let employments = employments.as_array().unwrap();
    assert_eq!(list.rows.len(), employments.len());
    for e in employments {
        let code = e["teacher"]["code"].as_str().unwrap();
        let row = list.by_code(code);
        assert_eq!(row["Id"], e["teacher"]["id"].to_string());
        assert_eq!(row["Nachname"], e["teacher"]["lastName"].as_str().unwrap());
        assert_eq!(row["Abteilung"], e["division"]["code"].as_str().unwrap());
        assert_eq!(row["befristet"], if e["temporary"] == true { "ja" } else { "nein" });
        same(&row["Auszahlung S1"], &e["payment1"], decimals);
        same(&row["Verfügung max."], &e["employmentMax"], decimals);
        same(&row["IPB-Schlusssaldo"], &e["closingBalance"], decimals);
        same(&row["IPB-Veränderung"], &e["change"], decimals);
        same(&row["Altersentlastung S2"], &forms[code]["summary"]["ageReliefFactor2"], decimals);
        let teacher = app.get(&format!("/teacher/{}", e["teacher"]["id"])).await.expect(200).result().clone();
        assert_eq!(row["Mitarbeiternummer"], teacher["employeeNumber"].as_str().unwrap_or(""));
    }
    // A division filter keeps that division's employments.
    let div = employments[0]["division"]["id"].as_i64().unwrap();
    let (one_division, _) =
        csv_of(&app, json!({"name": "EmploymentCSVDownload", "schoolYear": year, "division": {"id": div}})).await;
    let expected = employments.iter().filter(|e| e["division"]["id"] == div).count();
    assert_eq!(one_division.rows.len(), expected);
    assert!(expected < employments.len());

    let (pool, _) = csv_of(&app, json!({"name": "PoolCSVDownload", "schoolYear": year})).await;
    assert_eq!(
        pool.header,
        ["Vorname", "Nachname", "Kürzel", "Beschreibung", "Typ", "Prozent 1. Semester", "Prozent 2. Semester"]
    );
    let entries = app.get(&format!("/poolentry?schoolYear={year}")).await.expect(200).result().clone();
    let entries = entries.as_array().unwrap();
    assert!(!entries.is_empty());
    assert_eq!(pool.rows.len(), entries.len());
    for (row, e) in pool.rows.iter().zip(entries) {
        assert_eq!(row["Kürzel"], e["teacher"]["code"].as_str().unwrap());
        assert_eq!(row["Typ"], e["type"]["description"].as_str().unwrap());
        assert_eq!(row["Beschreibung"], e["description"].as_str().unwrap_or(""));
        same(&row["Prozent 1. Semester"], &e["percent1"], decimals);
        same(&row["Prozent 2. Semester"], &e["percent2"], decimals);
    }

    let (theses, _) = csv_of(&app, json!({"name": "ThesisCSVDownload", "schoolYear": year})).await;
    let types = app.get("/thesistype").await.expect(200).result().clone();
    let mut header = vec!["Vorname", "Nachname", "Kürzel", "Abteilung"];
    header.extend(types.as_array().unwrap().iter().map(|t| t["description"].as_str().unwrap()));
    assert_eq!(theses.header, header);
    let api = app.get(&format!("/thesis?schoolYear={year}")).await.expect(200).result().clone();
    let mut counted = 0;
    for h in api.as_array().unwrap() {
        let row = theses.by_code(h["teacher"]["code"].as_str().unwrap());
        for t in types.as_array().unwrap() {
            let count = h["thesisCounts"][t["id"].to_string()].as_f64().unwrap_or(0.0);
            let cell = &row[t["description"].as_str().unwrap()];
            assert_eq!(cell.parse::<f64>().unwrap_or(0.0), count, "{cell}");
            assert_eq!(cell.is_empty(), count == 0.0);
            counted += usize::from(count > 0.0);
        }
    }
    assert!(counted > 0, "the demo school has theses");

    let (summary, _) = csv_of(&app, json!({"name": "TeacherLessonSummaryCSVDownload", "schoolYear": year})).await;
    assert_eq!(
        summary.header,
        ["Kürzel", "Nachname", "Vorname", "1. Semester L", "1. Semester %", "2. Semester L", "2. Semester %"]
    );
    assert_eq!(summary.rows.len(), forms.len());
    for (code, w) in &forms {
        let row = summary.by_code(code);
        let total = &w["courses"]["total"];
        same(&row["1. Semester L"], &total["lessons1"], 2);
        same(&row["1. Semester %"], &total["percent1"], decimals);
        same(&row["2. Semester L"], &total["lessons2"], 2);
        same(&row["2. Semester %"], &total["percent2"], decimals);
    }
}

/// Checks a payroll CSV of `semester` against the workload forms.
async fn check_payroll(app: &TestApp, year: i64, semester: u8) {
    let forms = workloads(app, year).await;
    let any = forms.values().next().unwrap();
    let decimals = any["payroll"]["percentDecimals"].as_u64().unwrap() as usize;
    let lessons2 = any["calculationMode"]["code"].as_str().unwrap().starts_with("lessons2");
    let (csv, disposition) =
        csv_of(app, json!({"name": "PayrollCSVDownload", "schoolYear": year, "semester": semester})).await;
    assert!(disposition.contains(&format!("Pensenmeldung_S{semester}_")), "{disposition}");
    assert_eq!(
        csv.header[..8],
        ["Nr.", "Kürzel", "Nachname", "Vorname", "Geburtsdatum", "Altersentlastung", "Auszahlung", "IPB-Saldo Ende SJ"]
    );
    let types = app.get("/payrolltype").await.expect(200).result().clone();
    let types = types.as_array().unwrap();
    let (l, p) = (format!("lessons{semester}"), format!("percent{semester}"));
    assert_eq!(csv.rows.len(), forms.len());
    let mut figures = 0;
    for (code, w) in &forms {
        let row = csv.by_code(code);
        same(&row["Auszahlung"], &w["payroll"]["total"][&p], decimals);
        same(&row["Altersentlastung"], &w["summary"][format!("ageReliefFactor{semester}")], decimals);
        let closing = w["balance"].as_array().unwrap().iter().find(|b| b["description"] == "Schlusssaldo").unwrap();
        same(&row["IPB-Saldo Ende SJ"], &closing["percent"], decimals);
        let item = |id: &Value, correction: bool| {
            w["payroll"]["items"].as_array().unwrap().iter().find(|i| {
                i["correction"] == correction
                    && i[if correction { "parentPayrollType" } else { "payrollType" }]["id"] == *id
            })
        };
        let ae = w["summary"][format!("ageReliefFactor{semester}")].as_f64().unwrap();
        for t in types {
            let code = t["code"].as_str().unwrap();
            let own = item(&t["id"], false);
            let get = |key: &str| own.map_or(json!(0), |i| i[key].clone());
            if lessons2 {
                // Lesson- and percent-based alike: withoutAE_sem(percent) of the type's own row.
                if t["lessonBased"] == true {
                    same(&row[&format!("S {code} L")], &get(&l), 2);
                }
                let without_ae = get(&p).as_f64().unwrap() / (1.0 + ae / 100.0);
                same(&row[&format!("S {code} %")], &json!(without_ae), decimals);
                if t["ipbCorrectionAllowed"] == true {
                    let c = item(&t["id"], true).map_or(0.0, |i| i[&l].as_f64().unwrap());
                    same(&row[&format!("S IPBKorr {code} L")], &json!(-c), 2);
                }
            } else {
                if t["lessonBased"] == true {
                    same(&row[&format!("{code} L")], &get(&l), 2);
                }
                same(&row[&format!("{code} %")], &get(&p), decimals);
            }
            figures += usize::from(own.is_some());
        }
    }
    assert!(figures > forms.len(), "the forms have payroll rows");
}

#[tokio::test]
async fn payroll_lists_equal_the_workload_forms_in_every_layout() {
    let app = TestApp::spawn().await;
    let years = demo(&app).await;
    // 26/27 is a lessons2 year; 25/26 percentAgeReliefIncluded; 24/25 lessonsAgeReliefIncluded.
    check_payroll(&app, year_id(&years, "26/27"), 1).await;
    check_payroll(&app, year_id(&years, "26/27"), 2).await;
    check_payroll(&app, year_id(&years, "25/26"), 2).await;
    check_payroll(&app, year_id(&years, "24/25"), 1).await;
}

/// The pool percents the demo teachers with age relief have entered in 26/27,
/// as (teacher code, semester, payroll type code, Σ entered percent, AE):
/// only where nothing else (a thesis) books on that percent-based payroll type.
async fn entered_pool(app: &TestApp, year: i64) -> Vec<(String, u8, String, f64, f64)> {
    let forms = workloads(app, year).await;
    // A lookup list (GET `path`) as id → `field` of each element.
    let lookup = |path: &'static str, field: fn(&Value) -> Value| async move {
        let list = app.get(path).await.expect(200).result().clone();
        list.as_array().unwrap().iter().map(|t| (t["id"].as_i64().unwrap(), field(t))).collect::<HashMap<i64, Value>>()
    };
    let code_of = lookup("/payrolltype?lessonBased=false", |t| t["code"].clone()).await;
    let payroll_of = lookup("/pooltype", |t| t["payrollType"]["id"].clone()).await;
    let thesis_payroll = lookup("/thesistype", |t| t["payrollType"]["id"].clone()).await;
    let id = |v: &Value| v.as_i64().unwrap();
    let mut out = Vec::new();
    for (code, w) in &forms {
        let with_theses: Vec<i64> = w["theses"]["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| id(&thesis_payroll[&id(&h["type"]["id"])]))
            .collect();
        for semester in [1u8, 2] {
            let ae = w["summary"][format!("ageReliefFactor{semester}")].as_f64().unwrap();
            let mut by_type: HashMap<i64, f64> = HashMap::new();
            for e in w["pool"]["items"].as_array().unwrap() {
                let t = id(&payroll_of[&id(&e["type"]["id"])]);
                *by_type.entry(t).or_default() += e[format!("percent{semester}")].as_f64().unwrap();
            }
            for (t, percent) in by_type {
                if ae > 0.0 && percent > 0.0 && code_of.contains_key(&t) && !with_theses.contains(&t) {
                    out.push((code.clone(), semester, code_of[&t].as_str().unwrap().to_string(), percent, ae));
                }
            }
        }
    }
    out.sort_by(|a, b| a.partial_cmp(b).unwrap());
    out
}

/// The Pensenmeldung of the `lessons2` modes shows a percent-based type's
/// `S <code> %` without age relief, like the lesson-based ones
/// (docs/pensenmeldung.md §IPB layout): in `lessons2` the pool percent as
/// entered (the payroll row carries it with age relief: 2 % → 2.08 % at
/// AE 4 %), in `lessons2AgeReliefIncluded` (pool entered including age
/// relief) the entered percent / (1 + AE/100).
#[tokio::test]
async fn payroll_list_shows_percent_types_without_age_relief_in_lessons2_modes() {
    let app = TestApp::spawn().await;
    let years = demo(&app).await;
    let year = year_id(&years, "26/27");
    let pool = entered_pool(&app, year).await;
    assert!(pool.len() > 5, "demo teachers with age relief and pool entries: {pool:?}");
    for (mode, included) in [("lessons2", false), ("lessons2AgeReliefIncluded", true)] {
        let mut y = app.get(&format!("/schoolyear/{year}")).await.expect(200).result().clone();
        y["calculationMode"] = json!(if included { 101 } else { 3 });
        app.put(&format!("/schoolyear/{year}"), y).await.expect(200);
        for semester in [1u8, 2] {
            let (csv, _) =
                csv_of(&app, json!({"name": "PayrollCSVDownload", "schoolYear": year, "semester": semester})).await;
            for (code, _, t, entered, ae) in pool.iter().filter(|p| p.1 == semester) {
                let expected = if included { entered / (1.0 + ae / 100.0) } else { *entered };
                let cell = &csv.by_code(code)[&format!("S {t} %")];
                assert_eq!(
                    cell,
                    &format!("{:.2}", expected + 1e-9),
                    "{mode}, S{semester}, {code}, AE {ae} %, {entered} % entered"
                );
            }
        }
    }
}

#[tokio::test]
async fn the_course_table_shows_the_teachers_per_subject_and_class() {
    let app = TestApp::spawn().await;
    let years = demo(&app).await;
    let year = year_id(&years, "26/27");
    let (table, _) = csv_of(&app, json!({"name": "CourseTableCSVDownload", "schoolYear": year, "grade": -1})).await;
    assert_eq!(table.header[0], "Fach");
    let courses = app.get(&format!("/course?schoolYear={year}&crossClass=false")).await.expect(200).result().clone();
    let codes = |list: &Value| -> String {
        let v: Vec<&str> = list.as_array().unwrap().iter().map(|t| t["code"].as_str().unwrap()).collect();
        if v.is_empty() {
            "-".into()
        } else {
            v.join(", ")
        }
    };
    let mut checked = 0;
    for c in courses.as_array().unwrap().iter().filter(|c| c["cancelled"] == false) {
        let row = table.rows.iter().find(|r| r["Fach"] == c["subject"]["code"].as_str().unwrap()).expect("subject row");
        let (p1, p2) = (codes(&c["teachers1"]), codes(&c["teachers2"]));
        let expected = if p1 == p2 { p1 } else { format!("{p1} / {p2}") };
        for class in c["schoolClasses"].as_array().unwrap() {
            let cell = &row[class["code"].as_str().unwrap()];
            // Two courses of a subject in one class: the table shows the lower id.
            let lower = courses.as_array().unwrap().iter().any(|o| {
                o["subject"]["id"] == c["subject"]["id"]
                    && o["cancelled"] == false
                    && o["id"].as_i64() < c["id"].as_i64()
                    && o["schoolClasses"].as_array().unwrap().iter().any(|k| k["id"] == class["id"])
            });
            if !lower {
                assert_eq!(cell, &expected, "course {}", c["id"]);
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "{checked}");
    // Rows are ordered by subject code.
    let subjects: Vec<String> = table.rows.iter().map(|r| r["Fach"].to_lowercase()).collect();
    let mut sorted = subjects.clone();
    sorted.sort();
    assert_eq!(subjects, sorted);
}

#[tokio::test]
async fn the_untis_export_lists_every_course_class_and_teacher() {
    let app = TestApp::spawn().await;
    let w = World::new(&app).await;
    let d = w.course(&app, w.year, w.d, &[w.g27a, w.g27b]).await;
    let f = w.course(&app, w.year, w.f, &[w.g28a]).await;
    let cancelled = w.course(&app, w.year, w.d, &[w.g27c]).await;
    let cross = w.cross_course(&app, w.year, w.gym.grades[3]).await;
    let edit = |id: i64, change: Value| {
        let app = &app;
        async move {
            let mut c = app.get(&format!("/course/{id}")).await.expect(200).result().clone();
            for (k, v) in change.as_object().unwrap() {
                c[k] = v.clone();
            }
            app.put(&format!("/course/{id}"), c).await.expect(200);
        }
    };
    edit(d, json!({"teachers1": [w.abc, w.def], "teachers2": [w.abc]})).await;
    edit(cancelled, json!({"cancelled": true, "teachers1": [w.abc]})).await;
    edit(cross, json!({"teachers1": [w.def], "lessons2": 0})).await;
    // The running number is the position in the year's course list.
    let list = app.get(&format!("/course?schoolYear={}", w.year)).await.expect(200).result().clone();
    let pos = |id: i64| list.as_array().unwrap().iter().position(|c| c["id"] == id).unwrap() + 1;

    let export = |semester: u8| {
        let app = &app;
        let year = w.year;
        async move {
            let job = run_job(app, json!({"name": "UntisDownload", "schoolYear": year, "semester": semester})).await;
            let (res, bytes) = product(app, &job).await;
            assert_eq!(res.header("content-type"), Some("text/plain; charset=utf-8"));
            assert!(!bytes.starts_with(b"\xEF\xBB\xBF"), "no BOM");
            String::from_utf8(bytes).unwrap()
        }
    };
    let (nd, nf, nx) = (pos(d), pos(f), pos(cross));
    let mut expected = vec![
        format!("{nd};3;;;G27a;abc;D;GF;GYM4"),
        format!("{nd};3;;;G27a;def;D;GF;GYM4"),
        format!("{nd};3;;;G27b;abc;D;GF;GYM4"),
        format!("{nd};3;;;G27b;def;D;GF;GYM4"),
        format!("{nf};3;;;G28a;???;F;GF;GYM3"),
        format!("{nx};4;;;G27a;def;SF B;GF;GYM4"),
        format!("{nx};4;;;G27b;def;SF B;GF;GYM4"),
        format!("{nx};4;;;G27c;def;SF B;GF;GYM4"),
    ];
    expected.sort_by_key(|l| l.split(';').next().unwrap().parse::<usize>().unwrap());
    let text = export(1).await;
    let lines: Vec<&str> = text.split_terminator("\r\n").collect();
    assert_eq!(lines, expected);
    let mut expected2 = vec![
        format!("{nd};3;;;G27a;abc;D;GF;GYM4"),
        format!("{nd};3;;;G27b;abc;D;GF;GYM4"),
        format!("{nf};3;;;G28a;???;F;GF;GYM3"),
    ];
    expected2.sort_by_key(|l| l.split(';').next().unwrap().parse::<usize>().unwrap());
    assert_eq!(export(2).await.split_terminator("\r\n").collect::<Vec<_>>(), expected2);
}

#[tokio::test]
async fn the_course_list_by_grouping_equals_the_course_list() {
    let app = TestApp::spawn().await;
    let years = demo(&app).await;
    let year = year_id(&years, "26/27");
    let (list, disposition) = csv_of(&app, json!({"name": "GroupingCSVDownload", "schoolYear": year})).await;
    assert!(disposition.ends_with("Kursliste_26-27.csv"), "{disposition}");
    assert_eq!(list.header[..3], ["Gruppierung", "Abteilung", "Fach"]);
    let courses = app.get(&format!("/course?schoolYear={year}")).await.expect(200).result().clone();
    let divisions = app.get("/division").await.expect(200).result().clone();
    let division =
        |r: &Value| divisions.as_array().unwrap().iter().find(|d| d["id"] == r["id"]).expect("division").clone();
    let lessons =
        |v: &Value| if v.as_f64() == Some(0.0) { String::new() } else { format!("{:.2}", v.as_f64().unwrap()) };
    let codes =
        |v: &Value| v.as_array().unwrap().iter().map(|t| t["code"].as_str().unwrap()).collect::<Vec<_>>().join(", ");
    let text = |v: &Value| v.as_str().unwrap_or_default().to_string();
    // Every course once, as the API shows it (the division of its first class).
    let mut expected: Vec<Vec<String>> = courses
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let classes = c["schoolClasses"].as_array().unwrap();
            let (grouping, code) = match classes.first() {
                Some(k) => {
                    let d = division(&k["division"]);
                    (
                        d["grouping"].as_str().unwrap_or_else(|| d["code"].as_str().unwrap()).to_string(),
                        text(&d["code"]),
                    )
                }
                None => (String::new(), String::new()),
            };
            let classes: Vec<&str> = classes.iter().map(|k| k["code"].as_str().unwrap()).collect();
            vec![
                grouping,
                code,
                text(&c["subject"]["code"]),
                text(&c["subject"]["description"]),
                classes.join(", "),
                text(&c["grade"]["code"]),
                lessons(&c["lessons1"]),
                lessons(&c["lessons2"]),
                codes(&c["teachers1"]),
                codes(&c["teachers2"]),
                if c["cancelled"] == true { "ja" } else { "nein" }.to_string(),
            ]
        })
        .collect();
    let mut shown: Vec<Vec<String>> =
        list.rows.iter().map(|r| list.header.iter().map(|h| r[h].clone()).collect()).collect();
    expected.sort();
    shown.sort();
    assert_eq!(shown, expected, "one row per course, equal to the API");
    assert!(list.rows.iter().any(|r| r["abgesagt"] == "ja"), "the demo has cancelled courses");
    // Grouped: each grouping's rows are together.
    let groups: Vec<&String> = list.rows.iter().map(|r| &r["Gruppierung"]).collect();
    let mut seen: Vec<&String> = Vec::new();
    for g in groups {
        if seen.last() != Some(&g) {
            assert!(!seen.contains(&g), "grouping {g} comes in one block");
            seen.push(g);
        }
    }
    // One division only.
    let nord = divisions.as_array().unwrap().iter().find(|d| d["code"] == "NORD").unwrap()["id"].clone();
    let (one, _) = csv_of(&app, json!({"name": "GroupingCSVDownload", "schoolYear": year, "division": nord})).await;
    let in_nord = courses
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["schoolClasses"].as_array().unwrap().iter().any(|k| k["division"]["id"] == nord))
        .count();
    assert!(in_nord > 0 && in_nord < list.rows.len());
    assert_eq!(one.rows.len(), in_nord, "the courses with a class of NORD");
}
