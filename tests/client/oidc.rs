//! Single sign-on (docs/client.md §Single sign-on; README "Using the existing Pensenmanager client"): identity-provider JWTs
//! signed with the test-only keys of `keys/`, the key set served from a file or
//! from a local HTTP server started here. Every forged or unfitting token →
//! 401 (a `crit` header too); a good one → 200 as the account whose name the
//! one configured claim holds, up to ASCII case; `sp_` tokens keep working. The
//! key set is fetched again when it is older than the provider allows, so a
//! removed key stops working; a slow provider delays no token whose key is known.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use base64::Engine as _;
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use reqwest::Method;
use schoolplan::app::AppConfig;
use schoolplan::auth::Role;
use schoolplan::oidc::{JwksSource, OidcConfig};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::browser::{self, Browser};
use crate::helpers::TestApp;

const ISSUER: &str = "https://login.microsoftonline.com/11111111-2222-3333-4444-555555555555/v2.0";
const AUDIENCE: &str = "66666666-7777-8888-9999-000000000000";
const ACCOUNT: &str = "anna.keller@kanti-demo.example";

const RSA1: &[u8] = include_bytes!("keys/rsa1.pem");
const RSA1_PUBLIC: &[u8] = include_bytes!("keys/rsa1.pub.pem");
const RSA2: &[u8] = include_bytes!("keys/rsa2.pem");
const EC1: &[u8] = include_bytes!("keys/ec1.pem");
const JWKS: &str = include_str!("keys/jwks.json");
const JWKS_ROTATED: &str = include_str!("keys/jwks-rotated.json");

fn keys_file(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/client/keys").join(name)
}

fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

/// Entra ID-like claims: `unique_name` names the account.
fn claims() -> Value {
    json!({"iss": ISSUER, "aud": AUDIENCE, "iat": now(), "nbf": now() - 10, "exp": now() + 3600,
           "unique_name": ACCOUNT, "name": "Anna Keller", "tid": "11111111-2222-3333-4444-555555555555"})
}

fn sign(alg: Algorithm, kid: &str, key: &EncodingKey, claims: &Value) -> String {
    let mut header = Header::new(alg);
    header.kid = Some(kid.to_string());
    jsonwebtoken::encode(&header, claims, key).expect("signed")
}

fn rs256(kid: &str, claims: &Value) -> String {
    sign(Algorithm::RS256, kid, &EncodingKey::from_rsa_pem(RSA1).unwrap(), claims)
}

/// A token with exactly `header` (RS256 with `rsa1.pem`), for headers the
/// library cannot write (`crit`).
fn hand_signed(header: &Value, claims: &Value) -> String {
    let message = format!("{}.{}", b64(header), b64(claims));
    let signature =
        jsonwebtoken::crypto::sign(message.as_bytes(), &EncodingKey::from_rsa_pem(RSA1).unwrap(), Algorithm::RS256)
            .unwrap();
    format!("{message}.{signature}")
}

fn with(mut c: Value, key: &str, value: Value) -> Value {
    c[key] = value;
    c
}

fn b64(v: &Value) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(serde_json::to_vec(v).unwrap())
}

async fn sso_app(jwks: JwksSource, refresh: Duration) -> TestApp {
    let mut oidc = OidcConfig::new(jwks, ISSUER, AUDIENCE);
    oidc.refresh_interval = refresh;
    sso_app_with(oidc).await
}

async fn sso_app_with(oidc: OidcConfig) -> TestApp {
    let app = TestApp::spawn_with(AppConfig { oidc: Some(oidc), ..browser::config() }).await;
    let mut conn = app.store.conn().await.unwrap();
    conn.create_account(ACCOUNT, Role::Planner).await.unwrap();
    app
}

/// The status of `GET /profile` (compat mount, as the client calls it) with `token`, and the body.
async fn profile(app: &TestApp, token: &str) -> (u16, Value) {
    let b = Browser { app, token: token.to_string() };
    let r = b.call(Method::GET, "/profile", None).await;
    if r.status == 401 {
        assert_eq!(r.header("www-authenticate").map(|h| h.starts_with("Bearer")), Some(true));
        // On the client's mount an error is its sentence as plain text.
        assert_eq!(r.header("content-type"), Some("text/plain; charset=utf-8"), "{}", r.body);
        assert!(r.body.as_str().is_some_and(|t| t.ends_with('.')), "a sentence: {}", r.body);
    }
    (r.status, r.body["result"].clone())
}

#[tokio::test]
async fn identity_provider_tokens_from_a_key_file() {
    let app = sso_app(JwksSource::File(keys_file("jwks.json")), Duration::from_secs(3600)).await;

    // A good RS256 token → 200 as the account the claim names, with its role.
    let (status, me) = profile(&app, &rs256("rsa-1", &claims())).await;
    assert_eq!(status, 200);
    assert_eq!(
        (me["accountName"].as_str(), me["role"].as_str(), me["editAllowed"].as_bool()),
        (Some(ACCOUNT), Some("planner"), Some(true))
    );
    // ES256 too; the name up to ASCII case.
    let es = sign(Algorithm::ES256, "ec-1", &EncodingKey::from_ec_pem(EC1).unwrap(), &claims());
    assert_eq!(profile(&app, &es).await.0, 200);
    assert_eq!(
        profile(&app, &rs256("rsa-1", &with(claims(), "unique_name", json!(ACCOUNT.to_uppercase())))).await.0,
        200
    );
    let mut c = claims();
    c.as_object_mut().unwrap().remove("unique_name");

    // Refused: 401 each.
    let refused = |what: &'static str, token: String| (what, token);
    let forged = [
        refused("expired", rs256("rsa-1", &with(claims(), "exp", json!(now() - 3600)))),
        refused("not yet valid", rs256("rsa-1", &with(claims(), "nbf", json!(now() + 3600)))),
        refused("wrong audience", rs256("rsa-1", &with(claims(), "aud", json!("another-app")))),
        refused("wrong issuer", rs256("rsa-1", &with(claims(), "iss", json!("https://evil.example/v2.0")))),
        refused("no audience", {
            let mut c = claims();
            c.as_object_mut().unwrap().remove("aud");
            rs256("rsa-1", &c)
        }),
        refused("unknown kid", rs256("nope", &claims())),
        refused("key of another kid", rs256("ec-1", &claims())),
        refused("signed by a key not in the set", {
            sign(Algorithm::RS256, "rsa-1", &EncodingKey::from_rsa_pem(RSA2).unwrap(), &claims())
        }),
        refused("tampered", {
            let good = rs256("rsa-1", &claims());
            let parts: Vec<&str> = good.split('.').collect();
            let evil = b64(&with(claims(), "unique_name", json!("test-admin")));
            format!("{}.{}.{}", parts[0], evil, parts[2])
        }),
        refused("alg none", {
            let header = json!({"alg": "none", "typ": "JWT", "kid": "rsa-1"});
            format!("{}.{}.", b64(&header), b64(&claims()))
        }),
        refused("HS256 with the public key as secret", {
            sign(Algorithm::HS256, "rsa-1", &EncodingKey::from_secret(RSA1_PUBLIC), &claims())
        }),
        refused("no account with that name", rs256("rsa-1", &with(claims(), "unique_name", json!("nobody@x.example")))),
        refused("no name claim", {
            let mut c = claims();
            c.as_object_mut().unwrap().remove("unique_name");
            rs256("rsa-1", &c)
        }),
        refused("garbage", "a.b.c".to_string()),
        // One claim only (unique_name by default): no fallback to others, email least of all.
        refused("preferred_username instead", rs256("rsa-1", &with(c.clone(), "preferred_username", json!(ACCOUNT)))),
        refused("email instead", rs256("rsa-1", &with(c.clone(), "email", json!(ACCOUNT)))),
        refused(
            "a critical header extension",
            hand_signed(
                &json!({"alg": "RS256", "typ": "JWT", "kid": "rsa-1",
            "crit": ["https://schoolplan.example/ext"], "https://schoolplan.example/ext": true}),
                &claims(),
            ),
        ),
    ];
    for (what, token) in forged {
        assert_eq!(profile(&app, &token).await.0, 401, "{what}");
    }

    // The hand-built token of the `crit` case is otherwise good.
    let plain = hand_signed(&json!({"alg": "RS256", "typ": "JWT", "kid": "rsa-1"}), &claims());
    assert_eq!(profile(&app, &plain).await.0, 200, "hand-signed without crit");

    // sp_ tokens keep working beside it.
    let (status, me) = profile(&app, &app.token).await;
    assert_eq!((status, me["accountName"].as_str()), (200, Some("test-admin")));
    // A key not in the set: refused (and no reload before the interval, 1 h here).
    let rotated = sign(Algorithm::RS256, "rsa-2", &EncodingKey::from_rsa_pem(RSA2).unwrap(), &claims());
    assert_eq!(profile(&app, &rotated).await.0, 401);
}

/// A minimal HTTP server answering every request with the current `body`; counts requests.
async fn jwks_server(body: Arc<Mutex<String>>, hits: Arc<AtomicUsize>) -> String {
    let (_, open) = tokio::sync::watch::channel(true);
    provider(body, hits, None, open).await
}

/// [`jwks_server`] that sends `cache_control` and answers a request (counted
/// on arrival) only while `open` holds `true`.
async fn provider(
    body: Arc<Mutex<String>>,
    hits: Arc<AtomicUsize>,
    cache_control: Option<&'static str>,
    mut open: tokio::sync::watch::Receiver<bool>,
) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/discovery/v2.0/keys", listener.local_addr().unwrap());
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            let mut buf = vec![0u8; 4096];
            let mut read = 0;
            while !buf[..read].windows(4).any(|w| w == b"\r\n\r\n") {
                match socket.read(&mut buf[read..]).await {
                    Ok(0) | Err(_) => break,
                    Ok(n) => read += n,
                }
            }
            hits.fetch_add(1, Ordering::SeqCst);
            if open.wait_for(|open| *open).await.is_err() {
                continue;
            }
            let text = body.lock().unwrap().clone();
            let cache = cache_control.map(|c| format!("cache-control: {c}\r\n")).unwrap_or_default();
            let answer = format!(
                "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n{cache}content-length: {}\r\nconnection: close\r\n\r\n{text}",
                text.len()
            );
            let _ = socket.write_all(answer.as_bytes()).await;
            let _ = socket.shutdown().await;
        }
    });
    url
}

#[tokio::test]
async fn key_set_from_a_url_is_cached_and_reloaded_on_an_unknown_kid() {
    let body = Arc::new(Mutex::new(JWKS.to_string()));
    let hits = Arc::new(AtomicUsize::new(0));
    let url = jwks_server(body.clone(), hits.clone()).await;
    let app = sso_app(JwksSource::Url(url), Duration::ZERO).await;

    assert_eq!(profile(&app, &rs256("rsa-1", &claims())).await.0, 200);
    assert_eq!(profile(&app, &rs256("rsa-1", &claims())).await.0, 200);
    assert_eq!(hits.load(Ordering::SeqCst), 1, "the key set is fetched once and cached");

    // The provider rotates its keys: a token with the new kid reloads the set.
    let rotated = sign(Algorithm::RS256, "rsa-2", &EncodingKey::from_rsa_pem(RSA2).unwrap(), &claims());
    assert_eq!(profile(&app, &rotated).await.0, 401, "not in the set yet");
    assert_eq!(hits.load(Ordering::SeqCst), 2, "an unknown kid reloads the set");
    *body.lock().unwrap() = JWKS_ROTATED.to_string();
    assert_eq!(profile(&app, &rotated).await.0, 200);
    assert_eq!(hits.load(Ordering::SeqCst), 3);
    assert_eq!(profile(&app, &rs256("rsa-1", &claims())).await.0, 200);
    assert_eq!(hits.load(Ordering::SeqCst), 3, "known kids need no reload");
}

#[tokio::test]
async fn an_unknown_kid_reloads_at_most_once_per_interval() {
    let body = Arc::new(Mutex::new(JWKS.to_string()));
    let hits = Arc::new(AtomicUsize::new(0));
    let url = jwks_server(body.clone(), hits.clone()).await;
    let app = sso_app(JwksSource::Url(url), Duration::from_secs(3600)).await;
    assert_eq!(profile(&app, &rs256("rsa-1", &claims())).await.0, 200);
    for _ in 0..3 {
        assert_eq!(profile(&app, &rs256("made-up", &claims())).await.0, 401);
    }
    assert_eq!(hits.load(Ordering::SeqCst), 1, "forged kids cannot make the server hammer the provider");
}

/// The key set without `ec-1`: the provider has withdrawn that key.
fn without_ec1() -> String {
    let mut set: Value = serde_json::from_str(JWKS).unwrap();
    set["keys"].as_array_mut().unwrap().retain(|k| k["kid"] != "ec-1");
    set.to_string()
}

fn es256() -> String {
    sign(Algorithm::ES256, "ec-1", &EncodingKey::from_ec_pem(EC1).unwrap(), &claims())
}

#[tokio::test]
async fn a_key_removed_by_the_provider_stops_working_when_the_set_may_no_longer_be_kept() {
    // The provider allows no caching (max-age=0): the next token after the
    // removal finds the set due and fetches it (the server would keep it 1 h).
    let body = Arc::new(Mutex::new(JWKS.to_string()));
    let hits = Arc::new(AtomicUsize::new(0));
    let (_gate, open) = tokio::sync::watch::channel(true);
    let url = provider(body.clone(), hits.clone(), Some("public, max-age=0"), open).await;
    let mut oidc = OidcConfig::new(JwksSource::Url(url), ISSUER, AUDIENCE);
    oidc.refresh_interval = Duration::ZERO;
    oidc.keys_max_age = Duration::from_secs(3600);
    let app = sso_app_with(oidc).await;
    assert_eq!(profile(&app, &es256()).await.0, 200);
    *body.lock().unwrap() = without_ec1();
    assert_eq!(profile(&app, &es256()).await.0, 401, "the withdrawn key is no longer trusted");
    assert_eq!(profile(&app, &rs256("rsa-1", &claims())).await.0, 200, "the others still are");

    // Without Cache-Control the server's own limit counts (here 0; 5 minutes by default).
    let body = Arc::new(Mutex::new(JWKS.to_string()));
    let (_gate, open) = tokio::sync::watch::channel(true);
    let url = provider(body.clone(), Arc::default(), None, open).await;
    let mut oidc = OidcConfig::new(JwksSource::Url(url), ISSUER, AUDIENCE);
    oidc.refresh_interval = Duration::ZERO;
    oidc.keys_max_age = Duration::ZERO;
    let app = sso_app_with(oidc).await;
    assert_eq!(profile(&app, &es256()).await.0, 200);
    *body.lock().unwrap() = without_ec1();
    assert_eq!(profile(&app, &es256()).await.0, 401, "the withdrawn key is no longer trusted");
    assert_eq!(OidcConfig::new(JwksSource::File("k".into()), ISSUER, AUDIENCE).keys_max_age, Duration::from_secs(300));
}

#[tokio::test]
async fn a_slow_provider_delays_no_token_whose_key_is_known() {
    let body = Arc::new(Mutex::new(JWKS.to_string()));
    let hits = Arc::new(AtomicUsize::new(0));
    let (gate, open) = tokio::sync::watch::channel(true);
    let url = provider(body, hits.clone(), None, open).await;
    let app = Arc::new(sso_app(JwksSource::Url(url), Duration::ZERO).await);
    assert_eq!(profile(&app, &rs256("rsa-1", &claims())).await.0, 200);
    assert_eq!(hits.load(Ordering::SeqCst), 1);

    // The provider stops answering; a token with an unknown kid makes the server fetch.
    gate.send_replace(false);
    let unknown = tokio::spawn({
        let app = app.clone();
        async move { profile(&app, &rs256("rotated-soon", &claims())).await.0 }
    });
    for _ in 0..2000 {
        if hits.load(Ordering::SeqCst) == 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    assert_eq!(hits.load(Ordering::SeqCst), 2, "the unknown kid is being fetched");

    // Meanwhile tokens with known keys are answered: the fetch holds no lock they need.
    for _ in 0..3 {
        assert_eq!(profile(&app, &rs256("rsa-1", &claims())).await.0, 200);
    }
    assert!(!unknown.is_finished(), "answered while the provider still had not");
    gate.send_replace(true);
    assert_eq!(unknown.await.unwrap(), 401, "not in the set the provider finally sent");
}

#[tokio::test]
async fn the_configured_claim_names_the_account_exactly_up_to_ascii_case() {
    let mut oidc = OidcConfig::new(JwksSource::File(keys_file("jwks.json")), ISSUER, AUDIENCE);
    oidc.claim = "email".to_string();
    let app = sso_app_with(oidc).await;
    app.store.conn().await.unwrap().create_account("kim@kanti-demo.example", Role::Reader).await.unwrap();
    let mut c = claims();
    c.as_object_mut().unwrap().remove("unique_name");
    let as_email = |name: &str| rs256("rsa-1", &with(c.clone(), "email", json!(name)));

    let (status, me) = profile(&app, &as_email("Kim@Kanti-Demo.example")).await;
    assert_eq!((status, me["accountName"].as_str()), (200, Some("kim@kanti-demo.example")), "ASCII case is folded");
    // U+212A KELVIN SIGN lower-cases to `k` in Unicode: not the same name.
    assert_eq!(profile(&app, &as_email("\u{212A}im@kanti-demo.example")).await.0, 401);
    assert_eq!(profile(&app, &rs256("rsa-1", &claims())).await.0, 401, "unique_name is not the configured claim");
}
