-- Jobs and their products (documents.md §4; issue 12). A job row is written
-- when the job is accepted; while it runs, progress and log live in memory
-- (src/jobs) and are written with the final state in one transaction, together
-- with the product, so a file is never served before its job is done. The
-- standing jobs 1-3 (client.md) are rows without an owner that are restarted
-- in place. Timestamps are UTC text as in 0002.

CREATE TABLE job (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    account_id BIGINT REFERENCES account (id) ON DELETE CASCADE,
    parameters TEXT NOT NULL DEFAULT '{}',
    status TEXT NOT NULL CHECK (status IN ('idle', 'running', 'done', 'failed')),
    error TEXT,
    log TEXT NOT NULL DEFAULT '[]',
    created_at TEXT NOT NULL,
    finished_at TEXT
);
CREATE INDEX job_account ON job (account_id);
CREATE TABLE job_file (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    job_id BIGINT NOT NULL REFERENCES job (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    content_type TEXT NOT NULL,
    content BLOB NOT NULL
);
CREATE INDEX job_file_job ON job_file (job_id);
INSERT INTO job (id, name, account_id, status, created_at) VALUES
    (1, 'CalculateBalances', NULL, 'idle', '1970-01-01T00:00:00.000000Z'),
    (2, 'CheckDatabase', NULL, 'idle', '1970-01-01T00:00:00.000000Z'),
    (3, 'InitializeSchoolYear', NULL, 'idle', '1970-01-01T00:00:00.000000Z');
