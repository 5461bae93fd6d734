//! IPB-Buchungen, Abschlussarbeiten and Notizen in Chromium (docs/web.md
//! §IPB-Buchungen, §Abschlussarbeiten, §Notizen): a planner creates a
//! posting through the form, pastes a table of thesis counts, looks at the
//! preview (a bad line flagged), corrects it and applies it; the counts are
//! read back through the API. Screenshots of the postings list, the posting
//! form, the theses list, the preview with an error, the clean preview, the
//! list after saving and the notes.

use schoolplan::auth::Role;

use crate::chrome::Chrome;
use crate::helpers::TestApp;

#[tokio::test]
#[ignore = "needs Chromium; .ci/run runs it"]
async fn a_planner_books_a_posting_and_pastes_thesis_counts() {
    let app = TestApp::spawn().await;
    schoolplan::dataset::import(&app.store, &schoolplan::demo::generate(1)).await.expect("demo imported");
    let years = app.get("/schoolyear").await.expect(200);
    let year =
        years.result().as_array().unwrap().iter().find(|y| y["code"] == "26/27").unwrap()["id"].as_i64().unwrap();
    let employments = app.get(&format!("/employment?schoolYear={year}")).await.expect(200);
    let list = employments.result().as_array().unwrap().clone();
    let (teacher, code) =
        (list[0]["teacher"]["id"].as_i64().unwrap(), list[0]["teacher"]["code"].as_str().unwrap().to_string());
    let code_b = list[1]["teacher"]["code"].as_str().unwrap().to_string();
    let types = app.get("/thesistype").await.expect(200);
    let first_type = types.result().as_array().unwrap()[0]["id"].as_i64().unwrap();

    let mut chrome = Chrome::start("theses").await;
    app.token_for("planner1", Role::Planner).await;
    let link = schoolplan::service::session::create_link(&app.store, "planner1", &app.base).await.expect("link");
    chrome.goto(&link).await;
    chrome.wait_for("nav").await;

    // IPB-Buchungen from the menu, filtered by a teacher, then a new posting.
    chrome.goto(&format!("{}/years/{year}/postings?teacher={teacher}", app.base)).await;
    chrome.wait_for("#postings-count").await;
    chrome.screenshot("postings-list").await;
    chrome.wait_for("#postings-new").await.click().await.unwrap();
    chrome.wait_for("#f-description").await.send_keys("Projektwoche").await.unwrap();
    // The date picker's typing order depends on the browser's locale: set the value itself.
    chrome.wait_for("#f-startDate").await;
    chrome
        .client
        .execute("document.getElementById('f-startDate').value = '2026-09-14';", vec![])
        .await
        .expect("the start date set");
    let posting_types = app.get("/postingtype").await.expect(200);
    let kind = posting_types.result().as_array().unwrap()[0]["id"].as_i64().unwrap();
    chrome.wait_for(&format!("#f-d{kind}")).await.send_keys("12,5").await.unwrap();
    chrome.screenshot("posting-form").await;
    chrome.wait_for("#form-save").await.click().await.unwrap();
    chrome.wait_for("#postings-list").await;
    assert!(chrome.text().await.contains("Projektwoche"));
    chrome.screenshot("postings-after-create").await;
    let postings = app.get(&format!("/posting?schoolYear={year}&teacher={teacher}")).await.expect(200);
    let booked =
        postings.result().as_array().unwrap().iter().find(|p| p["description"] == "Projektwoche").unwrap().clone();
    assert_eq!(booked["startDate"], "2026-09-14");
    assert_eq!(booked["details"][kind.to_string()].to_string(), "12.5");

    // Abschlussarbeiten, pasted with a bad line first.
    chrome.goto(&format!("{}/years/{year}/theses", app.base)).await;
    chrome.wait_for("#theses-list").await;
    chrome.screenshot("theses-list").await;
    chrome.wait_for("#theses-paste").await.click().await.unwrap();
    let area = chrome.wait_for("#paste-text").await;
    area.send_keys(&format!("{code};3\n{code_b};zwei\nzzz9;1")).await.unwrap();
    chrome.wait_for("#paste-preview").await.click().await.unwrap();
    chrome.wait_for("#paste-fix").await;
    let text = chrome.text().await;
    assert!(text.contains("Zeile 2: «zwei» in der Spalte") && text.contains("Zeile 3: Keine Lehrperson"), "{text}");
    chrome.screenshot("paste-preview-errors").await;

    let area = chrome.wait_for("#paste-text").await;
    area.clear().await.unwrap();
    area.send_keys(&format!("{code};3\n{code_b};1")).await.unwrap();
    chrome.wait_for("#paste-preview").await.click().await.unwrap();
    chrome.wait_for("#paste-save").await;
    assert!(chrome.text().await.contains("→"), "the preview shows old → new");
    chrome.screenshot("paste-preview").await;
    chrome.wait_for("#paste-save").await.click().await.unwrap();
    chrome.wait_for("#theses-list").await;
    chrome.screenshot("theses-after-paste").await;
    let saved = app.get(&format!("/thesis/{year}-{teacher}")).await.expect(200);
    assert_eq!(saved.result()["thesisCounts"][first_type.to_string()], 3);

    // A note about the teacher.
    chrome.goto(&format!("{}/years/{year}/notes?teacher={teacher}", app.base)).await;
    chrome.wait_for("#f-text").await.send_keys("Wünscht im Frühling weniger Lektionen.").await.unwrap();
    chrome.wait_for("#notes-save").await.click().await.unwrap();
    chrome.wait_for("#notes-list").await;
    chrome.screenshot("notes").await;
    chrome.close().await;
}
