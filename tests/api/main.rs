//! Black-box HTTP test suite: drives the real server over HTTP.
//! Runs on SQLite, and on PostgreSQL when `TEST_DATABASE_URL` is set.

mod fixtures;
mod helpers;

mod audit;
mod auth;
mod backup;
mod basics;
mod cache;
mod check;
mod connections;
mod course_concurrency;
mod courses;
mod curricula;
mod divisions;
mod documents;
mod employments;
mod etag;
mod faults;
mod hostile;
mod job_queue;
mod jobs;
mod languages;
mod lessontable;
mod lookups;
mod mail;
mod openapi;
mod opening;
mod operations;
mod pdfs;
mod schoolclasses;
mod schoolyears;
mod servers;
mod sheet_mails;
mod sheets;
mod smtp_sink;
mod snapshot;
mod subjects;
mod teachers;
mod workload;
