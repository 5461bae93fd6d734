//! Stammdaten → Lehrgänge, Lektionentafel and Schuljahre in Chromium on the
//! demo school: a planner edits a lesson table row in place (htmx), meets a
//! field error beside its cell, saves and reads the row back through
//! `/api/v1`; screenshots of the curricula list, a curriculum's page and form,
//! the lesson table, the row's form with the error, the school years' list,
//! page and form.

use fantoccini::Locator;
use schoolplan::auth::Role;

use crate::chrome::Chrome;
use crate::helpers::TestApp;

#[tokio::test]
#[ignore = "needs Chromium; .ci/run runs it"]
async fn a_planner_edits_a_lesson_table_row_in_place_and_sees_the_curricula_and_years() {
    let app = TestApp::spawn().await;
    schoolplan::dataset::import(&app.store, &schoolplan::demo::generate(1)).await.expect("demo imported");
    let first = |v: &serde_json::Value| v.as_array().unwrap()[0]["id"].as_i64().unwrap();
    let curriculum = first(app.get("/curriculum").await.expect(200).result());
    let division = first(app.get("/division").await.expect(200).result());
    let years = app.get("/schoolyear").await.expect(200);
    let year_26 = years.result().as_array().unwrap().iter().find(|y| y["code"] == "26/27").expect("26/27").clone();
    let year = year_26["id"].as_i64().unwrap();
    let table = app.get(&format!("/lessontable?curriculum={curriculum}&division={division}")).await.expect(200);
    let key = table.result()["items"][0]["id"].as_str().unwrap().to_string();
    let grade = table.result()["grades"][0]["id"].as_i64().unwrap();

    let mut chrome = Chrome::start("curricula").await;
    app.token_for("planner1", Role::Planner).await;
    let link = schoolplan::service::session::create_link(&app.store, "planner1", &app.base).await.expect("link");
    chrome.goto(&link).await;
    chrome.wait_for("nav").await;

    // Lehrgänge: list, page, form.
    chrome.goto(&format!("{}/curricula", app.base)).await;
    chrome.wait_for(&format!("tr#curriculum-{curriculum}")).await;
    chrome.screenshot("curricula-list").await;
    chrome.goto(&format!("{}/curricula/{curriculum}", app.base)).await;
    chrome.wait_for("#record-facts").await;
    assert!(chrome.text().await.contains("Anstellungsart"), "the grades' payroll types are shown");
    chrome.screenshot("curriculum-page").await;
    chrome.wait_for("#record-edit").await.click().await.unwrap();
    chrome.wait_for("#f-grades").await;
    chrome.screenshot("curriculum-form").await;

    // Lektionentafel: the row's form in place.
    chrome.goto(&format!("{}/lessontable?curriculum={curriculum}&division={division}", app.base)).await;
    chrome.wait_for("#lessontable").await;
    chrome.screenshot("lessontable").await;
    chrome.wait_for(&format!("tr[id='lt-{key}'] a.lt-edit")).await.click().await.unwrap();
    let lessons1 = chrome.wait_for(&format!("tr[id='lt-{key}'] input[name='lessons1-{grade}']")).await;
    assert_eq!(chrome.client.current_url().await.unwrap().path(), "/lessontable", "htmx: no page change");
    lessons1.clear().await.unwrap();
    lessons1.send_keys("150").await.unwrap();
    chrome.wait_for(&format!("tr[id='lt-{key}'] .lt-save")).await.click().await.unwrap();
    let error = chrome.wait_for(&format!("tr[id='lt-{key}'] .field-error")).await;
    let text = error.text().await.unwrap();
    assert!(text.contains("zwischen 0 und 99"), "the error in German beside the cell: {text}");
    chrome.screenshot("lessontable-error").await;
    let lessons1 = chrome.wait_for(&format!("tr[id='lt-{key}'] input[name='lessons1-{grade}']")).await;
    lessons1.clear().await.unwrap();
    lessons1.send_keys("2,5").await.unwrap();
    let kind = chrome.wait_for(&format!("tr[id='lt-{key}'] select[name='type-{grade}']")).await;
    kind.select_by_value("2").await.unwrap();
    chrome.wait_for(&format!("tr[id='lt-{key}'] .lt-save")).await.click().await.unwrap();
    chrome.wait_for(&format!("tr[id='lt-{key}'] a.lt-edit")).await;
    let row = chrome.client.find(Locator::Css(&format!("tr[id='lt-{key}']"))).await.unwrap().text().await.unwrap();
    assert!(row.contains("2.5 L"), "the row as saved: {row}");
    chrome.screenshot("lessontable-saved").await;
    let api = app.get(&format!("/lessontable/{key}")).await.expect(200);
    assert_eq!(api.result()["details"][0]["lessons1"], serde_json::json!(2.5));
    assert_eq!(api.result()["details"][0]["type"]["code"], "start");

    // Schuljahre: list, page with the grid link, form.
    chrome.goto(&format!("{}/schoolyears", app.base)).await;
    chrome.wait_for(&format!("tr#schoolyear-{year}")).await;
    chrome.screenshot("schoolyears-list").await;
    chrome.goto(&format!("{}/schoolyears/{year}", app.base)).await;
    chrome.wait_for(&format!("a[href='/years/{year}/grid']")).await;
    chrome.screenshot("schoolyear-page").await;
    chrome.goto(&format!("{}/schoolyears/{year}/edit", app.base)).await;
    chrome.wait_for("#f-weeks").await;
    chrome.screenshot("schoolyear-form").await;
    chrome.close().await;
}
