//! Stammdaten → Schuljahre (docs/web.md §School years): [`SchoolYearRecord`]
//! gives the generic [`super::record`] handlers the list (`GET
//! /schoolyears?q=…&state=…`), the year's page (with the link to its grid)
//! and the edit form (`/schoolyears/{id}`, `…/edit`, `…/archive`,
//! `…/delete`), which write with [`SchoolYears`] as `/api/v1/schoolyear`
//! does. Creating a year is Spezielles → Schuljahr eröffnen
//! ([`super::opening`]): `/schoolyears/new` leads there.

use axum::response::Redirect;
use axum::routing::{get, post};
use axum::Router;
use serde_json::{json, Map, Value};

use super::form::{Field, FieldErrors, FormData};
use super::grid::form::lessons_text;
use super::kit::state::WebState;
use super::layout::Screen;
use super::record::{self, options_of, Listed, Options, Record};
use crate::domain::schoolyear::SchoolYear;
use crate::domain::workload::CalculationMode;
use crate::error::Result;
use crate::i18n::{self, Lang};
use crate::service::schoolyear::SchoolYears;
use crate::store::Conn;

/// The school years' list, page and edit form ([`super::record`]).
pub struct SchoolYearRecord;

/// The form field of the weekly lessons of payroll type `id`.
fn weekly_field(id: impl std::fmt::Display) -> String {
    format!("weeklyLessons-{id}")
}

/// The calculation mode's name in `lang`.
fn mode_name(lang: Lang, code: &str) -> String {
    i18n::text(lang, &format!("opening-mode-{code}"))
}

/// The routes: the record's, without a create (`GET /schoolyears/new`
/// redirects to `/opening`, where a year is created).
pub fn routes() -> Router<WebState> {
    type S = SchoolYearRecord;
    let base = S::BASE;
    Router::new()
        .route(base, get(record::list_page::<S>))
        .route(&format!("{base}/new"), get(|| async { Redirect::to("/opening") }))
        .route(&format!("{base}/{{id}}"), get(record::detail::<S>).post(record::save::<S>))
        .route(&format!("{base}/{{id}}/edit"), get(record::edit_form::<S>))
        .route(&format!("{base}/{{id}}/archive"), post(record::archive::<S>))
        .route(&format!("{base}/{{id}}/delete"), post(record::delete::<S>))
}

impl Listed for SchoolYearRecord {
    type Item = SchoolYear;
    const ROW: &'static str = "schoolyear";

    /// Newest first.
    async fn list(conn: &mut Conn) -> Result<Vec<SchoolYear>> {
        let mut years = conn.list_school_years(None).await?;
        years.reverse();
        Ok(years)
    }

    fn headers(lang: Lang) -> Vec<String> {
        ["schoolyears-code", "schoolyears-description", "schoolyears-graduation-year", "form-state"]
            .iter()
            .map(|k| i18n::text(lang, k))
            .collect()
    }

    /// Code, designation and graduation year: the search looks in each.
    fn row(y: &SchoolYear) -> (i64, Vec<String>, bool) {
        (y.id.0, vec![y.code.clone(), y.description.clone(), y.graduation_year.to_string()], y.archived)
    }
}

impl Record for SchoolYearRecord {
    type R = SchoolYears;
    const BASE: &'static str = "/schoolyears";
    const SCREEN: Screen = Screen::SchoolYears;
    const PREFIX: &'static str = "schoolyears";
    const FIELDS: &'static [&'static str] = &[
        "code",
        "description",
        "graduationYear",
        "weeks",
        "calculationMode",
        "smallGroupSurcharge",
        "finalised",
        "showIpbBalances",
    ];

    fn values_of(y: &SchoolYear) -> FormData {
        let mut f = FormData::default();
        f.set("code", &y.code);
        f.set("description", &y.description);
        f.set("graduationYear", y.graduation_year.to_string());
        f.set("weeks", y.weeks.to_string());
        f.set("calculationMode", y.calculation_mode.id.to_string());
        f.set("smallGroupSurcharge", lessons_text(y.small_group_surcharge.decimal()));
        for (id, lessons) in &y.weekly_lessons {
            f.set(&weekly_field(id), lessons_text(lessons.decimal()));
        }
        f.set("finalised", y.finalised.to_string());
        f.set("showIpbBalances", y.show_ipb_balances.to_string());
        f
    }

    /// Every writable key (a PUT); weekly lessons left blank are not stored.
    fn body(f: &FormData) -> Value {
        let mut weekly = Map::new();
        for (name, _) in f.0.iter().filter(|(k, v)| k.starts_with("weeklyLessons-") && !v.trim().is_empty()) {
            weekly.insert(name["weeklyLessons-".len()..].to_string(), f.number(name));
        }
        json!({
            "archived": f.checked("archived"),
            "code": f.text("code"),
            "description": f.text("description"),
            "graduationYear": f.text("graduationYear"),
            "weeks": f.text("weeks"),
            "calculationMode": f.text("calculationMode"),
            "smallGroupSurcharge": f.number("smallGroupSurcharge"),
            "weeklyLessons": weekly,
            "finalised": f.checked("finalised"),
            "showIpbBalances": f.checked("showIpbBalances"),
        })
    }

    fn fields(lang: Lang, values: &FormData, errors: &FieldErrors, options: &Options) -> Vec<Field> {
        let t = |key: &str| i18n::text(lang, key);
        let modes = CalculationMode::ALL.iter().map(|m| (m.id().to_string(), mode_name(lang, m.code()))).collect();
        let mut fields = vec![
            Field::new("text", "code", t("schoolyears-code"), values, errors, true),
            Field::new("text", "description", t("schoolyears-description"), values, errors, true),
            Field::new("number", "graduationYear", t("schoolyears-graduation-year"), values, errors, true),
            Field::new("number", "weeks", t("schoolyears-weeks"), values, errors, true),
            Field::new("select", "calculationMode", t("schoolyears-mode"), values, errors, true).with_options(
                modes,
                values,
                Some(t("form-choose")),
            ),
            Field::new("text", "smallGroupSurcharge", t("schoolyears-surcharge"), values, errors, true),
        ];
        for (id, label) in options_of(options, "weeklyLessons") {
            let label = i18n::text_with(lang, "schoolyears-weekly", &[("type", label.into())]);
            fields.push(Field::new("text", &weekly_field(id), label, values, errors, false));
        }
        fields.push(Field::new("checkbox", "finalised", t("schoolyears-finalised"), values, errors, false));
        fields.push(Field::new("checkbox", "showIpbBalances", t("schoolyears-show-ipb"), values, errors, false));
        fields
    }

    /// [`Record::facts`] with the weekly lessons named by their payroll types' codes.
    async fn facts_read(conn: &mut Conn, lang: Lang, y: &SchoolYear) -> Result<Vec<(String, String)>> {
        let payroll = conn.list_payroll_types(None).await?;
        let lessons =
            |d: rust_decimal::Decimal| i18n::text_with(lang, "schoolyears-lessons", &[("n", lessons_text(d).into())]);
        let mut facts = Self::facts(lang, y);
        for (id, weekly) in &y.weekly_lessons {
            let Some(p) = payroll.iter().find(|p| p.id.0 == *id) else { continue };
            let from = i18n::text_with(lang, "schoolyears-weekly-id", &[("id", id.to_string().into())]);
            let to = i18n::text_with(
                lang,
                "schoolyears-weekly",
                &[("type", format!("{} – {}", p.code, p.description).into())],
            );
            if let Some(fact) =
                facts.iter_mut().find(|(label, value)| *label == from && *value == lessons(weekly.decimal()))
            {
                fact.0 = to;
            }
        }
        Ok(facts)
    }

    fn facts(lang: Lang, y: &SchoolYear) -> Vec<(String, String)> {
        let l = |key: &str| i18n::text(lang, key);
        let yes_no = |b: bool| l(if b { "form-yes" } else { "form-no" });
        let lessons =
            |d: rust_decimal::Decimal| i18n::text_with(lang, "schoolyears-lessons", &[("n", lessons_text(d).into())]);
        let mut facts = vec![
            (l("schoolyears-code"), y.code.clone()),
            (l("schoolyears-description"), y.description.clone()),
            (l("schoolyears-graduation-year"), y.graduation_year.to_string()),
            (l("schoolyears-weeks"), y.weeks.to_string()),
            (
                l("schoolyears-mode"),
                CalculationMode::from_id(y.calculation_mode.id)
                    .map_or_else(|| y.calculation_mode.description.clone(), |m| mode_name(lang, m.code())),
            ),
            (l("schoolyears-surcharge"), lessons(y.small_group_surcharge.decimal())),
        ];
        for (id, weekly) in &y.weekly_lessons {
            let label = i18n::text_with(lang, "schoolyears-weekly-id", &[("id", id.to_string().into())]);
            facts.push((label, lessons(weekly.decimal())));
        }
        facts.push((l("schoolyears-finalised"), yes_no(y.finalised)));
        facts.push((l("schoolyears-show-ipb"), yes_no(y.show_ipb_balances)));
        facts.push((l("form-state"), l(if y.archived { "form-archived" } else { "form-active" })));
        facts
    }

    fn code(y: &SchoolYear) -> String {
        y.code.clone()
    }

    fn name(y: &SchoolYear) -> String {
        y.description.clone()
    }

    fn archived(y: &SchoolYear) -> bool {
        y.archived
    }

    /// The lesson-based payroll types (a weekly-lessons field each).
    async fn options(conn: &mut Conn, _chosen: &FormData) -> Result<Options> {
        let weekly = conn
            .list_payroll_types(Some(true))
            .await?
            .into_iter()
            .map(|p| (p.id.to_string(), format!("{} – {}", p.code, p.description)))
            .collect();
        Ok(vec![("weeklyLessons", weekly)])
    }

    /// The year's planning grid and its Jahresüberblick.
    fn links(lang: Lang, y: &SchoolYear) -> Vec<(String, String)> {
        vec![
            (format!("/years/{}/grid", y.id.0), i18n::text(lang, "schoolyears-grid-link")),
            (format!("/years/{}/overview", y.id.0), i18n::text(lang, "schoolyears-overview-link")),
        ]
    }
}
