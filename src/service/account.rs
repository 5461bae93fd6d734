//! Accounts, API tokens and account settings
//! (docs/contract.md §Roles and authentication): the admin's use cases and the caller's own settings, each
//! in one transaction with its audit entry. The caller's own account and
//! token are protected from the caller: an administrator cannot remove their
//! own grant right, delete their own account or revoke the token in use.

use serde::Serialize;
use serde_json::{json, Value};

use super::audit::{Action, Actor};
use super::crud::Written;
use super::version::Expect;
use crate::auth::{generate_token, NewToken, Role};
use crate::domain::body_reader::{checked, limits, Mode, Reader};
use crate::domain::ids::TeacherId;
use crate::domain::reference_forms::TeacherRef;
use crate::error::{Error, ErrorCode, Result};
use crate::i18n::Message;
use crate::store::teacher::TeacherFilter;
use crate::store::{Conn, Store};

pub use crate::store::account::{Account, AccountSettings, TokenInfo};

/// The existing client's account screen over schoolplan's accounts
/// (docs/client.md §Accounts): the form its `/authorisation` resource shows,
/// and whose version a change of an account there is checked against.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Authorisation {
    /// Account id.
    pub id: i64,
    /// Account name (the single sign-on name claim must equal it).
    pub account_name: String,
    /// Whether the account may change planning data (role planner or admin).
    pub edit_allowed: bool,
    /// Whether the account may manage accounts (role admin).
    pub grant_allowed: bool,
}

impl From<&Account> for Authorisation {
    fn from(a: &Account) -> Self {
        Authorisation {
            id: a.id,
            account_name: a.name.clone(),
            edit_allowed: a.role >= Role::Planner,
            grant_allowed: a.role == Role::Admin,
        }
    }
}

/// A new account as the front doors send it
/// (docs/teachers.md §Accounts of teachers): a name, a role and, for the role `teacher`, the teacher it is
/// bound to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewAccount {
    /// Unique account name (at most [`limits::NAME`] characters).
    pub name: String,
    /// The role.
    pub role: Role,
    /// The teacher of a `teacher` account; `None` for the other roles.
    pub teacher: Option<TeacherId>,
}

impl NewAccount {
    /// An account of `role` (not `teacher`) named `name`.
    pub fn with_role(name: &str, role: Role) -> NewAccount {
        NewAccount { name: name.to_string(), role, teacher: None }
    }
}

/// The body of a new account, `{"name", "role", "teacher"?}` (as `POST
/// /api/v1/account` and the admin screen's form send it): the name
/// (required, at most [`limits::NAME`] characters), the role (`teacher`,
/// `reader`, `planner` or `admin`) and, with the role `teacher` and only
/// then, the id of the teacher (required); 422 with a field error per problem.
pub fn read_new_account(body: &Value) -> Result<NewAccount> {
    let mut r = Reader::new(body, Mode::Create)?;
    let name = r.text("name", true, limits::NAME);
    let role = r.choice("role", &["teacher", "reader", "planner", "admin"], true).and_then(|c| c.parse::<Role>().ok());
    let teacher = r.reference("teacher", role == Some(Role::Teacher));
    r.finish()?;
    let role = checked(role);
    if role != Role::Teacher && teacher.is_some() {
        return Err(Error::field(
            "/teacher",
            ErrorCode::TeacherBinding,
            Message::new("error-account-teacher-only").arg("role", role),
        ));
    }
    Ok(NewAccount { name: checked(name), role, teacher: teacher.map(TeacherId) })
}

/// Creates account `new` for `actor`; 409 `duplicate_code` when the name is
/// taken. A `teacher` account: 422 `unknown_reference` at `/teacher` for an
/// unknown teacher, 409 `teacher_has_account` when the teacher has one
/// already. Returns the account as written.
pub async fn create_account(store: &Store, actor: &Actor, new: &NewAccount) -> Result<Written<Account>> {
    let mut tx = store.begin().await?;
    let account = match (new.role, new.teacher) {
        (Role::Teacher, Some(teacher)) => {
            bindable_teacher(&mut tx, teacher).await?;
            if tx.find_account(&new.name).await?.is_some() {
                return Err(Error::new(
                    ErrorCode::DuplicateCode,
                    Message::new("error-taken-account-name").arg("name", new.name.trim()),
                ));
            }
            tx.create_teacher_account(&new.name, teacher).await?
        }
        (Role::Teacher, None) => {
            return Err(Error::field(
                "/teacher",
                ErrorCode::TeacherBinding,
                Message::new("error-account-teacher-needed"),
            ));
        }
        (role, _) => tx.create_account(&new.name, role).await?,
    };
    actor.record(&mut tx, "account", account.id, None::<&()>, Some(&account)).await?;
    tx.commit().await?;
    Written::new(account.id, account)
}

/// Checks inside `tx` that `teacher` exists (422 `unknown_reference` at
/// `/teacher`) and has no account yet (409 `teacher_has_account`).
async fn bindable_teacher(tx: &mut Conn, teacher: TeacherId) -> Result<()> {
    if tx.get_teacher(teacher).await?.is_none() {
        return Err(Error::field(
            "/teacher",
            ErrorCode::UnknownReference,
            Message::new("error-unknown-reference-id").arg_message("kind", Message::kind("teacher")).arg("id", teacher),
        ));
    }
    if let Some((_, _, name)) = tx.teacher_accounts().await?.into_iter().find(|(t, _, _)| *t == teacher) {
        return Err(Error::new(
            ErrorCode::TeacherHasAccount,
            Message::new("error-teacher-has-account-named").arg("account", name),
        ));
    }
    Ok(())
}

/// The active teachers that have no account yet, by code (the choice of the
/// admin screen's form for a `teacher` account), read in one snapshot.
pub async fn bindable_teachers(store: &Store) -> Result<Vec<TeacherRef>> {
    store
        .snapshot(async |conn| {
            let bound: Vec<TeacherId> = conn.teacher_accounts().await?.into_iter().map(|(t, _, _)| t).collect();
            let filter = TeacherFilter { archived: Some(false), ..Default::default() };
            let mut all = conn.list_teachers(filter).await?;
            all.retain(|t| !bound.contains(&t.id));
            Ok(all)
        })
        .await
}

/// How the admin screen names teacher `id`: `code – first last` (`None` when gone).
pub async fn teacher_label(store: &Store, id: TeacherId) -> Result<Option<String>> {
    let teacher = store.conn().await?.get_teacher(id).await?;
    Ok(teacher.map(|t| format!("{} – {} {}", t.code, t.first_name, t.last_name)))
}

/// The id of the teacher with code `code` (the command line names teachers by code).
pub async fn teacher_by_code(store: &Store, code: &str) -> Result<Option<TeacherId>> {
    store.conn().await?.teacher_id_by_code(code).await
}

/// Locks account `id`'s row and reads it; 404 when missing, 412 when `expect`
/// does not hold for the version of its [`Authorisation`] form.
async fn current_account(tx: &mut Conn, id: i64, expect: &Expect) -> Result<Account> {
    tx.lock_row("account", id).await?;
    let before = tx.get_account(id).await?.ok_or_else(|| Error::not_found("account", id))?;
    expect.check_form("account", id, &Authorisation::from(&before))?;
    Ok(before)
}

/// Renames account `id` and sets its role for `actor`: 404, 412 (against the
/// [`Authorisation`] form); 409 `own_account` when the caller would remove
/// their own grant right, `duplicate_code` when the name is taken. Returns the
/// account as written, as its [`Authorisation`] form.
pub async fn update_account(
    store: &Store,
    actor: &Actor,
    id: i64,
    expect: &Expect,
    name: &str,
    role: Role,
) -> Result<Written<Authorisation>> {
    if let Some(p) = actor.principal.as_ref().filter(|p| p.account_id == id && role != Role::Admin) {
        return Err(Error::new(ErrorCode::OwnAccount, Message::new("error-own-account-grant").arg("account", &p.name)));
    }
    let mut tx = store.begin().await?;
    let before = current_account(&mut tx, id, expect).await?;
    if role == Role::Teacher && before.role != Role::Teacher {
        return Err(Error::field("/role", ErrorCode::TeacherBinding, Message::new("error-account-teacher-needed")));
    }
    let after = tx.update_account(id, name, role).await?;
    actor.record(&mut tx, "account", id, Some(&before), Some(&after)).await?;
    tx.commit().await?;
    Written::new(id, Authorisation::from(&after))
}

/// Deletes account `id` with its tokens and settings for `actor`: 404, 412
/// (against the [`Authorisation`] form); 409 `own_account` for the caller's
/// own account.
pub async fn delete_account(store: &Store, actor: &Actor, id: i64, expect: &Expect) -> Result<()> {
    if let Some(p) = actor.principal.as_ref().filter(|p| p.account_id == id) {
        return Err(Error::new(
            ErrorCode::OwnAccount,
            Message::new("error-own-account-delete").arg("account", &p.name),
        ));
    }
    let mut tx = store.begin().await?;
    let before = current_account(&mut tx, id, expect).await?;
    tx.delete_account(id).await?;
    actor.record(&mut tx, "account", id, Some(&before), None::<&()>).await?;
    tx.commit().await
}

/// The body of a new token, `{"account": id, "label"?, "expiresInDays"?}`
/// (as `POST /api/v1/token` and the admin screen's form send it): the
/// account's id, a label (at most [`limits::NAME`] characters) and the
/// lifetime in days (1 to 3650; absent: never expires); 422 with a field
/// error per problem.
pub fn read_new_token(body: &Value) -> Result<(i64, Option<String>, Option<i64>)> {
    let mut r = Reader::new(body, Mode::Create)?;
    let account = r.reference("account", true);
    let label = r.text("label", false, limits::NAME);
    let days = r.integer("expiresInDays", false, 1, 3650);
    r.finish()?;
    Ok((checked(account), label, days))
}

/// The expiry of a token living `days` days from now (timestamp text), `None` for never.
pub fn expiry_in(days: Option<i64>) -> Option<String> {
    days.map(|d| crate::auth::timestamp_text(chrono::Utc::now() + chrono::Duration::days(d)))
}

/// Creates a token for account `account` for `actor`, labelled `label`,
/// expiring at `expires` (a timestamp text, `None`: never): 422
/// `unknown_reference` at `/account` for an unknown account. Returns the
/// token's listing and the new token, whose text is shown once and never
/// stored.
pub async fn create_token(
    store: &Store,
    actor: &Actor,
    account: i64,
    label: Option<&str>,
    expires: Option<&str>,
) -> Result<(TokenInfo, NewToken)> {
    let token = generate_token().map_err(Error::Internal)?;
    let mut tx = store.begin().await?;
    if tx.get_account(account).await?.is_none() {
        return Err(Error::field(
            "/account",
            ErrorCode::UnknownReference,
            Message::new("error-unknown-reference-id").arg_message("kind", Message::kind("account")).arg("id", account),
        ));
    }
    let info = tx.create_token(account, &token, label, expires).await?;
    let label = Some(info.account_name.as_str());
    actor.record_changes(&mut tx, Action::Created, "token", info.id, label, &json!({"after": info})).await?;
    tx.commit().await?;
    Ok((info, token))
}

/// Revokes token `id` for `actor` with immediate effect: 404 when missing;
/// 409 `own_token` when it is the token the caller uses (an admin cannot lock
/// themselves out by mistake).
/// Returns the token's listing as revoked.
pub async fn revoke_token(store: &Store, actor: &Actor, id: i64) -> Result<TokenInfo> {
    if actor.principal.as_ref().is_some_and(|p| p.token_id == id) {
        return Err(Error::new(ErrorCode::OwnToken, Message::new("error-own-token-id").arg("id", id)));
    }
    let mut tx = store.begin().await?;
    let info = tx.revoke_token(id).await?;
    let changes = json!({"after": {"revokedAt": info.revoked_at}});
    let label = Some(info.account_name.as_str());
    actor.record_changes(&mut tx, Action::Revoked, "token", id, label, &changes).await?;
    tx.commit().await?;
    Ok(info)
}

/// Creates each of `accounts` (name, role) with one token labelled `demo`,
/// all in one transaction and audited for `actor` (`serve --demo`,
/// docs/domain.md §The demo school); 409 `duplicate_code` when a name is taken.
/// Returns the new tokens in the order of `accounts`; their texts are shown
/// once and never stored.
pub async fn create_demo_accounts(store: &Store, actor: &Actor, accounts: &[(&str, Role)]) -> Result<Vec<NewToken>> {
    let mut tx = store.begin().await?;
    let mut tokens = Vec::with_capacity(accounts.len());
    for &(name, role) in accounts {
        let account = tx.create_account(name, role).await?;
        actor.record(&mut tx, "account", account.id, None::<&()>, Some(&account)).await?;
        let token = generate_token().map_err(Error::Internal)?;
        let info = tx.create_token(account.id, &token, Some("demo"), None).await?;
        let label = Some(info.account_name.as_str());
        actor.record_changes(&mut tx, Action::Created, "token", info.id, label, &json!({"after": info})).await?;
        tokens.push(token);
    }
    tx.commit().await?;
    Ok(tokens)
}

/// The account a single sign-on names: the one whose name equals `name`
/// (the name a verified identity-provider token carries) up to ASCII case,
/// if there is one. Errors: the database's (500/503).
pub async fn account_by_sign_on(store: &Store, name: &str) -> Result<Option<Account>> {
    store.conn().await?.find_account_by_sign_on(name).await
}

/// The account named `name`, if there is one (the command line names accounts by name).
pub async fn account_named(store: &Store, name: &str) -> Result<Option<Account>> {
    store.conn().await?.find_account(name).await
}

/// Every token of every account, newest first, revoked ones too (`schoolplan token list`).
pub async fn tokens(store: &Store) -> Result<Vec<TokenInfo>> {
    tokens_of(store, None).await
}

/// The tokens of account `account` (of every account when `None`), newest
/// first, revoked ones too, never the secret (`GET /token`, docs/contract.md
/// §Roles and authentication). Errors: the database's (500/503).
pub async fn tokens_of(store: &Store, account: Option<i64>) -> Result<Vec<TokenInfo>> {
    store.conn().await?.list_tokens(account).await
}

/// Account `id` (`GET /account/ID`, `GET /authorisation/ID`). Errors: 404
/// when there is no such account; the database's (500/503).
pub async fn account(store: &Store, id: i64) -> Result<Account> {
    store.conn().await?.get_account(id).await?.ok_or_else(|| Error::not_found("account", id))
}

/// The mail settings of account `account` (empty texts until it saved
/// some): what `GET /settings` answers and the mail form starts from.
pub async fn settings(store: &Store, account: i64) -> Result<AccountSettings> {
    store.conn().await?.get_settings(account).await
}

/// Saves the settings of account `account` (the caller's own: the front door
/// passes `actor`'s account) for `actor`: returns them as saved.
pub async fn save_settings(
    store: &Store,
    actor: &Actor,
    account: i64,
    new: &AccountSettings,
) -> Result<AccountSettings> {
    let mut tx = store.begin().await?;
    let before = tx.get_settings(account).await?;
    tx.save_settings(account, new).await?;
    actor.record(&mut tx, "settings", account, Some(&before), Some(new)).await?;
    tx.commit().await?;
    Ok(new.clone())
}

/// Whether `role` may manage accounts and tokens: administrators only, as
/// `/api/v1/account` and `/api/v1/token`.
pub fn may_manage(role: Role) -> bool {
    role == Role::Admin
}

/// Every account, by name (the admin screen's list, docs/web.md §Verwaltung).
pub async fn accounts(store: &Store) -> Result<Vec<Account>> {
    store.conn().await?.list_accounts().await
}

/// Account `id` with its tokens (newest first), read in one snapshot; 404 when missing.
pub async fn account_with_tokens(store: &Store, id: i64) -> Result<(Account, Vec<TokenInfo>)> {
    store
        .snapshot(async |conn| {
            let account = conn.get_account(id).await?.ok_or_else(|| Error::not_found("account", id))?;
            Ok((account, conn.list_tokens(Some(id)).await?))
        })
        .await
}
