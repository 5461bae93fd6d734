# Working together live (docs/web.md §Working together).

live-changed = { $name } a modifié : { $kind } { $id }.
live-created = { $name } a créé : { $kind } { $id }.
live-deleted = { $name } a supprimé : { $kind } { $id }.
live-many = D'autres personnes ont fait de nombreuses modifications.
live-presence = Également ouvert par : { $names }
live-reload = Recharger
