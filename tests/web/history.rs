//! Verlauf (docs/web.md §History): an edit through `/api/v1` shows up in the
//! object's history with its old and new value, named as the form names the
//! field, newest first and in pages; the record page links to it for
//! administrators; planners and readers get 403 and no link, as for
//! `GET /api/v1/audit`; German, English and French.

use schoolplan::auth::Role;
use serde_json::json;

use super::untranslated::{untranslated, visible_text};
use super::Web;

/// A teacher created and then renamed through the API: its id.
async fn renamed_teacher(web: &Web) -> i64 {
    let id = web
        .app
        .create("/teacher", json!({"code": "amu", "lastName": "Muster", "firstName": "Anna", "birthday": "1980-02-29"}))
        .await;
    let mut body = web.app.get(&format!("/teacher/{id}")).await.expect(200).result().clone();
    body["lastName"] = json!("Muster-Meier");
    body["archived"] = json!(true);
    web.app.put(&format!("/teacher/{id}"), body).await.expect(200);
    id
}

#[tokio::test]
async fn an_api_edit_shows_up_with_old_and_new_value() {
    let web = Web::spawn().await;
    let id = renamed_teacher(&web).await;
    let admin = web.sign_in("chefin", Role::Admin).await;

    let record = web.get(&format!("/teachers/{id}"), Some(&admin)).await;
    assert!(record.html.contains(&format!(r#"href="/history/teacher/{id}""#)), "the record links to its history");

    let page = web.get(&format!("/history/teacher/{id}"), Some(&admin)).await;
    assert_eq!(page.status, 200, "{}", page.html);
    assert!(page.html.contains("Verlauf: Lehrperson amu"), "titled by type and code");
    assert!(page.html.contains("Einträge: 2"));
    // Newest first: the change (it archived the teacher, and says so), then the creation.
    let changed = page.html.find("· archiviert").expect("the change is listed");
    let created = page.html.find("erfasst").expect("the creation is listed");
    assert!(changed < created, "newest first");
    // The change: the field by its label, old and new value side by side.
    let row = &page.html[changed..created];
    assert!(
        row.contains(
            r#"<th scope="row">Name</th><td class="history-old">Muster</td><td class="history-new">Muster-Meier</td>"#
        ),
        "{row}"
    );
    assert!(row.contains(
        r#"<th scope="row">archiviert</th><td class="history-old">nein</td><td class="history-new">ja</td>"#
    ));
    assert!(!row.contains("Vorname"), "unchanged fields are not listed");
    // Who: the API token's account; the creation shows the date as Swiss planners write it.
    assert!(page.html[changed.saturating_sub(200)..changed].contains("test-admin"), "who made the change");
    assert!(page.html[created..].contains("29.02.1980"));
    assert!(page.html.contains(&format!(r#"href="/teachers/{id}""#)), "a way back to the record");

    // English: the same entries, English labels.
    let lang = web.post("/language", Some(&admin), &[("_csrf", &page.csrf()), ("lang", "en"), ("back", "/")]).await;
    assert_eq!(lang.status, 303);
    let en = web.get(&format!("/history/teacher/{id}"), Some(&admin)).await;
    assert!(en.html.contains("History: Teacher amu") && en.html.contains("Entries: 2"), "{}", en.html);
    assert!(en.html.contains(
        r#"<th scope="row">Last name</th><td class="history-old">Muster</td><td class="history-new">Muster-Meier</td>"#
    ));
    // French: nothing untranslated.
    web.post("/language", Some(&admin), &[("_csrf", &page.csrf()), ("lang", "fr"), ("back", "/")]).await;
    let fr = web.get(&format!("/history/teacher/{id}"), Some(&admin)).await;
    assert!(fr.html.contains("Historique"));
    assert_eq!(untranslated(&visible_text(&fr.html)), Vec::<String>::new());
}

#[tokio::test]
async fn a_long_history_comes_in_pages() {
    let web = Web::spawn().await;
    let id = web.app.create("/gender", json!({"code": "x", "description": "Start"})).await;
    let per_page = schoolplan::service::history::PER_PAGE;
    for n in 0..per_page {
        web.app
            .put(&format!("/gender/{id}"), json!({"code": "x", "description": format!("Stand {n}"), "archived": false}))
            .await
            .expect(200);
    }
    let admin = web.sign_in("chefin", Role::Admin).await;
    let first = web.get(&format!("/history/gender/{id}"), Some(&admin)).await;
    assert_eq!(first.status, 200);
    let newest = format!("Stand {}", per_page - 1);
    assert!(first.html.contains(&newest), "the newest change on the first page");
    assert!(!first.html.contains("erfasst"), "the creation is on the second page");
    assert!(first.html.contains("Seite 1 von 2"));
    assert!(first.html.contains(&format!(r#"href="/history/gender/{id}?page=2""#)));
    let second = web.get(&format!("/history/gender/{id}?page=2"), Some(&admin)).await;
    assert!(second.html.contains("erfasst") && second.html.contains("Seite 2 von 2"));
    assert!(!second.html.contains(&newest));
}

#[tokio::test]
async fn only_administrators_read_the_history() {
    let web = Web::spawn().await;
    let id = renamed_teacher(&web).await;
    for (name, role) in [("planerin", Role::Planner), ("leser", Role::Reader)] {
        let session = web.sign_in(name, role).await;
        let page = web.get(&format!("/history/teacher/{id}"), Some(&session)).await;
        assert_eq!(page.status, 403, "{name}");
        assert!(!page.html.contains("Muster-Meier"));
        let record = web.get(&format!("/teachers/{id}"), Some(&session)).await;
        assert_eq!(record.status, 200);
        assert!(!record.html.contains("/history/"), "{name} sees no history link");
        // The API refuses them the audit trail alike.
        let token = web.app.token_for(name, role).await;
        let api = web
            .app
            .request_with(
                Some(&token),
                reqwest::Method::GET,
                &format!("/api/v1/audit?objectType=teacher&objectId={id}"),
                None,
            )
            .await;
        assert_eq!(api.status, 403);
    }
    // Without a session: to the sign-in page.
    let anonymous = web.get(&format!("/history/teacher/{id}"), None).await;
    assert_eq!(anonymous.status, 303);
}

#[tokio::test]
async fn a_course_edit_in_the_grid_links_to_its_history() {
    let web = Web::spawn().await;
    schoolplan::dataset::import(&web.app.store, &schoolplan::demo::generate(1)).await.expect("demo imported");
    let years = web.app.get("/schoolyear").await.expect(200);
    let open = years.result().as_array().unwrap().iter().find(|y| y["archived"] == false && y["finalised"] == false);
    let year = open.expect("an open school year")["id"].as_i64().unwrap();
    let courses = web.app.get(&format!("/course?schoolYear={year}")).await.expect(200);
    let course = courses.result().as_array().unwrap().first().expect("a course").clone();
    let id = course["id"].as_i64().unwrap();
    let class = course["schoolClasses"][0]["id"].as_i64().unwrap();
    let mut body = course.clone();
    let before = course["lessons1"].as_f64().unwrap();
    body["lessons1"] = json!(before + 1.0);
    web.app.put(&format!("/course/{id}"), body).await.expect(200);

    let admin = web.sign_in("chefin", Role::Admin).await;
    let editor = web.get(&format!("/years/{year}/courses/{id}/edit?class={class}"), Some(&admin)).await;
    assert_eq!(editor.status, 200);
    let link = format!("/history/course/{id}?back=/years/{year}/grid");
    assert!(editor.html.contains(&format!(r#"href="{link}""#)), "the editor links to the course's history");
    let page = web.get(&link, Some(&admin)).await;
    assert_eq!(page.status, 200);
    let lessons = |v: f64| schoolplan::i18n::lessons(rust_decimal::Decimal::try_from(v).unwrap());
    assert!(page.html.contains(&format!(
        r#"<th scope="row">Lektionen 1. Semester</th><td class="history-old">{}</td><td class="history-new">{}</td>"#,
        lessons(before),
        lessons(before + 1.0)
    )));
    assert!(page.html.contains(&format!(r#"href="/years/{year}/grid""#)), "back to the grid");

    let planner = web.sign_in("planerin", Role::Planner).await;
    let editor = web.get(&format!("/years/{year}/courses/{id}/edit?class={class}"), Some(&planner)).await;
    assert_eq!(editor.status, 200);
    assert!(!editor.html.contains("/history/"), "a planner's editor has no history link");
}

#[tokio::test]
async fn an_object_without_entries_is_named_by_its_code() {
    let web = Web::spawn().await;
    let admin = web.sign_in("chefin", Role::Admin).await;
    // A subject category whose entries are gone (as after an import that writes none).
    let id = web.app.create("/subjectcategory", json!({"code": "MINT", "description": "Mathematik"})).await;
    web.app.sql("DELETE FROM audit_entry WHERE object_type = 'subjectcategory'").await;
    let page = web.get(&format!("/history/subjectcategory/{id}"), Some(&admin)).await;
    assert_eq!(page.status, 200);
    assert!(page.html.contains("Verlauf: Fachgebiet MINT"), "{}", page.html);
    assert!(page.html.contains(r#"id="history-none""#), "no entry yet");
}
