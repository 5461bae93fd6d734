//! Freigabe on the Jahresüberblick: which divisions' sheets are released
//! to the teachers (docs/teachers.md §Release and confirmation), and
//! for planners the form that releases the rest —
//! `POST /years/{year}/release` (`division`: an id, or empty for every
//! division). Teachers with an account are told by mail when the service's
//! mail is configured (docs/teachers.md §Mails).

use axum::extract::{Path, State};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::post;
use axum::Form;
use axum::Router;

use super::guard::SignedIn;
use super::kit::errors::page_error;
use super::kit::state::WebState;
use crate::auth::Role;
use crate::domain::confirmation::Release;
use crate::domain::division::DivisionListItem;
use crate::domain::ids::{DivisionId, SchoolYearId};
use crate::i18n::{self, Lang};

/// The route of the release.
pub fn routes() -> Router<WebState> {
    Router::new().route("/years/{year}/release", post(release))
}

/// The release box above the Jahresüberblick.
#[derive(Debug, Clone)]
pub struct ReleaseView {
    /// One line per release (`Alle Abteilungen: am 28.11.2026, 10:14 von paula`).
    pub lines: Vec<String>,
    /// Whether every division is released.
    pub all: bool,
    /// The form, for planners while something is left to release.
    pub form: Option<ReleaseForm>,
}

/// The release form.
#[derive(Debug, Clone)]
pub struct ReleaseForm {
    /// Where it posts.
    pub action: String,
    /// The choices: (value, label); the empty value is every division.
    pub choices: Vec<(String, String)>,
    /// Whether mails go out (the button says so).
    pub mails: bool,
}

/// The box for school year `year` with its `releases`, for a person of `role`.
pub fn release_view(
    lang: Lang,
    year: i64,
    releases: &[Release],
    divisions: &[DivisionListItem],
    role: Role,
    mails: bool,
) -> ReleaseView {
    let all = releases.iter().any(|r| r.division.is_none());
    let name = |d: Option<DivisionId>| match d {
        None => i18n::text(lang, "release-all"),
        Some(id) => divisions.iter().find(|x| x.id == id).map_or_else(|| id.to_string(), |x| x.code.clone()),
    };
    let lines = releases
        .iter()
        .map(|r| {
            i18n::text_with(
                lang,
                "release-line",
                &[
                    ("division", name(r.division).into()),
                    ("at", super::form::when(&r.released_at).into()),
                    ("by", r.released_by.as_str().into()),
                ],
            )
        })
        .collect();
    let form = (role >= Role::Planner && !all).then(|| {
        let mut choices = vec![(String::new(), i18n::text(lang, "release-all"))];
        choices.extend(
            divisions
                .iter()
                .filter(|d| !releases.iter().any(|r| r.division == Some(d.id)))
                .map(|d| (d.id.0.to_string(), format!("{} – {}", d.code, d.description))),
        );
        ReleaseForm { action: format!("/years/{year}/release"), choices, mails }
    });
    ReleaseView { lines, all, form }
}

/// `POST /years/{year}/release` (planners): releases the year's sheets of
/// the chosen division (empty: of every division), then shows the
/// Jahresüberblick again.
pub async fn release(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(year): Path<i64>,
    Form(fields): Form<Vec<(String, String)>>,
) -> Response {
    if user.role < Role::Planner {
        return super::kit::errors::error_page(lang, axum::http::StatusCode::FORBIDDEN, "web-error-forbidden");
    }
    // The field is always sent (empty: every division); a post without it releases nothing.
    let Some(division) = fields.iter().find(|(k, _)| k == "division").map(|(_, v)| v.trim().to_string()) else {
        return super::kit::errors::error_page(
            lang,
            axum::http::StatusCode::UNPROCESSABLE_ENTITY,
            "release-bad-division",
        );
    };
    let body = if division.is_empty() {
        serde_json::json!({ "division": null })
    } else {
        match division.parse::<i64>() {
            Ok(id) => serde_json::json!({ "division": id }),
            Err(_) => {
                return super::kit::errors::error_page(
                    lang,
                    axum::http::StatusCode::UNPROCESSABLE_ENTITY,
                    "release-bad-division",
                )
            }
        }
    };
    let actor = super::form::actor(&user, &format!("/years/{year}/release"));
    let mail = state.jobs.config().mail_settings();
    let result = match crate::service::confirmation::read_release(&body) {
        Ok(d) => {
            crate::service::confirmation::release(&state.store, &actor, SchoolYearId(year), d, mail.as_ref()).await
        }
        Err(e) => Err(e),
    };
    match result {
        Ok(_) => Redirect::to(&format!("/years/{year}/overview")).into_response(),
        Err(e) => page_error(lang, e),
    }
}
