# The service's own mails to teachers (docs/teachers.md §Mails).
mail-invite-subject = Ihr Zugang zu Ihrem Pensum { $year }
mail-release-subject = Ihr Pensenblatt { $year } ist freigegeben
mail-release-body = Guten Tag { $name }

    Ihr Pensenblatt für das Schuljahr { $year } ist freigegeben. Sie sehen es hier und nehmen es dort zur Kenntnis oder stellen eine Frage:

    { $link }
mail-outdated-subject = Ihr Pensenblatt { $year } hat sich geändert
mail-outdated-body = Guten Tag { $name }

    Sie haben Ihr Pensenblatt für das Schuljahr { $year } am { $confirmed } zur Kenntnis genommen. Seither hat es sich geändert; Ihre Kenntnisnahme ist überholt.

    { $changes }

    Bitte sehen Sie es sich an und nehmen Sie es erneut zur Kenntnis:

    { $link }
mail-outdated-line = – { $figure }: { $before } → { $after }
mail-outdated-no-figure = Ihre Zahlen sind gleich geblieben; geändert haben sich Kurse, Klassen oder Texte des Blatts.
mail-signin-subject = Ihr Anmeldelink
mail-signin-body = Guten Tag

    Mit diesem Link melden Sie sich bei der Pensenplanung an (Konto { $account }; gültig { $minutes } Minuten, einmal verwendbar):

    { $link }

    Haben Sie keinen Link angefordert, können Sie diese Mail löschen.
