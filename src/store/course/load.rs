//! Reading courses: the row shapes, the two ways of loading them (joined, or
//! each referenced object once) and the reads by ids, by filter and locked.

use std::collections::HashMap;

use super::{sort_courses, Arg, CourseFilter};
use crate::domain::course::{open_lessons, Course};
use crate::domain::fixed::Fixed;
use crate::domain::ids::{CourseId, CurriculumId, SchoolClassId, SchoolYearId, SubjectId};
use crate::domain::reference_forms::{CurriculumRef, LookupRef, SchoolClassRef, SchoolYearRef, SubjectRef, TeacherRef};
use crate::error::Result;
use crate::store::row_ops::{id_lists, placeholders};
use crate::store::teacher::{TeacherRefRow, TEACHER_REF_COLUMNS};
use crate::store::Conn;
use crate::with_conn;

/// A `WHERE` condition on `course co` with its parameters (`$1…`).
struct Scope {
    condition: String,
    args: Vec<Arg>,
    /// Load in the shape for long lists (see [`Conn::load_courses`]).
    by_reference: bool,
}

impl Scope {
    fn filter(f: &CourseFilter) -> Scope {
        let mut conds = vec!["co.school_year_id = $1".to_string()];
        let mut args = vec![Arg::Int(f.school_year.0)];
        let mut push = |cond: &str, arg: Arg| {
            args.push(arg);
            conds.push(cond.replace("$N", &format!("${}", args.len())));
        };
        if let Some(x) = f.cross_class {
            push("co.subject_id IN (SELECT id FROM subject WHERE cross_class = $N)", Arg::Bool(x));
        }
        if let Some(k) = f.school_class {
            push("co.id IN (SELECT course_id FROM course_class WHERE school_class_id = $N)", Arg::Int(k.0));
        }
        if let Some(t) = f.teacher {
            push("co.id IN (SELECT course_id FROM course_teacher WHERE teacher_id = $N)", Arg::Int(t.0));
        }
        if let Some(s) = f.subject {
            push("co.subject_id = $N", Arg::Int(s.0));
        }
        Scope { condition: conds.join(" AND "), args, by_reference: true }
    }

    fn ids(ids: &[CourseId]) -> Scope {
        Scope {
            condition: format!("co.id IN ({})", placeholders(1, ids.len())),
            args: ids.iter().map(|i| Arg::Int(i.0)).collect(),
            by_reference: false,
        }
    }
}

/// Runs `$select` (ending in `… IN`) with each [`id_lists`] list of `$ids`
/// appended, fetching all rows: one statement per 512 ids.
macro_rules! fetch_by_ids {
    ($conn:expr, $row:ty, $select:expr, $ids:expr) => {{
        let mut rows: Vec<$row> = Vec::new();
        for (list, ids) in id_lists($ids) {
            let sql = format!("{} ({list})", $select);
            rows.extend(with_conn!($conn, |c| {
                let mut q = sqlx::query_as::<_, $row>(&sql);
                for id in &ids {
                    q = q.bind(*id);
                }
                q.fetch_all(c).await?
            }));
        }
        rows
    }};
}

/// The distinct values of `ids`, ascending.
fn distinct(ids: impl Iterator<Item = i64>) -> Vec<i64> {
    ids.collect::<std::collections::BTreeSet<_>>().into_iter().collect()
}

/// The course's own columns; both row shapes below start with them.
#[derive(sqlx::FromRow)]
struct CourseOwnRow {
    id: i64,
    cancelled: bool,
    comments: Option<String>,
    lessons1: i64,
    lessons2: i64,
    small_group1: bool,
    small_group2: bool,
}

const COURSE_COLUMNS: &str =
    "co.id, co.cancelled, co.comments, co.lessons1, co.lessons2, co.small_group1, co.small_group2";

/// A subject as a course embeds it (columns `s_*`, `cat_*`, `ty_*`).
#[derive(sqlx::FromRow)]
struct SubjectRefRow {
    s_id: i64,
    s_archived: bool,
    s_code: String,
    s_description: String,
    s_cross_class: bool,
    cat_id: Option<i64>,
    cat_code: Option<String>,
    cat_description: Option<String>,
    ty_id: i64,
    ty_code: String,
    ty_description: String,
}

const SUBJECT_COLUMNS: &str = "s.id AS s_id, s.archived AS s_archived, s.code AS s_code, \
    s.description AS s_description, s.cross_class AS s_cross_class, \
    cat.id AS cat_id, cat.code AS cat_code, cat.description AS cat_description, \
    ty.id AS ty_id, ty.code AS ty_code, ty.description AS ty_description";
const SUBJECT_JOINS: &str =
    "LEFT JOIN subject_category cat ON cat.id = s.category_id JOIN subject_type ty ON ty.id = s.type_id";

impl SubjectRefRow {
    /// The reference form and whether the subject is cross-class.
    fn into_ref(self) -> (SubjectRef, bool) {
        let category = match (self.cat_id, self.cat_code, self.cat_description) {
            (Some(id), Some(code), Some(description)) => Some(LookupRef { id, code, description }),
            _ => None,
        };
        let subject = SubjectRef {
            id: SubjectId(self.s_id),
            archived: self.s_archived,
            category,
            code: self.s_code,
            description: self.s_description,
            kind: LookupRef { id: self.ty_id, code: self.ty_code, description: self.ty_description },
        };
        (subject, self.s_cross_class)
    }
}

/// A school year as a course embeds it (columns `y_*`).
#[derive(sqlx::FromRow)]
pub(super) struct YearRefRow {
    y_id: i64,
    y_archived: bool,
    y_code: String,
    y_description: String,
    y_graduation_year: i64,
    y_finalised: bool,
    y_age_relief_included: bool,
}

pub(super) const YEAR_COLUMNS: &str =
    "y.id AS y_id, y.archived AS y_archived, y.code AS y_code, y.description AS y_description, \
    y.graduation_year AS y_graduation_year, y.finalised AS y_finalised, y.age_relief_included AS y_age_relief_included";

impl From<YearRefRow> for SchoolYearRef {
    fn from(r: YearRefRow) -> Self {
        SchoolYearRef {
            id: SchoolYearId(r.y_id),
            archived: r.y_archived,
            code: r.y_code,
            description: r.y_description,
            graduation_year: r.y_graduation_year,
            finalised: r.y_finalised,
            age_relief_included: r.y_age_relief_included,
        }
    }
}

/// A grade as a course embeds it (columns `g_*`).
#[derive(sqlx::FromRow)]
struct GradeRefRow {
    g_id: i64,
    g_code: String,
    g_description: String,
}

const GRADE_COLUMNS: &str = "g.id AS g_id, g.code AS g_code, g.description AS g_description";

impl From<GradeRefRow> for LookupRef {
    fn from(r: GradeRefRow) -> Self {
        LookupRef { id: r.g_id, code: r.g_code, description: r.g_description }
    }
}

/// A curriculum as a course or class embeds it (columns `cu_*`).
#[derive(sqlx::FromRow)]
struct CurriculumRefRow {
    cu_id: i64,
    cu_archived: bool,
    cu_code: String,
    cu_description: String,
}

const CURRICULUM_COLUMNS: &str =
    "cu.id AS cu_id, cu.archived AS cu_archived, cu.code AS cu_code, cu.description AS cu_description";

impl From<CurriculumRefRow> for CurriculumRef {
    fn from(r: CurriculumRefRow) -> Self {
        CurriculumRef {
            id: CurriculumId(r.cu_id),
            archived: r.cu_archived,
            code: r.cu_code,
            description: r.cu_description,
        }
    }
}

/// A course with every object it refers to joined in: one row per course
/// (the shape for one or a few courses; see [`Conn::load_courses`]).
#[derive(sqlx::FromRow)]
struct CourseRow {
    #[sqlx(flatten)]
    own: CourseOwnRow,
    #[sqlx(flatten)]
    subject: SubjectRefRow,
    #[sqlx(flatten)]
    year: YearRefRow,
    #[sqlx(flatten)]
    grade: GradeRefRow,
    #[sqlx(flatten)]
    curriculum: CurriculumRefRow,
}

/// A course with the ids of the objects it refers to (the shape for a list).
#[derive(sqlx::FromRow)]
struct CourseLinkRow {
    #[sqlx(flatten)]
    own: CourseOwnRow,
    subject_id: i64,
    school_year_id: i64,
    grade_id: i64,
    curriculum_id: i64,
}

/// A school class as a course embeds it.
#[derive(sqlx::FromRow)]
struct ClassRefRow {
    id: i64,
    archived: bool,
    code: String,
    graduation_year: i64,
    #[sqlx(flatten)]
    curriculum: CurriculumRefRow,
    d_id: i64,
    d_code: String,
    d_description: String,
}

const CLASS_COLUMNS: &str = "sc.id, sc.archived, sc.code, sc.graduation_year, \
    cu.id AS cu_id, cu.archived AS cu_archived, cu.code AS cu_code, cu.description AS cu_description, \
    d.id AS d_id, d.code AS d_code, d.description AS d_description";
const CLASS_JOINS: &str = "JOIN curriculum cu ON cu.id = sc.curriculum_id JOIN division d ON d.id = sc.division_id";

impl From<ClassRefRow> for SchoolClassRef {
    fn from(r: ClassRefRow) -> Self {
        SchoolClassRef {
            id: SchoolClassId(r.id),
            archived: r.archived,
            code: r.code,
            graduation_year: r.graduation_year,
            curriculum: r.curriculum.into(),
            division: LookupRef { id: r.d_id, code: r.d_code, description: r.d_description },
        }
    }
}

#[derive(sqlx::FromRow)]
struct CourseClassRow {
    course_id: i64,
    #[sqlx(flatten)]
    class: ClassRefRow,
}

/// A class of a course, by id (the list shape).
#[derive(sqlx::FromRow)]
struct CourseClassLinkRow {
    course_id: i64,
    school_class_id: i64,
}

#[derive(sqlx::FromRow)]
struct CourseTeacherRow {
    course_id: i64,
    semester: i64,
    #[sqlx(flatten)]
    teacher: TeacherRefRow,
}

/// A teacher of a course, by id (the list shape).
#[derive(sqlx::FromRow)]
struct CourseTeacherLinkRow {
    course_id: i64,
    semester: i64,
    teacher_id: i64,
}

/// What a course refers to, in the forms it embeds.
struct CourseRefs {
    subject: SubjectRef,
    cross_class: bool,
    school_year: SchoolYearRef,
    grade: LookupRef,
    curriculum: CurriculumRef,
}

impl CourseOwnRow {
    fn into_course(
        self,
        refs: CourseRefs,
        classes: Vec<SchoolClassRef>,
        teachers: (Vec<TeacherRef>, Vec<TeacherRef>),
    ) -> Course {
        Course {
            id: CourseId(self.id),
            cancelled: self.cancelled,
            comments: self.comments,
            cross_class: refs.cross_class,
            curriculum: refs.curriculum,
            grade: refs.grade,
            lessons1: Fixed(self.lessons1),
            lessons2: Fixed(self.lessons2),
            school_classes: classes,
            school_year: refs.school_year,
            subject: refs.subject,
            open1: open_lessons(self.cancelled, Fixed(self.lessons1), teachers.0.len()),
            open2: open_lessons(self.cancelled, Fixed(self.lessons2), teachers.1.len()),
            teachers1: teachers.0,
            teachers2: teachers.1,
            small_group1: self.small_group1,
            small_group2: self.small_group2,
        }
    }
}

impl CourseRow {
    fn into_course(self, classes: Vec<SchoolClassRef>, teachers: (Vec<TeacherRef>, Vec<TeacherRef>)) -> Course {
        let (subject, cross_class) = self.subject.into_ref();
        let refs = CourseRefs {
            subject,
            cross_class,
            school_year: self.year.into(),
            grade: self.grade.into(),
            curriculum: self.curriculum.into(),
        };
        self.own.into_course(refs, classes, teachers)
    }
}

/// Sorts teacher rows `(course id, semester, teacher)` into each course's two
/// semester lists, keeping their order.
fn teachers_by_course(
    rows: impl Iterator<Item = (i64, i64, TeacherRef)>,
    courses: usize,
) -> HashMap<i64, (Vec<TeacherRef>, Vec<TeacherRef>)> {
    let mut teachers: HashMap<i64, (Vec<TeacherRef>, Vec<TeacherRef>)> = HashMap::with_capacity(courses);
    for (course, semester, t) in rows {
        let entry = teachers.entry(course).or_default();
        if semester == 1 {
            entry.0.push(t)
        } else {
            entry.1.push(t)
        }
    }
    teachers
}

impl Conn {
    /// Loads the courses matching `scope`, unsorted, in one of two shapes that
    /// give the same courses:
    ///
    /// - by ids (one course, or the few of a merge): three queries, each
    ///   course's row with everything it refers to joined in
    ///   ([`Conn::load_courses_joined`]);
    /// - a list by filter: nine queries, each object the courses refer to
    ///   read once ([`Conn::load_courses_by_reference`]). A year's hundreds of
    ///   courses share a handful of subjects, one school year, a few grades and
    ///   curricula, classes and teachers; joined, every row would carry them
    ///   again, and reading values, not running queries, is what a long list
    ///   costs.
    async fn load_courses(&mut self, scope: &Scope) -> Result<Vec<Course>> {
        if scope.by_reference {
            // `None`: a write between the queries removed a referenced object
            // (the queries are separate reads); the joined shape cannot miss one.
            if let Some(courses) = self.load_courses_by_reference(scope).await? {
                return Ok(courses);
            }
        }
        self.load_courses_joined(scope, false).await
    }

    /// The courses of `scope`, every row joined with what it refers to (three
    /// queries). With `lock` on PostgreSQL the first query also locks the
    /// course rows, in ascending id order (see [`Conn::courses_for_update`]).
    async fn load_courses_joined(&mut self, scope: &Scope, lock: bool) -> Result<Vec<Course>> {
        let lock = if lock && self.backend() == crate::store::Backend::Postgres {
            " ORDER BY co.id FOR NO KEY UPDATE OF co"
        } else {
            ""
        };
        let sql = format!(
            "SELECT {COURSE_COLUMNS}, {SUBJECT_COLUMNS}, {YEAR_COLUMNS}, {GRADE_COLUMNS}, {CURRICULUM_COLUMNS} \
             FROM course co JOIN subject s ON s.id = co.subject_id {SUBJECT_JOINS} \
             JOIN school_year y ON y.id = co.school_year_id JOIN grade g ON g.id = co.grade_id \
             JOIN curriculum cu ON cu.id = co.curriculum_id WHERE {}{lock}",
            scope.condition
        );
        let rows: Vec<CourseRow> = fetch_rows!(self, CourseRow, &sql, &scope.args);
        if rows.is_empty() {
            return Ok(Vec::new());
        }
        let sql = format!(
            "SELECT cc.course_id, {CLASS_COLUMNS} FROM course_class cc JOIN course co ON co.id = cc.course_id \
             JOIN school_class sc ON sc.id = cc.school_class_id {CLASS_JOINS} \
             WHERE {} ORDER BY cc.course_id, cc.position",
            scope.condition
        );
        let class_rows: Vec<CourseClassRow> = fetch_rows!(self, CourseClassRow, &sql, &scope.args);
        let sql = format!(
            "SELECT ct.course_id, ct.semester, {TEACHER_REF_COLUMNS} FROM course_teacher ct \
             JOIN course co ON co.id = ct.course_id JOIN teacher t ON t.id = ct.teacher_id \
             WHERE {} ORDER BY ct.course_id, ct.semester, ct.position",
            scope.condition
        );
        let teacher_rows: Vec<CourseTeacherRow> = fetch_rows!(self, CourseTeacherRow, &sql, &scope.args);

        let mut classes: HashMap<i64, Vec<SchoolClassRef>> = HashMap::with_capacity(rows.len());
        for r in class_rows {
            classes.entry(r.course_id).or_default().push(r.class.into());
        }
        let mut teachers = teachers_by_course(
            teacher_rows.into_iter().map(|r| (r.course_id, r.semester, r.teacher.into())),
            rows.len(),
        );
        Ok(rows
            .into_iter()
            .map(|r| {
                let k = classes.remove(&r.own.id).unwrap_or_default();
                let t = teachers.remove(&r.own.id).unwrap_or_default();
                r.into_course(k, t)
            })
            .collect())
    }

    /// The courses of `scope` with the ids of what they refer to and their
    /// class and teacher links, then each referenced subject, school year,
    /// grade, curriculum, class and teacher once, by primary key (nine queries
    /// up to 512 distinct objects of a kind), assembled here.
    /// `None` when an object a course refers to was not found: a write
    /// committed between the queries (each is a read of its own).
    async fn load_courses_by_reference(&mut self, scope: &Scope) -> Result<Option<Vec<Course>>> {
        let cond = &scope.condition;
        let sql = format!(
            "SELECT {COURSE_COLUMNS}, co.subject_id, co.school_year_id, co.grade_id, co.curriculum_id \
             FROM course co WHERE {cond}"
        );
        let rows: Vec<CourseLinkRow> = fetch_rows!(self, CourseLinkRow, &sql, &scope.args);
        if rows.is_empty() {
            return Ok(Some(Vec::new()));
        }
        let sql = format!(
            "SELECT cc.course_id, cc.school_class_id FROM course_class cc JOIN course co ON co.id = cc.course_id \
             WHERE {cond} ORDER BY cc.course_id, cc.position"
        );
        let class_links: Vec<CourseClassLinkRow> = fetch_rows!(self, CourseClassLinkRow, &sql, &scope.args);
        let sql = format!(
            "SELECT ct.course_id, ct.semester, ct.teacher_id FROM course_teacher ct \
             JOIN course co ON co.id = ct.course_id WHERE {cond} ORDER BY ct.course_id, ct.semester, ct.position"
        );
        let teacher_links: Vec<CourseTeacherLinkRow> = fetch_rows!(self, CourseTeacherLinkRow, &sql, &scope.args);

        // Each referenced object once, by its primary key.
        let subject_ids = distinct(rows.iter().map(|r| r.subject_id));
        let sql = format!("SELECT {SUBJECT_COLUMNS} FROM subject s {SUBJECT_JOINS} WHERE s.id IN");
        let subjects: HashMap<i64, (SubjectRef, bool)> = fetch_by_ids!(self, SubjectRefRow, &sql, &subject_ids)
            .into_iter()
            .map(|r| (r.s_id, r.into_ref()))
            .collect();
        let year_ids = distinct(rows.iter().map(|r| r.school_year_id));
        let sql = format!("SELECT {YEAR_COLUMNS} FROM school_year y WHERE y.id IN");
        let years: HashMap<i64, SchoolYearRef> =
            fetch_by_ids!(self, YearRefRow, &sql, &year_ids).into_iter().map(|r| (r.y_id, r.into())).collect();
        let grade_ids = distinct(rows.iter().map(|r| r.grade_id));
        let sql = format!("SELECT {GRADE_COLUMNS} FROM grade g WHERE g.id IN");
        let grades: HashMap<i64, LookupRef> =
            fetch_by_ids!(self, GradeRefRow, &sql, &grade_ids).into_iter().map(|r| (r.g_id, r.into())).collect();
        let curriculum_ids = distinct(rows.iter().map(|r| r.curriculum_id));
        let sql = format!("SELECT {CURRICULUM_COLUMNS} FROM curriculum cu WHERE cu.id IN");
        let curricula: HashMap<i64, CurriculumRef> = fetch_by_ids!(self, CurriculumRefRow, &sql, &curriculum_ids)
            .into_iter()
            .map(|r| (r.cu_id, r.into()))
            .collect();
        let class_ids = distinct(class_links.iter().map(|l| l.school_class_id));
        let sql = format!("SELECT {CLASS_COLUMNS} FROM school_class sc {CLASS_JOINS} WHERE sc.id IN");
        let class_refs: HashMap<i64, SchoolClassRef> =
            fetch_by_ids!(self, ClassRefRow, &sql, &class_ids).into_iter().map(|r| (r.id, r.into())).collect();
        let teacher_ids = distinct(teacher_links.iter().map(|l| l.teacher_id));
        let sql = format!("SELECT {TEACHER_REF_COLUMNS} FROM teacher t WHERE t.id IN");
        let teacher_refs: HashMap<i64, TeacherRef> =
            fetch_by_ids!(self, TeacherRefRow, &sql, &teacher_ids).into_iter().map(|r| (r.t_id, r.into())).collect();

        let mut classes: HashMap<i64, Vec<SchoolClassRef>> = HashMap::with_capacity(rows.len());
        for l in class_links {
            let Some(class) = class_refs.get(&l.school_class_id) else { return Ok(None) };
            classes.entry(l.course_id).or_default().push(class.clone());
        }
        let mut teacher_rows = Vec::with_capacity(teacher_links.len());
        for l in teacher_links {
            let Some(t) = teacher_refs.get(&l.teacher_id) else { return Ok(None) };
            teacher_rows.push((l.course_id, l.semester, t.clone()));
        }
        let mut teachers = teachers_by_course(teacher_rows.into_iter(), rows.len());
        let mut courses = Vec::with_capacity(rows.len());
        for r in rows {
            let (Some((subject, cross_class)), Some(school_year), Some(grade), Some(curriculum)) = (
                subjects.get(&r.subject_id),
                years.get(&r.school_year_id),
                grades.get(&r.grade_id),
                curricula.get(&r.curriculum_id),
            ) else {
                return Ok(None);
            };
            let refs = CourseRefs {
                subject: subject.clone(),
                cross_class: *cross_class,
                school_year: school_year.clone(),
                grade: grade.clone(),
                curriculum: curriculum.clone(),
            };
            let k = classes.remove(&r.own.id).unwrap_or_default();
            let t = teachers.remove(&r.own.id).unwrap_or_default();
            courses.push(r.own.into_course(refs, k, t));
        }
        Ok(Some(courses))
    }

    /// The courses with `ids`, in the order of `ids` (missing ones left out).
    pub(crate) async fn courses_by_ids(&mut self, ids: &[CourseId]) -> Result<Vec<Course>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let mut found: HashMap<CourseId, Course> =
            self.load_courses(&Scope::ids(ids)).await?.into_iter().map(|c| (c.id, c)).collect();
        Ok(ids.iter().filter_map(|id| found.remove(id)).collect())
    }

    /// The courses of a school year matching `filter`, ordered by subject code,
    /// grade code, first class code, id (docs/contract.md §Order of lists). Three queries whatever
    /// the number of courses. The caller checks that the filter's ids exist.
    pub async fn list_courses(&mut self, filter: CourseFilter) -> Result<Vec<Course>> {
        let mut courses = self.load_courses(&Scope::filter(&filter)).await?;
        sort_courses(&mut courses);
        Ok(courses)
    }

    /// One course, or `None`.
    pub async fn get_course(&mut self, id: CourseId) -> Result<Option<Course>> {
        Ok(self.courses_by_ids(&[id]).await?.pop())
    }

    /// Locks the courses `ids` and reads them, aligned with `ids` (`None` for
    /// a missing one). On PostgreSQL the course rows are locked (`FOR NO KEY
    /// UPDATE`, in ascending id order, so overlapping lockers cannot deadlock)
    /// by the statement that reads them; on SQLite the write transaction
    /// already excludes every other writer. Three statements in all.
    pub async fn courses_for_update(&mut self, ids: &[CourseId]) -> Result<Vec<Option<Course>>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let mut found: HashMap<CourseId, Course> =
            self.load_courses_joined(&Scope::ids(ids), true).await?.into_iter().map(|c| (c.id, c)).collect();
        Ok(ids.iter().map(|id| found.remove(id)).collect())
    }
}
