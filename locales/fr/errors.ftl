# Problem details (docs/i18n.md §Problems). `error-<code>` is the general
# sentence of a code, shown when a problem's own text has no key yet; the
# other keys are the texts of single rules.

## The general sentence of each code

error-malformed-json = Le contenu de la requête n'est pas du JSON valide.
error-body-not-object = Le contenu de la requête doit être un objet JSON.
error-invalid-type = Un champ a un type qui ne peut pas être lu comme le type du champ.
error-invalid-query = Un paramètre de requête est illisible, ou un paramètre obligatoire manque.
error-invalid-path-id = L'ID dans le chemin n'est pas un nombre entier positif.
error-unauthenticated = Les données de connexion manquent ou ne sont pas valables.
error-forbidden = Votre rôle ne permet pas cette requête.
error-not-found = L'objet n'existe pas.
error-method-not-allowed = Cette méthode n'est pas permise sur ce chemin ; voir l'en-tête Allow.
error-duplicate-code = Un autre objet de ce type a déjà ce sigle.
error-duplicate-graduation-year = Une autre année scolaire a déjà cette volée.
error-duplicate-employment = L'enseignant·e a déjà un engagement dans cette année scolaire.
error-duplicate-saldo-order = Un autre type d'engagement a déjà cet ordre de résorption du solde (saldoResolvingOrder).
error-referenced = L'objet est encore utilisé par d'autres objets et ne peut pas être supprimé ; archivez-le plutôt.
error-own-token = Un jeton ne peut pas se révoquer lui-même.
error-own-account = Vous ne pouvez ni retirer votre propre droit d'attribuer des droits, ni supprimer votre propre compte.
error-teacher-has-account = L'enseignant·e a déjà un compte ; chaque enseignant·e en a au plus un.
error-not-released = La fiche de cette année scolaire n'a pas encore été communiquée aux enseignant·es.
error-teacher-binding = Un compte du rôle enseignant·e doit indiquer l'enseignant·e, et seul un tel compte le peut.
error-school-year-locked = L'année scolaire est archivée ou clôturée : ses cours et engagements ne peuvent plus être modifiés.
error-concurrent-update = La modification est entrée en conflit avec une autre modification ; veuillez réessayer.
error-precondition-failed = L'objet a été modifié depuis que vous l'avez lu (If-Match ne correspond pas).
error-invalid-header = Un en-tête conditionnel (If-Match, If-None-Match) est illisible.
error-payload-too-large = Le contenu de la requête est trop volumineux.
error-unsupported-media-type = Envoyez le contenu de la requête en JSON avec Content-Type: application/json.
error-rate-limited = Trop de requêtes ; veuillez patienter un instant.
error-too-many-jobs = Vous avez déjà autant de tâches inachevées que le serveur le permet ; lancez-en d'autres dès que l'une d'elles est terminée.
error-header-too-large = L'en-tête de la requête est trop volumineux.
error-required = Un champ obligatoire manque.
error-missing-field = Un champ manque ; un PUT contient chaque champ modifiable (null pour le vider).
error-out-of-range = Un nombre se trouve hors de la plage permise.
error-too-long = Un texte est trop long.
error-too-precise = Un nombre a plus de 4 décimales.
error-invalid-character = Un texte contient un caractère non permis.
error-invalid-email = L'adresse e-mail n'est pas valable.
error-invalid-date = La date n'est pas une date valable de la forme AAAA-MM-JJ.
error-date-out-of-range = La date se situe hors des années 1900 à 2200.
error-date-in-future = La date de naissance se situe dans le futur.
error-invalid-binary = Le fichier est illisible ou trop volumineux.
error-unknown-reference = Un objet référencé n'existe pas.
error-duplicate-entry = Une liste contient deux fois la même entrée.
error-employment-range = L'engagement minimal est supérieur à l'engagement maximal.
error-ipb-needs-lessons = Une correction IPB n'est possible que pour un type d'engagement géré en leçons.
error-not-lesson-based = Le type d'engagement est géré en pour cent : il n'a pas de leçons hebdomadaires.
error-date-order = Une date de fin précède sa date de début.
error-unknown-calculation-mode = Ce mode de calcul n'existe pas.
error-class-not-in-school-year = Une classe n'a pas de degré dans l'année scolaire du cours.
error-class-grade-mismatch = Les classes d'un cours doivent être du même degré.
error-class-curriculum-mismatch = Les classes d'un cours doivent appartenir à la même filière.
error-grade-mismatch = Le degré ou la filière ne correspond pas à ceux des classes.
error-grade-not-in-curriculum = Le degré n'appartient pas à la filière.
error-cross-class-with-classes = Un cours interclasses ne doit pas avoir de classes.
error-teacher-not-employed = Un·e enseignant·e n'a pas d'engagement dans cette année scolaire.
error-invalid-course-command = La requête mélange fusion, division et champs de cours.
error-merge-too-few = Une fusion demande au moins deux cours différents.
error-merge-duplicate-id = Le même cours est indiqué deux fois pour la fusion.
error-merge-subject-mismatch = Les cours fusionnés doivent avoir la même discipline.
error-merge-cross-class = Les cours d'une discipline interclasses ne peuvent pas être fusionnés.
error-merge-school-year-mismatch = Les cours fusionnés doivent appartenir à la même année scolaire.
error-merge-grade-mismatch = Les cours fusionnés doivent être du même degré.
error-merge-curriculum-mismatch = Les cours fusionnés doivent appartenir à la même filière.
error-split-cross-class = Les cours d'une discipline interclasses ne peuvent pas être divisés.
error-split-single-class = Seul un cours de plus d'une classe peut être divisé.
error-lesson-table-side = La ligne de la grille horaire est du mauvais côté : les disciplines interclasses sans unité organisationnelle, les autres avec.
error-no-previous-year = Il n'y a pas d'année scolaire précédente dont reprendre les données.
error-unknown-job = Cette tâche n'existe pas.
error-job-not-available = Cette tâche ne peut pas être lancée sur ce serveur, ou pas de cette manière.
error-job-running = La tâche est déjà en cours ; attendez qu'elle soit terminée.
error-missing-email = Un·e enseignant·e qui doit recevoir un e-mail n'a pas d'adresse e-mail valable ; rien n'a été envoyé.
error-document-failed = Un document n'a pas pu être composé.
error-mail-failed = Un e-mail n'a pas pu être envoyé.
error-invalid-dataset = Le fichier de données est défectueux, ou une entrée enfreint une règle.
error-internal = Le serveur n'a pas pu traiter la requête.
error-unavailable = La base de données ne répond pas, ou la requête a pris trop de temps ; veuillez réessayer.

## Texts of single rules

error-fields = Certains champs sont erronés.
error-internal-fault = Le serveur n'a pas pu traiter la requête. L'erreur a été journalisée.
error-not-found-id = Il n'existe aucun objet « { $kind } » avec l'ID { $id }.
error-no-such-path = Ce chemin n'existe pas.
error-timeout = La requête a pris trop de temps et a été interrompue ; veuillez réessayer.
error-not-processed = La requête n'a pas pu être traitée.
error-unknown-reference-id = Il n'existe aucun objet « { $kind } » avec l'ID { $id }.
error-field-missing = `{ $key }` manque ; un PUT contient chaque champ modifiable (null pour le vider).
error-field-required = `{ $key }` est obligatoire.
error-field-type = `{ $key }` doit être { $expected ->
    [string] un texte
    [boolean] une valeur booléenne (true ou false)
    [number] un nombre
    [whole-number] un nombre entier
    [id-map] un objet dont les clés sont des ID
    [reference-list] une liste de références
    [date] une date de la forme AAAA-MM-JJ
    [binary] un objet {"{"}fileName, mimeType, data{"}"} ou null
   *[binary-strings] un objet dont mimeType et data sont des textes
}.
error-field-too-long = `{ $key }` dépasse { $max } caractères.
error-field-range = `{ $key }` doit se situer entre { $min } et { $max }.
error-field-precise = `{ $key }` a plus de 4 décimales.
error-field-one-of = `{ $key }` doit être l'une de ces valeurs : { $options }.
error-field-invalid-date = `{ $key }` doit être une date valable de la forme AAAA-MM-JJ.
error-field-future = `{ $key }` se situe dans le futur.
error-field-date-years = `{ $key }` doit se situer dans les années { $from } à { $to }.
error-field-email = `{ $key }` n'est pas une adresse e-mail valable.
error-field-twice = `{ $key }` contient deux fois l'ID { $id }.
error-field-reference = `{ $pointer }` doit être une référence : {"{"}"id": N{"}"}, N ou "N".
error-school-year-locked-state = L'année scolaire { $year } est { $state ->
    [archived] archivée
   *[finalised] clôturée
} : ses cours et engagements ne peuvent pas être modifiés. Rouvrez d'abord l'année scolaire.
error-course-year-locked = L'année scolaire { $year } est { $state ->
    [archived] archivée
   *[finalised] clôturée
} : ses cours ne peuvent pas être { $action ->
    [created] créés
    [deleted] supprimés
    [merged] fusionnés
    [split] divisés
   *[changed] modifiés
}. Rouvrez d'abord l'année scolaire.
error-teacher-not-employed-year = L'enseignant·e { $teacher } n'a pas d'engagement dans l'année scolaire { $year } ; saisissez d'abord l'engagement.
error-teacher-no-employment = L'enseignant·e { $teacher } n'a pas d'engagement dans l'année scolaire { $year }.
error-teacher-not-employed-course = L'enseignant·e { $teacher } n'a pas d'engagement dans l'année scolaire { $year } ; saisissez-en un avant de lui attribuer des cours.

## Nouns of the object kinds

kind-account = compte
kind-calculation-mode = mode de calcul
kind-course = cours
kind-curriculum = filière
kind-division = unité organisationnelle
kind-employment = engagement
kind-file = fichier
kind-gender = genre
kind-grade = degré
kind-job = tâche
kind-lesson-type = type de leçon
kind-move-report = Rapport de migration
kind-note = remarque
kind-payroll-type = type d'engagement
kind-pool-entry = entrée de pool
kind-pool-type = type de pool
kind-posting = écriture
kind-posting-type = type d'écriture
kind-school-class = classe
kind-school-year = année scolaire
kind-subject = discipline
kind-subject-category = domaine
kind-subject-type = type de discipline
kind-teacher = enseignant·e
kind-thesis-type = type de travail de fin d'études
kind-token = jeton

## A detail inside another text (a finding) that has no key yet: the English
## sentence as it is; other languages show the general sentence of its code.

error-untranslated = { $general }

# Règles des cours (domain/course.rs), une phrase chacune.
error-course-needs-class = Un cours de la discipline { $subject } a besoin d'au moins une classe (la discipline n'est pas interclasses).
error-class-not-in-year = La classe { $class } n'a pas de degré dans l'année scolaire { $year } : elle n'a pas cours cette année-là.
error-class-grade-mismatch-classes = Dans l'année scolaire { $year }, la classe { $first } est au degré { $firstGrade } et la classe { $other } au degré { $otherGrade } : les classes d'un cours doivent partager le même degré.
error-class-curriculum-mismatch-classes = La classe { $first } suit la filière { $firstCurriculum } et la classe { $other } la filière { $otherCurriculum } : les classes d'un cours doivent suivre la même filière.
error-merge-listed-twice = Le cours { $id } figure deux fois : indiquez une seule fois chaque cours à regrouper.
error-merge-too-few-given = Un regroupement demande au moins deux cours ; { $count } indiqué(s).
error-split-cross-class-course = { $course } appartient à la discipline interclasses { $subject } : il n'a pas de classes selon lesquelles le diviser.
error-split-single-class-course = { $course } n'a qu'une classe : seul un cours de plusieurs classes peut être divisé.

# WorkloadMail (src/jobs/mail.rs, src/jobs/run.rs)
error-mail-not-configured = L'envoi de courriels n'est pas configuré sur ce serveur (démarrage avec --smtp-url).
error-mail-no-texts = Il manque au mandat l'expéditeur, l'objet et le texte du courriel.
error-mail-header-character = L'expéditeur ou l'objet contient un caractère de contrôle ; aucun courriel n'a été envoyé.
error-mail-from = L'expéditeur n'est pas une adresse électronique ({ $reason }).
error-mail-missing-addresses = Ces enseignant·es n'ont pas d'adresse électronique valable, c'est pourquoi aucun courriel n'a été envoyé : { $codes }.
error-mail-name-character = Le nom, le sigle ou l'adresse électronique de ces enseignant·es contient un caractère de contrôle, c'est pourquoi aucun courriel n'a été envoyé : { $codes }.
error-mail-bad-address = { $email } n'est pas une adresse électronique ({ $reason }).
error-mail-send-failed = L'envoi du courriel à { $code } ({ $email }) a échoué : { $reason }. Les courriels journalisés auparavant ont été envoyés.

# Course rules: cross-class subjects, grade and curriculum (src/domain/course.rs)
error-course-grade-differs = Les classes sont au degré { $grade } pendant l'année scolaire { $year } ; omettez `grade` ou indiquez ce degré.
error-course-curriculum-differs = Les classes suivent la filière { $curriculum } ; omettez `curriculum` ou indiquez cette filière.
error-cross-class-with-classes-named = La discipline { $subject } est interclasses : ses cours ont un degré mais pas de classes. Laissez `schoolClasses` vide ou omettez-le.
error-cross-class-with-classes-field = doit être vide pour une discipline interclasses
error-cross-class-grade-required = `grade` est obligatoire : la discipline { $subject } est interclasses.
error-cross-class-curriculum-required = `curriculum` est obligatoire : la discipline { $subject } est interclasses.
error-grade-not-in-curriculum-named = Le degré { $grade } n'est pas un degré de la filière { $curriculum }.
error-grade-not-in-curriculum-field = pas un degré de la filière
error-merge-cross-class-named = La discipline { $subject } est interclasses : ses cours n'ont pas de classes et ne peuvent pas être regroupés.
error-cross-class-course-field = cours d'une discipline interclasses

# Form rules of employments, postings and school years (src/domain/{employment,pool,schoolyear}.rs)
error-employment-range-values = Le minimum de la disponibilité ({ $min }) est supérieur au maximum ({ $max }).
error-date-order-values = La fin ({ $end }) précède le début ({ $start }).
error-unknown-calculation-mode-id = Il n'existe pas de mode de calcul portant le numéro { $id } (voir /calculationmode).
error-weekly-lessons-percent-based = Le type de salaire { $id } est tenu en pour cent : il n'a pas de leçons hebdomadaires.
