//! "Auswählen" in Chromium (docs/web.md §Editing the grid, "Selecting and
//! merging"): a planner selects three cells of one row of the demo's 26/27
//! grid with the keyboard (Space, each cell fetched with its courses'
//! versions; Escape clears), merges them with the
//! toolbar's "Zusammenlegen (3)", the API reads the merged course back, and
//! the course splits again from its editor; two cells are cancelled with
//! "Absagen" and taken up again with "Wiederaufnehmen".

use fantoccini::key::Key;
use fantoccini::Locator;
use serde_json::Value;

use crate::chrome::Chrome;
use crate::grid_edit::{demo, planner_at_grid};
use crate::grid_pick::{cell_of, mergeable_three};
use crate::helpers::TestApp;

/// The id of the focused element.
async fn focused(chrome: &Chrome) -> String {
    let active = chrome.client.active_element().await.unwrap();
    active.attr("id").await.unwrap().unwrap_or_default()
}

/// Presses `key` on the focused element.
async fn press(chrome: &Chrome, key: &str) {
    chrome.client.active_element().await.unwrap().send_keys(key).await.unwrap();
}

/// Moves the focus along the row with ← and → until cell `id` has it.
async fn walk_to(chrome: &Chrome, id: &str) {
    let column = |cell: &str| {
        let cell = cell.to_string();
        async move {
            let script = format!("return document.getElementById('{cell}').cellIndex;");
            chrome.client.execute(&script, vec![]).await.unwrap().as_i64().unwrap()
        }
    };
    for _ in 0..200 {
        let here = focused(chrome).await;
        if here == id {
            return;
        }
        let key = if column(&here).await < column(id).await { Key::Right } else { Key::Left };
        press(chrome, &key.to_string()).await;
    }
    panic!("the focus did not reach {id}");
}

/// Focuses cell `id` (focused, not clicked: a click opens the editor), scrolled to the middle.
async fn focus_cell(chrome: &Chrome, id: &str) {
    let cell = chrome.wait_for(&format!("td#{id}")).await;
    let arg = serde_json::to_value(&cell).unwrap();
    chrome
        .client
        .execute("arguments[0].scrollIntoView({block: 'center', inline: 'center'}); arguments[0].focus();", vec![arg])
        .await
        .unwrap();
}

/// The live region's announcement.
async fn announced(chrome: &Chrome) -> String {
    chrome.wait_for("#grid-select-status").await.text().await.unwrap_or_default()
}

/// Space on the focused cell `id`; waits until its course is selected with
/// its version (the cell is fetched alone) and the cell has the focus again.
async fn select_here(chrome: &Chrome, id: &str) {
    press(chrome, " ").await;
    let ready = format!(
        "document.querySelector('td#{id}[aria-selected=\"true\"] .course--selected[data-version]') && document.activeElement.id === '{id}'"
    );
    until(chrome, &ready).await;
}

/// Waits up to 10 s for `script` (a JavaScript expression) to be true.
async fn until(chrome: &Chrome, script: &str) {
    for _ in 0..100 {
        if chrome.client.execute(&format!("return !!({script});"), vec![]).await.unwrap() == Value::Bool(true) {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("never true: {script}");
}

#[tokio::test]
#[ignore = "needs Chromium; .ci/run runs it"]
async fn three_cells_selected_by_keyboard_merge_and_split_again() {
    let app = TestApp::spawn().await;
    let year = demo(&app).await;
    let three = mergeable_three(&app, year).await;
    let cells: Vec<String> = three.iter().map(cell_of).collect();
    let mut chrome = planner_at_grid(&app, "sina", year, "grid-select").await;

    // Focus the first cell (focused, not clicked: a click opens the editor) and select it with Space.
    focus_cell(&chrome, &cells[0]).await;
    assert_eq!(focused(&chrome).await, cells[0]);
    assert!(chrome.client.find(Locator::Css("td .course[data-version]")).await.is_err(), "the page has no versions");
    select_here(&chrome, &cells[0]).await;
    assert_eq!(announced(&chrome).await, "1 Kurs ausgewählt.");
    let toolbar = chrome.wait_for("#grid-select:not([hidden])").await;
    assert!(toolbar.text().await.unwrap().contains("Absagen"), "one course: the toolbar, to cancel it");
    let merge = chrome.wait_for("#grid-select .grid-select-merge").await;
    assert!(!merge.is_enabled().await.unwrap(), "one course cannot be merged");
    // Escape clears the selection.
    press(&chrome, &Key::Escape.to_string()).await;
    until(&chrome, "!document.querySelector('td[aria-selected]')").await;
    assert_eq!(announced(&chrome).await, "Auswahl aufgehoben.");

    // Space on each of the three, walking along the row with the arrow keys.
    select_here(&chrome, &cells[0]).await;
    for cell in &cells[1..] {
        walk_to(&chrome, cell).await;
        select_here(&chrome, cell).await;
    }
    until(&chrome, "document.querySelectorAll('td[aria-selected=\"true\"]').length === 3").await;
    assert_eq!(announced(&chrome).await, "3 Kurse ausgewählt.");
    let toolbar = chrome.wait_for("#grid-select:not([hidden])").await;
    let text = toolbar.text().await.unwrap();
    assert!(text.contains("Zusammenlegen (3)") && text.contains("behält seine Lehrpersonen"), "{text}");
    let marks = chrome.client.find_all(Locator::Css(".course--selected")).await.unwrap();
    let mut orders = Vec::new();
    for m in &marks {
        orders.push(m.attr("data-order").await.unwrap().unwrap_or_default());
    }
    assert_eq!(orders.len(), 3, "three courses marked");
    for (cell, n) in cells.iter().zip(["1", "2", "3"]) {
        let mark = chrome.wait_for(&format!("td#{cell} .course--selected")).await;
        assert_eq!(mark.attr("data-order").await.unwrap().as_deref(), Some(n), "the order is shown in {cell}");
    }
    chrome.screenshot("selected").await;

    // Tab from the cell reaches "Zusammenlegen (3)"; Enter merges.
    press(&chrome, &Key::Tab.to_string()).await;
    let button = chrome.client.active_element().await.unwrap();
    let class = button.attr("class").await.unwrap().unwrap_or_default();
    assert!(class.split(' ').any(|c| c == "grid-select-merge"), "{class}");
    press(&chrome, &Key::Enter.to_string()).await;
    chrome.wait_for(&format!("td#{}.cell--merged", cells[0])).await;
    for cell in &cells[1..] {
        chrome.wait_for(&format!("td#{cell}.cell--merged")).await;
    }
    until(&chrome, "!document.querySelector('td[aria-selected]') && document.getElementById('grid-select').hidden")
        .await;
    // The API reads the merged course back: the three classes, the first's teachers.
    let merged = app.get(&format!("/course/{}", three[0]["id"])).await.expect(200).result().clone();
    let classes: Vec<&Value> = merged["schoolClasses"].as_array().unwrap().iter().map(|k| &k["id"]).collect();
    let wanted: Vec<&Value> = three.iter().map(|c| &c["schoolClasses"][0]["id"]).collect();
    assert_eq!(classes, wanted, "{merged}");
    assert_eq!(merged["teachers1"], three[0]["teachers1"], "the first keeps its teachers");
    for other in &three[1..] {
        app.get(&format!("/course/{}", other["id"])).await.expect(404);
    }
    let text = chrome.wait_for(&format!("td#{}", cells[0])).await.text().await.unwrap();
    assert!(text.contains("mit "), "the cell names the other classes: {text}");
    chrome.wait_for("#workload-panel table").await;
    chrome.screenshot("merged").await;

    // The focus is back on the first cell: Enter opens its editor, "Aufteilen" splits it again.
    until(&chrome, &format!("document.activeElement && document.activeElement.id === '{}'", cells[0])).await;
    press(&chrome, &Key::Enter.to_string()).await;
    let split = chrome.wait_for(&format!("td#{} button.split", cells[0])).await;
    chrome.screenshot("editor").await;
    split.click().await.unwrap();
    chrome.wait_for(&format!("td#{}:not(.cell--editing):not(.cell--merged)", cells[0])).await;
    for c in &three {
        let class = &c["schoolClasses"][0]["id"];
        let list = format!("/course?schoolYear={year}&subject={}&schoolClass={class}", c["subject"]["id"]);
        let here = app.get(&list).await.expect(200);
        assert!(
            here.result().as_array().unwrap().iter().all(|k| k["schoolClasses"].as_array().unwrap().len() == 1),
            "one course per class again: {}",
            here.body
        );
    }
    chrome.client.execute("window.scrollTo(0, window.scrollY);", vec![]).await.unwrap();
    chrome.screenshot("split").await;
    chrome.close().await;
}

#[tokio::test]
#[ignore = "needs Chromium; .ci/run runs it"]
async fn two_selected_cells_are_cancelled_and_taken_up_again() {
    let app = TestApp::spawn().await;
    let year = demo(&app).await;
    let three = mergeable_three(&app, year).await;
    let cells: Vec<String> = three[..2].iter().map(cell_of).collect();
    let mut chrome = planner_at_grid(&app, "sina", year, "grid-cancel").await;
    focus_cell(&chrome, &cells[0]).await;
    select_here(&chrome, &cells[0]).await;
    walk_to(&chrome, &cells[1]).await;
    select_here(&chrome, &cells[1]).await;
    assert_eq!(announced(&chrome).await, "2 Kurse ausgewählt.");
    chrome.screenshot("selected").await;

    chrome.wait_for("#grid-select .grid-select-cancel:not([disabled])").await.click().await.unwrap();
    for cell in &cells {
        chrome.wait_for(&format!("td#{cell}.cell--cancelled")).await;
    }
    until(&chrome, "!document.querySelector('td[aria-selected]') && document.getElementById('grid-select').hidden")
        .await;
    for c in &three[..2] {
        let now = app.get(&format!("/course/{}", c["id"])).await.expect(200).result().clone();
        assert_eq!(now["cancelled"], true, "{now}");
    }
    let untouched = app.get(&format!("/course/{}", three[2]["id"])).await.expect(200).result().clone();
    assert_eq!(untouched["cancelled"], false, "a course not selected stays");
    chrome.wait_for("#workload-panel table").await;
    chrome.screenshot("cancelled").await;

    // Both again, taken up again.
    focus_cell(&chrome, &cells[0]).await;
    select_here(&chrome, &cells[0]).await;
    walk_to(&chrome, &cells[1]).await;
    select_here(&chrome, &cells[1]).await;
    chrome.wait_for("#grid-select .grid-select-resume:not([disabled])").await.click().await.unwrap();
    for cell in &cells {
        chrome.wait_for(&format!("td#{cell}:not(.cell--cancelled)")).await;
    }
    for c in &three[..2] {
        let now = app.get(&format!("/course/{}", c["id"])).await.expect(200).result().clone();
        assert_eq!(now["cancelled"], false, "{now}");
    }
    chrome.screenshot("resumed").await;
    chrome.close().await;
}
