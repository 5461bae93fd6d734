//! The reader's language in the API (docs/i18n.md §Choosing the language):
//! `Accept-Language`, English when it names none of ours.

use std::convert::Infallible;

use axum::body::Body;
use axum::extract::{FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::Response;

use crate::error::Problem;
use crate::i18n::Lang;

/// The language of an API request: the one of ours its `Accept-Language`
/// prefers, English when the header is absent or names none of ours (so a
/// client that never asked keeps the English texts it always had).
pub fn of_headers(headers: &HeaderMap) -> Lang {
    let header = headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok());
    Lang::from_accept_language_or(header, Lang::En)
}

/// Extractor: the request's language ([`of_headers`]), for handlers that
/// answer with texts (plan-check findings).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RequestLang(pub Lang);

impl<S: Send + Sync> FromRequestParts<S> for RequestLang {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(RequestLang(of_headers(&parts.headers)))
    }
}

/// The language of a request on the existing client's mount: the one of
/// ours its `Accept-Language` prefers (the browser's), German when it names
/// none of ours, as the Pensenmanager's server answered.
pub fn of_client(headers: &HeaderMap) -> Lang {
    let header = headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok());
    Lang::from_accept_language_or(header, Lang::De)
}

/// The language `req`'s problems are rendered in, and whether it came in on
/// the existing client's mount ([`super::client::ClientMount`]); read before
/// the request is handled, for [`localise_problems`].
pub fn problem_language(req: &Request) -> (Lang, bool) {
    let client = req.extensions().get::<super::client::ClientMount>().is_some();
    (if client { of_client(req.headers()) } else { of_headers(req.headers()) }, client)
}

/// Renders a problem answer (an error attached as a [`Problem`] extension,
/// whoever produced it) in the request's language, as read by
/// [`problem_language`]; called by `crate::app::observe::observe` around
/// every route, outside every layer that answers with a problem. Problems
/// are rendered in English where they arise; the body is replaced only for
/// another language. On the existing client's mount (docs/client.md
/// §Errors) the body is the problem's `detail` alone, as `text/plain;
/// charset=utf-8` in the client's language ([`of_client`]): the client shows
/// an error's body as it is.
pub fn localise_problems(res: Response, (lang, client): (Lang, bool)) -> Response {
    if lang == Lang::En && !client {
        return res;
    }
    let Some(problem) = res.extensions().get::<Problem>().cloned() else { return res };
    let (mut parts, _) = res.into_parts();
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.insert(header::CONTENT_LANGUAGE, HeaderValue::from_static(lang.tag()));
    if client {
        parts.headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; charset=utf-8"));
        return Response::from_parts(parts, Body::from(problem.detail(lang)));
    }
    Response::from_parts(parts, Body::from(problem.body(lang)))
}
