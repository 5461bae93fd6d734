# Interface web : Données de base → Unités organisationnelles, avec le logo
# et la signature (docs/web.md §Organisationseinheiten), français.

divisions-nav = Unités organisationnelles
divisions-title = Unités organisationnelles
divisions-caption = Unités organisationnelles
divisions-count = { $shown } sur { $total } unités organisationnelles
divisions-none = Aucune unité organisationnelle ne correspond à la recherche.
divisions-search-hint = Code, désignation, direction ou regroupement
divisions-new = Nouvelle unité organisationnelle
divisions-new-title = Nouvelle unité organisationnelle
divisions-edit-title = Modifier l'unité organisationnelle { $code }
divisions-detail-title = Unité organisationnelle { $code } ({ $name })
divisions-object = L'unité organisationnelle { $code }
divisions-back = Retour à la liste
divisions-code = Code
divisions-description = Désignation
divisions-head-name = Direction
divisions-head-title = Titre de la direction
divisions-grouping = Regroupement
divisions-delete-confirm = L'unité organisationnelle est supprimée définitivement, avec son logo et sa signature. Cela n'est possible que tant qu'aucune classe ni aucun engagement n'en fait partie.
divisions-in-use = { $object } est encore utilisée ({ $users }) et ne peut pas être supprimée. Attribuez-les d'abord à une autre unité organisationnelle.
divisions-done-created = L'unité organisationnelle a été créée.
divisions-done-saved = Les modifications ont été enregistrées.
divisions-done-archived = L'unité organisationnelle a été archivée.
divisions-done-unarchived = L'unité organisationnelle a été réactivée.
divisions-done-deleted = L'unité organisationnelle a été supprimée.

## Logo et signature
divisions-images-title = Logo et signature
divisions-logo-label = Logo
divisions-logo-alt = Logo de l'unité organisationnelle { $code }
divisions-logo-none = Aucun logo enregistré.
divisions-logo-choose = Choisir un nouveau logo
divisions-logo-upload = Téléverser le logo
divisions-logo-remove = Retirer le logo
divisions-signature-label = Signature de la direction
divisions-signature-alt = Signature de la direction de { $code }
divisions-signature-none = Aucune signature enregistrée.
divisions-signature-choose = Choisir une nouvelle signature
divisions-signature-upload = Téléverser la signature
divisions-signature-remove = Retirer la signature
divisions-image-about = { $name } ({ $type }, { $size })
divisions-image-hint = Une image PNG ou JPEG, au plus { $max }.
divisions-image-missing = Veuillez d'abord choisir un fichier.
divisions-image-too-large = Le fichier est trop grand ({ $size }) ; au plus { $max } sont admis.
divisions-image-not-image = Le fichier n'est pas une image PNG ou JPEG.
divisions-image-unreadable = Le fichier n'a pas pu être lu. Veuillez réessayer.
