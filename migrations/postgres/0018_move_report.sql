-- The reports of the moves from and to the Pensenmanager (src/store/move_report.rs;
-- docs/migration.md §The report under Verwaltung): one row per run of
-- `import --from-pensenmanager` (written, refused or a dry run) and of
-- `export --to-pensenmanager`, for administrators to read under Verwaltung.
-- `report` is the report as `--report FILE` writes it (JSON); `created_at`
-- is UTC text as the audit trail writes it (sortable). Not school data: a database holding only
-- reports counts as empty for the next import.
CREATE TABLE move_report (
    id BIGSERIAL PRIMARY KEY,
    created_at TEXT NOT NULL,
    direction TEXT NOT NULL CHECK (direction IN ('import', 'export')),
    outcome TEXT NOT NULL CHECK (outcome IN ('written', 'refused', 'dryRun')),
    source TEXT NOT NULL,
    report TEXT NOT NULL
);
