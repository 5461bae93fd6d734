//! Batch reads for the dataset export (`crate::dataset::export`): every table
//! in a fixed number of queries, references resolved to codes by joins.
//!
//! Rows come back in no particular order; the dataset sorts them
//! ([`crate::dataset::Dataset::canonicalize`]). Lists inside a record (grades
//! of a curriculum, departments, course classes and teachers) are ordered by
//! their stored position.

use crate::error::Result;
use crate::store::Conn;
use crate::with_conn;

/// The tables of a school, in dependency order, with the noun used in messages.
pub const TABLES: &[(&str, &str)] = &[
    ("grade", "grades"),
    ("subject_category", "subject categories"),
    ("subject_type", "subject types"),
    ("curriculum", "curricula"),
    ("division", "divisions"),
    ("school_year", "school years"),
    ("subject", "subjects"),
    ("teacher", "teachers"),
    ("school_class", "school classes"),
    ("employment", "employments"),
    ("course", "courses"),
    ("lesson_table_entry", "lesson table entries"),
    ("gender", "genders"),
    ("payroll_type", "payroll types"),
    ("pool_type", "pool types"),
    ("posting_type", "posting types"),
    ("thesis_type", "thesis types"),
    ("pool_entry", "pool entries"),
    ("posting", "postings"),
    ("thesis", "theses"),
    ("note", "notes"),
];

/// Code and description of a lookup.
#[derive(Debug, sqlx::FromRow)]
pub struct LookupRow {
    /// Code.
    pub code: String,
    /// Description.
    pub description: String,
    /// Whether archived.
    pub archived: bool,
}

/// A curriculum.
#[derive(Debug, sqlx::FromRow)]
pub struct CurriculumRow {
    /// Database id (to attach the grades).
    pub id: i64,
    /// Code.
    pub code: String,
    /// Description.
    pub description: String,
    /// Archived flag.
    pub archived: bool,
}

/// One element of an ordered code list of a parent row.
#[derive(Debug, sqlx::FromRow)]
pub struct ChildCodeRow {
    /// Id of the parent row (curriculum, teacher, course).
    pub parent_id: i64,
    /// Code of the element.
    pub code: String,
}

/// A teacher of a course in one semester.
#[derive(Debug, sqlx::FromRow)]
pub struct CourseTeacherRow {
    /// Course id.
    pub parent_id: i64,
    /// 1 or 2.
    pub semester: i64,
    /// Teacher code.
    pub code: String,
}

/// A division with its binaries.
#[derive(Debug, sqlx::FromRow)]
pub struct DivisionRow {
    /// Code.
    pub code: String,
    /// Description.
    pub description: String,
    /// Head's name.
    pub head_name: Option<String>,
    /// Head's title.
    pub head_title: Option<String>,
    /// Group of divisions.
    pub grouping: Option<String>,
    /// Signature file name.
    pub head_signature_file_name: Option<String>,
    /// Signature mime type.
    pub head_signature_mime_type: Option<String>,
    /// Signature bytes.
    pub head_signature_data: Option<Vec<u8>>,
    /// Logo file name.
    pub logo_file_name: Option<String>,
    /// Logo mime type.
    pub logo_mime_type: Option<String>,
    /// Logo bytes.
    pub logo_data: Option<Vec<u8>>,
}

/// A subject with category and type codes.
#[derive(Debug, sqlx::FromRow)]
pub struct SubjectRow {
    /// Code.
    pub code: String,
    /// Description.
    pub description: String,
    /// Category code.
    pub category: Option<String>,
    /// Type code.
    pub kind: String,
    /// Cross-class flag.
    pub cross_class: bool,
    /// External code.
    pub external_code: Option<String>,
    /// Archived.
    pub archived: bool,
    /// Class lesson.
    pub class_lesson: bool,
}

/// A teacher.
#[derive(Debug, sqlx::FromRow)]
pub struct TeacherRow {
    /// Id (to attach departments).
    pub id: i64,
    /// Code.
    pub code: String,
    /// First name.
    pub first_name: String,
    /// Last name.
    pub last_name: String,
    /// E-mail.
    pub email: Option<String>,
    /// Birthday `YYYY-MM-DD`.
    pub birthday: Option<String>,
    /// Employee number.
    pub employee_number: Option<String>,
    /// Title.
    pub title: Option<String>,
    /// Archived.
    pub archived: bool,
    /// Gender code.
    pub gender: Option<String>,
}

/// A school class with curriculum and division codes.
#[derive(Debug, sqlx::FromRow)]
pub struct SchoolClassRow {
    /// Code.
    pub code: String,
    /// Curriculum code.
    pub curriculum: String,
    /// Division code.
    pub division: String,
    /// Graduation year.
    pub graduation_year: i64,
    /// Archived.
    pub archived: bool,
}

/// An employment with codes; percent values in ten-thousandths.
#[derive(Debug, sqlx::FromRow)]
pub struct EmploymentRow {
    /// Teacher code.
    pub teacher: String,
    /// School year code.
    pub school_year: String,
    /// Division code.
    pub division: String,
    /// Minimum percent.
    pub employment_min: Option<i64>,
    /// Maximum percent.
    pub employment_max: Option<i64>,
    /// Payment semester 1.
    pub payment1: Option<i64>,
    /// Payment semester 2.
    pub payment2: Option<i64>,
    /// Temporary.
    pub temporary: bool,
    /// Comments.
    pub comments: Option<String>,
    /// Initial balance (ten-thousandths).
    pub initial_balance: i64,
    /// Frozen opening balance text.
    pub frozen_opening_balance: Option<String>,
    /// Frozen closing balance text.
    pub frozen_closing_balance: Option<String>,
}

/// A course with codes; lessons in ten-thousandths.
#[derive(Debug, sqlx::FromRow)]
pub struct CourseRow {
    /// Id (to attach classes and teachers; ties in the order).
    pub id: i64,
    /// School year code.
    pub school_year: String,
    /// Subject code.
    pub subject: String,
    /// Grade code.
    pub grade: String,
    /// Curriculum code.
    pub curriculum: String,
    /// Lessons semester 1.
    pub lessons1: i64,
    /// Lessons semester 2.
    pub lessons2: i64,
    /// Cancelled.
    pub cancelled: bool,
    /// Comments.
    pub comments: Option<String>,
    /// Small group semester 1.
    pub small_group1: bool,
    /// Small group semester 2.
    pub small_group2: bool,
}

/// Every row of a school (see the module docs).
#[derive(Debug, Default)]
pub struct DatasetRows {
    /// Subject categories.
    pub subject_categories: Vec<LookupRow>,
    /// Subject types.
    pub subject_types: Vec<LookupRow>,
    /// Curricula.
    pub curricula: Vec<CurriculumRow>,
    /// Curriculum grades (parent = curriculum), by position.
    pub curriculum_grades: Vec<ChildCodeRow>,
    /// Divisions.
    pub divisions: Vec<DivisionRow>,
    /// Subjects.
    pub subjects: Vec<SubjectRow>,
    /// Teachers.
    pub teachers: Vec<TeacherRow>,
    /// Teacher departments (parent = teacher), by position.
    pub teacher_departments: Vec<ChildCodeRow>,
    /// School classes.
    pub school_classes: Vec<SchoolClassRow>,
    /// Employments.
    pub employments: Vec<EmploymentRow>,
    /// Courses, by id.
    pub courses: Vec<CourseRow>,
    /// Course classes (parent = course), by position.
    pub course_classes: Vec<ChildCodeRow>,
    /// Course teachers, by semester and position.
    pub course_teachers: Vec<CourseTeacherRow>,
}

impl Conn {
    /// Row counts of every table of [`TABLES`] that is not empty (`(noun, count)`).
    pub async fn nonempty_tables(&mut self) -> Result<Vec<(&'static str, i64)>> {
        let mut out = Vec::new();
        for (table, noun) in TABLES {
            let sql = format!("SELECT COUNT(*) FROM {table}");
            let n: i64 = with_conn!(self, |c| sqlx::query_scalar(&sql).fetch_one(c).await?);
            if n > 0 {
                out.push((*noun, n));
            }
        }
        Ok(out)
    }

    /// Reads every row of the school: 15 statements, whatever the size.
    pub async fn dataset_rows(&mut self) -> Result<DatasetRows> {
        Ok(DatasetRows {
            subject_categories: with_conn!(self, |c| sqlx::query_as(
                "SELECT code, description, archived FROM subject_category"
            )
            .fetch_all(c)
            .await?),
            subject_types: with_conn!(self, |c| sqlx::query_as("SELECT code, description, archived FROM subject_type")
                .fetch_all(c)
                .await?),
            curricula: with_conn!(self, |c| sqlx::query_as("SELECT id, code, description, archived FROM curriculum")
                .fetch_all(c)
                .await?),
            curriculum_grades: with_conn!(self, |c| {
                sqlx::query_as(
                "SELECT cg.curriculum_id AS parent_id, g.code FROM curriculum_grade cg JOIN grade g ON g.id = cg.grade_id \
                 ORDER BY cg.curriculum_id, cg.position",
            )
            .fetch_all(c)
            .await?
            }),
            divisions: with_conn!(self, |c| {
                sqlx::query_as(
                "SELECT code, description, head_name, head_title, grouping, head_signature_file_name, head_signature_mime_type, head_signature_data, \
                 logo_file_name, logo_mime_type, logo_data FROM division",
            )
            .fetch_all(c)
            .await?
            }),
            subjects: with_conn!(self, |c| {
                sqlx::query_as(
                "SELECT s.code, s.description, c.code AS category, t.code AS kind, s.cross_class, s.external_code, s.archived, s.class_lesson \
                 FROM subject s LEFT JOIN subject_category c ON c.id = s.category_id JOIN subject_type t ON t.id = s.type_id",
            )
            .fetch_all(c)
            .await?
            }),
            teachers: with_conn!(self, |c| {
                sqlx::query_as(
                "SELECT t.id, t.code, t.first_name, t.last_name, t.email, t.birthday, t.employee_number, t.title, t.archived, \
                 g.code AS gender FROM teacher t LEFT JOIN gender g ON g.id = t.gender_id",
            )
            .fetch_all(c)
            .await?
            }),
            teacher_departments: with_conn!(self, |c| {
                sqlx::query_as(
                "SELECT d.teacher_id AS parent_id, g.code FROM teacher_department d JOIN subject_category g ON g.id = d.category_id \
                 ORDER BY d.teacher_id, d.position",
            )
            .fetch_all(c)
            .await?
            }),
            school_classes: with_conn!(self, |c| {
                sqlx::query_as(
                "SELECT k.code, cu.code AS curriculum, dv.code AS division, k.graduation_year, k.archived \
                 FROM school_class k JOIN curriculum cu ON cu.id = k.curriculum_id JOIN division dv ON dv.id = k.division_id",
            )
            .fetch_all(c)
            .await?
            }),
            employments: with_conn!(self, |c| {
                sqlx::query_as(
                "SELECT t.code AS teacher, y.code AS school_year, dv.code AS division, e.employment_min, e.employment_max, \
                 e.payment1, e.payment2, e.temporary, e.comments, e.initial_balance, e.frozen_opening_balance, e.frozen_closing_balance \
                 FROM employment e JOIN teacher t ON t.id = e.teacher_id JOIN school_year y ON y.id = e.school_year_id \
                 JOIN division dv ON dv.id = e.division_id",
            )
            .fetch_all(c)
            .await?
            }),
            courses: with_conn!(self, |c| sqlx::query_as(
                "SELECT co.id, y.code AS school_year, s.code AS subject, g.code AS grade, cu.code AS curriculum, \
                 co.lessons1, co.lessons2, co.cancelled, co.comments, co.small_group1, co.small_group2 \
                 FROM course co JOIN school_year y ON y.id = co.school_year_id JOIN subject s ON s.id = co.subject_id \
                 JOIN grade g ON g.id = co.grade_id JOIN curriculum cu ON cu.id = co.curriculum_id ORDER BY co.id",
            )
            .fetch_all(c)
            .await?),
            course_classes: with_conn!(self, |c| {
                sqlx::query_as(
                "SELECT cc.course_id AS parent_id, k.code FROM course_class cc JOIN school_class k ON k.id = cc.school_class_id \
                 ORDER BY cc.course_id, cc.position",
            )
            .fetch_all(c)
            .await?
            }),
            course_teachers: with_conn!(self, |c| {
                sqlx::query_as(
                "SELECT ct.course_id AS parent_id, ct.semester, t.code FROM course_teacher ct JOIN teacher t ON t.id = ct.teacher_id \
                 ORDER BY ct.course_id, ct.semester, ct.position",
            )
            .fetch_all(c)
            .await?
            }),
        })
    }
}
