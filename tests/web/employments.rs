//! Planung → Anstellungen and Pool as lists and forms (docs/web.md
//! §Anstellungen, §Pool): the lists show the API's figures, search and
//! filters keep the right rows; create, edit and delete through the forms and
//! read back through `/api/v1`; field errors beside their fields in German and
//! English with the values kept; a stale version shows the other change; a
//! refused delete names what uses the employment; readers see no write control
//! and get 403; a post without the CSRF token gets 403; French has no German left.

use std::str::FromStr;

use rust_decimal::Decimal;
use schoolplan::auth::Role;
use serde_json::{json, Value};

use super::grid::demo;
use super::untranslated::{untranslated, visible_text};
use super::{Page, Web};

/// The value of the hidden field `name` on the page.
fn hidden(page: &Page, name: &str) -> String {
    let marker = format!(r#"name="{name}" value=""#);
    let start = page.html.find(&marker).unwrap_or_else(|| panic!("no field {name}:\n{}", page.html)) + marker.len();
    page.html[start..].split('"').next().unwrap().to_string()
}

/// The HTML of the first field block marked as an error (up to its `</div>`).
fn error_block(html: &str) -> &str {
    let from = html.find(r#"<div class="field field--error">"#).unwrap_or_else(|| panic!("no field error:\n{html}"));
    let to = html[from..].find("</div>").map_or(html.len(), |i| from + i);
    &html[from..to]
}

/// The HTML of the row with element id `id`.
fn row<'a>(html: &'a str, id: &str) -> &'a str {
    let from = html.find(&format!(r#"<tr id="{id}""#)).unwrap_or_else(|| panic!("no row {id}"));
    let to = html[from..].find("</tr>").map_or(html.len(), |i| from + i);
    &html[from..to]
}

/// The `data-value`s of a row, in order.
fn values(row: &str) -> Vec<String> {
    row.split(r#"data-value=""#).skip(1).map(|s| s.split('"').next().unwrap().to_string()).collect()
}

/// A JSON number (or null) as an exact decimal text ("" for null), as the page writes it.
pub fn exact(v: &Value) -> String {
    if v.is_null() {
        return String::new();
    }
    let text = v.to_string();
    let d = Decimal::from_str(&text).or_else(|_| Decimal::from_scientific(&text)).unwrap_or_else(|_| panic!("{v}"));
    d.normalize().to_string()
}

/// POSTs `fields` to `path` with `cookie`.
pub async fn send(web: &Web, path: &str, cookie: &str, fields: &[(&str, String)]) -> Page {
    let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
    web.post(path, Some(cookie), &fields).await
}

/// The id in a `Location: {base}/ID?…`.
pub fn location_id(page: &Page, base: &str) -> i64 {
    let loc = page.header("location");
    loc.trim_start_matches(base)
        .trim_start_matches('/')
        .split('?')
        .next()
        .unwrap()
        .parse()
        .unwrap_or_else(|_| panic!("{loc}"))
}

/// An API list.
pub async fn api_list(web: &Web, path: &str) -> Vec<Value> {
    web.app.get(path).await.expect(200).result().as_array().unwrap().clone()
}

/// A new teacher without employment: its id.
pub async fn new_teacher(web: &Web, code: &str) -> i64 {
    web.app.create("/teacher", json!({"code": code, "firstName": "Nora", "lastName": "Neu"})).await
}

/// The form of an employment as a browser sends it.
pub fn employment_form(
    csrf: &str,
    version: &str,
    teacher: i64,
    division: i64,
    min: &str,
    max: &str,
) -> Vec<(&'static str, String)> {
    vec![
        ("_csrf", csrf.into()),
        ("_version", version.into()),
        ("teacher", teacher.to_string()),
        ("division", division.to_string()),
        ("employmentMin", min.into()),
        ("employmentMax", max.into()),
        ("payment1", "57.5".into()),
        ("payment2", "60".into()),
        ("temporary", "true".into()),
        ("comments", "Vertretung".into()),
        ("initialBalance", "-1.25".into()),
    ]
}

#[tokio::test]
async fn the_employments_list_shows_the_api_figures_and_searches_and_filters() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let planner = web.sign_in("planner", Role::Planner).await;
    let list = web.get(&format!("/years/{year}/employments"), Some(&planner)).await;
    assert_eq!(list.status, 200, "{}", list.html);
    assert!(list.html.contains(r#"aria-current="page">Anstellungen"#), "the menu marks the screen");
    assert!(list.html.contains(&format!(r#"href="/years/{year}/pool">Pool"#)), "the menu has the pool");
    let api = api_list(&web, &format!("/employment?schoolYear={year}")).await;
    assert_eq!(list.html.matches(r#"<tr id="employment-"#).count(), api.len(), "one row per employment");
    let mut balances = 0;
    for e in &api {
        let r = row(&list.html, &format!("employment-{}", e["id"]));
        assert!(r.contains(&format!(">{}</a>", e["teacher"]["code"].as_str().unwrap())), "{r}");
        let v = values(r);
        // range (min max), payment1, payment2, opening, change, closing
        assert_eq!(v[0], format!("{} {}", exact(&e["employmentMin"]), exact(&e["employmentMax"])));
        assert_eq!((v[1].as_str(), v[2].as_str()), (exact(&e["payment1"]).as_str(), exact(&e["payment2"]).as_str()));
        assert_eq!(v[3..], [exact(&e["openingBalance"]), exact(&e["change"]), exact(&e["closingBalance"])], "{r}");
        balances += usize::from(!e["closingBalance"].is_null());
        let closing = Decimal::from_str(&exact(&e["closingBalance"])).unwrap_or_default();
        let tint = if closing > Decimal::ZERO {
            Some("row--plus")
        } else if closing < Decimal::ZERO {
            Some("row--minus")
        } else {
            None
        };
        if let Some(tint) = tint {
            assert!(r.contains(tint), "the row is tinted by its closing balance: {r}");
        }
    }
    assert!(balances > 0, "the demo's 26/27 shows balances");

    // Search: one teacher's code and last name.
    let one = &api[0];
    let q = format!("{} {}", one["teacher"]["code"].as_str().unwrap(), one["teacher"]["lastName"].as_str().unwrap());
    let found = web.get(&format!("/years/{year}/employments?q={}", urlencode(&q)), Some(&planner)).await;
    assert!(found.html.contains(&format!(r#"<tr id="employment-{}""#, one["id"])));
    assert!(found.html.matches(r#"<tr id="employment-"#).count() < api.len(), "the search keeps fewer rows");
    // The division filter keeps exactly the employments of that division.
    let division = one["division"]["id"].as_i64().unwrap();
    let of_division = api.iter().filter(|e| e["division"]["id"] == division).count();
    let filtered = web.get(&format!("/years/{year}/employments?division={division}"), Some(&planner)).await;
    assert_eq!(filtered.html.matches(r#"<tr id="employment-"#).count(), of_division);
    // With htmx, the list alone, and the URL follows.
    let part = web
        .get_url(
            &format!("{}/years/{year}/employments?division={division}", web.app.base),
            Some(&planner),
            &[("HX-Request", "true"), ("HX-Target", "employment-list")],
        )
        .await;
    assert!(part.html.starts_with(r#"<div id="employment-list""#), "{}", part.html);
    assert_eq!(part.header("hx-push-url"), format!("/years/{year}/employments?division={division}"));
}

fn urlencode(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            ' ' => "+".to_string(),
            c if c.is_ascii_alphanumeric() => c.to_string(),
            c => c.to_string().bytes().map(|b| format!("%{b:02X}")).collect(),
        })
        .collect()
}

#[tokio::test]
async fn a_planner_creates_edits_and_deletes_an_employment_through_the_forms() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let teacher = new_teacher(&web, "nne").await;
    let division = api_list(&web, "/division").await[0]["id"].as_i64().unwrap();
    let planner = web.sign_in("planner", Role::Planner).await;
    let base = format!("/years/{year}/employments");
    let form = web.get(&format!("{base}/new"), Some(&planner)).await;
    assert_eq!(form.status, 200, "{}", form.html);
    assert!(
        form.html.contains(&format!(r#"<option value="{teacher}">nne – Neu Nora</option>"#)),
        "offers the new teacher"
    );
    let employed = api_list(&web, &format!("/employment?schoolYear={year}")).await[0]["teacher"]["id"].clone();
    let select = &form.html[form.html.find(r#"<select id="f-teacher""#).unwrap()..];
    let select = &select[..select.find("</select>").unwrap()];
    assert!(select.contains("nne – Neu Nora"));
    assert!(!select.contains(&format!(r#"<option value="{employed}">"#)), "not a teacher employed already");
    let csrf = form.csrf();

    let created = send(&web, &base, &planner, &employment_form(&csrf, "", teacher, division, "50", "80")).await;
    assert_eq!(created.status, 303, "{}", created.html);
    assert!(created.header("location").ends_with("?done=created"));
    let id = location_id(&created, &base);
    let api = web.app.get(&format!("/employment/{id}")).await.expect(200).result().clone();
    assert_eq!((api["teacher"]["id"].as_i64(), api["schoolYear"]["id"].as_i64()), (Some(teacher), Some(year)));
    assert_eq!(api["division"]["id"], division);
    assert_eq!([exact(&api["employmentMin"]), exact(&api["employmentMax"])], ["50", "80"]);
    assert_eq!([exact(&api["payment1"]), exact(&api["payment2"])], ["57.5", "60"]);
    assert_eq!((api["temporary"].as_bool(), api["comments"].as_str()), (Some(true), Some("Vertretung")));
    assert_eq!(exact(&api["initialBalance"]), "-1.25");

    let page = web.get(&format!("{base}/{id}?done=created"), Some(&planner)).await;
    assert_eq!(page.status, 200);
    assert!(page.html.contains("Die Anstellung wurde erfasst."));
    for shown in ["57.50 %", "60.00 %", "-1.25 %", "nne – Neu Nora", "Vertretung"] {
        assert!(page.html.contains(shown), "the page shows {shown}");
    }

    // Edit: the form carries the API's ETag as its version.
    let edit = web.get(&format!("{base}/{id}/edit"), Some(&planner)).await;
    let etag = web.app.get(&format!("/employment/{id}")).await.header("etag").unwrap().trim_matches('"').to_string();
    assert_eq!(hidden(&edit, "_version"), etag);
    assert!(edit.html.contains(r#"value="57.5""#), "the value as entered");
    let mut fields = employment_form(&csrf, &etag, teacher, division, "50", "80");
    fields.retain(|(k, _)| *k != "temporary" && *k != "payment2");
    fields.push(("payment2", "62.25".into()));
    let saved = send(&web, &format!("{base}/{id}"), &planner, &fields).await;
    assert_eq!(saved.status, 303, "{}", saved.html);
    let api = web.app.get(&format!("/employment/{id}")).await.expect(200).result().clone();
    assert_eq!((exact(&api["payment2"]), api["temporary"].as_bool()), ("62.25".to_string(), Some(false)));

    // Delete.
    let page = web.get(&format!("{base}/{id}"), Some(&planner)).await;
    let version = hidden(&page, "_version");
    let deleted = send(&web, &format!("{base}/{id}/delete"), &planner, &[("_csrf", csrf), ("_version", version)]).await;
    assert_eq!(deleted.status, 303, "{}", deleted.html);
    assert_eq!(deleted.header("location"), format!("{base}?done=deleted"));
    web.app.get(&format!("/employment/{id}")).await.expect(404);
    // Of another year: not found here.
    let other = api_list(&web, "/schoolyear").await.into_iter().find(|y| y["id"] != year).unwrap()["id"].clone();
    let any = api_list(&web, &format!("/employment?schoolYear={year}")).await[0]["id"].clone();
    assert_eq!(web.get(&format!("/years/{other}/employments/{any}"), Some(&planner)).await.status, 404);
}

#[tokio::test]
async fn employment_errors_stand_beside_their_fields_in_german_and_english() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let teacher = new_teacher(&web, "nne").await;
    let division = api_list(&web, "/division").await[0]["id"].as_i64().unwrap();
    let planner = web.sign_in("planner", Role::Planner).await;
    let base = format!("/years/{year}/employments");
    let csrf = web.get(&base, Some(&planner)).await.csrf();
    let before = api_list(&web, &format!("/employment?schoolYear={year}")).await.len();

    let bad = send(&web, &base, &planner, &employment_form(&csrf, "", teacher, division, "90", "80")).await;
    assert_eq!(bad.status, 422, "{}", bad.html);
    let field = error_block(&bad.html);
    assert!(field.contains(r#"id="f-employmentMin""#), "beside Verfügung Minimum: {field}");
    assert!(field.contains(r#"aria-invalid="true" aria-describedby="f-employmentMin-error""#), "{field}");
    assert!(field.contains("Das Minimum der Verfügung (90) ist grösser als das Maximum (80)."), "in German: {field}");
    assert!(field.contains(r#"value="90""#), "the value typed is kept");
    assert!(bad.html.contains(r#"value="Vertretung""#), "every value typed is kept");

    let mut fields = employment_form(&csrf, "", teacher, division, "50", "80");
    fields.retain(|(k, _)| *k != "division" && *k != "payment1");
    fields.extend([("division", String::new()), ("payment1", "1.23456".into())]);
    let bad = send(&web, &base, &planner, &fields).await;
    assert_eq!(bad.status, 422);
    let field = error_block(&bad.html);
    assert!(field.contains(r#"id="f-division""#) && field.contains("Abteilung ist ein Pflichtfeld"), "{field}");
    assert!(bad.html.contains(r#"aria-describedby="f-payment1-error""#), "the too precise payment is marked");
    assert_eq!(api_list(&web, &format!("/employment?schoolYear={year}")).await.len(), before, "nothing saved");

    let en = web.post("/language", Some(&planner), &[("_csrf", &csrf), ("lang", "en"), ("back", &base)]).await;
    assert_eq!(en.status, 303);
    let bad = send(&web, &base, &planner, &employment_form(&csrf, "", teacher, division, "90", "80")).await;
    assert_eq!(bad.status, 422);
    assert!(bad.html.contains(r#"<html lang="en">"#));
    let field = error_block(&bad.html);
    assert!(field.contains("is greater than `employmentMax` (80)"), "in English, as the API says it: {field}");
}

#[tokio::test]
async fn a_stale_employment_shows_the_other_change_and_an_employment_in_use_is_not_deleted() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let planner = web.sign_in("planner", Role::Planner).await;
    let base = format!("/years/{year}/employments");
    let courses = api_list(&web, &format!("/course?schoolYear={year}")).await;
    let course = courses.iter().find(|c| !c["teachers1"].as_array().unwrap().is_empty()).expect("a staffed course");
    let teacher = &course["teachers1"][0]["id"];
    let employment = api_list(&web, &format!("/employment?schoolYear={year}&teacher={teacher}")).await[0].clone();
    let id = employment["id"].as_i64().unwrap();

    let edit = web.get(&format!("{base}/{id}/edit"), Some(&planner)).await;
    let (csrf, loaded) = (edit.csrf(), hidden(&edit, "_version"));
    let mut other = employment.clone();
    other["comments"] = json!("Andere");
    for key in ["id", "openingBalance", "closingBalance", "change"] {
        other.as_object_mut().unwrap().remove(key);
    }
    web.app.put(&format!("/employment/{id}"), other).await.expect(200);
    let teacher = teacher.as_i64().unwrap();
    let division = employment["division"]["id"].as_i64().unwrap();
    let mine = employment_form(&csrf, &loaded, teacher, division, "", "");
    let stale = send(&web, &format!("{base}/{id}"), &planner, &mine).await;
    assert_eq!(stale.status, 412, "{}", stale.html);
    assert!(stale.html.contains(r#"id="conflict""#) && stale.html.contains("Inzwischen geändert"));
    assert!(stale.html.contains("<td>Andere</td><td>Vertretung</td>"), "both values: {}", stale.html);
    let current = web.app.get(&format!("/employment/{id}")).await.header("etag").unwrap().trim_matches('"').to_string();
    assert_eq!(hidden(&stale, "_version"), current, "the form now carries the current version");
    assert_eq!(web.app.get(&format!("/employment/{id}")).await.result()["comments"], "Andere", "nothing saved");

    // A stale delete is refused (412); a current one names the courses (409).
    let stale =
        send(&web, &format!("{base}/{id}/delete"), &planner, &[("_csrf", csrf.clone()), ("_version", loaded)]).await;
    assert_eq!(stale.status, 412);
    let refused = send(&web, &format!("{base}/{id}/delete"), &planner, &[("_csrf", csrf), ("_version", current)]).await;
    assert_eq!(refused.status, 409, "{}", refused.html);
    let label = format!("Kurs {} (26/27)", course["subject"]["code"].as_str().unwrap());
    assert!(refused.html.contains("wird noch verwendet (") && refused.html.contains(&label), "{}", refused.html);
    web.app.get(&format!("/employment/{id}")).await.expect(200);
}

/// The form of a pool entry as a browser sends it.
pub fn pool_form(
    csrf: &str,
    version: &str,
    teacher: &Value,
    kind: &Value,
    percent1: &str,
) -> Vec<(&'static str, String)> {
    vec![
        ("_csrf", csrf.into()),
        ("_version", version.into()),
        ("teacher", teacher.to_string()),
        ("type", kind.to_string()),
        ("description", "Mediothek Test".into()),
        ("percent1", percent1.into()),
        ("percent2", "2.5".into()),
    ]
}

#[tokio::test]
async fn pool_entries_are_listed_filtered_created_edited_and_deleted_through_the_forms() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let planner = web.sign_in("planner", Role::Planner).await;
    let base = format!("/years/{year}/pool");
    let list = web.get(&base, Some(&planner)).await;
    assert_eq!(list.status, 200, "{}", list.html);
    assert!(list.html.contains(r#"aria-current="page">Pool"#));
    let api = api_list(&web, &format!("/poolentry?schoolYear={year}")).await;
    assert!(!api.is_empty(), "the demo has pool entries");
    assert_eq!(list.html.matches(r#"<tr id="poolentry-"#).count(), api.len());
    for p in &api {
        let r = row(&list.html, &format!("poolentry-{}", p["id"]));
        assert_eq!(values(r), [exact(&p["percent1"]), exact(&p["percent2"])], "{r}");
    }
    // Filters by type and by teacher keep exactly theirs.
    let kind = api[0]["type"]["id"].clone();
    let teacher = api[0]["teacher"]["id"].clone();
    let by_type = web.get(&format!("{base}?type={kind}"), Some(&planner)).await;
    assert_eq!(
        by_type.html.matches(r#"<tr id="poolentry-"#).count(),
        api.iter().filter(|p| p["type"]["id"] == kind).count()
    );
    let by_teacher = web.get(&format!("{base}?teacher={teacher}"), Some(&planner)).await;
    let theirs = api_list(&web, &format!("/poolentry?schoolYear={year}&teacher={teacher}")).await.len();
    assert_eq!(by_teacher.html.matches(r#"<tr id="poolentry-"#).count(), theirs);

    // Create for an employed teacher; a teacher without employment is refused beside the field.
    let csrf = list.csrf();
    let stranger = json!(new_teacher(&web, "nne").await);
    let refused = send(&web, &base, &planner, &pool_form(&csrf, "", &stranger, &kind, "1")).await;
    assert_eq!(refused.status, 422, "{}", refused.html);
    let field = error_block(&refused.html);
    assert!(
        field.contains(r#"id="f-teacher""#) && field.contains("hat im Schuljahr 26/27 keine Anstellung"),
        "{field}"
    );
    let too_much = send(&web, &base, &planner, &pool_form(&csrf, "", &teacher, &kind, "101")).await;
    assert_eq!(too_much.status, 422);
    assert!(error_block(&too_much.html).contains(r#"id="f-percent1""#));
    assert!(too_much.html.contains(r#"value="101""#), "the value typed is kept");

    let created = send(&web, &base, &planner, &pool_form(&csrf, "", &teacher, &kind, "1.75")).await;
    assert_eq!(created.status, 303, "{}", created.html);
    let id = location_id(&created, &base);
    let entry = web.app.get(&format!("/poolentry/{id}")).await.expect(200).result().clone();
    assert_eq!((entry["teacher"]["id"].clone(), entry["type"]["id"].clone()), (teacher.clone(), kind.clone()));
    assert_eq!([exact(&entry["percent1"]), exact(&entry["percent2"])], ["1.75", "2.5"]);
    assert_eq!(entry["description"], "Mediothek Test");
    let page = web.get(&format!("{base}/{id}"), Some(&planner)).await;
    assert!(page.html.contains("1.75 %") && page.html.contains("2.50 %"), "{}", page.html);

    // Edit, then a stale save shows the other change.
    let edit = web.get(&format!("{base}/{id}/edit"), Some(&planner)).await;
    let loaded = hidden(&edit, "_version");
    let saved = send(&web, &format!("{base}/{id}"), &planner, &pool_form(&csrf, &loaded, &teacher, &kind, "3")).await;
    assert_eq!(saved.status, 303, "{}", saved.html);
    assert_eq!(exact(&web.app.get(&format!("/poolentry/{id}")).await.result()["percent1"]), "3");
    let stale = send(&web, &format!("{base}/{id}"), &planner, &pool_form(&csrf, &loaded, &teacher, &kind, "4")).await;
    assert_eq!(stale.status, 412);
    assert!(stale.html.contains("<td>3</td><td>4</td>"), "both values: {}", stale.html);

    // The Pensenblatt's pool line leads here.
    let sheet = web.get(&format!("/years/{year}/workload/{teacher}"), Some(&planner)).await;
    assert!(sheet.html.contains(&format!(r#"href="{base}/{id}""#)), "the sheet links the entry");

    let page = web.get(&format!("{base}/{id}"), Some(&planner)).await;
    let deleted = send(
        &web,
        &format!("{base}/{id}/delete"),
        &planner,
        &[("_csrf", csrf), ("_version", hidden(&page, "_version"))],
    )
    .await;
    assert_eq!(deleted.status, 303);
    web.app.get(&format!("/poolentry/{id}")).await.expect(404);
}

#[tokio::test]
async fn a_reader_sees_no_write_control_and_forged_or_tokenless_posts_get_403() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let employment = api_list(&web, &format!("/employment?schoolYear={year}")).await[0].clone();
    let entry = api_list(&web, &format!("/poolentry?schoolYear={year}")).await[0].clone();
    let reader = web.sign_in("reader", Role::Reader).await;
    for (base, id) in [("employments", &employment["id"]), ("pool", &entry["id"])] {
        let base = format!("/years/{year}/{base}");
        let list = web.get(&base, Some(&reader)).await;
        assert_eq!(list.status, 200);
        assert!(list.html.contains(&format!(r#"href="{base}/{id}""#)), "a reader may open it");
        assert!(!list.html.contains(&format!("{base}/new")), "no create link");
        let page = web.get(&format!("{base}/{id}"), Some(&reader)).await;
        assert_eq!(page.status, 200);
        for control in ["/edit", "/delete", "_version"] {
            assert!(!page.html.contains(control), "no write control {control}");
        }
        assert_eq!(web.get(&format!("{base}/new"), Some(&reader)).await.status, 403);
        assert_eq!(web.get(&format!("{base}/{id}/edit"), Some(&reader)).await.status, 403);
        let csrf = page.csrf();
        for path in [base.clone(), format!("{base}/{id}"), format!("{base}/{id}/delete")] {
            assert_eq!(web.post(&path, Some(&reader), &[("_csrf", &csrf)]).await.status, 403, "{path}");
        }
    }
    let planner = web.sign_in("planner", Role::Planner).await;
    let id = &employment["id"];
    let path = format!("/years/{year}/employments/{id}/delete");
    assert_eq!(web.post(&path, Some(&planner), &[("_version", "x")]).await.status, 403, "no CSRF token");
    web.app.get(&format!("/employment/{id}")).await.expect(200);
    assert_eq!(api_list(&web, &format!("/poolentry?schoolYear={year}")).await[0], entry, "nothing changed");
}

#[tokio::test]
async fn in_french_the_screens_show_no_german() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let planner = web.sign_in("paula", Role::Planner).await;
    let home = web.get("/", Some(&planner)).await;
    let french = web.post("/language", Some(&planner), &[("_csrf", &home.csrf()), ("lang", "fr"), ("back", "/")]).await;
    assert_eq!(french.status, 303);
    let employment = api_list(&web, &format!("/employment?schoolYear={year}")).await[0]["id"].clone();
    let entry = api_list(&web, &format!("/poolentry?schoolYear={year}")).await[0]["id"].clone();
    for (path, heading) in [
        (format!("/years/{year}/employments"), "Engagements 26/27"),
        (format!("/years/{year}/employments/{employment}"), "Engagement "),
        (format!("/years/{year}/employments/{employment}/edit"), "Modifier l&#39;engagement"),
        (format!("/years/{year}/employments/new"), "Nouvel engagement"),
        (format!("/years/{year}/pool"), "Pool 26/27"),
        (format!("/years/{year}/pool/{entry}"), "Entrée de pool "),
        (format!("/years/{year}/pool/{entry}/edit"), "Modifier l&#39;entrée de pool"),
    ] {
        let page = web.get(&path, Some(&planner)).await;
        assert_eq!(page.status, 200, "{path}");
        assert!(page.html.contains(&format!("<h1>{heading}")), "{path}: {heading}\n{}", page.html);
        let left = untranslated(&visible_text(&page.html));
        assert!(left.is_empty(), "{path} shows untranslated texts: {left:?}");
    }
}
