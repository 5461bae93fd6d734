# Web interface: Stammdaten → Lehrgänge, Lektionentafel, Schuljahre
# (docs/web.md §Curricula, §Lesson table, §School years), German.

form-user-school-class = Klasse

## Lehrgänge
curricula-nav = Lehrgänge
curricula-title = Lehrgänge
curricula-caption = Lehrgänge
curricula-count = { $shown } von { $total } Lehrgängen
curricula-none = Kein Lehrgang passt zur Suche.
curricula-search-hint = Kürzel, Bezeichnung oder Stufe
curricula-new = Neuer Lehrgang
curricula-new-title = Neuer Lehrgang
curricula-edit-title = Lehrgang { $code } bearbeiten
curricula-detail-title = Lehrgang { $code } ({ $name })
curricula-object = Der Lehrgang { $code }
curricula-back = Zurück zur Liste
curricula-delete-confirm = Der Lehrgang wird endgültig gelöscht. Das geht nur, solange keine Klasse und kein Kurs ihn verwendet.
curricula-done-created = Der Lehrgang wurde erfasst.
curricula-done-saved = Die Änderungen wurden gespeichert.
curricula-done-archived = Der Lehrgang wurde archiviert.
curricula-done-unarchived = Der Lehrgang wurde reaktiviert.
curricula-done-deleted = Der Lehrgang wurde gelöscht.
curricula-code = Kürzel
curricula-description = Bezeichnung
curricula-grades = Stufen
curricula-grades-field = Stufen (in der Reihenfolge des Lehrgangs, Eintrittsstufe zuerst)
curricula-grade-label = Stufe { $grade }
curricula-grade-fact = Anstellungsart { $payroll } · Klassenstunde { $classlesson }
curricula-grade-payroll = Anstellungsart der Stufe { $grade }
curricula-grade-class-lesson = Anstellungsart Klassenstunde der Stufe { $grade }
curricula-lessontable-link = Lektionentafel dieses Lehrgangs

## Lektionentafel
lessontable-nav = Lektionentafel
lessontable-title = Lektionentafel
lessontable-curriculum = Lehrgang
lessontable-division = Organisationseinheit
lessontable-cross-class = Klassenübergreifende Fächer
lessontable-show = Anzeigen
lessontable-none = Für diese Wahl gibt es keine Fächer.
lessontable-hint = Lektionen pro Woche je Stufe (1. / 2. Semester, wenn sie sich unterscheiden) und die Art, wie der Kurs beim Eröffnen eines Schuljahres entsteht.
lessontable-subject = Fach
lessontable-actions = Aktionen
lessontable-edit = Bearbeiten
lessontable-caption = Lektionentafel { $curriculum }, { $side }
lessontable-lessons = { $n } L
lessontable-type-noLessons = nicht vorhanden
lessontable-type-start = Anfang
lessontable-type-continuation = Weiterführung
lessontable-type-startOptional = Anfang optional
lessontable-type-startRepeating = Anfang, wiederholend
lessontable-type-of = Art, Stufe { $grade }
lessontable-lessons1-of = Lektionen 1. Semester, Stufe { $grade }
lessontable-lessons2-of = Lektionen 2. Semester, Stufe { $grade }
lessontable-short-type = Art
lessontable-short-lessons1 = Lektionen 1. Sem.
lessontable-short-lessons2 = Lektionen 2. Sem.

## Schuljahre
schoolyears-nav = Schuljahre
schoolyears-title = Schuljahre
schoolyears-caption = Schuljahre
schoolyears-count = { $shown } von { $total } Schuljahren
schoolyears-none = Kein Schuljahr passt zur Suche.
schoolyears-search-hint = Kürzel, Bezeichnung oder Abschlussjahr
schoolyears-new = Schuljahr eröffnen …
schoolyears-new-title = Schuljahr eröffnen
schoolyears-edit-title = Schuljahr { $code } bearbeiten
schoolyears-detail-title = Schuljahr { $code } ({ $name })
schoolyears-object = Das Schuljahr { $code }
schoolyears-back = Zurück zur Liste
schoolyears-delete-confirm = Das Schuljahr wird endgültig gelöscht. Das geht nur, solange es keine Kurse, Anstellungen und Pooleinträge hat.
schoolyears-done-created = Das Schuljahr wurde erfasst.
schoolyears-done-saved = Die Änderungen wurden gespeichert.
schoolyears-done-archived = Das Schuljahr wurde archiviert.
schoolyears-done-unarchived = Das Schuljahr wurde reaktiviert.
schoolyears-done-deleted = Das Schuljahr wurde gelöscht.
schoolyears-code = Kürzel
schoolyears-description = Bezeichnung
schoolyears-graduation-year = Abschlussjahr
schoolyears-weeks = Schulwochen
schoolyears-mode = Berechnungsart
schoolyears-surcharge = Zuschlag Kleingruppe (Lektionen)
schoolyears-weekly = Lektionen pro Vollpensum, { $type }
schoolyears-weekly-id = Lektionen pro Vollpensum, Anstellungsart { $id }
schoolyears-finalised = Planung abgeschlossen
schoolyears-show-ipb = IPB-Saldi anzeigen
schoolyears-lessons = { $n } L
schoolyears-grid-link = Planungsraster dieses Schuljahres
schoolyears-overview-link = Jahresüberblick dieses Schuljahres
