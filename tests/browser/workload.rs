//! Pensenblatt in Chromium: one teacher's sheet of the demo's 26/27, its
//! totals against `GET /api/v1/workload`, the print rendering (print media
//! emulated over the DevTools protocol: no menu, no tools) and the teacher
//! switch; a screenshot of each.

use std::str::FromStr;

use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::Locator;
use rust_decimal::{Decimal, RoundingStrategy};
use schoolplan::auth::Role;
use serde_json::{json, Value};

use crate::chrome::Chrome;
use crate::helpers::TestApp;

/// A DevTools protocol command through chromedriver (`goog/cdp/execute`).
#[derive(Debug)]
struct Cdp {
    cmd: &'static str,
    params: Value,
}

impl WebDriverCompatibleCommand for Cdp {
    fn endpoint(&self, base: &url::Url, session: Option<&str>) -> Result<url::Url, url::ParseError> {
        base.join(&format!("session/{}/goog/cdp/execute", session.unwrap_or_default()))
    }

    fn method_and_body(&self, _url: &url::Url) -> (axum::http::Method, Option<String>) {
        (axum::http::Method::POST, Some(json!({"cmd": self.cmd, "params": self.params}).to_string()))
    }
}

/// The page as printed (`print`) or on screen (`screen`).
async fn media(chrome: &Chrome, media: &str) {
    chrome
        .client
        .issue_cmd(Cdp { cmd: "Emulation.setEmulatedMedia", params: json!({"media": media}) })
        .await
        .expect("print media emulated");
}

/// Scrolls the element with `id` to the top of the window.
async fn scroll_to(chrome: &Chrome, id: &str) {
    chrome
        .client
        .execute("document.getElementById(arguments[0]).scrollIntoView({block: 'start'});", vec![json!(id)])
        .await
        .unwrap();
}

/// The computed `display` of the first element matching `css`.
async fn display(chrome: &Chrome, css: &str) -> String {
    let v = chrome
        .client
        .execute("return getComputedStyle(document.querySelector(arguments[0])).display;", vec![json!(css)])
        .await
        .unwrap();
    v.as_str().unwrap_or_default().to_string()
}

fn decimal(v: &Value) -> Decimal {
    Decimal::from_str(&v.to_string()).unwrap_or_else(|_| panic!("a number: {v}"))
}

/// A shown figure: `2.50 L` → 2.50, `12.35 %` → 12.35, `–` → 0.
fn shown(text: &str) -> Decimal {
    let t = text.trim().trim_end_matches(" L").trim_end_matches(" %").trim();
    if t == "–" {
        Decimal::ZERO
    } else {
        Decimal::from_str(t).unwrap_or_else(|_| panic!("a figure: {text:?}"))
    }
}

#[tokio::test]
#[ignore = "needs Chromium and chromedriver: cargo test --test browser -- --ignored"]
async fn a_teachers_sheet_shows_the_apis_totals_and_prints_clean() {
    let app = TestApp::spawn().await;
    schoolplan::dataset::import(&app.store, &schoolplan::demo::generate(1)).await.expect("demo imported");
    let years = app.get("/schoolyear").await.expect(200);
    let year = years.result().as_array().unwrap().iter().find(|y| y["code"] == "26/27").expect("26/27")["id"].clone();
    let forms = app.get(&format!("/workload?schoolYear={year}")).await.expect(200).result().clone();
    let forms = forms.as_array().unwrap();
    // The teacher with postings, pool entries, theses and age relief, if the demo has one: every section shows.
    let form = forms
        .iter()
        .max_by_key(|f| {
            let n = |v: &Value| v.as_array().map_or(0, |a| a.len().min(2));
            n(&f["postings"]["items"]) * 4
                + n(&f["pool"]["items"]) * 3
                + n(&f["theses"]["items"]) * 3
                + usize::from(f["summary"]["ageReliefFactor1"] != json!(0)) * 2
        })
        .unwrap();
    let teacher = form["teacher"]["id"].as_i64().unwrap();
    app.token_for("planner1", Role::Planner).await;
    let link = schoolplan::service::session::create_link(&app.store, "planner1", &app.base).await.expect("link");
    let mut chrome = Chrome::start("workload").await;
    chrome.goto(&link).await;
    chrome.wait_for("nav").await;

    // The menu leads to the year's teachers, each to their sheet.
    chrome.client.find(Locator::LinkText("Pensenblatt")).await.expect("the menu entry").click().await.unwrap();
    chrome.wait_for("#workload-list").await;
    chrome.screenshot("list").await;

    chrome.goto(&format!("{}/years/{year}/workload/{teacher}", app.base)).await;
    chrome.wait_for("#payroll").await;
    let figures = chrome
        .client
        .execute(
            "return Array.from(document.querySelectorAll('[data-figure]')).map(e => [e.dataset.figure, e.textContent]);",
            vec![],
        )
        .await
        .unwrap();
    let figures: Vec<(String, String)> = serde_json::from_value(figures).unwrap();
    let pd = form["payroll"]["percentDecimals"].as_u64().unwrap() as u32;
    let round = |d: Decimal, n: u32| d.round_dp_with_strategy(n, RoundingStrategy::MidpointAwayFromZero);
    let totals = [
        ("courses.total.lessons1", &form["courses"]["total"]["lessons1"], 2),
        ("courses.total.percent1", &form["courses"]["total"]["percent1"], pd),
        ("courses.total.lessons2", &form["courses"]["total"]["lessons2"], 2),
        ("courses.total.percent2", &form["courses"]["total"]["percent2"], pd),
        ("summary.total.percentWithAgeRelief", &form["summary"]["total"]["percentWithAgeRelief"], pd),
        ("payroll.total.percent1", &form["payroll"]["total"]["percent1"], pd),
        ("payroll.total.percent2", &form["payroll"]["total"]["percent2"], pd),
        ("payment", &form["payment"], pd),
        ("balance.4.percent", &form["balance"][4]["percent"], pd),
    ];
    for (path, value, decimals) in totals {
        let (_, text) = figures.iter().find(|(p, _)| p == path).unwrap_or_else(|| panic!("{path} is shown"));
        assert_eq!(shown(text), round(decimal(value), decimals), "{path}: {text:?} against the API's {value}");
    }
    let text = chrome.text().await;
    for heading in ["Pensum: Unterricht", "Pensum: Übersicht", "Pensenmeldung", "IPB: Übersicht"] {
        assert!(text.contains(heading), "{heading}");
    }
    chrome.screenshot("sheet").await;
    scroll_to(&chrome, "summary").await;
    chrome.screenshot("sheet-summary-payroll").await;
    if form["postings"]["items"].as_array().is_some_and(|p| !p.is_empty()) {
        scroll_to(&chrome, "postings").await;
        chrome.screenshot("sheet-postings").await;
    }

    // Printed, the page is the sheet alone: no top bar, menu or tools.
    media(&chrome, "print").await;
    for css in ["header.topbar", "nav.menu", ".sheet-tools"] {
        assert_eq!(display(&chrome, css).await, "none", "{css} is not printed");
    }
    assert_ne!(display(&chrome, "#payroll").await, "none");
    chrome.client.execute("window.scrollTo(0, 0);", vec![]).await.unwrap();
    chrome.screenshot("print").await;
    scroll_to(&chrome, "summary").await;
    chrome.screenshot("print-summary-payroll").await;
    media(&chrome, "screen").await;

    // The switch opens the next teacher's sheet.
    let next = chrome.client.find(Locator::Css("#workload-next")).await.expect("a next teacher");
    let href = next.attr("href").await.unwrap().expect("a link");
    chrome
        .client
        .find(Locator::Css("#workload-teacher"))
        .await
        .unwrap()
        .select_by_value(href.rsplit('/').next().unwrap())
        .await
        .unwrap();
    chrome
        .client
        .wait()
        .at_most(std::time::Duration::from_secs(10))
        .for_url(&url::Url::parse(&format!("{}{href}", app.base)).unwrap())
        .await
        .expect("the next teacher's sheet");
    chrome.wait_for("#payroll").await;
    chrome.screenshot("next-teacher").await;
    chrome.close().await;
}
