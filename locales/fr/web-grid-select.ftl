# Planification par classe : sélectionner plusieurs cellules d'une ligne et les regrouper (docs/web.md §Editing the grid).
grid-select-keys = Ctrl/Cmd-clic ou Espace sélectionne des cours d'une ligne à regrouper.
grid-select-toolbar = Sélection
grid-select-merge = Regrouper
grid-select-clear = Annuler la sélection
grid-select-first = Le cours sélectionné en premier garde ses enseignants.
grid-select-count-one = 1 cours sélectionné.
grid-select-count = { $count } cours sélectionnés.
grid-select-cleared = Sélection annulée.
grid-select-other-row = Seuls les cours d'une même ligne peuvent être regroupés ; la sélection recommence.
grid-select-with = Regrouper plusieurs cours
grid-select-editor-merge = Regrouper les cours cochés
grid-select-none = Cochez au moins un autre cours à regrouper avec celui-ci.
grid-select-malformed = La sélection est illisible ; rechargez la page et sélectionnez à nouveau les cours.
grid-select-stale = Quelqu'un a modifié l'un des cours sélectionnés entre-temps ; rien n'a été regroupé. Voici le premier cours tel qu'il est maintenant.
grid-select-gone = L'un des cours sélectionnés n'existe plus ; rien n'a été regroupé. Les cellules montrent les cours tels qu'ils sont maintenant.
