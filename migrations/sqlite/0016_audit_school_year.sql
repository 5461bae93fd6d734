-- The school year of the object an audit entry changed (null: master data,
-- accounts, tokens): the web's live changes go only to the pages of that
-- year (issue 40; docs/web.md §Working together). Entries of an earlier
-- version stay null and reach every year, as before.
ALTER TABLE audit_entry ADD COLUMN school_year BIGINT;
