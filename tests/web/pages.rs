//! Languages, the frame, security headers and assets.

use schoolplan::auth::Role;

use super::Web;

#[tokio::test]
async fn german_by_default_english_when_chosen() {
    let web = Web::spawn().await;
    let page = web.get("/signin", None).await;
    assert_eq!(page.status, 200);
    assert!(page.html.contains(r#"<html lang="de">"#) && page.html.contains("Anmelden"));
    assert_eq!(page.header("content-language"), "de");
    let en = web.get_url(&format!("{}/signin", web.app.base), None, &[("Accept-Language", "en-GB,en;q=0.9")]).await;
    assert!(en.html.contains(r#"<html lang="en">"#) && en.html.contains("Sign in"));

    let session = web.sign_in("ida", Role::Reader).await;
    let home = web.get("/", Some(&session)).await;
    for name in ["Übersicht", "Stammdaten", "Lehrpersonen"] {
        assert!(home.html.contains(name), "the menu names {name}");
    }
    let csrf = home.csrf();
    let switched = web.post("/language", Some(&session), &[("_csrf", &csrf), ("lang", "en"), ("back", "/")]).await;
    assert_eq!(switched.status, 303);
    assert_eq!(switched.header("location"), "/");
    let home = web.get("/", Some(&session)).await;
    assert!(home.html.contains(r#"<html lang="en">"#) && home.html.contains("Overview"), "kept in the session");
    let away =
        web.post("/language", Some(&session), &[("_csrf", &csrf), ("lang", "de"), ("back", "//evil.example")]).await;
    assert_eq!(away.header("location"), "/", "only local paths");
}

#[tokio::test]
async fn pages_have_a_strict_csp_and_assets_are_immutable() {
    let web = Web::spawn().await;
    let session = web.sign_in("joe", Role::Planner).await;
    let home = web.get("/", Some(&session)).await;
    let csp = home.header("content-security-policy");
    assert!(csp.contains("default-src 'none'") && csp.contains("script-src 'self'"), "{csp}");
    assert!(!csp.contains("unsafe-inline") && !csp.contains("unsafe-eval"), "{csp}");
    assert_eq!(home.header("cache-control"), "no-store");
    assert!(home.header("content-type").starts_with("text/html"));
    assert!(!home.html.contains(" style="), "no inline style");
    assert!(!home.html.contains("<script>") && !home.html.contains("<style"), "no inline script or style");
    assert!(home.html.contains(r#"name="htmx-config""#) && home.html.contains(r#""includeIndicatorStyles":false"#));

    for (marker, kind) in [(r#"rel="stylesheet" href=""#, "text/css"), (r#"<script src=""#, "text/javascript")] {
        let start = home.html.find(marker).expect("linked") + marker.len();
        let url = home.html[start..].split('"').next().unwrap();
        assert!(url.starts_with("/assets/"), "{url}");
        let asset = web.get(url, None).await;
        assert_eq!(asset.status, 200, "{url}");
        assert_eq!(asset.header("cache-control"), "public, max-age=31536000, immutable");
        assert!(asset.header("content-type").starts_with(kind));
        assert!(!asset.html.is_empty());
    }
    assert_eq!(web.get("/assets/app.0000000000000000.css", None).await.status, 404, "an old name");
    let signin = web.get("/signin", None).await;
    assert!(signin.header("content-security-policy").contains("frame-ancestors 'none'"));
}

#[tokio::test]
async fn without_a_session_pages_lead_to_the_sign_in() {
    let web = Web::spawn().await;
    let page = web.get("/", None).await;
    assert_eq!(page.status, 303);
    // A first visit: the sign-in page as it is (nothing "ended").
    assert_eq!(page.header("location"), "/signin");
    let hx = web.get_url(&format!("{}/years/1/grid", web.app.base), None, &[("HX-Request", "true")]).await;
    assert_eq!(hx.header("hx-redirect"), "/signin");
    // A session cookie that is no longer valid: the page says the session ended.
    let stale = web.get("/", Some("sp_session=spw_no-such-session")).await;
    assert_eq!(stale.header("location"), "/signin?ended=1");
    assert!(web.app.get("/version").await.status == 200, "the API stays where it is");
}

#[tokio::test]
async fn pages_and_assets_travel_gzipped_when_asked_and_events_do_not() {
    let web = Web::spawn().await;
    let year = super::grid::demo(&web).await;
    let session = web.sign_in("gina", Role::Reader).await;
    let gz = [("accept-encoding", "gzip")];
    let page = web.get_url(&format!("{}/years/{year}/grid", web.app.base), Some(&session), &gz).await;
    assert_eq!(page.status, 200);
    assert_eq!(page.header("content-encoding"), "gzip");
    let plain = web.get_url(&format!("{}/years/{year}/grid", web.app.base), Some(&session), &[]).await;
    assert_eq!(plain.header("content-encoding"), "", "only when asked");
    assert!(plain.html.contains("<table"));
    let css = schoolplan::web::assets::urls().css.clone();
    let asset = web.get_url(&format!("{}{css}", web.app.base), None, &gz).await;
    assert_eq!(asset.header("content-encoding"), "gzip");
    // A stream of events stays uncompressed (it must reach the browser as it is written).
    let res = web
        .browser
        .get(format!("{}/years/{year}/live", web.app.base))
        .header(reqwest::header::COOKIE, &session)
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(res.headers()["content-type"], "text/event-stream");
    assert!(res.headers().get("content-encoding").is_none());
}

/// Error pages keep the menu for a signed-in person and say what to do
/// (docs/web.md §Error pages); without a session and for htmx they stay plain.
#[tokio::test]
async fn error_pages_keep_the_menu_and_say_what_to_do() {
    let web = Web::spawn().await;
    super::grid::demo(&web).await;
    let reader = web.sign_in("reader", Role::Reader).await;
    let menu = r#"<nav class="menu""#;

    let forbidden = web.get("/teachers/new", Some(&reader)).await;
    assert_eq!(forbidden.status, 403);
    assert!(forbidden.html.contains(menu), "the 403 page has the menu: {}", forbidden.html);
    assert!(forbidden.html.contains("fragen Sie die Administratorin"), "{}", forbidden.html);
    let into_a_year = forbidden.html.split(r#"href="/years/"#).skip(1).any(|rest| {
        rest.split_once('"')
            .and_then(|(path, _)| path.strip_suffix("/grid"))
            .is_some_and(|id| id.parse::<i64>().is_ok())
    });
    assert!(into_a_year, "the menu leads into a year's grid: {}", forbidden.html);
    assert!(forbidden.html.contains(r#"id="sign-out""#), "{}", forbidden.html);

    let missing = web.get("/teachers/999999", Some(&reader)).await;
    assert_eq!(missing.status, 404);
    assert!(missing.html.contains(menu) && missing.html.contains("wählen Sie eine Seite im Menü"), "{}", missing.html);
    assert_eq!(missing.header("content-language"), "de");

    let fragment =
        web.get_url(&format!("{}/teachers/999999", web.app.base), Some(&reader), &[("HX-Request", "true")]).await;
    assert_eq!(fragment.status, 404);
    assert!(!fragment.html.contains(menu), "htmx gets the plain page");

    let signed_out = web.get("/signin?token=not-a-token", None).await;
    assert_eq!(signed_out.status, 403);
    assert!(!signed_out.html.contains(menu), "no menu without a session");
}
