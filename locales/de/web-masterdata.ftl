# Web interface: the master-data screens and their forms (docs/web.md §Teachers,
# §Master-data forms), German.

## Shared by the forms
form-save = Speichern
form-cancel = Abbrechen
form-edit = Bearbeiten
form-archive = Archivieren
form-unarchive = Reaktivieren
form-delete = Löschen …
form-delete-confirm = Endgültig löschen
form-none = (keine Angabe)
form-has-errors = Bitte korrigieren Sie die markierten Angaben; es wurde nichts gespeichert.
form-changed-by = Zuletzt geändert von { $name } am { $at }.
form-changed-meanwhile = Jemand anderes hat diesen Datensatz inzwischen geändert; es wurde nichts geändert. Unten sehen Sie den aktuellen Stand.
form-conflict-title = Inzwischen geändert
form-conflict-intro = Jemand anderes hat diesen Datensatz geändert, seit Sie das Formular geöffnet haben; Ihre Änderung wurde nicht gespeichert.
form-conflict-field = Feld
form-conflict-theirs = Jetzt gespeichert
form-conflict-yours = Ihre Eingabe
form-conflict-again = Das Formular enthält weiterhin Ihre Eingaben. Speichern Sie erneut, um sie über den aktuellen Stand zu schreiben, oder brechen Sie ab.
form-in-use = { $object } kann nicht gelöscht werden, weil es noch verwendet wird von: { $users }. Archivieren Sie den Datensatz stattdessen.
form-user-course = Kurs
form-user-employment = Anstellung
form-user-note = Notiz

## Lehrpersonen
teachers-new = Neue Lehrperson
teachers-new-title = Neue Lehrperson
teachers-edit-title = Lehrperson { $code } bearbeiten
teachers-detail-title = Lehrperson { $code } ({ $name })
teachers-object = Die Lehrperson { $code }
teachers-back = Zurück zur Liste
teachers-birthday = Geburtsdatum
teachers-title-field = Titel
teachers-employee-number = Personalnummer
teachers-gender = Geschlecht
teachers-departments = Fachgebiete
teachers-state-all = alle
teachers-state-active = aktive
teachers-state-archived = archivierte
teachers-delete-confirm = Die Lehrperson wird endgültig gelöscht. Das geht nur, solange sie keine Anstellung und keinen Kurs hat.
teachers-done-created = Die Lehrperson wurde erfasst.
teachers-done-saved = Die Änderungen wurden gespeichert.
teachers-done-archived = Die Lehrperson wurde archiviert.
teachers-done-unarchived = Die Lehrperson wurde reaktiviert.
teachers-done-deleted = Die Lehrperson wurde gelöscht.
