//! Sign-in to the web interface through the identity provider: the OpenID
//! Connect authorization-code flow with PKCE
//! (docs/web.md §Sign-in and sessions;
//! docs/security.md §Single sign-on in the browser).
//!
//! - **Discovery.** On first use the provider's
//!   `<issuer>/.well-known/openid-configuration` is read once per process
//!   (again after a failure): its `issuer` must equal [`SignInConfig::issuer`]
//!   exactly (OpenID Connect Discovery §4.3), and it names the authorization,
//!   token and key-set endpoints.
//! - **Start** ([`SignOn::start`]): a fresh `state`, `nonce` and PKCE code
//!   verifier (S256 challenge, RFC 7636), each with at least 128 random bits;
//!   the caller keeps them and sends the browser to the returned URL.
//! - **Finish** ([`SignOn::finish`]): the code is redeemed at the token
//!   endpoint with the verifier (and the client secret when one is set); the
//!   answer's ID token must pass the bearer tokens' checks ([`super::Verifier`]:
//!   RS256/ES256 signature by a key of the provider's set, `iss`, `aud` = the
//!   client id, `exp`, `nbf`), carry the `nonce` of the start and, when it
//!   names several audiences, `azp` = the client id. The account is then the one
//!   its [`SignInConfig::claim`] names, exactly as for bearer tokens.
//!
//! The OAuth 2.0 part (authorization URL, PKCE, code exchange) is the `oauth2`
//! crate's; the ID token is checked by [`super::Verifier`], so one
//! implementation of the JWT checks serves both doors.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use oauth2::basic::{
    BasicErrorResponse, BasicRevocationErrorResponse, BasicTokenIntrospectionResponse, BasicTokenType,
};
use oauth2::{
    AuthType, AuthUrl, AuthorizationCode, Client, ClientId, ClientSecret, CsrfToken, EndpointNotSet, EndpointSet,
    ExtraTokenFields, PkceCodeChallenge, PkceCodeVerifier, RedirectUrl, RequestTokenError, Scope,
    StandardRevocableToken, StandardTokenResponse, TokenUrl,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use subtle::ConstantTimeEq;

use super::{JwksSource, OidcConfig, Rejection, Verifier};

/// The path that starts a sign-in.
pub const START_PATH: &str = "/signin/oidc";
/// The path the provider sends the browser back to (the redirect URI is the
/// public URL followed by it).
pub const CALLBACK_PATH: &str = "/signin/oidc/callback";
/// The redirect URI of a service reached at `public_url`: it followed by [`CALLBACK_PATH`].
pub fn redirect_uri(public_url: &str) -> String {
    format!("{}{CALLBACK_PATH}", public_url.trim_end_matches('/'))
}

/// The scopes asked for: `openid` (an ID token), `profile` (the user's names,
/// `preferred_username`) and `email`.
pub const SCOPES: [&str; 3] = ["openid", "profile", "email"];

/// Settings of the sign-in through the identity provider.
#[derive(Clone, PartialEq, Eq)]
pub struct SignInConfig {
    /// The provider's issuer, e.g. `https://login.microsoftonline.com/<tenant>/v2.0`;
    /// its discovery document is read from `<issuer>/.well-known/openid-configuration`.
    pub issuer: String,
    /// The application (client) id registered at the provider; the ID token's audience.
    pub client_id: String,
    /// The client secret, when the registration has one (a confidential
    /// client); `None`: a public client, PKCE alone.
    pub client_secret: Option<String>,
    /// Where the provider sends the browser back: `<public URL>/signin/oidc/callback`.
    pub redirect_uri: String,
    /// The one claim whose text names the account (as for bearer tokens).
    pub claim: String,
    /// Tolerance for `exp` and `nbf` (clock skew).
    pub leeway: Duration,
    /// Longest wait for one answer of the provider (discovery, token, keys).
    pub timeout: Duration,
}

impl std::fmt::Debug for SignInConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SignInConfig")
            .field("issuer", &self.issuer)
            .field("client_id", &self.client_id)
            .field("client_secret", &self.client_secret.as_ref().map(|_| "<redacted>"))
            .field("redirect_uri", &self.redirect_uri)
            .field("claim", &self.claim)
            .finish_non_exhaustive()
    }
}

impl SignInConfig {
    /// Settings with the default claim, 60 s leeway and 10 s per answer, no secret.
    pub fn new(
        issuer: impl Into<String>,
        client_id: impl Into<String>,
        redirect_uri: impl Into<String>,
    ) -> SignInConfig {
        SignInConfig {
            issuer: issuer.into(),
            client_id: client_id.into(),
            client_secret: None,
            redirect_uri: redirect_uri.into(),
            claim: super::DEFAULT_CLAIM.to_string(),
            leeway: Duration::from_secs(60),
            timeout: Duration::from_secs(10),
        }
    }

    /// Whether the provider is Microsoft Entra ID (its issuer's host), so the
    /// button can say "Mit Microsoft anmelden".
    pub fn is_microsoft(&self) -> bool {
        url::Url::parse(&self.issuer).ok().and_then(|u| u.host_str().map(str::to_ascii_lowercase)).is_some_and(|h| {
            h == "login.microsoftonline.com" || h == "sts.windows.net" || h.ends_with(".microsoftonline.com")
        })
    }
}

/// The token endpoint's answer beyond RFC 6749: the ID token (OpenID Connect Core §3.1.3.3).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct IdTokenFields {
    /// The ID token (a JWT); `None` when the provider sent none (refused).
    #[serde(default)]
    pub id_token: Option<String>,
}

impl ExtraTokenFields for IdTokenFields {}

type TokenAnswer = StandardTokenResponse<IdTokenFields, BasicTokenType>;

/// An OAuth 2.0 client with the authorization and token endpoints set.
type OAuthClient = Client<
    BasicErrorResponse,
    TokenAnswer,
    BasicTokenIntrospectionResponse,
    StandardRevocableToken,
    BasicRevocationErrorResponse,
    EndpointSet,
    EndpointNotSet,
    EndpointNotSet,
    EndpointNotSet,
    EndpointSet,
>;

/// The members of the discovery document used here.
#[derive(Debug, Deserialize)]
struct Discovery {
    issuer: String,
    authorization_endpoint: String,
    token_endpoint: String,
    jwks_uri: String,
}

/// The provider as discovered: the OAuth client, the ID token verifier, and
/// the HTTP client for the token endpoint (redirects not followed).
struct Provider {
    client: OAuthClient,
    verifier: Arc<Verifier>,
    http: reqwest::Client,
}

/// A started sign-in: where to send the browser, and what the caller keeps
/// until the callback (all three secrets, base64url text).
#[derive(Debug, Clone)]
pub struct Started {
    /// The provider's authorization URL with every parameter.
    pub url: String,
    /// The `state` the provider echoes back.
    pub state: String,
    /// The `nonce` the ID token must carry.
    pub nonce: String,
    /// The PKCE code verifier (its S256 challenge is in [`Started::url`]).
    pub code_verifier: String,
}

/// Why a sign-in could not be finished (logged; the person reads one sentence).
#[derive(Debug, thiserror::Error)]
pub enum SignOnError {
    /// The provider cannot be reached, or answered something unusable.
    #[error("the identity provider is not usable: {0:#}")]
    Unavailable(anyhow::Error),
    /// The token endpoint refused the code (an OAuth error answer).
    #[error("the identity provider refused the code: {0}")]
    Exchange(String),
    /// The ID token is missing or fails a check.
    #[error("the ID token is refused: {0}")]
    Token(Rejection),
    /// The ID token's `nonce` is not the one of the start.
    #[error("the ID token carries another nonce")]
    Nonce,
}

impl SignOnError {
    /// Whether the provider itself is the trouble (not the person's sign-in).
    pub fn is_unavailable(&self) -> bool {
        matches!(self, SignOnError::Unavailable(_) | SignOnError::Token(Rejection::Keys(_)))
    }
}

/// The sign-in through the identity provider (see the module docs).
pub struct SignOn {
    config: SignInConfig,
    provider: tokio::sync::OnceCell<Provider>,
}

impl std::fmt::Debug for SignOn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SignOn").field("config", &self.config).finish_non_exhaustive()
    }
}

impl SignOn {
    /// The sign-in with `config`; the provider is discovered on first use.
    pub fn new(config: SignInConfig) -> Arc<SignOn> {
        Arc::new(SignOn { config, provider: tokio::sync::OnceCell::new() })
    }

    /// The settings.
    pub fn config(&self) -> &SignInConfig {
        &self.config
    }

    /// Starts a sign-in: fresh `state`, `nonce` and PKCE verifier, and the
    /// authorization URL carrying the state, nonce, S256 challenge, scopes and
    /// redirect URI.
    pub async fn start(&self) -> Result<Started, SignOnError> {
        let provider = self.provider().await?;
        let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
        let nonce = CsrfToken::new_random();
        let (url, state) = provider
            .client
            .authorize_url(CsrfToken::new_random)
            .add_scopes(SCOPES.iter().map(|s| Scope::new((*s).to_string())))
            .add_extra_param("nonce", nonce.secret())
            .set_pkce_challenge(challenge)
            .url();
        Ok(Started {
            url: url.to_string(),
            state: state.secret().clone(),
            nonce: nonce.secret().clone(),
            code_verifier: verifier.secret().clone(),
        })
    }

    /// Finishes a sign-in: redeems `code` with `code_verifier`, checks the ID
    /// token (with `nonce`) and returns the account name its claim holds.
    pub async fn finish(&self, code: &str, code_verifier: &str, nonce: &str) -> Result<String, SignOnError> {
        let provider = self.provider().await?;
        let answer = provider
            .client
            .exchange_code(AuthorizationCode::new(code.to_string()))
            .set_pkce_verifier(PkceCodeVerifier::new(code_verifier.to_string()))
            .request_async(&provider.http)
            .await
            .map_err(|e| match e {
                RequestTokenError::ServerResponse(r) => SignOnError::Exchange(r.to_string()),
                RequestTokenError::Request(e) => {
                    SignOnError::Unavailable(anyhow::Error::new(e).context("the token request failed"))
                }
                RequestTokenError::Parse(e, _) => {
                    SignOnError::Unavailable(anyhow::anyhow!("the token endpoint's answer is unreadable: {e}"))
                }
                RequestTokenError::Other(e) => SignOnError::Unavailable(anyhow::anyhow!("token endpoint: {e}")),
            })?;
        let id_token = answer
            .extra_fields()
            .id_token
            .as_deref()
            .ok_or_else(|| SignOnError::Exchange("the answer carries no id_token".into()))?;
        let claims = provider.verifier.verify_claims(id_token).await.map_err(SignOnError::Token)?;
        check_nonce(&claims, nonce)?;
        check_authorized_party(&claims, &self.config.client_id)?;
        provider.verifier.name_of(&claims).map_err(SignOnError::Token)
    }

    /// The discovered provider (discovered now when it is not yet).
    async fn provider(&self) -> Result<&Provider, SignOnError> {
        self.provider.get_or_try_init(|| self.discover()).await.map_err(SignOnError::Unavailable)
    }

    /// Reads the discovery document and sets up the clients.
    async fn discover(&self) -> anyhow::Result<Provider> {
        let http = reqwest::Client::builder()
            .timeout(self.config.timeout)
            // Never follow a redirect from the provider's endpoints (SSRF).
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .context("cannot build the HTTP client for the identity provider")?;
        let url = format!("{}/.well-known/openid-configuration", self.config.issuer.trim_end_matches('/'));
        let doc: Discovery = http
            .get(&url)
            .send()
            .await
            .and_then(reqwest::Response::error_for_status)
            .with_context(|| format!("cannot fetch {url}"))?
            .json()
            .await
            .with_context(|| format!("{url} is not a discovery document"))?;
        if doc.issuer != self.config.issuer {
            anyhow::bail!("{url} names issuer {} instead of {}", doc.issuer, self.config.issuer);
        }
        let mut client = Client::new(ClientId::new(self.config.client_id.clone()))
            .set_auth_uri(AuthUrl::new(doc.authorization_endpoint).context("authorization_endpoint")?)
            .set_token_uri(TokenUrl::new(doc.token_endpoint).context("token_endpoint")?)
            .set_redirect_uri(RedirectUrl::new(self.config.redirect_uri.clone()).context("the redirect URI")?)
            .set_auth_type(AuthType::RequestBody);
        if let Some(secret) = &self.config.client_secret {
            client = client.set_client_secret(ClientSecret::new(secret.clone()));
        }
        let mut keys = OidcConfig::new(JwksSource::Url(doc.jwks_uri), &self.config.issuer, &self.config.client_id);
        keys.claim = self.config.claim.clone();
        keys.leeway = self.config.leeway;
        keys.fetch_timeout = self.config.timeout;
        let verifier = Verifier::new(keys)?;
        tracing::info!(issuer = %self.config.issuer, "OIDC provider discovered for the web sign-in");
        Ok(Provider { client, verifier, http })
    }
}

/// The ID token's `nonce` must be the one sent at the start (OpenID Connect Core §3.1.3.7, 11).
fn check_nonce(claims: &Value, nonce: &str) -> Result<(), SignOnError> {
    let given = claims.get("nonce").and_then(Value::as_str).unwrap_or_default();
    if !nonce.is_empty() && bool::from(given.as_bytes().ct_eq(nonce.as_bytes())) {
        Ok(())
    } else {
        Err(SignOnError::Nonce)
    }
}

/// A token for several audiences must name this client as `azp` (OpenID Connect Core §3.1.3.7, 4–5).
fn check_authorized_party(claims: &Value, client_id: &str) -> Result<(), SignOnError> {
    let several = claims.get("aud").and_then(Value::as_array).is_some_and(|a| a.len() > 1);
    let azp = claims.get("azp").and_then(Value::as_str);
    match azp {
        Some(azp) if azp != client_id => Err(SignOnError::Token(Rejection::Invalid(format!("azp is {azp}")))),
        None if several => Err(SignOnError::Token(Rejection::Invalid("several audiences and no azp".into()))),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn tells_microsoft_from_other_providers() {
        let at = |issuer: &str| SignInConfig::new(issuer, "app", "https://p/signin/oidc/callback");
        assert!(at("https://login.microsoftonline.com/1111/v2.0").is_microsoft());
        assert!(at("https://sts.windows.net/1111/").is_microsoft());
        assert!(!at("https://idp.example.ch/realms/school").is_microsoft());
        assert!(!at("https://login.microsoftonline.com.evil.example/v2.0").is_microsoft());
    }

    #[test]
    fn the_redirect_uri_follows_the_public_url() {
        assert_eq!(redirect_uri("https://planung.school.ch/"), "https://planung.school.ch/signin/oidc/callback");
    }

    #[test]
    fn the_nonce_must_match() {
        assert!(check_nonce(&json!({"nonce": "abc"}), "abc").is_ok());
        assert!(check_nonce(&json!({"nonce": "abd"}), "abc").is_err());
        assert!(check_nonce(&json!({}), "abc").is_err());
        assert!(check_nonce(&json!({"nonce": ""}), "").is_err(), "an empty nonce never matches");
    }

    #[test]
    fn several_audiences_need_this_client_as_azp() {
        assert!(check_authorized_party(&json!({"aud": "app"}), "app").is_ok());
        assert!(check_authorized_party(&json!({"aud": ["app", "other"], "azp": "app"}), "app").is_ok());
        assert!(check_authorized_party(&json!({"aud": ["app", "other"]}), "app").is_err());
        assert!(check_authorized_party(&json!({"aud": "app", "azp": "other"}), "app").is_err());
    }

    #[test]
    fn the_secret_is_not_logged() {
        let mut c = SignInConfig::new("https://idp", "app", "https://p/cb");
        c.client_secret = Some("very-secret".into());
        assert!(!format!("{c:?}").contains("very-secret"));
    }
}
