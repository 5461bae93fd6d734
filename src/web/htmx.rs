//! The htmx request and response headers (htmx 2, `HX-*`) as types, so that
//! handlers neither spell header names nor parse them.
//!
//! Request: [`HxRequest`] tells whether htmx sent the request and what it
//! targets. Response: [`HxResponse`] adds the headers htmx acts on.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderName, HeaderValue};
use axum::response::{IntoResponseParts, ResponseParts};

/// `HX-Request`: present (`true`) on every htmx request.
pub const HX_REQUEST: HeaderName = HeaderName::from_static("hx-request");
/// `HX-Target`: the id of the target element, when it has one.
pub const HX_TARGET: HeaderName = HeaderName::from_static("hx-target");
/// `HX-Boosted`: the request comes from an `hx-boost`ed link or form.
pub const HX_BOOSTED: HeaderName = HeaderName::from_static("hx-boosted");
/// `HX-Current-URL`: the browser's URL when the request was made.
pub const HX_CURRENT_URL: HeaderName = HeaderName::from_static("hx-current-url");
/// `HX-Redirect` (response): htmx loads this URL as a whole page.
pub const HX_REDIRECT: HeaderName = HeaderName::from_static("hx-redirect");
/// `HX-Push-Url` (response): htmx pushes this URL into the history.
pub const HX_PUSH_URL: HeaderName = HeaderName::from_static("hx-push-url");
/// `HX-Trigger` (response): htmx triggers this client-side event.
pub const HX_TRIGGER: HeaderName = HeaderName::from_static("hx-trigger");

/// What htmx tells about a request; all empty for a plain browser request.
/// Never rejects.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HxRequest {
    /// Whether htmx made the request (`HX-Request: true`).
    pub htmx: bool,
    /// Whether it comes from a boosted link or form (then a whole page is wanted).
    pub boosted: bool,
    /// The id of the element the answer replaces (`HX-Target`).
    pub target: Option<String>,
    /// The browser's URL at the time (`HX-Current-URL`).
    pub current_url: Option<String>,
}

impl HxRequest {
    /// Reads the `HX-*` request headers.
    pub fn from_headers(headers: &HeaderMap) -> HxRequest {
        let text = |name: &HeaderName| headers.get(name).and_then(|v| v.to_str().ok()).map(str::to_string);
        HxRequest {
            htmx: text(&HX_REQUEST).as_deref() == Some("true"),
            boosted: text(&HX_BOOSTED).as_deref() == Some("true"),
            target: text(&HX_TARGET),
            current_url: text(&HX_CURRENT_URL),
        }
    }

    /// Whether htmx asks for the fragment that replaces element `id` (and not
    /// for a whole page).
    pub fn wants_fragment(&self, id: &str) -> bool {
        self.htmx && !self.boosted && self.target.as_deref() == Some(id)
    }
}

impl<S: Send + Sync> FromRequestParts<S> for HxRequest {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(HxRequest::from_headers(&parts.headers))
    }
}

/// Response headers for htmx; unset fields add nothing. Use as a response part:
/// `(HxResponse { push_url: Some(url), ..Default::default() }, html)`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HxResponse {
    /// Load this URL as a whole page (`HX-Redirect`), e.g. the sign-in page.
    pub redirect: Option<String>,
    /// Push this URL into the browser history (`HX-Push-Url`).
    pub push_url: Option<String>,
    /// Trigger this event on the client (`HX-Trigger`).
    pub trigger: Option<String>,
}

impl IntoResponseParts for HxResponse {
    type Error = std::convert::Infallible;

    fn into_response_parts(self, mut res: ResponseParts) -> Result<ResponseParts, Self::Error> {
        for (name, value) in [(HX_REDIRECT, self.redirect), (HX_PUSH_URL, self.push_url), (HX_TRIGGER, self.trigger)] {
            if let Some(v) = value.and_then(|v| HeaderValue::from_str(&v).ok()) {
                res.headers_mut().insert(name, v);
            }
        }
        Ok(res)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::response::IntoResponse;

    #[test]
    fn request_headers_are_read() {
        let mut h = HeaderMap::new();
        assert_eq!(HxRequest::from_headers(&h), HxRequest::default());
        h.insert(HX_REQUEST, HeaderValue::from_static("true"));
        h.insert(HX_TARGET, HeaderValue::from_static("grid-region"));
        let r = HxRequest::from_headers(&h);
        assert!(r.wants_fragment("grid-region") && !r.wants_fragment("other"));
        h.insert(HX_BOOSTED, HeaderValue::from_static("true"));
        assert!(!HxRequest::from_headers(&h).wants_fragment("grid-region"), "boosted wants a page");
    }

    #[test]
    fn response_headers_are_set() {
        let res = (HxResponse { push_url: Some("/years/1/grid".into()), ..Default::default() }, "x").into_response();
        assert_eq!(res.headers().get(HX_PUSH_URL).unwrap(), "/years/1/grid");
        assert!(res.headers().get(HX_REDIRECT).is_none());
    }
}
