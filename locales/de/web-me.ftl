# Mein Pensum: the pages of a teacher account (docs/teachers.md).
me-nav = Mein Pensum
me-title = Mein Pensum
me-intro = Hier sehen Sie Ihr Pensum in jedem Schuljahr, in dem Sie angestellt sind, sobald die Schulleitung es freigibt, und bestätigen es online statt auf Papier.
me-years = Schuljahre
me-no-years = Sie haben noch keine Anstellung in einem Schuljahr.
me-year = Schuljahr
me-state = Stand
me-opening = IPB-Saldo Anfang
me-closing = IPB-Saldo Ende
me-chart = IPB-Saldo über die Jahre
me-chart-summary = IPB-Saldo am Ende jedes Schuljahres von { $from } bis { $to }; zuletzt { $last }.
me-sheet-title = Mein Pensum { $year }
me-word = Kenntnisnahme
me-confirmed-at = Digital zur Kenntnis genommen am { $at } (Version { $version }).
me-changed = Seit Ihrer Kenntnisnahme hat sich geändert:
me-remark = Ihre Bemerkung
me-your-question = Ihre Frage
me-answer = Antwort der Schulleitung
me-no-answer-yet = Die Schulleitung hat noch nicht geantwortet.
me-remark-label = Bemerkung (freiwillig)
me-confirm = Pensum zur Kenntnis nehmen
me-ask = Eine Frage oder einen Einwand senden
me-question-label = Ihre Frage oder Ihr Einwand
me-send-question = Frage senden
me-live-changed = Ihr Pensenblatt hat sich eben geändert.
me-back = Zurück zu allen Schuljahren
me-done-confirmed = Danke: Sie haben Ihr Pensum in dieser Version zur Kenntnis genommen.
me-done-asked = Ihre Frage ist bei der Schulleitung; die Antwort erscheint hier.
me-figure-percent1 = Pensum 1. Semester
me-figure-ageRelief1 = Altersentlastung 1. Semester
me-figure-percent2 = Pensum 2. Semester
me-figure-ageRelief2 = Altersentlastung 2. Semester
me-figure-annual = Jahrespensum mit Altersentlastung
me-figure-payment = Auszahlung
me-figure-closingBalance = IPB-Saldo am Jahresende
sheet-state-not-released = Noch nicht freigegeben
sheet-state-released = Freigegeben, noch nicht zur Kenntnis genommen
sheet-state-confirmed = Zur Kenntnis genommen
sheet-state-outdated = Überholt: seit der Kenntnisnahme geändert
sheet-state-question = Frage offen
sheet-word-remark = Bemerkung der Lehrperson
sheet-word-question = Frage der Lehrperson
sheet-word-answer-label = Ihre Antwort
sheet-word-send-answer = Antwort senden
invite-nav = Lehrpersonen einladen
invite-title = Lehrpersonen einladen
invite-intro = Jede Lehrperson, die im gewählten Schuljahr angestellt ist, eine E-Mail-Adresse und noch kein Konto hat, erhält ein Konto der Rolle «Lehrperson» (Name: ihre Adresse) und einen persönlichen Anmeldelink. Hier sehen Sie zuerst, wen es betrifft und was die Lehrperson erhält; erst der Knopf unten legt die Konten an.
invite-year = Schuljahr
invite-show = Anzeigen
invite-none = In diesem Schuljahr gibt es keine Lehrperson mit E-Mail-Adresse ohne Konto.
invite-count = { $count } Lehrpersonen erhalten ein Konto
invite-code = Kürzel
invite-name = Name
invite-address = E-Mail-Adresse
invite-sample = So lautet die Nachricht (Beispiel der ersten Lehrperson)
invite-go = Konten anlegen und Links erzeugen
invite-done = { $count } Konten angelegt. Geben Sie jeder Lehrperson ihren Link weiter; er wird nur jetzt angezeigt.
invite-links-caption = Die Anmeldelinks (nur jetzt sichtbar)
invite-link = Anmeldelink
invite-back = Zurück zur Verwaltung
invite-no-year = Wählen Sie ein Schuljahr.
invite-message = Guten Tag { $name }

    Ihr Pensum für das Schuljahr { $year } steht online bereit. Mit diesem persönlichen Link melden Sie sich an (gültig { $days } Tage, einmal verwendbar):

    { $link }

    Unter «Mein Pensum» sehen Sie Ihr Pensenblatt, sobald die Schulleitung es freigibt, und nehmen es dort zur Kenntnis.
sheet-short-not-released = nicht freigegeben
sheet-short-released = freigegeben
sheet-short-confirmed = zur Kenntnis genommen
sheet-short-outdated = überholt
sheet-short-question = Frage offen
