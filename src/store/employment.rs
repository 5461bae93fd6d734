//! Storage of employments, with the locked-school-year rule (docs/contract.md §Locked school years).

use crate::domain::code_key;
use crate::domain::employment::{EmployedTeacher, Employment, NewEmployment};
use crate::domain::fixed::Fixed;
use crate::domain::ids::{EmploymentId, SchoolYearId, TeacherId};
use crate::domain::reference_forms::{LookupRef, SchoolYearRef};
use crate::error::{ErrorCode, Result};
use crate::store::constraint::{OnUnique, Unique};
use crate::store::teacher::{TeacherRefRow, TEACHER_REF_COLUMNS};
use crate::store::Conn;
use crate::with_conn;

/// One employment per teacher and school year (docs/contract.md §Validation): 409 `duplicate_employment`.
pub const TEACHER_YEAR: Unique = Unique {
    name: "employment_teacher_year_key",
    sqlite_columns: "employment.teacher_id, employment.school_year_id",
    code: ErrorCode::DuplicateEmployment,
    detail: "error-taken-employment",
};

/// Filters of `GET /employment` (at least one is set by the handler).
#[derive(Debug, Clone, Copy, Default)]
pub struct EmploymentFilter {
    /// Only employments in this school year.
    pub school_year: Option<SchoolYearId>,
    /// Only employments of this teacher.
    pub teacher: Option<TeacherId>,
}

/// Employment columns with teacher, school year and division; callers append a WHERE clause.
fn select_employment() -> String {
    format!(
        "SELECT e.id, e.employment_min, e.employment_max, e.payment1, e.payment2, e.temporary, e.comments, e.initial_balance, \
     {TEACHER_REF_COLUMNS}, \
     g.id AS gender_id, g.code AS gender_code, g.description AS gender_description, \
     y.id AS year_id, y.archived AS year_archived, y.code AS year_code, y.description AS year_description, \
     y.graduation_year AS year_graduation_year, y.finalised AS year_finalised, y.age_relief_included AS year_age_relief_included, \
     d.id AS division_id, d.code AS division_code, d.description AS division_description \
     FROM employment e JOIN teacher t ON t.id = e.teacher_id JOIN school_year y ON y.id = e.school_year_id \
     JOIN division d ON d.id = e.division_id LEFT JOIN gender g ON g.id = t.gender_id"
    )
}

#[derive(sqlx::FromRow)]
struct EmploymentRow {
    id: i64,
    employment_min: Option<i64>,
    employment_max: Option<i64>,
    payment1: Option<i64>,
    payment2: Option<i64>,
    temporary: bool,
    comments: Option<String>,
    initial_balance: i64,
    #[sqlx(flatten)]
    teacher: TeacherRefRow,
    gender_id: Option<i64>,
    gender_code: Option<String>,
    gender_description: Option<String>,
    year_id: i64,
    year_archived: bool,
    year_code: String,
    year_description: String,
    year_graduation_year: i64,
    year_finalised: bool,
    year_age_relief_included: bool,
    division_id: i64,
    division_code: String,
    division_description: String,
}

impl From<EmploymentRow> for Employment {
    fn from(r: EmploymentRow) -> Self {
        Employment {
            id: EmploymentId(r.id),
            teacher: EmployedTeacher {
                reference: r.teacher.into(),
                gender: super::grade::lookup(r.gender_id, r.gender_code, r.gender_description),
            },
            school_year: SchoolYearRef {
                id: SchoolYearId(r.year_id),
                archived: r.year_archived,
                code: r.year_code,
                description: r.year_description,
                graduation_year: r.year_graduation_year,
                finalised: r.year_finalised,
                age_relief_included: r.year_age_relief_included,
            },
            division: LookupRef { id: r.division_id, code: r.division_code, description: r.division_description },
            employment_min: r.employment_min.map(Fixed),
            employment_max: r.employment_max.map(Fixed),
            payment1: r.payment1.map(Fixed),
            payment2: r.payment2.map(Fixed),
            temporary: r.temporary,
            comments: r.comments,
            initial_balance: Fixed(r.initial_balance),
            opening_balance: None,
            closing_balance: None,
            change: None,
        }
    }
}

/// Sorts employments by teacher code (case-insensitive), then school year, then id.
pub fn sort_employments(items: &mut [Employment]) {
    items.sort_by(|a, b| {
        code_key(&a.teacher.code)
            .cmp(&code_key(&b.teacher.code))
            .then(a.school_year.graduation_year.cmp(&b.school_year.graduation_year))
            .then(a.id.cmp(&b.id))
    });
}

impl Conn {
    /// Employments matching the filter, ordered by teacher code, then school year (one query).
    pub async fn list_employments(&mut self, f: EmploymentFilter) -> Result<Vec<Employment>> {
        let sql = format!(
            "{} WHERE ($1 IS NULL OR e.school_year_id = $1) AND ($2 IS NULL OR e.teacher_id = $2)",
            select_employment()
        );
        let rows: Vec<EmploymentRow> = with_conn!(self, |c| sqlx::query_as(&sql)
            .bind(f.school_year.map(|y| y.0))
            .bind(f.teacher.map(|t| t.0))
            .fetch_all(c)
            .await?);
        let mut items: Vec<Employment> = rows.into_iter().map(Into::into).collect();
        sort_employments(&mut items);
        Ok(items)
    }

    /// One employment (one query), or `None`.
    pub async fn get_employment(&mut self, id: EmploymentId) -> Result<Option<Employment>> {
        let sql = format!("{} WHERE e.id = $1", select_employment());
        let row: Option<EmploymentRow> = with_conn!(self, |c| sqlx::query_as(&sql).bind(id).fetch_optional(c).await?);
        Ok(row.map(Into::into))
    }

    /// What hangs on employment `id`: the courses its teacher teaches in its
    /// school year, and its pool entries, postings and theses.
    pub async fn employment_users(&mut self, id: EmploymentId) -> Result<Vec<String>> {
        self.users_of(
            id.0,
            &[
                "SELECT DISTINCT 'course ' || s.code || ' (' || y.code || ')' FROM employment e \
             JOIN course_teacher ct ON ct.teacher_id = e.teacher_id \
             JOIN course co ON co.id = ct.course_id AND co.school_year_id = e.school_year_id \
             JOIN subject s ON s.id = co.subject_id JOIN school_year y ON y.id = co.school_year_id \
             WHERE e.id = $1 ORDER BY 1",
                "SELECT 'pool entry ' || CAST(p.id AS TEXT) FROM employment e JOIN pool_entry p \
             ON p.teacher_id = e.teacher_id AND p.school_year_id = e.school_year_id WHERE e.id = $1 ORDER BY p.id",
                "SELECT 'posting ' || CAST(p.id AS TEXT) FROM employment e JOIN posting p \
             ON p.teacher_id = e.teacher_id AND p.school_year_id = e.school_year_id WHERE e.id = $1 ORDER BY p.id",
                "SELECT DISTINCT 'theses' FROM employment e JOIN thesis h \
             ON h.teacher_id = e.teacher_id AND h.school_year_id = e.school_year_id WHERE e.id = $1",
            ],
        )
        .await
    }

    /// The employment of `teacher` in `school_year`, or `None`.
    pub async fn employment_of(
        &mut self,
        teacher: TeacherId,
        school_year: SchoolYearId,
    ) -> Result<Option<EmploymentId>> {
        let id: Option<i64> = with_conn!(self, |c| sqlx::query_scalar(
            "SELECT id FROM employment WHERE teacher_id = $1 AND school_year_id = $2"
        )
        .bind(teacher)
        .bind(school_year)
        .fetch_optional(c)
        .await?);
        Ok(id.map(EmploymentId))
    }

    /// Inserts an employment (the rules are `service::employment`'s; imports
    /// of history insert into years that are already locked). Foreign keys
    /// hold (409 `referenced`), and so does one employment per teacher and
    /// year (409 `duplicate_employment`).
    pub async fn insert_employment(&mut self, new: &NewEmployment) -> Result<EmploymentId> {
        let id: i64 = with_conn!(self, |c| {
            sqlx::query_scalar(
            "INSERT INTO employment (teacher_id, school_year_id, division_id, employment_min, employment_max, payment1, payment2, \
             temporary, comments, initial_balance) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id"
        )
        .bind(new.teacher)
        .bind(new.school_year)
        .bind(new.division)
        .bind(new.employment_min.map(|f| f.0))
        .bind(new.employment_max.map(|f| f.0))
        .bind(new.payment1.map(|f| f.0))
        .bind(new.payment2.map(|f| f.0))
        .bind(new.temporary)
        .bind(&new.comments)
        .bind(new.initial_balance.0)
        .fetch_one(c)
        .await.on_unique(&[&TEACHER_YEAR])?
        });
        Ok(EmploymentId(id))
    }

    /// Replaces an employment's fields; 409 `duplicate_employment`.
    pub async fn update_employment(&mut self, id: EmploymentId, new: &NewEmployment) -> Result<()> {
        with_conn!(self, |c| {
            sqlx::query(
            "UPDATE employment SET teacher_id = $1, school_year_id = $2, division_id = $3, employment_min = $4, employment_max = $5, \
             payment1 = $6, payment2 = $7, temporary = $8, comments = $9, initial_balance = $10 WHERE id = $11"
        )
        .bind(new.teacher)
        .bind(new.school_year)
        .bind(new.division)
        .bind(new.employment_min.map(|f| f.0))
        .bind(new.employment_max.map(|f| f.0))
        .bind(new.payment1.map(|f| f.0))
        .bind(new.payment2.map(|f| f.0))
        .bind(new.temporary)
        .bind(&new.comments)
        .bind(new.initial_balance.0)
        .bind(id)
        .execute(c)
        .await
        .on_unique(&[&TEACHER_YEAR])
        .map(|_| ())?
        });
        Ok(())
    }

    /// Deletes an employment; 404 when missing.
    pub async fn delete_employment(&mut self, id: EmploymentId) -> Result<()> {
        self.delete_by_id("employment", EmploymentId::KIND, id.0).await
    }
}
