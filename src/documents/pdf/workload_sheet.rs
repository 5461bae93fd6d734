//! The workload sheet (Pensenblatt), docs/documents.md §Workload sheet: A4 portrait, per
//! employment the division's logo, the title, the personal block, "Pensum:
//! Unterricht", "Pensum: Pool", "Pensum: Abschlussarbeiten", "Pensum:
//! Übersicht", "Pensenmeldung", "IPB: Übersicht", the signature block and a
//! page "Ein- und Ausbuchungen". Every figure is the workload form's
//! (`GET /workload`, docs/workload.md §Response) in the rows of
//! [`crate::domain::workload::sheet`] (which the web page shows too), formatted
//! by [`super::figure`]: lessons with 2 decimals, percents with the form's
//! `percentDecimals`.

use serde::Serialize;

use super::{classes_of, figure, image_path, is_placeholder, render, subject_of};
use crate::domain::division::Division;
use crate::domain::employment::Employment;
use crate::domain::fixed::{Amount, Fixed};
use crate::domain::payroll::ThesisType;
use crate::domain::person_name::PersonName as _;
use crate::domain::schoolyear::SchoolYear;
use crate::domain::teacher::Teacher;
use crate::domain::workload::forms::{SummaryItem, Workload};
use crate::domain::workload::sheet::{self as workload_sheet, rounded, BalanceRows};
use crate::error::Result;

const TEMPLATE: &str = include_str!("workload_sheet.typ");

/// Added to the description of a payroll row whose lessons include theses
/// (docs/workload.md §What counts: theses are booked on their type's payroll type), so
/// that the row is not read as the courses' lessons alone.
pub const THESES_LABEL: &str = "(inkl. Abschlussarbeiten)";

/// What one sheet shows: the form and the objects around it.
#[derive(Debug, Clone, Copy)]
pub struct SheetInput<'a> {
    /// The workload form of the employment (`GET /workload`).
    pub workload: &'a Workload,
    /// The employment (range, payment target, comments).
    pub employment: &'a Employment,
    /// The teacher's single form (title, employee number).
    pub teacher: &'a Teacher,
    /// The employment's division (logo, head, signature).
    pub division: &'a Division,
    /// Every thesis type (the payroll type its theses are booked on).
    pub thesis_types: &'a [ThesisType],
    /// The stamp of the teacher's digital confirmation of this version, printed
    /// in place of the empty signature line (docs/teachers.md §Release and confirmation).
    pub confirmed: Option<&'a str>,
}

/// The title of a sheet: "Lektionenzuteilung SJ 26/27", prefixed
/// "Provisorische " while the year is not finalised (docs/documents.md §Workload sheet; a
/// title begins with a capital letter).
pub fn title(year: &SchoolYear) -> String {
    let prefix = if year.finalised { "" } else { "Provisorische " };
    format!("{prefix}Lektionenzuteilung SJ {}", year.code)
}

/// The PDF of `sheets` (one teacher, or a whole school in one file) of
/// school year `year`, dated `date`; one sheet after the other, each from
/// a new page with its own page count.
pub fn pdf(year: &SchoolYear, sheets: &[SheetInput<'_>], date: chrono::NaiveDate) -> Result<Vec<u8>> {
    let mut images = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::with_capacity(sheets.len());
    for s in sheets {
        let d = s.division;
        let logo = d.logo.as_ref().filter(|b| !is_placeholder(&b.data)).map(|b| {
            let path = image_path(&format!("logo-{}", d.id.0), &b.mime_type);
            if seen.insert(path.clone()) {
                images.push((path.clone(), b.data.clone()));
            }
            path
        });
        let signature = d.head_signature.as_ref().filter(|b| !is_placeholder(&b.data)).map(|b| {
            let path = image_path(&format!("signature-{}", d.id.0), &b.mime_type);
            if seen.insert(path.clone()) {
                images.push((path.clone(), b.data.clone()));
            }
            path
        });
        out.push(sheet(year, s, date, logo, signature));
    }
    let doc_title = match sheets {
        [one] => format!("{} – {}", title(year), one.teacher.titled_name()),
        _ => format!("Pensenblätter SJ {}", year.code),
    };
    render(TEMPLATE, &Doc { title: doc_title, sheets: out }, images)
}

#[derive(Serialize)]
struct Doc {
    title: String,
    sheets: Vec<Sheet>,
}

/// Rows of strings, and an optional total row.
#[derive(Serialize)]
struct Table {
    rows: Vec<Vec<String>>,
    total: Option<Vec<String>>,
}

#[derive(Serialize)]
struct Titled {
    title: String,
    #[serde(flatten)]
    table: Table,
}

#[derive(Serialize)]
struct SummaryTable {
    ae: bool,
    factor1: String,
    factor2: String,
    #[serde(flatten)]
    table: Table,
}

#[derive(Serialize)]
struct PayrollTable {
    payment: String,
    #[serde(flatten)]
    table: Table,
}

#[derive(Serialize)]
struct BalanceTable {
    /// "Veränderung": the printed closing minus the printed opening balance.
    change: String,
    #[serde(flatten)]
    table: Table,
}

#[derive(Serialize)]
struct Head {
    title: String,
    name: String,
    signature: Option<String>,
    /// The teacher's digital confirmation, if any.
    confirmed: Option<String>,
}

#[derive(Serialize)]
struct Sheet {
    logo: String,
    division: String,
    date: String,
    title: String,
    name: String,
    footer: String,
    person: Vec<(String, String)>,
    comments: Option<String>,
    courses: Table,
    pool: Option<Titled>,
    theses: Option<Table>,
    summary: SummaryTable,
    payroll: PayrollTable,
    balance: Option<BalanceTable>,
    head: Head,
    postings: Option<Table>,
}

/// An entered percent (employment range, payment target) with `decimals`
/// decimals like every other percent of the sheet (`57.50`); zero as `0.00`,
/// since an agreed 0 % is a figure; "—" when none is entered.
fn entered(f: Option<Fixed>, decimals: u32) -> String {
    f.map_or_else(
        || "—".to_string(),
        |f| {
            let mut r = rounded(f.decimal(), decimals);
            r.rescale(decimals);
            r.to_string()
        },
    )
}

/// "IPB: Übersicht" as printed ([`workload_sheet::balance_rows`]: the lines
/// add up to the printed Schlusssaldo, with a "Rundungsdifferenz" line when
/// needed; "Veränderung" is the printed Schlusssaldo minus the printed
/// Anfangssaldo), formatted with `decimals`.
fn balance_table(b: &BalanceRows, decimals: u32) -> BalanceTable {
    let p = |d: rust_decimal::Decimal| figure(d, decimals);
    BalanceTable {
        table: Table {
            rows: b.rows.iter().map(|r| vec![r.description.to_string(), p(r.percent)]).collect(),
            total: Some(vec![b.closing.description.to_string(), p(b.closing.percent)]),
        },
        change: p(b.change),
    }
}

/// The day `2026-08-17` as `17.08.2026` (other text unchanged).
fn day(iso: &str) -> String {
    chrono::NaiveDate::parse_from_str(iso, "%Y-%m-%d").map_or_else(|_| iso.to_string(), super::date_text)
}

fn sheet(
    year: &SchoolYear,
    s: &SheetInput<'_>,
    date: chrono::NaiveDate,
    logo: Option<String>,
    signature: Option<String>,
) -> Sheet {
    let w = s.workload;
    let e = s.employment;
    let pd = w.payroll.percent_decimals;
    let l = |a: Amount| figure(a.0, 2);
    let p = |a: Amount| figure(a.0, pd);
    let name = s.teacher.titled_name();
    let title = title(year);

    let person = vec![
        ("Name".to_string(), name.clone()),
        ("Kürzel".to_string(), s.teacher.code.clone()),
        ("Personalnummer".to_string(), s.teacher.employee_number.clone().unwrap_or_else(|| "—".into())),
        ("Abteilung".to_string(), s.division.description.clone()),
        (
            "Anstellung gemäss Verfügung".to_string(),
            format!("{} – {} %", entered(e.employment_min, pd), entered(e.employment_max, pd)),
        ),
        ("Auszahlungsziel".to_string(), format!("{} / {} %", entered(e.payment1, pd), entered(e.payment2, pd))),
        ("Anstellung".to_string(), if e.temporary { "befristet" } else { "unbefristet" }.to_string()),
        ("Berechnung".to_string(), w.calculation_mode.description.clone()),
    ];

    let courses = Table {
        rows: w
            .courses
            .items
            .iter()
            .map(|c| {
                vec![
                    subject_of(&c.subject),
                    classes_of(&c.course),
                    c.grade.code.clone(),
                    l(c.lessons1),
                    p(c.percent1),
                    l(c.lessons2),
                    p(c.percent2),
                ]
            })
            .collect(),
        total: Some(vec![
            "Total".into(),
            String::new(),
            String::new(),
            l(w.courses.total.lessons1),
            p(w.courses.total.percent1),
            l(w.courses.total.lessons2),
            p(w.courses.total.percent2),
        ]),
    };

    let pool = (!w.pool.items.is_empty()).then(|| Titled {
        title: w.pool.title.to_string(),
        table: Table {
            rows: w
                .pool
                .items
                .iter()
                .map(|i| {
                    vec![
                        i.description.clone().unwrap_or_default(),
                        i.kind.description.clone(),
                        p(i.percent1),
                        p(i.percent2),
                    ]
                })
                .collect(),
            total: Some(vec!["Total".into(), String::new(), p(w.pool.total.percent1), p(w.pool.total.percent2)]),
        },
    });

    let theses = (!w.theses.items.is_empty()).then(|| Table {
        rows: w
            .theses
            .items
            .iter()
            .map(|t| vec![t.description.clone(), t.count.0.normalize().to_string(), p(t.percent_each), p(t.percent)])
            .collect(),
        total: Some(vec!["Total".into(), String::new(), String::new(), p(w.theses.total.percent)]),
    });

    let rows = workload_sheet::rows(w, s.thesis_types);
    let sm = &w.summary;
    let ae = rows.age_relief_columns;
    let summary_row = |i: &SummaryItem| {
        if ae {
            vec![
                i.description.to_string(),
                p(i.percent1),
                p(i.age_relief1),
                p(i.percent2),
                p(i.age_relief2),
                p(i.percent_with_age_relief),
            ]
        } else {
            vec![i.description.to_string(), p(i.percent1), p(i.percent2), p(i.percent_with_age_relief)]
        }
    };
    let summary = SummaryTable {
        ae,
        factor1: format!("{} %", sm.age_relief_factor1.0.normalize()),
        factor2: format!("{} %", sm.age_relief_factor2.0.normalize()),
        table: Table { rows: sm.items.iter().map(summary_row).collect(), total: Some(summary_row(&sm.total)) },
    };

    let payroll = PayrollTable {
        payment: p(w.payment),
        table: Table {
            rows: rows
                .payroll
                .iter()
                .map(|r| {
                    let i = r.item;
                    let label = if r.includes_theses {
                        format!("{} {THESES_LABEL}", i.description)
                    } else {
                        i.description.clone()
                    };
                    vec![label, l(i.lessons1), p(i.percent1), l(i.lessons2), p(i.percent2)]
                })
                .collect(),
            total: Some(vec![
                "Total".into(),
                String::new(),
                p(w.payroll.total.percent1),
                String::new(),
                p(w.payroll.total.percent2),
            ]),
        },
    };

    let balance = rows.balance.as_ref().map(|b| balance_table(b, pd));

    let postings = w.postings.as_ref().filter(|_| !rows.postings.is_empty()).map(|ps| {
        let table_rows = rows
            .postings
            .iter()
            .map(|r| {
                let item = r.item;
                let first = r.first;
                let d = r.detail.map(|(_, d)| d);
                let lessons = d.filter(|_| r.lesson_columns);
                vec![
                    if first { item.description.clone().unwrap_or_default() } else { String::new() },
                    if first { day(&item.start_date) } else { String::new() },
                    if first { item.end_date.as_deref().map(day).unwrap_or_default() } else { String::new() },
                    d.map(|d| d.kind.description.clone()).unwrap_or_default(),
                    lessons.map(|d| l(d.lessons.unwrap_or_default())).unwrap_or_default(),
                    lessons.map(|d| l(d.full_position.unwrap_or_default())).unwrap_or_default(),
                    d.map(|d| p(d.percent)).unwrap_or_default(),
                    d.map(|d| p(d.age_relief)).unwrap_or_default(),
                    if first { p(item.total_percent) } else { String::new() },
                ]
            })
            .collect();
        let mut total = vec![String::new(); 9];
        total[0] = "Total".into();
        total[8] = p(ps.total.percent);
        Table { rows: table_rows, total: Some(total) }
    });

    let d = s.division;
    Sheet {
        logo: logo.unwrap_or_else(|| "/logo.svg".to_string()),
        division: d.description.clone(),
        date: super::date_text(date),
        footer: format!("{title} · {name} ({})", s.teacher.code),
        title,
        name,
        person,
        comments: e.comments.clone().filter(|c| !c.trim().is_empty()),
        courses,
        pool,
        theses,
        summary,
        payroll,
        balance,
        head: Head {
            title: d.head_title.clone().unwrap_or_default(),
            name: d.head_name.clone().unwrap_or_default(),
            signature,
            confirmed: s.confirmed.map(str::to_string),
        },
        postings,
    }
}
