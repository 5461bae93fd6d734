//! Browser tests: the real server, driven in a real Chromium over WebDriver
//! (Debian's `chromium` and `chromium-driver`).
//!
//! Not run by the plain `cargo test` (a machine without Chromium must pass
//! it): every test is `#[ignore]`d with the reason, and `.ci/run` runs them as
//!
//! ```text
//! cargo test --test browser -- --ignored --test-threads=1
//! ```
//!
//! Every test takes screenshots of what it shows, into
//! `target/tmp/screenshots/<test>-<step>.png`, to be looked at.
//! Runs on SQLite, and on PostgreSQL when `TEST_DATABASE_URL` is set.

#[allow(dead_code)]
#[path = "../api/helpers.rs"]
mod helpers;

mod chrome;
mod demo;
#[allow(dead_code)]
#[path = "../api/smtp_sink.rs"]
mod smtp_sink;

mod crossclass;
mod curricula;
mod divisions;
mod docs_page;
mod documents;
mod employments;
#[allow(dead_code)]
#[path = "../web/fake_idp.rs"]
mod fake_idp;
mod french;
mod grid_edit;
#[path = "../web/grid_pick.rs"]
mod grid_pick;
mod grid_select;
mod history;
mod kept_year;
mod live;
mod maintenance;
mod masterdata;
mod oidc;
mod opening;
mod sheets;
mod theses;
#[allow(dead_code)]
#[path = "../web/untranslated.rs"]
mod untranslated;
mod web_grid;
mod workload;
mod yearview;
