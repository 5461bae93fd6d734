//! The demo's lesson tables, written from the tables its courses are planned
//! from (docs/documents.md §Lesson table).

use super::model::{fixed, subject};
use super::school::{self, Tenths, CURRICULA};
use crate::dataset::LessonTableRecord;
use crate::domain::lessontable::LessonType;

/// The divisions whose classes follow a curriculum (FMS classes are in FMS,
/// gymnasium classes in NORD and SUED; see [`Generator::make_classes`](super::model::Generator::make_classes)).
fn curriculum_divisions(curriculum: &str) -> &'static [&'static str] {
    match curriculum {
        "FMS 18" => &["FMS"],
        _ => &["NORD", "SUED"],
    }
}

/// The demo's lesson tables (docs/documents.md §Lesson table), the very tables its courses are
/// planned from ([`school::lesson_table`], [`school::cross_class_offers`]): a
/// subject that the grade before already had continues (`continuation`), any
/// other starts (`start`); electives are optional starts (the choir starts anew
/// every year). Class-based rows for every division of the curriculum.
pub(super) fn lesson_table_records() -> Vec<LessonTableRecord> {
    let mut out = Vec::new();
    for cur in CURRICULA.iter().filter(|c| c.classes_per_year > 0) {
        for (gi, &grade) in cur.grades.iter().enumerate() {
            let before: &[(&str, Tenths, Tenths)] =
                if gi == 0 { &[] } else { school::lesson_table(cur.code, cur.grades[gi - 1]) };
            for &(code, l1, l2) in school::lesson_table(cur.code, grade) {
                let kind =
                    if before.iter().any(|b| b.0 == code) { LessonType::Continuation } else { LessonType::Start };
                for &division in curriculum_divisions(cur.code) {
                    out.push(LessonTableRecord {
                        curriculum: cur.code.into(),
                        division: Some(division.into()),
                        subject: code.into(),
                        grade: grade.into(),
                        kind: kind.code().into(),
                        lessons1: fixed(l1),
                        lessons2: fixed(l2),
                    });
                }
            }
            let before = if gi == 0 { Vec::new() } else { school::cross_class_offers(cur.code, cur.grades[gi - 1]) };
            for (code, _, l1, l2) in school::cross_class_offers(cur.code, grade) {
                let kind = match (subject(code).kind, code) {
                    (_, "FF CHOR") => LessonType::StartRepeating,
                    ("FF", _) => LessonType::StartOptional,
                    _ if before.iter().any(|b| b.0 == code) => LessonType::Continuation,
                    _ => LessonType::Start,
                };
                out.push(LessonTableRecord {
                    curriculum: cur.code.into(),
                    division: None,
                    subject: code.into(),
                    grade: grade.into(),
                    kind: kind.code().into(),
                    lessons1: fixed(l1),
                    lessons2: fixed(l2),
                });
            }
        }
    }
    out
}
