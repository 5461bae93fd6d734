# Working together live (docs/web.md §Working together).

live-changed = { $name } a modifié : { $object }.
live-created = { $name } a créé : { $object }.
live-deleted = { $name } a supprimé : { $object }.
live-merged = { $name } a fusionné : { $object }.
live-split = { $name } a divisé : { $object }.
live-cancelled = { $name } a annulé : { $object }.
live-resumed = { $name } a rétabli : { $object }.
live-archived = { $name } a archivé : { $object }.
live-restored = { $name } a sorti des archives : { $object }.
live-revoked = { $name } a révoqué : { $object }.
live-imported = { $name } a importé un jeu de données.
live-many = D'autres personnes ont fait de nombreuses modifications.
live-presence = Également ouvert par : { $names }
live-reload = Recharger
live-too-many-session = Vous avez trop de pages ouvertes à la fois : au plus 8 reçoivent les modifications aussitôt, les autres les chargent chaque minute.
live-too-many-server = Le serveur garde trop de pages ouvertes en ce moment : celle-ci charge les modifications chaque minute.
live-closing = Le serveur s'arrête. Veuillez recharger la page dans un instant.
