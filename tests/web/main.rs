//! The web interface over HTTP (docs/web.md): sign-in links, sessions, CSRF,
//! roles, languages, security headers and assets, and the planning grid
//! compared with the API's answer. Starts the real server on port 0 with a
//! fresh database, as the API suite does (its harness is reused); runs on
//! SQLite, and on PostgreSQL when `TEST_DATABASE_URL` is set.

#[allow(dead_code)]
#[path = "../api/helpers.rs"]
mod helpers;
#[allow(dead_code)]
#[path = "../api/smtp_sink.rs"]
mod smtp_sink;

mod admin;
mod crossclass;
mod curricula;
mod decimals;
mod divisions;
mod documents;
mod employments;
mod employments_notes;
mod employments_sort;
mod fake_idp;
mod faults;
mod french;
mod grid;
mod grid_cancel;
mod grid_edit;
mod grid_pick;
mod grid_select;
mod hardening;
mod history;
mod invite_mail;
mod kept_choices;
mod live;
mod mail;
mod maintenance;
mod masterdata;
mod moves;
mod oidc;
mod opening;
mod pages;
mod sheets;
mod signin;
mod teachers;
mod theses;
mod untranslated;
mod workload;
mod yearview;

use helpers::TestApp;
use reqwest::header::{HeaderMap, COOKIE, SET_COOKIE};
use schoolplan::auth::Role;

/// A test server with a browser-like client that does not follow redirects
/// and sends cookies only when told.
pub struct Web {
    /// The server (and its API client with an admin token).
    pub app: TestApp,
    /// The client for pages.
    pub browser: reqwest::Client,
}

/// A page's answer, read fully.
#[derive(Debug)]
pub struct Page {
    /// Status.
    pub status: u16,
    /// Headers.
    pub headers: HeaderMap,
    /// Body.
    pub html: String,
}

impl Page {
    /// A header as text ("" when absent).
    pub fn header(&self, name: &str) -> &str {
        self.headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or("")
    }
    /// The `Set-Cookie` header that sets `name`, if any.
    pub fn set_cookie(&self, name: &str) -> Option<String> {
        self.headers
            .get_all(SET_COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .find(|v| v.starts_with(&format!("{name}=")))
            .map(str::to_string)
    }
    /// The value of the hidden CSRF field on the page.
    pub fn csrf(&self) -> String {
        let marker = r#"name="_csrf" value=""#;
        let start = self.html.find(marker).expect("the page has a CSRF field") + marker.len();
        self.html[start..].split('"').next().unwrap().to_string()
    }
}

impl Web {
    /// A server on a fresh database.
    pub async fn spawn() -> Web {
        Web::with(TestApp::spawn().await)
    }

    /// The browser for `app`.
    pub fn with(app: TestApp) -> Web {
        let browser = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .pool_idle_timeout(helpers::CLIENT_IDLE)
            .build()
            .unwrap();
        Web { app, browser }
    }

    /// A sign-in link for account `name`.
    pub async fn link(&self, name: &str) -> String {
        schoolplan::service::session::create_link(&self.app.store, name, &self.app.base).await.expect("link made")
    }

    /// Creates account `name` with `role`, signs in with a link and returns the session cookie (`sp_session=…`).
    pub async fn sign_in(&self, name: &str, role: Role) -> String {
        self.app.token_for(name, role).await;
        let link = self.link(name).await;
        let page = self.get_url(&link, None, &[]).await;
        assert_eq!(page.status, 303, "{}", page.html);
        let cookie = page.set_cookie("sp_session").expect("a session cookie");
        cookie.split(';').next().unwrap().to_string()
    }

    /// GET an absolute URL with a cookie and extra headers.
    pub async fn get_url(&self, url: &str, cookie: Option<&str>, headers: &[(&str, &str)]) -> Page {
        let mut req = self.browser.get(url);
        if let Some(c) = cookie {
            req = req.header(COOKIE, c);
        }
        for (k, v) in headers {
            req = req.header(*k, *v);
        }
        read(req.send().await.expect("request sent")).await
    }

    /// GET a path.
    pub async fn get(&self, path: &str, cookie: Option<&str>) -> Page {
        self.get_url(&format!("{}{path}", self.app.base), cookie, &[]).await
    }

    /// POST a url-encoded form to a path.
    pub async fn post(&self, path: &str, cookie: Option<&str>, form: &[(&str, &str)]) -> Page {
        let mut req = self.browser.post(format!("{}{path}", self.app.base)).form(form);
        if let Some(c) = cookie {
            req = req.header(COOKIE, c);
        }
        read(req.send().await.expect("request sent")).await
    }
}

async fn read(res: reqwest::Response) -> Page {
    let status = res.status().as_u16();
    let headers = res.headers().clone();
    let html = res.text().await.unwrap_or_default();
    Page { status, headers, html }
}
