//! "Aufteilen" in the editor of a merged course
//! (docs/web.md §Editing the grid): `POST /years/{year}/courses/{id}/split` splits it into one course
//! per class through [`course::split_course`], the use case of the JSON
//! API's `POST /course` with `{"split": id}`, expecting the version the
//! editor was loaded at.

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::response::Response;

use super::super::guard::SignedIn;
use super::super::htmx::HxRequest;
use super::super::kit::state::WebState;
use super::course_action::{self, CourseAction};
use crate::domain::ids::CourseId;
use crate::service::course;

/// `POST /years/{year}/courses/{id}/split`: htmx gets the cell with the
/// courses after the split, and the cells of the other classes out of band; a
/// browser goes back to the grid. After someone else's change (412) the
/// editor shows the course as it is now, with its current version; other
/// problems (409, a locked year) appear in the editor ([`course_action::run`]).
pub async fn split(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path((year, id)): Path<(i64, i64)>,
    hx: HxRequest,
    body: Bytes,
) -> Response {
    let action = CourseAction { segment: "split", stale: "grid-edit-split-stale" };
    let store = state.store.clone();
    let write = async |actor: &_, expect: &_| course::split_course(&store, actor, CourseId(id), expect).await;
    course_action::run(&state, user, lang, (year, id), &hx, &body, action, write).await
}
