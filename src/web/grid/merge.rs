//! "Zusammenlegen" in the course editor (docs/web.md §Editing the grid):
//! `POST /years/{year}/courses/{id}/merge` with `with` = `id:version` of a
//! course of the same subject, grade and curriculum merges that course into
//! this one through [`course::merge_courses`], the use case of the JSON
//! API's `POST /course` with `{"merge": [id, with]}`. Both courses must
//! still be at the versions the editor was loaded at: this one's (the form's
//! `version`) and the other's (in its choice), and the other must still
//! exist, else the editor says that someone changed them meanwhile (412).

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;

use super::super::guard::SignedIn;
use super::super::htmx::HxRequest;
use super::super::kit::errors::page_error;
use super::super::kit::state::WebState;
use super::cell::{self, Place};
use super::editor;
use super::form::{CourseForm, Problems};
use crate::domain::ids::CourseId;
use crate::error::ErrorCode;
use crate::i18n;
use crate::service::course;
use crate::service::version::{Expect, Version, Versions};

/// The course to merge with and its version, from the form's `with`
/// (`id:version`); `None` when missing or malformed.
pub fn partner(body: &[u8]) -> Option<(i64, Version)> {
    let with = url::form_urlencoded::parse(body).find(|(k, _)| k == "with").map(|(_, v)| v.into_owned())?;
    super::select::pick(&with)
}

/// `POST /years/{year}/courses/{id}/merge`: htmx gets the cell with the
/// merged course, and the cells of the other classes out of band; a browser
/// goes back to the grid. Problems (a rule, a locked year, someone else's
/// change) appear in the editor.
pub async fn merge(
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
    let Some((other, other_version)) = partner(&body) else {
        let problems = Problems { general: vec![i18n::text(lang, "grid-edit-merge-none")], ..Problems::default() };
        return editor::respond(lang, user, &hx, year, &loaded, form, &problems, StatusCode::UNPROCESSABLE_ENTITY);
    };
    let path = format!("/years/{year}/courses/{id}/merge");
    let expect = Expect {
        one_of: Some(Versions::List(vec![Version::from_text(form.version.clone()), other_version])),
        ..Expect::ANY
    };
    let subject = loaded.course.subject.id.0;
    let ids = [CourseId(id), CourseId(other)];
    match course::merge_courses(&state.store, &cell::actor(&user, &path), &ids, &expect).await {
        Ok(written) => {
            let touched = super::panel::teachers_of(&loaded.course);
            let place = Place::new(lang, year, user.can_plan(), touched);
            let also: Vec<i64> = written.item.school_classes.iter().map(|k| k.id.0).collect();
            cell::redrawn(&state.store, &place, &hx, subject, class, &also).await
        }
        Err(e) if matches!(e.code(), ErrorCode::PreconditionFailed | ErrorCode::NotFound) => {
            // Someone changed one of them, or the other is gone (merged or
            // deleted meanwhile): the editor as it is now; 404 when this one is gone.
            let reloaded = match editor::load(&state.store, year, id).await {
                Ok(l) => l,
                Err(e) => return page_error(lang, e),
            };
            let version = match Version::of(&reloaded.course) {
                Ok(v) => v,
                Err(e) => return page_error(lang, e),
            };
            let now = CourseForm::of_course(&reloaded.course, class, &version, crate::auth::now_text());
            let problems = Problems { general: vec![i18n::text(lang, "grid-edit-merge-stale")], ..Problems::default() };
            editor::respond(lang, user, &hx, year, &reloaded, now, &problems, StatusCode::PRECONDITION_FAILED)
        }
        Err(e) if e.status().is_server_error() => page_error(lang, e),
        Err(e) => editor::respond(lang, user, &hx, year, &loaded, form, &Problems::of(&e, lang), e.status()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_partner_is_read_with_its_version() {
        let (id, v) = partner(b"_csrf=x&with=12%3Aabc123&version=zz").expect("a partner");
        assert_eq!((id, v.as_str()), (12, "abc123"));
        for body in [&b"with="[..], b"with=12", b"with=12%3A", b"with=-3%3Aab", b"with=x%3Aab", b"other=1"] {
            assert!(partner(body).is_none(), "{}", String::from_utf8_lossy(body));
        }
    }
}
