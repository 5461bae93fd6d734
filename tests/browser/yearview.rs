//! The year overview (Jahresüberblick) in Chromium: the demo's 26/27, the
//! totals as the sum of the rows (read from the page as exact decimals),
//! sorting by a column with htmx, a division filter, and the charts; a
//! screenshot of each state.

use std::collections::BTreeMap;
use std::str::FromStr;
use std::time::Duration;

use fantoccini::Locator;
use rust_decimal::Decimal;
use schoolplan::auth::Role;

use crate::chrome::Chrome;
use crate::helpers::TestApp;

/// The `data-value` of every number cell of the shown rows, per column, and of the sum row.
const READ: &str = r#"
const rows = [...document.querySelectorAll('#yearview-rows tbody tr')].map(tr =>
  Object.fromEntries([...tr.querySelectorAll('td[data-col]')].map(td => [td.dataset.col, td.dataset.value])));
const total = Object.fromEntries([...document.querySelectorAll('#yearview-total td[data-col]')]
  .map(td => [td.dataset.col, td.dataset.value]));
return { rows, total };
"#;

/// Rows (column → value) and the sum row of the page as exact decimals.
async fn read(chrome: &Chrome) -> (Vec<BTreeMap<String, Decimal>>, BTreeMap<String, Decimal>) {
    let v = chrome.client.execute(READ, vec![]).await.expect("the page's figures");
    let map = |o: &serde_json::Value| -> BTreeMap<String, Decimal> {
        o.as_object()
            .unwrap()
            .iter()
            .filter_map(|(k, v)| Some((k.clone(), Decimal::from_str(v.as_str()?).ok()?)))
            .collect()
    };
    (v["rows"].as_array().unwrap().iter().map(map).collect(), map(&v["total"]))
}

fn check_sums(rows: &[BTreeMap<String, Decimal>], total: &BTreeMap<String, Decimal>) {
    assert!(!rows.is_empty());
    for col in ["target", "workload", "paid", "deviation", "opening", "change", "closing"] {
        let sum: Decimal = rows.iter().map(|r| r.get(col).copied().unwrap_or_default()).sum();
        assert_eq!(total[col], sum, "the total of {col} is the sum of the rows");
    }
}

#[tokio::test]
#[ignore = "needs Chromium; .ci/run runs it"]
async fn the_year_overview_adds_up_and_sorts() {
    let app = TestApp::spawn().await;
    schoolplan::dataset::import(&app.store, &schoolplan::demo::generate(1)).await.expect("demo imported");
    let years = app.get("/schoolyear").await.expect(200);
    let year =
        years.result().as_array().unwrap().iter().find(|y| y["code"] == "26/27").unwrap()["id"].as_i64().unwrap();
    app.token_for("planner1", Role::Planner).await;
    let link = schoolplan::service::session::create_link(&app.store, "planner1", &app.base).await.expect("link");
    let mut chrome = Chrome::start("yearview").await;
    chrome.goto(&link).await;
    chrome.wait_for("nav").await;

    // The overview of 26/27.
    chrome.goto(&format!("{}/years/{year}/overview", app.base)).await;
    chrome.wait_for("#yearview-rows tbody tr").await;
    let (rows, total) = read(&chrome).await;
    assert_eq!(rows.len(), 123, "the demo's 26/27 has 123 employments");
    check_sums(&rows, &total);
    chrome.screenshot("rows").await;

    // Sort by deviation (a header link, htmx): the URL follows, highest first.
    let header = chrome.client.find(Locator::Css("#yearview-rows thead a[href*='sort=deviation']")).await.unwrap();
    header.click().await.unwrap();
    chrome
        .client
        .wait()
        .at_most(Duration::from_secs(10))
        .for_element(Locator::Css("#yearview-rows th[aria-sort='descending']"))
        .await
        .expect("sorted by deviation");
    let url = chrome.client.current_url().await.unwrap();
    assert!(url.as_str().contains("sort=deviation&dir=desc"), "the URL follows: {url}");
    let (rows, total) = read(&chrome).await;
    let devs: Vec<Decimal> = rows.iter().map(|r| r["deviation"]).collect();
    assert!(devs.windows(2).all(|w| w[0] >= w[1]), "highest deviation first");
    check_sums(&rows, &total);
    chrome.screenshot("sorted-by-deviation").await;
    chrome.client.execute("document.querySelector('.chart').scrollIntoView();", vec![]).await.unwrap();
    chrome.screenshot("charts-all").await;

    // A division: fewer rows, totals still their sum, the sort kept.
    let select = chrome.client.find(Locator::Css("#yearview-division")).await.unwrap();
    let option = chrome.client.find(Locator::Css("#yearview-division option:nth-child(2)")).await.unwrap();
    let value = option.attr("value").await.unwrap().unwrap();
    select.select_by_value(&value).await.unwrap();
    let mut shown = rows.len();
    for _ in 0..100 {
        shown = read(&chrome).await.0.len();
        if shown < rows.len() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(shown < rows.len(), "the division filter narrows the rows");
    let url = chrome.client.current_url().await.unwrap();
    assert!(url.as_str().contains(&format!("division={value}")) && url.as_str().contains("sort=deviation"), "{url}");
    let (rows, total) = read(&chrome).await;
    check_sums(&rows, &total);
    chrome.screenshot("one-division").await;

    // The charts and the totals below the table.
    chrome.client.execute("document.querySelector('.chart').scrollIntoView();", vec![]).await.unwrap();
    chrome.screenshot("charts").await;
    chrome.client.execute("document.querySelector('.totals').scrollIntoView();", vec![]).await.unwrap();
    chrome.screenshot("totals").await;
    chrome.client.execute("document.querySelector('#totals-pool').scrollIntoView();", vec![]).await.unwrap();
    chrome.screenshot("totals-pool-category").await;
    chrome.close().await;
}
