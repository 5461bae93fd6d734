//! Übersicht → Export in Chromium: the whole school's workload sheets as one
//! PDF job, its progress bar moving over server-sent events, then the
//! download (docs/web.md §Documents).

use fantoccini::Locator;
use schoolplan::auth::Role;

use crate::chrome::Chrome;
use crate::demo::demo_year;
use crate::helpers::TestApp;

#[tokio::test]
#[ignore = "needs Chromium and chromedriver: cargo test --test browser -- --ignored"]
async fn a_whole_school_pdf_job_moves_its_progress_bar_to_a_download() {
    let app = TestApp::spawn().await;
    let year = demo_year(&app).await;
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

#[tokio::test]
#[ignore = "needs Chromium and chromedriver: cargo test --test browser -- --ignored"]
async fn the_mail_preview_shows_one_mail_before_anything_is_sent() {
    let app = TestApp::spawn().await;
    let year = demo_year(&app).await;
    let jobs_before = app.get("/job").await.expect(200).result().as_array().unwrap().len();
    app.token_for("planner1", Role::Planner).await;
    let link = schoolplan::service::session::create_link(&app.store, "planner1", &app.base).await.expect("link");
    let mut chrome = Chrome::start("documents-mail").await;
    chrome.goto(&link).await;
    chrome.wait_for("nav").await;
    chrome.goto(&format!("{}/years/{year}/documents", app.base)).await;
    chrome.wait_for("#mail-link").await.click().await.unwrap();
    chrome.wait_for("#f-mailBody").await;
    // The first employed teacher, chosen by keyboard-free select: the second option (the first is "alle").
    let option = chrome.wait_for("#f-teacher option:nth-child(2)").await;
    let chosen = option.text().await.unwrap();
    option.click().await.unwrap();
    for (id, text) in [
        ("#f-mailFrom", "Sekretariat <sekretariat@kanti-demo.example>"),
        ("#f-mailSubject", "Ihr Pensenblatt 26/27"),
        ("#f-mailBody", "Liebe Kollegin, lieber Kollege\n\nIm Anhang Ihr Pensenblatt 26/27."),
    ] {
        chrome.wait_for(id).await.send_keys(text).await.unwrap();
    }
    chrome.screenshot("form").await;
    chrome.wait_for("#mail-preview").await.click().await.unwrap();
    let to = chrome.wait_for("#mail-to").await.text().await.unwrap();
    chrome.screenshot("preview").await;
    let code = chosen.split(" – ").next().unwrap();
    let name = chosen.split(" – ").nth(1).unwrap();
    // The choice reads "code – last first", the mail's To "First Last <address>".
    let addressee = to.split('<').next().unwrap();
    assert!(name.split(' ').all(|w| addressee.contains(w)) && to.contains('@'), "{to} is {name}");
    let text = chrome.text().await;
    assert!(text.contains(&format!("Pensenblatt_{code}_26-27.pdf")), "{text}");
    assert!(text.contains("Im Anhang Ihr Pensenblatt 26/27."), "{text}");
    assert!(text.contains("nicht eingerichtet"), "without --smtp-url the preview says so: {text}");
    let jobs_after = app.get("/job").await.expect(200).result().as_array().unwrap().len();
    assert_eq!(jobs_after, jobs_before, "a preview starts no job");
    chrome.close().await;
}
