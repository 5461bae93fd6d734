//! What the course rules need to know of the ids in a new course body
//! ([`Conn::new_course_facts`]): the school year, subject, grade and
//! curriculum, the classes as seen from the year, the teachers and their
//! employments; and the division of a class.

use std::collections::HashMap;

use super::load::{YearRefRow, YEAR_COLUMNS};
use super::Arg;
use crate::domain::course::{ClassInYear, NewCourse, NewCourseFacts, TeacherFacts};
use crate::domain::ids::{CurriculumId, DivisionId, GradeId, SchoolClassId, SchoolYearId, TeacherId};
use crate::domain::reference_forms::{SchoolYearRef, TeacherRef};
use crate::error::Result;
use crate::store::row_ops::placeholders;
use crate::store::teacher::{TeacherRefRow, TEACHER_REF_COLUMNS};
use crate::store::Conn;
use crate::with_conn;

#[derive(sqlx::FromRow)]
struct ClassFactsRow {
    id: i64,
    code: String,
    graduation_year: i64,
    curriculum_id: i64,
    curriculum_code: String,
}

#[derive(sqlx::FromRow)]
struct CurriculumGradeRow {
    curriculum_id: i64,
    grade_id: i64,
    code: String,
}

#[derive(sqlx::FromRow)]
struct TeacherEmploymentRow {
    #[sqlx(flatten)]
    teacher: TeacherRefRow,
    employment_id: Option<i64>,
}

impl Conn {
    async fn school_year_ref(&mut self, id: SchoolYearId) -> Result<Option<SchoolYearRef>> {
        let sql = format!("SELECT {YEAR_COLUMNS} FROM school_year y WHERE y.id = $1");
        let row: Option<YearRefRow> = with_conn!(self, |c| sqlx::query_as(&sql).bind(id).fetch_optional(c).await?);
        Ok(row.map(Into::into))
    }

    /// The ordered grades (id, code) of each curriculum in `curricula`.
    async fn curriculum_grades(&mut self, curricula: &[i64]) -> Result<HashMap<i64, Vec<(GradeId, String)>>> {
        let mut map: HashMap<i64, Vec<(GradeId, String)>> = HashMap::new();
        if curricula.is_empty() {
            return Ok(map);
        }
        let sql = format!(
            "SELECT cg.curriculum_id, cg.grade_id, g.code FROM curriculum_grade cg JOIN grade g ON g.id = cg.grade_id \
             WHERE cg.curriculum_id IN ({}) ORDER BY cg.curriculum_id, cg.position",
            placeholders(1, curricula.len())
        );
        let args: Vec<Arg> = curricula.iter().map(|c| Arg::Int(*c)).collect();
        let rows: Vec<CurriculumGradeRow> = fetch_rows!(self, CurriculumGradeRow, &sql, &args);
        for r in rows {
            map.entry(r.curriculum_id).or_default().push((GradeId(r.grade_id), r.code));
        }
        Ok(map)
    }

    /// The classes `ids` as seen from a school year graduating in
    /// `year_graduation_year`, aligned with `ids` (`None` for an unknown id).
    async fn classes_in_year(
        &mut self,
        ids: &[SchoolClassId],
        year_graduation_year: i64,
    ) -> Result<Vec<Option<ClassInYear>>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let sql = format!(
            "SELECT sc.id, sc.code, sc.graduation_year, sc.curriculum_id, cu.code AS curriculum_code \
             FROM school_class sc JOIN curriculum cu ON cu.id = sc.curriculum_id WHERE sc.id IN ({})",
            placeholders(1, ids.len())
        );
        let args: Vec<Arg> = ids.iter().map(|i| Arg::Int(i.0)).collect();
        let rows: Vec<ClassFactsRow> = fetch_rows!(self, ClassFactsRow, &sql, &args);
        let mut curricula: Vec<i64> = rows.iter().map(|r| r.curriculum_id).collect();
        curricula.sort_unstable();
        curricula.dedup();
        let grades = self.curriculum_grades(&curricula).await?;
        let mut by_id: HashMap<i64, ClassInYear> = rows
            .into_iter()
            .map(|r| {
                let g = grades.get(&r.curriculum_id).map(Vec::as_slice).unwrap_or(&[]);
                let c = ClassInYear::new(
                    SchoolClassId(r.id),
                    r.code,
                    r.graduation_year,
                    CurriculumId(r.curriculum_id),
                    r.curriculum_code,
                    g,
                    year_graduation_year,
                );
                (r.id, c)
            })
            .collect();
        Ok(ids.iter().map(|id| by_id.remove(&id.0)).collect())
    }

    /// The teachers `ids` as a course of school year `year` sees them: their
    /// reference forms and whether each has an employment in `year` (one
    /// query; unknown ids are absent). The rules are [`check_teachers`](crate::domain::course::rules::check_teachers).
    pub async fn teacher_facts(
        &mut self,
        year: SchoolYearId,
        ids: impl Iterator<Item = TeacherId>,
    ) -> Result<HashMap<TeacherId, TeacherFacts>> {
        let mut ids: Vec<i64> = ids.map(|t| t.0).collect();
        ids.sort_unstable();
        ids.dedup();
        if ids.is_empty() {
            return Ok(HashMap::new());
        }
        let sql = format!(
            "SELECT {TEACHER_REF_COLUMNS}, e.id AS employment_id FROM teacher t \
             LEFT JOIN employment e ON e.teacher_id = t.id AND e.school_year_id = $1 WHERE t.id IN ({})",
            placeholders(2, ids.len())
        );
        let args: Vec<Arg> = std::iter::once(year.0).chain(ids.iter().copied()).map(Arg::Int).collect();
        let rows: Vec<TeacherEmploymentRow> = fetch_rows!(self, TeacherEmploymentRow, &sql, &args);
        Ok(rows
            .into_iter()
            .map(|r| {
                let teacher = TeacherRef::from(r.teacher);
                (teacher.id, TeacherFacts { teacher, employed: r.employment_id.is_some() })
            })
            .collect())
    }

    /// Checks a new course against the rules of docs/contract.md §Courses and returns its
    /// grade and curriculum (derived from the classes, or given for cross-class subjects).
    /// What the store knows of the ids in a new course body, for
    /// [`check_new_course`](crate::domain::course::rules::check_new_course): the school year, subject, grade and curriculum
    /// (`None` when unknown), the classes as seen from the school year, the
    /// curriculum's grades and the teachers. A fixed number of queries.
    pub async fn new_course_facts(&mut self, new: &NewCourse) -> Result<NewCourseFacts> {
        let year = self.school_year_ref(new.school_year).await?;
        let subject: Option<(String, bool)> =
            with_conn!(self, |c| sqlx::query_as("SELECT code, cross_class FROM subject WHERE id = $1")
                .bind(new.subject)
                .fetch_optional(c)
                .await?);
        let grade_code: Option<String> = match new.grade {
            Some(g) => with_conn!(self, |c| sqlx::query_scalar("SELECT code FROM grade WHERE id = $1")
                .bind(g)
                .fetch_optional(c)
                .await?),
            None => None,
        };
        let (curriculum_code, curriculum_grades) = match new.curriculum {
            Some(cu) => {
                let code: Option<String> =
                    with_conn!(self, |c| sqlx::query_scalar("SELECT code FROM curriculum WHERE id = $1")
                        .bind(cu)
                        .fetch_optional(c)
                        .await?);
                let grades = self.curriculum_grades(&[cu.0]).await?.remove(&cu.0).unwrap_or_default();
                (code, grades.into_iter().map(|g| g.0).collect())
            }
            None => (None, Vec::new()),
        };
        let classes = match &year {
            Some(y) => self.classes_in_year(&new.school_classes, y.graduation_year).await?,
            None => Vec::new(),
        };
        let teachers = self.teacher_facts(new.school_year, new.teachers1.iter().chain(&new.teachers2).copied()).await?;
        Ok(NewCourseFacts { year, subject, grade_code, curriculum_code, curriculum_grades, classes, teachers })
    }

    /// The division of school class `id`, if there is such a class.
    pub async fn class_division(&mut self, id: SchoolClassId) -> Result<Option<DivisionId>> {
        let division: Option<i64> =
            with_conn!(self, |c| sqlx::query_scalar("SELECT division_id FROM school_class WHERE id = $1")
                .bind(id)
                .fetch_optional(c)
                .await?);
        Ok(division.map(DivisionId))
    }
}
