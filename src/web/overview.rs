//! Übersicht (`GET /`): the school years, each linking to its planning grid;
//! and `GET /years?year=&screen=`, the target of the year switch, which
//! redirects to `/years/{year}/{screen}` (the year lives in the URL, so a
//! link opens the same view).

use std::collections::HashMap;

use askama::Template;
use axum::extract::{Query, State};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::Router;

use super::guard::SignedIn;
use super::kit::errors::page_error;
use super::kit::render::render;
use super::kit::state::WebState;
use super::layout::{Page, Screen, YearChoice};

/// The Übersicht's routes: its page at `/` and the year switch.
pub fn routes() -> Router<WebState> {
    Router::new().route("/", get(page)).route("/years", get(switch_year))
}

/// The overview page.
#[derive(Template)]
#[template(path = "web/overview/page.html")]
pub struct OverviewPage {
    /// The frame.
    pub page: Page,
    /// The school years, newest first.
    pub years: Vec<YearRow>,
}

/// A school year in the overview.
#[derive(Debug, Clone)]
pub struct YearRow {
    /// Link to its grid.
    pub grid_href: String,
    /// Link text.
    pub label: String,
    /// Description.
    pub description: String,
    /// State (archived, finalised) or empty.
    pub state: String,
}

/// `GET /`.
pub async fn page(State(state): State<WebState>, SignedIn { user, lang }: SignedIn) -> Response {
    let years = match super::layout::school_years(&state).await {
        Ok(years) => years,
        Err(e) => return page_error(lang, e),
    };
    let mut page = Page::new(lang, Screen::Overview, crate::i18n::text(lang, "overview-title"), Some(user), "/".into());
    page.years = years.iter().map(|y| YearChoice { id: y.id.0, code: y.code.clone(), selected: false }).collect();
    let rows = years
        .iter()
        .map(|y| {
            let mut state = Vec::new();
            if y.archived {
                state.push(page.t("year-archived"));
            }
            if y.finalised {
                state.push(page.t("year-finalised"));
            }
            YearRow {
                grid_href: format!("/years/{}/grid", y.id.0),
                label: page.t_with("overview-open-grid", &[("year", y.code.as_str().into())]),
                description: y.description.clone(),
                state: state.join(", "),
            }
        })
        .collect();
    render(lang, &OverviewPage { page, years: rows })
}

/// `GET /years?year=ID&screen=grid`: redirects to the screen of that year,
/// `/years/ID/<screen>` (a screen name is lower-case letters; anything else
/// goes to the grid; a missing year to the overview).
pub async fn switch_year(_user: SignedIn, Query(q): Query<HashMap<String, String>>) -> Response {
    let Some(year) = q.get("year").and_then(|y| y.parse::<i64>().ok()) else {
        return Redirect::to("/").into_response();
    };
    let screen = q
        .get("screen")
        .map(String::as_str)
        .filter(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'))
        .unwrap_or("grid");
    Redirect::to(&format!("/years/{year}/{screen}")).into_response()
}
