//! Sign-in links and sessions of the web interface (docs/web.md §Sign-in and sessions).
//!
//! - A **sign-in link** carries a random secret (256 bits); the database keeps
//!   its SHA-256 hash. It can be used once, within [`LINK_LIFETIME`].
//! - Using it starts a **session**: another random secret, sent to the browser
//!   as an HttpOnly cookie and stored as its hash. A session ends after
//!   [`IDLE_TIMEOUT`] without a request, after [`ABSOLUTE_LIFETIME`] in any
//!   case, and at sign-out.
//! - The session's **CSRF token** is derived from its secret
//!   ([`csrf_token`]), so it needs no storage and cannot be guessed without
//!   the cookie.
//!
//! Roles are the account's (docs/contract.md §Roles and authentication), read
//! with every request, so a changed role applies at once.

use base64::Engine as _;
use chrono::{DateTime, Duration, Utc};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use crate::auth::{hash_secret, timestamp_text, Role};
use crate::error::{Error, ErrorCode, Result};
use crate::i18n::{Lang, Message};
use crate::store::Store;

/// How long a sign-in link can be used: 15 minutes.
pub const LINK_LIFETIME: Duration = Duration::minutes(15);
/// A session without a request for this long has ended: 2 hours.
pub const IDLE_TIMEOUT: Duration = Duration::hours(2);
/// A session ends this long after sign-in, however busy: 12 hours.
pub const ABSOLUTE_LIFETIME: Duration = Duration::hours(12);
/// A session's last use is written at most this often (each write also
/// invalidates the caches, so not on every request): 1 minute.
const TOUCH_INTERVAL: Duration = Duration::minutes(1);

/// The path of the sign-in page; a link is `<public URL>/signin?token=<secret>`.
pub const SIGNIN_PATH: &str = "/signin";

/// The path of a mailed link (`<public URL>/signin/confirm?token=<secret>`):
/// opening it shows a button that signs in, so that a mail scanner that
/// opens every link of a mail ahead of its reader does not use it up
/// (docs/web.md §Sign-in and sessions).
pub const CONFIRM_PATH: &str = "/signin/confirm";

/// The form of `link` (made by this module) to put into a mail: the same
/// secret under [`CONFIRM_PATH`].
pub fn mailed(link: &str) -> String {
    link.replacen(&format!("{SIGNIN_PATH}?token="), &format!("{CONFIRM_PATH}?token="), 1)
}

/// A signed-in person, as the web handlers see them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionUser {
    /// Session id (for sign-out and the language).
    pub session_id: i64,
    /// Account id.
    pub account_id: i64,
    /// Account name.
    pub name: String,
    /// Account role.
    pub role: Role,
    /// The language chosen in the session, if any.
    pub lang: Option<Lang>,
    /// The CSRF token of the session ([`csrf_token`]).
    pub csrf: String,
    /// The school year the account chose last (docs/web.md §The year kept), if any.
    pub school_year: Option<i64>,
}

impl SessionUser {
    /// The signed-in person as the caller of a use case (jobs, audit): no
    /// token, so `token_id` is 0.
    pub fn principal(&self) -> crate::auth::Principal {
        crate::auth::Principal { account_id: self.account_id, name: self.name.clone(), role: self.role, token_id: 0 }
    }

    /// Whether the person may change planning data (role planner or admin).
    pub fn can_plan(&self) -> bool {
        self.role >= Role::Planner
    }
}

/// 256 random bits, base64url without padding (43 characters).
fn random_secret() -> Result<String> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| Error::internal(anyhow::anyhow!("no randomness: {e}")))?;
    Ok(base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes))
}

/// Whether `text` has the shape of a secret made by [`random_secret`]
/// (checked before any lookup).
fn is_secret(text: &str) -> bool {
    text.len() == 43 && text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The CSRF token of the session with this secret: base64url of
/// SHA-256(`"schoolplan csrf\0"` ‖ secret).
pub fn csrf_token(session_secret: &str) -> String {
    let mut h = Sha256::new();
    h.update(b"schoolplan csrf\0");
    h.update(session_secret.as_bytes());
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(h.finalize())
}

/// Whether `presented` is the session's CSRF token (constant time).
pub fn csrf_matches(user: &SessionUser, presented: &str) -> bool {
    user.csrf.as_bytes().ct_eq(presented.as_bytes()).into()
}

/// Makes a sign-in link for the account `name` (compared like codes) and
/// returns the URL `<base_url>/signin?token=…`; 404 `not_found` when there is no
/// such account. The link is shown once: only its hash is stored.
pub async fn create_link(store: &Store, name: &str, base_url: &str) -> Result<String> {
    let mut tx = store.begin().await?;
    let Some(account) = tx.find_account(name).await? else {
        return Err(Error::new(ErrorCode::NotFound, Message::new("error-no-account-named").arg("name", name)));
    };
    let link = link_in(&mut tx, account.id, base_url, LINK_LIFETIME).await?;
    tx.commit().await?;
    Ok(link)
}

/// "Link per E-Mail senden" on the sign-in page
/// (docs/web.md §Sign-in and sessions): when `address` is a valid e-mail
/// address that names an account (its name, compared up to ASCII case) or the teacher an account
/// is bound to, a sign-in link valid [`LINK_LIFETIME`] is made and its mail
/// queued to that address, in one transaction. Returns whether a mail was
/// queued; the page answers the same either way, so nobody learns which
/// addresses have accounts.
pub async fn mail_link(store: &Store, address: &str, mail: &super::outbox::MailSettings) -> Result<bool> {
    let address = address.trim();
    if !crate::domain::teacher::valid_email(address) {
        return Ok(false);
    }
    let mut tx = store.begin().await?;
    let by_name = tx.find_account_by_sign_on(address).await?;
    let account = match by_name {
        Some(a) => Some(a),
        None => tx.find_account_by_teacher_email(address).await?,
    };
    let Some(account) = account else { return Ok(false) };
    let link = mailed(&link_in(&mut tx, account.id, &mail.base_url, LINK_LIFETIME).await?);
    let minutes = LINK_LIFETIME.num_minutes();
    let out = super::outbox::signin_mail(mail.lang, &account.name, address, &link, minutes);
    super::outbox::queue(&mut tx, std::slice::from_ref(&out)).await?;
    tx.commit().await?;
    Ok(true)
}

/// Stores a sign-in link for account `account` inside `tx`, valid for
/// `lifetime` (an invitation's is longer than [`LINK_LIFETIME`]), and returns
/// its URL `<base_url>/signin?token=…`.
pub(crate) async fn link_in(
    tx: &mut crate::store::Conn,
    account: i64,
    base_url: &str,
    lifetime: Duration,
) -> Result<String> {
    let secret = random_secret()?;
    let expires = timestamp_text(Utc::now() + lifetime);
    tx.create_signin_link(account, &hash_secret(&secret), &expires).await?;
    Ok(format!("{}{SIGNIN_PATH}?token={secret}", base_url.trim_end_matches('/')))
}

/// Uses a sign-in link's secret: when the link exists, is unused and has not
/// expired, marks it used and starts a session in language `lang`. Returns the
/// session's secret (for the cookie); `None` when the link is refused (unknown,
/// used or expired — one answer for all three). Ended sessions and expired
/// links are deleted on the way.
pub async fn sign_in(store: &Store, link_secret: &str, lang: Option<Lang>) -> Result<Option<String>> {
    if !is_secret(link_secret) {
        return Ok(None);
    }
    let now = Utc::now();
    let now_text = timestamp_text(now);
    let mut tx = store.begin().await?;
    let Some(account_id) = tx.use_signin_link(&hash_secret(link_secret), &now_text).await? else {
        return Ok(None);
    };
    let secret = start_session(&mut tx, account_id, lang, now).await?;
    tx.commit().await?;
    Ok(Some(secret))
}

/// Starts a session for `account_id` in `tx` (deleting ended sessions and
/// expired links on the way) and returns its secret.
async fn start_session(
    tx: &mut crate::store::Conn,
    account_id: i64,
    lang: Option<Lang>,
    now: DateTime<Utc>,
) -> Result<String> {
    let now_text = timestamp_text(now);
    tx.prune_sessions(&now_text, &timestamp_text(now - IDLE_TIMEOUT)).await?;
    let secret = random_secret()?;
    let expires = timestamp_text(now + ABSOLUTE_LIFETIME);
    tx.create_session(account_id, &hash_secret(&secret), lang.map(Lang::tag), &now_text, &expires).await?;
    Ok(secret)
}

/// How long a started single sign-on waits for the identity provider to send
/// the browser back: 10 minutes.
pub const SIGN_ON_LIFETIME: Duration = Duration::minutes(10);

/// What a started single sign-on keeps until the callback (docs/web.md
/// §Sign-in and sessions): the ID token's expected `nonce` and the PKCE
/// `code_verifier` the code is redeemed with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingSignOn {
    /// The `nonce` the ID token must carry.
    pub nonce: String,
    /// The PKCE code verifier (RFC 7636 §4.1).
    pub code_verifier: String,
}

/// Keeps a started single sign-on for [`SIGN_ON_LIFETIME`], found by its
/// `state` (only the state's SHA-256 hash is stored), in the database so that
/// any server can take the callback.
pub async fn begin_sign_on(store: &Store, state: &str, pending: &PendingSignOn) -> Result<()> {
    let now = Utc::now();
    let mut tx = store.begin().await?;
    tx.create_sign_on(
        &hash_secret(state),
        &pending.nonce,
        &pending.code_verifier,
        &timestamp_text(now),
        &timestamp_text(now + SIGN_ON_LIFETIME),
    )
    .await?;
    tx.commit().await
}

/// Takes the single sign-on started with `state`, once: `None` when it is
/// unknown, was taken already or has expired (one answer for all three).
pub async fn take_sign_on(store: &Store, state: &str) -> Result<Option<PendingSignOn>> {
    if state.is_empty() || state.len() > 200 {
        return Ok(None);
    }
    let mut tx = store.begin().await?;
    let taken = tx.take_sign_on(&hash_secret(state), &timestamp_text(Utc::now())).await?;
    tx.commit().await?;
    Ok(taken.map(|(nonce, code_verifier)| PendingSignOn { nonce, code_verifier }))
}

/// Starts a session for the account the identity provider named: the
/// account whose name equals `name` up to ASCII case, as for bearer tokens
/// ([`crate::store::Conn::find_account_by_sign_on`]). Returns the session's
/// secret (for the cookie); `None` when there is no such account.
pub async fn sign_in_by_sign_on(store: &Store, name: &str, lang: Option<Lang>) -> Result<Option<String>> {
    let mut tx = store.begin().await?;
    let Some(account) = tx.find_account_by_sign_on(name).await? else {
        return Ok(None);
    };
    let secret = start_session(&mut tx, account.id, lang, Utc::now()).await?;
    tx.commit().await?;
    Ok(Some(secret))
}

/// The person of a session cookie's secret; `None` when the session is
/// unknown or has ended (idle or past its absolute end). Notes the use at
/// most once per minute.
pub async fn resolve(store: &Store, session_secret: &str) -> Result<Option<SessionUser>> {
    if !is_secret(session_secret) {
        return Ok(None);
    }
    let row = {
        let mut conn = store.conn().await?;
        conn.session_by_hash(&hash_secret(session_secret)).await?
    };
    let Some(row) = row else { return Ok(None) };
    let now = Utc::now();
    let (Some(last_seen), Some(expires)) = (parse_time(&row.last_seen_at), parse_time(&row.expires_at)) else {
        return Ok(None);
    };
    if expires <= now || last_seen + IDLE_TIMEOUT <= now {
        return Ok(None);
    }
    if last_seen + TOUCH_INTERVAL <= now {
        let mut tx = store.begin().await?;
        tx.touch_session(row.id, &timestamp_text(now)).await?;
        tx.commit().await?;
    }
    Ok(Some(SessionUser {
        session_id: row.id,
        account_id: row.account_id,
        name: row.name,
        role: row.role,
        lang: row.lang.as_deref().and_then(Lang::from_tag),
        csrf: csrf_token(session_secret),
        school_year: row.school_year,
    }))
}

/// Keeps `school_year` as the year `user`'s account chose last
/// (docs/web.md §The year kept); nothing when it is kept already or does not
/// exist. Written without making the caches forget anything: no cache holds
/// it (migration 0021, `account_preference`).
pub async fn keep_year(store: &Store, user: &SessionUser, school_year: i64) -> Result<()> {
    if user.school_year == Some(school_year) {
        return Ok(());
    }
    let mut tx = store.begin().await?;
    tx.keep_school_year(user.account_id, school_year).await?;
    tx.commit_unseen().await
}

/// Keeps `lang` as the session's language, and as its account's, in which
/// its next sessions start (docs/i18n.md §Choosing the language).
pub async fn set_lang(store: &Store, user: &SessionUser, lang: Lang) -> Result<()> {
    let mut tx = store.begin().await?;
    tx.set_session_lang(user.session_id, lang.tag()).await?;
    tx.keep_account_lang(user.account_id, lang.tag()).await?;
    tx.commit().await
}

/// Ends a session (sign-out).
pub async fn sign_out(store: &Store, user: &SessionUser) -> Result<()> {
    let mut tx = store.begin().await?;
    tx.delete_session(user.session_id).await?;
    tx.commit().await
}

fn parse_time(text: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(text).ok().map(|t| t.with_timezone(&Utc))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csrf_tokens_follow_the_session_secret() {
        let a = random_secret().unwrap();
        let b = random_secret().unwrap();
        assert!(is_secret(&a) && is_secret(&b));
        assert_ne!(csrf_token(&a), csrf_token(&b));
        assert_eq!(csrf_token(&a), csrf_token(&a));
        let user = SessionUser {
            session_id: 1,
            account_id: 1,
            name: "x".into(),
            role: Role::Reader,
            lang: None,
            csrf: csrf_token(&a),
            school_year: None,
        };
        assert!(csrf_matches(&user, &csrf_token(&a)));
        assert!(!csrf_matches(&user, &csrf_token(&b)));
        assert!(!csrf_matches(&user, ""));
        assert!(!is_secret("short") && !is_secret(&format!("{}!", &a[..42])));
    }

    #[test]
    fn stored_times_parse() {
        let now = Utc::now();
        let text = timestamp_text(now);
        let back = parse_time(&text).unwrap();
        assert!((back - now).num_milliseconds().abs() < 1);
    }
}
