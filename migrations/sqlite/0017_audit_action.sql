-- What an audit entry did (created, changed, deleted, merged, split,
-- cancelled, resumed, archived, restored, revoked, imported), whichever front door
-- did it, and the object as planners name it (`Biologie F29c`, `jla`,
-- `jla 26/27`): the web's live notes and the history say it in words
-- (issue 39; docs/web.md §Working together). Until now only the request's
-- method was kept, and the web posts every form (POST): the entries of an
-- earlier version get their action from the values they recorded; their
-- label stays null (the notes then name the object by its id).
ALTER TABLE audit_entry ADD COLUMN action TEXT;
ALTER TABLE audit_entry ADD COLUMN label TEXT;
UPDATE audit_entry SET action = CASE
    WHEN method = 'IMPORT' THEN 'imported'
    WHEN object_type = 'token' AND (method = 'DELETE' OR path LIKE '%/revoke') THEN 'revoked'
    WHEN NOT (json_extract(changes, '$.before') IS NOT NULL) THEN 'created'
    WHEN NOT (json_extract(changes, '$.after') IS NOT NULL) THEN 'deleted'
    WHEN json_extract(changes, '$.before.cancelled') = 0 AND json_extract(changes, '$.after.cancelled') = 1 THEN 'cancelled'
    WHEN json_extract(changes, '$.before.cancelled') = 1 AND json_extract(changes, '$.after.cancelled') = 0 THEN 'resumed'
    WHEN json_extract(changes, '$.before.archived') = 0 AND json_extract(changes, '$.after.archived') = 1 THEN 'archived'
    WHEN json_extract(changes, '$.before.archived') = 1 AND json_extract(changes, '$.after.archived') = 0 THEN 'restored'
    ELSE 'changed'
END;
