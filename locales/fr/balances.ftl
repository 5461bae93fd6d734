# The balance report of the job CalculateBalances (docs/i18n.md §Balance report).

balance-nothing-to-recalculate = Les soldes IPB sont calculés à chaque lecture ; il n'y a rien à recalculer.
balance-no-locked-year = Aucune année scolaire n'est clôturée ou archivée : il n'y a pas de soldes IPB figés à comparer.
balance-year-equal = Année scolaire { $year } : les soldes IPB figés de { $compared } engagements correspondent à un nouveau calcul.
balance-year-differs = Année scolaire { $year } : pour { $count } engagements sur { $compared }, les soldes IPB figés diffèrent d'un nouveau calcul (les données ont changé après le verrouillage de l'année ; rouvrez-la et verrouillez-la à nouveau pour figer les soldes une nouvelle fois) :
balance-difference = { $teacher } : solde initial figé { $opening } / nouveau { $openingFresh }, solde final figé { $closing } / nouveau { $closingFresh }
balance-teacher-id = Enseignant·e { $id }
