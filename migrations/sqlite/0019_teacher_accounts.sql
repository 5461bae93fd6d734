-- Teachers' own access (docs/teachers.md; src/service/confirmation.rs): a
-- fourth role, `teacher`, whose account is bound to exactly one teacher
-- (account.teacher_id), the release of a year's sheets to the teachers
-- (sheet_release) and each teacher's confirmation of, or question about,
-- their sheet of a year (sheet_confirmation).
--
-- SQLite cannot change a CHECK constraint in place, and rebuilding the
-- account table would need the foreign keys off, which no migration can do
-- (it runs in a transaction). SQLite's documentation ("Making Other Kinds Of
-- Table Schema Changes") allows removing a CHECK constraint by rewriting the
-- table's text in sqlite_schema, since no stored row changes: the old role
-- check is blanked with as many spaces as it had (so that the text keeps its
-- length, on which ADD COLUMN below relies), and the new column brings the
-- new check, which SQLite verifies against the existing rows. ADD COLUMN
-- also makes every connection read the schema again.
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
    SET sql = replace(sql, 'CHECK (role IN (''reader'', ''planner'', ''admin''))', '                                              ')
    WHERE type = 'table' AND name = 'account';
PRAGMA writable_schema = OFF;
ALTER TABLE account ADD COLUMN teacher_id BIGINT REFERENCES teacher (id) ON DELETE CASCADE
    CONSTRAINT account_role CHECK (role IN ('teacher', 'reader', 'planner', 'admin') AND (role = 'teacher') = (teacher_id IS NOT NULL));
-- One account per teacher.
CREATE UNIQUE INDEX account_teacher ON account (teacher_id);

-- A year's sheets released to the teachers: of one division, or of all
-- (division_id null). At most one release per year and division.
CREATE TABLE sheet_release (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    school_year_id BIGINT NOT NULL REFERENCES school_year (id) ON DELETE CASCADE,
    division_id BIGINT REFERENCES division (id) ON DELETE CASCADE,
    released_at TEXT NOT NULL,
    released_by TEXT NOT NULL
);
CREATE UNIQUE INDEX sheet_release_year_division ON sheet_release (school_year_id, coalesce(division_id, 0));
CREATE TRIGGER change_noted_sheet_release_insert AFTER INSERT ON sheet_release
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_sheet_release_update AFTER UPDATE ON sheet_release
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_sheet_release_delete AFTER DELETE ON sheet_release
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;

-- A teacher's latest word on their sheet of a year: the confirmation
-- (Kenntnisnahme: who, when, the figures and the digest of the whole sheet
-- as they saw it) and the latest question with the planners' answer.
-- Timestamps are UTC text as the audit trail writes them; `figures` is JSON.
CREATE TABLE sheet_confirmation (
    teacher_id BIGINT NOT NULL REFERENCES teacher (id) ON DELETE CASCADE,
    school_year_id BIGINT NOT NULL REFERENCES school_year (id) ON DELETE CASCADE,
    confirmed_by BIGINT REFERENCES account (id) ON DELETE SET NULL,
    confirmed_at TEXT,
    digest TEXT,
    figures TEXT,
    remark TEXT,
    question TEXT,
    asked_at TEXT,
    answer TEXT,
    answered_at TEXT,
    answered_by TEXT,
    PRIMARY KEY (teacher_id, school_year_id)
);
CREATE INDEX sheet_confirmation_year ON sheet_confirmation (school_year_id);
CREATE TRIGGER change_noted_sheet_confirmation_insert AFTER INSERT ON sheet_confirmation
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_sheet_confirmation_update AFTER UPDATE ON sheet_confirmation
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_sheet_confirmation_delete AFTER DELETE ON sheet_confirmation
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
