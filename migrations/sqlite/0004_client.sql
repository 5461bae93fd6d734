-- The existing browser client (client.md; issue 13): division grouping and head
-- title, archived subject types, categories (and genders: one implementation),
-- per-account settings.
ALTER TABLE division ADD COLUMN grouping TEXT;
ALTER TABLE division ADD COLUMN head_title TEXT;
ALTER TABLE subject_type ADD COLUMN archived BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE subject_category ADD COLUMN archived BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE gender ADD COLUMN archived BOOLEAN NOT NULL DEFAULT FALSE;
-- The mail template of one account (GET/POST/PUT /settings); absent = empty strings.
CREATE TABLE account_settings (
    account_id BIGINT PRIMARY KEY REFERENCES account (id) ON DELETE CASCADE,
    mail_body TEXT NOT NULL,
    mail_from TEXT NOT NULL,
    mail_subject TEXT NOT NULL
);
