//! Übersicht → Export → Pensenblatt versenden (docs/web.md §Pensenblatt
//! versenden): the preview shows one mail as `WorkloadMail` will send it and
//! every recipient, writes nothing, names what is wrong beside its field,
//! and only "Jetzt senden" starts the job; readers find no way in.

use schoolplan::auth::Role;
use serde_json::Value;

use super::grid::demo;
use super::{Page, Web};
use crate::helpers::TestApp;

/// A server whose mails would go to a local port nobody listens on (the
/// job is queued; sending is not what these tests look at).
async fn with_smtp() -> Web {
    let mut config = TestApp::config();
    config.jobs.smtp_url = Some("smtp://127.0.0.1:9".into());
    Web::with(TestApp::spawn_with(config).await)
}

/// The employed teacher of `year` with the lowest code, as the API gives it: (id, code, name, e-mail).
async fn first_teacher(web: &Web, year: i64) -> (i64, String, String, String) {
    let list = web.app.get(&format!("/employment?schoolYear={year}")).await.expect(200);
    let mut employed: Vec<Value> = list.result().as_array().unwrap().iter().map(|e| e["teacher"].clone()).collect();
    employed.sort_by(|a, b| a["code"].as_str().cmp(&b["code"].as_str()));
    let id = employed[0]["id"].as_i64().unwrap();
    let teacher = web.app.get(&format!("/teacher/{id}")).await.expect(200);
    let t = teacher.result();
    let name = format!("{} {}", t["firstName"].as_str().unwrap(), t["lastName"].as_str().unwrap());
    (id, t["code"].as_str().unwrap().to_string(), name, t["email"].as_str().unwrap().to_string())
}

/// The number of jobs the API lists.
async fn jobs(web: &Web) -> usize {
    web.app.get("/job").await.expect(200).result().as_array().unwrap().len()
}

/// The subject and text the tests send.
const SUBJECT: &str = "Ihr Pensenblatt 26/27";
const BODY: &str = "Guten Tag\n\nIm Anhang Ihr Pensenblatt.";

/// Posts the mail form of `year` for `cookie` with the page's token `csrf`:
/// sender `from`, teacher `teacher` (all employed when `None`).
async fn post_form(web: &Web, year: i64, cookie: &str, csrf: &str, teacher: Option<i64>, from: &str) -> Page {
    let teacher = teacher.map(|t| t.to_string()).unwrap_or_default();
    let fields =
        [("_csrf", csrf), ("teacher", &teacher), ("mailFrom", from), ("mailSubject", SUBJECT), ("mailBody", BODY)];
    web.post(&format!("/years/{year}/mail"), Some(cookie), &fields).await
}

#[tokio::test]
async fn the_preview_shows_one_mail_as_it_will_be_sent_and_writes_nothing() {
    let web = with_smtp().await;
    let year = demo(&web).await;
    let (id, code, name, email) = first_teacher(&web, year).await;
    let planner = web.sign_in("paula", Role::Planner).await;
    let jobs_before = jobs(&web).await;
    let export = web.get(&format!("/years/{year}/documents"), Some(&planner)).await;
    assert!(export.html.contains(&format!(r#"href="/years/{year}/mail""#)), "the Export page links the mail");
    let form = web.get(&format!("/years/{year}/mail"), Some(&planner)).await;
    assert_eq!(form.status, 200, "{}", form.html);
    assert!(form.html.contains("Pensenblatt versenden") && form.html.contains(r#"name="mailBody""#));
    let teacher = id.to_string();
    let preview = post_form(&web, year, &planner, &form.csrf(), Some(id), "Sekretariat <sekretariat@schule.ch>").await;
    assert_eq!(preview.status, 200, "{}", preview.html);
    let to =
        preview.html.split(r#"<dd id="mail-to">"#).nth(1).and_then(|s| s.split("</dd>").next()).unwrap_or_default();
    assert!(to.starts_with(&name) && to.contains(&email), "the To header names {name} and {email}: {to}");
    assert!(preview.html.contains(SUBJECT), "the subject");
    assert!(preview.html.contains(BODY), "the text with its lines");
    assert!(preview.html.contains(&format!("Pensenblatt_{code}_26-27.pdf")), "the attachment's name");
    assert!(preview.html.contains(&format!(r#"href="/years/{year}/workload/{id}/pdf""#)), "the sheet it carries");
    assert!(preview.html.contains(r#"id="mail-send""#), "with a mail server, sending is offered");
    assert!(preview.html.contains(&format!(r#"name="teacher" value="{id}""#)), "the send form keeps the choice");
    assert_eq!(jobs(&web).await, jobs_before, "a preview starts no job");
    // "Jetzt senden" starts WorkloadMail through the Export page's form.
    let (year_text, token) = (year.to_string(), preview.csrf());
    let send: Vec<(&str, &str)> = vec![
        ("_csrf", &token),
        ("name", "WorkloadMail"),
        ("schoolYear", &year_text),
        ("teacher", &teacher),
        ("mailFrom", "Sekretariat <sekretariat@schule.ch>"),
        ("mailSubject", SUBJECT),
        ("mailBody", BODY),
    ];
    let started = web.post("/jobs", Some(&planner), &send).await;
    assert_eq!(started.status, 303, "{}", started.html);
    let list = web.app.get("/job").await.expect(200);
    assert!(list.result().as_array().unwrap().iter().any(|j| j["name"] == "WorkloadMail"), "{}", list.body);
}

#[tokio::test]
async fn every_recipient_is_listed_and_a_missing_address_is_named_before_anything_goes_out() {
    let web = with_smtp().await;
    let year = demo(&web).await;
    let employments = web.app.get(&format!("/employment?schoolYear={year}")).await.expect(200);
    let count = employments.result().as_array().unwrap().len();
    let planner = web.sign_in("paula", Role::Planner).await;
    let jobs_before = jobs(&web).await;
    let form = web.get(&format!("/years/{year}/mail"), Some(&planner)).await;
    let preview = post_form(&web, year, &planner, &form.csrf(), None, "sekretariat@schule.ch").await;
    assert_eq!(preview.status, 200, "{}", preview.html);
    let rows = preview.html.split(r#"id="mail-list""#).nth(1).unwrap().matches("<tr><td>").count();
    assert_eq!(rows, count, "one mail per employment of the year");
    // A teacher loses their address: the preview names them and sends nothing.
    let (id, code, _, _) = first_teacher(&web, year).await;
    let mut teacher = web.app.get(&format!("/teacher/{id}")).await.expect(200).result().clone();
    teacher["email"] = Value::Null;
    web.app.put(&format!("/teacher/{id}"), teacher).await.expect(200);
    let refused = post_form(&web, year, &planner, &form.csrf(), None, "sekretariat@schule.ch").await;
    assert_eq!(refused.status, 422, "{}", refused.html);
    assert!(refused.html.contains("keine gültige E-Mail-Adresse") && refused.html.contains(&code), "{}", refused.html);
    assert!(refused.html.contains(r#"value="sekretariat@schule.ch""#), "the typed values are kept");
    // A sender that is no address: beside its field, in English too.
    let page = post_form(&web, year, &planner, &form.csrf(), None, "kein Absender").await;
    assert_eq!(page.status, 422, "{}", page.html);
    assert!(page.html.contains(r#"id="f-mailFrom-error""#), "the error stands beside the sender: {}", page.html);
    let en = web.post("/language", Some(&planner), &[("_csrf", &form.csrf()), ("lang", "en"), ("back", "/")]).await;
    assert_eq!(en.status, 303);
    let english = post_form(&web, year, &planner, &form.csrf(), None, "kein Absender").await;
    assert!(english.html.contains("Send workload sheets") && english.html.contains(r#"id="f-mailFrom-error""#));
    assert_eq!(jobs(&web).await, jobs_before, "nothing was started");
}

#[tokio::test]
async fn without_a_mail_server_the_preview_says_so_and_offers_no_sending() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let (id, ..) = first_teacher(&web, year).await;
    let planner = web.sign_in("paula", Role::Planner).await;
    let form = web.get(&format!("/years/{year}/mail"), Some(&planner)).await;
    let preview = post_form(&web, year, &planner, &form.csrf(), Some(id), "sekretariat@schule.ch").await;
    assert_eq!(preview.status, 200, "{}", preview.html);
    assert!(preview.html.contains(r#"id="mail-no-smtp""#) && !preview.html.contains(r#"id="mail-send""#));
}

#[tokio::test]
async fn readers_find_no_way_in_and_a_post_without_its_token_is_refused() {
    let web = with_smtp().await;
    let year = demo(&web).await;
    let reader = web.sign_in("rita", Role::Reader).await;
    let export = web.get(&format!("/years/{year}/documents"), Some(&reader)).await;
    assert!(!export.html.contains(&format!("/years/{year}/mail")), "no link for a reader");
    assert_eq!(web.get(&format!("/years/{year}/mail"), Some(&reader)).await.status, 403);
    let forged = web
        .post(
            &format!("/years/{year}/mail"),
            Some(&reader),
            &[("_csrf", &export.csrf()), ("mailFrom", "a@b.ch"), ("mailSubject", "S"), ("mailBody", "T")],
        )
        .await;
    assert_eq!(forged.status, 403);
    let planner = web.sign_in("paula", Role::Planner).await;
    let no_token =
        web.post(&format!("/years/{year}/mail"), Some(&planner), &[("mailFrom", "a@b.ch"), ("mailSubject", "S")]).await;
    assert_eq!(no_token.status, 403, "CSRF: {}", no_token.html);
}

#[tokio::test]
async fn the_pensenblatt_page_leads_to_the_mail_of_its_teacher() {
    let web = with_smtp().await;
    let year = demo(&web).await;
    let (id, code, _, _) = first_teacher(&web, year).await;
    let planner = web.sign_in("paula", Role::Planner).await;
    let sheet = web.get(&format!("/years/{year}/workload/{id}"), Some(&planner)).await;
    let href = format!("/years/{year}/mail?teacher={id}");
    assert!(sheet.html.contains(&format!(r#"id="workload-mail" href="{href}""#)), "{}", sheet.html);
    let form = web.get(&href, Some(&planner)).await;
    assert_eq!(form.status, 200, "{}", form.html);
    let teacher = form.html.split(r#"name="teacher""#).nth(1).unwrap().split("</select>").next().unwrap();
    let chosen = teacher.split("<option").find(|o| o.contains(" selected")).expect("a teacher chosen");
    assert!(chosen.contains(&format!(r#"value="{id}""#)) && chosen.contains(&code), "{chosen}");
    // A reader sees the sheet without the mail.
    let reader = web.sign_in("rita", Role::Reader).await;
    let sheet = web.get(&format!("/years/{year}/workload/{id}"), Some(&reader)).await;
    assert_eq!(sheet.status, 200);
    assert!(!sheet.html.contains(r#"id="workload-mail""#));
}
