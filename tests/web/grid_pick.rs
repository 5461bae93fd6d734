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
