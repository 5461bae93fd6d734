//! Übersicht → Export in Chromium: the whole school's workload sheets as one
//! PDF job, its progress bar moving over server-sent events, then the
//! download (docs/web.md §Documents).

use fantoccini::Locator;
use schoolplan::auth::Role;

use crate::chrome::Chrome;
use crate::helpers::TestApp;

#[tokio::test]
#[ignore = "needs Chromium and chromedriver: cargo test --test browser -- --ignored"]
async fn a_whole_school_pdf_job_moves_its_progress_bar_to_a_download() {
    let app = TestApp::spawn().await;
    schoolplan::dataset::import(&app.store, &schoolplan::demo::generate(1)).await.expect("demo imported");
    let years = app.get("/schoolyear").await.expect(200);
    let year = years.result().as_array().unwrap().iter().find(|y| y["code"] == "26/27").expect("26/27")["id"]
        .as_i64()
        .unwrap();
    app.token_for("reader1", Role::Reader).await;
    let link = schoolplan::service::session::create_link(&app.store, "reader1", &app.base).await.expect("link");
    let mut chrome = Chrome::start("documents").await;
    chrome.goto(&link).await;
    chrome.wait_for("nav").await;
    chrome.goto(&format!("{}/years/{year}/documents", app.base)).await;
    chrome.wait_for("button[value='WorkloadDownload']").await;
    chrome.screenshot("page").await;

    // Watch every value the progress bar takes.
    chrome
        .client
        .execute(
            "window.seen = []; new MutationObserver(function () { \
               document.querySelectorAll('#job-list progress').forEach(function (p) { window.seen.push(p.value); }); \
             }).observe(document.getElementById('job-list'), {subtree: true, attributes: true, childList: true}); \
             return true;",
            vec![],
        )
        .await
        .unwrap();
    chrome.client.find(Locator::Css("button[value='WorkloadDownload']")).await.unwrap().click().await.unwrap();
    chrome.wait_for("#job-list li.job").await;
    chrome.screenshot("running").await;
    let link = chrome
        .client
        .wait()
        .at_most(std::time::Duration::from_secs(240))
        .for_element(Locator::Css("#job-list a.job-download"))
        .await;
    let link = match link {
        Ok(link) => link,
        Err(e) => {
            chrome.screenshot("timeout").await;
            let jobs = app.get("/job").await.expect(200);
            let list = chrome.client.execute("return document.getElementById('job-list').outerHTML;", vec![]).await;
            panic!("the job ends with a download: {e}\n{list:?}\n{}", jobs.body);
        }
    };
    chrome.screenshot("done").await;
    let seen = chrome.client.execute("return window.seen;", vec![]).await.unwrap();
    let seen: Vec<f64> = seen.as_array().unwrap().iter().filter_map(|v| v.as_f64()).collect();
    assert!(seen.iter().any(|&v| v > 0.0 && v < 100.0), "the bar stood between 0 and 100 at some time: {seen:?}");
    assert_eq!(seen.last().copied(), Some(100.0), "{seen:?}");
    let text = chrome.text().await;
    assert!(text.contains("Pensenblätter herunterladen (PDF)") && text.contains("fertig"), "{text}");

    // The download is the PDF of every employment.
    let href = link.attr("href").await.unwrap().expect("a link");
    let session = chrome.client.get_named_cookie("sp_session").await.expect("the session cookie");
    let res = reqwest::Client::new()
        .get(format!("{}{href}", app.base))
        .header(reqwest::header::COOKIE, format!("sp_session={}", session.value()))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert!(res.bytes().await.unwrap().starts_with(b"%PDF"), "the product is a PDF");
    chrome.close().await;
}
