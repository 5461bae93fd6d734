//! Planung → Pool (docs/web.md §Pool): the pool entries of one school year
//! (`/years/{year}/pool`), filtered by teacher and pool type and searched,
//! each with its page and forms, written with [`PoolEntries`] as
//! `/api/v1/poolentry` is ([`super::year_record`] does the rest).
//!
//! An entry belongs to a teacher's employment: the form offers the teachers
//! employed that year, and the service refuses another (422
//! `teacher_not_employed`, beside the teacher). Percents are shown exactly
//! as entered (`2.50 %`).

use serde_json::{json, Value};

use super::form::{or_dash, Field, FieldErrors, FormData};
use super::kit::state::WebState;
use super::layout::Screen;
use super::record::{options_of, Options};
use super::year_record::{exact_percent, exact_text, Cell, Row, YearRecord};
use crate::domain::fixed::Fixed;
use crate::domain::ids::SchoolYearId;
use crate::domain::person_name::PersonName as _;
use crate::domain::pool::PoolEntry;
use crate::error::Result;
use crate::i18n::{self, Lang};
use crate::service::pool::OwnerFilter;
use crate::service::pool::PoolEntries;
use crate::service::resources::TeacherFilter;
use crate::store::Conn;
use axum::Router;

/// The routes: a year's record's ([`super::year_record::routes`]).
pub fn routes() -> Router<WebState> {
    super::year_record::routes::<PoolRecord>()
}

/// The pool entries' list, page and forms.
pub struct PoolRecord;

fn teacher(p: &PoolEntry) -> String {
    p.teacher.choice()
}

fn percent(f: Fixed) -> Cell {
    Cell::figure(exact_percent(Some(f.decimal())), exact_text(Some(f.decimal())))
}

impl YearRecord for PoolRecord {
    type R = PoolEntries;
    type Item = PoolEntry;
    const SEGMENT: &'static str = "pool";
    const SCREEN: Screen = Screen::Pool;
    const PREFIX: &'static str = "pool";
    const ROW: &'static str = "poolentry";
    const FIELDS: &'static [&'static str] = &["teacher", "type", "description", "percent1", "percent2"];
    const FILTERS: &'static [&'static str] = &["teacher", "type"];

    fn year_of(p: &PoolEntry) -> i64 {
        p.school_year.id.0
    }

    fn values_of(p: &PoolEntry) -> FormData {
        let mut f = FormData::default();
        f.set("teacher", p.teacher.id.0.to_string());
        f.set("type", p.kind.id.to_string());
        f.set("description", p.description.clone().unwrap_or_default());
        f.set("percent1", exact_text(Some(p.percent1.decimal())));
        f.set("percent2", exact_text(Some(p.percent2.decimal())));
        f
    }

    fn body(year: i64, f: &FormData) -> Value {
        json!({
            "schoolYear": year,
            "teacher": f.text("teacher"),
            "type": f.text("type"),
            "description": f.text("description"),
            "percent1": f.number("percent1"),
            "percent2": f.number("percent2"),
        })
    }

    fn fields(lang: Lang, values: &FormData, errors: &FieldErrors, options: &Options) -> Vec<Field> {
        let t = |key: &str| i18n::text(lang, key);
        let choose = Some(t("form-choose"));
        vec![
            Field::new("select", "teacher", t("pool-teacher"), values, errors, true).with_options(
                options_of(options, "teacher"),
                values,
                choose.clone(),
            ),
            Field::new("select", "type", t("pool-type"), values, errors, true).with_options(
                options_of(options, "type"),
                values,
                choose,
            ),
            Field::new("text", "description", t("pool-description"), values, errors, false),
            Field::new("text", "percent1", t("pool-percent1"), values, errors, false),
            Field::new("text", "percent2", t("pool-percent2"), values, errors, false),
        ]
    }

    fn facts(lang: Lang, p: &PoolEntry) -> Vec<(String, String)> {
        let l = |key: &str| i18n::text(lang, key);
        vec![
            (l("pool-teacher"), teacher(p)),
            (l("pool-year"), p.school_year.code.clone()),
            (l("pool-type"), format!("{} – {}", p.kind.code, p.kind.description)),
            (l("pool-description"), or_dash(p.description.as_deref())),
            (l("pool-percent1"), exact_percent(Some(p.percent1.decimal()))),
            (l("pool-percent2"), exact_percent(Some(p.percent2.decimal()))),
        ]
    }

    fn code(p: &PoolEntry) -> String {
        match &p.description {
            Some(d) => format!("{} – {d}", p.teacher.code),
            None => format!("{} – {}", p.teacher.code, p.kind.code),
        }
    }

    /// Teachers: those employed this year (and any chosen); pool types: all.
    async fn options(conn: &mut Conn, year: i64, chosen: &FormData) -> Result<Options> {
        let employed = TeacherFilter { school_year: Some(SchoolYearId(year)), archived: None, employed: None };
        let employed: Vec<i64> = conn.list_teachers(employed).await?.into_iter().map(|t| t.id.0).collect();
        let picked = chosen.all("teacher");
        let teachers = conn
            .list_teachers(TeacherFilter::default())
            .await?
            .into_iter()
            .filter(|t| employed.contains(&t.id.0) || picked.contains(&t.id.0.to_string().as_str()))
            .map(|t| (t.id.0.to_string(), t.choice()))
            .collect();
        let types = conn
            .list_pool_types()
            .await?
            .into_iter()
            .map(|k| (k.id.to_string(), format!("{} – {}", k.code, k.description)))
            .collect();
        Ok(vec![("teacher", teachers), ("type", types)])
    }

    async fn list(conn: &mut Conn, year: i64) -> Result<Vec<PoolEntry>> {
        conn.list_pool_entries(OwnerFilter { school_year: Some(SchoolYearId(year)), teacher: None }).await
    }

    fn headers(lang: Lang) -> Vec<(String, bool)> {
        [
            ("pool-teacher", false),
            ("pool-description", false),
            ("pool-type", false),
            ("pool-percent1", true),
            ("pool-percent2", true),
        ]
        .iter()
        .map(|(k, figure)| (i18n::text(lang, k), *figure))
        .collect()
    }

    /// Teacher, description, type, the two percents; the search looks in
    /// the teacher, the description and the type.
    fn row(_lang: Lang, p: &PoolEntry) -> Row {
        let description = p.description.clone().unwrap_or_default();
        Row {
            id: p.id.0,
            search: format!("{} {description} {} {}", teacher(p), p.kind.code, p.kind.description),
            cells: vec![
                Cell::text(teacher(p)),
                Cell::text(description),
                Cell::text(p.kind.description.clone()),
                percent(p.percent1),
                percent(p.percent2),
            ],
            keys: vec![("teacher", p.teacher.id.0.to_string()), ("type", p.kind.id.to_string())],
            class: "",
            marker: None,
        }
    }

    /// Nothing hangs on a pool entry.
    async fn users(_conn: &mut Conn, _lang: Lang, _id: i64) -> Result<Vec<String>> {
        Ok(Vec::new())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::body_reader::Mode;
    use crate::domain::pool::NewPoolEntry;
    use crate::domain::FromBody;

    #[test]
    fn a_form_reads_back_as_the_same_entry() {
        let mut f = FormData::default();
        f.set("teacher", "4");
        f.set("type", "2");
        f.set("description", " Mediothek ");
        f.set("percent1", "2.5");
        f.set("percent2", "");
        let new = NewPoolEntry::from_body(&PoolRecord::body(9, &f), Mode::Replace).unwrap();
        assert_eq!((new.school_year.0, new.teacher.0, new.kind.0), (9, 4, 2));
        assert_eq!(new.description.as_deref(), Some("Mediothek"));
        assert_eq!((new.percent1, new.percent2), (Fixed(25_000), Fixed(0)));
    }
}
