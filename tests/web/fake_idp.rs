//! A fake OpenID Connect provider for the single sign-on tests (tests/web/oidc.rs,
//! tests/browser/oidc.rs): an axum server on port 0 serving discovery,
//! authorize (redirecting back with a code), token (an RS256-signed ID token,
//! made with the test-only key of `tests/client/keys`) and the key set. It
//! checks what a real provider checks: the client id, the redirect URI, and
//! that the code verifier fits the S256 challenge.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::extract::{Form, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use base64::Engine as _;
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

/// The application (client) id the provider knows.
pub const CLIENT_ID: &str = "66666666-7777-8888-9999-000000000000";
/// The client secret it expects to see.
pub const CLIENT_SECRET: &str = "test-only-secret";

const RSA1: &[u8] = include_bytes!("../client/keys/rsa1.pem");
const JWKS: &str = include_str!("../client/keys/jwks.json");

/// What the fake provider was asked at its authorization endpoint.
#[derive(Debug, Clone)]
struct Grant {
    challenge: String,
    nonce: String,
    redirect_uri: String,
}

/// One call of the token endpoint, as the fake provider saw it.
#[derive(Debug, Clone)]
pub struct TokenCall {
    /// Whether the code verifier fitted the challenge.
    pub verifier_fits: bool,
    /// The client secret sent.
    pub secret: Option<String>,
}

/// The fake provider's state and its knobs.
#[derive(Debug, Default)]
pub struct Idp {
    /// `http://127.0.0.1:PORT`: the issuer.
    pub base: String,
    grants: HashMap<String, Grant>,
    /// The name the ID token's `unique_name` carries.
    pub name: String,
    /// A `nonce` to put into the ID token instead of the one asked for.
    pub nonce: Option<String>,
    /// Answer the authorization request with `error=access_denied`.
    pub deny: bool,
    /// Send the browser back to this origin instead of the redirect URI's
    /// (a browser test, whose server's address is known only once it runs).
    pub back_to: Option<String>,
    /// The calls of the token endpoint.
    pub calls: Vec<TokenCall>,
}

/// The provider's state, shared with the test.
pub type Shared = Arc<Mutex<Idp>>;

fn b64(bytes: &[u8]) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

async fn discovery(State(idp): State<Shared>) -> Json<Value> {
    let base = idp.lock().unwrap().base.clone();
    Json(json!({
        "issuer": base,
        "authorization_endpoint": format!("{base}/authorize"),
        "token_endpoint": format!("{base}/token"),
        "jwks_uri": format!("{base}/keys"),
        "response_types_supported": ["code"],
        "code_challenge_methods_supported": ["S256"],
    }))
}

async fn authorize(State(idp): State<Shared>, Query(q): Query<HashMap<String, String>>) -> Response {
    let p = |k: &str| q.get(k).cloned().unwrap_or_default();
    let fits = p("response_type") == "code"
        && p("client_id") == CLIENT_ID
        && p("code_challenge_method") == "S256"
        && p("scope").split(' ').any(|s| s == "openid")
        && !p("nonce").is_empty()
        && !p("state").is_empty();
    if !fits {
        return (StatusCode::BAD_REQUEST, format!("bad authorization request: {q:?}")).into_response();
    }
    let mut idp = idp.lock().unwrap();
    let mut back = url::Url::parse(&p("redirect_uri")).expect("a redirect URI");
    if let Some(origin) = &idp.back_to {
        let path = back.path().to_string();
        back = url::Url::parse(origin).unwrap().join(&path).unwrap();
    }
    if idp.deny {
        back.query_pairs_mut()
            .append_pair("error", "access_denied")
            .append_pair("error_description", "the user said no")
            .append_pair("state", &p("state"));
    } else {
        let code = format!("code-{}", idp.grants.len() + 1);
        let grant = Grant { challenge: p("code_challenge"), nonce: p("nonce"), redirect_uri: p("redirect_uri") };
        idp.grants.insert(code.clone(), grant);
        back.query_pairs_mut().append_pair("code", &code).append_pair("state", &p("state"));
    }
    (StatusCode::SEE_OTHER, [(header::LOCATION, back.to_string())]).into_response()
}

async fn token(State(idp): State<Shared>, Form(f): Form<HashMap<String, String>>) -> Response {
    let p = |k: &str| f.get(k).cloned().unwrap_or_default();
    let mut idp = idp.lock().unwrap();
    let refuse = |what: &str| (StatusCode::BAD_REQUEST, Json(json!({"error": what}))).into_response();
    if p("grant_type") != "authorization_code" || p("client_id") != CLIENT_ID {
        return refuse("invalid_request");
    }
    let Some(grant) = idp.grants.remove(&p("code")) else { return refuse("invalid_grant") };
    let verifier_fits = b64(&Sha256::digest(p("code_verifier").as_bytes())) == grant.challenge;
    idp.calls.push(TokenCall { verifier_fits, secret: f.get("client_secret").cloned() });
    if !verifier_fits || p("redirect_uri") != grant.redirect_uri {
        return refuse("invalid_grant");
    }
    let now = chrono::Utc::now().timestamp();
    let claims = json!({
        "iss": idp.base, "aud": CLIENT_ID, "iat": now, "nbf": now - 10, "exp": now + 3600,
        "nonce": idp.nonce.clone().unwrap_or(grant.nonce), "unique_name": idp.name, "name": "Anna Keller",
    });
    let mut header = Header::new(Algorithm::RS256);
    header.kid = Some("rsa-1".into());
    let id_token = jsonwebtoken::encode(&header, &claims, &EncodingKey::from_rsa_pem(RSA1).unwrap()).unwrap();
    Json(json!({"access_token": "at", "token_type": "Bearer", "expires_in": 3600, "id_token": id_token}))
        .into_response()
}

async fn keys() -> Response {
    ([(header::CONTENT_TYPE, "application/json")], JWKS).into_response()
}

/// Starts the fake provider; its ID tokens name `name`.
pub async fn provider(name: &str) -> Shared {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let idp = Arc::new(Mutex::new(Idp { base, name: name.to_string(), ..Idp::default() }));
    let app = Router::new()
        .route("/.well-known/openid-configuration", get(discovery))
        .route("/authorize", get(authorize))
        .route("/token", post(token))
        .route("/keys", get(keys))
        .with_state(idp.clone());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    idp
}
