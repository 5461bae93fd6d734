//! The client's maintenance screen (Maintenance.vue) replayed on the demo
//! school, as pensen-app 3.6.5 sends its calls (docs/client.md §Standing jobs): it
//! polls `GET /job` every second and shows a card per listed job; "Datenbank
//! prüfen" sends the listed job back with `action: "start"` and
//! `schoolYear: null` (the screen has no year select).

use reqwest::Method;
use serde_json::{json, Value};

use crate::browser::{self, id, reads, Browser};
use crate::helpers::TestApp;

/// Polls `GET /job/ID` as the client does until the job no longer runs.
async fn poll(b: &Browser<'_>, job: i64) -> Value {
    for _ in 0..3000 {
        let j = b.get(&format!("/job/{job}")).await;
        if j["running"] == false {
            return j;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("job {job} still runs");
}

/// The ids of the cards the maintenance screen shows.
async fn cards(b: &Browser<'_>) -> Vec<i64> {
    let list = b.get("/job").await;
    let list = list.as_array().expect("a list of jobs");
    for j in list {
        reads(j, &["id", "running", "progress", "error", "title", "product", "log"]);
    }
    list.iter().map(id).collect()
}

/// A server with the client's settings and the demo school.
async fn demo_server() -> TestApp {
    let app = TestApp::spawn_with(browser::config()).await;
    schoolplan::dataset::import(&app.store, &schoolplan::demo::generate(1)).await.expect("demo school imported");
    app
}

#[tokio::test]
async fn check_database_runs_without_a_year_over_every_year() {
    let app = demo_server().await;
    let b = Browser::new(&app);
    let years = b.get("/schoolyear").await;
    let codes: Vec<&str> = years.as_array().unwrap().iter().map(|y| y["code"].as_str().unwrap()).collect();

    let jobs = b.get("/job").await;
    let mut check = jobs[1].clone();
    assert_eq!(check["name"], "CheckDatabase");
    check["action"] = json!("start");
    check["schoolYear"] = Value::Null;
    let started = b.call(Method::PUT, "/job/2", Some(&check)).await.expect(200);
    assert_eq!(started.result()["id"], 2);
    let done = poll(&b, 2).await;
    assert_eq!(done["error"], Value::Null, "{done}");
    // Every year is checked: a line per year names it and its number of findings.
    let log: Vec<&str> = done["log"].as_array().unwrap().iter().map(|l| l["message"].as_str().unwrap()).collect();
    for code in &codes {
        assert!(log.iter().any(|l| l.starts_with(&format!("School year {code}: "))), "{code} in {log:?}");
    }
    // The year's own findings are those of the year's plan check.
    let open = years.as_array().unwrap().iter().find(|y| y["code"] == "26/27").expect("26/27");
    let findings = b.get(&format!("/schoolyear/{}/check", id(open))).await;
    let header = format!("School year 26/27: {} findings.", findings.as_array().unwrap().len());
    assert!(log.contains(&header.as_str()), "{header} in {log:?}");
}

#[tokio::test]
async fn a_fetched_download_leaves_the_maintenance_screen() {
    let app = demo_server().await;
    let b = Browser::new(&app);
    let years = b.get("/schoolyear").await;
    let year = years.as_array().unwrap().iter().find(|y| y["code"] == "26/27").expect("26/27").clone();

    let job = b.post("/job", json!({"name": "PoolCSVDownload", "schoolYear": year})).await;
    let done = poll(&b, id(&job)).await;
    assert_eq!(cards(&b).await, [1, 2, 3, id(&job)], "done, its file not fetched yet: still a card");
    b.call(Method::GET, &format!("/file/{}", done["product"]), None).await.expect(200);
    assert_eq!(cards(&b).await, [1, 2, 3], "fetched: the card is gone, the standing jobs stay");
    // The job itself is still there for whoever polls it.
    assert_eq!(b.get(&format!("/job/{}", id(&job))).await["product"], done["product"]);
}
