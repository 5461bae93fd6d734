//! Stammdaten → Lehrpersonen (`GET /teachers?q=…`, docs/web.md §Teachers):
//! every teacher, searched by code, name or e-mail (case-insensitive, every
//! word of `q` must match). Read-only for now. With htmx the search field
//! asks for the list alone (target `teacher-list`) while typing.

use std::collections::HashMap;

use askama::Template;
use axum::extract::{Query, State};
use axum::http::Uri;
use axum::response::{IntoResponse, Response};

use super::guard::SignedIn;
use super::htmx::{HxRequest, HxResponse};
use super::layout::{Page, Screen, YearChoice};
use super::{page_error, render, WebState};
use crate::domain::refs::TeacherRef;
use crate::i18n::{self, Lang};
use crate::store::teacher::TeacherFilter;

/// The id of the element the search replaces.
pub const REGION: &str = "teacher-list";

/// The teachers page.
#[derive(Template)]
#[template(path = "web/teachers/page.html")]
pub struct TeachersPage {
    /// The frame.
    pub page: Page,
    /// The search text.
    pub q: String,
    /// The list.
    pub list: TeacherListView,
}

/// The list alone (the answer to the htmx search).
#[derive(Template)]
#[template(path = "web/teachers/list.html")]
pub struct TeacherList {
    /// The list.
    pub list: TeacherListView,
}

/// The list as the templates show it.
#[derive(Debug, Clone)]
pub struct TeacherListView {
    /// Caption.
    pub caption: String,
    /// Column headers: code, last name, first name, e-mail, state.
    pub headers: [String; 5],
    /// `n of m teachers`.
    pub count: String,
    /// Shown when nothing matches.
    pub none: String,
    /// The rows.
    pub rows: Vec<TeacherRow>,
}

/// A teacher's row.
#[derive(Debug, Clone)]
pub struct TeacherRow {
    /// Element id `teacher-{id}`.
    pub id: String,
    /// Code.
    pub code: String,
    /// Last name.
    pub last_name: String,
    /// First name.
    pub first_name: String,
    /// E-mail or empty.
    pub email: String,
    /// `aktiv` or `archiviert`.
    pub state: String,
}

/// Whether teacher `t` matches every word of `q` (in code, names or e-mail; case-insensitive).
pub fn matches(t: &TeacherRef, q: &str) -> bool {
    let hay =
        format!("{} {} {} {}", t.code, t.last_name, t.first_name, t.email.as_deref().unwrap_or("")).to_lowercase();
    q.split_whitespace().all(|word| hay.contains(&word.to_lowercase()))
}

/// `GET /teachers`.
pub async fn page(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Query(query): Query<HashMap<String, String>>,
    hx: HxRequest,
    uri: Uri,
) -> Response {
    let q = query.get("q").map(|s| s.trim().to_string()).unwrap_or_default();
    let read = state
        .store
        .snapshot(async |conn| {
            let teachers = conn.list_teachers(TeacherFilter::default()).await?;
            let mut years = conn.list_school_years(None).await?;
            years.sort_by_key(|y| std::cmp::Reverse(y.graduation_year));
            crate::error::Result::Ok((teachers, years))
        })
        .await;
    let (all, years) = match read {
        Ok(read) => read,
        Err(e) => return page_error(lang, e),
    };
    let list = list(lang, &all, &q);
    let here = uri.path_and_query().map_or_else(|| uri.path().to_string(), |pq| pq.as_str().to_string());
    if hx.wants_fragment(REGION) {
        return (HxResponse { push_url: Some(here), ..Default::default() }, render(lang, &TeacherList { list }))
            .into_response();
    }
    let mut page = Page::new(lang, Screen::Teachers, i18n::text(lang, "teachers-title"), Some(user), here);
    // The menu's Planung entry leads to the newest year's grid.
    page.years = years.iter().map(|y| YearChoice { id: y.id.0, code: y.code.clone(), selected: false }).collect();
    render(lang, &TeachersPage { page, q, list })
}

fn list(lang: Lang, all: &[TeacherRef], q: &str) -> TeacherListView {
    let t = |key: &str| i18n::text(lang, key);
    let rows: Vec<TeacherRow> = all
        .iter()
        .filter(|x| matches(x, q))
        .map(|x| TeacherRow {
            id: format!("teacher-{}", x.id.0),
            code: x.code.clone(),
            last_name: x.last_name.clone(),
            first_name: x.first_name.clone(),
            email: x.email.clone().unwrap_or_default(),
            state: t(if x.archived { "teachers-archived" } else { "teachers-active" }),
        })
        .collect();
    let count = i18n::text_with(
        lang,
        "teachers-count",
        &[("shown", rows.len().to_string().into()), ("total", all.len().to_string().into())],
    );
    TeacherListView {
        caption: t("teachers-caption"),
        headers: [
            t("teachers-code"),
            t("teachers-last-name"),
            t("teachers-first-name"),
            t("teachers-email"),
            t("teachers-state"),
        ],
        count,
        none: t("teachers-none"),
        rows,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::ids::TeacherId;

    #[test]
    fn every_word_must_match_somewhere() {
        let t = TeacherRef {
            id: TeacherId(1),
            archived: false,
            code: "abc".into(),
            last_name: "Müller".into(),
            first_name: "Anna".into(),
            email: Some("anna.mueller@school.ch".into()),
        };
        assert!(matches(&t, ""));
        assert!(matches(&t, "ABC"));
        assert!(matches(&t, "anna müller"));
        assert!(matches(&t, "school.ch"));
        assert!(!matches(&t, "anna meier"));
    }
}
