//! The notes marker of Anstellungen and its side panel (docs/web.md
//! §Anstellungen, "Notes"): a teacher with notes has a marker with their
//! number, which opens the notes in a panel beside the list (htmx) or the
//! notes page filtered to the teacher (without JavaScript).

use schoolplan::auth::Role;
use serde_json::json;

use super::employments::api_list;
use super::grid::demo;
use super::Web;

#[tokio::test]
async fn a_teacher_with_notes_has_a_marker_that_opens_them_beside_the_list() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let planner = web.sign_in("planner", Role::Planner).await;
    let employments = api_list(&web, &format!("/employment?schoolYear={year}")).await;
    let (with, without) = (&employments[0], &employments[1]);
    let (teacher, other) = (with["teacher"]["id"].as_i64().unwrap(), without["teacher"]["id"].as_i64().unwrap());
    for text in ["Erste Notiz", "Zweite Notiz"] {
        web.app.create("/note", json!({"teacher": teacher, "text": text})).await;
    }
    let count = web.app.get(&format!("/note?teacher={teacher}")).await.expect(200).result().as_array().unwrap().len();
    let none = web.app.get(&format!("/note?teacher={other}")).await.expect(200).result().as_array().unwrap().len();

    let list = web.get(&format!("/years/{year}/employments"), Some(&planner)).await;
    assert_eq!(list.status, 200, "{}", list.html);
    let row = |id: &serde_json::Value| {
        let start = list.html.find(&format!(r#"<tr id="employment-{id}""#)).unwrap();
        let end = list.html[start..].find("</tr>").unwrap();
        list.html[start..start + end].to_string()
    };
    let marked = row(&with["id"]);
    let code = with["teacher"]["code"].as_str().unwrap();
    assert!(marked.contains(&format!(r#"aria-label="{count} Notizen zu {code}""#)), "{marked}");
    assert!(marked.contains(&format!("✎ {count}")), "{marked}");
    assert!(marked.contains(&format!(r#"href="/years/{year}/notes?teacher={teacher}""#)), "{marked}");
    assert!(marked.contains(&format!(r#"hx-get="/years/{year}/notes/panel?teacher={teacher}""#)), "{marked}");
    assert_eq!(row(&without["id"]).contains("notes-marker"), none > 0, "a marker only with notes");
    assert!(list.html.contains(r#"<aside id="employment-panel" class="side-panel" aria-live="polite"></aside>"#));

    // The panel: the teacher's notes, newest first, with their authors.
    let url = format!("{}/years/{year}/notes/panel?teacher={teacher}", web.app.base);
    let panel = web.get_url(&url, Some(&planner), &[("HX-Request", "true"), ("HX-Target", "employment-panel")]).await;
    assert_eq!(panel.status, 200, "{}", panel.html);
    assert!(panel.html.contains(&format!("Notizen zu {code} –")), "{}", panel.html);
    let (first, second) = (panel.html.find("Zweite Notiz").unwrap(), panel.html.find("Erste Notiz").unwrap());
    assert!(first < second, "newest first: {}", panel.html);
    assert_eq!(panel.html.matches("<li>").count(), count);
    assert!(panel.html.contains("test-admin, "), "the author: {}", panel.html);
    // Closed: the empty panel.
    let closed = web
        .get_url(
            &format!("{}/years/{year}/notes/panel", web.app.base),
            Some(&planner),
            &[("HX-Request", "true"), ("HX-Target", "employment-panel")],
        )
        .await;
    assert_eq!((closed.status, closed.html.trim()), (200, ""));
    // Without JavaScript: the notes page of the teacher.
    let plain = web.get(&format!("/years/{year}/notes/panel?teacher={teacher}"), Some(&planner)).await;
    assert_eq!(plain.status, 303);
    assert_eq!(plain.header("location"), format!("/years/{year}/notes?teacher={teacher}"));
    // A teacher not employed that year: 404.
    let stranger = web
        .get_url(
            &format!("{}/years/{year}/notes/panel?teacher=999999", web.app.base),
            Some(&planner),
            &[("HX-Request", "true")],
        )
        .await;
    assert_eq!(stranger.status, 404);
}
