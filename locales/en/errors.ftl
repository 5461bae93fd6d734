# Problem details (docs/i18n.md §Problems). `error-<code>` is the general
# sentence of a code, shown when a problem's own text has no key yet; the
# other keys are the texts of single rules, word for word as the API has
# always answered in English.

## The general sentence of each code

error-malformed-json = The request body is not valid JSON.
error-body-not-object = The request body must be a JSON object.
error-invalid-type = A field has a type that cannot be read as the field's type.
error-invalid-query = A query parameter cannot be read, or a required one is missing.
error-invalid-path-id = The id in the path is not a positive integer.
error-unauthenticated = The credentials are missing or invalid.
error-forbidden = Your role does not allow this request.
error-not-found = The object does not exist.
error-method-not-allowed = This method is not allowed on this path; see the Allow header.
error-duplicate-code = Another object of this kind already has this code.
error-duplicate-graduation-year = Another school year already has this graduation year.
error-duplicate-employment = The teacher already has an employment in this school year.
error-duplicate-saldo-order = Another payroll type already has this saldoResolvingOrder.
error-referenced = The object is still used by other objects and cannot be deleted; archive it instead.
error-own-token = A token cannot revoke itself.
error-own-account = You cannot remove your own grant right or delete your own account.
error-teacher-has-account = The teacher has an account already; each teacher has at most one.
error-not-released = The sheet of this school year has not been released to the teachers yet.
error-teacher-binding = An account of the role teacher needs the teacher it belongs to, and only such an account may have one.
error-school-year-locked = The school year is archived or finalised: its courses and employments cannot be changed.
error-concurrent-update = The change collided with another change; please retry.
error-precondition-failed = The object has changed since you read it (If-Match does not match).
error-invalid-header = A conditional header (If-Match, If-None-Match) cannot be read.
error-payload-too-large = The request body is too large.
error-unsupported-media-type = Send the request body as JSON with Content-Type: application/json.
error-rate-limited = Too many requests; please wait a moment.
error-too-many-jobs = You already have as many unfinished jobs as the server allows; start more once one has finished.
error-header-too-large = The request header is too large.
error-required = A required field is missing.
error-missing-field = A field is missing; a PUT body carries every writable field (send null to clear it).
error-out-of-range = A number is outside its allowed range.
error-too-long = A text is too long.
error-too-precise = A number has more than 4 decimal places.
error-invalid-character = A text contains a character that is not allowed.
error-invalid-email = The e-mail address is not valid.
error-invalid-date = The date is not a real date in the form YYYY-MM-DD.
error-date-out-of-range = The date lies outside the years 1900 to 2200.
error-date-in-future = The birthday lies in the future.
error-invalid-binary = The file is not readable or too large.
error-unknown-reference = A referenced object does not exist.
error-duplicate-entry = A list holds the same entry twice.
error-employment-range = The lowest employment is greater than the highest.
error-ipb-needs-lessons = IPB correction is only possible for a lesson-based payroll type.
error-not-lesson-based = The payroll type is percent-based: it has no weekly lessons.
error-date-order = An end date lies before its start date.
error-unknown-calculation-mode = The calculation mode does not exist.
error-class-not-in-school-year = A class has no grade in the course's school year.
error-class-grade-mismatch = The classes of a course must share one grade.
error-class-curriculum-mismatch = The classes of a course must share one curriculum.
error-grade-mismatch = The grade or curriculum disagrees with the one of the classes.
error-grade-not-in-curriculum = The grade does not belong to the curriculum.
error-cross-class-with-classes = A cross-class course must not have classes.
error-teacher-not-employed = A teacher has no employment in this school year.
error-invalid-course-command = A request mixes merge, split and course fields.
error-merge-too-few = A merge needs at least two different courses.
error-merge-duplicate-id = A merge lists the same course twice.
error-merge-subject-mismatch = Merged courses must share one subject.
error-merge-cross-class = Courses of a cross-class subject cannot be merged.
error-merge-school-year-mismatch = Merged courses must share one school year.
error-merge-grade-mismatch = Merged courses must share one grade.
error-merge-curriculum-mismatch = Merged courses must share one curriculum.
error-split-cross-class = Courses of a cross-class subject cannot be split.
error-split-single-class = Only a course with more than one class can be split.
error-lesson-table-side = The lesson table row is on the wrong side of the cross-class rule.
error-no-previous-year = The school year has no school year before it to copy from.
error-unknown-job = The job does not exist.
error-job-not-available = The job cannot be run on this server, or not this way.
error-job-running = The job is running already; wait until it finishes.
error-missing-email = A teacher to be mailed has no valid e-mail address; nothing was sent.
error-document-failed = A document could not be typeset.
error-mail-failed = A mail could not be sent.
error-invalid-dataset = The dataset file is malformed or a record breaks a rule.
error-internal = The server failed to process the request.
error-unavailable = The database does not answer, or the request took too long; please retry.

## Texts of single rules

error-fields = Some fields are wrong.
error-internal-fault = The server failed to process the request. The fault has been logged.
error-not-found-id = There is no { $kind } with id { $id }.
error-no-such-path = There is no such path.
error-timeout = The request took too long and was cancelled; please retry.
error-not-processed = The request could not be processed.
error-unknown-reference-id = There is no { $kind } with id { $id }.
error-field-missing = `{ $key }` is missing; a PUT body carries every writable field (send null to clear it).
error-field-required = `{ $key }` is required.
error-field-type = `{ $key }` must be { $expected ->
    [string] a string
    [boolean] a boolean
    [number] a number
    [whole-number] a whole number
    [id-map] an object whose keys are ids
    [reference-list] a list of references
    [date] a date string YYYY-MM-DD
    [binary] an object {"{"}fileName, mimeType, data{"}"} or null
   *[binary-strings] an object whose mimeType and data are strings
}.
error-field-too-long = `{ $key }` is longer than { $max } characters.
error-field-range = `{ $key }` must be between { $min } and { $max }.
error-field-precise = `{ $key }` has more than 4 decimal places.
error-field-one-of = `{ $key }` must be one of { $options }.
error-field-invalid-date = `{ $key }` must be a real date in the form YYYY-MM-DD.
error-field-future = `{ $key }` lies in the future.
error-field-date-years = `{ $key }` must lie in the years { $from } to { $to }.
error-field-email = `{ $key }` is not a valid e-mail address.
error-field-twice = `{ $key }` lists id { $id } twice.
error-field-reference = `{ $pointer }` must be a reference: {"{"}"id": N{"}"}, N or "N".
error-school-year-locked-state = School year { $year } is { $state ->
    [archived] archived
   *[finalised] finalised
}: its courses and employments cannot be changed. Reopen the school year first.
error-course-year-locked = School year { $year } is { $state ->
    [archived] archived
   *[finalised] finalised
}: its courses cannot be { $action ->
    [created] created
    [deleted] deleted
    [merged] merged
    [split] split
   *[changed] changed
}. Reopen the school year first.
error-teacher-not-employed-year = Teacher { $teacher } has no employment in school year { $year }; create the employment first.
error-teacher-no-employment = Teacher { $teacher } has no employment in school year { $year }.
error-teacher-not-employed-course = Teacher { $teacher } has no employment in school year { $year }; add one before assigning courses.

## Nouns of the object kinds

kind-account = account
kind-calculation-mode = calculation mode
kind-course = course
kind-curriculum = curriculum
kind-division = division
kind-employment = employment
kind-file = file
kind-gender = gender
kind-grade = grade
kind-job = job
kind-lesson-type = lesson type
kind-move-report = Migration report
kind-note = note
kind-payroll-type = payroll type
kind-pool-entry = pool entry
kind-pool-type = pool type
kind-posting = posting
kind-posting-type = posting type
kind-school-class = school class
kind-school-year = school year
kind-subject = subject
kind-subject-category = subject category
kind-subject-type = subject type
kind-teacher = teacher
kind-thesis-type = thesis type
kind-token = token

## A detail inside another text (a finding) that has no key yet: the English
## sentence as it is; other languages show the general sentence of its code.

error-untranslated = { $english }

# Course rules (domain/course.rs), one sentence each.
error-course-needs-class = A course of subject { $subject } needs at least one school class (the subject is not cross-class).
error-class-not-in-year = Class { $class } has no grade in school year { $year }: it does not attend school that year.
error-class-grade-mismatch-classes = Class { $first } is in grade { $firstGrade } and class { $other } in grade { $otherGrade } in school year { $year }: the classes of a course must share one grade.
error-class-curriculum-mismatch-classes = Class { $first } follows curriculum { $firstCurriculum } and class { $other } curriculum { $otherCurriculum }: the classes of a course must share one curriculum.
error-merge-listed-twice = Course { $id } is listed twice: list every course to merge once.
error-merge-too-few-given = A merge needs at least two courses; { $count } given.
error-split-cross-class-course = { $course } belongs to cross-class subject { $subject }: it has no classes to split by.
error-split-single-class-course = { $course } has only one class: only a course with more than one class can be split.

# WorkloadMail (src/jobs/mail.rs, src/jobs/run.rs)
error-mail-not-configured = Mailing is not configured on this server (start it with --smtp-url).
error-mail-no-texts = The job has no mail texts.
error-mail-header-character = mailFrom or mailSubject holds a control character; no mail was sent.
error-mail-from = mailFrom is no address ({ $reason }).
error-mail-missing-addresses = These teachers have no valid e-mail address, so no mail was sent: { $codes }.
error-mail-name-character = The name, code or e-mail address of these teachers holds a control character, so no mail was sent: { $codes }.
error-mail-bad-address = { $email } is no address ({ $reason }).
error-mail-send-failed = Sending the mail to { $code } ({ $email }) failed: { $reason }. The mails logged before were sent.

# Course rules: cross-class subjects, grade and curriculum (src/domain/course.rs)
error-course-grade-differs = The classes are in grade { $grade } in school year { $year }; leave `grade` out or send that grade.
error-course-curriculum-differs = The classes follow curriculum { $curriculum }; leave `curriculum` out or send that curriculum.
error-cross-class-with-classes-named = Subject { $subject } is cross-class: its courses have a grade but no school classes. Send `schoolClasses` empty or leave it out.
error-cross-class-with-classes-field = must be empty for a cross-class subject
error-cross-class-grade-required = `grade` is required: subject { $subject } is cross-class.
error-cross-class-curriculum-required = `curriculum` is required: subject { $subject } is cross-class.
error-grade-not-in-curriculum-named = Grade { $grade } is not a grade of curriculum { $curriculum }.
error-grade-not-in-curriculum-field = not a grade of the curriculum
error-merge-cross-class-named = Subject { $subject } is cross-class: its courses have no classes and cannot be merged.
error-cross-class-course-field = course of a cross-class subject

# Form rules of employments, postings and school years (src/domain/{employment,pool,schoolyear}.rs)
error-employment-range-values = `employmentMin` ({ $min }) is greater than `employmentMax` ({ $max }).
error-date-order-values = `endDate` ({ $end }) lies before `startDate` ({ $start }).
error-unknown-calculation-mode-id = There is no calculation mode with id { $id }; see /calculationmode.
error-weekly-lessons-percent-based = Payroll type { $id } is percent-based: it has no weekly lessons.
