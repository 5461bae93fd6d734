//! Sign-in links, sessions, sign-out, CSRF and roles (docs/web.md §Sign-in and sessions).

use schoolplan::app::AppConfig;
use schoolplan::auth::Role;
use schoolplan::web::WebConfig;

use super::helpers::{exec, TestApp};
use super::Web;

#[tokio::test]
async fn a_link_signs_in_once() {
    let web = Web::spawn().await;
    web.app.token_for("ada", Role::Planner).await;
    let link = web.link("ada").await;
    assert!(link.starts_with(&format!("{}/signin?token=", web.app.base)), "{link}");
    let first = web.get_url(&link, None, &[]).await;
    assert_eq!(first.status, 303);
    assert_eq!(first.header("location"), "/");
    let cookie = first.set_cookie("sp_session").expect("session cookie");
    let attrs: Vec<&str> = cookie.split("; ").collect();
    assert!(attrs.contains(&"HttpOnly") && attrs.contains(&"SameSite=Lax") && attrs.contains(&"Path=/"), "{cookie}");
    assert!(!attrs.contains(&"Secure"), "plain http: no Secure: {cookie}");
    let session = cookie.split(';').next().unwrap().to_string();
    let home = web.get("/", Some(&session)).await;
    assert_eq!(home.status, 200);
    assert!(home.html.contains("Angemeldet als ada"), "{}", home.html);

    let again = web.get_url(&link, None, &[]).await;
    assert_eq!(again.status, 403, "a used link is refused");
    assert!(again.set_cookie("sp_session").is_none());
    assert!(again.html.contains("schon benutzt"));

    let bad = web.get("/signin?token=not-a-token", None).await;
    assert_eq!(bad.status, 403);
}

#[tokio::test]
async fn an_expired_link_is_refused() {
    let web = Web::spawn().await;
    web.app.token_for("bea", Role::Reader).await;
    let link = web.link("bea").await;
    let n = exec(&web.app, "UPDATE signin_link SET expires_at = '2000-01-01T00:00:00.000000Z'", &[]).await;
    assert_eq!(n, 1);
    let page = web.get_url(&link, None, &[]).await;
    assert_eq!(page.status, 403);
    assert!(page.set_cookie("sp_session").is_none());
}

#[tokio::test]
async fn behind_https_the_cookie_is_secure() {
    let config = AppConfig {
        rate_limit: None,
        web: WebConfig { public_url: Some("https://planung.example.ch".into()), ..WebConfig::default() },
        ..TestApp::config()
    };
    let web = Web::with(TestApp::spawn_with(config).await);
    web.app.token_for("cy", Role::Reader).await;
    let link = web.link("cy").await;
    let token = link.split("token=").nth(1).unwrap();
    let page = web.get(&format!("/signin?token={token}"), None).await;
    let cookie = page.set_cookie("sp_session").expect("cookie");
    assert!(cookie.split("; ").any(|a| a == "Secure"), "{cookie}");
}

#[tokio::test]
async fn sign_out_ends_the_session() {
    let web = Web::spawn().await;
    let session = web.sign_in("dan", Role::Reader).await;
    let home = web.get("/", Some(&session)).await;
    let csrf = home.csrf();
    let out = web.post("/signout", Some(&session), &[("_csrf", &csrf)]).await;
    assert_eq!(out.status, 303);
    assert_eq!(out.header("location"), "/signin?out=1");
    assert!(out.set_cookie("sp_session").unwrap().contains("Max-Age=0"));
    let after = web.get("/", Some(&session)).await;
    assert_eq!(after.status, 303, "the old cookie no longer works");
    assert_eq!(after.header("location"), "/signin?ended=1");
}

#[tokio::test]
async fn an_idle_session_has_ended() {
    let web = Web::spawn().await;
    let session = web.sign_in("eva", Role::Reader).await;
    exec(&web.app, "UPDATE web_session SET last_seen_at = '2000-01-01T00:00:00.000000Z'", &[]).await;
    assert_eq!(web.get("/", Some(&session)).await.status, 303);
}

#[tokio::test]
async fn a_post_without_the_csrf_token_is_refused() {
    let web = Web::spawn().await;
    let session = web.sign_in("fay", Role::Admin).await;
    let forged = web.post("/signout", Some(&session), &[]).await;
    assert_eq!(forged.status, 403);
    let wrong = web.post("/signout", Some(&session), &[("_csrf", "x")]).await;
    assert_eq!(wrong.status, 403);
    assert!(wrong.html.contains("CSRF"));
    assert_eq!(web.get("/", Some(&session)).await.status, 200, "the session still works");
    let no_session = web.post("/signout", None, &[("_csrf", "x")]).await;
    assert_eq!(no_session.status, 403);
}

#[tokio::test]
async fn a_reader_cannot_write() {
    let web = Web::spawn().await;
    let year = super::grid::demo(&web).await;
    let reader = web.sign_in("gil", Role::Reader).await;
    let page = web.get(&format!("/years/{year}/grid"), Some(&reader)).await;
    assert_eq!(page.status, 200);
    assert!(page.html.contains(r#"id="grid-readonly""#), "the page says it is read-only");
    for write in ["hx-post", "hx-put", "hx-patch", "hx-delete"] {
        assert!(!page.html.contains(write), "a reader sees no {write}");
    }
    let forms: Vec<&str> = page.html.match_indices("method=\"post\"").map(|(i, _)| &page.html[i..i + 40]).collect();
    assert!(page.html.matches("method=\"post\"").count() == 2, "only language and sign-out post: {forms:?}");
    let csrf = page.csrf();
    let forged = web.post(&format!("/years/{year}/grid"), Some(&reader), &[("_csrf", &csrf)]).await;
    assert_eq!(forged.status, 403, "a reader's write is refused before routing");
    let planner = web.sign_in("hal", Role::Planner).await;
    let page = web.get(&format!("/years/{year}/grid"), Some(&planner)).await;
    assert!(!page.html.contains(r#"id="grid-readonly""#));
    let csrf = page.csrf();
    let post = web.post(&format!("/years/{year}/grid"), Some(&planner), &[("_csrf", &csrf)]).await;
    assert_eq!(post.status, 405, "a planner passes the role check (no write on this path yet)");
}

/// The sign-in page tells a planner whom to ask and where the link is made,
/// in each language, and never a command of the server
/// (docs/web.md §Sign-in and sessions).
#[tokio::test]
async fn the_sign_in_page_says_whom_to_ask_and_names_no_command() {
    let web = Web::spawn().await;
    for (lang, ask, place) in [
        ("de", "Fragen Sie die Administratorin oder den Administrator", "Verwaltung → Konten und Tokens"),
        ("en", "Ask your school’s administrator", "Administration → Accounts and tokens"),
        ("fr", "Demandez-le à l’administrateur·trice", "Administration → Comptes et jetons"),
    ] {
        let page = web.get_url(&format!("{}/signin", web.app.base), None, &[("Accept-Language", lang)]).await;
        assert_eq!(page.status, 200);
        assert!(page.html.contains(ask) && page.html.contains(place), "{lang}: {}", page.html);
        assert!(
            !page.html.contains("schoolplan account") && !page.html.contains("signin-link"),
            "{lang}: {}",
            page.html
        );
    }
}
