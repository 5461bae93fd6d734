//! Working together live (docs/web.md §Working together): a year's pages
//! hear of other people's changes and see who else has the year open.

use std::time::Duration;

use schoolplan::auth::Role;
use serde_json::json;

use super::grid::demo;
use super::Web;

/// An open event stream of `/years/{year}/live`.
struct Stream {
    res: reqwest::Response,
    seen: String,
}

impl Stream {
    async fn open(web: &Web, year: i64, cookie: &str) -> Stream {
        let res = web
            .browser
            .get(format!("{}/years/{year}/live", web.app.base))
            .header(reqwest::header::COOKIE, cookie)
            .send()
            .await
            .expect("stream opened");
        assert_eq!(res.status(), 200);
        assert_eq!(res.headers()["content-type"], "text/event-stream");
        Stream { res, seen: String::new() }
    }

    /// Reads until an event `name` whose data contains `text` arrives, 10 s at most; its data.
    async fn until(&mut self, name: &str, text: &str) -> String {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(data) = self.find(name, text) {
                return data;
            }
            let chunk = tokio::time::timeout_at(deadline, self.res.chunk())
                .await
                .unwrap_or_else(|_| panic!("no {name} event with {text:?} within 10 s; seen:\n{}", self.seen))
                .expect("stream read")
                .expect("stream open");
            self.seen.push_str(&String::from_utf8_lossy(&chunk));
        }
    }

    /// Reads whatever arrives for `time`.
    async fn read_for(&mut self, time: Duration) {
        let deadline = tokio::time::Instant::now() + time;
        while let Ok(chunk) = tokio::time::timeout_at(deadline, self.res.chunk()).await {
            let chunk = chunk.expect("stream read").expect("stream open");
            self.seen.push_str(&String::from_utf8_lossy(&chunk));
        }
    }

    fn find(&mut self, name: &str, text: &str) -> Option<String> {
        let blocks: Vec<String> = self.seen.split("\n\n").map(str::to_string).collect();
        let complete = blocks.len().saturating_sub(1);
        for (i, block) in blocks[..complete].iter().enumerate() {
            let event = block.lines().find_map(|l| l.strip_prefix("event: ")).unwrap_or("");
            let data: Vec<&str> = block.lines().filter_map(|l| l.strip_prefix("data:")).map(str::trim_start).collect();
            let data = data.join("\n");
            if event == name && data.contains(text) {
                self.seen = blocks[i + 1..].join("\n\n");
                return Some(data);
            }
        }
        None
    }
}

#[tokio::test]
async fn a_change_by_someone_else_reaches_an_open_page_with_their_name() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let anna = web.sign_in("anna", Role::Planner).await;
    let mut stream = Stream::open(&web, year, &anna).await;
    // Alone at first.
    stream.until("alone", "-").await;
    // Another planner changes a course through the API.
    let courses = web.app.get(&format!("/course?schoolYear={year}")).await.expect(200);
    let course = courses.result()[0].clone();
    let id = course["id"].as_i64().unwrap();
    let mut changed = web.app.get(&format!("/course/{id}")).await.expect(200).result().clone();
    changed["comments"] = json!("live");
    web.app.put(&format!("/course/{id}"), changed).await.expect(200);
    let note = stream.until("change", "geändert").await;
    let (text, link) = note.split_once('\n').expect("the note and its link");
    assert_eq!(text, format!("test-admin hat {} geändert.", planners_name(&course)));
    assert_eq!(link, format!("/years/{year}/courses/{id}/edit"));
    // Someone else opens the same year: Anna's page names them.
    let ben = web.sign_in("ben", Role::Reader).await;
    let mut other = Stream::open(&web, year, &ben).await;
    let presence = stream.until("presence", "ben").await;
    assert_eq!(presence, "Ebenfalls geöffnet: ben");
    other.until("presence", "anna").await;
    // Ben leaves: Anna is alone again.
    drop(other);
    stream.until("alone", "-").await;
}

#[tokio::test]
async fn the_pages_of_a_year_listen_and_reload_their_region() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let anna = web.sign_in("anna", Role::Planner).await;
    let page = web.get(&format!("/years/{year}/grid"), Some(&anna)).await;
    assert!(page.html.contains(&format!(r#"data-live="/years/{year}/live""#)));
    assert!(page.html.contains(r#"hx-trigger="live-change from:body""#) && page.html.contains(r#"hx-disinherit="*""#));
    // A page without a year has no live events.
    let teachers = web.get("/teachers", Some(&anna)).await;
    assert!(!teachers.html.contains("data-live="));
    // Without a session no stream.
    let res = web.get(&format!("/years/{year}/live"), None).await;
    assert_eq!(res.status, 303);
}

/// A second server on `web`'s database with a pool of its own (as a second
/// machine behind a load balancer would be); its base URL.
async fn second_server(web: &Web) -> String {
    let store = web.app.second_store().await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("address"));
    let config = schoolplan::app::AppConfig { rate_limit: None, ..schoolplan::app::AppConfig::default() };
    tokio::spawn(schoolplan::app::serve(listener, store, config, std::future::pending()));
    base
}

#[tokio::test]
async fn a_change_through_one_server_reaches_a_page_open_on_another() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let anna = web.sign_in("anna", Role::Planner).await;
    // Anna's page is served by the second server (the session is in the shared database).
    let second = Web::with(web.app.at(second_server(&web).await));
    let mut stream = Stream::open(&second, year, &anna).await;
    stream.until("alone", "-").await;
    let courses = web.app.get(&format!("/course?schoolYear={year}")).await.expect(200);
    let id = courses.result()[1]["id"].as_i64().unwrap();
    let mut changed = web.app.get(&format!("/course/{id}")).await.expect(200).result().clone();
    changed["comments"] = json!("through the first server");
    web.app.put(&format!("/course/{id}"), changed).await.expect(200);
    let name = planners_name(&courses.result()[1]);
    stream.until("change", &format!("test-admin hat {name} geändert.")).await;
}

/// A course as planners name it: its subject and its classes (`Biologie F29c`).
fn planners_name(course: &serde_json::Value) -> String {
    let classes: Vec<&str> =
        course["schoolClasses"].as_array().unwrap().iter().map(|c| c["code"].as_str().unwrap()).collect();
    let subject = course["subject"]["description"].as_str().unwrap();
    if classes.is_empty() {
        subject.to_string()
    } else {
        format!("{subject} {}", classes.join("/"))
    }
}

/// A change made in the browser is told by what it did, not by the web
/// form's method (every form posts): a lessons change reads "geändert", a
/// cancellation "abgesagt", an employment by teacher and year; the history
/// says the same words. The API's delete reads "gelöscht", without a link.
#[tokio::test]
async fn the_note_says_what_was_done_whichever_front_door_did_it() {
    use super::grid_edit::{opened, post, set};
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let anna = web.sign_in("anna", Role::Planner).await;
    let planner = web.sign_in("planner", Role::Planner).await;
    let mut stream = Stream::open(&web, year, &anna).await;
    stream.until("alone", "-").await;
    let (course, _) = super::grid_pick::course_and_teacher(&web.app, year).await;
    let id = course["id"].as_i64().unwrap();
    let name = planners_name(&course);
    // Lessons changed in the browser's course editor.
    let (_, mut form) = opened(&web, year, &course, &planner).await;
    set(&mut form, "lessons1", "1,5");
    let saved = post(&web, &format!("/years/{year}/courses/{id}"), &planner, &form, None).await;
    assert_eq!(saved.status, 303, "{}", saved.html);
    let note = stream.until("change", &name).await;
    assert_eq!(note, format!("planner hat {name} geändert.\n/years/{year}/courses/{id}/edit"));
    assert!(!note.contains("erstellt") && !note.contains(&format!("Kurs {id}")));
    // Cancelled in the browser: "abgesagt".
    let (_, mut form) = opened(&web, year, &course, &planner).await;
    set(&mut form, "cancelled", "on");
    let saved = post(&web, &format!("/years/{year}/courses/{id}"), &planner, &form, None).await;
    assert_eq!(saved.status, 303, "{}", saved.html);
    let note = stream.until("change", "abgesagt").await;
    assert!(note.starts_with(&format!("planner hat {name} abgesagt.")), "{note}");
    // An employment changed through the API: by teacher and year.
    let employments = web.app.get(&format!("/employment?schoolYear={year}")).await.expect(200);
    let employment = employments.result()[0].clone();
    let eid = employment["id"].as_i64().unwrap();
    let mut changed = web.app.get(&format!("/employment/{eid}")).await.expect(200).result().clone();
    changed["comments"] = json!("live");
    web.app.put(&format!("/employment/{eid}"), changed).await.expect(200);
    let label = format!(
        "{} {}",
        employment["teacher"]["code"].as_str().unwrap(),
        employment["schoolYear"]["code"].as_str().unwrap()
    );
    let note = stream.until("change", &label).await;
    assert_eq!(note, format!("test-admin hat Anstellung {label} geändert.\n/years/{year}/employments/{eid}"));
    // A note deleted through the API: "gelöscht", and no link to what is gone.
    let teacher = employment["teacher"]["id"].as_i64().unwrap();
    let created = web.app.post("/note", json!({"teacher": teacher, "text": "kurz"})).await.expect(201);
    let nid = created.result()["id"].as_i64().unwrap();
    web.app.delete(&format!("/note/{nid}")).await.expect(204);
    let code = employment["teacher"]["code"].as_str().unwrap();
    let note = stream.until("change", "gelöscht").await;
    assert_eq!(note, format!("test-admin hat Notiz {code} gelöscht."));
    // The history says the same words.
    let admin = web.sign_in("chef", Role::Admin).await;
    let history = web.get(&format!("/history/course/{id}"), Some(&admin)).await;
    assert!(
        history.html.contains("· planner · abgesagt") && history.html.contains("· planner · geändert"),
        "{}",
        history.html
    );
}

/// Presence through the database: a page open on one server names a
/// colleague whose page is open on another, and no longer once it closed —
/// well within the lease of a server that stopped.
#[tokio::test]
async fn pages_on_two_servers_name_each_other_until_one_closes() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let anna = web.sign_in("anna", Role::Planner).await;
    let ben = web.sign_in("ben", Role::Reader).await;
    let second = Web::with(web.app.at(second_server(&web).await));
    let mut on_first = Stream::open(&web, year, &anna).await;
    on_first.until("alone", "-").await;
    let mut on_second = Stream::open(&second, year, &ben).await;
    assert_eq!(on_second.until("presence", "anna").await, "Ebenfalls geöffnet: anna");
    assert_eq!(on_first.until("presence", "ben").await, "Ebenfalls geöffnet: ben");
    // Ben's page closes: Anna's page on the first server is alone again.
    let closed = tokio::time::Instant::now();
    drop(on_second);
    on_first.until("alone", "-").await;
    assert!(closed.elapsed() < schoolplan::service::live::LEASE, "gone only after {:?}", closed.elapsed());
    // Another year open on the second server is not named on Anna's page.
    let years = web.app.get("/schoolyear").await.expect(200);
    let ids = years.result().as_array().unwrap().iter().map(|y| y["id"].as_i64().unwrap());
    let other = ids.into_iter().find(|y| *y != year).expect("another year");
    let other_year = Stream::open(&second, other, &ben).await;
    on_first.read_for(schoolplan::service::live::LOOK_EVERY * 3).await;
    assert!(on_first.find("presence", "ben").is_none(), "seen:\n{}", on_first.seen);
    drop(other_year);
}
