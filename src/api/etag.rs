//! Entity tags and conditional requests: optimistic concurrency (RFC 9110
//! §8.8.3, §13.1, §13.2; docs/contract.md §Concurrency "`If-Match` does not match → 412").
//!
//! - [`ETag::of`]: the strong validator of a single form — its
//!   [`Version`] in double quotes: `"` + the lowercase hex of the first 16
//!   bytes of the SHA-256 of the form's JSON bytes + `"`. It changes whenever
//!   anything visible in the object changes, including the reference forms
//!   embedded in it.
//! - [`Preconditions`]: the request's `If-Match` and `If-None-Match` fields,
//!   parsed (`*`, comma-separated lists, `W/` weak tags) into the use cases'
//!   HTTP-free [`Expect`] ([`Preconditions::expect`]): `If-Match` uses the
//!   strong comparison (a weak tag never matches, so it is left out),
//!   `If-None-Match` the weak comparison (RFC 9110 §8.8.3.2, `W/` ignored).
//!
//! The use cases evaluate the expectation against the object as it is inside
//! the write transaction, after its row is locked, so two clients saving with
//! the same tag cannot both succeed.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::error::{Error, Result};
use crate::service::version::{Expect, Version, Versions};

/// A strong entity tag of a single form, with its double quotes (`"0f3a…"`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ETag(String);

impl ETag {
    /// The tag of `value`'s JSON form: `"` + lowercase hex of the first 16 bytes
    /// of SHA-256 over the JSON bytes + `"` (a strong validator, RFC 9110 §8.8.1).
    pub fn of(value: &impl Serialize) -> Result<ETag> {
        Ok(ETag::from(&Version::of(value)?))
    }

    /// The tag of the given representation bytes.
    pub fn of_bytes(bytes: &[u8]) -> ETag {
        ETag::from(&Version::of_bytes(bytes))
    }

    /// The version the tag names (without the quotes).
    pub fn version(&self) -> Version {
        Version::from_text(self.0.trim_matches('"'))
    }

    /// The tag as sent in the `ETag` header, quotes included.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Sets `ETag: <tag>` on `res` and returns it.
    pub fn attach(&self, mut res: Response) -> Response {
        if let Ok(v) = HeaderValue::from_str(&self.0) {
            res.headers_mut().insert(header::ETAG, v);
        }
        res
    }

    /// `304 Not Modified` with this `ETag` and no body (RFC 9110 §15.4.5).
    pub fn not_modified(&self) -> Response {
        self.attach(StatusCode::NOT_MODIFIED.into_response())
    }
}

impl From<&Version> for ETag {
    /// The version in double quotes.
    fn from(version: &Version) -> ETag {
        ETag(format!("\"{version}\""))
    }
}

/// One entity tag of a request header: `W/"x"` (weak) or `"x"` (strong).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntityTag {
    weak: bool,
    /// The opaque tag with its double quotes.
    opaque: String,
}

impl EntityTag {
    /// The version the tag names: the opaque tag without its quotes.
    fn version(&self) -> Version {
        Version::from_text(self.opaque.trim_matches('"'))
    }
}

/// The value of an `If-Match` or `If-None-Match` field (RFC 9110 §13.1.1, §13.1.2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Condition {
    /// `*`: any current representation.
    Any,
    /// A list of entity tags (may be empty when nothing in the field could be parsed).
    Tags(Vec<EntityTag>),
}

impl Condition {
    /// Parses every line of field `name` in `headers` into one condition:
    /// `Ok(None)` when the field is absent; `Err(name)` when a line is neither
    /// `*` nor a list of entity tags.
    fn from_headers(headers: &HeaderMap, name: HeaderName) -> std::result::Result<Option<Condition>, HeaderName> {
        let mut tags = Vec::new();
        let mut any = false;
        let mut present = false;
        for value in headers.get_all(&name) {
            present = true;
            let parsed =
                value.to_str().ok().and_then(
                    |text| {
                        if text == "*" {
                            Some(None)
                        } else {
                            parse_tag_list(text).map(Some)
                        }
                    },
                );
            match parsed {
                Some(None) => any = true,
                Some(Some(list)) => tags.extend(list),
                None => return Err(name),
            }
        }
        Ok(present.then_some(if any { Condition::Any } else { Condition::Tags(tags) }))
    }

    /// The versions of the strong comparison (`If-Match`): the strong tags
    /// (a weak tag never matches); `*` is any version.
    pub fn strong_versions(&self) -> Versions {
        match self {
            Condition::Any => Versions::Any,
            Condition::Tags(tags) => Versions::List(tags.iter().filter(|t| !t.weak).map(EntityTag::version).collect()),
        }
    }

    /// The versions of the weak comparison (`If-None-Match`): every tag, `W/`
    /// ignored; `*` is any version.
    pub fn weak_versions(&self) -> Versions {
        match self {
            Condition::Any => Versions::Any,
            Condition::Tags(tags) => Versions::List(tags.iter().map(EntityTag::version).collect()),
        }
    }
}

/// Parses a non-empty `1#entity-tag` list (RFC 9110 §8.8.3, §5.6.1):
/// entity tags (`"…"` or `W/"…"`, opaque characters `!` and `#`–`~`)
/// separated by commas with optional spaces or tabs; `None` when anything else
/// is in the field.
fn parse_tag_list(text: &str) -> Option<Vec<EntityTag>> {
    let ows = |s: &str| s.trim_start_matches([' ', '\t']).to_string();
    let mut out = Vec::new();
    let mut rest = text.to_string();
    loop {
        let (weak, r) = match rest.strip_prefix("W/") {
            Some(r) => (true, r),
            None => (false, rest.as_str()),
        };
        let r = r.strip_prefix('"')?;
        let end = r.find('"')?;
        let opaque = &r[..end];
        if !opaque.bytes().all(|b| b == 0x21 || (0x23..=0x7e).contains(&b)) {
            return None;
        }
        out.push(EntityTag { weak, opaque: format!("\"{opaque}\"") });
        let after = ows(&r[end + 1..]);
        if after.is_empty() {
            return Some(out);
        }
        rest = ows(after.strip_prefix(',')?);
    }
}

/// The conditional-request fields of a request: `If-Match` and `If-None-Match`
/// (RFC 9110 §13.1). Absent fields impose no condition, so clients that never
/// send them work as before.
#[derive(Debug, Clone, Default)]
pub struct Preconditions {
    /// `If-Match`, when sent.
    pub if_match: Option<Condition>,
    /// `If-None-Match`, when sent.
    pub if_none_match: Option<Condition>,
    /// A conditional field that could not be read: every check then fails
    /// with 412 `invalid_header` (a condition that cannot be read cannot hold,
    /// and the request must not run unconditionally). The failure is raised
    /// when the handler checks, so body errors (400/415/422) and 404 come first.
    pub malformed: Option<HeaderName>,
}

impl<S: Send + Sync> FromRequestParts<S> for Preconditions {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self> {
        Ok(Preconditions::from_headers(&parts.headers))
    }
}

impl Preconditions {
    /// Reads `If-Match` and `If-None-Match` from `headers` (see [`Preconditions::malformed`]).
    pub fn from_headers(headers: &HeaderMap) -> Self {
        let mut malformed = None;
        let mut read = |name: HeaderName| {
            Condition::from_headers(headers, name).unwrap_or_else(|bad| {
                malformed.get_or_insert(bad);
                None
            })
        };
        let if_match = read(header::IF_MATCH);
        let if_none_match = read(header::IF_NONE_MATCH);
        Preconditions { if_match, if_none_match, malformed }
    }

    /// The use cases' form of the conditions (see [`Expect`]); an unreadable
    /// field becomes [`Expect::unreadable`], so every check fails with 412
    /// `invalid_header`.
    pub fn expect(&self) -> Expect {
        Expect {
            one_of: self.if_match.as_ref().map(Condition::strong_versions),
            none_of: self.if_none_match.as_ref().map(Condition::weak_versions),
            unreadable: self
                .malformed
                .as_ref()
                .map(|name| crate::i18n::Message::new("error-condition-unreadable").arg("name", name)),
        }
    }

    /// Whether any conditional header was sent (readable or not): without one,
    /// a write has nothing to check and needs no tag of the current state.
    pub fn has_conditions(&self) -> bool {
        self.if_match.is_some() || self.if_none_match.is_some() || self.malformed.is_some()
    }

    /// `If-Match` against `current` (strong comparison): 412 `precondition_failed`
    /// unless it is absent, `*`, or lists `current` (RFC 9110 §13.1.1, docs/contract.md §Concurrency).
    pub fn check_if_match(&self, noun: &str, id: i64, current: &ETag) -> Result<()> {
        self.expect().check_one_of(noun, id, &current.version())
    }

    /// The conditions of a read (`GET`): `If-Match` first (412 when it fails),
    /// then `If-None-Match` (weak comparison). `Some(304 response)` when the
    /// client's copy is current (RFC 9110 §13.2.2).
    pub fn check_read(&self, noun: &str, id: i64, current: &ETag) -> Result<Option<Response>> {
        self.check_if_match(noun, id, current)?;
        let version = current.version();
        Ok(self.if_none_match.as_ref().filter(|c| c.weak_versions().contains(&version)).map(|_| current.not_modified()))
    }

    /// The conditions of a change (`PUT`, `DELETE`) of an existing object:
    /// `If-Match` must match (strong), and `If-None-Match`, when sent, must not
    /// (weak; `If-None-Match: *` always fails on an existing object); else 412
    /// and nothing is changed (RFC 9110 §13.1.1, §13.1.2, §13.2.2;
    /// [`Expect::check`]).
    pub fn check_write(&self, noun: &str, id: i64, current: &ETag) -> Result<()> {
        self.expect().check(noun, id, &current.version())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorCode;
    use serde_json::json;

    fn tags(text: &str) -> Vec<(bool, String)> {
        parse_tag_list(text).unwrap_or_default().into_iter().map(|t| (t.weak, t.opaque)).collect()
    }

    fn pre(if_match: Option<&str>, if_none_match: Option<&str>) -> Preconditions {
        let mut h = HeaderMap::new();
        if let Some(v) = if_match {
            h.append(header::IF_MATCH, HeaderValue::from_str(v).unwrap());
        }
        if let Some(v) = if_none_match {
            h.append(header::IF_NONE_MATCH, HeaderValue::from_str(v).unwrap());
        }
        Preconditions::from_headers(&h)
    }

    #[test]
    fn etag_is_quoted_hex_of_sha256_prefix() {
        let t = ETag::of(&json!({"id": 1, "code": "a"})).unwrap();
        assert_eq!(t.as_str().len(), 34);
        assert!(t.as_str().starts_with('"') && t.as_str().ends_with('"'));
        assert!(t.as_str()[1..33].chars().all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()));
        // SHA-256("") = e3b0c44298fc1c149afbf4c8996fb924…
        assert_eq!(ETag::of_bytes(b"").as_str(), "\"e3b0c44298fc1c149afbf4c8996fb924\"");
        assert_eq!(t, ETag::of(&json!({"id": 1, "code": "a"})).unwrap());
        assert_ne!(t, ETag::of(&json!({"id": 1, "code": "b"})).unwrap());
        assert_ne!(t, ETag::of(&json!({"id": 1, "code": "a", "x": {"code": "n"}})).unwrap());
    }

    #[test]
    fn parses_tag_lists() {
        assert_eq!(tags(r#""a""#), vec![(false, r#""a""#.into())]);
        assert_eq!(
            tags("\"a\" ,W/\"b\",\t \"c,d\""),
            vec![(false, r#""a""#.into()), (true, r#""b""#.into()), (false, r#""c,d""#.into())]
        );
        for malformed in
            [r#"abc, "x""#, r#""unterminated"#, r#""a" junk, "b""#, r#""" , w/"x""#, "", r#""a","#, "\"é\""]
        {
            assert!(parse_tag_list(malformed).is_none(), "{malformed} should be refused");
        }
    }

    #[test]
    fn if_match_uses_strong_comparison() {
        let cur = ETag::of_bytes(b"x");
        let s = cur.as_str();
        assert!(pre(None, None).check_write("thing", 1, &cur).is_ok());
        assert!(pre(Some("*"), None).check_write("thing", 1, &cur).is_ok());
        assert!(pre(Some(s), None).check_write("thing", 1, &cur).is_ok());
        assert!(pre(Some(&format!(r#""other", {s}"#)), None).check_write("thing", 1, &cur).is_ok());
        let weak = pre(Some(&format!("W/{s}")), None).check_write("thing", 1, &cur).unwrap_err();
        assert_eq!(weak.status(), StatusCode::PRECONDITION_FAILED);
        assert_eq!(weak.code(), ErrorCode::PreconditionFailed);
        assert!(pre(Some(r#""stale""#), None).check_write("thing", 1, &cur).is_err());
        let mut h = HeaderMap::new();
        h.append(header::IF_MATCH, HeaderValue::from_static("garbage"));
        assert_eq!(
            Preconditions::from_headers(&h).check_if_match("thing", 1, &ETag::of_bytes(b"x")).unwrap_err().code(),
            ErrorCode::InvalidHeader
        );
    }

    #[test]
    fn if_match_lines_combine() {
        let cur = ETag::of_bytes(b"x");
        let mut h = HeaderMap::new();
        h.append(header::IF_MATCH, HeaderValue::from_static(r#""a""#));
        h.append(header::IF_MATCH, HeaderValue::from_str(cur.as_str()).unwrap());
        assert!(Preconditions::from_headers(&h).check_if_match("thing", 1, &cur).is_ok());
    }

    #[test]
    fn if_none_match_uses_weak_comparison() {
        let cur = ETag::of_bytes(b"x");
        let s = cur.as_str();
        let hit = |v: &str| pre(None, Some(v)).check_read("thing", 1, &cur).unwrap();
        assert_eq!(hit(s).map(|r| r.status()), Some(StatusCode::NOT_MODIFIED));
        assert_eq!(hit(&format!("W/{s}")).map(|r| r.status()), Some(StatusCode::NOT_MODIFIED));
        assert_eq!(hit("*").map(|r| r.status()), Some(StatusCode::NOT_MODIFIED));
        assert!(hit(r#""stale""#).is_none());
        let res = hit(s).unwrap();
        assert_eq!(res.headers().get(header::ETAG).unwrap(), s);
        assert!(pre(None, None).check_read("thing", 1, &cur).unwrap().is_none());
        // On writes a matching If-None-Match fails the request.
        assert!(pre(None, Some("*")).check_write("thing", 1, &cur).is_err());
        assert!(pre(None, Some(r#""stale""#)).check_write("thing", 1, &cur).is_ok());
        // If-Match is evaluated first on reads too.
        assert!(pre(Some(r#""stale""#), Some(s)).check_read("thing", 1, &cur).is_err());
    }
}
