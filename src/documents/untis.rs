//! `UntisDownload`: the lessons of one semester in the import format of the
//! timetable program Untis (docs/documents.md §Untis export): UTF-8 without BOM, `;`
//! separator, `.` decimal mark, no header, CRLF, 9 columns.

use crate::domain::course::Course;
use crate::domain::schoolclass::SchoolClassInYear;
use crate::error::{Error, Result};

/// One line per (course, class, teacher) of every non-cancelled course of
/// `courses` (the year's course list, in its order) with lessons in
/// `semester`: running course number (the course's position in the list, from
/// 1, counting skipped courses too), the course's weekly lessons (also on
/// team-taught lines), empty, empty, class code, teacher code (`???` when
/// none), subject code, subject type code, grade code. A cross-class course
/// has a line for every class of `classes` (the year's classes with their
/// grades) of its curriculum that has its grade.
pub fn export(courses: &[Course], classes: &[SchoolClassInYear], semester: u8) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    {
        let mut w = ::csv::WriterBuilder::new()
            .delimiter(b';')
            .terminator(::csv::Terminator::CRLF)
            .has_headers(false)
            .from_writer(&mut out);
        for (i, course) in courses.iter().enumerate() {
            let (lessons, teachers) =
                if semester == 2 { (course.lessons2, &course.teachers2) } else { (course.lessons1, &course.teachers1) };
            if course.cancelled || lessons.decimal().is_zero() {
                continue;
            }
            let class_codes: Vec<&str> = if course.cross_class {
                classes
                    .iter()
                    .filter(|c| c.class.curriculum.id == course.curriculum.id && c.grade.id == course.grade.id)
                    .map(|c| c.class.code.as_str())
                    .collect()
            } else {
                course.school_classes.iter().map(|c| c.code.as_str()).collect()
            };
            let teacher_codes: Vec<&str> =
                if teachers.is_empty() { vec!["???"] } else { teachers.iter().map(|t| t.code.as_str()).collect() };
            let number = (i + 1).to_string();
            let lessons = lessons.decimal().normalize().to_string();
            for class in &class_codes {
                for teacher in &teacher_codes {
                    w.write_record([
                        number.as_str(),
                        lessons.as_str(),
                        "",
                        "",
                        class,
                        teacher,
                        course.subject.code.as_str(),
                        course.subject.kind.code.as_str(),
                        course.grade.code.as_str(),
                    ])
                    .map_err(Error::internal)?;
                }
            }
        }
        w.flush().map_err(Error::internal)?;
    }
    Ok(out)
}
