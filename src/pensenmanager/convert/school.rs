//! The school's structure from the reference's rows: payroll types, grades,
//! the lookups, booking types, curricula and divisions ([`lookups`]), school
//! years, subjects, classes and the lesson table.

use std::collections::{BTreeMap, HashMap};

use base64::Engine as _;

use super::codes::natural_key;
use super::{code_of, name_or, number, Known, Refused};
use crate::dataset::*;
use crate::domain::code_key;
use crate::domain::workload::CalculationMode;
use crate::pensenmanager::report::Report;
use crate::pensenmanager::source::Rows;

/// The name of the 3.10 mode that one school has: the same calculation as
/// `lessons2AgeReliefIncluded` (docs/migration.md §Modes).
pub const MODE_ALIAS_3_10: &str = "lessonsAgeReliefIncluded2";

/// Lesson type codes of very old databases and what they are.
const OLD_LESSON_TYPES: &[(&str, &str)] =
    &[("X", "noLessons"), ("W", "continuation"), ("A", "start"), ("AO", "startOptional")];

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

/// Payroll types, grades, subject categories and types, genders, booking
/// types, curricula and divisions; their codes go to `known`.
pub(super) fn lookups(rows: &Rows, report: &mut Report, ds: &mut Dataset, refused: &mut Refused, known: &mut Known) {
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
        let mark = report.mark();
        let record = PoolTypeRecord {
            code: t.code.clone(),
            description: t.description.clone(),
            payroll_type: code_of(report, &payroll, t.payroll_type_id, "pool_type", t.code.clone()),
            auto_copy: t.auto_copy,
        };
        refused.push(report, mark, false, "poolTypes", &mut ds.pool_types, record);
    }
    let posting_types: HashMap<i32, String> = rows.posting_type.iter().map(|t| (t.id, t.code.clone())).collect();
    for t in &rows.posting_type {
        let mark = report.mark();
        let record = PostingTypeRecord {
            code: t.code.clone(),
            description: t.description.clone(),
            payroll_type: code_of(report, &payroll, t.payroll_type_id, "posting_type", t.code.clone()),
            percent: t.percent,
        };
        refused.push(report, mark, false, "postingTypes", &mut ds.posting_types, record);
    }
    let thesis_types: HashMap<i32, String> = rows.thesis_type.iter().map(|t| (t.id, t.code.clone())).collect();
    for t in &rows.thesis_type {
        let mark = report.mark();
        let record = ThesisTypeRecord {
            code: t.code.clone(),
            description: t.description.clone(),
            payroll_type: code_of(report, &payroll, t.payroll_type_id, "thesis_type", t.code.clone()),
            percent: number(report, "thesis_type", &t.code, "percent", t.percent),
        };
        refused.push(report, mark, false, "thesisTypes", &mut ds.thesis_types, record);
    }

    // Curricula: grades in natural order of their codes (the table has no order).
    let curricula: HashMap<i32, String> = rows.curriculum.iter().map(|c| (c.id, c.code.clone())).collect();
    for c in &rows.curriculum {
        let mark = report.mark();
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
        let record = CurriculumRecord {
            code: c.code.clone(),
            description: c.description.clone(),
            archived: c.archived,
            grades: codes,
        };
        refused.push(report, mark, false, "curricula", &mut ds.curricula, record);
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
    known.payroll = payroll;
    known.grades = grades;
    known.categories = categories;
    known.types = types;
    known.genders = genders;
    known.pool_types = pool_types;
    known.posting_types = posting_types;
    known.thesis_types = thesis_types;
    known.curricula = curricula;
    known.divisions = divisions;
}

/// School years with their weekly lessons; a year without a code or with a
/// mode schoolplan does not know is refused. Their codes go to `known`.
pub(super) fn years(rows: &Rows, report: &mut Report, ds: &mut Dataset, refused: &mut Refused, known: &mut Known) {
    let payroll = &known.payroll;
    let payroll_code = |id: i32| payroll.get(&id).cloned();

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
        let mark = report.mark();
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
            let p = code_of(report, payroll, w.payroll_type_id, "weekly_lessons", row.clone());
            weekly.insert(p, number(report, "weekly_lessons", &row, "lessons", w.lessons));
        }
        let record = SchoolYearRecord {
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
        };
        refused.push(report, mark, record.calculation_mode.is_none(), "schoolYears", &mut ds.school_years, record);
    }
    report.refuse("school_year", no_code, "schuljahr-ohne-code", "Das Schuljahr hat keinen Code (Bezeichnung).");
    report.refuse(
        "school_year",
        bad_mode,
        "unbekannter-modus",
        "Der Berechnungsmodus des Schuljahrs ist schoolplan unbekannt.",
    );
    known.years = years;
}

/// Subjects; one without a code or a category is refused. Their codes go to `known`.
pub(super) fn subjects(rows: &Rows, report: &mut Report, ds: &mut Dataset, refused: &mut Refused, known: &mut Known) {
    let Known { categories, types, .. } = &*known;
    // Subjects: the class lesson is decided by code, as in the reference.
    let mut subjects: HashMap<i32, String> = HashMap::new();
    let mut no_code = Vec::new();
    let mut no_category = Vec::new();
    for s in &rows.subject {
        let Some(code) = name_or(&s.code).map(str::to_string) else {
            no_code.push(format!("id {}", s.id));
            continue;
        };
        let mark = report.mark();
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
        let record = SubjectRecord {
            kind: code_of(report, types, s.type_id, "subject", code.clone()),
            code,
            description,
            category,
            cross_class: s.cross_class,
            external_code: s.evento_code.clone(),
            archived: s.archived,
            class_lesson,
        };
        refused.push(report, mark, record.category.is_none(), "subjects", &mut ds.subjects, record);
    }
    report.refuse("subject", no_code, "fach-ohne-code", "Das Fach hat keinen Code.");
    report.refuse(
        "subject",
        no_category,
        "fach-ohne-fachgebiet",
        "Das Fach hat kein Fachgebiet; schoolplan verlangt eines. Bitte im Pensenmanager ein Fachgebiet zuweisen.",
    );
    known.subjects = subjects;
}

/// School classes; one without a code is refused. Their codes go to `known`.
pub(super) fn classes(rows: &Rows, report: &mut Report, ds: &mut Dataset, refused: &mut Refused, known: &mut Known) {
    let Known { curricula, divisions, .. } = &*known;
    // School classes.
    let mut classes: HashMap<i32, String> = HashMap::new();
    let mut no_code = Vec::new();
    for c in &rows.school_class {
        let Some(code) = name_or(&c.code).map(str::to_string) else {
            no_code.push(format!("id {}", c.id));
            continue;
        };
        classes.insert(c.id, code.clone());
        let mark = report.mark();
        let record = SchoolClassRecord {
            curriculum: code_of(report, curricula, c.curriculum_id, "school_class", code.clone()),
            division: code_of(report, divisions, c.division_id, "school_class", code.clone()),
            code,
            graduation_year: i64::from(c.graduation_year),
            archived: c.archived,
        };
        refused.push(report, mark, false, "schoolClasses", &mut ds.school_classes, record);
    }
    report.refuse("school_class", no_code, "klasse-ohne-code", "Die Klasse hat keinen Code.");
    known.classes = classes;
}

/// The lesson table's cells.
pub(super) fn lesson_table(rows: &Rows, report: &mut Report, ds: &mut Dataset, refused: &mut Refused, known: &Known) {
    let Known { curricula, divisions, subjects, grades, .. } = known;
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
        let mark = report.mark();
        let kind = code_of(report, &lesson_types, e.type_id, "lesson_table_entry", row.clone());
        if kind == "noLessons" {
            continue;
        }
        let record = LessonTableRecord {
            curriculum: code_of(report, curricula, e.curriculum_id, "lesson_table_entry", row.clone()),
            division: e.division_id.map(|d| code_of(report, divisions, d, "lesson_table_entry", row.clone())),
            subject: code_of(report, subjects, e.subject_id, "lesson_table_entry", row.clone()),
            grade: code_of(report, grades, e.grade_id, "lesson_table_entry", row.clone()),
            kind,
            lessons1: number(report, "lesson_table_entry", &row, "lessons1", e.lessons1.unwrap_or(0.0)),
            lessons2: number(report, "lesson_table_entry", &row, "lessons2", e.lessons2.unwrap_or(0.0)),
        };
        refused.push(report, mark, false, "lessonTable", &mut ds.lesson_table, record);
    }
}
