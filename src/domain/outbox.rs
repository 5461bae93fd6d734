//! The service's own mails to teachers (docs/teachers.md §Mails): what a
//! queued mail is, and when a mail that the SMTP server refused is tried
//! again. The texts are written by `service::outbox`, the mails queued in
//! the transaction of the change that causes them and sent by the postman
//! (`jobs::postman`).

use std::time::Duration;

/// Why a mail is sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MailTopic {
    /// "Lehrpersonen einladen": the sign-in link of a new teacher account.
    Invitation,
    /// A year's sheets were released to the teacher.
    Release,
    /// A confirmed sheet changed: the confirmation is outdated ("überholt").
    Outdated,
    /// A sign-in link asked for on the sign-in page ("Link per E-Mail senden").
    SignIn,
}

impl MailTopic {
    /// Every topic.
    pub const ALL: [MailTopic; 4] = [MailTopic::Invitation, MailTopic::Release, MailTopic::Outdated, MailTopic::SignIn];

    /// The name stored in `mail_outbox.topic`.
    pub fn as_str(self) -> &'static str {
        match self {
            MailTopic::Invitation => "invitation",
            MailTopic::Release => "release",
            MailTopic::Outdated => "outdated",
            MailTopic::SignIn => "signin",
        }
    }

    /// The topic stored as `name`; `None` for another text.
    pub fn parse(name: &str) -> Option<MailTopic> {
        MailTopic::ALL.into_iter().find(|t| t.as_str() == name)
    }
}

/// A mail to one teacher, as it is queued: plain text, one recipient.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutgoingMail {
    /// Why it is sent.
    pub topic: MailTopic,
    /// The address (`anna.muster@school.ch`).
    pub to: String,
    /// The name shown with the address (`Anna Muster`).
    pub name: String,
    /// The subject.
    pub subject: String,
    /// The body, plain text.
    pub body: String,
}

/// A queued mail claimed for sending.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueuedMail {
    /// Row id in `mail_outbox`.
    pub id: i64,
    /// How often sending it failed so far.
    pub attempts: u32,
    /// The mail.
    pub mail: OutgoingMail,
}

/// How often a mail is tried before it is given up (the first attempt and
/// five more, over about six hours).
pub const MAX_ATTEMPTS: u32 = 6;

/// How long to wait before trying again a mail whose attempt number
/// `attempts` (1 = the first) failed: 1, 5, 15, 60 and 240 minutes; `None`
/// once [`MAX_ATTEMPTS`] attempts failed (the mail is given up and stays in
/// the outbox with its error).
pub fn retry_after(attempts: u32) -> Option<Duration> {
    const MINUTES: [u64; 5] = [1, 5, 15, 60, 240];
    if attempts >= MAX_ATTEMPTS {
        return None;
    }
    let i = usize::try_from(attempts.max(1) - 1).unwrap_or(usize::MAX).min(MINUTES.len() - 1);
    Some(Duration::from_secs(MINUTES[i] * 60))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_mail_is_tried_again_later_and_later_then_given_up() {
        let waits: Vec<Option<u64>> = (1..=MAX_ATTEMPTS).map(|n| retry_after(n).map(|d| d.as_secs() / 60)).collect();
        assert_eq!(waits, vec![Some(1), Some(5), Some(15), Some(60), Some(240), None]);
        assert_eq!(retry_after(MAX_ATTEMPTS + 3), None);
    }

    #[test]
    fn topics_are_stored_by_name() {
        for t in MailTopic::ALL {
            assert_eq!(MailTopic::parse(t.as_str()), Some(t));
        }
        assert_eq!(MailTopic::parse("spam"), None);
    }
}
