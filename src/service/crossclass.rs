//! Planung → gesamtschulisch (docs/web.md §Cross-class courses): what the
//! screen of a school year's cross-class courses reads, in one snapshot
//! ([`crate::store::Store::snapshot`]) with a fixed number of queries
//! whatever the number of courses. The writes are the course use cases
//! ([`super::course::create_course`], [`super::crud`] with
//! [`super::course::Courses`]).

use crate::domain::code_key;
use crate::domain::course::Course;
use crate::domain::curriculum::Curriculum;
use crate::domain::ids::{CourseId, SchoolYearId};
use crate::domain::lookup::{Lookup, LookupKind};
use crate::domain::reference_forms::{SubjectRef, TeacherRef};
use crate::domain::schoolyear::SchoolYear;
use crate::error::{Error, Result};
use crate::store::course::CourseFilter;
use crate::store::subject::SubjectFilter;
use crate::store::teacher::TeacherFilter;
use crate::store::Store;

/// A school year's cross-class courses with what the list and the forms need.
#[derive(Debug, Clone)]
pub struct CrossClassYear {
    /// The school year shown.
    pub year: SchoolYear,
    /// Every school year (the year switch), newest first.
    pub years: Vec<SchoolYear>,
    /// The year's courses of cross-class subjects, in course-list order.
    pub courses: Vec<Course>,
    /// The cross-class subjects (archived ones too: a course may still use one), by code.
    pub subjects: Vec<SubjectRef>,
    /// The subject types (Fachtypen), the list's filter.
    pub types: Vec<Lookup>,
    /// The curricula with their grades in order (archived ones too).
    pub curricula: Vec<Curriculum>,
    /// Every teacher: typed codes are looked up among them.
    pub teachers: Vec<TeacherRef>,
    /// The active teachers employed in the year: the type-ahead of codes.
    pub employed: Vec<TeacherRef>,
}

impl CrossClassYear {
    /// The course `id` of this list, if it is one of the year's cross-class courses.
    pub fn course(&self, id: i64) -> Option<&Course> {
        self.courses.iter().find(|c| c.id.0 == id)
    }
}

/// Reads the cross-class courses of school year `year` and the choices of
/// the forms (8 queries); 404 `not_found` when the year does not exist.
pub async fn load(store: &Store, year: SchoolYearId) -> Result<CrossClassYear> {
    store
        .snapshot(async |conn| {
            let Some(current) = conn.get_school_year(year).await? else {
                return Err(Error::not_found(SchoolYearId::KIND, year.0));
            };
            let mut years = conn.list_school_years(None).await?;
            years.sort_by_key(|y| std::cmp::Reverse(y.graduation_year));
            let courses =
                conn.list_courses(CourseFilter { cross_class: Some(true), ..CourseFilter::year(year) }).await?;
            let subjects = conn.list_subjects(SubjectFilter { cross_class: Some(true), archived: None }).await?;
            let types = conn.list_lookups(LookupKind::SubjectType, None).await?;
            let curricula = conn.list_curricula(None).await?;
            let teachers = conn.list_teachers(TeacherFilter::default()).await?;
            let employed = conn
                .list_teachers(TeacherFilter { school_year: Some(year), archived: Some(false), employed: None })
                .await?;
            Ok(CrossClassYear { year: current, years, courses, subjects, types, curricula, teachers, employed })
        })
        .await
}

/// Reads as [`load`] and checks that `course` is one of the year's
/// cross-class courses: 404 `not_found` otherwise.
pub async fn load_course(store: &Store, year: SchoolYearId, course: i64) -> Result<(CrossClassYear, Course)> {
    let data = load(store, year).await?;
    let found = data.course(course).cloned().ok_or_else(|| Error::not_found(CourseId::KIND, course))?;
    Ok((data, found))
}

/// The columns the list sorts by.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum SortKey {
    /// Subject code, then grade.
    #[default]
    Subject,
    /// Grade code, then subject.
    Grade,
    /// The first teacher's code (semester 1, else semester 2; courses without
    /// a teacher last), then subject.
    Teacher,
}

impl SortKey {
    /// The query value (`subject`, `grade`, `teacher`).
    pub fn param(self) -> &'static str {
        match self {
            SortKey::Subject => "subject",
            SortKey::Grade => "grade",
            SortKey::Teacher => "teacher",
        }
    }

    /// The key of a query value, `None` for any other.
    pub fn from_param(v: &str) -> Option<SortKey> {
        [SortKey::Subject, SortKey::Grade, SortKey::Teacher].into_iter().find(|k| k.param() == v)
    }
}

/// Which courses the list shows, in which order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Selection {
    /// Only courses of subjects of this subject type (id).
    pub kind: Option<i64>,
    /// Search: every word must occur, case-insensitively, in the subject code
    /// or in a teacher code of either semester.
    pub query: String,
    /// The sort column.
    pub sort: SortKey,
    /// Descending.
    pub desc: bool,
}

impl Selection {
    /// Whether `course` passes the filter and the search.
    pub fn matches(&self, course: &Course) -> bool {
        if self.kind.is_some_and(|k| k != course.subject.kind.id) {
            return false;
        }
        let mut texts = vec![course.subject.code.to_lowercase()];
        texts.extend(course.teachers1.iter().chain(&course.teachers2).map(|t| t.code.to_lowercase()));
        self.query.to_lowercase().split_whitespace().all(|w| texts.iter().any(|t| t.contains(w)))
    }

    /// The courses of `all` that match, sorted (ties by subject, grade, id; descending reverses the whole order).
    pub fn apply(&self, all: &[Course]) -> Vec<Course> {
        let mut shown: Vec<Course> = all.iter().filter(|c| self.matches(c)).cloned().collect();
        let subject = |c: &Course| (code_key(&c.subject.code), code_key(&c.grade.code), c.id.0);
        let teacher = |c: &Course| {
            let first = c.teachers1.first().or_else(|| c.teachers2.first());
            (first.is_none(), first.map(|t| code_key(&t.code)).unwrap_or_default())
        };
        match self.sort {
            SortKey::Subject => shown.sort_by_key(subject),
            SortKey::Grade => shown.sort_by_key(|c| (code_key(&c.grade.code), subject(c))),
            SortKey::Teacher => shown.sort_by_key(|c| (teacher(c), subject(c))),
        }
        if self.desc {
            shown.reverse();
        }
        shown
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::fixed::Fixed;
    use crate::domain::ids::{CurriculumId, SubjectId, TeacherId};
    use crate::domain::reference_forms::{CurriculumRef, LookupRef, SchoolYearRef};

    fn lookup(id: i64, code: &str) -> LookupRef {
        LookupRef { id, code: code.into(), description: code.into() }
    }

    fn teacher(code: &str) -> TeacherRef {
        TeacherRef {
            id: TeacherId(code.len() as i64),
            archived: false,
            code: code.into(),
            last_name: "L".into(),
            first_name: "F".into(),
            email: None,
        }
    }

    fn course(id: i64, subject: &str, kind: i64, grade: &str, t1: &[&str], t2: &[&str]) -> Course {
        Course {
            id: CourseId(id),
            cancelled: false,
            comments: None,
            cross_class: true,
            curriculum: CurriculumRef {
                id: CurriculumId(1),
                archived: false,
                code: "GYM".into(),
                description: "G".into(),
            },
            grade: lookup(1, grade),
            lessons1: Fixed(0),
            lessons2: Fixed(0),
            school_classes: Vec::new(),
            school_year: SchoolYearRef {
                id: SchoolYearId(1),
                archived: false,
                code: "26/27".into(),
                description: "26/27".into(),
                graduation_year: 2027,
                finalised: false,
                age_relief_included: false,
            },
            subject: SubjectRef {
                id: SubjectId(id),
                archived: false,
                category: None,
                code: subject.into(),
                description: subject.into(),
                kind: lookup(kind, "T"),
            },
            teachers1: t1.iter().map(|c| teacher(c)).collect(),
            teachers2: t2.iter().map(|c| teacher(c)).collect(),
            small_group1: false,
            small_group2: false,
            open1: Fixed(0),
            open2: Fixed(0),
        }
    }

    fn ids(list: &[Course]) -> Vec<i64> {
        list.iter().map(|c| c.id.0).collect()
    }

    #[test]
    fn filter_search_and_sort() {
        let all = vec![
            course(1, "FF CHOR", 2, "FMS1", &["gvo"], &["gvo"]),
            course(2, "EF B", 1, "GYM4", &["mbu"], &["mbu"]),
            course(3, "EF IN", 1, "GYM3", &[], &[]),
            course(4, "FF ASTR", 2, "GYM3", &[], &["amo"]),
        ];
        let sel = |kind, query: &str, sort, desc| Selection { kind, query: query.into(), sort, desc };
        assert_eq!(ids(&sel(None, "", SortKey::Subject, false).apply(&all)), [2, 3, 4, 1]);
        assert_eq!(ids(&sel(None, "", SortKey::Subject, true).apply(&all)), [1, 4, 3, 2]);
        assert_eq!(ids(&sel(None, "", SortKey::Grade, false).apply(&all)), [1, 3, 4, 2]);
        assert_eq!(ids(&sel(None, "", SortKey::Teacher, false).apply(&all)), [4, 1, 2, 3], "no teacher last");
        assert_eq!(ids(&sel(Some(2), "", SortKey::Subject, false).apply(&all)), [4, 1]);
        assert_eq!(ids(&sel(None, "ef MBU", SortKey::Subject, false).apply(&all)), [2], "every word");
        assert_eq!(ids(&sel(None, "AMO", SortKey::Subject, false).apply(&all)), [4], "semester 2 counts");
        assert_eq!(SortKey::from_param("teacher"), Some(SortKey::Teacher));
        assert_eq!(SortKey::from_param("x"), None);
    }
}
