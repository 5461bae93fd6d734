//! The check in front of every page (docs/web.md §Sign-in and sessions):
//!
//! - finds the session of the `sp_session` cookie ([`crate::service::session::resolve`])
//!   and the reader's language: the session's, else the `sp_lang` cookie's,
//!   else `Accept-Language` ([`Lang::from_accept_language`]);
//! - refuses every unsafe request (not GET/HEAD) with 403 unless it comes
//!   from a session and carries its CSRF token, in the header
//!   [`CSRF_HEADER`] (htmx) or the form field [`CSRF_FIELD`] (of a
//!   url-encoded or a multipart form); only the
//!   language switch works without a session (it changes a cookie, nothing else);
//! - refuses unsafe requests of a reader with 403, except sign-out and the
//!   language (docs/contract.md §Roles and authentication).
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
use super::{error_page, WebState};
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
/// Largest form body read for its CSRF field.
const FORM_LIMIT: usize = 2 * 1024 * 1024;
/// Largest multipart body (a file upload) read for its CSRF field: larger
/// than any file accepted (1 MiB), so that a too large picture reaches its
/// handler and is refused beside its field; a larger body gets 413.
pub const UPLOAD_LIMIT: usize = 10 * 1024 * 1024;

/// Who asks, and in which language: the session's person (if any) and the language.
#[derive(Debug, Clone)]
pub struct Viewer {
    /// The signed-in person, if any.
    pub user: Option<SessionUser>,
    /// The reader's language.
    pub lang: Lang,
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
            Err(e) => return super::page_error(Lang::from_accept_language(None), e),
        },
        None => None,
    };
    let lang = user.as_ref().and_then(|u| u.lang).or_else(|| cookie(headers, LANG_COOKIE).and_then(Lang::from_tag));
    let lang = lang.unwrap_or_else(|| {
        Lang::from_accept_language(headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()))
    });
    let mut req = req;
    if !matches!(*req.method(), Method::GET | Method::HEAD) {
        let open = OPEN_TO_READERS.contains(&req.uri().path());
        match &user {
            None if req.uri().path() == "/language" => {}
            None => return error_page(lang, StatusCode::FORBIDDEN, "web-error-csrf"),
            Some(u) => {
                let (checked, ok) = csrf_checked(req, u).await;
                match ok {
                    Token::Valid => {}
                    Token::TooLarge => return error_page(lang, StatusCode::PAYLOAD_TOO_LARGE, "web-error-too-large"),
                    Token::Invalid => return error_page(lang, StatusCode::FORBIDDEN, "web-error-csrf"),
                }
                if !open && u.role < Role::Planner {
                    return error_page(lang, StatusCode::FORBIDDEN, "web-error-forbidden");
                }
                req = checked;
            }
        }
    }
    req.extensions_mut().insert(Viewer { user, lang });
    next.run(req).await
}

/// What the CSRF check found.
enum Token {
    /// The session's token.
    Valid,
    /// No token, or another.
    Invalid,
    /// A multipart body larger than [`UPLOAD_LIMIT`] (not read).
    TooLarge,
}

impl From<bool> for Token {
    fn from(ok: bool) -> Token {
        if ok {
            Token::Valid
        } else {
            Token::Invalid
        }
    }
}

/// Whether the request carries the session's CSRF token (header, or the
/// field of a url-encoded or multipart form, whose body is read and put back).
async fn csrf_checked(req: Request, user: &SessionUser) -> (Request, Token) {
    if let Some(token) = req.headers().get(CSRF_HEADER).and_then(|v| v.to_str().ok()) {
        let ok = session::csrf_matches(user, token);
        return (req, ok.into());
    }
    let content_type =
        req.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
    let multipart = content_type.starts_with("multipart/form-data");
    if !multipart && !content_type.starts_with("application/x-www-form-urlencoded") {
        return (req, Token::Invalid);
    }
    let (parts, body) = req.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, if multipart { UPLOAD_LIMIT } else { FORM_LIMIT }).await else {
        let why = if multipart { Token::TooLarge } else { Token::Invalid };
        return (Request::from_parts(parts, Body::empty()), why);
    };
    let ok = if multipart {
        multipart_token(&content_type, bytes.clone()).await.is_some_and(|v| session::csrf_matches(user, &v))
    } else {
        url::form_urlencoded::parse(&bytes)
            .find(|(k, _)| k == CSRF_FIELD)
            .is_some_and(|(_, v)| session::csrf_matches(user, &v))
    };
    (Request::from_parts(parts, Body::from(bytes)), ok.into())
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
}
