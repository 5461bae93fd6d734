//! The one error type of the service, rendered as RFC 9457 problem details.
//!
//! Every failure a handler, extractor or the store can produce becomes an
//! [`Error`]. Client errors carry a stable machine-readable [`ErrorCode`]
//! (contract.md §4); server faults are logged and answered with a body that
//! says nothing internal.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// Stable, machine-readable error codes (`code` in the problem body).
///
/// One code per rule; the list is part of the API documentation (`docs/api.md`).
/// Codes never change meaning once published; new rules get new codes.
macro_rules! error_codes {
    ($($variant:ident => $code:literal : $doc:literal,)*) => {
        /// A stable error code, one per rule (contract.md §4).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum ErrorCode { $(#[doc = $doc] $variant,)* }
        impl ErrorCode {
            /// Every code, in documentation order.
            pub const ALL: &'static [ErrorCode] = &[$(ErrorCode::$variant,)*];
            /// The snake_case wire name.
            pub fn as_str(self) -> &'static str { match self { $(ErrorCode::$variant => $code,)* } }
            /// One sentence on when the code is used.
            pub fn description(self) -> &'static str { match self { $(ErrorCode::$variant => $doc,)* } }
        }
    };
}

error_codes! {
    // 400
    MalformedJson => "malformed_json": "The request body is not valid JSON (400).",
    BodyNotObject => "body_not_object": "The request body is JSON but not an object (400).",
    InvalidType => "invalid_type": "A field has a JSON type that cannot be read as the field's type (400).",
    InvalidQuery => "invalid_query": "A query parameter cannot be parsed, or a required one is missing (400).",
    InvalidPathId => "invalid_path_id": "The id in the path is not a positive integer (400).",
    // 401/403
    Unauthenticated => "unauthenticated": "Missing or invalid credentials (401).",
    Forbidden => "forbidden": "The caller's role is too low for this request (403).",
    // 404/405
    NotFound => "not_found": "No object with this id, or no such path (404).",
    MethodNotAllowed => "method_not_allowed": "The method is not allowed on this path; see the Allow header (405).",
    // 409
    DuplicateCode => "duplicate_code": "Another object of this kind already has this code, compared case-insensitively after trimming (409).",
    DuplicateGraduationYear => "duplicate_graduation_year": "Another school year already has this graduation year (409).",
    DuplicateEmployment => "duplicate_employment": "The teacher already has an employment in this school year (409).",
    DuplicateSaldoOrder => "duplicate_saldo_order": "Another payroll type already has this saldoResolvingOrder (409, workload.md §1).",
    Referenced => "referenced": "The object is still referenced by other objects and cannot be deleted; archive it instead (409).",
    OwnToken => "own_token": "A token cannot revoke itself over the API; revoke it with another admin token or the CLI (409).",
    OwnAccount => "own_account": "An administrator cannot remove their own grant right or delete their own account (409, client.md /authorisation).",
    SchoolYearLocked => "school_year_locked": "The school year is archived or finalised: its courses and employments cannot be changed (409, contract.md §7).",
    ConcurrentUpdate => "concurrent_update": "The change collided with a concurrent change; retry the request (409).",
    // 412-429
    PreconditionFailed => "precondition_failed": "If-Match does not match the object's current ETag (412).",
    InvalidHeader => "invalid_header": "A conditional header (If-Match, If-None-Match) is neither * nor a list of entity tags, so its condition cannot hold (412).",
    PayloadTooLarge => "payload_too_large": "The request body is larger than allowed (413).",
    UnsupportedMediaType => "unsupported_media_type": "The request body is not sent as application/json (415).",
    RateLimited => "rate_limited": "Too many requests for this token; see Retry-After (429).",
    // 422 field rules
    Required => "required": "A required field is missing or null (422).",
    MissingField => "missing_field": "A writable field is absent from a PUT body; send null to clear it (422, contract.md §3).",
    OutOfRange => "out_of_range": "A number is outside its allowed range (422).",
    TooLong => "too_long": "A text is longer than allowed (422).",
    TooPrecise => "too_precise": "A decimal number has more than 4 decimal places (422).",
    InvalidEmail => "invalid_email": "The e-mail address is not syntactically valid (422).",
    InvalidDate => "invalid_date": "The date is not a real date in the form YYYY-MM-DD (422).",
    DateInFuture => "date_in_future": "The birthday lies in the future (422).",
    InvalidBinary => "invalid_binary": "Binary data is malformed: bad base64, unsupported mime type, bytes not of the stated type, or larger than 1 MiB (422).",
    UnknownReference => "unknown_reference": "A referenced id in the body does not exist (422).",
    DuplicateEntry => "duplicate_entry": "A list holds the same entry twice (422).",
    EmploymentRange => "employment_range": "employmentMin is greater than employmentMax (422).",
    IpbNeedsLessons => "ipb_needs_lessons": "ipbCorrectionAllowed is set on a payroll type that is not lesson-based (422, workload.md §1).",
    NotLessonBased => "not_lesson_based": "weeklyLessons names a payroll type that is not lesson-based (422, workload.md §1).",
    DateOrder => "date_order": "An end date lies before its start date (422).",
    UnknownCalculationMode => "unknown_calculation_mode": "calculationMode is not one of the six modes of /calculationmode (422).",
    // 422 course rules (contract.md §8)
    ClassNotInSchoolYear => "class_not_in_school_year": "A class has no grade in the course's school year (422).",
    ClassGradeMismatch => "class_grade_mismatch": "The classes of a course do not share one grade (422).",
    ClassCurriculumMismatch => "class_curriculum_mismatch": "The classes of a course do not share one curriculum (422).",
    GradeMismatch => "grade_mismatch": "The given grade or curriculum disagrees with the one derived from the classes (422).",
    GradeNotInCurriculum => "grade_not_in_curriculum": "The grade does not belong to the curriculum (422).",
    CrossClassWithClasses => "cross_class_with_classes": "A cross-class course must not have school classes (422).",
    TeacherNotEmployed => "teacher_not_employed": "A teacher has no employment in the school year of the course, pool entry or posting (422).",
    InvalidCourseCommand => "invalid_course_command": "A POST /course body mixes merge, split and course fields (422).",
    MergeTooFew => "merge_too_few": "A merge needs at least two distinct course ids (422).",
    MergeDuplicateId => "merge_duplicate_id": "A merge lists the same course id twice (422).",
    MergeSubjectMismatch => "merge_subject_mismatch": "Merged courses must share one subject (422).",
    MergeCrossClass => "merge_cross_class": "Courses of a cross-class subject cannot be merged (422).",
    MergeSchoolYearMismatch => "merge_school_year_mismatch": "Merged courses must share one school year (422).",
    MergeGradeMismatch => "merge_grade_mismatch": "Merged courses must share one grade (422).",
    MergeCurriculumMismatch => "merge_curriculum_mismatch": "Merged courses must share one curriculum (422).",
    SplitCrossClass => "split_cross_class": "Courses of a cross-class subject cannot be split (422).",
    SplitSingleClass => "split_single_class": "Only a course with more than one class can be split (422).",
    LessonTableSide => "lesson_table_side": "A lesson table row is on the wrong side of the cross-class rule: a division for a cross-class subject, or none for another (422, documents.md §1).",
    NoPreviousYear => "no_previous_year": "The school year to open has no school year before it (by graduation year) to copy from (422, documents.md §2).",
    // jobs (documents.md §4)
    UnknownJob => "unknown_job": "The job name in a POST /job body is not one of the jobs of docs/api.md (422).",
    JobNotAvailable => "job_not_available": "The job exists but this server cannot run it yet, or it cannot be started this way (422).",
    JobRunning => "job_running": "The standing job is running already; wait until it finishes (409).",
    MissingEmail => "missing_email": "WorkloadMail: a teacher to be mailed has no valid e-mail address; nothing was sent (422).",
    DocumentFailed => "document_failed": "A PDF document could not be typeset, e.g. because a division's logo or signature is not a readable image; the job's error says why (job error).",
    MailFailed => "mail_failed": "WorkloadMail: the SMTP server refused a mail or could not be reached; the job's log lists the mails sent before (job error).",
    InvalidDataset => "invalid_dataset": "A dataset file is malformed or a record breaks a rule (import).",
    // 5xx
    Internal => "internal": "Server fault; the body says nothing internal (500).",
    Unavailable => "unavailable": "The database does not answer, or the request timed out (503).",
}

/// One problem with one field of the request body, located by a JSON pointer.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct FieldError {
    /// JSON pointer into the request body (RFC 6901), e.g. `/teachers1/2`.
    pub pointer: String,
    /// Stable code of the rule that failed.
    pub code: &'static str,
    /// What is wrong, in a sentence.
    pub detail: String,
}

impl FieldError {
    /// A field error at `pointer` for rule `code`.
    pub fn new(pointer: impl Into<String>, code: ErrorCode, detail: impl Into<String>) -> Self {
        FieldError { pointer: pointer.into(), code: code.as_str(), detail: detail.into() }
    }
}

/// The service's error: a client-facing problem or an internal fault.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A problem the client can act on (4xx, or 503).
    #[error("{status} {code:?}: {detail}")]
    Problem {
        /// HTTP status.
        status: StatusCode,
        /// Rule that failed.
        code: ErrorCode,
        /// A sentence a planner can act on, naming the objects involved.
        detail: String,
        /// Field problems with JSON pointers (may be empty).
        errors: Vec<FieldError>,
    },
    /// A server fault; logged, never shown to the client.
    #[error("internal error: {0:#}")]
    Internal(#[from] anyhow::Error),
}

/// Result alias used throughout the crate.
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// A problem with status, code and detail.
    pub fn problem(status: StatusCode, code: ErrorCode, detail: impl Into<String>) -> Self {
        Error::Problem { status, code, detail: detail.into(), errors: Vec::new() }
    }
    /// 400 Bad Request.
    pub fn bad_request(code: ErrorCode, detail: impl Into<String>) -> Self {
        Self::problem(StatusCode::BAD_REQUEST, code, detail)
    }
    /// 404 for an object of `kind` with `id`.
    pub fn not_found(kind: &str, id: i64) -> Self {
        Self::problem(StatusCode::NOT_FOUND, ErrorCode::NotFound, format!("There is no {kind} with id {id}."))
    }
    /// 409 Conflict.
    pub fn conflict(code: ErrorCode, detail: impl Into<String>) -> Self {
        Self::problem(StatusCode::CONFLICT, code, detail)
    }
    /// 422 Unprocessable Content for a rule that is not about a single field.
    pub fn unprocessable(code: ErrorCode, detail: impl Into<String>) -> Self {
        Self::problem(StatusCode::UNPROCESSABLE_ENTITY, code, detail)
    }
    /// 422 (or 400 when any error is a type error) from collected field errors.
    ///
    /// `code` is that of the first error; `errors` lists all of them.
    pub fn fields(errors: Vec<FieldError>) -> Self {
        let type_errors: Vec<FieldError> =
            errors.iter().filter(|e| e.code == ErrorCode::InvalidType.as_str()).cloned().collect();
        let (status, errors) = if type_errors.is_empty() {
            (StatusCode::UNPROCESSABLE_ENTITY, errors)
        } else {
            (StatusCode::BAD_REQUEST, type_errors)
        };
        let code = ErrorCode::ALL.iter().copied().find(|c| c.as_str() == errors[0].code).unwrap_or(ErrorCode::Required);
        let detail = errors.iter().map(|e| format!("{}: {}", e.pointer, e.detail)).collect::<Vec<_>>().join(" ");
        Error::Problem { status, code, detail, errors }
    }
    /// A single field error as a 422 (or 400 for `invalid_type`).
    pub fn field(pointer: impl Into<String>, code: ErrorCode, detail: impl Into<String>) -> Self {
        Self::fields(vec![FieldError::new(pointer, code, detail)])
    }
    /// Internal fault from any error.
    pub fn internal(err: impl Into<anyhow::Error>) -> Self {
        Error::Internal(err.into())
    }
    /// HTTP status of this error.
    pub fn status(&self) -> StatusCode {
        match self {
            Error::Problem { status, .. } => *status,
            Error::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
    /// The error code of this error.
    pub fn code(&self) -> ErrorCode {
        match self {
            Error::Problem { code, .. } => *code,
            Error::Internal(_) => ErrorCode::Internal,
        }
    }
}

/// RFC 9457 problem body with the `code` and `errors` extension members.
#[derive(Debug, Serialize)]
pub struct ProblemBody<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    title: &'static str,
    status: u16,
    detail: &'a str,
    code: &'static str,
    errors: &'a [FieldError],
}

/// The problem+json media type of error bodies.
pub const PROBLEM_JSON: &str = "application/problem+json";

/// Render a problem body with the given parts.
pub fn problem_response(status: StatusCode, code: ErrorCode, detail: &str, errors: &[FieldError]) -> Response {
    let body = ProblemBody {
        kind: "about:blank",
        title: status.canonical_reason().unwrap_or("Error"),
        status: status.as_u16(),
        detail,
        code: code.as_str(),
        errors,
    };
    let bytes = serde_json::to_vec(&body).expect("problem body serialises");
    let mut res = (status, bytes).into_response();
    res.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static(PROBLEM_JSON));
    res
}

impl IntoResponse for Error {
    fn into_response(self) -> Response {
        match self {
            Error::Problem { status, code, detail, errors } => problem_response(status, code, &detail, &errors),
            Error::Internal(err) => {
                tracing::error!(error = %format!("{err:#}"), "internal error");
                problem_response(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    ErrorCode::Internal,
                    "The server failed to process the request. The fault has been logged.",
                    &[],
                )
            }
        }
    }
}

impl From<sqlx::Error> for Error {
    fn from(err: sqlx::Error) -> Self {
        crate::store::map_db_error(err)
    }
}
