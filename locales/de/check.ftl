# Plan-check findings (docs/i18n.md §Findings).

finding-course-label = Kurs { $id } ({ $subject }, { $who })
finding-course-item = Kurs { $id }
finding-course-rule = { $course }: { $why }
finding-grade-not-in-curriculum = Die Lektionentafel von { $curriculum } hat einen Eintrag für das Fach { $subject } auf der Stufe { $grade }, die keine Stufe des Lehrgangs ist.
finding-lesson-table-side = In der Lektionentafel von { $curriculum } ist das Fach { $subject } { $side ->
    [cross-class] klassenübergreifend, aber seine Zeile hat eine Organisationseinheit
   *[per-class] klassenweise unterrichtet, aber seine Zeile hat keine Organisationseinheit
}: Verschieben Sie die Zeile auf die richtige Seite.
finding-no-weekly-lessons = Die Anstellungsart { $type } wird in Lektionen geführt und im Schuljahr { $year } verwendet, das für sie keine Wochenlektionen (weeklyLessons) festlegt: Ihre Lektionen zählen 0 %.
finding-duplicate-course = Die Klasse { $class } hat { $count } Kurse im Fach { $subject }: { $courses }.
finding-open-lessons = { $course } hat keine Lehrperson für { $which ->
    [s1] { $lessons1 } Lektionen im 1. Semester
    [s2] { $lessons2 } Lektionen im 2. Semester
   *[both] { $lessons1 } Lektionen im 1. und { $lessons2 } Lektionen im 2. Semester
}.
finding-workload-deviation = Lehrperson { $teacher }: Pensum { $workload } % gegenüber einem mittleren Auszahlungsziel von { $target } % ({ $points } Prozentpunkte { $direction ->
    [over] darüber
   *[under] darunter
}).
finding-no-work = Lehrperson { $teacher } ist im Schuljahr { $year } angestellt, hat aber keine Kurse, Pooleinträge oder Abschlussarbeiten.
finding-payment-outside-range = Lehrperson { $teacher }: Auszahlungsziel ausserhalb der Verfügung { $min } – { $max } % ({ $which ->
    [s1] 1. Semester: { $payment1 } %
    [s2] 2. Semester: { $payment2 } %
   *[both] 1. Semester: { $payment1 } %, 2. Semester: { $payment2 } %
}).
finding-no-entry-classes = Lehrgang { $curriculum }: Im Schuljahr { $year } ist keine Klasse auf der Eintrittsstufe { $grade }, daher erstellt die Eröffnung keine Kurse für das erste Jahr. Erfassen Sie die eintretenden Klassen (Abschlussjahrgang { $graduation }) und eröffnen Sie das Schuljahr erneut.
