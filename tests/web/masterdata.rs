//! Stammdaten → Lehrpersonen as forms (docs/web.md §Teachers and
//! §Master-data forms): create and edit through the form and read back through
//! `GET /api/v1/teacher/ID`; field errors beside their fields in German and
//! English with the values kept; a refused delete names the users; a stale
//! version shows the other change; readers see no write control and get 403.

use schoolplan::auth::Role;
use serde_json::{json, Value};

use super::{Page, Web};

/// The value of the hidden field `name` on the page.
pub fn hidden(page: &Page, name: &str) -> String {
    let marker = format!(r#"name="{name}" value=""#);
    let start = page.html.find(&marker).unwrap_or_else(|| panic!("no field {name}:\n{}", page.html)) + marker.len();
    page.html[start..].split('"').next().unwrap().to_string()
}

/// The HTML of the element that starts with `start` up to the next `</div>` (a field's block).
pub fn block<'a>(html: &'a str, start: &str) -> &'a str {
    let from = html.find(start).unwrap_or_else(|| panic!("no {start}"));
    let to = html[from..].find("</div>").map_or(html.len(), |i| from + i);
    &html[from..to]
}

/// The API's teacher `id`.
async fn api_teacher(web: &Web, id: i64) -> Value {
    web.app.get(&format!("/teacher/{id}")).await.expect(200).result().clone()
}

/// A subject category and a gender to choose in the form: their ids.
async fn lookups(web: &Web) -> (i64, i64) {
    let category = web.app.create("/subjectcategory", json!({"code": "MINT", "description": "Mathematik"})).await;
    let gender = web.app.create("/gender", json!({"code": "w", "description": "weiblich"})).await;
    (category, gender)
}

/// The form's fields of a teacher, as a browser sends them.
fn fields<'a>(
    csrf: &'a str,
    version: &'a str,
    code: &'a str,
    last: &'a str,
    email: &'a str,
) -> Vec<(&'a str, &'a str)> {
    vec![
        ("_csrf", csrf),
        ("_version", version),
        ("code", code),
        ("lastName", last),
        ("firstName", "Anna"),
        ("email", email),
        ("birthday", "1980-02-29"),
        ("title", ""),
        ("employeeNumber", "4711"),
        ("gender", ""),
    ]
}

/// The id in a `Location: /teachers/ID?…`.
fn location_id(page: &Page) -> i64 {
    let loc = page.header("location");
    loc.trim_start_matches("/teachers/").split('?').next().unwrap().parse().unwrap_or_else(|_| panic!("{loc}"))
}

#[tokio::test]
async fn a_planner_creates_edits_and_archives_a_teacher_through_the_forms() {
    let web = Web::spawn().await;
    let (category, gender) = lookups(&web).await;
    let session = web.sign_in("planner", Role::Planner).await;
    let list = web.get("/teachers", Some(&session)).await;
    assert!(list.html.contains(r#"href="/teachers/new""#), "a planner may create");
    let form = web.get("/teachers/new", Some(&session)).await;
    assert_eq!(form.status, 200);
    for label in [r#"<label for="f-code">Kürzel"#, r#"<label for="f-email">E-Mail"#, "Fachgebiete", "weiblich"] {
        assert!(form.html.contains(label), "{label}");
    }
    let csrf = form.csrf();
    let (category_s, gender_s) = (category.to_string(), gender.to_string());
    let mut sent = fields(&csrf, "", "amu", "Muster", "anna.muster@school.ch");
    sent.retain(|(k, _)| *k != "gender");
    sent.extend([("gender", gender_s.as_str()), ("departments", category_s.as_str())]);
    let created = web.post("/teachers", Some(&session), &sent).await;
    assert_eq!(created.status, 303, "{}", created.html);
    let id = location_id(&created);
    assert!(created.header("location").ends_with("?done=created"));

    let api = api_teacher(&web, id).await;
    assert_eq!(api["code"], "amu");
    assert_eq!((api["lastName"].as_str(), api["firstName"].as_str()), (Some("Muster"), Some("Anna")));
    assert_eq!(api["email"], "anna.muster@school.ch");
    assert_eq!(api["birthday"], "1980-02-29");
    assert_eq!(api["employeeNumber"], "4711");
    assert_eq!(api["title"], Value::Null, "an empty optional field is null");
    assert_eq!(api["gender"]["id"], gender);
    assert_eq!(api["departments"][0]["id"], category);
    assert_eq!(api["archived"], false);

    let detail = web.get(&format!("/teachers/{id}?done=created"), Some(&session)).await;
    assert_eq!(detail.status, 200);
    assert!(detail.html.contains("Die Lehrperson wurde erfasst."));
    assert!(detail.html.contains("29.02.1980"), "dates as Swiss planners write them");
    assert!(detail.html.contains(&format!(r#"href="/teachers/{id}/edit""#)));

    // The edit form carries the version the API calls its ETag.
    let edit = web.get(&format!("/teachers/{id}/edit"), Some(&session)).await;
    assert_eq!(edit.status, 200);
    let etag = web.app.get(&format!("/teacher/{id}")).await.header("etag").unwrap().trim_matches('"').to_string();
    assert_eq!(hidden(&edit, "_version"), etag);
    assert!(edit.html.contains(r#"value="Muster""#) && edit.html.contains(&format!(r#"value="{category}" checked"#)));
    let version = hidden(&edit, "_version");
    let saved = web
        .post(
            &format!("/teachers/{id}"),
            Some(&session),
            &fields(&csrf, &version, "amu", "Muster-Meier", "am@school.ch"),
        )
        .await;
    assert_eq!(saved.status, 303, "{}", saved.html);
    let api = api_teacher(&web, id).await;
    assert_eq!((api["lastName"].as_str(), api["email"].as_str()), (Some("Muster-Meier"), Some("am@school.ch")));
    assert_eq!(api["departments"], json!([]), "no box checked: no subject category");
    assert_eq!(api["gender"], Value::Null);

    // Archive and reactivate; the filter follows.
    let detail = web.get(&format!("/teachers/{id}"), Some(&session)).await;
    let version = hidden(&detail, "_version");
    let archived = web
        .post(
            &format!("/teachers/{id}/archive"),
            Some(&session),
            &[("_csrf", &csrf), ("_version", &version), ("archived", "true")],
        )
        .await;
    assert_eq!(archived.status, 303, "{}", archived.html);
    assert_eq!(api_teacher(&web, id).await["archived"], true);
    let row = format!(r#"<tr id="teacher-{id}""#);
    assert!(web.get("/teachers?state=archived", Some(&session)).await.html.contains(&row));
    assert!(!web.get("/teachers?state=active", Some(&session)).await.html.contains(&row));
    let detail = web.get(&format!("/teachers/{id}"), Some(&session)).await;
    assert!(detail.html.contains("Reaktivieren"));
    let version = hidden(&detail, "_version");
    let back = web
        .post(
            &format!("/teachers/{id}/archive"),
            Some(&session),
            &[("_csrf", &csrf), ("_version", &version), ("archived", "false")],
        )
        .await;
    assert_eq!(back.status, 303);
    let api = api_teacher(&web, id).await;
    assert_eq!(api["archived"], false);
    assert_eq!(api["lastName"], "Muster-Meier", "archiving keeps the other fields");

    // An unused teacher is deleted.
    let detail = web.get(&format!("/teachers/{id}"), Some(&session)).await;
    let version = hidden(&detail, "_version");
    let deleted =
        web.post(&format!("/teachers/{id}/delete"), Some(&session), &[("_csrf", &csrf), ("_version", &version)]).await;
    assert_eq!(deleted.status, 303, "{}", deleted.html);
    web.app.get(&format!("/teacher/{id}")).await.expect(404);
}

#[tokio::test]
async fn an_invalid_email_is_shown_beside_its_field_in_german_and_english_with_the_values_kept() {
    let web = Web::spawn().await;
    let id = web.app.create("/teacher", json!({"code": "bmu", "firstName": "Berta", "lastName": "Muster"})).await;
    let session = web.sign_in("planner", Role::Planner).await;
    let edit = web.get(&format!("/teachers/{id}/edit"), Some(&session)).await;
    let (csrf, version) = (edit.csrf(), hidden(&edit, "_version"));
    let bad = web
        .post(&format!("/teachers/{id}"), Some(&session), &fields(&csrf, &version, "bmu", "Neuname", "kein-mail"))
        .await;
    assert_eq!(bad.status, 422, "{}", bad.html);
    let email = block(&bad.html, r#"<div class="field field--error">"#);
    assert!(email.contains(r#"id="f-email""#), "the error is in the e-mail field's block: {email}");
    assert!(email.contains(r#"aria-invalid="true" aria-describedby="f-email-error""#), "{email}");
    assert!(email.contains("ist keine gültige E-Mail-Adresse"), "in German: {email}");
    assert!(email.contains(r#"value="kein-mail""#), "the value typed is kept");
    assert!(bad.html.contains(r#"value="Neuname""#), "every value typed is kept");
    assert_eq!(hidden(&bad, "_version"), version, "still the version the form was loaded at");
    assert_eq!(api_teacher(&web, id).await["lastName"], "Muster", "nothing saved");

    // A required field left empty, on a new teacher.
    let missing = web.post("/teachers", Some(&session), &fields(&csrf, "", "", "Leer", "leer@school.ch")).await;
    assert_eq!(missing.status, 422);
    let code = block(&missing.html, r#"<div class="field field--error">"#);
    assert!(code.contains(r#"id="f-code""#) && code.contains("Pflichtfeld"), "{code}");
    assert!(missing.html.contains(r#"value="leer@school.ch""#));

    // In English.
    let switched =
        web.post("/language", Some(&session), &[("_csrf", &csrf), ("lang", "en"), ("back", "/teachers")]).await;
    assert_eq!(switched.status, 303);
    let bad = web
        .post(&format!("/teachers/{id}"), Some(&session), &fields(&csrf, &version, "bmu", "Neuname", "kein-mail"))
        .await;
    assert_eq!(bad.status, 422);
    assert!(bad.html.contains(r#"<html lang="en">"#));
    let email = block(&bad.html, r#"<div class="field field--error">"#);
    assert!(
        email.contains(r#"id="f-email""#) && email.contains("is not a valid e-mail address"),
        "in English: {email}"
    );
    assert!(email.contains(r#"value="kein-mail""#));
}

#[tokio::test]
async fn deleting_a_teacher_in_use_names_what_uses_it() {
    let web = Web::spawn().await;
    let year = super::grid::demo(&web).await;
    let courses =
        web.app.get(&format!("/course?schoolYear={year}")).await.expect(200).result().as_array().unwrap().clone();
    let course = courses.iter().find(|c| !c["teachers1"].as_array().unwrap().is_empty()).expect("a staffed course");
    let teacher = course["teachers1"][0]["id"].as_i64().unwrap();
    let session = web.sign_in("planner", Role::Planner).await;
    let detail = web.get(&format!("/teachers/{teacher}"), Some(&session)).await;
    let refused = web
        .post(
            &format!("/teachers/{teacher}/delete"),
            Some(&session),
            &[("_csrf", &detail.csrf()), ("_version", &hidden(&detail, "_version"))],
        )
        .await;
    assert_eq!(refused.status, 409, "{}", refused.html);
    assert!(refused.html.contains("wird noch verwendet ("), "{}", refused.html);
    let label = format!("Kurs {} (26/27)", course["subject"]["code"].as_str().unwrap());
    assert!(refused.html.contains(&label), "names the course {label}");
    api_teacher(&web, teacher).await;
}

#[tokio::test]
async fn a_stale_version_shows_the_other_change_and_saving_again_applies_mine() {
    let web = Web::spawn().await;
    let id = web.app.create("/teacher", json!({"code": "cmu", "firstName": "Clara", "lastName": "Muster"})).await;
    let session = web.sign_in("planner", Role::Planner).await;
    let edit = web.get(&format!("/teachers/{id}/edit"), Some(&session)).await;
    let (csrf, loaded) = (edit.csrf(), hidden(&edit, "_version"));
    // Someone else saves meanwhile, through the API.
    web.app
        .put(
            &format!("/teacher/{id}"),
            json!({"archived": false, "code": "cmu", "firstName": "Clara", "lastName": "Andere", "email": null,
                   "birthday": null, "departments": [], "employeeNumber": null, "title": null, "gender": null}),
        )
        .await
        .expect(200);
    let stale = web
        .post(&format!("/teachers/{id}"), Some(&session), &fields(&csrf, &loaded, "cmu", "Meine", "clara@school.ch"))
        .await;
    assert_eq!(stale.status, 412, "{}", stale.html);
    assert!(stale.html.contains(r#"id="conflict""#) && stale.html.contains("Inzwischen geändert"));
    assert!(stale.html.contains("<td>Andere</td><td>Meine</td>"), "both values: {}", stale.html);
    assert!(stale.html.contains("Zuletzt geändert von"), "who changed it");
    assert!(stale.html.contains(r#"value="Meine""#), "the form keeps the values typed");
    assert_eq!(api_teacher(&web, id).await["lastName"], "Andere", "nothing saved");
    let current = web.app.get(&format!("/teacher/{id}")).await.header("etag").unwrap().trim_matches('"').to_string();
    assert_eq!(hidden(&stale, "_version"), current, "the form now carries the current version");
    let again = web
        .post(&format!("/teachers/{id}"), Some(&session), &fields(&csrf, &current, "cmu", "Meine", "clara@school.ch"))
        .await;
    assert_eq!(again.status, 303, "{}", again.html);
    assert_eq!(api_teacher(&web, id).await["lastName"], "Meine", "saving again applies mine");
}

#[tokio::test]
async fn a_reader_sees_no_write_control_and_a_forged_post_gets_403() {
    let web = Web::spawn().await;
    let id = web.app.create("/teacher", json!({"code": "dmu", "firstName": "Dora", "lastName": "Muster"})).await;
    let reader = web.sign_in("reader", Role::Reader).await;
    let list = web.get("/teachers", Some(&reader)).await;
    assert_eq!(list.status, 200);
    assert!(list.html.contains(&format!(r#"href="/teachers/{id}""#)), "a reader may open the teacher");
    assert!(!list.html.contains("/teachers/new"), "no create link");
    let detail = web.get(&format!("/teachers/{id}"), Some(&reader)).await;
    assert_eq!(detail.status, 200);
    for control in ["/edit", "/archive", "/delete", "_version", "<button type=\"submit\" id=\"record"] {
        assert!(!detail.html.contains(control), "no write control {control}");
    }
    assert_eq!(web.get("/teachers/new", Some(&reader)).await.status, 403);
    assert_eq!(web.get(&format!("/teachers/{id}/edit"), Some(&reader)).await.status, 403);
    let csrf = detail.csrf();
    let forged = web.post(&format!("/teachers/{id}"), Some(&reader), &fields(&csrf, "", "dmu", "Gefälscht", "")).await;
    assert_eq!(forged.status, 403);
    let deleted = web.post(&format!("/teachers/{id}/delete"), Some(&reader), &[("_csrf", &csrf)]).await;
    assert_eq!(deleted.status, 403);
    assert_eq!(web.post("/teachers", Some(&reader), &fields(&csrf, "", "new", "Neu", "")).await.status, 403);
    assert_eq!(api_teacher(&web, id).await["lastName"], "Muster", "nothing changed");

    // A planner without the CSRF token is refused too.
    let planner = web.sign_in("planner", Role::Planner).await;
    let no_token = web.post(&format!("/teachers/{id}"), Some(&planner), &fields("", "", "dmu", "Ohne", "")).await;
    assert_eq!(no_token.status, 403);
    assert_eq!(api_teacher(&web, id).await["lastName"], "Muster");
}

/// POSTs owned form fields.
async fn send(web: &Web, path: String, cookie: String, fields: Vec<(String, String)>) -> Page {
    let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    web.post(&path, Some(&cookie), &fields).await
}

/// The first id of an API list.
async fn first_id(web: &Web, path: &str) -> i64 {
    web.app.get(path).await.expect(200).result().as_array().unwrap()[0]["id"].as_i64().unwrap()
}

#[tokio::test]
async fn subjects_are_listed_created_edited_and_deleted_through_the_forms() {
    let web = Web::spawn().await;
    let year = super::grid::demo(&web).await;
    let planner = web.sign_in("planner", Role::Planner).await;
    let list = web.get("/subjects", Some(&planner)).await;
    assert_eq!(list.status, 200);
    assert!(list.html.contains(r#"aria-current="page">Fächer"#), "the menu marks the screen");
    assert!(list.html.contains(r#"href="/classes">Klassen"#) && list.html.contains(r#"href="/teachers">Lehrpersonen"#));
    let subjects = web.app.get("/subject").await.expect(200).result().as_array().unwrap().len();
    assert_eq!(list.html.matches(r#"<tr id="subject-"#).count(), subjects);

    let (category, kind) = (first_id(&web, "/subjectcategory").await, first_id(&web, "/subjecttype").await);
    let (category, kind) = (category.to_string(), kind.to_string());
    let csrf = list.csrf();
    let form = |code: &'static str, kind: &str| -> Vec<(String, String)> {
        [
            ("_csrf", csrf.as_str()),
            ("code", code),
            ("description", "Testfach"),
            ("category", category.as_str()),
            ("type", kind),
            ("crossClass", "true"),
        ]
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
    };
    let post = |path: String, fields: Vec<(String, String)>| send(&web, path, planner.clone(), fields);
    let missing = post("/subjects".into(), form("ZZ", "")).await;
    assert_eq!(missing.status, 422, "{}", missing.html);
    let field = block(&missing.html, r#"<div class="field field--error">"#);
    assert!(field.contains(r#"id="f-type""#) && field.contains("Pflichtfeld"), "{field}");
    assert!(missing.html.contains(r#"value="Testfach""#), "values kept");

    let created = post("/subjects".into(), form("ZZ", &kind)).await;
    assert_eq!(created.status, 303, "{}", created.html);
    let id: i64 =
        created.header("location").trim_start_matches("/subjects/").split('?').next().unwrap().parse().unwrap();
    let api = web.app.get(&format!("/subject/{id}")).await.expect(200).result().clone();
    assert_eq!((api["code"].as_str(), api["description"].as_str()), (Some("ZZ"), Some("Testfach")));
    assert_eq!((api["category"]["id"].to_string(), api["type"]["id"].to_string()), (category.clone(), kind.clone()));
    assert_eq!((api["crossClass"].as_bool(), api["classLesson"].as_bool()), (Some(true), Some(false)));

    let edit = web.get(&format!("/subjects/{id}/edit"), Some(&planner)).await;
    assert!(edit.html.contains(r#"id="f-crossClass" name="crossClass" value="true" checked"#));
    let mut fields = form("ZZ", &kind);
    fields.retain(|(k, _)| k != "crossClass");
    fields.push(("_version".into(), hidden(&edit, "_version")));
    fields.push(("classLesson".into(), "true".into()));
    let saved = post(format!("/subjects/{id}"), fields).await;
    assert_eq!(saved.status, 303, "{}", saved.html);
    let api = web.app.get(&format!("/subject/{id}")).await.expect(200).result().clone();
    assert_eq!((api["crossClass"].as_bool(), api["classLesson"].as_bool()), (Some(false), Some(true)));

    let page = web.get(&format!("/subjects/{id}"), Some(&planner)).await;
    let deleted = post(
        format!("/subjects/{id}/delete"),
        vec![("_csrf".into(), csrf.clone()), ("_version".into(), hidden(&page, "_version"))],
    )
    .await;
    assert_eq!(deleted.status, 303);
    web.app.get(&format!("/subject/{id}")).await.expect(404);

    // A subject with courses is not deleted; the page names them.
    let course = web.app.get(&format!("/course?schoolYear={year}")).await.expect(200).result()[0].clone();
    let used = course["subject"]["id"].as_i64().unwrap();
    let page = web.get(&format!("/subjects/{used}"), Some(&planner)).await;
    let refused = post(
        format!("/subjects/{used}/delete"),
        vec![("_csrf".into(), csrf.clone()), ("_version".into(), hidden(&page, "_version"))],
    )
    .await;
    assert_eq!(refused.status, 409);
    assert!(refused.html.contains("Das Fach") && refused.html.contains("Kurs "), "{}", refused.html);

    let reader = web.sign_in("reader", Role::Reader).await;
    let list = web.get("/subjects", Some(&reader)).await;
    assert!(!list.html.contains("/subjects/new"));
    assert_eq!(web.get("/subjects/new", Some(&reader)).await.status, 403);
}

#[tokio::test]
async fn classes_are_created_edited_and_deleted_through_the_forms() {
    let web = Web::spawn().await;
    super::grid::demo(&web).await;
    let planner = web.sign_in("planner", Role::Planner).await;
    let list = web.get("/classes", Some(&planner)).await;
    assert_eq!(list.status, 200);
    assert!(list.html.contains(r#"aria-current="page">Klassen"#));
    let classes = web.app.get("/schoolclass").await.expect(200).result().as_array().unwrap().len();
    assert_eq!(list.html.matches(r#"<tr id="class-"#).count(), classes);
    let csrf = list.csrf();
    let (curriculum, division) =
        (first_id(&web, "/curriculum").await.to_string(), first_id(&web, "/division").await.to_string());
    let bad = web
        .post(
            "/classes",
            Some(&planner),
            &[
                ("_csrf", &csrf),
                ("code", "T99"),
                ("graduationYear", "zwanzig"),
                ("curriculum", &curriculum),
                ("division", &division),
            ],
        )
        .await;
    assert_eq!(bad.status, 400, "a mistyped number: {}", bad.html);
    let field = block(&bad.html, r#"<div class="field field--error">"#);
    assert!(field.contains(r#"id="f-graduationYear""#) && field.contains(r#"value="zwanzig""#), "{field}");
    let created = web
        .post(
            "/classes",
            Some(&planner),
            &[
                ("_csrf", &csrf),
                ("code", "T99"),
                ("graduationYear", "2031"),
                ("curriculum", &curriculum),
                ("division", &division),
            ],
        )
        .await;
    assert_eq!(created.status, 303, "{}", created.html);
    let id: i64 =
        created.header("location").trim_start_matches("/classes/").split('?').next().unwrap().parse().unwrap();
    let api = web.app.get(&format!("/schoolclass/{id}")).await.expect(200).result().clone();
    assert_eq!((api["code"].as_str(), api["graduationYear"].as_i64()), (Some("T99"), Some(2031)));
    assert_eq!(
        (api["curriculum"]["id"].to_string(), api["division"]["id"].to_string()),
        (curriculum.clone(), division.clone())
    );
    let page = web.get(&format!("/classes/{id}"), Some(&planner)).await;
    assert!(page.html.contains("Klasse T99"));
    let archived = web
        .post(
            &format!("/classes/{id}/archive"),
            Some(&planner),
            &[("_csrf", &csrf), ("_version", &hidden(&page, "_version")), ("archived", "true")],
        )
        .await;
    assert_eq!(archived.status, 303);
    assert_eq!(web.app.get(&format!("/schoolclass/{id}")).await.expect(200).result()["archived"], true);
    let page = web.get(&format!("/classes/{id}"), Some(&planner)).await;
    let deleted = web
        .post(
            &format!("/classes/{id}/delete"),
            Some(&planner),
            &[("_csrf", &csrf), ("_version", &hidden(&page, "_version"))],
        )
        .await;
    assert_eq!(deleted.status, 303, "{}", deleted.html);
    web.app.get(&format!("/schoolclass/{id}")).await.expect(404);
}

#[tokio::test]
async fn lookups_are_kept_through_the_same_forms() {
    let web = Web::spawn().await;
    super::grid::demo(&web).await;
    let planner = web.sign_in("planner", Role::Planner).await;
    let list = web.get("/subjectcategories", Some(&planner)).await;
    assert_eq!(list.status, 200);
    assert!(list.html.contains(r#"aria-current="page">Fachgebiete"#));
    let categories = web.app.get("/subjectcategory").await.expect(200).result().as_array().unwrap().clone();
    assert_eq!(list.html.matches(r#"<tr id="category-"#).count(), categories.len());
    let csrf = list.csrf();

    // A gender through the form; a second with the same code is refused beside the code.
    let created =
        web.post("/genders", Some(&planner), &[("_csrf", &csrf), ("code", "x"), ("description", "divers")]).await;
    assert_eq!(created.status, 303, "{}", created.html);
    let id: i64 =
        created.header("location").trim_start_matches("/genders/").split('?').next().unwrap().parse().unwrap();
    let api = web.app.get(&format!("/gender/{id}")).await.expect(200).result().clone();
    assert_eq!((api["code"].as_str(), api["description"].as_str()), (Some("x"), Some("divers")));
    let twice =
        web.post("/genders", Some(&planner), &[("_csrf", &csrf), ("code", "X"), ("description", "nochmals")]).await;
    assert_eq!(twice.status, 409, "{}", twice.html);
    let code = block(&twice.html, r#"<div class="field field--error">"#);
    assert!(code.contains(r#"id="f-code""#) && code.contains(r#"value="X""#), "{code}");
    assert!(twice.html.contains(r#"value="nochmals""#));
    let page = web.get(&format!("/genders/{id}"), Some(&planner)).await;
    let deleted = web
        .post(
            &format!("/genders/{id}/delete"),
            Some(&planner),
            &[("_csrf", &csrf), ("_version", &hidden(&page, "_version"))],
        )
        .await;
    assert_eq!(deleted.status, 303);
    web.app.get(&format!("/gender/{id}")).await.expect(404);

    // A subject category in use names its subjects.
    let subject = web.app.get("/subject").await.expect(200).result()[0].clone();
    let used = subject["category"]["id"].as_i64().unwrap();
    let page = web.get(&format!("/subjectcategories/{used}"), Some(&planner)).await;
    let refused = web
        .post(
            &format!("/subjectcategories/{used}/delete"),
            Some(&planner),
            &[("_csrf", &csrf), ("_version", &hidden(&page, "_version"))],
        )
        .await;
    assert_eq!(refused.status, 409, "{}", refused.html);
    assert!(refused.html.contains("Das Fachgebiet") && refused.html.contains("Fach "), "{}", refused.html);
}
