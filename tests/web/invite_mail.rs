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
use crate::smtp_sink::sink;

#[tokio::test]
async fn each_invited_teacher_gets_their_link_by_mail() {
    let sink = sink(None).await;
    let mut config = TestApp::config();
    config.jobs.smtp_url = Some(sink.url.clone());
    config.jobs.mail_from = Some("Sekretariat <sekretariat@schule.ch>".into());
    config.jobs.mail_poll = Duration::from_millis(50);
    let web = Web::with(TestApp::spawn_with(config).await);
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
    let link = text.lines().map(str::trim).find(|l| l.contains("/signin?token=")).expect("a link").to_string();
    assert!(text.contains("Guten Tag"), "{text}");
    let path = link.split_once("/signin").map(|(_, rest)| format!("/signin{rest}")).unwrap();
    let signed = web.get(&path, None).await;
    assert_eq!(signed.status, 303, "{link}: {}", signed.html);
    let again = web.get(&path, None).await;
    assert_ne!(again.status, 303, "a link signs in once");
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
