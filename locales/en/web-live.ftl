# Working together live (docs/web.md §Working together).

live-changed = { $name } changed { $kind } { $id }.
live-created = { $name } created { $kind } { $id }.
live-deleted = { $name } deleted { $kind } { $id }.
live-many = Others changed a lot.
live-presence = Also open: { $names }
live-reload = Reload
