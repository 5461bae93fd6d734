//! Stammdaten → Lehrpersonen (docs/web.md §Teachers): [`TeacherRecord`]
//! gives the generic [`super::record`] handlers the list (`GET
//! /teachers?q=…&state=…`, searched in code, names and e-mail; with htmx,
//! target `teacher-list`, the list alone), the teacher's page and forms
//! (`/teachers/{id}`, `/teachers/new`, `…/edit`, `…/archive`, `…/delete`),
//! which write with [`Teachers`] as `/api/v1/teacher` does.

use serde_json::{json, Value};

use super::form::{lookup_options, lookup_text, or_dash, Field, FieldErrors, FormData};
use super::kit::state::WebState;
use super::layout::Screen;
use super::record::{options_of, Listed, Options, Record};
use crate::domain::lookup::LookupKind;
use crate::domain::person_name::PersonName as _;
use crate::domain::reference_forms::TeacherRef;
use crate::domain::teacher::Teacher;
use crate::error::Result;
use crate::i18n::{self, Lang};
use crate::service::resources::TeacherFilter;
use crate::service::resources::Teachers;
use crate::store::Conn;
use axum::Router;

/// The routes: the record's ([`super::record::routes`]).
pub fn routes() -> Router<WebState> {
    super::record::routes::<TeacherRecord>()
}

/// The teachers' list, page and forms ([`super::record`]).
pub struct TeacherRecord;

impl Listed for TeacherRecord {
    type Item = TeacherRef;
    const ROW: &'static str = "teacher";

    async fn list(conn: &mut Conn) -> Result<Vec<TeacherRef>> {
        conn.list_teachers(TeacherFilter::default()).await
    }

    fn headers(lang: Lang) -> Vec<String> {
        ["teachers-code", "teachers-last-name", "teachers-first-name", "teachers-email", "teachers-state"]
            .iter()
            .map(|k| i18n::text(lang, k))
            .collect()
    }

    /// Code, last and first name, e-mail: the search looks in each.
    fn row(t: &TeacherRef) -> (i64, Vec<String>, bool) {
        let cells =
            vec![t.code.clone(), t.last_name.clone(), t.first_name.clone(), t.email.clone().unwrap_or_default()];
        (t.id.0, cells, t.archived)
    }
}

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
            (l("teachers-state"), l(if t.archived { "form-archived" } else { "form-active" })),
        ]
    }

    fn code(t: &Teacher) -> String {
        t.code.clone()
    }

    fn name(t: &Teacher) -> String {
        t.name()
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
    use crate::domain::body_reader::Mode;
    use crate::domain::ids::TeacherId;
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
        let hay = TeacherRecord::row(&t).1.join(" ");
        let matches = |q: &str| super::super::record::matches(&hay, q);
        assert!(matches(""));
        assert!(matches("ABC"));
        assert!(matches("anna müller"));
        assert!(matches("school.ch"));
        assert!(!matches("anna meier"));
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
            departments: vec![crate::domain::reference_forms::LookupRef {
                id: 3,
                code: "MINT".into(),
                description: "Mathematik".into(),
            }],
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
