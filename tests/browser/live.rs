//! Working together in Chromium (docs/web.md §Working together): two people
//! have the demo's 26/27 grid open, each on another server of the same
//! database; each sees the other named; a change by someone else appears in
//! the open grid within a bounded wait, with a note of who changed what.

use std::time::Duration;

use fantoccini::Locator;
use schoolplan::auth::Role;
use serde_json::json;

use crate::chrome::Chrome;
use crate::demo::demo_year;
use crate::helpers::TestApp;

/// Signs `name` in with a link in a new browser and opens the grid of `year`.
async fn open_grid(app: &TestApp, name: &str, year: i64) -> Chrome {
    app.token_for(name, Role::Planner).await;
    let link = schoolplan::service::session::create_link(&app.store, name, &app.base).await.expect("link");
    let chrome = Chrome::start(&format!("live-{name}")).await;
    chrome.goto(&link).await;
    chrome.wait_for("nav").await;
    chrome.goto(&format!("{}/years/{year}/grid", app.base)).await;
    chrome.wait_for("table#grid td[tabindex]").await;
    chrome
}

/// A second server on `app`'s database with a pool of its own (as a second
/// machine behind a load balancer would be).
async fn second_server(app: &TestApp) -> TestApp {
    let store = app.second_store().await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("address"));
    let config = schoolplan::app::AppConfig { rate_limit: None, ..schoolplan::app::AppConfig::default() };
    tokio::spawn(schoolplan::app::serve(listener, store, config, std::future::pending()));
    app.at(base)
}

/// Waits up to `within` for `check` to hold on the page's text.
async fn wait_text(chrome: &Chrome, css: &str, within: Duration, check: impl Fn(&str) -> bool) -> String {
    let start = std::time::Instant::now();
    loop {
        let text = match chrome.client.find(Locator::Css(css)).await {
            Ok(e) => e.text().await.unwrap_or_default(),
            Err(_) => String::new(),
        };
        if check(&text) {
            return text;
        }
        assert!(start.elapsed() < within, "{css} did not change as expected within {within:?}: {text:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test]
#[ignore = "needs Chromium and chromedriver: cargo test --test browser -- --ignored"]
async fn a_change_by_someone_else_appears_in_the_open_grid() {
    let app = TestApp::spawn().await;
    let year = demo_year(&app).await;
    let mut anna = open_grid(&app, "anna", year).await;
    let mut ben = open_grid(&second_server(&app).await, "ben", year).await;
    // Each sees the other, across the servers.
    wait_text(&anna, "#live-presence", Duration::from_secs(5), |t| t.contains("ben")).await;
    wait_text(&ben, "#live-presence", Duration::from_secs(5), |t| t.contains("anna")).await;
    ben.screenshot("presence").await;

    // Someone else (the API's admin) gives a course other lessons.
    let courses = app.get(&format!("/course?schoolYear={year}")).await.expect(200);
    let course = courses
        .result()
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["schoolClasses"].as_array().is_some_and(|s| s.len() == 1) && c["cancelled"] == false)
        .expect("a class course")
        .clone();
    let id = course["id"].as_i64().unwrap();
    let cell = format!("[data-course=\"{id}\"]");
    let name = format!(
        "{} {}",
        course["subject"]["description"].as_str().unwrap(),
        course["schoolClasses"][0]["code"].as_str().unwrap()
    );
    let before = wait_text(&anna, &cell, Duration::from_secs(1), |_| true).await;
    let mut changed = app.get(&format!("/course/{id}")).await.expect(200).result().clone();
    changed["lessons1"] = json!(7.25);
    changed["lessons2"] = json!(7.25);
    app.put(&format!("/course/{id}"), changed).await.expect(200);

    // Both open grids show it within a bounded wait, with a note of who changed what.
    for chrome in [&anna, &ben] {
        let after = wait_text(chrome, &cell, Duration::from_secs(5), |t| t.contains("7.25")).await;
        assert_ne!(after, before);
        let note = wait_text(chrome, "#live-note a", Duration::from_secs(2), |t| !t.is_empty()).await;
        assert_eq!(note, format!("test-admin hat {name} geändert."), "named as planners name it");
    }
    anna.screenshot("changed").await;
    // Ben leaves the year for a page without one: his server notices at the
    // stream's next keep-alive (5 s) at the latest, Anna's about a second later.
    ben.goto(&format!("{}/teachers", app.base)).await;
    wait_text(&anna, "#live-presence", Duration::from_secs(12), |t| t.is_empty()).await;
    ben.close().await;
    anna.close().await;
}
