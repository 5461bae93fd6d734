//! The kit every screen of the web interface uses, at the bottom of `web/`:
//! [`state`] (the handlers' shared state and the settings), [`render`] (a
//! template as an HTML response), [`errors`] (the error pages) and [`csp`]
//! (the Content-Security-Policy of every response). It imports no screen;
//! the screens import it, and `web/mod.rs` assembles their routes.

pub mod csp;
pub mod errors;
pub mod render;
pub mod state;
