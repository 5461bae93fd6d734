//! Storage of the web interface's sign-in links and sessions (migration 0011)
//! and of the single sign-ons under way (migration 0013); the rules are in
//! [`crate::service::session`].
//!
//! Only SHA-256 hashes of the secrets are stored: a copy of the database does
//! not let anyone sign in. Timestamps are UTC text, sortable as text
//! ([`crate::auth::timestamp_text`]).

use crate::auth::Role;
use crate::error::{Error, Result};
use crate::store::Conn;
use crate::with_conn;

/// A session row with its account, as the session check reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionRow {
    /// Session id.
    pub id: i64,
    /// The signed-in account's id.
    pub account_id: i64,
    /// The account's name.
    pub name: String,
    /// The account's role (read with the session, so a role change applies at once).
    pub role: Role,
    /// The language chosen in this session (`de`, `en`), else the one its
    /// account chose last (`account_preference`), if any.
    pub lang: Option<String>,
    /// When the session was last used (UTC text).
    pub last_seen_at: String,
    /// When the session ends whatever its use (UTC text).
    pub expires_at: String,
    /// The school year the account chose last (`account_preference`), if any.
    pub school_year: Option<i64>,
}

#[derive(sqlx::FromRow)]
struct SessionSql {
    id: i64,
    account_id: i64,
    name: String,
    role: String,
    lang: Option<String>,
    last_seen_at: String,
    expires_at: String,
    school_year: Option<i64>,
}

impl Conn {
    /// Stores a sign-in link for `account_id` (the hash of its secret), valid until `expires_at`.
    pub async fn create_signin_link(&mut self, account_id: i64, secret_hash: &[u8], expires_at: &str) -> Result<()> {
        let now = crate::auth::now_text();
        with_conn!(self, |c| sqlx::query(
            "INSERT INTO signin_link (account_id, secret_hash, created_at, expires_at) VALUES ($1, $2, $3, $4)"
        )
        .bind(account_id)
        .bind(secret_hash)
        .bind(&now)
        .bind(expires_at)
        .execute(c)
        .await?
        .rows_affected());
        Ok(())
    }

    /// Marks the unused, unexpired link with this secret hash used (at `now`)
    /// and returns its account id; `None` when there is no such link, or it
    /// was used or has expired. One statement, so two requests with the same
    /// link cannot both succeed.
    pub async fn use_signin_link(&mut self, secret_hash: &[u8], now: &str) -> Result<Option<i64>> {
        Ok(with_conn!(self, |c| sqlx::query_scalar(
            "UPDATE signin_link SET used_at = $2 WHERE secret_hash = $1 AND used_at IS NULL AND expires_at > $2 \
             RETURNING account_id"
        )
        .bind(secret_hash)
        .bind(now)
        .fetch_optional(c)
        .await?))
    }

    /// Creates a session for `account_id` (the hash of its secret); returns its id.
    pub async fn create_session(
        &mut self,
        account_id: i64,
        secret_hash: &[u8],
        lang: Option<&str>,
        now: &str,
        expires_at: &str,
    ) -> Result<i64> {
        Ok(with_conn!(self, |c| sqlx::query_scalar(
            "INSERT INTO web_session (account_id, secret_hash, lang, created_at, last_seen_at, expires_at) \
             VALUES ($1, $2, $3, $4, $4, $5) RETURNING id"
        )
        .bind(account_id)
        .bind(secret_hash)
        .bind(lang)
        .bind(now)
        .bind(expires_at)
        .fetch_one(c)
        .await?))
    }

    /// The session with this secret hash and its account, or `None` (one query).
    pub async fn session_by_hash(&mut self, secret_hash: &[u8]) -> Result<Option<SessionRow>> {
        let row: Option<SessionSql> = with_conn!(self, |c| {
            sqlx::query_as(
            "SELECT s.id, s.account_id, a.name, a.role, COALESCE(s.lang, p.lang) AS lang, s.last_seen_at, s.expires_at, \
                    p.school_year_id AS school_year \
             FROM web_session s JOIN account a ON a.id = s.account_id \
             LEFT JOIN account_preference p ON p.account_id = s.account_id WHERE s.secret_hash = $1"
        )
        .bind(secret_hash)
        .fetch_optional(c)
        .await?
        });
        row.map(|r| {
            let role = r.role.parse::<Role>().map_err(|e| Error::internal(anyhow::anyhow!(e)))?;
            Ok(SessionRow {
                id: r.id,
                account_id: r.account_id,
                name: r.name,
                role,
                lang: r.lang,
                last_seen_at: r.last_seen_at,
                expires_at: r.expires_at,
                school_year: r.school_year,
            })
        })
        .transpose()
    }

    /// Notes that a session was used at `now`.
    pub async fn touch_session(&mut self, id: i64, now: &str) -> Result<()> {
        self.session_update("UPDATE web_session SET last_seen_at = $2 WHERE id = $1", id, now).await
    }

    /// Keeps `school_year` as the year account `account_id` chose last
    /// (`account_preference`); 0 rows when that year does not exist (the
    /// foreign key is not asked: the row is written only for an existing year).
    pub async fn keep_school_year(&mut self, account_id: i64, school_year: i64) -> Result<u64> {
        Ok(with_conn!(self, |c| sqlx::query(
            "INSERT INTO account_preference (account_id, school_year_id) \
             SELECT $1, id FROM school_year WHERE id = $2 \
             ON CONFLICT (account_id) DO UPDATE SET school_year_id = excluded.school_year_id"
        )
        .bind(account_id)
        .bind(school_year)
        .execute(c)
        .await?
        .rows_affected()))
    }

    /// Keeps `lang` (`de`, `fr`, `en`) as the language account `account_id`
    /// chose last (`account_preference`): its next sessions start in it.
    pub async fn keep_account_lang(&mut self, account_id: i64, lang: &str) -> Result<()> {
        with_conn!(self, |c| sqlx::query(
            "INSERT INTO account_preference (account_id, lang) VALUES ($1, $2) \
             ON CONFLICT (account_id) DO UPDATE SET lang = excluded.lang"
        )
        .bind(account_id)
        .bind(lang)
        .execute(c)
        .await?
        .rows_affected());
        Ok(())
    }

    /// Keeps the language chosen in a session (`de`, `en`).
    pub async fn set_session_lang(&mut self, id: i64, lang: &str) -> Result<()> {
        self.session_update("UPDATE web_session SET lang = $2 WHERE id = $1", id, lang).await
    }

    async fn session_update(&mut self, sql: &str, id: i64, value: &str) -> Result<()> {
        with_conn!(self, |c| sqlx::query(sql).bind(id).bind(value).execute(c).await?.rows_affected());
        Ok(())
    }

    /// Deletes a session (sign-out); nothing when it is gone already.
    pub async fn delete_session(&mut self, id: i64) -> Result<()> {
        self.execute_with_id("DELETE FROM web_session WHERE id = $1", id).await?;
        Ok(())
    }

    /// Deletes the sessions that ended (expired at `now`, or idle since
    /// before `idle_since`) and the sign-in links that expired; returns how
    /// many rows went.
    pub async fn prune_sessions(&mut self, now: &str, idle_since: &str) -> Result<u64> {
        let sessions =
            with_conn!(self, |c| sqlx::query("DELETE FROM web_session WHERE expires_at <= $1 OR last_seen_at < $2")
                .bind(now)
                .bind(idle_since)
                .execute(c)
                .await?
                .rows_affected());
        let links = with_conn!(self, |c| sqlx::query("DELETE FROM signin_link WHERE expires_at <= $1")
            .bind(now)
            .execute(c)
            .await?
            .rows_affected());
        Ok(sessions + links)
    }

    /// Stores a started single sign-on: the hash of its `state`, its `nonce`
    /// and PKCE `code_verifier`, valid until `expires_at`; deletes the expired
    /// ones on the way.
    pub async fn create_sign_on(
        &mut self,
        state_hash: &[u8],
        nonce: &str,
        code_verifier: &str,
        now: &str,
        expires_at: &str,
    ) -> Result<()> {
        with_conn!(self, |c| sqlx::query("DELETE FROM oidc_signin WHERE expires_at <= $1")
            .bind(now)
            .execute(c)
            .await?
            .rows_affected());
        with_conn!(self, |c| sqlx::query(
            "INSERT INTO oidc_signin (state_hash, nonce, code_verifier, created_at, expires_at) \
             VALUES ($1, $2, $3, $4, $5)"
        )
        .bind(state_hash)
        .bind(nonce)
        .bind(code_verifier)
        .bind(now)
        .bind(expires_at)
        .execute(c)
        .await?
        .rows_affected());
        Ok(())
    }

    /// Takes the single sign-on with this state hash: deletes it and returns
    /// its `(nonce, code_verifier)` when it had not expired at `now`; `None`
    /// when there is none (unknown, taken already, or expired). One statement,
    /// so two callbacks with the same state cannot both get it.
    pub async fn take_sign_on(&mut self, state_hash: &[u8], now: &str) -> Result<Option<(String, String)>> {
        let row: Option<(String, String, String)> = with_conn!(self, |c| sqlx::query_as(
            "DELETE FROM oidc_signin WHERE state_hash = $1 RETURNING nonce, code_verifier, expires_at"
        )
        .bind(state_hash)
        .fetch_optional(c)
        .await?);
        Ok(row.filter(|(_, _, expires)| expires.as_str() > now).map(|(nonce, verifier, _)| (nonce, verifier)))
    }
}
