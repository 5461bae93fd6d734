# Problem details of single rules that had English literals before (docs/i18n.md §Problems).
# The English texts are the ones the API has always answered, word for word.


# Request bodies, paths and query parameters (src/api/extract.rs and the handlers)
error-body-too-large = The request body is too large.
error-body-unreadable = The request body could not be read.
error-body-not-json-type = Send the request body as JSON with Content-Type: application/json.
error-body-invalid-json = The request body is not valid JSON: { $reason }.
error-body-object = The request body must be a JSON object.
error-path-id = `{ $raw }` is not a valid id: ids are positive integers.
error-path-lesson-table-id = `{ $id }` is not a lesson table id `<curriculumId>-<subjectId>[-<divisionId>]`.
error-path-thesis-id = `{ $id }` is not a thesis id `<schoolYearId>-<teacherId>`.
error-no-theses = There are no theses { $id }: the teacher has no employment in that school year.
error-query-character = Query parameter `{ $name }` holds a control character or a bidirectional override.
error-query-value = Query parameter `{ $name }={ $value }` is not { $expected }.
error-query-expected-id = a valid id
error-query-expected-boolean = true or false
error-query-expected-one-of = one of: { $options }
error-query-expected-time = an RFC 3339 time or a date
error-query-required = Query parameter `{ $name }` is required.
error-query-employments-filter = Query parameter `schoolYear` or `teacher` is required to list employments.
error-query-grade-needs-year = Query parameter `grade` needs `schoolYear`: a class has a grade only in a given school year.
error-query-employed-needs-year = `employed` needs `schoolYear`.

# Authentication and roles (src/api/auth.rs)
error-auth-no-token = This request needs an API token: send Authorization: Bearer <token>.
error-auth-bad-header = The Authorization header does not hold a valid bearer token.
error-auth-token-unknown = The token is unknown, expired or revoked.
error-auth-role = Account { $account } has role { $role }; this request needs role { $needed }.
error-auth-rate-limited = Too many requests for this token; retry in { $wait } s.
error-auth-sign-on-refused = The identity provider's token is not valid here.
error-auth-sign-on-no-account = There is no account named { $name }; ask an administrator to create it.
error-auth-needs-token = This request needs an API token.

# Jobs (src/api/job.rs, src/service/job.rs, src/jobs, src/domain/job.rs)
error-jobs-too-many = You have { $limit } unfinished jobs, as many as this server allows; start the next one once one of them has finished.
error-job-standing-role = Starting a standing job needs role planner; account { $account } has role { $role }.
error-job-not-standing = Job { $id } is not a standing job: only jobs 1–3 are started with PUT; start others with POST /job.
error-job-action = `action` must be "start".
error-job-running-id = Job { $id } ({ $name }) is running already.
error-job-role = The job { $name } needs role { $needed }; account { $account } has role { $role }.
error-job-not-available-here = The job { $name } ({ $title }) is not available on this server yet.
error-job-no-sheet = Teacher { $teacher } has no employment in school year { $year }: there is no workload sheet.
error-job-unknown-name = There is no job `{ $name }`; the jobs are { $jobs }.

# Unique values and the database (src/store)
error-taken-account-name = An account with this name already exists.
error-taken-division = A division with this code already exists.
error-taken-subject-category = A subject category with this code already exists.
error-taken-subject-type = A subject type with this code already exists.
error-taken-gender = A gender with this code already exists.
error-taken-subject = A subject with this code already exists.
error-taken-curriculum = A curriculum with this code already exists.
error-taken-grade = A grade with this code already exists.
error-taken-school-class = A school class with this code already exists.
error-taken-payroll-type = A payroll type with this code already exists.
error-taken-pool-type = A pool type with this code already exists.
error-taken-posting-type = A posting type with this code already exists.
error-taken-thesis-type = A thesis type with this code already exists.
error-taken-teacher = A teacher with this code already exists.
error-taken-school-year = A school year with this code already exists.
error-taken-employment = The teacher already has an employment in this school year.
error-taken-saldo-order = Another payroll type already has this saldoResolvingOrder.
error-taken-graduation-year = A school year with this graduation year already exists.
error-list-entry-twice = A list holds the same entry twice.
error-taken-values = An object with these values already exists.
error-foreign-key = The change refers to an object that no longer exists, or removes one that is still referenced.
error-collided = The change collided with a concurrent change. Please retry.
error-database-busy = The database is busy or does not answer. Please retry.
error-not-saved = The change could not be saved. Please retry.
error-given-up = The request was given up (it took too long, or its client went away); nothing was saved.

# Accounts, tokens, conditions and opening (src/service)
error-own-account-grant = Account { $account } is your own: you cannot remove your own grant right; ask another administrator.
error-own-account-delete = Account { $account } is your own: you cannot delete it; ask another administrator.
error-own-token-id = Token { $id } is the one this request uses: revoke it with another admin token or `schoolplan token revoke { $id }`.
error-audit-admin-only = Only administrators may read the audit trail.
error-no-account-named = There is no account named { $name }.
error-changed-since-read = The { $kind } with id { $id } has changed since it was read: If-Match does not match its current ETag. Read it again and reapply the change.
error-none-match = The { $kind } with id { $id } matches If-None-Match, so the change was not made.
error-condition-unreadable = `{ $name }` must be `*` or a comma-separated list of entity tags such as "1a2b".
error-opening-locked = School year { $year } is { $state ->
    [archived] archived
   *[finalised] finalised
}: it cannot be opened. Reopen the school year first.
kind-lesson-table-row = lesson table row
kind-theses = theses

# Field rules of the body reader and the forms (src/domain)
error-field-object = `{ $pointer }` must be an object.
error-field-character = `{ $key }` contains the character { $char }; this text takes { $allowed ->
    [multi-line] line feeds and tabs, but no other control character
   *[single-line] no control character (no line break, no tab)
} and no bidirectional override.
error-id-map-key = `{ $key }`: the key `{ $k }` is not an id.
error-id-map-number = `{ $key }`: the value of `{ $k }` must be a number.
error-id-map-range = `{ $key }`: the value of `{ $k }` must be between { $min } and { $max }.
error-id-map-precise = `{ $key }`: the value of `{ $k }` has more than 4 decimal places.
error-field-sender = `{ $key }` is not a valid sender address (`name@school.ch` or `Name <name@school.ch>`).
error-binary = `{ $key }`: { $why }
error-binary-no-mime = mimeType is required.
error-binary-no-data = data is required.
error-binary-too-large = larger than 1 MiB.
error-binary-base64 = data is not valid base64.
error-binary-mime = mimeType must be image/png or image/jpeg.
error-binary-bytes = the bytes are not of type { $mime }.
error-binary-file-name = `{ $key }`: fileName contains the character { $char }.
error-number-huge = the number { $number } is larger than any field holds.
error-number-lossy = the number { $number } has more decimal places than any field holds (at most 4).
error-lesson-type-unknown = `type` must be a lesson type of /lessontype: its id, code or reference form.
error-lesson-grade-twice = Grade { $grade } appears twice in `details`.
error-lesson-details-list = `details` must be a list of {"{"}grade, type, lessons1, lessons2{"}"}.
error-lesson-side-cross-class = Subject { $subject } is cross-class: its lesson table row belongs to the curriculum alone, without a division (id `<curriculum>-<subject>`).
error-lesson-side-per-class = Subject { $subject } is taught per class: its lesson table row needs a division (id `<curriculum>-<subject>-<division>`).
error-lesson-grade-not-in-curriculum = Grade { $grade } does not belong to curriculum { $curriculum }.
error-grade-payroll-type-reference = `{ $pointer }` must be a payroll type reference: {"{"}"id": N{"}"}, N, "N" or null.
error-curriculum-grades-required = `grades` is required: list at least one grade, entry grade first.
error-weekly-lessons-zero = `weeklyLessons`: a full position needs more than 0 lessons per week.
error-weeks-required = `weeks` is required (there is no earlier school year to copy it from).
error-ipb-needs-lessons-field = `ipbCorrectionAllowed` needs `lessonBased`: the IPB correction is booked in lessons.
error-opening-no-previous = School year { $year } cannot be opened: there is no school year before it (graduation year below { $graduation }) to copy employments, courses and pool entries from. Create the previous school year first, or plan this one by hand.
error-opening-teacher-not-employed = Teacher { $teacher } of a copied { $subject } course has no employment in school year { $year }.

# Request headers and documents (src/app.rs, src/documents)
error-header-size = The request header has { $fields } fields of { $bytes } bytes; at most { $maxFields } fields of { $maxKib } KiB in all are accepted.
error-document-typeset = The document could not be typeset ({ $stage }): { $messages }.

# Objects still in use (docs/contract.md §Deleting): the users named by the store
error-user = { $kind } { $rest }
error-user-of = { $kind } of { $rest }
error-users-and = { $list } and { $last }
error-users-more = { $list } and { $more } more
error-in-use = The { $kind } is still used by { $users }.
error-in-use-named = The { $kind } { $code } is used by { $users }; it cannot be deleted.
error-in-use-lesson-based = The payroll type { $code } is used by { $users }; it must stay lesson-based.
error-in-use-division = Division { $code } is still used by { $users }; move them to another division first.
error-in-use-subject = Subject { $code } is still used by { $users }; archive the subject instead.
error-in-use-school-class = School class { $code } is still used by { $users }; archive the class instead.
error-in-use-teacher = Teacher { $code } is still referenced by { $users }; archive the teacher instead.
error-in-use-curriculum = Curriculum { $code } is still used by { $users }; archive the curriculum instead.
error-in-use-school-year = School year { $code } still has { $users }; archive the school year instead.
error-in-use-employment = Teacher { $teacher } still has { $users } in school year { $year }; the employment cannot be { $what ->
    [deleted] deleted
   *[other] moved to another teacher or school year
}. Remove the teacher from these courses and delete these entries first.

# Jobs that another server or a stop ends (src/jobs/mod.rs; LEASE_ERROR, STOP_ERROR in English)
job-failed-lease = The server running the job stopped answering (its lease ran out); the job was not finished. Please start it again.
job-failed-stopped = The server running the job was stopped; the job was not finished. Please start it again.

# A teacher's workload asked for a year without their employment (404).
error-no-workload = Teacher { $teacher } has no employment in school year { $year }: there is no workload.

# Faults of the database (docs/faults.md)
error-database-unavailable = The connection to the database is interrupted; please retry in a few seconds.
error-disk-full = The database's disk is full: the change was not saved. Reading goes on; changes are possible again once space is freed (please tell the operators).
error-connection-lost = The connection to the database was lost; nothing was saved. Please retry in a few seconds.
error-commit-unknown = The connection to the database was lost while saving: whether the change was saved is not known. Please reload the object before you retry.
error-database-locked = Another program has held the database locked for more than { $seconds } s; nothing was saved. Please retry in a few seconds.
error-account-teacher-only = A teacher is bound only to an account of the role “teacher”, not of the role { $role }.
error-account-teacher-needed = An account of the role “teacher” belongs to exactly one teacher: choose the teacher when creating the account. An existing account cannot become a teacher's.
error-teacher-has-account-named = This teacher has the account { $account } already.
error-not-released-year = Your sheet for the school year { $year } has not been released yet. You will be told once the school releases it.
error-not-a-teacher = This account belongs to no teacher; “My workload” exists only for accounts of the role “teacher”.
error-sheet-changed = Your sheet has changed since you opened it (version { $seen }, now { $now }). Please read it again, then confirm.
error-confirmation-remark-or-question = Send either a remark with your confirmation or a question, not both.
error-no-question = There is no open question about this sheet.
