//! The service's own mails to teachers (docs/teachers.md §Mails): the texts
//! of the invitation, the release and the "überholt" notice in the school's
//! language; queueing them inside the transaction of the change that causes
//! them (so a mail goes out exactly when its change is committed); and the
//! postman's side of the outbox (claim the due mails, note each as sent or
//! failed; `jobs::postman` talks to the SMTP server).

use std::borrow::Cow;

use serde_json::Value;

use crate::domain::outbox::{retry_after, OutgoingMail, QueuedMail, MAX_ATTEMPTS};
use crate::domain::person_name::PersonName as _;
use crate::domain::reference_forms::TeacherRef;
use crate::error::Result;
use crate::i18n::{self, Lang};
use crate::store::{Conn, Store};

/// Mails to teachers are on: the school's language of their texts and the
/// address their links start with (`--public-url`, else the listen
/// address). Built by the front doors from the server's settings when an
/// SMTP server and a sender are configured (docs/operations.md §Mail).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailSettings {
    /// The language of the texts.
    pub lang: Lang,
    /// The start of every link (`https://planung.school.ch`), without a trailing slash.
    pub base_url: String,
}

impl MailSettings {
    /// The link to `path` (`/me/3`).
    pub fn link(&self, path: &str) -> String {
        format!("{}{path}", self.base_url.trim_end_matches('/'))
    }
}

/// The full name of `teacher` (`Anna Muster`).
fn text(lang: Lang, key: &str, args: &[(&'static str, Cow<'_, str>)]) -> String {
    i18n::text_with(lang, key, args)
}

/// The invitation's message to `teacher` for school year `year` (its code)
/// with the sign-in `link`, valid `days` days: what the mail's body says and
/// what "Lehrpersonen einladen" shows before anything is sent.
pub fn invitation_body(lang: Lang, teacher: &TeacherRef, year: &str, link: &str, days: i64) -> String {
    text(
        lang,
        "invite-message",
        &[
            ("name", teacher.name().into()),
            ("year", year.into()),
            ("link", link.into()),
            ("days", days.to_string().into()),
        ],
    )
}

/// The invitation mail to `teacher` at `to` (see [`invitation_body`]).
pub fn invitation_mail(lang: Lang, teacher: &TeacherRef, to: &str, year: &str, link: &str, days: i64) -> OutgoingMail {
    OutgoingMail {
        topic: crate::domain::outbox::MailTopic::Invitation,
        to: to.to_string(),
        name: teacher.name(),
        subject: text(lang, "mail-invite-subject", &[("year", year.into())]),
        body: invitation_body(lang, teacher, year, link, days),
    }
}

/// The mail telling `teacher` at `to` that their sheet of school year `year`
/// (code) is released, with the link to it (`/me/{year id}`).
pub fn release_mail(mail: &MailSettings, teacher: &TeacherRef, to: &str, year: &str, year_id: i64) -> OutgoingMail {
    let lang = mail.lang;
    OutgoingMail {
        topic: crate::domain::outbox::MailTopic::Release,
        to: to.to_string(),
        name: teacher.name(),
        subject: text(lang, "mail-release-subject", &[("year", year.into())]),
        body: text(
            lang,
            "mail-release-body",
            &[
                ("name", teacher.name().into()),
                ("year", year.into()),
                ("link", mail.link(&format!("/me/{year_id}")).into()),
            ],
        ),
    }
}

/// The mail with a sign-in `link` for account `name` at `to`, valid
/// `minutes` minutes (asked for on the sign-in page).
pub fn signin_mail(lang: Lang, name: &str, to: &str, link: &str, minutes: i64) -> OutgoingMail {
    OutgoingMail {
        topic: crate::domain::outbox::MailTopic::SignIn,
        to: to.to_string(),
        name: name.to_string(),
        subject: text(lang, "mail-signin-subject", &[]),
        body: text(
            lang,
            "mail-signin-body",
            &[("link", link.into()), ("minutes", minutes.to_string().into()), ("account", name.into())],
        ),
    }
}

/// A figure's value as the mail shows it (`52.5 %`; `–` where there is none).
fn figure_text(value: Option<&Value>) -> String {
    match value {
        None | Some(Value::Null) => "–".to_string(),
        Some(Value::String(s)) => format!("{s} %"),
        Some(v) => format!("{v} %"),
    }
}

/// The mail telling `teacher` at `to` that the sheet of school year `year`
/// (code) they confirmed at `confirmed_at` has changed: one line per changed
/// figure with the confirmed and the current value (`confirmed`, `now`:
/// [`crate::domain::confirmation::figures`]), or a line saying that only the
/// rest of the sheet changed; and the link to confirm again.
#[allow(clippy::too_many_arguments)]
pub fn outdated_mail(
    mail: &MailSettings,
    teacher: &TeacherRef,
    to: &str,
    year: &str,
    year_id: i64,
    confirmed_at: &str,
    confirmed: &Value,
    now: &Value,
) -> OutgoingMail {
    let lang = mail.lang;
    let changed = crate::domain::confirmation::changed_figures(confirmed, now);
    let changes = if changed.is_empty() {
        text(lang, "mail-outdated-no-figure", &[])
    } else {
        changed
            .iter()
            .map(|k| {
                text(
                    lang,
                    "mail-outdated-line",
                    &[
                        ("figure", i18n::text(lang, &format!("me-figure-{k}")).into()),
                        ("before", figure_text(confirmed.get(k)).into()),
                        ("after", figure_text(now.get(k)).into()),
                    ],
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let when = crate::domain::confirmation::confirmed_when(confirmed_at);
    OutgoingMail {
        topic: crate::domain::outbox::MailTopic::Outdated,
        to: to.to_string(),
        name: teacher.name(),
        subject: text(lang, "mail-outdated-subject", &[("year", year.into())]),
        body: text(
            lang,
            "mail-outdated-body",
            &[
                ("name", teacher.name().into()),
                ("year", year.into()),
                ("confirmed", when.into()),
                ("changes", changes.into()),
                ("link", mail.link(&format!("/me/{year_id}")).into()),
            ],
        ),
    }
}

/// Queues `mails` inside the write `tx` of the change that causes them.
pub(crate) async fn queue(tx: &mut Conn, mails: &[OutgoingMail]) -> Result<()> {
    if mails.is_empty() {
        return Ok(());
    }
    tx.queue_mails(mails, &crate::auth::now_text()).await
}

/// How long the postman's claim on the mails it sends holds: a server that
/// died while sending leaves them to another after this long.
pub const CLAIM: chrono::Duration = chrono::Duration::minutes(5);

/// Claims at most `limit` due mails for the postman: one read when none is
/// due, else one write (no cache forgets anything over it).
pub async fn claim_due(store: &Store, limit: i64) -> Result<Vec<QueuedMail>> {
    let now = chrono::Utc::now();
    if !store.conn().await?.mail_due(&crate::auth::timestamp_text(now), MAX_ATTEMPTS).await? {
        return Ok(Vec::new());
    }
    let mut tx = store.begin().await?;
    let mails = tx
        .claim_mails(&crate::auth::timestamp_text(now), &crate::auth::timestamp_text(now + CLAIM), limit, MAX_ATTEMPTS)
        .await?;
    tx.commit_unseen().await?;
    Ok(mails)
}

/// Notes that `mail` was sent (its body is emptied).
pub async fn sent(store: &Store, mail: &QueuedMail) -> Result<()> {
    let mut tx = store.begin().await?;
    tx.mark_mail_sent(mail.id, &crate::auth::now_text()).await?;
    tx.commit_unseen().await
}

/// Notes that sending `mail` failed with `error`: it is tried again later
/// ([`retry_after`]), or given up after [`MAX_ATTEMPTS`]. Returns whether it
/// was given up.
pub async fn failed(store: &Store, mail: &QueuedMail, error: &str) -> Result<bool> {
    let next = retry_after(mail.attempts + 1)
        .and_then(|d| chrono::Duration::from_std(d).ok())
        .map(|d| crate::auth::timestamp_text(chrono::Utc::now() + d));
    let mut tx = store.begin().await?;
    tx.mark_mail_failed(mail.id, error, next.as_deref()).await?;
    tx.commit_unseen().await?;
    Ok(next.is_none())
}

/// The outbox by state: (waiting, sent, given up).
pub async fn counts(store: &Store) -> Result<(i64, i64, i64)> {
    store.conn().await?.mail_counts(MAX_ATTEMPTS).await
}
