//! Verwaltung (docs/web.md §Verwaltung): an administrator creates an account,
//! changes its role (with the version; a stale one is refused), makes a token
//! whose secret is shown once and works against `/api/v1` until revoked,
//! makes a one-time sign-in link, deletes the account; planners and readers
//! get 403 and no menu entry; forged posts get 403; German and English
//! errors, French without untranslated text.

use reqwest::Method;
use schoolplan::auth::Role;

use super::untranslated::{untranslated, visible_text};
use super::{Page, Web};

/// The value of the input whose attributes start with `id="{id}" value="`.
fn value_of(page: &Page, id: &str) -> Option<String> {
    let marker = format!(r#"id="{id}" value=""#);
    let start = page.html.find(&marker)? + marker.len();
    page.html[start..].split('"').next().map(str::to_string)
}

/// The value of the hidden field `name` on the page.
fn hidden(page: &Page, name: &str) -> String {
    let marker = format!(r#"name="{name}" value=""#);
    let start = page.html.find(&marker).unwrap_or_else(|| panic!("no field {name}:\n{}", page.html)) + marker.len();
    page.html[start..].split('"').next().unwrap().to_string()
}

/// The id in a `Location: /admin/accounts/ID?…`.
fn account_id(page: &Page) -> i64 {
    let loc = page.header("location");
    loc.trim_start_matches("/admin/accounts/").split('?').next().unwrap().parse().unwrap_or_else(|_| panic!("{loc}"))
}

/// The caller of `GET /api/v1/profile` with `token`: (status, name).
async fn profile(web: &Web, token: &str) -> (u16, String) {
    let r = web.app.request_with(Some(token), Method::GET, "/api/v1/profile", None).await;
    (r.status, r.result()["name"].as_str().unwrap_or_default().to_string())
}

#[tokio::test]
async fn an_admin_creates_an_account_changes_its_role_and_deletes_it() {
    let web = Web::spawn().await;
    let admin = web.sign_in("chefin", Role::Admin).await;
    let start = web.get("/", Some(&admin)).await;
    assert!(start.html.contains(r#"href="/admin""#) && start.html.contains("Verwaltung"), "the admin's menu entry");

    let list = web.get("/admin", Some(&admin)).await;
    assert_eq!(list.status, 200);
    assert!(list.html.contains(">chefin</a>") && list.html.contains("Administration"));
    let csrf = list.csrf();
    let created =
        web.post("/admin/accounts", Some(&admin), &[("_csrf", &csrf), ("name", "lea"), ("role", "reader")]).await;
    assert_eq!(created.status, 303, "{}", created.html);
    let id = account_id(&created);
    let api = web.app.get(&format!("/account/{id}")).await.expect(200);
    assert_eq!((api.result()["name"].as_str(), api.result()["role"].as_str()), (Some("lea"), Some("reader")));

    let page = web.get(&format!("/admin/accounts/{id}?done=created"), Some(&admin)).await;
    assert!(page.html.contains("Das Konto wurde erstellt."));
    let version = hidden(&page, "_version");
    let saved = web
        .post(
            &format!("/admin/accounts/{id}/role"),
            Some(&admin),
            &[("_csrf", &csrf), ("_version", &version), ("role", "planner")],
        )
        .await;
    assert_eq!(saved.status, 303, "{}", saved.html);
    assert_eq!(web.app.get(&format!("/account/{id}")).await.result()["role"], "planner");
    // The audit trail holds the change; the account's history shows it.
    let history = web.get(&format!("/history/account/{id}"), Some(&admin)).await;
    assert!(history.html.contains(r#"<td class="history-old">Lesende</td><td class="history-new">Planung</td>"#));

    // A second save with the version loaded before the first: 412, nothing changed.
    let stale = web
        .post(
            &format!("/admin/accounts/{id}/role"),
            Some(&admin),
            &[("_csrf", &csrf), ("_version", &version), ("role", "admin")],
        )
        .await;
    assert_eq!(stale.status, 412);
    assert!(stale.html.contains("inzwischen geändert"));
    assert_eq!(web.app.get(&format!("/account/{id}")).await.result()["role"], "planner");

    // A taken name: 409, said in words, the typed name kept.
    let taken =
        web.post("/admin/accounts", Some(&admin), &[("_csrf", &csrf), ("name", "LEA"), ("role", "reader")]).await;
    assert_eq!(taken.status, 409);
    assert!(taken.html.contains("Es gibt schon ein Konto mit diesem Namen.") && taken.html.contains(r#"value="LEA""#));
    // No name: the error beside the field.
    let empty = web.post("/admin/accounts", Some(&admin), &[("_csrf", &csrf), ("name", " "), ("role", "reader")]).await;
    assert_eq!(empty.status, 422);
    assert!(empty.html.contains(r#"id="f-name-error""#), "{}", empty.html);

    // Delete with the current version.
    let page = web.get(&format!("/admin/accounts/{id}"), Some(&admin)).await;
    let deleted = web
        .post(
            &format!("/admin/accounts/{id}/delete"),
            Some(&admin),
            &[("_csrf", &csrf), ("_version", &hidden(&page, "_version"))],
        )
        .await;
    assert_eq!(deleted.status, 303);
    assert_eq!(deleted.header("location"), "/admin?done=deleted");
    web.app.get(&format!("/account/{id}")).await.expect(404);
}

#[tokio::test]
async fn an_admin_cannot_take_their_own_right_away() {
    let web = Web::spawn().await;
    let admin = web.sign_in("chefin", Role::Admin).await;
    let list = web.get("/admin", Some(&admin)).await;
    let own = list.html.split(r#"<a href="/admin/accounts/"#).nth(1).expect("a row").split('"').next().unwrap();
    let own_id: i64 = own.parse().unwrap();
    let page = web.get(&format!("/admin/accounts/{own_id}"), Some(&admin)).await;
    assert!(page.html.contains("Konto chefin"), "{}", page.html);
    assert!(!page.html.contains(r#"id="admin-delete""#), "no delete button for one's own account");
    let csrf = page.csrf();
    let version = hidden(&page, "_version");
    for (lang, sentence) in [("de", "Das ist Ihr eigenes Konto"), ("en", "This is your own account")] {
        web.post("/language", Some(&admin), &[("_csrf", &csrf), ("lang", lang), ("back", "/")]).await;
        let form = [("_csrf", csrf.as_str()), ("_version", version.as_str()), ("role", "reader")];
        let refused = web.post(&format!("/admin/accounts/{own_id}/role"), Some(&admin), &form).await;
        assert_eq!(refused.status, 409, "{lang}");
        assert!(refused.html.contains(sentence), "{lang}: {}", refused.html);
    }
    assert_eq!(web.app.get(&format!("/account/{own_id}")).await.result()["role"], "admin", "still admin");
    let empty = web.post("/admin/accounts", Some(&admin), &[("_csrf", &csrf), ("name", ""), ("role", "reader")]).await;
    assert_eq!(empty.status, 422);
    assert!(empty.html.contains(r#"id="f-name-error""#) && empty.html.contains("New account"));
}

#[tokio::test]
async fn a_token_is_shown_once_works_and_stops_when_revoked() {
    let web = Web::spawn().await;
    let admin = web.sign_in("chefin", Role::Admin).await;
    let list = web.get("/admin", Some(&admin)).await;
    let csrf = list.csrf();
    let created =
        web.post("/admin/accounts", Some(&admin), &[("_csrf", &csrf), ("name", "skript"), ("role", "reader")]).await;
    let id = account_id(&created);

    let made = web
        .post(
            &format!("/admin/accounts/{id}/tokens"),
            Some(&admin),
            &[("_csrf", &csrf), ("label", "Export"), ("expiresInDays", "30")],
        )
        .await;
    assert_eq!(made.status, 201, "{}", made.html);
    let token = value_of(&made, "admin-new-token").expect("the new token is shown");
    assert!(made.html.contains("nicht wieder angezeigt"), "the copy hint");
    assert_eq!(profile(&web, &token).await, (200, "skript".to_string()), "the token works against /api/v1");

    // Shown once: the account's page lists the token but never its secret.
    let page = web.get(&format!("/admin/accounts/{id}"), Some(&admin)).await;
    assert!(!page.html.contains(&token));
    assert!(page.html.contains("Export") && page.html.contains("gültig"));
    let api_tokens = web.app.get(&format!("/token?account={id}")).await.expect(200);
    let token_id = api_tokens.result()[0]["id"].as_i64().unwrap();
    assert!(page.html.contains(&api_tokens.result()[0]["publicId"].as_str().unwrap().to_string()));
    assert!(api_tokens.result()[0]["expiresAt"].is_string(), "30 days");

    let revoked =
        web.post(&format!("/admin/accounts/{id}/tokens/{token_id}/revoke"), Some(&admin), &[("_csrf", &csrf)]).await;
    assert_eq!(revoked.status, 303);
    assert_eq!(profile(&web, &token).await.0, 401, "a revoked token fails at once");
    let page = web.get(&format!("/admin/accounts/{id}?done=revoked"), Some(&admin)).await;
    assert!(page.html.contains("widerrufen am") && !page.html.contains(&format!(r#"id="revoke-{token_id}""#)));
}

#[tokio::test]
async fn a_sign_in_link_is_made_for_an_account() {
    let web = Web::spawn().await;
    let admin = web.sign_in("chefin", Role::Admin).await;
    let list = web.get("/admin", Some(&admin)).await;
    let csrf = list.csrf();
    let created =
        web.post("/admin/accounts", Some(&admin), &[("_csrf", &csrf), ("name", "tom"), ("role", "planner")]).await;
    let id = account_id(&created);
    let made = web.post(&format!("/admin/accounts/{id}/signin-link"), Some(&admin), &[("_csrf", &csrf)]).await;
    assert_eq!(made.status, 200);
    let link = value_of(&made, "admin-new-link").expect("the link is shown");
    assert!(link.starts_with(&format!("{}/signin?token=", web.app.base)), "{link}");
    assert!(made.html.contains("15 Minuten"));
    let used = web.get_url(&link, None, &[]).await;
    assert_eq!(used.status, 303, "the link signs in");
    let cookie = used.set_cookie("sp_session").unwrap();
    let tom = cookie.split(';').next().unwrap();
    let start = web.get("/", Some(tom)).await;
    assert!(start.html.contains("Angemeldet als tom"));
    assert!(!start.html.contains(r#"href="/admin""#), "a planner has no Verwaltung entry");
    assert_eq!(web.get_url(&link, None, &[]).await.status, 403, "once only");
}

#[tokio::test]
async fn others_get_403_and_forged_posts_are_refused() {
    let web = Web::spawn().await;
    let admin = web.sign_in("chefin", Role::Admin).await;
    let list = web.get("/admin", Some(&admin)).await;
    let own_id: i64 =
        list.html.split(r#"<a href="/admin/accounts/"#).nth(1).unwrap().split('"').next().unwrap().parse().unwrap();
    // Without the CSRF token, even an admin's post is refused.
    let forged = web.post("/admin/accounts", Some(&admin), &[("name", "mallory"), ("role", "admin")]).await;
    assert_eq!(forged.status, 403);
    let forged =
        web.post("/admin/accounts", Some(&admin), &[("_csrf", "falsch"), ("name", "mallory"), ("role", "admin")]).await;
    assert_eq!(forged.status, 403);

    for (name, role) in [("planerin", Role::Planner), ("leser", Role::Reader)] {
        let session = web.sign_in(name, role).await;
        let start = web.get("/", Some(&session)).await;
        assert!(
            !start.html.contains(r#"href="/admin""#) && !start.html.contains("Verwaltung"),
            "{name}: no menu entry"
        );
        assert_eq!(web.get("/admin", Some(&session)).await.status, 403, "{name}");
        assert_eq!(web.get(&format!("/admin/accounts/{own_id}"), Some(&session)).await.status, 403);
        let csrf = start.csrf();
        let post = web
            .post("/admin/accounts", Some(&session), &[("_csrf", &csrf), ("name", "mallory"), ("role", "admin")])
            .await;
        assert_eq!(post.status, 403, "{name}");
        let post =
            web.post(&format!("/admin/accounts/{own_id}/signin-link"), Some(&session), &[("_csrf", &csrf)]).await;
        assert_eq!(post.status, 403, "{name}");
    }
    let accounts = web.app.get("/account").await.expect(200);
    assert!(accounts.result().as_array().unwrap().iter().all(|a| a["name"] != "mallory"), "nothing was created");
}

#[tokio::test]
async fn the_admin_pages_are_all_french_in_french() {
    let web = Web::spawn().await;
    let admin = web.sign_in("chefin", Role::Admin).await;
    let list = web.get("/admin", Some(&admin)).await;
    let csrf = list.csrf();
    web.post("/language", Some(&admin), &[("_csrf", &csrf), ("lang", "fr"), ("back", "/")]).await;
    let created =
        web.post("/admin/accounts", Some(&admin), &[("_csrf", &csrf), ("name", "zoe"), ("role", "reader")]).await;
    let id = account_id(&created);
    let made =
        web.post(&format!("/admin/accounts/{id}/tokens"), Some(&admin), &[("_csrf", &csrf), ("label", "x")]).await;
    for page in
        [web.get("/admin", Some(&admin)).await, made, web.get(&format!("/history/account/{id}"), Some(&admin)).await]
    {
        assert_eq!(page.header("content-language"), "fr");
        assert_eq!(untranslated(&visible_text(&page.html)), Vec::<String>::new(), "{}", page.html);
    }
}
