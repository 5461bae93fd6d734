//! Single sign-on in Chromium (docs/web.md §Sign-in and sessions): the
//! sign-in page shows "Mit Single Sign-on anmelden"; a click goes through the
//! fake provider (tests/web/fake_idp.rs) and back, and the person is signed in.
//! A name without an account ends on the sign-in page with the message.
//! Screenshots of the sign-in page with the button, the refusal and the
//! signed-in start page.

use schoolplan::app::AppConfig;
use schoolplan::auth::Role;
use schoolplan::oidc::signin::{redirect_uri, SignInConfig};
use schoolplan::web::WebConfig;

use crate::chrome::Chrome;
use crate::fake_idp::{provider, CLIENT_ID, CLIENT_SECRET};
use crate::helpers::TestApp;

const ACCOUNT: &str = "anna.keller@kanti-demo.example";

#[tokio::test]
#[ignore = "needs Chromium; .ci/run runs it"]
async fn single_sign_on_in_the_browser() {
    let idp = provider("nobody@kanti-demo.example").await;
    let issuer = idp.lock().unwrap().base.clone();
    let mut signin = SignInConfig::new(&issuer, CLIENT_ID, redirect_uri("http://planung.test"));
    signin.client_secret = Some(CLIENT_SECRET.into());
    let config = AppConfig {
        rate_limit: None,
        web: WebConfig { signin: Some(signin), ..WebConfig::default() },
        ..TestApp::config()
    };
    let app = TestApp::spawn_with(config).await;
    app.token_for(ACCOUNT, Role::Planner).await;
    // The provider sends the browser back to this server.
    idp.lock().unwrap().back_to = Some(app.base.clone());
    let mut chrome = Chrome::start("oidc").await;

    chrome.goto(&format!("{}/signin", app.base)).await;
    let button = chrome.wait_for(".sso-signin a").await;
    assert_eq!(button.text().await.unwrap(), "Mit Single Sign-on anmelden");
    chrome.screenshot("signin").await;

    // A name without an account: back on the sign-in page, told so.
    button.click().await.unwrap();
    chrome.wait_for("p.notice").await;
    let text = chrome.text().await;
    assert!(text.contains("Für «nobody@kanti-demo.example» gibt es in schoolplan kein Konto"), "{text}");
    chrome.screenshot("unknown-account").await;

    // The account's name: signed in, on the start page.
    idp.lock().unwrap().name = ACCOUNT.to_string();
    chrome.wait_for(".sso-signin a").await.click().await.unwrap();
    chrome.wait_for("nav").await;
    let text = chrome.text().await;
    assert!(text.contains(&format!("Angemeldet als {ACCOUNT}")), "{text}");
    chrome.screenshot("signed-in").await;
    assert_eq!(idp.lock().unwrap().calls.len(), 2);
    chrome.close().await;
}
