//! Stammdaten → Lehrgänge, Lektionentafel and Schuljahre (docs/web.md
//! §Curricula, §Lesson table, §School years) over HTTP on the demo school:
//! forms read back through `/api/v1`, field errors in German and English,
//! someone else's change (412), a refused delete (409), readers (no write
//! control, 403), and French without untranslated text.

use schoolplan::auth::Role;
use serde_json::{json, Value};

use super::grid::demo;
use super::masterdata::{block, hidden};
use super::untranslated::{untranslated, visible_text};
use super::{Page, Web};

/// The list at `path` of the API.
async fn api_list(web: &Web, path: &str) -> Vec<Value> {
    web.app.get(path).await.expect(200).result().as_array().unwrap().clone()
}

/// The API's single form at `path`.
async fn api_one(web: &Web, path: &str) -> Value {
    web.app.get(path).await.expect(200).result().clone()
}

/// htmx's request headers for a fragment that replaces element `target`.
fn hx(target: &str) -> Vec<(&'static str, String)> {
    vec![("HX-Request", "true".into()), ("HX-Target", target.to_string())]
}

/// POST `form` to `path` as htmx does (with the CSRF header).
async fn hx_post(web: &Web, path: &str, cookie: &str, csrf: &str, target: &str, form: &[(&str, &str)]) -> Page {
    let mut req = web.browser.post(format!("{}{path}", web.app.base)).form(form).header("Cookie", cookie);
    for (k, v) in hx(target) {
        req = req.header(k, v);
    }
    req = req.header("X-CSRF-Token", csrf);
    let res = req.send().await.expect("sent");
    let status = res.status().as_u16();
    let headers = res.headers().clone();
    Page { status, headers, html: res.text().await.unwrap() }
}

#[tokio::test]
async fn a_planner_creates_a_curriculum_sets_a_grades_payroll_type_and_archives_it() {
    let web = Web::spawn().await;
    demo(&web).await;
    let grades = api_list(&web, "/grade").await;
    let payroll = api_list(&web, "/payrolltype").await;
    let (g1, g2) = (grades[1]["id"].as_i64().unwrap(), grades[0]["id"].as_i64().unwrap());
    let planner = web.sign_in("planner", Role::Planner).await;
    let list = web.get("/curricula", Some(&planner)).await;
    assert_eq!(list.status, 200);
    assert!(list.html.contains(r#"href="/curricula/new""#) && list.html.contains("<h1>Lehrgänge"));
    for c in api_list(&web, "/curriculum").await {
        assert!(list.html.contains(&format!(r#"<tr id="curriculum-{}""#, c["id"])), "every curriculum is listed");
    }
    let form = web.get("/curricula/new", Some(&planner)).await;
    assert_eq!(form.status, 200);
    assert!(form.html.contains(r#"<label for="f-code">Kürzel"#));
    let csrf = form.csrf();
    // The order of the boxes sent is the curriculum's order: g1 first.
    let (s1, s2) = (g1.to_string(), g2.to_string());
    let sent = [
        ("_csrf", csrf.as_str()),
        ("_version", ""),
        ("code", "TST 1"),
        ("description", "Testlehrgang"),
        ("grades", &s1),
        ("grades", &s2),
    ];
    let created = web.post("/curricula", Some(&planner), &sent).await;
    assert_eq!(created.status, 303, "{}", created.html);
    let loc = created.header("location").to_string();
    let id: i64 = loc.trim_start_matches("/curricula/").split('?').next().unwrap().parse().unwrap();
    let api = api_one(&web, &format!("/curriculum/{id}")).await;
    assert_eq!((api["code"].as_str(), api["description"].as_str()), (Some("TST 1"), Some("Testlehrgang")));
    let ids: Vec<i64> = api["grades"].as_array().unwrap().iter().map(|g| g["id"].as_i64().unwrap()).collect();
    assert_eq!(ids, [g1, g2], "the grades in the order sent");

    // The page names each grade with its payroll types and links to the lesson table.
    let page = web.get(&loc, Some(&planner)).await;
    assert!(page.html.contains("Der Lehrgang wurde erfasst."));
    let code1 = grades[1]["code"].as_str().unwrap();
    assert!(page.html.contains(&format!("Stufe {code1}")), "{}", page.html);
    assert!(page.html.contains(&format!(r#"href="/lessontable?curriculum={id}""#)));

    // The edit form carries the API's ETag and a payroll type choice per grade.
    let edit = web.get(&format!("/curricula/{id}/edit"), Some(&planner)).await;
    let etag = web.app.get(&format!("/curriculum/{id}")).await.header("etag").unwrap().trim_matches('"').to_string();
    let version = hidden(&edit, "_version");
    assert_eq!(version, etag);
    assert!(edit.html.contains(&format!(r#"name="payrollType-{g1}""#)), "{}", edit.html);
    assert!(edit.html.contains(&format!(r#"name="classLessonPayrollType-{g2}""#)));
    let before = api_one(&web, &format!("/grade/{g1}")).await;
    let other = payroll
        .iter()
        .map(|p| p["id"].as_i64().unwrap())
        .find(|p| Some(*p) != before["payrollType"]["id"].as_i64())
        .expect("another payroll type");
    let other_s = other.to_string();
    let cl1 = before["classLessonPayrollType"]["id"].as_i64().map(|i| i.to_string()).unwrap_or_default();
    let g2_now = api_one(&web, &format!("/grade/{g2}")).await;
    let pt2 = g2_now["payrollType"]["id"].as_i64().map(|i| i.to_string()).unwrap_or_default();
    let cl2 = g2_now["classLessonPayrollType"]["id"].as_i64().map(|i| i.to_string()).unwrap_or_default();
    let saved = web
        .post(
            &format!("/curricula/{id}"),
            Some(&planner),
            &[
                ("_csrf", csrf.as_str()),
                ("_version", &version),
                ("code", "TST 1"),
                ("description", "Testlehrgang neu"),
                ("grades", &s1),
                ("grades", &s2),
                (&format!("payrollType-{g1}"), &other_s),
                (&format!("classLessonPayrollType-{g1}"), &cl1),
                (&format!("payrollType-{g2}"), &pt2),
                (&format!("classLessonPayrollType-{g2}"), &cl2),
            ],
        )
        .await;
    assert_eq!(saved.status, 303, "{}", saved.html);
    assert_eq!(api_one(&web, &format!("/curriculum/{id}")).await["description"], "Testlehrgang neu");
    let after = api_one(&web, &format!("/grade/{g1}")).await;
    assert_eq!(after["payrollType"]["id"], other, "the grade's payroll type was saved on the grade");
    assert_eq!(after["classLessonPayrollType"], before["classLessonPayrollType"], "the other kept");
    let other_code = payroll.iter().find(|p| p["id"] == other).unwrap()["code"].as_str().unwrap().to_string();
    let page = web.get(&format!("/curricula/{id}"), Some(&planner)).await;
    assert!(page.html.contains(&format!("Anstellungsart {other_code}")), "{}", page.html);

    // Archive; an unused curriculum is deleted.
    let version = hidden(&page, "_version");
    let archived = web
        .post(
            &format!("/curricula/{id}/archive"),
            Some(&planner),
            &[("_csrf", &csrf), ("_version", &version), ("archived", "true")],
        )
        .await;
    assert_eq!(archived.status, 303, "{}", archived.html);
    assert_eq!(api_one(&web, &format!("/curriculum/{id}")).await["archived"], true);
    assert_eq!(api_one(&web, &format!("/grade/{g1}")).await["payrollType"]["id"], other, "archiving keeps it");
    let page = web.get(&format!("/curricula/{id}"), Some(&planner)).await;
    let version = hidden(&page, "_version");
    let deleted =
        web.post(&format!("/curricula/{id}/delete"), Some(&planner), &[("_csrf", &csrf), ("_version", &version)]).await;
    assert_eq!(deleted.status, 303);
    web.app.get(&format!("/curriculum/{id}")).await.expect(404);
}

#[tokio::test]
async fn curriculum_errors_stand_beside_their_fields_a_stale_form_shows_the_change_and_a_used_one_stays() {
    let web = Web::spawn().await;
    demo(&web).await;
    let planner = web.sign_in("planner", Role::Planner).await;
    let form = web.get("/curricula/new", Some(&planner)).await;
    let csrf = form.csrf();
    let empty = [("_csrf", csrf.as_str()), ("_version", ""), ("code", ""), ("description", "Nur Text")];
    let bad = web.post("/curricula", Some(&planner), &empty).await;
    assert_eq!(bad.status, 422, "{}", bad.html);
    let code = block(&bad.html, r#"<div class="field field--error">"#);
    assert!(code.contains(r#"id="f-code""#) && code.contains("Kürzel ist ein Pflichtfeld"), "{code}");
    let grades = &bad.html[bad.html.find(r#"id="f-grades""#).unwrap()..];
    assert!(grades[..grades.find("</fieldset>").unwrap()].contains("field-error"), "the grades' error beside them");
    assert!(bad.html.contains(r#"value="Nur Text""#), "the value typed is kept");
    let en = web.post("/language", Some(&planner), &[("_csrf", &csrf), ("lang", "en"), ("back", "/curricula")]).await;
    assert_eq!(en.status, 303);
    let bad = web.post("/curricula", Some(&planner), &empty).await;
    assert_eq!(bad.status, 422);
    let code = block(&bad.html, r#"<div class="field field--error">"#);
    assert!(code.contains("Code is required"), "in English: {code}");
    web.post("/language", Some(&planner), &[("_csrf", &csrf), ("lang", "de"), ("back", "/curricula")]).await;

    // A curriculum of the demo: its classes use it.
    let used = api_list(&web, "/curriculum").await[0].clone();
    let id = used["id"].as_i64().unwrap();
    let edit = web.get(&format!("/curricula/{id}/edit"), Some(&planner)).await;
    let version = hidden(&edit, "_version");
    let mut changed = used.clone();
    changed["description"] = json!("Inzwischen umbenannt");
    web.app.put(&format!("/curriculum/{id}"), changed).await.expect(200);
    let grade_ids: Vec<String> = used["grades"].as_array().unwrap().iter().map(|g| g["id"].to_string()).collect();
    let mut stale = vec![
        ("_csrf", csrf.clone()),
        ("_version", version.clone()),
        ("code", used["code"].as_str().unwrap().to_string()),
        ("description", "Meine Bezeichnung".to_string()),
    ];
    stale.extend(grade_ids.iter().map(|g| ("grades", g.clone())));
    let stale: Vec<(&str, &str)> = stale.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let conflict = web.post(&format!("/curricula/{id}"), Some(&planner), &stale).await;
    assert_eq!(conflict.status, 412, "{}", conflict.html);
    assert!(conflict.html.contains("Inzwischen geändert"));
    assert!(conflict.html.contains("Inzwischen umbenannt") && conflict.html.contains("Meine Bezeichnung"));
    assert_ne!(hidden(&conflict, "_version"), version, "the form now carries the current version");
    assert_eq!(api_one(&web, &format!("/curriculum/{id}")).await["description"], "Inzwischen umbenannt");

    let page = web.get(&format!("/curricula/{id}"), Some(&planner)).await;
    let refused = web
        .post(
            &format!("/curricula/{id}/delete"),
            Some(&planner),
            &[("_csrf", &csrf), ("_version", &hidden(&page, "_version"))],
        )
        .await;
    assert_eq!(refused.status, 409, "{}", refused.html);
    let class = api_list(&web, "/schoolclass")
        .await
        .into_iter()
        .find(|c| c["curriculum"]["id"] == id)
        .expect("the demo has a class of this curriculum");
    let class_code = class["code"].as_str().unwrap();
    assert!(refused.html.contains("wird noch verwendet"), "{}", refused.html);
    assert!(refused.html.contains(&format!("Klasse {class_code}")), "names the class: {}", refused.html);
    web.app.get(&format!("/curriculum/{id}")).await.expect(200);
}

/// The demo's first curriculum and division, and the first row of that table with its key and grades.
async fn first_row(web: &Web) -> (i64, i64, String, Vec<i64>) {
    let curriculum = api_list(web, "/curriculum").await[0]["id"].as_i64().unwrap();
    let division = api_list(web, "/division").await[0]["id"].as_i64().unwrap();
    let table = api_one(web, &format!("/lessontable?curriculum={curriculum}&division={division}")).await;
    let key = table["items"][0]["id"].as_str().unwrap().to_string();
    let grades = table["grades"].as_array().unwrap().iter().map(|g| g["id"].as_i64().unwrap()).collect();
    (curriculum, division, key, grades)
}

/// The row's form values: every grade with `type`, `lessons1`, `lessons2`.
fn row_form(csrf: &str, version: &str, grades: &[i64], cells: &[(&str, &str, &str)]) -> Vec<(String, String)> {
    let mut form = vec![("_csrf".to_string(), csrf.to_string()), ("_version".to_string(), version.to_string())];
    for (g, (t, l1, l2)) in grades.iter().zip(cells.iter().cycle()) {
        form.push((format!("type-{g}"), t.to_string()));
        form.push((format!("lessons1-{g}"), l1.to_string()));
        form.push((format!("lessons2-{g}"), l2.to_string()));
    }
    form
}

fn pairs(form: &[(String, String)]) -> Vec<(&str, &str)> {
    form.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect()
}

#[tokio::test]
async fn a_lesson_table_row_is_edited_in_place_and_read_back_through_the_api() {
    let web = Web::spawn().await;
    demo(&web).await;
    let (curriculum, division, key, grades) = first_row(&web).await;
    let planner = web.sign_in("planner", Role::Planner).await;
    let page = web.get(&format!("/lessontable?curriculum={curriculum}&division={division}"), Some(&planner)).await;
    assert_eq!(page.status, 200, "{}", page.html);
    assert!(page.html.contains(&format!(r#"<tr id="lt-{key}""#)), "{}", page.html);
    assert!(page.html.contains(&format!(r#"hx-get="/lessontable/{key}/edit""#)));
    let csrf = page.csrf();

    // The editor as htmx asks for it, with the row's version.
    let target = format!("lt-{key}");
    let headers: Vec<(&str, String)> = hx(&target);
    let headers: Vec<(&str, &str)> = headers.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let editor = web.get_url(&format!("{}/lessontable/{key}/edit", web.app.base), Some(&planner), &headers).await;
    assert_eq!(editor.status, 200);
    assert!(editor.html.starts_with(&format!(r#"<tr id="lt-{key}""#)), "{}", editor.html);
    let etag = web.app.get(&format!("/lessontable/{key}")).await.header("etag").unwrap().trim_matches('"').to_string();
    let version = hidden(&editor, "_version");
    assert_eq!(version, etag);

    // Saved with a decimal comma: the row comes back as shown, the API has it.
    let form = row_form(&csrf, &version, &grades, &[("2", "2,5", "3"), ("3", "4", "4")]);
    let saved = hx_post(&web, &format!("/lessontable/{key}"), &planner, &csrf, &target, &pairs(&form)).await;
    assert_eq!(saved.status, 200, "{}", saved.html);
    assert!(saved.html.contains("2.5 L / 3 L"), "Swiss lessons: {}", saved.html);
    let row = api_one(&web, &format!("/lessontable/{key}")).await;
    assert_eq!(row["details"][0]["type"]["code"], "start");
    assert_eq!(row["details"][0]["lessons1"], json!(2.5));
    assert_eq!(row["details"][0]["lessons2"], json!(3));
    if grades.len() > 1 {
        assert_eq!(row["details"][1]["type"]["code"], "continuation");
        assert_eq!(row["details"][1]["lessons1"], json!(4));
    }

    // Out of range: beside the cell, in German, nothing saved.
    let version =
        web.app.get(&format!("/lessontable/{key}")).await.header("etag").unwrap().trim_matches('"').to_string();
    let bad = row_form(&csrf, &version, &grades, &[("2", "150", "3")]);
    let refused = hx_post(&web, &format!("/lessontable/{key}"), &planner, &csrf, &target, &pairs(&bad)).await;
    assert_eq!(refused.status, 422, "{}", refused.html);
    let field = block(&refused.html, r#"<div class="field field--error">"#);
    assert!(field.contains(&format!(r#"name="lessons1-{}""#, grades[0])), "{field}");
    assert!(field.contains("muss zwischen 0 und 99 liegen") && field.contains(r#"value="150""#), "{field}");
    assert_eq!(api_one(&web, &format!("/lessontable/{key}")).await, row, "nothing saved");
    // In English.
    web.post("/language", Some(&planner), &[("_csrf", &csrf), ("lang", "en"), ("back", "/lessontable")]).await;
    let refused = hx_post(&web, &format!("/lessontable/{key}"), &planner, &csrf, &target, &pairs(&bad)).await;
    assert_eq!(refused.status, 422);
    let field = block(&refused.html, r#"<div class="field field--error">"#);
    assert!(field.contains("must be between 0 and 99"), "{field}");
    web.post("/language", Some(&planner), &[("_csrf", &csrf), ("lang", "de"), ("back", "/lessontable")]).await;

    // Someone else saves the row meanwhile: the stale form gets 412 with both values.
    let stale = row_form(&csrf, &version, &grades, &[("2", "1", "1")]);
    let other = json!({"details": [{"grade": grades[0], "type": "start", "lessons1": 6, "lessons2": 6}]});
    web.app.put(&format!("/lessontable/{key}"), other).await.expect(200);
    let conflict = hx_post(&web, &format!("/lessontable/{key}"), &planner, &csrf, &target, &pairs(&stale)).await;
    assert_eq!(conflict.status, 412, "{}", conflict.html);
    let section = &conflict.html[conflict.html.find(r#"class="conflict""#).expect("the conflict is shown")..];
    let section = &section[..section.find("</section>").unwrap()];
    assert!(section.contains("Inzwischen geändert"), "{section}");
    assert!(section.contains("<td>6</td><td>1</td>"), "saved now and typed, side by side: {section}");
    assert_eq!(api_one(&web, &format!("/lessontable/{key}")).await["details"][0]["lessons1"], json!(6));
    // Saving the form again applies the values typed.
    let again = row_form(&csrf, &hidden(&conflict, "_version"), &grades, &[("2", "1", "1")]);
    let plain = web.post(&format!("/lessontable/{key}"), Some(&planner), &pairs(&again)).await;
    assert_eq!(plain.status, 303, "without htmx a redirect to the table: {}", plain.html);
    assert!(plain.header("location").ends_with(&format!("#lt-{key}")));
    assert_eq!(api_one(&web, &format!("/lessontable/{key}")).await["details"][0]["lessons1"], json!(1));
}

#[tokio::test]
async fn a_planner_edits_a_school_year_and_finds_its_grid() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let planner = web.sign_in("planner", Role::Planner).await;
    let list = web.get("/schoolyears", Some(&planner)).await;
    assert_eq!(list.status, 200);
    assert!(list.html.contains(&format!(r#"<tr id="schoolyear-{year}""#)));
    assert!(list.html.contains(r#"href="/schoolyears/new""#) && list.html.contains("Schuljahr eröffnen"));
    let new = web.get("/schoolyears/new", Some(&planner)).await;
    assert_eq!((new.status, new.header("location")), (303, "/opening"), "a year is created by opening it");
    let page = web.get(&format!("/schoolyears/{year}"), Some(&planner)).await;
    assert!(page.html.contains(&format!(r#"href="/years/{year}/grid""#)), "{}", page.html);
    let api = api_one(&web, &format!("/schoolyear/{year}")).await;
    assert!(page.html.contains(&format!("{} L", api["smallGroupSurcharge"])), "lessons as planners write them");
    let payroll = api_list(&web, "/payrolltype").await;
    let (pid, weekly) = api["weeklyLessons"].as_object().unwrap().iter().next().expect("weekly lessons");
    let code = payroll.iter().find(|p| p["id"].as_i64().map(|id| id.to_string()).as_ref() == Some(pid)).unwrap()
        ["code"]
        .as_str()
        .unwrap();
    assert!(page.html.contains(&format!("Lektionen pro Vollpensum, {code} – ")), "named by the payroll type's code");
    assert!(page.html.contains(&format!("<dd>{weekly} L</dd>")), "{}", page.html);

    let edit = web.get(&format!("/schoolyears/{year}/edit"), Some(&planner)).await;
    assert_eq!(edit.status, 200);
    let csrf = edit.csrf();
    let version = hidden(&edit, "_version");
    let weeks = (api["weeks"].as_i64().unwrap() - 1).to_string();
    let mode = api["calculationMode"]["id"].to_string();
    let mut form = vec![
        ("_csrf".to_string(), csrf.clone()),
        ("_version".to_string(), version.clone()),
        ("code".to_string(), api["code"].as_str().unwrap().to_string()),
        ("description".to_string(), api["description"].as_str().unwrap().to_string()),
        ("graduationYear".to_string(), api["graduationYear"].to_string()),
        ("weeks".to_string(), weeks.clone()),
        ("calculationMode".to_string(), mode),
        ("smallGroupSurcharge".to_string(), "0,5".to_string()),
        ("showIpbBalances".to_string(), "true".to_string()),
    ];
    for (id, lessons) in api["weeklyLessons"].as_object().unwrap() {
        form.push((format!("weeklyLessons-{id}"), lessons.to_string()));
    }
    // Out of range first: beside the field, in German.
    let mut bad = form.clone();
    bad.iter_mut().find(|(k, _)| k == "weeks").unwrap().1 = "0".into();
    let refused = web.post(&format!("/schoolyears/{year}"), Some(&planner), &pairs(&bad)).await;
    assert_eq!(refused.status, 422, "{}", refused.html);
    let field = block(&refused.html, r#"<div class="field field--error">"#);
    assert!(field.contains(r#"id="f-weeks""#) && field.contains("Schulwochen muss zwischen"), "{field}");
    let saved = web.post(&format!("/schoolyears/{year}"), Some(&planner), &pairs(&form)).await;
    assert_eq!(saved.status, 303, "{}", saved.html);
    let after = api_one(&web, &format!("/schoolyear/{year}")).await;
    assert_eq!(after["weeks"].to_string(), weeks);
    assert_eq!(after["smallGroupSurcharge"], json!(0.5), "a decimal comma counts as a point");
    assert_eq!(after["weeklyLessons"], api["weeklyLessons"], "the weekly lessons kept");
    assert_eq!(after["finalised"], false);

    // A year with courses is not deleted; the page says what uses it.
    let page = web.get(&format!("/schoolyears/{year}"), Some(&planner)).await;
    let refused = web
        .post(
            &format!("/schoolyears/{year}/delete"),
            Some(&planner),
            &[("_csrf", &csrf), ("_version", &hidden(&page, "_version"))],
        )
        .await;
    assert_eq!(refused.status, 409, "{}", refused.html);
    assert!(refused.html.contains("wird noch verwendet") && refused.html.contains("Kurs"), "{}", refused.html);
}

#[tokio::test]
async fn a_reader_sees_the_three_screens_without_write_controls_and_forged_writes_get_403() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let (curriculum, division, key, grades) = first_row(&web).await;
    let reader = web.sign_in("reader", Role::Reader).await;
    let list = web.get("/curricula", Some(&reader)).await;
    assert_eq!(list.status, 200);
    assert!(!list.html.contains("/curricula/new"));
    let page = web.get(&format!("/curricula/{curriculum}"), Some(&reader)).await;
    assert_eq!(page.status, 200);
    assert!(!page.html.contains("record-edit") && !page.html.contains("record-delete"));
    let table = web.get(&format!("/lessontable?curriculum={curriculum}&division={division}"), Some(&reader)).await;
    assert_eq!(table.status, 200);
    assert!(table.html.contains(&format!(r#"<tr id="lt-{key}""#)) && !table.html.contains("/edit"));
    let editing =
        web.get(&format!("/lessontable?curriculum={curriculum}&division={division}&edit={key}"), Some(&reader)).await;
    assert!(!editing.html.contains("lt-row--editing"), "no form for a reader");
    let years = web.get(&format!("/schoolyears/{year}"), Some(&reader)).await;
    assert!(years.html.contains(&format!(r#"href="/years/{year}/grid""#)) && !years.html.contains("record-edit"));
    for path in [
        format!("/curricula/{curriculum}/edit"),
        "/curricula/new".to_string(),
        format!("/lessontable/{key}/edit"),
        format!("/schoolyears/{year}/edit"),
    ] {
        assert_eq!(web.get(&path, Some(&reader)).await.status, 403, "{path}");
    }
    let csrf = list.csrf();
    let row = row_form(&csrf, "", &grades, &[("2", "9", "9")]);
    let forged = web.post(&format!("/lessontable/{key}"), Some(&reader), &pairs(&row)).await;
    assert_eq!(forged.status, 403);
    let forged = web.post(&format!("/curricula/{curriculum}/delete"), Some(&reader), &[("_csrf", &csrf)]).await;
    assert_eq!(forged.status, 403);
    let forged = web.post(&format!("/schoolyears/{year}"), Some(&reader), &[("_csrf", &csrf), ("code", "x")]).await;
    assert_eq!(forged.status, 403);
    // A planner's post without the CSRF token is refused too.
    let planner = web.sign_in("planner", Role::Planner).await;
    let no_token = web.post(&format!("/lessontable/{key}"), Some(&planner), &pairs(&row[1..])).await;
    assert_eq!(no_token.status, 403);
    web.app.get(&format!("/curriculum/{curriculum}")).await.expect(200);
}

#[tokio::test]
async fn the_three_screens_read_in_french_and_the_menu_lists_them_in_order() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let (curriculum, division, key, _) = first_row(&web).await;
    let planner = web.sign_in("planner", Role::Planner).await;
    let home = web.get("/curricula", Some(&planner)).await;
    let nav = &home.html[home.html.find("Stammdaten").unwrap()..];
    let order: Vec<usize> = ["Fächer", "Klassen", "Lehrgänge", "Lektionentafel", "Lehrpersonen", "Schuljahre"]
        .iter()
        .map(|w| nav.find(&format!(">{w}<")).unwrap_or_else(|| panic!("menu entry {w}")))
        .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "the menu order of the existing client: {order:?}");
    web.post("/language", Some(&planner), &[("_csrf", &home.csrf()), ("lang", "fr"), ("back", "/")]).await;
    for path in [
        "/curricula".to_string(),
        format!("/curricula/{curriculum}"),
        format!("/curricula/{curriculum}/edit"),
        format!("/lessontable?curriculum={curriculum}&division={division}&edit={key}"),
        "/schoolyears".to_string(),
        format!("/schoolyears/{year}"),
        format!("/schoolyears/{year}/edit"),
    ] {
        let page = web.get(&path, Some(&planner)).await;
        assert_eq!(page.status, 200, "{path}");
        let left = untranslated(&visible_text(&page.html));
        assert!(left.is_empty(), "{path} shows untranslated texts: {left:?}");
    }
}
