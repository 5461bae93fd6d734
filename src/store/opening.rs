//! Loads the facts of opening a school year and inserts what the plan says
//! (docs/documents.md §Opening a school year; the rules are [`crate::domain::opening`]).
//!
//! Loading costs a fixed number of queries whatever the size of the school;
//! inserting costs one statement per created employment, course and pool
//! entry (for its id) plus batched statements for the courses' classes and
//! teachers. Everything runs in the caller's transaction.

use std::collections::{BTreeSet, HashMap};

use crate::domain::course::Course;
use crate::domain::fixed::Fixed;
use crate::domain::ids::{
    CourseId, CurriculumId, DivisionId, EmploymentId, GradeId, PoolTypeId, SchoolClassId, SchoolYearId, SubjectId,
    TeacherId,
};
use crate::domain::opening::{
    ClassFact, CourseFact, CurriculumFact, EmploymentFact, OpeningFacts, OpeningPlan, PoolFact, SubjectFact,
};
use crate::domain::reference_forms::{LookupRef, SchoolYearRef, TeacherRef};
use crate::error::{Error, Result};
use crate::store::constraint::OnUnique;
use crate::store::course::CourseFilter;
use crate::store::course::{COURSE_CLASS, COURSE_TEACHER};
use crate::store::row_ops::placeholders;
use crate::store::teacher::{TeacherRefRow, TEACHER_REF_COLUMNS};
use crate::store::Conn;
use crate::with_conn;

/// Rows per multi-row `INSERT` (keeps the bind parameters far below SQLite's limit).
const BATCH: usize = 200;

#[derive(sqlx::FromRow)]
struct ClassRow {
    id: i64,
    code: String,
    curriculum_id: i64,
    division_id: i64,
    graduation_year: i64,
}

#[derive(sqlx::FromRow)]
struct EmploymentRow {
    teacher_id: i64,
    division_id: i64,
    employment_min: Option<i64>,
    employment_max: Option<i64>,
    payment1: Option<i64>,
    payment2: Option<i64>,
    temporary: bool,
}

#[derive(sqlx::FromRow)]
struct PoolRow {
    teacher_id: i64,
    type_id: i64,
    auto_copy: bool,
    description: Option<String>,
    percent1: i64,
    percent2: i64,
}

/// The classes, curricula and subjects of the school.
#[derive(Debug, Clone)]
pub struct PlanningStructure {
    /// Every school class.
    pub classes: Vec<ClassFact>,
    /// Every curriculum with its grades.
    pub curricula: Vec<CurriculumFact>,
    /// Every subject by id.
    pub subjects: HashMap<SubjectId, SubjectFact>,
}

/// An employment created by the opening, in reference form.
#[derive(Debug, Clone, PartialEq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmploymentRef {
    /// Database id.
    pub id: EmploymentId,
    /// The teacher.
    pub teacher: TeacherRef,
    /// The school year.
    pub school_year: SchoolYearRef,
    /// The division.
    pub division: LookupRef,
}

#[derive(sqlx::FromRow)]
struct EmploymentRefRow {
    id: i64,
    #[sqlx(flatten)]
    teacher: TeacherRefRow,
    d_id: i64,
    d_code: String,
    d_description: String,
}

/// A course's facts as the opening reads them.
pub fn course_fact(c: &Course) -> CourseFact {
    CourseFact {
        subject: c.subject.id,
        grade: GradeId(c.grade.id),
        curriculum: c.curriculum.id,
        school_classes: c.school_classes.iter().map(|k| k.id).collect(),
        cancelled: c.cancelled,
        comments: c.comments.clone(),
        lessons1: c.lessons1,
        lessons2: c.lessons2,
        teachers1: c.teachers1.iter().map(|t| t.id).collect(),
        teachers2: c.teachers2.iter().map(|t| t.id).collect(),
        small_group1: c.small_group1,
        small_group2: c.small_group2,
    }
}

impl Conn {
    /// The school year before `year` by graduation year, if any.
    pub async fn previous_school_year(&mut self, year: &SchoolYearRef) -> Result<Option<SchoolYearRef>> {
        let id: Option<i64> = with_conn!(self, |c| sqlx::query_scalar(
            "SELECT id FROM school_year WHERE graduation_year < $1 ORDER BY graduation_year DESC LIMIT 1"
        )
        .bind(year.graduation_year)
        .fetch_optional(c)
        .await?);
        match id {
            Some(id) => Ok(self.get_school_year(SchoolYearId(id)).await?.map(|y| SchoolYearRef::from(&y))),
            None => Ok(None),
        }
    }

    /// Every school class, curriculum (with its grades) and subject, as the
    /// opening and the plan check read them (four queries).
    pub async fn planning_structure(&mut self) -> Result<PlanningStructure> {
        let classes: Vec<ClassRow> = with_conn!(self, |c| sqlx::query_as(
            "SELECT id, code, curriculum_id, division_id, graduation_year FROM school_class"
        )
        .fetch_all(c)
        .await?);
        let curricula: Vec<(i64, String, bool)> =
            with_conn!(self, |c| sqlx::query_as("SELECT id, code, archived FROM curriculum").fetch_all(c).await?);
        let mut grades = self.all_curriculum_grades().await?;
        let subjects: Vec<(i64, String, bool, bool)> =
            with_conn!(self, |c| sqlx::query_as("SELECT id, code, cross_class, archived FROM subject")
                .fetch_all(c)
                .await?);
        Ok(PlanningStructure {
            classes: classes
                .into_iter()
                .map(|r| ClassFact {
                    id: SchoolClassId(r.id),
                    code: r.code,
                    curriculum: CurriculumId(r.curriculum_id),
                    division: DivisionId(r.division_id),
                    graduation_year: r.graduation_year,
                })
                .collect(),
            curricula: curricula
                .into_iter()
                .map(|(id, code, archived)| CurriculumFact {
                    id: CurriculumId(id),
                    code,
                    archived,
                    grades: grades
                        .remove(&CurriculumId(id))
                        .unwrap_or_default()
                        .into_iter()
                        .map(|g| (GradeId(g.id), g.code))
                        .collect(),
                })
                .collect(),
            subjects: subjects
                .into_iter()
                .map(|(id, code, cross_class, archived)| (SubjectId(id), SubjectFact { code, cross_class, archived }))
                .collect(),
        })
    }

    /// Loads everything [`crate::domain::opening::plan`] needs to open `year`
    /// from `previous` (a fixed number of queries).
    pub async fn opening_facts(&mut self, year: SchoolYearRef, previous: SchoolYearRef) -> Result<OpeningFacts> {
        let structure = self.planning_structure().await?;
        let entries = self.lesson_entries().await?;
        let previous_courses = self.list_courses(CourseFilter::year(previous.id)).await?;
        let courses = self.list_courses(CourseFilter::year(year.id)).await?;
        let employments: Vec<EmploymentRow> = with_conn!(self, |c| {
            sqlx::query_as(
            "SELECT e.teacher_id, e.division_id, e.employment_min, e.employment_max, e.payment1, e.payment2, e.temporary \
             FROM employment e JOIN teacher t ON t.id = e.teacher_id WHERE e.school_year_id = $1 ORDER BY t.code_key, e.id"
        )
        .bind(previous.id)
        .fetch_all(c)
        .await?
        });
        let employed: Vec<i64> =
            with_conn!(self, |c| sqlx::query_scalar("SELECT teacher_id FROM employment WHERE school_year_id = $1")
                .bind(year.id)
                .fetch_all(c)
                .await?);
        let pool: Vec<PoolRow> = with_conn!(self, |c| sqlx::query_as(
            "SELECT p.teacher_id, p.type_id, k.auto_copy, p.description, p.percent1, p.percent2 \
             FROM pool_entry p JOIN pool_type k ON k.id = p.type_id WHERE p.school_year_id = $1 ORDER BY p.id"
        )
        .bind(previous.id)
        .fetch_all(c)
        .await?);
        let pool_count: i64 =
            with_conn!(self, |c| sqlx::query_scalar("SELECT COUNT(*) FROM pool_entry WHERE school_year_id = $1")
                .bind(year.id)
                .fetch_one(c)
                .await?);
        Ok(OpeningFacts {
            year,
            previous,
            classes: structure.classes,
            curricula: structure.curricula,
            subjects: structure.subjects,
            entries,
            previous_courses: previous_courses.iter().map(course_fact).collect(),
            courses: courses.iter().map(course_fact).collect(),
            previous_employments: employments
                .into_iter()
                .map(|r| EmploymentFact {
                    teacher: TeacherId(r.teacher_id),
                    division: DivisionId(r.division_id),
                    employment_min: r.employment_min.map(Fixed),
                    employment_max: r.employment_max.map(Fixed),
                    payment1: r.payment1.map(Fixed),
                    payment2: r.payment2.map(Fixed),
                    temporary: r.temporary,
                })
                .collect(),
            employed: employed.into_iter().map(TeacherId).collect::<BTreeSet<_>>(),
            previous_pool: pool
                .into_iter()
                .map(|r| PoolFact {
                    teacher: TeacherId(r.teacher_id),
                    kind: PoolTypeId(r.type_id),
                    auto_copy: r.auto_copy,
                    description: r.description,
                    percent1: Fixed(r.percent1),
                    percent2: Fixed(r.percent2),
                })
                .collect(),
            has_pool_entries: pool_count > 0,
        })
    }

    /// Inserts what `plan` says into `year` (employments first, then courses,
    /// then pool entries); returns the new ids of each. Run it in the
    /// transaction the facts were loaded in.
    pub async fn insert_opening(
        &mut self,
        year: SchoolYearId,
        plan: &OpeningPlan,
    ) -> Result<(Vec<EmploymentId>, Vec<CourseId>, Vec<i64>)> {
        let mut employments = Vec::with_capacity(plan.employments.len());
        for e in &plan.employments {
            let id: i64 = with_conn!(self, |c| sqlx::query_scalar(
                "INSERT INTO employment (teacher_id, school_year_id, division_id, employment_min, employment_max, \
                 payment1, payment2, temporary) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id"
            )
            .bind(e.teacher)
            .bind(year)
            .bind(e.division)
            .bind(e.employment_min.map(|f| f.0))
            .bind(e.employment_max.map(|f| f.0))
            .bind(e.payment1.map(|f| f.0))
            .bind(e.payment2.map(|f| f.0))
            .bind(e.temporary)
            .fetch_one(c)
            .await
            .on_unique(&[&super::employment::TEACHER_YEAR])?);
            employments.push(EmploymentId(id));
        }
        let mut courses = Vec::with_capacity(plan.courses.len());
        for co in &plan.courses {
            let id: i64 = with_conn!(self, |c| {
                sqlx::query_scalar(
                "INSERT INTO course (school_year_id, subject_id, grade_id, curriculum_id, cancelled, comments, lessons1, \
                 lessons2, small_group1, small_group2) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id"
            )
            .bind(year)
            .bind(co.subject)
            .bind(co.grade)
            .bind(co.curriculum)
            .bind(co.cancelled)
            .bind(&co.comments)
            .bind(co.lessons1.0)
            .bind(co.lessons2.0)
            .bind(co.small_group1)
            .bind(co.small_group2)
            .fetch_one(c)
            .await?
            });
            courses.push(CourseId(id));
        }
        let class_rows: Vec<[i64; 3]> = plan
            .courses
            .iter()
            .zip(&courses)
            .flat_map(|(co, id)| co.school_classes.iter().enumerate().map(move |(p, k)| [id.0, p as i64, k.0]))
            .collect();
        let head = "INSERT INTO course_class (course_id, position, school_class_id) VALUES ";
        self.insert_rows(head, &class_rows, &[&COURSE_CLASS]).await?;
        let teacher_rows: Vec<[i64; 4]> = plan
            .courses
            .iter()
            .zip(&courses)
            .flat_map(|(co, id)| {
                let s1 = co.teachers1.iter().enumerate().map(move |(p, t)| [id.0, 1, p as i64, t.0]);
                let s2 = co.teachers2.iter().enumerate().map(move |(p, t)| [id.0, 2, p as i64, t.0]);
                s1.chain(s2)
            })
            .collect();
        let head = "INSERT INTO course_teacher (course_id, semester, position, teacher_id) VALUES ";
        self.insert_rows(head, &teacher_rows, &[&COURSE_TEACHER]).await?;
        let mut pool = Vec::with_capacity(plan.pool_entries.len());
        for p in &plan.pool_entries {
            let id: i64 = with_conn!(self, |c| sqlx::query_scalar(
                "INSERT INTO pool_entry (school_year_id, teacher_id, type_id, description, percent1, percent2) \
                 VALUES ($1, $2, $3, $4, $5, $6) RETURNING id"
            )
            .bind(year)
            .bind(p.teacher)
            .bind(p.kind)
            .bind(&p.description)
            .bind(p.percent1.0)
            .bind(p.percent2.0)
            .fetch_one(c)
            .await?);
            pool.push(id);
        }
        Ok((employments, courses, pool))
    }

    /// The courses with `ids` (three queries), in the order of `ids`.
    pub async fn courses_with_ids(&mut self, ids: &[CourseId]) -> Result<Vec<Course>> {
        let mut out = Vec::with_capacity(ids.len());
        for chunk in ids.chunks(BATCH * 2) {
            out.extend(self.courses_by_ids(chunk).await?);
        }
        Ok(out)
    }

    /// The employments with `ids` in reference form (one query per 400 ids), in the order of `ids`.
    pub async fn employment_refs(&mut self, year: &SchoolYearRef, ids: &[EmploymentId]) -> Result<Vec<EmploymentRef>> {
        let mut found: HashMap<i64, EmploymentRef> = HashMap::with_capacity(ids.len());
        for chunk in ids.chunks(BATCH * 2) {
            let sql = format!(
                "SELECT e.id, {TEACHER_REF_COLUMNS}, d.id AS d_id, d.code AS d_code, d.description AS d_description \
                 FROM employment e JOIN teacher t ON t.id = e.teacher_id JOIN division d ON d.id = e.division_id \
                 WHERE e.id IN ({})",
                placeholders(1, chunk.len())
            );
            let rows: Vec<EmploymentRefRow> = with_conn!(self, |c| {
                let mut q = sqlx::query_as(&sql);
                for id in chunk {
                    q = q.bind(id);
                }
                q.fetch_all(c).await?
            });
            for r in rows {
                found.insert(
                    r.id,
                    EmploymentRef {
                        id: EmploymentId(r.id),
                        teacher: r.teacher.into(),
                        school_year: year.clone(),
                        division: LookupRef { id: r.d_id, code: r.d_code, description: r.d_description },
                    },
                );
            }
        }
        ids.iter().map(|id| found.remove(&id.0).ok_or_else(|| Error::not_found(EmploymentId::KIND, id.0))).collect()
    }
}
