//! The postman (docs/teachers.md §Mails): on every server whose mail is
//! configured (`--smtp-url` and `--mail-from`), a task that
//! - every [`JobConfig::mail_poll`] sends the due mails of the outbox
//!   (invitations, releases, "überholt" notices; queued by the use cases in
//!   the transaction of their change), claiming them first so that two
//!   servers never send one mail twice; a mail the SMTP server refuses is
//!   tried again later ([`crate::domain::outbox::retry_after`]);
//! - every [`JobConfig::outdated_check`] looks for confirmations a change
//!   made outdated whose teacher has not been told yet, and queues their
//!   mails ([`crate::service::confirmation::queue_outdated_mails`]).
//!
//! A fault of the database or the SMTP server is logged and the next round
//! tries again; the task never ends on its own.

use std::sync::Arc;
use std::time::Instant;

use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};

use super::JobConfig;
use crate::domain::outbox::QueuedMail;
use crate::service::outbox::{self, MailSettings};
use crate::store::Store;

/// Mails sent per round at most (the rest waits for the next round).
const PER_ROUND: i64 = 50;

/// The postman of one server.
pub struct Postman {
    store: Store,
    config: JobConfig,
    settings: MailSettings,
    from: Mailbox,
    transport: AsyncSmtpTransport<Tokio1Executor>,
}

impl Postman {
    /// The postman for `config`, or `None` when its mail is not configured
    /// ([`JobConfig::mail_settings`]). An SMTP URL or a sender that cannot be
    /// used is logged as an error and gives no postman.
    pub fn new(store: Store, config: &JobConfig) -> Option<Arc<Postman>> {
        let settings = config.mail_settings()?;
        let (url, from) = (config.smtp_url.as_deref()?, config.mail_from.as_deref()?);
        let from: Mailbox = match from.parse() {
            Ok(m) => m,
            Err(e) => {
                tracing::error!(error = %e, "--mail-from is no address: the service sends no mails of its own");
                return None;
            }
        };
        let transport = match AsyncSmtpTransport::<Tokio1Executor>::from_url(url) {
            Ok(t) => t.build(),
            Err(e) => {
                tracing::error!(error = %e, "the SMTP URL cannot be used: the service sends no mails of its own");
                return None;
            }
        };
        Some(Arc::new(Postman { store, config: config.clone(), settings, from, transport }))
    }

    /// Starts the postman's rounds on a task of its own (aborted when the
    /// handle is dropped or aborted).
    pub fn start(self: &Arc<Self>) -> tokio::task::JoinHandle<()> {
        let me = self.clone();
        tokio::spawn(async move { me.rounds().await })
    }

    async fn rounds(self: Arc<Self>) {
        let mut checked: Option<Instant> = None;
        loop {
            if checked.is_none_or(|t| t.elapsed() >= self.config.outdated_check) {
                checked = Some(Instant::now());
                match crate::service::confirmation::queue_outdated_mails(&self.store, &self.settings).await {
                    Ok(0) => {}
                    Ok(n) => tracing::info!(mails = n, "outdated confirmations: mails to their teachers queued"),
                    Err(e) => tracing::warn!(error = %e, "cannot look for outdated confirmations"),
                }
            }
            if let Err(e) = self.send_due().await {
                tracing::warn!(error = %e, "cannot send the queued mails");
            }
            tokio::time::sleep(self.config.mail_poll).await;
        }
    }

    /// Sends the due mails, [`PER_ROUND`] at a time, until none is due.
    async fn send_due(&self) -> crate::error::Result<()> {
        loop {
            let due = outbox::claim_due(&self.store, PER_ROUND).await?;
            let full = i64::try_from(due.len()).unwrap_or(i64::MAX) >= PER_ROUND;
            for mail in &due {
                match self.send(mail).await {
                    Ok(()) => {
                        outbox::sent(&self.store, mail).await?;
                        tracing::info!(mail = mail.id, topic = mail.mail.topic.as_str(), "mail sent");
                    }
                    Err(reason) => {
                        let given_up = outbox::failed(&self.store, mail, &reason).await?;
                        tracing::warn!(mail = mail.id, error = %reason, given_up, "a mail could not be sent");
                    }
                }
            }
            if !full {
                return Ok(());
            }
        }
    }

    /// Sends one mail; why not, as text.
    async fn send(&self, queued: &QueuedMail) -> Result<(), String> {
        let m = &queued.mail;
        let address = m.to.parse().map_err(|e| format!("address {}: {e}", m.to))?;
        let message = lettre::Message::builder()
            .from(self.from.clone())
            .to(Mailbox::new(Some(m.name.clone()), address))
            .subject(m.subject.clone())
            .body(m.body.clone())
            .map_err(|e| e.to_string())?;
        self.transport.send(message).await.map(drop).map_err(|e| e.to_string())
    }
}
