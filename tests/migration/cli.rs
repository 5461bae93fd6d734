//! The commands as a school runs them: `import --from-pensenmanager` with
//! `--dry-run` and `--report`, and `export --to-pensenmanager`, with progress
//! on stderr, the text report on stdout and the JSON report in a file.

use std::process::{Command, Output};

use serde_json::Value;

use super::fixture::{REFUSED, SMALL_SCHOOL};
use super::*;

fn schoolplan(database: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_schoolplan"))
        .args(["--database", database])
        .args(args)
        .output()
        .expect("run schoolplan")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[tokio::test]
async fn the_commands_report_refuse_write_and_go_back() {
    let Some(admin) = pg_url("the_commands_report_refuse_write_and_go_back") else { return };
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}", dir.path().join("school.db").display());
    let report_file = dir.path().join("report.json");
    let report_path = report_file.to_str().unwrap();
    assert!(schoolplan(&database, &["migrate"]).status.success());

    // Refused: the command fails, names the rows, writes nothing but the report.
    let refused = PensenDb::create(&admin, Version::V3_11).await;
    refused.sql(SMALL_SCHOOL).await;
    refused.sql(REFUSED).await;
    let out = schoolplan(&database, &["import", "--from-pensenmanager", &refused.url, "--report", report_path]);
    assert!(!out.status.success());
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(stderr.contains("course: 3 Zeilen") && stderr.contains("29/29"), "{stderr}");
    assert!(stderr.contains("abgelehnt"), "{stderr}");
    assert!(stdout.contains("Abgelehnt (") && stdout.contains("id 3 (ABC)"), "{stdout}");
    let report: Value = serde_json::from_str(&std::fs::read_to_string(&report_file).unwrap()).unwrap();
    assert_eq!(report["written"], false);
    assert!(report["refusals"].as_array().unwrap().len() >= 4, "{report}");
    let out = schoolplan(&database, &["export"]);
    let ds = Dataset::from_json(&text(&out.stdout)).unwrap();
    assert!(ds.teachers.is_empty(), "nothing written");

    // A dry run of a clean source: succeeds and writes nothing.
    let clean = PensenDb::create(&admin, Version::V3_11).await;
    clean.sql(SMALL_SCHOOL).await;
    let out = schoolplan(&database, &["import", "--from-pensenmanager", &clean.url, "--dry-run"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("Probelauf, nichts geschrieben"), "{}", text(&out.stdout));
    assert!(Dataset::from_json(&text(&schoolplan(&database, &["export"]).stdout)).unwrap().teachers.is_empty());

    // The move.
    let out = schoolplan(&database, &["import", "--from-pensenmanager", &clean.url, "--report", report_path]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("geschrieben") && stdout.contains("Abgleich der gespeicherten Saldi"), "{stdout}");
    let report: Value = serde_json::from_str(&std::fs::read_to_string(&report_file).unwrap()).unwrap();
    assert_eq!(report["written"], true);
    assert_eq!(report["tables"]["teacher"]["written"], 2);
    let ds = Dataset::from_json(&text(&schoolplan(&database, &["export"]).stdout)).unwrap();
    assert_eq!(ds.teachers.len(), 2);

    // And back.
    let back = PensenDb::create(&admin, Version::V3_11).await;
    let out = schoolplan(&database, &["export", "--to-pensenmanager", &back.url]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("Rückgabe an den Pensenmanager: geschrieben"), "{}", text(&out.stdout));
    assert_eq!(back.rows("teacher").await.len(), 2);
    assert_eq!(back.rows("course").await.len(), 2);
    assert_eq!(back.rows("account").await.len(), 3);
}
