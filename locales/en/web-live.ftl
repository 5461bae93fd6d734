# Working together live (docs/web.md §Working together).

live-changed = { $name } changed { $kind } { $id }.
live-created = { $name } created { $kind } { $id }.
live-deleted = { $name } deleted { $kind } { $id }.
live-many = Others changed a lot.
live-presence = Also open: { $names }
live-reload = Reload
live-too-many-session = You have too many pages open at once: at most 8 receive changes at once, the others load them every minute.
live-too-many-server = The server holds too many open pages right now: this one loads changes every minute.
live-closing = The server is stopping. Please reload the page in a moment.
