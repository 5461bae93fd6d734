//! Sign-in through the identity provider (docs/web.md §Sign-in and sessions,
//! docs/security.md §Single sign-on in the browser): the OIDC
//! authorization-code flow with PKCE against a fake provider started here (an
//! axum server on port 0 serving discovery, authorize, token and keys; its ID
//! tokens are RS256-signed with the test-only key of `tests/client/keys`).
//! The fake provider checks what a real one checks: the client id, the
//! redirect URI and that the code verifier fits the S256 challenge.

use std::collections::HashMap;

use reqwest::header;
use schoolplan::app::AppConfig;
use schoolplan::auth::Role;
use schoolplan::oidc::signin::{redirect_uri, SignInConfig};
use schoolplan::web::WebConfig;

use super::fake_idp::{provider, Shared, CLIENT_ID, CLIENT_SECRET};
use super::helpers::{exec, scalar, TestApp};
use super::{Page, Web};
/// The URL the service is told it is reached at; the provider sends the
/// browser back there, and the test goes to the test server instead.
const PUBLIC_URL: &str = "http://planung.test";
const ACCOUNT: &str = "anna.keller@kanti-demo.example";

/// The service with single sign-on against `issuer`, and the account `ACCOUNT` (planner).
async fn service(issuer: &str) -> Web {
    let mut signin = SignInConfig::new(issuer, CLIENT_ID, redirect_uri(PUBLIC_URL));
    signin.client_secret = Some(CLIENT_SECRET.into());
    let config = AppConfig {
        rate_limit: None,
        web: WebConfig { public_url: Some(PUBLIC_URL.into()), signin: Some(signin), ..WebConfig::default() },
        ..TestApp::config()
    };
    let web = Web::with(TestApp::spawn_with(config).await);
    web.app.token_for(ACCOUNT, Role::Planner).await;
    web
}

/// A provider naming `name` and the service using it.
async fn setup(name: &str) -> (Shared, Web) {
    let idp = provider(name).await;
    let issuer = idp.lock().unwrap().base.clone();
    (idp, service(&issuer).await)
}

/// A sign-in started at the service: the provider's URL and the state cookie (`sp_oidc=…`).
async fn start(web: &Web) -> (url::Url, String) {
    let page = web.get("/signin/oidc", None).await;
    assert_eq!(page.status, 303, "{}", page.html);
    let cookie = page.set_cookie("sp_oidc").expect("a state cookie");
    (url::Url::parse(page.header("location")).expect("the provider's URL"), cookie)
}

/// The provider's answer to `url`: where it sends the browser back, moved
/// from the public URL to the test server.
async fn at_provider(web: &Web, url: &url::Url) -> String {
    let res = web.browser.get(url.clone()).send().await.unwrap();
    assert_eq!(res.status(), 303, "{}", res.text().await.unwrap_or_default());
    let back = res.headers()[header::LOCATION].to_str().unwrap().to_string();
    let rest = back.strip_prefix(PUBLIC_URL).expect("back to the public URL");
    format!("{}{rest}", web.app.base)
}

/// The whole flow up to the callback (with the state cookie): the callback's answer.
async fn flow(web: &Web) -> (Page, String, String) {
    let (url, cookie) = start(web).await;
    let callback = at_provider(web, &url).await;
    let state_cookie = cookie.split(';').next().unwrap().to_string();
    let page = web.get_url(&callback, Some(&state_cookie), &[]).await;
    (page, callback, state_cookie)
}

fn query(url: &url::Url) -> HashMap<String, String> {
    url.query_pairs().map(|(k, v)| (k.into_owned(), v.into_owned())).collect()
}

#[tokio::test]
async fn single_sign_on_signs_in_and_the_session_works() {
    // The provider names the account up to ASCII case, as bearer tokens may.
    let (idp, web) = setup(&ACCOUNT.to_uppercase()).await;
    let page = web.get("/signin", None).await;
    assert_eq!(page.status, 200);
    assert!(page.html.contains(r#"href="/signin/oidc""#), "{}", page.html);
    assert!(page.html.contains("Mit Single Sign-on anmelden"), "a provider other than Microsoft: {}", page.html);
    assert!(page.html.contains("Oder mit einem Anmeldelink:"), "the links stay: {}", page.html);

    let (url, cookie) = start(&web).await;
    let base = idp.lock().unwrap().base.clone();
    assert!(url.as_str().starts_with(&format!("{base}/authorize?")), "{url}");
    let q = query(&url);
    assert_eq!(q["redirect_uri"], "http://planung.test/signin/oidc/callback");
    assert_eq!((q["response_type"].as_str(), q["code_challenge_method"].as_str()), ("code", "S256"));
    assert_eq!(q["code_challenge"].len(), 43, "base64url of SHA-256");
    assert!(q["state"].len() >= 22 && q["nonce"].len() >= 22 && q["state"] != q["nonce"], "{q:?}");
    let attrs: Vec<&str> = cookie.split("; ").collect();
    assert_eq!(attrs[0], format!("sp_oidc={}", q["state"]), "the cookie binds the state to this browser");
    for a in ["HttpOnly", "SameSite=Lax", "Path=/signin/oidc", "Max-Age=600"] {
        assert!(attrs.contains(&a), "{a} in {cookie}");
    }
    assert_eq!(scalar(&web.app, "SELECT COUNT(*) FROM oidc_signin", &[]).await, 1, "kept in the database");

    let callback = at_provider(&web, &url).await;
    let state_cookie = cookie.split(';').next().unwrap();
    let done = web.get_url(&callback, Some(state_cookie), &[]).await;
    assert_eq!(done.status, 303, "{}", done.html);
    assert_eq!(done.header("location"), "/");
    assert!(done.set_cookie("sp_oidc").unwrap().contains("Max-Age=0"), "the state cookie is deleted");
    let session = done.set_cookie("sp_session").expect("a session cookie");
    let session = session.split(';').next().unwrap();

    let calls = idp.lock().unwrap().calls.clone();
    assert_eq!(calls.len(), 1);
    assert!(calls[0].verifier_fits, "the code verifier sent fits the challenge");
    assert_eq!(calls[0].secret.as_deref(), Some(CLIENT_SECRET));
    assert_eq!(scalar(&web.app, "SELECT COUNT(*) FROM oidc_signin", &[]).await, 0, "used up");

    let home = web.get("/", Some(session)).await;
    assert_eq!(home.status, 200);
    assert!(home.html.contains(&format!("Angemeldet als {ACCOUNT}")), "the account's own name: {}", home.html);
    // The session is a planner's: it carries a CSRF token and signs out.
    let out = web.post("/signout", Some(session), &[("_csrf", &home.csrf())]).await;
    assert_eq!(out.status, 303);
    assert_eq!(web.get("/", Some(session)).await.status, 303, "signed out");
}

#[tokio::test]
async fn a_wrong_state_is_refused() {
    let (idp, web) = setup(ACCOUNT).await;
    let (url, cookie) = start(&web).await;
    let callback = at_provider(&web, &url).await;
    let state = query(&url)["state"].clone();
    let cookie = cookie.split(';').next().unwrap().to_string();

    // Another state than the cookie's.
    let forged = callback.replace(&format!("state={state}"), "state=forged-state-0123456789");
    let page = web.get_url(&forged, Some(&cookie), &[]).await;
    assert_eq!(page.status, 400);
    assert!(page.html.contains("Diese Anmeldung ist abgelaufen"), "{}", page.html);
    assert!(page.set_cookie("sp_session").is_none());
    // A state the service never issued, even with a cookie to match.
    let page = web.get_url(&forged, Some("sp_oidc=forged-state-0123456789"), &[]).await;
    assert_eq!(page.status, 400);
    // The right state from another browser (no cookie): refused, in English too.
    let page = web.get_url(&callback, None, &[("accept-language", "en")]).await;
    assert_eq!(page.status, 400);
    assert!(page.html.contains("This sign-in has expired"), "{}", page.html);
    assert!(idp.lock().unwrap().calls.is_empty(), "no code was redeemed");

    // The right one still works once.
    let page = web.get_url(&callback, Some(&cookie), &[]).await;
    assert_eq!(page.status, 303, "{}", page.html);
}

#[tokio::test]
async fn a_replayed_state_is_refused() {
    let (idp, web) = setup(ACCOUNT).await;
    let (first, callback, cookie) = flow(&web).await;
    assert_eq!(first.status, 303);
    let again = web.get_url(&callback, Some(&cookie), &[]).await;
    assert_eq!(again.status, 400, "{}", again.html);
    assert!(again.html.contains("schon abgeschlossen"), "{}", again.html);
    assert!(again.set_cookie("sp_session").is_none());
    assert_eq!(idp.lock().unwrap().calls.len(), 1, "the code was redeemed once");
}

#[tokio::test]
async fn an_expired_state_is_refused() {
    let (_idp, web) = setup(ACCOUNT).await;
    let (url, cookie) = start(&web).await;
    let callback = at_provider(&web, &url).await;
    let n = exec(&web.app, "UPDATE oidc_signin SET expires_at = '2000-01-01T00:00:00.000000Z'", &[]).await;
    assert_eq!(n, 1);
    let page = web.get_url(&callback, Some(cookie.split(';').next().unwrap()), &[]).await;
    assert_eq!(page.status, 400);
}

#[tokio::test]
async fn a_wrong_nonce_is_refused() {
    let (idp, web) = setup(ACCOUNT).await;
    idp.lock().unwrap().nonce = Some("another-nonce-0123456789".into());
    let (page, _, _) = flow(&web).await;
    assert_eq!(page.status, 403, "{}", page.html);
    assert!(page.html.contains("Die Anmeldung konnte nicht bestätigt werden"), "{}", page.html);
    assert!(page.set_cookie("sp_session").is_none());
    assert!(idp.lock().unwrap().calls[0].verifier_fits, "only the nonce was wrong");
}

#[tokio::test]
async fn a_code_verifier_that_does_not_fit_the_challenge_is_refused() {
    let (idp, web) = setup(ACCOUNT).await;
    let (url, cookie) = start(&web).await;
    let callback = at_provider(&web, &url).await;
    // Another verifier than the one the challenge was made from.
    let n =
        exec(&web.app, "UPDATE oidc_signin SET code_verifier = 'another-verifier-0123456789-0123456789-abcdef'", &[])
            .await;
    assert_eq!(n, 1);
    let page = web.get_url(&callback, Some(cookie.split(';').next().unwrap()), &[]).await;
    assert_eq!(page.status, 403, "{}", page.html);
    assert!(page.set_cookie("sp_session").is_none());
    let calls = idp.lock().unwrap().calls.clone();
    assert_eq!(calls.len(), 1);
    assert!(!calls[0].verifier_fits, "the provider saw the verifier did not fit");
}

#[tokio::test]
async fn an_unknown_account_is_told_so() {
    let (_idp, web) = setup("nobody@kanti-demo.example").await;
    let (page, _, _) = flow(&web).await;
    assert_eq!(page.status, 403, "{}", page.html);
    assert!(page.html.contains("Für «nobody@kanti-demo.example» gibt es in schoolplan kein Konto"), "{}", page.html);
    assert!(page.set_cookie("sp_session").is_none());
    // In English.
    let (url, cookie) = start(&web).await;
    let callback = at_provider(&web, &url).await;
    let page = web.get_url(&callback, Some(cookie.split(';').next().unwrap()), &[("accept-language", "en")]).await;
    assert_eq!(page.status, 403);
    assert!(page.html.contains("There is no schoolplan account for “nobody@kanti-demo.example”"), "{}", page.html);
}

#[tokio::test]
async fn the_provider_s_refusal_is_shown() {
    let (idp, web) = setup(ACCOUNT).await;
    idp.lock().unwrap().deny = true;
    let (page, _, _) = flow(&web).await;
    assert_eq!(page.status, 403, "{}", page.html);
    assert!(page.html.contains("beim Identitätsanbieter abgebrochen oder abgelehnt"), "{}", page.html);
    assert!(page.set_cookie("sp_session").is_none());
    assert!(idp.lock().unwrap().calls.is_empty());
}

#[tokio::test]
async fn an_unreachable_provider_is_told() {
    // A port nothing listens on.
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let web = service(&format!("http://127.0.0.1:{port}")).await;
    let page = web.get("/signin/oidc", None).await;
    assert_eq!(page.status, 502);
    assert!(page.html.contains("Der Identitätsanbieter ist zurzeit nicht erreichbar"), "{}", page.html);
    assert!(page.set_cookie("sp_oidc").is_none());
}

#[tokio::test]
async fn without_configuration_the_button_is_hidden() {
    let web = Web::spawn().await;
    let page = web.get("/signin", None).await;
    assert_eq!(page.status, 200);
    assert!(!page.html.contains("/signin/oidc"), "{}", page.html);
    assert!(!page.html.contains("Single Sign-on"));
    assert_eq!(web.get("/signin/oidc", None).await.status, 404);
    assert_eq!(web.get("/signin/oidc/callback?code=c&state=s", None).await.status, 404);
}

#[tokio::test]
async fn the_button_in_french_and_english() {
    let (_idp, web) = setup(ACCOUNT).await;
    let fr = web.get_url(&format!("{}/signin", web.app.base), None, &[("accept-language", "fr")]).await;
    assert!(fr.html.contains("Se connecter par authentification unique"), "{}", fr.html);
    let left = super::untranslated::untranslated(&super::untranslated::visible_text(&fr.html));
    assert!(left.is_empty(), "untranslated: {left:?}");
    let en = web.get_url(&format!("{}/signin", web.app.base), None, &[("accept-language", "en")]).await;
    assert!(en.html.contains("Sign in with single sign-on"), "{}", en.html);
}
