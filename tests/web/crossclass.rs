//! Planung → gesamtschulisch over HTTP (docs/web.md §Cross-class courses):
//! the list shows the year's cross-class courses as `GET /api/v1/course`
//! has them, filtered, searched and sorted; the create form writes through
//! the API's use case (read back through the API) and shows problems beside
//! their fields in German and English; the edit form saves, shows someone
//! else's change (412) and applies one's values again; delete asks first;
//! readers see no write control and get 403; a post without the CSRF token
//! gets 403; French shows no German.

use std::str::FromStr;

use reqwest::header::COOKIE;
use rust_decimal::Decimal;
use schoolplan::auth::Role;
use serde_json::Value;

use super::grid::demo;
use super::untranslated::{untranslated, visible_text};
use super::{Page, Web};

/// The year's cross-class courses as the API lists them.
async fn api_courses(web: &Web, year: i64) -> Vec<Value> {
    let all = web.app.get(&format!("/course?schoolYear={year}")).await.expect(200);
    all.result().as_array().unwrap().iter().filter(|c| c["crossClass"] == true).cloned().collect()
}

/// Lessons as the list shows them (docs/i18n.md §Numbers): `3.00 L`, `–` for none.
fn lessons(v: &Value) -> String {
    let x = Decimal::from_str(&v.to_string()).unwrap();
    if x.is_zero() {
        "–".into()
    } else {
        format!("{:.2} L", x.round_dp(2))
    }
}

/// Teacher codes as the list shows them: `abc, def`, `–` for none.
fn codes(v: &Value) -> String {
    let list: Vec<&str> = v.as_array().unwrap().iter().map(|t| t["code"].as_str().unwrap()).collect();
    if list.is_empty() {
        "–".into()
    } else {
        list.join(", ")
    }
}

/// The HTML of the list row of course `id`.
fn row(html: &str, id: i64) -> Option<&str> {
    let start = html.find(&format!(r#"<tr id="course-{id}""#))?;
    let end = html[start..].find("</tr>").unwrap() + start;
    Some(&html[start..end])
}

/// The course ids of the list's rows, in order.
fn row_ids(html: &str) -> Vec<i64> {
    html.split(r#"<tr id="course-"#).skip(1).map(|p| p.split('"').next().unwrap().parse().unwrap()).collect()
}

/// The texts of a row's cells, in order (tags removed, entities as they are).
fn cells(row: &str) -> Vec<String> {
    row.split("<t")
        .skip(1)
        .filter(|p| p.starts_with('d') || p.starts_with("h scope=\"row\""))
        .map(|p| {
            let body = &p[p.find('>').unwrap() + 1..];
            let mut text = String::new();
            let mut in_tag = false;
            for c in body.chars() {
                match c {
                    '<' => in_tag = true,
                    '>' => in_tag = false,
                    _ if !in_tag => text.push(c),
                    _ => {}
                }
            }
            text.trim().to_string()
        })
        .collect()
}

/// The value of the first input `name` in `html`.
fn value_of(html: &str, name: &str) -> String {
    let marker = format!(r#"name="{name}" value=""#);
    let start = html.find(&marker).unwrap_or_else(|| panic!("no field {name} in {html}")) + marker.len();
    html[start..].split('"').next().unwrap().replace("&#x2b;", "+").replace("&#x3a;", ":")
}

/// The value of the first option of select `name` that is not the empty "please choose".
fn first_choice(html: &str, name: &str) -> String {
    let start = html.find(&format!(r#"name="{name}""#)).unwrap();
    let select = &html[start..start + html[start..].find("</select>").unwrap()];
    select
        .split(r#"<option value=""#)
        .skip(1)
        .map(|o| o.split('"').next().unwrap())
        .find(|v| !v.is_empty())
        .unwrap()
        .replace("&#x3a;", ":")
}

/// POST a form (owned pairs).
async fn post(web: &Web, path: &str, session: &str, form: &[(String, String)]) -> Page {
    let res =
        web.browser.post(format!("{}{path}", web.app.base)).form(form).header(COOKIE, session).send().await.unwrap();
    let status = res.status().as_u16();
    let headers = res.headers().clone();
    Page { status, headers, html: res.text().await.unwrap_or_default() }
}

/// The fields of the course form on `html` (CSRF, version, loaded, and every value shown).
fn fields_of(html: &str) -> Vec<(String, String)> {
    let mut form: Vec<(String, String)> = ["_csrf", "version", "loaded", "lessons1", "lessons2"]
        .iter()
        .map(|n| (n.to_string(), value_of(html, n)))
        .collect();
    for n in ["teachers1", "teachers2"] {
        for part in html.split(&format!(r#"name="{n}" value=""#)).skip(1) {
            let code = part.split('"').next().unwrap();
            if !code.is_empty() {
                form.push((n.into(), code.into()));
            }
        }
    }
    let start = html.find(r#"name="comments""#).unwrap();
    let text = &html[start + html[start..].find('>').unwrap() + 1..start + html[start..].find("</textarea>").unwrap()];
    form.push(("comments".into(), text.into()));
    for n in ["cancelled", "smallGroup1", "smallGroup2"] {
        if html.contains(&format!(r#"name="{n}" checked"#)) {
            form.push((n.into(), "on".into()));
        }
    }
    form
}

/// The edit form's fields as loaded.
async fn opened(web: &Web, year: i64, id: i64, session: &str) -> Vec<(String, String)> {
    let page = web.get(&format!("/years/{year}/crossclass/{id}"), Some(session)).await;
    assert_eq!(page.status, 200, "{}", page.html);
    fields_of(&page.html)
}

fn set(form: &mut Vec<(String, String)>, key: &str, value: &str) {
    form.retain(|(k, _)| k != key);
    form.push((key.into(), value.into()));
}

/// A teacher employed in `year` who teaches none of `course`'s semesters.
async fn free_teacher(web: &Web, year: i64, course: Option<&Value>) -> String {
    let teachers = web.app.get(&format!("/teacher?schoolYear={year}&archived=false")).await.expect(200);
    let taken = course.map(|c| format!("{} {}", codes(&c["teachers1"]), codes(&c["teachers2"]))).unwrap_or_default();
    teachers
        .result()
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["code"].as_str().unwrap().to_string())
        .find(|c| !taken.split([' ', ',']).any(|t| t == c))
        .expect("a teacher employed that year")
}

#[tokio::test]
async fn the_list_shows_the_cross_class_courses_as_the_api_has_them() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let session = web.sign_in("planner", Role::Planner).await;
    let courses = api_courses(&web, year).await;
    assert!(courses.len() > 3, "the demo has cross-class courses");
    let page = web.get(&format!("/years/{year}/crossclass"), Some(&session)).await;
    assert_eq!(page.status, 200, "{}", page.html);
    assert!(page.html.contains("<h1>Planung gesamtschulische Kurse 26/27"), "{}", page.html);
    assert!(page.html.contains(&format!("{n} von {n} Kursen", n = courses.len())));
    assert_eq!(row_ids(&page.html).len(), courses.len(), "one row per course");
    for c in &courses {
        let id = c["id"].as_i64().unwrap();
        let r = row(&page.html, id).unwrap_or_else(|| panic!("no row of course {id}"));
        let texts = cells(r);
        assert!(texts[0].starts_with(c["subject"]["code"].as_str().unwrap()), "{texts:?}");
        assert_eq!(texts[1], c["grade"]["code"].as_str().unwrap());
        assert_eq!(texts[2], c["curriculum"]["code"].as_str().unwrap());
        assert_eq!(texts[3], lessons(&c["lessons1"]), "{texts:?}");
        assert_eq!(texts[4], codes(&c["teachers1"]));
        assert_eq!(texts[5], lessons(&c["lessons2"]));
        assert_eq!(texts[6], codes(&c["teachers2"]));
        let open = lessons(&c["open1"]) != "–" || lessons(&c["open2"]) != "–";
        let cancelled = c["cancelled"] == true;
        assert_eq!(r.contains("cc-open"), open && !cancelled, "open lessons marked: {r}");
        assert_eq!(texts[7].contains("offen: "), open && !cancelled, "and said: {r}");
        assert_eq!(texts[7].contains("findet nicht statt"), cancelled);
        let comment = c["comments"].as_str().is_some_and(|t| !t.trim().is_empty());
        assert_eq!(r.contains('⚑'), comment);
        assert!(r.contains(&format!(r#"href="/years/{year}/crossclass/{id}""#)), "a planner's link to the editor");
    }
    assert!(page.html.contains(&format!(r#"href="/years/{year}/crossclass/new""#)), "Neuer Kurs");
    assert!(page.html.contains(&format!(r#"href="/years/{year}/crossclass" aria-current="page""#)), "the menu");
    assert!(page.html.contains(">gesamtschulisch<"));
}

#[tokio::test]
async fn the_list_filters_by_subject_type_searches_and_sorts() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let session = web.sign_in("planner", Role::Planner).await;
    let courses = api_courses(&web, year).await;
    let base = format!("/years/{year}/crossclass");

    let kind = courses[0]["subject"]["type"]["id"].as_i64().unwrap();
    let of_kind: Vec<i64> =
        courses.iter().filter(|c| c["subject"]["type"]["id"] == kind).map(|c| c["id"].as_i64().unwrap()).collect();
    let page = web.get(&format!("{base}?type={kind}"), Some(&session)).await;
    let mut shown = row_ids(&page.html);
    shown.sort();
    let mut expected = of_kind.clone();
    expected.sort();
    assert_eq!(shown, expected, "the subject type's courses");

    let teacher = courses.iter().find_map(|c| c["teachers1"][0]["code"].as_str()).unwrap().to_string();
    let page = web.get(&format!("{base}?q={}", teacher.to_uppercase()), Some(&session)).await;
    let teaching: Vec<i64> = courses
        .iter()
        .filter(|c| {
            format!("{} {} {}", c["subject"]["code"], codes(&c["teachers1"]), codes(&c["teachers2"]))
                .to_lowercase()
                .contains(&teacher.to_lowercase())
        })
        .map(|c| c["id"].as_i64().unwrap())
        .collect();
    let mut shown = row_ids(&page.html);
    shown.sort();
    let mut expected = teaching;
    expected.sort();
    assert_eq!(shown, expected, "search by a teacher code, case-insensitively");

    let page = web.get(&format!("{base}?sort=grade&dir=asc"), Some(&session)).await;
    assert!(page.html.contains(r#"<th scope="col" aria-sort="ascending"><a href="/years/"#), "{}", page.html);
    let grades: Vec<String> = row_ids(&page.html)
        .iter()
        .map(|id| courses.iter().find(|c| c["id"] == *id).unwrap()["grade"]["code"].as_str().unwrap().to_lowercase())
        .collect();
    let mut sorted = grades.clone();
    sorted.sort();
    assert_eq!(grades, sorted, "sorted by grade");

    let page = web.get(&format!("{base}?sort=subject&dir=desc"), Some(&session)).await;
    assert!(page.html.contains(r#"aria-sort="descending""#));
    let subjects: Vec<String> = row_ids(&page.html)
        .iter()
        .map(|id| courses.iter().find(|c| c["id"] == *id).unwrap()["subject"]["code"].as_str().unwrap().to_lowercase())
        .collect();
    let mut sorted = subjects.clone();
    sorted.sort();
    sorted.reverse();
    assert_eq!(subjects, sorted, "sorted by subject, descending");

    let hx = web
        .get_url(
            &format!("{}{base}?sort=teacher&dir=asc", web.app.base),
            Some(&session),
            &[("HX-Request", "true"), ("HX-Target", "crossclass-region")],
        )
        .await;
    assert!(hx.html.trim_start().starts_with(r#"<div id="crossclass-region""#), "htmx gets the region");
    assert!(hx.header("hx-push-url").contains("sort=teacher"), "the URL follows");
    assert!(hx.html.contains(r#"hx-swap-oob="true""#), "the form's sort fields follow");
}

#[tokio::test]
async fn a_course_without_grade_is_refused_beside_its_field_in_german_and_english() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let session = web.sign_in("planner", Role::Planner).await;
    let before = api_courses(&web, year).await.len();
    let form = web.get(&format!("/years/{year}/crossclass/new"), Some(&session)).await;
    assert_eq!(form.status, 200, "{}", form.html);
    let subject = first_choice(&form.html, "subject");
    let fields = |csrf: String| {
        vec![
            ("_csrf".to_string(), csrf),
            ("subject".into(), subject.clone()),
            ("placement".into(), String::new()),
            ("lessons1".into(), "2".into()),
            ("comments".into(), "bleibt".into()),
        ]
    };
    let page = post(&web, &format!("/years/{year}/crossclass"), &session, &fields(form.csrf())).await;
    assert_eq!(page.status, 422, "{}", page.html);
    let error = page.html.find(r#"<p class="field-error" id="cc-placement-error">"#).expect("beside the placement");
    let text = &page.html[error..error + page.html[error..].find("</p>").unwrap()];
    assert!(text.contains("Stufe ist erforderlich: Das Fach") && text.contains("gesamtschulisch"), "German: {text}");
    assert!(page.html.contains(r#"id="cc-placement" name="placement" aria-required="true" aria-invalid="true""#));
    assert!(page.html.contains("bleibt") && page.html.contains(&format!(r#"value="{subject}" selected"#)), "kept");
    assert_eq!(api_courses(&web, year).await.len(), before, "nothing created");

    let switched =
        web.post("/language", Some(&session), &[("_csrf", &page.csrf()), ("lang", "en"), ("back", "/")]).await;
    assert_eq!(switched.status, 303);
    let page = post(&web, &format!("/years/{year}/crossclass"), &session, &fields(form.csrf())).await;
    assert_eq!(page.status, 422);
    let error = page.html.find(r#"id="cc-placement-error""#).unwrap();
    let text = &page.html[error..error + page.html[error..].find("</p>").unwrap()];
    assert!(text.contains("Grade is required: subject"), "English, the field named by its label: {text}");
    assert!(page.html.contains("<h1>New school-wide course"));
}

#[tokio::test]
async fn a_created_course_reads_back_through_the_api() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let session = web.sign_in("planner", Role::Planner).await;
    let before: Vec<i64> = api_courses(&web, year).await.iter().map(|c| c["id"].as_i64().unwrap()).collect();
    let form = web.get(&format!("/years/{year}/crossclass/new"), Some(&session)).await;
    let subject = first_choice(&form.html, "subject");
    let placement = first_choice(&form.html, "placement");
    let (curriculum, grade) = placement.split_once(':').unwrap();
    let teacher = free_teacher(&web, year, None).await;
    let fields: Vec<(String, String)> = vec![
        ("_csrf".into(), form.csrf()),
        ("subject".into(), subject.clone()),
        ("placement".into(), placement.clone()),
        ("lessons1".into(), "2,5".into()),
        ("lessons2".into(), "".into()),
        ("teachers1".into(), teacher.to_uppercase()),
        ("teachers1".into(), "".into()),
        ("comments".into(), "neu".into()),
    ];
    let page = post(&web, &format!("/years/{year}/crossclass"), &session, &fields).await;
    assert_eq!(page.status, 303, "{}", page.html);
    let created: Vec<Value> =
        api_courses(&web, year).await.into_iter().filter(|c| !before.contains(&c["id"].as_i64().unwrap())).collect();
    assert_eq!(created.len(), 1, "one course created");
    let c = &created[0];
    assert_eq!(page.header("location"), format!("/years/{year}/crossclass?done=created#course-{}", c["id"]));
    assert_eq!(c["subject"]["id"].to_string(), subject);
    assert_eq!((c["curriculum"]["id"].to_string(), c["grade"]["id"].to_string()), (curriculum.into(), grade.into()));
    assert_eq!(Decimal::from_str(&c["lessons1"].to_string()).unwrap(), Decimal::new(25, 1));
    assert_eq!(lessons(&c["lessons2"]), "–");
    assert_eq!(codes(&c["teachers1"]), teacher);
    assert_eq!(c["comments"], "neu");
    assert!(c["schoolClasses"].as_array().unwrap().is_empty());
    let list = web.get(&format!("/years/{year}/crossclass?done=created"), Some(&session)).await;
    assert!(list.html.contains("Der Kurs wurde angelegt."));
    assert!(row(&list.html, c["id"].as_i64().unwrap()).is_some(), "the list shows it");
}

#[tokio::test]
async fn the_edit_form_saves_through_the_api_use_case() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let session = web.sign_in("planner", Role::Planner).await;
    let course = api_courses(&web, year).await.into_iter().find(|c| c["cancelled"] == false).unwrap();
    let id = course["id"].as_i64().unwrap();
    let teacher = free_teacher(&web, year, Some(&course)).await;
    let mut form = opened(&web, year, id, &session).await;
    set(&mut form, "lessons2", "1.5");
    set(&mut form, "teachers2", &teacher);
    set(&mut form, "cancelled", "on");
    let page = post(&web, &format!("/years/{year}/crossclass/{id}"), &session, &form).await;
    assert_eq!(page.status, 303, "{}", page.html);
    assert_eq!(page.header("location"), format!("/years/{year}/crossclass?done=saved#course-{id}"));
    let after = web.app.get(&format!("/course/{id}")).await.expect(200).result().clone();
    assert_eq!(Decimal::from_str(&after["lessons2"].to_string()).unwrap(), Decimal::new(15, 1));
    assert_eq!(codes(&after["teachers2"]), teacher);
    assert_eq!(after["cancelled"], true);
    assert_eq!(after["lessons1"], course["lessons1"], "the rest as it was");

    // A problem stays beside its field, and nothing is saved.
    let mut form = opened(&web, year, id, &session).await;
    set(&mut form, "lessons1", "100");
    let page = post(&web, &format!("/years/{year}/crossclass/{id}"), &session, &form).await;
    assert_eq!(page.status, 422);
    assert!(
        page.html.contains(r#"<p class="field-error" id="cc-lessons1-error">Lektionen 1. Semester muss"#),
        "{}",
        page.html
    );
    assert_eq!(web.app.get(&format!("/course/{id}")).await.expect(200).result(), &after);
}

#[tokio::test]
async fn a_save_after_someone_elses_change_shows_the_conflict_and_applies_mine_again() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let anna = web.sign_in("anna", Role::Planner).await;
    let beat = web.sign_in("beat", Role::Planner).await;
    let course = api_courses(&web, year).await.into_iter().find(|c| c["comments"].is_null()).unwrap();
    let id = course["id"].as_i64().unwrap();
    let path = format!("/years/{year}/crossclass/{id}");
    let mut annas = opened(&web, year, id, &anna).await;
    let mut beats = opened(&web, year, id, &beat).await;
    set(&mut beats, "comments", "von beat");
    assert_eq!(post(&web, &path, &beat, &beats).await.status, 303);

    set(&mut annas, "lessons1", "4");
    let page = post(&web, &path, &anna, &annas).await;
    assert_eq!(page.status, 412, "{}", page.html);
    assert!(page.html.contains("Inzwischen geändert"), "{}", page.html);
    assert!(page.html.contains("beat, "), "who changed it");
    assert!(page.html.contains("Bemerkung: – → von beat"), "what changed: {}", page.html);
    assert!(page.html.contains("<td>von beat</td><td>–"), "both values");
    let etag =
        web.app.get(&format!("/course/{id}")).await.expect(200).header("etag").unwrap().trim_matches('"').to_string();
    assert_eq!(value_of(&page.html, "version"), etag, "the form carries the current version");
    assert_eq!(value_of(&page.html, "lessons1"), "4", "and my values");

    let again = fields_of(&page.html);
    let applied = post(&web, &path, &anna, &again).await;
    assert_eq!(applied.status, 303, "{}", applied.html);
    let api = web.app.get(&format!("/course/{id}")).await.expect(200).result().clone();
    assert_eq!(Decimal::from_str(&api["lessons1"].to_string()).unwrap(), Decimal::from(4));
    assert_eq!(api["comments"], Value::Null, "my values, over beat's");
}

#[tokio::test]
async fn delete_asks_first_and_refuses_a_stale_version() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let session = web.sign_in("planner", Role::Planner).await;
    let course = api_courses(&web, year).await.into_iter().next().unwrap();
    let id = course["id"].as_i64().unwrap();
    let page = web.get(&format!("/years/{year}/crossclass/{id}"), Some(&session)).await;
    let at = page.html.find(r#"<details class="danger" id="crossclass-delete">"#).expect("behind a disclosure");
    let confirm = &page.html[at..];
    assert!(confirm.contains("wirklich löschen?"));
    let version = value_of(confirm, "version");
    let path = format!("/years/{year}/crossclass/{id}/delete");
    let stale: Vec<(String, String)> = vec![("_csrf".into(), page.csrf()), ("version".into(), "stale".into())];
    let refused = post(&web, &path, &session, &stale).await;
    assert_eq!(refused.status, 412, "{}", refused.html);
    assert!(refused.html.contains("nicht gelöscht"));
    web.app.get(&format!("/course/{id}")).await.expect(200);

    let form: Vec<(String, String)> = vec![("_csrf".into(), page.csrf()), ("version".into(), version)];
    let deleted = post(&web, &path, &session, &form).await;
    assert_eq!(deleted.status, 303, "{}", deleted.html);
    assert_eq!(deleted.header("location"), format!("/years/{year}/crossclass?done=deleted"));
    web.app.get(&format!("/course/{id}")).await.expect(404);
}

#[tokio::test]
async fn readers_see_no_write_control_and_forged_writes_get_403() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let planner = web.sign_in("planner", Role::Planner).await;
    let reader = web.sign_in("reader", Role::Reader).await;
    let course = api_courses(&web, year).await.into_iter().next().unwrap();
    let id = course["id"].as_i64().unwrap();
    let list = web.get(&format!("/years/{year}/crossclass"), Some(&reader)).await;
    assert_eq!(list.status, 200);
    assert!(row(&list.html, id).is_some(), "the reader sees the courses");
    assert!(!list.html.contains("crossclass-new") && !list.html.contains(&format!("/crossclass/{id}\"")), "no links");
    for path in [format!("/years/{year}/crossclass/new"), format!("/years/{year}/crossclass/{id}")] {
        assert_eq!(web.get(&path, Some(&reader)).await.status, 403, "{path}");
    }
    let before = web.app.get(&format!("/course/{id}")).await.expect(200).result().clone();
    let csrf = list.csrf();
    for path in [
        format!("/years/{year}/crossclass"),
        format!("/years/{year}/crossclass/{id}"),
        format!("/years/{year}/crossclass/{id}/delete"),
    ] {
        let forged =
            post(&web, &path, &reader, &[("_csrf".into(), csrf.clone()), ("lessons1".into(), "9".into())]).await;
        assert_eq!(forged.status, 403, "{path}");
    }
    // A planner's post without the CSRF token, or with another one, is refused too.
    let form = opened(&web, year, id, &planner).await;
    let mut without: Vec<(String, String)> = form.iter().filter(|(k, _)| k != "_csrf").cloned().collect();
    set(&mut without, "lessons1", "9");
    assert_eq!(post(&web, &format!("/years/{year}/crossclass/{id}"), &planner, &without).await.status, 403);
    let mut wrong = without.clone();
    wrong.push(("_csrf".into(), csrf));
    assert_eq!(post(&web, &format!("/years/{year}/crossclass/{id}"), &planner, &wrong).await.status, 403);
    assert_eq!(web.app.get(&format!("/course/{id}")).await.expect(200).result(), &before, "nothing changed");
}

#[tokio::test]
async fn in_french_the_screen_shows_no_german() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let planner = web.sign_in("planner", Role::Planner).await;
    let home = web.get("/", Some(&planner)).await;
    web.post("/language", Some(&planner), &[("_csrf", &home.csrf()), ("lang", "fr"), ("back", "/")]).await;
    let id = api_courses(&web, year).await[0]["id"].as_i64().unwrap();
    for path in [
        format!("/years/{year}/crossclass"),
        format!("/years/{year}/crossclass/new"),
        format!("/years/{year}/crossclass/{id}"),
    ] {
        let page = web.get(&path, Some(&planner)).await;
        assert_eq!(page.status, 200, "{path}");
        assert!(page.html.contains(r#"<html lang="fr">"#));
        let left = untranslated(&visible_text(&page.html));
        assert!(left.is_empty(), "{path} shows untranslated texts: {left:?}");
    }
}
