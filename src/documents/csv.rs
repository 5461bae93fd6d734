//! The CSV lists of documents.md §4–§5, built from loaded data and workload
//! forms. Every list: UTF-8 with BOM, `;` separator, CRLF line ends, RFC 4180
//! quoting, numbers with `.` and no `%`, percents with the workload's
//! `percentDecimals`, lessons with 2 decimals, zero as an empty cell.

use std::collections::HashMap;

use rust_decimal::Decimal;

use super::{lessons, number};
use crate::domain::course::Course;
use crate::domain::employment::Employment;
use crate::domain::payroll::{PayrollType, ThesisType};
use crate::domain::pool::{PoolEntry, Theses};
use crate::domain::schoolclass::SchoolClassInYear;
use crate::domain::teacher::Teacher;
use crate::error::{Error, Result};
use crate::service::workload::Workload;

/// The byte order mark that makes Excel read the file as UTF-8.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Writes `header` and `rows` as CSV of documents.md §5.
pub fn write(header: &[String], rows: &[Vec<String>]) -> Result<Vec<u8>> {
    let mut out = BOM.to_vec();
    {
        let mut w = ::csv::WriterBuilder::new()
            .delimiter(b';')
            .terminator(::csv::Terminator::CRLF)
            .quote_style(::csv::QuoteStyle::Necessary)
            .from_writer(&mut out);
        w.write_record(header).map_err(Error::internal)?;
        for row in rows {
            w.write_record(row).map_err(Error::internal)?;
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
    let pct = |d: Option<Decimal>| d.map_or_else(String::new, |d| number(d, decimals));
    let rows: Vec<Vec<String>> = list
        .iter()
        .map(|e| {
            let t = teachers.get(&e.teacher.id.0);
            let w = workloads.get(&e.teacher.id.0);
            let mut row = vec![
                e.teacher.id.0.to_string(),
                t.map(|t| opt(&t.title)).unwrap_or_default(),
                e.teacher.first_name.clone(),
                e.teacher.last_name.clone(),
                e.teacher.code.clone(),
                e.division.code.clone(),
                opt(&e.teacher.email),
                t.map(|t| opt(&t.employee_number)).unwrap_or_default(),
                if e.temporary { "ja" } else { "nein" }.to_string(),
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
    let rows: Vec<Vec<String>> = entries
        .iter()
        .map(|p| {
            vec![
                p.teacher.first_name.clone(),
                p.teacher.last_name.clone(),
                p.teacher.code.clone(),
                opt(&p.description),
                p.kind.description.clone(),
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
    let rows: Vec<Vec<String>> = list
        .iter()
        .map(|h| {
            let mut row = vec![
                h.teacher.first_name.clone(),
                h.teacher.last_name.clone(),
                h.teacher.code.clone(),
                divisions.get(&h.teacher.id.0).cloned().unwrap_or_default(),
            ];
            row.extend(types.iter().map(|t| {
                h.thesis_counts.get(&t.id).map_or_else(String::new, |c| {
                    let d = c.decimal().normalize();
                    if d.is_zero() {
                        String::new()
                    } else {
                        d.to_string()
                    }
                })
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
    let rows: Vec<Vec<String>> = workloads
        .iter()
        .map(|w| {
            let t = &w.courses.total;
            vec![
                w.teacher.code.clone(),
                w.teacher.last_name.clone(),
                w.teacher.first_name.clone(),
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
    let codes = |list: &[crate::domain::refs::TeacherRef]| {
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
/// of client.md `/coursetable`: one row per non-cross-class subject (of
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
    let rows: Vec<Vec<String>> = list
        .into_iter()
        .map(|(code, cells)| {
            let mut row = vec![code];
            row.extend(cells.into_iter().map(|c| c.map(teacher_cell).unwrap_or_default()));
            row
        })
        .collect();
    write(&header, &rows)
}

/// `GroupingCSVDownload` (Kursliste nach Gruppierung, client.md): every
/// course of the year whose classes belong to `division` (all when `None`),
/// grouped by the grouping of its classes' divisions (client.md "Division":
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
    let codes =
        |list: &[crate::domain::refs::TeacherRef]| list.iter().map(|t| t.code.as_str()).collect::<Vec<_>>().join(", ");
    let mut keyed: Vec<((bool, String, String, String, String, i64), Vec<String>)> = Vec::new();
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
            grouping,
            div,
            c.subject.code.clone(),
            c.subject.description.clone(),
            classes,
            c.grade.code.clone(),
            lessons(c.lessons1.decimal()),
            lessons(c.lessons2.decimal()),
            codes(&c.teachers1),
            codes(&c.teachers2),
            if c.cancelled { "ja" } else { "nein" }.to_string(),
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
/// lessons added) — documents.md §5, workload.md §3.5.
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
    let rows: Vec<Vec<String>> = workloads
        .iter()
        .map(|w| {
            let person = people.get(&w.teacher.id.0).cloned().unwrap_or_default();
            let factor = if s2 { w.summary.age_relief_factor2.0 } else { w.summary.age_relief_factor1.0 };
            let total = if s2 { w.payroll.total.percent2.0 } else { w.payroll.total.percent1.0 };
            let mut row = vec![
                opt(&person.employee_number),
                w.teacher.code.clone(),
                w.teacher.last_name.clone(),
                w.teacher.first_name.clone(),
                opt(&person.birthday),
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
            let own = |id: i64| -> (Decimal, Decimal) {
                w.payroll.items.iter().find(|i| !i.correction && i.payroll_type.id == id).map_or(
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
                        .find(|i| i.correction && i.parent_payroll_type.as_ref().is_some_and(|p| p.id == t.id))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_has_bom_semicolons_crlf_and_quotes() {
        let bytes = write(&strings(&["a", "b;c"]), &[strings(&["x \"y\"", ""])]).unwrap();
        assert_eq!(bytes, b"\xEF\xBB\xBFa;\"b;c\"\r\n\"x \"\"y\"\"\";\r\n".to_vec());
    }
}

/// The plan check's findings (documents.md §3, job `CheckPlan`): Schwere
/// (`error`/`warning`), Code, Beschreibung, Objekte (`type id`, comma-separated).
pub fn findings(findings: &[crate::domain::check::Finding]) -> Result<Vec<u8>> {
    let header: Vec<String> = ["Schwere", "Code", "Beschreibung", "Objekte"].map(String::from).to_vec();
    let rows: Vec<Vec<String>> = findings
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
            vec![severity.unwrap_or_default(), f.code.to_string(), f.detail.clone(), objects.join(", ")]
        })
        .collect();
    write(&header, &rows)
}
