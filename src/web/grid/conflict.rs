//! A save that comes too late (412: someone changed the course after the
//! editor was loaded; docs/web.md §Editing the grid): who changed what
//! meanwhile, from the audit trail ([`meanwhile::changes_since`]), the
//! current and the typed value of every field side by side, and a form that
//! applies the typed values again over the current version.

use askama::Template;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use rust_decimal::Decimal;
use serde_json::Value;

use super::super::htmx::HxRequest;
use super::super::kit::errors::page_error;
use super::super::kit::render::render;
use super::super::layout::{Page, Screen};
use super::cell::{self, CellFrame};
use super::form::{field_label, CourseForm};
use crate::domain::course::Course;
use crate::error::Result;
use crate::i18n::{self, Lang};
use crate::service::meanwhile::{self, Change};
use crate::service::session::SessionUser;
use crate::service::version::Version;
use crate::service::Store;

/// The conflict in its cell (the answer to htmx).
#[derive(Template)]
#[template(path = "web/grid/conflict.html")]
pub struct ConflictCell {
    /// The conflict.
    pub c: ConflictView,
}

/// The conflict as a page (without JavaScript).
#[derive(Template)]
#[template(path = "web/grid/conflict_page.html")]
pub struct ConflictPage {
    /// The frame.
    pub page: Page,
    /// The conflict.
    pub c: ConflictView,
}

/// The conflict as the templates show it.
#[derive(Debug, Clone)]
pub struct ConflictView {
    /// Where it is, where it posts, how it closes.
    pub f: CellFrame,
    /// The sentence above the changes.
    pub intro: String,
    /// The changes of others since the editor was loaded, oldest first.
    pub changes: Vec<ChangeView>,
    /// Every field: now saved and typed.
    pub rows: Vec<CompareRow>,
    /// The typed values over the current version, as hidden fields.
    pub hidden: Vec<(&'static str, String)>,
}

/// One change of someone else.
#[derive(Debug, Clone)]
pub struct ChangeView {
    /// `anna, 25.11.2026 14:03 UTC`.
    pub who: String,
    /// (field, before, after), every text made.
    pub fields: Vec<(String, String, String)>,
}

/// A field with its saved and its typed value.
#[derive(Debug, Clone)]
pub struct CompareRow {
    /// The field's label.
    pub label: String,
    /// The value saved now.
    pub current: String,
    /// The value typed.
    pub mine: String,
    /// Whether they differ.
    pub differs: bool,
}

/// A value of the audit trail as the grid writes it: lessons `2.50 L`, lists
/// by their codes, yes/no, `–` for none.
fn shown(lang: Lang, key: &str, v: &Value) -> String {
    match v {
        Value::Null => "–".into(),
        Value::Bool(b) => yes_no(lang, *b),
        Value::Number(n) if key.starts_with("lessons") => {
            n.to_string().parse::<Decimal>().map_or_else(|_| n.to_string(), i18n::lessons)
        }
        Value::Array(items) if items.is_empty() => "–".into(),
        Value::Array(items) => items
            .iter()
            .map(|i| i.get("code").and_then(Value::as_str).map_or_else(|| i.to_string(), str::to_string))
            .collect::<Vec<_>>()
            .join(", "),
        Value::String(s) if s.trim().is_empty() => "–".into(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn yes_no(lang: Lang, b: bool) -> String {
    i18n::text(lang, if b { "grid-edit-yes" } else { "grid-edit-no" })
}

/// `25.11.2026 14:03 UTC` of an audit timestamp.
fn when(at: &str) -> String {
    match chrono::DateTime::parse_from_rfc3339(at) {
        Ok(t) => format!("{} {} UTC", i18n::date(t.date_naive()), t.format("%H:%M")),
        Err(_) => at.to_string(),
    }
}

fn change(lang: Lang, c: &Change) -> ChangeView {
    let who =
        i18n::text_with(lang, "grid-edit-changed-by", &[("name", c.who.as_str().into()), ("when", when(&c.at).into())]);
    let fields = c
        .fields
        .iter()
        .filter_map(|f| {
            let label = field_label(lang, &f.field)?;
            Some((label, shown(lang, &f.field, &f.before), shown(lang, &f.field, &f.after)))
        })
        .collect();
    ChangeView { who, fields }
}

/// Lessons typed, read as a decimal (a comma as a point), if they are one.
fn typed_lessons(typed: &str) -> Option<Decimal> {
    let t = crate::domain::fixed::typed_decimal(typed);
    if t.is_empty() {
        Some(Decimal::ZERO)
    } else {
        t.parse().ok()
    }
}

/// The rows: every field of the editor, saved now and typed.
pub fn rows(lang: Lang, now: &Course, form: &CourseForm) -> Vec<CompareRow> {
    let label = |k: &str| field_label(lang, k).unwrap_or_default();
    let lessons = |key: &str, saved: Decimal, typed: &str| {
        let mine = typed_lessons(typed);
        CompareRow {
            label: label(key),
            current: i18n::lessons(saved),
            mine: mine.map_or_else(|| typed.to_string(), i18n::lessons),
            differs: mine != Some(saved),
        }
    };
    let teachers = |key: &str, saved: &[crate::domain::reference_forms::TeacherRef], typed: Vec<String>| {
        let lower = |v: Vec<String>| v.into_iter().map(|c| c.to_lowercase()).collect::<Vec<_>>();
        let saved_codes: Vec<String> = saved.iter().map(|t| t.code.clone()).collect();
        CompareRow {
            label: label(key),
            current: cell::codes(saved),
            mine: if typed.is_empty() { "–".into() } else { typed.join(", ") },
            differs: lower(saved_codes) != lower(typed),
        }
    };
    let flag = |key: &str, saved: bool, typed: bool| CompareRow {
        label: label(key),
        current: yes_no(lang, saved),
        mine: yes_no(lang, typed),
        differs: saved != typed,
    };
    let saved_comment = now.comments.clone().unwrap_or_default();
    let text = |t: &str| if t.trim().is_empty() { "–".to_string() } else { t.trim().to_string() };
    vec![
        lessons("lessons1", now.lessons1.decimal(), &form.lessons1),
        lessons("lessons2", now.lessons2.decimal(), &form.lessons2),
        teachers("teachers1", &now.teachers1, form.codes(1)),
        teachers("teachers2", &now.teachers2, form.codes(2)),
        flag("smallGroup1", now.small_group1, form.small_group1),
        flag("smallGroup2", now.small_group2, form.small_group2),
        CompareRow {
            label: label("comments"),
            current: text(&saved_comment),
            mine: text(&form.comments),
            differs: saved_comment.trim() != form.comments.trim(),
        },
        flag("cancelled", now.cancelled, form.cancelled),
    ]
}

/// What others changed on course `now` since `loaded` (an audit timestamp,
/// the form's hidden field), in `lang`: the sentence above the changes and
/// the changes of the editor's fields, oldest first.
pub async fn meanwhile(store: &Store, lang: Lang, now: &Course, loaded: &str) -> Result<(String, Vec<ChangeView>)> {
    let changes = meanwhile::changes_since(store, "course", now.id.0, loaded).await?;
    let changes: Vec<ChangeView> = changes.iter().map(|c| change(lang, c)).filter(|c| !c.fields.is_empty()).collect();
    let intro =
        i18n::text(lang, if changes.is_empty() { "grid-edit-conflict-unknown" } else { "grid-edit-conflict-intro" });
    Ok((intro, changes))
}

/// The conflict of `form` with `now` (the course as it is), with status 412:
/// in the cell for htmx, else as a page.
pub async fn respond(
    store: &Store,
    lang: Lang,
    user: SessionUser,
    hx: &HxRequest,
    year: i64,
    now: &Course,
    form: CourseForm,
) -> Response {
    let reloaded = crate::auth::now_text();
    let (intro, changes) = match meanwhile(store, lang, now, &form.loaded).await {
        Ok(c) => c,
        Err(e) => return page_error(lang, e),
    };
    let version = match Version::of(now) {
        Ok(v) => v,
        Err(e) => return page_error(lang, e),
    };
    let mine = CourseForm { version: version.to_string(), loaded: reloaded, ..form.clone() };
    let inline = cell::wants_cell(hx);
    let c = ConflictView {
        f: CellFrame::new(lang, inline, &user.csrf, year, now, form.class),
        intro,
        changes,
        rows: rows(lang, now, &form),
        hidden: mine.pairs(),
    };
    let res = if inline {
        render(lang, &ConflictCell { c })
    } else {
        let mut page = Page::new(lang, Screen::Grid, c.f.title.clone(), Some(user), c.f.action.clone() + "/edit");
        page.year = Some(year);
        render(lang, &ConflictPage { page, c })
    };
    (StatusCode::PRECONDITION_FAILED, res).into_response()
}

#[cfg(test)]
mod tests {
    use super::super::form::lessons_text;
    use super::*;
    use serde_json::json;

    #[test]
    fn audit_values_are_written_as_the_grid_does() {
        assert_eq!(shown(Lang::De, "lessons1", &json!(2.5)), "2.50 L");
        assert_eq!(
            shown(Lang::De, "teachers1", &json!([{"id": 1, "code": "abc"}, {"id": 2, "code": "def"}])),
            "abc, def"
        );
        assert_eq!(shown(Lang::De, "teachers1", &json!([])), "–");
        assert_eq!(shown(Lang::De, "comments", &Value::Null), "–");
        assert_eq!(when("2026-11-25T14:03:12.123456Z"), "25.11.2026 14:03 UTC");
        assert_eq!(typed_lessons("2,5"), Some(Decimal::new(25, 1)));
        assert_eq!(lessons_text(Decimal::new(300, 2)), "3");
    }
}
