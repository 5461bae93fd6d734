# Problem details (docs/i18n.md §Problems). `error-<code>` is the general
# sentence of a code, shown when a problem's own text has no key yet; the
# other keys are the texts of single rules.

## The general sentence of each code

error-malformed-json = Der Inhalt der Anfrage ist kein gültiges JSON.
error-body-not-object = Der Inhalt der Anfrage muss ein JSON-Objekt sein.
error-invalid-type = Ein Feld hat einen Typ, der sich nicht als Typ des Felds lesen lässt.
error-invalid-query = Ein Abfrageparameter ist nicht lesbar, oder ein nötiger fehlt.
error-invalid-path-id = Die ID im Pfad ist keine positive ganze Zahl.
error-unauthenticated = Die Anmeldedaten fehlen oder sind ungültig.
error-forbidden = Ihre Rolle erlaubt diese Anfrage nicht.
error-not-found = Das Objekt gibt es nicht.
error-method-not-allowed = Diese Methode ist auf diesem Pfad nicht erlaubt; siehe den Header Allow.
error-duplicate-code = Ein anderes Objekt dieser Art hat dieses Kürzel schon.
error-duplicate-graduation-year = Ein anderes Schuljahr hat diesen Abschlussjahrgang schon.
error-duplicate-employment = Die Lehrperson hat in diesem Schuljahr schon eine Anstellung.
error-duplicate-saldo-order = Eine andere Anstellungsart hat diese Reihenfolge der Saldoauflösung (saldoResolvingOrder) schon.
error-referenced = Das Objekt wird noch von anderen Objekten verwendet und kann nicht gelöscht werden; archivieren Sie es stattdessen.
error-own-token = Ein Token kann sich nicht selbst widerrufen.
error-own-account = Sie können Ihr eigenes Recht zur Rechtevergabe nicht entfernen und Ihr eigenes Konto nicht löschen.
error-teacher-has-account = Die Lehrperson hat bereits ein Konto; jede Lehrperson hat höchstens eines.
error-not-released = Das Pensenblatt dieses Schuljahres ist für Lehrpersonen noch nicht freigegeben.
error-teacher-binding = Ein Konto der Rolle Lehrperson braucht die Angabe der Lehrperson, und nur ein solches darf sie haben.
error-school-year-locked = Das Schuljahr ist archiviert oder abgeschlossen: Kurse und Anstellungen können nicht mehr geändert werden.
error-concurrent-update = Die Änderung ist mit einer anderen Änderung zusammengestossen; bitte wiederholen Sie sie.
error-precondition-failed = Das Objekt wurde geändert, seit Sie es gelesen haben (If-Match stimmt nicht überein).
error-invalid-header = Ein bedingter Header (If-Match, If-None-Match) ist nicht lesbar.
error-payload-too-large = Der Inhalt der Anfrage ist zu gross.
error-unsupported-media-type = Senden Sie den Inhalt der Anfrage als JSON mit Content-Type: application/json.
error-rate-limited = Zu viele Anfragen; bitte warten Sie einen Moment.
error-too-many-jobs = Sie haben bereits so viele unfertige Aufträge, wie der Server erlaubt; starten Sie weitere, sobald einer beendet ist.
error-header-too-large = Der Header der Anfrage ist zu gross.
error-required = Ein Pflichtfeld fehlt.
error-missing-field = Ein Feld fehlt; ein PUT enthält jedes änderbare Feld (null, um es zu leeren).
error-out-of-range = Eine Zahl liegt ausserhalb des erlaubten Bereichs.
error-too-long = Ein Text ist zu lang.
error-too-precise = Eine Zahl hat mehr als 4 Nachkommastellen.
error-invalid-character = Ein Text enthält ein unzulässiges Zeichen.
error-invalid-email = Die E-Mail-Adresse ist ungültig.
error-invalid-date = Das Datum ist kein gültiges Datum der Form JJJJ-MM-TT.
error-date-out-of-range = Das Datum liegt ausserhalb der Jahre 1900 bis 2200.
error-date-in-future = Das Geburtsdatum liegt in der Zukunft.
error-invalid-binary = Die Datei ist nicht lesbar oder zu gross.
error-unknown-reference = Ein verknüpftes Objekt gibt es nicht.
error-duplicate-entry = Eine Liste enthält denselben Eintrag zweimal.
error-employment-range = Die minimale Anstellung ist grösser als die maximale.
error-ipb-needs-lessons = Eine IPB-Korrektur ist nur bei einer Anstellungsart in Lektionen möglich.
error-not-lesson-based = Die Anstellungsart wird in Prozent geführt: Sie hat keine Wochenlektionen.
error-date-order = Ein Enddatum liegt vor seinem Startdatum.
error-unknown-calculation-mode = Diese Berechnungsart gibt es nicht.
error-class-not-in-school-year = Eine Klasse hat im Schuljahr des Kurses keine Stufe.
error-class-grade-mismatch = Die Klassen eines Kurses müssen auf derselben Stufe sein.
error-class-curriculum-mismatch = Die Klassen eines Kurses müssen im selben Lehrgang sein.
error-grade-mismatch = Stufe oder Lehrgang stimmen nicht mit denen der Klassen überein.
error-grade-not-in-curriculum = Die Stufe gehört nicht zum Lehrgang.
error-cross-class-with-classes = Ein klassenübergreifender Kurs darf keine Klassen haben.
error-teacher-not-employed = Eine Lehrperson hat in diesem Schuljahr keine Anstellung.
error-invalid-course-command = Die Anfrage mischt Zusammenlegen, Aufteilen und Kursfelder.
error-merge-too-few = Zum Zusammenlegen braucht es mindestens zwei verschiedene Kurse.
error-merge-duplicate-id = Derselbe Kurs ist zum Zusammenlegen zweimal angegeben.
error-merge-subject-mismatch = Zusammengelegte Kurse müssen dasselbe Fach haben.
error-merge-cross-class = Kurse eines klassenübergreifenden Fachs können nicht zusammengelegt werden.
error-merge-school-year-mismatch = Zusammengelegte Kurse müssen im selben Schuljahr sein.
error-merge-grade-mismatch = Zusammengelegte Kurse müssen auf derselben Stufe sein.
error-merge-curriculum-mismatch = Zusammengelegte Kurse müssen im selben Lehrgang sein.
error-split-cross-class = Kurse eines klassenübergreifenden Fachs können nicht aufgeteilt werden.
error-split-single-class = Nur ein Kurs mit mehr als einer Klasse kann aufgeteilt werden.
error-lesson-table-side = Die Zeile der Lektionentafel steht auf der falschen Seite: klassenübergreifende Fächer ohne, die übrigen mit Organisationseinheit.
error-no-previous-year = Vor diesem Schuljahr gibt es kein Schuljahr, aus dem übernommen werden könnte.
error-unknown-job = Diesen Auftrag gibt es nicht.
error-job-not-available = Dieser Auftrag kann auf diesem Server nicht oder nicht so gestartet werden.
error-job-running = Der Auftrag läuft schon; warten Sie, bis er fertig ist.
error-missing-email = Eine Lehrperson, die ein Mail erhalten soll, hat keine gültige E-Mail-Adresse; es wurde nichts versandt.
error-document-failed = Ein Dokument konnte nicht gesetzt werden.
error-mail-failed = Ein Mail konnte nicht versandt werden.
error-invalid-dataset = Die Datensatzdatei ist fehlerhaft, oder ein Eintrag verletzt eine Regel.
error-internal = Der Server konnte die Anfrage nicht verarbeiten.
error-unavailable = Die Datenbank antwortet nicht, oder die Anfrage dauerte zu lange; bitte wiederholen Sie sie.

## Texts of single rules

error-fields = Einige Felder sind fehlerhaft.
error-internal-fault = Der Server konnte die Anfrage nicht verarbeiten. Der Fehler wurde protokolliert.
error-not-found-id = { $kind } mit der ID { $id } gibt es nicht.
error-no-such-path = Diesen Pfad gibt es nicht.
error-timeout = Die Anfrage dauerte zu lange und wurde abgebrochen; bitte wiederholen Sie sie.
error-not-processed = Die Anfrage konnte nicht verarbeitet werden.
error-unknown-reference-id = { $kind } mit der ID { $id } gibt es nicht.
error-field-missing = `{ $key }` fehlt; ein PUT enthält jedes änderbare Feld (null, um es zu leeren).
error-field-required = `{ $key }` ist ein Pflichtfeld.
error-field-type = `{ $key }` muss { $expected ->
    [string] ein Text
    [boolean] ein Wahrheitswert (true oder false)
    [number] eine Zahl
    [whole-number] eine ganze Zahl
    [id-map] ein Objekt mit IDs als Schlüsseln
    [reference-list] eine Liste von Verweisen
    [date] ein Datum der Form JJJJ-MM-TT
    [binary] ein Objekt {"{"}fileName, mimeType, data{"}"} oder null
   *[binary-strings] ein Objekt mit Texten in mimeType und data
} sein.
error-field-too-long = `{ $key }` ist länger als { $max } Zeichen.
error-field-range = `{ $key }` muss zwischen { $min } und { $max } liegen.
error-field-precise = `{ $key }` hat mehr als 4 Nachkommastellen.
error-field-one-of = `{ $key }` muss einer dieser Werte sein: { $options }.
error-field-invalid-date = `{ $key }` muss ein gültiges Datum der Form JJJJ-MM-TT sein.
error-field-future = `{ $key }` liegt in der Zukunft.
error-field-date-years = `{ $key }` muss in den Jahren { $from } bis { $to } liegen.
error-field-email = `{ $key }` ist keine gültige E-Mail-Adresse.
error-field-twice = `{ $key }` enthält die ID { $id } zweimal.
error-field-reference = `{ $pointer }` muss ein Verweis sein: {"{"}"id": N{"}"}, N oder "N".
error-school-year-locked-state = Das Schuljahr { $year } ist { $state ->
    [archived] archiviert
   *[finalised] abgeschlossen
}: Seine Kurse und Anstellungen können nicht geändert werden. Öffnen Sie das Schuljahr zuerst wieder.
error-course-year-locked = Das Schuljahr { $year } ist { $state ->
    [archived] archiviert
   *[finalised] abgeschlossen
}: Seine Kurse können nicht { $action ->
    [created] erstellt
    [deleted] gelöscht
    [merged] zusammengelegt
    [split] aufgeteilt
   *[changed] geändert
} werden. Öffnen Sie das Schuljahr zuerst wieder.
error-teacher-not-employed-year = Die Lehrperson { $teacher } hat im Schuljahr { $year } keine Anstellung; erfassen Sie zuerst die Anstellung.
error-teacher-no-employment = Lehrperson { $teacher } hat im Schuljahr { $year } keine Anstellung.
error-teacher-not-employed-course = Die Lehrperson { $teacher } hat im Schuljahr { $year } keine Anstellung; erfassen Sie eine, bevor Sie ihr Kurse zuteilen.

## Nouns of the object kinds

kind-account = Konto
kind-calculation-mode = Berechnungsart
kind-course = Kurs
kind-curriculum = Lehrgang
kind-division = Organisationseinheit
kind-employment = Anstellung
kind-file = Datei
kind-gender = Geschlecht
kind-grade = Stufe
kind-job = Auftrag
kind-lesson-type = Lektionenart
kind-move-report = Übernahmebericht
kind-note = Notiz
kind-payroll-type = Anstellungsart
kind-pool-entry = Pooleintrag
kind-pool-type = Poolart
kind-posting = Einzelbuchung
kind-posting-type = Buchungsart
kind-school-class = Klasse
kind-school-year = Schuljahr
kind-subject = Fach
kind-subject-category = Fachgebiet
kind-subject-type = Fachtyp
kind-teacher = Lehrperson
kind-thesis-type = Art der Abschlussarbeit
kind-token = Token

## A detail inside another text (a finding) that has no key yet: the English
## sentence as it is; other languages show the general sentence of its code.

error-untranslated = { $general }

# Regeln der Kurse (domain/course.rs), je ein Satz.
error-course-needs-class = Ein Kurs im Fach { $subject } braucht mindestens eine Klasse (das Fach ist nicht klassenübergreifend).
error-class-not-in-year = Die Klasse { $class } hat im Schuljahr { $year } keine Stufe: Sie besucht in diesem Jahr keinen Unterricht.
error-class-grade-mismatch-classes = Die Klasse { $first } ist im Schuljahr { $year } auf der Stufe { $firstGrade }, die Klasse { $other } auf der Stufe { $otherGrade }: Die Klassen eines Kurses müssen dieselbe Stufe haben.
error-class-curriculum-mismatch-classes = Die Klasse { $first } folgt dem Lehrgang { $firstCurriculum }, die Klasse { $other } dem Lehrgang { $otherCurriculum }: Die Klassen eines Kurses müssen demselben Lehrgang folgen.
error-merge-listed-twice = Der Kurs { $id } ist zweimal aufgeführt: Führen Sie jeden zusammenzulegenden Kurs einmal auf.
error-merge-too-few-given = Zum Zusammenlegen braucht es mindestens zwei Kurse; angegeben: { $count }.
error-split-cross-class-course = { $course } gehört zum klassenübergreifenden Fach { $subject }: Er hat keine Klassen, nach denen er aufgeteilt werden könnte.
error-split-single-class-course = { $course } hat nur eine Klasse: Nur ein Kurs mit mehreren Klassen kann aufgeteilt werden.

# WorkloadMail (src/jobs/mail.rs, src/jobs/run.rs)
error-mail-not-configured = Der Mailversand ist auf diesem Server nicht eingerichtet (Start mit --smtp-url).
error-mail-no-texts = Dem Auftrag fehlen Absender, Betreff und Text des Mails.
error-mail-header-character = Absender oder Betreff enthalten ein Steuerzeichen; es wurde kein Mail versandt.
error-mail-from = Der Absender ist keine E-Mail-Adresse ({ $reason }).
error-mail-missing-addresses = Diese Lehrpersonen haben keine gültige E-Mail-Adresse, deshalb wurde kein Mail versandt: { $codes }.
error-mail-name-character = Name, Kürzel oder E-Mail-Adresse dieser Lehrpersonen enthalten ein Steuerzeichen, deshalb wurde kein Mail versandt: { $codes }.
error-mail-bad-address = { $email } ist keine E-Mail-Adresse ({ $reason }).
error-mail-send-failed = Das Mail an { $code } ({ $email }) konnte nicht versandt werden: { $reason }. Die zuvor protokollierten Mails wurden versandt.

# Course rules: cross-class subjects, grade and curriculum (src/domain/course.rs)
error-course-grade-differs = Die Klassen sind im Schuljahr { $year } in der Stufe { $grade }; lassen Sie `grade` weg oder geben Sie diese Stufe an.
error-course-curriculum-differs = Die Klassen folgen dem Lehrgang { $curriculum }; lassen Sie `curriculum` weg oder geben Sie diesen Lehrgang an.
error-cross-class-with-classes-named = Das Fach { $subject } ist gesamtschulisch: Seine Kurse haben eine Stufe, aber keine Klassen. Lassen Sie `schoolClasses` leer oder weg.
error-cross-class-with-classes-field = muss bei einem gesamtschulischen Fach leer sein
error-cross-class-grade-required = `grade` ist erforderlich: Das Fach { $subject } ist gesamtschulisch.
error-cross-class-curriculum-required = `curriculum` ist erforderlich: Das Fach { $subject } ist gesamtschulisch.
error-grade-not-in-curriculum-named = Die Stufe { $grade } ist keine Stufe des Lehrgangs { $curriculum }.
error-grade-not-in-curriculum-field = keine Stufe des Lehrgangs
error-merge-cross-class-named = Das Fach { $subject } ist gesamtschulisch: Seine Kurse haben keine Klassen und können nicht zusammengelegt werden.
error-cross-class-course-field = Kurs eines gesamtschulischen Fachs

# Form rules of employments, postings and school years (src/domain/{employment,pool,schoolyear}.rs)
error-employment-range-values = Das Minimum der Verfügung ({ $min }) ist grösser als das Maximum ({ $max }).
error-date-order-values = Das Ende ({ $end }) liegt vor dem Beginn ({ $start }).
error-unknown-calculation-mode-id = Es gibt keinen Berechnungsmodus mit der Nummer { $id } (siehe /calculationmode).
error-weekly-lessons-percent-based = Die Anstellungsart { $id } wird in Prozent geführt: Sie hat keine Wochenlektionen.
