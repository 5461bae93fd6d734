//! Where the server may send a browser that a request named
//! (docs/security.md §The web interface): every redirect target taken from a request — the language
//! switch's `back`, the history's `back`, any `next` — goes through
//! [`local_target`], so none of them can lead to another site.
//!
//! The target is read as a browser reads a `Location` (WHATWG URL parsing,
//! with the `url` crate) against a placeholder origin, and taken only when it
//! stays on that origin: a path beginning with one `/`, without control
//! characters or whitespace anywhere (browsers strip a TAB or a line end
//! inside a URL, so `/<TAB>/evil.example/` reads as `//evil.example/`), and
//! without a backslash (browsers read `/\evil.example` as `//evil.example`).
//! What is sent is the parser's own serialization, so the `Location` header
//! can always be built (non-ASCII characters percent-encoded).

use axum::response::{IntoResponse, Redirect, Response};

/// The origin targets are resolved against; never sent anywhere.
const PLACEHOLDER: &str = "http://schoolplan.invalid/";

/// `raw` as a path of this site (`/years/3/grid?x=1#a`), or `None` when a
/// browser could read it as another site, or it holds a control character,
/// whitespace or a backslash.
pub fn local_target(raw: &str) -> Option<String> {
    if !raw.starts_with('/') || raw.starts_with("//") {
        return None;
    }
    if raw.chars().any(|c| c.is_control() || c.is_whitespace() || c == '\\') {
        return None;
    }
    let base = url::Url::parse(PLACEHOLDER).ok()?;
    let url = base.join(raw).ok()?;
    if url.origin() != base.origin() || !url.username().is_empty() || url.password().is_some() {
        return None;
    }
    let target = &url[url::Position::BeforePath..];
    // The serialization must itself be a plain local path (a path like
    // `/./` + `/x` could normalise to `//x`).
    (target.starts_with('/') && !target.starts_with("//")).then(|| target.to_string())
}

/// [`local_target`] of `raw`, or `/` when it is missing or not local.
pub fn target_or_home(raw: Option<&str>) -> String {
    raw.and_then(local_target).unwrap_or_else(|| "/".to_string())
}

/// A 303 to [`target_or_home`] of `raw`.
pub fn see_other(raw: Option<&str>) -> Response {
    Redirect::to(&target_or_home(raw)).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_paths_are_kept() {
        assert_eq!(local_target("/years/1/grid?grade=2").as_deref(), Some("/years/1/grid?grade=2"));
        assert_eq!(local_target("/teachers/7#notes").as_deref(), Some("/teachers/7#notes"));
        assert_eq!(local_target("/").as_deref(), Some("/"));
        assert_eq!(local_target("/Lehrpersonen/Zürich").as_deref(), Some("/Lehrpersonen/Z%C3%BCrich"));
        assert_eq!(local_target("/%2F/evil.example/").as_deref(), Some("/%2F/evil.example/"));
    }

    #[test]
    fn other_sites_and_odd_characters_go_home() {
        for bad in [
            "/\t/evil.example/",
            "/\r\n/evil.example/",
            "/\n/evil.example",
            "\t//evil.example",
            "/\\evil.example",
            "/x\\y",
            "\\\\evil.example",
            "//evil.example/",
            "///evil.example/",
            "https://evil.example/",
            "http:evil.example",
            "javascript:alert(1)",
            "evil.example",
            "",
            "/\x7f",
            "/a\x00b",
            "/a b",
            "/a\u{a0}b",
            "/a\u{2028}b",
            "/a\u{85}b",
            " /a",
        ] {
            assert_eq!(local_target(bad), None, "{bad:?}");
            assert_eq!(target_or_home(Some(bad)), "/", "{bad:?}");
        }
        assert_eq!(target_or_home(None), "/");
    }

    #[test]
    fn dot_segments_cannot_make_a_host() {
        for raw in ["/./%2F/evil.example", "/.//evil.example", "/..//evil.example", "/a/..//evil.example"] {
            let t = local_target(raw);
            assert!(t.as_deref().is_none_or(|t| !t.starts_with("//")), "{raw:?} → {t:?}");
        }
    }
}
