//! Stammdaten → Lehrpersonen: the list and its search, against `GET /api/v1/teacher`.

use schoolplan::auth::Role;

use super::Web;

#[tokio::test]
async fn the_teacher_list_searches() {
    let web = Web::spawn().await;
    super::grid::demo(&web).await;
    let session = web.sign_in("reader", Role::Reader).await;
    let teachers = web.app.get("/teacher").await.expect(200);
    let teachers = teachers.result().as_array().unwrap().clone();
    let page = web.get("/teachers", Some(&session)).await;
    assert_eq!(page.status, 200);
    assert!(page.html.contains(r#"aria-current="page">Lehrpersonen"#), "the menu marks the screen");
    assert!(page.html.contains(">nach Klassen</a>"), "and leads to the planning grid");
    assert_eq!(page.html.matches(r#"<tr id="teacher-"#).count(), teachers.len());
    let one = &teachers[0];
    let code = one["code"].as_str().unwrap();
    let last = one["lastName"].as_str().unwrap();
    let expected: Vec<_> = teachers
        .iter()
        .filter(|t| {
            let hay = format!(
                "{} {} {} {}",
                t["code"].as_str().unwrap(),
                t["lastName"].as_str().unwrap(),
                t["firstName"].as_str().unwrap(),
                t["email"].as_str().unwrap_or("")
            )
            .to_lowercase();
            hay.contains(&code.to_lowercase()) && hay.contains(&last.to_lowercase())
        })
        .collect();
    let q = format!("{} {}", code.to_uppercase(), last);
    let url = format!("{}/teachers?q={}", web.app.base, q.replace(' ', "+"));
    let found = web.get_url(&url, Some(&session), &[("HX-Request", "true"), ("HX-Target", "teacher-list")]).await;
    assert!(found.html.trim_start().starts_with(r#"<div id="teacher-list""#), "the list alone");
    assert_eq!(found.html.matches(r#"<tr id="teacher-"#).count(), expected.len());
    assert!(found.html.contains(&format!(r#"<tr id="teacher-{}">"#, one["id"])));
    let none = web.get("/teachers?q=zzzzqqq", Some(&session)).await;
    assert!(none.html.contains("Keine Lehrperson passt"));
}
