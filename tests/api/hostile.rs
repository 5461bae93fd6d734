//! Hostile input (docs/api.md "Conventions"): control characters and
//! bidirectional overrides in text, numbers with more digits than a field
//! holds, dates outside 1900–2200, formulas in CSV cells, paths in download
//! names, a mail job with a header-splitting name, oversized request headers,
//! control characters in query parameters.

use reqwest::Method;
use serde_json::{json, Value};

use crate::fixtures::{employment, World};
use crate::helpers::TestApp;
use crate::jobs::{product, run_job};
use crate::mail::{app_with, mail_job, set_email};
use crate::smtp_sink::sink;
use schoolplan::store::PoolRef;

/// The pointers and codes of a problem's field errors.
fn field_errors(body: &Value) -> Vec<(String, String)> {
    body["errors"]
        .as_array()
        .map(|list| {
            list.iter()
                .map(|e| {
                    (e["pointer"].as_str().unwrap_or("").to_string(), e["code"].as_str().unwrap_or("").to_string())
                })
                .collect()
        })
        .unwrap_or_default()
}

#[tokio::test]
async fn control_characters_and_bidi_overrides_are_refused_in_every_text() {
    let app = TestApp::spawn().await;
    let w = World::new(&app).await;
    let teachers_before = app.get("/teacher").await.expect(200).result().as_array().unwrap().len();

    // One-line texts: CR, LF, TAB, NUL, DEL, a C1 character and the bidi overrides.
    for (field, value) in [
        ("firstName", "A\r\nBcc: x@y"),
        ("lastName", "Müller\nMeier"),
        ("code", "ab\tc"),
        ("lastName", "A\u{0}B"),
        ("lastName", "A\u{7f}"),
        ("lastName", "A\u{85}B"),
        ("lastName", "evil\u{202E}fdp.exe"),
        ("firstName", "\u{2066}Anna\u{2069}"),
        ("title", "Dr.\u{2028}med."),
    ] {
        let mut body = json!({"code": "hos", "firstName": "Ann", "lastName": "Hostile"});
        body[field] = json!(value);
        let r = app.post("/teacher", body).await.expect_problem(422, "invalid_character");
        assert_eq!(field_errors(&r.body), [(format!("/{field}"), "invalid_character".to_string())], "{value:?}");
    }
    let teachers_after = app.get("/teacher").await.expect(200).result().as_array().unwrap().len();
    assert_eq!(teachers_before, teachers_after, "nothing refused was stored");

    // Other resources read their texts the same way.
    app.post("/subjectcategory", json!({"code": "X", "description": "a\u{202D}b"}))
        .await
        .expect_problem(422, "invalid_character");
    app.post("/division", json!({"code": "D2", "description": "Div", "headName": "A\rB"}))
        .await
        .expect_problem(422, "invalid_character");
    let mut year = app.get(&format!("/schoolyear/{}", w.year)).await.expect(200).result().clone();
    year["description"] = json!("Schuljahr\n26/27");
    app.put(&format!("/schoolyear/{}", w.year), year).await.expect_problem(422, "invalid_character");
    app.post("/settings", json!({"mailSubject": "Pensum\r\nBcc: x@y"})).await.expect_problem(422, "invalid_character");
    let png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
    let r = app
        .post(
            "/division",
            json!({"code": "D3", "description": "Div",
                   "logo": {"fileName": "../logo\r\n.png", "mimeType": "image/png", "data": png}}),
        )
        .await
        .expect_problem(422, "invalid_character");
    assert_eq!(field_errors(&r.body), [("/logo/fileName".to_string(), "invalid_character".to_string())]);

    // Multi-line texts (comments, notes, mail bodies) keep line feeds and tabs, nothing else.
    let course = w.course(&app, w.year, w.d, &[w.g27a]).await;
    let mut c = app.get(&format!("/course/{course}")).await.expect(200).result().clone();
    c["comments"] = json!("Zeile 1\n\tZeile 2");
    let saved = app.put(&format!("/course/{course}"), c.clone()).await.expect(200);
    assert_eq!(saved.result()["comments"], "Zeile 1\n\tZeile 2");
    for bad in ["Zeile 1\r\nZeile 2", "a\u{202E}b", "a\u{b}b"] {
        c["comments"] = json!(bad);
        app.put(&format!("/course/{course}"), c.clone()).await.expect_problem(422, "invalid_character");
    }
    let e = employment(&app, w.xyz, w.year).await;
    let mut body = app.get(&format!("/employment/{e}")).await.expect(200).result().clone();
    body["comments"] = json!("a\u{1b}[31mred");
    app.put(&format!("/employment/{e}"), body).await.expect_problem(422, "invalid_character");
    let s = app.post("/settings", json!({"mailBody": "Guten Tag\n\nGruss", "mailSubject": "Pensum"})).await.expect(200);
    assert_eq!(s.result()["mailBody"], "Guten Tag\n\nGruss");
}

#[tokio::test]
async fn mail_from_is_checked_as_an_address_when_the_settings_are_saved() {
    let app = TestApp::spawn().await;
    for bad in ["sekretariat", "a@b@c", "Schule <sekretariat@schule.ch", "x@y\r\nBcc: z@w"] {
        let r = app.post("/settings", json!({"mailFrom": bad})).await;
        assert_eq!(r.status, 422, "{bad:?}: {}", r.body);
        assert!(matches!(r.code(), "invalid_email" | "invalid_character"), "{bad:?}: {}", r.body);
        assert_eq!(field_errors(&r.body)[0].0, "/mailFrom");
    }
    let settings = app.get("/settings").await.expect(200).result().clone();
    assert_eq!(settings["mailFrom"], "", "nothing refused was saved");
    for good in ["sekretariat@schule.ch", "Schulleitung <sl@schule.ch>", ""] {
        let r = app.post("/settings", json!({"mailFrom": good})).await.expect(200);
        assert_eq!(r.result()["mailFrom"], good);
    }
}

/// Data saved before the reader refused control characters (here: written by
/// SQL) cannot split a mail header: the job checks every header value before
/// it sends anything.
#[tokio::test]
async fn a_name_that_would_split_a_mail_header_sends_no_mail_at_all() {
    let sink = sink(None).await;
    let app = app_with(&sink).await;
    let w = World::new(&app).await;
    set_email(&app, w.abc, "abc@schule.ch").await;
    set_email(&app, w.def, "def@schule.ch").await;
    // def comes after abc (teachers by code): abc's mail would go out first.
    let hostile = "A\r\nBcc: x@y";
    let sql = "UPDATE teacher SET first_name = $1 WHERE id = $2";
    match app.store.pool() {
        PoolRef::Sqlite(p) => sqlx::query(sql).bind(hostile).bind(w.def).execute(p).await.map(|_| ()),
        PoolRef::Postgres(p) => sqlx::query(sql).bind(hostile).bind(w.def).execute(p).await.map(|_| ()),
    }
    .expect("legacy name written");
    let job = run_job(&app, mail_job(w.year)).await;
    let error = job["error"].as_str().unwrap_or_else(|| panic!("the job fails: {job}"));
    assert!(error.contains("def") && error.contains("control character"), "{error}");
    assert!(sink.mails().is_empty(), "no mail was sent: {:?}", sink.mails());
}

#[tokio::test]
async fn csv_text_that_starts_like_a_formula_is_neutralised() {
    let app = TestApp::spawn().await;
    let w = World::new(&app).await;
    let mut t = app.get(&format!("/teacher/{}", w.abc)).await.expect(200).result().clone();
    t["lastName"] = json!("=HYPERLINK(\"http://evil.example/\";\"klick\")");
    t["firstName"] = json!("-2+3");
    t["title"] = json!("@SUM(A1)");
    app.put(&format!("/teacher/{}", w.abc), t).await.expect(200);
    let job = run_job(&app, json!({"name": "EmploymentCSVDownload", "schoolYear": w.year})).await;
    let (_, bytes) = product(&app, &job).await;
    let text = String::from_utf8(bytes).expect("UTF-8");
    let row = text.lines().find(|l| l.contains("HYPERLINK")).expect("abc's row");
    let cells: Vec<&str> = row.split(';').collect();
    assert_eq!(cells[0], w.abc.to_string(), "the id stays a number");
    assert_eq!(cells[1], "'@SUM(A1)", "{row}");
    assert_eq!(cells[2], "'-2+3", "{row}");
    assert!(cells[3].starts_with("\"'=HYPERLINK("), "{row}");
    assert!(!text.lines().any(|l| l.split(';').any(|c| c.starts_with('=') || c.starts_with("\"="))), "{text}");
}

#[tokio::test]
async fn download_names_keep_no_path_and_no_control_characters() {
    let app = TestApp::spawn().await;
    let w = World::new(&app).await;
    let mut t = app.get(&format!("/teacher/{}", w.abc)).await.expect(200).result().clone();
    t["code"] = json!("../..\\etc\u{1F600}");
    app.put(&format!("/teacher/{}", w.abc), t).await.expect(200);
    let job = run_job(&app, json!({"name": "WorkloadDownload", "schoolYear": w.year, "teacher": w.abc})).await;
    let (res, _) = product(&app, &job).await;
    let disposition = res.header("content-disposition").expect("a file name").to_string();
    let encoded = disposition.split("''").nth(1).expect("filename*");
    let name = url::form_urlencoded::parse(format!("n={}", encoded.replace('+', "%2B")).as_bytes())
        .next()
        .map(|(_, v)| v.into_owned())
        .unwrap();
    assert!(name.starts_with("Pensenblatt_") && name.ends_with("_26-27.pdf"), "{name}");
    assert!(!name.contains('/') && !name.contains('\\') && !name.contains(".."), "{name}");
    assert!(name.contains('\u{1F600}'), "other characters stay: {name}");
}

#[tokio::test]
async fn numbers_with_more_than_four_decimals_are_too_precise_however_written() {
    let app = TestApp::spawn().await;
    let w = World::new(&app).await;
    let path = "/api/v1/employment";
    let body = |payment: &str| {
        format!(
            r#"{{"teacher": {}, "schoolYear": {}, "division": {}, "payment1": {payment}}}"#,
            w.xyz, w.year, w.division
        )
        .into_bytes()
    };
    for (payment, code) in [
        (r#""2.000000001""#, "too_precise"),
        ("2.000000001", "too_precise"),
        ("2.0000000000000000000000000000000000000001", "too_precise"),
        (r#""2.0000000000000000000000000000000000000001""#, "too_precise"),
        ("1e-5", "too_precise"),
        ("1234567890123456789012345678901234567890", "out_of_range"),
        (r#""1234567890123456789012345678901234567890""#, "out_of_range"),
    ] {
        let r = app.raw(Method::POST, path, Some("application/json"), body(payment)).await;
        assert_eq!((r.status, r.code()), (422, code), "{payment}: {}", r.body);
        assert_eq!(field_errors(&r.body), [("/payment1".to_string(), code.to_string())], "{payment}");
    }
    assert!(app
        .get(&format!("/employment?teacher={}", w.xyz))
        .await
        .expect(200)
        .result()
        .as_array()
        .unwrap()
        .is_empty());
    let r = app.raw(Method::POST, path, Some("application/json"), body(r#""57.50000""#)).await.expect(201);
    assert_eq!(r.result()["payment1"], 57.5, "trailing zeros are no decimals");
}

#[tokio::test]
async fn a_query_parameter_with_a_control_character_is_a_bad_query_on_both_databases() {
    // Found by schemathesis on PostgreSQL: NUL in `objectType` reached the
    // database, which refuses NUL in text, and the answer was a 500.
    let app = TestApp::spawn().await;
    for query in ["objectType=%00", "objectType=%22%00%C3%91&objectId=117", "objectType=a%E2%80%AEb", "obj%01=1"] {
        app.get(&format!("/audit?{query}")).await.expect_problem(400, "invalid_query");
    }
    app.get("/audit?objectType=teacher").await.expect(200);
}

#[tokio::test]
async fn dates_outside_1900_to_2200_are_refused() {
    let app = TestApp::spawn().await;
    let w = World::new(&app).await;
    let mut t = app.get(&format!("/teacher/{}", w.abc)).await.expect(200).result().clone();
    for bad in ["1899-12-31", "0001-01-01"] {
        t["birthday"] = json!(bad);
        let r = app.put(&format!("/teacher/{}", w.abc), t.clone()).await.expect_problem(422, "date_out_of_range");
        assert_eq!(field_errors(&r.body), [("/birthday".to_string(), "date_out_of_range".to_string())]);
    }
    t["birthday"] = json!("1900-01-01");
    app.put(&format!("/teacher/{}", w.abc), t).await.expect(200);
}

#[tokio::test]
async fn an_oversized_request_header_gets_a_problem_body() {
    let app = TestApp::spawn().await;
    let send = |headers: Vec<(String, String)>| {
        let mut req = app.client.get(format!("{}/api/v1/grade", app.base)).bearer_auth(&app.token);
        for (name, value) in headers {
            req = req.header(name, value);
        }
        async move { TestApp::read(req.send().await.expect("answered")).await }
    };
    // 40 KiB in one field: below the HTTP layer's own limit, above the service's.
    let r = send(vec![("x-padding".into(), "a".repeat(40 * 1024))]).await;
    r.expect_problem(431, "header_too_large");
    // 150 small fields.
    let r = send((0..150).map(|i| (format!("x-field-{i}"), "v".to_string())).collect()).await;
    r.expect_problem(431, "header_too_large");
    // 700 KB in one field: above hyper's default read buffer (which answered
    // a bare 431), still read by the server and answered with a problem body.
    let r = send(vec![("x-padding".into(), "a".repeat(700 * 1000))]).await;
    r.expect_problem(431, "header_too_large");
    // The same on a page of the web interface.
    let page = app.client.get(format!("{}/teachers", app.base)).header("x-padding", "a".repeat(700 * 1000));
    TestApp::read(page.send().await.expect("answered")).await.expect_problem(431, "header_too_large");
    // What a browser with a long single sign-on token sends is fine.
    send(vec![("x-padding".into(), "a".repeat(8 * 1024))]).await.expect(200);
}
