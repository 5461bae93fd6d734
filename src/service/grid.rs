//! The planning grid (Kursplanung nach Klassen, docs/web.md §Planning grid):
//! the class-bound courses of one school year as subjects × classes, read in
//! one snapshot ([`crate::store::Store::snapshot`]) with a fixed number of
//! queries whatever the number of courses.

use std::collections::{BTreeSet, HashMap};

use crate::domain::course::Course;
use crate::domain::division::DivisionListItem;
use crate::domain::grade::Grade;
use crate::domain::ids::{CourseId, GradeId, SchoolClassId, SchoolYearId, SubjectId};
use crate::domain::lookup::{Lookup, LookupKind};
use crate::domain::reference_forms::{SubjectRef, TeacherRef};
use crate::domain::schoolclass::SchoolClassInYear;
use crate::domain::schoolyear::SchoolYear;
use crate::error::{Error, Result};
use crate::store::course::CourseFilter;
use crate::store::schoolclass::SchoolClassFilter;
use crate::store::subject::SubjectFilter;
use crate::store::teacher::TeacherFilter;
use crate::store::Store;

/// What the grid shows: filters by id, each optional (`None` = all).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GridFilter {
    /// Only classes of this division (Organisationseinheit).
    pub division: Option<i64>,
    /// Only classes in this grade (Stufe) in the year.
    pub grade: Option<i64>,
    /// Only subjects of this category (Fachgebiet).
    pub category: Option<i64>,
}

/// The grid of one school year.
#[derive(Debug, Clone)]
pub struct Grid {
    /// The school year shown.
    pub year: SchoolYear,
    /// Every school year (for the year switch), newest first.
    pub years: Vec<SchoolYear>,
    /// Every division (filter choices).
    pub divisions: Vec<DivisionListItem>,
    /// Every grade (filter choices).
    pub grades: Vec<Grade>,
    /// Every subject category (filter choices).
    pub categories: Vec<Lookup>,
    /// The columns: the year's classes that pass the filter, in class order.
    pub classes: Vec<SchoolClassInYear>,
    /// The rows: class-bound subjects that pass the filter, in subject order.
    pub rows: Vec<GridRow>,
}

/// One subject's row.
#[derive(Debug, Clone)]
pub struct GridRow {
    /// The subject.
    pub subject: SubjectRef,
    /// Per column of [`Grid::classes`], the courses of this subject that
    /// include that class (usually none or one; a merged course appears in
    /// the cell of each of its classes).
    pub cells: Vec<Vec<Course>>,
}

/// Reads the grid of school year `year` with `filter`; 404 `not_found` when the
/// year does not exist. Rows: the active class-bound subjects of the
/// category, and every other subject with a course in a shown class.
pub async fn load(store: &Store, year: SchoolYearId, filter: GridFilter) -> Result<Grid> {
    store
        .snapshot(async |conn| {
            let Some(current) = conn.get_school_year(year).await? else {
                return Err(Error::not_found(SchoolYearId::KIND, year.0));
            };
            let mut years = conn.list_school_years(None).await?;
            years.sort_by_key(|y| std::cmp::Reverse(y.graduation_year));
            let divisions = conn.list_divisions().await?;
            let grades = conn.list_grades().await?;
            let categories = conn.list_lookups(LookupKind::SubjectCategory, None).await?;
            let classes: Vec<SchoolClassInYear> = conn
                .list_school_classes_in_year(year, filter.grade.map(GradeId), SchoolClassFilter::default())
                .await?
                .into_iter()
                .filter(|c| filter.division.is_none_or(|d| c.class.division.id == d))
                .collect();
            let subjects = conn.list_subjects(SubjectFilter { cross_class: Some(false), archived: None }).await?;
            let courses =
                conn.list_courses(CourseFilter { cross_class: Some(false), ..CourseFilter::year(year) }).await?;
            Ok(Grid { year: current, years, divisions, grades, categories, rows: Vec::new(), classes }
                .with_rows(subjects, courses, filter))
        })
        .await
}

impl Grid {
    fn with_rows(mut self, subjects: Vec<SubjectRef>, courses: Vec<Course>, filter: GridFilter) -> Grid {
        let column: HashMap<SchoolClassId, usize> =
            self.classes.iter().enumerate().map(|(i, c)| (c.class.id, i)).collect();
        let in_category =
            |s: &SubjectRef| filter.category.is_none_or(|k| s.category.as_ref().is_some_and(|c| c.id == k));
        let mut cells: HashMap<SubjectId, Vec<Vec<Course>>> = HashMap::new();
        for course in courses {
            for class in &course.school_classes {
                if let Some(&i) = column.get(&class.id) {
                    let row = cells.entry(course.subject.id).or_insert_with(|| vec![Vec::new(); column.len()]);
                    row[i].push(course.clone());
                }
            }
        }
        let with_courses: BTreeSet<SubjectId> = cells.keys().copied().collect();
        self.rows = subjects
            .into_iter()
            .filter(|s| in_category(s) && (!s.archived || with_courses.contains(&s.id)))
            .map(|s| {
                let row = cells.remove(&s.id).unwrap_or_else(|| vec![Vec::new(); column.len()]);
                GridRow { subject: s, cells: row }
            })
            .collect();
        self
    }
}

/// A course with what its editor needs, read in one snapshot.
pub struct Loaded {
    /// The course as it is.
    pub course: Course,
    /// Every teacher (codes are looked up among them).
    pub teachers: Vec<TeacherRef>,
    /// The active teachers employed in the course's year (the type-ahead).
    pub employed: Vec<TeacherRef>,
    /// The courses it may be merged with: the same subject, grade and
    /// curriculum in the same year (docs/api.md §Courses, merge), other classes.
    pub partners: Vec<Course>,
}

/// Course `id` of school year `year` with what its editor needs, read in one
/// snapshot (docs/web.md §Editing the grid). Errors: 404 when the course is
/// missing, cross-class or of another year; the database's (500/503).
pub async fn course_editor(store: &Store, year: i64, id: i64) -> Result<Loaded> {
    store
        .snapshot(async |conn| {
            let course = conn
                .get_course(CourseId(id))
                .await?
                .filter(|c| c.school_year.id.0 == year && !c.cross_class)
                .ok_or_else(|| Error::not_found(CourseId::KIND, id))?;
            let teachers = conn.list_teachers(TeacherFilter::default()).await?;
            let employed = conn
                .list_teachers(TeacherFilter {
                    school_year: Some(SchoolYearId(year)),
                    archived: Some(false),
                    employed: None,
                })
                .await?;
            let partners = conn
                .list_courses(CourseFilter {
                    subject: Some(course.subject.id),
                    cross_class: Some(false),
                    ..CourseFilter::year(SchoolYearId(year))
                })
                .await?
                .into_iter()
                .filter(|c| {
                    c.id != course.id && c.grade.id == course.grade.id && c.curriculum.id == course.curriculum.id
                })
                .collect();
            Ok(Loaded { course, teachers, employed, partners })
        })
        .await
}

/// The class-bound courses of `subject` in school year `year`, read in one
/// snapshot: a cell of the grid drawn again (docs/web.md §Editing the grid).
/// Errors: 404 when the year does not exist; the database's (500/503).
pub async fn subject_courses(store: &Store, year: i64, subject: i64) -> Result<Vec<Course>> {
    store
        .snapshot(async |conn| {
            conn.require("school_year", SchoolYearId::KIND, year).await?;
            let filter = CourseFilter {
                cross_class: Some(false),
                subject: Some(SubjectId(subject)),
                ..CourseFilter::year(SchoolYearId(year))
            };
            conn.list_courses(filter).await
        })
        .await
}
