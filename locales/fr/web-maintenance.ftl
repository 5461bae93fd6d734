# Spécial → Maintenance (docs/web.md §Wartung), French.

maintenance-nav = Maintenance
maintenance-title = Maintenance { $year }
maintenance-intro = Les contrôles de la planification, de la base de données et des soldes. Ils ne font que lire et ne modifient rien ; leur résultat figure dans le journal sous la tâche.
maintenance-help-CheckPlan = Contrôle la planification de cette année scolaire : cours qui enfreignent une règle, leçons sans enseignant·e, enseignant·es loin de leur objectif, engagements sans travail. Les constats figurent dans le journal et dans un CSV à télécharger.
maintenance-help-CheckDatabase = Le même contrôle pour cette année scolaire ou pour toutes ; les constats figurent dans le journal.
maintenance-help-CalculateBalances = Recalcule les soldes IPB de toutes les années scolaires clôturées et les compare aux soldes enregistrés, à quatre décimales.
maintenance-years = Années scolaires
maintenance-this-year = seulement { $year }
maintenance-every-year = toutes les années scolaires
maintenance-start = Lancer
maintenance-runs = Vos contrôles
maintenance-no-runs = Aucun contrôle lancé pour l'instant.
maintenance-not-a-job = Cette tâche ne fait pas partie de la maintenance.
