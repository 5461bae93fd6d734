//! What the web handlers share: [`WebState`] (the database, the settings,
//! the job runner, live changes) and the settings, [`WebConfig`].

use crate::i18n::Lang;
use crate::service::Store;

/// Settings of the web interface.
#[derive(Debug, Clone, Default)]
pub struct WebConfig {
    /// The URL people reach the service at (`https://planung.school.ch`), for
    /// sign-in links; with `https` the session cookie is `Secure`. `None`:
    /// the listen address over http.
    pub public_url: Option<String>,
    /// Sign-in through the identity provider ([`crate::web::sso`]); `None`: sign-in links only.
    pub signin: Option<crate::oidc::signin::SignInConfig>,
    /// The school's language (`serve --default-language`, German unless set):
    /// the pages' language for a browser whose `Accept-Language` names none
    /// of ours, before a person chooses one (docs/i18n.md §Choosing the language).
    pub default_lang: Lang,
}

impl WebConfig {
    /// The address links to this service start with (sign-in links,
    /// invitations): the public URL, else `http://` and the request's `Host`
    /// from `headers` (else `localhost`).
    pub fn base_url(&self, headers: &axum::http::HeaderMap) -> String {
        self.public_url.clone().unwrap_or_else(|| {
            let host = headers.get(axum::http::header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("localhost");
            format!("http://{host}")
        })
    }

    /// Whether cookies get the `Secure` attribute (the public URL is https).
    pub fn secure_cookies(&self) -> bool {
        self.public_url.as_deref().is_some_and(|u| u.trim().to_ascii_lowercase().starts_with("https://"))
    }
}

/// What the web handlers share.
#[derive(Debug, Clone)]
pub struct WebState {
    /// The database.
    pub store: Store,
    /// The settings.
    pub config: std::sync::Arc<WebConfig>,
    /// The job runner (its settings, and waking it for a new job).
    pub jobs: std::sync::Arc<crate::jobs::JobRunner>,
    /// Live changes and presence ([`crate::web::live`]).
    pub live: std::sync::Arc<crate::service::live::LiveHub>,
    /// The jobs the Export page's streams watch ([`crate::web::documents::events`]).
    pub job_watch: std::sync::Arc<crate::service::job_watch::JobWatch>,
    /// The sign-in through the identity provider, when configured ([`crate::web::sso`]).
    pub sign_on: Option<std::sync::Arc<crate::oidc::signin::SignOn>>,
}
