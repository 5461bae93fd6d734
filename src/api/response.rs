//! Success responses in the `{"result": …}` envelope (docs/contract.md §Envelope and forms).

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::error::Error;

/// `Content-Type` of success bodies: exactly `application/json` (docs/contract.md §Paths and versions).
pub const JSON: &str = "application/json";

#[derive(Serialize)]
struct Envelope<'a, T: Serialize> {
    result: &'a T,
}

fn json(status: StatusCode, value: &impl Serialize) -> Response {
    match serde_json::to_vec(&Envelope { result: value }) {
        Ok(bytes) => {
            let mut res = (status, bytes).into_response();
            res.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static(JSON));
            res
        }
        Err(e) => Error::internal(e).into_response(),
    }
}

/// 200 with `{"result": value}` and the value's `ETag`, serialising the value
/// once for both (RFC 9110 §8.8.3).
pub fn ok_tagged(value: &impl Serialize) -> Result<Response, Error> {
    let bytes = serde_json::to_vec(value).map_err(Error::internal)?;
    let tag = super::etag::ETag::of_bytes(&bytes);
    let mut body = Vec::with_capacity(bytes.len() + 12);
    body.extend_from_slice(b"{\"result\":");
    body.extend_from_slice(&bytes);
    body.push(b'}');
    let mut res = (StatusCode::OK, body).into_response();
    res.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static(JSON));
    Ok(tag.attach(res))
}

/// 200 with `{"result": value}` and `ETag` of `version` (the version a use
/// case returned with the value it wrote).
pub fn ok_written(value: &impl Serialize, version: &crate::service::version::Version) -> Response {
    super::etag::ETag::from(version).attach(ok(value))
}

/// 200 with `{"result": value}`.
pub fn ok(value: &impl Serialize) -> Response {
    json(StatusCode::OK, value)
}

/// 201 with `Location: /api/v1/{resource}/{id}` and the single form.
pub fn created(resource: &str, id: i64, value: &impl Serialize) -> Response {
    let mut res = json(StatusCode::CREATED, value);
    if let Ok(loc) = HeaderValue::from_str(&format!("/api/v1/{resource}/{id}")) {
        res.headers_mut().insert(header::LOCATION, loc);
    }
    res
}

/// 204 without body.
pub fn no_content() -> Response {
    StatusCode::NO_CONTENT.into_response()
}
