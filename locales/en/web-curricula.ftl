# Web interface: master data → curricula, lesson table, school years
# (docs/web.md §Curricula, §Lesson table, §School years), English.

form-user-school-class = class

## Curricula
curricula-nav = Curricula
curricula-title = Curricula
curricula-caption = Curricula
curricula-count = { $shown } of { $total } curricula
curricula-none = No curriculum matches the search.
curricula-search-hint = Code, designation or grade
curricula-new = New curriculum
curricula-new-title = New curriculum
curricula-edit-title = Edit curriculum { $code }
curricula-detail-title = Curriculum { $code } ({ $name })
curricula-object = Curriculum { $code }
curricula-back = Back to the list
curricula-delete-confirm = The curriculum is deleted for good. This is only possible while no class and no course uses it.
curricula-done-created = The curriculum was created.
curricula-done-saved = The changes were saved.
curricula-done-archived = The curriculum was archived.
curricula-done-unarchived = The curriculum was reactivated.
curricula-done-deleted = The curriculum was deleted.
curricula-code = Code
curricula-description = Designation
curricula-grades = Grades
curricula-grades-field = Grades (in the curriculum's order, entry grade first)
curricula-grade-label = Grade { $grade }
curricula-grade-fact = Payroll type { $payroll } · class lesson { $classlesson }
curricula-grade-payroll = Payroll type of grade { $grade }
curricula-grade-class-lesson = Class-lesson payroll type of grade { $grade }
curricula-lessontable-link = Lesson table of this curriculum

## Lesson table
lessontable-nav = Lesson table
lessontable-title = Lesson table
lessontable-curriculum = Curriculum
lessontable-division = Division
lessontable-cross-class = Cross-class subjects
lessontable-show = Show
lessontable-none = There are no subjects for this choice.
lessontable-hint = Lessons per week per grade (1st / 2nd semester where they differ) and how the course comes about when a school year is opened.
lessontable-subject = Subject
lessontable-actions = Actions
lessontable-edit = Edit
lessontable-caption = Lesson table { $curriculum }, { $side }
lessontable-lessons = { $n } L
lessontable-type-noLessons = none
lessontable-type-start = start
lessontable-type-continuation = continuation
lessontable-type-startOptional = optional start
lessontable-type-startRepeating = start, repeating
lessontable-type-of = Type, grade { $grade }
lessontable-lessons1-of = Lessons 1st semester, grade { $grade }
lessontable-lessons2-of = Lessons 2nd semester, grade { $grade }
lessontable-short-type = Type
lessontable-short-lessons1 = Lessons 1st sem.
lessontable-short-lessons2 = Lessons 2nd sem.

## School years
schoolyears-nav = School years
schoolyears-title = School years
schoolyears-caption = School years
schoolyears-count = { $shown } of { $total } school years
schoolyears-none = No school year matches the search.
schoolyears-search-hint = Code, designation or graduation year
schoolyears-new = Open a school year …
schoolyears-new-title = Open a school year
schoolyears-edit-title = Edit school year { $code }
schoolyears-detail-title = School year { $code } ({ $name })
schoolyears-object = School year { $code }
schoolyears-back = Back to the list
schoolyears-delete-confirm = The school year is deleted for good. This is only possible while it has no courses, employments or pool entries.
schoolyears-done-created = The school year was created.
schoolyears-done-saved = The changes were saved.
schoolyears-done-archived = The school year was archived.
schoolyears-done-unarchived = The school year was reactivated.
schoolyears-done-deleted = The school year was deleted.
schoolyears-code = Code
schoolyears-description = Designation
schoolyears-graduation-year = Graduation year
schoolyears-weeks = School weeks
schoolyears-mode = Calculation mode
schoolyears-surcharge = Small-group surcharge (lessons)
schoolyears-weekly = Lessons per full position, { $type }
schoolyears-weekly-id = Lessons per full position, payroll type { $id }
schoolyears-finalised = Planning finished
schoolyears-show-ipb = Show IPB balances
schoolyears-lessons = { $n } L
schoolyears-grid-link = Planning grid of this school year
schoolyears-overview-link = Year overview of this school year
