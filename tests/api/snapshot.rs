//! Consistent reads (issue 24, point 1): a workload is read from one snapshot
//! of the database, so its totals always equal the sums of its items — even
//! while eight clients change, add and remove pool entries and theses.
//!
//! Before the snapshot, `GET /workload` read the calculation's facts and the
//! pool entries it lists in separate statements, and hundreds of answers had a
//! pool total that was not the sum of the pool items shown. Bounded loops:
//! each writer makes [`WRITES`] changes, each reader reads until the writers
//! are done (at most [`MAX_READS`] times); no timing is asserted.

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use serde_json::{json, Value};

use crate::helpers::TestApp;
use crate::workload::{school, School};

const TEACHERS: usize = 4;
const WRITERS: usize = 8;
const READERS: usize = 4;
const WRITES: usize = 40;
const MAX_READS: usize = 400;

/// A figure of an answer (the JSON numbers are exact decimals as text; f64 is
/// close enough to tell whole percents apart, which is what a torn read shows).
fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

fn sum(items: &Value, field: &str) -> f64 {
    items.as_array().unwrap().iter().map(|i| num(&i[field])).sum()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-6
}

/// The broken invariants of one workload form (empty when it agrees with itself).
fn broken(w: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let who = w["teacher"]["code"].as_str().unwrap_or("?").to_string();
    let mut check = |what: &str, total: f64, items: f64| {
        if !close(total, items) {
            out.push(format!("{who}: {what} total {total} ≠ Σ items {items}"));
        }
    };
    for f in ["percent1", "percent2"] {
        check(&format!("pool {f}"), num(&w["pool"]["total"][f]), sum(&w["pool"]["items"], f));
        check(&format!("payroll {f}"), num(&w["payroll"]["total"][f]), sum(&w["payroll"]["items"], f));
    }
    check("theses", num(&w["theses"]["total"]["percent"]), sum(&w["theses"]["items"], "percent"));
    for f in ["percent1", "ageRelief1", "percent2", "ageRelief2", "percentWithAgeRelief"] {
        check(&format!("summary {f}"), num(&w["summary"]["total"][f]), sum(&w["summary"]["items"], f));
    }
    out
}

/// One writer: moves the percents of its pool entry, adds and removes a
/// second entry, and changes the teacher's thesis count, `WRITES` times.
async fn writer(app: Arc<TestApp>, s: Arc<Setup>, n: usize) {
    let teacher = s.teachers[n % TEACHERS];
    let entry = s.entries[n];
    for round in 0..WRITES {
        let p = (5 + (round * 7 + n * 3) % 21) as f64;
        match round % 3 {
            0 => {
                let body = json!({"schoolYear": s.school.year, "teacher": teacher, "type": s.school.pool_type,
                                  "description": format!("Pool {n}"), "percent1": p, "percent2": p / 2.0});
                app.put(&format!("/poolentry/{entry}"), body).await.expect(200);
            }
            1 => {
                let body = json!({"schoolYear": s.school.year, "teacher": teacher, "type": s.school.pool_type,
                                  "description": format!("Extra {n}"), "percent1": p, "percent2": p});
                let id = app.create("/poolentry", body).await;
                app.delete(&format!("/poolentry/{id}")).await.expect(204);
            }
            _ => {
                let counts = json!({"thesisCounts": {s.thesis_type.to_string(): round % 5}});
                // Two writers share each teacher: a collision is 409 (PostgreSQL), and fine.
                let r = app.put(&format!("/thesis/{}-{teacher}", s.school.year), counts).await;
                assert!(matches!(r.status, 200 | 409), "{}: {}", r.status, r.body);
            }
        }
    }
}

/// One reader: the year's list and one teacher's form, until the writers are
/// done; returns the broken invariants seen and the distinct pool totals.
async fn reader(
    app: Arc<TestApp>,
    s: Arc<Setup>,
    n: usize,
    writing: Arc<AtomicBool>,
) -> (Vec<String>, BTreeSet<String>) {
    let mut torn = Vec::new();
    let mut totals = BTreeSet::new();
    for round in 0..MAX_READS {
        if !writing.load(Ordering::SeqCst) {
            break;
        }
        let forms = if round % 2 == 0 {
            app.get(&format!("/workload?schoolYear={}", s.school.year)).await.expect(200).result().clone()
        } else {
            let t = s.teachers[(n + round) % TEACHERS];
            json!([app.get(&format!("/workload?schoolYear={}&teacher={t}", s.school.year)).await.expect(200).result()])
        };
        for w in forms.as_array().unwrap() {
            torn.extend(broken(w));
            totals.insert(w["pool"]["total"].to_string());
        }
    }
    (torn, totals)
}

struct Setup {
    school: School,
    teachers: Vec<i64>,
    entries: Vec<i64>,
    thesis_type: i64,
}

async fn setup(app: &TestApp) -> Setup {
    let school = school(app, 1).await;
    let thesis_type = app
        .create(
            "/thesistype",
            json!({"code": "MA", "description": "Maturaarbeit", "payrollType": school.pt["G2"], "percent": 0.5}),
        )
        .await;
    let mut teachers = Vec::new();
    for (i, class) in ["G27a", "G27b", "G29a", "F27a"].iter().enumerate().take(TEACHERS) {
        let t = school.teacher(app, &format!("t{i}"), "1970-03-01", (60.0, 60.0)).await;
        school.course(app, school.math, class, 4.0, t).await;
        teachers.push(t);
    }
    let mut entries = Vec::new();
    for n in 0..WRITERS {
        let body = json!({"schoolYear": school.year, "teacher": teachers[n % TEACHERS], "type": school.pool_type,
                          "description": format!("Pool {n}"), "percent1": 10, "percent2": 5});
        entries.push(app.create("/poolentry", body).await);
    }
    Setup { school, teachers, entries, thesis_type }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn workloads_are_read_from_one_snapshot_while_pool_entries_change() {
    let app = Arc::new(TestApp::spawn().await);
    let s = Arc::new(setup(&app).await);
    for w in app.get(&format!("/workload?schoolYear={}", s.school.year)).await.expect(200).result().as_array().unwrap()
    {
        assert_eq!(broken(w), Vec::<String>::new(), "at rest every form agrees with itself");
    }

    let writing = Arc::new(AtomicBool::new(true));
    let readers: Vec<_> =
        (0..READERS).map(|n| tokio::spawn(reader(app.clone(), s.clone(), n, writing.clone()))).collect();
    let writers: Vec<_> = (0..WRITERS).map(|n| tokio::spawn(writer(app.clone(), s.clone(), n))).collect();
    for w in writers {
        w.await.expect("writer");
    }
    writing.store(false, Ordering::SeqCst);
    let mut torn = Vec::new();
    let mut totals = BTreeSet::new();
    for r in readers {
        let (t, seen) = r.await.expect("reader");
        torn.extend(t);
        totals.extend(seen);
    }
    assert!(totals.len() > 2, "the readers ran while the pool changed: pool totals seen {totals:?}");
    assert!(torn.is_empty(), "{} torn reads, e.g. {:?}", torn.len(), &torn[..torn.len().min(5)]);
}
