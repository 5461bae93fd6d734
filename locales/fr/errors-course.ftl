# Textes des cours : contenu de la requête, règles de regroupement et de division
# (src/domain/course/body.rs, src/domain/course/rules.rs).

# Un cours nommé dans une phrase : en tête de phrase et dans la phrase (comme sujet).
course-named-start = Le cours { $id } ({ $subject }, { $classes })
course-named = le cours { $id } ({ $subject }, { $classes })

# Les cours regroupés partagent discipline, année scolaire, degré et filière.
error-merge-subject-mismatch-courses = { $first } relève de la discipline { $firstValue }, { $other } de la discipline { $otherValue } : les cours regroupés doivent relever de la même discipline.
error-merge-school-year-mismatch-courses = { $first } appartient à l'année scolaire { $firstValue }, { $other } à l'année scolaire { $otherValue } : les cours regroupés doivent appartenir à la même année scolaire.
error-merge-grade-mismatch-courses = { $first } est au degré { $firstValue }, { $other } au degré { $otherValue } : les cours regroupés doivent partager le même degré.
error-merge-curriculum-mismatch-courses = { $first } suit la filière { $firstValue }, { $other } la filière { $otherValue } : les cours regroupés doivent suivre la même filière.
error-merge-subject-differs-field = autre discipline que le premier cours
error-merge-school-year-differs-field = autre année scolaire que le premier cours
error-merge-grade-differs-field = autre degré que le premier cours
error-merge-curriculum-differs-field = autre filière que le premier cours
error-merge-listed-before-field = déjà indiqué
error-merge-too-few-field = indiquez au moins deux ID de cours
error-split-single-class-field = cours d'une seule classe

# Les classes d'un nouveau cours.
error-class-grade-differs-field = autre degré que la première classe
error-class-curriculum-differs-field = autre filière que la première classe

# Les trois formes d'une requête POST /course.
error-course-command-both = La requête contient à la fois `merge` et `split` : envoyez une seule commande par requête.
error-course-command-fields = Une requête `{ $command }` ne doit pas contenir de champs de cours (trouvé : { $fields }) : envoyez la commande seule.
error-merge-not-list = `merge` doit être une liste d'ID de cours.
error-merge-item-not-id = `{ $pointer }` doit être un ID de cours.
error-split-not-id = `split` doit être un seul ID de cours.
