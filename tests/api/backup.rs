//! `schoolplan backup FILE` (issue 24, point 9; README "Backups"): a copy of
//! the SQLite database taken while eight clients write is a sound database
//! (`PRAGMA integrity_check`) that serves the workloads the source served at
//! one moment; the command never overwrites a file, and on PostgreSQL it
//! points to pg_dump.
//!
//! Which moment the copy holds is read from the copy itself: each writer
//! steps the percents of its own pool entry through a known sequence, so the
//! copy's entries tell how far each writer had got. The source, set to those
//! same values afterwards, must serve exactly the copy's workloads (a read of
//! one snapshot on each side).

use std::sync::Arc;

use clap::Parser as _;
use schoolplan::app::{serve, AppConfig};
use schoolplan::cli::Cli;
use schoolplan::store::{PoolRef, Store};
use serde_json::{json, Value};

use crate::helpers::TestApp;
use crate::workload::{school, School};

const WRITERS: usize = 8;
const WRITES: usize = 30;

/// `schoolplan --database URL backup FILE`, as the command line runs it.
async fn backup(database: &str, file: &std::path::Path) -> anyhow::Result<()> {
    let cli = Cli::try_parse_from(["schoolplan", "--database", database, "backup", &file.to_string_lossy()])?;
    schoolplan::cli::run(cli).await
}

/// The percent the pool entry of a writer has after its `step`-th write.
fn percent(step: usize) -> i64 {
    1 + step as i64
}

fn entry_body(s: &School, teacher: i64, n: usize, p: i64) -> Value {
    json!({"schoolYear": s.year, "teacher": teacher, "type": s.pool_type,
           "description": format!("Pool {n}"), "percent1": p, "percent2": p})
}

/// The year's workloads, by teacher.
async fn workloads(app: &TestApp, year: i64) -> Value {
    app.get(&format!("/workload?schoolYear={year}")).await.expect(200).result().clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_backup_taken_under_write_load_restores_the_workloads_of_its_moment() {
    let app = Arc::new(TestApp::spawn().await);
    let PoolRef::Sqlite(pool) = app.store.pool() else {
        // PostgreSQL: the command refuses and names pg_dump (the database is not touched).
        let dir = tempfile::tempdir().unwrap();
        let url = std::env::var("TEST_DATABASE_URL").unwrap();
        let refused = backup(&url, &dir.path().join("copy.db")).await.expect_err("no SQLite backup of PostgreSQL");
        assert!(format!("{refused:#}").contains("pg_dump"), "{refused:#}");
        assert!(!dir.path().join("copy.db").exists(), "no file written");
        return;
    };
    let source = format!("sqlite://{}", pool.connect_options().get_filename().display());
    let s = Arc::new(school(&app, 1).await);
    let mut teachers = Vec::new();
    for (i, class) in ["G27a", "G27b", "G29a", "F27a"].iter().enumerate() {
        let t = s.teacher(&app, &format!("t{i}"), "1965-05-01", (60.0, 60.0)).await;
        s.course(&app, s.math, class, 4.0, t).await;
        teachers.push(t);
    }
    let mut entries = Vec::new();
    for n in 0..WRITERS {
        entries.push(app.create("/poolentry", entry_body(&s, teachers[n % teachers.len()], n, percent(0))).await);
    }

    // Eight writers step their entries while the backup is taken.
    let writers: Vec<_> = (0..WRITERS)
        .map(|n| {
            let (app, s, teacher, entry) = (app.clone(), s.clone(), teachers[n % teachers.len()], entries[n]);
            tokio::spawn(async move {
                for step in 1..=WRITES {
                    app.put(&format!("/poolentry/{entry}"), entry_body(&s, teacher, n, percent(step)))
                        .await
                        .expect(200);
                }
            })
        })
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("backup.db");
    backup(&source, &file).await.expect("backup under write load");
    for w in writers {
        w.await.unwrap();
    }

    // The copy is never overwritten, and a missing source is not created.
    let again = backup(&source, &file).await.expect_err("an existing file is refused");
    assert!(format!("{again:#}").contains("exists already"), "{again:#}");
    let missing = dir.path().join("typo.db");
    backup(&format!("sqlite://{}", missing.display()), &dir.path().join("other.db")).await.expect_err("no source");
    assert!(!missing.exists(), "a mistyped source is not created");

    // Restore: a server on the copy (the accounts and tokens came along).
    let restored = Store::connect(&format!("sqlite://{}", file.display())).await.unwrap();
    let PoolRef::Sqlite(copy) = restored.pool() else { unreachable!() };
    let check: String = sqlx::query_scalar("PRAGMA integrity_check").fetch_one(copy).await.unwrap();
    assert_eq!(check, "ok");
    restored.migrate().await.expect("the copy is at the current schema");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(serve(
        listener,
        restored.clone(),
        AppConfig { rate_limit: None, ..TestApp::config() },
        std::future::pending(),
    ));
    let copy_app = app.at(base);
    let copied = workloads(&copy_app, s.year).await;

    // The moment of the copy: how far each writer had got, read from the copy.
    let mut steps = Vec::new();
    for (n, entry) in entries.iter().enumerate() {
        let e = copy_app.get(&format!("/poolentry/{entry}")).await.expect(200);
        let p = e.result()["percent1"].as_i64().expect("whole percent");
        assert!((percent(0)..=percent(WRITES)).contains(&p), "writer {n}: {p}");
        steps.push(p);
    }
    assert_ne!(steps, vec![percent(WRITES); WRITERS], "taken while the writers were still writing: {steps:?}");
    // The source at that moment: the same values, read in one snapshot.
    for (n, (entry, p)) in entries.iter().zip(&steps).enumerate() {
        app.put(&format!("/poolentry/{entry}"), entry_body(&s, teachers[n % teachers.len()], n, *p)).await.expect(200);
    }
    assert_eq!(workloads(&app, s.year).await, copied, "the copy serves the workloads of the moment it was taken");
}
