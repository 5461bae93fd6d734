//! The year kept in Chromium (docs/web.md §The year kept): a planner works
//! on the Pensenblatt of 26/27, goes to Lehrpersonen through the menu, and
//! from there to Anstellungen: it is 26/27's, not the newest year's.
//! Screenshots of each of the three pages.

use schoolplan::auth::Role;

use crate::chrome::Chrome;
use crate::demo::demo_year;
use crate::helpers::TestApp;

#[tokio::test]
#[ignore = "needs Chromium; .ci/run runs it"]
async fn the_year_is_kept_from_the_pensenblatt_to_the_teachers_to_the_employments() {
    let app = TestApp::spawn().await;
    let year = demo_year(&app).await;
    let mut chrome = Chrome::start("kept_year").await;
    app.token_for("planner1", Role::Planner).await;
    let link = schoolplan::service::session::create_link(&app.store, "planner1", &app.base).await.expect("link");
    chrome.goto(&link).await;
    chrome.wait_for("nav").await;

    chrome.goto(&format!("{}/years/{year}/workload", app.base)).await;
    let chosen = chrome.wait_for("#year-select option[selected]").await;
    assert_eq!(chosen.text().await.unwrap(), "26/27");
    chrome.screenshot("pensenblatt").await;

    chrome.wait_for(r#"nav a[href="/teachers"]"#).await.click().await.unwrap();
    chrome.wait_for(r#"nav a[href="/teachers"][aria-current=page]"#).await;
    let url = chrome.client.current_url().await.unwrap();
    assert!(url.path().ends_with("/teachers"), "{url}");
    chrome.screenshot("teachers").await;

    chrome.wait_for(r#"nav a[href$="/employments"]"#).await.click().await.unwrap();
    chrome.wait_for("#employment-list").await;
    let url = chrome.client.current_url().await.unwrap();
    assert_eq!(url.path(), format!("/years/{year}/employments"), "Anstellungen of the year worked in");
    let chosen = chrome.wait_for("#year-select option[selected]").await;
    assert_eq!(chosen.text().await.unwrap(), "26/27", "the switch shows which year");
    chrome.screenshot("employments").await;
    chrome.close().await;
}
