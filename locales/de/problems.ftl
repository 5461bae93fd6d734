# Texte einzelner Regeln, die zuvor nur englisch waren (docs/i18n.md §Problems).


# Request bodies, paths and query parameters (src/api/extract.rs and the handlers)
error-body-too-large = Der Inhalt der Anfrage ist zu gross.
error-body-unreadable = Der Inhalt der Anfrage konnte nicht gelesen werden.
error-body-not-json-type = Senden Sie den Inhalt der Anfrage als JSON mit Content-Type: application/json.
error-body-invalid-json = Der Inhalt der Anfrage ist kein gültiges JSON: { $reason }.
error-body-object = Der Inhalt der Anfrage muss ein JSON-Objekt sein.
error-path-id = `{ $raw }` ist keine gültige ID: IDs sind positive ganze Zahlen.
error-path-lesson-table-id = `{ $id }` ist keine ID einer Lektionentafel-Zeile `<curriculumId>-<subjectId>[-<divisionId>]`.
error-path-thesis-id = `{ $id }` ist keine ID von Abschlussarbeiten `<schoolYearId>-<teacherId>`.
error-no-theses = Abschlussarbeiten { $id } gibt es nicht: Die Lehrperson hat in diesem Schuljahr keine Anstellung.
error-query-character = Der Abfrageparameter `{ $name }` enthält ein Steuerzeichen oder eine Richtungsumkehr.
error-query-value = Der Abfrageparameter `{ $name }={ $value }` ist ungültig: Erwartet wird { $expected }.
error-query-expected-id = eine gültige ID
error-query-expected-boolean = true oder false
error-query-expected-one-of = einer dieser Werte: { $options }
error-query-expected-time = eine Zeit nach RFC 3339 oder ein Datum
error-query-required = Der Abfrageparameter `{ $name }` ist erforderlich.
error-query-employments-filter = Um Anstellungen aufzulisten, braucht es den Abfrageparameter `schoolYear` oder `teacher`.
error-query-grade-needs-year = Der Abfrageparameter `grade` braucht `schoolYear`: Eine Klasse hat nur in einem bestimmten Schuljahr eine Stufe.
error-query-employed-needs-year = `employed` braucht `schoolYear`.

# Authentication and roles (src/api/auth.rs)
error-auth-no-token = Diese Anfrage braucht ein API-Token: Senden Sie Authorization: Bearer <token>.
error-auth-bad-header = Der Header Authorization enthält kein gültiges Bearer-Token.
error-auth-token-unknown = Das Token ist unbekannt, abgelaufen oder widerrufen.
error-auth-role = Das Konto { $account } hat die Rolle { $role }; diese Anfrage braucht die Rolle { $needed }.
error-auth-rate-limited = Zu viele Anfragen mit diesem Token; versuchen Sie es in { $wait } s wieder.
error-auth-sign-on-refused = Das Token des Identitätsanbieters ist hier nicht gültig.
error-auth-sign-on-no-account = Es gibt kein Konto mit dem Namen { $name }; bitten Sie eine Administratorin oder einen Administrator, es anzulegen.
error-auth-needs-token = Diese Anfrage braucht ein API-Token.

# Jobs (src/api/job.rs, src/service/job.rs, src/jobs, src/domain/job.rs)
error-jobs-too-many = Sie haben { $limit } unerledigte Aufträge, so viele, wie dieser Server zulässt; starten Sie den nächsten, sobald einer davon fertig ist.
error-job-standing-role = Einen ständigen Auftrag zu starten, braucht die Rolle planner; das Konto { $account } hat die Rolle { $role }.
error-job-not-standing = Der Auftrag { $id } ist kein ständiger Auftrag: Nur die Aufträge 1–3 werden mit PUT gestartet; starten Sie andere mit POST /job.
error-job-action = `action` muss "start" sein.
error-job-running-id = Der Auftrag { $id } ({ $name }) läuft bereits.
error-job-role = Der Auftrag { $name } braucht die Rolle { $needed }; das Konto { $account } hat die Rolle { $role }.
error-job-not-available-here = Der Auftrag { $name } ({ $title }) ist auf diesem Server noch nicht verfügbar.
error-job-no-sheet = Die Lehrperson { $teacher } hat im Schuljahr { $year } keine Anstellung: Es gibt kein Pensenblatt.
error-job-unknown-name = Einen Auftrag `{ $name }` gibt es nicht; die Aufträge sind { $jobs }.

# Unique values and the database (src/store)
error-taken-account-name = Ein Konto mit diesem Namen gibt es bereits.
error-taken-division = Eine Organisationseinheit mit diesem Kürzel gibt es bereits.
error-taken-subject-category = Ein Fachgebiet mit diesem Kürzel gibt es bereits.
error-taken-subject-type = Einen Fachtyp mit diesem Kürzel gibt es bereits.
error-taken-gender = Ein Geschlecht mit diesem Kürzel gibt es bereits.
error-taken-subject = Ein Fach mit diesem Kürzel gibt es bereits.
error-taken-curriculum = Einen Lehrgang mit diesem Kürzel gibt es bereits.
error-taken-grade = Eine Stufe mit diesem Kürzel gibt es bereits.
error-taken-school-class = Eine Klasse mit diesem Kürzel gibt es bereits.
error-taken-payroll-type = Eine Anstellungsart mit diesem Kürzel gibt es bereits.
error-taken-pool-type = Eine Poolart mit diesem Kürzel gibt es bereits.
error-taken-posting-type = Eine Buchungsart mit diesem Kürzel gibt es bereits.
error-taken-thesis-type = Eine Art der Abschlussarbeit mit diesem Kürzel gibt es bereits.
error-taken-teacher = Eine Lehrperson mit diesem Kürzel gibt es bereits.
error-taken-school-year = Ein Schuljahr mit diesem Kürzel gibt es bereits.
error-taken-employment = Die Lehrperson hat in diesem Schuljahr bereits eine Anstellung.
error-taken-saldo-order = Eine andere Anstellungsart hat bereits diese saldoResolvingOrder.
error-taken-graduation-year = Ein Schuljahr mit diesem Abschlussjahr gibt es bereits.
error-list-entry-twice = Eine Liste enthält denselben Eintrag zweimal.
error-taken-values = Ein Objekt mit diesen Werten gibt es bereits.
error-foreign-key = Die Änderung verweist auf ein Objekt, das es nicht mehr gibt, oder entfernt eines, auf das noch verwiesen wird.
error-collided = Die Änderung ist mit einer gleichzeitigen Änderung zusammengestossen. Bitte wiederholen Sie sie.
error-database-busy = Die Datenbank ist ausgelastet oder antwortet nicht. Bitte versuchen Sie es nochmals.
error-not-saved = Die Änderung konnte nicht gespeichert werden. Bitte versuchen Sie es nochmals.
error-given-up = Die Anfrage wurde aufgegeben (sie dauerte zu lange, oder der Client ist nicht mehr da); es wurde nichts gespeichert.

# Accounts, tokens, conditions and opening (src/service)
error-own-account-grant = Das Konto { $account } ist Ihr eigenes: Sie können sich das Recht, Rechte zu vergeben, nicht selbst entziehen; bitten Sie eine andere Administratorin oder einen anderen Administrator.
error-own-account-delete = Das Konto { $account } ist Ihr eigenes: Sie können es nicht löschen; bitten Sie eine andere Administratorin oder einen anderen Administrator.
error-own-token-id = Das Token { $id } ist dasjenige dieser Anfrage: Widerrufen Sie es mit einem anderen Admin-Token oder mit `schoolplan token revoke { $id }`.
error-audit-admin-only = Nur Administratorinnen und Administratoren dürfen das Änderungsprotokoll lesen.
error-no-account-named = Ein Konto mit dem Namen { $name } gibt es nicht.
error-changed-since-read = { $kind } mit der ID { $id } wurde seit dem Lesen geändert: If-Match passt nicht zum aktuellen ETag. Lesen Sie das Objekt neu und wiederholen Sie die Änderung.
error-none-match = { $kind } mit der ID { $id } passt zu If-None-Match, deshalb wurde die Änderung nicht ausgeführt.
error-condition-unreadable = `{ $name }` muss `*` oder eine durch Kommas getrennte Liste von Entity-Tags wie "1a2b" sein.
error-opening-locked = Das Schuljahr { $year } ist { $state ->
    [archived] archiviert
   *[finalised] abgeschlossen
}: Es kann nicht eröffnet werden. Öffnen Sie das Schuljahr zuerst wieder.
kind-lesson-table-row = Lektionentafel-Zeile
kind-theses = Abschlussarbeiten

# Field rules of the body reader and the forms (src/domain)
error-field-object = `{ $pointer }` muss ein Objekt sein.
error-field-character = `{ $key }` enthält das Zeichen { $char }; dieser Text erlaubt { $allowed ->
    [multi-line] Zeilenumbrüche und Tabulatoren, aber kein anderes Steuerzeichen
   *[single-line] kein Steuerzeichen (keinen Zeilenumbruch, keinen Tabulator)
} und keine Richtungsumkehr.
error-id-map-key = `{ $key }`: Der Schlüssel `{ $k }` ist keine ID.
error-id-map-number = `{ $key }`: Der Wert von `{ $k }` muss eine Zahl sein.
error-id-map-range = `{ $key }`: Der Wert von `{ $k }` muss zwischen { $min } und { $max } liegen.
error-id-map-precise = `{ $key }`: Der Wert von `{ $k }` hat mehr als 4 Nachkommastellen.
error-field-sender = `{ $key }` ist keine gültige Absenderadresse (`name@school.ch` oder `Name <name@school.ch>`).
error-binary = `{ $key }`: { $why }
error-binary-no-mime = mimeType ist erforderlich.
error-binary-no-data = data ist erforderlich.
error-binary-too-large = grösser als 1 MiB.
error-binary-base64 = data ist kein gültiges Base64.
error-binary-mime = mimeType muss image/png oder image/jpeg sein.
error-binary-bytes = die Daten sind nicht vom Typ { $mime }.
error-binary-file-name = `{ $key }`: fileName enthält das Zeichen { $char }.
error-number-huge = Die Zahl { $number } ist grösser, als irgendein Feld fassen kann.
error-number-lossy = Die Zahl { $number } hat mehr Nachkommastellen, als irgendein Feld fassen kann (höchstens 4).
error-lesson-type-unknown = `type` muss eine Lektionenart aus /lessontype sein: ihre ID, ihr Kürzel oder ihr Verweis.
error-lesson-grade-twice = Die Stufe { $grade } kommt in `details` zweimal vor.
error-lesson-details-list = `details` muss eine Liste von {"{"}grade, type, lessons1, lessons2{"}"} sein.
error-lesson-side-cross-class = Das Fach { $subject } ist klassenübergreifend: Seine Zeile der Lektionentafel gehört allein zum Lehrgang, ohne Organisationseinheit (ID `<curriculum>-<subject>`).
error-lesson-side-per-class = Das Fach { $subject } wird pro Klasse unterrichtet: Seine Zeile der Lektionentafel braucht eine Organisationseinheit (ID `<curriculum>-<subject>-<division>`).
error-lesson-grade-not-in-curriculum = Die Stufe { $grade } gehört nicht zum Lehrgang { $curriculum }.
error-grade-payroll-type-reference = `{ $pointer }` muss ein Verweis auf eine Anstellungsart sein: {"{"}"id": N{"}"}, N, "N" oder null.
error-curriculum-grades-required = `grades` ist erforderlich: Führen Sie mindestens eine Stufe auf, die Eintrittsstufe zuerst.
error-weekly-lessons-zero = `weeklyLessons`: Ein Vollpensum braucht mehr als 0 Lektionen pro Woche.
error-weeks-required = `weeks` ist erforderlich (es gibt kein früheres Schuljahr, aus dem es übernommen werden könnte).
error-ipb-needs-lessons-field = `ipbCorrectionAllowed` braucht `lessonBased`: Die IPB-Korrektur wird in Lektionen gebucht.
error-opening-no-previous = Das Schuljahr { $year } kann nicht eröffnet werden: Es gibt kein Schuljahr davor (Abschlussjahr unter { $graduation }), aus dem Anstellungen, Kurse und Pooleinträge übernommen werden könnten. Erfassen Sie zuerst das vorherige Schuljahr, oder planen Sie dieses von Hand.
error-opening-teacher-not-employed = Die Lehrperson { $teacher } eines übernommenen Kurses { $subject } hat im Schuljahr { $year } keine Anstellung.

# Request headers and documents (src/app.rs, src/documents)
error-header-size = Der Header der Anfrage hat { $fields } Felder mit { $bytes } Bytes; angenommen werden höchstens { $maxFields } Felder mit insgesamt { $maxKib } KiB.
error-document-typeset = Das Dokument konnte nicht gesetzt werden ({ $stage }): { $messages }.

# Objects still in use (docs/contract.md §Deleting): the users named by the store
error-user = { $kind } { $rest }
error-user-of = { $kind } von { $rest }
error-users-and = { $list } und { $last }
error-users-more = { $list } und { $more } weitere
error-in-use = { $kind } wird noch verwendet von: { $users }.
error-in-use-named = { $kind } { $code } wird verwendet von: { $users }; es kann nicht gelöscht werden.
error-in-use-lesson-based = Die Anstellungsart { $code } wird verwendet von: { $users }; sie muss in Lektionen geführt bleiben.
error-in-use-division = Die Organisationseinheit { $code } wird noch verwendet von: { $users }; verschieben Sie diese zuerst in eine andere Organisationseinheit.
error-in-use-subject = Das Fach { $code } wird noch verwendet von: { $users }; archivieren Sie das Fach stattdessen.
error-in-use-school-class = Die Klasse { $code } wird noch verwendet von: { $users }; archivieren Sie die Klasse stattdessen.
error-in-use-teacher = Auf die Lehrperson { $code } wird noch verwiesen von: { $users }; archivieren Sie die Lehrperson stattdessen.
error-in-use-curriculum = Der Lehrgang { $code } wird noch verwendet von: { $users }; archivieren Sie den Lehrgang stattdessen.
error-in-use-school-year = Das Schuljahr { $code } hat noch: { $users }; archivieren Sie das Schuljahr stattdessen.
error-in-use-employment = Die Lehrperson { $teacher } hat im Schuljahr { $year } noch: { $users }; die Anstellung kann nicht { $what ->
    [deleted] gelöscht
   *[other] auf eine andere Lehrperson oder in ein anderes Schuljahr verschoben
} werden. Nehmen Sie die Lehrperson zuerst aus diesen Kursen und löschen Sie diese Einträge.

# Jobs that another server or a stop ends (src/jobs/mod.rs; LEASE_ERROR, STOP_ERROR in English)
job-failed-lease = Der Server, der den Job ausführte, antwortet nicht mehr (seine Frist ist abgelaufen); der Job wurde nicht beendet. Bitte starten Sie ihn nochmals.
job-failed-stopped = Der Server, der den Job ausführte, wurde angehalten; der Job wurde nicht beendet. Bitte starten Sie ihn nochmals.

# A teacher's workload asked for a year without their employment (404).
error-no-workload = Die Lehrperson { $teacher } hat im Schuljahr { $year } keine Anstellung: Es gibt kein Pensum.

# Faults of the database (docs/faults.md)
error-database-unavailable = Die Verbindung zur Datenbank ist unterbrochen; bitte versuchen Sie es in einigen Sekunden nochmals.
error-disk-full = Der Speicherplatz der Datenbank ist voll: Die Änderung wurde nicht gespeichert. Lesen geht weiter; Änderungen sind wieder möglich, sobald Platz frei ist (bitte die Betriebsverantwortlichen benachrichtigen).
error-connection-lost = Die Verbindung zur Datenbank ist abgebrochen; es wurde nichts gespeichert. Bitte versuchen Sie es in einigen Sekunden nochmals.
error-commit-unknown = Die Verbindung zur Datenbank ist beim Speichern abgebrochen: Ob die Änderung gespeichert wurde, ist nicht bekannt. Bitte laden Sie das Objekt neu, bevor Sie es nochmals versuchen.
error-database-locked = Ein anderes Programm hält die Datenbank länger als { $seconds } s gesperrt; es wurde nichts gespeichert. Bitte versuchen Sie es in einigen Sekunden nochmals.
error-account-teacher-only = Eine Lehrperson wird nur einem Konto der Rolle «Lehrperson» zugeordnet, nicht der Rolle { $role }.
error-account-teacher-needed = Ein Konto der Rolle «Lehrperson» gehört genau einer Lehrperson: Wählen Sie die Lehrperson beim Anlegen des Kontos. Ein bestehendes Konto kann nicht zur Lehrperson werden.
error-teacher-has-account-named = Diese Lehrperson hat bereits das Konto { $account }.
error-not-released-year = Ihr Pensenblatt für das Schuljahr { $year } ist noch nicht freigegeben. Sie erhalten eine Nachricht, sobald die Schulleitung es freigibt.
error-not-a-teacher = Dieses Konto gehört keiner Lehrperson; «Mein Pensum» gibt es nur für Konten der Rolle «Lehrperson».
error-sheet-changed = Ihr Pensenblatt hat sich geändert, seit Sie es geöffnet haben (Version { $seen }, jetzt { $now }). Bitte lesen Sie es neu und bestätigen Sie dann.
error-confirmation-remark-or-question = Senden Sie entweder eine Bemerkung zur Kenntnisnahme oder eine Frage, nicht beides.
error-no-question = Zu diesem Pensenblatt gibt es keine offene Frage.
