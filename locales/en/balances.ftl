# The balance report of the job CalculateBalances (docs/i18n.md §Balance report).

balance-nothing-to-recalculate = Balances are computed on every read; nothing needs recalculating.
balance-no-locked-year = No school year is locked: there are no frozen balances to compare.
balance-year-equal = School year { $year }: the frozen balances of { $compared } employments equal a fresh computation.
balance-year-differs = School year { $year }: { $count } of { $compared } employments have frozen balances that differ from a fresh computation (the data changed after the year was locked; unlock and lock it again to refreeze):
balance-difference = { $teacher }: opening balance frozen { $opening } / fresh { $openingFresh }, closing balance frozen { $closing } / fresh { $closingFresh }
balance-teacher-id = teacher { $id }
