//! The generator's state: the classes, teachers and courses of the demo
//! school while they are made ([`Generator`]), and the small helpers its steps
//! share.

use std::collections::BTreeMap;

use chrono::NaiveDate;

use super::rng::Rng;
use super::school::{Curriculum, Subject, Tenths, SUBJECTS};
use crate::domain::fixed::Fixed;

/// A school class of the demo.
pub(super) struct Class {
    pub(super) code: String,
    pub(super) curriculum: &'static Curriculum,
    pub(super) division: &'static str,
    pub(super) graduation_year: i64,
}

/// A teacher of the demo, active from `first_year` to `last_year` (graduation years).
pub(super) struct Teacher {
    pub(super) code: String,
    pub(super) first_name: String,
    pub(super) last_name: String,
    pub(super) email: String,
    pub(super) birthday: NaiveDate,
    pub(super) employee_number: String,
    pub(super) title: Option<&'static str>,
    pub(super) departments: Vec<&'static str>,
    pub(super) first_year: i64,
    pub(super) last_year: i64,
    /// Target employment in percent.
    pub(super) target: i64,
    /// Division when the teacher teaches no class course.
    pub(super) home: &'static str,
}

impl Teacher {
    /// Whether the teacher teaches in the school year of `graduation_year`.
    pub(super) fn active(&self, graduation_year: i64) -> bool {
        (self.first_year..=self.last_year).contains(&graduation_year)
    }
    /// Weekly lessons (tenths) the teacher is planned for.
    pub(super) fn capacity(&self) -> Tenths {
        self.target * 23 / 10
    }
}

/// Who teaches a course.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Role {
    /// Teachers of these departments; `team` more of `partner` (or the same) department.
    Department { departments: Vec<&'static str>, partner: Option<&'static str>, team: usize },
    /// The class lesson: one of the class's own teachers.
    ClassTeacher,
    /// Interdisciplinary project: two of the class's own teachers.
    Interdisciplinary,
    /// Supervision of independent work: any teacher.
    Supervisor,
}

/// A course of one school year as planned, with its teachers once assigned.
pub(super) struct Course {
    pub(super) subject: &'static Subject,
    pub(super) grade: &'static str,
    pub(super) curriculum: &'static str,
    pub(super) classes: Vec<usize>,
    pub(super) lessons1: Tenths,
    pub(super) lessons2: Tenths,
    pub(super) cancelled: bool,
    pub(super) comments: Option<String>,
    pub(super) role: Role,
    /// Identifies "the same course" across years, for teacher continuity.
    pub(super) key: String,
    pub(super) teachers1: Vec<usize>,
    pub(super) teachers2: Vec<usize>,
}

impl Course {
    /// The weekly lessons (tenths) averaged over the two semesters.
    pub(super) fn average(&self) -> Tenths {
        (self.lessons1 + self.lessons2) / 2
    }
}

/// The demo school while it is generated: its classes, teachers and courses.
pub(super) struct Generator {
    pub(super) scale: usize,
    pub(super) rng: Rng,
    pub(super) classes: Vec<Class>,
    pub(super) teachers: Vec<Teacher>,
    /// Courses per school year (index into `SCHOOL_YEARS`).
    pub(super) courses: Vec<Vec<Course>>,
    /// Employment comments per (year, teacher).
    pub(super) notes: BTreeMap<(usize, usize), String>,
}

impl Generator {
    /// A generator at `scale` with nothing generated yet.
    pub(super) fn new(scale: usize) -> Generator {
        Generator {
            scale,
            rng: Rng::new(0x5C48_0014_2027_0001),
            classes: Vec::new(),
            teachers: Vec::new(),
            courses: Vec::new(),
            notes: BTreeMap::new(),
        }
    }
}

/// The subject of `code` in the demo's tables.
pub(super) fn subject(code: &str) -> &'static Subject {
    SUBJECTS.iter().find(|s| s.code == code).unwrap_or_else(|| panic!("demo table names unknown subject {code}"))
}

/// Tenths of a lesson as a [`Fixed`] number.
pub(super) fn fixed(tenths: Tenths) -> Fixed {
    Fixed(tenths * 1000)
}
