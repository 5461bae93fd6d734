//! Black-box HTTP test suite: drives the real server over HTTP.
//! Runs on SQLite, and on PostgreSQL when `TEST_DATABASE_URL` is set.

mod helpers;

mod basics;
mod lookups;
mod teachers;
mod course_fixtures;
mod courses;
mod course_concurrency;
