//! Stammdaten → Fächer (docs/web.md §Subjects): [`SubjectRecord`] gives the
//! generic [`super::record`] handlers the list (`GET /subjects?q=…&state=…`,
//! searched in code, designation, category and type), the subject's page and
//! forms (`/subjects/{id}`, `/subjects/new`, `…/edit`, `…/archive`,
//! `…/delete`), which write with [`Subjects`] as `/api/v1/subject` does.

use serde_json::{json, Value};

use super::form::{lookup_options, lookup_text, or_dash, Field, FieldErrors, FormData};
use super::kit::state::WebState;
use super::layout::Screen;
use super::record::{options_of, Listed, Options, Record};
use crate::domain::lookup::LookupKind;
use crate::domain::reference_forms::SubjectRef;
use crate::domain::subject::Subject;
use crate::error::Result;
use crate::i18n::{self, Lang};
use crate::service::resources::SubjectFilter;
use crate::service::resources::Subjects;
use crate::store::Conn;
use axum::Router;

/// The routes: the record's ([`super::record::routes`]).
pub fn routes() -> Router<WebState> {
    super::record::routes::<SubjectRecord>()
}

/// The subjects' list, page and forms ([`super::record`]).
pub struct SubjectRecord;

impl Listed for SubjectRecord {
    type Item = SubjectRef;
    const ROW: &'static str = "subject";

    async fn list(conn: &mut Conn) -> Result<Vec<SubjectRef>> {
        conn.list_subjects(SubjectFilter::default()).await
    }

    fn headers(lang: Lang) -> Vec<String> {
        ["subjects-code", "subjects-description", "subjects-category", "subjects-type", "form-state"]
            .iter()
            .map(|k| i18n::text(lang, k))
            .collect()
    }

    /// Code, designation, category and type: the search looks in each.
    fn row(s: &SubjectRef) -> (i64, Vec<String>, bool) {
        let cells =
            vec![s.code.clone(), s.description.clone(), lookup_text(s.category.as_ref()), lookup_text(Some(&s.kind))];
        (s.id.0, cells, s.archived)
    }
}

impl Record for SubjectRecord {
    type R = Subjects;
    const BASE: &'static str = "/subjects";
    const SCREEN: Screen = Screen::Subjects;
    const PREFIX: &'static str = "subjects";
    const FIELDS: &'static [&'static str] =
        &["code", "description", "category", "type", "crossClass", "classLesson", "externalCode"];

    fn values_of(s: &Subject) -> FormData {
        let mut f = FormData::default();
        f.set("code", &s.code);
        f.set("description", &s.description);
        f.set("category", s.category.as_ref().map(|c| c.id.to_string()).unwrap_or_default());
        f.set("type", s.kind.id.to_string());
        f.set("crossClass", s.cross_class.to_string());
        f.set("classLesson", s.class_lesson.to_string());
        f.set("externalCode", s.external_code.clone().unwrap_or_default());
        f
    }

    fn body(f: &FormData) -> Value {
        json!({
            "archived": f.checked("archived"),
            "code": f.text("code"),
            "description": f.text("description"),
            "category": f.text("category"),
            "type": f.text("type"),
            "crossClass": f.checked("crossClass"),
            "classLesson": f.checked("classLesson"),
            "externalCode": f.text("externalCode"),
        })
    }

    fn fields(lang: Lang, values: &FormData, errors: &FieldErrors, options: &Options) -> Vec<Field> {
        let t = |key: &str| i18n::text(lang, key);
        let choose = Some(t("form-choose"));
        vec![
            Field::new("text", "code", t("subjects-code"), values, errors, true),
            Field::new("text", "description", t("subjects-description"), values, errors, true),
            Field::new("select", "category", t("subjects-category"), values, errors, true).with_options(
                options_of(options, "category"),
                values,
                choose.clone(),
            ),
            Field::new("select", "type", t("subjects-type"), values, errors, true).with_options(
                options_of(options, "type"),
                values,
                choose,
            ),
            Field::new("checkbox", "crossClass", t("subjects-cross-class"), values, errors, false),
            Field::new("checkbox", "classLesson", t("subjects-class-lesson"), values, errors, false),
            Field::new("text", "externalCode", t("subjects-external-code"), values, errors, false),
        ]
    }

    fn facts(lang: Lang, s: &Subject) -> Vec<(String, String)> {
        let l = |key: &str| i18n::text(lang, key);
        let yes_no = |b: bool| l(if b { "form-yes" } else { "form-no" });
        vec![
            (l("subjects-code"), s.code.clone()),
            (l("subjects-description"), s.description.clone()),
            (l("subjects-category"), lookup_text(s.category.as_ref())),
            (l("subjects-type"), lookup_text(Some(&s.kind))),
            (l("subjects-cross-class"), yes_no(s.cross_class)),
            (l("subjects-class-lesson"), yes_no(s.class_lesson)),
            (l("subjects-external-code"), or_dash(s.external_code.as_deref())),
            (l("form-state"), l(if s.archived { "form-archived" } else { "form-active" })),
        ]
    }

    fn code(s: &Subject) -> String {
        s.code.clone()
    }

    fn name(s: &Subject) -> String {
        s.description.clone()
    }

    fn archived(s: &Subject) -> bool {
        s.archived
    }

    async fn options(conn: &mut Conn, chosen: &FormData) -> Result<Options> {
        Ok(vec![
            ("category", lookup_options(conn, LookupKind::SubjectCategory, "category", chosen).await?),
            ("type", lookup_options(conn, LookupKind::SubjectType, "type", chosen).await?),
        ])
    }
}
