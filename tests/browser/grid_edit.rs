//! Editing the planning grid in Chromium (docs/web.md §Editing the grid): a
//! planner changes a cell's lessons and teacher in the demo's 26/27 grid and
//! the API reads the change back; a wrong value shows its message and Escape
//! closes the editor; an empty cell creates its course; a merged course
//! splits and merges again; two sessions edit one course and the second sees the conflict and
//! applies its values again.

use std::str::FromStr;

use fantoccini::key::Key;
use fantoccini::Locator;
use rust_decimal::Decimal;
use schoolplan::auth::Role;
use serde_json::Value;

use crate::chrome::Chrome;
use crate::grid_pick::{cell_of, class_courses, course_and_teacher, merged_course};
use crate::helpers::TestApp;

/// The demo school on `app`; the id of school year 26/27.
pub async fn demo(app: &TestApp) -> i64 {
    schoolplan::dataset::import(&app.store, &schoolplan::demo::generate(1)).await.expect("demo imported");
    let years = app.get("/schoolyear").await.expect(200);
    let year = years.result().as_array().unwrap().iter().find(|y| y["code"] == "26/27").expect("26/27").clone();
    year["id"].as_i64().unwrap()
}

/// A Chromium signed in as `name` (a new planner), showing the grid of `year`.
pub async fn planner_at_grid(app: &TestApp, name: &str, year: i64, test: &str) -> Chrome {
    app.token_for(name, Role::Planner).await;
    let link = schoolplan::service::session::create_link(&app.store, name, &app.base).await.expect("link");
    let chrome = Chrome::start(test).await;
    chrome.goto(&link).await;
    chrome.wait_for("nav").await;
    chrome.goto(&format!("{}/years/{year}/grid", app.base)).await;
    chrome.wait_for("table#grid[data-editable]").await;
    chrome
}

/// Brings the cell `id` to the middle of the grid (clear of the sticky
/// headers) and clicks it.
pub async fn click_cell(chrome: &Chrome, id: &str) {
    let td = chrome.wait_for(&format!("td#{id}")).await;
    let arg = serde_json::to_value(&td).unwrap();
    chrome
        .client
        .execute("arguments[0].scrollIntoView({block: 'center', inline: 'center'});", vec![arg])
        .await
        .unwrap();
    td.click().await.unwrap();
}

/// Replaces the text of the input matching `css`.
async fn type_into(chrome: &Chrome, css: &str, text: &str) {
    let input = chrome.wait_for(css).await;
    input.clear().await.unwrap();
    input.send_keys(text).await.unwrap();
}

/// Waits until the cell `id` shows courses again (no editor in it).
async fn wait_closed(chrome: &Chrome, id: &str) -> String {
    let cell = chrome.wait_for(&format!("td#{id}:not(.cell--editing)")).await;
    cell.text().await.unwrap()
}

/// Deletes a single-class course other than `keep` through the API (the demo
/// fills every cell its lesson table asks for); the id of the cell it leaves empty.
async fn emptied_cell(app: &TestApp, year: i64, keep: i64) -> String {
    let course = class_courses(app, year)
        .await
        .into_iter()
        .find(|c| c["id"] != keep && c["schoolClasses"].as_array().unwrap().len() == 1 && c["lessons1"] != 0)
        .expect("another course");
    app.delete(&format!("/course/{}", course["id"])).await.expect(204);
    cell_of(&course)
}

fn decimal(v: &Value) -> Decimal {
    Decimal::from_str(&v.to_string()).unwrap()
}

#[tokio::test]
#[ignore = "needs Chromium; .ci/run runs it"]
async fn a_planner_edits_a_cell_and_creates_a_course() {
    let app = TestApp::spawn().await;
    let year = demo(&app).await;
    let (course, code) = course_and_teacher(&app, year).await;
    let id = course["id"].as_i64().unwrap();
    let cell = cell_of(&course);
    let mut chrome = planner_at_grid(&app, "planner1", year, "grid-edit").await;

    // A click opens the editor in the cell, the first field focused.
    click_cell(&chrome, &cell).await;
    chrome.wait_for(&format!("td#{cell}.cell--editing form.cell-editor")).await;
    chrome.screenshot("editor").await;
    type_into(&chrome, &format!("#{cell}-lessons1"), "2.5").await;
    type_into(&chrome, &format!("#{cell}-lessons2"), "3").await;
    type_into(&chrome, &format!("#{cell}-teachers1-0"), &code).await;
    type_into(&chrome, &format!("#{cell}-teachers2-0"), &code).await;
    chrome.screenshot("editor-filled").await;
    chrome.client.find(Locator::Css(&format!("#{cell} button[type=submit]"))).await.unwrap().click().await.unwrap();
    let text = wait_closed(&chrome, &cell).await;
    assert!(text.contains("2.50 L / 3.00 L") && text.contains(&code), "the cell shows the change: {text}");
    // The panel above the grid shows the teacher's workload after the change.
    let panel = chrome.wait_for("#workload-panel table").await.text().await.unwrap();
    assert!(panel.contains(&code) && panel.contains(" %"), "the panel names the teacher: {panel}");
    chrome.screenshot("saved").await;
    let api = app.get(&format!("/course/{id}")).await.expect(200);
    let c = api.result();
    assert_eq!((decimal(&c["lessons1"]), decimal(&c["lessons2"])), (Decimal::new(25, 1), Decimal::from(3)));
    assert_eq!(c["teachers1"][0]["code"], code.as_str());
    assert_eq!(c["teachers2"][0]["code"], code.as_str());

    // Enter opens it again; a wrong value is shown beside its field; Escape closes.
    let td = chrome.client.find(Locator::Css(&format!("td#{cell}"))).await.unwrap();
    td.send_keys(&Key::Enter.to_string()).await.unwrap();
    type_into(&chrome, &format!("#{cell}-lessons1"), "100").await;
    chrome.client.find(Locator::Css(&format!("#{cell} button[type=submit]"))).await.unwrap().click().await.unwrap();
    let error = chrome.wait_for(&format!("#{cell}-lessons1-error")).await.text().await.unwrap();
    assert!(error.contains("zwischen 0 und 99"), "{error}");
    chrome.screenshot("invalid").await;
    chrome.client.active_element().await.unwrap().send_keys(&Key::Escape.to_string()).await.unwrap();
    let text = wait_closed(&chrome, &cell).await;
    assert!(text.contains("2.50 L / 3.00 L"), "nothing saved: {text}");

    // An empty cell creates its course from the lesson table.
    let empty_id = emptied_cell(&app, year, id).await;
    chrome.client.refresh().await.unwrap();
    chrome.wait_for(&format!("td#{empty_id}.cell--empty")).await;
    click_cell(&chrome, &empty_id).await;
    let created = chrome.wait_for(&format!("td#{empty_id} .course[data-course]")).await;
    let new_id = created.attr("data-course").await.unwrap().unwrap();
    let api = app.get(&format!("/course/{new_id}")).await.expect(200);
    let ids: Vec<&str> = empty_id.trim_start_matches("cell-").split('-').collect();
    assert_eq!(api.result()["subject"]["id"].to_string(), ids[0]);
    assert_eq!(api.result()["schoolClasses"][0]["id"].to_string(), ids[1]);
    let lessons = format!("{:.2} L", decimal(&api.result()["lessons1"]));
    let text = created.text().await.unwrap();
    assert!(text.contains(&lessons), "the cell shows the lesson table's lessons {lessons}: {text}");
    chrome.client.execute("window.scrollTo(0, window.scrollY);", vec![]).await.unwrap();
    chrome.screenshot("created").await;

    // A merged course splits from its editor: each class gets its own course.
    let merged = merged_course(&app, year).await;
    let merged_cell = cell_of(&merged);
    click_cell(&chrome, &merged_cell).await;
    chrome.wait_for(&format!("td#{merged_cell} button.split")).await;
    chrome.screenshot("merged-editor").await;
    chrome.client.find(Locator::Css(&format!("td#{merged_cell} button.split"))).await.unwrap().click().await.unwrap();
    wait_closed(&chrome, &merged_cell).await;
    let other = format!("cell-{}-{}", merged["subject"]["id"], merged["schoolClasses"][1]["id"]);
    let text = chrome.wait_for(&format!("td#{other}")).await.text().await.unwrap();
    assert!(!text.contains("mit "), "the other class has its own course now: {text}");
    for class in merged["schoolClasses"].as_array().unwrap() {
        let list = format!("/course?schoolYear={year}&subject={}&schoolClass={}", merged["subject"]["id"], class["id"]);
        let here = app.get(&list).await.expect(200);
        assert!(here.result().as_array().unwrap().iter().all(|c| c["schoolClasses"].as_array().unwrap().len() == 1));
    }
    chrome.client.execute("window.scrollTo(0, window.scrollY);", vec![]).await.unwrap();
    chrome.screenshot("split").await;

    // And merges again from the editor: "Zusammenlegen mit" the other class's course.
    click_cell(&chrome, &merged_cell).await;
    let select = chrome.wait_for(&format!("td#{merged_cell} select[name='with']")).await;
    let second = merged["schoolClasses"][1]["code"].as_str().unwrap();
    let mut chosen = false;
    for option in select.find_all(Locator::Css("option")).await.unwrap() {
        if option.text().await.unwrap().split(" · ").next() == Some(second) {
            option.click().await.unwrap();
            chosen = true;
        }
    }
    assert!(chosen, "the course of {second} is offered");
    chrome.screenshot("merge-editor").await;
    chrome.client.find(Locator::Css(&format!("td#{merged_cell} button.merge"))).await.unwrap().click().await.unwrap();
    wait_closed(&chrome, &merged_cell).await;
    let again = app.get(&format!("/course/{}", merged["id"])).await.expect(200);
    assert_eq!(again.result()["schoolClasses"].as_array().unwrap().len(), 2, "merged again: {}", again.body);
    chrome.client.execute("window.scrollTo(0, window.scrollY);", vec![]).await.unwrap();
    chrome.screenshot("merged-again").await;
    chrome.close().await;
}

#[tokio::test]
#[ignore = "needs Chromium; .ci/run runs it"]
async fn the_second_of_two_sessions_sees_the_conflict() {
    let app = TestApp::spawn().await;
    let year = demo(&app).await;
    let (course, code) = course_and_teacher(&app, year).await;
    let id = course["id"].as_i64().unwrap();
    let cell = cell_of(&course);
    let first = planner_at_grid(&app, "anna", year, "grid-conflict-anna").await;
    let mut second = planner_at_grid(&app, "beat", year, "grid-conflict-beat").await;
    for chrome in [&first, &second] {
        click_cell(chrome, &cell).await;
        chrome.wait_for(&format!("#{cell}-lessons1")).await;
    }
    let lessons = if decimal(&course["lessons1"]) == Decimal::new(15, 1) { "2.5" } else { "1.5" };
    type_into(&first, &format!("#{cell}-lessons1"), lessons).await;
    first.client.find(Locator::Css(&format!("#{cell} button[type=submit]"))).await.unwrap().click().await.unwrap();
    wait_closed(&first, &cell).await;

    type_into(&second, &format!("#{cell}-lessons1"), "4").await;
    type_into(&second, &format!("#{cell}-teachers1-0"), &code).await;
    second.client.find(Locator::Css(&format!("#{cell} button[type=submit]"))).await.unwrap().click().await.unwrap();
    let conflict = second.wait_for(&format!("td#{cell}.cell--conflict")).await;
    let text = conflict.text().await.unwrap();
    assert!(text.contains("Inzwischen geändert") && text.contains("anna"), "{text}");
    assert!(text.contains("4.00 L"), "the second planner's value: {text}");
    second.screenshot("conflict").await;
    second.client.find(Locator::Css(&format!("#{cell} .conflict-apply button"))).await.unwrap().click().await.unwrap();
    let text = wait_closed(&second, &cell).await;
    assert!(text.contains("4.00 L") && text.contains(&code), "{text}");
    second.screenshot("applied").await;
    let api = app.get(&format!("/course/{id}")).await.expect(200);
    assert_eq!(decimal(&api.result()["lessons1"]), Decimal::from(4));
    first.close().await;
    second.close().await;
}

/// "Löschen" in a cell's editor: the section opens, asks, and "Endgültig
/// löschen" deletes the course; the cell closes without it and the API no
/// longer has it (docs/web.md §Editing the grid).
#[tokio::test]
#[ignore = "needs Chromium; .ci/run runs it"]
async fn a_planner_deletes_a_course_from_its_cell() {
    let app = TestApp::spawn().await;
    let year = demo(&app).await;
    let (course, _) = course_and_teacher(&app, year).await;
    let cell = cell_of(&course);
    let mut chrome = planner_at_grid(&app, "planner-delete", year, "grid_edit_delete").await;
    click_cell(&chrome, &cell).await;
    let summary = chrome.wait_for(&format!("td#{cell} details.editor-delete summary")).await;
    assert_eq!(summary.text().await.unwrap(), "Löschen");
    summary.click().await.unwrap();
    let confirm = chrome.wait_for(&format!("td#{cell} details.editor-delete[open] button.delete")).await;
    assert_eq!(confirm.text().await.unwrap(), "Endgültig löschen");
    chrome.screenshot("delete-asks").await;
    confirm.click().await.unwrap();
    wait_closed(&chrome, &cell).await;
    app.get(&format!("/course/{}", course["id"])).await.expect(404);
    let html = chrome.wait_for(&format!("td#{cell}")).await.html(true).await.unwrap();
    assert!(!html.contains(&format!("/courses/{}/edit", course["id"])), "the cell without the course: {html}");
    chrome.client.execute("window.scrollTo(0, window.scrollY);", vec![]).await.unwrap();
    chrome.screenshot("deleted").await;
    chrome.close().await;
}
