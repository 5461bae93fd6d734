# The service's own mails to teachers (docs/teachers.md §Mails).
mail-invite-subject = Votre accès à votre taux { $year }
mail-release-subject = Votre fiche de taux { $year } est communiquée
mail-release-body = Bonjour { $name }

    Votre fiche de taux pour l'année scolaire { $year } est communiquée. Vous la voyez ici, et en prenez connaissance ou posez une question :

    { $link }
mail-outdated-subject = Votre fiche de taux { $year } a changé
mail-outdated-body = Bonjour { $name }

    Vous avez pris connaissance de votre fiche de taux pour l'année scolaire { $year } le { $confirmed }. Elle a changé depuis ; votre prise de connaissance est dépassée.

    { $changes }

    Veuillez la consulter et en prendre connaissance à nouveau :

    { $link }
mail-outdated-line = – { $figure } : { $before } → { $after }
mail-outdated-no-figure = Vos chiffres sont restés les mêmes ; ce sont des cours, des classes ou des textes de la fiche qui ont changé.
mail-signin-subject = Votre lien de connexion
mail-signin-body = Bonjour

    Connectez-vous à la planification des taux avec ce lien (compte { $account } ; valable { $minutes } minutes, utilisable une fois) :

    { $link }

    Si vous n'avez pas demandé de lien, vous pouvez supprimer ce courriel.
