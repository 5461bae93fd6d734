//! The PDF jobs (docs/documents.md §Jobs and files): `WorkloadDownload` (workload sheets),
//! `SubjectCourseDownload`, `TeacherCourseDownload` and
//! `OpenWorkloadDownload`. Each loads its data, typesets it in
//! `spawn_blocking` and returns the file; the runner stores it only when the
//! job succeeded, so a failed job leaves no file behind.

use std::collections::HashMap;

use crate::documents::pdf::{open_lessons, subject_courses, teacher_courses, workload_sheet};
use crate::documents::year_in_file_name;
use crate::domain::division::Division;
use crate::domain::employment::Employment;
use crate::domain::ids::{DivisionId, SchoolYearId};
use crate::domain::job::{JobKind, JobParams};
use crate::domain::payroll::ThesisType;
use crate::domain::schoolyear::SchoolYear;
use crate::domain::teacher::Teacher;
use crate::domain::workload::forms::Workload;
use crate::error::{Error, Result};
use crate::service::workload::{fill_balances, workloads};
use crate::store::course::CourseFilter;
use crate::store::job::NewJobFile;
use crate::store::{Conn, Store};

use super::context::{full_teachers, not_available, selected_employments, Context};

/// The content type of the PDF files.
pub const PDF: &str = "application/pdf";

/// The date printed on the documents: today, local time.
pub fn today() -> chrono::NaiveDate {
    chrono::Local::now().date_naive()
}

/// Everything the workload sheets of a job need, loaded once.
pub struct Sheets {
    /// The school year.
    pub year: SchoolYear,
    /// The employments, by teacher code, with their balances.
    pub employments: Vec<Employment>,
    /// Workload forms by teacher id.
    pub forms: HashMap<i64, Workload>,
    /// Teachers' single forms by id.
    pub teachers: HashMap<i64, Teacher>,
    /// Divisions by id.
    pub divisions: HashMap<i64, Division>,
    /// Every thesis type (the sheet labels the payroll rows that include theses).
    pub thesis_types: Vec<ThesisType>,
    /// By teacher id: the stamp of a sheet the teacher has confirmed in its
    /// current version ("digital zur Kenntnis genommen am …",
    /// docs/teachers.md §Release and confirmation), printed in place of the signature line.
    pub confirmed: HashMap<i64, String>,
}

impl Sheets {
    /// Loads the sheets of the employments `params` selects (year, teacher?,
    /// division?) from one snapshot of the database ([`Store::snapshot`]), so
    /// that every sheet agrees with itself and with the others.
    pub async fn load(store: &Store, params: &JobParams) -> Result<Sheets> {
        store.snapshot(async |conn| Self::load_from(conn, params).await).await
    }

    /// [`Sheets::load`] on `conn` (which the caller has made one snapshot).
    async fn load_from(conn: &mut Conn, params: &JobParams) -> Result<Sheets> {
        let year = load_year(conn, params).await?;
        let mut employments = selected_employments(conn, params).await?;
        fill_balances(conn, &mut employments).await?;
        let forms = workloads(conn, year.id, params.teacher).await?.into_iter().map(|w| (w.teacher.id.0, w)).collect();
        let teachers = full_teachers(conn, employments.iter().map(|e| e.teacher.id)).await?;
        let mut divisions = HashMap::new();
        for id in employments.iter().map(|e| e.division.id).collect::<std::collections::BTreeSet<_>>() {
            let d = conn.get_division(DivisionId(id)).await?.ok_or_else(|| Error::not_found(DivisionId::KIND, id))?;
            divisions.insert(id, d);
        }
        let thesis_types = conn.list_thesis_types().await?;
        let confirmed = crate::service::confirmation::confirmed_stamps(conn, year.id, &forms).await?;
        Ok(Sheets { year, employments, forms, teachers, divisions, thesis_types, confirmed })
    }

    /// The sheet of `e`, if its form, teacher and division are there.
    pub fn input<'a>(&'a self, e: &'a Employment) -> Option<workload_sheet::SheetInput<'a>> {
        Some(workload_sheet::SheetInput {
            workload: self.forms.get(&e.teacher.id.0)?,
            employment: e,
            teacher: self.teachers.get(&e.teacher.id.0)?,
            division: self.divisions.get(&e.division.id)?,
            thesis_types: &self.thesis_types,
            confirmed: self.confirmed.get(&e.teacher.id.0).map(String::as_str),
        })
    }

    /// The PDF of the sheets of `employments` (a subset of [`Sheets::employments`]).
    pub fn pdf(&self, employments: &[&Employment], date: chrono::NaiveDate) -> Result<Vec<u8>> {
        let inputs: Vec<_> = employments.iter().filter_map(|e| self.input(e)).collect();
        workload_sheet::pdf(&self.year, &inputs, date)
    }

    /// The file name of one teacher's sheet: `Pensenblatt_<Kürzel>_<year>.pdf`.
    pub fn file_name(&self, e: &Employment) -> String {
        format!("Pensenblatt_{}_{}.pdf", e.teacher.code, year_in_file_name(&self.year.code))
    }
}

async fn load_year(conn: &mut Conn, params: &JobParams) -> Result<SchoolYear> {
    conn.get_school_year(params.year()).await?.ok_or_else(|| Error::not_found(SchoolYearId::KIND, params.year().0))
}

/// Runs a CPU-heavy rendering off the async workers.
pub async fn blocking<T: Send + 'static>(f: impl FnOnce() -> Result<T> + Send + 'static) -> Result<T> {
    tokio::task::spawn_blocking(f).await.map_err(|e| Error::internal(anyhow::anyhow!("rendering stopped: {e}")))?
}

/// The PDF jobs: load (one step), typeset (one step).
pub async fn document(kind: JobKind, params: &JobParams, ctx: &Context) -> Result<NewJobFile> {
    let p = &ctx.progress;
    p.set_total(2);
    let date = today();
    // Each document is loaded from one snapshot of the database ([`Store::snapshot`]).
    let (name, content) = match kind {
        JobKind::WorkloadDownload => {
            let sheets = Sheets::load(&ctx.store, params).await?;
            p.step();
            let name = match (params.teacher, sheets.employments.as_slice()) {
                (Some(_), [one]) => sheets.file_name(one),
                _ => format!("Pensenblätter_{}.pdf", year_in_file_name(&sheets.year.code)),
            };
            let n = sheets.employments.len();
            let content = blocking(move || sheets.pdf(&sheets.employments.iter().collect::<Vec<_>>(), date)).await?;
            p.log(ctx.text("job-sheets-typeset", &[("count", n.to_string().into())]));
            (name, content)
        }
        JobKind::SubjectCourseDownload | JobKind::OpenWorkloadDownload => {
            let (year, courses) = ctx
                .store
                .snapshot(async |conn| {
                    let year = load_year(conn, params).await?;
                    let courses = conn.list_courses(CourseFilter::year(year.id)).await?;
                    Ok::<_, Error>((year, courses))
                })
                .await?;
            p.step();
            let code = year_in_file_name(&year.code);
            if kind == JobKind::SubjectCourseDownload {
                let content = blocking(move || subject_courses::pdf(&year, &courses, date)).await?;
                (format!("Lektionenzuteilungen_Fachgebiet_{code}.pdf"), content)
            } else {
                let content = blocking(move || open_lessons::pdf(&year, &courses, date)).await?;
                (format!("Nicht_zugeteilte_Lektionen_{code}.pdf"), content)
            }
        }
        JobKind::TeacherCourseDownload => {
            let (year, forms) = ctx
                .store
                .snapshot(async |conn| {
                    let year = load_year(conn, params).await?;
                    let forms = workloads(conn, year.id, None).await?;
                    Ok::<_, Error>((year, forms))
                })
                .await?;
            p.step();
            let code = year_in_file_name(&year.code);
            let content = blocking(move || teacher_courses::pdf(&year, &forms, date)).await?;
            (format!("Lektionenzuteilungen_Lehrperson_{code}.pdf"), content)
        }
        other => return Err(not_available(other)),
    };
    p.step();
    p.log(ctx.text("job-file-written", &[("name", name.as_str().into()), ("bytes", content.len().to_string().into())]));
    Ok(NewJobFile { name, content_type: PDF.to_string(), content })
}
