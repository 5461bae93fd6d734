//! Spezielles → Schuljahr eröffnen in Chromium, docs/web.md §Schuljahr eröffnen:
//! the path takes the demo from 27/28 to 28/29, creating a missing entry
//! class on the way; a screenshot of every step.

use fantoccini::Locator;
use schoolplan::auth::Role;

use crate::chrome::Chrome;
use crate::helpers::TestApp;

/// How many courses the API lists for `year`.
async fn courses(app: &TestApp, year: i64) -> usize {
    app.get(&format!("/course?schoolYear={year}")).await.expect(200).result().as_array().unwrap().len()
}

/// Scrolls the element matching `css` to the top of the viewport.
async fn scroll_to(chrome: &Chrome, css: &str) {
    let script = format!("document.querySelector('{css}').scrollIntoView();");
    chrome.client.execute(&script, vec![]).await.unwrap();
}

#[tokio::test]
#[ignore = "needs Chromium; .ci/run runs it"]
async fn the_path_opens_28_29_from_the_demo_with_a_missing_entry_class() {
    let app = TestApp::spawn().await;
    schoolplan::dataset::import(&app.store, &schoolplan::demo::generate(1)).await.expect("demo imported");
    app.token_for("planner1", Role::Planner).await;
    let link = schoolplan::service::session::create_link(&app.store, "planner1", &app.base).await.expect("link");
    let mut chrome = Chrome::start("opening").await;
    chrome.goto(&link).await;
    chrome.wait_for("nav").await;

    // Step 1: the menu leads to the form, proposed from 27/28.
    chrome.client.find(Locator::LinkText("Schuljahr eröffnen")).await.expect("the menu entry").click().await.unwrap();
    let code = chrome.wait_for("#year-code").await;
    assert_eq!(code.prop("value").await.unwrap().as_deref(), Some("28/29"));
    chrome.screenshot("year-form").await;
    // An empty code comes back beside its field; then the proposal again.
    code.clear().await.unwrap();
    chrome.client.find(Locator::Css("#create-year")).await.unwrap().click().await.unwrap();
    chrome.wait_for("#year-code-error").await;
    chrome.screenshot("year-form-error").await;
    chrome.wait_for("#year-code").await.send_keys("28/29").await.unwrap();
    chrome.client.find(Locator::Css("#create-year")).await.unwrap().click().await.unwrap();

    // Step 2: the new year has no entry classes; create the first one as proposed.
    chrome.wait_for("#step-classes").await;
    let url = chrome.client.current_url().await.unwrap();
    let year: i64 = url.path().rsplit('/').next().unwrap().parse().expect("the year's id in the URL");
    let created = app.get(&format!("/schoolyear/{year}")).await.expect(200);
    assert_eq!(created.result()["code"], "28/29");
    let gaps = chrome.client.find_all(Locator::Css(".opening-gaps > li")).await.unwrap();
    assert!(!gaps.is_empty(), "28/29 misses entry classes");
    let first = gaps[0].attr("id").await.unwrap().expect("a gap id");
    let class_code = chrome.wait_for(&format!("#{first}-code")).await.prop("value").await.unwrap().unwrap();
    chrome.screenshot("entry-classes").await;
    chrome.client.find(Locator::Css(&format!("#{first} button"))).await.unwrap().click().await.unwrap();
    chrome.wait_for("#step-classes").await;
    assert!(chrome.client.find(Locator::Css(&format!("#{first}"))).await.is_err(), "the gap is gone");
    let classes = app.get("/schoolclass").await.expect(200);
    assert!(classes.result().as_array().unwrap().iter().any(|c| c["code"] == class_code.as_str()), "{class_code}");

    // Step 3: the preview writes nothing.
    assert_eq!(courses(&app, year).await, 0);
    scroll_to(&chrome, "#step-preview").await;
    let preview = chrome.text().await;
    assert!(preview.contains("Vorschau") && preview.contains("Kurse"), "{preview}");
    chrome.screenshot("preview").await;

    // Step 4: open; the report's course count is what the API lists now.
    chrome.client.find(Locator::Css("#open-year")).await.unwrap().click().await.unwrap();
    chrome.wait_for("#opening-report").await;
    let count = chrome
        .client
        .find(Locator::Css(".opening-counts tbody tr:first-child td"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let created = courses(&app, year).await;
    assert!(created > 0);
    assert_eq!(count.trim().parse::<usize>().unwrap(), created);
    chrome.screenshot("report").await;
    scroll_to(&chrome, "#step-check").await;
    chrome.screenshot("worklist").await;
    chrome.close().await;
}
