//! `POST /language`: switches the interface language
//! (docs/i18n.md §Choosing the language). Form fields `lang` (`de`, `en`), `back` (a path of this
//! site to return to, [`super::redirect::local_target`]) and, with a session, `_csrf`. The choice is kept in the
//! session and in the `sp_lang` cookie (for the sign-in page).

use std::collections::HashMap;

use axum::extract::State;
use axum::http::{header, HeaderValue};
use axum::response::Response;
use axum::routing::post;
use axum::Form;
use axum::Router;

use super::guard::{set_cookie, Viewer, LANG_COOKIE};
use super::kit::errors::page_error;
use super::kit::state::WebState;
use crate::i18n::Lang;
use crate::service::session;

/// The route of the language switch.
pub fn routes() -> Router<WebState> {
    Router::new().route("/language", post(switch))
}

/// One year, in seconds: how long the language cookie is kept.
const LANG_COOKIE_AGE: i64 = 365 * 24 * 3600;

/// `POST /language`.
pub async fn switch(
    State(state): State<WebState>,
    viewer: Viewer,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let lang = form.get("lang").and_then(|t| Lang::from_tag(t)).unwrap_or(viewer.lang);
    if let Some(user) = &viewer.user {
        if let Err(e) = session::set_lang(&state.store, user, lang).await {
            return page_error(viewer.lang, e);
        }
    }
    let mut res = super::redirect::see_other(form.get("back").map(String::as_str));
    let cookie = set_cookie(LANG_COOKIE, lang.tag(), LANG_COOKIE_AGE, state.config.secure_cookies());
    if let Ok(v) = HeaderValue::from_str(&cookie) {
        res.headers_mut().insert(header::SET_COOKIE, v);
    }
    res
}
