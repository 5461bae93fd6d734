-- The shared job queue (issue 24; docs/api.md "Jobs and files"). Several
-- servers on one database share the jobs: a job row that is `running` without
-- a `runner` waits in the queue; a server claims it by setting `runner` (its
-- own id) and `lease_until` (UTC text, as every timestamp here) in one
-- conditional UPDATE, and renews the lease while the job runs. A job whose
-- lease ran out (its server died) is failed by whichever server sees it first.
-- Progress and log are written while the job runs (throttled), so every server
-- reports them. `started_by` is who started the current run (the standing jobs
-- have no owner but are started by someone, audited in their name);
-- `fetched_at` is when the product was first fetched (the list leaves it out
-- from then on). `job_file.size` is the product's length in bytes, for the
-- caps on stored products.

ALTER TABLE job ADD COLUMN runner TEXT;
ALTER TABLE job ADD COLUMN lease_until TEXT;
ALTER TABLE job ADD COLUMN started_by BIGINT REFERENCES account (id) ON DELETE SET NULL;
ALTER TABLE job ADD COLUMN progress_done BIGINT NOT NULL DEFAULT 0;
ALTER TABLE job ADD COLUMN progress_total BIGINT NOT NULL DEFAULT 0;
ALTER TABLE job ADD COLUMN fetched_at TEXT;
ALTER TABLE job_file ADD COLUMN size BIGINT NOT NULL DEFAULT 0;
UPDATE job_file SET size = length(content);
-- Jobs a server of the earlier version left running have no lease: failed,
-- as that version did at start.
UPDATE job SET status = CASE WHEN id <= 3 THEN 'idle' ELSE 'failed' END,
    error = 'The server restarted while the job was running; please start it again.',
    finished_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
    WHERE status = 'running';
CREATE INDEX job_queue ON job (status, runner);
