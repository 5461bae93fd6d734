-- The language of the request that started a job's current run (`de`, `en`):
-- its log and its error are written in it (issue 23; docs/i18n.md §Job logs).
-- Jobs of an earlier version keep English, the language they were written in.
ALTER TABLE job ADD COLUMN lang TEXT NOT NULL DEFAULT 'en';
