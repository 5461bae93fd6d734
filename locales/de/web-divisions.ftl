# Web interface: Stammdaten → Organisationseinheiten with the logo and the
# signature (docs/web.md §Organisationseinheiten), German.

divisions-nav = Organisationseinheiten
divisions-title = Organisationseinheiten
divisions-caption = Organisationseinheiten
divisions-count = { $shown } von { $total } Organisationseinheiten
divisions-none = Keine Organisationseinheit passt zur Suche.
divisions-search-hint = Kürzel, Bezeichnung, Leitung oder Gruppierung
divisions-new = Neue Organisationseinheit
divisions-new-title = Neue Organisationseinheit
divisions-edit-title = Organisationseinheit { $code } bearbeiten
divisions-detail-title = Organisationseinheit { $code } ({ $name })
divisions-object = Die Organisationseinheit { $code }
divisions-back = Zurück zur Liste
divisions-code = Kürzel
divisions-description = Bezeichnung
divisions-head-name = Leitung
divisions-head-title = Titel der Leitung
divisions-grouping = Gruppierung
divisions-delete-confirm = Die Organisationseinheit wird endgültig gelöscht, mit Logo und Unterschrift. Das geht nur, solange keine Klasse und keine Anstellung zu ihr gehört.
divisions-in-use = { $object } wird noch verwendet ({ $users }) und kann nicht gelöscht werden. Weisen Sie diese zuerst einer anderen Organisationseinheit zu.
divisions-done-created = Die Organisationseinheit wurde erfasst.
divisions-done-saved = Die Änderungen wurden gespeichert.
divisions-done-archived = Die Organisationseinheit wurde archiviert.
divisions-done-unarchived = Die Organisationseinheit wurde reaktiviert.
divisions-done-deleted = Die Organisationseinheit wurde gelöscht.

## Logo und Unterschrift
divisions-images-title = Logo und Unterschrift
divisions-logo-label = Logo
divisions-logo-alt = Logo der Organisationseinheit { $code }
divisions-logo-none = Kein Logo hinterlegt.
divisions-logo-choose = Neues Logo wählen
divisions-logo-upload = Logo hochladen
divisions-logo-remove = Logo entfernen
divisions-signature-label = Unterschrift der Leitung
divisions-signature-alt = Unterschrift der Leitung von { $code }
divisions-signature-none = Keine Unterschrift hinterlegt.
divisions-signature-choose = Neue Unterschrift wählen
divisions-signature-upload = Unterschrift hochladen
divisions-signature-remove = Unterschrift entfernen
divisions-image-about = { $name } ({ $type }, { $size })
divisions-image-hint = Ein Bild im Format PNG oder JPEG, höchstens { $max }.
divisions-image-missing = Bitte wählen Sie zuerst eine Datei.
divisions-image-too-large = Die Datei ist zu gross ({ $size }); erlaubt sind höchstens { $max }.
divisions-image-not-image = Die Datei ist kein Bild im Format PNG oder JPEG.
divisions-image-unreadable = Die Datei konnte nicht gelesen werden. Bitte versuchen Sie es noch einmal.
