//! Pensenblatt (docs/web.md §Pensenblatt): every figure of a teacher's sheet
//! page against `GET /api/v1/workload`, compared as exact decimals; in German
//! and English; for a reader; the list of the year's teachers, the teacher
//! switch, the PDF button and the 404 page.

use std::collections::{BTreeMap, BTreeSet};
use std::str::FromStr;

use rust_decimal::{Decimal, RoundingStrategy};
use schoolplan::auth::Role;
use serde_json::Value;

use super::grid::demo;
use super::Web;

/// The figures on a page: `data-figure` path → the text shown.
fn figures(html: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let marker = r#"data-figure=""#;
    let mut rest = html;
    while let Some(at) = rest.find(marker) {
        rest = &rest[at + marker.len()..];
        let path = rest.split('"').next().unwrap().to_string();
        let text = rest[rest.find('>').unwrap() + 1..].split('<').next().unwrap().trim().to_string();
        assert!(out.insert(path.clone(), text).is_none(), "{path} shown twice");
    }
    out
}

/// A shown figure as a decimal: `2.50 L` → 2.50, `12.35 %` → 12.35, `–` → 0.
fn shown(text: &str) -> Decimal {
    let t = text.trim_end_matches(" L").trim_end_matches(" %").trim();
    if t == "–" {
        return Decimal::ZERO;
    }
    Decimal::from_str(t).unwrap_or_else(|_| panic!("a figure: {text:?}"))
}

/// A JSON number as an exact decimal.
fn decimal(v: &Value) -> Decimal {
    Decimal::from_str(&v.to_string()).unwrap_or_else(|_| panic!("a number: {v}"))
}

fn round(d: Decimal, decimals: u32) -> Decimal {
    d.round_dp_with_strategy(decimals, RoundingStrategy::MidpointAwayFromZero)
}

/// The value at a dotted path (`payroll.items.1.percent2`) of the form.
fn at<'a>(form: &'a Value, path: &str) -> &'a Value {
    path.split('.').fold(form, |v, key| match key.parse::<usize>() {
        Ok(i) => &v[i],
        Err(_) => &v[key],
    })
}

/// Every figure path the sheet shows of `form` (docs/documents.md §Workload sheet).
fn expected_paths(form: &Value) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let items = |key: &str| form[key]["items"].as_array().cloned().unwrap_or_default();
    let semesters = ["lessons1", "percent1", "lessons2", "percent2"];
    for (n, _) in items("courses").iter().enumerate() {
        out.extend(semesters.map(|f| format!("courses.items.{n}.{f}")));
    }
    out.extend(semesters.map(|f| format!("courses.total.{f}")));
    if !items("pool").is_empty() {
        for (n, _) in items("pool").iter().enumerate() {
            out.extend(["percent1", "percent2"].map(|f| format!("pool.items.{n}.{f}")));
        }
        out.extend(["pool.total.percent1".to_string(), "pool.total.percent2".to_string()]);
    }
    if !items("theses").is_empty() {
        for (n, _) in items("theses").iter().enumerate() {
            out.extend(["count", "percentEach", "percent"].map(|f| format!("theses.items.{n}.{f}")));
        }
        out.insert("theses.total.percent".into());
    }
    let ae = decimal(&form["summary"]["ageReliefFactor1"]) != Decimal::ZERO
        || decimal(&form["summary"]["ageReliefFactor2"]) != Decimal::ZERO;
    let mut summary = vec!["percent1", "percent2", "percentWithAgeRelief"];
    if ae {
        summary.extend(["ageRelief1", "ageRelief2"]);
    }
    let lines: Vec<String> = (0..items("summary").len()).map(|n| format!("summary.items.{n}")).collect();
    for line in lines.iter().map(String::as_str).chain(["summary.total"]) {
        out.extend(summary.iter().map(|f| format!("{line}.{f}")));
    }
    for (n, _) in items("payroll").iter().enumerate() {
        out.extend(semesters.map(|f| format!("payroll.items.{n}.{f}")));
    }
    out.extend(["payroll.total.percent1", "payroll.total.percent2", "payment"].map(String::from));
    if let Some(balance) = form["balance"].as_array() {
        out.extend((0..balance.len()).map(|n| format!("balance.{n}.percent")));
        out.insert("balance.change".into());
    }
    if let Some(postings) = form["postings"]["items"].as_array().filter(|p| !p.is_empty()) {
        for (n, p) in postings.iter().enumerate() {
            out.insert(format!("postings.items.{n}.totalPercent"));
            for (k, d) in p["details"].as_array().unwrap().iter().enumerate() {
                out.extend(["percent", "ageRelief"].map(|f| format!("postings.items.{n}.details.{k}.{f}")));
                if decimal(&d["lessons"]) != Decimal::ZERO || decimal(&d["fullPosition"]) != Decimal::ZERO {
                    out.extend(["lessons", "fullPosition"].map(|f| format!("postings.items.{n}.details.{k}.{f}")));
                }
            }
        }
        out.insert("postings.total.percent".into());
    }
    out
}

/// Checks every figure of `html` against `form`: each shown figure equals
/// the form's value rounded as the sheet rounds it (lessons 2 decimals,
/// percents `percentDecimals`, counts exact), the balance's derived lines
/// follow from the form's lines, and every figure of the form is shown.
/// Returns how many figures were compared.
fn same_figures(html: &str, form: &Value) -> usize {
    let shown_figures = figures(html);
    let pd = form["payroll"]["percentDecimals"].as_u64().unwrap() as u32;
    let code = form["teacher"]["code"].as_str().unwrap();
    let balance = form["balance"].as_array();
    let printed = |n: usize| round(decimal(&balance.unwrap()[n]["percent"]), pd);
    for (path, text) in &shown_figures {
        let got = shown(text);
        let want = match path.as_str() {
            "balance.rounding" => printed(4) - (0..4).map(printed).sum::<Decimal>(),
            "balance.change" => printed(4) - printed(0),
            _ => {
                let v = at(form, path);
                assert!(v.is_number(), "{code}: {path} is a figure of the form: {v}");
                let field = path.rsplit('.').next().unwrap();
                match field {
                    "lessons1" | "lessons2" | "lessons" | "fullPosition" => round(decimal(v), 2),
                    "count" => decimal(v),
                    _ => round(decimal(v), pd),
                }
            }
        };
        assert_eq!(got, want, "{code}: {path} shows {text:?}, the API says {want}");
        if text != "–" && !path.ends_with("count") {
            let decimals = if text.ends_with(" L") { 2 } else { pd };
            let places = text.split(' ').next().unwrap().split('.').nth(1).map_or(0, str::len);
            assert_eq!(places as u32, decimals, "{code}: {path} {text:?} has the sheet's decimals");
        }
    }
    let keys: BTreeSet<String> = shown_figures.keys().cloned().collect();
    let missing: Vec<String> = expected_paths(form).into_iter().filter(|p| !keys.contains(p)).collect();
    assert!(missing.is_empty(), "{code}: figures of the form not on the page: {missing:?}");
    shown_figures.len()
}

/// Every workload form of the year, by teacher code (the API's order).
async fn forms(web: &Web, year: i64) -> Vec<Value> {
    let all = web.app.get(&format!("/workload?schoolYear={year}")).await.expect(200);
    all.result().as_array().unwrap().clone()
}

fn teacher_of(form: &Value) -> i64 {
    form["teacher"]["id"].as_i64().unwrap()
}

/// The form that fills the most of the sheet's optional parts (postings,
/// pool, theses, age relief), then the one with the most courses.
fn richest(forms: &[Value]) -> &Value {
    let parts = |f: &Value| {
        let filled = ["postings", "pool", "theses"]
            .iter()
            .filter(|key| f[**key]["items"].as_array().is_some_and(|a| !a.is_empty()))
            .count();
        filled + usize::from(decimal(&f["summary"]["ageReliefFactor1"]) > Decimal::ZERO)
    };
    let courses = |f: &Value| f["courses"]["items"].as_array().map_or(0, Vec::len);
    forms.iter().max_by_key(|f| (parts(f), courses(f))).unwrap()
}

#[tokio::test]
async fn every_figure_of_every_sheet_is_the_apis() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let session = web.sign_in("planner", Role::Planner).await;
    let forms = forms(&web, year).await;
    assert!(forms.len() > 50, "the demo employs many teachers");
    let form = richest(&forms);
    assert!(!form["postings"]["items"].as_array().unwrap().is_empty(), "the richest has postings");
    assert!(form["payroll"]["items"].as_array().unwrap().iter().any(|i| i["correction"] == true), "26/27 corrects");
    let mut compared = 0;
    for form in &forms {
        let teacher = teacher_of(form);
        let page = web.get(&format!("/years/{year}/workload/{teacher}"), Some(&session)).await;
        assert_eq!(page.status, 200, "{}", page.html);
        compared += same_figures(&page.html, form);
    }
    assert!(compared > forms.len() * 20, "{compared} figures compared");

    // The richest sheet in detail: sections, links, the person block, the tools.
    let teacher = form["teacher"]["id"].as_i64().unwrap();
    let page = web.get(&format!("/years/{year}/workload/{teacher}"), Some(&session)).await;
    let html = &page.html;
    assert!(html.contains(r#"aria-current="page">Pensenblatt"#), "the menu marks the screen");
    for heading in [
        "Pensum: Unterricht",
        "Pensum: Pool",
        "Pensum: Übersicht",
        "Pensenmeldung",
        "IPB: Übersicht",
        "Ein- und Ausbuchungen",
        "IPB-Korrektur",
        "Auszahlung Schuljahr (Durchschnitt)",
    ] {
        assert!(html.contains(heading), "{heading}");
    }
    for course in form["courses"]["items"].as_array().unwrap() {
        let href = match course["schoolClasses"].as_array().unwrap().first() {
            Some(class) => format!("/years/{year}/grid#cell-{}-{}", course["subject"]["id"], class["id"]),
            None => format!("/api/v1/course/{}", course["id"]),
        };
        assert!(html.contains(&format!(r#"href="{href}""#)), "the course links to {href}");
    }
    for entry in form["pool"]["items"].as_array().unwrap() {
        assert!(html.contains(&format!(r#"href="/years/{year}/pool/{}""#, entry["id"])), "a pool entry's link");
    }
    for posting in form["postings"]["items"].as_array().unwrap() {
        assert!(html.contains(&format!(r#"href="/api/v1/posting/{}""#, posting["posting"]["id"])), "a posting's link");
    }
    assert!(html.contains(&format!(r#"href="/years/{year}/workload/{teacher}/pdf""#)), "the PDF button");
    // The opening balance comes from the teacher's previous employment: its sheet's balance.
    let history = web.app.get(&format!("/employment?teacher={teacher}")).await.expect(200);
    let graduation = |e: &Value| e["schoolYear"]["graduationYear"].as_i64().unwrap();
    let this = history.result().as_array().unwrap().iter().find(|e| e["schoolYear"]["id"] == year).map(graduation);
    let previous = history
        .result()
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| Some(graduation(e)) < this)
        .max_by_key(|e| graduation(e))
        .map(|e| e["schoolYear"]["id"].as_i64().unwrap());
    let previous = previous.expect("the richest teacher was employed in 25/26 too");
    let href = format!(r#"href="/years/{previous}/workload/{teacher}#balance">Anfangssaldo<"#);
    assert!(html.contains(&href), "{href}");
    // The payment target and the employment range of the employment, with the sheet's decimals.
    let employment =
        web.app.get(&format!("/employment?schoolYear={year}&teacher={teacher}")).await.expect(200).result()[0].clone();
    let pd = form["payroll"]["percentDecimals"].as_u64().unwrap() as u32;
    let entered = |key: &str| {
        let v = &employment[key];
        if v.is_null() {
            "–".to_string()
        } else {
            format!("{:.*} %", pd as usize, round(decimal(v), pd))
        }
    };
    let target = format!(r#"data-employment="payment1 payment2">{} / {}<"#, entered("payment1"), entered("payment2"));
    assert!(html.contains(&target), "{target}");
    // The switch names every employed teacher; previous and next are neighbours by code.
    assert_eq!(options_of(html, "workload-teacher"), forms.len(), "the switch names every employed teacher");
    let by_code: Vec<i64> = forms.iter().map(teacher_of).collect();
    let at = by_code.iter().position(|id| *id == teacher).unwrap();
    if let Some(previous) = at.checked_sub(1).map(|i| by_code[i]) {
        assert!(html.contains(&format!(r#"rel="prev" href="/years/{year}/workload/{previous}""#)), "previous");
    }
    if let Some(next) = by_code.get(at + 1) {
        assert!(html.contains(&format!(r#"rel="next" href="/years/{year}/workload/{next}""#)), "next");
    }
    let next = web.get(&format!("/years/{year}/workload?teacher={teacher}"), Some(&session)).await;
    assert_eq!(next.status, 303);
    assert_eq!(next.header("location"), format!("/years/{year}/workload/{teacher}"));
    // Nothing inline (CSP) and no write controls on a read-only page.
    assert!(!html.contains(" style=") && !html.contains("<script>"));
    assert!(!html.contains(r#"method="post" action="/years"#), "no write forms");
}

/// The number of options of the select with this id.
fn options_of(html: &str, id: &str) -> usize {
    let Some(start) = html.find(&format!(r#"id="{id}""#)) else { return 0 };
    let end = html[start..].find("</select>").unwrap() + start;
    html[start..end].matches("<option").count()
}

/// Switches the session to English with the language form of `page`.
async fn english(web: &Web, session: &str, page: &super::Page) {
    let csrf = page.csrf();
    let switched = web.post("/language", Some(session), &[("_csrf", &csrf), ("lang", "en"), ("back", "/")]).await;
    assert_eq!(switched.status, 303);
}

#[tokio::test]
async fn the_sheet_in_english_has_the_same_figures() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let session = web.sign_in("reader", Role::Reader).await;
    let forms = forms(&web, year).await;
    let form = richest(&forms);
    let teacher = form["teacher"]["id"].as_i64().unwrap();
    let path = format!("/years/{year}/workload/{teacher}");
    let de = web.get(&path, Some(&session)).await;
    assert!(de.html.contains(r#"<html lang="de">"#) && de.html.contains("Pensenmeldung"));
    english(&web, &session, &de).await;
    let en = web.get(&path, Some(&session)).await;
    assert_eq!(en.status, 200);
    assert!(en.html.contains(r#"<html lang="en">"#));
    for text in
        ["Workload: teaching", "Workload: summary", "Payroll report", "IPB: summary", "IPB correction", "Download PDF"]
    {
        assert!(en.html.contains(text), "{text}");
    }
    for german in ["Pensum: Unterricht", "Pensenmeldung", "Anfangssaldo", "IPB-Korrektur", "Auszahlungsziel"] {
        assert!(!en.html.contains(german), "no German {german:?} in English");
    }
    same_figures(&en.html, form);
    assert_eq!(figures(&de.html), figures(&en.html), "the same figures in both languages");
}

#[tokio::test]
async fn a_reader_views_the_list_and_downloads_the_pdf() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let session = web.sign_in("reader", Role::Reader).await;
    let list = web.get(&format!("/years/{year}/workload"), Some(&session)).await;
    assert_eq!(list.status, 200, "{}", list.html);
    let employments = web.app.get(&format!("/employment?schoolYear={year}")).await.expect(200);
    let employments = employments.result().as_array().unwrap().clone();
    for e in &employments {
        let href = format!(r#"href="/years/{year}/workload/{}""#, e["teacher"]["id"]);
        assert!(list.html.contains(&href), "the list links {href}");
    }
    assert!(list.html.contains(&format!("{} Lehrpersonen mit Anstellung", employments.len())));
    // The year switch leads to the same screen of another year.
    let switched = web.get(&format!("/years?year={year}&screen=workload"), Some(&session)).await;
    assert_eq!(switched.header("location"), format!("/years/{year}/workload"));

    let teacher = employments[0]["teacher"]["id"].as_i64().unwrap();
    let code = employments[0]["teacher"]["code"].as_str().unwrap();
    let page = web.get(&format!("/years/{year}/workload/{teacher}"), Some(&session)).await;
    assert_eq!(page.status, 200);
    assert!(!page.html.contains(r#"method="post" action="/years"#), "a reader sees no write controls");
    let pdf = web.get(&format!("/years/{year}/workload/{teacher}/pdf"), Some(&session)).await;
    assert_eq!(pdf.status, 200);
    assert_eq!(pdf.header("content-type"), "application/pdf");
    assert!(pdf.header("content-disposition").ends_with(&format!("Pensenblatt_{code}_26-27.pdf")));
    // A forged write to the page is refused.
    let forged = web.post(&format!("/years/{year}/workload/{teacher}"), Some(&session), &[("_csrf", "x")]).await;
    assert_eq!(forged.status, 403);
}

#[tokio::test]
async fn an_unknown_teacher_or_year_is_a_404_page() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let session = web.sign_in("planner", Role::Planner).await;
    let teachers = web.app.get("/teacher").await.expect(200);
    let employed: BTreeSet<i64> = forms(&web, year).await.iter().map(teacher_of).collect();
    let idle =
        teachers.result().as_array().unwrap().iter().map(|t| t["id"].as_i64().unwrap()).find(|t| !employed.contains(t));
    let mut paths = vec![
        format!("/years/{year}/workload/999999"),
        "/years/999999/workload/1".to_string(),
        "/years/999999/workload".to_string(),
        format!("/years/{year}/workload/999999/pdf"),
    ];
    if let Some(t) = idle {
        paths.push(format!("/years/{year}/workload/{t}"));
    }
    for path in paths {
        let page = web.get(&path, Some(&session)).await;
        assert_eq!(page.status, 404, "{path}");
        assert!(page.html.contains("Diese Seite gibt es nicht."), "{path}: the 404 page");
    }
    let list = web.get(&format!("/years/{year}/workload"), Some(&session)).await;
    english(&web, &session, &list).await;
    let en = web.get(&format!("/years/{year}/workload/999999"), Some(&session)).await;
    assert_eq!(en.status, 404);
    assert!(en.html.contains(r#"<html lang="en">"#));
    let signed_out = web.get(&format!("/years/{year}/workload"), None).await;
    assert_eq!(signed_out.status, 303, "without a session: the sign-in page");
}
