//! `OpenWorkloadDownload` (Nicht zugeteilte Lektionen), docs/documents.md §Jobs and files: per
//! subject category the courses with open lessons (a semester nobody
//! teaches, course not cancelled: the course's `open1`/`open2`,
//! docs/workload.md §Setup), with a total per category and one of the whole year.

use rust_decimal::Decimal;

use super::{by_category, classes_of, figure, render, subject_of, Group, ListDoc};
use crate::domain::course::Course;
use crate::domain::schoolyear::SchoolYear;
use crate::error::Result;

const TEMPLATE: &str = include_str!("open_lessons.typ");

/// The title of the document.
pub const TITLE: &str = "Nicht zugeteilte Lektionen";

/// The PDF of the open lessons among `courses` (the year's course list) of `year`.
pub fn pdf(year: &SchoolYear, courses: &[Course], date: chrono::NaiveDate) -> Result<Vec<u8>> {
    let open = courses.iter().filter(|c| c.open1.0 > 0 || c.open2.0 > 0);
    let mut doc = ListDoc::new(TITLE, year, date);
    let (mut all1, mut all2) = (Decimal::ZERO, Decimal::ZERO);
    for (title, list) in by_category(open) {
        let sum1: Decimal = list.iter().map(|c| c.open1.decimal()).sum();
        let sum2: Decimal = list.iter().map(|c| c.open2.decimal()).sum();
        all1 += sum1;
        all2 += sum2;
        let rows = list
            .iter()
            .map(|c| {
                vec![
                    subject_of(&c.subject),
                    classes_of(c),
                    c.grade.code.clone(),
                    figure(c.open1.decimal(), 2),
                    figure(c.open2.decimal(), 2),
                ]
            })
            .collect();
        let total = vec!["Total".into(), String::new(), String::new(), figure(sum1, 2), figure(sum2, 2)];
        doc.groups.push(Group { title, rows, total: Some(total) });
    }
    if !doc.groups.is_empty() {
        let total = vec!["Total Schuljahr".into(), String::new(), String::new(), figure(all1, 2), figure(all2, 2)];
        doc.groups.push(Group { title: "Alle Fachgebiete".into(), rows: Vec::new(), total: Some(total) });
    }
    render(TEMPLATE, &doc, Vec::new())
}
