# Overview → Export → Send workload sheets (docs/web.md §Pensenblatt versenden).

mail-group = Workload sheets by e-mail
mail-group-intro = Every teacher receives their workload sheet as a PDF. Before anything is sent, a preview shows one mail as it will go out and every recipient.
mail-open = Send workload sheets …
mail-title = Send workload sheets { $year }
mail-intro = Choose who receives a mail and write the sender, subject and text. Nothing is sent yet: the preview comes first.
mail-teacher = Teacher
mail-from = Sender
mail-subject = Subject
mail-body = Text
mail-show-preview = Show preview
mail-preview-title = Preview of the mails ({ $count })
mail-preview-intro = This is how the first mail will be sent. The list below names every recipient; each mail carries its teacher's workload sheet. Only "Send now" sends the mails.
mail-first = First mail
mail-to = To
mail-attachment = Attachment
mail-recipients = Recipients
mail-code = Code
mail-name = Name
mail-address = E-mail address
mail-send = Send now
mail-back = Back to the form
mail-not-configured = Mailing is not configured on this server (start it with --smtp-url); the mails cannot be sent.
mail-none = The selection holds no employed teacher: there would be no mail to send.
