//! `POST /language`: switches the interface language
//! (docs/i18n.md §Choosing the language). Form fields `lang` (`de`, `en`), `back` (a path of this
//! site to return to) and, with a session, `_csrf`. The choice is kept in the
//! session and in the `sp_lang` cookie (for the sign-in page).

use std::collections::HashMap;

use axum::extract::State;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Redirect, Response};
use axum::Form;

use super::guard::{set_cookie, Viewer, LANG_COOKIE};
use super::{page_error, WebState};
use crate::i18n::Lang;
use crate::service::session;

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
    let back = form.get("back").map(String::as_str).filter(|b| is_local(b)).unwrap_or("/");
    let mut res = Redirect::to(back).into_response();
    let cookie = set_cookie(LANG_COOKIE, lang.tag(), LANG_COOKIE_AGE, state.config.secure_cookies());
    if let Ok(v) = HeaderValue::from_str(&cookie) {
        res.headers_mut().insert(header::SET_COOKIE, v);
    }
    res
}

/// Whether `path` stays on this site (`/x`, not `//host` or `/\host`).
fn is_local(path: &str) -> bool {
    path.starts_with('/') && !path.starts_with("//") && !path.starts_with("/\\") && !path.contains(['\r', '\n'])
}

#[cfg(test)]
mod tests {
    #[test]
    fn only_local_paths_are_followed() {
        assert!(super::is_local("/years/1/grid?grade=2"));
        assert!(!super::is_local("//evil.example/"));
        assert!(!super::is_local("https://evil.example/"));
        assert!(!super::is_local("/\\evil.example"));
    }
}
