# Protokolle und Fehler der Jobs (docs/i18n.md §Job logs), in der Sprache der
# Anfrage, die den Job gestartet hat.

job-check-no-year = Es gibt kein Schuljahr zu prüfen.
job-check-year-count = Schuljahr { $year }: { $count ->
    [one] 1 Befund.
   *[other] { $count } Befunde.
}
job-check-year-clean = Schuljahr { $year }: Die Planungsprüfung hat nichts gefunden.
job-check-finding = { $severity ->
    [error] Fehler
   *[warning] Warnung
}: { $detail }
job-opened = { $courses } Kurse, { $employments } Anstellungen und { $pool } Pool-Einträge erstellt.
job-opened-already = { $courses } Kurse, { $employments } Anstellungen und { $pool } Pool-Einträge erstellt (das Schuljahr war schon eröffnet).
job-opening-warning = Warnung: { $detail }
job-opening-course = Kurs { $id } ({ $subject }, { $classes })
job-file-written = { $name } geschrieben ({ $bytes } Bytes).
job-sheets-typeset = { $count ->
    [one] 1 Pensenblatt gesetzt.
   *[other] { $count } Pensenblätter gesetzt.
}
job-mail-sent = { $file } an { $code } ({ $email }) gesendet.
job-mails-sent = { $count ->
    [one] 1 Mail gesendet.
   *[other] { $count } Mails gesendet.
}
job-failed-internal = Der Job ist wegen eines Serverfehlers abgebrochen; der Fehler wurde protokolliert.
job-product-not-stored = Das Ergebnis konnte nicht gespeichert werden.
