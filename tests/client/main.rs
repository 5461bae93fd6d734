//! Black-box test of the existing browser client's calls (docs/client.md §The calls): the real
//! server over HTTP with `--client-compat`, on SQLite, and on PostgreSQL when
//! `TEST_DATABASE_URL` is set. Reuses the HTTP suite's harness (`tests/api/helpers.rs`).

#[allow(dead_code)]
#[path = "../api/helpers.rs"]
mod helpers;

mod browser;
mod maintenance;
mod oidc;
mod overview;
mod replay;
mod screens;
mod two_addresses;
