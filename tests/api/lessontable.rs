//! `/lessontype`, `/lessontable` and `POST /course` with lessons `-1` (docs/documents.md §Lesson table).

use serde_json::{json, Value};

use crate::fixtures::{course_list, World};
use crate::helpers::TestApp;

/// `details` of a row: grade id → (type code, lessons1, lessons2).
fn cells(row: &Value) -> Vec<(i64, String, f64, f64)> {
    row["details"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["grade"]["id"].as_i64().unwrap(),
                c["type"]["code"].as_str().unwrap().to_string(),
                c["lessons1"].as_f64().unwrap(),
                c["lessons2"].as_f64().unwrap(),
            )
        })
        .collect()
}

#[tokio::test]
async fn lesson_types_are_fixed() {
    let app = TestApp::spawn().await;
    let list = app.get("/lessontype").await.expect(200);
    let codes: Vec<&str> = list.result().as_array().unwrap().iter().map(|t| t["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["noLessons", "start", "continuation", "startOptional", "startRepeating"]);
    let one = app.get("/lessontype/3").await.expect(200);
    assert_eq!(one.result()["description"], "Weiterführung");
    app.get("/lessontype/9").await.expect_problem(404, "not_found");
    app.post("/lessontype", json!({"code": "x"})).await.expect(405);
}

#[tokio::test]
async fn a_row_is_replaced_and_read_back_in_both_forms() {
    let app = TestApp::spawn().await;
    let w = World::new(&app).await;
    let g = &w.gym.grades;
    let id = format!("{}-{}-{}", w.gym.id, w.d, w.division);
    let body = json!({"details": [
        {"grade": {"id": g[0]}, "type": {"id": 2, "code": "start"}, "lessons1": "4", "lessons2": 3.5},
        {"grade": g[1], "type": "continuation", "lessons1": 4, "lessons2": 4},
        {"grade": g[2], "type": "noLessons", "lessons1": 9}
    ]});
    let saved = app.put(&format!("/lessontable/{id}"), body).await.expect(200);
    assert!(saved.header("etag").is_some());
    let row = saved.result().clone();
    assert_eq!(row["id"], id);
    assert_eq!(row["subject"]["crossClass"], false);
    assert_eq!(row["division"]["id"], w.division);
    assert_eq!(
        cells(&row),
        vec![
            (g[0], "start".into(), 4.0, 3.5),
            (g[1], "continuation".into(), 4.0, 4.0),
            (g[2], "noLessons".into(), 0.0, 0.0),
            (g[3], "noLessons".into(), 0.0, 0.0)
        ]
    );
    // By id and by query: the same row.
    let by_id = app.get(&format!("/lessontable/{id}")).await.expect(200);
    assert_eq!(by_id.result(), &row);
    let q = format!("/lessontable?curriculum={}&subject={}&division={}", w.gym.id, w.d, w.division);
    assert_eq!(app.get(&q).await.expect(200).result(), &row);

    // The list of the division: every class-based subject, cells keyed by grade id.
    let list = app.get(&format!("/lessontable?curriculum={}&division={}", w.gym.id, w.division)).await.expect(200);
    let list = list.result();
    let grade_ids: Vec<i64> = list["grades"].as_array().unwrap().iter().map(|g| g["id"].as_i64().unwrap()).collect();
    assert_eq!(&grade_ids, g);
    let items = list["items"].as_array().unwrap();
    let subjects: Vec<&str> = items.iter().map(|i| i["subject"]["code"].as_str().unwrap()).collect();
    assert_eq!(subjects, ["D", "F"]);
    assert_eq!(items[0]["id"], id);
    assert_eq!(items[0][g[0].to_string()]["type"]["code"], "start");
    assert_eq!(items[0][g[0].to_string()]["lessons2"], 3.5);
    assert_eq!(items[1][g[0].to_string()]["type"]["code"], "noLessons");
    // Without a division: the cross-class subjects.
    let list = app.get(&format!("/lessontable?curriculum={}", w.gym.id)).await.expect(200);
    let items = list.result()["items"].as_array().unwrap().clone();
    assert_eq!(items.len(), 1);
    assert_eq!(items[0]["id"], format!("{}-{}", w.gym.id, w.sf));

    // Replacing drops what is left out.
    let body = json!({"details": [{"grade": g[3], "type": "startOptional", "lessons1": 1}]});
    let row = app.put(&format!("/lessontable/{id}"), body).await.expect(200).result().clone();
    let kinds: Vec<String> = cells(&row).into_iter().map(|c| c.1).collect();
    assert_eq!(kinds, ["noLessons", "noLessons", "noLessons", "startOptional"]);
}

#[tokio::test]
async fn wrong_rows_are_refused_and_nothing_is_stored() {
    let app = TestApp::spawn().await;
    let w = World::new(&app).await;
    let g = &w.gym.grades;
    let cell = json!({"details": [{"grade": g[0], "type": "start", "lessons1": 2}]});
    // Cross-class rule, both sides.
    app.put(&format!("/lessontable/{}-{}-{}", w.gym.id, w.sf, w.division), cell.clone())
        .await
        .expect_problem(422, "lesson_table_side");
    app.put(&format!("/lessontable/{}-{}", w.gym.id, w.d), cell.clone()).await.expect_problem(422, "lesson_table_side");
    // A grade of another curriculum.
    let fms1 = w.fms.grades[0];
    let r = app
        .put(
            &format!("/lessontable/{}-{}-{}", w.gym.id, w.d, w.division),
            json!({"details": [{"grade": g[0], "type": "start", "lessons1": 2}, {"grade": fms1, "type": "start"}]}),
        )
        .await
        .expect_problem(422, "grade_not_in_curriculum");
    assert_eq!(r.body["errors"][0]["pointer"], "/details/1/grade");
    // Field rules.
    let r = app
        .put(
            &format!("/lessontable/{}-{}-{}", w.gym.id, w.d, w.division),
            json!({"details": [{"grade": g[0], "type": "start", "lessons1": -1}, {"grade": g[0], "type": "start"}]}),
        )
        .await
        .expect(422);
    let codes: Vec<&str> = r.body["errors"].as_array().unwrap().iter().map(|e| e["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["out_of_range", "duplicate_entry"]);
    app.put(
        &format!("/lessontable/{}-{}-{}", w.gym.id, w.d, w.division),
        json!({"details": [{"grade": g[0], "type": "bogus"}]}),
    )
    .await
    .expect_problem(400, "invalid_type");
    app.put(&format!("/lessontable/{}-{}-{}", w.gym.id, w.d, w.division), json!({}))
        .await
        .expect_problem(422, "required");
    // Unknown parts and malformed ids.
    app.put(&format!("/lessontable/{}-{}-999", w.gym.id, w.d), cell.clone()).await.expect_problem(404, "not_found");
    app.get(&format!("/lessontable/999-{}", w.sf)).await.expect_problem(404, "not_found");
    app.get("/lessontable/1-x").await.expect_problem(400, "invalid_path_id");
    app.get("/lessontable").await.expect_problem(400, "invalid_query");
    app.get("/lessontable?curriculum=999").await.expect_problem(404, "not_found");
    // Nothing was stored.
    let row = app.get(&format!("/lessontable/{}-{}-{}", w.gym.id, w.d, w.division)).await.expect(200);
    assert!(cells(row.result()).iter().all(|c| c.1 == "noLessons"));
    let row = app.get(&format!("/lessontable/{}-{}", w.gym.id, w.sf)).await.expect(200);
    assert!(cells(row.result()).iter().all(|c| c.1 == "noLessons"));
}

#[tokio::test]
async fn archived_subjects_are_left_out() {
    let app = TestApp::spawn().await;
    let w = World::new(&app).await;
    let mut f = app.get(&format!("/subject/{}", w.f)).await.expect(200).result().clone();
    f["archived"] = json!(true);
    app.put(&format!("/subject/{}", w.f), f).await.expect(200);
    let list = app.get(&format!("/lessontable?curriculum={}&division={}", w.gym.id, w.division)).await.expect(200);
    let subjects: Vec<&str> =
        list.result()["items"].as_array().unwrap().iter().map(|i| i["subject"]["code"].as_str().unwrap()).collect();
    assert_eq!(subjects, ["D"]);
}

#[tokio::test]
async fn a_course_takes_its_lessons_from_the_table_with_minus_one() {
    let app = TestApp::spawn().await;
    let w = World::new(&app).await;
    let gym4 = w.gym.grades[3];
    app.put(
        &format!("/lessontable/{}-{}-{}", w.gym.id, w.d, w.division),
        json!({"details": [{"grade": gym4, "type": "continuation", "lessons1": 4, "lessons2": 2.5}]}),
    )
    .await
    .expect(200);
    app.put(
        &format!("/lessontable/{}-{}", w.gym.id, w.sf),
        json!({"details": [{"grade": gym4, "type": "start", "lessons1": 5, "lessons2": 6}]}),
    )
    .await
    .expect(200);
    // Class-based: the entry of the first class's curriculum and division (G27a: GYM 17, GYM4 in 26/27).
    let c = app
        .post("/course", json!({"schoolClasses": [{"id": w.g27a}], "schoolYear": w.year, "subject": w.d, "lessons1": -1, "lessons2": "-1"}))
        .await
        .expect(201);
    assert_eq!((c.result()["lessons1"].clone(), c.result()["lessons2"].clone()), (json!(4), json!(2.5)));
    // Only the semester sent as -1 comes from the table.
    let c = app
        .post(
            "/course",
            json!({"schoolClasses": [w.g27b], "schoolYear": w.year, "subject": w.d, "lessons1": 1, "lessons2": -1}),
        )
        .await
        .expect(201);
    assert_eq!((c.result()["lessons1"].clone(), c.result()["lessons2"].clone()), (json!(1), json!(2.5)));
    // Cross-class: the entry of its curriculum.
    let c = app
        .post(
            "/course",
            json!({"crossClass": true, "curriculum": w.gym.id, "grade": gym4, "schoolYear": w.year, "subject": w.sf, "lessons1": -1, "lessons2": -1}),
        )
        .await
        .expect(201);
    assert_eq!((c.result()["lessons1"].clone(), c.result()["lessons2"].clone()), (json!(5), json!(6)));
    // No entry (G28a is in GYM3): 0.
    let c = app
        .post(
            "/course",
            json!({"schoolClasses": [w.g28a], "schoolYear": w.year, "subject": w.d, "lessons1": -1, "lessons2": -1}),
        )
        .await
        .expect(201);
    assert_eq!((c.result()["lessons1"].clone(), c.result()["lessons2"].clone()), (json!(0), json!(0)));
    // Any other negative value is refused, and nothing is created.
    let before = course_list(&app, w.year).await;
    for v in [json!(-2), json!(-0.5), json!("-3")] {
        app.post("/course", json!({"schoolClasses": [w.g27c], "schoolYear": w.year, "subject": w.d, "lessons1": v}))
            .await
            .expect_problem(422, "out_of_range");
    }
    assert_eq!(course_list(&app, w.year).await, before);
}

#[tokio::test]
async fn a_stale_if_match_changes_nothing() {
    let app = TestApp::spawn().await;
    let w = World::new(&app).await;
    let path = format!("{}/api/v1/lessontable/{}-{}-{}", app.base, w.gym.id, w.d, w.division);
    let first = app.get(&format!("/lessontable/{}-{}-{}", w.gym.id, w.d, w.division)).await.expect(200);
    let tag = first.header("etag").unwrap().to_string();
    let put = |tag: String, lessons: i64| {
        let body = json!({"details": [{"grade": w.gym.grades[0], "type": "start", "lessons1": lessons}]});
        let req = app.client.put(&path).bearer_auth(&app.token).header("if-match", tag).json(&body);
        async move { req.send().await.unwrap().status().as_u16() }
    };
    assert_eq!(put(tag.clone(), 2).await, 200);
    assert_eq!(put(tag, 3).await, 412, "the tag is stale after the first save");
    let row = app.get(&format!("/lessontable/{}-{}-{}", w.gym.id, w.d, w.division)).await.expect(200);
    assert_eq!(cells(row.result())[0].2, 2.0);
    let not_modified = app
        .client
        .get(&path)
        .bearer_auth(&app.token)
        .header("if-none-match", row.header("etag").unwrap())
        .send()
        .await
        .unwrap();
    assert_eq!(not_modified.status().as_u16(), 304);
}
