//! The CSV lists of docs/documents.md §Jobs and files, §File formats, built from loaded data and workload
//! forms. Every list: UTF-8 with BOM, `;` separator, CRLF line ends, RFC 4180
//! quoting, numbers with `.` and no `%`, percents with the workload's
//! `percentDecimals`, lessons with 2 decimals, zero as an empty cell. Text
//! cells that a spreadsheet would run as a formula are neutralised ([`Cell`]).

use std::collections::HashMap;

use crate::domain::course::Course;
use crate::domain::employment::Employment;
use crate::domain::ids::PayrollTypeId;
use crate::domain::payroll::{PayrollType, ThesisType};
use crate::domain::pool::{PoolEntry, Theses};
use crate::domain::schoolclass::SchoolClassInYear;
use crate::domain::teacher::Teacher;
use crate::domain::workload::forms::Workload;
use crate::error::{Error, Result};
use rust_decimal::Decimal;

/// The byte order mark that makes Excel read the file as UTF-8.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// One CSV cell, marked by its producer as text or number.
///
/// Text is neutralised as OWASP's "CSV Injection" page recommends: a text
/// that begins with `=`, `+`, `-`, `@`, tab or carriage return — which Excel
/// and LibreOffice would run as a formula (`=HYPERLINK(…)`, `-2+3`) — gets a
/// leading `'`, so it is shown as the text it is. A lone `-` is left as it is:
/// it is no formula, and it is the course table's mark for "no teachers"
/// (docs/documents.md, CourseTableCSVDownload). Numbers are written as they are
/// (`-0.50` stays a negative number); only the functions that format a
/// figure make number cells ([`number`], [`lessons`], [`Cell::count`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cell {
    /// Text of people (names, codes, comments): neutralised when it starts like a formula.
    Text(String),
    /// A formatted figure (or the empty cell of zero), written as it is.
    Number(String),
}

impl Cell {
    /// A whole number (an id, a count).
    pub fn count(n: impl std::fmt::Display) -> Cell {
        Cell::Number(n.to_string())
    }

    /// The cell as written into the file.
    fn written(&self) -> std::borrow::Cow<'_, str> {
        match self {
            Cell::Number(n) => n.into(),
            Cell::Text(t) if t != "-" && t.starts_with(['=', '+', '-', '@', '\t', '\r']) => format!("'{t}").into(),
            Cell::Text(t) => t.into(),
        }
    }
}

impl From<String> for Cell {
    fn from(s: String) -> Self {
        Cell::Text(s)
    }
}

impl From<&str> for Cell {
    fn from(s: &str) -> Self {
        Cell::Text(s.to_string())
    }
}

/// A percent (or other figure) with `decimals` decimals as a number cell (see [`super::number`]).
fn number(d: Decimal, decimals: u32) -> Cell {
    Cell::Number(super::number(d, decimals))
}

/// Lessons with 2 decimals as a number cell (see [`super::lessons`]).
fn lessons(d: Decimal) -> Cell {
    Cell::Number(super::lessons(d))
}

/// Writes `header` (text cells) and `rows` as CSV of docs/documents.md §CSV conventions, text
/// cells neutralised ([`Cell`]).
pub fn write(header: &[String], rows: &[Vec<Cell>]) -> Result<Vec<u8>> {
    let mut out = BOM.to_vec();
    {
        let mut w = ::csv::WriterBuilder::new()
            .delimiter(b';')
            .terminator(::csv::Terminator::CRLF)
            .quote_style(::csv::QuoteStyle::Necessary)
            .from_writer(&mut out);
        let header: Vec<Cell> = header.iter().map(|h| Cell::Text(h.clone())).collect();
        for row in std::iter::once(&header).chain(rows) {
            w.write_record(row.iter().map(|c| c.written().into_owned())).map_err(Error::internal)?;
        }
        w.flush().map_err(Error::internal)?;
    }
    Ok(out)
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn opt(s: &Option<String>) -> String {
    s.clone().unwrap_or_default()
}

/// Percent decimals of the year: those of its workload forms (2 or 3).
pub fn percent_decimals(workloads: &[Workload]) -> u32 {
    workloads.first().map_or(3, |w| w.payroll.percent_decimals)
}

/// `EmploymentCSVDownload` (Lehrerliste): one row per employment. `teachers`
/// holds the single forms (title, employee number), `workloads` the forms by
/// teacher id (age relief factors); IPB columns when `show_ipb`.
pub fn employments(
    list: &[Employment],
    teachers: &HashMap<i64, Teacher>,
    workloads: &HashMap<i64, &Workload>,
    show_ipb: bool,
    decimals: u32,
) -> Result<Vec<u8>> {
    let mut header = strings(&[
        "Id",
        "Titel",
        "Vorname",
        "Nachname",
        "Kürzel",
        "Abteilung",
        "E-Mail-Adresse",
        "Mitarbeiternummer",
        "befristet",
        "Altersentlastung S1",
        "Altersentlastung S2",
        "Verfügung min.",
        "Verfügung max.",
        "Auszahlung S1",
        "Auszahlung S2",
    ]);
    if show_ipb {
        header.extend(strings(&["IPB-Anfangssaldo", "IPB-Veränderung", "IPB-Schlusssaldo"]));
    }
    let pct = |d: Option<Decimal>| d.map_or_else(|| Cell::Number(String::new()), |d| number(d, decimals));
    let rows: Vec<Vec<Cell>> = list
        .iter()
        .map(|e| {
            let t = teachers.get(&e.teacher.id.0);
            let w = workloads.get(&e.teacher.id.0);
            let mut row = vec![
                Cell::count(e.teacher.id.0),
                t.map(|t| opt(&t.title)).unwrap_or_default().into(),
                e.teacher.first_name.clone().into(),
                e.teacher.last_name.clone().into(),
                e.teacher.code.clone().into(),
                e.division.code.clone().into(),
                opt(&e.teacher.email).into(),
                t.map(|t| opt(&t.employee_number)).unwrap_or_default().into(),
                if e.temporary { "ja" } else { "nein" }.into(),
                pct(w.map(|w| w.summary.age_relief_factor1.0)),
                pct(w.map(|w| w.summary.age_relief_factor2.0)),
                pct(e.employment_min.map(|f| f.decimal())),
                pct(e.employment_max.map(|f| f.decimal())),
                pct(e.payment1.map(|f| f.decimal())),
                pct(e.payment2.map(|f| f.decimal())),
            ];
            if show_ipb {
                row.push(pct(e.opening_balance.map(|a| a.0)));
                row.push(pct(e.change.map(|a| a.0)));
                row.push(pct(e.closing_balance.map(|a| a.0)));
            }
            row
        })
        .collect();
    write(&header, &rows)
}

/// `PoolCSVDownload` (Poolliste): one row per pool entry, percents as entered.
pub fn pool(entries: &[PoolEntry], decimals: u32) -> Result<Vec<u8>> {
    let header = strings(&[
        "Vorname",
        "Nachname",
        "Kürzel",
        "Beschreibung",
        "Typ",
        "Prozent 1. Semester",
        "Prozent 2. Semester",
    ]);
    let rows: Vec<Vec<Cell>> = entries
        .iter()
        .map(|p| {
            vec![
                p.teacher.first_name.clone().into(),
                p.teacher.last_name.clone().into(),
                p.teacher.code.clone().into(),
                opt(&p.description).into(),
                p.kind.description.clone().into(),
                number(p.percent1.decimal(), decimals),
                number(p.percent2.decimal(), decimals),
            ]
        })
        .collect();
    write(&header, &rows)
}

/// `ThesisCSVDownload`: one row per employment, one column per thesis type
/// (by id, headed by its description) with the count; `divisions` maps a
/// teacher id to the division code of their employment.
pub fn theses(list: &[Theses], types: &[ThesisType], divisions: &HashMap<i64, String>) -> Result<Vec<u8>> {
    let mut header = strings(&["Vorname", "Nachname", "Kürzel", "Abteilung"]);
    header.extend(types.iter().map(|t| t.description.clone()));
    let rows: Vec<Vec<Cell>> = list
        .iter()
        .map(|h| {
            let mut row: Vec<Cell> = vec![
                h.teacher.first_name.clone().into(),
                h.teacher.last_name.clone().into(),
                h.teacher.code.clone().into(),
                divisions.get(&h.teacher.id.0).cloned().unwrap_or_default().into(),
            ];
            row.extend(types.iter().map(|t| {
                Cell::Number(h.thesis_counts.get(&t.id).map_or_else(String::new, |c| {
                    let d = c.decimal().normalize();
                    if d.is_zero() {
                        String::new()
                    } else {
                        d.to_string()
                    }
                }))
            }));
            row
        })
        .collect();
    write(&header, &rows)
}

/// `TeacherLessonSummaryCSVDownload` (Unterrichtspensum): per workload the
/// course totals of both semesters.
pub fn lesson_summary(workloads: &[Workload]) -> Result<Vec<u8>> {
    let decimals = percent_decimals(workloads);
    let header =
        strings(&["Kürzel", "Nachname", "Vorname", "1. Semester L", "1. Semester %", "2. Semester L", "2. Semester %"]);
    let rows: Vec<Vec<Cell>> = workloads
        .iter()
        .map(|w| {
            let t = &w.courses.total;
            vec![
                w.teacher.code.clone().into(),
                w.teacher.last_name.clone().into(),
                w.teacher.first_name.clone().into(),
                lessons(t.lessons1.0),
                number(t.percent1.0, decimals),
                lessons(t.lessons2.0),
                number(t.percent2.0, decimals),
            ]
        })
        .collect();
    write(&header, &rows)
}

/// The teacher codes of a course cell: "p1" when both semesters have the same
/// teachers, "p1 / p2" when they differ, `-` for a semester without teachers.
pub fn teacher_cell(course: &Course) -> String {
    let codes = |list: &[crate::domain::reference_forms::TeacherRef]| {
        if list.is_empty() {
            "-".to_string()
        } else {
            list.iter().map(|t| t.code.as_str()).collect::<Vec<_>>().join(", ")
        }
    };
    let (p1, p2) = (codes(&course.teachers1), codes(&course.teachers2));
    if p1 == p2 {
        p1
    } else {
        format!("{p1} / {p2}")
    }
}

/// `CourseTableCSVDownload` (Planungsübersicht): the subject × class matrix
/// of docs/client.md §Course table: one row per non-cross-class subject (of
/// `category`, when given) with a non-cancelled course among `classes`,
/// ordered by subject code; a column per class; a cell holds the teacher
/// codes of the course ([`teacher_cell`]; the lower id when two courses of a
/// subject share a class), empty when there is none.
pub fn course_table(classes: &[SchoolClassInYear], courses: &[Course], category: Option<i64>) -> Result<Vec<u8>> {
    let mut header = strings(&["Fach"]);
    header.extend(classes.iter().map(|c| c.class.code.clone()));
    let column: HashMap<i64, usize> = classes.iter().enumerate().map(|(i, c)| (c.class.id.0, i)).collect();
    // subject id → (code, description, cells: course per column)
    let mut subjects: HashMap<i64, (String, Vec<Option<&Course>>)> = HashMap::new();
    for course in courses.iter().filter(|c| !c.cross_class && !c.cancelled) {
        if category.is_some_and(|cat| course.subject.category.as_ref().is_none_or(|c| c.id != cat)) {
            continue;
        }
        for class in &course.school_classes {
            let Some(&col) = column.get(&class.id.0) else { continue };
            let entry = subjects
                .entry(course.subject.id.0)
                .or_insert_with(|| (course.subject.code.clone(), vec![None; classes.len()]));
            let cell = &mut entry.1[col];
            if cell.is_none_or(|c| c.id.0 > course.id.0) {
                *cell = Some(course);
            }
        }
    }
    let mut list: Vec<(String, Vec<Option<&Course>>)> = subjects.into_values().collect();
    list.sort_by(|a, b| crate::domain::code_key(&a.0).cmp(&crate::domain::code_key(&b.0)).then(a.0.cmp(&b.0)));
    let rows: Vec<Vec<Cell>> = list
        .into_iter()
        .map(|(code, cells)| {
            let mut row = vec![Cell::Text(code)];
            row.extend(cells.into_iter().map(|c| Cell::Text(c.map(teacher_cell).unwrap_or_default())));
            row
        })
        .collect();
    write(&header, &rows)
}

/// `GroupingCSVDownload` (Kursliste nach Gruppierung, docs/client.md §Division): every
/// course of the year whose classes belong to `division` (all when `None`),
/// grouped by the grouping of its classes' divisions (docs/client.md §Division:
/// `grouping` groups divisions in course reports; a division without one
/// stands for itself under its code). Columns: Gruppierung, Abteilung, Fach,
/// Fachbezeichnung, Klassen, Stufe, Lektionen 1. Semester, Lektionen 2.
/// Semester, Lehrpersonen 1. Semester, Lehrpersonen 2. Semester, abgesagt
/// (`ja`/`nein`). Ordered by grouping, division code, subject code, class
/// codes, course id; a course without classes (a cross-class course not yet
/// given any) is listed without grouping and division at the end.
pub fn courses_by_grouping(
    courses: &[Course],
    divisions: &[crate::domain::division::DivisionListItem],
    division: Option<i64>,
) -> Result<Vec<u8>> {
    let header = strings(&[
        "Gruppierung",
        "Abteilung",
        "Fach",
        "Fachbezeichnung",
        "Klassen",
        "Stufe",
        "Lektionen 1. Semester",
        "Lektionen 2. Semester",
        "Lehrpersonen 1. Semester",
        "Lehrpersonen 2. Semester",
        "abgesagt",
    ]);
    let by_id: HashMap<i64, &crate::domain::division::DivisionListItem> =
        divisions.iter().map(|d| (d.id.0, d)).collect();
    let codes = |list: &[crate::domain::reference_forms::TeacherRef]| {
        list.iter().map(|t| t.code.as_str()).collect::<Vec<_>>().join(", ")
    };
    // Sorted by: courses without a class last, then grouping, division, subject, classes and id.
    type SortKey = (bool, String, String, String, String, i64);
    let mut keyed: Vec<(SortKey, Vec<Cell>)> = Vec::new();
    for c in courses {
        let first = c.school_classes.first().and_then(|k| by_id.get(&k.division.id));
        if division.is_some_and(|d| !c.school_classes.iter().any(|k| k.division.id == d)) {
            continue;
        }
        let grouping = first.map(|d| d.grouping.clone().unwrap_or_else(|| d.code.clone())).unwrap_or_default();
        let div = first.map(|d| d.code.clone()).unwrap_or_default();
        let classes = c.school_classes.iter().map(|k| k.code.as_str()).collect::<Vec<_>>().join(", ");
        let key = (first.is_none(), grouping.clone(), div.clone(), c.subject.code.clone(), classes.clone(), c.id.0);
        let row = vec![
            grouping.into(),
            div.into(),
            c.subject.code.clone().into(),
            c.subject.description.clone().into(),
            classes.into(),
            c.grade.code.clone().into(),
            lessons(c.lessons1.decimal()),
            lessons(c.lessons2.decimal()),
            codes(&c.teachers1).into(),
            codes(&c.teachers2).into(),
            if c.cancelled { "ja" } else { "nein" }.into(),
        ];
        keyed.push((key, row));
    }
    keyed.sort_by(|a, b| a.0.cmp(&b.0));
    write(&header, &keyed.into_iter().map(|(_, row)| row).collect::<Vec<_>>())
}

/// Personal data of a payroll row.
#[derive(Debug, Clone, Default)]
pub struct Person {
    /// Employee number (Nr.).
    pub employee_number: Option<String>,
    /// Birthday `YYYY-MM-DD`.
    pub birthday: Option<String>,
}

/// `PayrollCSVDownload` (Pensenmeldung) of semester `semester` (1 or 2): one
/// row per workload form, with the payroll of every type in `types` (by id).
/// Columns: Nr., Kürzel, Nachname, Vorname, Geburtsdatum, Altersentlastung
/// (that semester's factor), Auszahlung (the payroll total), IPB-Saldo Ende SJ
/// (when the form shows balances), then per type `<code> L` (lesson-based
/// only) and `<code> %`. In the `lessons2` modes instead: per lesson-based
/// type `S <code> L` and `S <code> %` (lessons and withoutAE(percent) of the
/// type's own row, i.e. without correction), per percent-based type
/// `S <code> %`, per IPB-allowed type `S IPBKorr <code> L` = cL (negative =
/// lessons added) — docs/documents.md §Payroll CSV, docs/workload.md §IPB correction.
pub fn payroll(
    workloads: &[Workload],
    people: &HashMap<i64, Person>,
    types: &[PayrollType],
    semester: u8,
    show_ipb: bool,
) -> Result<Vec<u8>> {
    let decimals = percent_decimals(workloads);
    let lessons2 = workloads.first().is_some_and(|w| w.calculation_mode.code.starts_with("lessons2"));
    let mut types: Vec<&PayrollType> = types.iter().collect();
    types.sort_by_key(|t| t.id);
    let mut header =
        strings(&["Nr.", "Kürzel", "Nachname", "Vorname", "Geburtsdatum", "Altersentlastung", "Auszahlung"]);
    if show_ipb {
        header.push("IPB-Saldo Ende SJ".into());
    }
    if lessons2 {
        for t in types.iter().filter(|t| t.lesson_based) {
            header.push(format!("S {} L", t.code));
            header.push(format!("S {} %", t.code));
        }
        header.extend(types.iter().filter(|t| !t.lesson_based).map(|t| format!("S {} %", t.code)));
        header.extend(types.iter().filter(|t| t.ipb_correction_allowed).map(|t| format!("S IPBKorr {} L", t.code)));
    } else {
        for t in &types {
            if t.lesson_based {
                header.push(format!("{} L", t.code));
            }
            header.push(format!("{} %", t.code));
        }
    }
    let s2 = semester == 2;
    let rows: Vec<Vec<Cell>> = workloads
        .iter()
        .map(|w| {
            let person = people.get(&w.teacher.id.0).cloned().unwrap_or_default();
            let factor = if s2 { w.summary.age_relief_factor2.0 } else { w.summary.age_relief_factor1.0 };
            let total = if s2 { w.payroll.total.percent2.0 } else { w.payroll.total.percent1.0 };
            let mut row = vec![
                opt(&person.employee_number).into(),
                w.teacher.code.clone().into(),
                w.teacher.last_name.clone().into(),
                w.teacher.first_name.clone().into(),
                opt(&person.birthday).into(),
                number(factor, decimals),
                number(total, decimals),
            ];
            if show_ipb {
                let closing = w
                    .balance
                    .as_ref()
                    .and_then(|b| b.iter().find(|l| l.description == "Schlusssaldo"))
                    .map_or(Decimal::ZERO, |l| l.percent.0);
                row.push(number(closing, decimals));
            }
            // (lessons, percent) of the type's own row and of its correction row.
            let own = |id: PayrollTypeId| -> (Decimal, Decimal) {
                w.payroll.items.iter().find(|i| !i.correction && i.payroll_type.id == id.0).map_or(
                    (Decimal::ZERO, Decimal::ZERO),
                    |i| {
                        if s2 {
                            (i.lessons2.0, i.percent2.0)
                        } else {
                            (i.lessons1.0, i.percent1.0)
                        }
                    },
                )
            };
            if lessons2 {
                let without_ae = |p: Decimal| p / (Decimal::ONE + factor / Decimal::ONE_HUNDRED);
                for t in types.iter().filter(|t| t.lesson_based) {
                    let (l, p) = own(t.id);
                    row.push(lessons(l));
                    row.push(number(without_ae(p), decimals));
                }
                row.extend(types.iter().filter(|t| !t.lesson_based).map(|t| number(without_ae(own(t.id).1), decimals)));
                for t in types.iter().filter(|t| t.ipb_correction_allowed) {
                    let correction = w
                        .payroll
                        .items
                        .iter()
                        .find(|i| i.correction && i.parent_payroll_type.as_ref().is_some_and(|p| p.id == t.id.0))
                        .map_or(Decimal::ZERO, |i| if s2 { i.lessons2.0 } else { i.lessons1.0 });
                    // The row shows −cL; the column carries cL itself.
                    row.push(lessons(-correction));
                }
            } else {
                for t in &types {
                    let (l, p) = own(t.id);
                    if t.lesson_based {
                        row.push(lessons(l));
                    }
                    row.push(number(p, decimals));
                }
            }
            row
        })
        .collect();
    write(&header, &rows)
}

/// The plan check's findings (docs/documents.md §Plan check, job `CheckPlan`): Schwere
/// (`error`/`warning`), Code, Beschreibung, Objekte (`type id`, comma-separated).
pub fn findings(findings: &[crate::domain::check::Finding]) -> Result<Vec<u8>> {
    let header: Vec<String> = ["Schwere", "Code", "Beschreibung", "Objekte"].map(String::from).to_vec();
    let rows: Vec<Vec<Cell>> = findings
        .iter()
        .map(|f| {
            let severity = serde_json::to_value(f.severity).ok().and_then(|v| v.as_str().map(str::to_string));
            let objects: Vec<String> = f
                .objects
                .iter()
                .map(|o| {
                    let id = match &o.id {
                        crate::domain::check::FindingId::Number(n) => n.to_string(),
                        crate::domain::check::FindingId::Text(t) => t.clone(),
                    };
                    format!("{} {id}", o.kind)
                })
                .collect();
            vec![
                Cell::Text(severity.unwrap_or_default()),
                Cell::Text(f.code.to_string()),
                Cell::Text(f.detail.clone()),
                Cell::Text(objects.join(", ")),
            ]
        })
        .collect();
    write(&header, &rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_has_bom_semicolons_crlf_and_quotes() {
        let bytes = write(&strings(&["a", "b;c"]), &[vec![Cell::from("x \"y\""), Cell::from("")]]).unwrap();
        assert_eq!(bytes, b"\xEF\xBB\xBFa;\"b;c\"\r\n\"x \"\"y\"\"\";\r\n".to_vec());
    }

    #[test]
    fn text_that_starts_like_a_formula_is_neutralised_and_numbers_are_not() {
        let texts = ["=HYPERLINK(\"http://x\")", "+41 44", "-2+3", "@SUM(A1)", "\tx", "\rx", "-", "a=b", "Müller"];
        let mut row: Vec<Cell> = texts.iter().map(|t| Cell::from(*t)).collect();
        row.push(number(Decimal::new(-5, 1), 2));
        row.push(lessons(Decimal::new(25, 1)));
        let mut header = strings(&["=head"]);
        header.resize(row.len(), "h".to_string());
        let bytes = write(&header, &[row]).unwrap();
        let text = String::from_utf8(bytes[BOM.len()..].to_vec()).unwrap();
        assert_eq!(
            text,
            "'=head;h;h;h;h;h;h;h;h;h;h\r\n\"'=HYPERLINK(\"\"http://x\"\")\";'+41 44;'-2+3;'@SUM(A1);'\tx;\"'\rx\";-;a=b;Müller;-0.50;2.50\r\n"
        );
    }
}
