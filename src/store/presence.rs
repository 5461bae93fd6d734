//! Storage of who has which school year open, on every server of the
//! database (migration 0014, table `page_presence`); the rules are in
//! [`crate::service::live`] (docs/web.md §Working together).
//!
//! A server keeps one row per year and session with a page of that year open
//! on it, renews its rows on a heartbeat ([`Conn::renew_presence`]) and reads
//! the rows of the others ([`Conn::presence_of_others`]). Timestamps are UTC
//! text, sortable as text ([`crate::auth::timestamp_text`]), written with the
//! clock of the server that writes: the servers' clocks must agree to well
//! within the lease.

use crate::error::Result;
use crate::store::Conn;
use crate::with_conn;

/// One year a session has open on a server, as the server writes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenYear {
    /// The school year's id.
    pub school_year: i64,
    /// The web session's id.
    pub session_id: i64,
    /// The session's account name.
    pub account_name: String,
}

/// Rows per `INSERT` (3 parameters each; far below both backends' limits).
const ROWS_PER_INSERT: usize = 300;

impl Conn {
    /// Makes `open` the rows of server `server`, seen at `now`: inserts or
    /// renews each of them, then deletes the rows of `server` that are not
    /// among them (its pages closed) and the rows of any server not renewed
    /// since `expired_before` (a server that stopped). Renewing before
    /// deleting, a reader never misses a row that stays, even without a
    /// transaction. `now` must be later than the previous renewal's.
    pub async fn renew_presence(
        &mut self,
        server: &str,
        open: &[OpenYear],
        now: &str,
        expired_before: &str,
    ) -> Result<()> {
        for chunk in open.chunks(ROWS_PER_INSERT) {
            let values: Vec<String> =
                (0..chunk.len()).map(|i| format!("($1, ${}, ${}, ${}, $2)", 3 + 3 * i, 4 + 3 * i, 5 + 3 * i)).collect();
            let sql = format!(
                "INSERT INTO page_presence (server, school_year, session_id, account_name, seen_at) VALUES {} \
                 ON CONFLICT (server, school_year, session_id) \
                 DO UPDATE SET account_name = excluded.account_name, seen_at = excluded.seen_at",
                values.join(", ")
            );
            with_conn!(self, |c| {
                let mut query = sqlx::query(&sql).bind(server).bind(now);
                for row in chunk {
                    query = query.bind(row.school_year).bind(row.session_id).bind(&row.account_name);
                }
                query.execute(c).await?.rows_affected()
            });
        }
        with_conn!(self, |c| sqlx::query(
            "DELETE FROM page_presence WHERE (server = $1 AND seen_at < $2) OR seen_at < $3"
        )
        .bind(server)
        .bind(now)
        .bind(expired_before)
        .execute(c)
        .await?
        .rows_affected());
        Ok(())
    }

    /// The years open on the servers other than `server`, with the account
    /// names that have them open, renewed since `seen_since` (older rows count
    /// as gone): `(school year, account name)` pairs, each once, sorted.
    pub async fn presence_of_others(&mut self, server: &str, seen_since: &str) -> Result<Vec<(i64, String)>> {
        Ok(with_conn!(self, |c| sqlx::query_as::<_, (i64, String)>(
            "SELECT DISTINCT school_year, account_name FROM page_presence \
             WHERE server <> $1 AND seen_at >= $2 ORDER BY school_year, account_name"
        )
        .bind(server)
        .bind(seen_since)
        .fetch_all(c)
        .await?))
    }
}
