# Working together live (docs/web.md §Working together).

live-changed = { $name } hat { $kind } { $id } geändert.
live-created = { $name } hat { $kind } { $id } erstellt.
live-deleted = { $name } hat { $kind } { $id } gelöscht.
live-many = Andere haben vieles geändert.
live-presence = Ebenfalls geöffnet: { $names }
live-reload = Neu laden
