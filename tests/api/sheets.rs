//! Teachers' own sheets over HTTP (docs/teachers.md): a `teacher` account
//! reads its own workload and nothing else; release, confirmation, a change
//! that makes the confirmation outdated, a question and its answer.

use reqwest::Method;
use schoolplan::api::{routes, AppState, PUBLIC_PATHS};
use serde_json::{json, Value};

use crate::helpers::TestApp;
use crate::jobs::{demo, year_id};

/// The demo's 26/27 and two teachers employed in it: (year, (id, code), (id, code)).
pub(crate) async fn two_teachers(app: &TestApp) -> (i64, (i64, String), (i64, String)) {
    let year = year_id(&demo(app).await, "26/27");
    let list = app.get(&format!("/workload?schoolYear={year}")).await.expect(200);
    let teachers: Vec<(i64, String)> = list
        .result()
        .as_array()
        .unwrap()
        .iter()
        .map(|w| (w["teacher"]["id"].as_i64().unwrap(), w["teacher"]["code"].as_str().unwrap().to_string()))
        .collect();
    assert!(teachers.len() > 2, "the demo employs teachers in 26/27");
    (year, teachers[0].clone(), teachers[1].clone())
}

/// Creates a teacher account for `teacher` over the API (as an admin) and
/// returns a token of it.
pub(crate) async fn teacher_token(app: &TestApp, name: &str, teacher: i64) -> String {
    let account = app.create("/account", json!({"name": name, "role": "teacher", "teacher": teacher})).await;
    let made = app.post("/token", json!({"account": account, "label": "test"})).await.expect(201);
    made.result()["token"].as_str().expect("the token's text").to_string()
}

/// GET as `token`.
pub(crate) async fn get_as(app: &TestApp, token: &str, path: &str) -> crate::helpers::Resp {
    app.request_with(Some(token), Method::GET, &format!("/api/v1{path}"), None).await
}

/// POST as `token`.
pub(crate) async fn post_as(app: &TestApp, token: &str, path: &str, body: Value) -> crate::helpers::Resp {
    app.request_with(Some(token), Method::POST, &format!("/api/v1{path}"), Some(&body)).await
}

#[tokio::test]
async fn a_teacher_account_is_bound_to_one_teacher() {
    let app = TestApp::spawn().await;
    let (_, (a, _), _) = two_teachers(&app).await;
    // No teacher, a teacher with another role, an unknown teacher.
    app.post("/account", json!({"name": "x1", "role": "teacher"})).await.expect_problem(422, "required");
    app.post("/account", json!({"name": "x2", "role": "reader", "teacher": a}))
        .await
        .expect_problem(422, "teacher_binding");
    app.post("/account", json!({"name": "x3", "role": "teacher", "teacher": 999999}))
        .await
        .expect_problem(422, "unknown_reference");
    let made = app.post("/account", json!({"name": "anna", "role": "teacher", "teacher": a})).await.expect(201);
    assert_eq!(made.result()["role"], "teacher");
    assert_eq!(made.result()["teacher"], a);
    // One account per teacher.
    app.post("/account", json!({"name": "anna2", "role": "teacher", "teacher": a}))
        .await
        .expect_problem(409, "teacher_has_account");
    let accounts = app.get("/account").await.expect(200);
    let names: Vec<&str> = accounts.result().as_array().unwrap().iter().filter_map(|a| a["name"].as_str()).collect();
    assert!(names.contains(&"anna") && !names.contains(&"anna2") && !names.contains(&"x1"), "{names:?}");
}

#[tokio::test]
async fn a_teacher_reads_their_own_sheet_once_released() {
    let app = TestApp::spawn().await;
    let (year, (a, _), _) = two_teachers(&app).await;
    let token = teacher_token(&app, "anna", a).await;
    // Before the release: the state, but not the sheet.
    let before = get_as(&app, &token, &format!("/me/confirmation?schoolYear={year}")).await.expect(200);
    assert_eq!(before.result()["state"], "notReleased");
    assert_eq!(before.result()["teacher"]["id"], a);
    get_as(&app, &token, &format!("/me/workload?schoolYear={year}")).await.expect_problem(409, "not_released");
    // Released for every division: the same document the planners read.
    let release = app.post(&format!("/schoolyear/{year}/release"), json!({"division": null})).await.expect(200);
    assert_eq!(release.result()["division"], Value::Null);
    let own = get_as(&app, &token, &format!("/me/workload?schoolYear={year}")).await.expect(200);
    let planners = app.get(&format!("/workload?schoolYear={year}&teacher={a}")).await.expect(200);
    assert_eq!(own.result(), planners.result());
    // A year without an employment: 404, as if it did not exist.
    let years = app.get("/schoolyear").await.expect(200);
    let other = years.result().as_array().unwrap().iter().map(|y| y["id"].as_i64().unwrap()).find(|id| *id != year);
    if let Some(other) = other {
        let employed = app.get(&format!("/employment?schoolYear={other}&teacher={a}")).await.expect(200);
        if employed.result().as_array().unwrap().is_empty() {
            get_as(&app, &token, &format!("/me/workload?schoolYear={other}")).await.expect(404);
        }
    }
    // Other roles have no own sheet.
    app.get(&format!("/me/workload?schoolYear={year}")).await.expect_problem(403, "forbidden");
}

/// Every path of the router with `{id}` replaced by `id`.
fn route_table(app: &TestApp, id: i64) -> Vec<String> {
    let state = AppState::new(app.store.clone());
    routes(&state).paths().iter().map(|p| p.replace("{id}", &id.to_string())).collect()
}

#[tokio::test]
async fn every_other_route_refuses_a_teacher_and_tells_nothing() {
    let app = TestApp::spawn().await;
    let (year, (a, _), (b, b_code)) = two_teachers(&app).await;
    app.post(&format!("/schoolyear/{year}/release"), json!({})).await.expect(200);
    let token = teacher_token(&app, "anna", a).await;
    let b_name = app.get(&format!("/teacher/{b}")).await.expect(200).result()["lastName"].as_str().unwrap().to_string();
    let mut checked = 0;
    for path in route_table(&app, b) {
        if PUBLIC_PATHS.contains(&path.as_str()) || path.starts_with("/api/v1/me/") || !path.starts_with("/api/v1") {
            continue;
        }
        for m in [Method::GET, Method::POST, Method::PUT, Method::DELETE] {
            let body = (m == Method::POST || m == Method::PUT).then(|| json!({"teacher": b, "schoolYear": year}));
            let query = if m == Method::GET { format!("{path}?schoolYear={year}&teacher={b}") } else { path.clone() };
            let r = app.request_with(Some(&token), m.clone(), &query, body.as_ref()).await;
            if r.status == 405 {
                continue;
            }
            assert!([403, 404].contains(&r.status), "{m} {query} as a teacher: {} {}", r.status, r.body);
            let text = r.body.to_string();
            assert!(!text.contains(&b_code) && !text.contains(&b_name), "{m} {query} tells of {b_code}: {text}");
            checked += 1;
        }
    }
    assert!(checked > 60, "only {checked} routes checked");
    // The own routes take no teacher: a teacher parameter names nobody else.
    let r = get_as(&app, &token, &format!("/me/workload?schoolYear={year}&teacher={b}")).await;
    assert!(r.status == 400 || r.result()["teacher"]["id"] == a, "{} {}", r.status, r.body);
}

#[tokio::test]
async fn release_confirm_outdated_and_confirm_again() {
    let app = TestApp::spawn().await;
    let (year, (a, _), (b, _)) = two_teachers(&app).await;
    let token = teacher_token(&app, "anna", a).await;
    let path = format!("/me/confirmation?schoolYear={year}");
    // Not released: confirming is refused, nothing stored.
    post_as(&app, &token, "/me/confirmation", json!({"schoolYear": year})).await.expect_problem(409, "not_released");
    // Released for A's division only: A is released, a teacher of another division is not.
    let divisions = app.get(&format!("/employment?schoolYear={year}&teacher={a}")).await.expect(200);
    let division = divisions.result()[0]["division"]["id"].as_i64().unwrap();
    app.post(&format!("/schoolyear/{year}/release"), json!({"division": division})).await.expect(200);
    let seen = get_as(&app, &token, &path).await.expect(200);
    assert_eq!(seen.result()["state"], "released");
    let version = seen.result()["currentDigest"].as_str().unwrap().to_string();
    let states = app.get(&format!("/confirmation?schoolYear={year}")).await.expect(200);
    let of = |list: &Value, t: i64| {
        list.as_array()
            .unwrap()
            .iter()
            .find(|c| c["teacher"]["id"] == t)
            .map(|c| c["state"].as_str().unwrap().to_string())
    };
    assert_eq!(of(states.result(), a).as_deref(), Some("released"));
    let b_division = app.get(&format!("/employment?schoolYear={year}&teacher={b}")).await.expect(200).result()[0]
        ["division"]["id"]
        .as_i64()
        .unwrap();
    let b_state = if b_division == division { "released" } else { "notReleased" };
    assert_eq!(of(states.result(), b).as_deref(), Some(b_state));

    // Confirm the version seen.
    let confirmed = post_as(
        &app,
        &token,
        "/me/confirmation",
        json!({"schoolYear": year, "remark": "Stimmt so.", "digest": version}),
    )
    .await
    .expect(200);
    assert_eq!(confirmed.result()["state"], "confirmed");
    assert_eq!(confirmed.result()["digest"], version.as_str());
    assert_eq!(confirmed.result()["remark"], "Stimmt so.");
    let figures = confirmed.result()["figures"].clone();
    let sheet = app.get(&format!("/workload?schoolYear={year}&teacher={a}")).await.expect(200);
    assert_eq!(figures["payment"], sheet.result()["payment"], "the figures confirmed are the sheet's");
    assert_eq!(figures["annual"], sheet.result()["summary"]["total"]["percentWithAgeRelief"]);

    // A planner gives A a pool entry: the sheet changes, the confirmation is outdated.
    let pool_type = app.get("/pooltype").await.expect(200).result()[0]["id"].as_i64().unwrap();
    app.create(
        "/poolentry",
        json!({"schoolYear": year, "teacher": a, "type": pool_type, "percent1": 2, "percent2": 2}),
    )
    .await;
    let now = get_as(&app, &token, &path).await.expect(200);
    assert_eq!(now.result()["state"], "outdated");
    assert_eq!(now.result()["digest"], version.as_str(), "the confirmed version stays");
    assert_ne!(now.result()["currentDigest"], version.as_str());
    let changed: Vec<&str> = now.result()["changed"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
    assert!(changed.contains(&"percent1") && changed.contains(&"percent2"), "{changed:?}");
    // Confirming the old version is refused; the new one is accepted.
    post_as(&app, &token, "/me/confirmation", json!({"schoolYear": year, "digest": version}))
        .await
        .expect_problem(412, "precondition_failed");
    let current = now.result()["currentDigest"].as_str().unwrap();
    let again =
        post_as(&app, &token, "/me/confirmation", json!({"schoolYear": year, "digest": current})).await.expect(200);
    assert_eq!(again.result()["state"], "confirmed");
    assert_eq!(again.result()["digest"], current);
    let states = app.get(&format!("/confirmation?schoolYear={year}")).await.expect(200);
    assert_eq!(of(states.result(), a).as_deref(), Some("confirmed"));
    // The audit trail has the release and both confirmations.
    let audit = app.get("/audit").await.expect(200);
    let entries = audit.result().as_array().unwrap();
    let kinds: Vec<&str> = entries.iter().filter_map(|e| e["objectType"].as_str()).collect();
    assert_eq!(kinds.iter().filter(|k| **k == "release").count(), 1, "{kinds:?}");
    assert_eq!(kinds.iter().filter(|k| **k == "confirmation").count(), 2, "{kinds:?}");
}

#[tokio::test]
async fn a_question_and_its_answer() {
    let app = TestApp::spawn().await;
    let (year, (a, _), _) = two_teachers(&app).await;
    let token = teacher_token(&app, "anna", a).await;
    app.post(&format!("/schoolyear/{year}/release"), json!({"division": null})).await.expect(200);
    // No question yet: nothing to answer.
    app.post("/confirmation/answer", json!({"teacher": a, "schoolYear": year, "answer": "?"}))
        .await
        .expect_problem(422, "required");
    // Both a remark and a question: refused.
    post_as(&app, &token, "/me/confirmation", json!({"schoolYear": year, "remark": "ok", "question": "Warum?"}))
        .await
        .expect(422);
    let asked = post_as(
        &app,
        &token,
        "/me/confirmation",
        json!({"schoolYear": year, "question": "Warum nur 2 Lektionen Pool?"}),
    )
    .await
    .expect(200);
    assert_eq!(asked.result()["state"], "question");
    let states = app.get(&format!("/confirmation?schoolYear={year}")).await.expect(200);
    let mine = states.result().as_array().unwrap().iter().find(|c| c["teacher"]["id"] == a).unwrap().clone();
    assert_eq!(mine["state"], "question");
    assert_eq!(mine["question"], "Warum nur 2 Lektionen Pool?");
    // A reader cannot answer; a planner can.
    let reader = app.token_for("rita", schoolplan::auth::Role::Reader).await;
    app.request_with(
        Some(&reader),
        Method::POST,
        "/api/v1/confirmation/answer",
        Some(&json!({"teacher": a, "schoolYear": year, "answer": "x"})),
    )
    .await
    .expect(403);
    let answered = app
        .post("/confirmation/answer", json!({"teacher": a, "schoolYear": year, "answer": "Das Pool ist korrigiert."}))
        .await
        .expect(200);
    assert_eq!(answered.result()["state"], "released");
    let seen = get_as(&app, &token, &format!("/me/confirmation?schoolYear={year}")).await.expect(200);
    assert_eq!(seen.result()["question"], "Warum nur 2 Lektionen Pool?");
    assert_eq!(seen.result()["answer"], "Das Pool ist korrigiert.");
    assert_eq!(seen.result()["state"], "released");
}
