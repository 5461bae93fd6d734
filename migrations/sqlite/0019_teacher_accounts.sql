-- no-transaction
-- Teachers' own access (docs/teachers.md; src/service/confirmation.rs): a
-- fourth role, `teacher`, whose account is bound to exactly one teacher
-- (account.teacher_id), the release of a year's sheets to the teachers
-- (sheet_release) and each teacher's confirmation of, or question about,
-- their sheet of a year (sheet_confirmation).
--
-- SQLite cannot change a CHECK constraint in place: the account table is
-- rebuilt by the procedure of SQLite's documentation ("Making Other Kinds Of
-- Table Schema Changes"), with the foreign keys off so that dropping the old
-- table does not cascade to the tokens, sessions and settings that refer to
-- it. The whole rebuild is one transaction. Hence `no-transaction` above: the pragma has no effect
-- inside a transaction.
PRAGMA foreign_keys = OFF;
BEGIN;
CREATE TABLE account_rebuilt (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL CONSTRAINT account_name_key UNIQUE,
    role TEXT NOT NULL CHECK (role IN ('teacher', 'reader', 'planner', 'admin')),
    created_at TEXT NOT NULL,
    teacher_id BIGINT REFERENCES teacher (id) ON DELETE CASCADE,
    CONSTRAINT account_teacher_bound CHECK ((role = 'teacher') = (teacher_id IS NOT NULL))
);
INSERT INTO account_rebuilt (id, name, name_key, role, created_at)
    SELECT id, name, name_key, role, created_at FROM account;
DROP TABLE account;
ALTER TABLE account_rebuilt RENAME TO account;
-- One account per teacher.
CREATE UNIQUE INDEX account_teacher ON account (teacher_id);
CREATE TRIGGER change_noted_account_insert AFTER INSERT ON account
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_account_update AFTER UPDATE ON account
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_account_delete AFTER DELETE ON account
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;

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
COMMIT;
PRAGMA foreign_keys = ON;
