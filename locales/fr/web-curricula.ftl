# Interface web : données de base → filières, grille horaire, années scolaires
# (docs/web.md §Curricula, §Lesson table, §School years), français.

form-user-school-class = classe

## Filières
curricula-nav = Filières
curricula-title = Filières
curricula-caption = Filières
curricula-count = { $shown } sur { $total } filières
curricula-none = Aucune filière ne correspond à la recherche.
curricula-search-hint = Abréviation, désignation ou degré
curricula-new = Nouvelle filière
curricula-new-title = Nouvelle filière
curricula-edit-title = Modifier la filière { $code }
curricula-detail-title = Filière { $code } ({ $name })
curricula-object = La filière { $code }
curricula-back = Retour à la liste
curricula-delete-confirm = La filière sera supprimée définitivement, ce qui n'est possible que si aucune classe ni aucun cours ne l'utilise.
curricula-done-created = La filière a été créée.
curricula-done-saved = Les modifications ont été enregistrées.
curricula-done-archived = La filière a été archivée.
curricula-done-unarchived = La filière a été réactivée.
curricula-done-deleted = La filière a été supprimée.
curricula-code = Abréviation
curricula-description = Désignation
curricula-grades = Degrés
curricula-grades-field = Degrés (dans l'ordre de la filière, degré d'entrée en premier)
curricula-grade-label = Degré { $grade }
curricula-grade-fact = Type de salaire { $payroll } · maîtrise de classe { $classlesson }
curricula-grade-payroll = Type de salaire du degré { $grade }
curricula-grade-class-lesson = Type de salaire de la maîtrise de classe, degré { $grade }
curricula-lessontable-link = Grille horaire de cette filière

## Grille horaire
lessontable-nav = Grille horaire
lessontable-title = Grille horaire
lessontable-curriculum = Filière
lessontable-division = Unité d'organisation
lessontable-cross-class = Disciplines interclasses
lessontable-show = Afficher
lessontable-none = Aucune discipline pour ce choix.
lessontable-hint = Périodes par semaine et par degré (1er / 2e semestre lorsqu'elles diffèrent) et la manière dont le cours naît à l'ouverture d'une année scolaire.
lessontable-subject = Discipline
lessontable-actions = Actions
lessontable-edit = Modifier
lessontable-caption = Grille horaire { $curriculum }, { $side }
lessontable-lessons = { $n } p.
lessontable-type-noLessons = aucune
lessontable-type-start = début
lessontable-type-continuation = continuation
lessontable-type-startOptional = début facultatif
lessontable-type-startRepeating = début, répété
lessontable-type-of = Genre, degré { $grade }
lessontable-lessons1-of = Périodes 1er semestre, degré { $grade }
lessontable-lessons2-of = Périodes 2e semestre, degré { $grade }
lessontable-short-type = Genre
lessontable-short-lessons1 = Périodes 1er sem.
lessontable-short-lessons2 = Périodes 2e sem.

## Années scolaires
schoolyears-nav = Années scolaires
schoolyears-title = Années scolaires
schoolyears-caption = Années scolaires
schoolyears-count = { $shown } sur { $total } années scolaires
schoolyears-none = Aucune année scolaire ne correspond à la recherche.
schoolyears-search-hint = Abréviation, désignation ou année de maturité
schoolyears-new = Ouvrir une année scolaire …
schoolyears-new-title = Ouvrir une année scolaire
schoolyears-edit-title = Modifier l'année scolaire { $code }
schoolyears-detail-title = Année scolaire { $code } ({ $name })
schoolyears-object = L'année scolaire { $code }
schoolyears-back = Retour à la liste
schoolyears-delete-confirm = L'année scolaire sera supprimée définitivement, ce qui n'est possible que sans cours, engagements ni entrées de pool.
schoolyears-done-created = L'année scolaire a été créée.
schoolyears-done-saved = Les modifications ont été enregistrées.
schoolyears-done-archived = L'année scolaire a été archivée.
schoolyears-done-unarchived = L'année scolaire a été réactivée.
schoolyears-done-deleted = L'année scolaire a été supprimée.
schoolyears-code = Abréviation
schoolyears-description = Désignation
schoolyears-graduation-year = Année de maturité
schoolyears-weeks = Semaines d'école
schoolyears-mode = Mode de calcul
schoolyears-surcharge = Supplément petit groupe (périodes)
schoolyears-weekly = Périodes par plein temps, { $type }
schoolyears-weekly-id = Périodes par plein temps, type de salaire { $id }
schoolyears-finalised = Planification terminée
schoolyears-show-ipb = Afficher les soldes IPB
schoolyears-lessons = { $n } p.
schoolyears-grid-link = Grille de planification de cette année
schoolyears-overview-link = Aperçu annuel de cette année
