//! `/division`: binary data, list form, uniqueness, required fields, PUT, delete.

use base64::Engine as _;
use serde_json::{json, Value};

use crate::helpers::TestApp;

fn b64(bytes: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

fn png() -> Value {
    json!({"fileName": "logo.png", "mimeType": "image/png", "data": b64(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR-rest")})
}

fn jpeg() -> Value {
    json!({"fileName": "signature.jpg", "mimeType": "image/jpeg", "data": b64(&[0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3])})
}

#[tokio::test]
async fn division_create_get_list_save_delete_with_binary_round_trip() {
    let app = TestApp::spawn().await;
    let body = json!({"id": 999, "code": " GYM ", "description": "Gymnasium", "headName": "Eva Muster",
                      "headTitle": " Rektorin ", "grouping": "GYM", "headSignature": jpeg(), "logo": png(), "junk": true});
    let r = app.post("/division", body).await.expect(201);
    let id = r.id();
    assert_ne!(id, 999, "id in the body is ignored");
    assert_eq!(r.header("location"), Some(format!("/api/v1/division/{id}").as_str()));
    assert_eq!(r.header("content-type"), Some("application/json"));
    let single = json!({"id": id, "code": "GYM", "description": "Gymnasium", "headName": "Eva Muster",
                        "headTitle": "Rektorin", "grouping": "GYM", "headSignature": jpeg(), "logo": png()});
    assert_eq!(r.result(), &single);
    assert_eq!(app.get(&format!("/division/{id}")).await.expect(200).result(), &single);

    // List form: the single form minus binary data; ordered by code, case-insensitively.
    let fms = app.create("/division", json!({"code": "fms", "description": "Fachmittelschule"})).await;
    app.create("/division", json!({"code": "Aa", "description": "Erste"})).await;
    let list = app.get("/division").await.expect(200);
    let list = list.result().as_array().unwrap();
    let codes: Vec<_> = list.iter().map(|d| d["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["Aa", "fms", "GYM"]);
    assert_eq!(
        list[2],
        json!({"id": id, "code": "GYM", "description": "Gymnasium", "headName": "Eva Muster",
               "headTitle": "Rektorin", "grouping": "GYM"})
    );
    assert_eq!(
        list[1],
        json!({"id": fms, "code": "fms", "description": "Fachmittelschule", "headName": null,
               "headTitle": null, "grouping": null})
    );

    // The single form without binary data has them as null.
    let r = app.get(&format!("/division/{fms}")).await.expect(200);
    assert_eq!(r.result()["logo"], Value::Null);
    assert_eq!(r.result()["headSignature"], Value::Null);

    // PUT replaces every writable field: send back what was received, null clears.
    let mut put = single.clone();
    put["logo"] = Value::Null;
    put["headName"] = json!("  ");
    put["description"] = json!("Gymnasium Nord");
    let r = app.put(&format!("/division/{id}"), put).await.expect(200);
    assert_eq!(
        r.result(),
        &json!({"id": id, "code": "GYM", "description": "Gymnasium Nord", "headName": null,
                "headTitle": "Rektorin", "grouping": "GYM", "headSignature": jpeg(), "logo": null})
    );
    let mut incomplete = single.clone();
    incomplete.as_object_mut().unwrap().remove("logo");
    let r = app.put(&format!("/division/{id}"), incomplete).await.expect_problem(422, "missing_field");
    assert_eq!(r.body["errors"][0]["pointer"], "/logo");
    // A new logo replaces the old binary (a different file name and bytes).
    let new_logo = json!({"fileName": null, "mimeType": "image/jpeg", "data": b64(&[0xFF, 0xD8, 0xFF, 0xDB, 9])});
    let r = app
        .put(
            &format!("/division/{id}"),
            json!({"code": "GYM", "description": "G", "headName": null, "headTitle": null, "grouping": null,
                   "headSignature": null, "logo": new_logo}),
        )
        .await
        .expect(200);
    assert_eq!(r.result()["logo"], new_logo);
    assert_eq!(r.result()["headSignature"], Value::Null);

    // Delete.
    app.delete(&format!("/division/{fms}")).await.expect(204);
    app.get(&format!("/division/{fms}")).await.expect_problem(404, "not_found");
    assert_eq!(app.get("/division").await.result().as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn division_binary_must_be_real_png_or_jpeg_within_one_mib() {
    let app = TestApp::spawn().await;
    let with_logo = |logo: Value| json!({"code": "D", "description": "Division", "logo": logo});
    let cases = [
        ("PNG bytes labelled JPEG", json!({"mimeType": "image/jpeg", "data": png()["data"]})),
        ("JPEG bytes labelled PNG", json!({"mimeType": "image/png", "data": jpeg()["data"]})),
        ("text labelled PNG", json!({"mimeType": "image/png", "data": b64(b"hello world")})),
        ("unsupported mime type", json!({"mimeType": "image/gif", "data": b64(b"GIF89a....")})),
        ("bad base64", json!({"mimeType": "image/png", "data": "iVBOR***not base64***"})),
        ("missing data", json!({"mimeType": "image/png"})),
        ("missing mime type", json!({"data": png()["data"]})),
    ];
    for (what, logo) in cases {
        let r = app.post("/division", with_logo(logo)).await;
        assert_eq!((r.status, r.code()), (422, "invalid_binary"), "{what}: {}", r.body);
        assert_eq!(r.body["errors"][0]["pointer"], "/logo", "{what}");
    }
    // Larger than 1 MiB decoded (the body itself stays under the 2 MiB limit).
    let mut big = b"\x89PNG\r\n\x1a\n".to_vec();
    big.resize(1024 * 1024 + 1, 0);
    let r = app.post("/division", with_logo(json!({"mimeType": "image/png", "data": b64(&big)}))).await;
    r.expect_problem(422, "invalid_binary");
    // Exactly 1 MiB is fine.
    big.truncate(1024 * 1024);
    let r = app
        .post("/division", with_logo(json!({"fileName": "big.png", "mimeType": "image/png", "data": b64(&big)})))
        .await
        .expect(201);
    let id = r.id();
    assert_eq!(app.get(&format!("/division/{id}")).await.result()["logo"]["data"], b64(&big));
    // The head signature is checked the same way; a non-object is a type error.
    let r = app
        .post(
            "/division",
            json!({"code": "E", "description": "E", "headSignature": {"mimeType": "image/png", "data": "@@"}}),
        )
        .await;
    let r = r.expect_problem(422, "invalid_binary");
    assert_eq!(r.body["errors"][0]["pointer"], "/headSignature");
    app.post("/division", json!({"code": "E", "description": "E", "logo": "logo.png"}))
        .await
        .expect_problem(400, "invalid_type");
    assert_eq!(app.get("/division").await.result().as_array().unwrap().len(), 1, "nothing invalid was stored");
}

#[tokio::test]
async fn division_required_fields_uniqueness_and_unknown_ids() {
    let app = TestApp::spawn().await;
    let r = app.post("/division", json!({"code": " ", "headName": "X"})).await.expect_problem(422, "required");
    let pointers: Vec<_> =
        r.body["errors"].as_array().unwrap().iter().map(|e| e["pointer"].as_str().unwrap().to_string()).collect();
    assert_eq!(pointers, ["/code", "/description"]);
    app.post("/division", json!({"code": 7, "description": "x"})).await.expect_problem(400, "invalid_type");
    // grouping ≤ 40, headTitle ≤ 200 characters (docs/client.md §Division).
    app.post("/division", json!({"code": "X", "description": "x", "grouping": "G".repeat(41)}))
        .await
        .expect_problem(422, "too_long");
    app.post("/division", json!({"code": "X", "description": "x", "headTitle": "T".repeat(201)}))
        .await
        .expect_problem(422, "too_long");

    let a = app.create("/division", json!({"code": "GYM", "description": "Gymnasium"})).await;
    let b = app.create("/division", json!({"code": "FMS", "description": "Fachmittelschule"})).await;
    app.post("/division", json!({"code": "  gym ", "description": "dup"})).await.expect_problem(409, "duplicate_code");
    let full = |code: &str| {
        json!({"code": code, "description": "d", "headName": null, "headTitle": null, "grouping": null,
                            "headSignature": null, "logo": null})
    };
    app.put(&format!("/division/{b}"), full("Gym")).await.expect_problem(409, "duplicate_code");
    // Changing the case of its own code is fine.
    assert_eq!(app.put(&format!("/division/{a}"), full("gym")).await.expect(200).result()["code"], "gym");

    app.get("/division/9999").await.expect_problem(404, "not_found");
    app.put("/division/9999", full("X")).await.expect_problem(404, "not_found");
    app.delete("/division/9999").await.expect_problem(404, "not_found");
    app.get("/division/abc").await.expect_problem(400, "invalid_path_id");
}

#[tokio::test]
async fn referenced_division_cannot_be_deleted() {
    let app = TestApp::spawn().await;
    let div = app.create("/division", json!({"code": "GYM", "description": "Gymnasium"})).await;
    let grade = app.create("/grade", json!({"code": "GYM1", "description": "1. Klasse"})).await;
    let cur = app.create("/curriculum", json!({"code": "GYM 17", "description": "Gymnasium", "grades": [grade]})).await;
    app.sql(&format!(
        "INSERT INTO school_class (code, code_key, curriculum_id, division_id, graduation_year) VALUES ('G27a', 'g27a', {cur}, {div}, 2027)"
    ))
    .await;
    let r = app.delete(&format!("/division/{div}")).await.expect_problem(409, "referenced");
    assert!(r.body["detail"].as_str().unwrap().contains("school class G27a"), "{}", r.body);

    let div2 = app.create("/division", json!({"code": "FMS", "description": "FMS"})).await;
    let teacher = app.create("/teacher", json!({"code": "abc", "firstName": "Anna", "lastName": "Berg"})).await;
    let year = app
        .create("/schoolyear", json!({"code": "26/27", "description": "2026/27", "graduationYear": 2027, "weeks": 38}))
        .await;
    app.sql(&format!(
        "INSERT INTO employment (teacher_id, school_year_id, division_id) VALUES ({teacher}, {year}, {div2})"
    ))
    .await;
    let r = app.delete(&format!("/division/{div2}")).await.expect_problem(409, "referenced");
    assert!(r.body["detail"].as_str().unwrap().contains("employment abc (26/27)"), "{}", r.body);

    app.get(&format!("/division/{div}")).await.expect(200);
    app.get(&format!("/division/{div2}")).await.expect(200);
    app.sql("DELETE FROM employment").await;
    app.delete(&format!("/division/{div2}")).await.expect(204);
}
