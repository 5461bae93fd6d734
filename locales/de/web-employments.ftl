# Planung → Anstellungen und Pool (docs/web.md §Anstellungen, §Pool), German.

nav-employments = Anstellungen
nav-pool = Pool

employments-title = Anstellungen { $year }
employments-caption = Anstellungen des Schuljahrs mit Verfügung, Auszahlungsziel und IPB-Saldi
employments-count = { $shown } von { $total } Anstellungen
employments-none = Keine Anstellung passt zur Suche.
employments-search-hint = Kürzel, Name, Abteilung
employments-filter-division = Abteilung
employments-new = Neue Anstellung
employments-new-title = Neue Anstellung
employments-edit-title = Anstellung { $code } bearbeiten
employments-detail-title = Anstellung { $code }
employments-in-use = Die Anstellung { $code } wird noch verwendet ({ $users }) und kann nicht gelöscht werden. Entfernen Sie die Lehrperson zuerst aus diesen Kursen und löschen Sie diese Einträge.
employments-back = Zurück zu den Anstellungen
employments-delete-confirm = Die Anstellung wird endgültig gelöscht.
employments-done-created = Die Anstellung wurde erfasst.
employments-done-saved = Die Anstellung wurde gespeichert.
employments-done-deleted = Die Anstellung wurde gelöscht.
employments-code = Kürzel
employments-name = Name
employments-teacher = Lehrperson
employments-year = Schuljahr
employments-division = Abteilung
employments-range = Verfügung
employments-min = Verfügung Minimum (%)
employments-max = Verfügung Maximum (%)
employments-payment1 = Auszahlungsziel 1. Semester (%)
employments-payment2 = Auszahlungsziel 2. Semester (%)
employments-temporary = befristete Anstellung
employments-comments = Kommentar
employments-initial-balance = IPB-Anfangsguthaben vor der ersten Anstellung (%)
employments-opening = IPB-Anfangssaldo
employments-change = IPB-Veränderung
employments-closing = IPB-Schlusssaldo
employments-col-payment1 = Auszahlung 1. Sem.
employments-col-payment2 = Auszahlung 2. Sem.
employments-col-temporary = befristet
employments-user-pool = Pooleintrag
employments-user-posting = IPB-Buchung
employments-user-theses = Abschlussarbeiten

pool-title = Pool { $year }
pool-caption = Pooleinträge des Schuljahrs
pool-count = { $shown } von { $total } Pooleinträgen
pool-none = Kein Pooleintrag passt zur Suche.
pool-search-hint = Lehrperson, Beschreibung, Typ
pool-filter-teacher = Lehrperson
pool-filter-type = Typ
pool-new = Neuer Eintrag
pool-new-title = Neuer Pooleintrag
pool-edit-title = Pooleintrag { $code } bearbeiten
pool-detail-title = Pooleintrag { $code }
pool-in-use = Der Pooleintrag { $code } wird noch verwendet ({ $users }).
pool-back = Zurück zum Pool
pool-delete-confirm = Der Pooleintrag wird endgültig gelöscht.
pool-done-created = Der Pooleintrag wurde erfasst.
pool-done-saved = Der Pooleintrag wurde gespeichert.
pool-done-deleted = Der Pooleintrag wurde gelöscht.
pool-teacher = Lehrperson
pool-year = Schuljahr
pool-type = Typ
pool-description = Beschreibung
pool-percent1 = Prozent 1. Semester
pool-percent2 = Prozent 2. Semester
employments-notes-marker = { $count ->
    [one] 1 Notiz zu { $teacher }
   *[other] { $count } Notizen zu { $teacher }
}
