//! Single sign-on: OIDC/JWT bearer tokens of an identity provider (client.md
//! "Single sign-on").
//!
//! The existing browser client logs in with Microsoft Entra ID and sends the
//! provider's ID token as bearer token. A [`Verifier`] accepts such a token
//! when:
//!
//! - its header names algorithm `RS256` or `ES256` and a key id (`kid`) —
//!   anything else (`none`, `HS256`, …) is refused before any key is used, so a
//!   public key can never serve as an HMAC secret;
//! - the key with that `kid` is in the provider's JWKS (loaded from
//!   `--oidc-jwks-url` or `--oidc-jwks-file`, cached; an unknown `kid` reloads
//!   the set, at most once per [`OidcConfig::refresh_interval`]) and is of the
//!   family the algorithm needs (RSA for RS256, EC P-256 for ES256);
//! - the signature holds, `iss` equals [`OidcConfig::issuer`], `aud` contains
//!   [`OidcConfig::audience`], `exp` lies in the future and `nbf` (when given)
//!   in the past, both with [`OidcConfig::leeway`].
//!
//! The account is then the one whose name equals the first claim of
//! [`OidcConfig::claims`] the token carries (default `unique_name`,
//! `preferred_username`, `upn`, `email`); the caller resolves that name. Roles
//! stay schoolplan's.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context as _;
use jsonwebtoken::jwk::{AlgorithmParameters, JwkSet};
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use serde_json::Value;

/// The claims tried, in order, for the account name when none are configured.
pub const DEFAULT_CLAIMS: &[&str] = &["unique_name", "preferred_username", "upn", "email"];

/// Where the identity provider's signing keys come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JwksSource {
    /// An `https://` (or, for tests, `http://`) URL answering a JWKS document (RFC 7517 §5).
    Url(String),
    /// A file holding a JWKS document.
    File(PathBuf),
}

/// Settings of the single sign-on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OidcConfig {
    /// The signing keys.
    pub jwks: JwksSource,
    /// Required `iss`, e.g. `https://login.microsoftonline.com/<tenant>/v2.0`.
    pub issuer: String,
    /// Required member of `aud`: the browser client's application (client) id.
    pub audience: String,
    /// Claims tried in order for the account name.
    pub claims: Vec<String>,
    /// Tolerance for `exp` and `nbf` (clock skew).
    pub leeway: Duration,
    /// Least time between two reloads of the key set caused by unknown key ids.
    pub refresh_interval: Duration,
}

impl OidcConfig {
    /// Settings with the default claims, 60 s leeway and at most one reload per minute.
    pub fn new(jwks: JwksSource, issuer: impl Into<String>, audience: impl Into<String>) -> OidcConfig {
        OidcConfig {
            jwks,
            issuer: issuer.into(),
            audience: audience.into(),
            claims: DEFAULT_CLAIMS.iter().map(|c| c.to_string()).collect(),
            leeway: Duration::from_secs(60),
            refresh_interval: Duration::from_secs(60),
        }
    }
}

/// Why a token was refused (logged; the caller answers 401 without the reason).
#[derive(Debug, thiserror::Error)]
pub enum Rejection {
    /// Not a JWT, or its header cannot be read (this includes `alg: none`).
    #[error("not a readable JWT: {0}")]
    Malformed(String),
    /// The header names an algorithm other than RS256/ES256.
    #[error("algorithm {0:?} is not accepted (only RS256 and ES256)")]
    Algorithm(Algorithm),
    /// No `kid` in the header.
    #[error("the token names no key id")]
    NoKeyId,
    /// No key with this id, even after reloading the key set (or a reload was not due yet).
    #[error("unknown key id {0}")]
    UnknownKey(String),
    /// The key's family does not fit the algorithm.
    #[error("key {0} does not fit algorithm {1:?}")]
    KeyMismatch(String, Algorithm),
    /// Signature, issuer, audience, expiry or not-before check failed.
    #[error("invalid token: {0}")]
    Invalid(String),
    /// None of the configured claims holds a text.
    #[error("the token carries none of the claims {0}")]
    NoName(String),
    /// The key set could not be loaded.
    #[error("cannot load the key set: {0:#}")]
    Keys(anyhow::Error),
}

/// A usable key: its algorithm and the decoding key.
#[derive(Clone)]
struct Key {
    algorithm: Algorithm,
    key: DecodingKey,
}

#[derive(Default)]
struct Cache {
    keys: HashMap<String, Key>,
    /// When the set was last loaded (or a load was last attempted).
    loaded_at: Option<Instant>,
}

/// Verifies bearer JWTs against the cached key set (see the module docs).
pub struct Verifier {
    config: OidcConfig,
    http: reqwest::Client,
    cache: tokio::sync::Mutex<Cache>,
}

impl std::fmt::Debug for Verifier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Verifier").field("config", &self.config).finish_non_exhaustive()
    }
}

/// Whether a bearer token looks like a JWT (three base64url parts), not an `sp_` token.
pub fn looks_like_jwt(token: &str) -> bool {
    token.split('.').count() == 3
        && token.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'='))
}

impl Verifier {
    /// A verifier with an empty cache (the keys are loaded on first use).
    pub fn new(config: OidcConfig) -> anyhow::Result<Arc<Verifier>> {
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(10))
            .build()
            .context("cannot build the HTTP client for the JWKS")?;
        Ok(Arc::new(Verifier { config, http, cache: tokio::sync::Mutex::new(Cache::default()) }))
    }

    /// The settings.
    pub fn config(&self) -> &OidcConfig {
        &self.config
    }

    /// Checks `token` and returns the account name its claims name.
    pub async fn verify(&self, token: &str) -> Result<String, Rejection> {
        let header = jsonwebtoken::decode_header(token).map_err(|e| Rejection::Malformed(e.to_string()))?;
        if !matches!(header.alg, Algorithm::RS256 | Algorithm::ES256) {
            return Err(Rejection::Algorithm(header.alg));
        }
        let kid = header.kid.ok_or(Rejection::NoKeyId)?;
        let key = self.key(&kid).await?;
        if key.algorithm != header.alg {
            return Err(Rejection::KeyMismatch(kid, header.alg));
        }
        let mut validation = Validation::new(key.algorithm);
        validation.set_issuer(&[&self.config.issuer]);
        validation.set_audience(&[&self.config.audience]);
        validation.set_required_spec_claims(&["exp", "iss", "aud"]);
        validation.validate_exp = true;
        validation.validate_nbf = true;
        validation.leeway = self.config.leeway.as_secs();
        let data = jsonwebtoken::decode::<Value>(token, &key.key, &validation)
            .map_err(|e| Rejection::Invalid(e.to_string()))?;
        self.config
            .claims
            .iter()
            .find_map(|c| data.claims.get(c).and_then(Value::as_str).map(str::trim).filter(|s| !s.is_empty()))
            .map(str::to_string)
            .ok_or_else(|| Rejection::NoName(self.config.claims.join(", ")))
    }

    /// The key with id `kid`; reloads the set when it is unknown and a reload is due.
    async fn key(&self, kid: &str) -> Result<Key, Rejection> {
        let mut cache = self.cache.lock().await;
        if let Some(k) = cache.keys.get(kid) {
            return Ok(k.clone());
        }
        let due = cache.loaded_at.is_none_or(|at| at.elapsed() >= self.config.refresh_interval);
        if !due {
            return Err(Rejection::UnknownKey(kid.to_string()));
        }
        cache.loaded_at = Some(Instant::now());
        let keys = self.load().await.map_err(Rejection::Keys)?;
        tracing::info!(keys = keys.len(), "OIDC key set loaded");
        cache.keys = keys;
        cache.keys.get(kid).cloned().ok_or_else(|| Rejection::UnknownKey(kid.to_string()))
    }

    /// Reads the JWKS document and keeps its RSA and EC P-256 signing keys that have a `kid`.
    async fn load(&self) -> anyhow::Result<HashMap<String, Key>> {
        let text = match &self.config.jwks {
            JwksSource::File(path) => tokio::fs::read_to_string(path)
                .await
                .with_context(|| format!("cannot read the JWKS file {}", path.display()))?,
            JwksSource::Url(url) => self
                .http
                .get(url)
                .send()
                .await
                .and_then(reqwest::Response::error_for_status)
                .with_context(|| format!("cannot fetch the JWKS from {url}"))?
                .text()
                .await
                .with_context(|| format!("cannot read the JWKS from {url}"))?,
        };
        let set: JwkSet = serde_json::from_str(&text).context("the JWKS is not a JSON Web Key Set")?;
        Ok(keys_of(&set))
    }
}

/// The usable keys of a set by key id: RSA keys for RS256, EC keys for ES256;
/// keys without `kid`, of other kinds or that cannot be read are skipped.
fn keys_of(set: &JwkSet) -> HashMap<String, Key> {
    let mut out = HashMap::new();
    for jwk in &set.keys {
        let Some(kid) = jwk.common.key_id.clone() else { continue };
        let algorithm = match &jwk.algorithm {
            AlgorithmParameters::RSA(_) => Algorithm::RS256,
            AlgorithmParameters::EllipticCurve(p) if p.curve == jsonwebtoken::jwk::EllipticCurve::P256 => {
                Algorithm::ES256
            }
            _ => continue,
        };
        if let Ok(key) = DecodingKey::from_jwk(jwk) {
            out.insert(kid, Key { algorithm, key });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tells_jwts_from_api_tokens() {
        assert!(looks_like_jwt("eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln"));
        assert!(!looks_like_jwt("sp_0123456789abcdef_AAAA"));
        assert!(!looks_like_jwt("a.b"));
        assert!(!looks_like_jwt("a.b.c d"));
    }

    #[test]
    fn keeps_only_signing_keys_with_an_id() {
        let set: JwkSet = serde_json::from_value(serde_json::json!({"keys": [
            {"kty": "oct", "kid": "h", "k": "c2VjcmV0"},
            {"kty": "EC", "crv": "P-256", "x": "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU",
             "y": "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"},
            {"kty": "EC", "kid": "e", "crv": "P-256", "x": "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU",
             "y": "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}
        ]}))
        .unwrap();
        let keys = keys_of(&set);
        assert_eq!(keys.len(), 1);
        assert_eq!(keys["e"].algorithm, Algorithm::ES256);
    }
}
