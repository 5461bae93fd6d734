//! "Absagen" and "Wiederaufnehmen" for a selection in the planning grid over
//! HTTP ("Cancelling a selection" in docs/web.md §Editing the grid): the
//! selected courses are cancelled and taken up again in one step through
//! the service's use case (read back with `GET /api/v1/course/{id}` and the
//! audit trail), a stale version changes nothing, and readers get 403.

use schoolplan::auth::Role;
use serde_json::{json, Value};

use super::grid::demo;
use super::grid_edit::post;
use super::grid_pick::{cell_of, mergeable_three};
use super::grid_select::selection;
use super::Web;

async fn cancelled(web: &Web, course: &Value) -> bool {
    let now = web.app.get(&format!("/course/{}", course["id"])).await.expect(200).result().clone();
    now["cancelled"].as_bool().expect("cancelled is a boolean")
}

#[tokio::test]
async fn two_selected_courses_are_cancelled_and_taken_up_again_in_one_step() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let session = web.sign_in("planner", Role::Planner).await;
    let three = mergeable_three(&web.app, year).await;
    let (a, b, untouched) = (&three[0], &three[1], &three[2]);
    let grid = web.get(&format!("/years/{year}/grid"), Some(&session)).await;
    assert!(grid.html.contains(">Absagen</button>") && grid.html.contains(">Wiederaufnehmen</button>"), "the toolbar");

    let form = selection(&web, year, &grid, &session, &[a, b]).await;
    let page = post(&web, &format!("/years/{year}/courses/cancel"), &session, &form, Some(&cell_of(a))).await;
    assert_eq!(page.status, 200, "{}", page.html);
    assert!(cancelled(&web, a).await && cancelled(&web, b).await, "both are cancelled");
    assert!(!cancelled(&web, untouched).await, "a course not selected stays as it is");
    // The answer: the first cell in place, the other out of band, both marked.
    assert!(page.html.starts_with(&format!(r#"<td id="{}""#, cell_of(a))), "{}", page.html);
    assert!(page.html.contains(&format!(r#"<td id="{}""#, cell_of(b))), "{}", page.html);
    assert_eq!(page.html.matches("cell--cancelled").count(), 2, "{}", page.html);
    assert!(page.html.contains(r#"id="workload-panel""#), "the workloads it frees");
    // The audit trail says what was done, per course.
    for c in [a, b] {
        let trail = web.app.get(&format!("/audit?objectType=course&objectId={}", c["id"])).await.expect(200);
        let newest = trail.result().as_array().unwrap()[0].clone();
        assert_eq!(newest["action"], "cancelled", "{newest}");
        assert_eq!(newest["path"], format!("/years/{year}/courses/cancel"));
    }

    // Taken up again, without JavaScript: back to the grid at the first cell.
    let grid = web.get(&format!("/years/{year}/grid"), Some(&session)).await;
    let form = selection(&web, year, &grid, &session, &[b, a]).await;
    let page = post(&web, &format!("/years/{year}/courses/resume"), &session, &form, None).await;
    assert_eq!(page.status, 303, "{}", page.html);
    assert!(page.header("location").contains(&format!("/years/{year}/grid")), "{}", page.header("location"));
    assert!(!cancelled(&web, a).await && !cancelled(&web, b).await, "both take place again");
    let trail = web.app.get(&format!("/audit?objectType=course&objectId={}", a["id"])).await.expect(200);
    assert_eq!(trail.result().as_array().unwrap()[0]["action"], "resumed");
}

#[tokio::test]
async fn a_stale_selection_cancels_nothing_and_readers_may_not() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let session = web.sign_in("planner", Role::Planner).await;
    let three = mergeable_three(&web.app, year).await;
    let grid = web.get(&format!("/years/{year}/grid"), Some(&session)).await;
    let form = selection(&web, year, &grid, &session, &[&three[0], &three[1]]).await;
    // Someone changes the second course through the API meanwhile.
    let mut changed = three[1].clone();
    changed["comments"] = json!("Raumwechsel");
    web.app.put(&format!("/course/{}", three[1]["id"]), changed).await.expect(200);

    let path = format!("/years/{year}/courses/cancel");
    let page = post(&web, &path, &session, &form, Some(&cell_of(&three[0]))).await;
    assert_eq!(page.status, 412, "{}", page.html);
    assert!(page.html.contains("nichts abgesagt"), "{}", page.html);
    assert!(page.html.contains("Raumwechsel"), "the cells as they are now: {}", page.html);
    assert!(!cancelled(&web, &three[0]).await && !cancelled(&web, &three[1]).await, "nothing changed");

    // Nothing selected.
    let none = post(&web, &path, &session, &[("_csrf".into(), grid.csrf())], Some(&cell_of(&three[0]))).await;
    assert_eq!(none.status, 422, "{}", none.html);

    // A reader.
    let reader = web.sign_in("reader", Role::Reader).await;
    let read_grid = web.get(&format!("/years/{year}/grid"), Some(&reader)).await;
    assert!(!read_grid.html.contains(">Absagen</button>"), "a reader has no toolbar");
    let mut forged = form.clone();
    forged[0].1 = read_grid.csrf();
    let refused = post(&web, &path, &reader, &forged, Some(&cell_of(&three[0]))).await;
    assert_eq!(refused.status, 403, "{}", refused.html);
    assert!(!cancelled(&web, &three[0]).await);
}
