-- The service's own mails (docs/teachers.md §Mails): invitations, releases,
-- "überholt" notices and sign-in links asked for on the sign-in page are queued here in the transaction of the change
-- that causes them, and sent by the postman of whichever server takes them
-- first (src/jobs/postman.rs). A sent mail keeps its row for the record, its
-- body emptied (an invitation's body holds a sign-in link). No cache reads
-- this table: it has no change_noted trigger.
CREATE TABLE mail_outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    topic TEXT NOT NULL CHECK (topic IN ('invitation', 'release', 'outdated', 'signin')),
    recipient TEXT NOT NULL,
    recipient_name TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    queued_at TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT NOT NULL,
    claimed_until TEXT,
    sent_at TEXT,
    last_error TEXT
);
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL;

-- When the teacher was told by mail that their confirmation is outdated
-- (once per confirmation: a new confirmation empties it).
ALTER TABLE sheet_confirmation ADD COLUMN outdated_mailed_at TEXT;
