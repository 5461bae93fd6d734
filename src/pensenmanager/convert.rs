//! The reference's rows as a schoolplan [`Dataset`]
//! (docs/migration.md §Tables of the Pensenmanager): ids become codes, doubles exact decimals
//! ([`super::num`]), stored balances initial and frozen balances; every repair
//! and refusal of docs/migration.md §Repairs and refusals is applied here and
//! written to the [`Report`]. Pure: no I/O.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use base64::Engine as _;
use chrono::{Datelike, Duration, NaiveDate, NaiveDateTime, Weekday};

use super::num::{self, Converted};
use super::report::Report;
use super::source::Rows;
use crate::auth::Role;
use crate::dataset::*;
use crate::domain::code_key;
use crate::domain::fixed::Fixed;
use crate::domain::workload::CalculationMode;
use crate::store::account::AccountSettings;

/// An account to create beside the dataset, with its mail settings.
#[derive(Debug, Clone, PartialEq)]
pub struct AccountRecord {
    /// The sign-on name.
    pub name: String,
    /// grant ⇒ admin, else edit ⇒ planner, else reader.
    pub role: Role,
    /// The mail settings (empty texts when the account has none).
    pub settings: AccountSettings,
}

/// The balances the reference stored for one employment (for the reconciliation).
#[derive(Debug, Clone, PartialEq)]
pub struct StoredBalance {
    /// Teacher code (as imported).
    pub teacher: String,
    /// School year code.
    pub year: String,
    /// The year's graduation year (order).
    pub graduation_year: i64,
    /// Whether the year is locked.
    pub locked: bool,
    /// Stored opening balance.
    pub opening: Option<f64>,
    /// Stored closing balance.
    pub closing: Option<f64>,
}

/// What the rows become.
#[derive(Debug, Clone, Default)]
pub struct Converted2 {
    /// The school.
    pub dataset: Dataset,
    /// The accounts.
    pub accounts: Vec<AccountRecord>,
    /// The stored balances of every employment.
    pub stored: Vec<StoredBalance>,
    /// Notes marking repaired teachers: (teacher code, text).
    pub marks: Vec<(String, String)>,
}

/// The name of the 3.10 mode that one school has: the same calculation as
/// `lessons2AgeReliefIncluded` (docs/migration.md §Modes).
pub const MODE_ALIAS_3_10: &str = "lessonsAgeReliefIncluded2";

/// Lesson type codes of very old databases and what they are.
const OLD_LESSON_TYPES: &[(&str, &str)] =
    &[("X", "noLessons"), ("W", "continuation"), ("A", "start"), ("AO", "startOptional")];

/// Natural order of codes: digits compare as numbers (`GYM2` < `GYM10`).
pub fn natural_key(code: &str) -> Vec<(String, u64)> {
    let mut out = Vec::new();
    let mut text = String::new();
    let mut digits = String::new();
    for ch in code.trim().to_lowercase().chars() {
        if ch.is_ascii_digit() {
            digits.push(ch);
        } else {
            if !digits.is_empty() {
                out.push((std::mem::take(&mut text), digits.parse().unwrap_or(u64::MAX)));
                digits.clear();
            }
            text.push(ch);
        }
    }
    let n = if digits.is_empty() { 0 } else { digits.parse().unwrap_or(u64::MAX) };
    out.push((text, n));
    out
}

/// The last Sunday of `month` in `year`.
fn last_sunday(year: i32, month: u32) -> NaiveDate {
    let mut d = NaiveDate::from_ymd_opt(year, month + 1, 1).unwrap_or(NaiveDate::MIN) - Duration::days(1);
    while d.weekday() != Weekday::Sun {
        d -= Duration::days(1);
    }
    d
}

/// Whether UTC time `t` is in Swiss summer time (last Sunday of March 01:00
/// UTC to last Sunday of October 01:00 UTC).
fn summer_time(t: NaiveDateTime) -> bool {
    let y = t.year();
    let start = last_sunday(y, 3).and_hms_opt(1, 0, 0).unwrap_or_default();
    let end = last_sunday(y, 10).and_hms_opt(1, 0, 0).unwrap_or_default();
    t >= start && t < end
}

/// The format of a note's creation date in a dataset.
pub const UTC_FORMAT: &str = "%Y-%m-%dT%H:%M:%S%.6fZ";

/// Swiss local time → UTC; in the autumn hour that occurs twice, summer time is taken.
pub fn swiss_to_utc(local: NaiveDateTime) -> NaiveDateTime {
    let summer = local - Duration::hours(2);
    if summer_time(summer) {
        summer
    } else {
        local - Duration::hours(1)
    }
}

/// UTC → Swiss local time.
pub fn utc_to_swiss(utc: NaiveDateTime) -> NaiveDateTime {
    utc + Duration::hours(if summer_time(utc) { 2 } else { 1 })
}

/// The kind of an image by its first bytes: `image/png`, `image/jpeg`, or none.
pub fn image_kind(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(&[0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a]) {
        Some("image/png")
    } else if bytes.starts_with(&[0xff, 0xd8, 0xff]) {
        Some("image/jpeg")
    } else {
        None
    }
}

/// A code derived from a teacher's name: first letter of the first name and
/// the first two of the last name, lower case, letters a–z only; a digit is
/// added while it is taken.
fn derived_code(first: &str, last: &str, taken: &BTreeSet<String>) -> String {
    let letters = |s: &str, n: usize| -> String {
        s.chars()
            .flat_map(|c| match c {
                'ä' | 'Ä' => vec!['a'],
                'ö' | 'Ö' => vec!['o'],
                'ü' | 'Ü' => vec!['u'],
                'é' | 'è' | 'ê' | 'É' => vec!['e'],
                c if c.is_ascii_alphabetic() => vec![c.to_ascii_lowercase()],
                _ => vec![],
            })
            .take(n)
            .collect()
    };
    let mut base = letters(first, 1) + &letters(last, 2);
    if base.is_empty() {
        base = "lp".to_string();
    }
    if !taken.contains(&code_key(&base)) {
        return base;
    }
    (2..).map(|i| format!("{base}{i}")).find(|c| !taken.contains(&code_key(c))).expect("a free code")
}

/// The reason of a refusal `verweis-fehlt`.
const MISSING_REF: &str = "Die Zeile verweist auf eine Zeile, die fehlt oder abgelehnt ist.";

/// The code of row `id` in `map`; a missing one refuses the referring row.
fn code_of(report: &mut Report, map: &HashMap<i32, String>, id: i32, table: &str, row: String) -> String {
    match map.get(&id) {
        Some(c) => c.clone(),
        None => {
            report.refuse(table, vec![format!("{row} (Verweis {id})")], "verweis-fehlt", MISSING_REF);
            String::new()
        }
    }
}

/// Double `x` of `table`/`row`/`column` as a 4-place decimal (§Numbers): a
/// rounding is reported, a value that is no number refuses the row.
fn number(report: &mut Report, table: &str, row: &str, column: &str, x: f64) -> Fixed {
    match num::to_fixed(x) {
        Some(Converted::Exact(f)) => f,
        Some(Converted::Rounded(f)) => {
            report.change(table, row, column, num::full_text(x), Some(num::text(f)), "zahl-gerundet");
            f
        }
        None => {
            report.refuse(table, vec![format!("{row} ({column} = {x})")], "keine-zahl", NO_NUMBER);
            Fixed(0)
        }
    }
}

/// The reason of a refusal `keine-zahl`.
const NO_NUMBER: &str = "Der Wert ist keine endliche Zahl oder zu gross.";

/// A locked year's stored balance `x` of employment `row`, kept to full stored
/// precision (docs/migration.md §Balances and the reconciliation); a value that
/// is no number refuses the row (`keine-zahl`), unless `refused` says that
/// [`number`] refused it already.
fn frozen_balance(report: &mut Report, row: &str, column: &str, x: f64, refused: bool) -> Option<String> {
    let text = num::full_text(x);
    if text.is_none() && !refused {
        report.refuse("employment", vec![format!("{row} ({column} = {x})")], "keine-zahl", NO_NUMBER);
    }
    text
}

fn name_or(v: &Option<String>) -> Option<&str> {
    v.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

/// Converts the rows; problems go to `report` (a refusal there means the
/// dataset must not be imported).
pub fn convert(rows: &Rows, report: &mut Report) -> Converted2 {
    let mut out = Converted2::default();
    let ds = &mut out.dataset;

    // Payroll types.
    let payroll: HashMap<i32, String> = rows.payroll_type.iter().map(|p| (p.id, p.code.clone())).collect();
    for p in &rows.payroll_type {
        ds.payroll_types.push(PayrollTypeRecord {
            code: p.code.clone(),
            description: p.description.clone(),
            lesson_based: p.lesson_based,
            saldo_resolving_order: i64::from(p.saldo_resolving_order),
            ipb_correction_allowed: p.ipb_correction_allowed,
        });
    }
    let payroll_code = |id: i32| payroll.get(&id).cloned();

    // Grades.
    let grades: HashMap<i32, String> = rows.grade.iter().map(|g| (g.id, g.code.clone())).collect();
    for g in &rows.grade {
        if g.archived {
            report.change(
                "grade",
                g.code.clone(),
                "archived",
                Some("true".into()),
                None,
                "stufe-archiviert-nicht-uebernommen",
            );
        }
        ds.grades.push(GradeRecord {
            code: g.code.clone(),
            description: g.description.clone(),
            payroll_type: payroll_code(g.payroll_type_id),
            class_lesson_payroll_type: payroll_code(g.class_lesson_payroll_type_id),
        });
    }

    // Lookups.
    let categories: HashMap<i32, String> = rows.subject_category.iter().map(|c| (c.id, c.code.clone())).collect();
    for c in &rows.subject_category {
        ds.subject_categories.push(LookupRecord {
            code: c.code.clone(),
            description: c.description.clone(),
            archived: false,
        });
    }
    let types: HashMap<i32, String> = rows.subject_type.iter().map(|t| (t.id, t.code.clone())).collect();
    let mut by_order: Vec<_> = rows.subject_type.iter().collect();
    by_order.sort_by_key(|t| (t.sort_order, t.id));
    let mut by_code: Vec<_> = rows.subject_type.iter().collect();
    by_code.sort_by_key(|t| code_key(&t.code));
    if by_order.iter().map(|t| t.id).ne(by_code.iter().map(|t| t.id)) {
        report.change(
            "subject_type",
            "(alle)",
            "sort_order",
            Some(by_order.iter().map(|t| t.code.as_str()).collect::<Vec<_>>().join(", ")),
            Some(by_code.iter().map(|t| t.code.as_str()).collect::<Vec<_>>().join(", ")),
            "reihenfolge-nach-code",
        );
    }
    for t in &rows.subject_type {
        ds.subject_types.push(LookupRecord {
            code: t.code.clone(),
            description: t.description.clone(),
            archived: false,
        });
    }
    let genders: HashMap<i32, String> = rows.gender.iter().map(|g| (g.id, g.code.clone())).collect();
    for g in &rows.gender {
        if let Some(s) = &g.salutation {
            report.change("gender", g.code.clone(), "salutation", Some(s.clone()), None, "anrede-nicht-uebernommen");
        }
        ds.genders.push(LookupRecord { code: g.code.clone(), description: g.description.clone(), archived: false });
    }

    // Booking types.
    let pool_types: HashMap<i32, String> = rows.pool_type.iter().map(|t| (t.id, t.code.clone())).collect();
    for t in &rows.pool_type {
        ds.pool_types.push(PoolTypeRecord {
            code: t.code.clone(),
            description: t.description.clone(),
            payroll_type: code_of(report, &payroll, t.payroll_type_id, "pool_type", t.code.clone()),
            auto_copy: t.auto_copy,
        });
    }
    let posting_types: HashMap<i32, String> = rows.posting_type.iter().map(|t| (t.id, t.code.clone())).collect();
    for t in &rows.posting_type {
        ds.posting_types.push(PostingTypeRecord {
            code: t.code.clone(),
            description: t.description.clone(),
            payroll_type: code_of(report, &payroll, t.payroll_type_id, "posting_type", t.code.clone()),
            percent: t.percent,
        });
    }
    let thesis_types: HashMap<i32, String> = rows.thesis_type.iter().map(|t| (t.id, t.code.clone())).collect();
    for t in &rows.thesis_type {
        ds.thesis_types.push(ThesisTypeRecord {
            code: t.code.clone(),
            description: t.description.clone(),
            payroll_type: code_of(report, &payroll, t.payroll_type_id, "thesis_type", t.code.clone()),
            percent: number(report, "thesis_type", &t.code, "percent", t.percent),
        });
    }

    // Curricula: grades in natural order of their codes (the table has no order).
    let curricula: HashMap<i32, String> = rows.curriculum.iter().map(|c| (c.id, c.code.clone())).collect();
    for c in &rows.curriculum {
        let mut codes: Vec<String> = rows
            .curriculum_grade
            .iter()
            .filter(|cg| cg.curriculum_id == c.id)
            .map(|cg| code_of(report, &grades, cg.grade_id, "curriculum_grade", c.code.clone()))
            .collect();
        codes.sort_by_key(|g| natural_key(g));
        if !codes.is_empty() {
            report.change(
                "curriculum_grade",
                c.code.clone(),
                "(Reihenfolge)",
                None,
                Some(codes.join(", ")),
                "stufen-natuerlich-geordnet",
            );
        }
        ds.curricula.push(CurriculumRecord {
            code: c.code.clone(),
            description: c.description.clone(),
            archived: c.archived,
            grades: codes,
        });
    }

    // Divisions: images by their first bytes.
    let divisions: HashMap<i32, String> = rows.division.iter().map(|d| (d.id, d.code.clone())).collect();
    for d in &rows.division {
        let mut image = |bytes: &Option<Vec<u8>>, column: &str| -> Option<BinaryRecord> {
            let bytes = bytes.as_ref()?;
            match image_kind(bytes) {
                Some(kind) => Some(BinaryRecord {
                    file_name: None,
                    mime_type: kind.to_string(),
                    data: base64::engine::general_purpose::STANDARD.encode(bytes),
                }),
                None => {
                    report.change(
                        "division",
                        d.code.clone(),
                        column,
                        Some(format!("{} Bytes", bytes.len())),
                        None,
                        "bild-weder-png-noch-jpeg",
                    );
                    None
                }
            }
        };
        let head_signature = image(&d.head_signature, "head_signature");
        let logo = image(&d.logo, "logo");
        ds.divisions.push(DivisionRecord {
            code: d.code.clone(),
            description: d.description.clone(),
            head_name: d.head_name.clone(),
            head_title: d.head_title.clone(),
            grouping: d.grouping.clone(),
            head_signature,
            logo,
        });
    }

    // School years.
    let modes: HashMap<i32, String> = rows.calculation_mode.iter().map(|m| (m.id, m.code.clone())).collect();
    let mut no_code = Vec::new();
    let mut bad_mode = Vec::new();
    let mut years: HashMap<i32, (String, i64, bool)> = HashMap::new();
    for y in &rows.school_year {
        let Some(code) = name_or(&y.code).map(str::to_string) else {
            no_code.push(format!("id {}", y.id));
            continue;
        };
        let locked = y.finalised || y.archived;
        years.insert(y.id, (code.clone(), i64::from(y.graduation_year), locked));
        let description = match name_or(&y.description) {
            Some(d) => d.to_string(),
            None => {
                report.change(
                    "school_year",
                    code.clone(),
                    "description",
                    None,
                    Some(code.clone()),
                    "bezeichnung-aus-code",
                );
                code.clone()
            }
        };
        let mode = match modes.get(&y.calculation_mode_id).map(String::as_str) {
            Some(MODE_ALIAS_3_10) => {
                let to = CalculationMode::Lessons2AgeReliefIncluded.code();
                report.change(
                    "school_year",
                    code.clone(),
                    "calculation_mode_id",
                    Some(MODE_ALIAS_3_10.into()),
                    Some(to.into()),
                    "modus-alias-3-10",
                );
                Some(to.to_string())
            }
            Some(m) if CalculationMode::from_code(m).is_some() => Some(m.to_string()),
            other => {
                bad_mode.push(format!("{code} (Modus {})", other.unwrap_or("?")));
                None
            }
        };
        let mut weekly = BTreeMap::new();
        for w in rows.weekly_lessons.iter().filter(|w| w.school_year_id == y.id) {
            let row = format!("{code}/{}", payroll_code(w.payroll_type_id).unwrap_or_default());
            let p = code_of(report, &payroll, w.payroll_type_id, "weekly_lessons", row.clone());
            weekly.insert(p, number(report, "weekly_lessons", &row, "lessons", w.lessons));
        }
        ds.school_years.push(SchoolYearRecord {
            code: code.clone(),
            description,
            graduation_year: i64::from(y.graduation_year),
            weeks: i64::from(y.weeks),
            age_relief_included: None,
            calculation_mode: mode,
            small_group_surcharge: number(
                report,
                "school_year",
                &code,
                "small_group_surcharge",
                y.small_group_surcharge,
            ),
            weekly_lessons: weekly,
            show_ipb_balances: y.show_ipb_balances,
            finalised: y.finalised,
            archived: y.archived,
        });
    }
    report.refuse("school_year", no_code, "schuljahr-ohne-code", "Das Schuljahr hat keinen Code (Bezeichnung).");
    report.refuse(
        "school_year",
        bad_mode,
        "unbekannter-modus",
        "Der Berechnungsmodus des Schuljahrs ist schoolplan unbekannt.",
    );

    // Subjects: the class lesson is decided by code, as in the reference.
    let mut subjects: HashMap<i32, String> = HashMap::new();
    let mut no_code = Vec::new();
    let mut no_category = Vec::new();
    for s in &rows.subject {
        let Some(code) = name_or(&s.code).map(str::to_string) else {
            no_code.push(format!("id {}", s.id));
            continue;
        };
        subjects.insert(s.id, code.clone());
        let category = s.category_id.and_then(|c| categories.get(&c).cloned());
        if category.is_none() {
            no_category.push(code.clone());
        }
        if s.sort_order != 0 {
            report.change(
                "subject",
                code.clone(),
                "sort_order",
                Some(s.sort_order.to_string()),
                None,
                "sortierung-nicht-uebernommen",
            );
        }
        let description = match name_or(&s.description) {
            Some(d) => d.to_string(),
            None => {
                report.change("subject", code.clone(), "description", None, Some(code.clone()), "bezeichnung-aus-code");
                code.clone()
            }
        };
        let class_lesson = matches!(code_key(&code).as_str(), "kl" | "ks");
        ds.subjects.push(SubjectRecord {
            kind: code_of(report, &types, s.type_id, "subject", code.clone()),
            code,
            description,
            category,
            cross_class: s.cross_class,
            external_code: s.evento_code.clone(),
            archived: s.archived,
            class_lesson,
        });
    }
    report.refuse("subject", no_code, "fach-ohne-code", "Das Fach hat keinen Code.");
    report.refuse(
        "subject",
        no_category,
        "fach-ohne-fachgebiet",
        "Das Fach hat kein Fachgebiet; schoolplan verlangt eines. Bitte im Pensenmanager ein Fachgebiet zuweisen.",
    );

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
            .map(|d| code_of(report, &categories, d.subject_category_id, "teacher_department", code.clone()))
            .collect();
        ds.teachers.push(TeacherRecord {
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
        });
    }
    report.refuse(
        "teacher",
        no_name,
        "lehrperson-ohne-name",
        "Der Lehrperson fehlt der Vor- oder Nachname; schoolplan verlangt beide.",
    );
    report.refuse(
        "teacher",
        seen.into_values().filter(|v| v.len() > 1).flatten().collect(),
        "kuerzel-doppelt",
        "Mehrere Lehrpersonen haben dasselbe Kürzel (Gross-/Kleinschreibung zählt nicht). Bitte im Pensenmanager eindeutig machen.",
    );

    // School classes.
    let mut classes: HashMap<i32, String> = HashMap::new();
    let mut no_code = Vec::new();
    for c in &rows.school_class {
        let Some(code) = name_or(&c.code).map(str::to_string) else {
            no_code.push(format!("id {}", c.id));
            continue;
        };
        classes.insert(c.id, code.clone());
        ds.school_classes.push(SchoolClassRecord {
            curriculum: code_of(report, &curricula, c.curriculum_id, "school_class", code.clone()),
            division: code_of(report, &divisions, c.division_id, "school_class", code.clone()),
            code,
            graduation_year: i64::from(c.graduation_year),
            archived: c.archived,
        });
    }
    report.refuse("school_class", no_code, "klasse-ohne-code", "Die Klasse hat keinen Code.");

    // Lesson table: `noLessons` cells are not stored.
    let lesson_types: HashMap<i32, String> = rows
        .lesson_type
        .iter()
        .map(|t| {
            let code = OLD_LESSON_TYPES.iter().find(|(old, _)| *old == t.code).map(|(_, new)| *new).unwrap_or(&t.code);
            (t.id, code.to_string())
        })
        .collect();
    for e in &rows.lesson_table_entry {
        let row = format!(
            "{}/{}/{}/{}",
            curricula.get(&e.curriculum_id).map(String::as_str).unwrap_or("?"),
            e.division_id.and_then(|d| divisions.get(&d)).map(String::as_str).unwrap_or("-"),
            subjects.get(&e.subject_id).map(String::as_str).unwrap_or("?"),
            grades.get(&e.grade_id).map(String::as_str).unwrap_or("?"),
        );
        let kind = code_of(report, &lesson_types, e.type_id, "lesson_table_entry", row.clone());
        if kind == "noLessons" {
            continue;
        }
        ds.lesson_table.push(LessonTableRecord {
            curriculum: code_of(report, &curricula, e.curriculum_id, "lesson_table_entry", row.clone()),
            division: e.division_id.map(|d| code_of(report, &divisions, d, "lesson_table_entry", row.clone())),
            subject: code_of(report, &subjects, e.subject_id, "lesson_table_entry", row.clone()),
            grade: code_of(report, &grades, e.grade_id, "lesson_table_entry", row.clone()),
            kind,
            lessons1: number(report, "lesson_table_entry", &row, "lessons1", e.lessons1.unwrap_or(0.0)),
            lessons2: number(report, "lesson_table_entry", &row, "lessons2", e.lessons2.unwrap_or(0.0)),
        });
    }

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
        ds.employments.push(EmploymentRecord {
            teacher: teacher.clone(),
            school_year: year.clone(),
            division: code_of(report, &divisions, e.division_id, "employment", row.clone()),
            employment_min,
            employment_max,
            payment1,
            payment2,
            temporary: e.temporary,
            comments: e.comments.clone(),
            initial_balance,
            frozen_opening_balance,
            frozen_closing_balance,
        });
    }

    // Courses: every teacher needs an employment in the course's year.
    let mut unemployed: Vec<String> = Vec::new();
    for c in &rows.course {
        let row = format!("id {}", c.id);
        let year = match years.get(&c.school_year_id) {
            Some(y) => y.0.clone(),
            None => code_of(report, &HashMap::new(), c.school_year_id, "course", row.clone()),
        };
        let mut codes = |ids: &Option<Vec<i32>>, map: &HashMap<i32, String>| -> Vec<String> {
            ids.iter().flatten().map(|id| code_of(report, map, *id, "course", row.clone())).collect()
        };
        let school_classes = codes(&c.school_class_ids, &classes);
        let teachers1 = codes(&c.teacher_ids1, &teachers);
        let teachers2 = codes(&c.teacher_ids2, &teachers);
        for id in c.teacher_ids1.iter().chain(c.teacher_ids2.iter()).flatten() {
            if teachers.contains_key(id) && !employed.contains(&(c.school_year_id, *id)) {
                unemployed.push(format!("{row} ({year}, {})", teachers[id]));
            }
        }
        ds.courses.push(CourseRecord {
            school_year: year.clone(),
            subject: code_of(report, &subjects, c.subject_id, "course", row.clone()),
            grade: code_of(report, &grades, c.grade_id, "course", row.clone()),
            curriculum: code_of(report, &curricula, c.curriculum_id, "course", row.clone()),
            school_classes,
            teachers1,
            teachers2,
            lessons1: number(report, "course", &row, "lessons1", c.lessons1),
            lessons2: number(report, "course", &row, "lessons2", c.lessons2),
            cancelled: c.cancelled,
            comments: c.comments.clone(),
            small_group1: c.small_group1,
            small_group2: c.small_group2,
        });
    }
    unemployed.sort();
    unemployed.dedup();
    report.refuse(
        "course",
        unemployed,
        "kurs-lehrperson-ohne-anstellung",
        "Eine Lehrperson des Kurses hat in diesem Schuljahr keine Anstellung. Bitte im Pensenmanager eine Anstellung erfassen oder die Lehrperson aus dem Kurs nehmen.",
    );

    // Pool entries, postings, theses: the teacher needs an employment in the year.
    let year_code = |id: i32| years.get(&id).map(|y| y.0.clone()).unwrap_or_default();
    let mut unemployed: BTreeMap<&'static str, Vec<String>> = BTreeMap::new();
    for p in &rows.pool_entry {
        let row = format!("id {}", p.id);
        if !employed.contains(&(p.school_year_id, p.teacher_id)) {
            unemployed.entry("pool_entry").or_default().push(row.clone());
        }
        ds.pool_entries.push(PoolEntryRecord {
            school_year: year_code(p.school_year_id),
            teacher: code_of(report, &teachers, p.teacher_id, "pool_entry", row.clone()),
            kind: code_of(report, &pool_types, p.type_id, "pool_entry", row.clone()),
            description: p.description.clone(),
            percent1: number(report, "pool_entry", &row, "percent1", p.percent1.unwrap_or(0.0)),
            percent2: number(report, "pool_entry", &row, "percent2", p.percent2.unwrap_or(0.0)),
        });
    }
    let mut no_start = Vec::new();
    for p in &rows.posting {
        let row = format!("id {}", p.id);
        if !employed.contains(&(p.school_year_id, p.teacher_id)) {
            unemployed.entry("posting").or_default().push(row.clone());
        }
        let Some(start_date) = p.start_date.clone() else {
            no_start.push(row);
            continue;
        };
        let mut details = BTreeMap::new();
        for d in rows.posting_detail.iter().filter(|d| d.posting_id == p.id) {
            let code = code_of(report, &posting_types, d.type_id, "posting_detail", row.clone());
            let v = number(report, "posting_detail", &format!("{row}/{code}"), "value", d.value);
            if v == Fixed(0) {
                report.change(
                    "posting_detail",
                    format!("{row}/{code}"),
                    "value",
                    num::full_text(d.value),
                    None,
                    "buchung-null-weggelassen",
                );
            } else {
                details.insert(code, v);
            }
        }
        ds.postings.push(PostingRecord {
            school_year: year_code(p.school_year_id),
            teacher: code_of(report, &teachers, p.teacher_id, "posting", row.clone()),
            description: p.description.clone(),
            start_date,
            end_date: p.end_date.clone(),
            details,
        });
    }
    report.refuse("posting", no_start, "buchung-ohne-beginn", "Die Buchung hat kein Anfangsdatum.");
    let mut theses: BTreeMap<(i32, i32), BTreeMap<String, Fixed>> = BTreeMap::new();
    for t in &rows.thesis_entry {
        let row =
            format!("{}/{}", year_code(t.school_year_id), teachers.get(&t.teacher_id).cloned().unwrap_or_default());
        let code = code_of(report, &thesis_types, t.type_id, "thesis_entry", row.clone());
        let n = number(report, "thesis_entry", &row, "count", t.count);
        theses.entry((t.school_year_id, t.teacher_id)).or_default().insert(code, n);
    }
    for ((year, teacher), counts) in theses {
        if !employed.contains(&(year, teacher)) {
            unemployed.entry("thesis_entry").or_default().push(format!("{}/{teacher}", year_code(year)));
        }
        ds.theses.push(ThesisRecord {
            school_year: year_code(year),
            teacher: teachers.get(&teacher).cloned().unwrap_or_default(),
            counts,
        });
    }
    for (table, rows) in unemployed {
        report.refuse(
            table,
            rows,
            "ohne-anstellung",
            "Die Lehrperson hat in diesem Schuljahr keine Anstellung; schoolplan verlangt eine.",
        );
    }

    // Notes: Swiss local time becomes UTC.
    let mut bad_notes = Vec::new();
    for n in &rows.note {
        let row = format!("id {}", n.id);
        let time = n.created_on.as_deref().and_then(|t| NaiveDateTime::parse_from_str(t, "%Y-%m-%dT%H:%M:%S%.f").ok());
        let (Some(text), Some(time)) = (n.text.clone().filter(|t| !t.trim().is_empty()), time) else {
            bad_notes.push(row);
            continue;
        };
        let created_by = match name_or(&n.created_by) {
            Some(a) => a.to_string(),
            None => {
                report.change("note", row.clone(), "created_by", None, Some("pensenmanager".into()), "autor-fehlt");
                "pensenmanager".to_string()
            }
        };
        ds.notes.push(NoteRecord {
            teacher: code_of(report, &teachers, n.teacher_id, "note", row.clone()),
            text,
            created_by,
            creation_date: swiss_to_utc(time).format(UTC_FORMAT).to_string(),
        });
    }
    report.refuse("note", bad_notes, "notiz-leer", "Die Notiz hat keinen Text oder keine Zeit.");

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

    out.dataset.canonicalize();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn natural_order_compares_numbers() {
        let mut v = vec!["GYM10", "GYM2", "GYM1", "FMS3"];
        v.sort_by_key(|c| natural_key(c));
        assert_eq!(v, ["FMS3", "GYM1", "GYM2", "GYM10"]);
    }

    #[test]
    fn swiss_time_round_trips_outside_the_doubled_hour() {
        let p = |s: &str| NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").unwrap();
        assert_eq!(swiss_to_utc(p("2026-05-12 11:38")), p("2026-05-12 09:38"));
        assert_eq!(swiss_to_utc(p("2026-01-12 11:38")), p("2026-01-12 10:38"));
        for t in ["2026-03-29 00:59", "2026-03-29 01:00", "2026-10-25 00:59", "2026-10-25 02:00", "2026-12-31 23:30"] {
            assert_eq!(swiss_to_utc(utc_to_swiss(p(t))), p(t), "{t}");
        }
    }

    #[test]
    fn derived_codes_are_free() {
        let taken: BTreeSet<String> = ["amü", "amu"].iter().map(|s| s.to_string()).collect();
        assert_eq!(derived_code("Anna", "Müller", &taken), "amu2");
        assert_eq!(derived_code("Éva", "Zürcher", &BTreeSet::new()), "ezu");
    }
}
