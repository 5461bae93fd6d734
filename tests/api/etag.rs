//! Optimistic concurrency (RFC 9110 §13.1; docs/contract.md §Concurrency "`If-Match` does not
//! match → 412"): `ETag` on single forms, `If-None-Match` → 304, a stale
//! `If-Match` → 412 with nothing changed for PUT and DELETE on every resource,
//! two clients racing to save one course (exactly one wins), and merge/split
//! with `If-Match` per course.

use reqwest::Method;
use serde_json::{json, Value};

use crate::fixtures::{course_list, lookup, World};
use crate::helpers::{Resp, TestApp};

/// Sends a request to `/api/v1{path}` with extra headers (and the admin token).
async fn send(app: &TestApp, method: Method, path: &str, body: Option<&Value>, headers: &[(&str, &str)]) -> Resp {
    app.request_headers(Some(&app.token), method, &format!("/api/v1{path}"), body, headers).await
}

/// The `ETag` of a response, checked to be a strong tag of 32 lowercase hex digits.
#[track_caller]
fn etag(r: &Resp) -> String {
    let tag = r.header("etag").unwrap_or_else(|| panic!("no ETag on {} response: {}", r.status, r.body)).to_string();
    let hex = tag.strip_prefix('"').and_then(|t| t.strip_suffix('"')).expect("quoted strong ETag");
    assert!(hex.len() == 32 && hex.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)), "ETag {tag}");
    tag
}

/// GET `/path`: the single form and its ETag.
async fn current(app: &TestApp, path: &str) -> (Value, String) {
    let r = app.get(path).await.expect(200);
    let tag = etag(&r);
    (r.result().clone(), tag)
}

/// The whole conditional-request life of one object at `path`, whose current
/// form `mutate` changes into a valid PUT body with a visible difference.
async fn lifecycle(app: &TestApp, path: &str, mutate: impl Fn(&mut Value)) {
    let (v0, t0) = current(app, path).await;
    assert_eq!(current(app, path).await.1, t0, "{path}: the ETag is stable while nothing changes");

    // If-None-Match: current → 304 with the ETag, no body; stale → 200.
    let r = send(app, Method::GET, path, None, &[("if-none-match", &t0)]).await.expect(304);
    assert_eq!(r.header("etag"), Some(t0.as_str()));
    let r = send(app, Method::GET, path, None, &[("if-none-match", &format!("W/{t0}"))]).await;
    assert_eq!(r.status, 304, "{path}: If-None-Match uses the weak comparison");
    let r = send(app, Method::GET, path, None, &[("if-none-match", "\"0000\"")]).await.expect(200);
    assert_eq!(r.result(), &v0);

    // PUT with the current tag succeeds; the answer carries the new tag.
    let mut body = v0.clone();
    mutate(&mut body);
    let r = send(app, Method::PUT, path, Some(&body), &[("if-match", &t0)]).await.expect(200);
    let t1 = etag(&r);
    assert_ne!(t1, t0, "{path}: the ETag changes when the object changes");
    let (v1, t1_get) = current(app, path).await;
    assert_eq!(t1_get, t1, "{path}: PUT answers the same ETag as a later GET");
    assert_ne!(v1, v0);

    // t0 is now stale: PUT and DELETE with it → 412, nothing changed.
    let mut other = v1.clone();
    mutate(&mut other);
    mutate(&mut other);
    send(app, Method::PUT, path, Some(&other), &[("if-match", &t0)]).await.expect_problem(412, "precondition_failed");
    assert_eq!(current(app, path).await, (v1.clone(), t1.clone()), "{path}: a 412 PUT changes nothing");
    send(app, Method::DELETE, path, None, &[("if-match", &t0)]).await.expect_problem(412, "precondition_failed");
    assert_eq!(current(app, path).await, (v1.clone(), t1.clone()), "{path}: a 412 DELETE deletes nothing");
    // A list with only stale tags, and the weak form of the current tag, fail too.
    let list = format!("{t0}, \"0000\"");
    send(app, Method::PUT, path, Some(&other), &[("if-match", &list)]).await.expect_problem(412, "precondition_failed");
    let weak = format!("W/{t1}");
    send(app, Method::DELETE, path, None, &[("if-match", &weak)]).await.expect_problem(412, "precondition_failed");
    // If-None-Match on a write: matching → 412.
    send(app, Method::PUT, path, Some(&other), &[("if-none-match", "*")])
        .await
        .expect_problem(412, "precondition_failed");
    assert_eq!(current(app, path).await, (v1.clone(), t1.clone()));
    // The old tag no longer gives 304.
    send(app, Method::GET, path, None, &[("if-none-match", &t0)]).await.expect(200);

    // A list holding the current tag, and `*`, match.
    let list = format!("\"0000\", {t1}");
    let r = send(app, Method::PUT, path, Some(&v1), &[("if-match", &list)]).await.expect(200);
    let t2 = etag(&r);
    let (v2, _) = current(app, path).await;
    let r = send(app, Method::PUT, path, Some(&v2), &[("if-match", "*")]).await.expect(200);
    assert_eq!(etag(&r), t2, "{path}: saving the same values keeps the ETag");

    // DELETE with the current tag succeeds; then the object is gone (404, also with If-Match).
    send(app, Method::DELETE, path, None, &[("if-match", &t2)]).await.expect(204);
    app.get(path).await.expect_problem(404, "not_found");
    send(app, Method::PUT, path, Some(&v2), &[("if-match", "*")]).await.expect_problem(404, "not_found");
    send(app, Method::DELETE, path, None, &[("if-match", &t2)]).await.expect_problem(404, "not_found");
}

/// Appends `x` to the text field `key`.
fn append(key: &'static str) -> impl Fn(&mut Value) {
    move |v: &mut Value| {
        let old = v[key].as_str().unwrap_or_default().to_string();
        v[key] = json!(format!("{old}x"));
    }
}

/// Creates with POST `/resource`, checks the 201's ETag equals a GET's; returns the object path.
async fn created(app: &TestApp, resource: &str, body: Value) -> String {
    let r = send(app, Method::POST, &format!("/{resource}"), Some(&body), &[("if-match", "\"ignored\"")]).await;
    let r = r.expect(201);
    let path = format!("/{resource}/{}", r.id());
    assert_eq!(etag(&r), current(app, &path).await.1, "{resource}: the 201 carries the object's ETag");
    path
}

async fn world() -> (TestApp, World) {
    let app = TestApp::spawn().await;
    let world = World::new(&app).await;
    (app, world)
}

#[tokio::test]
async fn etag_lookups() {
    let app = TestApp::spawn().await;
    for kind in ["grade", "subjectcategory", "subjecttype"] {
        let path = created(&app, kind, json!({"code": "E1", "description": "Eins"})).await;
        lifecycle(&app, &path, append("description")).await;
    }
}

#[tokio::test]
async fn etag_curriculum() {
    let (app, w) = world().await;
    let path =
        created(&app, "curriculum", json!({"code": "WMS", "description": "Wirtschaft", "grades": [w.gym.grades[0]]}))
            .await;
    lifecycle(&app, &path, append("code")).await;
}

#[tokio::test]
async fn etag_division() {
    let app = TestApp::spawn().await;
    let path = created(&app, "division", json!({"code": "FMS", "description": "Fachmittelschule"})).await;
    lifecycle(&app, &path, append("description")).await;
}

#[tokio::test]
async fn etag_schoolyear() {
    let app = TestApp::spawn().await;
    let path = created(
        &app,
        "schoolyear",
        json!({"code": "30/31", "description": "Schuljahr 30/31", "graduationYear": 2031, "weeks": 38}),
    )
    .await;
    lifecycle(&app, &path, append("description")).await;
}

#[tokio::test]
async fn etag_subject() {
    let app = TestApp::spawn().await;
    let kind = lookup(&app, "subjecttype", "GF").await;
    let category = lookup(&app, "subjectcategory", "MAT").await;
    let path = created(
        &app,
        "subject",
        json!({"code": "M", "description": "Mathematik", "type": kind, "category": category, "crossClass": false}),
    )
    .await;
    lifecycle(&app, &path, append("description")).await;
}

#[tokio::test]
async fn etag_teacher() {
    let app = TestApp::spawn().await;
    let path = created(&app, "teacher", json!({"code": "ghi", "firstName": "Gina", "lastName": "Hug"})).await;
    lifecycle(&app, &path, append("lastName")).await;
}

#[tokio::test]
async fn etag_schoolclass() {
    let (app, w) = world().await;
    let path = created(
        &app,
        "schoolclass",
        json!({"code": "G29a", "curriculum": w.gym.id, "division": w.division, "graduationYear": 2029}),
    )
    .await;
    lifecycle(&app, &path, append("code")).await;
}

#[tokio::test]
async fn etag_employment() {
    let (app, w) = world().await;
    let path =
        created(&app, "employment", json!({"teacher": w.xyz, "schoolYear": w.year, "division": w.division})).await;
    lifecycle(&app, &path, append("comments")).await;
}

#[tokio::test]
async fn etag_course() {
    let (app, w) = world().await;
    let body = json!({"schoolYear": w.year, "subject": w.d, "schoolClasses": [w.g27a], "lessons1": 3, "lessons2": 3});
    let path = created(&app, "course", body).await;
    lifecycle(&app, &path, append("comments")).await;
}

/// The ETag covers embedded reference forms: renaming a course's subject changes the course's tag.
#[tokio::test]
async fn etag_changes_with_embedded_references() {
    let (app, w) = world().await;
    let course = w.course(&app, w.year, w.d, &[w.g27a]).await;
    let path = format!("/course/{course}");
    let (_, before) = current(&app, &path).await;
    let mut subject = app.get(&format!("/subject/{}", w.d)).await.expect(200).result().clone();
    subject["code"] = json!("DE");
    app.put(&format!("/subject/{}", w.d), subject).await.expect(200);
    let (_, after) = current(&app, &path).await;
    assert_ne!(before, after);
    send(&app, Method::DELETE, &path, None, &[("if-match", &before)]).await.expect_problem(412, "precondition_failed");
    send(&app, Method::GET, &path, None, &[("if-none-match", &before)]).await.expect(200);
}

/// Requests without conditional headers behave as before, and a stale
/// `If-Match` on a GET → 412.
#[tokio::test]
async fn unconditional_requests_still_work() {
    let app = TestApp::spawn().await;
    let id = app.create("/subjecttype", json!({"code": "A", "description": "a"})).await;
    let path = format!("/subjecttype/{id}");
    let r = app.put(&path, json!({"code": "B", "description": "b", "archived": false})).await.expect(200);
    etag(&r);
    send(&app, Method::GET, &path, None, &[("if-match", "\"0000\"")]).await.expect_problem(412, "precondition_failed");
    send(&app, Method::GET, &path, None, &[("if-match", "*")]).await.expect(200);
    app.delete(&path).await.expect(204);
}

/// `GET /account/ID` carries an ETag and honours `If-None-Match`; so does the 201 of `POST /account`.
#[tokio::test]
async fn account_etag() {
    let app = TestApp::spawn().await;
    let r = app.post("/account", json!({"name": "petra", "role": "planner"})).await.expect(201);
    let path = format!("/account/{}", r.id());
    let (_, tag) = current(&app, &path).await;
    assert_eq!(etag(&r), tag);
    send(&app, Method::GET, &path, None, &[("if-none-match", &tag)]).await.expect(304);
    send(&app, Method::GET, &path, None, &[("if-none-match", "\"0000\"")]).await.expect(200);
}

/// Two clients read the same course and save different lessons with the same
/// `If-Match` at the same time: exactly one wins (200), the other gets 412,
/// and the course holds the winner's values.
#[tokio::test]
async fn racing_saves_of_one_course_one_wins() {
    let (app, w) = world().await;
    let course = w.course(&app, w.year, w.d, &[w.g27a]).await;
    let path = format!("/course/{course}");
    for round in 0..6 {
        let (form, tag) = current(&app, &path).await;
        let mut a = form.clone();
        a["lessons1"] = json!(10 + 2 * round);
        let mut b = form.clone();
        b["lessons1"] = json!(11 + 2 * round);
        let cond = [("if-match", tag.as_str())];
        let (ra, rb) = tokio::join!(
            send(&app, Method::PUT, &path, Some(&a), &cond),
            send(&app, Method::PUT, &path, Some(&b), &cond),
        );
        let mut statuses = [ra.status, rb.status];
        statuses.sort_unstable();
        assert_eq!(statuses, [200, 412], "round {round}: {} / {}", ra.body, rb.body);
        let (winner, loser, lessons) = if ra.status == 200 { (&ra, &rb, &a) } else { (&rb, &ra, &b) };
        assert_eq!(loser.code(), "precondition_failed");
        let (now, now_tag) = current(&app, &path).await;
        assert_eq!(now["lessons1"], lessons["lessons1"], "round {round}: the winner's save stands");
        assert_eq!(now_tag, etag(winner));
    }
}

/// Merge and split with `If-Match` per course: a stale tag for any course →
/// 412 and nothing changed; the current tags of all courses → 200.
#[tokio::test]
async fn merge_and_split_honour_if_match() {
    let (app, w) = world().await;
    let c1 = w.course(&app, w.year, w.d, &[w.g27a]).await;
    let c2 = w.course(&app, w.year, w.d, &[w.g27b]).await;
    let (f1, stale1) = current(&app, &format!("/course/{c1}")).await;
    let mut changed = f1.clone();
    changed["comments"] = json!("changed meanwhile");
    app.put(&format!("/course/{c1}"), changed).await.expect(200);
    let (_, t1) = current(&app, &format!("/course/{c1}")).await;
    let (_, t2) = current(&app, &format!("/course/{c2}")).await;
    let before = course_list(&app, w.year).await;
    let merge = json!({"merge": [c1, c2]});

    for bad in [format!("{stale1}, {t2}"), t1.clone(), t2.clone(), format!("W/{t1}, W/{t2}")] {
        send(&app, Method::POST, "/course", Some(&merge), &[("if-match", &bad)])
            .await
            .expect_problem(412, "precondition_failed");
        assert_eq!(course_list(&app, w.year).await, before, "a 412 merge ({bad}) changes nothing");
    }
    // An unknown course stays 404, whatever If-Match says.
    send(&app, Method::POST, "/course", Some(&json!({"merge": [c1, 9999]})), &[("if-match", &stale1)])
        .await
        .expect_problem(404, "not_found");

    let r =
        send(&app, Method::POST, "/course", Some(&merge), &[("if-match", &format!("{t2}, {t1}"))]).await.expect(200);
    let merged_tag = etag(&r);
    assert_eq!(r.id(), c1);
    assert_eq!(current(&app, &format!("/course/{c1}")).await.1, merged_tag, "merge answers the merged course's ETag");
    app.get(&format!("/course/{c2}")).await.expect_problem(404, "not_found");

    // Split: the merge changed c1, so t1 is stale.
    let before = course_list(&app, w.year).await;
    let split = json!({"split": c1});
    send(&app, Method::POST, "/course", Some(&split), &[("if-match", &t1)])
        .await
        .expect_problem(412, "precondition_failed");
    assert_eq!(course_list(&app, w.year).await, before, "a 412 split changes nothing");
    let r = send(&app, Method::POST, "/course", Some(&split), &[("if-match", &merged_tag)]).await.expect(200);
    assert_eq!(r.result().as_array().unwrap().len(), 2);
    assert_eq!(r.header("etag"), None, "a split answers a list, without ETag");

    // `*` only requires existence.
    let ids: Vec<i64> = r.result().as_array().unwrap().iter().map(|c| c["id"].as_i64().unwrap()).collect();
    send(&app, Method::POST, "/course", Some(&json!({"merge": ids})), &[("if-match", "*")]).await.expect(200);
}
