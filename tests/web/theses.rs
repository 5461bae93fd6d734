//! IPB-Buchungen, Abschlussarbeiten and Notizen (docs/web.md §IPB-Buchungen,
//! §Abschlussarbeiten, §Notizen): postings created, edited and deleted
//! through the forms and read back through `/api/v1/posting`; a stale edit
//! (412); field errors in German and English; one teacher's thesis counts;
//! a pasted table whose preview writes nothing, saved with «Übernehmen»; bad
//! lines flagged; notes; readers without write controls and with 403; CSRF;
//! the pages in French.

use schoolplan::auth::Role;
use serde_json::Value;

use super::grid::demo;
use super::untranslated::{untranslated, visible_text};
use super::{Page, Web};

/// The value of the hidden or text input `name` on a page.
fn input(html: &str, name: &str) -> String {
    let marker = format!(r#"name="{name}" value=""#);
    let start = html.find(&marker).unwrap_or_else(|| panic!("no input {name}")) + marker.len();
    html[start..].split('"').next().unwrap().to_string()
}

/// Every hidden input `v<teacher>` of the paste preview: (name, value).
fn versions(html: &str) -> Vec<(String, String)> {
    let marker = r#"type="hidden" name=""#;
    html.match_indices(marker)
        .map(|(at, _)| &html[at..])
        .filter(|from| from[marker.len()..].starts_with('v'))
        .map(|from| {
            let name = from[marker.len()..].split('"').next().unwrap().to_string();
            (name.clone(), input(from, &name))
        })
        .collect()
}

/// HTML-unescapes the few entities askama writes.
fn unescape(s: &str) -> String {
    s.replace("&#9;", "\t").replace("&#10;", "\n").replace("&#39;", "'").replace("&quot;", "\"").replace("&amp;", "&")
}

/// Two teachers employed in `year`: (id, code).
pub async fn two_employed(web: &Web, year: i64) -> [(i64, String); 2] {
    let employments = web.app.get(&format!("/employment?schoolYear={year}")).await.expect(200);
    let list = employments.result().as_array().unwrap();
    let pick = |e: &Value| (e["teacher"]["id"].as_i64().unwrap(), e["teacher"]["code"].as_str().unwrap().to_string());
    [pick(&list[0]), pick(&list[1])]
}

/// The thesis types: (id, code), by code as the API lists them.
pub async fn thesis_types(web: &Web) -> Vec<(i64, String)> {
    let types = web.app.get("/thesistype").await.expect(200);
    types
        .result()
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["id"].as_i64().unwrap(), t["code"].as_str().unwrap().to_string()))
        .collect()
}

/// The year's theses as the API answers them.
async fn theses(web: &Web, year: i64) -> Value {
    web.app.get(&format!("/thesis?schoolYear={year}")).await.expect(200).result().clone()
}

/// The postings of `teacher` in `year` through the API.
async fn postings(web: &Web, year: i64, teacher: i64) -> Vec<Value> {
    let r = web.app.get(&format!("/posting?schoolYear={year}&teacher={teacher}")).await.expect(200);
    r.result().as_array().unwrap().clone()
}

/// Switches the session to `lang`.
async fn switch(web: &Web, session: &str, lang: &str) {
    let home = web.get("/", Some(session)).await;
    let r = web.post("/language", Some(session), &[("_csrf", &home.csrf()), ("lang", lang), ("back", "/")]).await;
    assert_eq!(r.status, 303);
}

#[tokio::test]
async fn a_posting_is_created_edited_and_deleted_through_the_forms() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let [(teacher, code), _] = two_employed(&web, year).await;
    let types = web.app.get("/postingtype").await.expect(200);
    let kind = types.result().as_array().unwrap()[0]["id"].as_i64().unwrap();
    let planner = web.sign_in("paula", Role::Planner).await;
    let before = postings(&web, year, teacher).await.len();

    let form = web.get(&format!("/years/{year}/postings/new?teacher={teacher}"), Some(&planner)).await;
    assert_eq!(form.status, 200, "{}", form.html);
    assert!(form.html.contains(&format!(r#"<option value="{teacher}" selected>"#)), "the teacher is chosen");
    let csrf = form.csrf();
    let field = format!("d{kind}");
    let t = teacher.to_string();
    let created = web
        .post(
            &format!("/years/{year}/postings"),
            Some(&planner),
            &[
                ("_csrf", &csrf),
                ("_version", ""),
                ("teacher", &t),
                ("description", "Sonderwoche"),
                ("startDate", "2026-09-14"),
                ("endDate", ""),
                (&field, "12,5"),
            ],
        )
        .await;
    assert_eq!(created.status, 303, "{}", created.html);
    assert_eq!(created.header("location"), format!("/years/{year}/postings?teacher={teacher}&done=created"));
    let list = postings(&web, year, teacher).await;
    assert_eq!(list.len(), before + 1);
    let posting = list.iter().find(|p| p["description"] == "Sonderwoche").expect("the new posting").clone();
    assert_eq!(posting["startDate"], "2026-09-14");
    assert_eq!(posting["details"][kind.to_string()].to_string(), "12.5", "a decimal comma is a point");
    let id = posting["id"].as_i64().unwrap();

    let page = web.get(&format!("/years/{year}/postings?teacher={teacher}&done=created"), Some(&planner)).await;
    assert!(page.html.contains(&format!(r#"id="posting-{id}""#)) && page.html.contains("14.09.2026"));
    assert!(page.html.contains(&code) && page.html.contains("Die Buchung ist erfasst."));

    let edit = web.get(&format!("/years/{year}/postings/{id}/edit"), Some(&planner)).await;
    assert_eq!(edit.status, 200);
    let version = input(&edit.html, "_version");
    assert!(edit.html.contains(r#"value="Sonderwoche""#) && edit.html.contains(r#"value="12.5""#));
    let save = |version: String, description: &'static str| {
        let (csrf, t, field) = (csrf.clone(), t.clone(), field.clone());
        let web = &web;
        let planner = planner.clone();
        async move {
            web.post(
                &format!("/years/{year}/postings/{id}"),
                Some(&planner),
                &[
                    ("_csrf", &csrf),
                    ("_version", &version),
                    ("teacher", &t),
                    ("description", description),
                    ("startDate", "2026-09-14"),
                    ("endDate", "2026-09-18"),
                    (&field, "-3"),
                ],
            )
            .await
        }
    };
    let saved = save(version.clone(), "Sonderwoche Herbst").await;
    assert_eq!(saved.status, 303, "{}", saved.html);
    let now = web.app.get(&format!("/posting/{id}")).await.expect(200);
    assert_eq!(now.result()["description"], "Sonderwoche Herbst");
    assert_eq!(now.result()["endDate"], "2026-09-18");
    assert_eq!(now.result()["details"][kind.to_string()].to_string(), "-3");

    // The version the first form was loaded at is stale now.
    let stale = save(version.clone(), "Mein Stand").await;
    assert_eq!(stale.status, 412, "{}", stale.html);
    assert!(stale.html.contains(r#"id="conflict""#) && stale.html.contains("Sonderwoche Herbst"));
    assert!(stale.html.contains(r#"value="Mein Stand""#), "the typed value stays");
    assert_eq!(web.app.get(&format!("/posting/{id}")).await.expect(200).result()["description"], "Sonderwoche Herbst");

    let stale_delete = web
        .post(
            &format!("/years/{year}/postings/{id}/delete"),
            Some(&planner),
            &[("_csrf", &csrf), ("_version", &version)],
        )
        .await;
    assert_eq!(stale_delete.status, 412);
    let current = input(&stale_delete.html, "_version");
    let deleted = web
        .post(
            &format!("/years/{year}/postings/{id}/delete"),
            Some(&planner),
            &[("_csrf", &csrf), ("_version", &current)],
        )
        .await;
    assert_eq!(deleted.status, 303, "{}", deleted.html);
    web.app.get(&format!("/posting/{id}")).await.expect(404);
    assert_eq!(postings(&web, year, teacher).await.len(), before);
}

/// Posts a posting form without a start date and with a bad value.
async fn bad_posting(web: &Web, session: &str, year: i64, teacher: i64, kind: i64) -> Page {
    let form = web.get(&format!("/years/{year}/postings/new"), Some(session)).await;
    let field = format!("d{kind}");
    web.post(
        &format!("/years/{year}/postings"),
        Some(session),
        &[
            ("_csrf", &form.csrf()),
            ("teacher", &teacher.to_string()),
            ("description", "Falsch"),
            ("startDate", ""),
            (&field, "1000"),
        ],
    )
    .await
}

/// The text of the error beside field `id`.
fn error_of(html: &str, id: &str) -> String {
    let marker = format!(r#"<p class="field-error" id="{id}-error">"#);
    let start = html.find(&marker).unwrap_or_else(|| panic!("no error beside {id}")) + marker.len();
    html[start..].split('<').next().unwrap().to_string()
}

#[tokio::test]
async fn posting_errors_stand_beside_their_fields_in_german_and_english() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let [(teacher, _), _] = two_employed(&web, year).await;
    let types = web.app.get("/postingtype").await.expect(200);
    let kind = types.result().as_array().unwrap()[0]["id"].as_i64().unwrap();
    let planner = web.sign_in("paula", Role::Planner).await;
    let before = postings(&web, year, teacher).await.len();

    let de = bad_posting(&web, &planner, year, teacher, kind).await;
    assert!(matches!(de.status, 400 | 422), "{}", de.html);
    let start = error_of(&de.html, "f-startDate");
    assert!(start.contains("Pflichtfeld"), "{start}");
    let value = error_of(&de.html, &format!("f-d{kind}"));
    assert!(!value.is_empty() && !value.contains("details"), "named by its label: {value}");
    assert!(de.html.contains(r#"value="Falsch""#) && de.html.contains(r#"value="1000""#), "typed values stay");
    assert!(de.html.contains(r#"aria-invalid="true" aria-describedby="f-startDate-error""#));

    switch(&web, &planner, "en").await;
    let en = bad_posting(&web, &planner, year, teacher, kind).await;
    assert!(matches!(en.status, 400 | 422));
    let start = error_of(&en.html, "f-startDate");
    assert!(start.to_lowercase().contains("required") && !start.contains("Pflichtfeld"), "{start}");
    assert_eq!(postings(&web, year, teacher).await.len(), before, "nothing saved");
}

#[tokio::test]
async fn one_teachers_thesis_counts_are_saved_with_their_version() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let [(teacher, _), _] = two_employed(&web, year).await;
    let types = thesis_types(&web).await;
    let planner = web.sign_in("paula", Role::Planner).await;
    let list = web.get(&format!("/years/{year}/theses"), Some(&planner)).await;
    assert_eq!(list.status, 200);
    assert!(list.html.contains(&format!(r#"id="theses-{teacher}-edit""#)));
    for (_, code) in &types {
        assert!(list.html.contains(code.as_str()), "a column per type: {code}");
    }
    let form = web.get(&format!("/years/{year}/theses/{teacher}/edit"), Some(&planner)).await;
    assert_eq!(form.status, 200);
    let (csrf, version) = (form.csrf(), input(&form.html, "_version"));
    let field = format!("t{}", types[0].0);
    let post = |version: String, count: &'static str| {
        let (csrf, field) = (csrf.clone(), field.clone());
        let (web, planner) = (&web, planner.clone());
        async move {
            web.post(
                &format!("/years/{year}/theses/{teacher}"),
                Some(&planner),
                &[("_csrf", &csrf), ("_version", &version), (&field, count)],
            )
            .await
        }
    };
    let bad = post(version.clone(), "-2").await;
    assert!(matches!(bad.status, 400 | 422), "{}", bad.status);
    assert!(!error_of(&bad.html, &format!("f-{field}")).is_empty());
    let saved = post(version.clone(), "3").await;
    assert_eq!(saved.status, 303, "{}", saved.html);
    let now = web.app.get(&format!("/thesis/{year}-{teacher}")).await.expect(200);
    assert_eq!(now.result()["thesisCounts"][types[0].0.to_string()], 3);
    let stale = post(version, "5").await;
    assert_eq!(stale.status, 412);
    assert!(stale.html.contains(r#"id="conflict""#));
    let again = web.app.get(&format!("/thesis/{year}-{teacher}")).await.expect(200);
    assert_eq!(again.result()["thesisCounts"][types[0].0.to_string()], 3, "the stale save changed nothing");
}

#[tokio::test]
async fn a_pasted_table_is_previewed_without_writing_then_saved() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let [(a, code_a), (b, code_b)] = two_employed(&web, year).await;
    let types = thesis_types(&web).await;
    let planner = web.sign_in("paula", Role::Planner).await;
    let form = web.get(&format!("/years/{year}/theses/paste"), Some(&planner)).await;
    assert_eq!(form.status, 200, "{}", form.html);
    let csrf = form.csrf();
    // a: 2 of the first type, 1 of every other; b (lower-case code, `;`): 4 of the last type.
    let row_a: Vec<String> = std::iter::once(code_a.clone())
        .chain(types.iter().enumerate().map(|(i, _)| (if i == 0 { 2 } else { 1 }).to_string()))
        .collect();
    let mut row_b: Vec<String> = vec![code_b.to_lowercase()];
    row_b.extend(types.iter().enumerate().map(|(i, _)| if i + 1 == types.len() { "4".into() } else { String::new() }));
    let text = format!("{}\n\n{}\n", row_a.join("\t"), row_b.join(";"));
    let before = theses(&web, year).await;

    let preview =
        web.post(&format!("/years/{year}/theses/paste"), Some(&planner), &[("_csrf", &csrf), ("text", &text)]).await;
    assert_eq!(preview.status, 200, "{}", preview.html);
    assert_eq!(theses(&web, year).await, before, "the preview writes nothing");
    assert!(preview.html.contains(r#"id="paste-line-1""#) && preview.html.contains(r#"id="paste-line-3""#));
    assert!(preview.html.contains(" → <strong>2</strong>") || preview.html.contains("paste--same"));
    assert!(preview.html.contains(r#"id="paste-save""#) && !preview.html.contains("paste--error"));
    let shown_text = unescape(&input(&preview.html, "text"));
    assert_eq!(shown_text, text, "the save form carries the text");
    let mut fields = vec![("_csrf".to_string(), csrf.clone()), ("text".to_string(), shown_text)];
    fields.extend(versions(&preview.html));
    assert_eq!(fields.len(), 4, "a version per teacher");
    let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let saved = web.post(&format!("/years/{year}/theses/paste/save"), Some(&planner), &fields).await;
    assert_eq!(saved.status, 303, "{}", saved.html);
    assert!(saved.header("location").starts_with(&format!("/years/{year}/theses?done=pasted")));

    let after = |teacher: i64, v: &Value| {
        v.as_array().unwrap().iter().find(|t| t["teacher"]["id"] == teacher).unwrap()["thesisCounts"].clone()
    };
    let now = theses(&web, year).await;
    for (i, (id, _)) in types.iter().enumerate() {
        let key = id.to_string();
        assert_eq!(after(a, &now)[&key], if i == 0 { 2 } else { 1 }, "a's {key}");
        if i + 1 == types.len() {
            assert_eq!(after(b, &now)[&key], 4);
        } else {
            assert!(after(b, &now).get(&key).is_none(), "a blank cell is 0: {key}");
        }
    }

    // Saving the same preview again: someone (this save) changed the theses since.
    let stale = web.post(&format!("/years/{year}/theses/paste/save"), Some(&planner), &fields).await;
    assert_eq!(stale.status, 412, "{}", stale.html);
    assert!(stale.html.contains("Inzwischen hat jemand"));
    assert_eq!(theses(&web, year).await, now);
}

#[tokio::test]
async fn bad_lines_are_flagged_in_german_and_english_and_nothing_is_saved() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let [(_, code_a), _] = two_employed(&web, year).await;
    let planner = web.sign_in("paula", Role::Planner).await;
    let form = web.get(&format!("/years/{year}/theses/paste"), Some(&planner)).await;
    let csrf = form.csrf();
    let text = format!("zzz9\t1\n{code_a}\tx\n");
    let before = theses(&web, year).await;
    let preview =
        web.post(&format!("/years/{year}/theses/paste"), Some(&planner), &[("_csrf", &csrf), ("text", &text)]).await;
    assert_eq!(preview.status, 200);
    assert!(preview.html.contains("Zeile 1: Keine Lehrperson mit Anstellung"), "{}", preview.html);
    assert!(preview.html.contains("Zeile 2: «x» in der Spalte"));
    assert_eq!(preview.html.matches(r#"class="paste--error""#).count(), 2);
    assert!(!preview.html.contains(r#"id="paste-save""#), "no Übernehmen with errors");
    let forced = web
        .post(&format!("/years/{year}/theses/paste/save"), Some(&planner), &[("_csrf", &csrf), ("text", &text)])
        .await;
    assert_eq!(forced.status, 422);
    assert_eq!(theses(&web, year).await, before);

    switch(&web, &planner, "en").await;
    let en =
        web.post(&format!("/years/{year}/theses/paste"), Some(&planner), &[("_csrf", &csrf), ("text", &text)]).await;
    assert!(en.html.contains("Line 1: no teacher employed in school year 26/27"), "{}", en.html);
    assert!(en.html.contains("Line 2: &#34;x&#34; in column"), "{}", en.html);
}

#[tokio::test]
async fn notes_are_added_listed_and_deleted() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let [(teacher, _), _] = two_employed(&web, year).await;
    let planner = web.sign_in("paula", Role::Planner).await;
    let page = web.get(&format!("/years/{year}/notes?teacher={teacher}"), Some(&planner)).await;
    assert_eq!(page.status, 200);
    let csrf = page.csrf();
    let empty = web
        .post(
            &format!("/years/{year}/notes"),
            Some(&planner),
            &[("_csrf", &csrf), ("teacher", &teacher.to_string()), ("text", " ")],
        )
        .await;
    assert_eq!(empty.status, 422);
    assert!(error_of(&empty.html, "f-text").contains("Notiz"));
    let created = web
        .post(
            &format!("/years/{year}/notes"),
            Some(&planner),
            &[("_csrf", &csrf), ("teacher", &teacher.to_string()), ("text", "Wünscht weniger Lektionen.")],
        )
        .await;
    assert_eq!(created.status, 303);
    let notes = web.app.get(&format!("/note?teacher={teacher}")).await.expect(200);
    let note =
        notes.result().as_array().unwrap().iter().find(|n| n["text"] == "Wünscht weniger Lektionen.").unwrap().clone();
    assert_eq!(note["createdBy"], "paula");
    let id = note["id"].as_i64().unwrap();
    let page = web.get(&format!("/years/{year}/notes?teacher={teacher}"), Some(&planner)).await;
    assert!(page.html.contains(&format!(r#"id="note-{id}""#)) && page.html.contains("Wünscht weniger Lektionen."));
    let marker = format!(r#"action="/years/{year}/notes/{id}/delete""#);
    let form = &page.html[page.html.find(&marker).unwrap()..];
    let version = input(form, "_version");
    let deleted = web
        .post(&format!("/years/{year}/notes/{id}/delete"), Some(&planner), &[("_csrf", &csrf), ("_version", &version)])
        .await;
    assert_eq!(deleted.status, 303);
    web.app.get(&format!("/note/{id}")).await.expect(404);
}

#[tokio::test]
async fn a_reader_sees_no_write_controls_and_gets_403() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let [(teacher, _), _] = two_employed(&web, year).await;
    let reader = web.sign_in("rita", Role::Reader).await;
    let list = web.get(&format!("/years/{year}/postings"), Some(&reader)).await;
    assert_eq!(list.status, 200);
    assert!(!list.html.contains(r#"id="postings-new""#) && !list.html.contains("/edit\""));
    let theses_page = web.get(&format!("/years/{year}/theses"), Some(&reader)).await;
    assert_eq!(theses_page.status, 200);
    assert!(!theses_page.html.contains(r#"id="theses-paste""#) && !theses_page.html.contains("-edit\""));
    let notes = web.get(&format!("/years/{year}/notes"), Some(&reader)).await;
    assert!(notes.status == 200 && !notes.html.contains(r#"id="notes-save""#));
    for path in [
        format!("/years/{year}/postings/new"),
        format!("/years/{year}/theses/paste"),
        format!("/years/{year}/theses/{teacher}/edit"),
    ] {
        assert_eq!(web.get(&path, Some(&reader)).await.status, 403, "{path}");
    }
    let csrf = list.csrf();
    let before = theses(&web, year).await;
    for path in [
        format!("/years/{year}/postings"),
        format!("/years/{year}/theses/paste"),
        format!("/years/{year}/theses/paste/save"),
        format!("/years/{year}/theses/{teacher}"),
        format!("/years/{year}/notes"),
    ] {
        let r = web
            .post(
                &path,
                Some(&reader),
                &[("_csrf", &csrf), ("teacher", &teacher.to_string()), ("text", "x"), ("startDate", "2026-09-01")],
            )
            .await;
        assert_eq!(r.status, 403, "{path}");
    }
    assert_eq!(theses(&web, year).await, before);
}

#[tokio::test]
async fn a_post_without_the_csrf_token_is_refused() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let [(teacher, code), _] = two_employed(&web, year).await;
    let planner = web.sign_in("paula", Role::Planner).await;
    let before = postings(&web, year, teacher).await.len();
    let t = teacher.to_string();
    let text = format!("{code}\t7");
    for (path, form) in [
        (format!("/years/{year}/postings"), vec![("teacher", t.as_str()), ("startDate", "2026-09-01")]),
        (format!("/years/{year}/theses/paste/save"), vec![("text", text.as_str())]),
        (format!("/years/{year}/notes"), vec![("teacher", t.as_str()), ("text", "x")]),
    ] {
        let r = web.post(&path, Some(&planner), &form).await;
        assert_eq!(r.status, 403, "{path}");
        let mut forged = form.clone();
        forged.push(("_csrf", "forged"));
        assert_eq!(web.post(&path, Some(&planner), &forged).await.status, 403, "{path}");
    }
    assert_eq!(postings(&web, year, teacher).await.len(), before);
}

#[tokio::test]
async fn the_screens_read_in_french() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let planner = web.sign_in("paula", Role::Planner).await;
    switch(&web, &planner, "fr").await;
    for (path, heading) in [
        (format!("/years/{year}/postings"), "Écritures IPB 26/27"),
        (format!("/years/{year}/postings/new"), "Nouvelle écriture IPB 26/27"),
        (format!("/years/{year}/theses"), "Travaux de fin d&#39;études 26/27"),
        (format!("/years/{year}/theses/paste"), "Coller les travaux"),
        (format!("/years/{year}/notes"), "Notes 26/27"),
    ] {
        let page = web.get(&path, Some(&planner)).await;
        assert_eq!(page.status, 200, "{path}");
        assert!(page.html.contains(&format!("<h1>{heading}")), "{path}: {heading}\n{}", page.html);
        let left = untranslated(&visible_text(&page.html));
        assert!(left.is_empty(), "{path} shows untranslated texts: {left:?}");
    }
}
