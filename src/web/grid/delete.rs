//! "Löschen" in the course editor (docs/web.md §Editing the grid):
//! `POST /years/{year}/courses/{id}/delete` deletes the course through
//! [`crud::delete`] of [`Courses`], the use case of the JSON API's
//! `DELETE /course/{id}`, expecting the version the editor was loaded at.
//! The editor asks first: the button sits in a folded "Löschen" section and
//! says "Endgültig löschen".

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;

use super::super::guard::SignedIn;
use super::super::htmx::HxRequest;
use super::super::{page_error, WebState};
use super::cell::{self, Place};
use super::editor;
use super::form::{CourseForm, Problems};
use crate::error::ErrorCode;
use crate::i18n;
use crate::service::course::Courses;
use crate::service::crud;
use crate::service::version::{Expect, Version};

/// `POST /years/{year}/courses/{id}/delete`: htmx gets the cell without the
/// course, and the cells of the course's other classes out of band; a
/// browser goes back to the grid at the cell. After someone else's change
/// (412) the editor shows the course as it is now, with its current version
/// and a sentence saying it was not deleted; other refusals (a locked year)
/// appear in the editor with the status of the refusal.
pub async fn delete(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path((year, id)): Path<(i64, i64)>,
    hx: HxRequest,
    body: Bytes,
) -> Response {
    let (form, loaded) = match editor::posted(&state.store, year, id, &body).await {
        Ok(read) => read,
        Err(e) => return page_error(lang, e),
    };
    let class = form.class;
    let path = format!("/years/{year}/courses/{id}/delete");
    let expect = Expect::version(Version::from_text(form.version.clone()));
    let subject = loaded.course.subject.id.0;
    match crud::delete::<Courses>(&state.store, &cell::actor(&user, &path), id, &expect).await {
        Ok(()) => {
            let touched = super::panel::teachers_of(&loaded.course);
            let place = Place::new(lang, year, user.can_plan(), touched);
            let also: Vec<i64> = loaded.course.school_classes.iter().map(|k| k.id.0).collect();
            cell::redrawn(&state.store, &place, &hx, subject, class, &also).await
        }
        Err(e) if e.code() == ErrorCode::PreconditionFailed => {
            let version = match Version::of(&loaded.course) {
                Ok(v) => v,
                Err(e) => return page_error(lang, e),
            };
            let now = CourseForm::of_course(&loaded.course, class, &version, crate::auth::now_text());
            let problems =
                Problems { general: vec![i18n::text(lang, "grid-edit-delete-stale")], ..Problems::default() };
            editor::respond(lang, user, &hx, year, &loaded, now, &problems, StatusCode::PRECONDITION_FAILED)
        }
        Err(e) if e.code() == ErrorCode::NotFound || e.status().is_server_error() => page_error(lang, e),
        Err(e) => editor::respond(lang, user, &hx, year, &loaded, form, &Problems::of(&e, lang), e.status()),
    }
}
