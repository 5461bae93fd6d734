//! Stammdaten → Lehrpersonen (docs/web.md §Teachers): the list with its
//! search and the active/archived filter (`GET /teachers?q=…&state=…`; with
//! htmx, target `teacher-list`, the list alone), and [`TeacherRecord`], the
//! teacher's page and forms through the generic [`super::record`] handlers
//! (`/teachers/{id}`, `/teachers/new`, `…/edit`, `…/archive`, `…/delete`),
//! writing with [`Teachers`] as `/api/v1/teacher` does.

use std::collections::HashMap;

use askama::Template;
use axum::extract::{Query, State};
use axum::http::Uri;
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};

use super::form::{self, Field, FieldErrors, FormData};
use super::guard::SignedIn;
use super::htmx::{HxRequest, HxResponse};
use super::layout::{Page, Screen};
use super::record::{options_of, Options, Record};
use super::{page_error, render, WebState};
use crate::domain::lookup::LookupKind;
use crate::domain::refs::{LookupRef, TeacherRef};
use crate::domain::teacher::Teacher;
use crate::error::Result;
use crate::i18n::{self, Lang};
use crate::service::resources::Teachers;
use crate::store::teacher::TeacherFilter;
use crate::store::Conn;

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
    /// The state filter's choices (all, active, archived).
    pub states: Vec<form::Choice>,
    /// Whether the person may create teachers (shows the link).
    pub can_write: bool,
    /// What was just done (after a delete), or empty.
    pub done: String,
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
    /// Link to the teacher's page.
    pub href: String,
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
    /// Whether archived (the row is marked).
    pub archived: bool,
}

/// Whether teacher `t` matches every word of `q` (in code, names or e-mail; case-insensitive).
pub fn matches(t: &TeacherRef, q: &str) -> bool {
    let hay =
        format!("{} {} {} {}", t.code, t.last_name, t.first_name, t.email.as_deref().unwrap_or("")).to_lowercase();
    q.split_whitespace().all(|word| hay.contains(&word.to_lowercase()))
}

/// The request's path and query.
fn here(uri: &Uri) -> String {
    uri.path_and_query().map_or_else(|| uri.path().to_string(), |pq| pq.as_str().to_string())
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
    let filter = match query.get("state").map(String::as_str) {
        Some("active") => Some(false),
        Some("archived") => Some(true),
        _ => None,
    };
    let read = state
        .store
        .snapshot(async |conn| {
            let teachers = conn.list_teachers(TeacherFilter::default()).await?;
            let years = form::menu_years(conn).await?;
            Result::Ok((teachers, years))
        })
        .await;
    let (all, years) = match read {
        Ok(read) => read,
        Err(e) => return page_error(lang, e),
    };
    let list = list(lang, &all, &q, filter);
    let here = here(&uri);
    if hx.wants_fragment(REGION) {
        return (HxResponse { push_url: Some(here), ..Default::default() }, render(lang, &TeacherList { list }))
            .into_response();
    }
    let t = |key: &str| i18n::text(lang, key);
    let chosen = query.get("state").map_or("all", String::as_str);
    let states =
        [("all", "teachers-state-all"), ("active", "teachers-state-active"), ("archived", "teachers-state-archived")]
            .into_iter()
            .map(|(value, key)| form::Choice { value: value.into(), label: t(key), selected: value == chosen })
            .collect();
    let done = match query.get("done").map(String::as_str) {
        Some("deleted") => t("teachers-done-deleted"),
        _ => String::new(),
    };
    let can_write = user.can_plan();
    let mut page = Page::new(lang, Screen::Teachers, t("teachers-title"), Some(user), here);
    // The menu's Planung entry leads to the newest year's grid.
    page.years = years;
    render(lang, &TeachersPage { page, q, states, can_write, done, list })
}

fn list(lang: Lang, all: &[TeacherRef], q: &str, archived: Option<bool>) -> TeacherListView {
    let t = |key: &str| i18n::text(lang, key);
    let rows: Vec<TeacherRow> = all
        .iter()
        .filter(|x| matches(x, q) && archived.is_none_or(|a| x.archived == a))
        .map(|x| TeacherRow {
            id: format!("teacher-{}", x.id.0),
            href: format!("/teachers/{}", x.id.0),
            code: x.code.clone(),
            last_name: x.last_name.clone(),
            first_name: x.first_name.clone(),
            email: x.email.clone().unwrap_or_default(),
            state: t(if x.archived { "teachers-archived" } else { "teachers-active" }),
            archived: x.archived,
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

/// The choices of lookup `kind` for field `name`, as (id, `code – description`);
/// archived ones only when among `chosen`'s values of the field.
pub async fn lookup_options(
    conn: &mut Conn,
    kind: LookupKind,
    name: &str,
    chosen: &FormData,
) -> Result<Vec<(String, String)>> {
    let picked = chosen.all(name);
    Ok(conn
        .list_lookups(kind, None)
        .await?
        .into_iter()
        .filter(|l| !l.archived || picked.contains(&l.id.to_string().as_str()))
        .map(|l| (l.id.to_string(), format!("{} – {}", l.code, l.description)))
        .collect())
}

/// A lookup's reference as `code – description`, a dash for none.
pub fn lookup_text(l: Option<&LookupRef>) -> String {
    l.map_or_else(|| "–".into(), |l| format!("{} – {}", l.code, l.description))
}

/// A text or a dash for none.
fn or_dash(v: Option<&str>) -> String {
    v.filter(|s| !s.is_empty()).map_or_else(|| "–".into(), str::to_string)
}

/// The teacher's page and forms ([`super::record`]).
pub struct TeacherRecord;

impl Record for TeacherRecord {
    type R = Teachers;
    const BASE: &'static str = "/teachers";
    const SCREEN: Screen = Screen::Teachers;
    const PREFIX: &'static str = "teachers";
    const FIELDS: &'static [&'static str] =
        &["code", "lastName", "firstName", "email", "birthday", "title", "employeeNumber", "gender", "departments"];

    fn values_of(t: &Teacher) -> FormData {
        let mut f = FormData::default();
        f.set("code", &t.code);
        f.set("lastName", &t.last_name);
        f.set("firstName", &t.first_name);
        f.set("email", t.email.clone().unwrap_or_default());
        f.set("birthday", t.birthday.clone().unwrap_or_default());
        f.set("title", t.title.clone().unwrap_or_default());
        f.set("employeeNumber", t.employee_number.clone().unwrap_or_default());
        f.set("gender", t.gender.as_ref().map(|g| g.id.to_string()).unwrap_or_default());
        for d in &t.departments {
            f.push("departments", d.id.to_string());
        }
        f
    }

    fn body(f: &FormData) -> Value {
        json!({
            "archived": f.checked("archived"),
            "code": f.text("code"),
            "lastName": f.text("lastName"),
            "firstName": f.text("firstName"),
            "email": f.text("email"),
            "birthday": f.text("birthday"),
            "title": f.text("title"),
            "employeeNumber": f.text("employeeNumber"),
            "gender": f.text("gender"),
            "departments": f.list("departments"),
        })
    }

    fn fields(lang: Lang, values: &FormData, errors: &FieldErrors, options: &Options) -> Vec<Field> {
        let t = |key: &str| i18n::text(lang, key);
        vec![
            Field::new("text", "code", t("teachers-code"), values, errors, true),
            Field::new("text", "lastName", t("teachers-last-name"), values, errors, true),
            Field::new("text", "firstName", t("teachers-first-name"), values, errors, true),
            Field::new("email", "email", t("teachers-email"), values, errors, false),
            Field::new("date", "birthday", t("teachers-birthday"), values, errors, false),
            Field::new("text", "title", t("teachers-title-field"), values, errors, false),
            Field::new("text", "employeeNumber", t("teachers-employee-number"), values, errors, false),
            Field::new("select", "gender", t("teachers-gender"), values, errors, false).with_options(
                options_of(options, "gender"),
                values,
                Some(t("form-none")),
            ),
            Field::new("checks", "departments", t("teachers-departments"), values, errors, false).with_options(
                options_of(options, "departments"),
                values,
                None,
            ),
        ]
    }

    fn facts(lang: Lang, t: &Teacher) -> Vec<(String, String)> {
        let l = |key: &str| i18n::text(lang, key);
        let birthday = t
            .birthday
            .as_deref()
            .map(|b| chrono::NaiveDate::parse_from_str(b, "%Y-%m-%d").map_or_else(|_| b.to_string(), i18n::date));
        let departments: Vec<String> = t.departments.iter().map(|d| lookup_text(Some(d))).collect();
        vec![
            (l("teachers-code"), t.code.clone()),
            (l("teachers-last-name"), t.last_name.clone()),
            (l("teachers-first-name"), t.first_name.clone()),
            (l("teachers-email"), or_dash(t.email.as_deref())),
            (l("teachers-birthday"), or_dash(birthday.as_deref())),
            (l("teachers-title-field"), or_dash(t.title.as_deref())),
            (l("teachers-employee-number"), or_dash(t.employee_number.as_deref())),
            (l("teachers-gender"), lookup_text(t.gender.as_ref())),
            (l("teachers-departments"), or_dash(Some(departments.join(", ").as_str()))),
            (l("teachers-state"), l(if t.archived { "teachers-archived" } else { "teachers-active" })),
        ]
    }

    fn code(t: &Teacher) -> String {
        t.code.clone()
    }

    fn name(t: &Teacher) -> String {
        format!("{} {}", t.first_name, t.last_name)
    }

    fn archived(t: &Teacher) -> bool {
        t.archived
    }

    async fn options(conn: &mut Conn, chosen: &FormData) -> Result<Options> {
        Ok(vec![
            ("gender", lookup_options(conn, LookupKind::Gender, "gender", chosen).await?),
            ("departments", lookup_options(conn, LookupKind::SubjectCategory, "departments", chosen).await?),
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::ids::TeacherId;
    use crate::domain::reader::Mode;
    use crate::domain::teacher::NewTeacher;
    use crate::domain::FromBody;

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

    #[test]
    fn a_saved_teacher_reads_back_unchanged_through_its_form() {
        let t = Teacher {
            id: TeacherId(7),
            archived: true,
            code: "abc".into(),
            first_name: "Anna".into(),
            last_name: "Müller".into(),
            email: Some("anna@school.ch".into()),
            birthday: Some("1980-02-29".into()),
            departments: vec![LookupRef { id: 3, code: "MINT".into(), description: "Mathematik".into() }],
            employee_number: None,
            title: Some("Dr.".into()),
            gender: None,
        };
        let new = NewTeacher::from_body(
            &TeacherRecord::body(&super::super::record::loaded::<TeacherRecord>(&t)),
            Mode::Replace,
        )
        .unwrap();
        assert!(new.archived);
        assert_eq!(
            (new.code.as_str(), new.email.as_deref(), new.title.as_deref()),
            ("abc", Some("anna@school.ch"), Some("Dr."))
        );
        assert_eq!(new.departments.iter().map(|d| d.0).collect::<Vec<_>>(), [3]);
        assert_eq!((new.employee_number, new.gender), (None, None));
        assert_eq!(new.birthday.map(|b| b.to_string()).as_deref(), Some("1980-02-29"));
    }
}
