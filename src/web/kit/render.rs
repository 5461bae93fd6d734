//! A page's answer: its template rendered as HTML, in the page's language
//! (the error page when rendering fails).

use askama::Template;
use axum::http::{header, HeaderValue};
use axum::response::{Html, IntoResponse, Response};

use super::errors::page_error;
use crate::error::Error;
use crate::i18n::Lang;

/// Renders a template as an HTML response (500 page when rendering fails).
pub fn render(lang: Lang, template: &impl Template) -> Response {
    match template.render() {
        Ok(html) => {
            let mut res = Html(html).into_response();
            res.headers_mut().insert(header::CONTENT_LANGUAGE, HeaderValue::from_static(lang.tag()));
            res
        }
        Err(e) => {
            tracing::error!(error = %e, "rendering a page failed");
            page_error(lang, Error::internal(anyhow::anyhow!("template: {e}")))
        }
    }
}
