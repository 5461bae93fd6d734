# The service's own mails to teachers (docs/teachers.md §Mails).
mail-invite-subject = Your access to your workload { $year }
mail-release-subject = Your workload sheet { $year } is released
mail-release-body = Hello { $name }

    Your workload sheet for the school year { $year } is released. You see it here, and confirm it or ask a question there:

    { $link }
mail-outdated-subject = Your workload sheet { $year } has changed
mail-outdated-body = Hello { $name }

    You confirmed your workload sheet for the school year { $year } on { $confirmed }. It has changed since; your confirmation is outdated.

    { $changes }

    Please look at it and confirm it again:

    { $link }
mail-outdated-line = – { $figure }: { $before } → { $after }
mail-outdated-no-figure = Your figures stayed the same; courses, classes or texts of the sheet changed.
mail-signin-subject = Your sign-in link
mail-signin-body = Hello

    Sign in to the workload planning with this link (account { $account }; valid { $minutes } minutes, usable once):

    { $link }

    If you did not ask for a link, you can delete this mail.
