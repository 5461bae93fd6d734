//! What the editor's one-course buttons share, "Aufteilen" ([`super::split`])
//! and "Löschen" ([`super::delete`]) (docs/web.md §Editing the grid): read
//! the posted editor form and its course, run the use case expecting the
//! version the editor was loaded at, then draw the cells of all the course's
//! classes again; after someone else's change (412) the editor shows the
//! course as it is now with the action's sentence; other refusals (409, a
//! locked year) appear in the editor with their status.

use axum::http::StatusCode;
use axum::response::Response;

use super::super::htmx::HxRequest;
use super::super::kit::errors::page_error;
use super::super::kit::state::WebState;
use super::cell::{self, Place};
use super::editor;
use super::form::{CourseForm, Problems};
use crate::error::{ErrorCode, Result};
use crate::i18n::{self, Lang};
use crate::service::audit::Actor;
use crate::service::session::SessionUser;
use crate::service::version::{Expect, Version};

/// One of the editor's one-course buttons.
#[derive(Debug, Clone, Copy)]
pub struct CourseAction {
    /// The last path segment of its route (`split`, `delete`), also the audit's path.
    pub segment: &'static str,
    /// The catalogue key of the sentence after someone else's change.
    pub stale: &'static str,
}

/// Runs `write` (the use case, given the actor and the editor's expected
/// version) on course `id` of year `year` for the form in `body`, and
/// answers as the module doc says: htmx gets the redrawn cells, a browser
/// goes back to the grid at the cell.
#[allow(clippy::too_many_arguments)]
pub async fn run<T>(
    state: &WebState,
    user: SessionUser,
    lang: Lang,
    (year, id): (i64, i64),
    hx: &HxRequest,
    body: &[u8],
    action: CourseAction,
    write: impl AsyncFnOnce(&Actor, &Expect) -> Result<T>,
) -> Response {
    let (form, loaded) = match editor::posted(&state.store, year, id, body).await {
        Ok(read) => read,
        Err(e) => return page_error(lang, e),
    };
    let class = form.class;
    let path = format!("/years/{year}/courses/{id}/{}", action.segment);
    let expect = Expect::version(Version::from_text(form.version.clone()));
    let subject = loaded.course.subject.id.0;
    match write(&cell::actor(&user, &path), &expect).await {
        Ok(_) => {
            let touched = super::panel::teachers_of(&loaded.course);
            let place = Place::new(lang, year, user.can_plan(), touched);
            let also: Vec<i64> = loaded.course.school_classes.iter().map(|k| k.id.0).collect();
            cell::redrawn(&state.store, &place, hx, subject, class, &also).await
        }
        Err(e) if e.code() == ErrorCode::PreconditionFailed => {
            let version = match Version::of(&loaded.course) {
                Ok(v) => v,
                Err(e) => return page_error(lang, e),
            };
            let now = CourseForm::of_course(&loaded.course, class, &version, crate::auth::now_text());
            let problems = Problems { general: vec![i18n::text(lang, action.stale)], ..Problems::default() };
            editor::respond(lang, user, hx, year, &loaded, now, &problems, StatusCode::PRECONDITION_FAILED)
        }
        Err(e) if e.code() == ErrorCode::NotFound || e.status().is_server_error() => page_error(lang, e),
        Err(e) => editor::respond(lang, user, hx, year, &loaded, form, &Problems::of(&e, lang), e.status()),
    }
}
