# Special → Maintenance (docs/web.md §Wartung), English.

maintenance-nav = Maintenance
maintenance-title = Maintenance { $year }
maintenance-intro = The checks of the plan, the database and the balances. They only read and change nothing; their result is the log below the job.
maintenance-help-CheckPlan = Checks this school year's plan: courses that break a rule, lessons without a teacher, teachers far off their target, employments without work. The findings are in the log and in a CSV to download.
maintenance-help-CheckDatabase = The same check for this school year or for all of them; the findings are in the log.
maintenance-help-CalculateBalances = Computes the IPB balances of every locked school year afresh and compares them with the stored ones, to four places.
maintenance-years = School years
maintenance-this-year = only { $year }
maintenance-every-year = all school years
maintenance-start = Start
maintenance-runs = Your checks
maintenance-no-runs = No check started yet.
maintenance-not-a-job = This job is not one of the maintenance jobs.
