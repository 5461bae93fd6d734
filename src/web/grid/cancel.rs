//! "Absagen" and "Wiederaufnehmen" for a selection in the planning grid
//! (docs/web.md §Editing the grid, "Cancelling a selection"): the courses
//! selected (one row, as for merging) are cancelled, or taken up again, in
//! one step.
//!
//! `POST /years/{year}/courses/cancel` and `…/resume` take the selection
//! toolbar's form ([`select::selection`]: `course` = `id:version` once per
//! course, `class` of the first selected cell, `also` for the others) and
//! run [`course::set_cancelled`], which expects every course at the version
//! the grid showed: after someone else's change nothing changes (412) and
//! the cells show the courses as they are now, with the sentence in the
//! first one. A locked year's refusal appears there too.

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;

use super::super::guard::SignedIn;
use super::super::htmx::HxRequest;
use super::super::kit::errors::{error_page, page_error};
use super::super::kit::state::WebState;
use super::cell::{self, Place};
use super::select::{self, cell_problem};
use super::{editor, panel};
use crate::domain::ids::CourseId;
use crate::error::{Error, ErrorCode};
use crate::i18n::{self, Lang};
use crate::service::course;
use crate::service::session::SessionUser;
use crate::service::version::{Expect, Versions};

/// `POST /years/{year}/courses/cancel`: the selected courses are cancelled.
pub async fn cancel(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(year): Path<i64>,
    hx: HxRequest,
    body: Bytes,
) -> Response {
    set(&state, user, lang, year, &hx, &body, true).await
}

/// `POST /years/{year}/courses/resume`: the selected courses are taken up again.
pub async fn resume(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(year): Path<i64>,
    hx: HxRequest,
    body: Bytes,
) -> Response {
    set(&state, user, lang, year, &hx, &body, false).await
}

/// Sets `cancelled` on the courses of the selection in `body` and answers
/// as the module doc says: htmx gets the first selected cell with the cells
/// of the other classes out of band (and the workload panel); a browser
/// goes back to the grid at that cell.
async fn set(
    state: &WebState,
    user: SessionUser,
    lang: Lang,
    year: i64,
    hx: &HxRequest,
    body: &[u8],
    cancelled: bool,
) -> Response {
    let sel = select::selection(body);
    let ids: Vec<CourseId> = sel.picks.iter().map(|(id, _)| CourseId(*id)).collect();
    if sel.malformed || ids.is_empty() {
        let key = if sel.malformed { "grid-select-malformed" } else { "grid-select-nothing" };
        return error_page(lang, StatusCode::UNPROCESSABLE_ENTITY, key);
    }
    let before = match select::current(&state.store, year, &ids).await {
        Ok(found) => found,
        Err(e) => return page_error(lang, e),
    };
    let Some(first) = before.first() else {
        return page_error(lang, Error::not_found(CourseId::KIND, ids[0].0));
    };
    let subject = first.subject.id.0;
    let class = sel.class.unwrap_or_else(|| editor::class_of(first, None));
    let mut also = sel.also.clone();
    also.extend(select::classes_of(&before));
    also.sort_unstable();
    also.dedup();
    let place = |touched| Place::new(lang, year, user.can_plan(), touched);
    let verb = if cancelled { "cancel" } else { "resume" };
    let path = format!("/years/{year}/courses/{verb}");
    let versions = sel.picks.iter().map(|(_, v)| v.clone()).collect();
    let expect = Expect { one_of: Some(Versions::List(versions)), ..Expect::ANY };
    match course::set_cancelled(&state.store, &cell::actor(&user, &path), &ids, cancelled, &expect).await {
        Ok(_) => {
            let touched = panel::teachers_of_all(&before);
            cell::redrawn(&state.store, &place(touched), hx, subject, class, &also).await
        }
        Err(e) if matches!(e.code(), ErrorCode::PreconditionFailed | ErrorCode::NotFound) => {
            let text = i18n::text(lang, "grid-select-cancel-stale");
            respond_problem(
                state,
                &place(Vec::new()),
                hx,
                (subject, class),
                &also,
                text,
                StatusCode::PRECONDITION_FAILED,
            )
            .await
        }
        Err(e) if e.status().is_server_error() => page_error(lang, e),
        Err(e) => {
            // A rule (a locked year …), in the reader's language.
            let text = e.message(lang);
            respond_problem(state, &place(Vec::new()), hx, (subject, class), &also, text, e.status()).await
        }
    }
}

/// A refusal: in the first selected cell for htmx, else as an error page.
async fn respond_problem(
    state: &WebState,
    place: &Place,
    hx: &HxRequest,
    at: (i64, i64),
    also: &[i64],
    text: String,
    status: StatusCode,
) -> Response {
    if cell::wants_cell(hx) {
        cell_problem(&state.store, place, at, also, text, status).await
    } else {
        super::super::kit::errors::error_page_text(place.lang, status, text)
    }
}
