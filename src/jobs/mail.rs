//! `WorkloadMail` (docs/documents.md §Jobs and files): sends each selected teacher their
//! workload sheet (the PDF of `WorkloadDownload`) by SMTP with `lettre`, to
//! the server of `--smtp-url`, with the sender, subject and body of the job
//! (the client fills them from `/settings`). Before sending anything it
//! checks every address and every header value again ([`super::kinds::check`]
//! and the reader did when the job was accepted; data saved before the
//! reader refused control characters may still hold them), typesets every
//! sheet and builds every mail, so a bad address, a name that would split a
//! header, or a typesetting fault sends nothing; a log line per mail sent. A
//! failing server stops the job with its error; the log tells who got their
//! mail already.

use lettre::message::header::ContentType;
use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};

use crate::domain::body_reader::forbidden_char;
use crate::domain::job::JobParams;
use crate::domain::person_name::PersonName as _;
use crate::error::{Error, ErrorCode, Result};
use crate::i18n::Message;

use super::context::{valid_email, Context};
use super::pdf::{blocking, today, Sheets};

fn refused_message(detail: Message) -> Error {
    Error::new(ErrorCode::JobNotAvailable, detail)
}

/// One mail: recipient, attachment name and PDF.
struct Outgoing {
    to: Mailbox,
    code: String,
    file_name: String,
    pdf: Vec<u8>,
}

/// Whether `value` can go into a mail header as it is: no control character
/// (no CR or LF that would end the header and start another) and no
/// bidirectional override.
fn header_safe(value: &str) -> bool {
    forbidden_char(value, false).is_none()
}

/// One mail as WorkloadMail will send it: to whom, and the sheet it carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlannedMail {
    /// The teacher's code.
    pub code: String,
    /// The teacher's name as the `To` header shows it (`Anna Muster`).
    pub name: String,
    /// The address.
    pub email: String,
    /// The teacher's id (the sheet's page and PDF).
    pub teacher: i64,
    /// The attachment's file name (`Pensenblatt_abc_2026-27.pdf`).
    pub file_name: String,
}

/// Everything WorkloadMail will send for its parameters, checked as the job
/// checks it before it sends anything: the sender, subject and body, and one
/// [`PlannedMail`] per selected employment (by teacher code). The preview
/// on the Export page shows it (docs/web.md §Pensenblatt versenden).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailPlan {
    /// The sender as given (`Sekretariat <sekretariat@school.ch>`).
    pub from: String,
    /// The subject.
    pub subject: String,
    /// The body (plain text).
    pub body: String,
    /// The mails, one per teacher.
    pub mails: Vec<PlannedMail>,
}

/// The plan of the mails of `params` for `sheets`, or why none can be sent:
/// 422 `job_not_available` without mail texts, `invalid_character` for a
/// control character in the sender, the subject or a teacher's name, code or
/// address, `invalid_email` for a sender that is no address,
/// `missing_email` for teachers without a valid address (named). Pure: the
/// job and its preview call it alike.
pub fn plan(params: &JobParams, sheets: &Sheets) -> Result<MailPlan> {
    let texts = params.mail.clone().ok_or_else(|| refused_message(Message::new("error-mail-no-texts")))?;
    if !header_safe(&texts.mail_from) || !header_safe(&texts.mail_subject) {
        return Err(Error::new(ErrorCode::InvalidCharacter, Message::new("error-mail-header-character")));
    }
    texts
        .mail_from
        .parse::<Mailbox>()
        .map_err(|e| Error::new(ErrorCode::InvalidEmail, Message::new("error-mail-from").arg("reason", e)))?;
    let missing: Vec<&str> = sheets
        .employments
        .iter()
        .filter(|e| !e.teacher.email.as_deref().is_some_and(valid_email))
        .map(|e| e.teacher.code.as_str())
        .collect();
    if !missing.is_empty() {
        return Err(Error::new(
            ErrorCode::MissingEmail,
            Message::new("error-mail-missing-addresses").arg("codes", missing.join(", ")),
        ));
    }
    let unsafe_names: Vec<&str> = sheets
        .employments
        .iter()
        .filter(|e| {
            let t = &e.teacher;
            ![&t.first_name, &t.last_name, &t.code, t.email.as_deref().unwrap_or_default()]
                .iter()
                .all(|v| header_safe(v))
        })
        .map(|e| e.teacher.code.as_str())
        .collect();
    if !unsafe_names.is_empty() {
        return Err(Error::new(
            ErrorCode::InvalidCharacter,
            Message::new("error-mail-name-character").arg("codes", unsafe_names.join(", ")),
        ));
    }
    let mails = sheets
        .employments
        .iter()
        .map(|e| PlannedMail {
            code: e.teacher.code.clone(),
            name: e.teacher.name(),
            email: e.teacher.email.clone().unwrap_or_default(),
            teacher: e.teacher.id.0,
            file_name: crate::documents::safe_file_name(&sheets.file_name(e)),
        })
        .collect();
    Ok(MailPlan { from: texts.mail_from, subject: texts.mail_subject, body: texts.mail_body, mails })
}

/// [`plan`] for `params` read from `store` in one snapshot (what the
/// preview shows; nothing is typeset and nothing sent). Errors as [`plan`]
/// and [`Sheets::load`].
pub async fn preview(store: &crate::store::Store, params: &JobParams) -> Result<MailPlan> {
    plan(params, &Sheets::load(store, params).await?)
}

/// Sends the sheets (steps: load, one per sheet typeset, one per mail sent).
pub async fn send(params: &JobParams, ctx: &Context) -> Result<()> {
    let p = &ctx.progress;
    let url = ctx.config.smtp_url.clone().ok_or_else(|| refused_message(Message::new("error-mail-not-configured")))?;
    let sheets = Sheets::load(&ctx.store, params).await?;
    let planned = plan(params, &sheets)?;
    let from: Mailbox = planned
        .from
        .parse()
        .map_err(|e| Error::new(ErrorCode::InvalidEmail, Message::new("error-mail-from").arg("reason", e)))?;
    let (planned_subject, planned_body) = (planned.subject.clone(), planned.body.clone());
    let n = sheets.employments.len();
    p.set_total(1 + 2 * n);
    p.step();
    let progress = p.clone();
    let date = today();
    let outgoing = blocking(move || {
        let mut out = Vec::with_capacity(n);
        for (e, mail) in sheets.employments.iter().zip(&planned.mails) {
            let to = Mailbox::new(
                Some(mail.name.clone()),
                mail.email.parse().map_err(|err| {
                    Error::new(
                        ErrorCode::MissingEmail,
                        Message::new("error-mail-bad-address").arg("email", &mail.email).arg("reason", err),
                    )
                })?,
            );
            let pdf = sheets.pdf(&[e], date)?;
            out.push(Outgoing { to, code: mail.code.clone(), file_name: mail.file_name.clone(), pdf });
            progress.step();
        }
        Ok(out)
    })
    .await?;
    let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(&url)
        .map_err(|e| Error::internal(anyhow::anyhow!("the SMTP URL cannot be used: {e}")))?
        .build();
    let pdf_type = ContentType::parse(super::pdf::PDF).map_err(Error::internal)?;
    // Every mail is built before the first is sent: one that cannot be built sends none.
    let mut messages = Vec::with_capacity(outgoing.len());
    for mut mail in outgoing {
        let pdf = std::mem::take(&mut mail.pdf);
        let message = lettre::Message::builder()
            .from(from.clone())
            .to(mail.to.clone())
            .subject(planned_subject.clone())
            .multipart(
                MultiPart::mixed()
                    .singlepart(SinglePart::plain(planned_body.clone()))
                    .singlepart(Attachment::new(mail.file_name.clone()).body(pdf, pdf_type.clone())),
            )
            .map_err(|e| Error::internal(anyhow::anyhow!("mail to {} cannot be built: {e}", mail.code)))?;
        messages.push((message, mail));
    }
    for (message, mail) in messages {
        transport.send(message).await.map_err(|e| {
            Error::new(
                ErrorCode::MailFailed,
                Message::new("error-mail-send-failed")
                    .arg("code", &mail.code)
                    .arg("email", &mail.to.email)
                    .arg("reason", e),
            )
        })?;
        p.log(ctx.text(
            "job-mail-sent",
            &[
                ("file", mail.file_name.as_str().into()),
                ("code", mail.code.as_str().into()),
                ("email", mail.to.email.to_string().into()),
            ],
        ));
        p.step();
    }
    p.log(ctx.text("job-mails-sent", &[("count", n.to_string().into())]));
    Ok(())
}
