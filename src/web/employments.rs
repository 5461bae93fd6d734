//! Planung → Anstellungen (docs/web.md §Anstellungen): the employments of one
//! school year (`/years/{year}/employments`), searched and filtered by
//! division, each with its page and forms, written with [`Employments`] as
//! `/api/v1/employment` is ([`super::year_record`] does the rest).
//!
//! The list shows what the existing client's list shows — code, names,
//! division, befristet, the IPB balances (opening, change, closing; `–` when
//! the year hides them) — and the contract: the Verfügung range and the
//! payment target per semester. Entered percents are shown exactly
//! (`77.50 %`), the computed balances with 3 decimals and exactly in
//! `data-value` (as the API writes them). A teacher with notes has a marker
//! beside the code that opens them in a side panel
//! ([`super::bookings::notes::panel`]).

use std::collections::HashMap;

use rust_decimal::RoundingStrategy::MidpointAwayFromZero;
use serde_json::{json, Value};

use super::form::{or_dash, Field, FieldErrors, FormData};
use super::kit::state::WebState;
use super::layout::Screen;
use super::record::{options_of, Options};
use super::year_record::{exact_percent, exact_text, Cell, Marker, Row, YearRecord};
use crate::domain::employment::Employment;
use crate::domain::fixed::{Amount, Fixed};
use crate::domain::ids::{EmploymentId, SchoolYearId};
use crate::domain::person_name::PersonName as _;
use crate::error::Result;
use crate::i18n::{self, Lang};
use crate::service::employment::EmploymentFilter;
use crate::service::employment::Employments;
use crate::service::resources::TeacherFilter;
use crate::service::workload::fill_balances;
use crate::store::Conn;
use axum::Router;

/// The routes: a year's record's ([`super::year_record::routes`]).
pub fn routes() -> Router<WebState> {
    super::year_record::routes::<EmploymentRecord>()
}

/// The employments' list, page and forms.
pub struct EmploymentRecord;

/// The percent fields of the form, as the API names them.
const PERCENTS: [&str; 5] = ["employmentMin", "employmentMax", "payment1", "payment2", "initialBalance"];

fn entered(f: Option<Fixed>) -> String {
    exact_percent(f.map(Fixed::decimal))
}

/// A computed balance: 3 decimals shown (`-2.943 %`, a dash for zero after rounding, as the
/// existing client shows it), exact as the API writes it.
fn balance(a: Option<Amount>) -> Cell {
    match a {
        None => Cell::figure("–".into(), String::new()),
        Some(a) if a.0.round_dp_with_strategy(3, MidpointAwayFromZero).is_zero() => {
            Cell::figure("–".into(), a.output().to_string())
        }
        Some(a) => Cell::figure(i18n::percent(a.0, 3), a.output().to_string()),
    }
}

/// The Verfügung range as `75.00 – 95.00 %` (exactly as entered), a dash for a missing end.
fn range(min: Option<Fixed>, max: Option<Fixed>) -> String {
    let min = entered(min);
    format!("{} – {}", min.trim_end_matches(" %"), entered(max))
}

/// The marker of the `count` notes about `e`'s teacher: the notes page
/// filtered to the teacher, or the side panel beside the list (docs/web.md
/// §Anstellungen, "Notes").
fn notes_marker(lang: Lang, e: &Employment, count: usize) -> Marker {
    let (year, teacher) = (e.school_year.id.0, e.teacher.id.0);
    let label = i18n::text_with(
        lang,
        "employments-notes-marker",
        &[("count", count.to_string().into()), ("teacher", e.teacher.code.clone().into())],
    );
    Marker {
        href: format!("/years/{year}/notes?teacher={teacher}"),
        panel: format!("/years/{year}/notes/panel?teacher={teacher}"),
        count,
        label,
    }
}

fn teacher_name(e: &Employment) -> String {
    e.teacher.sorted_name()
}

/// An employment as listed, with the number of notes about its teacher.
pub struct Listed {
    /// The employment, its balances filled.
    pub e: Employment,
    /// Notes about its teacher (of any year).
    pub notes: usize,
}

impl YearRecord for EmploymentRecord {
    type R = Employments;
    type Item = Listed;
    const SEGMENT: &'static str = "employments";
    const SCREEN: Screen = Screen::Employments;
    const PREFIX: &'static str = "employments";
    const ROW: &'static str = "employment";
    const FIELDS: &'static [&'static str] = &[
        "teacher",
        "division",
        "employmentMin",
        "employmentMax",
        "payment1",
        "payment2",
        "temporary",
        "comments",
        "initialBalance",
    ];
    const FILTERS: &'static [&'static str] = &["division"];

    fn year_of(e: &Employment) -> i64 {
        e.school_year.id.0
    }

    fn values_of(e: &Employment) -> FormData {
        let mut f = FormData::default();
        f.set("teacher", e.teacher.id.0.to_string());
        f.set("division", e.division.id.to_string());
        let figures = [e.employment_min, e.employment_max, e.payment1, e.payment2, Some(e.initial_balance)];
        for (name, value) in PERCENTS.iter().zip(figures) {
            f.set(name, exact_text(value.map(Fixed::decimal)));
        }
        f.set("temporary", e.temporary.to_string());
        f.set("comments", e.comments.clone().unwrap_or_default());
        f
    }

    fn body(year: i64, f: &FormData) -> Value {
        let mut body = json!({
            "teacher": f.text("teacher"),
            "schoolYear": year,
            "division": f.text("division"),
            "temporary": f.checked("temporary"),
            "comments": f.text("comments"),
        });
        for name in PERCENTS {
            body[name] = f.number(name);
        }
        body
    }

    fn fields(lang: Lang, values: &FormData, errors: &FieldErrors, options: &Options) -> Vec<Field> {
        let t = |key: &str| i18n::text(lang, key);
        let choose = Some(t("form-choose"));
        let percent = |name: &str, key: &str| Field::new("text", name, t(key), values, errors, false);
        vec![
            Field::new("select", "teacher", t("employments-teacher"), values, errors, true).with_options(
                options_of(options, "teacher"),
                values,
                choose.clone(),
            ),
            Field::new("select", "division", t("employments-division"), values, errors, true).with_options(
                options_of(options, "division"),
                values,
                choose,
            ),
            percent("employmentMin", "employments-min"),
            percent("employmentMax", "employments-max"),
            percent("payment1", "employments-payment1"),
            percent("payment2", "employments-payment2"),
            Field::new("checkbox", "temporary", t("employments-temporary"), values, errors, false),
            Field::new("text", "comments", t("employments-comments"), values, errors, false),
            percent("initialBalance", "employments-initial-balance"),
        ]
    }

    fn facts(lang: Lang, e: &Employment) -> Vec<(String, String)> {
        let l = |key: &str| i18n::text(lang, key);
        let text = |c: Cell| c.text;
        vec![
            (l("employments-teacher"), format!("{} – {}", e.teacher.code, teacher_name(e))),
            (l("employments-year"), e.school_year.code.clone()),
            (l("employments-division"), format!("{} – {}", e.division.code, e.division.description)),
            (l("employments-min"), entered(e.employment_min)),
            (l("employments-max"), entered(e.employment_max)),
            (l("employments-payment1"), entered(e.payment1)),
            (l("employments-payment2"), entered(e.payment2)),
            (l("employments-temporary"), l(if e.temporary { "form-yes" } else { "form-no" })),
            (l("employments-comments"), or_dash(e.comments.as_deref())),
            (l("employments-initial-balance"), entered(Some(e.initial_balance))),
            (l("employments-opening"), text(balance(e.opening_balance))),
            (l("employments-change"), text(balance(e.change))),
            (l("employments-closing"), text(balance(e.closing_balance))),
        ]
    }

    fn code(e: &Employment) -> String {
        format!("{} ({})", e.teacher.code, e.school_year.code)
    }

    /// Teachers: the active ones without an employment this year (and any
    /// chosen); divisions: all.
    async fn options(conn: &mut Conn, year: i64, chosen: &FormData) -> Result<Options> {
        let free = TeacherFilter { school_year: Some(SchoolYearId(year)), archived: None, employed: Some(false) };
        let free: Vec<i64> = conn.list_teachers(free).await?.into_iter().map(|t| t.id.0).collect();
        let picked = chosen.all("teacher");
        let teachers = conn
            .list_teachers(TeacherFilter::default())
            .await?
            .into_iter()
            .filter(|t| free.contains(&t.id.0) || picked.contains(&t.id.0.to_string().as_str()))
            .map(|t| (t.id.0.to_string(), t.choice()))
            .collect();
        let divisions = conn
            .list_divisions()
            .await?
            .into_iter()
            .map(|d| (d.id.0.to_string(), format!("{} – {}", d.code, d.description)))
            .collect();
        Ok(vec![("teacher", teachers), ("division", divisions)])
    }

    /// The employments with their balances, and the notes counted per
    /// teacher (one counting query).
    async fn list(conn: &mut Conn, year: i64) -> Result<Vec<Listed>> {
        let mut items =
            conn.list_employments(EmploymentFilter { school_year: Some(SchoolYearId(year)), teacher: None }).await?;
        fill_balances(conn, &mut items).await?;
        let notes: HashMap<i64, usize> =
            conn.note_counts().await?.into_iter().map(|(t, n)| (t, usize::try_from(n).unwrap_or(0))).collect();
        Ok(items.into_iter().map(|e| Listed { notes: notes.get(&e.teacher.id.0).copied().unwrap_or(0), e }).collect())
    }

    fn headers(lang: Lang) -> Vec<(String, bool)> {
        [
            ("employments-code", false),
            ("employments-name", false),
            ("employments-division", false),
            ("employments-range", true),
            ("employments-col-payment1", true),
            ("employments-col-payment2", true),
            ("employments-col-temporary", false),
            ("employments-opening", true),
            ("employments-change", true),
            ("employments-closing", true),
        ]
        .iter()
        .map(|(k, figure)| (i18n::text(lang, k), *figure))
        .collect()
    }

    /// Code, name, division, range, payments, befristet, balances; the
    /// search looks in code, names, division and comment. A row is marked by
    /// the sign of its closing balance.
    fn row(lang: Lang, listed: &Listed) -> Row {
        let e = &listed.e;
        let fixed = |f: Option<Fixed>| Cell::figure(entered(f), exact_text(f.map(Fixed::decimal)));
        let range = Cell::figure(
            range(e.employment_min, e.employment_max),
            format!(
                "{} {}",
                exact_text(e.employment_min.map(Fixed::decimal)),
                exact_text(e.employment_max.map(Fixed::decimal))
            ),
        );
        let temporary = if e.temporary { i18n::text(lang, "form-yes") } else { String::new() };
        let class = match e.closing_balance.map(|a| a.output()) {
            Some(b) if b.is_sign_positive() && !b.is_zero() => "row--plus",
            Some(b) if b.is_sign_negative() && !b.is_zero() => "row--minus",
            _ => "",
        };
        Row {
            id: e.id.0,
            search: [
                e.teacher.code.as_str(),
                &e.teacher.last_name,
                &e.teacher.first_name,
                &e.division.code,
                &e.division.description,
                e.comments.as_deref().unwrap_or(""),
            ]
            .join(" "),
            cells: vec![
                Cell::text(e.teacher.code.clone()),
                Cell::text(teacher_name(e)),
                Cell::text(e.division.code.clone()),
                range,
                fixed(e.payment1),
                fixed(e.payment2),
                Cell::text(temporary),
                balance(e.opening_balance),
                balance(e.change),
                balance(e.closing_balance),
            ],
            keys: vec![("division", e.division.id.to_string())],
            class,
            marker: (listed.notes > 0).then(|| notes_marker(lang, e, listed.notes)),
        }
    }

    /// The courses, pool entries, postings and theses of the employment, in `lang`.
    async fn users(conn: &mut Conn, lang: Lang, id: i64) -> Result<Vec<String>> {
        let users = conn.employment_users(EmploymentId(id)).await?;
        Ok(users.iter().map(|u| user_label(lang, u)).collect())
    }
}

/// A store label of what uses an employment (`course M (26/27)`, `pool entry
/// 5`, `posting 7`, `theses`) in `lang`.
fn user_label(lang: Lang, label: &str) -> String {
    let kinds = [
        ("course ", "form-user-course"),
        ("pool entry ", "employments-user-pool"),
        ("posting ", "employments-user-posting"),
    ];
    for (prefix, key) in kinds {
        if let Some(rest) = label.strip_prefix(prefix) {
            return format!("{} {rest}", i18n::text(lang, key));
        }
    }
    if label == "theses" {
        return i18n::text(lang, "employments-user-theses");
    }
    label.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::body_reader::Mode;
    use crate::domain::employment::NewEmployment;
    use crate::domain::FromBody;

    #[test]
    fn a_form_reads_back_as_the_same_employment() {
        let mut f = FormData::default();
        f.set("teacher", "4");
        f.set("division", "2");
        f.set("employmentMin", "57.5");
        f.set("employmentMax", "");
        f.set("payment1", "33.3333");
        f.set("temporary", "true");
        f.set("initialBalance", "-2.5");
        let new = NewEmployment::from_body(&EmploymentRecord::body(9, &f), Mode::Replace).unwrap();
        assert_eq!((new.teacher.0, new.school_year.0, new.division.0), (4, 9, 2));
        assert_eq!(new.employment_min, Some(Fixed(575_000)));
        assert_eq!((new.employment_max, new.payment2, new.comments), (None, None, None));
        assert_eq!(new.payment1, Some(Fixed(333_333)));
        assert!(new.temporary);
        assert_eq!(new.initial_balance, Fixed(-25_000));
    }

    #[test]
    fn the_range_names_the_percent_once() {
        assert_eq!(range(Some(Fixed::units(75)), Some(Fixed(955_000))), "75.00 – 95.50 %");
        assert_eq!(range(None, Some(Fixed::units(80))), "– – 80.00 %");
        assert_eq!(range(Some(Fixed::units(50)), None), "50.00 – –");
    }

    #[test]
    fn what_uses_an_employment_is_named_in_the_language() {
        assert_eq!(user_label(Lang::De, "course M (26/27)"), "Kurs M (26/27)");
        assert_ne!(user_label(Lang::En, "pool entry 5"), "pool entry 5");
        assert!(user_label(Lang::En, "pool entry 5").ends_with(" 5"));
        assert_ne!(user_label(Lang::Fr, "theses"), "theses");
    }
}
