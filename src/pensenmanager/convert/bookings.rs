//! What teachers are booked for in a school year, from the reference's rows:
//! courses, pool entries, postings and theses. Each needs the teacher's
//! employment in the year; a booking without one is refused.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::{code_of, number, Known, Refused};
use crate::dataset::*;
use crate::domain::fixed::Fixed;
use crate::pensenmanager::num;
use crate::pensenmanager::report::Report;
use crate::pensenmanager::source::Rows;

/// Courses; one whose teacher has no employment in its year is refused.
pub(super) fn courses(rows: &Rows, report: &mut Report, ds: &mut Dataset, refused: &mut Refused, known: &Known) {
    let Known { years, classes, teachers, employed, subjects, grades, curricula, .. } = known;
    // Courses: every teacher needs an employment in the course's year.
    let mut unemployed: Vec<String> = Vec::new();
    for c in &rows.course {
        let row = format!("id {}", c.id);
        let (mark, before) = (report.mark(), unemployed.len());
        let year = match years.get(&c.school_year_id) {
            Some(y) => y.0.clone(),
            None => code_of(report, &HashMap::new(), c.school_year_id, "course", row.clone()),
        };
        let mut codes = |ids: &Option<Vec<i32>>, map: &HashMap<i32, String>| -> Vec<String> {
            ids.iter().flatten().map(|id| code_of(report, map, *id, "course", row.clone())).collect()
        };
        let school_classes = codes(&c.school_class_ids, classes);
        let teachers1 = codes(&c.teacher_ids1, teachers);
        let teachers2 = codes(&c.teacher_ids2, teachers);
        for id in c.teacher_ids1.iter().chain(c.teacher_ids2.iter()).flatten() {
            if teachers.contains_key(id) && !employed.contains(&(c.school_year_id, *id)) {
                unemployed.push(format!("{row} ({year}, {})", teachers[id]));
            }
        }
        let record = CourseRecord {
            school_year: year.clone(),
            subject: code_of(report, subjects, c.subject_id, "course", row.clone()),
            grade: code_of(report, grades, c.grade_id, "course", row.clone()),
            curriculum: code_of(report, curricula, c.curriculum_id, "course", row.clone()),
            school_classes,
            teachers1,
            teachers2,
            lessons1: number(report, "course", &row, "lessons1", c.lessons1),
            lessons2: number(report, "course", &row, "lessons2", c.lessons2),
            cancelled: c.cancelled,
            comments: c.comments.clone(),
            small_group1: c.small_group1,
            small_group2: c.small_group2,
        };
        refused.push(report, mark, unemployed.len() > before, "courses", &mut ds.courses, record);
    }
    unemployed.sort();
    unemployed.dedup();
    report.refuse(
        "course",
        unemployed,
        "kurs-lehrperson-ohne-anstellung",
        "Eine Lehrperson des Kurses hat in diesem Schuljahr keine Anstellung. Bitte im Pensenmanager eine Anstellung erfassen oder die Lehrperson aus dem Kurs nehmen.",
    );
}

/// Pool entries, postings and theses.
pub(super) fn bookings(rows: &Rows, report: &mut Report, ds: &mut Dataset, refused: &mut Refused, known: &Known) {
    let Known { years, teachers, employed, pool_types, posting_types, thesis_types, .. } = known;
    // Pool entries, postings, theses: the teacher needs an employment in the year.
    let year_code = |id: i32| years.get(&id).map(|y| y.0.clone()).unwrap_or_default();
    let mut unemployed: BTreeMap<&'static str, Vec<String>> = BTreeMap::new();
    for p in &rows.pool_entry {
        let row = format!("id {}", p.id);
        let (mark, lacking) = (report.mark(), !employed.contains(&(p.school_year_id, p.teacher_id)));
        if lacking {
            unemployed.entry("pool_entry").or_default().push(row.clone());
        }
        let record = PoolEntryRecord {
            school_year: year_code(p.school_year_id),
            teacher: code_of(report, teachers, p.teacher_id, "pool_entry", row.clone()),
            kind: code_of(report, pool_types, p.type_id, "pool_entry", row.clone()),
            description: p.description.clone(),
            percent1: number(report, "pool_entry", &row, "percent1", p.percent1.unwrap_or(0.0)),
            percent2: number(report, "pool_entry", &row, "percent2", p.percent2.unwrap_or(0.0)),
        };
        refused.push(report, mark, lacking, "poolEntries", &mut ds.pool_entries, record);
    }
    let mut no_start = Vec::new();
    for p in &rows.posting {
        let row = format!("id {}", p.id);
        let (mark, lacking) = (report.mark(), !employed.contains(&(p.school_year_id, p.teacher_id)));
        if lacking {
            unemployed.entry("posting").or_default().push(row.clone());
        }
        let Some(start_date) = p.start_date.clone() else {
            no_start.push(row);
            continue;
        };
        let mut details = BTreeMap::new();
        for d in rows.posting_detail.iter().filter(|d| d.posting_id == p.id) {
            let code = code_of(report, posting_types, d.type_id, "posting_detail", row.clone());
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
        let record = PostingRecord {
            school_year: year_code(p.school_year_id),
            teacher: code_of(report, teachers, p.teacher_id, "posting", row.clone()),
            description: p.description.clone(),
            start_date,
            end_date: p.end_date.clone(),
            details,
        };
        refused.push(report, mark, lacking, "postings", &mut ds.postings, record);
    }
    report.refuse("posting", no_start, "buchung-ohne-beginn", "Die Buchung hat kein Anfangsdatum.");
    let mut theses: BTreeMap<(i32, i32), BTreeMap<String, Fixed>> = BTreeMap::new();
    // (year, teacher) of the theses with a refused entry.
    let mut bad_theses: BTreeSet<(i32, i32)> = BTreeSet::new();
    for t in &rows.thesis_entry {
        let mark = report.mark();
        let row =
            format!("{}/{}", year_code(t.school_year_id), teachers.get(&t.teacher_id).cloned().unwrap_or_default());
        let code = code_of(report, thesis_types, t.type_id, "thesis_entry", row.clone());
        let n = number(report, "thesis_entry", &row, "count", t.count);
        theses.entry((t.school_year_id, t.teacher_id)).or_default().insert(code, n);
        if report.mark() > mark {
            bad_theses.insert((t.school_year_id, t.teacher_id));
        }
    }
    for ((year, teacher), counts) in theses {
        let lacking = !employed.contains(&(year, teacher));
        if lacking {
            unemployed.entry("thesis_entry").or_default().push(format!("{}/{teacher}", year_code(year)));
        }
        let record = ThesisRecord {
            school_year: year_code(year),
            teacher: teachers.get(&teacher).cloned().unwrap_or_default(),
            counts,
        };
        let bad = lacking || bad_theses.contains(&(year, teacher));
        refused.push(report, report.mark(), bad, "theses", &mut ds.theses, record);
    }
    for (table, rows) in unemployed {
        report.refuse(
            table,
            rows,
            "ohne-anstellung",
            "Die Lehrperson hat in diesem Schuljahr keine Anstellung; schoolplan verlangt eine.",
        );
    }
}
