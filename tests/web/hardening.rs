//! Issue 40, the web interface's protections
//! (docs/security.md §The web interface): redirect targets stay on this site, bad input is a 4xx and
//! stores nothing, oversized bodies get 413 before the CSRF check, and the
//! live feed tells each reader only what they may read, of their own year.

use std::time::Duration;

use reqwest::header::{CONTENT_TYPE, COOKIE};
use schoolplan::auth::Role;

use super::grid::demo;
use super::{read, Page, Web};

/// POSTs raw bytes as a url-encoded form.
async fn post_raw(web: &Web, path: &str, cookie: Option<&str>, body: Vec<u8>) -> Page {
    let mut req = web
        .browser
        .post(format!("{}{path}", web.app.base))
        .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(body);
    if let Some(c) = cookie {
        req = req.header(COOKIE, c);
    }
    read(req.send().await.expect("request sent")).await
}

/// The rows that any write leaves: audit entries (every change) and jobs.
async fn stored(web: &Web) -> (i64, i64) {
    let count = |sql: &'static str| async move { web.app.sql(sql).await.unwrap_or(0) };
    (count("SELECT COUNT(*) FROM audit_entry").await, count("SELECT COUNT(*) FROM job").await)
}

#[tokio::test]
async fn redirect_targets_stay_on_this_site() {
    let web = Web::spawn().await;
    // The language switch answers anyone, without a session.
    for back in [
        "/\t/evil.example/",
        "/\r\n/evil.example/",
        "/\n/evil.example/",
        "/\\evil.example/",
        "/\\/evil.example/",
        "//evil.example/",
        "\t//evil.example/",
        "https://evil.example/",
        "/\x7f",
        "/a b",
    ] {
        let page = web.post("/language", None, &[("lang", "en"), ("back", back)]).await;
        assert_eq!(page.status, 303, "{back:?}: {}", page.html);
        assert_eq!(page.header("location"), "/", "{back:?}");
    }
    // A percent-encoded TAB stays a path of this site, as the browser reads it.
    let page = web.post("/language", None, &[("lang", "en"), ("back", "/%09/evil.example/")]).await;
    assert_eq!((page.status, page.header("location")), (303, "/%09/evil.example/"));
    let page = web.post("/language", None, &[("lang", "en"), ("back", "/teachers?q=a#top")]).await;
    assert_eq!((page.status, page.header("location")), (303, "/teachers?q=a#top"));

    // The history's link back: `%09` in the query is a TAB once decoded.
    let admin = web.sign_in("admin", Role::Admin).await;
    let grade = web.app.create("/grade", serde_json::json!({"code": "G9", "description": "x"})).await;
    let page = web.get(&format!("/history/grade/{grade}?back=/%09/evil.example/"), Some(&admin)).await;
    assert_eq!(page.status, 200, "{}", page.html);
    assert!(!page.html.contains("evil.example"), "no link to another site:\n{}", page.html);
    let page = web.get(&format!("/history/grade/{grade}?back=%2F%5Cevil.example"), Some(&admin)).await;
    assert!(!page.html.contains("evil.example"), "no link to another site:\n{}", page.html);
}

#[tokio::test]
async fn bad_input_is_a_client_error_not_a_server_error() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let planner = web.sign_in("anna", Role::Planner).await;
    let csrf = web.get("/", Some(&planner)).await.csrf();
    let before = stored(&web).await;
    // A year that is not a number: the field's message, 4xx.
    let page = web
        .post(
            "/jobs",
            Some(&planner),
            &[("_csrf", &csrf), ("name", "WorkloadDownload"), ("schoolYear", "abc"), ("teacher", "1")],
        )
        .await;
    assert!((400..500).contains(&page.status), "{}: {}", page.status, page.html);
    assert!(page.html.contains("schoolYear"), "the field is named: {}", page.html);
    // A header value the server cannot build: no 500.
    let page = web.post("/language", None, &[("lang", "de"), ("back", "/\x7f")]).await;
    assert_eq!((page.status, page.header("location")), (303, "/"));
    // Invalid UTF-8 and invalid escapes: 400, nothing stored.
    for body in [
        format!("_csrf={csrf}&code=%zz&description=x").into_bytes(),
        format!("_csrf={csrf}&code=%FF%FE&description=x").into_bytes(),
        [format!("_csrf={csrf}&code=").into_bytes(), vec![0xff, 0xfe], b"&description=x".to_vec()].concat(),
    ] {
        let page = post_raw(&web, "/subjectcategories", Some(&planner), body).await;
        assert_eq!(page.status, 400, "{}", page.html);
        assert!(page.html.contains("Formular"), "{}", page.html);
    }
    assert_eq!(stored(&web).await, before, "nothing stored");
    let _ = year;
}

/// Every `.route("path", …)` of the web interface, in each screen's
/// `routes()` (the files of src/web/): the path and the rest of the call
/// (its methods and handlers). The record screens' routes, built from their
/// base (`.route(&format!(…))`), are not among them.
pub fn web_routes() -> Vec<(String, String)> {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("src/web/ is readable") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/web"), &mut files);
    files.sort();
    let mut routes = Vec::new();
    for file in files {
        let source = std::fs::read_to_string(&file).expect("a source file");
        for line in source.lines() {
            for call in line.split(".route(\"").skip(1) {
                let (path, rest) = call.split_once('"').expect("a route's path ends on its line");
                routes.push((path.to_string(), rest.to_string()));
            }
        }
    }
    routes
}

/// Every POST route of the web interface ([`web_routes`] and the record
/// screens' routers), with `{year}` and ids filled in.
pub fn post_routes(year: i64, course: i64) -> Vec<String> {
    let mut routes: Vec<String> = [
        "/language",
        "/jobs",
        "/years/{year}/mail",
        "/years/{year}/maintenance",
        "/years/{year}/courses/{course}",
        "/years/{year}/courses/{course}/split",
        "/years/{year}/courses/{course}/delete",
        "/years/{year}/courses/{course}/merge",
        "/years/{year}/courses/merge",
        "/years/{year}/courses/cancel",
        "/years/{year}/courses/resume",
        "/years/{year}/cells/1/1",
        "/opening",
        "/opening/{year}/class",
        "/opening/{year}/open",
        "/years/{year}/postings",
        "/years/{year}/postings/1",
        "/years/{year}/postings/1/delete",
        "/years/{year}/theses/1",
        "/years/{year}/theses/paste",
        "/years/{year}/theses/paste/save",
        "/years/{year}/notes",
        "/years/{year}/notes/1/delete",
        "/admin/accounts",
        "/admin/accounts/1/role",
        "/admin/accounts/1/delete",
        "/admin/accounts/1/tokens",
        "/admin/accounts/1/tokens/1/revoke",
        "/admin/accounts/1/signin-link",
        "/years/{year}/crossclass",
        "/years/{year}/crossclass/1",
        "/years/{year}/crossclass/1/delete",
        "/lessontable/1-1",
        "/schoolyears/{year}",
        "/schoolyears/{year}/archive",
        "/schoolyears/{year}/delete",
        "/divisions/1/logo",
        "/divisions/1/signature",
        "/divisions/1/logo/remove",
        "/divisions/1/signature/remove",
        "/years/{year}/workload/1/answer",
        "/years/{year}/release",
        "/signin/mail",
        "/signin/confirm",
        "/me/{year}/confirm",
        "/me/{year}/question",
        "/admin/invite",
    ]
    .iter()
    .map(|r| r.to_string())
    .collect();
    for base in ["/teachers", "/subjects", "/classes", "/subjectcategories", "/subjecttypes", "/genders", "/curricula"]
    {
        routes.extend([base.to_string(), format!("{base}/1"), format!("{base}/1/archive"), format!("{base}/1/delete")]);
    }
    routes.extend(["/divisions".to_string(), "/divisions/1".to_string(), "/divisions/1/delete".to_string()]);
    for base in ["/years/{year}/employments", "/years/{year}/pool"] {
        routes.extend([base.to_string(), format!("{base}/1"), format!("{base}/1/delete")]);
    }
    routes.push("/signout".to_string());
    routes.iter().map(|r| r.replace("{year}", &year.to_string()).replace("{course}", &course.to_string())).collect()
}

#[test]
fn the_list_of_post_routes_covers_the_router() {
    // Every `.route("…", …post(…))` of the screens is in the list (its
    // parameters as in the list: `{year}`, `{course}`, else 1).
    let listed = post_routes(7, 9);
    let mut missing = Vec::new();
    let routes = web_routes();
    assert!(routes.len() > 60, "the screens' routes were found: {}", routes.len());
    for (path, _) in routes.iter().filter(|(_, call)| call.contains("post(")) {
        let filled = path
            .replace("{year}", "7")
            .replace("/courses/{id}", "/courses/9")
            .replace("{id}", "1")
            .replace("{teacher}", "1")
            .replace("{subject}", "1")
            .replace("{class}", "1")
            .replace("{token}", "1")
            .replace("{key}", "1-1");
        if !listed.contains(&filled) {
            missing.push(filled);
        }
    }
    assert!(missing.is_empty(), "POST routes not driven by the test below: {missing:?}");
}

#[tokio::test]
async fn every_post_route_refuses_malformed_forms_and_stores_nothing() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let courses = web.app.get(&format!("/course?schoolYear={year}")).await.expect(200);
    let course = courses.result()[0]["id"].as_i64().unwrap();
    let admin = web.sign_in("admin", Role::Admin).await;
    let csrf = web.get("/", Some(&admin)).await.csrf();
    let mut before = stored(&web).await;
    let mut offenders = Vec::new();
    let wrong_types = "&_version=abc&code=%00&name=%0D%0A&description=&lessons1=abc&lessons2=1e999&schoolYear=abc\
                       &teacher=-1&teachers1=x&class=abc&archived=maybe&role=emperor&lang=xx&with=abc&course=abc\
                       &amount=abc&date=31.02.2026&text=&weeks=abc&graduationYear=abc&division=abc&subject=abc";
    for path in post_routes(year, course) {
        // Invalid escapes and invalid UTF-8: 400 from the form's reader.
        for body in [
            format!("_csrf={csrf}&code=%zz&name=x").into_bytes(),
            format!("_csrf={csrf}&code=%C3%28&name=x").into_bytes(),
            [format!("_csrf={csrf}&code=").into_bytes(), vec![0xff], b"&name=x".to_vec()].concat(),
        ] {
            let page = post_raw(&web, &path, Some(&admin), body).await;
            assert_eq!(page.status, 400, "{path}: {}", page.html);
        }
        if path == "/signout" {
            continue;
        }
        // A button without fields does what it says when pressed (the
        // opening of a year, a new token, a revocation): it may write; it
        // must not fail.
        let action = path.ends_with("/open") || path.ends_with("/tokens") || path.ends_with("/revoke");
        // Missing fields and wrong types: never a server error.
        for body in [format!("_csrf={csrf}"), format!("_csrf={csrf}{wrong_types}")] {
            let page = post_raw(&web, &path, Some(&admin), body.into_bytes()).await;
            assert!(page.status < 500, "{path}: {} {}", page.status, page.html);
            let now = stored(&web).await;
            if action {
                before = now;
            }
            if now != before && !action {
                offenders.push(format!("{path} {} {:?}", page.status, page.header("location")));
                before = now;
            }
        }
    }
    assert!(offenders.is_empty(), "stored: {offenders:#?}");
}

#[tokio::test]
async fn an_oversized_form_gets_413_naming_the_limit_before_the_csrf_check() {
    let web = Web::spawn().await;
    let planner = web.sign_in("anna", Role::Planner).await;
    let big = format!("_csrf=wrong&code={}", "a".repeat(2 * 1024 * 1024 + 1));
    let page = post_raw(&web, "/subjectcategories", Some(&planner), big.into_bytes()).await;
    assert_eq!(page.status, 413, "{}", page.html);
    assert!(page.html.contains("2 MiB"), "{}", page.html);
    assert!(!page.html.contains("CSRF"), "{}", page.html);
    // An upload beyond its limit (10 MiB) likewise.
    let res = web
        .browser
        .post(format!("{}/divisions/1/logo", web.app.base))
        .header(COOKIE, &planner)
        .header(CONTENT_TYPE, "multipart/form-data; boundary=x")
        .body(vec![b'a'; 10 * 1024 * 1024 + 1])
        .send()
        .await
        .expect("answered");
    let page = read(res).await;
    assert_eq!(page.status, 413, "{}", page.html);
    assert!(page.html.contains("10 MiB"), "{}", page.html);
}

/// An open event stream of `/years/{year}/live`, read as text.
async fn stream(web: &Web, year: i64, cookie: &str) -> reqwest::Response {
    web.browser
        .get(format!("{}/years/{year}/live", web.app.base))
        .header(COOKIE, cookie)
        .send()
        .await
        .expect("answered")
}

/// What arrives on `res` within `time`.
pub async fn read_for(res: &mut reqwest::Response, time: Duration) -> String {
    let mut seen = String::new();
    let deadline = tokio::time::Instant::now() + time;
    while let Ok(Ok(Some(chunk))) = tokio::time::timeout_at(deadline, res.chunk()).await {
        seen.push_str(&String::from_utf8_lossy(&chunk));
    }
    seen
}

#[tokio::test]
async fn the_live_feed_tells_readers_only_what_they_may_read_of_their_year() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let years = web.app.get("/schoolyear").await.expect(200);
    let open = |y: &&serde_json::Value| y["archived"] == false && y["finalised"] == false;
    let other =
        years.result().as_array().unwrap().iter().filter(open).map(|y| y["id"].as_i64().unwrap()).find(|y| *y != year);
    let other = other.expect("the demo has another open year");
    let reader = web.sign_in("rita", Role::Reader).await;
    let admin = web.sign_in("adam", Role::Admin).await;
    // A year that does not exist: 404, no stream.
    assert_eq!(stream(&web, 99_999, &reader).await.status(), 404);
    let mut heard_by_reader = stream(&web, year, &reader).await;
    let mut heard_by_admin = stream(&web, year, &admin).await;
    assert_eq!(heard_by_reader.status(), 200);
    // Give both streams their start (they announce what is committed after it).
    read_for(&mut heard_by_reader, Duration::from_millis(600)).await;
    read_for(&mut heard_by_admin, Duration::from_millis(600)).await;
    // An account and a token (admin-only), a course of another year, and a teacher (master data).
    let account = web.app.create("/account", serde_json::json!({"name": "newbie", "role": "reader"})).await;
    web.app.post("/token", serde_json::json!({"account": account})).await.expect(201);
    let courses = web.app.get(&format!("/course?schoolYear={other}")).await.expect(200);
    let id = courses.result()[0]["id"].as_i64().unwrap();
    let mut changed = web.app.get(&format!("/course/{id}")).await.expect(200).result().clone();
    changed["comments"] = serde_json::json!("another year");
    web.app.put(&format!("/course/{id}"), changed).await.expect(200);
    let grade = web.app.create("/grade", serde_json::json!({"code": "G9", "description": "x"})).await;
    let reader_saw = read_for(&mut heard_by_reader, Duration::from_secs(3)).await;
    let admin_saw = read_for(&mut heard_by_admin, Duration::from_secs(1)).await;
    assert!(grade > 0);
    assert!(reader_saw.contains("hat Stufe G9 erstellt"), "master data reaches every year:\n{reader_saw}");
    assert!(!reader_saw.contains("Konto") && !reader_saw.contains("Token"), "no accounts or tokens:\n{reader_saw}");
    let course_page = format!("/courses/{id}/edit");
    assert!(!reader_saw.contains(&course_page), "no course of another year:\n{reader_saw}");
    assert!(admin_saw.contains("hat Konto newbie erstellt"), "an admin hears of accounts:\n{admin_saw}");
    assert!(admin_saw.contains(&format!("/admin/accounts/{account}")), "with a link:\n{admin_saw}");
    assert!(!admin_saw.contains(&course_page), "nor an admin of another year's course:\n{admin_saw}");
}

#[tokio::test]
async fn live_streams_are_capped_per_session_and_end_at_sign_out() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let reader = web.sign_in("rita", Role::Reader).await;
    let mut open = Vec::new();
    for _ in 0..schoolplan::service::live::STREAMS_PER_SESSION {
        let res = stream(&web, year, &reader).await;
        assert_eq!(res.status(), 200);
        open.push(res);
    }
    let refused = stream(&web, year, &reader).await;
    assert_eq!(refused.status(), 429);
    assert!(refused.headers().get("retry-after").is_some(), "Retry-After");
    // Another session has its own.
    let other = web.sign_in("otto", Role::Reader).await;
    assert_eq!(stream(&web, year, &other).await.status(), 200);
    // Signing out ends the session's streams.
    let csrf = web.get("/", Some(&reader)).await.csrf();
    web.post("/signout", Some(&reader), &[("_csrf", &csrf)]).await;
    let first = open.first_mut().unwrap();
    let ended =
        tokio::time::timeout(Duration::from_secs(5), async { while let Ok(Some(_)) = first.chunk().await {} }).await;
    assert!(ended.is_ok(), "the stream ended at sign-out");
}

#[tokio::test]
async fn the_live_streams_of_a_server_are_capped_by_its_setting() {
    let config = schoolplan::app::AppConfig { rate_limit: None, live_streams: 2, ..super::helpers::TestApp::config() };
    let web = Web::with(super::helpers::TestApp::spawn_with(config).await);
    let year = demo(&web).await;
    let names = ["a", "b", "c"];
    let mut sessions = Vec::new();
    for name in names {
        sessions.push(web.sign_in(name, Role::Reader).await);
    }
    let _one = stream(&web, year, &sessions[0]).await;
    let _two = stream(&web, year, &sessions[1]).await;
    let third = stream(&web, year, &sessions[2]).await;
    assert_eq!(third.status(), 429);
    assert!(third.headers().get("retry-after").is_some());
}
