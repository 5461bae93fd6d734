//! Accounts, roles and API tokens (docs/contract.md §Roles and authentication).
//!
//! A token looks like `sp_<public id>_<secret>`: the public id (16 hex digits)
//! finds the token row; the secret (32 random bytes = 256 bits, base64url) is
//! stored only as its SHA-256 hash and compared in constant time. The `sp_`
//! prefix makes leaked tokens recognisable to secret scanners.

use base64::Engine as _;
use serde::Serialize;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// A role; each from `Reader` on includes the rights of the ones before it
/// (docs/contract.md §Roles and authentication). `Teacher` comes first and
/// includes nothing: it is bound to one teacher and reads only that
/// teacher's own sheets (docs/teachers.md §What a teacher sees).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// One teacher: reads their own sheets under `/me` and confirms them;
    /// every other route refuses it (the account names the teacher).
    Teacher,
    /// Reads everything (all GETs).
    Reader,
    /// Reader + creates, changes and deletes planning data.
    Planner,
    /// Planner + manages accounts, tokens and reads the audit trail.
    Admin,
}

impl Role {
    /// The wire and database name.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Teacher => "teacher",
            Role::Reader => "reader",
            Role::Planner => "planner",
            Role::Admin => "admin",
        }
    }
}

impl std::str::FromStr for Role {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim() {
            "teacher" => Ok(Role::Teacher),
            "reader" => Ok(Role::Reader),
            "planner" => Ok(Role::Planner),
            "admin" => Ok(Role::Admin),
            other => Err(format!("unknown role `{other}` (use teacher, reader, planner or admin)")),
        }
    }
}

impl std::fmt::Display for Role {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The authenticated caller of a request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Principal {
    /// Account id.
    pub account_id: i64,
    /// Account name.
    pub name: String,
    /// Account role.
    pub role: Role,
    /// Id of the token used.
    pub token_id: i64,
}

/// Prefix of every token.
pub const TOKEN_PREFIX: &str = "sp_";

/// A freshly generated token: the full text (shown once) and what is stored.
#[derive(Debug, Clone)]
pub struct NewToken {
    /// `sp_<public id>_<secret>` — give it to the user once; never stored.
    pub text: String,
    /// The public id (stored, indexed).
    pub public_id: String,
    /// SHA-256 of the secret (stored).
    pub secret_hash: Vec<u8>,
}

/// Generates a token from the operating system's random source.
pub fn generate_token() -> anyhow::Result<NewToken> {
    let mut public = [0u8; 8];
    let mut secret = [0u8; 32];
    getrandom::fill(&mut public).map_err(|e| anyhow::anyhow!("no randomness: {e}"))?;
    getrandom::fill(&mut secret).map_err(|e| anyhow::anyhow!("no randomness: {e}"))?;
    let public_id: String = public.iter().map(|b| format!("{b:02x}")).collect();
    let secret = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(secret);
    Ok(NewToken { text: format!("{TOKEN_PREFIX}{public_id}_{secret}"), public_id, secret_hash: hash_secret(&secret) })
}

/// SHA-256 of a token secret.
pub fn hash_secret(secret: &str) -> Vec<u8> {
    Sha256::digest(secret.as_bytes()).to_vec()
}

/// Splits a presented token into (public id, secret); `None` when malformed.
pub fn parse_token(text: &str) -> Option<(&str, &str)> {
    let rest = text.strip_prefix(TOKEN_PREFIX)?;
    let (public_id, secret) = rest.split_once('_')?;
    let valid_public = public_id.len() == 16 && public_id.bytes().all(|b| b.is_ascii_hexdigit());
    let valid_secret =
        secret.len() == 43 && secret.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    (valid_public && valid_secret).then_some((public_id, secret))
}

/// Whether `secret` hashes to `stored`, compared in constant time.
pub fn secret_matches(secret: &str, stored: &[u8]) -> bool {
    hash_secret(secret).ct_eq(stored).into()
}

/// Current UTC time as sortable text `YYYY-MM-DDTHH:MM:SS.ffffffZ`.
pub fn now_text() -> String {
    timestamp_text(chrono::Utc::now())
}

/// A UTC time as sortable text.
pub fn timestamp_text(t: chrono::DateTime<chrono::Utc>) -> String {
    t.format("%Y-%m-%dT%H:%M:%S%.6fZ").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_tokens_parse_and_match() {
        let t = generate_token().unwrap();
        assert!(t.text.starts_with("sp_"));
        let (public, secret) = parse_token(&t.text).expect("parses");
        assert_eq!(public, t.public_id);
        assert!(secret_matches(secret, &t.secret_hash));
        assert!(!secret_matches("x", &t.secret_hash));
        let other = generate_token().unwrap();
        assert_ne!(t.text, other.text);
    }

    #[test]
    fn malformed_tokens_are_rejected() {
        let t = generate_token().unwrap();
        assert!(parse_token(&t.text[..t.text.len() - 1]).is_none(), "truncated");
        assert!(parse_token(&t.text.replacen("sp_", "xx_", 1)).is_none(), "wrong prefix");
        assert!(parse_token("sp_").is_none());
        assert!(parse_token("garbage").is_none());
        assert!(parse_token(&format!("{}!", &t.text[..t.text.len() - 1])).is_none());
    }

    #[test]
    fn roles_are_ordered() {
        assert!(Role::Teacher < Role::Reader && Role::Reader < Role::Planner && Role::Planner < Role::Admin);
        assert_eq!("teacher".parse::<Role>().unwrap(), Role::Teacher);
        assert_eq!("planner".parse::<Role>().unwrap(), Role::Planner);
        assert!("root".parse::<Role>().is_err());
    }
}

/// Response extension naming the account a request was made by, for the
/// request's log event (docs/operations.md §Logs); set by the API's access
/// check and the web interface's session guard.
#[derive(Debug, Clone, Copy)]
pub struct RequestAccount(pub i64);
