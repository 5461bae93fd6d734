# Web interface: the master-data screens and their forms (docs/web.md §Teachers,
# §Master-data forms), English.

## Shared by the forms
form-save = Save
form-cancel = Cancel
form-edit = Edit
form-archive = Archive
form-unarchive = Reactivate
form-delete = Delete …
form-delete-confirm = Delete for good
form-none = (none)
form-choose = (please choose)
form-yes = yes
form-no = no
form-search = Search
form-state = State
form-state-all = all
form-state-active = active
form-state-archived = archived
form-active = active
form-archived = archived
form-has-errors = Please correct the marked entries; nothing was saved.
form-changed-by = Last changed by { $name } on { $at }.
form-changed-meanwhile = Someone else has changed this record in the meantime; nothing was changed. Below is its current state.
form-conflict-title = Changed in the meantime
form-conflict-intro = Someone else has changed this record since you opened the form; your change was not saved.
form-conflict-field = Field
form-conflict-theirs = Saved now
form-conflict-yours = Your entry
form-conflict-again = The form still holds your entries. Save again to write them over the current state, or cancel.
form-in-use = { $object } cannot be deleted because it is still used by: { $users }. Archive the record instead.
form-user-course = course
form-user-employment = employment
form-user-note = note

## Teachers
teachers-new = New teacher
teachers-new-title = New teacher
teachers-edit-title = Edit teacher { $code }
teachers-detail-title = Teacher { $code } ({ $name })
teachers-object = The teacher { $code }
teachers-back = Back to the list
teachers-birthday = Date of birth
teachers-title-field = Title
teachers-employee-number = Employee number
teachers-gender = Gender
teachers-departments = Subject categories
teachers-delete-confirm = The teacher is deleted for good. This is only possible while they have no employment and no course.
teachers-done-created = The teacher was added.
teachers-done-saved = The changes were saved.
teachers-done-archived = The teacher was archived.
teachers-done-unarchived = The teacher was reactivated.
teachers-done-deleted = The teacher was deleted.

## Subjects
subjects-title = Subjects
subjects-caption = Subjects
subjects-count = { $shown } of { $total } subjects
subjects-none = No subject matches the search.
subjects-search-hint = code, designation, category or type
subjects-new = New subject
subjects-new-title = New subject
subjects-edit-title = Edit subject { $code }
subjects-detail-title = Subject { $code } ({ $name })
subjects-object = The subject { $code }
subjects-back = Back to the list
subjects-code = Code
subjects-description = Designation
subjects-category = Subject category
subjects-type = Subject type
subjects-cross-class = across classes
subjects-class-lesson = class lesson
subjects-external-code = Code in the school administration
subjects-delete-confirm = The subject is deleted for good. This is only possible while it has no course.
subjects-done-created = The subject was added.
subjects-done-saved = The changes were saved.
subjects-done-archived = The subject was archived.
subjects-done-unarchived = The subject was reactivated.
subjects-done-deleted = The subject was deleted.

## Classes
classes-title = Classes
classes-caption = Classes
classes-count = { $shown } of { $total } classes
classes-none = No class matches the search.
classes-search-hint = class, graduation year, curriculum or division
classes-new = New class
classes-new-title = New class
classes-edit-title = Edit class { $code }
classes-detail-title = Class { $code } ({ $name })
classes-object = The class { $code }
classes-back = Back to the list
classes-code = Class
classes-graduation-year = Graduation year
classes-curriculum = Curriculum
classes-division = Division
classes-delete-confirm = The class is deleted for good. This is only possible while it has no course.
classes-done-created = The class was added.
classes-done-saved = The changes were saved.
classes-done-archived = The class was archived.
classes-done-unarchived = The class was reactivated.
classes-done-deleted = The class was deleted.
