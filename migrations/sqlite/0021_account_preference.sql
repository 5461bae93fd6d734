-- What each account chose in the web interface and keeps until it chooses
-- otherwise, on any server and after signing in again (src/store/session.rs):
-- the school year it worked in last (docs/web.md §The year kept) and its
-- language (docs/i18n.md §Choosing the language). One row per account.
-- Deleting the account deletes its row; deleting the school year empties
-- the year, so a kept year always exists.
--
-- No change_noted trigger: no cache holds it (the session is read with its
-- account at every request), and choosing a year must not make every
-- server's caches forget everything.
CREATE TABLE account_preference (
    account_id BIGINT NOT NULL PRIMARY KEY REFERENCES account (id) ON DELETE CASCADE,
    school_year_id BIGINT REFERENCES school_year (id) ON DELETE SET NULL,
    lang TEXT
);
CREATE INDEX account_preference_school_year ON account_preference (school_year_id);
