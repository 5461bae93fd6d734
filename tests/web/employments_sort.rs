//! Anstellungen sorted by any column (docs/web.md §Anstellungen, "Sorting"):
//! the order of the rows equals the API's employments sorted by the same
//! figure, the sorted header says so and turns round, and the search and the
//! filter are kept.

use rust_decimal::Decimal;
use schoolplan::auth::Role;
use serde_json::Value;
use std::str::FromStr as _;

use super::employments::{api_list, exact};
use super::grid::demo;
use super::Web;

/// The employment ids in the order of the rows of `html`.
fn row_order(html: &str) -> Vec<i64> {
    html.split(r#"<tr id="employment-"#).skip(1).map(|rest| rest.split('"').next().unwrap().parse().unwrap()).collect()
}

/// The header cell of column `label`.
fn header<'a>(html: &'a str, label: &str) -> &'a str {
    let end = html.find(&format!(">{label}")).unwrap_or_else(|| panic!("no header {label}"));
    let start = html[..end].rfind("<th").unwrap();
    &html[start..end]
}

#[tokio::test]
async fn the_employments_sort_by_a_figure_and_by_a_name_keeping_the_filter() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let planner = web.sign_in("planner", Role::Planner).await;
    let api = api_list(&web, &format!("/employment?schoolYear={year}")).await;
    let base = format!("/years/{year}/employments");

    // By the closing balance (column 9), highest first; none last.
    let page = web.get(&format!("{base}?sort=9&dir=desc"), Some(&planner)).await;
    assert_eq!(page.status, 200, "{}", page.html);
    let closing = |e: &Value| Decimal::from_str(&exact(&e["closingBalance"])).ok();
    let mut wanted: Vec<&Value> = api.iter().collect();
    wanted.sort_by(|a, b| match (closing(a), closing(b)) {
        (Some(x), Some(y)) => y.cmp(&x),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => std::cmp::Ordering::Equal,
    });
    let shown = row_order(&page.html);
    let shown_closing: Vec<Option<Decimal>> =
        shown.iter().map(|id| closing(api.iter().find(|e| e["id"] == *id).unwrap())).collect();
    let wanted_closing: Vec<Option<Decimal>> = wanted.iter().map(|e| closing(e)).collect();
    assert_eq!(shown_closing, wanted_closing, "the rows in the order of their closing balances");
    assert!(wanted_closing.windows(2).any(|w| w[0] != w[1]), "the demo's balances differ");
    let sorted = header(&page.html, "IPB-Schlusssaldo");
    assert!(sorted.contains(r#"aria-sort="descending""#), "{sorted}");
    assert!(sorted.contains("sort=9&#38;dir=asc"), "a second click turns it round: {sorted}");

    // By the name (column 1), keeping the division filter.
    let division = api[0]["division"]["id"].as_i64().unwrap();
    let page = web.get(&format!("{base}?division={division}&sort=1&dir=asc"), Some(&planner)).await;
    let mut names: Vec<String> = row_order(&page.html)
        .iter()
        .map(|id| {
            let e = api.iter().find(|e| e["id"] == *id).unwrap();
            format!("{} {}", e["teacher"]["lastName"].as_str().unwrap(), e["teacher"]["firstName"].as_str().unwrap())
        })
        .collect();
    assert_eq!(names.len(), api.iter().filter(|e| e["division"]["id"] == division).count(), "the filter holds");
    let shown_names = names.clone();
    names.sort_by_key(|n| n.to_lowercase().replace('ä', "a").replace('ö', "o").replace('ü', "u"));
    assert_eq!(shown_names, names, "alphabetically");
    let code = header(&page.html, "Kürzel");
    assert!(code.contains(&format!("division={division}&#38;sort=0&#38;dir=asc")), "links keep the filter: {code}");
    assert!(!code.contains("aria-sort"), "only the sorted header says so");

    // With htmx: the list alone, and the search form's sort fields out of band.
    let part = web
        .get_url(
            &format!("{}{base}?sort=9&dir=asc", web.app.base),
            Some(&planner),
            &[("HX-Request", "true"), ("HX-Target", "employment-list")],
        )
        .await;
    assert!(part.html.starts_with(r#"<div id="employment-list""#), "{}", part.html);
    assert!(part.html.contains(r#"<div id="employment-sort" hx-swap-oob="true">"#), "{}", part.html);
    assert!(part.html.contains(r#"name="sort" value="9""#) && part.html.contains(r#"name="dir" value="asc""#));

    // A sort that is no column is ignored: the list's own order.
    let plain = web.get(&base, Some(&planner)).await;
    let odd = web.get(&format!("{base}?sort=99&dir=up"), Some(&planner)).await;
    assert_eq!(odd.status, 200);
    assert_eq!(row_order(&odd.html), row_order(&plain.html));
}
