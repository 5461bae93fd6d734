//! Stammdaten → Lehrgänge (docs/web.md §Curricula): [`CurriculumRecord`]
//! gives the generic [`super::record`] handlers the list (`GET
//! /curricula?q=…&state=…`, searched in code, designation and grades), the
//! curriculum's page (its grades, each with its payroll types) and forms
//! (`/curricula/{id}`, `/curricula/new`, `…/edit`, `…/archive`, `…/delete`).
//!
//! Create and save go through [`crate::service::curriculum::create`] and
//! [`crate::service::curriculum::update`], as `/api/v1/curriculum` does: the edit
//! form carries, for each grade of the curriculum, its payroll type and its
//! class-lesson payroll type (fields `payrollType-{grade}`,
//! `classLessonPayrollType-{grade}`), saved on the grade in the same
//! transaction (the existing client's curriculum dialog, docs/client.md
//! §Curriculum). The grades' order is the order of the checked boxes: the
//! curriculum's grades first in their order, then the others by code.

use serde_json::{json, Map, Value};

use super::form::{lookup_text, Field, FieldErrors, FormData};
use super::kit::state::WebState;
use super::layout::Screen;
use super::record::{options_of, Listed, Options, Record, Single};
use crate::domain::curriculum::{Curriculum, NewCurriculum, GRADE_PAYROLL_KEYS};
use crate::error::Result;
use crate::i18n::{self, Lang};
use crate::service::audit::Actor;
use crate::service::crud::Written;
use crate::service::curriculum::{self, Curricula};
use crate::service::version::Expect;
use crate::store::{Conn, Store};
use axum::Router;

/// The routes: the record's ([`super::record::routes`]).
pub fn routes() -> Router<WebState> {
    super::record::routes::<CurriculumRecord>()
}

/// The curricula's list, page and forms ([`super::record`]).
pub struct CurriculumRecord;

/// The grades' codes in the curriculum's order, `GYM1, GYM2`.
fn grade_codes(c: &Curriculum) -> String {
    c.grades.iter().map(|g| g.code.as_str()).collect::<Vec<_>>().join(", ")
}

/// The form field of `key` (`payrollType`, `classLessonPayrollType`) of grade `grade`.
fn payroll_field(key: &str, grade: &str) -> String {
    format!("{key}-{grade}")
}

/// Whether the form has a field `name` at all (a select sends it even when blank).
fn has(values: &FormData, name: &str) -> bool {
    values.0.iter().any(|(k, _)| k == name)
}

impl Listed for CurriculumRecord {
    type Item = Curriculum;
    const ROW: &'static str = "curriculum";

    async fn list(conn: &mut Conn) -> Result<Vec<Curriculum>> {
        conn.list_curricula(None).await
    }

    fn headers(lang: Lang) -> Vec<String> {
        ["curricula-code", "curricula-description", "curricula-grades", "form-state"]
            .iter()
            .map(|k| i18n::text(lang, k))
            .collect()
    }

    /// Code, designation and the grades' codes: the search looks in each.
    fn row(c: &Curriculum) -> (i64, Vec<String>, bool) {
        (c.id.0, vec![c.code.clone(), c.description.clone(), grade_codes(c)], c.archived)
    }
}

impl Record for CurriculumRecord {
    type R = Curricula;
    const BASE: &'static str = "/curricula";
    const SCREEN: Screen = Screen::Curricula;
    const PREFIX: &'static str = "curricula";
    const FIELDS: &'static [&'static str] = &["code", "description", "grades"];

    /// Code, designation, the grades in order and each grade's payroll types.
    fn values_of(c: &Curriculum) -> FormData {
        let mut f = FormData::default();
        f.set("code", &c.code);
        f.set("description", &c.description);
        for g in &c.grades {
            f.push("grades", g.id.to_string());
        }
        for g in &c.grades {
            let id = g.id.to_string();
            f.set(
                &payroll_field("payrollType", &id),
                g.payroll_type.as_ref().map(|p| p.id.to_string()).unwrap_or_default(),
            );
            f.set(
                &payroll_field("classLessonPayrollType", &id),
                g.class_lesson_payroll_type.as_ref().map(|p| p.id.to_string()).unwrap_or_default(),
            );
        }
        f
    }

    /// The grades as objects; a grade carries its payroll types only when
    /// the form showed them (a key left out keeps the grade's value).
    fn body(f: &FormData) -> Value {
        let grades: Vec<Value> = f
            .all("grades")
            .into_iter()
            .map(str::trim)
            .filter(|g| !g.is_empty())
            .map(|g| {
                let mut grade = Map::new();
                grade.insert("id".into(), g.into());
                for key in GRADE_PAYROLL_KEYS {
                    let name = payroll_field(key, g);
                    if has(f, &name) {
                        grade.insert(key.into(), f.text(&name));
                    }
                }
                Value::Object(grade)
            })
            .collect();
        json!({
            "archived": f.checked("archived"),
            "code": f.text("code"),
            "description": f.text("description"),
            "grades": grades,
        })
    }

    fn fields(lang: Lang, values: &FormData, errors: &FieldErrors, options: &Options) -> Vec<Field> {
        let t = |key: &str| i18n::text(lang, key);
        let all = options_of(options, "grades");
        let chosen = values.all("grades");
        // The chosen grades first, in their order (it is the curriculum's), then the others.
        let mut ordered: Vec<(String, String)> =
            chosen.iter().filter_map(|c| all.iter().find(|(id, _)| id == c).cloned()).collect();
        ordered.extend(all.iter().filter(|(id, _)| !chosen.contains(&id.as_str())).cloned());
        let mut fields = vec![
            Field::new("text", "code", t("curricula-code"), values, errors, true),
            Field::new("text", "description", t("curricula-description"), values, errors, true),
            Field::new("checks", "grades", t("curricula-grades-field"), values, errors, true)
                .with_options(ordered, values, None),
        ];
        let payroll = options_of(options, "payrollType");
        for grade in chosen {
            let Some((_, label)) = all.iter().find(|(id, _)| id == grade) else { continue };
            for (key, text) in
                [("payrollType", "curricula-grade-payroll"), ("classLessonPayrollType", "curricula-grade-class-lesson")]
            {
                let name = payroll_field(key, grade);
                if has(values, &name) {
                    let label = i18n::text_with(lang, text, &[("grade", label.clone().into())]);
                    fields.push(Field::new("select", &name, label, values, errors, false).with_options(
                        payroll.clone(),
                        values,
                        Some(t("form-none")),
                    ));
                }
            }
        }
        fields
    }

    /// Code, designation, state, then per grade its payroll types.
    fn facts(lang: Lang, c: &Curriculum) -> Vec<(String, String)> {
        let l = |key: &str| i18n::text(lang, key);
        let mut facts = vec![
            (l("curricula-code"), c.code.clone()),
            (l("curricula-description"), c.description.clone()),
            (l("curricula-grades"), grade_codes(c)),
            (l("form-state"), l(if c.archived { "form-archived" } else { "form-active" })),
        ];
        for g in &c.grades {
            let grade = format!("{} – {}", g.code, g.description);
            let value = i18n::text_with(
                lang,
                "curricula-grade-fact",
                &[
                    ("payroll", lookup_text(g.payroll_type.as_ref()).into()),
                    ("classlesson", lookup_text(g.class_lesson_payroll_type.as_ref()).into()),
                ],
            );
            facts.push((i18n::text_with(lang, "curricula-grade-label", &[("grade", grade.into())]), value));
        }
        facts
    }

    fn code(c: &Curriculum) -> String {
        c.code.clone()
    }

    fn name(c: &Curriculum) -> String {
        c.description.clone()
    }

    fn archived(c: &Curriculum) -> bool {
        c.archived
    }

    /// Every grade (`code – description`, by code) and the payroll types.
    async fn options(conn: &mut Conn, _chosen: &FormData) -> Result<Options> {
        let grades = conn
            .list_grades()
            .await?
            .into_iter()
            .map(|g| (g.id.to_string(), format!("{} – {}", g.code, g.description)));
        let payroll = conn
            .list_payroll_types(None)
            .await?
            .into_iter()
            .map(|p| (p.id.to_string(), format!("{} – {}", p.code, p.description)));
        Ok(vec![("grades", grades.collect()), ("payrollType", payroll.collect())])
    }

    /// [`curriculum::create`]: with the grades' payroll types.
    fn create_new<'a>(
        store: &'a Store,
        actor: &'a Actor,
        new: &'a NewCurriculum,
    ) -> impl std::future::Future<Output = Result<Written<Single<Self>>>> + Send + 'a {
        curriculum::create(store, actor, new)
    }

    /// [`curriculum::update`]: with the grades' payroll types, in one transaction.
    fn update_new<'a>(
        store: &'a Store,
        actor: &'a Actor,
        id: i64,
        expect: &'a Expect,
        new: &'a NewCurriculum,
    ) -> impl std::future::Future<Output = Result<Written<Single<Self>>>> + Send + 'a {
        curriculum::update(store, actor, id, expect, new)
    }

    /// The curriculum's lesson table.
    fn links(lang: Lang, c: &Curriculum) -> Vec<(String, String)> {
        vec![(format!("/lessontable?curriculum={}", c.id.0), i18n::text(lang, "curricula-lessontable-link"))]
    }
}
