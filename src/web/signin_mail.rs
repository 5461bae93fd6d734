//! "Link per E-Mail senden" on the sign-in page
//! (docs/web.md §Sign-in and sessions): `POST /signin/mail` (`address`), open without a session, when
//! the service's mail is configured (docs/teachers.md §Mails). Whether the
//! address names an account or not, and whether a limit held it back, the
//! answer is the same page with the same sentence; a link goes out only to
//! an address that names an account ([`crate::service::session::mail_link`]).
//!
//! Limits, kept in this server's memory ([`MailLimits`]): 3 mails per
//! address per 15 minutes, and 30 requests per client address per hour.

use std::net::SocketAddr;
use std::num::NonZeroU32;

use axum::extract::{ConnectInfo, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::post;
use axum::Router;
use axum::{Extension, Form};
use governor::{DefaultKeyedRateLimiter, Quota};

use super::guard::Viewer;
use super::kit::errors::page_error;
use super::kit::state::WebState;

/// The route of a sign-in link by mail, with its limits.
pub fn routes() -> Router<WebState> {
    Router::new().route("/signin/mail", post(send).layer(Extension(std::sync::Arc::new(MailLimits::default()))))
}

/// The limits of [`send`] on one server.
#[derive(Debug)]
pub struct MailLimits {
    by_address: DefaultKeyedRateLimiter<String>,
    by_client: DefaultKeyedRateLimiter<String>,
}

/// Keys kept before the limiters forget the ones whose limit has recovered.
const KEPT_KEYS: usize = 10_000;

impl Default for MailLimits {
    fn default() -> Self {
        let three = NonZeroU32::new(3).unwrap_or(NonZeroU32::MIN);
        let thirty = NonZeroU32::new(30).unwrap_or(NonZeroU32::MIN);
        // Three at once, then one more every five minutes: 3 per 15 minutes.
        let per_address = Quota::with_period(std::time::Duration::from_secs(5 * 60))
            .unwrap_or_else(|| Quota::per_minute(NonZeroU32::MIN))
            .allow_burst(three);
        MailLimits {
            by_address: DefaultKeyedRateLimiter::keyed(per_address),
            by_client: DefaultKeyedRateLimiter::keyed(Quota::per_hour(thirty)),
        }
    }
}

impl MailLimits {
    /// Whether a mail to `address` asked for by `client` is within the limits
    /// (each check counts against both).
    pub fn allow(&self, address: &str, client: &str) -> bool {
        for limiter in [&self.by_address, &self.by_client] {
            if limiter.len() > KEPT_KEYS {
                limiter.retain_recent();
            }
        }
        let client_ok = self.by_client.check_key(&client.to_string()).is_ok();
        let address_ok = self.by_address.check_key(&address.trim().to_ascii_lowercase()).is_ok();
        client_ok && address_ok
    }
}

/// `POST /signin/mail` (`address`).
pub async fn send(
    State(state): State<WebState>,
    Extension(limits): Extension<std::sync::Arc<MailLimits>>,
    viewer: Viewer,
    peer: Option<Extension<ConnectInfo<SocketAddr>>>,
    Form(fields): Form<Vec<(String, String)>>,
) -> Response {
    let lang = viewer.lang;
    let Some(mail) = state.jobs.config().mail_settings() else {
        return super::kit::errors::error_page(lang, StatusCode::NOT_FOUND, "signin-mail-off");
    };
    let address = fields.iter().find(|(k, _)| k == "address").map_or("", |(_, v)| v.as_str()).trim().to_string();
    if address.is_empty() {
        return super::signin::show_text(
            &state,
            lang,
            StatusCode::UNPROCESSABLE_ENTITY,
            crate::i18n::text(lang, "signin-mail-empty"),
        );
    }
    let client = peer.map_or_else(|| "unknown".to_string(), |Extension(ConnectInfo(a))| a.ip().to_string());
    if limits.allow(&address, &client) {
        if let Err(e) = crate::service::session::mail_link(&state.store, &address, &mail).await {
            return page_error(lang, e);
        }
    } else {
        tracing::info!(client, "sign-in mail held back by its limit");
    }
    super::signin::show_text(&state, lang, StatusCode::OK, crate::i18n::text(lang, "signin-mail-sent"))
}
