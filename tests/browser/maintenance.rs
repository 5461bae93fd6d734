//! Spezielles → Wartung in Chromium (docs/web.md §Wartung): a planner opens
//! it from the menu, starts Saldi berechnen and Datenbank prüfen, and sees
//! each run to its result, the log open. Screenshots of the page before and
//! after.

use schoolplan::auth::Role;

use crate::chrome::Chrome;
use crate::demo::demo_year;
use crate::helpers::TestApp;

#[tokio::test]
#[ignore = "needs Chromium; .ci/run runs it"]
async fn a_planner_runs_the_maintenance_jobs() {
    let app = TestApp::spawn().await;
    let year = demo_year(&app).await;
    let mut chrome = Chrome::start("maintenance").await;
    app.token_for("planner1", Role::Planner).await;
    let link = schoolplan::service::session::create_link(&app.store, "planner1", &app.base).await.expect("link");
    chrome.goto(&link).await;
    chrome.goto(&format!("{}/years/{year}/grid", app.base)).await;
    chrome.wait_for(r#"nav a[href$="/maintenance"]"#).await.click().await.unwrap();
    chrome.wait_for("#maintenance-CalculateBalances-start").await;
    let url = chrome.client.current_url().await.unwrap();
    assert_eq!(url.path(), format!("/years/{year}/maintenance"));
    chrome.screenshot("page").await;

    chrome.wait_for("#maintenance-CalculateBalances-start").await.click().await.unwrap();
    let done = chrome.wait_for("#job-list li.job--done details[open]").await;
    assert!(done.text().await.unwrap().contains("stimmen mit einer neuen Berechnung überein"));
    chrome.wait_for("#maintenance-CheckDatabase-start").await.click().await.unwrap();
    chrome.wait_for("#job-list li.job--done + li.job--done").await;
    chrome.screenshot("done").await;
    chrome.close().await;
}
