# Planification → Engagements et Pool (docs/web.md §Anstellungen, §Pool), French.

nav-employments = Engagements
nav-pool = Pool

employments-title = Engagements { $year }
employments-caption = Les engagements de l'année scolaire avec fourchette, objectif de paiement et soldes IPB
employments-count = { $shown } sur { $total } engagements
employments-none = Aucun engagement ne correspond à la recherche.
employments-search-hint = Sigle, nom, division
employments-filter-division = Division
employments-new = Nouvel engagement
employments-new-title = Nouvel engagement
employments-edit-title = Modifier l'engagement { $code }
employments-detail-title = Engagement { $code }
employments-in-use = L'engagement { $code } est encore utilisé ({ $users }) et ne peut pas être supprimé. Retirez d'abord l'enseignant·e de ces cours et supprimez ces entrées.
employments-back = Retour aux engagements
employments-delete-confirm = L'engagement sera supprimé définitivement.
employments-done-created = L'engagement a été créé.
employments-done-saved = L'engagement a été enregistré.
employments-done-deleted = L'engagement a été supprimé.
employments-code = Sigle
employments-name = Nom
employments-teacher = Enseignant·e
employments-year = Année scolaire
employments-division = Division
employments-range = Fourchette de la décision
employments-min = Décision minimum (%)
employments-max = Décision maximum (%)
employments-payment1 = Objectif de paiement 1er semestre (%)
employments-payment2 = Objectif de paiement 2e semestre (%)
employments-temporary = Engagement à durée déterminée
employments-comments = Commentaire
employments-initial-balance = Solde IPB avant le premier engagement (%)
employments-opening = Solde IPB initial
employments-change = Variation IPB
employments-closing = Solde IPB final
employments-col-payment1 = Paiement 1er sem.
employments-col-payment2 = Paiement 2e sem.
employments-col-temporary = durée déterminée
employments-user-pool = Entrée de pool
employments-user-posting = Écriture IPB
employments-user-theses = Travaux de maturité

pool-title = Pool { $year }
pool-caption = Les entrées de pool de l'année scolaire
pool-count = { $shown } sur { $total } entrées de pool
pool-none = Aucune entrée de pool ne correspond à la recherche.
pool-search-hint = Enseignant·e, description, type
pool-filter-teacher = Enseignant·e
pool-filter-type = Type
pool-new = Nouvelle entrée
pool-new-title = Nouvelle entrée de pool
pool-edit-title = Modifier l'entrée de pool { $code }
pool-detail-title = Entrée de pool { $code }
pool-in-use = L'entrée de pool { $code } est encore utilisée ({ $users }).
pool-back = Retour au pool
pool-delete-confirm = L'entrée de pool sera supprimée définitivement.
pool-done-created = L'entrée de pool a été créée.
pool-done-saved = L'entrée de pool a été enregistrée.
pool-done-deleted = L'entrée de pool a été supprimée.
pool-teacher = Enseignant·e
pool-year = Année scolaire
pool-type = Type
pool-description = Description
pool-percent1 = Pourcentage 1er semestre
pool-percent2 = Pourcentage 2e semestre
employments-notes-marker = { $count ->
    [one] 1 note sur { $teacher }
   *[other] { $count } notes sur { $teacher }
}
