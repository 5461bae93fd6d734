//! Planung → gesamtschulisch in Chromium (docs/web.md §Cross-class courses):
//! a planner opens the list from the menu, filters it by subject type,
//! sorts it by grade, creates a course first without its grade (the field
//! error beside the choice) and then with it (read back through the API),
//! edits it (meeting someone else's change; the open lessons then marked),
//! and deletes it after the confirmation; a reader finds no write control.
//! Screenshots of the list, the filtered and sorted list, the form, the
//! error, the edit form, the conflict, the saved list, the delete question
//! and the reader's list.

use fantoccini::Locator;
use schoolplan::auth::Role;
use serde_json::{json, Value};

use crate::chrome::Chrome;
use crate::helpers::TestApp;

/// The demo school on `app`; the id of its 26/27.
async fn demo(app: &TestApp) -> i64 {
    schoolplan::dataset::import(&app.store, &schoolplan::demo::generate(1)).await.expect("demo imported");
    let years = app.get("/schoolyear").await.expect(200);
    years.result().as_array().unwrap().iter().find(|y| y["code"] == "26/27").unwrap()["id"].as_i64().unwrap()
}

/// Signs `name` in with a link in `chrome`.
async fn sign_in(app: &TestApp, chrome: &Chrome, name: &str, role: Role) {
    app.token_for(name, role).await;
    let link = schoolplan::service::session::create_link(&app.store, name, &app.base).await.expect("link");
    chrome.goto(&link).await;
    chrome.wait_for("nav").await;
}

/// The year's cross-class courses as the API lists them.
async fn cross_class(app: &TestApp, year: i64) -> Vec<Value> {
    let all = app.get(&format!("/course?schoolYear={year}&crossClass=true")).await.expect(200);
    all.result().as_array().unwrap().clone()
}

/// Chooses the option of `select` with the value `value`.
async fn choose(chrome: &Chrome, select: &str, value: &str) {
    let css = format!("{select} option[value='{value}']");
    chrome.wait_for(&css).await.click().await.unwrap();
}

#[tokio::test]
#[ignore = "needs Chromium; .ci/run runs it"]
async fn a_planner_lists_creates_edits_and_deletes_a_cross_class_course() {
    let app = TestApp::spawn().await;
    let year = demo(&app).await;
    let courses = cross_class(&app, year).await;
    let mut chrome = Chrome::start("crossclass").await;
    sign_in(&app, &chrome, "planner1", Role::Planner).await;

    chrome.goto(&format!("{}/years/{year}/grid", app.base)).await;
    chrome.wait_for(&format!("nav a[href='/years/{year}/crossclass']")).await.click().await.unwrap();
    chrome.wait_for("#crossclass-rows").await;
    let rows = chrome.client.find_all(Locator::Css("#crossclass-rows tbody tr")).await.unwrap();
    assert_eq!(rows.len(), courses.len(), "every cross-class course");
    chrome.screenshot("list").await;

    // Filter by the subject type of the first course (htmx swaps the region).
    let kind = courses[0]["subject"]["type"]["id"].as_i64().unwrap();
    let expected = courses.iter().filter(|c| c["subject"]["type"]["id"] == kind).count();
    choose(&chrome, "#crossclass-type", &kind.to_string()).await;
    chrome.wait_for("#crossclass-count:not(:empty)").await;
    for _ in 0..50 {
        let rows = chrome.client.find_all(Locator::Css("#crossclass-rows tbody tr")).await.unwrap();
        if rows.len() == expected {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let rows = chrome.client.find_all(Locator::Css("#crossclass-rows tbody tr")).await.unwrap();
    assert_eq!(rows.len(), expected, "the subject type's courses");
    assert!(chrome.client.current_url().await.unwrap().as_str().contains(&format!("type={kind}")), "the URL follows");

    // Sort by grade with the column header.
    chrome.wait_for("#crossclass-rows thead th:nth-child(2) a").await.click().await.unwrap();
    chrome.wait_for("#crossclass-rows thead th[aria-sort='ascending']:nth-child(2)").await;
    chrome.screenshot("filtered-sorted").await;

    // Create: first without curriculum and grade.
    chrome.goto(&format!("{}/years/{year}/crossclass", app.base)).await;
    chrome.wait_for("#crossclass-new").await.click().await.unwrap();
    let subject = courses[0]["subject"]["id"].to_string();
    choose(&chrome, "#cc-subject", &subject).await;
    chrome.wait_for("#cc-lessons1").await.send_keys("2").await.unwrap();
    chrome.wait_for("#cc-lessons2").await.send_keys("2").await.unwrap();
    chrome.screenshot("form").await;
    chrome.wait_for("#crossclass-save").await.click().await.unwrap();
    let error = chrome.wait_for("#cc-placement-error").await.text().await.unwrap();
    assert!(error.contains("ist erforderlich") && error.contains("gesamtschulisch"), "the error in German: {error}");
    chrome.screenshot("form-error").await;

    // Then with them.
    let placement = format!("{}:{}", courses[0]["curriculum"]["id"], courses[0]["grade"]["id"]);
    choose(&chrome, "#cc-placement", &placement).await;
    chrome.wait_for("#crossclass-save").await.click().await.unwrap();
    chrome.wait_for("#notice").await;
    let after = cross_class(&app, year).await;
    assert_eq!(after.len(), courses.len() + 1, "one more");
    let before: Vec<&Value> = courses.iter().map(|c| &c["id"]).collect();
    let created = after.iter().find(|c| !before.contains(&&c["id"])).unwrap().clone();
    assert_eq!(created["grade"]["id"], courses[0]["grade"]["id"]);
    let id = created["id"].as_i64().unwrap();
    chrome.wait_for(&format!("#course-{id}")).await;

    // Edit it: a teacher of the year by code.
    let teachers = app.get(&format!("/teacher?schoolYear={year}&archived=false")).await.expect(200);
    let code = teachers.result()[0]["code"].as_str().unwrap().to_string();
    chrome.wait_for(&format!("#course-{id} th a")).await.click().await.unwrap();
    chrome.wait_for("#cc-teachers1-0").await.send_keys(&code).await.unwrap();
    chrome.screenshot("edit").await;
    // Someone changes the comment meanwhile: saving shows it, and applies mine again.
    let body = json!({
        "cancelled": false, "comments": "vom Sekretariat", "lessons1": 2, "lessons2": 2,
        "teachers1": [], "teachers2": [], "smallGroup1": false, "smallGroup2": false,
    });
    app.put(&format!("/course/{id}"), body).await.expect(200);
    chrome.wait_for("#crossclass-save").await.click().await.unwrap();
    chrome.wait_for("#conflict").await;
    assert!(chrome.text().await.contains("vom Sekretariat"), "the other change is shown");
    chrome.screenshot("conflict").await;
    chrome.wait_for("#crossclass-save").await.click().await.unwrap();
    chrome.wait_for("#notice").await;
    let saved = app.get(&format!("/course/{id}")).await.expect(200).result().clone();
    assert_eq!(saved["teachers1"][0]["code"], code.as_str());
    let row = chrome.wait_for(&format!("#course-{id}")).await.text().await.unwrap();
    assert!(row.contains("offen: 2.00 L"), "semester 2 has no teacher: open lessons in words: {row}");
    chrome.screenshot("saved").await;

    // Delete it, after the question.
    chrome.wait_for(&format!("#course-{id} th a")).await.click().await.unwrap();
    chrome.wait_for("#crossclass-delete summary").await.click().await.unwrap();
    chrome.screenshot("delete").await;
    chrome.wait_for("#crossclass-delete-confirm").await.click().await.unwrap();
    chrome.wait_for("#notice").await;
    app.get(&format!("/course/{id}")).await.expect(404);
    chrome.close().await;
}

#[tokio::test]
#[ignore = "needs Chromium; .ci/run runs it"]
async fn a_reader_finds_no_write_control_on_the_cross_class_list() {
    let app = TestApp::spawn().await;
    let year = demo(&app).await;
    let mut chrome = Chrome::start("crossclass-reader").await;
    sign_in(&app, &chrome, "reader1", Role::Reader).await;
    chrome.goto(&format!("{}/years/{year}/crossclass", app.base)).await;
    chrome.wait_for("#crossclass-rows").await;
    let controls = "#crossclass-new, #crossclass-rows tbody a, form[method=post][action*='/crossclass']";
    assert!(chrome.client.find_all(Locator::Css(controls)).await.unwrap().is_empty(), "no write control");
    chrome.screenshot("reader").await;
    chrome.close().await;
}
