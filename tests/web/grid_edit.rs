//! Editing the planning grid over HTTP (docs/web.md §Editing the grid): the
//! cell editor saves through the API's use case (read back with
//! `GET /api/v1/course/{id}`), problems appear beside their fields in German
//! and English, a stale version shows the conflict and applies one's values
//! again, readers get no editor and 403, and an empty cell creates its course.

use std::str::FromStr;

use reqwest::header::COOKIE;
use rust_decimal::Decimal;
use schoolplan::auth::Role;
use serde_json::Value;

use super::grid::demo;
use super::grid_pick::{cell_of, course_and_teacher, merged_course};
use super::{Page, Web};

/// GET with htmx headers targeting `target`.
async fn hx_get(web: &Web, path: &str, session: &str, target: &str) -> Page {
    let url = format!("{}{path}", web.app.base);
    web.get_url(&url, Some(session), &[("HX-Request", "true"), ("HX-Target", target)]).await
}

/// POST a form, as htmx when `target` is given.
pub async fn post(web: &Web, path: &str, session: &str, form: &[(String, String)], target: Option<&str>) -> Page {
    let mut req = web.browser.post(format!("{}{path}", web.app.base)).form(form).header(COOKIE, session);
    if let Some(t) = target {
        req = req.header("HX-Request", "true").header("HX-Target", t);
    }
    let res = req.send().await.expect("request sent");
    let status = res.status().as_u16();
    let headers = res.headers().clone();
    Page { status, headers, html: res.text().await.unwrap_or_default() }
}

/// The value of the hidden or text input `name` in `html` (the first one).
fn value_of(html: &str, name: &str) -> String {
    let marker = format!(r#"name="{name}" value=""#);
    let start = html.find(&marker).unwrap_or_else(|| panic!("no field {name} in {html}")) + marker.len();
    html[start..].split('"').next().unwrap().to_string()
}

/// Every hidden field of the form whose action is `action` (name, value), unescaped.
fn hidden_fields(html: &str, action: &str) -> Vec<(String, String)> {
    let start = html.find(&format!(r#"action="{action}""#)).expect("the form");
    let form = &html[start..start + html[start..].find("</form>").unwrap()];
    form.split(r#"<input type="hidden" name=""#)
        .skip(1)
        .map(|part| {
            let (name, rest) = part.split_once(r#"" value=""#).unwrap();
            let value = rest.split('"').next().unwrap();
            (name.to_string(), unescape(value))
        })
        .collect()
}

fn unescape(s: &str) -> String {
    s.replace("&#x2f;", "/")
        .replace("&#47;", "/")
        .replace("&quot;", "\"")
        .replace("&#x27;", "'")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// Every value of the inputs named `name` in `html`, unescaped.
fn values_of(html: &str, name: &str) -> Vec<String> {
    let marker = format!(r#"name="{name}" value=""#);
    html.match_indices(&marker).map(|(i, _)| unescape(html[i + marker.len()..].split('"').next().unwrap())).collect()
}

/// The text of the textarea `name`.
fn textarea(html: &str, name: &str) -> String {
    let start = html.find(&format!(r#"name="{name}""#)).expect("the textarea");
    let open = start + html[start..].find('>').unwrap() + 1;
    unescape(&html[open..open + html[open..].find("</textarea>").unwrap()])
}

/// The editor of `course` as a planner opened it (htmx, in its cell), and its
/// form as it would be posted unchanged.
pub async fn opened(web: &Web, year: i64, course: &Value, session: &str) -> (Page, Vec<(String, String)>) {
    let class = &course["schoolClasses"][0]["id"];
    let page =
        hx_get(web, &format!("/years/{year}/courses/{}/edit?class={class}", course["id"]), session, &cell_of(course))
            .await;
    assert_eq!(page.status, 200, "{}", page.html);
    let action = format!("/years/{year}/courses/{}", course["id"]);
    let mut form = hidden_fields(&page.html, &action);
    for key in ["lessons1", "lessons2", "teachers1", "teachers2"] {
        form.extend(values_of(&page.html, key).into_iter().filter(|v| !v.is_empty()).map(|v| (key.to_string(), v)));
    }
    form.push(("comments".into(), textarea(&page.html, "comments")));
    (page, form)
}

pub fn set(form: &mut Vec<(String, String)>, key: &str, value: &str) {
    form.retain(|(k, _)| k != key);
    form.push((key.into(), value.into()));
}

fn decimal(v: &Value) -> Decimal {
    Decimal::from_str(&v.to_string()).unwrap()
}

#[tokio::test]
async fn the_editor_saves_lessons_and_teacher_through_the_api_use_case() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let session = web.sign_in("planner", Role::Planner).await;
    let (course, code) = course_and_teacher(&web.app, year).await;
    let id = course["id"].as_i64().unwrap();
    let cell = cell_of(&course);

    let grid = web.get(&format!("/years/{year}/grid"), Some(&session)).await;
    assert!(grid.html.contains(r#"data-editable="true""#), "a planner's grid is editable");
    assert!(
        grid.html.contains(&format!(r#"href="/years/{year}/courses/{id}/edit?class="#)),
        "the course links its editor"
    );

    let (editor, mut form) = opened(&web, year, &course, &session).await;
    assert!(
        editor.html.trim_start().starts_with(&format!(r#"<td id="{cell}" class="cell cell--editing""#)),
        "the editor replaces the cell"
    );
    assert!(
        editor.html.contains(&format!(r#"<option value="{code}">"#)),
        "the type-ahead offers the employed teachers"
    );
    assert!(editor.html.contains("Lektionen") && editor.html.contains("findet nicht statt"));
    set(&mut form, "lessons1", "2,5");
    set(&mut form, "lessons2", "3");
    set(&mut form, "teachers1", &code);
    set(&mut form, "teachers2", &code.to_uppercase());
    // A browser sends a textarea's line breaks as CR LF; the course keeps them as LF.
    set(&mut form, "comments", "Testkurs\r\nzweite Zeile");
    let saved = post(&web, &format!("/years/{year}/courses/{id}"), &session, &form, Some(&cell)).await;
    assert_eq!(saved.status, 200, "{}", saved.html);
    assert!(saved.html.trim_start().starts_with(&format!(r#"<td id="{cell}""#)), "the cell again: {}", saved.html);
    assert!(saved.html.contains("2.50 L / 3.00 L"), "{}", saved.html);
    assert!(saved.html.contains(&code), "{}", saved.html);

    let api = web.app.get(&format!("/course/{id}")).await.expect(200);
    let c = api.result();
    assert_eq!(decimal(&c["lessons1"]), Decimal::new(25, 1));
    assert_eq!(decimal(&c["lessons2"]), Decimal::from(3));
    assert_eq!(c["teachers1"].as_array().unwrap().len(), 1);
    assert_eq!(c["teachers1"][0]["code"], code.as_str());
    assert_eq!(c["teachers2"][0]["code"], code.as_str(), "codes are found whatever their case");
    assert_eq!(c["comments"], "Testkurs\nzweite Zeile");

    // Without JavaScript the same form goes back to the grid, at the cell.
    let (_, mut again) = opened(&web, year, &course, &session).await;
    set(&mut again, "lessons1", "2");
    let plain = post(&web, &format!("/years/{year}/courses/{id}"), &session, &again, None).await;
    assert_eq!(plain.status, 303, "{}", plain.html);
    assert_eq!(plain.header("location"), format!("/years/{year}/grid#{cell}"));
    let api = web.app.get(&format!("/course/{id}")).await.expect(200);
    assert_eq!(decimal(&api.result()["lessons1"]), Decimal::from(2));
    // The page form of the editor, for browsers without JavaScript.
    let page = web.get(&format!("/years/{year}/courses/{id}/edit"), Some(&session)).await;
    assert_eq!(page.status, 200);
    assert!(page.html.contains("<html") && page.html.contains(r#"class="cell-editor""#));
}

#[tokio::test]
async fn problems_appear_beside_their_fields_in_german_and_english() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let session = web.sign_in("planner", Role::Planner).await;
    let (course, _) = course_and_teacher(&web.app, year).await;
    let id = course["id"].as_i64().unwrap();
    let before = web.app.get(&format!("/course/{id}")).await.expect(200).result().clone();
    let (_, mut form) = opened(&web, year, &course, &session).await;
    set(&mut form, "lessons1", "100");
    form.push(("teachers2".into(), "zzq".into()));
    set(&mut form, "comments", "bleibt stehen");
    let path = format!("/years/{year}/courses/{id}");
    let page = post(&web, &path, &session, &form, Some(&cell_of(&course))).await;
    assert_eq!(page.status, 422, "{}", page.html);
    let lessons = page.html.find(r#"name="lessons1""#).unwrap();
    let error = page.html.find("muss zwischen 0 und 99 liegen").expect("the German range message");
    assert!(error > lessons && error < page.html.find(r#"name="teachers1""#).unwrap(), "beside lessons1");
    assert!(page.html.contains("Keine Lehrperson hat das Kürzel «zzq»"), "{}", page.html);
    assert!(page.html.contains(r#"value="100""#) && page.html.contains(r#"value="zzq""#), "typed values kept");
    assert!(page.html.contains("bleibt stehen"), "the comment is kept");
    assert!(page.html.contains(r#"aria-invalid="true""#));

    // English, chosen in the session.
    let csrf = value_of(&page.html, "_csrf");
    let switched = post(
        &web,
        "/language",
        &session,
        &[("_csrf".into(), csrf), ("lang".into(), "en".into()), ("back".into(), "/".into())],
        None,
    )
    .await;
    assert_eq!(switched.status, 303);
    let page = post(&web, &path, &session, &form, Some(&cell_of(&course))).await;
    assert_eq!(page.status, 422);
    assert!(page.html.contains("must be between 0 and 99"), "{}", page.html);
    assert!(page.html.contains("No teacher has the code “zzq”"), "{}", page.html);
    let after = web.app.get(&format!("/course/{id}")).await.expect(200).result().clone();
    assert_eq!(after, before, "nothing saved");
}

#[tokio::test]
async fn a_save_after_someone_elses_change_shows_the_conflict() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let anna = web.sign_in("anna", Role::Planner).await;
    let beat = web.sign_in("beat", Role::Planner).await;
    let (course, code) = course_and_teacher(&web.app, year).await;
    let id = course["id"].as_i64().unwrap();
    let cell = cell_of(&course);
    let path = format!("/years/{year}/courses/{id}");
    let (_, mut annas) = opened(&web, year, &course, &anna).await;
    let (_, mut beats) = opened(&web, year, &course, &beat).await;

    let beats_lessons = if decimal(&course["lessons1"]) == Decimal::new(15, 1) { "2.5" } else { "1.5" };
    set(&mut beats, "lessons1", beats_lessons);
    let saved = post(&web, &path, &beat, &beats, Some(&cell)).await;
    assert_eq!(saved.status, 200, "{}", saved.html);

    set(&mut annas, "lessons1", "4");
    annas.push(("teachers1".into(), code.clone()));
    let conflict = post(&web, &path, &anna, &annas, Some(&cell)).await;
    assert_eq!(conflict.status, 412, "{}", conflict.html);
    let html = &conflict.html;
    assert!(html.trim_start().starts_with(&format!(r#"<td id="{cell}""#)), "in the cell");
    assert!(html.contains("Inzwischen geändert"), "{html}");
    assert!(html.contains("beat, "), "who changed it: {html}");
    let lessons = decimal(&course["lessons1"]);
    let beats_shown = format!("{:.2} L", Decimal::from_str(beats_lessons).unwrap());
    assert!(html.contains(&format!("Lektionen 1. Semester: {lessons:.2} L → {beats_shown}")), "what changed: {html}");
    assert!(html.contains(&format!("<td>{beats_shown}</td><td>4.00 L")), "both values: {html}");
    let current = web.app.get(&format!("/course/{id}")).await.expect(200);
    let etag = current.header("etag").unwrap().trim_matches('"').to_string();
    let reapply = hidden_fields(html, &path);
    assert!(reapply.contains(&("version".to_string(), etag)), "the form carries the new version: {reapply:?}");
    assert!(reapply.contains(&("lessons1".to_string(), "4".to_string())));

    let applied = post(&web, &path, &anna, &reapply, Some(&cell)).await;
    assert_eq!(applied.status, 200, "{}", applied.html);
    let api = web.app.get(&format!("/course/{id}")).await.expect(200);
    assert_eq!(decimal(&api.result()["lessons1"]), Decimal::from(4));
    assert!(api.result()["teachers1"].as_array().unwrap().iter().any(|t| t["code"] == code.as_str()));
}

#[tokio::test]
async fn readers_get_no_editor_and_forged_writes_get_403() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let session = web.sign_in("reader", Role::Reader).await;
    let (course, _) = course_and_teacher(&web.app, year).await;
    let id = course["id"].as_i64().unwrap();
    let before = web.app.get(&format!("/course/{id}")).await.expect(200).result().clone();
    let grid = web.get(&format!("/years/{year}/grid"), Some(&session)).await;
    assert_eq!(grid.status, 200);
    for control in ["data-editable", "course-edit", "cell-add", "/edit?class="] {
        assert!(!grid.html.contains(control), "a reader's grid has no {control}");
    }
    let editor = web.get(&format!("/years/{year}/courses/{id}/edit"), Some(&session)).await;
    assert_eq!(editor.status, 403);
    let csrf = grid.csrf();
    let form = vec![
        ("_csrf".to_string(), csrf.clone()),
        ("version".into(), "x".into()),
        ("lessons1".into(), "9".into()),
        ("lessons2".into(), "9".into()),
    ];
    let forged = post(&web, &format!("/years/{year}/courses/{id}"), &session, &form, Some(&cell_of(&course))).await;
    assert_eq!(forged.status, 403);
    let subject = &course["subject"]["id"];
    let class = &course["schoolClasses"][0]["id"];
    let create =
        post(&web, &format!("/years/{year}/cells/{subject}/{class}"), &session, &[("_csrf".into(), csrf)], None).await;
    assert_eq!(create.status, 403);
    assert_eq!(web.app.get(&format!("/course/{id}")).await.expect(200).result(), &before, "nothing changed");
}

/// The lessons per semester the lesson table gives `subject` in `class` (a
/// class of `GET /schoolclass?schoolYear=`), as the API has them.
async fn table_lessons(web: &Web, class: &Value, subject: &str) -> (Decimal, Decimal) {
    let path = format!(
        "/lessontable?curriculum={}&division={}&subject={subject}",
        class["curriculum"]["id"], class["division"]["id"]
    );
    let row = web.app.get(&path).await;
    let cell =
        row.result()["details"].as_array().and_then(|d| d.iter().find(|c| c["grade"]["id"] == class["grade"]["id"]));
    cell.map_or((Decimal::ZERO, Decimal::ZERO), |c| (decimal(&c["lessons1"]), decimal(&c["lessons2"])))
}

#[tokio::test]
async fn an_empty_cell_creates_its_course_from_the_lesson_table() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let session = web.sign_in("planner", Role::Planner).await;
    // The demo fills every cell its lesson table asks for: a course deleted makes room.
    let (course, _) = course_and_teacher(&web.app, year).await;
    web.app.delete(&format!("/course/{}", course["id"])).await.expect(204);
    let (subject, class) = (course["subject"]["id"].to_string(), course["schoolClasses"][0]["id"].to_string());
    let classes = web.app.get(&format!("/schoolclass?schoolYear={year}")).await.expect(200).result().clone();
    let class_json =
        classes.as_array().unwrap().iter().find(|c| c["id"] == course["schoolClasses"][0]["id"]).unwrap().clone();
    let (table1, table2) = table_lessons(&web, &class_json, &subject).await;
    assert!(!table1.is_zero(), "the lesson table has lessons for the cell");
    let grid = web.get(&format!("/years/{year}/grid"), Some(&session)).await;
    let post_path = format!("/years/{year}/cells/{subject}/{class}");
    assert!(grid.html.contains(&format!(r#"data-post="{post_path}""#)), "the empty cell offers to create");
    let cell = format!("cell-{subject}-{class}");
    let list = format!("/course?schoolYear={year}&subject={subject}&schoolClass={class}");
    assert!(web.app.get(&list).await.expect(200).result().as_array().unwrap().is_empty());

    let created = post(&web, &post_path, &session, &[("_csrf".into(), grid.csrf())], Some(&cell)).await;
    assert_eq!(created.status, 200, "{}", created.html);
    let courses = web.app.get(&list).await.expect(200).result().as_array().unwrap().clone();
    assert_eq!(courses.len(), 1, "one course created");
    let c = &courses[0];
    assert_eq!((decimal(&c["lessons1"]), decimal(&c["lessons2"])), (table1, table2), "the lesson table's lessons");
    assert!(created.html.trim_start().starts_with(&format!(r#"<td id="{cell}""#)));
    assert!(created.html.contains(&format!(r#"data-course="{}""#, c["id"])), "{}", created.html);
    assert!(created.html.contains(&format!("{table1:.2} L")), "the cell shows them: {}", created.html);
    assert!(!created.html.contains("cell-add"), "no longer empty");

    // Without JavaScript: the create page, then back to the grid at the cell.
    let page = web.get(&format!("{post_path}/new"), Some(&session)).await;
    assert_eq!(page.status, 200);
    let again = post(&web, &post_path, &session, &[("_csrf".into(), grid.csrf())], None).await;
    assert_eq!(again.status, 303, "{}", again.html);
    assert_eq!(again.header("location"), format!("/years/{year}/grid#{cell}"));
}

#[tokio::test]
async fn a_merged_course_splits_from_its_editor() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let session = web.sign_in("planner", Role::Planner).await;
    let merged = merged_course(&web.app, year).await;
    let (single, _) = course_and_teacher(&web.app, year).await;
    let (editor, _) = opened(&web, year, &single, &session).await;
    assert!(!editor.html.contains("/split"), "a course of one class does not split");
    let (editor, form) = opened(&web, year, &merged, &session).await;
    let split = format!("/years/{year}/courses/{}/split", merged["id"]);
    assert!(editor.html.contains(&format!(r#"formaction="{split}""#)), "{}", editor.html);
    let cell = cell_of(&merged);
    let page = post(&web, &split, &session, &form, Some(&cell)).await;
    assert_eq!(page.status, 200, "{}", page.html);
    let classes: Vec<&Value> = merged["schoolClasses"].as_array().unwrap().iter().collect();
    for class in &classes {
        let list = format!("/course?schoolYear={year}&subject={}&schoolClass={}", merged["subject"]["id"], class["id"]);
        let here = web.app.get(&list).await.expect(200).result().as_array().unwrap().clone();
        assert!(here.iter().all(|c| c["schoolClasses"].as_array().unwrap().len() == 1), "one course per class");
        let id = format!("cell-{}-{}", merged["subject"]["id"], class["id"]);
        assert!(page.html.contains(&format!(r#"<td id="{id}""#)), "the cell of every class is drawn again");
    }
    assert_eq!(page.html.matches(r#"<td id="#).count(), classes.len(), "every class's cell");
    assert!(page.html.contains(r#"id="workload-panel""#), "and the workload panel, out of band");
    // The same form again is stale now: the editor shows the course as it is.
    let stale = post(&web, &split, &session, &form, Some(&cell)).await;
    assert_eq!(stale.status, 412, "{}", stale.html);
    assert!(stale.html.contains("erneut auf"), "{}", stale.html);
}

/// The `value` of the first option of the select `name` in `html`.
fn first_option(html: &str, name: &str) -> String {
    let start = html.find(&format!(r#"name="{name}""#)).unwrap_or_else(|| panic!("no select {name}"));
    let opt = html[start..].find(r#"<option value=""#).expect("an option") + start + r#"<option value=""#.len();
    html[opt..].split('"').next().unwrap().to_string()
}

#[tokio::test]
async fn two_courses_of_one_row_merge_from_the_editor_and_split_again() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let session = web.sign_in("planner", Role::Planner).await;
    // A merged course of the demo, split first: two single-class courses of one subject, grade and curriculum.
    let merged = merged_course(&web.app, year).await;
    let (_, form) = opened(&web, year, &merged, &session).await;
    let split = format!("/years/{year}/courses/{}/split", merged["id"]);
    assert_eq!(post(&web, &split, &session, &form, Some(&cell_of(&merged))).await.status, 200);
    let first = web.app.get(&format!("/course/{}", merged["id"])).await.expect(200).result().clone();
    // Its editor offers the other classes' courses of the row.
    let (editor, mut form) = opened(&web, year, &first, &session).await;
    assert!(editor.html.contains("Zusammenlegen mit"), "{}", editor.html);
    let with = first_option(&editor.html, "with");
    let other: i64 = with.split(':').next().unwrap().parse().unwrap();
    form.push(("with".into(), with.clone()));
    let merge = format!("/years/{year}/courses/{}/merge", first["id"]);
    let page = post(&web, &merge, &session, &form, Some(&cell_of(&first))).await;
    assert_eq!(page.status, 200, "{}", page.html);
    // Through the API: one course with both classes; the other is gone.
    let now = web.app.get(&format!("/course/{}", first["id"])).await.expect(200).result().clone();
    assert_eq!(now["schoolClasses"].as_array().unwrap().len(), 2, "{now}");
    web.app.get(&format!("/course/{other}")).await.expect(404);
    assert_eq!(page.html.matches(r#"<td id="#).count(), 2, "both classes' cells");
    // The same form again: both versions are stale, nothing is merged twice.
    let stale = post(&web, &merge, &session, &form, Some(&cell_of(&first))).await;
    assert_eq!(stale.status, 412, "{}", stale.html);
    assert!(stale.html.contains("nichts zusammengelegt"), "{}", stale.html);
    // Without a choice: said in the editor.
    let (_, plain) = opened(&web, year, &now, &session).await;
    let none = post(&web, &merge, &session, &plain, Some(&cell_of(&now))).await;
    assert_eq!(none.status, 422);
    assert!(none.html.contains("Wählen Sie den Kurs"), "{}", none.html);
}

#[tokio::test]
async fn after_a_save_the_panel_shows_the_teachers_before_and_after_with_the_apis_workload() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let session = web.sign_in("planner", Role::Planner).await;
    let (course, code) = course_and_teacher(&web.app, year).await;
    let id = course["id"].as_i64().unwrap();
    let before: Vec<i64> = course["teachers1"].as_array().unwrap().iter().map(|t| t["id"].as_i64().unwrap()).collect();
    let grid = web.get(&format!("/years/{year}/grid"), Some(&session)).await;
    assert!(grid.html.contains(r#"id="workload-panel""#), "a planner's grid has the panel");
    let (_, mut form) = opened(&web, year, &course, &session).await;
    form.retain(|(k, _)| k != "teachers1" && k != "teachers2");
    form.push(("teachers1".into(), code.clone()));
    let saved = post(&web, &format!("/years/{year}/courses/{id}"), &session, &form, Some(&cell_of(&course))).await;
    assert_eq!(saved.status, 200, "{}", saved.html);
    // The answer carries the panel out of band, loading the teachers before and after.
    let marker = format!("/years/{year}/grid/panel?teachers=");
    let start = saved.html.find(&marker).unwrap_or_else(|| panic!("no panel in {}", saved.html)) + marker.len();
    let ids: Vec<i64> = saved.html[start..].split('"').next().unwrap().split(',').map(|t| t.parse().unwrap()).collect();
    let new: i64 =
        web.app.get(&format!("/course/{id}")).await.expect(200).result()["teachers1"][0]["id"].as_i64().unwrap();
    for t in before.iter().chain([&new]) {
        assert!(ids.contains(t), "teacher {t} in {ids:?}");
    }
    let panel = web.get(&format!("/years/{year}/grid/panel?teachers={new}"), Some(&session)).await;
    assert_eq!(panel.status, 200);
    // The figure is the workload API's, as the year overview shows it.
    let w = web.app.get(&format!("/workload?schoolYear={year}&teacher={new}")).await.expect(200);
    let form = if w.result().is_array() { &w.result()[0] } else { w.result() };
    let value = &form["summary"]["total"]["percentWithAgeRelief"];
    let workload = value.as_str().map_or_else(|| value.to_string(), str::to_string);
    let workload = Decimal::from_str(&workload).unwrap_or_else(|_| panic!("a decimal: {value}"));
    let shown = format!("{:.2} %", workload.round_dp(2));
    assert!(panel.html.contains(&shown), "{shown} in {}", panel.html);
    assert!(panel.html.contains(&format!(r#"href="/years/{year}/workload/{new}""#)));
    // A reader's grid has none.
    let reader = web.sign_in("rita", Role::Reader).await;
    assert!(!web.get(&format!("/years/{year}/grid"), Some(&reader)).await.html.contains("workload-panel"));
}

/// "Löschen" in the editor asks first (a folded section with "Endgültig
/// löschen"), deletes the course through the API's use case at the editor's
/// version, and draws the cells of all its classes again; a stale editor
/// deletes nothing and shows the course as it is now; a reader cannot
/// delete (docs/web.md §Editing the grid).
#[tokio::test]
async fn a_course_is_deleted_from_its_editor_after_asking_first() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let session = web.sign_in("planner", Role::Planner).await;
    let merged = merged_course(&web.app, year).await;
    let id = merged["id"].clone();
    let delete = format!("/years/{year}/courses/{id}/delete");
    let (editor, form) = opened(&web, year, &merged, &session).await;
    let section =
        &editor.html[editor.html.find(r#"<details class="danger editor-delete">"#).expect("a folded section")..];
    assert!(
        section.contains("Löschen</summary>") && section.contains(&format!(r#"formaction="{delete}""#)),
        "{section}"
    );
    assert!(section.contains("Endgültig löschen") && section.contains("nicht rückgängig"), "{section}");

    // Someone else saves the course first: the editor's version is stale.
    let cell = cell_of(&merged);
    let beat = web.sign_in("beat", Role::Planner).await;
    let (_, mut beats) = opened(&web, year, &merged, &beat).await;
    set(&mut beats, "comments", "von Beat");
    let saved = post(&web, &format!("/years/{year}/courses/{id}"), &beat, &beats, Some(&cell)).await;
    assert_eq!(saved.status, 200, "{}", saved.html);
    let stale = post(&web, &delete, &session, &form, Some(&cell)).await;
    assert_eq!(stale.status, 412, "{}", stale.html);
    assert!(stale.html.contains("nicht gelöscht"), "{}", stale.html);
    web.app.get(&format!("/course/{id}")).await.expect(200);

    // A reader's post is refused before it reaches the course.
    let reader = web.sign_in("reader", Role::Reader).await;
    let (_, fresh) = opened(&web, year, &merged, &session).await;
    let mut as_reader = fresh.clone();
    set(&mut as_reader, "_csrf", &web.get("/", Some(&reader)).await.csrf());
    assert_eq!(post(&web, &delete, &reader, &as_reader, Some(&cell)).await.status, 403);
    web.app.get(&format!("/course/{id}")).await.expect(200);

    // The planner deletes it at the current version: every class's cell is drawn again without it.
    let page = post(&web, &delete, &session, &fresh, Some(&cell)).await;
    assert_eq!(page.status, 200, "{}", page.html);
    web.app.get(&format!("/course/{id}")).await.expect(404);
    for class in merged["schoolClasses"].as_array().unwrap() {
        let td = format!(r#"<td id="cell-{}-{}""#, merged["subject"]["id"], class["id"]);
        assert!(page.html.contains(&td), "the cell of class {} is drawn again", class["id"]);
    }
    assert!(!page.html.contains(&format!("/courses/{id}/edit")), "the course is gone from the cells");
}
