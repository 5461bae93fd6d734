//! Texts in the reader's language (docs/i18n.md): problem `detail`s, field
//! errors and plan-check findings are German for `Accept-Language: de-CH`,
//! English for `en` and when the header is absent; codes never change.

use reqwest::Method;
use serde_json::json;

use crate::helpers::{Resp, TestApp};
use crate::workload::school;

async fn get_in(app: &TestApp, path: &str, lang: Option<&str>) -> Resp {
    let headers: Vec<(&str, &str)> = lang.map(|l| ("accept-language", l)).into_iter().collect();
    app.request_headers(Some(&app.token), Method::GET, &format!("/api/v1{path}"), None, &headers).await
}

async fn post_in(app: &TestApp, path: &str, body: serde_json::Value, lang: &str) -> Resp {
    app.request_headers(
        Some(&app.token),
        Method::POST,
        &format!("/api/v1{path}"),
        Some(&body),
        &[("accept-language", lang)],
    )
    .await
}

#[tokio::test]
async fn a_404_answers_in_the_readers_language() {
    let app = TestApp::spawn().await;
    let de = get_in(&app, "/teacher/999999", Some("de-CH,de;q=0.9,en;q=0.8")).await.expect_problem(404, "not_found");
    assert_eq!(de.body["detail"], "Lehrperson mit der ID 999999 gibt es nicht.");
    assert_eq!(de.header("content-language"), Some("de"));
    assert_eq!(de.header("content-type"), Some("application/problem+json"));
    let en = get_in(&app, "/teacher/999999", Some("en")).await.expect_problem(404, "not_found");
    assert_eq!(en.body["detail"], "There is no teacher with id 999999.");
    assert_eq!(en.header("content-language"), Some("en"));
    // No header, or none of our languages: English, as the API always answered.
    let none = get_in(&app, "/teacher/999999", None).await.expect_problem(404, "not_found");
    assert_eq!(none.body["detail"], "There is no teacher with id 999999.");
    let italian = get_in(&app, "/teacher/999999", Some("it-CH")).await.expect_problem(404, "not_found");
    assert_eq!(italian.body["detail"], "There is no teacher with id 999999.");
    // The router's own 404 too.
    let path = get_in(&app, "/nowhere", Some("de-CH")).await.expect_problem(404, "not_found");
    assert_eq!(path.body["detail"], "Diesen Pfad gibt es nicht.");
}

#[tokio::test]
async fn a_422_and_its_field_errors_answer_in_the_readers_language() {
    let app = TestApp::spawn().await;
    let long = "x".repeat(5000);
    let body = json!({"code": long, "name": "Deutsch"});
    let de = post_in(&app, "/subjectcategory", body.clone(), "de-CH").await.expect(422);
    let en = post_in(&app, "/subjectcategory", body, "en-GB").await.expect(422);
    assert_eq!(de.code(), en.code(), "the code does not change with the language");
    let (de_errors, en_errors) = (de.body["errors"].as_array().unwrap(), en.body["errors"].as_array().unwrap());
    assert_eq!(de_errors.len(), en_errors.len());
    let de_code = de_errors.iter().find(|e| e["pointer"] == "/code").expect("an error at /code");
    let en_code = en_errors.iter().find(|e| e["pointer"] == "/code").expect("an error at /code");
    assert_eq!(de_code["code"], en_code["code"]);
    assert!(de_code["detail"].as_str().unwrap().starts_with("`code` ist länger als "), "{}", de_code["detail"]);
    assert!(en_code["detail"].as_str().unwrap().starts_with("`code` is longer than "), "{}", en_code["detail"]);
    let detail = de.body["detail"].as_str().unwrap();
    assert!(detail.contains("/code: `code` ist länger als "), "{detail}");
    assert!(en.body["detail"].as_str().unwrap().contains("/code: `code` is longer than "), "{}", en.body["detail"]);
}

#[tokio::test]
async fn plan_check_findings_answer_in_the_readers_language() {
    let app = TestApp::spawn().await;
    let s = school(&app, 1).await;
    s.teacher(&app, "bbb", "1980-01-01", (5.0, 5.0)).await;
    let path = format!("/schoolyear/{}/check", s.year);
    // English first, so that a cache keyed by the path alone would answer the German request in English.
    let en = get_in(&app, &path, Some("en")).await.expect(200);
    let de = get_in(&app, &path, Some("de-CH")).await.expect(200);
    let none = get_in(&app, &path, None).await.expect(200);
    let (en, de) = (&en.result()[0], &de.result()[0]);
    assert_eq!((&en["code"], &de["code"]), (&json!("no_work"), &json!("no_work")));
    assert_eq!(en["objects"], de["objects"]);
    let en_detail = en["detail"].as_str().unwrap();
    assert!(en_detail.starts_with("Teacher bbb (") && en_detail.contains("is employed in school year"), "{en_detail}");
    let de_detail = de["detail"].as_str().unwrap();
    assert!(de_detail.starts_with("Lehrperson bbb (") && de_detail.contains("ist im Schuljahr"), "{de_detail}");
    assert!(de_detail.ends_with("hat aber keine Kurse, Pooleinträge oder Abschlussarbeiten."), "{de_detail}");
    assert_eq!(none.result()[0]["detail"], en["detail"]);
}

/// The messages of a finished job's log.
fn log_lines(job: &serde_json::Value) -> Vec<String> {
    job["log"].as_array().expect("log").iter().map(|l| l["message"].as_str().unwrap_or_default().to_string()).collect()
}

#[tokio::test]
async fn a_job_logs_in_the_language_of_the_request_that_started_it() {
    let app = TestApp::spawn().await;
    let s = school(&app, 1).await;
    s.teacher(&app, "bbb", "1980-01-01", (5.0, 5.0)).await;
    let body = json!({"name": "CheckPlan", "schoolYear": s.year});
    let de = post_in(&app, "/job", body.clone(), "de-CH,de;q=0.9").await.expect(201).id();
    let en = post_in(&app, "/job", body, "en").await.expect(201).id();
    let de = log_lines(&crate::jobs::wait_for(&app, &app.token, de).await);
    let en = log_lines(&crate::jobs::wait_for(&app, &app.token, en).await);
    // The same finding, one line each, in the reader's language without its
    // code ("Warnung: …"; the CSV keeps the code).
    assert_eq!(de.len(), en.len(), "{de:?} / {en:?}");
    let de_line = de.iter().find(|l| l.contains("Lehrperson bbb (")).unwrap_or_else(|| panic!("{de:?}"));
    let en_line = en.iter().find(|l| l.contains("Teacher bbb (")).unwrap_or_else(|| panic!("{en:?}"));
    assert!(!de_line.contains("no_work") && !en_line.contains("no_work"), "{de_line} / {en_line}");
    assert!(de_line.starts_with("Warnung: ") || de_line.starts_with("Fehler: "), "{de_line}");
    assert!(en_line.starts_with("Warning: ") || en_line.starts_with("Error: "), "{en_line}");
    assert!(de_line.contains("Lehrperson bbb (") && de_line.contains("ist im Schuljahr"), "{de_line}");
    assert!(en_line.contains("Teacher bbb (") && en_line.contains("is employed in school year"), "{en_line}");
    // A download's last line.
    let body = json!({"name": "EmploymentCSVDownload", "schoolYear": s.year});
    let de = post_in(&app, "/job", body, "de").await.expect(201).id();
    let de = log_lines(&crate::jobs::wait_for(&app, &app.token, de).await);
    assert!(de.iter().any(|l| l.ends_with("Bytes).") && l.contains(".csv geschrieben")), "{de:?}");
}

#[tokio::test]
async fn a_404_answers_in_french_for_a_french_reader() {
    let app = TestApp::spawn().await;
    let fr = get_in(&app, "/teacher/999999", Some("fr-CH, de;q=0.5")).await.expect_problem(404, "not_found");
    assert_eq!(fr.header("content-language"), Some("fr"));
    let detail = fr.body["detail"].as_str().unwrap();
    assert!(detail.contains("999999") && detail.contains("enseignant"), "{detail}");
    let de = get_in(&app, "/teacher/999999", Some("de-CH")).await.expect_problem(404, "not_found");
    assert_ne!(fr.body["detail"], de.body["detail"], "French, not German");
    let path = get_in(&app, "/nowhere", Some("fr")).await.expect_problem(404, "not_found");
    assert_eq!(path.body["detail"], "Ce chemin n'existe pas.");
}

/// `method path` with `body` (none for `None`) and `Accept-Language: lang`
/// (none for `None`), with the test's admin token.
async fn send_in(
    app: &TestApp,
    method: Method,
    path: &str,
    body: Option<serde_json::Value>,
    lang: Option<&str>,
) -> Resp {
    let headers: Vec<(&str, &str)> = lang.map(|l| ("accept-language", l)).into_iter().collect();
    app.request_headers(Some(&app.token), method, &format!("/api/v1{path}"), body.as_ref(), &headers).await
}

/// The `detail` of a problem of `status` and `code`.
fn detail_of(resp: Resp, status: u16, code: &str) -> String {
    resp.expect_problem(status, code).body["detail"].as_str().expect("a detail").to_string()
}

#[tokio::test]
async fn query_path_and_body_problems_answer_in_the_readers_language() {
    let app = TestApp::spawn().await;
    let list = |lang| send_in(&app, Method::GET, "/employment", None, lang);
    assert_eq!(
        detail_of(list(Some("de-CH")).await, 400, "invalid_query"),
        "Um Anstellungen aufzulisten, braucht es den Abfrageparameter `schoolYear` oder `teacher`."
    );
    let english = "Query parameter `schoolYear` or `teacher` is required to list employments.";
    assert_eq!(detail_of(list(Some("en")).await, 400, "invalid_query"), english);
    assert_eq!(detail_of(list(None).await, 400, "invalid_query"), english);
    let french = detail_of(list(Some("fr-CH")).await, 400, "invalid_query");
    assert!(french.starts_with("Pour lister les engagements"), "{french}");

    let bad_flag = |lang| send_in(&app, Method::GET, "/subject?archived=maybe", None, lang);
    assert_eq!(
        detail_of(bad_flag(Some("de-CH")).await, 400, "invalid_query"),
        "Der Abfrageparameter `archived=maybe` ist ungültig: Erwartet wird true oder false."
    );
    assert_eq!(
        detail_of(bad_flag(None).await, 400, "invalid_query"),
        "Query parameter `archived=maybe` is not true or false."
    );

    let bad_id = |lang| send_in(&app, Method::GET, "/teacher/abc", None, lang);
    assert_eq!(
        detail_of(bad_id(Some("de-CH")).await, 400, "invalid_path_id"),
        "`abc` ist keine gültige ID: IDs sind positive ganze Zahlen."
    );
    assert_eq!(
        detail_of(bad_id(Some("en")).await, 400, "invalid_path_id"),
        "`abc` is not a valid id: ids are positive integers."
    );

    let unknown_job = |lang| send_in(&app, Method::POST, "/job", Some(json!({"name": "Nope"})), lang);
    let de = unknown_job(Some("de-CH")).await.expect_problem(422, "unknown_job");
    let de_field = de.body["errors"][0]["detail"].as_str().unwrap();
    assert!(de_field.starts_with("Einen Auftrag `Nope` gibt es nicht; die Aufträge sind "), "{de_field}");
    let en = unknown_job(None).await.expect_problem(422, "unknown_job");
    let en_field = en.body["errors"][0]["detail"].as_str().unwrap();
    assert!(en_field.starts_with("There is no job `Nope`; the jobs are "), "{en_field}");
}

#[tokio::test]
async fn unauthenticated_requests_answer_in_the_readers_language() {
    let app = TestApp::spawn().await;
    let de = app.request_headers(None, Method::GET, "/api/v1/teacher", None, &[("accept-language", "de-CH")]).await;
    assert_eq!(
        detail_of(de, 401, "unauthenticated"),
        "Diese Anfrage braucht ein API-Token: Senden Sie Authorization: Bearer <token>."
    );
    let en = app.request_headers(None, Method::GET, "/api/v1/teacher", None, &[("accept-language", "en")]).await;
    assert_eq!(
        detail_of(en, 401, "unauthenticated"),
        "This request needs an API token: send Authorization: Bearer <token>."
    );
}

#[tokio::test]
async fn conflicts_answer_in_the_readers_language() {
    let app = TestApp::spawn().await;
    let body = json!({"code": "SPR", "description": "Sprachen"});
    app.create("/subjectcategory", body.clone()).await;
    let twice = |lang| send_in(&app, Method::POST, "/subjectcategory", Some(body.clone()), lang);
    assert_eq!(
        detail_of(twice(Some("de-CH")).await, 409, "duplicate_code"),
        "Ein Fachgebiet mit diesem Kürzel gibt es bereits."
    );
    assert_eq!(
        detail_of(twice(Some("en")).await, 409, "duplicate_code"),
        "A subject category with this code already exists."
    );

    // An object still in use names its users, their kind in the reader's language.
    let s = school(&app, 1).await;
    let t = s.teacher(&app, "bbb", "1980-01-01", (5.0, 5.0)).await;
    let path = format!("/teacher/{t}");
    let delete = |lang| send_in(&app, Method::DELETE, &path, None, lang);
    let de = detail_of(delete(Some("de-CH")).await, 409, "referenced");
    assert!(de.starts_with("Auf die Lehrperson bbb wird noch verwiesen von: Anstellung "), "{de}");
    assert!(de.ends_with("; archivieren Sie die Lehrperson stattdessen."), "{de}");
    let en = detail_of(delete(None).await, 409, "referenced");
    assert!(en.starts_with("Teacher bbb is still referenced by employment "), "{en}");
    assert!(en.ends_with("; archive the teacher instead."), "{en}");
    let fr = detail_of(delete(Some("fr")).await, 409, "referenced");
    assert!(fr.starts_with("L'enseignant·e bbb est encore référencé·e par : engagement "), "{fr}");
}

/// A teacher's workload in a year without their employment: 404 whose detail
/// says why, in the reader's language.
#[tokio::test]
async fn a_workload_without_employment_says_why_in_the_readers_language() {
    let app = TestApp::spawn().await;
    let year = crate::fixtures::school_year(&app, "26/27", 2027, false, false).await;
    let teacher = crate::fixtures::teacher(&app, "abc").await;
    let path = format!("/workload?schoolYear={year}&teacher={teacher}");
    let de = get_in(&app, &path, Some("de-CH")).await.expect_problem(404, "not_found");
    assert_eq!(
        de.body["detail"],
        format!("Die Lehrperson {teacher} hat im Schuljahr 26/27 keine Anstellung: Es gibt kein Pensum.")
    );
    let en = get_in(&app, &path, None).await.expect_problem(404, "not_found");
    assert_eq!(
        en.body["detail"],
        format!("Teacher {teacher} has no employment in school year 26/27: there is no workload.")
    );
}
