//! "Löschen" in the course editor (docs/web.md §Editing the grid):
//! `POST /years/{year}/courses/{id}/delete` deletes the course through
//! [`crud::delete`] of [`Courses`], the use case of the JSON API's
//! `DELETE /course/{id}`, expecting the version the editor was loaded at.
//! The editor asks first: the button sits in a folded "Löschen" section and
//! says "Endgültig löschen".

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::response::Response;

use super::super::guard::SignedIn;
use super::super::htmx::HxRequest;
use super::super::kit::state::WebState;
use super::course_action::{self, CourseAction};
use crate::service::course::Courses;
use crate::service::crud;

/// `POST /years/{year}/courses/{id}/delete`: htmx gets the cell without the
/// course, and the cells of the course's other classes out of band; a
/// browser goes back to the grid at the cell. After someone else's change
/// (412) nothing is deleted and the editor shows the course as it is now;
/// other refusals (a locked year) appear in the editor
/// ([`course_action::run`]).
pub async fn delete(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path((year, id)): Path<(i64, i64)>,
    hx: HxRequest,
    body: Bytes,
) -> Response {
    let action = CourseAction { segment: "delete", stale: "grid-edit-delete-stale" };
    let store = state.store.clone();
    let write = async |actor: &_, expect: &_| crud::delete::<Courses>(&store, actor, id, expect).await;
    course_action::run(&state, user, lang, (year, id), &hx, &body, action, write).await
}
