//! Swagger UI at `/docs`, reading the document at [`DOCUMENT_PATH`]; no
//! network needed.
//!
//! The page is ours; the script and the stylesheet are Swagger UI's
//! (vendored, see `assets/vendor/swagger-ui/README.md`), embedded
//! gzip-compressed as they are stored (0.47 MB of the binary instead of
//! 1.9 MB; README §Release build) and sent as they are to every client that
//! accepts gzip (`Content-Encoding: gzip`), unpacked once for a client that
//! does not. The page links them with their content hash (`?v=…`); a request
//! naming the current hash may cache them for a year.
//!
//! Routes: `GET /docs` and `/docs/` (the page), `/docs/swagger-ui-bundle.js`,
//! `/docs/swagger-ui.css`, `/docs/swagger-initializer.js`. Their
//! Content-Security-Policy allows same-origin scripts only (no inline
//! script); Swagger UI sets inline styles, which it allows.

use std::io::Read as _;
use std::sync::{LazyLock, OnceLock};

use axum::extract::RawQuery;
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use sha2::{Digest, Sha256};
use tower_http::set_header::SetResponseHeaderLayer;

use super::{DOCS_PATH, DOCUMENT_PATH};

/// The `Cache-Control` of a file requested with its current hash.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// The Content-Security-Policy of the documentation pages.
const POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
                      img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'";

/// Starts Swagger UI on the document the page names (`data-document`).
const INITIALIZER: &str = "\"use strict\";\n\
window.addEventListener(\"load\", function () {\n\
  window.ui = SwaggerUIBundle({ url: document.body.dataset.document, dom_id: \"#swagger-ui\" });\n\
});\n";

/// One file of the page: its bytes (gzip-compressed or plain), media type and content hash.
struct File {
    /// The bytes as embedded.
    bytes: &'static [u8],
    /// Whether `bytes` are gzip-compressed.
    gzip: bool,
    /// Media type.
    content_type: &'static str,
    /// First 8 bytes of the SHA-256 of `bytes`, hex.
    hash: String,
    /// `bytes` unpacked, for clients without gzip (filled on first use).
    plain: OnceLock<Vec<u8>>,
}

impl File {
    fn new(bytes: &'static [u8], gzip: bool, content_type: &'static str) -> File {
        let hash = Sha256::digest(bytes).iter().take(8).map(|b| format!("{b:02x}")).collect();
        File { bytes, gzip, content_type, hash, plain: OnceLock::new() }
    }

    /// The answer to `GET` with `query` and `headers`: compressed when the
    /// client accepts gzip, immutable when `query` names the current hash.
    fn response(&'static self, query: Option<&str>, headers: &HeaderMap) -> Response {
        let cache = if query == Some(format!("v={}", self.hash).as_str()) { IMMUTABLE } else { "no-cache" };
        let mut response = if !self.gzip {
            self.bytes.into_response()
        } else if accepts_gzip(headers) {
            let mut r = self.bytes.into_response();
            r.headers_mut().insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
            r
        } else {
            self.plain.get_or_init(|| unpack(self.bytes)).as_slice().into_response()
        };
        let h = response.headers_mut();
        h.insert(header::CONTENT_TYPE, HeaderValue::from_static(self.content_type));
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
        h.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        response
    }
}

/// `bytes` gunzipped. The files are embedded at build time and checked by a
/// test, so a failure here is a broken build.
fn unpack(bytes: &[u8]) -> Vec<u8> {
    let mut plain = Vec::new();
    flate2::read::GzDecoder::new(bytes).read_to_end(&mut plain).expect("the embedded gzip file unpacks");
    plain
}

/// Whether `Accept-Encoding` accepts gzip (RFC 9110 §12.5.3): `gzip`,
/// `x-gzip` or `*` listed without `q=0`.
pub fn accepts_gzip(headers: &HeaderMap) -> bool {
    headers.get_all(header::ACCEPT_ENCODING).iter().filter_map(|v| v.to_str().ok()).flat_map(|v| v.split(',')).any(
        |item| {
            let mut parts = item.split(';').map(str::trim);
            let coding = parts.next().unwrap_or("").to_ascii_lowercase();
            let q = parts
                .filter_map(|p| p.strip_prefix("q=").or_else(|| p.strip_prefix("Q=")))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            matches!(coding.as_str(), "gzip" | "x-gzip" | "*") && q > 0.0
        },
    )
}

static BUNDLE: LazyLock<File> = LazyLock::new(|| {
    File::new(
        include_bytes!("../../../assets/vendor/swagger-ui/swagger-ui-bundle.js.gz"),
        true,
        "text/javascript; charset=utf-8",
    )
});
static CSS: LazyLock<File> = LazyLock::new(|| {
    File::new(include_bytes!("../../../assets/vendor/swagger-ui/swagger-ui.css.gz"), true, "text/css; charset=utf-8")
});
static INIT: LazyLock<File> =
    LazyLock::new(|| File::new(INITIALIZER.as_bytes(), false, "text/javascript; charset=utf-8"));

/// The page: Swagger UI's stylesheet and script, then the initializer.
fn page() -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>schoolplan API</title>\n\
         <link rel=\"stylesheet\" href=\"{DOCS_PATH}/swagger-ui.css?v={css}\">\n</head>\n\
         <body data-document=\"{DOCUMENT_PATH}\">\n<div id=\"swagger-ui\"></div>\n\
         <script src=\"{DOCS_PATH}/swagger-ui-bundle.js?v={bundle}\"></script>\n\
         <script src=\"{DOCS_PATH}/swagger-initializer.js?v={init}\"></script>\n</body>\n</html>\n",
        css = CSS.hash,
        bundle = BUNDLE.hash,
        init = INIT.hash,
    )
}

/// The routes of `/docs` with their Content-Security-Policy.
pub fn router() -> Router {
    let serve = |file: &'static LazyLock<File>| {
        move |RawQuery(query): RawQuery, headers: HeaderMap| async move { file.response(query.as_deref(), &headers) }
    };
    Router::new()
        .route(DOCS_PATH, get(|| async { Html(page()) }))
        .route(&format!("{DOCS_PATH}/"), get(|| async { Html(page()) }))
        .route(&format!("{DOCS_PATH}/swagger-ui-bundle.js"), get(serve(&BUNDLE)))
        .route(&format!("{DOCS_PATH}/swagger-ui.css"), get(serve(&CSS)))
        .route(&format!("{DOCS_PATH}/swagger-initializer.js"), get(serve(&INIT)))
        .layer(SetResponseHeaderLayer::overriding(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(POLICY)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(accept: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::ACCEPT_ENCODING, HeaderValue::from_str(accept).unwrap());
        h
    }

    #[test]
    fn gzip_is_accepted_unless_refused() {
        assert!(accepts_gzip(&with("gzip, deflate, br")));
        assert!(accepts_gzip(&with("br;q=1.0, GZIP;q=0.5")));
        assert!(accepts_gzip(&with("*")));
        assert!(!accepts_gzip(&with("gzip;q=0")));
        assert!(!accepts_gzip(&with("br, identity")));
        assert!(!accepts_gzip(&HeaderMap::new()));
    }

    #[test]
    fn the_embedded_files_unpack_to_swagger_ui() {
        let js = String::from_utf8(unpack(BUNDLE.bytes)).expect("UTF-8");
        assert!(js.contains("SwaggerUIBundle") && js.len() > 1_000_000, "{} bytes", js.len());
        let css = String::from_utf8(unpack(CSS.bytes)).expect("UTF-8");
        assert!(css.contains(".swagger-ui"), "{} bytes", css.len());
    }

    #[test]
    fn the_page_names_each_file_with_its_hash_and_has_no_inline_script() {
        let html = page();
        for f in [&*BUNDLE, &*CSS, &*INIT] {
            assert!(html.contains(&format!("?v={}", f.hash)), "{html}");
        }
        assert!(html.contains(&format!("data-document=\"{DOCUMENT_PATH}\"")));
        assert_eq!(html.matches("<script").count(), html.matches("<script src=").count(), "{html}");
    }
}
