# Mon taux : les pages d'un compte d'enseignant·e (docs/teachers.md).
me-nav = Mon taux
me-title = Mon taux
me-intro = Vous voyez ici votre taux d'occupation pour chaque année scolaire où vous êtes engagé·e, dès que l'école le communique, et vous en prenez connaissance en ligne au lieu de signer sur papier.
me-years = Années scolaires
me-no-years = Vous n'avez encore d'engagement dans aucune année scolaire.
me-year = Année scolaire
me-state = État
me-opening = Solde IPB au début
me-closing = Solde IPB à la fin
me-chart = Solde IPB au fil des années
me-chart-summary = Solde IPB à la fin de chaque année scolaire de { $from } à { $to } ; en dernier { $last }.
me-sheet-title = Mon taux { $year }
me-word = Prise de connaissance
me-confirmed-at = Pris connaissance numériquement le { $at } (version { $version }).
me-changed = Modifié depuis votre prise de connaissance :
me-remark = Votre remarque
me-your-question = Votre question
me-answer = Réponse de l'école
me-no-answer-yet = L'école n'a pas encore répondu.
me-remark-label = Remarque (facultative)
me-confirm = Prendre connaissance de mon taux
me-ask = Envoyer une question ou une objection
me-question-label = Votre question ou objection
me-send-question = Envoyer la question
me-live-changed = Votre fiche vient de changer.
me-back = Retour à toutes les années scolaires
me-done-confirmed = Merci : vous avez pris connaissance de votre taux dans cette version.
me-done-asked = Votre question est transmise à l'école ; la réponse apparaîtra ici.
me-figure-percent1 = Taux, 1er semestre
me-figure-ageRelief1 = Décharge d'âge, 1er semestre
me-figure-percent2 = Taux, 2e semestre
me-figure-ageRelief2 = Décharge d'âge, 2e semestre
me-figure-annual = Taux annuel avec décharge d'âge
me-figure-payment = Versement
me-figure-closingBalance = Solde IPB en fin d'année
sheet-state-not-released = Pas encore communiqué
sheet-state-released = Communiqué, pas encore pris connaissance
sheet-state-confirmed = Pris connaissance
sheet-state-outdated = Dépassé : modifié depuis la prise de connaissance
sheet-state-question = Question ouverte
sheet-word-remark = Remarque de l'enseignant·e
sheet-word-question = Question de l'enseignant·e
sheet-word-answer-label = Votre réponse
sheet-word-send-answer = Envoyer la réponse
invite-nav = Inviter les enseignant·es
invite-title = Inviter les enseignant·es
invite-intro = Chaque enseignant·e engagé·e dans l'année choisie qui a une adresse e-mail et pas encore de compte reçoit un compte du rôle « enseignant·e » (nommé par l'adresse) et un lien de connexion personnel. Vous voyez d'abord qui est concerné·e et ce qu'il ou elle reçoit ; seul le bouton ci-dessous crée les comptes.
invite-year = Année scolaire
invite-show = Afficher
invite-none = Aucun·e enseignant·e de cette année n'a d'adresse e-mail sans compte.
invite-count = { $count } enseignant·es reçoivent un compte
invite-code = Code
invite-name = Nom
invite-address = Adresse e-mail
invite-sample = Le message tel qu'il se lit (celui de la première personne)
invite-go = Créer les comptes et les liens
invite-done = { $count } comptes créés. Transmettez à chaque enseignant·e son lien ; il n'est affiché que maintenant.
invite-links-caption = Les liens de connexion (visibles seulement maintenant)
invite-link = Lien de connexion
invite-back = Retour à l'administration
invite-no-year = Choisissez une année scolaire.
invite-message = Bonjour { $name }

    Votre taux pour l'année scolaire { $year } est en ligne. Connectez-vous avec ce lien personnel (valable { $days } jours, utilisable une fois) :

    { $link }

    Sous « Mon taux », vous voyez votre fiche dès que l'école la communique, et vous en prenez connaissance.
sheet-short-not-released = non communiqué
sheet-short-released = communiqué
sheet-short-confirmed = pris connaissance
sheet-short-outdated = dépassé
sheet-short-question = question ouverte
