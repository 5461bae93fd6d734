//! The API documentation lists every error code the service can send.

use schoolplan::error::ErrorCode;

#[test]
fn api_doc_lists_every_error_code() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/api.md")).expect("docs/api.md");
    let missing: Vec<&str> =
        ErrorCode::ALL.iter().map(|c| c.as_str()).filter(|c| !doc.contains(&format!("| `{c}` |"))).collect();
    assert!(missing.is_empty(), "docs/api.md lacks error codes: {missing:?}");
}
