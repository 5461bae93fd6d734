//! Stammdaten → Klassen (docs/web.md §Classes): [`ClassRecord`] gives the
//! generic [`super::record`] handlers the list (`GET /classes?q=…&state=…`,
//! searched in designation, graduation year, curriculum and division), the
//! class's page and forms (`/classes/{id}`, `/classes/new`, `…/edit`,
//! `…/archive`, `…/delete`), which write with [`SchoolClasses`] as
//! `/api/v1/schoolclass` does.

use serde_json::{json, Value};

use super::form::{Field, FieldErrors, FormData};
use super::kit::state::WebState;
use super::layout::Screen;
use super::record::{options_of, Listed, Options, Record};
use crate::domain::schoolclass::SchoolClass;
use crate::error::Result;
use crate::i18n::{self, Lang};
use crate::service::resources::SchoolClassFilter;
use crate::service::resources::SchoolClasses;
use crate::store::Conn;
use axum::Router;

/// The routes: the record's ([`super::record::routes`]).
pub fn routes() -> Router<WebState> {
    super::record::routes::<ClassRecord>()
}

/// The classes' list, page and forms ([`super::record`]).
pub struct ClassRecord;

/// `code – description`.
fn labelled(code: &str, description: &str) -> String {
    format!("{code} – {description}")
}

impl Listed for ClassRecord {
    type Item = SchoolClass;
    const ROW: &'static str = "class";

    async fn list(conn: &mut Conn) -> Result<Vec<SchoolClass>> {
        conn.list_school_classes(SchoolClassFilter::default()).await
    }

    fn headers(lang: Lang) -> Vec<String> {
        ["classes-code", "classes-graduation-year", "classes-curriculum", "classes-division", "form-state"]
            .iter()
            .map(|k| i18n::text(lang, k))
            .collect()
    }

    /// Designation, graduation year, curriculum and division: the search looks in each.
    fn row(c: &SchoolClass) -> (i64, Vec<String>, bool) {
        let cells = vec![
            c.code.clone(),
            c.graduation_year.to_string(),
            labelled(&c.curriculum.code, &c.curriculum.description),
            labelled(&c.division.code, &c.division.description),
        ];
        (c.id.0, cells, c.archived)
    }
}

impl Record for ClassRecord {
    type R = SchoolClasses;
    const BASE: &'static str = "/classes";
    const SCREEN: Screen = Screen::Classes;
    const PREFIX: &'static str = "classes";
    const FIELDS: &'static [&'static str] = &["code", "graduationYear", "curriculum", "division"];

    fn values_of(c: &SchoolClass) -> FormData {
        let mut f = FormData::default();
        f.set("code", &c.code);
        f.set("graduationYear", c.graduation_year.to_string());
        f.set("curriculum", c.curriculum.id.0.to_string());
        f.set("division", c.division.id.to_string());
        f
    }

    fn body(f: &FormData) -> Value {
        json!({
            "archived": f.checked("archived"),
            "code": f.text("code"),
            "graduationYear": f.text("graduationYear"),
            "curriculum": f.text("curriculum"),
            "division": f.text("division"),
        })
    }

    fn fields(lang: Lang, values: &FormData, errors: &FieldErrors, options: &Options) -> Vec<Field> {
        let t = |key: &str| i18n::text(lang, key);
        let choose = Some(t("form-choose"));
        vec![
            Field::new("text", "code", t("classes-code"), values, errors, true),
            Field::new("number", "graduationYear", t("classes-graduation-year"), values, errors, true),
            Field::new("select", "curriculum", t("classes-curriculum"), values, errors, true).with_options(
                options_of(options, "curriculum"),
                values,
                choose.clone(),
            ),
            Field::new("select", "division", t("classes-division"), values, errors, true).with_options(
                options_of(options, "division"),
                values,
                choose,
            ),
        ]
    }

    fn facts(lang: Lang, c: &SchoolClass) -> Vec<(String, String)> {
        let l = |key: &str| i18n::text(lang, key);
        vec![
            (l("classes-code"), c.code.clone()),
            (l("classes-graduation-year"), c.graduation_year.to_string()),
            (l("classes-curriculum"), labelled(&c.curriculum.code, &c.curriculum.description)),
            (l("classes-division"), labelled(&c.division.code, &c.division.description)),
            (l("form-state"), l(if c.archived { "form-archived" } else { "form-active" })),
        ]
    }

    fn code(c: &SchoolClass) -> String {
        c.code.clone()
    }

    fn name(c: &SchoolClass) -> String {
        c.curriculum.description.clone()
    }

    fn archived(c: &SchoolClass) -> bool {
        c.archived
    }

    /// The curricula (archived ones only when chosen) and the divisions.
    async fn options(conn: &mut Conn, chosen: &FormData) -> Result<Options> {
        let picked = chosen.get("curriculum").to_string();
        let curricula = conn
            .list_curricula(None)
            .await?
            .into_iter()
            .filter(|c| !c.archived || c.id.0.to_string() == picked)
            .map(|c| (c.id.0.to_string(), labelled(&c.code, &c.description)))
            .collect();
        let divisions = conn
            .list_divisions()
            .await?
            .into_iter()
            .map(|d| (d.id.0.to_string(), labelled(&d.code, &d.description)))
            .collect();
        Ok(vec![("curriculum", curricula), ("division", divisions)])
    }
}
