# Übersicht → Export → Pensenblatt versenden (docs/web.md §Pensenblatt versenden).

mail-group = Pensenblätter per E-Mail
mail-group-intro = Jede Lehrperson erhält ihr Pensenblatt als PDF. Vor dem Versand zeigt eine Vorschau ein Mail, wie es verschickt wird, und alle Empfängerinnen und Empfänger.
mail-open = Pensenblatt versenden …
mail-title = Pensenblatt versenden { $year }
mail-intro = Wählen Sie, wer ein Mail erhält, und schreiben Sie Absender, Betreff und Text. Es wird noch nichts versandt: Zuerst folgt die Vorschau.
mail-teacher = Lehrperson
mail-from = Absender
mail-subject = Betreff
mail-body = Text
mail-show-preview = Vorschau zeigen
mail-preview-title = Vorschau der Mails ({ $count })
mail-preview-intro = So wird das erste Mail versandt. Die Liste darunter nennt alle Empfängerinnen und Empfänger; jedes Mail trägt das Pensenblatt seiner Lehrperson. Erst «Jetzt senden» verschickt die Mails.
mail-first = Erstes Mail
mail-to = An
mail-attachment = Anhang
mail-recipients = Empfängerinnen und Empfänger
mail-code = Kürzel
mail-name = Name
mail-address = E-Mail-Adresse
mail-send = Jetzt senden
mail-back = Zurück zum Formular
mail-not-configured = Der Mailversand ist auf diesem Server nicht eingerichtet (Start mit --smtp-url); die Mails können nicht versandt werden.
mail-none = Die Auswahl enthält keine angestellte Lehrperson: Es gäbe kein Mail zu versenden.
