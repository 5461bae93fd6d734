//! What each job does (docs/documents.md §Jobs and files table): loads its data, reports its
//! steps, and returns its product.

use crate::documents::{self, csv, untis};
use crate::domain::ids::{SchoolYearId, TeacherId};
use crate::domain::job::{JobKind, JobParams};
use crate::domain::schoolclass::SchoolClassInYear;
use crate::domain::workload::frozen_check;
use crate::error::{Error, ErrorCode, Result};
use crate::i18n::Message;
use crate::service::audit::Actor;
use crate::service::balances::check_frozen;
use crate::service::workload::{fill_balances, workloads};
use crate::store::course::CourseFilter;
use crate::store::employment::EmploymentFilter;
use crate::store::job::NewJobFile;
use crate::store::pool::OwnerFilter;
use crate::store::schoolclass::SchoolClassFilter;
use crate::store::Conn;

use super::context::{full_teachers, not_available, selected_employments, valid_email, Context};
use super::JobConfig;

/// Checks `params` of an accepted job against the database before it is
/// stored: every reference exists (422 `unknown_reference`), a single teacher
/// is employed that year (422 `teacher_not_employed`), and `WorkloadMail` has
/// an SMTP server and an address for every teacher it would mail.
pub async fn check(conn: &mut Conn, kind: JobKind, params: &JobParams, config: &JobConfig) -> Result<()> {
    crate::service::references::check(conn, params).await?;
    if let (Some(year), Some(teacher)) = (params.school_year, params.teacher) {
        let employed =
            conn.list_employments(EmploymentFilter { school_year: Some(year), teacher: Some(teacher) }).await?;
        if employed.is_empty() {
            return Err(Error::field(
                "/teacher",
                ErrorCode::TeacherNotEmployed,
                Message::new("error-job-no-sheet").arg("teacher", teacher).arg("year", year),
            ));
        }
    }
    if kind == JobKind::WorkloadMail {
        if config.smtp_url.is_none() {
            return Err(Error::new(ErrorCode::JobNotAvailable, Message::new("error-mail-not-configured")));
        }
        let missing: Vec<String> = selected_employments(conn, params)
            .await?
            .into_iter()
            .filter(|e| !e.teacher.email.as_deref().is_some_and(valid_email))
            .map(|e| e.teacher.code.clone())
            .collect();
        if !missing.is_empty() {
            return Err(Error::new(
                ErrorCode::MissingEmail,
                Message::new("error-mail-missing-addresses").arg("codes", missing.join(", ")),
            ));
        }
    }
    Ok(())
}

/// Runs job `kind` with `params`; the product, if the job makes one.
pub async fn execute(kind: JobKind, params: &JobParams, ctx: &Context) -> Result<Option<NewJobFile>> {
    match kind {
        JobKind::CalculateBalances => calculate_balances(ctx).await.map(|()| None),
        JobKind::EmploymentCsvDownload
        | JobKind::PoolCsvDownload
        | JobKind::ThesisCsvDownload
        | JobKind::TeacherLessonSummaryCsvDownload
        | JobKind::CourseTableCsvDownload
        | JobKind::GroupingCsvDownload
        | JobKind::PayrollCsvDownload
        | JobKind::UntisDownload => export(kind, params, ctx).await.map(Some),
        JobKind::CheckDatabase => plan_check(params, ctx, false).await,
        JobKind::CheckPlan => plan_check(params, ctx, true).await,
        JobKind::InitializeSchoolYear => initialize(params, ctx).await.map(|()| None),
        JobKind::WorkloadDownload
        | JobKind::SubjectCourseDownload
        | JobKind::TeacherCourseDownload
        | JobKind::OpenWorkloadDownload => super::pdf::document(kind, params, ctx).await.map(Some),
        JobKind::WorkloadMail => super::mail::send(params, ctx).await.map(|()| None),
    }
}

/// `CheckDatabase` and `CheckPlan` (docs/documents.md §Plan check): the plan check of the
/// year, one log line per finding; `CheckPlan` also as a CSV
/// (`Planung_<year>.csv`: Schwere, Code, Beschreibung, Objekte).
/// `CheckDatabase` without a year checks every year (docs/client.md), each year's
/// findings after a line naming the year and their number.
async fn plan_check(params: &JobParams, ctx: &Context, csv: bool) -> Result<Option<NewJobFile>> {
    let p = &ctx.progress;
    // One snapshot for every read of the job (see `Store::snapshot`).
    let mut conn = ctx.store.begin_snapshot().await?;
    let years = match params.school_year {
        Some(id) => vec![conn.get_school_year(id).await?.ok_or_else(|| Error::not_found(SchoolYearId::KIND, id.0))?],
        None => conn.list_school_years(None).await?,
    };
    p.set_total(years.len() + 1);
    let every_year = params.school_year.is_none();
    if every_year && years.is_empty() {
        p.log(ctx.text("job-check-no-year", &[]));
    }
    let mut all = Vec::new();
    for year in &years {
        let findings = crate::service::check::check_plan(&mut conn, year.id).await?;
        p.step();
        if every_year {
            let count = findings.len().to_string();
            p.log(ctx.text("job-check-year-count", &[("year", year.code.as_str().into()), ("count", count.into())]));
        } else if findings.is_empty() {
            p.log(ctx.text("job-check-year-clean", &[("year", year.code.as_str().into())]));
        }
        for f in &findings {
            let severity = serde_json::to_value(f.severity).ok().and_then(|v| v.as_str().map(str::to_string));
            p.log(ctx.text(
                "job-check-finding",
                &[("severity", severity.unwrap_or_default().into()), ("detail", f.text.render(ctx.lang).into())],
            ));
        }
        all.extend(findings.into_iter().map(|f| f.in_lang(ctx.lang)));
    }
    p.step();
    let ([year], true) = (years.as_slice(), csv) else { return Ok(None) };
    let content = crate::documents::csv::findings(&all)?;
    Ok(Some(NewJobFile {
        name: format!("Planung_{}.csv", year.code.replace('/', "-")),
        content_type: CSV.to_string(),
        content,
    }))
}

/// `InitializeSchoolYear` (docs/documents.md §Opening a school year): opens the year in one
/// transaction, audited in the name of who started the job; the report in the log.
async fn initialize(params: &JobParams, ctx: &Context) -> Result<()> {
    let p = &ctx.progress;
    p.set_total(1);
    let actor = Actor::new(ctx.who.clone(), "PUT", format!("/api/v1/job/{}", ctx.job));
    let report = crate::service::opening::open_school_year_for(&ctx.store, &actor, params.year()).await?;
    p.step();
    let c = &report.counts;
    let key = if c.courses + c.employments + c.pool_entries == 0 { "job-opened-already" } else { "job-opened" };
    p.log(ctx.text(
        key,
        &[
            ("courses", c.courses.to_string().into()),
            ("employments", c.employments.to_string().into()),
            ("pool", c.pool_entries.to_string().into()),
        ],
    ));
    for w in &report.warnings {
        p.log(ctx.text("job-opening-warning", &[("detail", w.text.render(ctx.lang).into())]));
    }
    for course in &report.courses {
        p.log(ctx.text(
            "job-opening-course",
            &[
                ("id", course.id.to_string().into()),
                ("subject", course.subject.code.as_str().into()),
                ("classes", course.who().into()),
            ],
        ));
    }
    Ok(())
}

const CSV: &str = "text/csv; charset=utf-8";
const TEXT: &str = "text/plain; charset=utf-8";

/// The CSV lists and the Untis export: load, build, done (two steps).
async fn export(kind: JobKind, params: &JobParams, ctx: &Context) -> Result<NewJobFile> {
    let p = &ctx.progress;
    p.set_total(2);
    // One snapshot for every read of the job (see `Store::snapshot`).
    let mut conn = ctx.store.begin_snapshot().await?;
    let year = conn
        .get_school_year(params.year())
        .await?
        .ok_or_else(|| Error::not_found(SchoolYearId::KIND, params.year().0))?;
    let code = documents::year_in_file_name(&year.code);
    let semester = params.semester.unwrap_or(1);
    let (name, content_type, content) = match kind {
        JobKind::EmploymentCsvDownload => {
            let mut list = selected_employments(&mut conn, params).await?;
            fill_balances(&mut conn, &mut list).await?;
            let teachers = full_teachers(&mut conn, list.iter().map(|e| e.teacher.id)).await?;
            let forms = workloads(&mut conn, year.id, None).await?;
            let by_teacher = forms.iter().map(|w| (w.teacher.id.0, w)).collect();
            p.step();
            let decimals = csv::percent_decimals(&forms);
            let bytes = csv::employments(&list, &teachers, &by_teacher, year.show_ipb_balances, decimals)?;
            (format!("Lehrerliste_{code}.csv"), CSV, bytes)
        }
        JobKind::PoolCsvDownload => {
            let entries = conn.list_pool_entries(OwnerFilter { school_year: Some(year.id), teacher: None }).await?;
            let forms = workloads(&mut conn, year.id, None).await?;
            p.step();
            (format!("Poolliste_{code}.csv"), CSV, csv::pool(&entries, csv::percent_decimals(&forms))?)
        }
        JobKind::ThesisCsvDownload => {
            let list = conn.list_theses(OwnerFilter { school_year: Some(year.id), teacher: None }).await?;
            let types = conn.list_thesis_types().await?;
            let divisions = conn
                .list_employments(EmploymentFilter { school_year: Some(year.id), teacher: None })
                .await?
                .into_iter()
                .map(|e| (e.teacher.id.0, e.division.code))
                .collect();
            p.step();
            (format!("Abschlussarbeiten_{code}.csv"), CSV, csv::theses(&list, &types, &divisions)?)
        }
        JobKind::TeacherLessonSummaryCsvDownload => {
            let forms = workloads(&mut conn, year.id, None).await?;
            p.step();
            (format!("Unterrichtspensum_{code}.csv"), CSV, csv::lesson_summary(&forms)?)
        }
        JobKind::CourseTableCsvDownload => {
            let classes: Vec<SchoolClassInYear> = conn
                .list_school_classes_in_year(year.id, params.grade, SchoolClassFilter::default())
                .await?
                .into_iter()
                .filter(|c| params.division.is_none_or(|d| c.class.division.id == d.0))
                .collect();
            let courses = conn.list_courses(CourseFilter::year(year.id)).await?;
            p.step();
            let category = params.subject_category.map(|c| c.0);
            (format!("Planungsübersicht_{code}.csv"), CSV, csv::course_table(&classes, &courses, category)?)
        }
        JobKind::GroupingCsvDownload => {
            let divisions = conn.list_divisions().await?;
            let courses = conn.list_courses(CourseFilter::year(year.id)).await?;
            p.step();
            let bytes = csv::courses_by_grouping(&courses, &divisions, params.division.map(|d| d.0))?;
            (format!("Kursliste_{code}.csv"), CSV, bytes)
        }
        JobKind::PayrollCsvDownload => {
            let forms = workloads(&mut conn, year.id, None).await?;
            let teachers = full_teachers(&mut conn, forms.iter().map(|w| w.teacher.id)).await?;
            let people = teachers
                .into_iter()
                .map(|(id, t)| (id, csv::Person { employee_number: t.employee_number, birthday: t.birthday }))
                .collect();
            let types = conn.list_payroll_types(None).await?;
            p.step();
            let bytes = csv::payroll(&forms, &people, &types, semester, year.show_ipb_balances)?;
            (format!("Pensenmeldung_S{semester}_{code}.csv"), CSV, bytes)
        }
        JobKind::UntisDownload => {
            let classes = conn.list_school_classes_in_year(year.id, None, SchoolClassFilter::default()).await?;
            let courses = conn.list_courses(CourseFilter::year(year.id)).await?;
            p.step();
            (format!("Untis_S{semester}_{code}.txt"), TEXT, untis::export(&courses, &classes, semester)?)
        }
        other => return Err(not_available(other)),
    };
    p.step();
    p.log(ctx.text("job-file-written", &[("name", name.as_str().into()), ("bytes", content.len().to_string().into())]));
    Ok(NewJobFile { name, content_type: content_type.to_string(), content })
}

/// Standing job 1: balances are computed on every read here, so there is
/// nothing to recalculate; it compares the frozen balances of each locked
/// year with a fresh computation and logs the result.
async fn calculate_balances(ctx: &Context) -> Result<()> {
    let lang = ctx.lang;
    let p = &ctx.progress;
    p.log(frozen_check::report_intro(lang));
    // One snapshot for every read of the job (see `Store::snapshot`).
    let mut conn = ctx.store.begin_snapshot().await?;
    let checks = check_frozen(&mut conn, |_done, total| {
        p.set_total(total);
        p.step();
    })
    .await?;
    let codes: std::collections::HashMap<TeacherId, String> = conn
        .list_teachers(crate::store::teacher::TeacherFilter::default())
        .await?
        .into_iter()
        .map(|t| (t.id, t.code))
        .collect();
    for line in frozen_check::report(&checks, &codes, lang) {
        p.log(line);
    }
    Ok(())
}
