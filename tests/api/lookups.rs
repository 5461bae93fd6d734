//! `/grade`, `/subjectcategory`, `/subjecttype`, `/gender`.

use serde_json::json;

use crate::helpers::TestApp;

#[tokio::test]
async fn lookup_crud_for_every_kind() {
    let app = TestApp::spawn().await;
    for kind in ["subjectcategory", "subjecttype", "gender"] {
        let path = format!("/{kind}");
        let r =
            app.post(&path, json!({"code": "  B2 ", "description": "Second", "id": 999, "junk": 1})).await.expect(201);
        let id = r.id();
        assert_ne!(id, 999, "id in the body is ignored");
        assert_eq!(r.header("location"), Some(format!("/api/v1/{kind}/{id}").as_str()));
        assert_eq!(r.result(), &json!({"id": id, "code": "B2", "description": "Second", "archived": false}));
        let a = app.create(&path, json!({"code": "a1", "description": "First"})).await;
        // Ordered by code, case-insensitively.
        let list = app.get(&path).await.expect(200);
        let codes: Vec<_> =
            list.result().as_array().unwrap().iter().map(|x| x["code"].as_str().unwrap().to_string()).collect();
        assert_eq!(codes, ["a1", "B2"]);
        // Duplicate code, any case, after trimming.
        app.post(&path, json!({"code": " b2", "description": "dup"})).await.expect_problem(409, "duplicate_code");
        app.put(&format!("{path}/{a}"), json!({"code": "B2", "description": "dup", "archived": false}))
            .await
            .expect_problem(409, "duplicate_code");
        // Save.
        let r = app
            .put(&format!("{path}/{a}"), json!({"code": "A1", "description": "Erste", "archived": false}))
            .await
            .expect(200);
        assert_eq!(r.result()["description"], "Erste");
        // Archiving (docs/client.md §Lookups: the client filters subject types and categories on it) and the list filter.
        let r =
            app.put(&format!("{path}/{id}"), json!({"code": "B2", "description": "Second", "archived": "true"})).await;
        assert_eq!(r.expect(200).result()["archived"], true);
        let only = |q: &str| {
            let app = &app;
            let path = format!("{path}?archived={q}");
            async move {
                let list = app.get(&path).await.expect(200);
                list.result().as_array().unwrap().iter().map(|x| x["id"].as_i64().unwrap()).collect::<Vec<_>>()
            }
        };
        assert_eq!(only("true").await, [id]);
        assert_eq!(only("false").await, [a]);
        app.put(&format!("{path}/{id}"), json!({"code": "B2", "description": "Second", "archived": false}))
            .await
            .expect(200);
        assert_eq!(app.get(&format!("{path}/{a}")).await.expect(200).result()["code"], "A1");
        // Required fields and PUT completeness.
        let r = app.post(&path, json!({"code": "", "description": null})).await.expect_problem(422, "required");
        assert_eq!(r.body["errors"].as_array().unwrap().len(), 2);
        app.put(&format!("{path}/{a}"), json!({"code": "A1"})).await.expect_problem(422, "missing_field");
        app.post(&path, json!({"code": 5, "description": "x"})).await.expect_problem(400, "invalid_type");
        // Unknown ids.
        app.put(&format!("{path}/9999"), json!({"code": "Z", "description": "z", "archived": false}))
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
async fn grades_carry_their_payroll_types() {
    let app = TestApp::spawn().await;
    let r = app.post("/grade", json!({"code": " GYM1 ", "description": "1. Jahr"})).await.expect(201);
    let id = r.id();
    assert_eq!(
        r.result(),
        &json!({"id": id, "code": "GYM1", "description": "1. Jahr", "payrollType": null, "classLessonPayrollType": null})
    );
    let g1 = app
        .create(
            "/payrolltype",
            json!({"code": "G1", "description": "Unterricht GYM1", "lessonBased": true, "saldoResolvingOrder": 2}),
        )
        .await;
    app.put(&format!("/grade/{id}"), json!({"code": "GYM1", "description": "x"}))
        .await
        .expect_problem(422, "missing_field");
    let body =
        json!({"code": "GYM1", "description": "1. Jahr", "payrollType": {"id": g1}, "classLessonPayrollType": 999});
    app.put(&format!("/grade/{id}"), body).await.expect_problem(422, "unknown_reference");
    let body =
        json!({"code": "GYM1", "description": "1. Jahr", "payrollType": {"id": g1}, "classLessonPayrollType": null});
    let r = app.put(&format!("/grade/{id}"), body).await.expect(200);
    assert_eq!(r.result()["payrollType"], json!({"id": g1, "code": "G1", "description": "Unterricht GYM1"}));
    app.post("/grade", json!({"code": "gym1", "description": "dup"})).await.expect_problem(409, "duplicate_code");
    app.delete(&format!("/payrolltype/{g1}")).await.expect_problem(409, "referenced");
    app.delete(&format!("/grade/{id}")).await.expect(204);
    app.delete(&format!("/payrolltype/{g1}")).await.expect(204);
}

#[tokio::test]
async fn payroll_types_and_their_booking_types() {
    let app = TestApp::spawn().await;
    let pt = |code: &str, lb: bool, order: i64, ipb: bool| json!({"code": code, "description": format!("Typ {code}"), "lessonBased": lb, "saldoResolvingOrder": order, "ipbCorrectionAllowed": ipb});
    let g2 = app.create("/payrolltype", pt("G2", true, 1, true)).await;
    let ps = app.create("/payrolltype", pt("PS", false, 101, false)).await;
    app.post("/payrolltype", pt("X", true, 1, false)).await.expect_problem(409, "duplicate_saldo_order");
    app.post("/payrolltype", pt("Y", false, 5, true)).await.expect_problem(422, "ipb_needs_lessons");
    let lesson_based: Vec<i64> = app
        .get("/payrolltype?lessonBased=true")
        .await
        .expect(200)
        .result()
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_i64().unwrap())
        .collect();
    assert_eq!(lesson_based, [g2]);
    let modes: Vec<i64> = app
        .get("/calculationmode")
        .await
        .expect(200)
        .result()
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_i64().unwrap())
        .collect();
    assert_eq!(modes, [1, 2, 3, 99, 100, 101]);
    assert_eq!(app.get("/calculationmode/3").await.expect(200).result()["code"], "lessons2");
    app.get("/calculationmode/4").await.expect(404);
    for (path, extra) in [
        ("pooltype", json!({"autoCopy": true})),
        ("postingtype", json!({"percent": true})),
        ("thesistype", json!({"percent": 0.5})),
    ] {
        let mut body = json!({"code": "T", "description": "Typ", "payrollType": {"id": ps}});
        for (k, v) in extra.as_object().unwrap() {
            body[k] = v.clone();
        }
        let r = app.post(&format!("/{path}"), body.clone()).await.expect(201);
        for (k, v) in extra.as_object().unwrap() {
            assert_eq!(&r.result()[k], v, "{path}.{k}");
        }
        assert_eq!(r.result()["payrollType"]["code"], "PS");
        body["payrollType"] = json!(999);
        app.put(&format!("/{path}/{}", r.id()), body).await.expect_problem(422, "unknown_reference");
        app.delete(&format!("/payrolltype/{ps}")).await.expect_problem(409, "referenced");
        app.delete(&format!("/{path}/{}", r.id())).await.expect(204);
    }
    app.delete(&format!("/payrolltype/{ps}")).await.expect(204);
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
