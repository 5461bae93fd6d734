//! The fixtures of the HTTP suite: school years, curricula with grades,
//! divisions, subjects, school classes, teachers, employments and courses, and
//! [`World`], a small school most course tests start from.
//!
//! Every fixture goes over HTTP, except [`course`] (inserted directly, also
//! into years that are locked) and the failing triggers (fault injection).
//! Raw SQL goes through [`crate::helpers::exec`] and its siblings.

#![allow(dead_code)]

use schoolplan::store::Backend;
use serde_json::{json, Value};

use crate::helpers::{exec, scalar, Arg::I, TestApp};

/// The id of the lookup (`grade`, `subjecttype`) with `code`, created over HTTP if missing.
pub async fn lookup(app: &TestApp, kind: &str, code: &str) -> i64 {
    let list = app.get(&format!("/{kind}")).await.expect(200);
    if let Some(found) = list.result().as_array().unwrap().iter().find(|x| x["code"] == code) {
        return found["id"].as_i64().unwrap();
    }
    app.create(&format!("/{kind}"), json!({"code": code, "description": format!("{kind} {code}")})).await
}

/// A grade by code.
pub async fn grade(app: &TestApp, code: &str) -> i64 {
    lookup(app, "grade", code).await
}

/// A school year `code` (description "Schuljahr {code}", 38 weeks);
/// `grad_year` is its graduation year (2027 for 26/27). Created open, then
/// locked as asked; returns its id.
pub async fn school_year(app: &TestApp, code: &str, grad_year: i64, finalised: bool, archived: bool) -> i64 {
    let id = app
        .create(
            "/schoolyear",
            json!({"code": code, "description": format!("Schuljahr {code}"), "graduationYear": grad_year, "weeks": 38}),
        )
        .await;
    if finalised || archived {
        set_year_flags(app, id, finalised, archived).await;
    }
    id
}

/// Sets the lock flags of school year `year` with a PUT /schoolyear.
pub async fn set_year_flags(app: &TestApp, year: i64, finalised: bool, archived: bool) {
    let mut body = app.get(&format!("/schoolyear/{year}")).await.expect(200).result().clone();
    body["finalised"] = json!(finalised);
    body["archived"] = json!(archived);
    app.put(&format!("/schoolyear/{year}"), body).await.expect(200);
}

/// A curriculum and its grades in order (entry grade first).
#[derive(Debug, Clone)]
pub struct Curriculum {
    /// Curriculum id.
    pub id: i64,
    /// Grade ids, entry grade first.
    pub grades: Vec<i64>,
}

/// A curriculum with the grades `grades` (created when missing, else reused), in order.
pub async fn curriculum(app: &TestApp, code: &str, grades: &[&str]) -> Curriculum {
    let mut ids = Vec::new();
    for g in grades {
        ids.push(grade(app, g).await);
    }
    let id = app
        .create("/curriculum", json!({"code": code, "description": format!("Lehrgang {code}"), "grades": ids}))
        .await;
    Curriculum { id, grades: ids }
}

/// A division `code` (description "Abteilung {code}"); returns its id.
pub async fn division(app: &TestApp, code: &str) -> i64 {
    app.create("/division", json!({"code": code, "description": format!("Abteilung {code}")})).await
}

/// A course of `subject` in `school_year` with `grade`/`curriculum`, the given
/// classes and semester-1 teachers, inserted directly (also into a school
/// year that is locked); returns its id.
pub async fn course(
    app: &TestApp,
    school_year: i64,
    subject: i64,
    grade: i64,
    curriculum: i64,
    classes: &[i64],
    teachers1: &[i64],
) -> i64 {
    let id = scalar(
        app,
        "INSERT INTO course (school_year_id, subject_id, grade_id, curriculum_id, lessons1, lessons2) \
         VALUES ($1, $2, $3, $4, 30000, 30000) RETURNING id",
        &[I(school_year), I(subject), I(grade), I(curriculum)],
    )
    .await;
    for (pos, class) in classes.iter().enumerate() {
        exec(
            app,
            "INSERT INTO course_class (course_id, position, school_class_id) VALUES ($1, $2, $3)",
            &[I(id), I(pos as i64), I(*class)],
        )
        .await;
    }
    for (pos, teacher) in teachers1.iter().enumerate() {
        exec(
            app,
            "INSERT INTO course_teacher (course_id, semester, position, teacher_id) VALUES ($1, 1, $2, $3)",
            &[I(id), I(pos as i64), I(*teacher)],
        )
        .await;
    }
    id
}

/// A subject of type `GF` and category `ALLG` (both created when missing).
pub async fn subject(app: &TestApp, code: &str, cross_class: bool) -> i64 {
    let kind = lookup(app, "subjecttype", "GF").await;
    let category = lookup(app, "subjectcategory", "ALLG").await;
    app.create(
        "/subject",
        json!({"code": code, "description": format!("Fach {code}"), "type": kind, "category": category,
               "crossClass": cross_class}),
    )
    .await
}

/// A school class graduating in `grad_year`.
pub async fn school_class(app: &TestApp, code: &str, curriculum: i64, division: i64, grad_year: i64) -> i64 {
    app.create(
        "/schoolclass",
        json!({"code": code, "curriculum": curriculum, "division": division, "graduationYear": grad_year}),
    )
    .await
}

/// A teacher.
pub async fn teacher(app: &TestApp, code: &str) -> i64 {
    app.create(
        "/teacher",
        json!({"code": code, "firstName": format!("First {code}"), "lastName": format!("Last {code}")}),
    )
    .await
}

/// An employment of `teacher` in `year` (in the first division; one is created if none exists).
pub async fn employment(app: &TestApp, teacher: i64, year: i64) -> i64 {
    let divisions = app.get("/division").await.expect(200);
    let div = match divisions.result().as_array().unwrap().first() {
        Some(d) => d["id"].as_i64().unwrap(),
        None => division(app, "ADM").await,
    };
    app.create("/employment", json!({"teacher": teacher, "schoolYear": year, "division": div})).await
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
        World {
            year,
            prev_year,
            gym,
            gym_b,
            fms,
            division,
            d,
            f,
            sf,
            g27a,
            g27b,
            g27c,
            g28a,
            g31a,
            h27a,
            f27a,
            abc,
            def,
            xyz,
        }
    }

    /// Creates a course of subject `subject` for `classes` in `year` (201) and returns its id.
    pub async fn course(&self, app: &TestApp, year: i64, subject: i64, classes: &[i64]) -> i64 {
        app.create(
            "/course",
            json!({"schoolYear": year, "subject": subject, "schoolClasses": classes, "lessons1": 3, "lessons2": 3}),
        )
        .await
    }

    /// Creates a course of cross-class subject `SF B` in grade `grade` of GYM 17 in `year`.
    pub async fn cross_course(&self, app: &TestApp, year: i64, grade: i64) -> i64 {
        app.create(
            "/course",
            json!({"schoolYear": year, "subject": self.sf, "grade": grade, "curriculum": self.gym.id, "lessons1": 4}),
        )
        .await
    }
}

/// Installs a trigger that aborts `event` (`DELETE` or `INSERT`) on `table`
/// when `condition` (on `OLD`/`NEW`) holds.
pub async fn install_failing_trigger(app: &TestApp, table: &str, event: &str, condition: &str) {
    match app.store.backend() {
        Backend::Sqlite => {
            let sql = format!(
                "CREATE TRIGGER boom BEFORE {event} ON {table} WHEN {condition} BEGIN SELECT RAISE(ABORT, 'boom'); END"
            );
            exec(app, &sql, &[]).await;
            // The server's writes run without triggers (src/store/writer.rs).
            app.store.fire_triggers_on_writes(true);
        }
        Backend::Postgres => {
            exec(
                app,
                "CREATE FUNCTION boom() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'boom'; END $$",
                &[],
            )
            .await;
            let sql = format!(
                "CREATE TRIGGER boom BEFORE {event} ON {table} FOR EACH ROW WHEN ({condition}) EXECUTE FUNCTION boom()"
            );
            exec(app, &sql, &[]).await;
        }
    }
}

/// Removes the trigger of [`install_failing_trigger`].
pub async fn drop_failing_trigger(app: &TestApp, table: &str) {
    match app.store.backend() {
        Backend::Sqlite => {
            exec(app, "DROP TRIGGER boom", &[]).await;
            app.store.fire_triggers_on_writes(false);
        }
        Backend::Postgres => {
            exec(app, &format!("DROP TRIGGER boom ON {table}"), &[]).await;
            exec(app, "DROP FUNCTION boom()", &[]).await;
        }
    }
}
