//! Stammdaten → Organisationseinheiten in Chromium (docs/web.md
//! §Organisationseinheiten): a planner opens the list, uploads a logo and a
//! signature on a division's page and sees both previews (decoded by the
//! browser), is refused a file that is no image beside the file field, and
//! opens the form; a reader sees the previews without any control.
//! Screenshots of the list, the page with the previews, the refused upload
//! and the form.

use fantoccini::Locator;
use schoolplan::auth::Role;

use crate::chrome::Chrome;
use crate::helpers::TestApp;
use crate::masterdata::sign_in;

/// A fixture of the HTTP suite, by its path.
fn fixture(name: &str) -> String {
    format!("{}/tests/web/fixtures/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// The width in pixels of the image `css` as the browser decoded it (0: not shown).
async fn natural_width(chrome: &Chrome, css: &str) -> u64 {
    let script = format!("return document.querySelector({css:?}).naturalWidth;");
    chrome.client.execute(&script, vec![]).await.expect("script runs").as_u64().unwrap_or(0)
}

/// The width of the image `css` once it is `expected`, or the last one read
/// after 10 s: the preview may still show the image it replaces (the demo's
/// own) while the upload's answer is swapped in.
async fn natural_width_once(chrome: &Chrome, css: &str, expected: u64) -> u64 {
    let mut width = natural_width(chrome, css).await;
    for _ in 0..100 {
        if width == expected {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        width = natural_width(chrome, css).await;
    }
    width
}

/// Chooses `file` in the file field `#f-{image}` and presses its upload button.
async fn upload(chrome: &Chrome, image: &str, file: &str) {
    chrome.wait_for(&format!("#f-{image}")).await.send_keys(file).await.expect("file chosen");
    chrome.wait_for(&format!("#image-{image}-upload")).await.click().await.unwrap();
}

#[tokio::test]
#[ignore = "needs Chromium; .ci/run runs it"]
async fn a_planner_uploads_a_logo_and_a_signature_and_sees_the_previews() {
    let app = TestApp::spawn().await;
    schoolplan::dataset::import(&app.store, &schoolplan::demo::generate(1)).await.expect("demo imported");
    let divisions = app.get("/division").await.expect(200);
    let division = divisions.result().as_array().unwrap().first().expect("a division").clone();
    let id = division["id"].as_i64().unwrap();
    let mut chrome = Chrome::start("divisions").await;
    sign_in(&app, &chrome, "planner1", Role::Planner).await;

    chrome.goto(&format!("{}/divisions", app.base)).await;
    chrome.wait_for(&format!("tr#division-{id}")).await;
    assert!(chrome.text().await.contains(division["description"].as_str().unwrap()));
    chrome.screenshot("list").await;

    chrome.wait_for(&format!("tr#division-{id} a")).await.click().await.unwrap();
    chrome.wait_for("#division-images").await;
    upload(&chrome, "logo", &fixture("logo.png")).await;
    chrome.wait_for("#notice").await;
    upload(&chrome, "signature", &fixture("signature.png")).await;
    chrome.wait_for("#image-signature-preview").await;
    assert_eq!(natural_width_once(&chrome, "#image-logo-preview", 180).await, 180, "the logo is shown as uploaded");
    assert_eq!(natural_width_once(&chrome, "#image-signature-preview", 200).await, 200, "the signature too");
    let api = app.get(&format!("/division/{id}")).await.expect(200).result().clone();
    assert_eq!(
        (api["logo"]["fileName"].as_str(), api["headSignature"]["fileName"].as_str()),
        (Some("logo.png"), Some("signature.png"))
    );
    chrome.screenshot("page-with-previews").await;

    // A file that is no image: refused beside the field, the logo kept.
    let text = tempfile::Builder::new().suffix(".txt").tempfile().unwrap();
    std::fs::write(text.path(), "kein Bild").unwrap();
    upload(&chrome, "logo", &text.path().display().to_string()).await;
    let error = chrome.wait_for("#f-logo-error").await.text().await.unwrap();
    assert!(error.contains("kein Bild im Format PNG oder JPEG"), "{error}");
    assert_eq!(natural_width(&chrome, "#image-logo-preview").await, 180, "the logo is kept");
    chrome.screenshot("refused-upload").await;

    chrome.wait_for("#record-edit").await.click().await.unwrap();
    chrome.wait_for("#f-grouping").await;
    chrome.screenshot("form").await;
    chrome.wait_for("#form-save").await.click().await.unwrap();
    chrome.wait_for("#image-logo-preview").await;
    assert_eq!(natural_width(&chrome, "#image-logo-preview").await, 180, "a save of the form keeps the logo");
    chrome.close().await;

    // A reader sees the previews and no control.
    let mut chrome = Chrome::start("divisions-reader").await;
    sign_in(&app, &chrome, "reader1", Role::Reader).await;
    chrome.goto(&format!("{}/divisions/{id}", app.base)).await;
    chrome.wait_for("#image-logo-preview").await;
    assert_eq!(natural_width(&chrome, "#image-logo-preview").await, 180);
    assert!(chrome.client.find_all(Locator::Css("main form, main button, input[type=file]")).await.unwrap().is_empty());
    chrome.screenshot("reader-page").await;
    chrome.close().await;
}
