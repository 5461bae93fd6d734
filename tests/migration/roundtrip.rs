//! The demo school both ways: schoolplan → reference → schoolplan (the
//! dataset export byte-identical apart from what the report lists) and
//! reference → schoolplan → reference (every row equal, numbers to 4 places),
//! with every teacher's workload equal in every year.

use std::collections::BTreeMap;

use schoolplan::auth::Role;
use schoolplan::dataset::{self, Dataset};
use schoolplan::demo;
use schoolplan::service::workload::workloads;
use schoolplan::store::account::AccountSettings;
use schoolplan::store::Store;
use serde_json::Value;

use super::*;

/// Every teacher's workload (`GET /workload`'s body) per school year code.
async fn all_workloads(store: &Store) -> BTreeMap<String, Value> {
    let mut conn = store.conn().await.unwrap();
    let years = conn.workload_heads(i64::MAX, None).await.unwrap().years;
    let mut out = BTreeMap::new();
    for y in years {
        let w = workloads(&mut conn, y.id, None).await.unwrap();
        assert!(!w.is_empty(), "{}: no workloads", y.code);
        out.insert(y.code.clone(), serde_json::to_value(&w).unwrap());
    }
    out
}

/// Every teacher's workload as `GET /api/v1/workload?schoolYear=ID` answers
/// it, per school year code, from a server on `store`.
async fn served_workloads(store: &Store) -> BTreeMap<String, Value> {
    let config = schoolplan::app::AppConfig { rate_limit: None, ..helpers::TestApp::config() };
    let app = helpers::TestApp::spawn_on(store.clone(), None, config, std::future::pending()).await;
    let years = app.get("/schoolyear").await.expect(200);
    let mut out = BTreeMap::new();
    for y in years.result().as_array().expect("a list of years") {
        let (id, code) = (y["id"].as_i64().unwrap(), y["code"].as_str().unwrap().to_string());
        let w = app.get(&format!("/workload?schoolYear={id}")).await.expect(200);
        assert!(w.result().as_array().is_some_and(|a| !a.is_empty()), "{code}: no workloads");
        out.insert(code, w.result().clone());
    }
    out
}

/// Rounds every number of `v` to 4 places (the reference's doubles).
fn four_places(v: &Value) -> Value {
    match v {
        Value::Number(n) => {
            let x = n.as_f64().unwrap();
            serde_json::json!((x * 10_000.0).round() / 10_000.0)
        }
        Value::Array(a) => Value::Array(a.iter().map(four_places).collect()),
        Value::Object(o) => Value::Object(o.iter().map(|(k, v)| (k.clone(), four_places(v))).collect()),
        other => other.clone(),
    }
}

/// The dataset `before` with the changes the export report lists applied.
fn with_listed_changes(mut before: Dataset, report: &Report) -> Dataset {
    for c in &report.changes {
        match c.rule.as_str() {
            "nicht-haltbar-saldo-als-double" => {
                let e = before
                    .employments
                    .iter_mut()
                    .find(|e| format!("{}/{}", e.school_year, e.teacher) == c.row)
                    .expect("the listed employment");
                let slot = if c.column == "opening_balance" {
                    &mut e.frozen_opening_balance
                } else {
                    &mut e.frozen_closing_balance
                };
                assert_eq!(slot.as_deref(), c.old.as_deref(), "{c:?}");
                *slot = c.new.clone();
            }
            "nicht-haltbar-dateiname" => {
                let d = before.divisions.iter_mut().find(|d| d.code == c.row).expect("the listed division");
                let image = if c.column == "logo" { &mut d.logo } else { &mut d.head_signature };
                let image = image.as_mut().expect("the listed image");
                assert_eq!(image.file_name, c.old, "{c:?}");
                image.file_name = None;
            }
            // Accounts are not in the dataset; checked on their own below.
            "nicht-haltbar-lehrpersonenkonto" => assert_eq!(c.table, "account", "{c:?}"),
            other => panic!("the demo school needs no change of rule {other}: {c:?}"),
        }
    }
    before
}

#[tokio::test]
async fn demo_school_round_trips_both_ways_with_equal_workloads() {
    let Some(admin) = pg_url("demo_school_round_trips_both_ways_with_equal_workloads") else { return };
    let a = store().await;
    dataset::import(&a, &demo::shipped_dataset().unwrap()).await.unwrap();
    let account =
        a.conn().await.unwrap().create_account("anna.muster@kanti-demo.example", Role::Planner).await.unwrap();
    let settings = AccountSettings {
        mail_body: "Liebe Kollegin\n\nIhr Pensum …".into(),
        mail_from: "sekretariat@kanti-demo.example".into(),
        mail_subject: "Pensum 26/27".into(),
    };
    a.conn().await.unwrap().save_settings(account.id, &settings).await.unwrap();
    a.conn().await.unwrap().create_account("rektorat@kanti-demo.example", Role::Admin).await.unwrap();
    // A teacher's own account: the Pensenmanager has no such access, so it stays behind.
    let abe = a.conn().await.unwrap().teacher_id_by_code("abe").await.unwrap().expect("the demo's abe");
    a.conn().await.unwrap().create_teacher_account("andreas.berger@kanti-demo.example", abe).await.unwrap();

    // schoolplan → reference.
    let p1 = PensenDb::create(&admin, Version::V3_11).await;
    let out = export(&a, &p1.url).await.unwrap();
    assert!(out.written && out.refusals.is_empty(), "{}", out.to_text());
    let demo = school(&a).await;
    assert_eq!(out.tables["course"].written, demo.courses.len());
    assert_eq!(p1.rows("course").await.len(), demo.courses.len());
    assert_eq!(p1.rows("account").await.len(), 2, "the teacher's account is not written");
    let left: Vec<_> = out.changes.iter().filter(|c| c.rule == "nicht-haltbar-lehrpersonenkonto").collect();
    assert_eq!(left.len(), 1, "{}", out.to_text());
    assert_eq!(left[0].row, "andreas.berger@kanti-demo.example");

    // reference → schoolplan.
    let b = store().await;
    let back = import(&b, &p1.url, false).await.unwrap();
    assert!(back.written, "{}", back.to_text());
    assert!(back.refusals.is_empty(), "{}", back.to_text());
    let rounded: Vec<_> = back.changes.iter().filter(|c| c.rule == "zahl-gerundet").collect();
    assert!(rounded.is_empty(), "the demo's numbers have 4 places: {rounded:?}");
    for table in ["course", "employment", "teacher", "school_class", "lesson_table_entry", "pool_entry", "note"] {
        let t = &back.tables[table];
        assert_eq!(t.read, t.written, "{table}");
        assert!(t.read > 0, "{table}");
    }
    // Every balance the reference stored agrees with schoolplan's computation.
    assert!(!back.reconciliation.is_empty());
    for y in &back.reconciliation {
        assert_eq!(y.agreeing, y.compared, "{}", y.summary());
        assert!(y.openings.is_empty(), "{}", y.summary());
    }

    // The dataset export is byte-identical apart from what the report listed.
    let after = school(&b).await;
    assert_eq!(with_listed_changes(demo, &out).to_json(), after.to_json());
    // Accounts with their roles and mail settings.
    let mut conn = b.conn().await.unwrap();
    let anna = conn.find_account("anna.muster@kanti-demo.example").await.unwrap().expect("account");
    assert_eq!(anna.role, Role::Planner);
    assert_eq!(conn.get_settings(anna.id).await.unwrap(), settings);
    assert_eq!(conn.find_account("rektorat@kanti-demo.example").await.unwrap().expect("account").role, Role::Admin);
    drop(conn);

    // Every teacher's workload in every year is equal (as the service
    // computes it here; as `GET /workload` answers it at the end).
    let (wa, wb) = (all_workloads(&a).await, all_workloads(&b).await);
    assert_eq!(wa.len(), 4);
    for (year, w) in &wa {
        assert_eq!(Some(w), wb.get(year), "workloads of {year}");
    }

    // schoolplan → reference again: every row equal, numbers to 4 places.
    let p2 = PensenDb::create(&admin, Version::V3_11).await;
    let out2 = export(&b, &p2.url).await.unwrap();
    assert!(out2.written, "{}", out2.to_text());
    for table in schoolplan::pensenmanager::target::DATA_TABLES {
        let (r1, r2) = (p1.rows(table).await, p2.rows(table).await);
        assert_eq!(r1.len(), r2.len(), "{table}");
        for (x, y) in r1.iter().zip(&r2) {
            assert_eq!(four_places(x), four_places(y), "{table}");
        }
    }

    // As `GET /workload` answers it (last: the servers add their test account).
    let (ha, hb) = (served_workloads(&a).await, served_workloads(&b).await);
    assert_eq!(ha.len(), 4);
    assert_eq!(ha, hb, "GET /workload before and after");
}
