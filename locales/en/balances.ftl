# The balance report of the job CalculateBalances (docs/i18n.md §Balance report) and the warnings of the workload calculation.

balance-nothing-to-recalculate = Balances are computed on every read; nothing needs recalculating.
balance-no-locked-year = No school year is locked: there are no frozen balances to compare.
balance-year-equal = School year { $year }: the frozen balances of { $compared } employments equal a fresh computation.
balance-year-differs = School year { $year }: { $count } of { $compared } employments have frozen balances that differ from a fresh computation (the data changed after the year was locked; unlock and lock it again to refreeze):
balance-difference = { $teacher }: opening balance frozen { $opening } / fresh { $openingFresh }, closing balance frozen { $closing } / fresh { $closingFresh }
balance-teacher-id = teacher { $id }

# The warnings of the workload calculation (docs/workload.md §Response, `warnings`).
workload-warning-no-weekly-lessons = School year { $year } has no weeklyLessons for payroll type { $type }: its lessons count 0 %.
workload-warning-no-payroll-type = { $course } counts nothing: its grade has no payroll type for it.
