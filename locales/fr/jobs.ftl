# Journaux et erreurs des tâches (docs/i18n.md §Job logs), dans la langue de
# la requête qui a lancé la tâche.

job-check-no-year = Il n'y a aucune année scolaire à vérifier.
job-check-year-count = Année scolaire { $year } : { $count ->
    [one] { $count } constat.
   *[other] { $count } constats.
}
job-check-year-clean = Année scolaire { $year } : la vérification de la planification n'a rien trouvé.
job-check-finding = { $severity ->
    [error] Erreur
   *[warning] Avertissement
} : { $detail }
job-opened = { $courses } cours, { $employments } engagements et { $pool } entrées de pool créés.
job-opened-already = { $courses } cours, { $employments } engagements et { $pool } entrées de pool créés (l'année scolaire était déjà ouverte).
job-opening-warning = Avertissement : { $detail }
job-opening-course = Cours { $id } ({ $subject }, { $classes })
job-file-written = { $name } écrit ({ $bytes } octets).
job-sheets-typeset = { $count ->
    [one] { $count } feuille de pensum composée.
   *[other] { $count } feuilles de pensum composées.
}
job-mail-sent = { $file } envoyé à { $code } ({ $email }).
job-mails-sent = { $count ->
    [one] { $count } e-mail envoyé.
   *[other] { $count } e-mails envoyés.
}
job-failed-internal = La tâche a échoué à cause d'une erreur du serveur ; l'erreur a été journalisée.
job-product-not-stored = Le résultat n'a pas pu être enregistré.
