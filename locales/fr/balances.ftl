# The balance report of the job CalculateBalances (docs/i18n.md §Balance report) and the warnings of the workload calculation.

balance-nothing-to-recalculate = Les soldes IPB sont calculés à chaque lecture ; il n'y a rien à recalculer.
balance-no-locked-year = Aucune année scolaire n'est clôturée ou archivée : il n'y a pas de soldes IPB figés à comparer.
balance-year-equal = Année scolaire { $year } : les soldes IPB figés de { $compared } engagements correspondent à un nouveau calcul.
balance-year-differs = Année scolaire { $year } : pour { $count } engagements sur { $compared }, les soldes IPB figés diffèrent d'un nouveau calcul (les données ont changé après le verrouillage de l'année ; rouvrez-la et verrouillez-la à nouveau pour figer les soldes une nouvelle fois) :
balance-difference = { $teacher } : solde initial figé { $opening } / nouveau { $openingFresh }, solde final figé { $closing } / nouveau { $closingFresh }
balance-teacher-id = Enseignant·e { $id }

# The warnings of the workload calculation (docs/workload.md §Response, `warnings`).
workload-warning-no-weekly-lessons = L'année scolaire { $year } n'a pas de leçons d'un plein temps pour le type de salaire { $type } : ses leçons comptent 0 %.
workload-warning-no-payroll-type = { $course } ne compte pas : son degré n'a pas de type de salaire.
