//! The workload panel beside the grid (docs/web.md §Editing the grid): after
//! each change of a course, the teachers it touched — its teachers before
//! and after the change — with their workload against their target, so a
//! planner sees at once what the change did to them.
//!
//! The cell's answer carries the panel out of band as an empty element that
//! loads itself (`hx-trigger="load"`) from `GET /years/{year}/grid/panel
//! ?teachers=1,2`: the save itself stays as fast as before, and the panel's
//! figures come from the same rows as the year overview
//! ([`crate::service::yearview::rows_of`]), computed in one snapshot for the
//! named teachers only.

use std::collections::HashMap;

use askama::Template;
use axum::extract::{Path, Query, State};
use axum::response::Response;
use rust_decimal::Decimal;

use super::super::guard::SignedIn;
use super::super::kit::errors::page_error;
use super::super::kit::render::render;
use super::super::kit::state::WebState;
use crate::domain::course::Course;
use crate::domain::ids::{SchoolYearId, TeacherId};
use crate::domain::person_name::PersonName as _;
use crate::i18n::{self, Lang};

/// At most this many teachers are shown (a merged course has few).
const MAX_TEACHERS: usize = 12;

/// The panel.
#[derive(Template)]
#[template(path = "web/grid/panel.html")]
pub struct WorkloadPanel {
    /// Heading.
    pub heading: String,
    /// Column headers: teacher, workload, target, deviation.
    pub headers: [String; 4],
    /// The rows.
    pub rows: Vec<PanelRow>,
    /// Shown when none of the teachers is employed this year.
    pub none: String,
}

/// One teacher's row.
#[derive(Debug, Clone)]
pub struct PanelRow {
    /// Code.
    pub code: String,
    /// Name.
    pub name: String,
    /// Their Pensenblatt.
    pub href: String,
    /// Workload with age relief, e.g. `84.96 %`.
    pub workload: String,
    /// Payment target.
    pub target: String,
    /// Deviation with its sign.
    pub deviation: String,
    /// `over`, `under` or `even` (a CSS modifier; the sign says it too).
    pub tone: &'static str,
}

/// The teacher ids of `course` (both semesters, each once).
pub fn teachers_of(course: &Course) -> Vec<i64> {
    teachers_of_all(std::slice::from_ref(course))
}

/// The teachers of `courses`, each once, in the order they first appear
/// (what a write of several courses touched).
pub fn teachers_of_all(courses: &[Course]) -> Vec<i64> {
    let mut ids: Vec<i64> = Vec::new();
    for t in courses.iter().flat_map(|c| c.teachers1.iter().chain(&c.teachers2)) {
        if !ids.contains(&t.id.0) {
            ids.push(t.id.0);
        }
    }
    ids
}

/// The panel's URL in school year `year` after a write that redrew the
/// cells of `class` and `also`: the teachers `touched` (the course's before
/// the write) and those of the courses in these cells now; `None` when there
/// are none or the person may not plan.
pub fn url(year: i64, can_plan: bool, touched: &[i64], class: i64, also: &[i64], courses: &[Course]) -> Option<String> {
    let mut ids = touched.to_vec();
    for c in courses.iter().filter(|c| c.school_classes.iter().any(|k| k.id.0 == class || also.contains(&k.id.0))) {
        for id in teachers_of(c) {
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
    }
    if ids.is_empty() || !can_plan {
        return None;
    }
    ids.truncate(MAX_TEACHERS);
    let list: Vec<String> = ids.iter().map(i64::to_string).collect();
    Some(format!("/years/{year}/grid/panel?teachers={}", list.join(",")))
}

/// `GET /years/{year}/grid/panel?teachers=1,2`: the panel for those teachers
/// (those without an employment in the year are left out).
pub async fn panel(
    State(state): State<WebState>,
    SignedIn { lang, .. }: SignedIn,
    Path(year): Path<i64>,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    let wanted: Vec<i64> = q
        .get("teachers")
        .map(|s| s.split(',').filter_map(|t| t.trim().parse::<i64>().ok()).take(MAX_TEACHERS).collect())
        .unwrap_or_default();
    let ids: Vec<TeacherId> = wanted.iter().map(|&t| TeacherId(t)).collect();
    let (found, decimals) = match crate::service::yearview::rows_of(&state.store, SchoolYearId(year), &ids).await {
        Ok(o) => o,
        Err(e) => return page_error(lang, e),
    };
    let rows = found
        .iter()
        .map(|r| PanelRow {
            code: r.teacher.code.clone(),
            name: r.teacher.name(),
            href: format!("/years/{year}/workload/{}", r.teacher.id.0),
            workload: i18n::percent(r.workload, decimals),
            target: i18n::percent(r.target, decimals),
            deviation: signed(r.deviation, decimals),
            tone: if r.deviation > Decimal::ZERO {
                "over"
            } else if r.deviation < Decimal::ZERO {
                "under"
            } else {
                "even"
            },
        })
        .collect();
    render(lang, &view(lang, rows))
}

fn view(lang: Lang, rows: Vec<PanelRow>) -> WorkloadPanel {
    let t = |key: &str| i18n::text(lang, key);
    WorkloadPanel {
        heading: t("grid-panel-heading"),
        headers: [t("grid-panel-teacher"), t("grid-panel-workload"), t("grid-panel-target"), t("grid-panel-deviation")],
        rows,
        none: t("grid-panel-none"),
    }
}

/// A deviation with its sign, e.g. `+1.50 %`, `-2.96 %`, `0.00 %`.
fn signed(d: Decimal, decimals: u32) -> String {
    let text = i18n::percent(d, decimals);
    if d > Decimal::ZERO {
        format!("+{text}")
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deviations_carry_their_sign() {
        assert_eq!(signed(Decimal::new(150, 2), 2), "+1.50 %");
        assert_eq!(signed(Decimal::new(-296, 2), 2), "-2.96 %");
        assert_eq!(signed(Decimal::ZERO, 2), "0.00 %");
    }
}
