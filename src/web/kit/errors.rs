//! The error pages: [`ErrorPage`] (a title, one sentence and a way back),
//! [`error_page`] and [`error_page_text`] to answer with one, and
//! [`page_error`] for a service error (its status, its sentence, and for a
//! fault of the database when to try again).

use askama::Template;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Response};

use crate::error::{Error, ErrorCode};
use crate::i18n::{self, Lang};
use crate::web::assets;

/// The error page: a title, one sentence and a way back.
#[derive(Template)]
#[template(path = "web/error.html")]
pub struct ErrorPage {
    /// `lang` of the document.
    pub lang: &'static str,
    /// Title.
    pub title: String,
    /// The sentence.
    pub message: String,
    /// Text of the link back.
    pub back: String,
    /// Stylesheet URL.
    pub css: &'static str,
}

/// The sentence of an error page, kept on its response, so that
/// [`crate::web::error_frame::keep_the_menu`] can show the page inside the frame for a
/// signed-in person.
#[derive(Debug, Clone)]
pub struct ErrorSentence(pub String);

/// An error page with `status` and the catalogue text `key`.
pub fn error_page(lang: Lang, status: StatusCode, key: &str) -> Response {
    error_page_text(lang, status, i18n::text(lang, key))
}

/// An error page with `status` and the sentence `message` (already in `lang`).
pub fn error_page_text(lang: Lang, status: StatusCode, message: String) -> Response {
    let page = ErrorPage {
        lang: lang.tag(),
        title: i18n::text(lang, "web-error-title"),
        message,
        back: i18n::text(lang, "back-to-start"),
        css: &assets::urls().css,
    };
    let html = page.render().unwrap_or_else(|_| page.message.clone());
    let mut res = (status, Html(html)).into_response();
    res.headers_mut().insert(header::CONTENT_LANGUAGE, HeaderValue::from_static(lang.tag()));
    res.extensions_mut().insert(ErrorSentence(page.message));
    res
}

/// The page for a service error: 404 for `not_found`, 403 for `forbidden`,
/// any other refusal (4xx) with its own status and its sentence (and its
/// fields' messages); a fault of the database with its own status (503 or
/// 507), its sentence, `Retry-After` and its [`ErrorCode`] as a response
/// extension (docs/faults.md); only a fault of the server is 500 (logged).
pub fn page_error(lang: Lang, err: Error) -> Response {
    let status = err.status();
    match err.code() {
        ErrorCode::NotFound => error_page(lang, StatusCode::NOT_FOUND, "web-error-not-found"),
        ErrorCode::Forbidden => error_page(lang, StatusCode::FORBIDDEN, "web-error-forbidden"),
        _ if status.is_client_error() => {
            let mut message = err.message(lang);
            for (_, _, field) in err.field_messages(lang) {
                if !message.contains(&field) {
                    message.push(' ');
                    message.push_str(&field);
                }
            }
            error_page_text(lang, status, message)
        }
        code => match code.retry_after() {
            // A fault of the database (a lost connection, a held lock, a full
            // disk): its own status and sentence, when to try again, and the
            // code, by which the app runs a request whose connection was lost
            // once more (docs/faults.md); never a 500.
            Some(seconds) => {
                tracing::warn!(error = ?err, "a web request met a fault of the database");
                let mut res = error_page_text(lang, status, err.message(lang));
                res.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(seconds));
                res.extensions_mut().insert(code);
                res
            }
            None => {
                tracing::error!(error = ?err, "a web request failed");
                error_page(lang, StatusCode::INTERNAL_SERVER_ERROR, "web-error-internal")
            }
        },
    }
}
