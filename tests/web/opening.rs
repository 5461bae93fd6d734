//! Spezielles → Schuljahr eröffnen (docs/web.md §Schuljahr eröffnen): the
//! guided path creates the next year, a missing entry class and opens the
//! year; the preview writes nothing; readers get no forms and 403.

use schoolplan::auth::Role;
use serde_json::Value;

use super::grid::demo;
use super::{Page, Web};

/// The demo's latest school year (highest graduation year) as the API gives it.
async fn latest(web: &Web) -> Value {
    let years = web.app.get("/schoolyear").await.expect(200);
    years.result().as_array().unwrap().iter().max_by_key(|y| y["graduationYear"].as_i64()).unwrap().clone()
}

/// How many courses the API lists for `year`.
async fn course_count(web: &Web, year: i64) -> usize {
    web.app.get(&format!("/course?schoolYear={year}")).await.expect(200).result().as_array().unwrap().len()
}

/// The `value` of the element with id `id` in `html`.
fn value_of(html: &str, id: &str) -> String {
    let start = html.find(&format!(r#"id="{id}""#)).unwrap_or_else(|| panic!("no #{id} in {html}"));
    let tag_start = html[..start].rfind('<').unwrap();
    let tag = &html[tag_start..tag_start + html[tag_start..].find('>').unwrap()];
    tag.split(r#"value=""#).nth(1).map(|v| v.split('"').next().unwrap().to_string()).unwrap_or_default()
}

/// The count in the preview's row `kind` (`Kurse`).
fn count_of(html: &str, kind: &str) -> usize {
    let marker = format!(r#"<th scope="row">{kind}</th><td class="num">"#);
    let start = html.find(&marker).unwrap_or_else(|| panic!("no row {kind} in {html}")) + marker.len();
    html[start..].split('<').next().unwrap().parse().unwrap()
}

/// The curriculum ids of the gap forms on a year's page (`id="gap-N"`).
fn gaps(html: &str) -> Vec<i64> {
    html.split(r#"<li id="gap-"#).skip(1).map(|s| s.split('"').next().unwrap().parse().unwrap()).collect()
}

/// Creates the next year through the form (the proposal's values); its id.
async fn create_next(web: &Web, cookie: &str, start: &Page) -> i64 {
    let latest = latest(web).await;
    let mut form: Vec<(String, String)> = vec![
        ("_csrf".into(), start.csrf()),
        ("code".into(), value_of(&start.html, "year-code")),
        ("description".into(), value_of(&start.html, "year-description")),
        ("graduationYear".into(), value_of(&start.html, "year-graduation")),
        ("calculationMode".into(), latest["calculationMode"]["id"].to_string()),
    ];
    for (id, lessons) in latest["weeklyLessons"].as_object().unwrap() {
        form.push((format!("weekly-{id}"), value_of(&start.html, &format!("weekly-{id}"))));
        assert!(!lessons.is_null());
    }
    let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let created = web.post("/opening", Some(cookie), &form).await;
    assert_eq!(created.status, 303, "{}", created.html);
    let location = created.header("location").to_string();
    location.strip_prefix("/opening/").expect("to the year's path").parse().unwrap()
}

#[tokio::test]
async fn the_path_creates_the_year_and_the_missing_class_previews_without_writing_and_opens() {
    let web = Web::spawn().await;
    demo(&web).await;
    let cookie = web.sign_in("paula", Role::Planner).await;
    let latest = latest(&web).await;
    let proposed = schoolplan::service::opening::numbers_up(latest["code"].as_str().unwrap());

    // Step 1: the fields are proposed from the latest year.
    let start = web.get("/opening", Some(&cookie)).await;
    assert_eq!(start.status, 200, "{}", start.html);
    assert!(start.html.contains("Schuljahr eröffnen") && start.html.contains("Spezielles"), "{}", start.html);
    assert_eq!(value_of(&start.html, "year-code"), proposed);
    let graduation = latest["graduationYear"].as_i64().unwrap() + 1;
    assert_eq!(value_of(&start.html, "year-graduation"), graduation.to_string());

    // A bad graduation year comes back beside its field, in German, with what was typed.
    let bad = web
        .post(
            "/opening",
            Some(&cookie),
            &[("_csrf", &start.csrf()), ("code", "XY"), ("description", "Test"), ("graduationYear", "abc")],
        )
        .await;
    assert_eq!(bad.status, 400, "{}", bad.html);
    assert!(bad.html.contains(r#"id="year-graduation-error""#), "{}", bad.html);
    assert!(bad.html.contains(r#"value="abc""#) && bad.html.contains(r#"value="XY""#));
    assert!(bad.html.contains("ganze Zahl") || bad.html.contains("Zahl"), "a German message: {}", bad.html);

    let year = create_next(&web, &cookie, &start).await;
    let created = web.app.get(&format!("/schoolyear/{year}")).await.expect(200);
    assert_eq!(created.result()["code"], proposed.as_str());
    assert_eq!(created.result()["calculationMode"], latest["calculationMode"]);
    assert_eq!(created.result()["weeklyLessons"], latest["weeklyLessons"]);

    // Steps 2 and 3: the missing entry classes and the preview, which writes nothing.
    assert_eq!(course_count(&web, year).await, 0);
    let page = web.get(&format!("/opening/{year}"), Some(&cookie)).await;
    assert_eq!(page.status, 200, "{}", page.html);
    assert_eq!(course_count(&web, year).await, 0, "the preview wrote no course");
    let missing = gaps(&page.html);
    assert!(!missing.is_empty(), "the new year has no entry classes yet: {}", page.html);
    let curriculum = missing[0];
    let prefix = format!("gap-{curriculum}");
    let code = value_of(&page.html, &format!("{prefix}-code"));
    assert!(!code.is_empty());
    let li = &page.html[page.html.find(&format!(r#"<li id="{prefix}""#)).unwrap()..];
    let graduation_year = li.split(r#"name="graduationYear" value=""#).nth(1).unwrap().split('"').next().unwrap();
    let options = &li[li.find(&format!(r#"id="{prefix}-division""#)).unwrap()..];
    let division = options
        .split("<option value=\"")
        .skip(1)
        .find(|o| o.split('>').next().unwrap().contains("selected"))
        .or_else(|| options.split("<option value=\"").nth(1))
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .to_string();
    // An empty code comes back beside the field of that gap's form.
    let bad = web
        .post(
            &format!("/opening/{year}/class"),
            Some(&cookie),
            &[
                ("_csrf", &page.csrf()),
                ("curriculum", &curriculum.to_string()),
                ("code", ""),
                ("division", &division),
                ("graduationYear", graduation_year),
            ],
        )
        .await;
    assert_eq!(bad.status, 422, "{}", bad.html);
    assert!(bad.html.contains(&format!(r#"id="{prefix}-code-error""#)), "{}", bad.html);
    assert_eq!(course_count(&web, year).await, 0);
    let created = web
        .post(
            &format!("/opening/{year}/class"),
            Some(&cookie),
            &[
                ("_csrf", &page.csrf()),
                ("curriculum", &curriculum.to_string()),
                ("code", &code),
                ("division", &division),
                ("graduationYear", graduation_year),
            ],
        )
        .await;
    assert_eq!(created.status, 303, "{}", created.html);
    let classes = web.app.get("/schoolclass").await.expect(200);
    let class = classes.result().as_array().unwrap().iter().find(|c| c["code"] == code.as_str()).expect("the class");
    assert_eq!(class["graduationYear"].to_string(), graduation_year);
    let again = web.get(&format!("/opening/{year}"), Some(&cookie)).await;
    assert!(!gaps(&again.html).contains(&curriculum), "the gap is gone once its class exists");
    let preview_courses = count_of(&again.html, "Kurse");
    assert!(preview_courses > 0, "{}", again.html);
    assert_eq!(course_count(&web, year).await, 0, "the preview wrote no course");

    // Step 4: open; the report counts what the preview promised, and the API lists it.
    let opened = web.post(&format!("/opening/{year}/open"), Some(&cookie), &[("_csrf", &again.csrf())]).await;
    assert_eq!(opened.status, 200, "{}", opened.html);
    assert!(opened.html.contains("Bericht der Eröffnung"), "{}", opened.html);
    assert_eq!(count_of(&opened.html, "Kurse"), preview_courses);
    assert_eq!(course_count(&web, year).await, preview_courses);
    assert!(opened.html.contains(r#"id="step-check""#), "the worklist follows");
    assert!(opened.html.contains(&format!("/years/{year}/grid#cell-")), "a course finding links to its cell");
    // Nothing is left to create.
    let after = web.get(&format!("/opening/{year}"), Some(&cookie)).await;
    assert!(after.html.contains(r#"id="nothing-to-open""#), "{}", after.html);
    assert!(!after.html.contains(r#"id="open-year""#));
}

#[tokio::test]
async fn the_preview_service_rolls_back_what_it_planned() {
    let web = Web::spawn().await;
    demo(&web).await;
    let latest = latest(&web).await;
    let next = serde_json::json!({
        "code": "zz/zz", "description": "Preview", "graduationYear": latest["graduationYear"].as_i64().unwrap() + 1
    });
    let year = web.app.post("/schoolyear", next).await.expect(201).result()["id"].as_i64().unwrap();
    let employments = |b: Value| b.as_array().unwrap().len();
    let before = employments(web.app.get(&format!("/employment?schoolYear={year}")).await.expect(200).result().clone());
    let report = schoolplan::service::opening::preview(&web.app.store, schoolplan::domain::ids::SchoolYearId(year))
        .await
        .expect("a preview");
    assert!(report.counts.courses > 0 && report.counts.employments > 0, "{:?}", report.counts);
    assert_eq!(course_count(&web, year).await, 0);
    let after = employments(web.app.get(&format!("/employment?schoolYear={year}")).await.expect(200).result().clone());
    assert_eq!(before, after);
    // Opening now creates what the preview showed.
    let opened = web.app.post(&format!("/schoolyear/{year}/open"), serde_json::json!({})).await.expect(200);
    assert_eq!(opened.result()["counts"]["courses"].as_u64().unwrap() as usize, report.counts.courses);
    assert_eq!(opened.result()["counts"]["employments"].as_u64().unwrap() as usize, report.counts.employments);
}

#[tokio::test]
async fn a_reader_sees_no_forms_and_a_forged_post_gets_403() {
    let web = Web::spawn().await;
    demo(&web).await;
    let cookie = web.sign_in("rita", Role::Reader).await;
    let years_before = web.app.get("/schoolyear").await.expect(200).result().as_array().unwrap().len();
    let start = web.get("/opening", Some(&cookie)).await;
    assert_eq!(start.status, 200);
    assert!(!start.html.contains(r#"action="/opening""#), "no form for a reader: {}", start.html);
    assert!(start.html.contains("Nur Planende"));
    let csrf = start.csrf();
    let forged = web
        .post(
            "/opening",
            Some(&cookie),
            &[("_csrf", &csrf), ("code", "99/99"), ("description", "x"), ("graduationYear", "2100")],
        )
        .await;
    assert_eq!(forged.status, 403);
    let latest = latest(&web).await["id"].as_i64().unwrap();
    let year = web.get(&format!("/opening/{latest}"), Some(&cookie)).await;
    assert_eq!(year.status, 200, "{}", year.html);
    assert!(!year.html.contains(r#"id="open-year""#) && !year.html.contains("/class\""));
    let forged = web.post(&format!("/opening/{latest}/open"), Some(&cookie), &[("_csrf", &csrf)]).await;
    assert_eq!(forged.status, 403);
    assert_eq!(web.app.get("/schoolyear").await.expect(200).result().as_array().unwrap().len(), years_before);
}

#[tokio::test]
async fn the_path_speaks_english() {
    let web = Web::spawn().await;
    demo(&web).await;
    let cookie = web.sign_in("paula", Role::Planner).await;
    let de = web.get("/opening", Some(&cookie)).await;
    let english = web.post("/language", Some(&cookie), &[("_csrf", &de.csrf()), ("lang", "en"), ("back", "/")]).await;
    assert_eq!(english.status, 303);
    let start = web.get("/opening", Some(&cookie)).await;
    assert_eq!(start.status, 200);
    assert!(start.html.contains("Open a school year") && start.html.contains("Create school year"), "{}", start.html);
    let bad = web
        .post(
            "/opening",
            Some(&cookie),
            &[("_csrf", &start.csrf()), ("code", ""), ("description", "x"), ("graduationYear", "2100")],
        )
        .await;
    assert!(bad.status == 422 || bad.status == 400, "{}", bad.html);
    assert!(bad.html.contains(r#"id="year-code-error""#), "{}", bad.html);
    assert!(bad.html.contains(r#"<p class="field-error" id="year-code-error">Code "#), "labelled: {}", bad.html);
    assert!(!bad.html.contains("Kürzel"), "no German on the English page");
}
