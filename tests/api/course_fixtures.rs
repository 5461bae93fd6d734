//! Fixtures of the course tests: school years, curricula with grades,
//! divisions, subjects, school classes and employments.
//!
//! The endpoints of those resources are built elsewhere, so these functions
//! insert rows directly through the test's store handle (one SQL text for both
//! backends). Grades, subject types and teachers go over HTTP. To switch a
//! fixture to HTTP, change it here only.

#![allow(dead_code)]

use schoolplan::store::Store;
use serde_json::{json, Value};

use crate::helpers::TestApp;

/// A bind parameter of a fixture statement.
#[derive(Debug, Clone)]
pub enum Arg {
    /// An integer.
    I(i64),
    /// A text.
    S(String),
    /// A boolean.
    B(bool),
}

macro_rules! bind_all {
    ($q:expr, $args:expr) => {{
        let mut q = $q;
        for a in $args {
            q = match a {
                Arg::I(v) => q.bind(*v),
                Arg::S(s) => q.bind(s.clone()),
                Arg::B(b) => q.bind(*b),
            };
        }
        q
    }};
}

/// Runs one statement with `$1…` parameters; returns the rows affected.
pub async fn exec(app: &TestApp, sql: &str, args: &[Arg]) -> u64 {
    let res = match &app.store {
        Store::Sqlite(p) => bind_all!(sqlx::query(sql), args).execute(p).await.map(|r| r.rows_affected()),
        Store::Postgres(p) => bind_all!(sqlx::query(sql), args).execute(p).await.map(|r| r.rows_affected()),
    };
    res.unwrap_or_else(|e| panic!("fixture statement failed: {e}\n{sql}"))
}

/// Runs a statement that returns one integer (`INSERT … RETURNING id`, `SELECT COUNT(*)`).
pub async fn scalar(app: &TestApp, sql: &str, args: &[Arg]) -> i64 {
    let res = match &app.store {
        Store::Sqlite(p) => bind_all!(sqlx::query_scalar::<_, i64>(sql), args).fetch_one(p).await,
        Store::Postgres(p) => bind_all!(sqlx::query_scalar::<_, i64>(sql), args).fetch_one(p).await,
    };
    res.unwrap_or_else(|e| panic!("fixture query failed: {e}\n{sql}"))
}

/// Runs a query that returns at most one integer.
pub async fn optional(app: &TestApp, sql: &str, args: &[Arg]) -> Option<i64> {
    let res = match &app.store {
        Store::Sqlite(p) => bind_all!(sqlx::query_scalar::<_, i64>(sql), args).fetch_optional(p).await,
        Store::Postgres(p) => bind_all!(sqlx::query_scalar::<_, i64>(sql), args).fetch_optional(p).await,
    };
    res.unwrap_or_else(|e| panic!("fixture query failed: {e}\n{sql}"))
}

fn s(v: &str) -> Arg {
    Arg::S(v.to_string())
}

fn key(code: &str) -> String {
    code.trim().to_lowercase()
}

/// The id of the lookup (`grade`, `subjecttype`) with `code`, created over HTTP if missing.
pub async fn lookup(app: &TestApp, kind: &str, code: &str) -> i64 {
    let list = app.get(&format!("/{kind}")).await.expect(200);
    if let Some(found) = list.result().as_array().unwrap().iter().find(|x| x["code"] == code) {
        return found["id"].as_i64().unwrap();
    }
    app.create(&format!("/{kind}"), json!({"code": code, "description": format!("{kind} {code}")})).await
}

/// A grade by code (HTTP).
pub async fn grade(app: &TestApp, code: &str) -> i64 {
    lookup(app, "grade", code).await
}

/// A school year; `grad_year` is its graduation year (2027 for 26/27).
pub async fn school_year(app: &TestApp, code: &str, grad_year: i64, finalised: bool, archived: bool) -> i64 {
    scalar(
        app,
        "INSERT INTO school_year (archived, code, code_key, description, finalised, graduation_year, weeks) \
         VALUES ($1, $2, $3, $4, $5, $6, 38) RETURNING id",
        &[Arg::B(archived), s(code), Arg::S(key(code)), Arg::S(format!("Schuljahr {code}")), Arg::B(finalised), Arg::I(grad_year)],
    )
    .await
}

/// Sets the lock flags of a school year.
pub async fn set_year_flags(app: &TestApp, year: i64, finalised: bool, archived: bool) {
    exec(app, "UPDATE school_year SET finalised = $1, archived = $2 WHERE id = $3", &[Arg::B(finalised), Arg::B(archived), Arg::I(year)]).await;
}

/// A curriculum and its grades in order (entry grade first).
#[derive(Debug, Clone)]
pub struct Curriculum {
    /// Curriculum id.
    pub id: i64,
    /// Grade ids, entry grade first.
    pub grades: Vec<i64>,
}

/// A curriculum with the grades `grades` (created over HTTP when missing), in order.
pub async fn curriculum(app: &TestApp, code: &str, grades: &[&str]) -> Curriculum {
    let id = scalar(
        app,
        "INSERT INTO curriculum (code, code_key, description) VALUES ($1, $2, $3) RETURNING id",
        &[s(code), Arg::S(key(code)), Arg::S(format!("Lehrgang {code}"))],
    )
    .await;
    let mut ids = Vec::new();
    for (pos, g) in grades.iter().enumerate() {
        let gid = grade(app, g).await;
        exec(
            app,
            "INSERT INTO curriculum_grade (curriculum_id, position, grade_id) VALUES ($1, $2, $3)",
            &[Arg::I(id), Arg::I(pos as i64), Arg::I(gid)],
        )
        .await;
        ids.push(gid);
    }
    Curriculum { id, grades: ids }
}

/// A division.
pub async fn division(app: &TestApp, code: &str) -> i64 {
    scalar(
        app,
        "INSERT INTO division (code, code_key, description) VALUES ($1, $2, $3) RETURNING id",
        &[s(code), Arg::S(key(code)), Arg::S(format!("Abteilung {code}"))],
    )
    .await
}

/// A subject of type `GF` (created over HTTP when missing), without category.
pub async fn subject(app: &TestApp, code: &str, cross_class: bool) -> i64 {
    let kind = lookup(app, "subjecttype", "GF").await;
    scalar(
        app,
        "INSERT INTO subject (code, code_key, description, type_id, cross_class) VALUES ($1, $2, $3, $4, $5) RETURNING id",
        &[s(code), Arg::S(key(code)), Arg::S(format!("Fach {code}")), Arg::I(kind), Arg::B(cross_class)],
    )
    .await
}

/// A school class graduating in `grad_year`.
pub async fn school_class(app: &TestApp, code: &str, curriculum: i64, division: i64, grad_year: i64) -> i64 {
    scalar(
        app,
        "INSERT INTO school_class (code, code_key, curriculum_id, division_id, graduation_year) VALUES ($1, $2, $3, $4, $5) RETURNING id",
        &[s(code), Arg::S(key(code)), Arg::I(curriculum), Arg::I(division), Arg::I(grad_year)],
    )
    .await
}

/// A teacher (HTTP).
pub async fn teacher(app: &TestApp, code: &str) -> i64 {
    app.create("/teacher", json!({"code": code, "firstName": format!("First {code}"), "lastName": format!("Last {code}")})).await
}

/// An employment of `teacher` in `year` (in the first division; one is created if none exists).
pub async fn employment(app: &TestApp, teacher: i64, year: i64) -> i64 {
    let div = match optional(app, "SELECT id FROM division ORDER BY id LIMIT 1", &[]).await {
        Some(d) => d,
        None => division(app, "ADM").await,
    };
    scalar(
        app,
        "INSERT INTO employment (teacher_id, school_year_id, division_id) VALUES ($1, $2, $3) RETURNING id",
        &[Arg::I(teacher), Arg::I(year), Arg::I(div)],
    )
    .await
}

/// The course list of a school year (`GET /course?schoolYear=`), for before/after comparisons.
pub async fn course_list(app: &TestApp, year: i64) -> Value {
    app.get(&format!("/course?schoolYear={year}")).await.expect(200).result().clone()
}

/// A small school: three school years, two curricula, classes, subjects, teachers.
#[derive(Debug, Clone)]
pub struct World {
    /// 26/27 (graduation 2027), open.
    pub year: i64,
    /// 25/26 (2026), open; locked by tests as needed.
    pub prev_year: i64,
    /// GYM 17: GYM1–GYM4.
    pub gym: Curriculum,
    /// GYM 17b: the same grades, another curriculum.
    pub gym_b: Curriculum,
    /// FMS 18: FMS1–FMS3.
    pub fms: Curriculum,
    /// The division of all classes.
    pub division: i64,
    /// Subject `D` (class-based).
    pub d: i64,
    /// Subject `F` (class-based).
    pub f: i64,
    /// Subject `SF B` (cross-class).
    pub sf: i64,
    /// GYM 17 classes graduating 2027 (GYM4 in 26/27): G27a, G27b, G27c.
    pub g27a: i64,
    /// See `g27a`.
    pub g27b: i64,
    /// See `g27a`.
    pub g27c: i64,
    /// G28a (GYM3 in 26/27).
    pub g28a: i64,
    /// G31a (not yet at school in 26/27).
    pub g31a: i64,
    /// H27a: GYM 17b, GYM4 in 26/27.
    pub h27a: i64,
    /// F27a: FMS 18, FMS3 in 26/27.
    pub f27a: i64,
    /// Teacher `abc`, employed in 26/27 and 25/26.
    pub abc: i64,
    /// Teacher `def`, employed in 26/27 and 25/26.
    pub def: i64,
    /// Teacher `xyz`, without employment.
    pub xyz: i64,
}

impl World {
    /// Builds the school.
    pub async fn new(app: &TestApp) -> World {
        let year = school_year(app, "26/27", 2027, false, false).await;
        let prev_year = school_year(app, "25/26", 2026, false, false).await;
        let gym = curriculum(app, "GYM 17", &["GYM1", "GYM2", "GYM3", "GYM4"]).await;
        let gym_b = curriculum(app, "GYM 17b", &["GYM1", "GYM2", "GYM3", "GYM4"]).await;
        let fms = curriculum(app, "FMS 18", &["FMS1", "FMS2", "FMS3"]).await;
        let division = division(app, "GYM").await;
        let d = subject(app, "D", false).await;
        let f = subject(app, "F", false).await;
        let sf = subject(app, "SF B", true).await;
        let g27a = school_class(app, "G27a", gym.id, division, 2027).await;
        let g27b = school_class(app, "G27b", gym.id, division, 2027).await;
        let g27c = school_class(app, "G27c", gym.id, division, 2027).await;
        let g28a = school_class(app, "G28a", gym.id, division, 2028).await;
        let g31a = school_class(app, "G31a", gym.id, division, 2031).await;
        let h27a = school_class(app, "H27a", gym_b.id, division, 2027).await;
        let f27a = school_class(app, "F27a", fms.id, division, 2027).await;
        let abc = teacher(app, "abc").await;
        let def = teacher(app, "def").await;
        let xyz = teacher(app, "xyz").await;
        for t in [abc, def] {
            employment(app, t, year).await;
            employment(app, t, prev_year).await;
        }
        World { year, prev_year, gym, gym_b, fms, division, d, f, sf, g27a, g27b, g27c, g28a, g31a, h27a, f27a, abc, def, xyz }
    }

    /// Creates a course of subject `subject` for `classes` in `year` (201) and returns its id.
    pub async fn course(&self, app: &TestApp, year: i64, subject: i64, classes: &[i64]) -> i64 {
        app.create("/course", json!({"schoolYear": year, "subject": subject, "schoolClasses": classes, "lessons1": 3, "lessons2": 3}))
            .await
    }

    /// Creates a course of cross-class subject `SF B` in grade `grade` of GYM 17 in `year`.
    pub async fn cross_course(&self, app: &TestApp, year: i64, grade: i64) -> i64 {
        app.create("/course", json!({"schoolYear": year, "subject": self.sf, "grade": grade, "curriculum": self.gym.id, "lessons1": 4})).await
    }
}
