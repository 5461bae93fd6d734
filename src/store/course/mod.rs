//! Storage of courses: the course row, its classes (`course_class`, ordered)
//! and its teachers per semester (`course_teacher`, ordered).
//!
//! Reading builds [`Course`] values with a fixed number of queries whatever the
//! number of courses, assembled in Rust: one course or a few in three queries
//! (the courses joined with subject, school year, grade and curriculum; all
//! their classes; all their teachers), a list in nine, which read each object
//! the courses refer to once (see [`Conn::load_courses`](crate::store::Conn::load_courses)). The rules live in [`crate::domain::course`]; saving,
//! deleting, merging and splitting are composed in [`crate::service::course`]
//! from the plain reads and writes here.
//!
//! [`Conn::courses_for_update`](crate::store::Conn::courses_for_update) locks the involved course rows by the query
//! that reads them, in ascending id order (on SQLite the write transaction is
//! already exclusive), so concurrent saves, merges and splits of overlapping
//! courses serialise and never lose or duplicate a class.
//!
//! - This file: [`CourseFilter`], [`sort_courses`], the unique constraints
//!   of a course's lists ([`COURSE_CLASS`], [`COURSE_TEACHER`]) and the
//!   bind parameters of the statements built here.
//! - [`load`]: reading courses, in the two shapes of [`Conn::load_courses`](crate::store::Conn::load_courses),
//!   by ids, by filter, and locked ([`Conn::courses_for_update`](crate::store::Conn::courses_for_update)).
//! - [`facts`]: what the rules need to know of a new course's ids
//!   ([`Conn::new_course_facts`](crate::store::Conn::new_course_facts), [`Conn::teacher_facts`](crate::store::Conn::teacher_facts)) and a class's
//!   division.
//! - [`write`](mod@write): inserting, writing and deleting course rows, their classes
//!   and teachers, and writing a split.

use crate::domain::code_key;
use crate::domain::course::Course;
use crate::domain::ids::{SchoolClassId, SchoolYearId, SubjectId, TeacherId};
use crate::store::constraint::{self, Unique};

/// Filters of `GET /course` (docs/contract.md §Query parameters): the school year is required.
#[derive(Debug, Clone, Copy)]
pub struct CourseFilter {
    /// Courses of this school year.
    pub school_year: SchoolYearId,
    /// Only courses of cross-class (`true`) or class-based (`false`) subjects.
    pub cross_class: Option<bool>,
    /// Only courses that include this class.
    pub school_class: Option<SchoolClassId>,
    /// Only courses this teacher teaches (either semester).
    pub teacher: Option<TeacherId>,
    /// Only courses of this subject.
    pub subject: Option<SubjectId>,
}

impl CourseFilter {
    /// All courses of `school_year`.
    pub fn year(school_year: SchoolYearId) -> Self {
        CourseFilter { school_year, cross_class: None, school_class: None, teacher: None, subject: None }
    }
}

/// A bind parameter of a dynamically built statement.
#[derive(Debug, Clone, Copy)]
enum Arg {
    Int(i64),
    Bool(bool),
}

/// Runs `$sql` as `query_as::<_, $row>` with `$args` bound, fetching all rows.
macro_rules! fetch_rows {
    ($conn:expr, $row:ty, $sql:expr, $args:expr) => {
        with_conn!($conn, |c| {
            let mut q = sqlx::query_as::<_, $row>($sql);
            for a in $args {
                q = match *a {
                    Arg::Int(v) => q.bind(v),
                    Arg::Bool(b) => q.bind(b),
                };
            }
            q.fetch_all(c).await?
        })
    };
}

// After `fetch_rows!`, which they use.
mod facts;
mod load;
mod write;

/// Orders courses by subject code, grade code, first class code (courses
/// without classes first), then id; codes compared case-insensitively (docs/contract.md §Query parameters).
pub fn sort_courses(courses: &mut [Course]) {
    courses.sort_by_cached_key(|c| {
        (code_key(&c.subject.code), code_key(&c.grade.code), c.school_classes.first().map(|k| code_key(&k.code)), c.id)
    });
}

/// A course lists a class once: 422 `duplicate_entry`.
pub(crate) const COURSE_CLASS: Unique =
    constraint::list_entry("course_class_unique", "course_class.course_id, course_class.school_class_id");
/// A course lists a teacher once per semester: 422 `duplicate_entry`.
pub(crate) const COURSE_TEACHER: Unique = constraint::list_entry(
    "course_teacher_unique",
    "course_teacher.course_id, course_teacher.semester, course_teacher.teacher_id",
);
