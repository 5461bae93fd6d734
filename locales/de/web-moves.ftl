# Verwaltung → Übernahmen (src/web/moves.rs; docs/migration.md §The report under Verwaltung)

moves-nav = Übernahmen
moves-title = Übernahmen aus dem und an den Pensenmanager
moves-intro = Jede Übernahme aus dem Pensenmanager und jede Rückgabe an ihn, auch Probeläufe und abgelehnte, mit ihrem Bericht. Lesen Sie vor dem Umstieg den Abgleich der Saldi.
moves-none = Es gab noch keine Übernahme. Sie wird auf dem Server mit «schoolplan import --from-pensenmanager» gestartet; fragen Sie Ihre Informatik.
moves-when = Zeitpunkt
moves-direction = Richtung
moves-outcome = Ergebnis
moves-database = Datenbank
moves-import = Übernahme aus dem Pensenmanager
moves-export = Rückgabe an den Pensenmanager
moves-written = geschrieben
moves-refused = abgelehnt, nichts geschrieben
moves-dry-run = Probelauf, nichts geschrieben
moves-back = Zurück zu den Übernahmen
moves-source-version = Quelle
moves-refusals = Abgelehnt
moves-refusals-intro = Diese Zeilen verhindern die Übernahme. Bereinigen Sie sie im Pensenmanager und starten Sie die Übernahme erneut; es wurde nichts geschrieben.
moves-rows = Zeilen
moves-reconciliation = Abgleich der gespeicherten Saldi
moves-reconciliation-intro = Je Schuljahr: der im Pensenmanager gespeicherte Schlusssaldo jeder Anstellung gegen den von schoolplan berechneten, und Anfangssaldi, die vom Schlusssaldo des Vorjahres abweichen. Gezeigt werden nur die Abweichungen.
moves-no-reconciliation = Kein Abgleich: Er gehört nur zu einer Übernahme, die bis zum Schreiben kam.
moves-year-locked = abgeschlossen
moves-year-open = offen
moves-year-summary = { $year } ({ $state }): { $agreeing } von { $compared } Schlusssaldi stimmen auf 4 Stellen überein; { $count ->
    [one] 1 Anfangssaldo weicht
   *[other] { $count } Anfangssaldi weichen
} vom Vorjahr ab.
moves-teacher = Lehrperson
moves-stored-closing = Schlusssaldo gespeichert (%)
moves-computed-closing = Schlusssaldo berechnet (%)
moves-difference = Differenz (%)
moves-opening-differs = { $teacher }: Anfangssaldo { $opening } ≠ Schlusssaldo { $closing } in { $year }
moves-tables = Tabellen
moves-table = Tabelle
moves-read = gelesen
moves-written-rows = geschrieben
moves-changes = Geänderte Werte ({ $count })
moves-no-changes = Kein Wert musste geändert werden.
moves-row = Zeile
moves-column = Spalte
moves-old = vorher
moves-new = nachher
moves-rule = Regel
moves-not-taken = (nicht übernommen)
