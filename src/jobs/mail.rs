//! `WorkloadMail` (docs/documents.md §Jobs and files): sends each selected teacher their
//! workload sheet (the PDF of `WorkloadDownload`) by SMTP with `lettre`, to
//! the server of `--smtp-url`, with the sender, subject and body of the job
//! (the client fills them from `/settings`). Before sending anything it
//! checks every address and every header value again ([`super::run::check`]
//! and the reader did when the job was accepted; data saved before the
//! reader refused control characters may still hold them), typesets every
//! sheet and builds every mail, so a bad address, a name that would split a
//! header, or a typesetting fault sends nothing; a log line per mail sent. A
//! failing server stops the job with its error; the log tells who got their
//! mail already.

use lettre::message::header::ContentType;
use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use crate::domain::job::JobParams;
use crate::domain::reader::forbidden_char;
use crate::error::{Error, ErrorCode, Result};

use super::context::{valid_email, Context};
use super::pdf::{blocking, today, Sheets};

fn refused(detail: String) -> Error {
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

/// Sends the sheets (steps: load, one per sheet typeset, one per mail sent).
pub async fn send(params: &JobParams, ctx: &Context) -> Result<()> {
    let p = &ctx.progress;
    let url =
        ctx.config.smtp_url.clone().ok_or_else(|| {
            refused("Mailing is not configured on this server (start it with --smtp-url).".to_string())
        })?;
    let texts = params.mail.clone().ok_or_else(|| refused("The job has no mail texts.".to_string()))?;
    if !header_safe(&texts.mail_from) || !header_safe(&texts.mail_subject) {
        return Err(Error::new(
            ErrorCode::InvalidCharacter,
            "mailFrom or mailSubject holds a control character; no mail was sent.",
        ));
    }
    let from: Mailbox = texts
        .mail_from
        .parse()
        .map_err(|e| Error::new(ErrorCode::InvalidEmail, format!("mailFrom is no address: {e}.")))?;
    let sheets = Sheets::load(&ctx.store, params).await?;
    let n = sheets.employments.len();
    p.set_total(1 + 2 * n);
    p.step();
    let missing: Vec<&str> = sheets
        .employments
        .iter()
        .filter(|e| !e.teacher.email.as_deref().is_some_and(valid_email))
        .map(|e| e.teacher.code.as_str())
        .collect();
    if !missing.is_empty() {
        return Err(Error::new(
            ErrorCode::MissingEmail,
            format!("These teachers have no valid e-mail address, so no mail was sent: {}.", missing.join(", ")),
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
            format!(
                "The name, code or e-mail address of these teachers holds a control character, so no mail was sent: {}.",
                unsafe_names.join(", ")
            ),
        ));
    }
    let progress = p.clone();
    let date = today();
    let outgoing = blocking(move || {
        let mut out = Vec::with_capacity(n);
        for e in &sheets.employments {
            let name = format!("{} {}", e.teacher.first_name, e.teacher.last_name);
            let address = e.teacher.email.as_deref().unwrap_or_default();
            let to = Mailbox::new(
                Some(name),
                address
                    .parse()
                    .map_err(|err| Error::new(ErrorCode::MissingEmail, format!("{address} is no address: {err}.")))?,
            );
            let pdf = sheets.pdf(&[e], date)?;
            let file_name = crate::documents::safe_file_name(&sheets.file_name(e));
            out.push(Outgoing { to, code: e.teacher.code.clone(), file_name, pdf });
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
        let message = Message::builder()
            .from(from.clone())
            .to(mail.to.clone())
            .subject(texts.mail_subject.clone())
            .multipart(
                MultiPart::mixed()
                    .singlepart(SinglePart::plain(texts.mail_body.clone()))
                    .singlepart(Attachment::new(mail.file_name.clone()).body(pdf, pdf_type.clone())),
            )
            .map_err(|e| Error::internal(anyhow::anyhow!("mail to {} cannot be built: {e}", mail.code)))?;
        messages.push((message, mail));
    }
    for (message, mail) in messages {
        transport.send(message).await.map_err(|e| {
            Error::new(
                ErrorCode::MailFailed,
                format!(
                    "Sending the mail to {} ({}) failed: {e}. The mails logged before were sent.",
                    mail.code, mail.to.email
                ),
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
