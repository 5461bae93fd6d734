-- The committed change counter that keeps the caches of every server coherent
-- (src/store/changes.rs). Every transaction that writes to a table of the
-- service increases change_generation.value by one, in its own commit, so the
-- new value becomes visible together with the data — whoever wrote: a server,
-- the command line, SQL by hand. (SQLite needs nothing: PRAGMA data_version.)
--
-- Cheap for writers: the first write statement of a transaction notes it
-- (one row in change_pending); a deferred trigger on that row bumps the counter
-- once, at commit, so the counter row is locked only for the moment of the
-- commit and concurrent writers do not wait for each other. (The service
-- writes in READ COMMITTED; a writing transaction in REPEATABLE READ or
-- SERIALIZABLE may fail with a serialization error at commit when another one
-- committed meanwhile, as for any row both update: retry it.)
--
-- A table added by a later migration needs the trigger as well:
--   CREATE TRIGGER change_noted AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON new_table
--       FOR EACH STATEMENT EXECUTE FUNCTION change_noted();
-- (a test checks that every table has it).

CREATE TABLE change_generation (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    value BIGINT NOT NULL
);
INSERT INTO change_generation (id, value) VALUES (1, 0);

-- One row per writing transaction between its first write and its commit.
CREATE TABLE change_pending (
    txid BIGINT NOT NULL
);

-- Statement trigger of every table: notes the transaction's first write.
-- The transaction-local setting remembers that it was noted (it is rolled back
-- with a savepoint, together with the row).
CREATE FUNCTION change_noted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF current_setting('schoolplan.change_noted', true) IS DISTINCT FROM 'yes' THEN
        INSERT INTO change_pending (txid) VALUES (txid_current());
        PERFORM set_config('schoolplan.change_noted', 'yes', true);
    END IF;
    RETURN NULL;
END
$$;

-- Deferred to the commit: bumps the counter once per writing transaction.
CREATE FUNCTION change_committed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE change_generation SET value = value + 1 WHERE id = 1;
    DELETE FROM change_pending WHERE txid = NEW.txid;
    RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER change_committed AFTER INSERT ON change_pending
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION change_committed();

-- The functions find their tables whatever the writer's search_path is.
DO $$
BEGIN
    EXECUTE format('ALTER FUNCTION change_noted() SET search_path = %I', current_schema());
    EXECUTE format('ALTER FUNCTION change_committed() SET search_path = %I', current_schema());
END
$$;

-- Every table of the service.
DO $$
DECLARE
    t TEXT;
BEGIN
    FOR t IN
        SELECT tablename FROM pg_tables
        WHERE schemaname = current_schema()
          AND tablename NOT IN ('_sqlx_migrations', 'change_generation', 'change_pending')
    LOOP
        EXECUTE format(
            'CREATE TRIGGER change_noted AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
            'FOR EACH STATEMENT EXECUTE FUNCTION change_noted()', t);
    END LOOP;
END
$$;
