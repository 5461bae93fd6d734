//! Stammdaten → Organisationseinheiten (docs/web.md §Organisationseinheiten):
//! create and edit through the forms and read back through
//! `GET /api/v1/division/ID`; a field error beside its field in German and
//! English; the logo uploaded as a multipart form, served back byte for byte
//! with its type, kept by a save of the form and removed; a file that is no
//! image or too large refused beside the file field; the multipart form needs
//! the CSRF token; readers see no control and get 403; a division in use is
//! not deleted and the page names what uses it.

use base64::Engine as _;
use reqwest::header::{CONTENT_TYPE, COOKIE};
use schoolplan::auth::Role;
use serde_json::{json, Value};

use super::masterdata::{block, hidden};
use super::{Page, Web};

/// The logo used in the tests (a 180 × 64 PNG).
const LOGO: &[u8] = include_bytes!("fixtures/logo.png");
/// The boundary of the multipart bodies sent.
const BOUNDARY: &str = "schoolplan-test-7d1f";

/// Presses the button of division `id`'s page that posts to `/divisions/{id}/{action}`
/// (`delete`, `logo/remove`), with the page's CSRF token and version, as `cookie`.
async fn press(web: &Web, id: i64, action: &str, cookie: &str) -> Page {
    let page = web.get(&format!("/divisions/{id}"), Some(cookie)).await;
    let sent = [("_csrf", page.csrf()), ("_version", hidden(&page, "_version"))];
    let sent: Vec<(&str, &str)> = sent.iter().map(|(k, v)| (*k, v.as_str())).collect();
    web.post(&format!("/divisions/{id}/{action}"), Some(cookie), &sent).await
}

/// A multipart body as a browser sends it: the text fields, then the file
/// `(file name, content type, bytes)` in the field `file`.
fn multipart(fields: &[(&str, &str)], file: Option<(&str, &str, &[u8])>) -> Vec<u8> {
    let mut body = Vec::new();
    for (name, value) in fields {
        body.extend(
            format!("--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n").bytes(),
        );
    }
    if let Some((file_name, kind, bytes)) = file {
        body.extend(
            format!(
                "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{file_name}\"\r\nContent-Type: {kind}\r\n\r\n"
            )
            .bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend(b"\r\n");
    }
    body.extend(format!("--{BOUNDARY}--\r\n").bytes());
    body
}

/// POSTs a multipart `body` to `path`.
async fn post_multipart(web: &Web, path: &str, cookie: &str, body: Vec<u8>) -> Page {
    let res = web
        .browser
        .post(format!("{}{path}", web.app.base))
        .header(COOKIE, cookie)
        .header(CONTENT_TYPE, format!("multipart/form-data; boundary={BOUNDARY}"))
        .body(body)
        .send()
        .await
        .expect("request sent");
    super::read(res).await
}

/// Uploads `file` as division `id`'s `image` (`logo`, `signature`) from its page as `cookie`.
async fn upload(web: &Web, id: i64, image: &str, cookie: &str, file: (&str, &str, &[u8])) -> Page {
    let page = web.get(&format!("/divisions/{id}"), Some(cookie)).await;
    let (csrf, version) = (page.csrf(), hidden(&page, "_version"));
    let body = multipart(&[("_csrf", &csrf), ("_version", &version)], Some(file));
    post_multipart(web, &format!("/divisions/{id}/{image}"), cookie, body).await
}

/// The API's division `id`.
async fn api_division(web: &Web, id: i64) -> Value {
    web.app.get(&format!("/division/{id}")).await.expect(200).result().clone()
}

/// The form's fields of a division, as a browser sends them.
fn fields<'a>(csrf: &'a str, version: &'a str, code: &'a str, description: &'a str) -> Vec<(&'a str, &'a str)> {
    vec![
        ("_csrf", csrf),
        ("_version", version),
        ("code", code),
        ("description", description),
        ("headName", "Regula Rektor"),
        ("headTitle", "Rektorin"),
        ("grouping", "GYM"),
    ]
}

/// GET a path as `cookie`, the body as bytes.
async fn get_bytes(web: &Web, path: &str, cookie: &str) -> (u16, String, Vec<u8>) {
    let res =
        web.browser.get(format!("{}{path}", web.app.base)).header(COOKIE, cookie).send().await.expect("request sent");
    let status = res.status().as_u16();
    let kind = res.headers().get(CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
    (status, kind, res.bytes().await.unwrap().to_vec())
}

#[tokio::test]
async fn a_planner_creates_and_edits_a_division_through_the_forms() {
    let web = Web::spawn().await;
    let planner = web.sign_in("planner", Role::Planner).await;
    let list = web.get("/divisions", Some(&planner)).await;
    assert_eq!(list.status, 200);
    assert!(list.html.contains(r#"aria-current="page">Organisationseinheiten"#), "the menu marks the screen");
    assert!(list.html.contains(r#"href="/divisions/new""#), "a planner may create");
    assert!(!list.html.contains(r#"id="division-state""#), "a division has no state to filter by");

    let form = web.get("/divisions/new", Some(&planner)).await;
    assert_eq!(form.status, 200);
    for label in [r#"<label for="f-code">Kürzel"#, r#"<label for="f-description">Bezeichnung"#, "Titel der Leitung"] {
        assert!(form.html.contains(label), "{label}");
    }
    let csrf = form.csrf();
    let created = web.post("/divisions", Some(&planner), &fields(&csrf, "", "GYM", "Gymnasium")).await;
    assert_eq!(created.status, 303, "{}", created.html);
    let location = created.header("location").to_string();
    let id: i64 = location.trim_start_matches("/divisions/").split('?').next().unwrap().parse().unwrap();
    let api = api_division(&web, id).await;
    assert_eq!((api["code"].as_str(), api["description"].as_str()), (Some("GYM"), Some("Gymnasium")));
    assert_eq!((api["headName"].as_str(), api["headTitle"].as_str()), (Some("Regula Rektor"), Some("Rektorin")));
    assert_eq!(api["grouping"], "GYM");
    assert_eq!((api["logo"].clone(), api["headSignature"].clone()), (Value::Null, Value::Null));

    let page = web.get(&location, Some(&planner)).await;
    assert!(page.html.contains("Die Organisationseinheit wurde erfasst."));
    assert!(page.html.contains("Kein Logo hinterlegt.") && page.html.contains("Keine Unterschrift hinterlegt."));
    assert!(!page.html.contains("/archive"), "a division cannot be archived");
    let list = web.get("/divisions?q=gymn", Some(&planner)).await;
    assert!(list.html.contains(&format!(r#"<tr id="division-{id}""#)), "found by its designation");
    assert!(!web.get("/divisions?q=zzz", Some(&planner)).await.html.contains(&format!(r#"id="division-{id}""#)));

    let edit = web.get(&format!("/divisions/{id}/edit"), Some(&planner)).await;
    let etag = web.app.get(&format!("/division/{id}")).await.header("etag").unwrap().trim_matches('"').to_string();
    assert_eq!(hidden(&edit, "_version"), etag, "the form carries the version");
    let mut sent = fields(&csrf, &etag, "GYM", "Gymnasium Nord");
    sent.retain(|(k, _)| *k != "headTitle");
    sent.push(("headTitle", ""));
    let saved = web.post(&format!("/divisions/{id}"), Some(&planner), &sent).await;
    assert_eq!(saved.status, 303, "{}", saved.html);
    let api = api_division(&web, id).await;
    assert_eq!(api["description"], "Gymnasium Nord");
    assert_eq!(api["headTitle"], Value::Null, "an emptied field is null");

    // The version the page was loaded at is stale now: a save over it shows the other change.
    let stale = web.post(&format!("/divisions/{id}"), Some(&planner), &fields(&csrf, &etag, "GYM", "Alt")).await;
    assert_eq!(stale.status, 412, "{}", stale.html);
    assert!(stale.html.contains("<td>Gymnasium Nord</td><td>Alt</td>"), "{}", stale.html);
}

#[tokio::test]
async fn an_invalid_field_is_shown_beside_it_in_german_and_english() {
    let web = Web::spawn().await;
    let id = web.app.create("/division", json!({"code": "FMS", "description": "Fachmittelschule"})).await;
    let planner = web.sign_in("planner", Role::Planner).await;
    let edit = web.get(&format!("/divisions/{id}/edit"), Some(&planner)).await;
    let (csrf, version) = (edit.csrf(), hidden(&edit, "_version"));
    let bad = web.post(&format!("/divisions/{id}"), Some(&planner), &fields(&csrf, &version, "FMS", "")).await;
    assert_eq!(bad.status, 422, "{}", bad.html);
    let field = block(&bad.html, r#"<div class="field field--error">"#);
    assert!(field.contains(r#"id="f-description""#) && field.contains("Pflichtfeld"), "in German: {field}");
    assert!(field.contains(r#"aria-describedby="f-description-error""#), "{field}");
    assert!(bad.html.contains(r#"value="Regula Rektor""#), "the values typed are kept");
    assert_eq!(api_division(&web, id).await["headName"], Value::Null, "nothing saved");

    let en = web.post("/language", Some(&planner), &[("_csrf", &csrf), ("lang", "en"), ("back", "/divisions")]).await;
    assert_eq!(en.status, 303);
    let bad = web.post(&format!("/divisions/{id}"), Some(&planner), &fields(&csrf, &version, "FMS", "")).await;
    assert_eq!(bad.status, 422);
    assert!(bad.html.contains(r#"<html lang="en">"#));
    let field = block(&bad.html, r#"<div class="field field--error">"#);
    assert!(field.contains(r#"id="f-description""#) && field.contains("required"), "in English: {field}");
}

#[tokio::test]
async fn an_uploaded_logo_is_served_back_byte_equal_kept_by_a_save_and_removed() {
    let web = Web::spawn().await;
    let id = web.app.create("/division", json!({"code": "GYM", "description": "Gymnasium"})).await;
    let planner = web.sign_in("planner", Role::Planner).await;
    let page = web.get(&format!("/divisions/{id}"), Some(&planner)).await;
    assert!(page.html.contains(r#"enctype="multipart/form-data""#) && page.html.contains(r#"type="file" id="f-logo""#));
    assert!(page.html.contains(r#"<label for="f-logo">Neues Logo wählen</label>"#), "the file field is labelled");

    let uploaded = upload(&web, id, "logo", &planner, ("wappen.png", "image/png", LOGO)).await;
    assert_eq!(uploaded.status, 303, "{}", uploaded.html);
    assert_eq!(uploaded.header("location"), format!("/divisions/{id}?done=saved#image-logo"), "back at the logo");
    let (status, kind, bytes) = get_bytes(&web, &format!("/divisions/{id}/logo"), &planner).await;
    assert_eq!((status, kind.as_str()), (200, "image/png"));
    assert_eq!(bytes, LOGO, "the same bytes come back");
    let api = api_division(&web, id).await;
    assert_eq!(api["logo"]["mimeType"], "image/png");
    assert_eq!(api["logo"]["fileName"], "wappen.png");
    let data = base64::engine::general_purpose::STANDARD.decode(api["logo"]["data"].as_str().unwrap()).unwrap();
    assert_eq!(data, LOGO, "the API holds the same bytes");
    assert_eq!(api["headSignature"], Value::Null, "the other image is untouched");

    let page = web.get(&format!("/divisions/{id}"), Some(&planner)).await;
    assert!(page.html.contains(&format!(r#"<img src="/divisions/{id}/logo" alt="Logo der Organisationseinheit GYM""#)));
    let size = format!("wappen.png (PNG, {} KB)", LOGO.len().div_ceil(1024));
    assert!(page.html.contains(&size), "name, type and size {size}: {}", page.html);
    assert!(page.html.contains(r#"id="image-logo-remove""#));
    let (status, _, _) = get_bytes(&web, &format!("/divisions/{id}/signature"), &planner).await;
    assert_eq!(status, 404, "no signature yet");

    // A save of the form keeps the image, which the form does not show.
    let edit = web.get(&format!("/divisions/{id}/edit"), Some(&planner)).await;
    let (csrf, version) = (edit.csrf(), hidden(&edit, "_version"));
    let sent = fields(&csrf, &version, "GYM", "Gymnasium Süd");
    assert_eq!(web.post(&format!("/divisions/{id}"), Some(&planner), &sent).await.status, 303);
    let api = api_division(&web, id).await;
    assert_eq!(api["description"], "Gymnasium Süd");
    assert_eq!(get_bytes(&web, &format!("/divisions/{id}/logo"), &planner).await.2, LOGO, "the logo is kept");

    // Removing it, with the version of the page.
    let page = web.get(&format!("/divisions/{id}"), Some(&planner)).await;
    let removed = press(&web, id, "logo/remove", &planner).await;
    assert_eq!(removed.status, 303, "{}", removed.html);
    assert_eq!(api_division(&web, id).await["logo"], Value::Null);
    assert_eq!(get_bytes(&web, &format!("/divisions/{id}/logo"), &planner).await.0, 404);

    // An upload over a stale version changes nothing (412).
    let body = multipart(
        &[("_csrf", &page.csrf()), ("_version", &hidden(&page, "_version"))],
        Some(("l.png", "image/png", LOGO)),
    );
    let stale = post_multipart(&web, &format!("/divisions/{id}/signature"), &planner, body).await;
    assert_eq!(stale.status, 412, "{}", stale.html);
    assert!(stale.html.contains("inzwischen geändert"), "{}", stale.html);
    assert_eq!(api_division(&web, id).await["headSignature"], Value::Null);
}

#[tokio::test]
async fn a_file_that_is_no_image_or_too_large_is_refused_beside_the_file_field() {
    let web = Web::spawn().await;
    let id = web.app.create("/division", json!({"code": "GYM", "description": "Gymnasium"})).await;
    let planner = web.sign_in("planner", Role::Planner).await;

    let text =
        upload(&web, id, "signature", &planner, ("brief.txt", "text/plain", b"Sehr geehrte Damen und Herren")).await;
    assert_eq!(text.status, 422, "{}", text.html);
    let field = block(&text.html, r#"<div class="field field--error">"#);
    assert!(field.contains(r#"id="f-signature""#) && field.contains(r#"aria-invalid="true""#), "{field}");
    assert!(field.contains("Die Datei ist kein Bild im Format PNG oder JPEG."), "in German: {field}");
    // A PNG's name and type do not make a PNG.
    let fake = upload(&web, id, "logo", &planner, ("logo.png", "image/png", b"GIF89a....")).await;
    assert_eq!(fake.status, 422);
    assert!(block(&fake.html, r#"<div class="field field--error">"#).contains(r#"id="f-logo""#));

    let mut big = LOGO.to_vec();
    big.resize(1024 * 1024 + 1, 0);
    let large = upload(&web, id, "logo", &planner, ("gross.png", "image/png", &big)).await;
    assert_eq!(large.status, 422, "{}", large.html);
    let field = block(&large.html, r#"<div class="field field--error">"#);
    assert!(field.contains("Die Datei ist zu gross (1.1 MB); erlaubt sind höchstens 1 MB."), "{field}");
    let none = upload(&web, id, "logo", &planner, ("", "application/octet-stream", b"")).await;
    assert_eq!(none.status, 422);
    assert!(none.html.contains("Bitte wählen Sie zuerst eine Datei."));

    // Larger than the guard reads at all: 413 with a sentence, not a broken connection.
    let huge = vec![0u8; 11 * 1024 * 1024];
    let page = web.get(&format!("/divisions/{id}"), Some(&planner)).await;
    let body = multipart(
        &[("_csrf", &page.csrf()), ("_version", &hidden(&page, "_version"))],
        Some(("riesig.png", "image/png", &huge)),
    );
    let refused = post_multipart(&web, &format!("/divisions/{id}/logo"), &planner, body).await;
    assert_eq!(refused.status, 413);
    assert!(refused.html.contains("höchstens 10 MiB"), "{}", refused.html);

    let en = web.post("/language", Some(&planner), &[("_csrf", &page.csrf()), ("lang", "en"), ("back", "/")]).await;
    assert_eq!(en.status, 303);
    let text = upload(&web, id, "logo", &planner, ("brief.txt", "text/plain", b"Dear Sir or Madam")).await;
    assert_eq!(text.status, 422);
    assert!(text.html.contains("The file is not a PNG or JPEG image."), "in English");
    let api = api_division(&web, id).await;
    assert_eq!((api["logo"].clone(), api["headSignature"].clone()), (Value::Null, Value::Null), "nothing saved");
}

#[tokio::test]
async fn an_upload_without_the_csrf_token_or_by_a_reader_gets_403() {
    let web = Web::spawn().await;
    let id = web.app.create("/division", json!({"code": "GYM", "description": "Gymnasium"})).await;
    let planner = web.sign_in("planner", Role::Planner).await;
    let page = web.get(&format!("/divisions/{id}"), Some(&planner)).await;
    let version = hidden(&page, "_version");
    let no_token = multipart(&[("_version", &version)], Some(("l.png", "image/png", LOGO)));
    let refused = post_multipart(&web, &format!("/divisions/{id}/logo"), &planner, no_token).await;
    assert_eq!(refused.status, 403, "{}", refused.html);
    let wrong = multipart(&[("_csrf", "0000"), ("_version", &version)], Some(("l.png", "image/png", LOGO)));
    assert_eq!(post_multipart(&web, &format!("/divisions/{id}/logo"), &planner, wrong).await.status, 403);
    assert_eq!(api_division(&web, id).await["logo"], Value::Null, "nothing saved");

    // The reader sees the preview but no control, and a forged post gets 403.
    assert_eq!(upload(&web, id, "logo", &planner, ("l.png", "image/png", LOGO)).await.status, 303);
    let reader = web.sign_in("reader", Role::Reader).await;
    let list = web.get("/divisions", Some(&reader)).await;
    assert!(list.html.contains(&format!(r#"href="/divisions/{id}""#)) && !list.html.contains("/divisions/new"));
    let page = web.get(&format!("/divisions/{id}"), Some(&reader)).await;
    assert_eq!(page.status, 200);
    assert!(page.html.contains(&format!(r#"<img src="/divisions/{id}/logo""#)), "the reader sees the logo");
    for control in ["/edit", "/delete", "/remove", "_version", r#"type="file""#, "<button type=\"submit\" id=\"image"] {
        assert!(!page.html.contains(control), "no write control {control}");
    }
    assert_eq!(get_bytes(&web, &format!("/divisions/{id}/logo"), &reader).await.2, LOGO);
    assert_eq!(web.get("/divisions/new", Some(&reader)).await.status, 403);
    let csrf = page.csrf();
    let forged = multipart(&[("_csrf", &csrf), ("_version", "")], Some(("l.png", "image/png", LOGO)));
    assert_eq!(post_multipart(&web, &format!("/divisions/{id}/signature"), &reader, forged).await.status, 403);
    let removed = web.post(&format!("/divisions/{id}/logo/remove"), Some(&reader), &[("_csrf", &csrf)]).await;
    assert_eq!(removed.status, 403);
    let deleted = web.post(&format!("/divisions/{id}/delete"), Some(&reader), &[("_csrf", &csrf)]).await;
    assert_eq!(deleted.status, 403);
    let api = api_division(&web, id).await;
    assert_eq!((api["logo"]["fileName"].as_str(), api["headSignature"].clone()), (Some("l.png"), Value::Null));
}

#[tokio::test]
async fn deleting_a_division_in_use_names_what_uses_it() {
    let web = Web::spawn().await;
    super::grid::demo(&web).await;
    let classes = web.app.get("/schoolclass").await.expect(200).result().as_array().unwrap().clone();
    let class = classes.first().expect("a class").clone();
    let division = class["division"]["id"].as_i64().unwrap();
    let planner = web.sign_in("planner", Role::Planner).await;
    let refused = press(&web, division, "delete", &planner).await;
    assert_eq!(refused.status, 409, "{}", refused.html);
    let label = format!("Klasse {}", class["code"].as_str().unwrap());
    assert!(refused.html.contains(&label), "names the class {label}: {}", refused.html);
    assert!(refused.html.contains("einer anderen Organisationseinheit zu"), "suggests what to do");
    assert!(!refused.html.contains("school class"), "in German");
    api_division(&web, division).await;

    // An unused one is deleted.
    let id = web.app.create("/division", json!({"code": "LEER", "description": "Ungenutzt"})).await;
    let deleted = press(&web, id, "delete", &planner).await;
    assert_eq!(deleted.status, 303, "{}", deleted.html);
    assert_eq!(deleted.header("location"), "/divisions?done=deleted");
    web.app.get(&format!("/division/{id}")).await.expect(404);
}

#[tokio::test]
async fn the_division_screens_in_french_leave_nothing_untranslated() {
    use super::untranslated::{untranslated, visible_text};
    let web = Web::spawn().await;
    let id = web.app.create("/division", json!({"code": "GYM", "description": "Lycée"})).await;
    let planner = web.sign_in("planner", Role::Planner).await;
    assert_eq!(upload(&web, id, "logo", &planner, ("l.png", "image/png", LOGO)).await.status, 303);
    let home = web.get("/", Some(&planner)).await;
    let fr = web.post("/language", Some(&planner), &[("_csrf", &home.csrf()), ("lang", "fr"), ("back", "/")]).await;
    assert_eq!(fr.status, 303);
    let refused = upload(&web, id, "signature", &planner, ("a.txt", "text/plain", b"texte")).await;
    assert_eq!(refused.status, 422);
    assert!(refused.html.contains("Le fichier n&#39;est pas une image PNG ou JPEG."), "{}", refused.html);
    let pages = [
        web.get("/divisions", Some(&planner)).await,
        web.get(&format!("/divisions/{id}"), Some(&planner)).await,
        web.get(&format!("/divisions/{id}/edit"), Some(&planner)).await,
        web.get("/divisions/new", Some(&planner)).await,
        refused,
    ];
    assert!(pages[0].html.contains("<h1>Unités organisationnelles"), "{}", pages[0].html);
    for page in pages {
        assert!(page.html.contains(r#"<html lang="fr">"#));
        let left = untranslated(&visible_text(&page.html));
        assert!(left.is_empty(), "untranslated texts: {left:?}");
    }
}
