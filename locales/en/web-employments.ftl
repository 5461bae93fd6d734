# Planning → Employments and Pool (docs/web.md §Anstellungen, §Pool), English.

nav-employments = Employments
nav-pool = Pool

employments-title = Employments { $year }
employments-caption = The school year's employments with contract range, payment target and IPB balances
employments-count = { $shown } of { $total } employments
employments-none = No employment matches the search.
employments-search-hint = Code, name, division
employments-filter-division = Division
employments-new = New employment
employments-new-title = New employment
employments-edit-title = Edit employment { $code }
employments-detail-title = Employment { $code }
employments-in-use = Employment { $code } is still in use ({ $users }) and cannot be deleted. Remove the teacher from these courses and delete these entries first.
employments-back = Back to the employments
employments-delete-confirm = The employment will be deleted for good.
employments-done-created = The employment was created.
employments-done-saved = The employment was saved.
employments-done-deleted = The employment was deleted.
employments-code = Code
employments-name = Name
employments-teacher = Teacher
employments-year = School year
employments-division = Division
employments-range = Contract range
employments-min = Contract minimum (%)
employments-max = Contract maximum (%)
employments-payment1 = Payment target semester 1 (%)
employments-payment2 = Payment target semester 2 (%)
employments-temporary = Temporary employment
employments-comments = Comment
employments-initial-balance = IPB balance before the first employment (%)
employments-opening = IPB opening balance
employments-change = IPB change
employments-closing = IPB closing balance
employments-col-payment1 = Payment sem. 1
employments-col-payment2 = Payment sem. 2
employments-col-temporary = temporary
employments-user-pool = Pool entry
employments-user-posting = IPB posting
employments-user-theses = Theses

pool-title = Pool { $year }
pool-caption = The school year's pool entries
pool-count = { $shown } of { $total } pool entries
pool-none = No pool entry matches the search.
pool-search-hint = Teacher, description, type
pool-filter-teacher = Teacher
pool-filter-type = Type
pool-new = New entry
pool-new-title = New pool entry
pool-edit-title = Edit pool entry { $code }
pool-detail-title = Pool entry { $code }
pool-in-use = Pool entry { $code } is still in use ({ $users }).
pool-back = Back to the pool
pool-delete-confirm = The pool entry will be deleted for good.
pool-done-created = The pool entry was created.
pool-done-saved = The pool entry was saved.
pool-done-deleted = The pool entry was deleted.
pool-teacher = Teacher
pool-year = School year
pool-type = Type
pool-description = Description
pool-percent1 = Percent semester 1
pool-percent2 = Percent semester 2
employments-notes-marker = { $count ->
    [one] 1 note about { $teacher }
   *[other] { $count } notes about { $teacher }
}
