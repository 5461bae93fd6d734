# Textes de règles particulières qui n'existaient qu'en anglais (docs/i18n.md §Problems).


# Request bodies, paths and query parameters (src/api/extract.rs and the handlers)
error-body-too-large = Le corps de la requête est trop volumineux.
error-body-unreadable = Le corps de la requête n'a pas pu être lu.
error-body-not-json-type = Envoyez le corps de la requête en JSON avec Content-Type: application/json.
error-body-invalid-json = Le corps de la requête n'est pas du JSON valable : { $reason }.
error-body-object = Le corps de la requête doit être un objet JSON.
error-path-id = `{ $raw }` n'est pas un identifiant valable : les identifiants sont des nombres entiers positifs.
error-path-lesson-table-id = `{ $id }` n'est pas un identifiant de ligne de grille horaire `<curriculumId>-<subjectId>[-<divisionId>]`.
error-path-thesis-id = `{ $id }` n'est pas un identifiant de travaux de fin d'études `<schoolYearId>-<teacherId>`.
error-no-theses = Il n'y a pas de travaux de fin d'études { $id } : l'enseignant·e n'a pas d'engagement cette année scolaire.
error-query-character = Le paramètre de requête `{ $name }` contient un caractère de contrôle ou une inversion de direction.
error-query-value = Le paramètre de requête `{ $name }={ $value }` n'est pas valable : on attend { $expected }.
error-query-expected-id = un identifiant valable
error-query-expected-boolean = true ou false
error-query-expected-one-of = l'une de ces valeurs : { $options }
error-query-expected-time = une heure selon la RFC 3339 ou une date
error-query-required = Le paramètre de requête `{ $name }` est obligatoire.
error-query-employments-filter = Pour lister les engagements, le paramètre de requête `schoolYear` ou `teacher` est obligatoire.
error-query-grade-needs-year = Le paramètre de requête `grade` demande `schoolYear` : une classe n'a un degré que dans une année scolaire donnée.
error-query-employed-needs-year = `employed` demande `schoolYear`.

# Authentication and roles (src/api/auth.rs)
error-auth-no-token = Cette requête demande un jeton d'API : envoyez Authorization: Bearer <token>.
error-auth-bad-header = L'en-tête Authorization ne contient pas de jeton Bearer valable.
error-auth-token-unknown = Le jeton est inconnu, expiré ou révoqué.
error-auth-role = Le compte { $account } a le rôle { $role } ; cette requête demande le rôle { $needed }.
error-auth-rate-limited = Trop de requêtes avec ce jeton ; réessayez dans { $wait } s.
error-auth-sign-on-refused = Le jeton du fournisseur d'identité n'est pas valable ici.
error-auth-sign-on-no-account = Il n'y a pas de compte nommé { $name } ; demandez à un·e administrateur·rice de le créer.
error-auth-needs-token = Cette requête demande un jeton d'API.

# Jobs (src/api/job.rs, src/service/job.rs, src/jobs, src/domain/job.rs)
error-jobs-too-many = Vous avez { $limit } tâches non terminées, autant que ce serveur le permet ; lancez la suivante dès que l'une d'elles est terminée.
error-job-standing-role = Lancer une tâche permanente demande le rôle planner ; le compte { $account } a le rôle { $role }.
error-job-not-standing = La tâche { $id } n'est pas une tâche permanente : seules les tâches 1–3 sont lancées avec PUT ; lancez les autres avec POST /job.
error-job-action = `action` doit être "start".
error-job-running-id = La tâche { $id } ({ $name }) est déjà en cours.
error-job-role = La tâche { $name } demande le rôle { $needed } ; le compte { $account } a le rôle { $role }.
error-job-not-available-here = La tâche { $name } ({ $title }) n'est pas encore disponible sur ce serveur.
error-job-no-sheet = L'enseignant·e { $teacher } n'a pas d'engagement dans l'année scolaire { $year } : il n'y a pas de feuille de pensum.
error-job-unknown-name = Il n'y a pas de tâche `{ $name }` ; les tâches sont { $jobs }.

# Unique values and the database (src/store)
error-taken-account-name = Un compte portant ce nom existe déjà.
error-taken-division = Une unité organisationnelle avec ce code existe déjà.
error-taken-subject-category = Un domaine avec ce code existe déjà.
error-taken-subject-type = Un type de discipline avec ce code existe déjà.
error-taken-gender = Un genre avec ce code existe déjà.
error-taken-subject = Une discipline avec ce code existe déjà.
error-taken-curriculum = Une filière avec ce code existe déjà.
error-taken-grade = Un degré avec ce code existe déjà.
error-taken-school-class = Une classe avec ce code existe déjà.
error-taken-payroll-type = Un type d'engagement avec ce code existe déjà.
error-taken-pool-type = Un type de pool avec ce code existe déjà.
error-taken-posting-type = Un type d'écriture avec ce code existe déjà.
error-taken-thesis-type = Un type de travail de fin d'études avec ce code existe déjà.
error-taken-teacher = Un·e enseignant·e avec ce code existe déjà.
error-taken-school-year = Une année scolaire avec ce code existe déjà.
error-taken-employment = L'enseignant·e a déjà un engagement dans cette année scolaire.
error-taken-saldo-order = Un autre type d'engagement a déjà ce saldoResolvingOrder.
error-taken-graduation-year = Une année scolaire avec cette année de fin d'études existe déjà.
error-list-entry-twice = Une liste contient deux fois la même entrée.
error-taken-values = Un objet avec ces valeurs existe déjà.
error-foreign-key = La modification renvoie à un objet qui n'existe plus, ou en supprime un qui est encore référencé.
error-collided = La modification est entrée en conflit avec une modification simultanée. Veuillez réessayer.
error-database-busy = La base de données est occupée ou ne répond pas. Veuillez réessayer.
error-not-saved = La modification n'a pas pu être enregistrée. Veuillez réessayer.
error-given-up = La requête a été abandonnée (elle a pris trop de temps, ou son client est parti) ; rien n'a été enregistré.

# Accounts, tokens, conditions and opening (src/service)
error-own-account-grant = Le compte { $account } est le vôtre : vous ne pouvez pas vous retirer le droit d'attribuer des droits ; demandez à un·e autre administrateur·rice.
error-own-account-delete = Le compte { $account } est le vôtre : vous ne pouvez pas le supprimer ; demandez à un·e autre administrateur·rice.
error-own-token-id = Le jeton { $id } est celui qu'utilise cette requête : révoquez-le avec un autre jeton d'administration ou avec `schoolplan token revoke { $id }`.
error-audit-admin-only = Seul·es les administrateur·rices peuvent lire le journal des modifications.
error-no-account-named = Il n'y a pas de compte nommé { $name }.
error-changed-since-read = L'objet « { $kind } » avec l'ID { $id } a changé depuis sa lecture : If-Match ne correspond pas à son ETag actuel. Relisez-le et refaites la modification.
error-none-match = L'objet « { $kind } » avec l'ID { $id } correspond à If-None-Match, la modification n'a donc pas été faite.
error-condition-unreadable = `{ $name }` doit être `*` ou une liste d'étiquettes d'entité séparées par des virgules, comme "1a2b".
error-opening-locked = L'année scolaire { $year } est { $state ->
    [archived] archivée
   *[finalised] clôturée
} : elle ne peut pas être ouverte. Rouvrez d'abord l'année scolaire.
kind-lesson-table-row = ligne de grille horaire
kind-theses = travaux de fin d'études

# Field rules of the body reader and the forms (src/domain)
error-field-object = `{ $pointer }` doit être un objet.
error-field-character = `{ $key }` contient le caractère { $char } ; ce texte admet { $allowed ->
    [multi-line] les sauts de ligne et les tabulations, mais aucun autre caractère de contrôle
   *[single-line] aucun caractère de contrôle (ni saut de ligne, ni tabulation)
} et aucune inversion de direction.
error-id-map-key = `{ $key }` : la clé `{ $k }` n'est pas un identifiant.
error-id-map-number = `{ $key }` : la valeur de `{ $k }` doit être un nombre.
error-id-map-range = `{ $key }` : la valeur de `{ $k }` doit être comprise entre { $min } et { $max }.
error-id-map-precise = `{ $key }` : la valeur de `{ $k }` a plus de 4 décimales.
error-field-sender = `{ $key }` n'est pas une adresse d'expéditeur valable (`name@school.ch` ou `Name <name@school.ch>`).
error-binary = `{ $key }` : { $why }
error-binary-no-mime = mimeType est obligatoire.
error-binary-no-data = data est obligatoire.
error-binary-too-large = plus grand que 1 Mio.
error-binary-base64 = data n'est pas du base64 valable.
error-binary-mime = mimeType doit être image/png ou image/jpeg.
error-binary-bytes = les données ne sont pas du type { $mime }.
error-binary-file-name = `{ $key }` : fileName contient le caractère { $char }.
error-number-huge = Le nombre { $number } est plus grand que ce qu'un champ peut contenir.
error-number-lossy = Le nombre { $number } a plus de décimales que ce qu'un champ peut contenir (au plus 4).
error-lesson-type-unknown = `type` doit être un type de leçon de /lessontype : son identifiant, son code ou sa référence.
error-lesson-grade-twice = Le degré { $grade } figure deux fois dans `details`.
error-lesson-details-list = `details` doit être une liste de {"{"}grade, type, lessons1, lessons2{"}"}.
error-lesson-side-cross-class = La discipline { $subject } est interclasses : sa ligne de grille horaire appartient à la filière seule, sans unité organisationnelle (identifiant `<curriculum>-<subject>`).
error-lesson-side-per-class = La discipline { $subject } est enseignée par classe : sa ligne de grille horaire demande une unité organisationnelle (identifiant `<curriculum>-<subject>-<division>`).
error-lesson-grade-not-in-curriculum = Le degré { $grade } n'appartient pas à la filière { $curriculum }.
error-grade-payroll-type-reference = `{ $pointer }` doit être une référence à un type d'engagement : {"{"}"id": N{"}"}, N, "N" ou null.
error-curriculum-grades-required = `grades` est obligatoire : indiquez au moins un degré, le degré d'entrée en premier.
error-weekly-lessons-zero = `weeklyLessons` : un plein temps demande plus de 0 leçon par semaine.
error-weeks-required = `weeks` est obligatoire (il n'y a pas d'année scolaire antérieure dont le reprendre).
error-ipb-needs-lessons-field = `ipbCorrectionAllowed` demande `lessonBased` : la correction IPB est comptabilisée en leçons.
error-opening-no-previous = L'année scolaire { $year } ne peut pas être ouverte : il n'y a pas d'année scolaire avant elle (année de fin d'études inférieure à { $graduation }) dont reprendre les engagements, les cours et les entrées de pool. Créez d'abord l'année scolaire précédente, ou planifiez celle-ci à la main.
error-opening-teacher-not-employed = L'enseignant·e { $teacher } d'un cours { $subject } repris n'a pas d'engagement dans l'année scolaire { $year }.

# Request headers and documents (src/app.rs, src/documents)
error-header-size = L'en-tête de la requête a { $fields } champs de { $bytes } octets ; au plus { $maxFields } champs de { $maxKib } Kio au total sont acceptés.
error-document-typeset = Le document n'a pas pu être composé ({ $stage }) : { $messages }.

# Objects still in use (docs/contract.md §Deleting): the users named by the store
error-user = { $kind } { $rest }
error-user-of = { $kind } de { $rest }
error-users-and = { $list } et { $last }
error-users-more = { $list } et { $more } autres
error-in-use = L'objet « { $kind } » est encore utilisé par : { $users }.
error-in-use-named = L'objet « { $kind } » { $code } est utilisé par : { $users } ; il ne peut pas être supprimé.
error-in-use-lesson-based = Le type d'engagement { $code } est utilisé par : { $users } ; il doit rester en leçons.
error-in-use-division = L'unité organisationnelle { $code } est encore utilisée par : { $users } ; déplacez-les d'abord dans une autre unité organisationnelle.
error-in-use-subject = La discipline { $code } est encore utilisée par : { $users } ; archivez plutôt la discipline.
error-in-use-school-class = La classe { $code } est encore utilisée par : { $users } ; archivez plutôt la classe.
error-in-use-teacher = L'enseignant·e { $code } est encore référencé·e par : { $users } ; archivez plutôt l'enseignant·e.
error-in-use-curriculum = La filière { $code } est encore utilisée par : { $users } ; archivez plutôt la filière.
error-in-use-school-year = L'année scolaire { $code } a encore : { $users } ; archivez plutôt l'année scolaire.
error-in-use-employment = L'enseignant·e { $teacher } a encore dans l'année scolaire { $year } : { $users } ; l'engagement ne peut pas être { $what ->
    [deleted] supprimé
   *[other] déplacé vers un·e autre enseignant·e ou une autre année scolaire
}. Retirez d'abord l'enseignant·e de ces cours et supprimez ces entrées.

# Jobs that another server or a stop ends (src/jobs/mod.rs; LEASE_ERROR, STOP_ERROR in English)
job-failed-lease = Le serveur qui exécutait la tâche ne répond plus (son délai a expiré) ; la tâche n'a pas été terminée. Veuillez la relancer.
job-failed-stopped = Le serveur qui exécutait la tâche a été arrêté ; la tâche n'a pas été terminée. Veuillez la relancer.

# A teacher's workload asked for a year without their employment (404).
error-no-workload = L'enseignant·e { $teacher } n'a pas d'engagement dans l'année scolaire { $year } : il n'y a pas de charge d'enseignement.

# Faults of the database (docs/faults.md)
error-database-unavailable = La connexion à la base de données est interrompue ; veuillez réessayer dans quelques secondes.
error-disk-full = L'espace disque de la base de données est plein : la modification n'a pas été enregistrée. La lecture continue ; les modifications redeviennent possibles dès que de l'espace est libéré (veuillez avertir l'exploitation).
error-connection-lost = La connexion à la base de données a été perdue ; rien n'a été enregistré. Veuillez réessayer dans quelques secondes.
error-commit-unknown = La connexion à la base de données a été perdue pendant l'enregistrement : on ne sait pas si la modification a été enregistrée. Veuillez recharger l'objet avant de réessayer.
error-database-locked = Un autre programme verrouille la base de données depuis plus de { $seconds } s ; rien n'a été enregistré. Veuillez réessayer dans quelques secondes.
error-account-teacher-only = Un·e enseignant·e n'est lié·e qu'à un compte du rôle « enseignant·e », pas du rôle { $role }.
error-account-teacher-needed = Un compte du rôle « enseignant·e » appartient à exactement un·e enseignant·e : choisissez-le ou la à la création du compte. Un compte existant ne peut pas le devenir.
error-teacher-has-account-named = Cet·te enseignant·e a déjà le compte { $account }.
error-not-released-year = Votre fiche pour l'année scolaire { $year } n'est pas encore communiquée. Vous serez averti·e dès que l'école la communique.
error-not-a-teacher = Ce compte n'appartient à aucun·e enseignant·e ; « Mon taux » n'existe que pour les comptes du rôle « enseignant·e ».
error-sheet-changed = Votre fiche a changé depuis que vous l'avez ouverte (version { $seen }, maintenant { $now }). Relisez-la, puis confirmez.
error-confirmation-remark-or-question = Envoyez soit une remarque avec la confirmation, soit une question, pas les deux.
error-no-question = Il n'y a pas de question ouverte sur cette fiche.
