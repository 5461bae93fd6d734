//! `TeacherCourseDownload` (Lektionenzuteilungen nach Lehrperson),
//! docs/documents.md §Jobs and files: a page per teacher employed that year with their
//! courses — the "Pensum: Unterricht" of their workload form
//! (`GET /workload`): subject, classes, grade, their share of the lessons
//! and percent per semester, and the total.

use super::{classes_of, figure, render, subject_of, Group, ListDoc};
use crate::domain::schoolyear::SchoolYear;
use crate::domain::workload::forms::Workload;
use crate::error::Result;

const TEMPLATE: &str = include_str!("teacher_courses.typ");

/// The title of the document.
pub const TITLE: &str = "Lektionenzuteilungen nach Lehrperson";

/// The PDF of the courses of `forms` (the year's workload forms, by teacher code) of `year`.
pub fn pdf(year: &SchoolYear, forms: &[Workload], date: chrono::NaiveDate) -> Result<Vec<u8>> {
    let mut doc = ListDoc::new(TITLE, year, date);
    for w in forms {
        let pd = w.payroll.percent_decimals;
        let rows = w
            .courses
            .items
            .iter()
            .map(|c| {
                vec![
                    subject_of(&c.subject),
                    classes_of(&c.course),
                    c.grade.code.clone(),
                    figure(c.lessons1.0, 2),
                    figure(c.percent1.0, pd),
                    figure(c.lessons2.0, 2),
                    figure(c.percent2.0, pd),
                ]
            })
            .collect();
        let t = &w.courses.total;
        let total = vec![
            "Total".into(),
            String::new(),
            String::new(),
            figure(t.lessons1.0, 2),
            figure(t.percent1.0, pd),
            figure(t.lessons2.0, 2),
            figure(t.percent2.0, pd),
        ];
        let title = format!("{} {} ({})", w.teacher.first_name, w.teacher.last_name, w.teacher.code);
        doc.groups.push(Group { title, rows, total: Some(total) });
    }
    render(TEMPLATE, &doc, Vec::new())
}
