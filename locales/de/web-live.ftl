# Working together live (docs/web.md §Working together).

live-changed = { $name } hat { $object } geändert.
live-created = { $name } hat { $object } erstellt.
live-deleted = { $name } hat { $object } gelöscht.
live-merged = { $name } hat { $object } zusammengeführt.
live-split = { $name } hat { $object } aufgeteilt.
live-cancelled = { $name } hat { $object } abgesagt.
live-resumed = { $name } hat { $object } wieder aufgenommen.
live-archived = { $name } hat { $object } archiviert.
live-restored = { $name } hat { $object } aus dem Archiv geholt.
live-revoked = { $name } hat { $object } widerrufen.
live-imported = { $name } hat einen Datensatz importiert.
live-many = Andere haben vieles geändert.
live-presence = Ebenfalls geöffnet: { $names }
live-reload = Neu laden
live-too-many-session = Sie haben zu viele Seiten gleichzeitig geöffnet: höchstens 8 erhalten Änderungen sofort, die übrigen laden sie jede Minute nach.
live-too-many-server = Der Server hält gerade zu viele offene Seiten: diese lädt Änderungen jede Minute nach.
live-closing = Der Server wird gerade beendet. Bitte laden Sie die Seite gleich neu.
