-- Every writing transaction also notifies its commit on the channel
-- `schoolplan_changes`, with the schema's name as payload (src/store/changes.rs):
-- a server listening there invalidates its caches when the notification
-- arrives, instead of asking change_generation on every request. The counter
-- of 0007 stays: it is what a server asks while it is not listening (at start,
-- after a lost connection, or with `--change-check poll`).
--
-- pg_notify in the deferred trigger is sent with the commit (and dropped with
-- a rollback), once per writing transaction, by whoever writes: a server, the
-- command line, SQL by hand. The payload keeps schemas of one database apart
-- (the test suite runs a schema per test).

CREATE OR REPLACE FUNCTION change_committed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE change_generation SET value = value + 1 WHERE id = 1;
    DELETE FROM change_pending WHERE txid = NEW.txid;
    PERFORM pg_notify('schoolplan_changes', current_schema());
    RETURN NULL;
END
$$;

-- CREATE OR REPLACE drops the function's settings: find the tables again
-- whatever the writer's search_path is (as in 0007).
DO $$
BEGIN
    EXECUTE format('ALTER FUNCTION change_committed() SET search_path = %I', current_schema());
END
$$;
