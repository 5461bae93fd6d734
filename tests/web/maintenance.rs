//! Spezielles → Wartung (docs/web.md §Wartung): the maintenance jobs started
//! from the page, followed to their result, for planners only.

use schoolplan::auth::Role;

use super::documents::{events, first_job};
use super::grid::demo;
use super::Web;

/// Starts job `name` from the Wartung page of `year` as htmx does; the card.
async fn start(web: &Web, cookie: &str, csrf: &str, year: i64, name: &str, school_year: &str) -> (u16, String) {
    let res = web
        .browser
        .post(format!("{}/years/{year}/maintenance", web.app.base))
        .header(reqwest::header::COOKIE, cookie)
        .header("hx-request", "true")
        .form(&[("_csrf", csrf), ("schoolYear", school_year), ("name", name)])
        .send()
        .await
        .expect("started");
    (res.status().as_u16(), res.text().await.unwrap())
}

#[tokio::test]
async fn a_planner_runs_the_maintenance_jobs_to_their_result() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let planner = web.sign_in("planner", Role::Planner).await;
    let path = format!("/years/{year}/maintenance");
    let page = web.get(&path, Some(&planner)).await;
    assert_eq!(page.status, 200, "{}", page.html);
    assert!(page.html.contains("<title>Wartung 26/27"), "{}", &page.html[..page.html.len().min(600)]);
    for name in ["CheckPlan", "CheckDatabase", "CalculateBalances"] {
        assert!(page.html.contains(&format!(r#"id="maintenance-{name}-start""#)), "a button for {name}");
    }
    assert!(page.html.contains(&format!(r#"href="{path}" aria-current="page""#)), "the menu's entry is marked");
    assert!(page.html.contains("Noch keine Prüfung gestartet."));
    let csrf = page.csrf();

    // Saldi berechnen on the demo: every frozen balance agrees.
    let (status, card) = start(&web, &planner, &csrf, year, "CalculateBalances", &year.to_string()).await;
    assert_eq!(status, 200, "{card}");
    let (_, done) = events(&web, &planner, first_job(&card)).await;
    assert!(done.contains("job--done"), "{done}");
    assert!(done.contains(r#"<details class="job-log" open>"#), "the result is shown open: {done}");
    assert!(done.contains("stimmen mit einer neuen Berechnung überein"), "{done}");
    assert!(!done.contains("weichen"), "no difference on a fresh demo: {done}");

    // Datenbank prüfen over every year: its findings in the log.
    let (status, card) = start(&web, &planner, &csrf, year, "CheckDatabase", "-1").await;
    assert_eq!(status, 200, "{card}");
    let (_, done) = events(&web, &planner, first_job(&card)).await;
    assert!(done.contains("job--done"), "{done}");
    assert!(done.contains("<li>"), "log lines: {done}");

    // Both runs are listed on the page, newest first.
    let page = web.get(&path, Some(&planner)).await;
    let database = page.html.find("Datenbank prüfen</span>").expect("the database check listed");
    let balances = page.html.find("Saldi berechnen</span>").expect("the balances listed");
    assert!(database < balances, "newest first");

    // A job of another screen is not started here; without htmx the answer is a redirect.
    let (status, _) = start(&web, &planner, &csrf, year, "WorkloadDownload", &year.to_string()).await;
    assert_eq!(status, 422);
    let plain = web
        .post(&path, Some(&planner), &[("_csrf", &csrf), ("schoolYear", &year.to_string()), ("name", "CheckPlan")])
        .await;
    assert_eq!(plain.status, 303);
    assert_eq!(plain.header("location"), format!("{path}#job-list"));
}

#[tokio::test]
async fn a_reader_has_no_maintenance() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let reader = web.sign_in("reader", Role::Reader).await;
    let page = web.get(&format!("/years/{year}/maintenance"), Some(&reader)).await;
    assert_eq!(page.status, 403);
    let grid = web.get(&format!("/years/{year}/grid"), Some(&reader)).await;
    assert!(!grid.html.contains("/maintenance"), "no menu entry");
}
