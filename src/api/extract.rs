//! Request extractors that turn HTTP input into valid values or RFC 9457 errors.
//!
//! - [`Parsed<T>`]: a JSON body (415 unless `Content-Type: application/json`,
//!   400 when malformed) parsed into domain type `T` — create mode on POST,
//!   replace mode on PUT (docs/contract.md §Tolerant reader).
//! - [`JsonBody`]: the raw JSON value, for bodies with several shapes (courses).
//! - [`PathId`]: the numeric id of the path (400 when not a positive integer).
//! - [`QueryParams`]: query parameters with typed accessors (400 on bad values).

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{header, Method};
use serde_json::Value;

use crate::domain::{FromBody, Mode};
use crate::error::{Error, ErrorCode, Result};
use crate::i18n::Message;

/// The raw JSON body of a request (content type and syntax checked).
#[derive(Debug, Clone)]
pub struct JsonBody(pub Value);

fn is_json(content_type: Option<&str>) -> bool {
    content_type
        .and_then(|ct| ct.split(';').next())
        .is_some_and(|mime| mime.trim().eq_ignore_ascii_case("application/json"))
}

impl<S: Send + Sync> FromRequest<S> for JsonBody {
    type Rejection = Error;

    async fn from_request(req: Request, state: &S) -> Result<Self> {
        let ct = req.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).map(str::to_owned);
        if !is_json(ct.as_deref()) {
            // Before reading: a large body of the wrong type is 415, not 413.
            return json_object(ct.as_deref(), b"").map(JsonBody);
        }
        let bytes = read_body(req, state).await?;
        Ok(JsonBody(json_object(ct.as_deref(), &bytes)?))
    }
}

/// A body that may be left out (no bytes at all); when sent, it is checked as
/// [`JsonBody`] is (JSON content type, valid JSON, an object).
#[derive(Debug, Clone)]
pub struct OptionalJsonBody(pub Option<Value>);

impl<S: Send + Sync> FromRequest<S> for OptionalJsonBody {
    type Rejection = Error;

    async fn from_request(req: Request, state: &S) -> Result<Self> {
        let ct = req.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).map(str::to_owned);
        let bytes = read_body(req, state).await?;
        if bytes.is_empty() {
            return Ok(OptionalJsonBody(None));
        }
        Ok(OptionalJsonBody(Some(json_object(ct.as_deref(), &bytes)?)))
    }
}

/// The body's bytes (413 `payload_too_large` beyond the limit).
async fn read_body<S: Send + Sync>(req: Request, state: &S) -> Result<Bytes> {
    Bytes::from_request(req, state).await.map_err(|rej| {
        if rej.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
            Error::new(ErrorCode::PayloadTooLarge, Message::new("error-body-too-large"))
        } else {
            Error::new(ErrorCode::MalformedJson, Message::new("error-body-unreadable"))
        }
    })
}

/// `bytes` as a JSON object: 415 unless the content type is JSON, 400
/// `malformed_json` or `body_not_object`.
fn json_object(content_type: Option<&str>, bytes: &[u8]) -> Result<Value> {
    if !is_json(content_type) {
        return Err(Error::new(ErrorCode::UnsupportedMediaType, Message::new("error-body-not-json-type")));
    }
    let value: Value = serde_json::from_slice(bytes)
        .map_err(|e| Error::new(ErrorCode::MalformedJson, Message::new("error-body-invalid-json").arg("reason", e)))?;
    if !value.is_object() {
        return Err(Error::new(ErrorCode::BodyNotObject, Message::new("error-body-object")));
    }
    crate::domain::body_reader::exact_numbers(bytes)?;
    Ok(value)
}

/// A request body parsed into the domain type `T` (POST: create, PUT: replace).
#[derive(Debug, Clone)]
pub struct Parsed<T>(pub T);

impl<S: Send + Sync, T: FromBody> FromRequest<S> for Parsed<T> {
    type Rejection = Error;

    async fn from_request(req: Request, state: &S) -> Result<Self> {
        let mode = if req.method() == Method::PUT { Mode::Replace } else { Mode::Create };
        let JsonBody(value) = JsonBody::from_request(req, state).await?;
        Ok(Parsed(T::from_body(&value, mode)?))
    }
}

/// The `:id` path segment as a positive integer.
#[derive(Debug, Clone, Copy)]
pub struct PathId(pub i64);

impl<S: Send + Sync> FromRequestParts<S> for PathId {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self> {
        let raw = parts.uri.path().rsplit('/').next().unwrap_or_default();
        match raw.parse::<i64>() {
            Ok(id) if crate::domain::body_reader::is_id_text(raw) => Ok(PathId(id)),
            _ => Err(Error::new(ErrorCode::InvalidPathId, Message::new("error-path-id").arg("raw", raw))),
        }
    }
}

/// Query parameters, decoded; unknown names are ignored.
#[derive(Debug, Clone, Default)]
pub struct QueryParams(pub Vec<(String, String)>);

impl<S: Send + Sync> FromRequestParts<S> for QueryParams {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self> {
        let pairs: Vec<(String, String)> =
            url::form_urlencoded::parse(parts.uri.query().unwrap_or_default().as_bytes()).into_owned().collect();
        // No parameter needs a control character or a bidirectional override;
        // PostgreSQL refuses NUL in text outright (docs/api.md "Conventions").
        if let Some((name, _)) = pairs.iter().find(|(k, v)| {
            crate::domain::body_reader::forbidden_char(k, false).is_some()
                || crate::domain::body_reader::forbidden_char(v, false).is_some()
        }) {
            return Err(Error::new(
                ErrorCode::InvalidQuery,
                Message::new("error-query-character").arg("name", name.escape_debug()),
            ));
        }
        Ok(QueryParams(pairs))
    }
}

impl QueryParams {
    fn get(&self, name: &str) -> Option<&str> {
        self.0.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    fn bad(name: &str, value: &str, expected: Message) -> Error {
        Error::new(
            ErrorCode::InvalidQuery,
            Message::new("error-query-value").arg("name", name).arg("value", value).arg_message("expected", expected),
        )
    }

    /// An id parameter (`?schoolYear=3`); 400 when not a positive integer.
    pub fn id(&self, name: &str) -> Result<Option<i64>> {
        match self.get(name) {
            None => Ok(None),
            Some(v) => match v.parse::<i64>() {
                Ok(id) if crate::domain::body_reader::is_id_text(v) => Ok(Some(id)),
                _ => Err(Self::bad(name, v, Message::new("error-query-expected-id"))),
            },
        }
    }

    /// A required id parameter; 400 when absent.
    pub fn required_id(&self, name: &str) -> Result<i64> {
        self.id(name)?
            .ok_or_else(|| Error::new(ErrorCode::InvalidQuery, Message::new("error-query-required").arg("name", name)))
    }

    /// A parameter that takes one of `allowed` values; 400 for any other value.
    pub fn choice(&self, name: &str, allowed: &[&'static str]) -> Result<Option<&'static str>> {
        match self.get(name) {
            None => Ok(None),
            Some(v) => allowed.iter().copied().find(|a| *a == v).map(Some).ok_or_else(|| {
                Self::bad(name, v, Message::new("error-query-expected-one-of").arg("options", allowed.join(", ")))
            }),
        }
    }

    /// A boolean parameter: `true`/`false`; a bare flag (`?crossClass`) is `true`.
    pub fn flag(&self, name: &str) -> Result<Option<bool>> {
        match self.get(name) {
            None => Ok(None),
            Some("") | Some("true") => Ok(Some(true)),
            Some("false") => Ok(Some(false)),
            Some(v) => Err(Self::bad(name, v, Message::new("error-query-expected-boolean"))),
        }
    }
}

/// The caller of a use case: the request's principal (set by the access
/// check), its method and its path (as requested, before nesting), which the
/// audit trail records.
impl<S: Send + Sync> FromRequestParts<S> for crate::service::audit::Actor {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self> {
        Ok(crate::service::audit::Actor {
            principal: parts.extensions.get::<crate::auth::Principal>().cloned(),
            method: parts.method.to_string(),
            path: parts
                .extensions
                .get::<axum::extract::OriginalUri>()
                .map_or_else(|| parts.uri.path().to_string(), |u| u.path().to_string()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::is_json;

    #[test]
    fn json_content_types() {
        assert!(is_json(Some("application/json")));
        assert!(is_json(Some("application/json; charset=utf-8")));
        assert!(is_json(Some("Application/JSON")));
        assert!(!is_json(Some("text/plain")));
        assert!(!is_json(Some("application/jsonx")));
        assert!(!is_json(None));
    }
}
