//! `SubjectCourseDownload` (Lektionenzuteilungen nach Fachgebiet),
//! docs/documents.md §Jobs and files: A4 landscape; per subject category the year's courses
//! with classes, grade, lessons and teachers per semester. Courses without
//! a category come last under "Ohne Fachgebiet"; a cancelled course says so.

use super::{by_category, classes_of, figure, render, subject_of, Group, ListDoc};
use crate::domain::course::Course;
use crate::domain::reference_forms::TeacherRef;
use crate::domain::schoolyear::SchoolYear;
use crate::error::Result;

const TEMPLATE: &str = include_str!("subject_courses.typ");

/// The title of the document.
pub const TITLE: &str = "Lektionenzuteilungen nach Fachgebiet";

fn teachers(list: &[TeacherRef]) -> String {
    if list.is_empty() {
        "—".to_string()
    } else {
        list.iter().map(|t| t.code.as_str()).collect::<Vec<_>>().join(", ")
    }
}

/// The PDF of `courses` (the year's course list, in its order) of `year`.
pub fn pdf(year: &SchoolYear, courses: &[Course], date: chrono::NaiveDate) -> Result<Vec<u8>> {
    let mut doc = ListDoc::new(TITLE, year, date);
    for (title, list) in by_category(courses.iter()) {
        let rows = list
            .iter()
            .map(|c| {
                vec![
                    subject_of(&c.subject),
                    classes_of(c),
                    c.grade.code.clone(),
                    figure(c.lessons1.decimal(), 2),
                    teachers(&c.teachers1),
                    figure(c.lessons2.decimal(), 2),
                    teachers(&c.teachers2),
                    if c.cancelled { "abgesagt".to_string() } else { c.comments.clone().unwrap_or_default() },
                ]
            })
            .collect();
        doc.groups.push(Group { title, rows, total: None });
    }
    render(TEMPLATE, &doc, Vec::new())
}
