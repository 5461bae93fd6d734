//! Storage of grades with their payroll types.

use std::collections::HashMap;

use crate::domain::code_key;
use crate::domain::curriculum::GradePayrollTypes;
use crate::domain::grade::{Grade, NewGrade};
use crate::domain::ids::{GradeId, PayrollTypeId};
use crate::domain::lookup::LookupKind;
use crate::domain::reference_forms::LookupRef;
use crate::error::{Error, Result};
use crate::store::constraint::{self, OnUnique, Unique};
use crate::store::Conn;
use crate::with_conn;

/// Grade codes are unique (docs/contract.md §Validation): 409 `duplicate_code`.
pub const GRADE_CODE: Unique = constraint::code_key("grade_code_key", "grade.code_key", "error-taken-grade");

#[derive(sqlx::FromRow)]
struct GradeRow {
    id: i64,
    code: String,
    description: String,
    pt_id: Option<i64>,
    pt_code: Option<String>,
    pt_description: Option<String>,
    cl_id: Option<i64>,
    cl_code: Option<String>,
    cl_description: Option<String>,
}

/// The reference form of a left-joined lookup row (a payroll type, a gender):
/// `None` when the join found none.
pub(crate) fn lookup(id: Option<i64>, code: Option<String>, description: Option<String>) -> Option<LookupRef> {
    Some(LookupRef { id: id?, code: code?, description: description? })
}

impl From<GradeRow> for Grade {
    fn from(r: GradeRow) -> Self {
        Grade {
            id: GradeId(r.id),
            code: r.code,
            description: r.description,
            payroll_type: lookup(r.pt_id, r.pt_code, r.pt_description),
            class_lesson_payroll_type: lookup(r.cl_id, r.cl_code, r.cl_description),
        }
    }
}

const SELECT_GRADE: &str = "SELECT g.id, g.code, g.description, p.id AS pt_id, p.code AS pt_code, p.description AS pt_description, \
     c.id AS cl_id, c.code AS cl_code, c.description AS cl_description FROM grade g \
     LEFT JOIN payroll_type p ON p.id = g.payroll_type_id LEFT JOIN payroll_type c ON c.id = g.class_lesson_payroll_type_id";

impl Conn {
    /// Grades by code, then id (one query).
    pub async fn list_grades(&mut self) -> Result<Vec<Grade>> {
        let rows: Vec<GradeRow> = with_conn!(self, |c| sqlx::query_as(SELECT_GRADE).fetch_all(c).await?);
        let mut items: Vec<Grade> = rows.into_iter().map(Into::into).collect();
        items.sort_by(|a, b| code_key(&a.code).cmp(&code_key(&b.code)).then(a.id.cmp(&b.id)));
        Ok(items)
    }

    /// Every grade by id (one query).
    pub async fn grades_by_id(&mut self) -> Result<HashMap<GradeId, Grade>> {
        Ok(self.list_grades().await?.into_iter().map(|g| (g.id, g)).collect())
    }

    /// One grade, or `None`.
    pub async fn get_grade(&mut self, id: i64) -> Result<Option<Grade>> {
        let sql = format!("{SELECT_GRADE} WHERE g.id = $1");
        let row: Option<GradeRow> = with_conn!(self, |c| sqlx::query_as(&sql).bind(id).fetch_optional(c).await?);
        Ok(row.map(Into::into))
    }

    /// Creates a grade; 422 `unknown_reference` for an unknown payroll type; 409 `duplicate_code`.
    pub async fn create_grade(&mut self, new: &NewGrade) -> Result<i64> {
        Ok(with_conn!(self, |c| sqlx::query_scalar(
            "INSERT INTO grade (code, code_key, description, payroll_type_id, class_lesson_payroll_type_id) \
             VALUES ($1, $2, $3, $4, $5) RETURNING id"
        )
        .bind(&new.code)
        .bind(code_key(&new.code))
        .bind(&new.description)
        .bind(new.payroll_type)
        .bind(new.class_lesson_payroll_type)
        .fetch_one(c)
        .await
        .on_unique(&[&GRADE_CODE])?))
    }

    /// Replaces a grade's fields; 404 when missing.
    pub async fn update_grade(&mut self, id: i64, new: &NewGrade) -> Result<()> {
        let n = with_conn!(self, |c| sqlx::query(
            "UPDATE grade SET code = $1, code_key = $2, description = $3, payroll_type_id = $4, \
             class_lesson_payroll_type_id = $5 WHERE id = $6"
        )
        .bind(&new.code)
        .bind(code_key(&new.code))
        .bind(&new.description)
        .bind(new.payroll_type)
        .bind(new.class_lesson_payroll_type)
        .bind(id)
        .execute(c)
        .await
        .on_unique(&[&GRADE_CODE])?
        .rows_affected());
        if n == 0 {
            return Err(Error::not_found("grade", id));
        }
        Ok(())
    }

    /// Sets the payroll types a curriculum body gives grade `edit.grade`
    /// (docs/client.md §Curriculum "Curriculum"), its row locked first: `Some((before, after))`
    /// when they changed, `None` when the body repeats the stored ones. 404
    /// when the grade is missing; the payroll types are checked by the caller.
    pub async fn set_grade_payroll_types(&mut self, edit: &GradePayrollTypes) -> Result<Option<(Grade, Grade)>> {
        let id = edit.grade.0;
        self.lock_row("grade", id).await?;
        let before = self.get_grade(id).await?.ok_or_else(|| Error::not_found("grade", id))?;
        let current = (
            before.payroll_type.as_ref().map(|p| PayrollTypeId(p.id)),
            before.class_lesson_payroll_type.as_ref().map(|p| PayrollTypeId(p.id)),
        );
        let (payroll_type, class_lesson) = edit.applied_to(current);
        if (payroll_type, class_lesson) == current {
            return Ok(None);
        }
        with_conn!(self, |c| sqlx::query(
            "UPDATE grade SET payroll_type_id = $1, class_lesson_payroll_type_id = $2 WHERE id = $3"
        )
        .bind(payroll_type)
        .bind(class_lesson)
        .bind(id)
        .execute(c)
        .await?
        .rows_affected());
        let after = self.get_grade(id).await?.ok_or_else(|| Error::not_found("grade", id))?;
        Ok(Some((before, after)))
    }

    /// Deletes a grade; 404 when missing.
    pub async fn delete_grade(&mut self, id: i64) -> Result<()> {
        self.delete_lookup(LookupKind::Grade, id).await
    }
}
