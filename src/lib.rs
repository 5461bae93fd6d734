//! schoolplan: master data and course planning for Swiss upper-secondary schools.
//!
//! Layout (read it like a table of contents):
//! - [`cli`]: the command line (`serve`, `migrate`, `import`, `export`, `demo-dataset`).
//! - [`app`]: builds the HTTP application from a config and a bound listener.
//! - [`api`]: one module per resource under `/api/v1`, extractors and responses;
//!   each handler calls one use case of [`service`].
//! - [`domain`]: domain types and pure rules (grade derivation, tolerant reader).
//! - [`service`]: the use cases (lock, expectation, rules, write, audit) for every front door.
//! - [`store`]: the storage boundary (SQLite and PostgreSQL, one code path).
//! - [`dataset`]: the JSON dataset format of a whole school (import/export).
//! - [`pensenmanager`]: moving a school from the Pensenmanager's database and back (docs/migration.md).
//! - [`documents`]: the documents and exports of jobs (CSV, Untis) as pure functions.
//! - [`demo`]: the deterministic generator of the demo school.
//! - [`jobs`]: the background job runner (documents, exports, mails) and its jobs.
//! - [`error`]: the one error type, rendered as RFC 9457 problem details.
//! - [`web`]: the web interface for people at `/` (HTML, htmx), sessions and sign-in links.
//! - [`i18n`]: the message catalogue (German, English) and Swiss number formats.
//!
//! Layers, top down: `cli` → `app` → `api` → `jobs` → `documents`, `dataset`,
//! `pensenmanager`, `demo` → `service` → `store` → `domain`, `auth` → `error`, `i18n`; nothing imports
//! from a layer above (`tests/layers.rs` checks it, and places every module).

// Unsafe code only where a module allows it: the one call of SQLite's C API
// (`store::sqlite_c`).
#![deny(unsafe_code)]

pub mod api;
pub mod app;
pub mod auth;
pub mod cli;
pub mod dataset;
pub mod demo;
pub mod documents;
pub mod domain;
pub mod error;
pub mod i18n;
pub mod jobs;
pub mod oidc;
pub mod pensenmanager;
pub mod service;
pub mod store;
pub mod web;
