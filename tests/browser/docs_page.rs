//! The API reference page (`/docs`, Swagger UI) renders the OpenAPI document.

use crate::chrome::Chrome;
use crate::helpers::TestApp;

#[tokio::test]
#[ignore = "needs Chromium and chromedriver: cargo test --test browser -- --ignored"]
async fn the_api_reference_lists_the_operations() {
    let app = TestApp::spawn().await;
    let mut chrome = Chrome::start("docs").await;
    chrome.goto(&format!("{}/docs", app.base)).await;
    chrome.wait_for(".opblock").await;
    let text = chrome.text().await;
    assert!(text.contains("/course"), "the course operations are listed:\n{text}");
    chrome.screenshot("reference").await;
    chrome.close().await;
}
