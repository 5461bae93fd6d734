//! What a person chose stays theirs, on the server, across pages and
//! sessions, until they choose otherwise; other people keep their own: the
//! school year they work in (docs/web.md §The year kept) and their language
//! (docs/i18n.md §Choosing the language).

use schoolplan::auth::Role;

use super::grid::demo;
use super::Web;

/// The year the menu's entry for `screen` (`employments`) leads to.
fn menu_year(html: &str, screen: &str) -> Option<i64> {
    let nav = &html[html.find("<nav").expect("a menu")..];
    let nav = &nav[..nav.find("</nav>").expect("the menu's end")];
    nav.split("href=\"/years/").skip(1).find_map(|rest| {
        let (year, after) = rest.split_once('/')?;
        after.starts_with(&format!("{screen}\"")).then(|| year.parse().ok()).flatten()
    })
}

#[tokio::test]
async fn the_year_a_planner_works_in_is_kept_across_pages_and_sessions() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let years = web.app.get("/schoolyear").await.expect(200);
    let newest = years
        .result()
        .as_array()
        .unwrap()
        .iter()
        .max_by_key(|y| y["graduationYear"].as_i64().unwrap())
        .map(|y| y["id"].as_i64().unwrap())
        .unwrap();
    assert_ne!(newest, year, "the demo has a year after 26/27");
    let planner = web.sign_in("planner", Role::Planner).await;

    // Before any choice, a page without a year leads to the newest year.
    let teachers = web.get("/teachers", Some(&planner)).await;
    assert_eq!(teachers.status, 200, "{}", teachers.html);
    assert_eq!(menu_year(&teachers.html, "employments"), Some(newest));

    // Pensenblatt of 26/27, then Lehrpersonen: Anstellungen is 26/27's.
    let sheet = web.get(&format!("/years/{year}/workload"), Some(&planner)).await;
    assert_eq!(sheet.status, 200, "{}", sheet.html);
    let teachers = web.get("/teachers", Some(&planner)).await;
    assert_eq!(menu_year(&teachers.html, "employments"), Some(year), "the menu leads to the year worked in");
    assert_eq!(menu_year(&teachers.html, "grid"), Some(year));
    let employments = web.get(&format!("/years/{year}/employments"), Some(&planner)).await;
    assert_eq!(employments.status, 200);
    assert!(employments.html.contains(&format!(r#"<option value="{year}" selected"#)), "the switch shows 26/27");

    // The master data and the start page keep it too, and so does a new session.
    for path in ["/subjects", "/"] {
        let page = web.get(path, Some(&planner)).await;
        assert_eq!(menu_year(&page.html, "workload"), Some(year), "{path}");
    }
    let link = web.link("planner").await;
    let again = web.get_url(&link, None, &[]).await;
    let again = again.set_cookie("sp_session").expect("a session").split(';').next().unwrap().to_string();
    assert_ne!(again, planner);
    assert_eq!(menu_year(&web.get("/teachers", Some(&again)).await.html, "employments"), Some(year));

    // A year that does not exist is not kept; another person keeps their own.
    assert_eq!(web.get("/years/999999/grid", Some(&planner)).await.status, 404);
    assert_eq!(menu_year(&web.get("/teachers", Some(&planner)).await.html, "employments"), Some(year));
    let reader = web.sign_in("reader", Role::Reader).await;
    assert_eq!(menu_year(&web.get("/teachers", Some(&reader)).await.html, "employments"), Some(newest));

    // Choosing another year through the switch keeps that one.
    let switched = web.get(&format!("/years?year={newest}&screen=grid"), Some(&planner)).await;
    assert_eq!(switched.status, 303);
    assert_eq!(web.get(&format!("/years/{newest}/grid"), Some(&planner)).await.status, 200);
    assert_eq!(menu_year(&web.get("/teachers", Some(&planner)).await.html, "employments"), Some(newest));
}

#[tokio::test]
async fn the_language_a_person_chose_is_kept_in_their_account() {
    let web = Web::spawn().await;
    let planner = web.sign_in("planner", Role::Planner).await;
    let home = web.get("/", Some(&planner)).await;
    assert!(home.html.contains(r#"<html lang="de""#), "German by default");
    let switched =
        web.post("/language", Some(&planner), &[("_csrf", &home.csrf()), ("lang", "fr"), ("back", "/")]).await;
    assert_eq!(switched.status, 303);
    // A new session, without the language cookie (another browser), starts in French.
    let link = web.link("planner").await;
    let again = web.get_url(&link, None, &[]).await;
    let again = again.set_cookie("sp_session").expect("a session").split(';').next().unwrap().to_string();
    let page = web.get("/", Some(&again)).await;
    assert!(page.html.contains(r#"<html lang="fr""#), "{}", &page.html[..page.html.len().min(300)]);
    // Another person's sessions are not affected.
    let reader = web.sign_in("reader", Role::Reader).await;
    assert!(web.get("/", Some(&reader)).await.html.contains(r#"<html lang="de""#));
}
