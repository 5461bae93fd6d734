-- Sign-in links and sessions of the web interface (src/store/session.rs).
-- Only SHA-256 hashes of the link and session secrets are stored; the secrets
-- exist only in the link printed once and in the browser's cookie.
-- Timestamps are UTC text 'YYYY-MM-DDTHH:MM:SS.ffffffZ' (sortable as text).
CREATE TABLE signin_link (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id BIGINT NOT NULL REFERENCES account (id) ON DELETE CASCADE,
    secret_hash BLOB NOT NULL CONSTRAINT signin_link_secret_hash_key UNIQUE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at TEXT
);
CREATE INDEX signin_link_account ON signin_link (account_id);
CREATE TABLE web_session (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id BIGINT NOT NULL REFERENCES account (id) ON DELETE CASCADE,
    secret_hash BLOB NOT NULL CONSTRAINT web_session_secret_hash_key UNIQUE,
    lang TEXT,
    created_at TEXT NOT NULL,
    last_seen_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
);
CREATE INDEX web_session_account ON web_session (account_id);
