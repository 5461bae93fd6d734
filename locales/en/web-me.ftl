# My workload: the pages of a teacher account (docs/teachers.md).
me-nav = My workload
me-title = My workload
me-intro = Here you see your workload in every school year you are employed in, once the school releases it, and confirm it online instead of on paper.
me-years = School years
me-no-years = You have no employment in any school year yet.
me-year = School year
me-state = State
me-opening = IPB balance at start
me-closing = IPB balance at end
me-chart = IPB balance over the years
me-chart-summary = IPB balance at the end of each school year from { $from } to { $to }; latest { $last }.
me-sheet-title = My workload { $year }
me-word = Confirmation
me-confirmed-at = Confirmed digitally on { $at } (version { $version }).
me-changed = Changed since you confirmed:
me-remark = Your remark
me-your-question = Your question
me-answer = The school's answer
me-no-answer-yet = The school has not answered yet.
me-remark-label = Remark (optional)
me-confirm = Confirm my workload
me-ask = Send a question or objection
me-question-label = Your question or objection
me-send-question = Send question
me-live-changed = Your sheet has just changed.
me-back = Back to all school years
me-done-confirmed = Thank you: you have confirmed your workload in this version.
me-done-asked = Your question has gone to the school; the answer will appear here.
me-figure-percent1 = Workload, semester 1
me-figure-ageRelief1 = Age relief, semester 1
me-figure-percent2 = Workload, semester 2
me-figure-ageRelief2 = Age relief, semester 2
me-figure-annual = Annual workload with age relief
me-figure-payment = Payment
me-figure-closingBalance = IPB balance at year end
sheet-state-not-released = Not released yet
sheet-state-released = Released, not confirmed yet
sheet-state-confirmed = Confirmed
sheet-state-outdated = Outdated: changed since the confirmation
sheet-state-question = Question open
sheet-word-remark = The teacher's remark
sheet-word-question = The teacher's question
sheet-word-answer-label = Your answer
sheet-word-send-answer = Send answer
invite-nav = Invite teachers
invite-title = Invite teachers
invite-intro = Every teacher employed in the chosen school year who has an e-mail address and no account yet gets an account of the role “teacher” (named by the address) and a personal sign-in link. You see first whom it concerns and what they receive; only the button below creates the accounts.
invite-year = School year
invite-show = Show
invite-none = No teacher of this school year has an e-mail address and no account.
invite-count = { $count } teachers get an account
invite-code = Code
invite-name = Name
invite-address = E-mail address
invite-sample = The message as it reads (the first teacher's)
invite-go = Create the accounts and links
invite-done = { $count } accounts created. Pass each teacher their link; it is shown only now.
invite-links-caption = The sign-in links (shown only now)
invite-link = Sign-in link
invite-back = Back to the administration
invite-no-year = Choose a school year.
invite-message = Hello { $name }

    Your workload for the school year { $year } is online. Sign in with this personal link (valid { $days } days, usable once):

    { $link }

    Under “My workload” you see your sheet once the school releases it, and confirm it there.
sheet-short-not-released = not released
sheet-short-released = released
sheet-short-confirmed = confirmed
sheet-short-outdated = outdated
sheet-short-question = question open
