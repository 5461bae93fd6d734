//! Verlauf: the history of one object from the audit trail
//! (`GET /history/{type}/{id}?page=N[&back=PATH]`, docs/web.md §History):
//! who changed which field, when, from what to what; newest first, in pages
//! of [`history::PER_PAGE`]. Administrators only, as the API's
//! `GET /api/v1/audit` ([`history::may_read`]); others get 403.
//!
//! Fields are named as the catalogue names them (`history-field-<key>`),
//! else by their API key; values are written plainly: references by their
//! code (the audit entry holds it, no query per row), lessons as `2.50 L`,
//! dates as `25.11.2026`, yes/no, `–` for none.

use std::collections::HashMap;

use askama::Template;
use axum::extract::{Path, Query, State};
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use rust_decimal::Decimal;
use serde_json::Value;

use super::form;
use super::guard::SignedIn;
use super::kit::errors::page_error;
use super::kit::render::render;
use super::kit::state::WebState;
use super::layout::{Page, Screen};
use super::redirect::local_target;
use crate::auth::Role;
use crate::i18n::{self, Lang};
use crate::service::audit::Action;
use crate::service::history::{self, Entry};

/// The route of an object's history.
pub fn routes() -> Router<WebState> {
    Router::new().route("/history/{kind}/{id}", get(page))
}

/// The history page.
#[derive(Template)]
#[template(path = "web/history/page.html")]
pub struct HistoryPage {
    /// The frame.
    pub page: Page,
    /// Where the link back leads (the object's page), or empty.
    pub back: String,
    /// `12 Einträge`.
    pub count: String,
    /// The entries of this page, newest first.
    pub entries: Vec<EntryView>,
    /// The link to the newer entries' page, or empty.
    pub newer: String,
    /// The link to the older entries' page, or empty.
    pub older: String,
    /// `Seite 1 von 3`.
    pub position: String,
}

/// One entry as shown.
#[derive(Debug, Clone)]
pub struct EntryView {
    /// `25.11.2026 14:03 UTC · anna · geändert`.
    pub head: String,
    /// (field, before, after), every text made.
    pub fields: Vec<(String, String, String)>,
}

/// The history link of object `object_type` `id` (`/history/teacher/7`).
pub fn link(object_type: &str, id: i64) -> String {
    format!("/history/{object_type}/{id}")
}

/// `GET /history/{type}/{id}?page=N&back=PATH`.
pub async fn page(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path((object_type, id)): Path<(String, i64)>,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    if object_type.is_empty() || !object_type.bytes().all(|b| b.is_ascii_lowercase()) {
        return page_error(lang, crate::error::Error::not_found("history", id));
    }
    let n = q.get("page").and_then(|p| p.parse::<usize>().ok()).unwrap_or(1);
    let h = match history::object_history(&state.store, user.role, &object_type, id, n).await {
        Ok(h) => h,
        Err(e) => return page_error(lang, e),
    };
    let noun = type_name(lang, &object_type);
    let title = match &h.code {
        Some(code) => i18n::text_with(lang, "history-title", &[("object", noun.into()), ("code", code.into())]),
        None => i18n::text_with(lang, "history-title", &[("object", noun.into()), ("code", id.to_string().into())]),
    };
    let back = back_link(&object_type, id, q.get("back").map(String::as_str));
    let here = link(&object_type, id);
    let page_link = |p: usize| {
        let back_q = q
            .get("back")
            .and_then(|b| local_target(b))
            .map(|b| format!("&back={}", urlencoding(&b)))
            .unwrap_or_default();
        format!("{here}?page={p}{back_q}")
    };
    let newer = if h.page > 1 { page_link(h.page - 1) } else { String::new() };
    let older = if h.page < h.pages { page_link(h.page + 1) } else { String::new() };
    let position = i18n::text_with(
        lang,
        "history-position",
        &[("page", h.page.to_string().into()), ("pages", h.pages.to_string().into())],
    );
    let count = i18n::text_with(lang, "history-count", &[("count", h.total.to_string().into())]);
    let entries = h.entries.iter().map(|e| entry(lang, e)).collect();
    let page = Page::new(lang, Screen::History, title, Some(user), page_link(h.page));
    render(lang, &HistoryPage { page, back, count, entries, newer, older, position })
}

/// The role's name in `lang` (`Lesende`, `Planung`, `Administration`).
pub fn role_name(lang: Lang, role: Role) -> String {
    i18n::text(
        lang,
        match role {
            Role::Teacher => "role-teacher",
            Role::Reader => "role-reader",
            Role::Planner => "role-planner",
            Role::Admin => "role-admin",
        },
    )
}

/// `path` for a query parameter: `&`, `#`, `%`, `+`, `?` and spaces escaped.
fn urlencoding(path: &str) -> String {
    url::form_urlencoded::byte_serialize(path.as_bytes()).collect()
}

/// The link back: `back` when it is a local path, else the record's page.
fn back_link(object_type: &str, id: i64, back: Option<&str>) -> String {
    match back.and_then(local_target) {
        Some(b) => b,
        None => super::object_link::object_page(object_type, id, None).unwrap_or_default(),
    }
}

/// The object type's name (`Lehrperson`), else the type itself.
fn type_name(lang: Lang, object_type: &str) -> String {
    known(lang, &format!("history-type-{object_type}")).unwrap_or_else(|| object_type.to_string())
}

/// The field's label (`Name`), else its API key.
fn field_name(lang: Lang, field: &str) -> String {
    known(lang, &format!("history-field-{field}")).unwrap_or_else(|| field.to_string())
}

/// The text of `key` when the catalogue has it (it answers a missing key with the key).
fn known(lang: Lang, key: &str) -> Option<String> {
    let text = i18n::text(lang, key);
    (text != key).then_some(text)
}

/// An entry as shown: created and deleted objects list their non-empty
/// fields (the other side `–`); the id is left out.
fn entry(lang: Lang, e: &Entry) -> EntryView {
    let kind = i18n::text(lang, &format!("history-{}", e.action.as_str()));
    let head = format!("{} · {} · {kind}", form::when(&e.change.at), e.change.who);
    let fields = e
        .change
        .fields
        .iter()
        .filter(|f| f.field != "id" && !(e.action != Action::Changed && f.before.is_null() && f.after.is_null()))
        .map(|f| (field_name(lang, &f.field), shown(lang, &f.field, &f.before), shown(lang, &f.field, &f.after)))
        .collect();
    EntryView { head, fields }
}

/// A value of the audit trail, plainly: `–` for none, yes/no, lessons
/// (`lessons…`, `open…`) as `2.50 L`, dates as `25.11.2026`, references by
/// their code (else name or description), lists joined by commas, roles by
/// their names.
pub fn shown(lang: Lang, field: &str, v: &Value) -> String {
    match v {
        Value::Null => "–".into(),
        Value::Bool(b) => i18n::text(lang, if *b { "history-yes" } else { "history-no" }),
        Value::Number(n) if field.starts_with("lessons") || field.starts_with("open") => {
            n.to_string().parse::<Decimal>().map_or_else(|_| n.to_string(), i18n::lessons)
        }
        Value::Number(n) => n.to_string(),
        Value::String(s) if s.trim().is_empty() => "–".into(),
        Value::String(s) if field == "role" => s.parse::<Role>().map_or_else(|_| s.clone(), |r| role_name(lang, r)),
        Value::String(s) => chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d").map_or_else(|_| s.clone(), i18n::date),
        Value::Array(items) if items.is_empty() => "–".into(),
        Value::Array(items) => items.iter().map(|i| shown(lang, field, i)).collect::<Vec<_>>().join(", "),
        Value::Object(o) => ["code", "name", "description", "id"]
            .iter()
            .find_map(|k| o.get(*k).filter(|v| !v.is_null()))
            .map_or_else(|| v.to_string(), |inner| shown(lang, "", inner)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn values_are_written_plainly() {
        assert_eq!(shown(Lang::De, "lessons1", &json!(2.5)), "2.50 L");
        assert_eq!(shown(Lang::De, "birthday", &json!("1980-02-29")), "29.02.1980");
        assert_eq!(
            shown(Lang::De, "teachers1", &json!([{"id": 1, "code": "abc"}, {"id": 2, "code": "def"}])),
            "abc, def"
        );
        assert_eq!(shown(Lang::De, "gender", &json!({"id": 3, "code": "w", "description": "weiblich"})), "w");
        assert_eq!(shown(Lang::De, "title", &Value::Null), "–");
        assert_eq!(shown(Lang::De, "archived", &json!(true)), "ja");
        assert_eq!(shown(Lang::En, "archived", &json!(false)), "no");
        assert_eq!(shown(Lang::De, "graduationYear", &json!(2027)), "2027");
    }

    #[test]
    fn fields_are_named_by_the_catalogue_or_their_key() {
        assert_eq!(field_name(Lang::De, "lastName"), "Name");
        assert_eq!(field_name(Lang::En, "lastName"), "Last name");
        assert_eq!(field_name(Lang::De, "noSuchField"), "noSuchField");
    }

    #[test]
    fn only_local_paths_are_links_back() {
        assert_eq!(back_link("teacher", 7, None), "/teachers/7");
        assert_eq!(back_link("course", 7, Some("/years/2/grid")), "/years/2/grid");
        assert_eq!(back_link("course", 7, Some("//evil.example")), "");
        assert_eq!(back_link("teacher", 7, Some("https://evil.example")), "/teachers/7");
        assert_eq!(back_link("teacher", 7, Some("/\t/evil.example/")), "/teachers/7");
    }
}
