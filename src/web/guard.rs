//! The check in front of every page (docs/web.md §Sign-in and sessions):
//!
//! - finds the session of the `sp_session` cookie ([`crate::service::session::resolve`])
//!   and the reader's language: the session's, else the `sp_lang` cookie's,
//!   else `Accept-Language` ([`Lang::from_accept_language`]);
//! - reads the body of every unsafe request (not GET/HEAD) first: larger
//!   than [`FORM_LIMIT`] ([`UPLOAD_LIMIT`] for a multipart form) → 413, a
//!   url-encoded form with an invalid `%` escape or invalid UTF-8 → 400
//!   ([`form_is_well_formed`]), before anything else is checked;
//! - refuses every unsafe request (not GET/HEAD) with 403 unless it comes
//!   from a session and carries its CSRF token, in the header
//!   [`CSRF_HEADER`] (htmx) or the form field [`CSRF_FIELD`] (of a
//!   url-encoded or a multipart form); only the
//!   language switch works without a session (it changes a cookie, nothing else);
//! - refuses unsafe requests of a reader with 403, except sign-out and the
//!   language (docs/contract.md §Roles and authentication);
//! - sends a teacher account from `/` to its own sheets (`/me`) and refuses
//!   it every page but those, signing in and out, and the language
//!   ([`teacher_may_open`]; docs/teachers.md §What a teacher sees).
//!
//! Handlers take [`Viewer`] (anyone) or [`SignedIn`] (redirects to the
//! sign-in page when there is no session).

use axum::body::Body;
use axum::extract::{FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Redirect, Response};

use super::htmx::{HxRequest, HxResponse};
use super::kit::errors::error_page;
use super::kit::state::WebState;
use crate::auth::Role;
use crate::i18n::Lang;
use crate::service::session::{self, SessionUser};

/// The session cookie.
pub const SESSION_COOKIE: &str = "sp_session";
/// The language cookie (for pages before sign-in).
pub const LANG_COOKIE: &str = "sp_lang";
/// The form field carrying the CSRF token.
pub const CSRF_FIELD: &str = "_csrf";
/// The request header carrying the CSRF token (htmx sends it via `hx-headers`).
pub const CSRF_HEADER: &str = "x-csrf-token";
/// Unsafe paths any signed-in person may use; every other one needs `planner`.
/// `/jobs` starts a job: a reader may start the downloads, and the job's own
/// role check refuses the others (docs/web.md §Documents).
const OPEN_TO_READERS: &[&str] = &["/signout", "/language", "/jobs"];
/// Largest form body (any unsafe request but a multipart one): beyond it,
/// 413 with a sentence naming the limit, before the CSRF token is looked at.
pub const FORM_LIMIT: usize = 2 * 1024 * 1024;
/// Largest multipart body (a file upload): larger than any file accepted
/// (1 MiB), so that a too large picture reaches its handler and is refused
/// beside its field; a larger body gets 413 as [`FORM_LIMIT`].
pub const UPLOAD_LIMIT: usize = 10 * 1024 * 1024;

/// Who asks, and in which language: the session's person (if any) and the language.
#[derive(Debug, Clone)]
pub struct Viewer {
    /// The signed-in person, if any.
    pub user: Option<SessionUser>,
    /// The reader's language.
    pub lang: Lang,
    /// The language the reader chose (the session's, else the `sp_lang`
    /// cookie's), if any; `lang` without one comes from the browser or the
    /// school. A sign-in keeps only a chosen one in the new session, so that
    /// the account's own applies otherwise (docs/i18n.md §Choosing the language).
    pub chosen: Option<Lang>,
}

/// A signed-in person and their language; without a session the request is
/// redirected to the sign-in page (htmx: `HX-Redirect`).
#[derive(Debug, Clone)]
pub struct SignedIn {
    /// The person.
    pub user: SessionUser,
    /// The language.
    pub lang: Lang,
}

/// The value of cookie `name` in the request's `Cookie` headers.
pub fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.trim())
}

/// The middleware of every page (see the module doc).
pub async fn guard(State(state): State<WebState>, req: Request, next: Next) -> Response {
    let headers = req.headers();
    let user = match cookie(headers, SESSION_COOKIE) {
        Some(secret) => match session::resolve(&state.store, secret).await {
            Ok(user) => user,
            Err(e) => return super::kit::errors::page_error(state.config.default_lang, e),
        },
        None => None,
    };
    let chosen = user.as_ref().and_then(|u| u.lang).or_else(|| cookie(headers, LANG_COOKIE).and_then(Lang::from_tag));
    let lang = chosen.unwrap_or_else(|| {
        let asked = headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok());
        Lang::from_accept_language_or(asked, state.config.default_lang)
    });
    let mut req = req;
    if !matches!(*req.method(), Method::GET | Method::HEAD) {
        // The size first, then the form's spelling, then the CSRF token and the role.
        let (checked, body) = match read_body(req).await {
            Ok(read) => read,
            Err(refusal) => return refusal.page(lang),
        };
        req = checked;
        // A teacher's own word (`/me/…`): its handlers answer only a teacher account.
        let open = OPEN_TO_READERS.contains(&req.uri().path()) || req.uri().path().starts_with("/me/");
        match &user {
            // Without a session: the language, asking for a sign-in link by mail, and using a mailed one.
            None if matches!(req.uri().path(), "/language" | "/signin/mail" | "/signin/confirm") => {}
            None => return error_page(lang, StatusCode::FORBIDDEN, "web-error-csrf"),
            Some(u) => {
                let header = req.headers().get(CSRF_HEADER).and_then(|v| v.to_str().ok()).map(str::to_string);
                let kind = content_type(&req).to_string();
                if !csrf_matches(header, &kind, body, u).await {
                    return error_page(lang, StatusCode::FORBIDDEN, "web-error-csrf");
                }
                if !open && u.role < Role::Planner {
                    return error_page(lang, StatusCode::FORBIDDEN, "web-error-forbidden");
                }
            }
        }
    }
    if let Some(u) = user.as_ref().filter(|u| u.role == Role::Teacher) {
        let path = req.uri().path();
        if path == "/" && matches!(*req.method(), Method::GET | Method::HEAD) {
            return if HxRequest::from_headers(req.headers()).htmx {
                (HxResponse { redirect: Some("/me".into()), ..Default::default() }, StatusCode::NO_CONTENT)
                    .into_response()
            } else {
                Redirect::to("/me").into_response()
            };
        }
        if !teacher_may_open(path) {
            tracing::debug!(account = u.account_id, path, "a teacher account asked for a planners' page");
            return error_page(lang, StatusCode::FORBIDDEN, "web-error-teacher-only");
        }
    }
    let account = user.as_ref().map(|u| u.account_id);
    req.extensions_mut().insert(Viewer { user, lang, chosen });
    let mut res = next.run(req).await;
    if let Some(id) = account {
        res.extensions_mut().insert(crate::auth::RequestAccount(id));
    }
    res
}

/// Whether a `teacher` account may open `path`: its own sheets under `/me`,
/// signing in and out, and the language; every other page answers 403
/// (docs/teachers.md §What a teacher sees).
pub fn teacher_may_open(path: &str) -> bool {
    path == "/me"
        || path.starts_with("/me/")
        || path == "/signout"
        || path == "/language"
        || path == session::SIGNIN_PATH
        || path.starts_with("/signin/")
}

/// Why an unsafe request's body is refused before its handler runs.
#[derive(Debug, PartialEq, Eq)]
enum BodyRefusal {
    /// Larger than the limit of its kind (bytes): 413.
    TooLarge(usize),
    /// A url-encoded form with an invalid `%` escape or text that is not
    /// UTF-8 once decoded: 400 (the parser would store U+FFFD or `%zz`).
    Malformed,
}

impl BodyRefusal {
    /// The error page: 413 naming the limit, or 400.
    fn page(&self, lang: Lang) -> Response {
        match self {
            BodyRefusal::TooLarge(limit) => {
                let limit = format!("{} MiB", limit / (1024 * 1024));
                let text = crate::i18n::text_with(lang, "web-error-body-too-large", &[("limit", limit.into())]);
                super::kit::errors::error_page_text(lang, StatusCode::PAYLOAD_TOO_LARGE, text)
            }
            BodyRefusal::Malformed => error_page(lang, StatusCode::BAD_REQUEST, "web-error-malformed-form"),
        }
    }
}

/// The body's kind from `Content-Type`.
fn content_type(req: &Request) -> &str {
    req.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or_default()
}

/// Reads an unsafe request's body (up to [`UPLOAD_LIMIT`] for a multipart
/// form, else [`FORM_LIMIT`]; a declared larger length is refused unread)
/// and checks a url-encoded form's spelling ([`form_is_well_formed`]); the
/// request keeps the body for its handler.
async fn read_body(req: Request) -> Result<(Request, axum::body::Bytes), BodyRefusal> {
    let kind = content_type(&req).to_ascii_lowercase();
    let limit = if kind.starts_with("multipart/form-data") { UPLOAD_LIMIT } else { FORM_LIMIT };
    let declared = req.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > limit as u64) {
        return Err(BodyRefusal::TooLarge(limit));
    }
    let (parts, body) = req.into_parts();
    let bytes = axum::body::to_bytes(body, limit).await.map_err(|_| BodyRefusal::TooLarge(limit))?;
    if kind.starts_with("application/x-www-form-urlencoded") && !form_is_well_formed(&bytes) {
        return Err(BodyRefusal::Malformed);
    }
    Ok((Request::from_parts(parts, Body::from(bytes.clone())), bytes))
}

/// Whether a url-encoded body reads unchanged: every `%` begins a two-digit
/// hex escape, and every name and value is UTF-8 once decoded (`+` is a space).
pub fn form_is_well_formed(body: &[u8]) -> bool {
    body.split(|b| *b == b'&').all(|pair| {
        let mut decoded = Vec::with_capacity(pair.len());
        let mut i = 0;
        while i < pair.len() {
            match pair[i] {
                b'%' => {
                    let hex = |k: usize| pair.get(k).and_then(|b| (*b as char).to_digit(16));
                    let (Some(hi), Some(lo)) = (hex(i + 1), hex(i + 2)) else { return false };
                    decoded.push((hi * 16 + lo) as u8);
                    i += 3;
                }
                b'+' => {
                    decoded.push(b' ');
                    i += 1;
                }
                b => {
                    decoded.push(b);
                    i += 1;
                }
            }
        }
        decoded.split(|b| *b == b'=').all(|part| std::str::from_utf8(part).is_ok())
    })
}

/// Whether the request carries the session's CSRF token: in the header
/// [`CSRF_HEADER`] (`header`), or in the field of its url-encoded or
/// multipart form (`body`, of the content type `kind`).
async fn csrf_matches(header: Option<String>, kind: &str, body: axum::body::Bytes, user: &SessionUser) -> bool {
    if let Some(token) = header {
        return session::csrf_matches(user, &token);
    }
    let lower = kind.to_ascii_lowercase();
    if lower.starts_with("multipart/form-data") {
        multipart_token(kind, body).await.is_some_and(|v| session::csrf_matches(user, &v))
    } else if lower.starts_with("application/x-www-form-urlencoded") {
        url::form_urlencoded::parse(&body)
            .find(|(k, _)| k == CSRF_FIELD)
            .is_some_and(|(_, v)| session::csrf_matches(user, &v))
    } else {
        false
    }
}

/// The value of the field [`CSRF_FIELD`] of a multipart body, if any.
async fn multipart_token(content_type: &str, bytes: axum::body::Bytes) -> Option<String> {
    let boundary = multer::parse_boundary(content_type).ok()?;
    let stream = futures::stream::once(async move { Ok::<_, std::io::Error>(bytes) });
    let mut form = multer::Multipart::new(stream, boundary);
    while let Ok(Some(field)) = form.next_field().await {
        if field.name() == Some(CSRF_FIELD) {
            return field.text().await.ok();
        }
    }
    None
}

impl<S: Send + Sync> FromRequestParts<S> for Viewer {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        parts.extensions.get::<Viewer>().cloned().ok_or_else(|| StatusCode::INTERNAL_SERVER_ERROR.into_response())
    }
}

impl<S: Send + Sync> FromRequestParts<S> for SignedIn {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let viewer = Viewer::from_request_parts(parts, state).await?;
        match viewer.user {
            Some(user) => Ok(SignedIn { user, lang: viewer.lang }),
            None => {
                // "Your session has ended" only to someone who had one; a
                // first visit gets the sign-in page as it is.
                let target = if cookie(&parts.headers, SESSION_COOKIE).is_some() {
                    format!("{}?ended=1", session::SIGNIN_PATH)
                } else {
                    session::SIGNIN_PATH.to_string()
                };
                if HxRequest::from_headers(&parts.headers).htmx {
                    Err((HxResponse { redirect: Some(target), ..Default::default() }, StatusCode::NO_CONTENT)
                        .into_response())
                } else {
                    Err(Redirect::to(&target).into_response())
                }
            }
        }
    }
}

/// A `Set-Cookie` value: `name=value`, path `/`, HttpOnly, SameSite=Lax,
/// `Secure` when `secure`, for `max_age` seconds (0 deletes it).
pub fn set_cookie(name: &str, value: &str, max_age: i64, secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!("{name}={value}; Path=/; Max-Age={max_age}; HttpOnly; SameSite=Lax{secure}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn cookies_are_found_by_name() {
        let mut h = HeaderMap::new();
        h.append(header::COOKIE, HeaderValue::from_static("a=1; sp_session=abc"));
        h.append(header::COOKIE, HeaderValue::from_static("sp_lang=en"));
        assert_eq!(cookie(&h, SESSION_COOKIE), Some("abc"));
        assert_eq!(cookie(&h, LANG_COOKIE), Some("en"));
        assert_eq!(cookie(&h, "sp"), None);
        assert_eq!(set_cookie("x", "y", 0, true), "x=y; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure");
    }

    #[test]
    fn forms_are_read_only_when_they_read_unchanged() {
        for good in ["", "a=1&b=2", "name=M%C3%BCller+Anna", "a=&=b&&c", "x=%2F%25%7e"] {
            assert!(form_is_well_formed(good.as_bytes()), "{good}");
        }
        for bad in ["a=%zz", "a=%", "a=%4", "a=%C3", "a=%FF%FE", "%ZZ=1", "a=1&b=%C3%28"] {
            assert!(!form_is_well_formed(bad.as_bytes()), "{bad}");
        }
        assert!(!form_is_well_formed(b"a=\xff"), "a raw byte that is not UTF-8");
    }
}
