# Texte der Kurse: Inhalt der Anfrage, Regeln zum Zusammenlegen und Aufteilen
# (src/domain/course/body.rs, src/domain/course/rules.rs).

# Ein Kurs, im Satz genannt: am Satzanfang und im Satz (als Subjekt, Nominativ).
course-named-start = Der Kurs { $id } ({ $subject }, { $classes })
course-named = der Kurs { $id } ({ $subject }, { $classes })

# Zusammengelegte Kurse haben dasselbe Fach, Schuljahr, dieselbe Stufe und denselben Lehrgang.
error-merge-subject-mismatch-courses = { $first } hat das Fach { $firstValue }, { $other } das Fach { $otherValue }: Zusammengelegte Kurse müssen dasselbe Fach haben.
error-merge-school-year-mismatch-courses = { $first } gehört zum Schuljahr { $firstValue }, { $other } zum Schuljahr { $otherValue }: Zusammengelegte Kurse müssen zum selben Schuljahr gehören.
error-merge-grade-mismatch-courses = { $first } ist auf der Stufe { $firstValue }, { $other } auf der Stufe { $otherValue }: Zusammengelegte Kurse müssen dieselbe Stufe haben.
error-merge-curriculum-mismatch-courses = { $first } folgt dem Lehrgang { $firstValue }, { $other } dem Lehrgang { $otherValue }: Zusammengelegte Kurse müssen demselben Lehrgang folgen.
error-merge-subject-differs-field = anderes Fach als der erste Kurs
error-merge-school-year-differs-field = anderes Schuljahr als der erste Kurs
error-merge-grade-differs-field = andere Stufe als der erste Kurs
error-merge-curriculum-differs-field = anderer Lehrgang als der erste Kurs
error-merge-listed-before-field = bereits aufgeführt
error-merge-too-few-field = mindestens zwei Kurs-IDs angeben
error-split-single-class-field = Kurs mit nur einer Klasse

# Die Klassen eines neuen Kurses.
error-class-grade-differs-field = andere Stufe als die erste Klasse
error-class-curriculum-differs-field = anderer Lehrgang als die erste Klasse

# Die drei Formen einer Anfrage POST /course.
error-course-command-both = Die Anfrage enthält sowohl `merge` als auch `split`: Senden Sie pro Anfrage einen Befehl.
error-course-command-fields = Eine Anfrage mit `{ $command }` darf keine Kursfelder enthalten (gefunden: { $fields }): Senden Sie den Befehl allein.
error-merge-not-list = `merge` muss eine Liste von Kurs-IDs sein.
error-merge-item-not-id = `{ $pointer }` muss eine Kurs-ID sein.
error-split-not-id = `split` muss eine einzelne Kurs-ID sein.
