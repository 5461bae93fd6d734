//! "Auswählen" in the planning grid over HTTP ("Selecting and merging" in
//! docs/web.md §Editing the grid): three courses of one row merge in one
//! step through the API's use case (read back with `GET /api/v1/course/{id}`),
//! a stale version merges nothing and shows the first course as it is now,
//! a rule's refusal appears in the cell in German and English, the editor's
//! checkboxes do the same without JavaScript, and readers and forged posts
//! get 403.

use schoolplan::auth::Role;
use serde_json::{json, Value};

use super::grid::demo;
use super::grid_edit::post;
use super::grid_pick::{cell_of, mergeable_three, shown_version, two_grades};
use super::{Page, Web};

/// The cell of `course` alone, as the grid fetches it when the course is selected (htmx).
async fn cell_alone(web: &Web, year: i64, course: &Value, session: &str) -> Page {
    let path = format!("/years/{year}/cells/{}/{}", course["subject"]["id"], course["schoolClasses"][0]["id"]);
    let url = format!("{}{path}", web.app.base);
    web.get_url(&url, Some(session), &[("HX-Request", "true"), ("HX-Target", &cell_of(course))]).await
}

/// What the grid's toolbar posts for `courses` (selected in this order) with
/// the versions their cells show when fetched on selection, and the CSRF token of `grid`.
pub async fn selection(web: &Web, year: i64, grid: &Page, session: &str, courses: &[&Value]) -> Vec<(String, String)> {
    let mut form = vec![("_csrf".to_string(), grid.csrf())];
    for (i, c) in courses.iter().enumerate() {
        let class = c["schoolClasses"][0]["id"].to_string();
        form.push((if i == 0 { "class" } else { "also" }.to_string(), class));
        let cell = cell_alone(web, year, c, session).await;
        form.push(("course".to_string(), format!("{}:{}", c["id"], shown_version(&cell.html, &c["id"]))));
    }
    form
}

fn ids(list: &Value) -> Vec<i64> {
    list.as_array().unwrap().iter().map(|t| t["id"].as_i64().unwrap()).collect()
}

fn merge_path(year: i64) -> String {
    format!("/years/{year}/courses/merge")
}

#[tokio::test]
async fn three_selected_courses_of_one_row_merge_in_one_step() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let session = web.sign_in("planner", Role::Planner).await;
    let three = mergeable_three(&web.app, year).await;
    let grid = web.get(&format!("/years/{year}/grid"), Some(&session)).await;
    assert!(grid.html.contains(r#"id="grid-select""#), "a planner's grid has the selection toolbar");
    assert!(grid.html.contains(r#"aria-multiselectable="true""#));
    assert!(grid.html.contains("Zusammenlegen (<span class=\"grid-select-n\">0</span>)"), "the button counts");
    assert!(grid.html.contains("Leertaste wählt Kurse einer Zeile"), "the keys are explained");
    assert!(grid.html.contains(r#"data-cells="/years/"#), "where a selected cell is fetched");
    assert!(!grid.html.contains("data-version"), "the page's cells carry no versions (a selected cell is fetched)");
    let picked: Vec<&Value> = three.iter().collect();
    let form = selection(&web, year, &grid, &session, &picked).await;
    let first = &three[0];
    let page = post(&web, &merge_path(year), &session, &form, Some(&cell_of(first))).await;
    assert_eq!(page.status, 200, "{}", page.html);

    // Through the API: the first course has the three classes and keeps its
    // teachers; the other two are gone.
    let now = web.app.get(&format!("/course/{}", first["id"])).await.expect(200).result().clone();
    let classes = ids(&now["schoolClasses"]);
    let wanted: Vec<i64> = three.iter().map(|c| c["schoolClasses"][0]["id"].as_i64().unwrap()).collect();
    assert_eq!(classes, wanted, "the classes in the order selected: {now}");
    assert_eq!(ids(&now["teachers1"]), ids(&first["teachers1"]), "the first keeps its teachers");
    assert_eq!(ids(&now["teachers2"]), ids(&first["teachers2"]));
    for other in &three[1..] {
        web.app.get(&format!("/course/{}", other["id"])).await.expect(404);
    }
    // The answer: the three classes' cells (the first in place, the others
    // out of band) and the workload panel.
    for c in &three {
        assert!(page.html.contains(&format!(r#"<td id="{}""#, cell_of(c))), "cell of {}", c["id"]);
    }
    assert_eq!(page.html.matches(r#"<td id="#).count(), 3, "{}", page.html);
    assert_eq!(page.html.matches(r#"hx-swap-oob="true""#).count(), 3, "two cells and the panel out of band");
    assert!(page.html.contains(r#"id="workload-panel""#));

    // The same selection again: two of them are gone; nothing happens and the cell says so.
    let again = post(&web, &merge_path(year), &session, &form, Some(&cell_of(first))).await;
    assert_eq!(again.status, 412, "{}", again.html);
    assert!(again.html.contains("existiert nicht mehr"), "{}", again.html);
    let after = web.app.get(&format!("/course/{}", first["id"])).await.expect(200).result().clone();
    assert_eq!(ids(&after["schoolClasses"]), wanted);
}

#[tokio::test]
async fn a_stale_version_merges_nothing_and_shows_the_first_course_as_it_is_now() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let session = web.sign_in("planner", Role::Planner).await;
    let three = mergeable_three(&web.app, year).await;
    let grid = web.get(&format!("/years/{year}/grid"), Some(&session)).await;
    let form = selection(&web, year, &grid, &session, &three.iter().collect::<Vec<_>>()).await;
    // Someone changes the second course through the API meanwhile.
    let second = &three[1];
    let mut changed = second.clone();
    changed["comments"] = json!("Raumwechsel");
    web.app.put(&format!("/course/{}", second["id"]), changed).await.expect(200);

    let page = post(&web, &merge_path(year), &session, &form, Some(&cell_of(&three[0]))).await;
    assert_eq!(page.status, 412, "{}", page.html);
    assert!(page.html.contains("nichts zusammengelegt"), "{}", page.html);
    assert!(page.html.contains("cell--editing"), "the first course's editor, as it is now");
    assert!(
        page.html.contains(&format!(r#"<td id="{}" class="cell"#, cell_of(second)))
            && page.html.contains("hx-swap-oob"),
        "the other selected cells are drawn again as they are now: {}",
        page.html
    );
    assert!(page.html.contains("Raumwechsel"), "with the other change: {}", page.html);
    for c in &three {
        let now = web.app.get(&format!("/course/{}", c["id"])).await.expect(200).result().clone();
        assert_eq!(now["schoolClasses"].as_array().unwrap().len(), 1, "nothing merged: {now}");
    }
}

#[tokio::test]
async fn a_rule_refusal_appears_in_the_cell_in_german_and_english() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let session = web.sign_in("planner", Role::Planner).await;
    let (a, b) = two_grades(&web.app, year).await;
    let grid = web.get(&format!("/years/{year}/grid"), Some(&session)).await;
    let form = selection(&web, year, &grid, &session, &[&a, &b]).await;
    let page = post(&web, &merge_path(year), &session, &form, Some(&cell_of(&a))).await;
    assert_eq!(page.status, 422, "{}", page.html);
    assert!(page.html.contains(r#"class="cell-problem" role="alert""#), "{}", page.html);
    assert!(page.html.contains("Zusammengelegte Kurse müssen dieselbe Stufe haben."), "{}", page.html);
    assert!(page.html.starts_with(&format!(r#"<td id="{}""#, cell_of(&a))), "in the first cell");
    for c in [&a, &b] {
        let now = web.app.get(&format!("/course/{}", c["id"])).await.expect(200).result().clone();
        assert_eq!(now["schoolClasses"].as_array().unwrap().len(), 1, "nothing merged");
    }

    // English, chosen in the session.
    let switched = post(
        &web,
        "/language",
        &session,
        &[("_csrf".into(), grid.csrf()), ("lang".into(), "en".into()), ("back".into(), "/".into())],
        None,
    )
    .await;
    assert_eq!(switched.status, 303);
    let page = post(&web, &merge_path(year), &session, &form, Some(&cell_of(&a))).await;
    assert_eq!(page.status, 422, "{}", page.html);
    assert!(page.html.contains("merged courses must share one grade"), "{}", page.html);
    let grid = web.get(&format!("/years/{year}/grid"), Some(&session)).await;
    assert!(grid.html.contains("Merge (<span class=\"grid-select-n\">0</span>)"), "the toolbar in English");

    // A selection of one course: said in the cell.
    let one = post(&web, &merge_path(year), &session, &form[..3], Some(&cell_of(&a))).await;
    assert_eq!(one.status, 422, "{}", one.html);
    assert!(one.html.contains("Tick at least one more course"), "{}", one.html);
}

#[tokio::test]
async fn the_editor_merges_the_ticked_courses_without_javascript() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let session = web.sign_in("planner", Role::Planner).await;
    let three = mergeable_three(&web.app, year).await;
    let first = &three[0];
    let class = &first["schoolClasses"][0]["id"];
    let editor = web.get(&format!("/years/{year}/courses/{}/edit?class={class}", first["id"]), Some(&session)).await;
    assert_eq!(editor.status, 200);
    assert!(editor.html.contains("Mehrere Kurse zusammenlegen"), "{}", editor.html);
    assert!(editor.html.contains(&format!(r#"formaction="{}""#, merge_path(year))));
    let version = {
        let marker = r#"name="version" value=""#;
        let start = editor.html.find(marker).unwrap() + marker.len();
        editor.html[start..].split('"').next().unwrap().to_string()
    };
    // This course first (a hidden field), then the two ticked ones.
    let own = format!("{}:{version}", first["id"]);
    assert!(editor.html.contains(&format!(r#"<input type="hidden" name="course" value="{own}">"#)));
    let mut form = vec![
        ("_csrf".to_string(), editor.csrf()),
        ("version".to_string(), version.clone()),
        ("class".to_string(), class.to_string()),
        ("course".to_string(), own),
    ];
    // Nothing ticked: said in the editor, as a page.
    let none = post(&web, &merge_path(year), &session, &form, None).await;
    assert_eq!(none.status, 422, "{}", none.html);
    assert!(none.html.contains("Kreuzen Sie mindestens einen weiteren Kurs an"), "{}", none.html);
    assert!(none.html.contains(r#"class="editor-page""#), "the editor's page");
    for other in &three[1..] {
        let cell = cell_alone(&web, year, other, &session).await;
        let value = format!("{}:{}", other["id"], shown_version(&cell.html, &other["id"]));
        assert!(editor.html.contains(&format!(r#"name="course" value="{value}""#)), "{value} offered");
        form.push(("course".to_string(), value));
    }
    let page = post(&web, &merge_path(year), &session, &form, None).await;
    assert_eq!(page.status, 303, "{}", page.html);
    assert_eq!(page.header("location"), format!("/years/{year}/grid#{}", cell_of(first)), "back to the grid");
    let now = web.app.get(&format!("/course/{}", first["id"])).await.expect(200).result().clone();
    assert_eq!(now["schoolClasses"].as_array().unwrap().len(), 3, "{now}");
}

#[tokio::test]
async fn readers_get_no_selection_and_forged_or_tokenless_posts_get_403() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let three = mergeable_three(&web.app, year).await;
    let planner = web.sign_in("planner", Role::Planner).await;
    let planner_grid = web.get(&format!("/years/{year}/grid"), Some(&planner)).await;
    let form = selection(&web, year, &planner_grid, &planner, &three.iter().collect::<Vec<_>>()).await;

    let reader = web.sign_in("reader", Role::Reader).await;
    let grid = web.get(&format!("/years/{year}/grid"), Some(&reader)).await;
    assert_eq!(grid.status, 200);
    for control in ["grid-select", "data-version", "aria-multiselectable"] {
        assert!(!grid.html.contains(control), "a reader's grid has no {control}");
    }
    let cell = cell_alone(&web, year, &three[0], &reader).await;
    assert!(cell.html.contains("data-course") && !cell.html.contains("data-version"), "nor a reader's cell");
    let mut forged = form.clone();
    forged[0].1 = grid.csrf();
    let page = post(&web, &merge_path(year), &reader, &forged, Some(&cell_of(&three[0]))).await;
    assert_eq!(page.status, 403, "{}", page.html);

    // A planner's post without the session's CSRF token, or with another one.
    let tokenless: Vec<(String, String)> = form.iter().filter(|(k, _)| k != "_csrf").cloned().collect();
    assert_eq!(post(&web, &merge_path(year), &planner, &tokenless, None).await.status, 403);
    assert_eq!(post(&web, &merge_path(year), &planner, &forged, None).await.status, 403);
    for c in &three {
        let now = web.app.get(&format!("/course/{}", c["id"])).await.expect(200).result().clone();
        assert_eq!(now["schoolClasses"].as_array().unwrap().len(), 1, "nothing merged");
    }
}
