//! The service's own mails to teachers (docs/teachers.md §Mails), against a
//! local SMTP sink: a release tells each newly released teacher with an
//! account; a change to a confirmed sheet tells its teacher once, naming the
//! figures that changed, until they confirm again; a refused mail is tried
//! again later while the others go out; without a sender nothing is queued.

use std::time::Duration;

use serde_json::json;

use crate::helpers::{scalar, TestApp};
use crate::mail::set_email;
use crate::sheets::{get_as, post_as, teacher_token, two_teachers};
use crate::smtp_sink::{sink, Sink};
use schoolplan::app::AppConfig;

const FROM: &str = "Sekretariat <sekretariat@schule.ch>";
const BASE: &str = "https://planung.schule.ch";

/// A server whose mail goes to `sink`, looking for outdated confirmations
/// every 100 ms.
async fn app_mailing_to(sink: &Sink) -> TestApp {
    TestApp::spawn_with(AppConfig {
        rate_limit: None,
        jobs: schoolplan::jobs::JobConfig {
            smtp_url: Some(sink.url.clone()),
            mail_from: Some(FROM.into()),
            mail_base: Some(BASE.into()),
            mail_poll: Duration::from_millis(50),
            outdated_check: Duration::from_millis(100),
            ..Default::default()
        },
        ..TestApp::config()
    })
    .await
}

/// Gives `teacher` a pool entry of `percent` in both semesters of `year`.
async fn add_pool_entry(app: &TestApp, year: i64, teacher: i64, percent: i64) {
    let pool_type = app.get("/pooltype").await.expect(200).result()[0]["id"].as_i64().unwrap();
    app.create(
        "/poolentry",
        json!({"schoolYear": year, "teacher": teacher, "type": pool_type, "percent1": percent, "percent2": percent}),
    )
    .await;
}

/// Confirms the current version of `token`'s sheet of `year`.
async fn confirm(app: &TestApp, token: &str, year: i64) {
    let seen = get_as(app, token, &format!("/me/confirmation?schoolYear={year}")).await.expect(200);
    let digest = seen.result()["currentDigest"].as_str().unwrap().to_string();
    let done = post_as(app, token, "/me/confirmation", json!({"schoolYear": year, "digest": digest})).await.expect(200);
    assert_eq!(done.result()["state"], "confirmed");
}

/// Lets the postman do a few rounds.
async fn a_while() {
    tokio::time::sleep(Duration::from_millis(600)).await;
}

#[tokio::test]
async fn a_release_and_a_change_after_the_confirmation_reach_the_teacher_once() {
    let sink = sink(None).await;
    let app = app_mailing_to(&sink).await;
    let (year, (a, _), (b, _)) = two_teachers(&app).await;
    let year_code =
        app.get(&format!("/schoolyear/{year}")).await.expect(200).result()["code"].as_str().unwrap().to_string();
    set_email(&app, a, "anna@schule.ch").await;
    set_email(&app, b, "bruno@schule.ch").await;
    let token = teacher_token(&app, "anna", a).await;

    // The release: A (an account) gets a mail, B (no account) none.
    app.post(&format!("/schoolyear/{year}/release"), json!({"division": null})).await.expect(200);
    let mails = sink.wait_for(1).await;
    a_while().await;
    let mails_now = sink.mails();
    assert_eq!(mails_now.len(), 1, "only the teacher with an account: {mails_now:#?}");
    let released = &mails[0];
    assert_eq!(released.to, vec!["<anna@schule.ch>".to_string()]);
    assert!(released.from.contains("<sekretariat@schule.ch>"), "{}", released.from);
    assert!(released.header("From").unwrap_or_default().contains("Sekretariat"), "the sender's name");
    let subject = released.header("Subject").expect("a subject");
    assert!(subject.contains(&year_code) && subject.contains("freigegeben"), "{subject}");
    let body = released.text();
    assert!(body.contains(&format!("{BASE}/me/{year}")), "the link to the sheet: {body}");
    // Releasing again sends nothing.
    app.post(&format!("/schoolyear/{year}/release"), json!({})).await.expect(200);

    // A confirms; a planner gives A a pool entry: one mail naming what changed.
    confirm(&app, &token, year).await;
    let before = get_as(&app, &token, &format!("/me/confirmation?schoolYear={year}")).await.expect(200);
    let confirmed_percent1 = before.result()["figures"]["percent1"].clone();
    add_pool_entry(&app, year, a, 2).await;
    let mails = sink.wait_for(2).await;
    let outdated = &mails[1];
    assert_eq!(outdated.to, vec!["<anna@schule.ch>".to_string()]);
    let subject = outdated.header("Subject").expect("a subject");
    assert!(subject.contains("geändert"), "{subject}");
    let body = outdated.text();
    let now = get_as(&app, &token, &format!("/me/confirmation?schoolYear={year}")).await.expect(200);
    assert_eq!(now.result()["state"], "outdated");
    let current = app.get(&format!("/workload?schoolYear={year}&teacher={a}")).await.expect(200).result()["summary"]
        ["total"]["percent1"]
        .clone();
    let expected = format!("Pensum 1. Semester: {confirmed_percent1} % → {current} %");
    assert!(body.contains(&expected), "names the changed figure with both values ({expected}): {body}");
    // Exactly the changed figures are named.
    let changed: Vec<String> =
        now.result()["changed"].as_array().unwrap().iter().map(|c| c.as_str().unwrap().to_string()).collect();
    for (key, label) in [
        ("percent1", "Pensum 1. Semester:"),
        ("percent2", "Pensum 2. Semester:"),
        ("payment", "Auszahlung:"),
        ("closingBalance", "IPB-Saldo am Jahresende:"),
    ] {
        assert_eq!(body.contains(label), changed.iter().any(|c| c == key), "{key} in {changed:?}: {body}");
    }
    assert!(body.contains(&format!("{BASE}/me/{year}")), "{body}");

    // A second change before A confirms again: no second mail.
    add_pool_entry(&app, year, a, 1).await;
    a_while().await;
    assert_eq!(sink.mails().len(), 2, "one mail per confirmation");

    // Confirmed again, then changed: told again.
    confirm(&app, &token, year).await;
    add_pool_entry(&app, year, a, 1).await;
    sink.wait_for(3).await;

    // The outbox keeps the sent mails without their bodies.
    assert_eq!(scalar(&app, "SELECT count(*) FROM mail_outbox WHERE sent_at IS NOT NULL", &[]).await, 3);
    assert_eq!(scalar(&app, "SELECT count(*) FROM mail_outbox WHERE body <> ''", &[]).await, 0);
}

#[tokio::test]
async fn a_refused_mail_is_tried_again_later_and_the_others_go_out() {
    let sink = sink(Some("anna@schule.ch".into())).await;
    let app = app_mailing_to(&sink).await;
    let (year, (a, _), (b, _)) = two_teachers(&app).await;
    set_email(&app, a, "anna@schule.ch").await;
    set_email(&app, b, "bruno@schule.ch").await;
    teacher_token(&app, "anna", a).await;
    teacher_token(&app, "bruno", b).await;
    app.post(&format!("/schoolyear/{year}/release"), json!({})).await.expect(200);
    let mails = sink.wait_for(1).await;
    assert_eq!(mails[0].to, vec!["<bruno@schule.ch>".to_string()]);
    // A's mail waits for its next attempt, with the server's answer.
    for _ in 0..100 {
        if scalar(&app, "SELECT count(*) FROM mail_outbox WHERE attempts = 1 AND sent_at IS NULL", &[]).await == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let waiting = scalar(
        &app,
        "SELECT count(*) FROM mail_outbox WHERE sent_at IS NULL AND attempts = 1 AND last_error LIKE '%550%' \
         AND next_attempt_at > queued_at AND body <> ''",
        &[],
    )
    .await;
    assert_eq!(waiting, 1, "the refused mail keeps its body and waits");
    a_while().await;
    assert_eq!(sink.mails().len(), 1, "not tried again before its time");
}

#[tokio::test]
async fn without_a_sender_no_mail_is_queued() {
    let sink = sink(None).await;
    let app = TestApp::spawn_with(AppConfig {
        jobs: schoolplan::jobs::JobConfig { smtp_url: Some(sink.url.clone()), ..Default::default() },
        ..TestApp::config()
    })
    .await;
    let (year, (a, _), _) = two_teachers(&app).await;
    set_email(&app, a, "anna@schule.ch").await;
    teacher_token(&app, "anna", a).await;
    app.post(&format!("/schoolyear/{year}/release"), json!({})).await.expect(200);
    assert_eq!(scalar(&app, "SELECT count(*) FROM mail_outbox", &[]).await, 0);
}
