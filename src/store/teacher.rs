//! Storage of teachers and their departments.

use std::collections::HashMap;

use crate::domain::code_key;
use crate::domain::ids::{SchoolYearId, TeacherId};
use crate::domain::reference_forms::{LookupRef, TeacherRef};
use crate::domain::teacher::{NewTeacher, Teacher};
use crate::error::{Error, Result};
use crate::store::constraint::{self, OnUnique, Unique};
use crate::store::row_ops::placeholders;
use crate::store::Conn;
use crate::with_conn;

/// Teacher codes are unique (docs/contract.md §Validation): 409 `duplicate_code`.
const TEACHER_CODE: Unique = constraint::code_key("teacher_code_key", "teacher.code_key", "error-taken-teacher");
/// A teacher lists a department once: 422 `duplicate_entry`.
const TEACHER_DEPARTMENT: Unique = constraint::list_entry(
    "teacher_department_unique",
    "teacher_department.teacher_id, teacher_department.category_id",
);

/// Filters of `GET /teacher` (docs/api.md §Endpoints, docs/contract.md §Query parameters).
#[derive(Debug, Clone, Copy, Default)]
pub struct TeacherFilter {
    /// Only teachers with an employment in this school year.
    pub school_year: Option<SchoolYearId>,
    /// Only archived (`true`) or only active (`false`) teachers.
    pub archived: Option<bool>,
    /// With `school_year`: `false` turns it around — the non-archived teachers
    /// *without* an employment that year (docs/client.md §Teachers); `true` or `None` keeps it.
    pub employed: Option<bool>,
}

/// A teacher in reference form as every query reads it (columns `t_*` of
/// [`TEACHER_REF_COLUMNS`]); other rows embed it with `#[sqlx(flatten)]` and
/// turn it into a [`TeacherRef`] with `From`.
#[derive(sqlx::FromRow)]
pub(crate) struct TeacherRefRow {
    pub t_id: i64,
    pub t_archived: bool,
    pub t_code: String,
    pub t_last_name: String,
    pub t_first_name: String,
    pub t_email: Option<String>,
}

/// The columns of [`TeacherRefRow`], the teacher table aliased `t`.
pub(crate) const TEACHER_REF_COLUMNS: &str = "t.id AS t_id, t.archived AS t_archived, t.code AS t_code, \
     t.last_name AS t_last_name, t.first_name AS t_first_name, t.email AS t_email";

impl From<TeacherRefRow> for TeacherRef {
    fn from(r: TeacherRefRow) -> Self {
        TeacherRef {
            id: TeacherId(r.t_id),
            archived: r.t_archived,
            code: r.t_code,
            last_name: r.t_last_name,
            first_name: r.t_first_name,
            email: r.t_email,
        }
    }
}

#[derive(sqlx::FromRow)]
struct TeacherRow {
    id: i64,
    archived: bool,
    code: String,
    first_name: String,
    last_name: String,
    email: Option<String>,
    birthday: Option<String>,
    employee_number: Option<String>,
    title: Option<String>,
    gender_id: Option<i64>,
    gender_code: Option<String>,
    gender_description: Option<String>,
}

#[derive(sqlx::FromRow)]
struct TeacherDepartmentRow {
    teacher_id: i64,
    id: i64,
    code: String,
    description: String,
}

/// Sorts teachers by code (case-insensitive), then id.
pub fn sort_teachers(items: &mut [TeacherRef]) {
    items.sort_by(|a, b| code_key(&a.code).cmp(&code_key(&b.code)).then(a.id.cmp(&b.id)));
}

impl Conn {
    /// Teachers in list form, ordered by code (one query).
    pub async fn list_teachers(&mut self, f: TeacherFilter) -> Result<Vec<TeacherRef>> {
        let sql = format!(
            "SELECT {TEACHER_REF_COLUMNS} FROM teacher t \
             WHERE ($1 IS NULL OR t.archived = $1) \
               AND ($2 IS NULL OR $3 = (t.id IN (SELECT teacher_id FROM employment WHERE school_year_id = $2))) \
               AND ($3 OR NOT t.archived)"
        );
        let rows: Vec<TeacherRefRow> = with_conn!(self, |c| sqlx::query_as(&sql)
            .bind(f.archived)
            .bind(f.school_year.map(|y| y.0))
            .bind(f.school_year.is_none() || f.employed != Some(false))
            .fetch_all(c)
            .await?);
        let mut items: Vec<TeacherRef> = rows.into_iter().map(Into::into).collect();
        sort_teachers(&mut items);
        Ok(items)
    }

    /// One teacher in single form (two queries), or `None`.
    pub async fn get_teacher(&mut self, id: TeacherId) -> Result<Option<Teacher>> {
        Ok(self.teachers_by_ids(&[id]).await?.pop())
    }

    /// The teachers `ids` in single form, in the order of `ids` (unknown ids
    /// left out): two queries per 1,000 ids, whatever the number of departments.
    pub async fn teachers_by_ids(&mut self, ids: &[TeacherId]) -> Result<Vec<Teacher>> {
        let mut rows: Vec<TeacherRow> = Vec::with_capacity(ids.len());
        let mut departments: HashMap<i64, Vec<LookupRef>> = HashMap::new();
        for chunk in ids.chunks(1000) {
            let list = placeholders(1, chunk.len());
            let sql = format!(
                "SELECT t.id, t.archived, t.code, t.first_name, t.last_name, t.email, t.birthday, t.employee_number, \
                 t.title, g.id AS gender_id, g.code AS gender_code, g.description AS gender_description \
                 FROM teacher t LEFT JOIN gender g ON g.id = t.gender_id WHERE t.id IN ({list})"
            );
            rows.extend(with_conn!(self, |c| {
                let mut q = sqlx::query_as::<_, TeacherRow>(&sql);
                for id in chunk {
                    q = q.bind(*id);
                }
                q.fetch_all(c).await?
            }));
            let sql = format!(
                "SELECT d.teacher_id, g.id, g.code, g.description FROM teacher_department d \
                 JOIN subject_category g ON g.id = d.category_id WHERE d.teacher_id IN ({list}) \
                 ORDER BY d.teacher_id, d.position"
            );
            let found: Vec<TeacherDepartmentRow> = with_conn!(self, |c| {
                let mut q = sqlx::query_as::<_, TeacherDepartmentRow>(&sql);
                for id in chunk {
                    q = q.bind(*id);
                }
                q.fetch_all(c).await?
            });
            for d in found {
                departments.entry(d.teacher_id).or_default().push(LookupRef {
                    id: d.id,
                    code: d.code,
                    description: d.description,
                });
            }
        }
        let mut by_id: HashMap<i64, Teacher> = rows
            .into_iter()
            .map(|row| {
                let teacher = Teacher {
                    id: TeacherId(row.id),
                    archived: row.archived,
                    code: row.code,
                    first_name: row.first_name,
                    last_name: row.last_name,
                    email: row.email,
                    birthday: row.birthday,
                    departments: departments.remove(&row.id).unwrap_or_default(),
                    employee_number: row.employee_number,
                    title: row.title,
                    gender: match (row.gender_id, row.gender_code, row.gender_description) {
                        (Some(id), Some(code), Some(description)) => Some(LookupRef { id, code, description }),
                        _ => None,
                    },
                };
                (row.id, teacher)
            })
            .collect();
        Ok(ids.iter().filter_map(|id| by_id.remove(&id.0)).collect())
    }

    async fn write_departments(&mut self, id: TeacherId, new: &NewTeacher) -> Result<()> {
        with_conn!(self, |c| {
            sqlx::query("DELETE FROM teacher_department WHERE teacher_id = $1").bind(id).execute(&mut *c).await?;
            for (pos, cat) in new.departments.iter().enumerate() {
                sqlx::query("INSERT INTO teacher_department (teacher_id, position, category_id) VALUES ($1, $2, $3)")
                    .bind(id)
                    .bind(pos as i64)
                    .bind(cat)
                    .execute(&mut *c)
                    .await
                    .on_unique(&[&TEACHER_DEPARTMENT])?;
            }
        });
        Ok(())
    }

    /// Creates a teacher; 422 `unknown_reference` for an unknown department,
    /// 409 `duplicate_code` on a code clash.
    pub async fn create_teacher(&mut self, new: &NewTeacher) -> Result<TeacherId> {
        let id: i64 = with_conn!(self, |c| {
            sqlx::query_scalar(
            "INSERT INTO teacher (archived, code, code_key, first_name, last_name, email, birthday, employee_number, title, gender_id) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id"
        )
        .bind(new.archived)
        .bind(&new.code)
        .bind(code_key(&new.code))
        .bind(&new.first_name)
        .bind(&new.last_name)
        .bind(&new.email)
        .bind(new.birthday.map(|d| d.to_string()))
        .bind(&new.employee_number)
        .bind(&new.title)
        .bind(new.gender)
        .fetch_one(c)
        .await.on_unique(&[&TEACHER_CODE])?
        });
        self.write_departments(TeacherId(id), new).await?;
        Ok(TeacherId(id))
    }

    /// Replaces a teacher's writable fields; 404 when missing.
    pub async fn update_teacher(&mut self, id: TeacherId, new: &NewTeacher) -> Result<()> {
        let n = with_conn!(self, |c| {
            sqlx::query(
            "UPDATE teacher SET archived = $1, code = $2, code_key = $3, first_name = $4, last_name = $5, email = $6, \
             birthday = $7, employee_number = $8, title = $9, gender_id = $10 WHERE id = $11"
        )
        .bind(new.archived)
        .bind(&new.code)
        .bind(code_key(&new.code))
        .bind(&new.first_name)
        .bind(&new.last_name)
        .bind(&new.email)
        .bind(new.birthday.map(|d| d.to_string()))
        .bind(&new.employee_number)
        .bind(&new.title)
        .bind(new.gender)
        .bind(id)
        .execute(c)
        .await.on_unique(&[&TEACHER_CODE])?
        .rows_affected()
        });
        if n == 0 {
            return Err(Error::not_found(TeacherId::KIND, id.0));
        }
        self.write_departments(id, new).await
    }

    /// The employments, courses and notes that name teacher `id`.
    pub async fn teacher_users(&mut self, id: TeacherId) -> Result<Vec<String>> {
        self.users_of(id.0, &[
            "SELECT 'employment ' || y.code FROM employment e JOIN school_year y ON y.id = e.school_year_id WHERE e.teacher_id = $1 ORDER BY y.graduation_year",
            "SELECT DISTINCT 'course ' || s.code || ' (' || y.code || ')' FROM course_teacher ct JOIN course co ON co.id = ct.course_id \
             JOIN subject s ON s.id = co.subject_id JOIN school_year y ON y.id = co.school_year_id WHERE ct.teacher_id = $1",
            "SELECT 'note ' || CAST(id AS TEXT) FROM note WHERE teacher_id = $1 ORDER BY id",
        ])
        .await
    }

    /// Deletes a teacher; 404 when missing.
    pub async fn delete_teacher(&mut self, id: TeacherId) -> Result<()> {
        self.delete_by_id("teacher", TeacherId::KIND, id.0).await
    }
}
