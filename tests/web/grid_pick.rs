//! Courses of the demo's grid to edit, found through the API; shared by the
//! HTML handler tests (`tests/web/grid_edit.rs`) and the browser tests
//! (`tests/browser/grid_edit.rs`).

use serde_json::Value;

use crate::helpers::TestApp;

/// The class-bound courses of school year `year`, as the API lists them.
pub async fn class_courses(app: &TestApp, year: i64) -> Vec<Value> {
    let courses = app.get(&format!("/course?schoolYear={year}&crossClass=false")).await.expect(200);
    courses.result().as_array().unwrap().clone()
}

/// A single-class course of school year `year` that is not cancelled, and
/// the code of a teacher employed that year who does not teach it.
pub async fn course_and_teacher(app: &TestApp, year: i64) -> (Value, String) {
    let course = class_courses(app, year)
        .await
        .into_iter()
        .find(|c| c["schoolClasses"].as_array().unwrap().len() == 1 && !c["cancelled"].as_bool().unwrap())
        .expect("a single-class course");
    let teaching: Vec<&str> =
        course["teachers1"].as_array().unwrap().iter().map(|t| t["code"].as_str().unwrap()).collect();
    let teachers = app.get(&format!("/teacher?schoolYear={year}&archived=false")).await.expect(200);
    let code = teachers
        .result()
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["code"].as_str().unwrap())
        .find(|c| !teaching.contains(c))
        .expect("another teacher employed that year")
        .to_string();
    (course, code)
}

/// A course of several classes in school year `year`.
pub async fn merged_course(app: &TestApp, year: i64) -> Value {
    class_courses(app, year)
        .await
        .into_iter()
        .find(|c| c["schoolClasses"].as_array().unwrap().len() > 1)
        .expect("the demo has a merged course")
}

/// The element id of the cell of `course`'s first class.
pub fn cell_of(course: &Value) -> String {
    format!("cell-{}-{}", course["subject"]["id"], course["schoolClasses"][0]["id"])
}

/// Three single-class courses of one row of school year `year` that may be
/// merged (the same subject, grade and curriculum, not cancelled), the
/// first one with teachers.
pub async fn mergeable_three(app: &TestApp, year: i64) -> Vec<Value> {
    let single: Vec<Value> = class_courses(app, year)
        .await
        .into_iter()
        .filter(|c| c["schoolClasses"].as_array().unwrap().len() == 1 && !c["cancelled"].as_bool().unwrap())
        .collect();
    let key = |c: &Value| (c["subject"]["id"].clone(), c["grade"]["id"].clone(), c["curriculum"]["id"].clone());
    for first in single.iter().filter(|c| !c["teachers1"].as_array().unwrap().is_empty()) {
        let row: Vec<Value> =
            single.iter().filter(|c| c["id"] != first["id"] && key(c) == key(first)).cloned().collect();
        if row.len() >= 2 {
            return vec![first.clone(), row[0].clone(), row[1].clone()];
        }
    }
    panic!("the demo has three parallel classes with a course of one subject")
}

/// Two single-class courses of one subject in school year `year` whose
/// grades differ (they may not be merged).
#[allow(dead_code)] // the browser tests include this file and leave it unused
pub async fn two_grades(app: &TestApp, year: i64) -> (Value, Value) {
    let single: Vec<Value> = class_courses(app, year)
        .await
        .into_iter()
        .filter(|c| c["schoolClasses"].as_array().unwrap().len() == 1)
        .collect();
    for a in &single {
        if let Some(b) =
            single.iter().find(|b| b["subject"]["id"] == a["subject"]["id"] && b["grade"]["id"] != a["grade"]["id"])
        {
            return (a.clone(), b.clone());
        }
    }
    panic!("the demo has a subject taught in two grades")
}

/// The version a planner's grid shows for course `id` (`data-version`).
#[allow(dead_code)] // the browser tests include this file and leave it unused
pub fn shown_version(html: &str, id: &Value) -> String {
    let marker = format!(r#"data-course="{id}" data-version=""#);
    let start = html.find(&marker).unwrap_or_else(|| panic!("course {id} has no version in the grid")) + marker.len();
    html[start..].split('"').next().unwrap().to_string()
}
