-- Who has which school year open, on every server of the database
-- (src/store/presence.rs; docs/web.md §Working together). One row per
-- server, year and session with a page of the year open there; the server
-- renews its rows on a heartbeat and deletes them when the pages close. A row
-- not renewed within the lease (a server that stopped) counts as gone and is
-- deleted by the next heartbeat of any server.
-- Timestamps are UTC text 'YYYY-MM-DDTHH:MM:SS.ffffffZ' (sortable as text).
-- No foreign keys: the rows are short-lived, and a year or a session may go
-- while a page is open.
--
-- Unlike the other tables (0007), no change_noted trigger: no cache holds
-- presence, and the heartbeats would make every server's caches forget
-- everything every few seconds while anybody has a page open.
CREATE TABLE page_presence (
    server TEXT NOT NULL,
    school_year BIGINT NOT NULL,
    session_id BIGINT NOT NULL,
    account_name TEXT NOT NULL,
    seen_at TEXT NOT NULL,
    PRIMARY KEY (server, school_year, session_id)
);
CREATE INDEX page_presence_seen_at ON page_presence (seen_at);
