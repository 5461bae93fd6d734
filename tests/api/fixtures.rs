//! Shared fixtures: school years, curricula and divisions over HTTP; courses
//! (inserted directly, including into years that are locked afterwards).

use schoolplan::store::Store;
use serde_json::json;

use crate::helpers::TestApp;

/// A bind parameter of a fixture statement.
enum Arg {
    Int(i64),
}

use Arg::Int;

/// Runs `sql` (with `$1…` placeholders) on the test's database; with `returning`,
/// fetches the one `id` it returns.
async fn run(app: &TestApp, sql: &str, args: &[Arg], returning: bool) -> i64 {
    macro_rules! on {
        ($pool:expr) => {{
            if returning {
                let mut q = sqlx::query_scalar::<_, i64>(sql);
                for a in args {
                    q = match a {
                        Int(v) => q.bind(*v),
                    };
                }
                q.fetch_one($pool).await.unwrap_or_else(|e| panic!("{sql}: {e}"))
            } else {
                let mut q = sqlx::query(sql);
                for a in args {
                    q = match a {
                        Int(v) => q.bind(*v),
                    };
                }
                q.execute($pool).await.unwrap_or_else(|e| panic!("{sql}: {e}"));
                0
            }
        }};
    }
    match &app.store {
        Store::Sqlite(pool) => on!(pool),
        Store::Postgres(pool) => on!(pool),
    }
}

/// A school year `code` (description "Schuljahr {code}", 38 weeks), created
/// open and then locked as asked; returns its id.
pub async fn school_year(app: &TestApp, code: &str, graduation_year: i64, finalised: bool, archived: bool) -> i64 {
    let id = app
        .create("/schoolyear", json!({"code": code, "description": format!("Schuljahr {code}"), "graduationYear": graduation_year, "weeks": 38}))
        .await;
    if finalised || archived {
        set_school_year_flags(app, id, finalised, archived).await;
    }
    id
}

/// Sets the lock flags of school year `id` with a PUT /schoolyear.
pub async fn set_school_year_flags(app: &TestApp, id: i64, finalised: bool, archived: bool) {
    let mut year = app.get(&format!("/schoolyear/{id}")).await.expect(200).result().clone();
    year["finalised"] = json!(finalised);
    year["archived"] = json!(archived);
    app.put(&format!("/schoolyear/{id}"), year).await.expect(200);
}

/// A curriculum `code` whose grades (created in this order, entry grade first)
/// have the given codes; returns the curriculum id and the grade ids.
pub async fn curriculum(app: &TestApp, code: &str, grade_codes: &[&str]) -> (i64, Vec<i64>) {
    let mut grades = Vec::new();
    for g in grade_codes {
        grades.push(app.create("/grade", json!({"code": g, "description": format!("Stufe {g}")})).await);
    }
    let id = app
        .create("/curriculum", json!({"code": code, "description": format!("Lehrgang {code}"), "grades": grades}))
        .await;
    (id, grades)
}

/// A division `code` (description "Abteilung {code}"); returns its id.
pub async fn division(app: &TestApp, code: &str) -> i64 {
    app.create("/division", json!({"code": code, "description": format!("Abteilung {code}")})).await
}

/// A course of `subject` in `school_year` with `grade`/`curriculum`, the given
/// classes and semester-1 teachers; returns its id.
pub async fn course(
    app: &TestApp,
    school_year: i64,
    subject: i64,
    grade: i64,
    curriculum: i64,
    classes: &[i64],
    teachers1: &[i64],
) -> i64 {
    let id = run(
        app,
        "INSERT INTO course (school_year_id, subject_id, grade_id, curriculum_id, lessons1, lessons2) \
         VALUES ($1, $2, $3, $4, 30000, 30000) RETURNING id",
        &[Int(school_year), Int(subject), Int(grade), Int(curriculum)],
        true,
    )
    .await;
    for (pos, class) in classes.iter().enumerate() {
        run(
            app,
            "INSERT INTO course_class (course_id, position, school_class_id) VALUES ($1, $2, $3)",
            &[Int(id), Int(pos as i64), Int(*class)],
            false,
        )
        .await;
    }
    for (pos, teacher) in teachers1.iter().enumerate() {
        run(
            app,
            "INSERT INTO course_teacher (course_id, semester, position, teacher_id) VALUES ($1, 1, $2, $3)",
            &[Int(id), Int(pos as i64), Int(*teacher)],
            false,
        )
        .await;
    }
    id
}
