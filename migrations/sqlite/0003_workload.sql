-- The workload side (workload.md §1-§4; issue: teachers' workloads).
-- Fixed-point numbers (lessons, percent, counts) are BIGINT in ten-thousandths
-- (domain::Fixed); frozen balances are exact decimal text (unrounded);
-- dates 'YYYY-MM-DD', timestamps UTC text as in 0002.

CREATE TABLE payroll_type (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    code TEXT NOT NULL,
    code_key TEXT NOT NULL CONSTRAINT payroll_type_code_key UNIQUE,
    description TEXT NOT NULL,
    lesson_based BOOLEAN NOT NULL DEFAULT FALSE,
    saldo_resolving_order BIGINT NOT NULL CONSTRAINT payroll_type_saldo_order_key UNIQUE,
    ipb_correction_allowed BOOLEAN NOT NULL DEFAULT FALSE,
    version BIGINT NOT NULL DEFAULT 1
);
CREATE TABLE pool_type (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    code TEXT NOT NULL,
    code_key TEXT NOT NULL CONSTRAINT pool_type_code_key UNIQUE,
    description TEXT NOT NULL,
    payroll_type_id BIGINT NOT NULL REFERENCES payroll_type (id),
    auto_copy BOOLEAN NOT NULL DEFAULT FALSE,
    version BIGINT NOT NULL DEFAULT 1
);
CREATE TABLE posting_type (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    code TEXT NOT NULL,
    code_key TEXT NOT NULL CONSTRAINT posting_type_code_key UNIQUE,
    description TEXT NOT NULL,
    payroll_type_id BIGINT NOT NULL REFERENCES payroll_type (id),
    percent BOOLEAN NOT NULL DEFAULT FALSE,
    version BIGINT NOT NULL DEFAULT 1
);
CREATE TABLE thesis_type (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    code TEXT NOT NULL,
    code_key TEXT NOT NULL CONSTRAINT thesis_type_code_key UNIQUE,
    description TEXT NOT NULL,
    payroll_type_id BIGINT NOT NULL REFERENCES payroll_type (id),
    percent BIGINT NOT NULL DEFAULT 0,
    version BIGINT NOT NULL DEFAULT 1
);
CREATE TABLE gender (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    code TEXT NOT NULL,
    code_key TEXT NOT NULL CONSTRAINT gender_code_key UNIQUE,
    description TEXT NOT NULL,
    version BIGINT NOT NULL DEFAULT 1
);

ALTER TABLE grade ADD COLUMN payroll_type_id BIGINT REFERENCES payroll_type (id);
ALTER TABLE grade ADD COLUMN class_lesson_payroll_type_id BIGINT REFERENCES payroll_type (id);
ALTER TABLE subject ADD COLUMN class_lesson BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE school_year ADD COLUMN calculation_mode BIGINT NOT NULL DEFAULT 1;
ALTER TABLE school_year ADD COLUMN small_group_surcharge BIGINT NOT NULL DEFAULT 20000;
ALTER TABLE school_year ADD COLUMN show_ipb_balances BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE course ADD COLUMN small_group1 BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE course ADD COLUMN small_group2 BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE teacher ADD COLUMN gender_id BIGINT REFERENCES gender (id);
ALTER TABLE employment ADD COLUMN initial_balance BIGINT NOT NULL DEFAULT 0;
-- Set while the school year is locked (workload.md §4): the balances as they
-- were when it was locked; NULL while it is open.
ALTER TABLE employment ADD COLUMN frozen_opening_balance TEXT;
ALTER TABLE employment ADD COLUMN frozen_closing_balance TEXT;

CREATE TABLE school_year_weekly_lessons (
    school_year_id BIGINT NOT NULL REFERENCES school_year (id) ON DELETE CASCADE,
    payroll_type_id BIGINT NOT NULL REFERENCES payroll_type (id),
    lessons BIGINT NOT NULL,
    PRIMARY KEY (school_year_id, payroll_type_id)
);
CREATE INDEX school_year_weekly_lessons_type ON school_year_weekly_lessons (payroll_type_id);

-- Pool entries, postings and theses belong to the teacher's employment in
-- that year (workload.md §2): the composite key keeps them from outliving it.
CREATE TABLE pool_entry (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    school_year_id BIGINT NOT NULL REFERENCES school_year (id),
    teacher_id BIGINT NOT NULL REFERENCES teacher (id),
    type_id BIGINT NOT NULL REFERENCES pool_type (id),
    description TEXT,
    percent1 BIGINT NOT NULL DEFAULT 0,
    percent2 BIGINT NOT NULL DEFAULT 0,
    version BIGINT NOT NULL DEFAULT 1,
    CONSTRAINT pool_entry_employment FOREIGN KEY (teacher_id, school_year_id) REFERENCES employment (teacher_id, school_year_id)
);
CREATE INDEX pool_entry_year_teacher ON pool_entry (school_year_id, teacher_id);
CREATE INDEX pool_entry_type ON pool_entry (type_id);
CREATE TABLE posting (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    school_year_id BIGINT NOT NULL REFERENCES school_year (id),
    teacher_id BIGINT NOT NULL REFERENCES teacher (id),
    description TEXT,
    start_date TEXT NOT NULL,
    end_date TEXT,
    version BIGINT NOT NULL DEFAULT 1,
    CONSTRAINT posting_employment FOREIGN KEY (teacher_id, school_year_id) REFERENCES employment (teacher_id, school_year_id)
);
CREATE INDEX posting_year_teacher ON posting (school_year_id, teacher_id);
CREATE TABLE posting_detail (
    posting_id BIGINT NOT NULL REFERENCES posting (id) ON DELETE CASCADE,
    posting_type_id BIGINT NOT NULL REFERENCES posting_type (id),
    value BIGINT NOT NULL,
    PRIMARY KEY (posting_id, posting_type_id)
);
CREATE INDEX posting_detail_type ON posting_detail (posting_type_id);
CREATE TABLE thesis (
    school_year_id BIGINT NOT NULL REFERENCES school_year (id),
    teacher_id BIGINT NOT NULL REFERENCES teacher (id),
    thesis_type_id BIGINT NOT NULL REFERENCES thesis_type (id),
    count BIGINT NOT NULL,
    PRIMARY KEY (school_year_id, teacher_id, thesis_type_id),
    CONSTRAINT thesis_employment FOREIGN KEY (teacher_id, school_year_id) REFERENCES employment (teacher_id, school_year_id)
);
CREATE INDEX thesis_type_idx ON thesis (thesis_type_id);
CREATE TABLE note (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    teacher_id BIGINT NOT NULL REFERENCES teacher (id),
    text TEXT NOT NULL,
    created_by TEXT NOT NULL,
    creation_date TEXT NOT NULL,
    version BIGINT NOT NULL DEFAULT 1
);
CREATE INDEX note_teacher ON note (teacher_id);
