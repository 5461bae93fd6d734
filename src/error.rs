//! The one error type of the service, rendered as RFC 9457 problem details.
//!
//! Every failure a handler, extractor or the store can produce becomes an
//! [`Error`]. Client errors carry a stable machine-readable [`ErrorCode`]
//! (docs/contract.md §Errors); server faults are logged and answered with a body that
//! says nothing internal.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::i18n::{self, Lang, Message};

/// Stable, machine-readable error codes (`code` in the problem body).
///
/// One code per rule; the list is part of the API documentation (`docs/api.md`).
/// Codes never change meaning once published; new rules get new codes.
macro_rules! error_codes {
    ($($variant:ident => $code:literal $status:ident : $doc:literal,)*) => {
        /// A stable error code, one per rule (docs/contract.md §Errors); the code decides
        /// the HTTP status ([`ErrorCode::status`]).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum ErrorCode { $(#[doc = $doc] $variant,)* }
        impl ErrorCode {
            /// Every code, in documentation order.
            pub const ALL: &'static [ErrorCode] = &[$(ErrorCode::$variant,)*];
            /// The snake_case wire name.
            pub fn as_str(self) -> &'static str { match self { $(ErrorCode::$variant => $code,)* } }
            /// The HTTP status every error with this code is answered with.
            pub fn status(self) -> StatusCode { match self { $(ErrorCode::$variant => StatusCode::$status,)* } }
            /// One sentence on when the code is used.
            pub fn description(self) -> &'static str { match self { $(ErrorCode::$variant => $doc,)* } }
        }
    };
}

error_codes! {
    // 400
    MalformedJson => "malformed_json" BAD_REQUEST: "The request body is not valid JSON (400).",
    BodyNotObject => "body_not_object" BAD_REQUEST: "The request body is JSON but not an object (400).",
    InvalidType => "invalid_type" BAD_REQUEST: "A field has a JSON type that cannot be read as the field's type (400).",
    InvalidQuery => "invalid_query" BAD_REQUEST: "A query parameter cannot be parsed, or a required one is missing (400).",
    InvalidPathId => "invalid_path_id" BAD_REQUEST: "The id in the path is not a positive integer (400).",
    // 401/403
    Unauthenticated => "unauthenticated" UNAUTHORIZED: "Missing or invalid credentials (401).",
    Forbidden => "forbidden" FORBIDDEN: "The caller's role is too low for this request (403).",
    // 404/405
    NotFound => "not_found" NOT_FOUND: "No object with this id, or no such path (404).",
    MethodNotAllowed => "method_not_allowed" METHOD_NOT_ALLOWED: "The method is not allowed on this path; see the Allow header (405).",
    // 409
    DuplicateCode => "duplicate_code" CONFLICT: "Another object of this kind already has this code, compared case-insensitively after trimming (409).",
    DuplicateGraduationYear => "duplicate_graduation_year" CONFLICT: "Another school year already has this graduation year (409).",
    DuplicateEmployment => "duplicate_employment" CONFLICT: "The teacher already has an employment in this school year (409).",
    DuplicateSaldoOrder => "duplicate_saldo_order" CONFLICT: "Another payroll type already has this saldoResolvingOrder (409, docs/workload.md §Setup).",
    Referenced => "referenced" CONFLICT: "The object is still referenced by other objects and cannot be deleted; archive it instead (409).",
    OwnToken => "own_token" CONFLICT: "A token cannot revoke itself over the API; revoke it with another admin token or the CLI (409).",
    OwnAccount => "own_account" CONFLICT: "An administrator cannot remove their own grant right or delete their own account (409, docs/client.md §Accounts).",
    TeacherHasAccount => "teacher_has_account" CONFLICT: "The teacher is bound to an account already; one account per teacher (409, docs/teachers.md §Accounts of teachers).",
    NotReleased => "not_released" CONFLICT: "The teacher's sheet of this school year is not released to the teachers yet (409, docs/teachers.md §Release and confirmation).",
    SchoolYearLocked => "school_year_locked" CONFLICT: "The school year is archived or finalised: its courses and employments cannot be changed (409, docs/contract.md §Locked school years).",
    ConcurrentUpdate => "concurrent_update" CONFLICT: "The change collided with a concurrent change; retry the request (409).",
    // 412-429
    PreconditionFailed => "precondition_failed" PRECONDITION_FAILED: "If-Match does not match the object's current ETag (412).",
    InvalidHeader => "invalid_header" PRECONDITION_FAILED: "A conditional header (If-Match, If-None-Match) is neither * nor a list of entity tags, so its condition cannot hold (412).",
    PayloadTooLarge => "payload_too_large" PAYLOAD_TOO_LARGE: "The request body is larger than allowed (413).",
    UnsupportedMediaType => "unsupported_media_type" UNSUPPORTED_MEDIA_TYPE: "The request body is not sent as application/json (415).",
    RateLimited => "rate_limited" TOO_MANY_REQUESTS: "Too many requests for this token; see Retry-After (429).",
    HeaderTooLarge => "header_too_large" REQUEST_HEADER_FIELDS_TOO_LARGE: "The request's header fields are larger than allowed, or too many (431).",
    TooManyJobs => "too_many_jobs" TOO_MANY_REQUESTS: "The account has as many unfinished jobs as a server allows (--jobs-per-account); start more once one has finished, see Retry-After (429).",
    // 422 field rules
    Required => "required" UNPROCESSABLE_ENTITY: "A required field is missing or null (422).",
    MissingField => "missing_field" UNPROCESSABLE_ENTITY: "A writable field is absent from a PUT body; send null to clear it (422, docs/contract.md §Tolerant reader).",
    OutOfRange => "out_of_range" UNPROCESSABLE_ENTITY: "A number is outside its allowed range (422).",
    TooLong => "too_long" UNPROCESSABLE_ENTITY: "A text is longer than allowed (422).",
    TooPrecise => "too_precise" UNPROCESSABLE_ENTITY: "A decimal number has more than 4 decimal places (422).",
    InvalidCharacter => "invalid_character" UNPROCESSABLE_ENTITY: "A text holds a control character (line breaks and tabs only in multi-line texts) or a bidirectional override (422).",
    InvalidEmail => "invalid_email" UNPROCESSABLE_ENTITY: "The e-mail address is not syntactically valid (422).",
    InvalidDate => "invalid_date" UNPROCESSABLE_ENTITY: "The date is not a real date in the form YYYY-MM-DD (422).",
    DateOutOfRange => "date_out_of_range" UNPROCESSABLE_ENTITY: "The date lies outside the years 1900 to 2200 (422).",
    DateInFuture => "date_in_future" UNPROCESSABLE_ENTITY: "The birthday lies in the future (422).",
    InvalidBinary => "invalid_binary" UNPROCESSABLE_ENTITY: "Binary data is malformed: bad base64, unsupported mime type, bytes not of the stated type, or larger than 1 MiB (422).",
    UnknownReference => "unknown_reference" UNPROCESSABLE_ENTITY: "A referenced id in the body does not exist (422).",
    DuplicateEntry => "duplicate_entry" UNPROCESSABLE_ENTITY: "A list holds the same entry twice (422).",
    TeacherBinding => "teacher_binding" UNPROCESSABLE_ENTITY: "An account of the role teacher needs the field teacher, and only such an account may have it; an existing account cannot become one (422, docs/teachers.md §Accounts of teachers).",
    EmploymentRange => "employment_range" UNPROCESSABLE_ENTITY: "employmentMin is greater than employmentMax (422).",
    IpbNeedsLessons => "ipb_needs_lessons" UNPROCESSABLE_ENTITY: "ipbCorrectionAllowed is set on a payroll type that is not lesson-based (422, docs/workload.md §Setup).",
    NotLessonBased => "not_lesson_based" UNPROCESSABLE_ENTITY: "weeklyLessons names a payroll type that is not lesson-based (422, docs/workload.md §Setup).",
    DateOrder => "date_order" UNPROCESSABLE_ENTITY: "An end date lies before its start date (422).",
    UnknownCalculationMode => "unknown_calculation_mode" UNPROCESSABLE_ENTITY: "calculationMode is not one of the six modes of /calculationmode (422).",
    // 422 course rules (docs/contract.md §Courses)
    ClassNotInSchoolYear => "class_not_in_school_year" UNPROCESSABLE_ENTITY: "A class has no grade in the course's school year (422).",
    ClassGradeMismatch => "class_grade_mismatch" UNPROCESSABLE_ENTITY: "The classes of a course do not share one grade (422).",
    ClassCurriculumMismatch => "class_curriculum_mismatch" UNPROCESSABLE_ENTITY: "The classes of a course do not share one curriculum (422).",
    GradeMismatch => "grade_mismatch" UNPROCESSABLE_ENTITY: "The given grade or curriculum disagrees with the one derived from the classes (422).",
    GradeNotInCurriculum => "grade_not_in_curriculum" UNPROCESSABLE_ENTITY: "The grade does not belong to the curriculum (422).",
    CrossClassWithClasses => "cross_class_with_classes" UNPROCESSABLE_ENTITY: "A cross-class course must not have school classes (422).",
    TeacherNotEmployed => "teacher_not_employed" UNPROCESSABLE_ENTITY: "A teacher has no employment in the school year of the course, pool entry or posting (422).",
    InvalidCourseCommand => "invalid_course_command" UNPROCESSABLE_ENTITY: "A POST /course body mixes merge, split and course fields (422).",
    MergeTooFew => "merge_too_few" UNPROCESSABLE_ENTITY: "A merge needs at least two distinct course ids (422).",
    MergeDuplicateId => "merge_duplicate_id" UNPROCESSABLE_ENTITY: "A merge lists the same course id twice (422).",
    MergeSubjectMismatch => "merge_subject_mismatch" UNPROCESSABLE_ENTITY: "Merged courses must share one subject (422).",
    MergeCrossClass => "merge_cross_class" UNPROCESSABLE_ENTITY: "Courses of a cross-class subject cannot be merged (422).",
    MergeSchoolYearMismatch => "merge_school_year_mismatch" UNPROCESSABLE_ENTITY: "Merged courses must share one school year (422).",
    MergeGradeMismatch => "merge_grade_mismatch" UNPROCESSABLE_ENTITY: "Merged courses must share one grade (422).",
    MergeCurriculumMismatch => "merge_curriculum_mismatch" UNPROCESSABLE_ENTITY: "Merged courses must share one curriculum (422).",
    SplitCrossClass => "split_cross_class" UNPROCESSABLE_ENTITY: "Courses of a cross-class subject cannot be split (422).",
    SplitSingleClass => "split_single_class" UNPROCESSABLE_ENTITY: "Only a course with more than one class can be split (422).",
    LessonTableSide => "lesson_table_side" UNPROCESSABLE_ENTITY: "A lesson table row is on the wrong side of the cross-class rule: a division for a cross-class subject, or none for another (422, docs/documents.md §Lesson table).",
    NoPreviousYear => "no_previous_year" UNPROCESSABLE_ENTITY: "The school year to open has no school year before it (by graduation year) to copy from (422, docs/documents.md §Opening a school year).",
    // jobs (docs/documents.md §Jobs and files)
    UnknownJob => "unknown_job" UNPROCESSABLE_ENTITY: "The job name in a POST /job body is not one of the jobs of docs/api.md (422).",
    JobNotAvailable => "job_not_available" UNPROCESSABLE_ENTITY: "The job exists but this server cannot run it yet, or it cannot be started this way (422).",
    JobRunning => "job_running" CONFLICT: "The standing job is running already; wait until it finishes (409).",
    MissingEmail => "missing_email" UNPROCESSABLE_ENTITY: "WorkloadMail: a teacher to be mailed has no valid e-mail address; nothing was sent (422).",
    DocumentFailed => "document_failed" UNPROCESSABLE_ENTITY: "A PDF document could not be typeset, e.g. because a division's logo or signature is not a readable image; the job's error says why (job error).",
    MailFailed => "mail_failed" UNPROCESSABLE_ENTITY: "WorkloadMail: the SMTP server refused a mail or could not be reached; the job's log lists the mails sent before (job error).",
    InvalidDataset => "invalid_dataset" UNPROCESSABLE_ENTITY: "A dataset file is malformed or a record breaks a rule (import).",
    // 5xx
    Internal => "internal" INTERNAL_SERVER_ERROR: "Server fault; the body says nothing internal (500).",
    Unavailable => "unavailable" SERVICE_UNAVAILABLE: "The database does not answer, or the request timed out (503).",
    DatabaseUnavailable => "database_unavailable" SERVICE_UNAVAILABLE: "The connection to the database was lost or cannot be opened; the detail says whether the change may have been saved; retry after Retry-After (503, docs/faults.md).",
    DatabaseBusy => "database_busy" SERVICE_UNAVAILABLE: "Another process holds the database's write lock longer than --db-busy-timeout; nothing was saved; retry after Retry-After (503, docs/faults.md).",
    DiskFull => "disk_full" INSUFFICIENT_STORAGE: "The database's disk is full; nothing was saved; writes succeed again once space is freed (507, docs/faults.md).",
}

impl ErrorCode {
    /// Seconds a client should wait before retrying (`Retry-After`), for the
    /// codes of faults that pass (docs/faults.md); `None` for the others.
    pub fn retry_after(self) -> Option<u32> {
        match self {
            ErrorCode::Unavailable | ErrorCode::DatabaseBusy => Some(2),
            ErrorCode::DatabaseUnavailable => Some(3),
            ErrorCode::DiskFull => Some(60),
            _ => None,
        }
    }
}

/// One problem with one field of the request body, located by a JSON pointer.
///
/// Its text is a [`Message`]: [`FieldError::message`] renders it in the
/// reader's language (the web interface shows it beside the field), `detail`
/// holds the English text.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct FieldError {
    /// JSON pointer into the request body (RFC 6901), e.g. `/teachers1/2`.
    pub pointer: String,
    /// The rule that failed (serialised as its wire name).
    #[serde(serialize_with = "code_str")]
    pub code: ErrorCode,
    /// What is wrong, in a sentence (English; see [`FieldError::message`]).
    pub detail: String,
    /// The same as a catalogue message, for other languages.
    #[serde(skip)]
    pub text: Message,
}

fn code_str<S: serde::Serializer>(code: &ErrorCode, s: S) -> std::result::Result<S::Ok, S::Error> {
    s.serialize_str(code.as_str())
}

/// The catalogue key of the general sentence of `code` (`error-not-found`),
/// shown for a problem whose own text has no key yet (docs/i18n.md §Problems).
pub fn code_key(code: ErrorCode) -> String {
    format!("error-{}", code.as_str().replace('_', "-"))
}

/// `text` in `lang`: a keyed message as the catalogue has it; a literal (an
/// English sentence without a key) as it is in English and as the general
/// sentence of `code` in any other language.
fn render(code: ErrorCode, text: &Message, lang: Lang) -> String {
    match text {
        Message::Literal(english) if lang == Lang::En => english.clone(),
        Message::Literal(_) => i18n::text(lang, &code_key(code)),
        keyed => keyed.render(lang),
    }
}

impl FieldError {
    /// A field error at `pointer` for rule `code`; `detail` is a catalogue
    /// [`Message`] or (not yet translated) an English sentence.
    pub fn new(pointer: impl Into<String>, code: ErrorCode, detail: impl Into<Message>) -> Self {
        let text = detail.into();
        FieldError { pointer: pointer.into(), code, detail: text.render(Lang::En), text }
    }

    /// What is wrong with the field, in `lang` (docs/i18n.md §Problems).
    pub fn message(&self, lang: Lang) -> String {
        render(self.code, &self.text, lang)
    }
}

/// The service's error: a client-facing problem or an internal fault.
///
/// A problem's HTTP status follows from its code ([`ErrorCode::status`]), so
/// no call site chooses one. Its text is a catalogue [`Message`], rendered in
/// the reader's language by [`Error::message`] (docs/i18n.md §Problems).
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A problem the client can act on (4xx, or 503).
    #[error("{code:?}: {detail}")]
    Problem {
        /// Rule that failed; decides the status.
        code: ErrorCode,
        /// A sentence a planner can act on, naming the objects involved (English).
        detail: String,
        /// The same as a catalogue message, for every language.
        text: Message,
        /// Field problems with JSON pointers (may be empty).
        errors: Vec<FieldError>,
    },
    /// A server fault; logged, never shown to the client.
    #[error("internal error: {0:#}")]
    Internal(#[from] anyhow::Error),
}

/// Result alias used throughout the crate.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// The detail of a problem whose field errors speak for it: each pointer with its message.
fn fields_detail(errors: &[FieldError], lang: Lang) -> String {
    errors.iter().map(|e| format!("{}: {}", e.pointer, e.message(lang))).collect::<Vec<_>>().join(" ")
}

impl Error {
    /// A problem of rule `code` (its status follows from the code) with a
    /// detail a planner can act on: a catalogue [`Message`], or (not yet
    /// translated) an English sentence.
    pub fn new(code: ErrorCode, detail: impl Into<Message>) -> Self {
        let text = detail.into();
        Error::Problem { code, detail: text.render(Lang::En), text, errors: Vec::new() }
    }
    /// A problem of rule `code` with its own detail and field errors.
    pub fn with_fields(code: ErrorCode, detail: impl Into<Message>, errors: Vec<FieldError>) -> Self {
        let text = detail.into();
        Error::Problem { code, detail: text.render(Lang::En), text, errors }
    }
    /// 404 `not_found` for an object of `kind` (its resource name, e.g. `teacher`) with `id`.
    pub fn not_found(kind: &str, id: i64) -> Self {
        Self::new(
            ErrorCode::NotFound,
            Message::new("error-not-found-id").arg_message("kind", Message::kind(kind)).arg("id", id),
        )
    }
    /// The problem for collected field errors (at least one): when any is a
    /// type error, 400 `invalid_type` listing only those (the other rules could
    /// not be checked on a mistyped body); otherwise the first error's code
    /// (422 for every field rule) listing all of them. Its detail is the field
    /// errors' messages, each after its pointer.
    pub fn fields(errors: Vec<FieldError>) -> Self {
        let type_errors: Vec<FieldError> =
            errors.iter().filter(|e| e.code == ErrorCode::InvalidType).cloned().collect();
        let errors = if type_errors.is_empty() { errors } else { type_errors };
        let code = errors.first().map_or(ErrorCode::Required, |e| e.code);
        let detail = fields_detail(&errors, Lang::En);
        Error::Problem { code, detail, text: Message::new(FIELDS_KEY), errors }
    }
    /// A single field error (see [`Error::fields`]).
    pub fn field(pointer: impl Into<String>, code: ErrorCode, detail: impl Into<Message>) -> Self {
        Self::fields(vec![FieldError::new(pointer, code, detail)])
    }
    /// Internal fault from any error.
    pub fn internal(err: impl Into<anyhow::Error>) -> Self {
        Error::Internal(err.into())
    }
    /// HTTP status of this error.
    pub fn status(&self) -> StatusCode {
        self.code().status()
    }
    /// The error code of this error.
    pub fn code(&self) -> ErrorCode {
        match self {
            Error::Problem { code, .. } => *code,
            Error::Internal(_) => ErrorCode::Internal,
        }
    }
    /// The problem's `detail` in `lang`, as the API and the web interface show
    /// it (docs/i18n.md §Problems); an internal fault says nothing internal.
    pub fn message(&self, lang: Lang) -> String {
        self.problem().detail(lang)
    }
    /// The field errors with their messages in `lang`: (JSON pointer, code, message).
    pub fn field_messages(&self, lang: Lang) -> Vec<(String, ErrorCode, String)> {
        match self {
            Error::Problem { errors, .. } => {
                errors.iter().map(|e| (e.pointer.clone(), e.code, e.message(lang))).collect()
            }
            Error::Internal(_) => Vec::new(),
        }
    }
    /// The problem's detail as a message of its own, to be shown inside
    /// another text (a plan-check finding): a detail without a catalogue key
    /// becomes `error-untranslated`, its English sentence in English and the
    /// general sentence of its code in any other language.
    pub fn text_message(&self) -> Message {
        let problem = self.problem();
        match &problem.text {
            Message::Literal(english) => Message::new("error-untranslated")
                .arg("english", english)
                .arg_message("general", Message::new(code_key(problem.code))),
            _ if problem.text.key() == Some(FIELDS_KEY) => Message::new("error-untranslated")
                .arg("english", problem.detail(Lang::En))
                .arg_message("general", Message::new(code_key(problem.code))),
            keyed => keyed.clone(),
        }
    }
    /// The problem as it is answered, before its language is chosen.
    fn problem(&self) -> Problem {
        match self {
            Error::Problem { code, text, errors, .. } => {
                Problem { status: code.status(), code: *code, text: text.clone(), errors: errors.clone() }
            }
            Error::Internal(_) => Problem {
                status: StatusCode::INTERNAL_SERVER_ERROR,
                code: ErrorCode::Internal,
                text: Message::new("error-internal-fault"),
                errors: Vec::new(),
            },
        }
    }
}

/// The marker key of a problem whose detail is its field errors' messages.
const FIELDS_KEY: &str = "error-fields";

/// A problem answer, kept as a response extension until its language is
/// known: [`Error::into_response`] renders it in English and attaches it; the
/// function `crate::api::lang::localise_problems` (called by the outermost
/// middleware), which knows the request's
/// `Accept-Language`, renders it again in the reader's language (docs/i18n.md §Problems).
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    /// The HTTP status.
    pub status: StatusCode,
    /// The error code.
    pub code: ErrorCode,
    /// The detail.
    pub text: Message,
    /// The field errors.
    pub errors: Vec<FieldError>,
}

impl Problem {
    /// The `detail` in `lang`.
    pub fn detail(&self, lang: Lang) -> String {
        if self.text.key() == Some(FIELDS_KEY) {
            return fields_detail(&self.errors, lang);
        }
        render(self.code, &self.text, lang)
    }

    /// The JSON problem body in `lang`.
    pub fn body(&self, lang: Lang) -> Vec<u8> {
        let errors: Vec<FieldErrorBody> = self
            .errors
            .iter()
            .map(|e| FieldErrorBody { pointer: &e.pointer, code: e.code.as_str(), detail: e.message(lang) })
            .collect();
        let body = ProblemBody {
            kind: "about:blank",
            title: self.status.canonical_reason().unwrap_or("Error"),
            status: self.status.as_u16(),
            detail: self.detail(lang),
            code: self.code.as_str(),
            errors,
        };
        serde_json::to_vec(&body).expect("problem body serialises")
    }

    /// The response in `lang`, with the problem attached as an extension.
    pub fn response(self, lang: Lang) -> Response {
        let mut res = (self.status, self.body(lang)).into_response();
        res.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static(PROBLEM_JSON));
        res.headers_mut().insert(header::CONTENT_LANGUAGE, HeaderValue::from_static(lang.tag()));
        if let Some(secs) = self.code.retry_after() {
            res.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        res.extensions_mut().insert(self);
        res
    }
}

/// RFC 9457 problem body with the `code` and `errors` extension members.
#[derive(Debug, Serialize)]
struct ProblemBody<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    title: &'static str,
    status: u16,
    detail: String,
    code: &'static str,
    errors: Vec<FieldErrorBody<'a>>,
}

/// A field error as the body shows it.
#[derive(Debug, Serialize)]
struct FieldErrorBody<'a> {
    pointer: &'a str,
    code: &'static str,
    detail: String,
}

/// The problem+json media type of error bodies.
pub const PROBLEM_JSON: &str = "application/problem+json";

/// Render a problem body with the given parts (in English; the middleware
/// renders it again in the reader's language).
pub fn problem_response(
    status: StatusCode,
    code: ErrorCode,
    detail: impl Into<Message>,
    errors: &[FieldError],
) -> Response {
    Problem { status, code, text: detail.into(), errors: errors.to_vec() }.response(Lang::En)
}

impl IntoResponse for Error {
    fn into_response(self) -> Response {
        if let Error::Internal(err) = &self {
            tracing::error!(error = %format!("{err:#}"), "internal error");
        }
        self.problem().response(Lang::En)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each code's documentation names its status; the two must agree.
    #[test]
    fn every_code_documents_its_status() {
        for code in ErrorCode::ALL {
            let documented = format!("({}", code.status().as_u16());
            let job_or_import =
                code.description().ends_with("(job error).") || code.description().ends_with("(import).");
            assert!(
                code.description().contains(&documented) || job_or_import,
                "{} is answered with {} but its description says otherwise",
                code.as_str(),
                code.status()
            );
        }
    }

    #[test]
    fn type_errors_decide_the_problem_of_field_errors() {
        let fields = vec![
            FieldError::new("/code", ErrorCode::Required, "missing"),
            FieldError::new("/weeks", ErrorCode::InvalidType, "not a number"),
        ];
        let err = Error::fields(fields);
        assert_eq!((err.status(), err.code()), (StatusCode::BAD_REQUEST, ErrorCode::InvalidType));
        let Error::Problem { errors, .. } = &err else { panic!("a problem") };
        assert_eq!(errors.len(), 1);
        let err = Error::fields(vec![FieldError::new("/code", ErrorCode::TooLong, "long")]);
        assert_eq!((err.status(), err.code()), (StatusCode::UNPROCESSABLE_ENTITY, ErrorCode::TooLong));
    }

    #[test]
    fn every_code_has_its_general_sentence_in_every_language() {
        for code in ErrorCode::ALL {
            for lang in Lang::ALL {
                assert!(i18n::has(*lang, &code_key(*code)), "{lang:?} lacks {}", code_key(*code));
            }
        }
    }

    #[test]
    fn a_problem_speaks_the_readers_language() {
        let err = Error::not_found("teacher", 5);
        assert_eq!(err.message(Lang::En), "There is no teacher with id 5.");
        assert_eq!(err.message(Lang::De), "Lehrperson mit der ID 5 gibt es nicht.");
        let Error::Problem { detail, .. } = &err else { panic!("a problem") };
        assert_eq!(detail, "There is no teacher with id 5.", "detail holds the English text");
        // A kind the catalogue lacks is shown as it is.
        assert_eq!(Error::not_found("widget", 2).message(Lang::De), "widget mit der ID 2 gibt es nicht.");
        // A detail without a key: English as written, elsewhere the code's general sentence.
        let literal = Error::new(ErrorCode::DuplicateCode, "Subject code `D` is taken.");
        assert_eq!(literal.message(Lang::En), "Subject code `D` is taken.");
        assert_eq!(literal.message(Lang::De), "Ein anderes Objekt dieser Art hat dieses Kürzel schon.");
        let internal = Error::internal(anyhow::anyhow!("secret"));
        assert_eq!(internal.message(Lang::En), "The server failed to process the request. The fault has been logged.");
        assert!(!internal.message(Lang::De).contains("secret"));
    }

    #[test]
    fn field_errors_speak_the_readers_language() {
        let err = Error::fields(vec![
            FieldError::new("/code", ErrorCode::Required, Message::new("error-field-required").arg("key", "code")),
            FieldError::new(
                "/weeks",
                ErrorCode::OutOfRange,
                Message::new("error-field-range").arg("key", "weeks").arg("min", 1).arg("max", 52),
            ),
        ]);
        assert_eq!(err.message(Lang::En), "/code: `code` is required. /weeks: `weeks` must be between 1 and 52.");
        assert_eq!(
            err.message(Lang::De),
            "/code: `code` ist ein Pflichtfeld. /weeks: `weeks` muss zwischen 1 und 52 liegen."
        );
        let fields = err.field_messages(Lang::De);
        assert_eq!(
            fields[1],
            ("/weeks".to_string(), ErrorCode::OutOfRange, "`weeks` muss zwischen 1 und 52 liegen.".to_string())
        );
        let body: serde_json::Value = serde_json::from_slice(&err.problem().body(Lang::De)).unwrap();
        assert_eq!(body["code"], "required");
        assert_eq!(body["errors"][0]["detail"], "`code` ist ein Pflichtfeld.");
        assert_eq!(body["errors"][0]["code"], "required");
        assert_eq!(body["detail"], err.message(Lang::De));
    }

    #[test]
    fn a_detail_inside_another_text_keeps_its_language() {
        let keyed = Error::not_found("course", 3).text_message();
        assert_eq!(keyed.render(Lang::De), "Kurs mit der ID 3 gibt es nicht.");
        let literal = Error::new(ErrorCode::ClassGradeMismatch, "Classes G27a and G28a differ.").text_message();
        assert_eq!(literal.render(Lang::En), "Classes G27a and G28a differ.");
        assert_eq!(literal.render(Lang::De), "Die Klassen eines Kurses müssen auf derselben Stufe sein.");
    }
}
