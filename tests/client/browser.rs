//! The requests exactly as the browser client sends them (docs/client.md §How the client talks): URL `{server}/X` (the compat mount), `Authorization: Bearer`
//! **and** `Content-Type: application/json` on every call (GET and DELETE too),
//! `Cache-Control: no-cache`, and an `Origin` (the client runs on another host).

use std::num::NonZeroU32;

use reqwest::Method;
use schoolplan::api::client::ClientSettings;
use schoolplan::app::AppConfig;
use serde_json::Value;

use crate::helpers::{Resp, TestApp};

/// The origin the client is served from in the tests.
pub const ORIGIN: &str = "https://pensen.kanti-demo.example";

/// The server configuration of a school running the existing client.
pub fn config() -> AppConfig {
    AppConfig {
        rate_limit: NonZeroU32::new(1000),
        cors_origins: vec![ORIGIN.to_string()],
        client_compat: true,
        client: ClientSettings {
            tenant_id: "11111111-2222-3333-4444-555555555555".into(),
            client_id: "66666666-7777-8888-9999-000000000000".into(),
            features: vec!["workloadMail".into()],
        },
        ..TestApp::config()
    }
}

/// The browser client talking to `app` with `token`.
pub struct Browser<'a> {
    /// The server.
    pub app: &'a TestApp,
    /// The bearer token the client holds (an `sp_` token or an identity provider's JWT).
    pub token: String,
}

impl<'a> Browser<'a> {
    /// A client with the app's admin token.
    pub fn new(app: &'a TestApp) -> Self {
        Browser { app, token: app.token.clone() }
    }

    /// One call as the client makes it; `path` as the client writes it (`/teacher?schoolYear=3`).
    pub async fn call(&self, method: Method, path: &str, body: Option<&Value>) -> Resp {
        let mut req = self
            .app
            .client
            .request(method, format!("{}{}", self.app.base, path))
            .bearer_auth(&self.token)
            .header("content-type", "application/json")
            .header("cache-control", "no-cache")
            .header("origin", ORIGIN);
        if let Some(b) = body {
            req = req.body(serde_json::to_vec(b).unwrap());
        }
        let resp = TestApp::read(req.send().await.expect("request sent")).await;
        assert_eq!(resp.header("access-control-allow-origin"), Some(ORIGIN), "CORS on {path}: {}", resp.status);
        resp
    }

    /// `apiGet`/`apiList`: GET, 200, `application/json` exactly; the `result`.
    pub async fn get(&self, path: &str) -> Value {
        let r = self.call(Method::GET, path, None).await.expect(200);
        assert_eq!(r.header("content-type"), Some("application/json"), "the client compares the string exactly");
        r.body["result"].clone()
    }

    /// `apiPost`: the created or answered object.
    pub async fn post(&self, path: &str, body: Value) -> Value {
        let r = self.call(Method::POST, path, Some(&body)).await;
        assert!([200, 201].contains(&r.status), "POST {path}: {} {}", r.status, r.body);
        r.body["result"].clone()
    }

    /// `apiPut` (`res/${data.id}`): the saved object.
    pub async fn put(&self, path: &str, body: Value) -> Value {
        let r = self.call(Method::PUT, path, Some(&body)).await;
        assert_eq!(r.status, 200, "PUT {path}: {}", r.body);
        r.body["result"].clone()
    }
}

/// Asserts that `v` carries every key in `keys` (a value or null: the screen reads it).
#[track_caller]
pub fn reads(v: &Value, keys: &[&str]) {
    for k in keys {
        assert!(v.get(*k).is_some(), "the client reads `{k}`, missing in {v}");
    }
}

/// The `id` of an object.
#[track_caller]
pub fn id(v: &Value) -> i64 {
    v["id"].as_i64().unwrap_or_else(|| panic!("no id in {v}"))
}

/// An error as the existing client's mount answers it (docs/client.md §Errors).
pub trait PlainError {
    /// Asserts the status and a body that is a sentence as
    /// `text/plain; charset=utf-8` (no JSON) containing `needle`.
    fn expect_text(self, status: u16, needle: &str) -> Self;
}

impl PlainError for crate::helpers::Resp {
    #[track_caller]
    fn expect_text(self, status: u16, needle: &str) -> Self {
        assert_eq!(self.status, status, "unexpected status; body: {}", self.body);
        assert_eq!(self.header("content-type"), Some("text/plain; charset=utf-8"), "body: {}", self.body);
        let text = self.body.as_str().unwrap_or_default();
        assert!(text.contains(needle) && !text.trim_start().starts_with('{'), "the text: {text:?} (wanted {needle:?})");
        self
    }
}
