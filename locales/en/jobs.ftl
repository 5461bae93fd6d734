# The logs and errors of jobs (docs/i18n.md §Job logs), in the language of
# the request that started the job.

job-check-no-year = There is no school year to check.
job-check-year-count = School year { $year }: { $count ->
    [one] 1 finding.
   *[other] { $count } findings.
}
job-check-year-clean = School year { $year }: the plan check found nothing.
job-check-finding = { $severity ->
    [error] Error
   *[warning] Warning
}: { $detail }
job-opened = Created { $courses } courses, { $employments } employments and { $pool } pool entries.
job-opened-already = Created { $courses } courses, { $employments } employments and { $pool } pool entries (the year was opened already).
job-opening-warning = Warning: { $detail }
job-opening-course = Course { $id } ({ $subject }, { $classes })
job-file-written = { $name } written ({ $bytes } bytes).
job-sheets-typeset = { $count ->
    [one] 1 workload sheet typeset.
   *[other] { $count } workload sheets typeset.
}
job-mail-sent = Sent { $file } to { $code } ({ $email }).
job-mails-sent = { $count ->
    [one] 1 mail sent.
   *[other] { $count } mails sent.
}
job-failed-internal = The job failed because of a server fault; it has been logged.
job-product-not-stored = The product could not be stored.
