//! Storage of accounts, API tokens and the audit trail (docs/contract.md §Roles and authentication).

use serde::Serialize;

use crate::auth::{secret_matches, NewToken, Principal, Role};
use crate::domain::code_key;
use crate::domain::ids::TeacherId;
use crate::error::{Error, Result};
use crate::store::constraint::{self, OnUnique, Unique};
use crate::store::Conn;
use crate::with_conn;

/// Account names are unique (compared like codes): 409 `duplicate_code`.
const ACCOUNT_NAME: Unique = constraint::code_key("account_name_key", "account.name_key", "error-taken-account-name");

/// An account: who a token belongs to.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Account {
    /// Account id.
    pub id: i64,
    /// Unique name (case-insensitive).
    pub name: String,
    /// Role: teacher, reader, planner or admin.
    pub role: Role,
    /// Creation time (UTC, RFC 3339).
    pub created_at: String,
    /// The teacher a `teacher` account is bound to; null for the other roles
    /// (docs/teachers.md §Accounts of teachers).
    pub teacher: Option<TeacherId>,
}

/// A token as listed (never its secret).
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TokenInfo {
    /// Token id (used to revoke it).
    pub id: i64,
    /// Owning account id.
    pub account_id: i64,
    /// Owning account name.
    pub account_name: String,
    /// Public part of the token (`sp_<publicId>_…`), to recognise it.
    pub public_id: String,
    /// Free label.
    pub label: Option<String>,
    /// Creation time.
    pub created_at: String,
    /// Expiry time or null (never expires).
    pub expires_at: Option<String>,
    /// Revocation time or null.
    pub revoked_at: Option<String>,
}

#[derive(sqlx::FromRow)]
struct AccountRow {
    id: i64,
    name: String,
    role: String,
    created_at: String,
    teacher_id: Option<i64>,
}

impl TryFrom<AccountRow> for Account {
    type Error = Error;
    fn try_from(r: AccountRow) -> Result<Self> {
        let role = r.role.parse::<Role>().map_err(|e| Error::internal(anyhow::anyhow!(e)))?;
        Ok(Account { id: r.id, name: r.name, role, created_at: r.created_at, teacher: r.teacher_id.map(TeacherId) })
    }
}

#[derive(sqlx::FromRow)]
struct TokenRow {
    id: i64,
    account_id: i64,
    account_name: String,
    public_id: String,
    label: Option<String>,
    created_at: String,
    expires_at: Option<String>,
    revoked_at: Option<String>,
}

impl From<TokenRow> for TokenInfo {
    fn from(r: TokenRow) -> Self {
        TokenInfo {
            id: r.id,
            account_id: r.account_id,
            account_name: r.account_name,
            public_id: r.public_id,
            label: r.label,
            created_at: r.created_at,
            expires_at: r.expires_at,
            revoked_at: r.revoked_at,
        }
    }
}

/// The token lookup (when the token cache does not hold the token): the token by its public id, with its account.
const AUTH_SQL: &str =
    "SELECT t.id AS token_id, t.secret_hash, t.expires_at, t.revoked_at, a.id AS account_id, a.name, a.role \
     FROM api_token t JOIN account a ON a.id = t.account_id WHERE t.public_id = $1";

/// A row of [`AUTH_SQL`].
#[derive(Debug, Clone, sqlx::FromRow)]
pub(crate) struct AuthRow {
    pub(crate) token_id: i64,
    pub(crate) secret_hash: Vec<u8>,
    pub(crate) expires_at: Option<String>,
    pub(crate) revoked_at: Option<String>,
    pub(crate) account_id: i64,
    pub(crate) name: String,
    pub(crate) role: String,
}

impl AuthRow {
    /// The caller, when `secret` matches and the token is neither revoked nor expired.
    pub(crate) fn principal(&self, secret: &str) -> Result<Option<Principal>> {
        let matches = secret_matches(secret, &self.secret_hash);
        let live = self.revoked_at.is_none()
            && self.expires_at.as_deref().is_none_or(|e| e > crate::auth::now_text().as_str());
        if !(matches && live) {
            return Ok(None);
        }
        let role = self.role.parse::<Role>().map_err(|e| Error::internal(anyhow::anyhow!(e)))?;
        Ok(Some(Principal { account_id: self.account_id, name: self.name.clone(), role, token_id: self.token_id }))
    }
}

/// One audit entry: who changed what, when.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntry {
    /// Entry id.
    pub id: i64,
    /// Time of the change (UTC).
    pub at: String,
    /// Acting account id (null for the command line).
    pub account_id: Option<i64>,
    /// Acting account name.
    pub account_name: String,
    /// HTTP method (a web form: `POST`, whatever it did; see `action`).
    pub method: String,
    /// Request path.
    pub path: String,
    /// What the entry did, whichever front door did it: `created`,
    /// `changed`, `deleted`, `merged`, `split`, `cancelled`, `resumed`,
    /// `archived`, `restored`, `revoked`, `imported` (null: an entry of an
    /// earlier version, read from `changes`).
    pub action: Option<String>,
    /// The object as planners name it (`Biologie F29c`, `jla`, `jla 26/27`;
    /// null: unknown, or an entry of an earlier version).
    pub label: Option<String>,
    /// Kind of object changed (resource name, e.g. `teacher`).
    pub object_type: String,
    /// Id of the object changed.
    pub object_id: Option<i64>,
    /// Compact before/after of the changed fields, as JSON text.
    #[serde(skip)]
    pub changes: String,
    /// The school year of the object changed (`None`: master data, accounts,
    /// tokens, or an entry older than the column): where the web's live
    /// changes announce it.
    #[serde(skip)]
    pub school_year: Option<i64>,
}

/// What an audit entry records beside who and the changes: the action's
/// name, the object's label and its school year.
#[derive(Debug, Clone, Copy)]
pub struct AuditWhat<'a> {
    /// The action's name (`crate::service::audit::Action::as_str`).
    pub action: &'a str,
    /// The object as planners name it (`crate::service::audit::label_of`).
    pub label: Option<&'a str>,
    /// The object's school year (`None`: master data, accounts, tokens).
    pub school_year: Option<i64>,
}

/// Filter of the audit list.
#[derive(Debug, Clone, Default)]
pub struct AuditFilter {
    /// Only this object type.
    pub object_type: Option<String>,
    /// Only this object id.
    pub object_id: Option<i64>,
    /// Only entries at or after this time (text compare on UTC timestamps).
    pub from: Option<String>,
    /// Only entries before this time.
    pub to: Option<String>,
}

/// An account's mail template for the client's mail dialog (docs/client.md §Settings).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, utoipa::ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct AccountSettings {
    /// Body of the mails the client prepares; empty until saved.
    pub mail_body: String,
    /// Sender address or name; empty until saved.
    pub mail_from: String,
    /// Subject line; empty until saved.
    pub mail_subject: String,
}

const TOKEN_SELECT: &str = "SELECT t.id, t.account_id, a.name AS account_name, t.public_id, t.label, t.created_at, t.expires_at, t.revoked_at \
                            FROM api_token t JOIN account a ON a.id = t.account_id";

impl Conn {
    /// Creates an account; 409 `duplicate_code` when the name is taken.
    pub async fn create_account(&mut self, name: &str, role: Role) -> Result<Account> {
        let now = crate::auth::now_text();
        let id: i64 = with_conn!(self, |c| sqlx::query_scalar(
            "INSERT INTO account (name, name_key, role, created_at) VALUES ($1, $2, $3, $4) RETURNING id"
        )
        .bind(name.trim())
        .bind(code_key(name))
        .bind(role.as_str())
        .bind(&now)
        .fetch_one(c)
        .await
        .on_unique(&[&ACCOUNT_NAME])?);
        Ok(Account { id, name: name.trim().to_string(), role, created_at: now, teacher: None })
    }

    /// All accounts, by name.
    pub async fn list_accounts(&mut self) -> Result<Vec<Account>> {
        let rows: Vec<AccountRow> = with_conn!(self, |c| sqlx::query_as(
            "SELECT id, name, role, created_at, teacher_id FROM account ORDER BY name_key, id"
        )
        .fetch_all(c)
        .await?);
        rows.into_iter().map(Account::try_from).collect()
    }

    /// The account with this name (case-insensitive), if any.
    pub async fn find_account(&mut self, name: &str) -> Result<Option<Account>> {
        let row: Option<AccountRow> = with_conn!(self, |c| sqlx::query_as(
            "SELECT id, name, role, created_at, teacher_id FROM account WHERE name_key = $1"
        )
        .bind(code_key(name))
        .fetch_optional(c)
        .await?);
        row.map(Account::try_from).transpose()
    }

    /// The account a single sign-on names (README "Using the existing Pensenmanager client"): the one
    /// whose name equals `name` exactly up to ASCII case — `KIM@x` is `kim@x`,
    /// but `\u{212A}im@x` (a Kelvin sign, which Unicode lower-cases to `k`)
    /// is nobody. One statement.
    pub async fn find_account_by_sign_on(&mut self, name: &str) -> Result<Option<Account>> {
        // The stored key (Unicode lower case) finds the candidate; the exact check decides.
        Ok(self.find_account(name).await?.filter(|a| a.name.eq_ignore_ascii_case(name)))
    }

    /// The account bound to the teacher whose e-mail address is `email`
    /// (compared up to ASCII case, spaces around it ignored), if exactly one
    /// teacher has that address and an account.
    pub async fn find_account_by_teacher_email(&mut self, email: &str) -> Result<Option<Account>> {
        let ids: Vec<String> = with_conn!(self, |c| sqlx::query_scalar(
            "SELECT a.name FROM account a JOIN teacher t ON t.id = a.teacher_id \
             WHERE lower(trim(t.email)) = lower($1) ORDER BY a.id LIMIT 2"
        )
        .bind(email.trim())
        .fetch_all(c)
        .await?);
        match ids.as_slice() {
            [name] => self.find_account(name).await,
            _ => Ok(None),
        }
    }

    /// The account with this id, if any.
    pub async fn get_account(&mut self, id: i64) -> Result<Option<Account>> {
        let row: Option<AccountRow> = with_conn!(self, |c| sqlx::query_as(
            "SELECT id, name, role, created_at, teacher_id FROM account WHERE id = $1"
        )
        .bind(id)
        .fetch_optional(c)
        .await?);
        row.map(Account::try_from).transpose()
    }

    /// Changes an account's name and role; 404 when missing, 409 `duplicate_code` when the name is taken.
    pub async fn update_account(&mut self, id: i64, name: &str, role: Role) -> Result<Account> {
        let n = with_conn!(self, |c| sqlx::query(
            "UPDATE account SET name = $1, name_key = $2, role = $3, \
                 teacher_id = CASE WHEN $3 = 'teacher' THEN teacher_id END WHERE id = $4"
        )
        .bind(name.trim())
        .bind(code_key(name))
        .bind(role.as_str())
        .bind(id)
        .execute(c)
        .await
        .on_unique(&[&ACCOUNT_NAME])?
        .rows_affected());
        if n == 0 {
            return Err(Error::not_found("account", id));
        }
        self.get_account(id).await?.ok_or_else(|| Error::not_found("account", id))
    }

    /// Deletes an account with its tokens and settings; 404 when missing. Its
    /// audit entries stay (they keep the name).
    pub async fn delete_account(&mut self, id: i64) -> Result<()> {
        with_conn!(self, |c| sqlx::query("DELETE FROM account_settings WHERE account_id = $1")
            .bind(id)
            .execute(c)
            .await?
            .rows_affected());
        with_conn!(self, |c| sqlx::query("DELETE FROM api_token WHERE account_id = $1")
            .bind(id)
            .execute(c)
            .await?
            .rows_affected());
        if self.execute_with_id("DELETE FROM account WHERE id = $1", id).await? == 0 {
            return Err(Error::not_found("account", id));
        }
        Ok(())
    }

    /// An account's mail settings; empty strings until it saved some.
    pub async fn get_settings(&mut self, account_id: i64) -> Result<AccountSettings> {
        let row: Option<AccountSettings> = with_conn!(self, |c| sqlx::query_as(
            "SELECT mail_body, mail_from, mail_subject FROM account_settings WHERE account_id = $1"
        )
        .bind(account_id)
        .fetch_optional(c)
        .await?);
        Ok(row.unwrap_or_default())
    }

    /// Saves an account's mail settings (insert or replace).
    pub async fn save_settings(&mut self, account_id: i64, s: &AccountSettings) -> Result<()> {
        with_conn!(self, |c| sqlx::query(
            "INSERT INTO account_settings (account_id, mail_body, mail_from, mail_subject) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (account_id) DO UPDATE SET mail_body = $2, mail_from = $3, mail_subject = $4"
        )
        .bind(account_id)
        .bind(&s.mail_body)
        .bind(&s.mail_from)
        .bind(&s.mail_subject)
        .execute(c)
        .await?
        .rows_affected());
        Ok(())
    }

    /// Number of accounts.
    pub async fn count_accounts(&mut self) -> Result<i64> {
        Ok(with_conn!(self, |c| sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM account").fetch_one(c).await?))
    }

    /// Stores a token (its hash) for `account_id`.
    pub async fn create_token(
        &mut self,
        account_id: i64,
        token: &NewToken,
        label: Option<&str>,
        expires_at: Option<&str>,
    ) -> Result<TokenInfo> {
        let now = crate::auth::now_text();
        let id: i64 = with_conn!(self, |c| sqlx::query_scalar(
            "INSERT INTO api_token (account_id, public_id, secret_hash, label, created_at, expires_at) \
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING id"
        )
        .bind(account_id)
        .bind(&token.public_id)
        .bind(&token.secret_hash)
        .bind(label)
        .bind(&now)
        .bind(expires_at)
        .fetch_one(c)
        .await?);
        self.get_token(id).await?.ok_or_else(|| Error::not_found("token", id))
    }

    /// One token's listing, if it exists.
    pub async fn get_token(&mut self, id: i64) -> Result<Option<TokenInfo>> {
        let sql = format!("{TOKEN_SELECT} WHERE t.id = $1");
        let row: Option<TokenRow> = with_conn!(self, |c| sqlx::query_as(&sql).bind(id).fetch_optional(c).await?);
        Ok(row.map(Into::into))
    }

    /// All tokens (or those of one account), newest first.
    pub async fn list_tokens(&mut self, account_id: Option<i64>) -> Result<Vec<TokenInfo>> {
        let sql = format!("{TOKEN_SELECT} WHERE ($1 IS NULL OR t.account_id = $1) ORDER BY t.id DESC");
        let rows: Vec<TokenRow> = with_conn!(self, |c| sqlx::query_as(&sql).bind(account_id).fetch_all(c).await?);
        Ok(rows.into_iter().map(Into::into).collect())
    }

    /// Revokes a token with immediate effect; 404 when unknown. Revoking twice keeps the first time.
    pub async fn revoke_token(&mut self, id: i64) -> Result<TokenInfo> {
        let now = crate::auth::now_text();
        with_conn!(self, |c| sqlx::query("UPDATE api_token SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL")
            .bind(&now)
            .bind(id)
            .execute(c)
            .await?
            .rows_affected());
        self.get_token(id).await?.ok_or_else(|| Error::not_found("token", id))
    }

    /// The token row with its account by public id, or `None` (one query; the
    /// token cache, [`super::tokens::TokenCache`], turns it into the caller).
    pub(crate) async fn auth_row(&mut self, public_id: &str) -> Result<Option<AuthRow>> {
        Ok(with_conn!(self, |c| sqlx::query_as(AUTH_SQL).bind(public_id).fetch_optional(c).await?))
    }

    /// Appends an audit entry (inside the transaction of the change).
    #[allow(clippy::too_many_arguments)]
    pub async fn insert_audit(
        &mut self,
        actor: Option<&Principal>,
        method: &str,
        path: &str,
        object_type: &str,
        object_id: Option<i64>,
        changes: &serde_json::Value,
        what: AuditWhat<'_>,
    ) -> Result<()> {
        let now = crate::auth::now_text();
        with_conn!(self, |c| {
            sqlx::query(
            "INSERT INTO audit_entry (at, account_id, account_name, method, path, object_type, object_id, changes, school_year, action, label) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)"
        )
        .bind(&now)
        .bind(actor.map(|a| a.account_id))
        .bind(actor.map(|a| a.name.as_str()).unwrap_or("(command line)"))
        .bind(method)
        .bind(path)
        .bind(object_type)
        .bind(object_id)
        .bind(changes.to_string())
        .bind(what.school_year)
        .bind(what.action)
        .bind(what.label)
        .execute(c)
        .await?
        .rows_affected()
        });
        Ok(())
    }

    /// The audit entries after entry `after` (by id, oldest first), at most
    /// `limit`: what changed since a reader last looked (the web's live
    /// changes, docs/web.md §Working together).
    pub async fn audit_after(&mut self, after: i64, limit: i64) -> Result<Vec<AuditEntry>> {
        Ok(with_conn!(self, |c| {
            sqlx::query_as(
            "SELECT id, at, account_id, account_name, method, path, object_type, object_id, changes, school_year, action, label FROM audit_entry \
             WHERE id > $1 ORDER BY id LIMIT $2"
        )
        .bind(after)
        .bind(limit)
        .fetch_all(c)
        .await?
        }))
    }

    /// The id of the newest audit entry (0 when there is none).
    pub async fn last_audit_id(&mut self) -> Result<i64> {
        let id: Option<i64> =
            with_conn!(self, |c| sqlx::query_scalar("SELECT MAX(id) FROM audit_entry").fetch_one(c).await?);
        Ok(id.unwrap_or(0))
    }

    /// Audit entries, newest first, filtered.
    pub async fn list_audit(&mut self, f: &AuditFilter) -> Result<Vec<AuditEntry>> {
        let rows: Vec<AuditEntry> = with_conn!(self, |c| {
            sqlx::query_as(
            "SELECT id, at, account_id, account_name, method, path, object_type, object_id, changes, school_year, action, label FROM audit_entry \
             WHERE ($1 IS NULL OR object_type = $1) AND ($2 IS NULL OR object_id = $2) \
               AND ($3 IS NULL OR at >= $3) AND ($4 IS NULL OR at < $4) ORDER BY id DESC"
        )
        .bind(&f.object_type)
        .bind(f.object_id)
        .bind(&f.from)
        .bind(&f.to)
        .fetch_all(c)
        .await?
        });
        Ok(rows)
    }
}
