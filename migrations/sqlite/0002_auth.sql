
-- Accounts, API tokens and the audit trail (contract.md §9; issue: access control).
-- Timestamps are UTC text 'YYYY-MM-DDTHH:MM:SS.ffffffZ' (sortable as text).
CREATE TABLE account (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL CONSTRAINT account_name_key UNIQUE,
    role TEXT NOT NULL CHECK (role IN ('reader', 'planner', 'admin')),
    created_at TEXT NOT NULL
);
CREATE TABLE api_token (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id BIGINT NOT NULL REFERENCES account (id) ON DELETE CASCADE,
    public_id TEXT NOT NULL CONSTRAINT api_token_public_id_key UNIQUE,
    secret_hash BLOB NOT NULL,
    label TEXT,
    created_at TEXT NOT NULL,
    expires_at TEXT,
    revoked_at TEXT
);
CREATE INDEX api_token_account ON api_token (account_id);
CREATE TABLE audit_entry (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    account_id BIGINT,
    account_name TEXT NOT NULL,
    method TEXT NOT NULL,
    path TEXT NOT NULL,
    object_type TEXT NOT NULL,
    object_id BIGINT,
    changes TEXT NOT NULL
);
CREATE INDEX audit_entry_object ON audit_entry (object_type, object_id);
CREATE INDEX audit_entry_at ON audit_entry (at);
