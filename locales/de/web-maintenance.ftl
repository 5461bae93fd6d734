# Spezielles → Wartung (docs/web.md §Wartung), German.

maintenance-nav = Wartung
maintenance-title = Wartung { $year }
maintenance-intro = Die Prüfungen der Planung, der Datenbank und der Saldi. Sie lesen nur und ändern nichts; ihr Ergebnis steht im Protokoll unter der Aufgabe.
maintenance-help-CheckPlan = Prüft die Planung dieses Schuljahrs: Kurse, die eine Regel verletzen, Lektionen ohne Lehrperson, Lehrpersonen weit neben ihrem Soll, Anstellungen ohne Arbeit. Die Befunde stehen im Protokoll und als CSV zum Herunterladen.
maintenance-help-CheckDatabase = Dieselbe Prüfung für dieses oder für alle Schuljahre; die Befunde stehen im Protokoll.
maintenance-help-CalculateBalances = Berechnet die IPB-Saldi aller abgeschlossenen Schuljahre neu und vergleicht sie mit den gespeicherten, auf vier Stellen genau.
maintenance-years = Schuljahre
maintenance-this-year = nur { $year }
maintenance-every-year = alle Schuljahre
maintenance-start = Starten
maintenance-runs = Ihre Prüfungen
maintenance-no-runs = Noch keine Prüfung gestartet.
maintenance-not-a-job = Diese Aufgabe gehört nicht zur Wartung.
