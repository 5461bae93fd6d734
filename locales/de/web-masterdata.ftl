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
form-choose = (bitte wählen)
form-yes = ja
form-no = nein
form-search = Suchen
form-state = Status
form-state-all = alle
form-state-active = aktive
form-state-archived = archivierte
form-active = aktiv
form-archived = archiviert
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
teachers-delete-confirm = Die Lehrperson wird endgültig gelöscht. Das geht nur, solange sie keine Anstellung und keinen Kurs hat.
teachers-done-created = Die Lehrperson wurde erfasst.
teachers-done-saved = Die Änderungen wurden gespeichert.
teachers-done-archived = Die Lehrperson wurde archiviert.
teachers-done-unarchived = Die Lehrperson wurde reaktiviert.
teachers-done-deleted = Die Lehrperson wurde gelöscht.

## Fächer
subjects-title = Fächer
subjects-caption = Fächer
subjects-count = { $shown } von { $total } Fächern
subjects-none = Kein Fach passt zur Suche.
subjects-search-hint = Kürzel, Bezeichnung, Fachgebiet oder Fachtyp
subjects-new = Neues Fach
subjects-new-title = Neues Fach
subjects-edit-title = Fach { $code } bearbeiten
subjects-detail-title = Fach { $code } ({ $name })
subjects-object = Das Fach { $code }
subjects-back = Zurück zur Liste
subjects-code = Kürzel
subjects-description = Bezeichnung
subjects-category = Fachgebiet
subjects-type = Fachtyp
subjects-cross-class = klassenübergreifend
subjects-class-lesson = Klassenstunde
subjects-external-code = Code Schulverwaltung
subjects-delete-confirm = Das Fach wird endgültig gelöscht. Das geht nur, solange es keinen Kurs hat.
subjects-done-created = Das Fach wurde erfasst.
subjects-done-saved = Die Änderungen wurden gespeichert.
subjects-done-archived = Das Fach wurde archiviert.
subjects-done-unarchived = Das Fach wurde reaktiviert.
subjects-done-deleted = Das Fach wurde gelöscht.

## Klassen
classes-title = Klassen
classes-caption = Klassen
classes-count = { $shown } von { $total } Klassen
classes-none = Keine Klasse passt zur Suche.
classes-search-hint = Klasse, Abschlussjahr, Lehrgang oder Organisationseinheit
classes-new = Neue Klasse
classes-new-title = Neue Klasse
classes-edit-title = Klasse { $code } bearbeiten
classes-detail-title = Klasse { $code } ({ $name })
classes-object = Die Klasse { $code }
classes-back = Zurück zur Liste
classes-code = Klasse
classes-graduation-year = Abschlussjahr
classes-curriculum = Lehrgang
classes-division = Organisationseinheit
classes-delete-confirm = Die Klasse wird endgültig gelöscht. Das geht nur, solange sie keinen Kurs hat.
classes-done-created = Die Klasse wurde erfasst.
classes-done-saved = Die Änderungen wurden gespeichert.
classes-done-archived = Die Klasse wurde archiviert.
classes-done-unarchived = Die Klasse wurde reaktiviert.
classes-done-deleted = Die Klasse wurde gelöscht.
