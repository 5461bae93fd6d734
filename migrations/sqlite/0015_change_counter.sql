-- The committed change counter on SQLite, as PostgreSQL has it since 0007
-- (src/store/commit_watch.rs; README §Caches and several servers). Every row
-- written to a table of the service increases change_generation.value in the
-- writing transaction, so the new value becomes visible together with the
-- data, whoever wrote: a server, the command line, SQL by hand. A server asks
-- the counter to learn whether its caches still hold.
--
-- Until now SQLite servers asked `PRAGMA data_version`, which changes with
-- every commit of another connection, whatever it wrote: each heartbeat of the
-- presence of open pages (0014), every few seconds while a page is open, made
-- the caches forget everything. The tables no cache reads have no trigger,
-- as on PostgreSQL: job, job_file (0010) and page_presence (0014).
--
-- SQLite has no statement triggers: the counter goes up once per row written.
-- Only whether it changed matters.
--
-- A table added by a later migration needs the three triggers as well (a test
-- checks that every table has them):
--   CREATE TRIGGER change_noted_T_insert AFTER INSERT ON T
--       BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
--   (and _update AFTER UPDATE, _delete AFTER DELETE)

CREATE TABLE change_generation (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    value INTEGER NOT NULL
);
INSERT INTO change_generation (id, value) VALUES (1, 0);


-- account
CREATE TRIGGER change_noted_account_insert AFTER INSERT ON account
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_account_update AFTER UPDATE ON account
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_account_delete AFTER DELETE ON account
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;

-- account_settings
CREATE TRIGGER change_noted_account_settings_insert AFTER INSERT ON account_settings
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_account_settings_update AFTER UPDATE ON account_settings
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_account_settings_delete AFTER DELETE ON account_settings
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;

-- api_token
CREATE TRIGGER change_noted_api_token_insert AFTER INSERT ON api_token
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_api_token_update AFTER UPDATE ON api_token
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_api_token_delete AFTER DELETE ON api_token
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;

-- audit_entry
CREATE TRIGGER change_noted_audit_entry_insert AFTER INSERT ON audit_entry
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_audit_entry_update AFTER UPDATE ON audit_entry
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_audit_entry_delete AFTER DELETE ON audit_entry
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;

-- course
CREATE TRIGGER change_noted_course_insert AFTER INSERT ON course
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_course_update AFTER UPDATE ON course
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_course_delete AFTER DELETE ON course
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;

-- course_class
CREATE TRIGGER change_noted_course_class_insert AFTER INSERT ON course_class
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_course_class_update AFTER UPDATE ON course_class
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_course_class_delete AFTER DELETE ON course_class
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;

-- course_teacher
CREATE TRIGGER change_noted_course_teacher_insert AFTER INSERT ON course_teacher
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_course_teacher_update AFTER UPDATE ON course_teacher
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_course_teacher_delete AFTER DELETE ON course_teacher
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;

-- curriculum
CREATE TRIGGER change_noted_curriculum_insert AFTER INSERT ON curriculum
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_curriculum_update AFTER UPDATE ON curriculum
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_curriculum_delete AFTER DELETE ON curriculum
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;

-- curriculum_grade
CREATE TRIGGER change_noted_curriculum_grade_insert AFTER INSERT ON curriculum_grade
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_curriculum_grade_update AFTER UPDATE ON curriculum_grade
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_curriculum_grade_delete AFTER DELETE ON curriculum_grade
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;

-- division
CREATE TRIGGER change_noted_division_insert AFTER INSERT ON division
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_division_update AFTER UPDATE ON division
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_division_delete AFTER DELETE ON division
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;

-- employment
CREATE TRIGGER change_noted_employment_insert AFTER INSERT ON employment
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_employment_update AFTER UPDATE ON employment
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_employment_delete AFTER DELETE ON employment
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;

-- gender
CREATE TRIGGER change_noted_gender_insert AFTER INSERT ON gender
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_gender_update AFTER UPDATE ON gender
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_gender_delete AFTER DELETE ON gender
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;

-- grade
CREATE TRIGGER change_noted_grade_insert AFTER INSERT ON grade
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_grade_update AFTER UPDATE ON grade
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_grade_delete AFTER DELETE ON grade
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;

-- lesson_table_entry
CREATE TRIGGER change_noted_lesson_table_entry_insert AFTER INSERT ON lesson_table_entry
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_lesson_table_entry_update AFTER UPDATE ON lesson_table_entry
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_lesson_table_entry_delete AFTER DELETE ON lesson_table_entry
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;

-- note
CREATE TRIGGER change_noted_note_insert AFTER INSERT ON note
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_note_update AFTER UPDATE ON note
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_note_delete AFTER DELETE ON note
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;

-- oidc_signin
CREATE TRIGGER change_noted_oidc_signin_insert AFTER INSERT ON oidc_signin
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_oidc_signin_update AFTER UPDATE ON oidc_signin
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_oidc_signin_delete AFTER DELETE ON oidc_signin
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;

-- payroll_type
CREATE TRIGGER change_noted_payroll_type_insert AFTER INSERT ON payroll_type
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_payroll_type_update AFTER UPDATE ON payroll_type
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_payroll_type_delete AFTER DELETE ON payroll_type
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;

-- pool_entry
CREATE TRIGGER change_noted_pool_entry_insert AFTER INSERT ON pool_entry
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_pool_entry_update AFTER UPDATE ON pool_entry
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_pool_entry_delete AFTER DELETE ON pool_entry
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;

-- pool_type
CREATE TRIGGER change_noted_pool_type_insert AFTER INSERT ON pool_type
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_pool_type_update AFTER UPDATE ON pool_type
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_pool_type_delete AFTER DELETE ON pool_type
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;

-- posting
CREATE TRIGGER change_noted_posting_insert AFTER INSERT ON posting
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_posting_update AFTER UPDATE ON posting
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_posting_delete AFTER DELETE ON posting
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;

-- posting_detail
CREATE TRIGGER change_noted_posting_detail_insert AFTER INSERT ON posting_detail
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_posting_detail_update AFTER UPDATE ON posting_detail
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_posting_detail_delete AFTER DELETE ON posting_detail
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;

-- posting_type
CREATE TRIGGER change_noted_posting_type_insert AFTER INSERT ON posting_type
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_posting_type_update AFTER UPDATE ON posting_type
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_posting_type_delete AFTER DELETE ON posting_type
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;

-- school_class
CREATE TRIGGER change_noted_school_class_insert AFTER INSERT ON school_class
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_school_class_update AFTER UPDATE ON school_class
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_school_class_delete AFTER DELETE ON school_class
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;

-- school_year
CREATE TRIGGER change_noted_school_year_insert AFTER INSERT ON school_year
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_school_year_update AFTER UPDATE ON school_year
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_school_year_delete AFTER DELETE ON school_year
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;

-- school_year_weekly_lessons
CREATE TRIGGER change_noted_school_year_weekly_lessons_insert AFTER INSERT ON school_year_weekly_lessons
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_school_year_weekly_lessons_update AFTER UPDATE ON school_year_weekly_lessons
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_school_year_weekly_lessons_delete AFTER DELETE ON school_year_weekly_lessons
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;

-- signin_link
CREATE TRIGGER change_noted_signin_link_insert AFTER INSERT ON signin_link
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_signin_link_update AFTER UPDATE ON signin_link
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_signin_link_delete AFTER DELETE ON signin_link
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;

-- subject
CREATE TRIGGER change_noted_subject_insert AFTER INSERT ON subject
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_subject_update AFTER UPDATE ON subject
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_subject_delete AFTER DELETE ON subject
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;

-- subject_category
CREATE TRIGGER change_noted_subject_category_insert AFTER INSERT ON subject_category
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_subject_category_update AFTER UPDATE ON subject_category
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_subject_category_delete AFTER DELETE ON subject_category
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;

-- subject_type
CREATE TRIGGER change_noted_subject_type_insert AFTER INSERT ON subject_type
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_subject_type_update AFTER UPDATE ON subject_type
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_subject_type_delete AFTER DELETE ON subject_type
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;

-- teacher
CREATE TRIGGER change_noted_teacher_insert AFTER INSERT ON teacher
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_teacher_update AFTER UPDATE ON teacher
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_teacher_delete AFTER DELETE ON teacher
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;

-- teacher_department
CREATE TRIGGER change_noted_teacher_department_insert AFTER INSERT ON teacher_department
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_teacher_department_update AFTER UPDATE ON teacher_department
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_teacher_department_delete AFTER DELETE ON teacher_department
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;

-- thesis
CREATE TRIGGER change_noted_thesis_insert AFTER INSERT ON thesis
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_thesis_update AFTER UPDATE ON thesis
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_thesis_delete AFTER DELETE ON thesis
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;

-- thesis_type
CREATE TRIGGER change_noted_thesis_type_insert AFTER INSERT ON thesis_type
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_thesis_type_update AFTER UPDATE ON thesis_type
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_thesis_type_delete AFTER DELETE ON thesis_type
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;

-- web_session
CREATE TRIGGER change_noted_web_session_insert AFTER INSERT ON web_session
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_web_session_update AFTER UPDATE ON web_session
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
CREATE TRIGGER change_noted_web_session_delete AFTER DELETE ON web_session
    BEGIN UPDATE change_generation SET value = value + 1 WHERE id = 1; END;
