-- `version` was bumped by every change to lock the row a second time; nothing read it.
-- Writes lock a row once (contract.md §4: SELECT … FOR NO KEY UPDATE on PostgreSQL, the write
-- transaction itself on SQLite), and the ETag is derived from the representation.
ALTER TABLE grade DROP COLUMN version;
ALTER TABLE subject_category DROP COLUMN version;
ALTER TABLE subject_type DROP COLUMN version;
ALTER TABLE curriculum DROP COLUMN version;
ALTER TABLE division DROP COLUMN version;
ALTER TABLE school_year DROP COLUMN version;
ALTER TABLE subject DROP COLUMN version;
ALTER TABLE teacher DROP COLUMN version;
ALTER TABLE school_class DROP COLUMN version;
ALTER TABLE employment DROP COLUMN version;
ALTER TABLE course DROP COLUMN version;
ALTER TABLE payroll_type DROP COLUMN version;
ALTER TABLE pool_type DROP COLUMN version;
ALTER TABLE posting_type DROP COLUMN version;
ALTER TABLE thesis_type DROP COLUMN version;
ALTER TABLE gender DROP COLUMN version;
ALTER TABLE pool_entry DROP COLUMN version;
ALTER TABLE posting DROP COLUMN version;
ALTER TABLE note DROP COLUMN version;
