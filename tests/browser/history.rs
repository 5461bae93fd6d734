//! Verlauf and Verwaltung in Chromium (docs/web.md §History, §Verwaltung):
//! an administrator opens a teacher's history after an edit through the API
//! and sees the old and new value, then creates an account, gives it a
//! token whose secret is shown once and revokes it. Screenshots of the
//! history, the account list and the account page with the new token.

use fantoccini::Locator;
use schoolplan::auth::Role;

use crate::chrome::Chrome;
use crate::helpers::TestApp;

#[tokio::test]
#[ignore = "needs Chromium; .ci/run runs it"]
async fn an_admin_reads_a_history_and_manages_an_account() {
    let app = TestApp::spawn().await;
    schoolplan::dataset::import(&app.store, &schoolplan::demo::generate(1)).await.expect("demo imported");
    let teachers = app.get("/teacher?archived=false").await.expect(200);
    let id = teachers.result().as_array().unwrap().first().expect("a teacher")["id"].as_i64().unwrap();
    let mut teacher = app.get(&format!("/teacher/{id}")).await.expect(200).result().clone();
    let old = teacher["lastName"].as_str().unwrap().to_string();
    let new = format!("{old}-Meier");
    teacher["lastName"] = serde_json::json!(new);
    app.put(&format!("/teacher/{id}"), teacher).await.expect(200);

    let mut chrome = Chrome::start("history").await;
    app.token_for("chefin", Role::Admin).await;
    let link = schoolplan::service::session::create_link(&app.store, "chefin", &app.base).await.expect("link");
    chrome.goto(&link).await;
    chrome.wait_for("nav").await;

    // The teacher's page links to its history; the change is there.
    chrome.goto(&format!("{}/teachers/{id}", app.base)).await;
    chrome.wait_for("#history-link").await.click().await.unwrap();
    chrome.wait_for("#history-list").await;
    let text = chrome.text().await;
    assert!(text.contains(&old) && text.contains(&new), "{text}");
    chrome.screenshot("teacher").await;

    // Verwaltung from the menu: create an account.
    chrome.client.find(Locator::Css(r#"nav a[href="/admin"]"#)).await.unwrap().click().await.unwrap();
    chrome.wait_for("#admin-accounts").await;
    chrome.wait_for("#f-name").await.send_keys("lea").await.unwrap();
    chrome.screenshot("accounts").await;
    chrome.wait_for("#admin-create").await.click().await.unwrap();
    chrome.wait_for("#account-facts").await;

    // A token: its secret shown once, with the hint.
    chrome.wait_for("#f-label").await.send_keys("Export").await.unwrap();
    chrome.wait_for("#admin-create-token").await.click().await.unwrap();
    let secret = chrome.wait_for("#admin-new-token").await;
    let token = secret.prop("value").await.unwrap().expect("the secret");
    assert!(token.starts_with("sp_"), "{token}");
    chrome.screenshot("token").await;
    let profile = app.request_with(Some(&token), reqwest::Method::GET, "/api/v1/profile", None).await;
    assert_eq!(profile.status, 200);

    // Revoke it.
    chrome.wait_for("#admin-tokens button.button--danger").await.click().await.unwrap();
    // The page after the revocation: the token's row marked, its secret gone.
    chrome.wait_for("#admin-tokens td.state--archived").await;
    let text = chrome.text().await;
    assert!(text.contains("widerrufen") && !text.contains(&token), "{text}");
    chrome.screenshot("revoked").await;
    let profile = app.request_with(Some(&token), reqwest::Method::GET, "/api/v1/profile", None).await;
    assert_eq!(profile.status, 401);
    chrome.close().await;
}
