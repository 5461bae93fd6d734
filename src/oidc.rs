//! Single sign-on: OIDC/JWT bearer tokens of an identity provider (docs/client.md §Single sign-on
//! "Single sign-on"; README "Using the existing Pensenmanager client").
//!
//! The existing browser client logs in with Microsoft Entra ID and sends the
//! provider's ID token as bearer token. A [`Verifier`] accepts such a token
//! when:
//!
//! - its header names algorithm `RS256` or `ES256` and a key id (`kid`) —
//!   anything else (`none`, `HS256`, …) is refused before any key is used, so a
//!   public key can never serve as an HMAC secret — and has no `crit` member
//!   (no extension is understood here, so RFC 7515 §4.1.11 says refuse);
//! - the key with that `kid` is in the provider's JWKS (loaded from
//!   `--oidc-jwks-url` or `--oidc-jwks-file`) and is of the family the
//!   algorithm needs (RSA for RS256, EC P-256 for ES256);
//! - the signature holds, `iss` equals [`OidcConfig::issuer`], `aud` contains
//!   [`OidcConfig::audience`], `exp` lies in the future and `nbf` (when given)
//!   in the past, both with [`OidcConfig::leeway`].
//!
//! **The key set** is kept for as long as the provider allows
//! (`Cache-Control: max-age`) and never longer than [`OidcConfig::keys_max_age`]
//! (5 minutes by default), so a key the provider has removed stops being
//! trusted within that time; an unknown `kid` reloads it early, at most once
//! per [`OidcConfig::refresh_interval`]. One fetch runs at a time and no lock
//! is held while it runs: the requests that arrive meanwhile go on with the
//! keys known so far (only a token with a still unknown `kid` waits for the
//! fetch). A failed fetch keeps the known keys (logged) and is tried again
//! after [`OidcConfig::refresh_interval`].
//!
//! **The account** is the one whose name equals the text of the one claim
//! [`OidcConfig::claim`] (default `unique_name`), compared exactly up to ASCII
//! case: `KIM@…` is `kim@…`, but `\u{212A}im@…` (a Kelvin sign) is nobody.
//! `email` is used only when configured, as users can change it themselves in
//! Entra ID. The caller resolves the name ([`crate::store::Conn::find_account_by_sign_on`]).
//! Roles stay schoolplan's.
//!
//! People sign in to the web interface through the same provider with the
//! authorization-code flow ([`signin`]); its ID token passes the same checks.

pub mod signin;

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::Context as _;
use base64::Engine as _;
use jsonwebtoken::jwk::{AlgorithmParameters, JwkSet};
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use serde_json::Value;

/// The claim naming the account when none is configured.
pub const DEFAULT_CLAIM: &str = "unique_name";
/// The longest a loaded key set is used without asking the provider again.
pub const DEFAULT_KEYS_MAX_AGE: Duration = Duration::from_secs(5 * 60);

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
    /// The one claim whose text names the account (compared up to ASCII case).
    pub claim: String,
    /// Tolerance for `exp` and `nbf` (clock skew).
    pub leeway: Duration,
    /// Least time between two loads of the key set (after an unknown key id,
    /// a failed load, or a `max-age` shorter than this).
    pub refresh_interval: Duration,
    /// Longest time a loaded key set is used: the provider's
    /// `Cache-Control: max-age` when shorter (a file: this).
    pub keys_max_age: Duration,
    /// Longest wait for the provider's answer to one fetch of the key set.
    pub fetch_timeout: Duration,
}

impl OidcConfig {
    /// Settings with the default claim, 60 s leeway, a key set kept at most
    /// 5 minutes, at most one load per minute and 10 s per fetch.
    pub fn new(jwks: JwksSource, issuer: impl Into<String>, audience: impl Into<String>) -> OidcConfig {
        OidcConfig {
            jwks,
            issuer: issuer.into(),
            audience: audience.into(),
            claim: DEFAULT_CLAIM.to_string(),
            leeway: Duration::from_secs(60),
            refresh_interval: Duration::from_secs(60),
            keys_max_age: DEFAULT_KEYS_MAX_AGE,
            fetch_timeout: Duration::from_secs(10),
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
    /// The header has a `crit` member (RFC 7515 §4.1.11: no extension is understood here).
    #[error("the header names critical extensions ({0}), which are not understood")]
    Critical(String),
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
    /// The configured claim holds no text.
    #[error("the token carries no claim {0}")]
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

/// The known key set (behind a lock held only to read or replace it).
#[derive(Default)]
struct Cache {
    keys: Arc<HashMap<String, Key>>,
    /// When a load was last attempted (successful or not).
    tried_at: Option<Instant>,
    /// Until when the keys may be used without asking again (`None`: never loaded).
    fresh_until: Option<Instant>,
}

/// A loaded key set and how long the provider lets it be kept.
struct Loaded {
    keys: HashMap<String, Key>,
    max_age: Option<Duration>,
}

/// Verifies bearer JWTs against the cached key set (see the module docs).
pub struct Verifier {
    config: OidcConfig,
    http: reqwest::Client,
    cache: Mutex<Cache>,
    /// Held while the key set is fetched: one fetch at a time.
    fetching: tokio::sync::Mutex<()>,
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
            .timeout(config.fetch_timeout)
            .build()
            .context("cannot build the HTTP client for the JWKS")?;
        Ok(Arc::new(Verifier {
            config,
            http,
            cache: Mutex::new(Cache::default()),
            fetching: tokio::sync::Mutex::new(()),
        }))
    }

    /// The settings.
    pub fn config(&self) -> &OidcConfig {
        &self.config
    }

    /// Checks `token` and returns the account name its claim holds (trimmed;
    /// the caller compares it up to ASCII case).
    pub async fn verify(&self, token: &str) -> Result<String, Rejection> {
        let claims = self.verify_claims(token).await?;
        self.name_of(&claims)
    }

    /// The account name the configured claim of checked `claims` holds
    /// (trimmed); [`Rejection::NoName`] when it holds no text.
    pub fn name_of(&self, claims: &Value) -> Result<String, Rejection> {
        claims
            .get(&self.config.claim)
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .ok_or_else(|| Rejection::NoName(self.config.claim.clone()))
    }

    /// Checks `token` as [`Verifier::verify`] does (header, key, signature,
    /// `iss`, `aud`, `exp`, `nbf`) and returns all its claims, for a caller
    /// that checks more of them (the web sign-in's `nonce`, [`signin`]).
    pub async fn verify_claims(&self, token: &str) -> Result<Value, Rejection> {
        let header = jsonwebtoken::decode_header(token).map_err(|e| Rejection::Malformed(e.to_string()))?;
        if !matches!(header.alg, Algorithm::RS256 | Algorithm::ES256) {
            return Err(Rejection::Algorithm(header.alg));
        }
        refuse_critical(token)?;
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
        Ok(data.claims)
    }

    /// The known keys, and whether they are fresh (loaded and not older than allowed).
    fn known(&self) -> (Arc<HashMap<String, Key>>, bool) {
        let cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        (cache.keys.clone(), cache.fresh_until.is_some_and(|until| Instant::now() < until))
    }

    /// Whether a load may start now ([`OidcConfig::refresh_interval`] since the last attempt).
    fn load_due(&self) -> bool {
        let cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        cache.tried_at.is_none_or(|at| at.elapsed() >= self.config.refresh_interval)
    }

    /// The key with id `kid` (see the module doc for when the set is loaded).
    async fn key(&self, kid: &str) -> Result<Key, Rejection> {
        let (keys, fresh) = self.known();
        if let (Some(k), true) = (keys.get(kid), fresh) {
            return Ok(k.clone());
        }
        if let Some(k) = keys.get(kid) {
            // Known but due for a refresh: refresh unless another request is
            // fetching already; meanwhile the known key serves.
            let Ok(_fetching) = self.fetching.try_lock() else { return Ok(k.clone()) };
            let (keys, fresh) = self.known();
            let keys = if fresh || !self.load_due() { keys } else { self.reload().await? };
            return keys.get(kid).cloned().ok_or_else(|| Rejection::UnknownKey(kid.to_string()));
        }
        // Unknown: wait for a fetch under way (it may bring the key), then load if due.
        let _fetching = self.fetching.lock().await;
        if let Some(k) = self.known().0.get(kid) {
            return Ok(k.clone());
        }
        if !self.load_due() {
            return Err(Rejection::UnknownKey(kid.to_string()));
        }
        let keys = self.reload().await?;
        keys.get(kid).cloned().ok_or_else(|| Rejection::UnknownKey(kid.to_string()))
    }

    /// Loads the key set (the caller holds `fetching`; the cache lock is not
    /// held meanwhile) and keeps it; on failure keeps the known keys.
    async fn reload(&self) -> Result<Arc<HashMap<String, Key>>, Rejection> {
        let started = Instant::now();
        self.cache.lock().unwrap_or_else(|e| e.into_inner()).tried_at = Some(started);
        let loaded = self.load().await;
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        match loaded {
            Ok(Loaded { keys, max_age }) => {
                let age = max_age.map_or(self.config.keys_max_age, |m| m.min(self.config.keys_max_age));
                tracing::info!(keys = keys.len(), ?age, "OIDC key set loaded");
                cache.keys = Arc::new(keys);
                cache.fresh_until = Some(started + age);
                Ok(cache.keys.clone())
            }
            Err(e) if cache.fresh_until.is_some() => {
                tracing::warn!(error = %format!("{e:#}"), "cannot reload the OIDC key set; the known keys stay in use");
                Ok(cache.keys.clone())
            }
            Err(e) => Err(Rejection::Keys(e)),
        }
    }

    /// Reads the JWKS document and keeps its RSA and EC P-256 signing keys
    /// that have a `kid`, with the `max-age` the provider allows.
    async fn load(&self) -> anyhow::Result<Loaded> {
        let (text, max_age) = match &self.config.jwks {
            JwksSource::File(path) => (
                tokio::fs::read_to_string(path)
                    .await
                    .with_context(|| format!("cannot read the JWKS file {}", path.display()))?,
                None,
            ),
            JwksSource::Url(url) => {
                let res = self
                    .http
                    .get(url)
                    .send()
                    .await
                    .and_then(reqwest::Response::error_for_status)
                    .with_context(|| format!("cannot fetch the JWKS from {url}"))?;
                let max_age = res
                    .headers()
                    .get_all(reqwest::header::CACHE_CONTROL)
                    .iter()
                    .filter_map(|v| v.to_str().ok())
                    .filter_map(cache_max_age)
                    .min();
                (res.text().await.with_context(|| format!("cannot read the JWKS from {url}"))?, max_age)
            }
        };
        let set: JwkSet = serde_json::from_str(&text).context("the JWKS is not a JSON Web Key Set")?;
        Ok(Loaded { keys: keys_of(&set), max_age })
    }
}

/// How long a `Cache-Control` header value lets an answer be kept:
/// `no-store`/`no-cache` → 0, `max-age=N` → N seconds, else `None` (RFC 9111 §5.2.2).
fn cache_max_age(value: &str) -> Option<Duration> {
    value.split(',').map(str::trim).find_map(|directive| {
        let lower = directive.to_ascii_lowercase();
        if lower == "no-store" || lower == "no-cache" {
            return Some(Duration::ZERO);
        }
        let seconds = lower.strip_prefix("max-age=")?.trim_matches('"');
        seconds.parse::<u64>().ok().map(Duration::from_secs)
    })
}

/// Refuses a token whose protected header has a `crit` member: no extension
/// is understood here, so the token must be refused (RFC 7515 §4.1.11).
fn refuse_critical(token: &str) -> Result<(), Rejection> {
    let part = token.split('.').next().unwrap_or_default();
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(part.trim_end_matches('='))
        .map_err(|e| Rejection::Malformed(e.to_string()))?;
    let header: Value = serde_json::from_slice(&bytes).map_err(|e| Rejection::Malformed(e.to_string()))?;
    match header.get("crit") {
        None => Ok(()),
        Some(crit) => Err(Rejection::Critical(crit.to_string())),
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
    fn reads_the_max_age_of_cache_control() {
        assert_eq!(cache_max_age("public, max-age=86400"), Some(Duration::from_secs(86400)));
        assert_eq!(cache_max_age("max-age=\"60\", must-revalidate"), Some(Duration::from_secs(60)));
        assert_eq!(cache_max_age("no-store"), Some(Duration::ZERO));
        assert_eq!(cache_max_age("private"), None);
        assert_eq!(cache_max_age("max-age=soon"), None);
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
