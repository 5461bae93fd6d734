# Working together live (docs/web.md §Working together).

live-changed = { $name } hat { $kind } { $id } geändert.
live-created = { $name } hat { $kind } { $id } erstellt.
live-deleted = { $name } hat { $kind } { $id } gelöscht.
live-many = Andere haben vieles geändert.
live-presence = Ebenfalls geöffnet: { $names }
live-reload = Neu laden
live-too-many-session = Sie haben zu viele Seiten gleichzeitig geöffnet: höchstens 8 erhalten Änderungen sofort, die übrigen laden sie jede Minute nach.
live-too-many-server = Der Server hält gerade zu viele offene Seiten: diese lädt Änderungen jede Minute nach.
live-closing = Der Server wird gerade beendet. Bitte laden Sie die Seite gleich neu.
