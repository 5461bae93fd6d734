# Working together live (docs/web.md §Working together).

live-changed = { $name } changed { $object }.
live-created = { $name } created { $object }.
live-deleted = { $name } deleted { $object }.
live-merged = { $name } merged { $object }.
live-split = { $name } split { $object }.
live-cancelled = { $name } cancelled { $object }.
live-resumed = { $name } resumed { $object }.
live-archived = { $name } archived { $object }.
live-restored = { $name } restored { $object } from the archive.
live-revoked = { $name } revoked { $object }.
live-imported = { $name } imported a data set.
live-many = Others changed a lot.
live-presence = Also open: { $names }
live-reload = Reload
live-too-many-session = You have too many pages open at once: at most 8 receive changes at once, the others load them every minute.
live-too-many-server = The server holds too many open pages right now: this one loads changes every minute.
live-closing = The server is stopping. Please reload the page in a moment.
