//! The year overview (Jahresüberblick) of the demo's 26/27 against
//! `GET /api/v1/workload` and `GET /api/v1/employment`: every row's figures,
//! the totals as sums of the rows, sorting, filtering, htmx, the year switch,
//! German and English. Figures are compared as exact decimals: the page
//! carries each figure in `data-value` as the API writes it.

use std::collections::{BTreeMap, HashMap};
use std::str::FromStr;

use rust_decimal::Decimal;
use schoolplan::auth::Role;
use serde_json::{json, Value};

use super::grid::demo;
use super::Web;

/// A JSON number as an exact decimal; `None` for null.
fn dec(v: &Value) -> Option<Decimal> {
    if v.is_null() {
        return None;
    }
    Some(Decimal::from_str(&v.to_string()).unwrap_or_else(|_| panic!("a decimal: {v}")))
}

/// The value of attribute `name` in the tag text `tag`.
fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let marker = format!(" {name}=\"");
    let start = tag.find(&marker)? + marker.len();
    tag[start..].split('"').next()
}

/// Every `data-col`/`data-value` pair in `html`, as exact decimals (empty values skipped).
fn cells(html: &str) -> BTreeMap<String, Decimal> {
    let mut out = BTreeMap::new();
    for part in html.split("<td ").skip(1) {
        let tag = &part[..part.find('>').unwrap()];
        let (Some(col), Some(value)) = (attr(tag, "data-col"), attr(tag, "data-value")) else { continue };
        if value.is_empty() || value.contains(' ') {
            continue;
        }
        out.insert(col.to_string(), Decimal::from_str(value).unwrap_or_else(|_| panic!("{col}: {value}")));
    }
    out
}

/// A row of the employment table.
#[derive(Debug)]
struct HtmlRow {
    teacher: String,
    division: i64,
    cells: BTreeMap<String, Decimal>,
    html: String,
}

/// The rows of the employment table, in page order.
fn rows(html: &str) -> Vec<HtmlRow> {
    html.split("<tr id=\"employment-")
        .skip(1)
        .map(|part| {
            let row = &part[..part.find("</tr>").unwrap()];
            let tag = &row[..row.find('>').unwrap()];
            HtmlRow {
                teacher: attr(tag, "data-teacher").unwrap().to_string(),
                division: attr(tag, "data-division").unwrap().parse().unwrap(),
                cells: cells(row),
                html: row.to_string(),
            }
        })
        .collect()
}

/// The sum row of the employment table.
fn total(html: &str) -> BTreeMap<String, Decimal> {
    let start = html.find(r#"<tr id="yearview-total""#).expect("a total row");
    cells(&html[start..start + html[start..].find("</tr>").unwrap()])
}

/// The rows of totals table `id` by `data-key` (the sum row under `total`).
fn table(html: &str, id: &str) -> BTreeMap<String, BTreeMap<String, Decimal>> {
    let start = html.find(&format!(r#"id="{id}">"#)).unwrap_or_else(|| panic!("no table {id}"));
    let body = &html[start..start + html[start..].find("</table>").unwrap()];
    let parts = |marker: &str| body.split(marker).skip(1).collect::<Vec<_>>();
    parts("<tr data-key=\"")
        .into_iter()
        .chain(parts("<tr class=\"total\" data-key=\""))
        .filter_map(|part| {
            let key = part.split('"').next()?.to_string();
            let row = &part[..part.find("</tr>")?];
            Some((key, cells(row)))
        })
        .collect()
}

fn sum(rows: &[&HtmlRow], col: &str) -> Decimal {
    rows.iter().map(|r| r.cells.get(col).copied().unwrap_or_default()).sum()
}

async fn page(web: &Web, path: &str, session: &str) -> String {
    let page = web.get(path, Some(session)).await;
    assert_eq!(page.status, 200, "{path}: {}", page.html);
    page.html
}

#[tokio::test]
async fn every_row_is_the_apis_figures_and_the_totals_are_their_sums() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let session = web.sign_in("reader", Role::Reader).await;
    let html = page(&web, &format!("/years/{year}/overview"), &session).await;
    assert!(html.contains("Jahresüberblick 26/27"), "German by default");
    assert!(html.contains(r#"aria-current="page">Jahresüberblick"#), "the menu marks the screen");

    let workloads = web.app.get(&format!("/workload?schoolYear={year}")).await.expect(200);
    let workloads: HashMap<String, Value> = workloads
        .result()
        .as_array()
        .unwrap()
        .iter()
        .map(|w| (w["teacher"]["code"].as_str().unwrap().to_string(), w.clone()))
        .collect();
    let employments = web.app.get(&format!("/employment?schoolYear={year}")).await.expect(200);
    let employments = employments.result().as_array().unwrap().clone();
    let shown = rows(&html);
    assert_eq!(shown.len(), employments.len(), "one row per employment");
    assert!(shown.len() > 100, "the demo's 26/27 has 123 employments");

    for e in &employments {
        let code = e["teacher"]["code"].as_str().unwrap();
        let row = shown.iter().find(|r| r.teacher == code).unwrap_or_else(|| panic!("a row for {code}"));
        let w = &workloads[code];
        let c = &row.cells;
        let target = (dec(&e["payment1"]).unwrap_or_default() + dec(&e["payment2"]).unwrap_or_default()) / Decimal::TWO;
        let workload = dec(&w["summary"]["total"]["percentWithAgeRelief"]).unwrap();
        assert_eq!(c["workload"], workload, "{code}: workload with age relief");
        assert_eq!(c["paid"], dec(&w["payment"]).unwrap(), "{code}: payment");
        assert_eq!(c["target"], target, "{code}: payment target");
        assert_eq!(c["deviation"], workload - target, "{code}: deviation");
        for (col, field) in [("opening", "openingBalance"), ("change", "change"), ("closing", "closingBalance")] {
            assert_eq!(c.get(col).copied(), dec(&e[field]), "{code}: {field}");
        }
        assert_eq!(row.division, e["division"]["id"].as_i64().unwrap(), "{code}: division");
        assert!(row.html.contains(&format!("/workload/{}\"", e["teacher"]["id"])), "{code} links to its workload page");
        let no_work = workload.is_zero();
        assert_eq!(row.html.contains("flag--nowork"), no_work, "{code}: the no-work flag");
        let (min, max) = (dec(&e["employmentMin"]), dec(&e["employmentMax"]));
        let outside = min.is_some_and(|m| workload < m) || max.is_some_and(|m| workload > m);
        assert_eq!(row.html.contains("flag--range"), outside, "{code}: the range flag");
        let open = w["courses"]["items"].as_array().unwrap().iter().any(|i| {
            dec(&i["course"]["open1"]).unwrap() > Decimal::ZERO || dec(&i["course"]["open2"]).unwrap() > Decimal::ZERO
        });
        assert_eq!(row.html.contains("flag--open"), open, "{code}: the open-lessons flag");
    }

    // The sum row is the sum of the rows, column by column.
    let all: Vec<&HtmlRow> = shown.iter().collect();
    let totals = total(&html);
    for col in ["target", "workload", "paid", "deviation", "opening", "change", "closing"] {
        assert_eq!(totals[col], sum(&all, col), "total of {col}");
    }

    // Per division: the count and sums of that division's rows; the sum row is the table's.
    let divisions = table(&html, "totals-division");
    assert!(divisions.len() >= 3, "the demo's divisions and the total: {divisions:?}");
    for (key, cells) in &divisions {
        let mine: Vec<&HtmlRow> = if key == "total" {
            all.clone()
        } else {
            shown.iter().filter(|r| r.division.to_string() == *key).collect()
        };
        assert_eq!(cells["count"], Decimal::from(mine.len()), "division {key}: count");
        assert_eq!(cells["closing"], sum(&mine, "closing"), "division {key}: IPB credit");
        assert_eq!(cells["workload"], sum(&mine, "workload"), "division {key}: workload");
        assert_eq!(cells["deviation"], sum(&mine, "deviation"), "division {key}: deviation");
    }

    // Per gender: counts add up to the employments.
    let genders = table(&html, "totals-gender");
    let counted: Decimal = genders.iter().filter(|(k, _)| *k != "total").map(|(_, c)| c["count"]).sum();
    assert_eq!(counted, Decimal::from(employments.len()));
    assert_eq!(genders["total"]["count"], counted);

    // Per payroll type: the sums of the API's payroll rows by payrollType.id.
    let mut api: BTreeMap<String, [Decimal; 4]> = BTreeMap::new();
    for w in workloads.values() {
        for item in w["payroll"]["items"].as_array().unwrap() {
            let entry = api.entry(item["payrollType"]["id"].to_string()).or_default();
            for (i, k) in ["lessons1", "percent1", "lessons2", "percent2"].iter().enumerate() {
                entry[i] += dec(&item[*k]).unwrap();
            }
        }
    }
    let payroll = table(&html, "totals-payroll");
    assert_eq!(payroll.len(), api.len() + 1, "one row per payroll type booked, and the total");
    let mut all_percent1 = Decimal::ZERO;
    for (id, figures) in &api {
        for (i, k) in ["lessons1", "percent1", "lessons2", "percent2"].iter().enumerate() {
            assert_eq!(payroll[id][*k], figures[i], "payroll type {id}: {k}");
        }
        all_percent1 += figures[1];
    }
    assert_eq!(payroll["total"]["percent1"], all_percent1);

    // Per subject category: the year's courses that take place.
    let courses = web.app.get(&format!("/course?schoolYear={year}")).await.expect(200);
    let mut by_category: BTreeMap<String, Decimal> = BTreeMap::new();
    for c in courses.result().as_array().unwrap().iter().filter(|c| c["cancelled"] == false) {
        *by_category.entry(c["subject"]["category"]["id"].to_string()).or_default() += dec(&c["open1"]).unwrap();
    }
    let start = html.find(r#"id="totals-category">"#).unwrap();
    let categories = &html[start..start + html[start..].find("</table>").unwrap()];
    for (id, open) in by_category {
        let row = categories.split(&format!("<tr data-key=\"{id}\">")).nth(1).expect("a row per category");
        let open_cell = row.split(r#"data-col="open" data-value=""#).nth(1).unwrap();
        let first = open_cell.split([' ', '"']).next().unwrap();
        assert_eq!(Decimal::from_str(first).unwrap(), open, "category {id}: open lessons semester 1");
    }
}

#[tokio::test]
async fn sorting_filtering_and_searching_narrow_the_rows_and_their_totals() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let session = web.sign_in("planner", Role::Planner).await;
    let base = format!("/years/{year}/overview");
    // A teacher without work, and a course whose second semester loses its teacher (open lessons).
    let divisions = web.app.get("/division").await.expect(200);
    let division0 = divisions.result()[0]["id"].as_i64().unwrap();
    let idle = web.app.create("/teacher", json!({"code": "zzidle", "firstName": "Ida", "lastName": "Leer"})).await;
    web.app.create("/employment", json!({"teacher": idle, "schoolYear": year, "division": division0})).await;
    let courses = web.app.get(&format!("/course?schoolYear={year}")).await.expect(200);
    let course = courses
        .result()
        .as_array()
        .unwrap()
        .iter()
        .find(|c| {
            c["cancelled"] == false
                && c["teachers1"].as_array().unwrap().len() == 1
                && c["teachers1"] == c["teachers2"]
                && dec(&c["lessons2"]).unwrap() > Decimal::ZERO
        })
        .expect("a course one teacher teaches all year")
        .clone();
    let mut body = course.clone();
    body["teachers2"] = json!([]);
    web.app.put(&format!("/course/{}", course["id"]), body).await.expect(200);
    let all = page(&web, &base, &session).await;
    let all_rows = rows(&all);
    let codes: Vec<&str> = all_rows.iter().map(|r| r.teacher.as_str()).collect();
    let mut sorted = codes.clone();
    sorted.sort_by_key(|c| c.to_lowercase());
    assert_eq!(codes, sorted, "by teacher code unless asked otherwise");

    // Sorting by deviation, highest first; the header says so.
    let html = page(&web, &format!("{base}?sort=deviation&dir=desc"), &session).await;
    let devs: Vec<Decimal> = rows(&html).iter().map(|r| r.cells["deviation"]).collect();
    assert!(devs.windows(2).all(|w| w[0] >= w[1]), "descending deviations");
    assert_eq!(devs.len(), all_rows.len());
    assert!(html.contains(r#"aria-sort="descending""#));
    assert!(html.replace("&#38;", "&").contains("sort=deviation&dir=asc"), "the header link turns the order round");
    let html = page(&web, &format!("{base}?sort=closing&dir=asc"), &session).await;
    let closing: Vec<Decimal> = rows(&html).iter().map(|r| r.cells["closing"]).collect();
    assert!(closing.windows(2).all(|w| w[0] <= w[1]), "ascending closing balances");

    // One division: its rows only, and the totals are theirs.
    let division = all_rows[0].division;
    let html = page(&web, &format!("{base}?division={division}"), &session).await;
    let mine = rows(&html);
    assert!(!mine.is_empty() && mine.iter().all(|r| r.division == division));
    assert_eq!(mine.len(), all_rows.iter().filter(|r| r.division == division).count());
    let refs: Vec<&HtmlRow> = mine.iter().collect();
    assert_eq!(total(&html)["workload"], sum(&refs, "workload"));
    assert!(html.contains(&format!("{} von {} Anstellungen", mine.len(), all_rows.len())));

    // Flags: only rows with the flag, as many as the whole list has.
    for (flag, class) in [("range", "flag--range"), ("open", "flag--open"), ("nowork", "flag--nowork")] {
        let html = page(&web, &format!("{base}?flag={flag}"), &session).await;
        let flagged = rows(&html);
        assert!(flagged.iter().all(|r| r.html.contains(class)), "{flag}: every row has it");
        assert_eq!(flagged.len(), all_rows.iter().filter(|r| r.html.contains(class)).count(), "{flag}");
        assert!(!flagged.is_empty(), "{flag}: the test made one");
    }

    // Search by code, case-insensitive.
    let code = &all_rows[3].teacher;
    let html = page(&web, &format!("{base}?q={}", code.to_uppercase()), &session).await;
    assert!(rows(&html).iter().any(|r| &r.teacher == code));
    assert!(rows(&html).len() < all_rows.len());
    let html = page(&web, &format!("{base}?q=zzzzzz"), &session).await;
    assert!(rows(&html).is_empty() && html.contains("Keine Anstellung passt"));

    // htmx asks for the region: the fragment, the sort fields out of band, the URL pushed.
    let path = format!("{base}?division={division}&sort=workload&dir=desc");
    let fragment = web
        .get_url(
            &format!("{}{path}", web.app.base),
            Some(&session),
            &[("HX-Request", "true"), ("HX-Target", "yearview-region")],
        )
        .await;
    assert_eq!(fragment.status, 200);
    assert!(fragment.html.trim_start().starts_with(r#"<div id="yearview-region""#), "the fragment only");
    assert!(!fragment.html.contains("<html"));
    assert!(fragment.html.contains(r#"hx-swap-oob="true""#) && fragment.html.contains(r#"value="workload""#));
    assert_eq!(fragment.header("hx-push-url"), path);

    // The year switch keeps the screen; an unknown year is 404.
    let switch = web.get(&format!("/years?year={year}&screen=overview"), Some(&session)).await;
    assert_eq!(switch.header("location"), base);
    assert_eq!(web.get("/years/999999/overview", Some(&session)).await.status, 404);
    // Without a session: to the sign-in page.
    assert_eq!(web.get(&base, None).await.status, 303);
}

#[tokio::test]
async fn the_overview_speaks_english_and_draws_its_charts_without_inline_styles() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let session = web.sign_in("reader", Role::Reader).await;
    let de = page(&web, &format!("/years/{year}/overview"), &session).await;
    let csrf = super::Page { status: 200, headers: Default::default(), html: de.clone() }.csrf();
    let back = format!("/years/{year}/overview");
    let switched = web.post("/language", Some(&session), &[("_csrf", &csrf), ("lang", "en"), ("back", &back)]).await;
    assert_eq!(switched.status, 303);
    let en = web.get(&back, Some(&session)).await;
    assert_eq!(en.status, 200);
    assert_eq!(en.header("content-language"), "en");
    for text in ["Year overview 26/27", "Payment target", "By division", "Distribution of the deviations", "IPB credit"]
    {
        assert!(en.html.contains(text), "English: {text}");
    }
    for german in ["Auszahlungsziel", "Abweichung", "Übersicht nach Abteilung"] {
        assert!(!en.html.contains(german), "no German left: {german}");
    }
    for html in [&en.html, &de] {
        assert_eq!(html.matches("<svg").count(), 2, "two charts");
        assert!(
            html.contains("<title id=\"chart-bars-title\">") && html.contains("<desc id=\"chart-histogram-desc\">")
        );
        assert!(
            !html.contains("style=") && !html.contains("<style") && !html.contains(" onclick"),
            "CSP: nothing inline"
        );
        assert!(!html.contains("<script>"), "no inline script");
    }
    // One bar per employment; the histogram counts every employment once.
    assert_eq!(de.matches(r#"<g class="bar-group">"#).count(), rows(&de).len());
    let counted: usize = de
        .split(r#"<text class="chart-count""#)
        .skip(1)
        .map(|part| part.split('>').nth(1).unwrap().split('<').next().unwrap().parse::<usize>().unwrap())
        .sum();
    assert_eq!(counted, rows(&de).len(), "the histogram's counts add up to the rows");
    // A reader sees no write controls: the only POST forms are sign-out and language.
    assert_eq!(de.matches(r#"method="post""#).count(), 2);
}
