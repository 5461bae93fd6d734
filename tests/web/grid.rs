//! The planning grid of the demo's 26/27 against `GET /api/v1/course`.

use schoolplan::auth::Role;
use std::str::FromStr;

use rust_decimal::Decimal;
use serde_json::Value;

use super::Web;

/// Loads the demo school; returns the id of school year 26/27.
pub async fn demo(web: &Web) -> i64 {
    schoolplan::dataset::import(&web.app.store, &schoolplan::demo::generate(1)).await.expect("demo imported");
    let years = web.app.get("/schoolyear").await.expect(200);
    let year = years.result().as_array().unwrap().iter().find(|y| y["code"] == "26/27").expect("26/27").clone();
    year["id"].as_i64().unwrap()
}

/// The HTML of the cell with this id.
fn cell<'a>(html: &'a str, id: &str) -> &'a str {
    let start = html.find(&format!(r#"<td id="{id}""#)).unwrap_or_else(|| panic!("no cell {id}"));
    let end = html[start..].find("</td>").unwrap() + start;
    &html[start..end]
}

/// Lessons per week as exact decimals (the API sends them as JSON numbers).
fn decimal(v: &Value) -> Decimal {
    Decimal::from_str(&v.to_string()).unwrap_or_else(|_| panic!("lessons are a decimal: {v}"))
}

/// Lessons as the grid shows them: 2 decimals and `L`, a dash for none (docs/i18n.md §Numbers).
fn lessons(v: &Value) -> String {
    let x = decimal(v);
    if x.is_zero() {
        "–".into()
    } else {
        format!("{:.2} L", x.round_dp(2))
    }
}

fn codes(v: &Value) -> Vec<String> {
    v.as_array().unwrap().iter().map(|t| t["code"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn the_grid_shows_the_courses_of_the_api() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let session = web.sign_in("planner", Role::Planner).await;
    let page = web.get(&format!("/years/{year}/grid"), Some(&session)).await;
    assert_eq!(page.status, 200, "{}", page.html);
    let html = &page.html;
    assert!(html.contains("Planung nach Klassen 26/27"));
    assert!(html.contains(r#"aria-current="page">nach Klassen"#), "the menu marks the screen");
    let courses = web.app.get(&format!("/course?schoolYear={year}&crossClass=false")).await.expect(200);
    let courses = courses.result().as_array().unwrap().clone();
    let staffed = courses
        .iter()
        .find(|c| {
            c["schoolClasses"].as_array().unwrap().len() == 1
                && !c["cancelled"].as_bool().unwrap()
                && !c["teachers1"].as_array().unwrap().is_empty()
                && c["teachers1"] == c["teachers2"]
                && c["lessons1"] == c["lessons2"]
        })
        .expect("a staffed single-class course");
    let open = courses
        .iter()
        .find(|c| decimal(&c["open1"]) > Decimal::ZERO && c["schoolClasses"].as_array().unwrap().len() == 1);
    let merged = courses.iter().find(|c| c["schoolClasses"].as_array().unwrap().len() > 1);
    let mut checked = 0;
    for (course, state) in [(Some(staffed), "cell--staffed"), (open, "cell--open"), (merged, "cell--merged")] {
        let Some(course) = course else { continue };
        let class_ids: Vec<i64> =
            course["schoolClasses"].as_array().unwrap().iter().map(|k| k["id"].as_i64().unwrap()).collect();
        for class in &class_ids {
            let id = format!("cell-{}-{}", course["subject"]["id"], class);
            let td = cell(html, &id);
            assert!(td.contains(state), "{id} is {state}: {td}");
            assert!(td.contains(&format!(r#"data-course="{}""#, course["id"])), "{id}: {td}");
            assert!(td.contains(&lessons(&course["lessons1"])), "{id} shows the lessons: {td}");
            for code in codes(&course["teachers1"]).iter().chain(&codes(&course["teachers2"])) {
                assert!(td.contains(code.as_str()), "{id} shows teacher {code}: {td}");
            }
            if state == "cell--open" {
                assert!(td.contains(&format!("offen: {}", lessons(&course["open1"]))), "{id}: {td}");
            }
            if class_ids.len() > 1 {
                assert!(td.contains("mit "), "{id} names the other classes: {td}");
            }
            checked += 1;
        }
    }
    assert!(checked >= 2, "the demo has staffed and open or merged courses");
    assert!(html.contains(r#"role="grid""#) && html.contains("<caption"), "a labelled grid");
    assert_eq!(html.matches(r#"tabindex="0""#).count(), 1, "the grid is one tab stop: its first cell");
}

#[tokio::test]
async fn filters_narrow_the_grid_and_htmx_gets_the_table_alone() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let session = web.sign_in("reader", Role::Reader).await;
    let classes = web.app.get(&format!("/schoolclass?schoolYear={year}")).await.expect(200);
    let classes = classes.result().as_array().unwrap().clone();
    let grade = classes[0]["grade"]["id"].as_i64().unwrap();
    let in_grade: Vec<&Value> = classes.iter().filter(|c| c["grade"]["id"] == grade).collect();
    let path = format!("/years/{year}/grid?division=&grade={grade}&category=");
    let page = web
        .get_url(
            &format!("{}{path}", web.app.base),
            Some(&session),
            &[("HX-Request", "true"), ("HX-Target", "grid-region")],
        )
        .await;
    assert_eq!(page.status, 200);
    assert!(page.html.trim_start().starts_with(r#"<div id="grid-region""#), "the fragment only");
    assert!(!page.html.contains("<html"));
    assert_eq!(page.header("hx-push-url"), path);
    assert_eq!(page.html.matches(r#"<th scope="col" id="class-"#).count(), in_grade.len());
    for c in &in_grade {
        assert!(page.html.contains(&format!(r#"id="class-{}""#, c["id"])));
    }
    let missing = web.get("/years/999999/grid", Some(&session)).await;
    assert_eq!(missing.status, 404);
}
