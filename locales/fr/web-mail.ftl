# Aperçu → Export → Envoyer les feuilles de pensum (docs/web.md §Pensenblatt versenden).

mail-group = Feuilles de pensum par courriel
mail-group-intro = Chaque enseignant·e reçoit sa feuille de pensum en PDF. Avant tout envoi, un aperçu montre un courriel tel qu'il partira et tous les destinataires.
mail-open = Envoyer les feuilles de pensum …
mail-title = Envoyer les feuilles de pensum { $year }
mail-intro = Choisissez qui reçoit un courriel et saisissez l'expéditeur, l'objet et le texte. Rien n'est encore envoyé : l'aperçu vient d'abord.
mail-teacher = Enseignant·e
mail-from = Expéditeur
mail-subject = Objet
mail-body = Texte
mail-show-preview = Afficher l'aperçu
mail-preview-title = Aperçu des courriels ({ $count })
mail-preview-intro = Voici comment le premier courriel sera envoyé. La liste ci-dessous nomme tous les destinataires ; chaque courriel porte la feuille de pensum de son enseignant·e. Seul « Envoyer maintenant » envoie les courriels.
mail-first = Premier courriel
mail-to = À
mail-attachment = Pièce jointe
mail-recipients = Destinataires
mail-code = Sigle
mail-name = Nom
mail-address = Adresse électronique
mail-send = Envoyer maintenant
mail-back = Retour au formulaire
mail-not-configured = L'envoi de courriels n'est pas configuré sur ce serveur (démarrage avec --smtp-url) ; les courriels ne peuvent pas être envoyés.
mail-none = La sélection ne contient aucun·e enseignant·e employé·e : il n'y aurait aucun courriel à envoyer.
