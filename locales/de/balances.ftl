# The balance report of the job CalculateBalances (docs/i18n.md §Balance report) and the warnings of the workload calculation.

balance-nothing-to-recalculate = IPB-Saldi werden bei jedem Lesen berechnet; es muss nichts neu berechnet werden.
balance-no-locked-year = Kein Schuljahr ist abgeschlossen oder archiviert: Es gibt keine eingefrorenen IPB-Saldi zu vergleichen.
balance-year-equal = Schuljahr { $year }: Die eingefrorenen IPB-Saldi von { $compared } Anstellungen stimmen mit einer neuen Berechnung überein.
balance-year-differs = Schuljahr { $year }: Bei { $count } von { $compared } Anstellungen weichen die eingefrorenen IPB-Saldi von einer neuen Berechnung ab (die Daten wurden geändert, nachdem das Schuljahr gesperrt wurde; öffnen Sie es und sperren Sie es wieder, um die Saldi neu einzufrieren):
balance-difference = { $teacher }: Anfangssaldo eingefroren { $opening } / neu { $openingFresh }, Schlusssaldo eingefroren { $closing } / neu { $closingFresh }
balance-teacher-id = Lehrperson { $id }

# The warnings of the workload calculation (docs/workload.md §Response, `warnings`).
workload-warning-no-weekly-lessons = Im Schuljahr { $year } fehlen für die Anstellungsart { $type } die Lektionen eines Vollpensums: ihre Lektionen zählen 0 %.
workload-warning-no-payroll-type = { $course } zählt nichts: seine Stufe hat keine Anstellungsart dafür.
