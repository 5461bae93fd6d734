//! The demo school the browser tests start from.

use crate::helpers::TestApp;

/// Imports the demo school (scale 1) into `app` and returns the id of its school year 26/27.
pub async fn demo_year(app: &TestApp) -> i64 {
    schoolplan::dataset::import(&app.store, &schoolplan::demo::generate(1)).await.expect("demo imported");
    let years = app.get("/schoolyear").await.expect(200);
    let year = years.result().as_array().unwrap().iter().find(|y| y["code"] == "26/27").expect("26/27").clone();
    year["id"].as_i64().unwrap()
}
