//! "Mein Pensum" in Chromium (docs/teachers.md): a teacher signs in with
//! their link, sees their years, the balance chart and their sheet, and
//! confirms it; a planner changes one of their courses; the teacher's sheet
//! then shows "überholt" and they confirm again; another teacher's sheet does
//! not open by URL; the planners' overview shows the states. A screenshot of each step.

use fantoccini::Locator;
use schoolplan::auth::Role;
use schoolplan::service::account::{create_account, NewAccount};
use schoolplan::service::audit::Actor;
use serde_json::{json, Value};

use crate::chrome::Chrome;
use crate::demo::demo_year;
use crate::helpers::TestApp;

/// The text of the element matching `css`.
async fn text_of(chrome: &Chrome, css: &str) -> String {
    chrome.wait_for(css).await.text().await.unwrap_or_default()
}

#[tokio::test]
#[ignore = "needs Chromium and chromedriver: cargo test --test browser -- --ignored"]
async fn a_teacher_confirms_their_sheet_and_again_after_a_change() {
    // The service's mail goes to a local sink: the release tells the teacher.
    let sink = crate::smtp_sink::sink(None).await;
    let mut config = TestApp::config();
    config.jobs.smtp_url = Some(sink.url.clone());
    config.jobs.mail_from = Some("Sekretariat <sekretariat@schule.ch>".into());
    config.jobs.mail_poll = std::time::Duration::from_millis(100);
    let app = TestApp::spawn_with(config).await;
    let year = demo_year(&app).await;
    // A teacher with courses: the change below touches one of them.
    let courses = app.get(&format!("/course?schoolYear={year}")).await.expect(200).result().clone();
    let course = courses
        .as_array()
        .unwrap()
        .iter()
        .find(|c| {
            c["teachers1"].as_array().is_some_and(|t| t.len() == 1) && c["lessons1"].as_f64().unwrap_or(0.0) > 0.0
        })
        .expect("a course with one teacher")
        .clone();
    let teacher = course["teachers1"][0]["id"].as_i64().unwrap();
    let other = app
        .get(&format!("/workload?schoolYear={year}"))
        .await
        .expect(200)
        .result()
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["teacher"]["id"].as_i64().unwrap())
        .find(|t| *t != teacher)
        .unwrap();
    let new = NewAccount { name: "lehrerin".into(), role: Role::Teacher, teacher: Some(teacher.into()) };
    create_account(&app.store, &Actor::new(None, "TEST", "test"), &new).await.expect("the teacher's account");
    let mut record = app.get(&format!("/teacher/{teacher}")).await.expect(200).result().clone();
    record["email"] = json!("lehrerin@schule.ch");
    app.put(&format!("/teacher/{teacher}"), record).await.expect(200);
    app.post(&format!("/schoolyear/{year}/release"), json!({"division": null})).await.expect(200);
    let mails = sink.wait_for(1).await;
    assert!(mails[0].to[0].contains("lehrerin@schule.ch"), "the release is mailed to the teacher: {mails:#?}");
    assert!(mails[0].text().contains(&format!("/me/{year}")), "with the link to the sheet");

    // The invitation link signs the teacher in, onto Mein Pensum.
    let link = schoolplan::service::session::create_link(&app.store, "lehrerin", &app.base).await.expect("link");
    let mut chrome = Chrome::start("sheets").await;
    // The sign-in page offers a link by mail; a mailed link opens a button, not a session.
    chrome.goto(&format!("{}/signin", app.base)).await;
    chrome.wait_for("#signin-mail").await;
    chrome.screenshot("signin-mail-form").await;
    chrome.goto(&schoolplan::service::session::mailed(&link)).await;
    chrome.wait_for("#signin-confirm-go").await;
    chrome.screenshot("signin-confirm").await;
    chrome.wait_for("#signin-confirm-go").await.click().await.expect("the button signs in");
    chrome.wait_for("#me-years").await;
    assert!(chrome.client.current_url().await.unwrap().path().ends_with("/me"));
    let menu = text_of(&chrome, "nav.menu").await;
    assert_eq!(menu.trim(), "Mein Pensum", "a teacher's menu has one entry");
    chrome.wait_for("#me-chart").await;
    chrome.screenshot("overview-chart").await;

    // The sheet, and the confirmation.
    chrome.goto(&format!("{}/me/{year}", app.base)).await;
    chrome.wait_for("#payroll").await;
    assert_eq!(text_of(&chrome, "#me-state").await, "Freigegeben, noch nicht zur Kenntnis genommen");
    chrome.screenshot("sheet-released").await;
    chrome.client.find(Locator::Id("me-remark")).await.unwrap().send_keys("Alles klar.").await.unwrap();
    chrome.client.find(Locator::Id("me-confirm")).await.unwrap().click().await.unwrap();
    chrome.wait_for("#notice").await;
    assert_eq!(text_of(&chrome, "#me-state").await, "Zur Kenntnis genommen");
    assert!(text_of(&chrome, "#me-confirmed").await.starts_with("Digital zur Kenntnis genommen am"));
    chrome.screenshot("sheet-confirmed").await;

    // A planner changes one of the teacher's courses.
    let mut body: Value = course.clone();
    let lessons = body["lessons1"].as_f64().unwrap();
    body["lessons1"] = json!(lessons + 1.0);
    let etag = app.get(&format!("/course/{}", course["id"])).await.expect(200);
    let tag = etag.header("etag").unwrap().to_string();
    let saved = app
        .request_headers(
            Some(&app.token),
            reqwest::Method::PUT,
            &format!("/api/v1/course/{}", course["id"]),
            Some(&body),
            &[("if-match", &tag)],
        )
        .await;
    assert_eq!(saved.status, 200, "{}", saved.body);

    // The teacher's sheet says "überholt", naming what changed; confirm again.
    chrome.goto(&format!("{}/me/{year}", app.base)).await;
    chrome.wait_for("#me-changed").await;
    assert_eq!(text_of(&chrome, "#me-state").await, "Überholt: seit der Kenntnisnahme geändert");
    chrome.screenshot("sheet-outdated").await;
    chrome.client.find(Locator::Id("me-confirm")).await.unwrap().click().await.unwrap();
    chrome.wait_for("#notice").await;
    assert_eq!(text_of(&chrome, "#me-state").await, "Zur Kenntnis genommen");
    chrome.screenshot("sheet-confirmed-again").await;

    // Another teacher's sheet does not open by URL.
    chrome.goto(&format!("{}/years/{year}/workload/{other}", app.base)).await;
    chrome.wait_for("main").await;
    let text = chrome.text().await;
    assert!(text.contains("Diese Seite ist für die Planung"), "{text}");
    chrome.screenshot("other-sheet-refused").await;
    chrome.close().await;

    // The planners' overview shows the states and counts them.
    app.token_for("rektorin", Role::Admin).await;
    let link = schoolplan::service::session::create_link(&app.store, "rektorin", &app.base).await.expect("link");
    let mut chrome = Chrome::start("sheets-planner").await;
    chrome.goto(&link).await;
    chrome.wait_for("nav").await;
    chrome.goto(&format!("{}/years/{year}/overview", app.base)).await;
    chrome.wait_for("#yearview-sheets").await;
    let counts = text_of(&chrome, "#yearview-sheets").await;
    assert!(counts.contains("1 zur Kenntnis genommen"), "{counts}");
    chrome.screenshot("planners-overview").await;
    // Verwaltung → Lehrpersonen einladen: whom it reaches and the message, before anything happens.
    chrome.goto(&format!("{}/admin/invite?year={year}", app.base)).await;
    chrome.wait_for("#invite-sample").await;
    let sample = text_of(&chrome, "#invite-sample").await;
    assert!(sample.contains("/signin?token=") && sample.contains("Mein Pensum"), "{sample}");
    let headers = text_of(&chrome, "#invite-headers").await;
    assert!(
        headers.contains("sekretariat@schule.ch") && headers.contains("Ihr Zugang"),
        "the mail's headers: {headers}"
    );
    chrome.screenshot("invite-preview").await;
    chrome.close().await;
}
