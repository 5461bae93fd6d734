//! Übersicht → Export (docs/web.md §Documents): starting jobs from forms,
//! their progress as server-sent events, the download, and the roles.

use schoolplan::auth::Role;

use super::grid::demo;
use super::{Page, Web};

/// The documents page of `year` for `cookie`.
async fn page(web: &Web, year: i64, cookie: &str) -> Page {
    let page = web.get(&format!("/years/{year}/documents"), Some(cookie)).await;
    assert_eq!(page.status, 200, "{}", page.html);
    page
}

/// The id of the first job card in `html` (`id="job-N"`).
pub fn first_job(html: &str) -> i64 {
    let marker = r#"<li id="job-"#;
    let start = html.find(marker).unwrap_or_else(|| panic!("no job card in {html}")) + marker.len();
    html[start..].split('"').next().unwrap().parse().expect("a job id")
}

/// Reads the job's event stream to its end: (the progress events' data, the `done` event's data).
pub async fn events(web: &Web, cookie: &str, job: i64) -> (Vec<String>, String) {
    let res = web
        .browser
        .get(format!("{}/jobs/{job}/events", web.app.base))
        .header(reqwest::header::COOKIE, cookie)
        .send()
        .await
        .expect("events");
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "text/event-stream");
    let body = tokio::time::timeout(std::time::Duration::from_secs(120), res.text()).await.expect("the stream ends");
    let body = body.expect("events read");
    let mut progress = Vec::new();
    let mut done = None;
    for block in body.split("\n\n") {
        let event = block.lines().find_map(|l| l.strip_prefix("event: ")).unwrap_or("");
        let data: Vec<&str> = block.lines().filter_map(|l| l.strip_prefix("data: ")).collect();
        match event {
            "progress" => progress.push(data.join("\n")),
            "done" => done = Some(data.join("\n")),
            _ => {}
        }
    }
    (progress, done.unwrap_or_else(|| panic!("no done event in {body}")))
}

#[tokio::test]
async fn a_reader_starts_a_download_follows_it_and_fetches_the_product() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let cookie = web.sign_in("rita", Role::Reader).await;
    let before = page(&web, year, &cookie).await;
    // German by default; downloads are offered, the planner's checks are not.
    assert!(before.html.contains("Pensenblätter herunterladen (PDF)"), "{}", before.html);
    assert!(before.html.contains(r#"value="UntisDownload:2""#));
    assert!(!before.html.contains("CheckPlan"), "a reader is not offered the plan check");
    assert!(before.html.contains("Noch keine Jobs"));
    let csrf = before.csrf();
    // Started as htmx does: the answer is the job's card.
    let started = web
        .browser
        .post(format!("{}/jobs", web.app.base))
        .header(reqwest::header::COOKIE, &cookie)
        .header("hx-request", "true")
        .form(&[("_csrf", csrf.as_str()), ("schoolYear", &year.to_string()), ("name", "UntisDownload:2")])
        .send()
        .await
        .expect("started");
    assert_eq!(started.status(), 200);
    let card = started.text().await.unwrap();
    assert!(card.contains("Untis-Export 2. Semester") || card.contains("Untis-Export"), "{card}");
    let job = first_job(&card);
    // The same job through the API: the semester came through.
    let (progress, done) = events(&web, &cookie, job).await;
    assert!(progress.iter().all(|p| p.split(' ').next().unwrap().parse::<u8>().is_ok()), "{progress:?}");
    assert!(done.contains(&format!(r#"id="job-{job}""#)) && done.contains("fertig"), "{done}");
    let file = done.split(r#"href="/files/"#).nth(1).and_then(|s| s.split('"').next()).expect("a download link");
    let res = web.get(&format!("/files/{file}"), Some(&cookie)).await;
    assert_eq!(res.status, 200);
    assert!(res.header("content-disposition").contains("Untis_S2_"), "{:?}", res.headers);
    // Once fetched, the job leaves the list, as it leaves `GET /api/v1/job`.
    let after = page(&web, year, &cookie).await;
    assert!(!after.html.contains(&format!(r#"id="job-{job}""#)));
}

#[tokio::test]
async fn without_javascript_a_start_redirects_and_a_refused_one_says_why() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let reader = web.sign_in("rita", Role::Reader).await;
    let csrf = page(&web, year, &reader).await.csrf();
    let y = year.to_string();
    let ok =
        web.post("/jobs", Some(&reader), &[("_csrf", &csrf), ("schoolYear", &y), ("name", "PoolCSVDownload")]).await;
    assert_eq!(ok.status, 303);
    assert_eq!(ok.header("location"), format!("/years/{year}/documents#job-list"));
    // A forged planner job: the job's own role check answers, on the page.
    let refused =
        web.post("/jobs", Some(&reader), &[("_csrf", &csrf), ("schoolYear", &y), ("name", "CheckPlan")]).await;
    assert_eq!(refused.status, 403, "{}", refused.html);
    assert!(refused.html.contains(r#"role="alert""#));
    // A bad parameter: the field's problem in German.
    let bad =
        web.post("/jobs", Some(&reader), &[("_csrf", &csrf), ("schoolYear", &y), ("name", "UntisDownload:7")]).await;
    assert_eq!(bad.status, 422, "{}", bad.html);
    assert!(bad.html.contains("semester"), "{}", bad.html);
    // Without the CSRF token nothing starts.
    let forged = web.post("/jobs", Some(&reader), &[("schoolYear", &y), ("name", "PoolCSVDownload")]).await;
    assert_eq!(forged.status, 403);
    // Someone else's file is not found.
    let other = web.sign_in("otto", Role::Reader).await;
    let mine = page(&web, year, &reader).await;
    let job = first_job(&mine.html);
    assert_eq!(web.get(&format!("/jobs/{job}/events"), Some(&other)).await.status, 404);
}

#[tokio::test]
async fn a_planner_sees_the_checks_and_the_page_speaks_english() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let planner = web.sign_in("paula", Role::Planner).await;
    let de = page(&web, year, &planner).await;
    assert!(de.html.contains(r#"value="CheckPlan""#));
    assert!(de.html.contains(r#"aria-current="page">Export</a>"#), "the menu marks Export");
    let csrf = de.csrf();
    let english = web.post("/language", Some(&planner), &[("_csrf", &csrf), ("lang", "en"), ("back", "/")]).await;
    assert_eq!(english.status, 303);
    let en = page(&web, year, &planner).await;
    assert!(en.html.contains("Download workload sheets (PDF)") && en.html.contains("No jobs yet"), "{}", en.html);
}
