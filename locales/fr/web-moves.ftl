# Administration → Migrations (src/web/moves.rs; docs/migration.md §The report under Verwaltung)

moves-nav = Migrations
moves-title = Migrations depuis et vers le Pensenmanager
moves-intro = Chaque reprise depuis le Pensenmanager et chaque retour vers lui, y compris les essais et les reprises refusées, avec leur rapport. Lisez la comparaison des soldes avant de changer de système.
moves-none = Aucune migration pour l’instant. Elle se lance sur le serveur avec « schoolplan import --from-pensenmanager » ; adressez-vous à votre service informatique.
moves-when = Date
moves-direction = Sens
moves-outcome = Résultat
moves-database = Base de données
moves-import = Reprise depuis le Pensenmanager
moves-export = Retour vers le Pensenmanager
moves-written = écrite
moves-refused = refusée, rien n’a été écrit
moves-dry-run = essai, rien n’a été écrit
moves-back = Retour aux migrations
moves-source-version = Source
moves-refusals = Refusé
moves-refusals-intro = Ces lignes empêchent la reprise. Corrigez-les dans le Pensenmanager et relancez la reprise ; rien n’a été écrit.
moves-rows = Lignes
moves-reconciliation = Comparaison des soldes enregistrés
moves-reconciliation-intro = Par année scolaire : le solde final enregistré dans le Pensenmanager pour chaque engagement, comparé à celui que calcule schoolplan, et les soldes initiaux qui diffèrent du solde final de l’année précédente. Seuls les écarts sont affichés.
moves-no-reconciliation = Pas de comparaison : elle n’existe que pour une reprise arrivée jusqu’à l’écriture.
moves-year-locked = clôturée
moves-year-open = ouverte
moves-year-summary = { $year } ({ $state }) : { $agreeing } soldes finaux sur { $compared } concordent à 4 décimales ; { $count ->
    [one] 1 solde initial diffère
   *[other] { $count } soldes initiaux diffèrent
} de l’année précédente.
moves-teacher = Enseignant·e
moves-stored-closing = Solde final enregistré (%)
moves-computed-closing = Solde final calculé (%)
moves-difference = Écart (%)
moves-opening-differs = { $teacher } : solde initial { $opening } ≠ solde final { $closing } en { $year }
moves-tables = Tables
moves-table = Table
moves-read = lues
moves-written-rows = écrites
moves-changes = Valeurs modifiées ({ $count })
moves-no-changes = Aucune valeur n’a dû être modifiée.
moves-row = Ligne
moves-column = Colonne
moves-old = avant
moves-new = après
moves-rule = Règle
moves-not-taken = (non reprise)
