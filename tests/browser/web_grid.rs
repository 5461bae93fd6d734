//! The web interface in Chromium: sign in with a link, open the demo's 26/27
//! planning grid, move between cells with the arrow keys, filter, switch to
//! English, and open the teacher list; a screenshot of every screen.

use fantoccini::key::Key;
use fantoccini::Locator;
use schoolplan::auth::Role;

use crate::chrome::Chrome;
use crate::helpers::TestApp;

/// The demo school on `app`; the id of school year 26/27.
async fn demo(app: &TestApp) -> i64 {
    schoolplan::dataset::import(&app.store, &schoolplan::demo::generate(1)).await.expect("demo imported");
    let years = app.get("/schoolyear").await.expect(200);
    let year = years.result().as_array().unwrap().iter().find(|y| y["code"] == "26/27").expect("26/27").clone();
    year["id"].as_i64().unwrap()
}

/// The id of the element that has the focus.
async fn focused_id(chrome: &Chrome) -> String {
    let v = chrome.client.execute("return document.activeElement && document.activeElement.id;", vec![]).await.unwrap();
    v.as_str().unwrap_or_default().to_string()
}

#[tokio::test]
#[ignore = "needs Chromium and chromedriver: cargo test --test browser -- --ignored"]
async fn a_planner_signs_in_with_a_link_and_walks_the_grid() {
    let app = TestApp::spawn().await;
    let year = demo(&app).await;
    app.token_for("planner1", Role::Planner).await;
    let link = schoolplan::service::session::create_link(&app.store, "planner1", &app.base).await.expect("link");
    let mut chrome = Chrome::start("grid").await;

    // Without a session every page leads to the sign-in page.
    chrome.goto(&format!("{}/years/{year}/grid", app.base)).await;
    chrome.wait_for("main h1").await;
    let text = chrome.text().await;
    assert!(text.contains("Anmelden") && !text.contains("abgelaufen"), "the sign-in page, nothing ended: {text}");
    chrome.screenshot("signin").await;

    // The link signs in and leads to the overview.
    chrome.goto(&link).await;
    chrome.wait_for("nav").await;
    let text = chrome.text().await;
    assert!(text.contains("planner1"), "the top bar names the person:\n{text}");
    assert!(text.contains("26/27"), "the overview lists the years:\n{text}");
    chrome.screenshot("overview").await;

    // The 26/27 grid: the demo's classes and subjects, with the API's courses.
    chrome.goto(&format!("{}/years/{year}/grid", app.base)).await;
    chrome.wait_for("table#grid td[tabindex]").await;
    let courses = app.get(&format!("/course?schoolYear={year}")).await.expect(200);
    let first = courses
        .result()
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["schoolClasses"].as_array().is_some_and(|s| s.len() == 1))
        .expect("a class course")
        .clone();
    let cell_text = chrome
        .client
        .find(Locator::Css(&format!("td [data-course=\"{}\"]", first["id"])))
        .await
        .expect("the course's cell")
        .text()
        .await
        .unwrap();
    assert!(cell_text.contains(" L"), "a course shows its lessons: {cell_text}");
    chrome.screenshot("grid").await;

    // The arrow keys move between cells.
    let start = chrome.client.find(Locator::Css("table#grid td[tabindex='0']")).await.expect("the grid's tab stop");
    // Focused, not clicked: a planner's click opens the cell's editor (tests/browser/grid_edit.rs).
    chrome.client.execute("arguments[0].focus();", vec![serde_json::to_value(&start).unwrap()]).await.unwrap();
    let before = focused_id(&chrome).await;
    assert!(before.starts_with("cell-"), "a cell has the focus: {before:?}");
    start.send_keys(&Key::Right.to_string()).await.unwrap();
    let right = focused_id(&chrome).await;
    assert_ne!(right, before, "→ moves to the next cell");
    chrome.client.active_element().await.unwrap().send_keys(&Key::Down.to_string()).await.unwrap();
    let down = focused_id(&chrome).await;
    assert!(down.starts_with("cell-") && down != right, "↓ moves to the cell below: {down:?}");
    chrome.client.active_element().await.unwrap().send_keys(&Key::Left.to_string()).await.unwrap();
    chrome.client.active_element().await.unwrap().send_keys(&Key::Up.to_string()).await.unwrap();
    assert_eq!(focused_id(&chrome).await, before, "← then ↑ comes back");

    // Switching to English keeps the page.
    let lang = chrome.client.find(Locator::Css("select[name=lang]")).await.expect("the language switch");
    lang.select_by_value("en").await.unwrap();
    chrome
        .client
        .wait()
        .at_most(std::time::Duration::from_secs(10))
        .for_element(Locator::Css("html[lang=en]"))
        .await
        .expect("the page in English");
    chrome.wait_for("table#grid").await;
    chrome.screenshot("grid-english").await;

    // The teacher list with its search.
    chrome.goto(&format!("{}/teachers", app.base)).await;
    chrome.wait_for("table").await;
    chrome.screenshot("teachers").await;

    // A year that does not exist: the error page says so, with a way back.
    chrome.goto(&format!("{}/years/999999/grid", app.base)).await;
    chrome.wait_for("main a, a").await;
    chrome.screenshot("not-found").await;
    chrome.close().await;
}
