//! Storage of the service's own mails (migration 0020, table `mail_outbox`;
//! docs/teachers.md §Mails): queued in the transaction of the change that
//! causes them, claimed by one server's postman under a lease, then marked
//! sent (the body emptied: an invitation's body holds a sign-in link) or
//! failed with the time of the next attempt. Timestamps are UTC text,
//! sortable as text ([`crate::auth::timestamp_text`]). The rules (texts,
//! retries) are in [`crate::domain::outbox`] and `service::outbox`.

use crate::domain::outbox::{MailTopic, OutgoingMail, QueuedMail};
use crate::error::Result;
use crate::store::Conn;
use crate::with_conn;

/// Rows per `INSERT` (5 parameters each and 2 shared; far below both backends' limits).
const ROWS_PER_INSERT: usize = 200;

#[derive(sqlx::FromRow)]
struct QueuedRow {
    id: i64,
    attempts: i32,
    topic: String,
    recipient: String,
    recipient_name: String,
    subject: String,
    body: String,
}

impl Conn {
    /// Queues `mails` at `now` (due at once), in as few statements as the
    /// parameter limit allows.
    pub async fn queue_mails(&mut self, mails: &[OutgoingMail], now: &str) -> Result<()> {
        for chunk in mails.chunks(ROWS_PER_INSERT) {
            let values: Vec<String> = (0..chunk.len())
                .map(|i| {
                    let p = 3 + 5 * i;
                    format!("(${}, ${}, ${}, ${}, ${}, $1, $2)", p, p + 1, p + 2, p + 3, p + 4)
                })
                .collect();
            let sql = format!(
                "INSERT INTO mail_outbox (topic, recipient, recipient_name, subject, body, queued_at, next_attempt_at) \
                 VALUES {}",
                values.join(", ")
            );
            with_conn!(self, |c| {
                let mut query = sqlx::query(&sql).bind(now).bind(now);
                for m in chunk {
                    query = query.bind(m.topic.as_str()).bind(&m.to).bind(&m.name).bind(&m.subject).bind(&m.body);
                }
                query.execute(c).await?.rows_affected()
            });
        }
        Ok(())
    }

    /// Claims at most `limit` mails due at `now` (not sent, tried fewer than
    /// `max_attempts` times, their next attempt reached, claimed by nobody or
    /// under a claim that ran out) until `until`, oldest first. The outer
    /// conditions are checked again on the claimed rows, so two servers
    /// claiming at once never both get a mail (PostgreSQL re-reads a row it
    /// waited for; SQLite has one writer).
    pub async fn claim_mails(
        &mut self,
        now: &str,
        until: &str,
        limit: i64,
        max_attempts: u32,
    ) -> Result<Vec<QueuedMail>> {
        const DUE: &str = "sent_at IS NULL AND attempts < $4 AND next_attempt_at <= $1 \
                           AND (claimed_until IS NULL OR claimed_until < $1)";
        let sql = format!(
            "UPDATE mail_outbox SET claimed_until = $2 \
             WHERE id IN (SELECT id FROM mail_outbox WHERE {DUE} ORDER BY id LIMIT $3) AND {DUE} \
             RETURNING id, attempts, topic, recipient, recipient_name, subject, body"
        );
        let max = i32::try_from(max_attempts).unwrap_or(i32::MAX);
        let mut rows: Vec<QueuedRow> =
            with_conn!(self, |c| sqlx::query_as(&sql).bind(now).bind(until).bind(limit).bind(max).fetch_all(c).await?);
        rows.sort_by_key(|r| r.id);
        Ok(rows
            .into_iter()
            .filter_map(|r| {
                Some(QueuedMail {
                    id: r.id,
                    attempts: u32::try_from(r.attempts).unwrap_or(0),
                    mail: OutgoingMail {
                        topic: MailTopic::parse(&r.topic)?,
                        to: r.recipient,
                        name: r.recipient_name,
                        subject: r.subject,
                        body: r.body,
                    },
                })
            })
            .collect())
    }

    /// Whether a mail is due at `now` (see [`Conn::claim_mails`]): one read,
    /// so that an idle postman writes nothing.
    pub async fn mail_due(&mut self, now: &str, max_attempts: u32) -> Result<bool> {
        let max = i32::try_from(max_attempts).unwrap_or(i32::MAX);
        let found: Option<i64> = with_conn!(self, |c| sqlx::query_scalar(
            "SELECT id FROM mail_outbox WHERE sent_at IS NULL AND attempts < $2 AND next_attempt_at <= $1 \
             AND (claimed_until IS NULL OR claimed_until < $1) LIMIT 1"
        )
        .bind(now)
        .bind(max)
        .fetch_optional(c)
        .await?);
        Ok(found.is_some())
    }

    /// Marks mail `id` sent at `now`: its claim ends and its body is emptied.
    pub async fn mark_mail_sent(&mut self, id: i64, now: &str) -> Result<()> {
        with_conn!(self, |c| sqlx::query(
            "UPDATE mail_outbox SET sent_at = $2, body = '', claimed_until = NULL, attempts = attempts + 1, \
                 last_error = NULL WHERE id = $1"
        )
        .bind(id)
        .bind(now)
        .execute(c)
        .await?
        .rows_affected());
        Ok(())
    }

    /// Notes a failed attempt of mail `id`: its claim ends, `error` is kept,
    /// and it is due again at `next` (`None`: given up, its body emptied).
    pub async fn mark_mail_failed(&mut self, id: i64, error: &str, next: Option<&str>) -> Result<()> {
        with_conn!(self, |c| sqlx::query(
            "UPDATE mail_outbox SET claimed_until = NULL, attempts = attempts + 1, last_error = $2, \
                 next_attempt_at = coalesce($3, next_attempt_at), body = CASE WHEN $3 IS NULL THEN '' ELSE body END \
             WHERE id = $1"
        )
        .bind(id)
        .bind(error)
        .bind(next)
        .execute(c)
        .await?
        .rows_affected());
        Ok(())
    }

    /// The mails of the outbox by state: (waiting or being sent, sent, given up after `max_attempts`).
    pub async fn mail_counts(&mut self, max_attempts: u32) -> Result<(i64, i64, i64)> {
        let max = i32::try_from(max_attempts).unwrap_or(i32::MAX);
        Ok(with_conn!(self, |c| sqlx::query_as::<_, (i64, i64, i64)>(
            "SELECT coalesce(sum(CASE WHEN sent_at IS NULL AND attempts < $1 THEN 1 ELSE 0 END), 0), \
                    coalesce(sum(CASE WHEN sent_at IS NOT NULL THEN 1 ELSE 0 END), 0), \
                    coalesce(sum(CASE WHEN sent_at IS NULL AND attempts >= $1 THEN 1 ELSE 0 END), 0) \
             FROM mail_outbox"
        )
        .bind(max)
        .fetch_one(c)
        .await?))
    }
}
