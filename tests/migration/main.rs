//! Moving a school from the Pensenmanager's database and back (docs/migration.md).
//!
//! Needs PostgreSQL: runs when `TEST_DATABASE_URL` is set (as the other
//! PostgreSQL tests) and prints that it skipped otherwise. Each test creates
//! throwaway databases holding the reference's schema `pensen`, built from
//! `pensen_3_11.sql` (DDL written in this repository from the facts of
//! docs/migration.md), and drops them afterwards; the schoolplan side is a
//! fresh store as in the other suites.

use std::collections::BTreeMap;

use schoolplan::dataset::{self, Dataset};
use schoolplan::pensenmanager::{self, Report};
use schoolplan::store::Store;
use serde_json::Value;
use sqlx::{Connection as _, PgConnection};

#[allow(dead_code)]
#[path = "../api/helpers.rs"]
mod helpers;

mod cli;
mod fixture;
mod roundtrip;
mod rules;

/// The DDL of the reference's schema, version 3.11.
const DDL: &str = include_str!("pensen_3_11.sql");

/// `TEST_DATABASE_URL`, or `None` (the test prints that it skips).
fn pg_url(test: &str) -> Option<String> {
    match std::env::var("TEST_DATABASE_URL") {
        Ok(url) if !url.is_empty() => Some(url),
        _ => {
            eprintln!("skipped {test}: TEST_DATABASE_URL is not set (needs PostgreSQL)");
            None
        }
    }
}

/// `url` with its database replaced by `db`.
fn with_database(url: &str, db: &str) -> String {
    let mut u = url::Url::parse(url).expect("TEST_DATABASE_URL is a URL");
    u.set_path(&format!("/{db}"));
    u.to_string()
}

/// A throwaway PostgreSQL database holding a `pensen` schema; dropped when dropped.
pub struct PensenDb {
    admin: String,
    name: String,
    /// Its URL.
    pub url: String,
}

/// Which schema the database gets.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Version {
    /// No schema at all.
    None,
    /// 3.11, every column.
    V3_11,
    /// 3.8: without the columns 3.9–3.11 added.
    V3_8,
}

impl PensenDb {
    /// Creates the database and the schema of `version`.
    pub async fn create(admin: &str, version: Version) -> PensenDb {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos();
        let name = format!("pensen_{}_{}", std::process::id(), nanos % 1_000_000_000_000);
        let mut conn = PgConnection::connect(admin).await.expect("connect to TEST_DATABASE_URL");
        sqlx::raw_sql(&format!("CREATE DATABASE {name}")).execute(&mut conn).await.expect("create database");
        conn.close().await.ok();
        let db = PensenDb { admin: admin.to_string(), url: with_database(admin, &name), name };
        if version != Version::None {
            db.sql(DDL).await;
        }
        if version == Version::V3_8 {
            db.sql(
                "ALTER TABLE pensen.school_year DROP COLUMN small_group_surcharge, DROP COLUMN show_ipb_balances;
                 ALTER TABLE pensen.course DROP COLUMN small_group1, DROP COLUMN small_group2;
                 DELETE FROM pensen.calculation_mode WHERE id = 101;",
            )
            .await;
        }
        db
    }

    /// Runs `sql` (several statements) on the database.
    pub async fn sql(&self, sql: &str) {
        let mut conn = PgConnection::connect(&self.url).await.expect("connect");
        sqlx::raw_sql(sql).execute(&mut conn).await.unwrap_or_else(|e| panic!("{e}: {sql}"));
        conn.close().await.ok();
    }

    /// Every row of `pensen.table` as JSON objects, in a stable order.
    pub async fn rows(&self, table: &str) -> Vec<Value> {
        let mut conn = PgConnection::connect(&self.url).await.expect("connect");
        let v: Value = sqlx::query_scalar(&format!(
            "SELECT coalesce(json_agg(row_to_json(t) ORDER BY t::text), '[]'::json) FROM pensen.{table} t"
        ))
        .fetch_one(&mut conn)
        .await
        .expect("rows");
        conn.close().await.ok();
        v.as_array().cloned().unwrap_or_default()
    }
}

impl Drop for PensenDb {
    fn drop(&mut self) {
        let (admin, name) = (self.admin.clone(), self.name.clone());
        std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
            rt.block_on(async {
                if let Ok(mut conn) = PgConnection::connect(&admin).await {
                    let _ =
                        sqlx::raw_sql(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).execute(&mut conn).await;
                }
            });
        })
        .join()
        .ok();
    }
}

/// A fresh, migrated, empty schoolplan store.
async fn store() -> Store {
    let (store, dir) = helpers::fresh_store().await;
    assert!(dir.is_none(), "the migration tests run on PostgreSQL");
    store
}

/// Whether the store holds no school data.
async fn is_empty(store: &Store) -> bool {
    store.conn().await.unwrap().nonempty_tables().await.unwrap().is_empty()
}

/// The rules of the report's changes, each with how often it applied.
fn rules(report: &Report) -> BTreeMap<String, usize> {
    let mut m = BTreeMap::new();
    for c in &report.changes {
        *m.entry(c.rule.clone()).or_default() += 1;
    }
    m
}

/// Imports from `url` into `store`; no progress output.
async fn import(store: &Store, url: &str, dry_run: bool) -> anyhow::Result<Report> {
    pensenmanager::import(store, url, dry_run, |_| {}).await
}

/// Exports `store` into `url`.
async fn export(store: &Store, url: &str) -> anyhow::Result<Report> {
    pensenmanager::export(store, url, |_| {}).await
}

/// The school in `store` as a dataset.
async fn school(store: &Store) -> Dataset {
    dataset::export(store).await.expect("export")
}
