//! `WorkloadMail` (docs/documents.md §Jobs and files) against a local SMTP sink started by the
//! test (a small SMTP server on a tokio listener on 127.0.0.1): one mail per
//! teacher with their sheet attached, nothing sent when an address is
//! missing, and a refusing server fails the job with the mails sent so far
//! in its log.

use base64::Engine as _;
use serde_json::{json, Value};

use crate::fixtures::World;
use crate::helpers::TestApp;
use crate::jobs::run_job;
use crate::pdfs::pdf_text;
use crate::smtp_sink::{sink, Sink};
use schoolplan::app::AppConfig;

/// The base64 attachments of a MIME message: (file name line, bytes).
fn attachments(data: &str) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for part in data.split("Content-Disposition: attachment").skip(1) {
        let name = part.lines().next().unwrap_or_default().to_string();
        let body_start = part.find("\n\n").expect("a part body");
        let encoded: String = part[body_start..]
            .lines()
            .skip_while(|l| l.trim().is_empty())
            .take_while(|l| !l.starts_with("--") && !l.trim().is_empty())
            .collect();
        let bytes = base64::engine::general_purpose::STANDARD.decode(encoded.trim()).expect("base64 attachment");
        out.push((name, bytes));
    }
    out
}

pub(crate) async fn app_with(sink: &Sink) -> TestApp {
    TestApp::spawn_with(AppConfig {
        rate_limit: None,
        jobs: schoolplan::jobs::JobConfig { smtp_url: Some(sink.url.clone()), ..Default::default() },
        ..TestApp::config()
    })
    .await
}

pub(crate) fn mail_job(year: i64) -> Value {
    json!({"name": "WorkloadMail", "schoolYear": year, "teacher": -1, "mailFrom": "sekretariat@schule.ch",
           "mailSubject": "Ihr Pensenblatt", "mailBody": "Guten Tag\n\nIm Anhang Ihr Pensenblatt.\n.\nGruss"})
}

pub(crate) async fn set_email(app: &TestApp, teacher: i64, email: &str) {
    let mut t = app.get(&format!("/teacher/{teacher}")).await.expect(200).result().clone();
    t["email"] = json!(email);
    app.put(&format!("/teacher/{teacher}"), t).await.expect(200);
}

#[tokio::test]
async fn each_teacher_gets_one_mail_with_their_sheet() {
    let sink = sink(None).await;
    let app = app_with(&sink).await;
    let w = World::new(&app).await;

    // abc has no address: refused before anything is sent.
    set_email(&app, w.def, "def@schule.ch").await;
    let r = app.post("/job", mail_job(w.year)).await.expect_problem(422, "missing_email");
    assert!(r.body["detail"].as_str().unwrap().contains("abc"), "{}", r.body);
    assert!(sink.mails().is_empty(), "nothing was sent");

    set_email(&app, w.abc, "abc@schule.ch").await;
    let job = run_job(&app, mail_job(w.year)).await;
    assert_eq!(job["error"], Value::Null, "{job}");
    assert_eq!(job["product"], Value::Null, "a mail job has no file");
    let mails = sink.mails();
    assert_eq!(mails.len(), 2, "one mail per teacher");
    let log: Vec<&str> = job["log"].as_array().unwrap().iter().map(|l| l["message"].as_str().unwrap()).collect();
    assert_eq!(log.iter().filter(|l| l.starts_with("Sent ")).count(), 2, "a log line per mail: {log:?}");
    assert_eq!(log.last(), Some(&"2 mails sent."), "{log:?}");
    // Finished, it leaves the job list as a fetched download does (the
    // client's card would offer a Start that is refused); it stays readable.
    let listed = app.get("/job").await.expect(200);
    let ids: Vec<i64> = listed.result().as_array().unwrap().iter().map(|j| j["id"].as_i64().unwrap()).collect();
    assert!(!ids.contains(&job["id"].as_i64().unwrap()), "{ids:?}");
    app.get(&format!("/job/{}", job["id"])).await.expect(200);
    for (code, address) in [("abc", "abc@schule.ch"), ("def", "def@schule.ch")] {
        let mail = mails.iter().find(|m| m.to.iter().any(|t| t.contains(address))).expect("a mail to the teacher");
        assert_eq!(mail.to.len(), 1, "one recipient");
        assert!(mail.from.contains("sekretariat@schule.ch"));
        assert!(mail.data.contains("Subject: Ihr Pensenblatt"), "{}", mail.data);
        assert!(mail.data.contains("Im Anhang Ihr Pensenblatt."));
        let files = attachments(&mail.data);
        assert_eq!(files.len(), 1, "one attachment");
        let (name, pdf) = &files[0];
        assert!(name.contains(&format!("Pensenblatt_{code}_26-27.pdf")), "{name}");
        let text = pdf_text(pdf);
        assert!(text.contains(&format!("({code})")) && text.contains("Lektionenzuteilung SJ 26/27"), "{text}");
    }
}

#[tokio::test]
async fn a_refusing_server_fails_the_job_and_the_log_tells_what_was_sent() {
    let sink = sink(Some("def@schule.ch".into())).await;
    let app = app_with(&sink).await;
    let w = World::new(&app).await;
    set_email(&app, w.abc, "abc@schule.ch").await;
    set_email(&app, w.def, "def@schule.ch").await;
    let job = run_job(&app, mail_job(w.year)).await;
    let error = job["error"].as_str().unwrap_or_else(|| panic!("the job failed: {job}"));
    assert!(error.contains("def") && error.contains("failed"), "{error}");
    let log: Vec<&str> = job["log"].as_array().unwrap().iter().map(|l| l["message"].as_str().unwrap()).collect();
    assert!(log.iter().any(|l| l.starts_with("Sent ") && l.contains("abc")), "{log:?}");
    assert_eq!(sink.mails().len(), 1, "abc's mail went out before the refusal");
}
