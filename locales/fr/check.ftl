# Plan-check findings (docs/i18n.md §Findings).

finding-course-label = Cours { $id } ({ $subject }, { $who })
finding-course-item = cours { $id }
finding-course-rule = { $course } : { $why }
finding-grade-not-in-curriculum = La grille horaire de { $curriculum } contient une entrée pour la discipline { $subject } au degré { $grade }, qui n'est pas un degré de la filière.
finding-lesson-table-side = Dans la grille horaire de { $curriculum }, la discipline { $subject } { $side ->
    [cross-class] est interclasses, mais sa ligne a une unité organisationnelle
   *[per-class] est enseignée par classe, mais sa ligne n'a pas d'unité organisationnelle
} : déplacez la ligne du bon côté.
finding-no-weekly-lessons = Le type d'engagement { $type } est géré en leçons et utilisé dans l'année scolaire { $year }, qui ne fixe pas de leçons hebdomadaires (weeklyLessons) pour lui : ses leçons comptent 0 %.
finding-duplicate-course = La classe { $class } a { $count } cours de la discipline { $subject } : { $courses }.
finding-open-lessons = { $course } n'a pas d'enseignant·e pour { $which ->
    [s1] { $lessons1 } leçons au 1er semestre
    [s2] { $lessons2 } leçons au 2e semestre
   *[both] { $lessons1 } leçons au 1er semestre et { $lessons2 } leçons au 2e semestre
}.
finding-workload-deviation = Enseignant·e { $teacher } : pensum de { $workload } % pour un taux de rémunération visé moyen de { $target } % ({ $points } points de pourcentage { $direction ->
    [over] au-dessus
   *[under] en dessous
}).
finding-no-work = L'enseignant·e { $teacher } est engagé·e dans l'année scolaire { $year }, mais n'a ni cours, ni entrées de pool, ni travaux de fin d'études.
finding-payment-outside-range = Enseignant·e { $teacher } : taux de rémunération visé hors de la fourchette d'engagement { $min } – { $max } % ({ $which ->
    [s1] 1er semestre : { $payment1 } %
    [s2] 2e semestre : { $payment2 } %
   *[both] 1er semestre : { $payment1 } %, 2e semestre : { $payment2 } %
}).
finding-no-entry-classes = Filière { $curriculum } : dans l'année scolaire { $year }, aucune classe n'est au degré d'entrée { $grade } ; l'ouverture de l'année ne crée donc pas de cours de première année pour elle. Saisissez les classes entrantes (volée { $graduation }) et ouvrez à nouveau l'année scolaire.
