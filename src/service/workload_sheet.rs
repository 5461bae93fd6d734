//! What one teacher's workload sheet (Pensenblatt, docs/documents.md
//! §Workload sheet) shows, read from one connection (the caller makes it a
//! snapshot); the sheet's rows of figures are
//! [`crate::domain::workload::sheet`].

use crate::domain::division::Division;
use crate::domain::employment::Employment;
use crate::domain::ids::{DivisionId, SchoolYearId, TeacherId};
use crate::domain::payroll::ThesisType;
use crate::domain::schoolyear::SchoolYear;
use crate::domain::teacher::Teacher;
use crate::domain::workload::forms::Workload;
use crate::error::{Error, Result};
use crate::store::employment::EmploymentFilter;
use crate::store::Conn;

use super::workload::workloads;

/// Everything one teacher's sheet shows, read from one connection.
#[derive(Debug, Clone)]
pub struct SheetSource {
    /// The school year.
    pub year: SchoolYear,
    /// The teacher's employment that year (range, payment target,
    /// temporary, comments; balances not filled: the form has them).
    pub employment: Employment,
    /// The teacher's single form (title, employee number).
    pub teacher: Teacher,
    /// The employment's division.
    pub division: Division,
    /// The workload form (`GET /workload?schoolYear=…&teacher=…`).
    pub workload: Workload,
    /// Every thesis type.
    pub thesis_types: Vec<ThesisType>,
    /// Every employment of the year, by teacher code (for a switch between
    /// teachers).
    pub employments: Vec<Employment>,
    /// The school year of the teacher's most recent earlier employment, whose
    /// closing balance is this year's opening balance
    /// (docs/workload.md §Balance); `None` when there is none (the opening
    /// balance is the employment's initial balance).
    pub previous_year: Option<SchoolYearId>,
}

/// Reads the sheet of `teacher` in school year `year` (docs/documents.md
/// §Workload sheet). Errors: 404 when the year or the teacher does not
/// exist, or the teacher has no employment that year.
pub async fn load(conn: &mut Conn, year: SchoolYearId, teacher: TeacherId) -> Result<SheetSource> {
    let employments = conn.list_employments(EmploymentFilter { school_year: Some(year), teacher: None }).await?;
    let mut forms = workloads(conn, year, Some(teacher)).await?;
    let workload = forms.pop().ok_or_else(|| Error::not_found(TeacherId::KIND, teacher.0))?;
    let school_year = conn.get_school_year(year).await?.ok_or_else(|| Error::not_found(SchoolYearId::KIND, year.0))?;
    let employment = employments
        .iter()
        .find(|e| e.teacher.id == teacher)
        .cloned()
        .ok_or_else(|| Error::not_found(TeacherId::KIND, teacher.0))?;
    let full = conn.get_teacher(teacher).await?.ok_or_else(|| Error::not_found(TeacherId::KIND, teacher.0))?;
    let division = conn
        .get_division(DivisionId(employment.division.id))
        .await?
        .ok_or_else(|| Error::not_found(DivisionId::KIND, employment.division.id))?;
    let thesis_types = conn.list_thesis_types().await?;
    let history = conn.list_employments(EmploymentFilter { school_year: None, teacher: Some(teacher) }).await?;
    let previous_year = history
        .iter()
        .filter(|e| e.school_year.graduation_year < school_year.graduation_year)
        .max_by_key(|e| e.school_year.graduation_year)
        .map(|e| e.school_year.id);
    Ok(SheetSource {
        year: school_year,
        employment,
        teacher: full,
        division,
        workload,
        thesis_types,
        employments,
        previous_year,
    })
}
