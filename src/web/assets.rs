//! The static files of the web interface, embedded in the binary and served
//! under content-hashed names (`/assets/app.<hash>.css`) with
//! `Cache-Control: public, max-age=31536000, immutable`: a changed file gets
//! a new name, so a browser never uses a stale one and never asks twice.

use std::sync::LazyLock;

use axum::extract::Path;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use sha2::{Digest, Sha256};

/// The route of the assets (no state: they are served without a session).
pub fn routes() -> Router {
    Router::new().route("/assets/{file}", get(serve))
}

/// The `Cache-Control` of a hashed asset.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// One embedded file.
#[derive(Debug)]
pub struct Asset {
    /// The file's stem and extension, e.g. (`app`, `css`).
    stem: &'static str,
    ext: &'static str,
    /// The file's bytes.
    bytes: &'static [u8],
    /// Its media type.
    content_type: &'static str,
    /// The URL path with the content hash, e.g. `/assets/app.3f2a….css`.
    pub url: String,
}

fn asset(stem: &'static str, ext: &'static str, bytes: &'static [u8], content_type: &'static str) -> Asset {
    let hash: String = Sha256::digest(bytes).iter().take(8).map(|b| format!("{b:02x}")).collect();
    Asset { stem, ext, bytes, content_type, url: format!("/assets/{stem}.{hash}.{ext}") }
}

/// The hashed URLs of the files a page links, for the templates.
#[derive(Debug)]
pub struct AssetUrls {
    /// Our stylesheet.
    pub css: String,
    /// Our script (keyboard navigation, small enhancements).
    pub js: String,
    /// htmx (vendored, see `assets/vendor/htmx/README.md`).
    pub htmx: String,
}

static ASSETS: LazyLock<Vec<Asset>> = LazyLock::new(|| {
    vec![
        asset("app", "css", include_bytes!("../../assets/app.css"), "text/css; charset=utf-8"),
        asset("app", "js", include_bytes!("../../assets/app.js"), "text/javascript; charset=utf-8"),
        asset("htmx", "js", include_bytes!("../../assets/vendor/htmx/htmx.min.js"), "text/javascript; charset=utf-8"),
    ]
});

static URLS: LazyLock<AssetUrls> = LazyLock::new(|| {
    let url = |stem: &str, ext: &str| {
        ASSETS.iter().find(|a| a.stem == stem && a.ext == ext).map(|a| a.url.clone()).unwrap_or_default()
    };
    AssetUrls { css: url("app", "css"), js: url("app", "js"), htmx: url("htmx", "js") }
});

/// The hashed URLs of the page assets.
pub fn urls() -> &'static AssetUrls {
    &URLS
}

/// `GET /assets/{file}`: the file whose hashed name this is, cached for a
/// year; 404 for any other name (also an old hash).
pub async fn serve(Path(file): Path<String>) -> Response {
    let path = format!("/assets/{file}");
    match ASSETS.iter().find(|a| a.url == path) {
        Some(a) => (
            [
                (header::CONTENT_TYPE, HeaderValue::from_static(a.content_type)),
                (header::CACHE_CONTROL, HeaderValue::from_static(IMMUTABLE)),
            ],
            a.bytes,
        )
            .into_response(),
        None => {
            (StatusCode::NOT_FOUND, [(header::CACHE_CONTROL, HeaderValue::from_static("no-store"))], "").into_response()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stylesheet_closes_every_block_it_opens() {
        // A lost `}` (say, in a merge) silently swallows every rule after it.
        let css = std::str::from_utf8(include_bytes!("../../assets/app.css")).unwrap();
        let mut depth = 0i32;
        for (n, line) in css.lines().enumerate() {
            for c in line.chars() {
                depth += match c {
                    '{' => 1,
                    '}' => -1,
                    _ => 0,
                };
                assert!(depth >= 0, "line {}: `}}` without `{{`", n + 1);
            }
            if line.starts_with("/*") {
                assert_eq!(depth, 0, "line {}: a section begins inside an open block", n + 1);
            }
        }
        assert_eq!(depth, 0, "the stylesheet ends inside a block");
    }

    #[test]
    fn names_carry_the_content_hash() {
        let u = urls();
        assert!(u.css.starts_with("/assets/app.") && u.css.ends_with(".css"), "{}", u.css);
        assert!(u.htmx.starts_with("/assets/htmx.") && u.htmx.ends_with(".js"));
        assert_ne!(u.js, u.htmx);
        let hash = u.css.trim_start_matches("/assets/app.").trim_end_matches(".css");
        assert_eq!(hash.len(), 16);
        assert!(hash.bytes().all(|b| b.is_ascii_hexdigit()));
    }
}
