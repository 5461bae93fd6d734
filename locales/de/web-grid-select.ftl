# Planung nach Klassen: "Auswählen" mehrerer Zellen einer Zeile und Zusammenlegen (docs/web.md §Editing the grid).
grid-select-keys = Strg-/Cmd-Klick oder Leertaste wählt Kurse einer Zeile zum Zusammenlegen aus.
grid-select-toolbar = Auswahl
grid-select-merge = Zusammenlegen
grid-select-clear = Auswahl aufheben
grid-select-first = Der zuerst ausgewählte Kurs behält seine Lehrpersonen.
grid-select-count-one = 1 Kurs ausgewählt.
grid-select-count = { $count } Kurse ausgewählt.
grid-select-cleared = Auswahl aufgehoben.
grid-select-other-row = Zusammenlegen lassen sich nur Kurse derselben Zeile; die Auswahl beginnt neu.
grid-select-with = Mehrere Kurse zusammenlegen
grid-select-editor-merge = Angekreuzte zusammenlegen
grid-select-none = Kreuzen Sie mindestens einen weiteren Kurs an, der mit diesem zusammengelegt werden soll.
grid-select-malformed = Die Auswahl ist nicht lesbar; laden Sie die Seite neu und wählen Sie die Kurse erneut aus.
grid-select-stale = Jemand hat einen der ausgewählten Kurse inzwischen geändert; es wurde nichts zusammengelegt. Hier ist der erste Kurs, wie er jetzt ist.
grid-select-gone = Einer der ausgewählten Kurse existiert nicht mehr; es wurde nichts zusammengelegt. Die Zellen zeigen die Kurse, wie sie jetzt sind.
