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
teachers-state-all = all
teachers-state-active = active
teachers-state-archived = archived
teachers-delete-confirm = The teacher is deleted for good. This is only possible while they have no employment and no course.
teachers-done-created = The teacher was added.
teachers-done-saved = The changes were saved.
teachers-done-archived = The teacher was archived.
teachers-done-unarchived = The teacher was reactivated.
teachers-done-deleted = The teacher was deleted.
