//! Stammdaten → Lehrpersonen in Chromium: a planner searches, opens a
//! teacher, edits it with an invalid e-mail and sees the field error, then
//! meets someone else's change; a reader finds no write control. A
//! screenshot of the list, an empty search, the page, the form, the form
//! with the error, the conflict, and the forms of a subject and a class.

use fantoccini::Locator;
use schoolplan::auth::Role;
use serde_json::json;

use crate::chrome::Chrome;
use crate::helpers::TestApp;

/// The demo school on `app`; a teacher of it (id, code).
async fn demo_teacher(app: &TestApp) -> (i64, String) {
    schoolplan::dataset::import(&app.store, &schoolplan::demo::generate(1)).await.expect("demo imported");
    let teachers = app.get("/teacher?archived=false").await.expect(200);
    let t = teachers.result().as_array().unwrap().first().expect("a teacher").clone();
    (t["id"].as_i64().unwrap(), t["code"].as_str().unwrap().to_string())
}

/// Signs `name` in with a link in `chrome`.
pub async fn sign_in(app: &TestApp, chrome: &Chrome, name: &str, role: Role) {
    app.token_for(name, role).await;
    let link = schoolplan::service::session::create_link(&app.store, name, &app.base).await.expect("link");
    chrome.goto(&link).await;
    chrome.wait_for("nav").await;
}

#[tokio::test]
#[ignore = "needs Chromium; .ci/run runs it"]
async fn a_planner_edits_a_teacher_and_sees_the_field_error() {
    let app = TestApp::spawn().await;
    let (id, code) = demo_teacher(&app).await;
    let mut chrome = Chrome::start("masterdata").await;
    sign_in(&app, &chrome, "planner1", Role::Planner).await;

    chrome.goto(&format!("{}/teachers", app.base)).await;
    chrome.wait_for(&format!("tr#teacher-{id}")).await;
    chrome.screenshot("list").await;

    // A search that finds nothing.
    let search = chrome.wait_for("#teacher-q").await;
    search.send_keys("zzzqqq").await.unwrap();
    chrome.wait_for("#teacher-none").await;
    chrome.screenshot("empty-search").await;

    // The teacher's page, then the form.
    chrome.goto(&format!("{}/teachers/{id}", app.base)).await;
    chrome.wait_for("#record-facts").await;
    assert!(chrome.text().await.contains(&code));
    chrome.screenshot("detail").await;
    chrome.wait_for("#record-edit").await.click().await.unwrap();
    let email = chrome.wait_for("#f-email").await;
    chrome.screenshot("form").await;

    // An invalid e-mail: the error beside the field, the value kept.
    email.clear().await.unwrap();
    email.send_keys("kein-mail").await.unwrap();
    chrome.wait_for("#form-save").await.click().await.unwrap();
    let error = chrome.wait_for("#f-email-error").await;
    let text = error.text().await.unwrap();
    assert!(text.contains("keine gültige E-Mail-Adresse"), "the error in German: {text}");
    let kept = chrome.client.find(Locator::Css("#f-email")).await.unwrap().prop("value").await.unwrap();
    assert_eq!(kept.as_deref(), Some("kein-mail"));
    chrome.screenshot("form-error").await;

    // Someone else saves meanwhile; saving shows both values.
    let current = app.get(&format!("/teacher/{id}")).await.expect(200).result().clone();
    let mut changed = json!({});
    for key in ["archived", "code", "firstName", "email", "birthday", "employeeNumber", "title"] {
        changed[key] = current[key].clone();
    }
    changed["lastName"] = json!("Anderswo");
    changed["departments"] =
        json!(current["departments"].as_array().unwrap().iter().map(|d| d["id"].clone()).collect::<Vec<_>>());
    changed["gender"] = current["gender"].get("id").cloned().unwrap_or(serde_json::Value::Null);
    app.put(&format!("/teacher/{id}"), changed).await.expect(200);
    let email = chrome.wait_for("#f-email").await;
    email.clear().await.unwrap();
    email.send_keys("neu@school.ch").await.unwrap();
    chrome.wait_for("#form-save").await.click().await.unwrap();
    chrome.wait_for("#conflict").await;
    assert!(chrome.text().await.contains("Anderswo"), "the other change is shown");
    chrome.screenshot("conflict").await;
    chrome.wait_for("#form-save").await.click().await.unwrap();
    chrome.wait_for("#record-facts").await;
    assert_eq!(app.get(&format!("/teacher/{id}")).await.expect(200).result()["email"], "neu@school.ch");
    chrome.screenshot("saved").await;

    // Fächer and Klassen share the screens.
    for (path, row) in [("/subjects", "subject"), ("/classes", "class")] {
        chrome.goto(&format!("{}{path}", app.base)).await;
        chrome.wait_for(&format!("tr[id^='{row}-'] a")).await.click().await.unwrap();
        chrome.wait_for("#record-edit").await.click().await.unwrap();
        chrome.wait_for("#form-save").await;
        chrome.screenshot(&format!("{row}-form")).await;
    }
    chrome.close().await;
}

#[tokio::test]
#[ignore = "needs Chromium; .ci/run runs it"]
async fn a_reader_finds_no_write_control_on_the_teacher_pages() {
    let app = TestApp::spawn().await;
    let (id, _) = demo_teacher(&app).await;
    let mut chrome = Chrome::start("masterdata-reader").await;
    sign_in(&app, &chrome, "reader1", Role::Reader).await;
    chrome.goto(&format!("{}/teachers", app.base)).await;
    chrome.wait_for(&format!("tr#teacher-{id}")).await;
    let controls = "a[href$='/new'], a[href$='/edit'], form[method=post][action^='/teachers']";
    assert!(chrome.client.find_all(Locator::Css(controls)).await.unwrap().is_empty(), "no write control on the list");
    chrome.goto(&format!("{}/teachers/{id}", app.base)).await;
    chrome.wait_for("#record-facts").await;
    assert!(chrome.client.find_all(Locator::Css(controls)).await.unwrap().is_empty(), "no write control on the page");
    assert!(chrome.client.find_all(Locator::Css("main button")).await.unwrap().is_empty(), "no button at all");
    chrome.screenshot("reader-detail").await;
    chrome.close().await;
}
