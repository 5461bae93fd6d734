//! The people from the reference's rows: teachers (a missing code derived
//! from the name), their employments with the stored balances, notes, and
//! the accounts with their mail settings.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use chrono::NaiveDateTime;

use super::codes::derived_code;
use super::swiss_time::{swiss_to_utc, UTC_FORMAT};
use super::{
    code_of, name_or, number, AccountRecord, Converted2, Known, Refused, StoredBalance, MISSING_REF, NO_NUMBER,
};
use crate::auth::Role;
use crate::dataset::*;
use crate::domain::code_key;
use crate::domain::fixed::Fixed;
use crate::pensenmanager::num;
use crate::pensenmanager::report::Report;
use crate::pensenmanager::source::Rows;
use crate::store::account::AccountSettings;

/// A locked year's stored balance `x` of employment `row`, kept to full stored
/// precision (docs/migration.md §Balances and the reconciliation); a value that
/// is no number refuses the row (`keine-zahl`), unless `refused` says that
/// [`super::number`] refused it already.
fn frozen_balance(report: &mut Report, row: &str, column: &str, x: f64, refused: bool) -> Option<String> {
    let text = num::full_text(x);
    if text.is_none() && !refused {
        report.refuse("employment", vec![format!("{row} ({column} = {x})")], "keine-zahl", NO_NUMBER);
    }
    text
}

/// Teachers; one without a name, or with a code another one has, is
/// refused. Their codes go to `known`; a derived code is marked in `out`.
pub(super) fn teachers(rows: &Rows, report: &mut Report, out: &mut Converted2, known: &mut Known) {
    let ds = &mut out.dataset;
    let Known { categories, genders, .. } = &*known;
    // Teachers.
    let mut taken: BTreeSet<String> = rows.teacher.iter().filter_map(|t| name_or(&t.code)).map(code_key).collect();
    let mut seen: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut no_name = Vec::new();
    let mut teachers: HashMap<i32, String> = HashMap::new();
    for t in &rows.teacher {
        let (Some(first), Some(last)) = (name_or(&t.first_name), name_or(&t.last_name)) else {
            no_name.push(format!("id {} ({})", t.id, t.code.as_deref().unwrap_or("ohne Kürzel")));
            continue;
        };
        let code = match name_or(&t.code) {
            Some(c) => c.to_string(),
            None => {
                let c = derived_code(first, last, &taken);
                taken.insert(code_key(&c));
                report.change("teacher", format!("id {}", t.id), "code", None, Some(c.clone()), "kuerzel-abgeleitet");
                out.marks.push((
                    c.clone(),
                    "Kürzel bei der Übernahme aus dem Pensenmanager aus dem Namen abgeleitet (es fehlte).".into(),
                ));
                c
            }
        };
        seen.entry(code_key(&code)).or_default().push(format!("id {} ({code})", t.id));
        teachers.insert(t.id, code.clone());
        let mark = report.mark();
        let email = match t.email.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            Some(e) if crate::domain::teacher::valid_email(e) => Some(e.to_string()),
            Some(e) => {
                report.change("teacher", code.clone(), "email", Some(e.to_string()), None, "email-ungueltig");
                None
            }
            None => None,
        };
        let departments = rows
            .teacher_department
            .iter()
            .filter(|d| d.teacher_id == t.id)
            .map(|d| code_of(report, categories, d.subject_category_id, "teacher_department", code.clone()))
            .collect();
        let record = TeacherRecord {
            code,
            first_name: first.to_string(),
            last_name: last.to_string(),
            email,
            birthday: t.birthday.clone(),
            employee_number: t.employee_number.clone(),
            title: t.title.clone(),
            departments,
            archived: t.archived,
            gender: genders.get(&t.gender_id).cloned(),
        };
        out.refused.push(report, mark, false, "teachers", &mut ds.teachers, record);
    }
    report.refuse(
        "teacher",
        no_name,
        "lehrperson-ohne-name",
        "Der Lehrperson fehlt der Vor- oder Nachname; schoolplan verlangt beide.",
    );
    // Teachers sharing a code are refused, all of them.
    let doubled: BTreeSet<String> = seen.iter().filter(|(_, v)| v.len() > 1).map(|(k, _)| k.clone()).collect();
    for t in out.dataset.teachers.iter().filter(|t| doubled.contains(&code_key(&t.code))) {
        out.refused.0.push(("teachers", serde_json::to_value(t).expect("a record serialises")));
    }
    report.refuse(
        "teacher",
        seen.into_values().filter(|v| v.len() > 1).flatten().collect(),
        "kuerzel-doppelt",
        "Mehrere Lehrpersonen haben dasselbe Kürzel (Gross-/Kleinschreibung zählt nicht). Bitte im Pensenmanager eindeutig machen.",
    );
    known.teachers = teachers;
}

/// Employments with their balances, the stored ones to `out` for the
/// reconciliation; which teacher is employed in which year goes to `known`.
pub(super) fn employments(rows: &Rows, report: &mut Report, out: &mut Converted2, known: &mut Known) {
    let ds = &mut out.dataset;
    let Known { years, teachers, divisions, .. } = &*known;
    // Employments: the first one's opening balance is the initial balance;
    // a locked year keeps its stored balances as frozen history.
    let mut first: HashMap<i32, (i32, i32)> = HashMap::new();
    for e in &rows.employment {
        let gy = rows.school_year.iter().find(|y| y.id == e.school_year_id).map(|y| y.graduation_year).unwrap_or(0);
        let entry = first.entry(e.teacher_id).or_insert((gy, e.id));
        if gy < entry.0 {
            *entry = (gy, e.id);
        }
    }
    let mut employed: BTreeSet<(i32, i32)> = BTreeSet::new();
    for e in &rows.employment {
        let (Some(teacher), Some((year, graduation_year, locked))) =
            (teachers.get(&e.teacher_id), years.get(&e.school_year_id))
        else {
            report.refuse("employment", vec![format!("id {}", e.id)], "verweis-fehlt", MISSING_REF);
            continue;
        };
        employed.insert((e.school_year_id, e.teacher_id));
        let mark = report.mark();
        let row = format!("{year}/{teacher}");
        let opt = |report: &mut Report, column: &str, x: Option<f64>| {
            x.map(|x| number(report, "employment", &row, column, x))
        };
        let employment_min = opt(report, "employment_min", e.employment_min);
        let employment_max = opt(report, "employment_max", e.employment_max);
        let payment1 = opt(report, "payment1", e.payment1);
        let payment2 = opt(report, "payment2", e.payment2);
        let is_first = first.get(&e.teacher_id).map(|f| f.1) == Some(e.id);
        let initial_balance =
            if is_first { opt(report, "opening_balance", e.opening_balance).unwrap_or_default() } else { Fixed(0) };
        let (frozen_opening_balance, frozen_closing_balance) = match (*locked, e.opening_balance, e.closing_balance) {
            (true, Some(o), Some(c)) => (
                frozen_balance(report, &row, "opening_balance", o, is_first),
                frozen_balance(report, &row, "closing_balance", c, false),
            ),
            (true, _, _) => {
                report.change(
                    "employment",
                    row.clone(),
                    "closing_balance",
                    None,
                    Some("(berechnet)".into()),
                    "saldo-fehlt-berechnet",
                );
                (None, None)
            }
            _ => (None, None),
        };
        out.stored.push(StoredBalance {
            teacher: teacher.clone(),
            year: year.clone(),
            graduation_year: *graduation_year,
            locked: *locked,
            opening: e.opening_balance,
            closing: e.closing_balance,
        });
        let record = EmploymentRecord {
            teacher: teacher.clone(),
            school_year: year.clone(),
            division: code_of(report, divisions, e.division_id, "employment", row.clone()),
            employment_min,
            employment_max,
            payment1,
            payment2,
            temporary: e.temporary,
            comments: e.comments.clone(),
            initial_balance,
            frozen_opening_balance,
            frozen_closing_balance,
        };
        out.refused.push(report, mark, false, "employments", &mut ds.employments, record);
    }
    known.employed = employed;
}

/// Notes; one without text or time is refused.
pub(super) fn notes(rows: &Rows, report: &mut Report, ds: &mut Dataset, refused: &mut Refused, known: &Known) {
    let teachers = &known.teachers;
    // Notes: Swiss local time becomes UTC.
    let mut bad_notes = Vec::new();
    for n in &rows.note {
        let row = format!("id {}", n.id);
        let time = n.created_on.as_deref().and_then(|t| NaiveDateTime::parse_from_str(t, "%Y-%m-%dT%H:%M:%S%.f").ok());
        let (Some(text), Some(time)) = (n.text.clone().filter(|t| !t.trim().is_empty()), time) else {
            bad_notes.push(row);
            continue;
        };
        let mark = report.mark();
        let created_by = match name_or(&n.created_by) {
            Some(a) => a.to_string(),
            None => {
                report.change("note", row.clone(), "created_by", None, Some("pensenmanager".into()), "autor-fehlt");
                "pensenmanager".to_string()
            }
        };
        let record = NoteRecord {
            teacher: code_of(report, teachers, n.teacher_id, "note", row.clone()),
            text,
            created_by,
            creation_date: swiss_to_utc(time).format(UTC_FORMAT).to_string(),
        };
        refused.push(report, mark, false, "notes", &mut ds.notes, record);
    }
    report.refuse("note", bad_notes, "notiz-leer", "Die Notiz hat keinen Text oder keine Zeit.");
}

/// The accounts with their mail settings.
pub(super) fn accounts(rows: &Rows, out: &mut Converted2) {
    // Accounts with their mail settings.
    for a in &rows.account {
        let role = if a.grant_allowed {
            Role::Admin
        } else if a.edit_allowed {
            Role::Planner
        } else {
            Role::Reader
        };
        let settings = rows
            .settings
            .iter()
            .find(|s| s.account_id == a.id)
            .map(|s| AccountSettings {
                mail_body: s.mail_body.clone().unwrap_or_default(),
                mail_from: s.mail_from.clone().unwrap_or_default(),
                mail_subject: s.mail_subject.clone().unwrap_or_default(),
            })
            .unwrap_or_default();
        out.accounts.push(AccountRecord { name: a.name.clone(), role, settings });
    }
}
