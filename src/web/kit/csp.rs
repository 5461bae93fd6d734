//! The Content-Security-Policy every web response carries (set as a layer
//! by [`crate::web::router`]).

/// The Content-Security-Policy of every web response: nothing inline, scripts,
/// styles, images, requests and forms only from this origin, no framing.
pub const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; \
                       connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";
