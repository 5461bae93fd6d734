//! Jobs (docs/documents.md §Jobs and files, docs/client.md §Standing jobs): the kinds of job, their
//! parameters as read from a `POST /job` or `PUT /job/ID` body, and the job form
//! the API answers.
//!
//! A job parameter that is a reference with id `-1` (the client's "(alle)"
//! entry) means "all" and is read as absent.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::body_reader::{checked, limits, Mode, Reader};
use super::ids::{DivisionId, FileId, GradeId, JobId, SchoolYearId, SubjectCategoryId, TeacherId};
use super::references::{RefKind, Reference, References};
use crate::auth::Role;
use crate::error::{Error, ErrorCode, Result};
use crate::i18n::Message;

macro_rules! job_kinds {
    ($($variant:ident => $name:literal, $title:literal, $role:ident, $params:expr, $doc:literal;)*) => {
        /// A kind of job, by its wire name (docs/documents.md §Jobs and files table).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum JobKind { $(#[doc = $doc] $variant,)* }
        impl JobKind {
            /// Every kind, in documentation order.
            pub const ALL: &'static [JobKind] = &[$(JobKind::$variant,)*];
            /// The wire name (`WorkloadDownload`).
            pub fn name(self) -> &'static str { match self { $(JobKind::$variant => $name,)* } }
            /// The German title the client shows.
            pub fn title(self) -> &'static str { match self { $(JobKind::$variant => $title,)* } }
            /// The role needed to run it.
            pub fn role(self) -> Role { match self { $(JobKind::$variant => Role::$role,)* } }
            /// The parameters it reads.
            pub fn params(self) -> &'static [Param] { match self { $(JobKind::$variant => $params,)* } }
            /// What it does, one sentence.
            pub fn description(self) -> &'static str { match self { $(JobKind::$variant => $doc,)* } }
        }
    };
}

/// A job parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Param {
    /// `schoolYear` (required reference).
    SchoolYear,
    /// `schoolYear` (optional reference; absent, `null` or -1 = every year).
    AnySchoolYear,
    /// `teacher` (optional reference; -1 = all).
    Teacher,
    /// `division` (optional reference; -1 = all).
    Division,
    /// `grade` (optional reference; -1 = all).
    Grade,
    /// `subjectCategory` (optional reference; -1 = all).
    SubjectCategory,
    /// `semester` (required, 1 or 2).
    Semester,
    /// `mailFrom`, `mailSubject`, `mailBody` (required texts; the sender is an e-mail address).
    Mail,
}

impl Param {
    /// The body keys of this parameter.
    pub fn keys(self) -> &'static [&'static str] {
        match self {
            Param::SchoolYear | Param::AnySchoolYear => &["schoolYear"],
            Param::Teacher => &["teacher"],
            Param::Division => &["division"],
            Param::Grade => &["grade"],
            Param::SubjectCategory => &["subjectCategory"],
            Param::Semester => &["semester"],
            Param::Mail => &["mailFrom", "mailSubject", "mailBody"],
        }
    }
}

use Param::*;

job_kinds! {
    WorkloadDownload => "WorkloadDownload", "Pensenblatt exportieren", Reader, &[SchoolYear, Teacher, Division],
        "The workload sheets (PDF): one teacher, or every employment (of a division) in one file.";
    WorkloadMail => "WorkloadMail", "Pensenblatt versenden", Planner, &[SchoolYear, Teacher, Division, Mail],
        "Sends each teacher their workload sheet by e-mail (SMTP); planner role.";
    PayrollCsvDownload => "PayrollCSVDownload", "Lehrerliste (Pensenmeldung)", Reader, &[SchoolYear, Semester],
        "The payroll report of one semester as CSV.";
    EmploymentCsvDownload => "EmploymentCSVDownload", "Lehrerliste", Reader, &[SchoolYear, Division],
        "The employments of a year (of a division) as CSV.";
    PoolCsvDownload => "PoolCSVDownload", "Poolliste", Reader, &[SchoolYear],
        "The pool entries of a year as CSV.";
    ThesisCsvDownload => "ThesisCSVDownload", "Lehrerliste (Abschlussarbeiten)", Reader, &[SchoolYear],
        "The thesis counts per teacher and thesis type as CSV.";
    TeacherLessonSummaryCsvDownload => "TeacherLessonSummaryCSVDownload", "Unterrichtspensum", Reader, &[SchoolYear],
        "Lessons and percent of teaching per teacher and semester as CSV.";
    CourseTableCsvDownload => "CourseTableCSVDownload", "Planungsübersicht", Reader,
        &[SchoolYear, Division, Grade, SubjectCategory],
        "The subject × class matrix of teacher codes as CSV.";
    GroupingCsvDownload => "GroupingCSVDownload", "Kursliste nach Gruppierung", Reader, &[SchoolYear, Division],
        "Every course of a year (of a division) as CSV, grouped by the divisions' grouping (docs/client.md §Division).";
    UntisDownload => "UntisDownload", "Untis-Export", Reader, &[SchoolYear, Semester],
        "The lessons of one semester in the timetable program's import format (text).";
    SubjectCourseDownload => "SubjectCourseDownload", "Lektionenzuteilungen nach Fachgebiet", Reader, &[SchoolYear],
        "The courses per subject category (PDF, landscape).";
    TeacherCourseDownload => "TeacherCourseDownload", "Lektionenzuteilungen nach Lehrperson", Reader, &[SchoolYear],
        "A page per teacher with their courses (PDF).";
    OpenWorkloadDownload => "OpenWorkloadDownload", "Nicht zugeteilte Lektionen", Reader, &[SchoolYear],
        "The lessons without a teacher per subject category (PDF).";
    CalculateBalances => "CalculateBalances", "Saldi berechnen", Planner, &[],
        "Standing job 1: compares the frozen balances of every locked year with a fresh computation (log only).";
    CheckDatabase => "CheckDatabase", "Datenbank prüfen", Planner, &[AnySchoolYear],
        "Standing job 2: the plan check (docs/documents.md §Plan check) of one year, or of every year without one \
         (docs/client.md §Standing jobs: the client sends `schoolYear: null`), findings in the log.";
    InitializeSchoolYear => "InitializeSchoolYear", "Schuljahr eröffnen", Planner, &[SchoolYear],
        "Standing job 3 (also by POST): opens a school year (docs/documents.md §Opening a school year).";
    CheckPlan => "CheckPlan", "Planung prüfen", Planner, &[SchoolYear],
        "The plan check (docs/documents.md §Plan check), findings in the log and as CSV.";
}

impl JobKind {
    /// The kind with this wire name.
    pub fn from_name(name: &str) -> Option<JobKind> {
        JobKind::ALL.iter().copied().find(|k| k.name() == name)
    }

    /// The jobs of the web's maintenance screen, in the order it shows them
    /// (docs/web.md §Wartung): the year's plan check, the database check and
    /// the balances' check.
    pub const MAINTENANCE: [JobKind; 3] = [JobKind::CheckPlan, JobKind::CheckDatabase, JobKind::CalculateBalances];

    /// Whether this is one of [`JobKind::MAINTENANCE`]: its result is its log.
    pub fn is_maintenance(self) -> bool {
        JobKind::MAINTENANCE.contains(&self)
    }

    /// The id of the standing job of this kind (docs/client.md §Standing jobs): 1–3, else `None`.
    pub fn standing_id(self) -> Option<i64> {
        match self {
            JobKind::CalculateBalances => Some(1),
            JobKind::CheckDatabase => Some(2),
            JobKind::InitializeSchoolYear => Some(3),
            _ => None,
        }
    }

    /// Whether a run that was stopped half-way may simply run again from the
    /// start (docs/api.md "Jobs and files"): every job that only reads and
    /// makes a product or a log. Not `WorkloadMail` (the mails sent before the
    /// stop would go out twice) nor `InitializeSchoolYear` (it changes the
    /// plan; its report would be lost).
    pub fn repeatable(self) -> bool {
        !matches!(self, JobKind::WorkloadMail | JobKind::InitializeSchoolYear)
    }

    /// The standing job with id `id` (1–3).
    pub fn standing(id: JobId) -> Option<JobKind> {
        JobKind::ALL.iter().copied().find(|k| k.standing_id() == Some(id.0))
    }
}

/// Mail texts of `WorkloadMail` (the client sends them from its `/settings`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MailParams {
    /// Sender address.
    pub mail_from: String,
    /// Subject line.
    pub mail_subject: String,
    /// Body text (plain text).
    pub mail_body: String,
}

/// Valid parameters of a job; each is present only when its kind reads it.
/// Stored with the job as JSON (serde), so that any server can run it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct JobParams {
    /// The school year (every kind but `CalculateBalances`; `CheckDatabase`:
    /// `None` = every year).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub school_year: Option<SchoolYearId>,
    /// One teacher; `None` = all.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub teacher: Option<TeacherId>,
    /// One division; `None` = all.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub division: Option<DivisionId>,
    /// One grade; `None` = all.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grade: Option<GradeId>,
    /// One subject category; `None` = all.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subject_category: Option<SubjectCategoryId>,
    /// Semester 1 or 2.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub semester: Option<u8>,
    /// Mail texts.
    #[serde(skip_serializing_if = "Option::is_none", flatten)]
    pub mail: Option<MailParams>,
}

/// Longest mail body accepted (characters).
pub const MAX_MAIL_BODY: usize = 20_000;

impl JobParams {
    /// The year, for kinds that require it (checked by [`JobParams::parse`]).
    pub fn year(&self) -> SchoolYearId {
        self.school_year.unwrap_or(SchoolYearId(0))
    }

    /// Reads the parameters of `kind` from `body` (unknown keys are ignored,
    /// like the echoed job fields of the client's `PUT /job/ID`), collecting
    /// every field problem: 400 for unreadable types, 422 otherwise.
    /// References are not checked against the database here.
    pub fn parse(kind: JobKind, body: &Value) -> Result<JobParams> {
        let mut r = Reader::new(body, Mode::Create)?;
        let mut p = JobParams::default();
        let optional = |r: &mut Reader, key: &str| r.reference(key, false).filter(|id| *id != -1);
        for param in kind.params() {
            match param {
                SchoolYear => p.school_year = r.reference("schoolYear", true).map(SchoolYearId),
                AnySchoolYear => p.school_year = optional(&mut r, "schoolYear").map(SchoolYearId),
                Teacher => p.teacher = optional(&mut r, "teacher").map(TeacherId),
                Division => p.division = optional(&mut r, "division").map(DivisionId),
                Grade => p.grade = optional(&mut r, "grade").map(GradeId),
                SubjectCategory => p.subject_category = optional(&mut r, "subjectCategory").map(SubjectCategoryId),
                Semester => p.semester = r.integer("semester", true, 1, 2).map(|s| s as u8),
                Mail => {
                    let from = r.mailbox("mailFrom", true);
                    let subject = r.text("mailSubject", true, limits::DESCRIPTION);
                    let body = r.multi_line_text("mailBody", true, MAX_MAIL_BODY);
                    if let (Some(mail_from), Some(mail_subject), Some(mail_body)) = (from, subject, body) {
                        p.mail = Some(MailParams { mail_from, mail_subject, mail_body });
                    }
                }
            }
        }
        // The parameters this job does not read are ignored, but when given
        // they must still have their documented shape (as for every body key).
        let unused = [SchoolYear, Teacher, Division, Grade, SubjectCategory, Semester, Mail]
            .into_iter()
            .filter(|param| !kind.params().iter().any(|read| read.keys() == param.keys()));
        for param in unused {
            match param {
                Semester => {
                    r.integer("semester", false, 1, 2);
                }
                Mail => {
                    r.mailbox("mailFrom", false);
                    r.text("mailSubject", false, limits::DESCRIPTION);
                    r.multi_line_text("mailBody", false, MAX_MAIL_BODY);
                }
                other => {
                    for key in other.keys() {
                        r.reference(key, false);
                    }
                }
            }
        }
        r.finish()?;
        if kind.params().contains(&SchoolYear) {
            checked(p.school_year);
        }
        Ok(p)
    }
}

/// One log line of a job.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct LogLine {
    /// Running number of the line within the job, from 1 (not a database
    /// id: the wire form calls it `id`).
    pub id: i64,
    /// The message.
    pub message: String,
}

/// The state of a stored job.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JobStatus {
    /// A standing job that is not running.
    Idle,
    /// Queued or running (`JobRecord::claimed` tells which).
    Running,
    /// Finished; the product (if any) is ready.
    Done,
    /// Failed: `error` says why.
    Failed,
}

impl JobStatus {
    /// The stored text.
    pub fn as_str(self) -> &'static str {
        match self {
            JobStatus::Idle => "idle",
            JobStatus::Running => "running",
            JobStatus::Done => "done",
            JobStatus::Failed => "failed",
        }
    }

    /// From the stored text (unknown text reads as failed).
    pub fn from_text(s: &str) -> JobStatus {
        match s {
            "idle" => JobStatus::Idle,
            "running" => JobStatus::Running,
            "done" => JobStatus::Done,
            _ => JobStatus::Failed,
        }
    }
}

/// A job as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct JobRecord {
    /// Database id (1–3: the standing jobs).
    pub id: JobId,
    /// The wire name of its kind.
    pub name: String,
    /// The account that started it (`None` for the standing jobs).
    pub account_id: Option<i64>,
    /// Its state.
    pub status: JobStatus,
    /// Whether a server has claimed it (running), or it waits in the queue.
    pub claimed: bool,
    /// Why it failed.
    pub error: Option<String>,
    /// Log messages of the last run (while it runs: as last reported).
    pub log: Vec<String>,
    /// Steps done, as last reported while it runs.
    pub done: u32,
    /// Steps in all, as last reported (0: not known yet).
    pub total: u32,
    /// The id of its product file, when done.
    pub product: Option<FileId>,
}

/// A job as the API shows it (docs/documents.md §Jobs and files).
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct Job {
    /// Database id; 1–3 are the standing jobs.
    pub id: JobId,
    /// The kind (`WorkloadDownload`, …).
    pub name: String,
    /// Its German title.
    pub title: String,
    /// Whether it is queued or running.
    pub running: bool,
    /// Steps done in percent (0–100) while running, else null.
    pub progress: Option<u8>,
    /// Why it failed, or null.
    pub error: Option<String>,
    /// Id of the product (`GET /file/ID`) when done, else null.
    pub product: Option<FileId>,
    /// What it did so far, oldest first.
    pub log: Vec<LogLine>,
}

impl Job {
    /// The form of `record`: its progress (as stored by the server that runs
    /// it) while it runs, else `null`.
    pub fn of(record: JobRecord) -> Job {
        let title = JobKind::from_name(&record.name).map_or_else(|| record.name.clone(), |k| k.title().to_string());
        let running = record.status == JobStatus::Running;
        Job {
            id: record.id,
            name: record.name,
            title,
            running,
            progress: running.then(|| percent_done(record.done, record.total)),
            error: record.error,
            product: record.product,
            log: record.log.into_iter().zip(1..).map(|(message, id)| LogLine { id, message }).collect(),
        }
    }
}

/// `done` of `total` steps in whole percent, 0–100 (0 when nothing is known yet).
pub fn percent_done(done: u32, total: u32) -> u8 {
    if total == 0 {
        return 0;
    }
    ((u64::from(done.min(total)) * 100) / u64::from(total)) as u8
}

/// 422 `unknown_job` for a name that is not a job.
pub fn unknown_job(name: &str) -> Error {
    Error::field(
        "/name",
        ErrorCode::UnknownJob,
        Message::new("error-job-unknown-name")
            .arg("name", name)
            .arg("jobs", JobKind::ALL.iter().map(|k| k.name()).collect::<Vec<_>>().join(", ")),
    )
}

/// The ids a job's parameters name (each must exist, docs/contract.md §Validation).
impl References for JobParams {
    fn references(&self) -> Vec<Reference> {
        [
            Reference::optional("/schoolYear", RefKind::SchoolYear, self.school_year.map(|y| y.0)),
            Reference::optional("/teacher", RefKind::Teacher, self.teacher.map(|t| t.0)),
            Reference::optional("/division", RefKind::Division, self.division.map(|d| d.0)),
            Reference::optional("/grade", RefKind::Grade, self.grade.map(|g| g.0)),
            Reference::optional("/subjectCategory", RefKind::SubjectCategory, self.subject_category.map(|c| c.0)),
        ]
        .into_iter()
        .flatten()
        .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn codes(r: Result<JobParams>) -> Vec<(String, &'static str)> {
        match r {
            Err(Error::Problem { errors, .. }) => errors.into_iter().map(|e| (e.pointer, e.code.as_str())).collect(),
            other => panic!("expected field errors, got {other:?}"),
        }
    }

    #[test]
    fn minus_one_means_all() {
        let p = JobParams::parse(
            JobKind::WorkloadDownload,
            &json!({"schoolYear": {"id": 3}, "teacher": {"id": -1}, "division": "2"}),
        )
        .unwrap();
        assert_eq!((p.school_year, p.teacher, p.division), (Some(SchoolYearId(3)), None, Some(DivisionId(2))));
    }

    #[test]
    fn every_problem_is_reported() {
        assert_eq!(
            codes(JobParams::parse(JobKind::PayrollCsvDownload, &json!({"semester": 3}))),
            [("/schoolYear".to_string(), "required"), ("/semester".to_string(), "out_of_range")]
        );
        assert_eq!(
            codes(JobParams::parse(
                JobKind::WorkloadMail,
                &json!({"schoolYear": 1, "mailFrom": "no address", "mailSubject": " "})
            )),
            [
                ("/mailFrom".to_string(), "invalid_email"),
                ("/mailSubject".to_string(), "required"),
                ("/mailBody".to_string(), "required")
            ]
        );
    }

    #[test]
    fn parameters_a_job_does_not_read_keep_their_shape() {
        assert_eq!(codes(JobParams::parse(JobKind::CalculateBalances, &json!({"grade": {}}))).len(), 1);
        assert!(JobParams::parse(JobKind::CalculateBalances, &json!({"grade": {"id": 3}, "semester": 2})).is_ok());
    }

    #[test]
    fn check_database_runs_without_a_year() {
        for body in [json!({"schoolYear": null}), json!({}), json!({"schoolYear": {"id": -1}})] {
            assert_eq!(JobParams::parse(JobKind::CheckDatabase, &body).unwrap().school_year, None, "{body}");
        }
        let p = JobParams::parse(JobKind::CheckDatabase, &json!({"schoolYear": {"id": 4}})).unwrap();
        assert_eq!(p.school_year, Some(SchoolYearId(4)));
        assert_eq!(codes(JobParams::parse(JobKind::CheckDatabase, &json!({"schoolYear": "x"}))).len(), 1);
        // The opening still needs its year.
        assert_eq!(codes(JobParams::parse(JobKind::InitializeSchoolYear, &json!({"schoolYear": null}))).len(), 1);
    }

    #[test]
    fn progress_is_steps_done_in_percent() {
        assert_eq!((percent_done(0, 0), percent_done(1, 3), percent_done(3, 3), percent_done(5, 3)), (0, 33, 100, 100));
    }

    #[test]
    fn standing_jobs_are_one_to_three() {
        let ids: Vec<i64> = JobKind::ALL.iter().filter_map(|k| k.standing_id()).collect();
        assert_eq!(ids, [1, 2, 3]);
        assert_eq!(JobKind::standing(JobId(1)), Some(JobKind::CalculateBalances));
        assert_eq!(JobKind::from_name("UntisDownload"), Some(JobKind::UntisDownload));
    }
}
