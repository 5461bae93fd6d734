//! Planung → Anstellungen and Pool in Chromium: a planner filters the
//! employments by division, searches, opens one and edits it with a range
//! the wrong way round (the error beside the field), then filters the pool by
//! type, creates an entry and sees its page; the list is sorted by the
//! closing balance and a teacher's notes open beside it from their marker.
//! Screenshots of the lists (sorted, with the notes), the page, the form with
//! the error, the filtered pool and the pool form.

use fantoccini::Locator;
use schoolplan::auth::Role;

use crate::chrome::Chrome;
use crate::helpers::TestApp;

#[tokio::test]
#[ignore = "needs Chromium; .ci/run runs it"]
async fn a_planner_works_with_the_employments_and_the_pool() {
    let app = TestApp::spawn().await;
    schoolplan::dataset::import(&app.store, &schoolplan::demo::generate(1)).await.expect("demo imported");
    let years = app.get("/schoolyear").await.expect(200);
    let year = years.result().as_array().unwrap().iter().find(|y| y["code"] == "26/27").unwrap()["id"].clone();
    let employments = app.get(&format!("/employment?schoolYear={year}")).await.expect(200);
    let employment = employments.result()[0].clone();
    let (id, code) = (employment["id"].clone(), employment["teacher"]["code"].as_str().unwrap().to_string());

    let mut chrome = Chrome::start("employments").await;
    app.token_for("planner1", Role::Planner).await;
    let link = schoolplan::service::session::create_link(&app.store, "planner1", &app.base).await.expect("link");
    chrome.goto(&link).await;
    chrome.wait_for("nav").await;

    let teacher = employment["teacher"]["id"].as_i64().unwrap();
    for text in ["Bildungsurlaub im 2. Semester beantragt", "Wünscht keine Randstunden am Freitag"] {
        app.create("/note", serde_json::json!({"teacher": teacher, "text": text})).await;
    }
    chrome.goto(&format!("{}/years/{year}/employments", app.base)).await;
    chrome.wait_for(&format!("tr#employment-{id}")).await;
    chrome.screenshot("list").await;

    // Sorted by the closing balance, highest first (a second click).
    let closing = "#employment-list thead th:last-child a";
    chrome.wait_for(closing).await.click().await.unwrap();
    chrome.wait_for("#employment-list thead th:last-child[aria-sort=ascending]").await;
    chrome.wait_for(closing).await.click().await.unwrap();
    chrome.wait_for("#employment-list thead th:last-child[aria-sort=descending]").await;
    let url = chrome.client.current_url().await.unwrap();
    assert!(url.as_str().ends_with("sort=9&dir=desc"), "the URL follows: {url}");
    chrome.screenshot("sorted").await;

    // The notes marker opens the teacher's notes beside the list.
    chrome.wait_for(&format!("tr#employment-{id} .notes-marker")).await.click().await.unwrap();
    let panel = chrome.wait_for("#employment-panel li").await;
    assert!(panel.text().await.unwrap().contains("Randstunden"), "the newest note first");
    chrome.screenshot("notes").await;
    chrome.wait_for("#employment-panel a.button").await.click().await.unwrap();
    for _ in 0..50 {
        if chrome.client.find(Locator::Css("#employment-panel li")).await.is_err() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(chrome.client.find(Locator::Css("#employment-panel li")).await.is_err(), "closed");
    chrome.goto(&format!("{}/years/{year}/employments", app.base)).await;
    chrome.wait_for(&format!("tr#employment-{id}")).await;

    // Search by code: the list follows while typing.
    let search = chrome.wait_for("#employment-q").await;
    search.send_keys(&code).await.unwrap();
    let mut shown = 0;
    for _ in 0..50 {
        shown = chrome.client.find_all(Locator::Css("tr[id^=employment-]")).await.unwrap().len();
        if shown < employments.result().as_array().unwrap().len() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(shown >= 1 && shown < employments.result().as_array().unwrap().len(), "the search narrows the list");
    chrome.screenshot("search").await;

    // The page, then the form with a range the wrong way round.
    chrome.goto(&format!("{}/years/{year}/employments/{id}", app.base)).await;
    chrome.wait_for("#record-facts").await;
    assert!(chrome.text().await.contains(&code));
    chrome.screenshot("detail").await;
    chrome.wait_for("#record-edit").await.click().await.unwrap();
    let min = chrome.wait_for("#f-employmentMin").await;
    chrome.screenshot("form").await;
    min.clear().await.unwrap();
    min.send_keys("99").await.unwrap();
    let max = chrome.wait_for("#f-employmentMax").await;
    max.clear().await.unwrap();
    max.send_keys("10").await.unwrap();
    chrome.wait_for("#form-save").await.click().await.unwrap();
    let error = chrome.wait_for("#f-employmentMin-error").await;
    assert!(error.text().await.unwrap().contains("ist grösser als das Maximum"));
    chrome.screenshot("form-error").await;

    // The pool, filtered by a type; a new entry.
    let entries = app.get(&format!("/poolentry?schoolYear={year}")).await.expect(200);
    let entry = entries.result()[0].clone();
    let kind = entry["type"]["id"].clone();
    chrome.goto(&format!("{}/years/{year}/pool?type={kind}", app.base)).await;
    chrome.wait_for(&format!("tr#poolentry-{}", entry["id"])).await;
    chrome.screenshot("pool").await;
    chrome.wait_for("#poolentry-new").await.click().await.unwrap();
    chrome.wait_for("#f-teacher").await;
    let teacher = entry["teacher"]["id"].to_string();
    chrome
        .client
        .find(Locator::Css(&format!("#f-teacher option[value='{teacher}']")))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    chrome.client.find(Locator::Css(&format!("#f-type option[value='{kind}']"))).await.unwrap().click().await.unwrap();
    chrome.wait_for("#f-description").await.send_keys("Bibliothek").await.unwrap();
    chrome.wait_for("#f-percent1").await.send_keys("1.5").await.unwrap();
    chrome.screenshot("pool-form").await;
    chrome.wait_for("#form-save").await.click().await.unwrap();
    chrome.wait_for("#notice").await;
    let text = chrome.text().await;
    assert!(text.contains("Der Pooleintrag wurde erfasst.") && text.contains("1.50 %"), "{text}");
    chrome.screenshot("pool-created").await;
    chrome.close().await;
}
