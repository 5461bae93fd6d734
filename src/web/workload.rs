//! Übersicht → Pensenblatt (docs/web.md §Pensenblatt): `GET
//! /years/{year}/workload`, the year's employed teachers, each linking to
//! their sheet (`?teacher=ID` redirects to it: the teacher switch works
//! without script), and what the list and the sheet share (the sheet's path,
//! the year switch, an entered percent). One teacher's sheet, as a page and
//! as the PDF, is [`sheet`]'s.

pub mod sheet;

use std::collections::HashMap;

use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::Uri;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::Router;

use super::guard::SignedIn;
use super::kit::errors::page_error;
use super::kit::render::render;
use super::kit::state::WebState;
use super::layout::{Page, Screen, YearChoice};
use crate::domain::fixed::Fixed;
use crate::domain::ids::SchoolYearId;
use crate::domain::person_name::PersonName as _;
use crate::domain::schoolyear::SchoolYear;
use crate::i18n;
use crate::service::employment;

/// The route of the list of sheets (a sheet's own are [`sheet::routes`]).
pub fn routes() -> Router<WebState> {
    Router::new().route("/years/{year}/workload", get(list))
}

/// The list of the year's teachers.
#[derive(Template)]
#[template(path = "web/workload/list.html")]
pub struct WorkloadListPage {
    /// The frame.
    pub page: Page,
    /// The list.
    pub list: ListView,
}

/// The list page's content.
#[derive(Debug, Clone)]
pub struct ListView {
    /// Caption.
    pub caption: String,
    /// Column headers.
    pub headers: Vec<String>,
    /// The rows: (element id, href, code, name, division, payment target, temporary).
    pub rows: Vec<ListRow>,
    /// Shown when the year has no employments.
    pub none: String,
    /// `n teachers`.
    pub count: String,
}

/// A teacher in the list.
#[derive(Debug, Clone)]
pub struct ListRow {
    /// Element id `teacher-{id}`.
    pub id: String,
    /// Link to the sheet.
    pub href: String,
    /// Code.
    pub code: String,
    /// Last and first name.
    pub name: String,
    /// Division.
    pub division: String,
    /// Payment target per semester.
    pub payment: String,
    /// `befristet` or `unbefristet`.
    pub temporary: String,
}

/// An entered percent (range, payment target): `57.50 %`, `0.00 %` for an
/// agreed zero, a dash when none is entered.
fn entered(f: Option<Fixed>, decimals: u32) -> String {
    f.map_or_else(|| "–".to_string(), |f| i18n::percent(f.decimal(), decimals))
}

/// The path of sheet `teacher` in `year`.
pub fn sheet_path(year: i64, teacher: i64) -> String {
    format!("/years/{year}/workload/{teacher}")
}

/// The year switch's choices, newest first.
fn year_choices(years: &[SchoolYear], year: i64) -> Vec<YearChoice> {
    years.iter().map(|y| YearChoice { id: y.id.0, code: y.code.clone(), selected: y.id.0 == year }).collect()
}

/// `GET /years/{year}/workload`: the year's teachers; with `teacher=ID` a
/// redirect to that teacher's sheet.
pub async fn list(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(year): Path<i64>,
    Query(query): Query<HashMap<String, String>>,
    uri: Uri,
) -> Response {
    if let Some(teacher) = query.get("teacher").and_then(|t| t.trim().parse::<i64>().ok()) {
        return Redirect::to(&sheet_path(year, teacher)).into_response();
    }
    let read = employment::of_year_with_years(&state.store, SchoolYearId(year)).await;
    let (years, employments) = match read {
        Ok(read) => read,
        Err(e) => return page_error(lang, e),
    };
    let Some(this) = years.iter().find(|y| y.id.0 == year) else {
        return page_error(lang, crate::error::Error::not_found(SchoolYearId::KIND, year));
    };
    let t = |key: &str| i18n::text(lang, key);
    let rows = employments
        .iter()
        .map(|e| ListRow {
            id: format!("teacher-{}", e.teacher.id.0),
            href: sheet_path(year, e.teacher.id.0),
            code: e.teacher.code.clone(),
            name: e.teacher.sorted_name(),
            division: e.division.description.clone(),
            payment: format!("{} / {}", entered(e.payment1, 2), entered(e.payment2, 2)),
            temporary: t(if e.temporary { "workload-temporary" } else { "workload-permanent" }),
        })
        .collect::<Vec<_>>();
    let list = ListView {
        caption: i18n::text_with(lang, "workload-list-caption", &[("year", this.code.as_str().into())]),
        headers: vec![
            t("workload-code"),
            t("workload-name"),
            t("workload-division"),
            t("workload-payment-target"),
            t("workload-employment"),
        ],
        count: i18n::text_with(lang, "workload-list-count", &[("count", rows.len().to_string().into())]),
        rows,
        none: t("workload-list-none"),
    };
    let title = i18n::text_with(lang, "workload-list-title", &[("year", this.code.as_str().into())]);
    let here = uri.path_and_query().map_or_else(|| uri.path().to_string(), |pq| pq.as_str().to_string());
    let mut page = Page::new(lang, Screen::Workload, title, Some(user), here);
    page.year = Some(year);
    page.years = year_choices(&years, year);
    render(lang, &WorkloadListPage { page, list })
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entered_percent_keeps_an_agreed_zero() {
        assert_eq!(entered(Some(Fixed(0)), 2), "0.00 %");
        assert_eq!(entered(Some(Fixed(575_000)), 2), "57.50 %");
        assert_eq!(entered(None, 2), "–");
    }
}
