//! The OpenAPI document (`/api/v1/openapi.json`) and `/docs`: served without a
//! token, and listing exactly the routes the router serves.

use std::collections::BTreeSet;

use reqwest::Method;
use schoolplan::api::{routes, AppState};
use serde_json::Value;

use crate::helpers::TestApp;

/// (METHOD, path template) of every operation the router serves, found by
/// asking each recorded path which methods it allows (the `Allow` header of a 405).
async fn served_operations(app: &TestApp) -> BTreeSet<(String, String)> {
    let state = AppState::new(app.store.clone());
    let mut out = BTreeSet::new();
    for template in routes(&state).paths() {
        let path = template.replace("{id}", "999999");
        let resp = app.request_with(Some(&app.token), Method::PATCH, &path, None).await;
        assert_eq!(resp.status, 405, "PATCH {path} should be 405");
        let allow = resp.header("allow").unwrap_or_default().to_string();
        for m in allow.split(',').map(str::trim).filter(|m| !m.is_empty() && *m != "HEAD") {
            out.insert((m.to_string(), template.clone()));
        }
    }
    out
}

fn documented_operations(doc: &Value) -> BTreeSet<(String, String)> {
    let mut out = BTreeSet::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for method in item.as_object().expect("path item").keys() {
            out.insert((method.to_ascii_uppercase(), path.clone()));
        }
    }
    out
}

async fn document(app: &TestApp) -> Value {
    let resp = app.request_with(None, Method::GET, "/api/v1/openapi.json", None).await.expect(200);
    assert_eq!(resp.header("content-type"), Some("application/json"));
    resp.body
}

#[tokio::test]
async fn the_document_lists_exactly_the_routes_of_the_router() {
    let app = TestApp::spawn().await;
    let doc = document(&app).await;
    assert_eq!(doc["openapi"], "3.1.0");
    let served = served_operations(&app).await;
    let documented = documented_operations(&doc);
    assert!(served.len() > 40, "route table looks incomplete: {served:?}");
    let undocumented: Vec<_> = served.difference(&documented).collect();
    let unserved: Vec<_> = documented.difference(&served).collect();
    assert!(undocumented.is_empty(), "routes missing from the document: {undocumented:?}");
    assert!(unserved.is_empty(), "documented operations the router lacks: {unserved:?}");
}

/// The document is built anew on every start; its text must not depend on
/// the order in which a process's hash maps iterate (utoipa keeps the keywords
/// of the schemas written as JSON in one).
#[tokio::test]
async fn the_document_is_the_same_text_on_every_build() {
    let app = TestApp::spawn().await;
    let state = AppState::new(app.store.clone());
    let build =
        || serde_json::to_string(&schoolplan::api::openapi::document(routes(&state).openapi().clone())).expect("text");
    let first = build();
    for _ in 0..3 {
        assert!(build() == first, "two builds of the document differ");
    }
}

#[tokio::test]
async fn every_operation_documents_its_responses_and_security() {
    let app = TestApp::spawn().await;
    let doc = document(&app).await;
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().expect("path item") {
            let responses = op["responses"].as_object().expect("responses");
            assert!(responses.contains_key("500"), "{method} {path} lacks 500");
            let public = ["/health", "/ready", "/api/v1/version", "/api/v1/config", "/api/v1/openapi.json"]
                .contains(&path.as_str());
            if public {
                assert_eq!(op["security"], serde_json::json!([]), "{method} {path} should be public");
            } else {
                assert!(responses.contains_key("401"), "{method} {path} lacks 401");
                assert_eq!(op["security"][0]["bearerAuth"], serde_json::json!([]), "{method} {path}");
            }
            if path.contains("{id}") {
                assert!(responses.contains_key("404"), "{method} {path} lacks 404");
            }
            if method == "put" || (method == "post" && !path.ends_with("/token") && !path.ends_with("/account")) {
                assert!(op["requestBody"]["content"]["application/json"]["schema"].is_object(), "{method} {path}");
                assert!(responses.contains_key("422"), "{method} {path} lacks 422");
            }
            if path.ends_with("/{id}") && (method == "put" || method == "delete") && !path.contains("token") {
                assert!(responses.contains_key("412"), "{method} {path} lacks 412");
            }
        }
    }
    let codes = doc["components"]["schemas"]["Problem"]["properties"]["code"]["enum"].as_array().expect("codes");
    assert!(codes.iter().any(|c| c == "school_year_locked"));
    assert_eq!(doc["components"]["securitySchemes"]["bearerAuth"]["scheme"], "bearer");
    // List, single and reference forms are separate schemas.
    let schemas = doc["components"]["schemas"].as_object().expect("schemas");
    for name in
        ["Teacher", "TeacherRef", "Division", "DivisionListItem", "SchoolClassRef", "SchoolClassInYear", "Course"]
    {
        assert!(schemas.contains_key(name), "schema {name} missing");
    }
}

#[tokio::test]
async fn request_schemas_follow_the_parsers() {
    let app = TestApp::spawn().await;
    let doc = document(&app).await;
    let put = &doc["paths"]["/api/v1/teacher/{id}"]["put"]["requestBody"]["content"]["application/json"]["schema"];
    let post = &doc["paths"]["/api/v1/teacher"]["post"]["requestBody"]["content"]["application/json"]["schema"];
    let names = |v: &Value| -> BTreeSet<String> {
        v["required"].as_array().expect("required").iter().map(|s| s.as_str().unwrap_or_default().to_string()).collect()
    };
    assert_eq!(names(post), ["code", "firstName", "lastName"].map(String::from).into_iter().collect());
    assert!(names(put).contains("birthday"), "a PUT body carries every writable field");
    // A body the document calls valid is accepted.
    let created = app
        .request_with(
            Some(&app.token),
            Method::POST,
            "/api/v1/teacher",
            Some(&serde_json::json!({"code": "ABC", "firstName": "Anna", "lastName": "Beck", "archived": "false"})),
        )
        .await;
    assert_eq!(created.status, 201, "{}", created.body);
}

#[tokio::test]
async fn docs_page_is_served_from_the_binary() {
    let app = TestApp::spawn().await;
    let page = app.client.get(format!("{}/docs", app.base)).send().await.expect("sent");
    assert_eq!(page.status(), 200);
    let html = page.text().await.expect("text");
    assert!(html.contains("swagger-ui-bundle.js") && html.contains("/api/v1/openapi.json"));
    assert!(!html.contains("https://"), "no external resources");
    assert!(!html.contains("<script>"), "no inline script: {html}");
    // The files the page names, with their hashes.
    let linked: Vec<&str> = html.split('"').filter(|s| s.starts_with("/docs/") && s.contains("?v=")).collect();
    assert_eq!(linked.len(), 3, "stylesheet, Swagger UI, initializer: {html}");
    let get = |path: String, encoding: Option<&'static str>| {
        let mut request = app.client.get(format!("{}{path}", app.base));
        if let Some(e) = encoding {
            request = request.header("accept-encoding", e);
        }
        async move { request.send().await.expect("sent") }
    };
    let bundle = linked.iter().find(|l| l.contains("swagger-ui-bundle.js")).expect("the bundle is linked").to_string();

    // A browser (accepts gzip) gets the stored gzip file, cacheable for a
    // year under its hash; a client without gzip gets the same script plain.
    let packed = get(bundle.clone(), Some("gzip, deflate, br")).await;
    assert_eq!(packed.status(), 200);
    assert_eq!(packed.headers()["content-encoding"], "gzip");
    assert_eq!(packed.headers()["cache-control"], "public, max-age=31536000, immutable");
    assert!(!packed.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .contains("script-src 'self' 'unsafe-inline'"));
    let packed = packed.bytes().await.expect("bytes");
    let plain = get(bundle.clone(), None).await;
    assert!(plain.headers().get("content-encoding").is_none());
    let plain = plain.bytes().await.expect("bytes");
    assert!(plain.len() > 1_000_000 && packed.len() < plain.len() / 3, "{} / {}", packed.len(), plain.len());
    let mut unpacked = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&packed[..]), &mut unpacked).expect("gzip");
    assert!(unpacked == plain, "the gzip file is the plain script");
    // Without the current hash: served, but asked again each time.
    let unhashed = get("/docs/swagger-ui.css".into(), Some("gzip")).await;
    assert_eq!(unhashed.status(), 200);
    assert_eq!(unhashed.headers()["cache-control"], "no-cache");
    let init = get(linked.iter().find(|l| l.contains("initializer")).unwrap().to_string(), Some("gzip")).await;
    assert!(init.text().await.expect("text").contains("SwaggerUIBundle"));
}

#[tokio::test]
async fn request_examples_are_accepted_on_the_demo_school() {
    let app = TestApp::spawn().await;
    schoolplan::dataset::import(&app.store, &schoolplan::demo::generate(1)).await.expect("demo school imported");
    let doc = document(&app).await;
    let mut tried = 0;
    for (path, item) in doc["paths"].as_object().expect("paths") {
        let Some(post) = item.get("post") else { continue };
        let Some(examples) = post["requestBody"]["content"]["application/json"]["examples"].as_object() else {
            continue;
        };
        for (name, example) in examples {
            let body = &example["value"];
            let resp = app.request_with(Some(&app.token), Method::POST, path, Some(body)).await;
            let expected = if name == "merge" || name == "split" { 200 } else { 201 };
            assert_eq!(resp.status, expected, "example {name} of POST {path}: {}", resp.body);
            tried += 1;
            let one = format!("{path}/{{id}}");
            if expected == 201 && doc["paths"][&one]["put"].is_object() {
                let id = resp.result()["id"].as_i64().expect("id");
                let put = app.request_with(Some(&app.token), Method::PUT, &format!("{path}/{id}"), Some(body)).await;
                assert_eq!(put.status, 200, "example of PUT {one}: {}", put.body);
                assert_eq!(put.result(), resp.result(), "saving the example again changes nothing");
                tried += 1;
            }
        }
    }
    assert!(tried >= 20, "only {tried} examples found");
}
