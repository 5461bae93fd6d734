//! "Lehrpersonen einladen" with the service's mail configured
//! (docs/teachers.md §Mails): the page shows the mail as it will be sent
//! (sender, recipient, subject, text) before anything happens; the button
//! creates the accounts and each teacher receives their own sign-in link by
//! mail, which signs them in onto "Mein Pensum".

use std::time::Duration;

use schoolplan::auth::Role;

use super::grid::demo;
use super::Web;
use crate::helpers::TestApp;
use crate::smtp_sink::{sink, Sink};

/// A server whose mail goes to a local sink, sent every 50 ms.
async fn mailing() -> (Sink, Web) {
    let sink = sink(None).await;
    let mut config = TestApp::config();
    config.jobs.smtp_url = Some(sink.url.clone());
    config.jobs.mail_from = Some("Sekretariat <sekretariat@schule.ch>".into());
    config.jobs.mail_poll = Duration::from_millis(50);
    (sink, Web::with(TestApp::spawn_with(config).await))
}

/// The secret of the mailed link in `text` (`…/signin/confirm?token=…`).
fn mailed_token(text: &str) -> String {
    let line = text.lines().map(str::trim).find(|l| l.contains("/signin/confirm?token=")).expect("a mailed link");
    line.split("token=").nth(1).unwrap().to_string()
}

#[tokio::test]
async fn each_invited_teacher_gets_their_link_by_mail() {
    let (sink, web) = mailing().await;
    let year = demo(&web).await;
    let admin = web.sign_in("admin", Role::Admin).await;

    let preview = web.get(&format!("/admin/invite?year={year}"), Some(&admin)).await;
    assert_eq!(preview.status, 200, "{}", preview.html);
    assert!(preview.html.contains(r#"id="invite-headers""#), "the mail's headers are shown");
    let headers = preview.html.split(r#"id="invite-headers""#).nth(1).unwrap().split("</dl>").next().unwrap();
    assert!(headers.contains("Sekretariat") && headers.contains("sekretariat@schule.ch"), "the sender: {headers}");
    assert!(preview.html.contains("Ihr Zugang zu Ihrem Pensum"), "the subject");
    assert!(!preview.html.contains(r#"id="invite-no-mail""#));
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(sink.mails().is_empty(), "nothing is sent by looking");
    let listed = preview.html.matches("<th scope=\"row\">").count();

    let done =
        web.post("/admin/invite", Some(&admin), &[("_csrf", &preview.csrf()), ("year", &year.to_string())]).await;
    assert_eq!(done.status, 200, "{}", done.html);
    let mails = sink.wait_for(listed).await;
    assert_eq!(mails.len(), listed, "one mail per invited teacher");
    let mut addresses: Vec<&str> = mails.iter().map(|m| m.to[0].as_str()).collect();
    addresses.sort_unstable();
    addresses.dedup();
    assert_eq!(addresses.len(), listed, "each to another teacher");
    // Each mail's link is that teacher's: it signs them in, once.
    let mail = &mails[0];
    let text = mail.text();
    assert!(text.contains("Guten Tag"), "{text}");
    let token = mailed_token(&text);
    // Opening the link (as a mail scanner would) uses nothing; its button signs in, once.
    let page = web.get(&format!("/signin/confirm?token={token}"), None).await;
    assert_eq!(page.status, 200, "{}", page.html);
    assert!(page.html.contains(r#"id="signin-confirm-go""#));
    let page = web.get(&format!("/signin/confirm?token={token}"), None).await;
    assert_eq!(page.status, 200, "opened twice, still unused");
    let signed = web.post("/signin/confirm", None, &[("token", &token)]).await;
    assert_eq!(signed.status, 303, "{}", signed.html);
    let again = web.post("/signin/confirm", None, &[("token", &token)]).await;
    assert_eq!(again.status, 403, "a link signs in once");
}

#[tokio::test]
async fn without_mail_the_page_says_the_links_are_passed_on_by_hand() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let admin = web.sign_in("admin", Role::Admin).await;
    let preview = web.get(&format!("/admin/invite?year={year}"), Some(&admin)).await;
    assert!(preview.html.contains(r#"id="invite-no-mail""#), "{}", preview.html);
    assert!(!preview.html.contains(r#"id="invite-headers""#));
}

#[tokio::test]
async fn the_signin_page_mails_a_link_and_answers_alike_for_every_address() {
    let (sink, web) = mailing().await;
    let page = web.get("/signin", None).await;
    assert!(page.html.contains(r#"id="signin-mail""#), "the form is offered: {}", page.html);
    // An account named by its address (as an invitation names it).
    web.app.create("/account", serde_json::json!({"name": "lena@schule.ch", "role": "reader"})).await;

    let known = web.post("/signin/mail", None, &[("address", "Lena@Schule.ch")]).await;
    let unknown = web.post("/signin/mail", None, &[("address", "niemand@schule.ch")]).await;
    assert_eq!((known.status, unknown.status), (200, 200));
    let sentence =
        |html: &str| html.split(r#"role="alert">"#).nth(1).unwrap_or_default().split('<').next().unwrap().to_string();
    assert_eq!(sentence(&known.html), sentence(&unknown.html), "the same answer for both");
    assert!(sentence(&known.html).contains("Anmeldelink"), "{}", known.html);
    let mails = sink.wait_for(1).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(sink.mails().len(), 1, "no mail for an address without an account");
    assert!(mails[0].to[0].contains("Lena@Schule.ch"), "{:?}", mails[0].to);
    let token = mailed_token(&mails[0].text());
    assert_eq!(web.post("/signin/confirm", None, &[("token", &token)]).await.status, 303, "the link signs in");

    // Three per address: the fourth and fifth ask alike and send nothing.
    for _ in 0..4 {
        let again = web.post("/signin/mail", None, &[("address", "lena@schule.ch")]).await;
        assert_eq!(sentence(&again.html), sentence(&known.html));
    }
    sink.wait_for(3).await;
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(sink.mails().len(), 3, "held back by the limit per address");
}

#[tokio::test]
async fn without_mail_the_signin_page_offers_no_form() {
    let web = Web::spawn().await;
    let page = web.get("/signin", None).await;
    assert!(!page.html.contains(r#"id="signin-mail""#));
    let post = web.post("/signin/mail", None, &[("address", "lena@schule.ch")]).await;
    assert_eq!(post.status, 404);
}
