//! Merge and split under concurrency, and their atomicity.
//!
//! (a) Eight clients merge and split overlapping courses of one year for about
//!     three seconds: no response is a server fault, and at the end every class
//!     is in exactly one course of the subject and every course is valid.
//! (b) A trigger makes a late step of a merge (or split) fail: the earlier
//!     steps are rolled back.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::fixtures::{
    course_list, curriculum, division, drop_failing_trigger, install_failing_trigger, school_class, school_year,
    subject,
};
use crate::helpers::{scalar, Arg, TestApp};

/// A small deterministic pseudo-random generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const CLIENTS: u64 = 8;
const RUN_FOR: Duration = Duration::from_secs(3);
const MAX_ROUNDS_PER_CLIENT: usize = 400;

/// What one client saw: status → count, per command.
#[derive(Default, Debug)]
struct Tally {
    merge: HashMap<u16, usize>,
    split: HashMap<u16, usize>,
}

async fn client(app: Arc<TestApp>, year: i64, subject: i64, seed: u64) -> Tally {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ (seed.wrapping_mul(0x1000_0000_01B3) + 1));
    let mut tally = Tally::default();
    let started = Instant::now();
    for _ in 0..MAX_ROUNDS_PER_CLIENT {
        if started.elapsed() > RUN_FOR {
            break;
        }
        let list = app.get(&format!("/course?schoolYear={year}&subject={subject}")).await;
        assert_eq!(list.status, 200, "list failed: {}", list.body);
        let courses = list.result().as_array().unwrap().clone();
        let multi: Vec<i64> = courses
            .iter()
            .filter(|c| c["schoolClasses"].as_array().unwrap().len() > 1)
            .map(|c| c["id"].as_i64().unwrap())
            .collect();
        let split = !multi.is_empty() && (courses.len() < 2 || rng.below(2) == 0);
        let (body, counts) = if split {
            (json!({"split": multi[rng.below(multi.len())]}), &mut tally.split)
        } else {
            let mut ids: Vec<i64> = courses.iter().map(|c| c["id"].as_i64().unwrap()).collect();
            let n = 2 + rng.below(2).min(ids.len().saturating_sub(2));
            let mut pick = Vec::new();
            while pick.len() < n && !ids.is_empty() {
                pick.push(ids.swap_remove(rng.below(ids.len())));
            }
            (json!({ "merge": pick }), &mut tally.merge)
        };
        let r = app.post("/course", body.clone()).await;
        assert!(matches!(r.status, 200 | 404 | 409 | 422), "{body} answered {}: {}", r.status, r.body);
        *counts.entry(r.status).or_default() += 1;
    }
    tally
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_merges_and_splits_keep_every_class_in_exactly_one_course() {
    let app = Arc::new(TestApp::spawn().await);
    let year = school_year(&app, "26/27", 2027, false, false).await;
    let gym = curriculum(&app, "GYM 17", &["GYM1", "GYM2", "GYM3", "GYM4"]).await;
    let div = division(&app, "GYM").await;
    let sport = subject(&app, "SP", false).await;
    let other = subject(&app, "D", false).await;
    let mut classes = Vec::new();
    for letter in "abcdefghijkl".chars() {
        let class = school_class(&app, &format!("G27{letter}"), gym.id, div, 2027).await;
        app.create(
            "/course",
            json!({"schoolYear": year, "subject": sport, "schoolClasses": [class], "lessons1": 2, "lessons2": 2}),
        )
        .await;
        classes.push(class);
    }
    // A bystander course of another subject on the same classes must stay untouched.
    let bystander = app
        .create("/course", json!({"schoolYear": year, "subject": other, "schoolClasses": [classes[0], classes[1]]}))
        .await;

    let started = Instant::now();
    let tasks: Vec<_> = (0..CLIENTS).map(|seed| tokio::spawn(client(app.clone(), year, sport, seed))).collect();
    let mut merges_ok = 0;
    let mut splits_ok = 0;
    for t in tasks {
        let tally = t.await.expect("client panicked");
        merges_ok += tally.merge.get(&200).copied().unwrap_or(0);
        splits_ok += tally.split.get(&200).copied().unwrap_or(0);
    }
    assert!(started.elapsed() < RUN_FOR + Duration::from_secs(30), "the clients did not stop in time");
    assert!(merges_ok > 0 && splits_ok > 0, "nothing happened: {merges_ok} merges, {splits_ok} splits");

    // Every class in exactly one course of the subject; every course valid.
    let list = app.get(&format!("/course?schoolYear={year}&subject={sport}")).await.expect(200).result().clone();
    let mut seen: Vec<i64> = Vec::new();
    for c in list.as_array().unwrap() {
        let ks: Vec<i64> = c["schoolClasses"].as_array().unwrap().iter().map(|k| k["id"].as_i64().unwrap()).collect();
        assert!(!ks.is_empty(), "course without classes: {c}");
        assert_eq!(c["grade"]["id"], gym.grades[3], "{c}");
        assert_eq!(c["curriculum"]["id"], gym.id, "{c}");
        assert_eq!(c["schoolYear"]["id"], year, "{c}");
        assert_eq!(c["subject"]["id"], sport, "{c}");
        assert_eq!(c["lessons1"], 2, "{c}");
        seen.extend(ks);
    }
    seen.sort_unstable();
    let mut expected = classes.clone();
    expected.sort_unstable();
    assert_eq!(seen, expected, "a class was lost or duplicated");
    // The database agrees (no orphan rows of deleted courses).
    let rows = scalar(
        &app,
        "SELECT COUNT(*) FROM course_class cc JOIN course co ON co.id = cc.course_id WHERE co.subject_id = $1",
        &[Arg::I(sport)],
    )
    .await;
    assert_eq!(rows, 12);
    let b = app.get(&format!("/course/{bystander}")).await.expect(200);
    assert_eq!(b.result()["schoolClasses"].as_array().unwrap().len(), 2);
}

fn class_ids(course: &Value) -> Vec<i64> {
    course["schoolClasses"].as_array().unwrap().iter().map(|k| k["id"].as_i64().unwrap()).collect()
}

struct Small {
    year: i64,
    subject: i64,
    classes: Vec<i64>,
}

async fn small_school(app: &TestApp) -> Small {
    let year = school_year(app, "26/27", 2027, false, false).await;
    let gym = curriculum(app, "GYM 17", &["GYM1", "GYM2", "GYM3", "GYM4"]).await;
    let div = division(app, "GYM").await;
    let subject = subject(app, "SP", false).await;
    let mut classes = Vec::new();
    for code in ["G27a", "G27b", "G27c"] {
        classes.push(school_class(app, code, gym.id, div, 2027).await);
    }
    Small { year, subject, classes }
}

#[tokio::test]
async fn a_failing_late_step_rolls_the_whole_merge_back() {
    let app = TestApp::spawn().await;
    let s = small_school(&app).await;
    let a = app
        .create("/course", json!({"schoolYear": s.year, "subject": s.subject, "schoolClasses": [s.classes[0]]}))
        .await;
    let b = app
        .create("/course", json!({"schoolYear": s.year, "subject": s.subject, "schoolClasses": [s.classes[1]]}))
        .await;
    let c = app
        .create("/course", json!({"schoolYear": s.year, "subject": s.subject, "schoolClasses": [s.classes[2]]}))
        .await;
    let before = course_list(&app, s.year).await;
    // The merge first gives course a the classes of b and c, then deletes b, then c: c's delete fails.
    install_failing_trigger(&app, "course", "DELETE", &format!("OLD.id = {c}")).await;
    let r = app.post("/course", json!({"merge": [a, b, c]})).await;
    assert!(r.status >= 500, "the merge should fail: {} {}", r.status, r.body);
    assert_eq!(r.body["code"], "internal");
    assert!(!r.body["detail"].as_str().unwrap_or_default().contains("boom"), "internal details leaked: {}", r.body);
    assert_eq!(class_ids(app.get(&format!("/course/{a}")).await.expect(200).result()), [s.classes[0]]);
    assert_eq!(class_ids(app.get(&format!("/course/{b}")).await.expect(200).result()), [s.classes[1]]);
    assert_eq!(course_list(&app, s.year).await, before);
    drop_failing_trigger(&app, "course").await;
    let r = app.post("/course", json!({"merge": [a, b, c]})).await.expect(200);
    assert_eq!(class_ids(r.result()), s.classes);
}

#[tokio::test]
async fn a_failing_late_step_rolls_the_whole_split_back() {
    let app = TestApp::spawn().await;
    let s = small_school(&app).await;
    let id =
        app.create("/course", json!({"schoolYear": s.year, "subject": s.subject, "schoolClasses": s.classes})).await;
    let before = course_list(&app, s.year).await;
    // The split first takes G27b and G27c from the course, then creates one course per class: the last one fails.
    install_failing_trigger(&app, "course_class", "INSERT", &format!("NEW.school_class_id = {}", s.classes[2])).await;
    let r = app.post("/course", json!({"split": id})).await;
    assert!(r.status >= 500, "the split should fail: {} {}", r.status, r.body);
    assert_eq!(class_ids(app.get(&format!("/course/{id}")).await.expect(200).result()), s.classes);
    assert_eq!(course_list(&app, s.year).await, before);
    drop_failing_trigger(&app, "course_class").await;
    let r = app.post("/course", json!({"split": id})).await.expect(200);
    assert_eq!(r.result().as_array().unwrap().len(), 3);
}
