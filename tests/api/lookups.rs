//! `/grade`, `/subjectcategory`, `/subjecttype`.

use serde_json::json;

use crate::helpers::TestApp;

#[tokio::test]
async fn lookup_crud_for_every_kind() {
    let app = TestApp::spawn().await;
    for kind in ["grade", "subjectcategory", "subjecttype"] {
        let path = format!("/{kind}");
        let r =
            app.post(&path, json!({"code": "  B2 ", "description": "Second", "id": 999, "junk": 1})).await.expect(201);
        let id = r.id();
        assert_ne!(id, 999, "id in the body is ignored");
        assert_eq!(r.header("location"), Some(format!("/api/v1/{kind}/{id}").as_str()));
        assert_eq!(r.result(), &json!({"id": id, "code": "B2", "description": "Second"}));
        let a = app.create(&path, json!({"code": "a1", "description": "First"})).await;
        // Ordered by code, case-insensitively.
        let list = app.get(&path).await.expect(200);
        let codes: Vec<_> =
            list.result().as_array().unwrap().iter().map(|x| x["code"].as_str().unwrap().to_string()).collect();
        assert_eq!(codes, ["a1", "B2"]);
        // Duplicate code, any case, after trimming.
        app.post(&path, json!({"code": " b2", "description": "dup"})).await.expect_problem(409, "duplicate_code");
        app.put(&format!("{path}/{a}"), json!({"code": "B2", "description": "dup"}))
            .await
            .expect_problem(409, "duplicate_code");
        // Save.
        let r = app.put(&format!("{path}/{a}"), json!({"code": "A1", "description": "Erste"})).await.expect(200);
        assert_eq!(r.result()["description"], "Erste");
        assert_eq!(app.get(&format!("{path}/{a}")).await.expect(200).result()["code"], "A1");
        // Required fields and PUT completeness.
        let r = app.post(&path, json!({"code": "", "description": null})).await.expect_problem(422, "required");
        assert_eq!(r.body["errors"].as_array().unwrap().len(), 2);
        app.put(&format!("{path}/{a}"), json!({"code": "A1"})).await.expect_problem(422, "missing_field");
        app.post(&path, json!({"code": 5, "description": "x"})).await.expect_problem(400, "invalid_type");
        // Unknown ids.
        app.put(&format!("{path}/9999"), json!({"code": "Z", "description": "z"}))
            .await
            .expect_problem(404, "not_found");
        app.delete(&format!("{path}/9999")).await.expect_problem(404, "not_found");
        // Delete.
        app.delete(&format!("{path}/{a}")).await.expect(204);
        app.get(&format!("{path}/{a}")).await.expect_problem(404, "not_found");
        assert_eq!(app.get(&path).await.result().as_array().unwrap().len(), 1);
    }
}

#[tokio::test]
async fn referenced_category_cannot_be_deleted() {
    let app = TestApp::spawn().await;
    let cat = app.create("/subjectcategory", json!({"code": "BIO", "description": "Biologie"})).await;
    app.create("/teacher", json!({"code": "abc", "firstName": "Anna", "lastName": "Berg", "departments": [cat]})).await;
    let r = app.delete(&format!("/subjectcategory/{cat}")).await.expect_problem(409, "referenced");
    assert!(r.body["detail"].as_str().unwrap().contains("teacher abc"), "{}", r.body);
    app.get(&format!("/subjectcategory/{cat}")).await.expect(200);
}
