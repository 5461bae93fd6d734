-- The Pensenmanager's database (schema `pensen`, version 3.11), written for
-- schoolplan's tests from the facts in
-- docs/migration.md §Tables of the Pensenmanager. Only what the import and export read and write: tables, columns,
-- keys. The fixed lookups (calculation modes, lesson types) are filled as
-- the reference's own scripts fill them.
--
-- tests/migration/main.rs creates the 3.8 variant by dropping the columns
-- 3.9–3.11 added (`small_group_surcharge`, `small_group1/2`,
-- `show_ipb_balances`) and the 3.11 mode.

CREATE SCHEMA pensen;

CREATE TABLE pensen.account (
    id integer PRIMARY KEY,
    name text NOT NULL UNIQUE,
    edit_allowed boolean NOT NULL DEFAULT false,
    grant_allowed boolean NOT NULL DEFAULT false
);

CREATE TABLE pensen.settings (
    id integer PRIMARY KEY,
    account_id integer NOT NULL REFERENCES pensen.account (id),
    mail_body text,
    mail_from text,
    mail_subject text
);

CREATE TABLE pensen.subject_category (
    id integer PRIMARY KEY,
    code text NOT NULL UNIQUE,
    description text NOT NULL
);

CREATE TABLE pensen.subject_type (
    id integer PRIMARY KEY,
    code text NOT NULL,
    description text NOT NULL,
    sort_order integer NOT NULL
);

CREATE TABLE pensen.subject (
    id integer PRIMARY KEY,
    archived boolean NOT NULL DEFAULT false,
    code text,
    cross_class boolean NOT NULL DEFAULT false,
    description text,
    category_id integer REFERENCES pensen.subject_category (id),
    type_id integer NOT NULL REFERENCES pensen.subject_type (id),
    evento_code text,
    sort_order integer NOT NULL DEFAULT 0
);

CREATE TABLE pensen.payroll_type (
    id integer PRIMARY KEY CHECK (id < 100000),
    code text NOT NULL,
    description text NOT NULL,
    lesson_based boolean NOT NULL DEFAULT true,
    saldo_resolving_order integer NOT NULL CHECK (saldo_resolving_order < 100000),
    ipb_correction_allowed boolean NOT NULL DEFAULT false,
    CHECK (lesson_based OR NOT ipb_correction_allowed)
);

CREATE TABLE pensen.curriculum (
    id integer PRIMARY KEY,
    code text NOT NULL,
    description text NOT NULL,
    archived boolean NOT NULL DEFAULT false
);

CREATE TABLE pensen.grade (
    id integer PRIMARY KEY,
    code text NOT NULL,
    description text NOT NULL,
    payroll_type_id integer NOT NULL REFERENCES pensen.payroll_type (id),
    archived boolean NOT NULL DEFAULT false,
    class_lesson_payroll_type_id integer NOT NULL REFERENCES pensen.payroll_type (id)
);

CREATE TABLE pensen.curriculum_grade (
    curriculum_id integer NOT NULL REFERENCES pensen.curriculum (id),
    grade_id integer NOT NULL REFERENCES pensen.grade (id),
    PRIMARY KEY (curriculum_id, grade_id)
);

CREATE TABLE pensen.calculation_mode (
    id integer PRIMARY KEY,
    code text NOT NULL,
    description text NOT NULL
);

INSERT INTO pensen.calculation_mode (id, code, description) VALUES
    (1, 'percent', 'Prozent'),
    (2, 'lessons', 'Lektionen'),
    (3, 'lessons2', 'Lektionen 2'),
    (99, 'percentAgeReliefIncluded', 'Prozent, Altersentlastung eingerechnet'),
    (100, 'lessonsAgeReliefIncluded', 'Lektionen, Altersentlastung eingerechnet'),
    (101, 'lessons2AgeReliefIncluded', 'Lektionen 2, Altersentlastung eingerechnet');

CREATE TABLE pensen.school_year (
    id integer PRIMARY KEY,
    archived boolean NOT NULL DEFAULT false,
    code text,
    finalised boolean NOT NULL DEFAULT false,
    graduation_year integer NOT NULL,
    description text,
    weeks integer NOT NULL,
    calculation_mode_id integer NOT NULL REFERENCES pensen.calculation_mode (id),
    small_group_surcharge double precision NOT NULL DEFAULT 2 CHECK (small_group_surcharge >= 0),
    show_ipb_balances boolean NOT NULL DEFAULT true
);

CREATE TABLE pensen.weekly_lessons (
    school_year_id integer NOT NULL REFERENCES pensen.school_year (id),
    payroll_type_id integer NOT NULL REFERENCES pensen.payroll_type (id),
    lessons double precision NOT NULL,
    PRIMARY KEY (school_year_id, payroll_type_id)
);

CREATE TABLE pensen.division (
    id integer PRIMARY KEY,
    code text NOT NULL UNIQUE,
    description text NOT NULL,
    head_name text,
    head_signature bytea,
    logo bytea,
    grouping text,
    head_title text
);

CREATE TABLE pensen.lesson_type (
    id integer PRIMARY KEY,
    code text NOT NULL,
    description text NOT NULL
);

INSERT INTO pensen.lesson_type (id, code, description) VALUES
    (1, 'noLessons', 'keine Lektionen'),
    (2, 'continuation', 'Weiterführung'),
    (3, 'start', 'Beginn'),
    (4, 'startOptional', 'Beginn, fakultativ'),
    (5, 'startRepeating', 'Beginn, wiederholt');

CREATE TABLE pensen.lesson_table_entry (
    curriculum_id integer NOT NULL REFERENCES pensen.curriculum (id),
    division_id integer REFERENCES pensen.division (id),
    subject_id integer NOT NULL REFERENCES pensen.subject (id),
    grade_id integer NOT NULL REFERENCES pensen.grade (id),
    type_id integer NOT NULL REFERENCES pensen.lesson_type (id),
    lessons1 double precision,
    lessons2 double precision,
    UNIQUE (curriculum_id, division_id, subject_id, grade_id)
);

CREATE TABLE pensen.school_class (
    id integer PRIMARY KEY,
    archived boolean NOT NULL DEFAULT false,
    code text,
    graduation_year integer NOT NULL,
    curriculum_id integer NOT NULL REFERENCES pensen.curriculum (id),
    division_id integer NOT NULL REFERENCES pensen.division (id)
);

CREATE TABLE pensen.gender (
    id integer PRIMARY KEY,
    code text NOT NULL,
    description text NOT NULL,
    salutation text
);

CREATE TABLE pensen.teacher (
    id integer PRIMARY KEY,
    archived boolean NOT NULL DEFAULT false,
    code text,
    title text,
    first_name text,
    last_name text,
    email text,
    birthday date,
    employee_number text,
    gender_id integer NOT NULL REFERENCES pensen.gender (id)
);

CREATE TABLE pensen.note (
    id integer PRIMARY KEY,
    teacher_id integer NOT NULL REFERENCES pensen.teacher (id),
    text text,
    created_by text,
    created_on timestamp without time zone
);

CREATE TABLE pensen.teacher_department (
    teacher_id integer NOT NULL REFERENCES pensen.teacher (id),
    subject_category_id integer NOT NULL REFERENCES pensen.subject_category (id),
    PRIMARY KEY (teacher_id, subject_category_id)
);

CREATE TABLE pensen.thesis_type (
    id integer PRIMARY KEY,
    code text NOT NULL,
    description text NOT NULL,
    percent double precision NOT NULL,
    payroll_type_id integer NOT NULL REFERENCES pensen.payroll_type (id)
);

CREATE TABLE pensen.employment (
    id integer PRIMARY KEY,
    teacher_id integer NOT NULL REFERENCES pensen.teacher (id),
    school_year_id integer NOT NULL REFERENCES pensen.school_year (id),
    division_id integer NOT NULL REFERENCES pensen.division (id),
    employment_min double precision,
    employment_max double precision,
    opening_balance double precision,
    closing_balance double precision,
    payment1 double precision,
    payment2 double precision,
    comments text,
    temporary boolean NOT NULL,
    UNIQUE (school_year_id, teacher_id)
);

CREATE TABLE pensen.thesis_entry (
    school_year_id integer NOT NULL,
    teacher_id integer NOT NULL,
    type_id integer NOT NULL REFERENCES pensen.thesis_type (id),
    count double precision NOT NULL,
    PRIMARY KEY (school_year_id, teacher_id, type_id),
    FOREIGN KEY (school_year_id, teacher_id) REFERENCES pensen.employment (school_year_id, teacher_id)
);

CREATE TABLE pensen.course (
    id integer PRIMARY KEY,
    cancelled boolean NOT NULL DEFAULT false,
    comments text,
    grade_id integer NOT NULL REFERENCES pensen.grade (id),
    lessons1 double precision NOT NULL,
    lessons2 double precision NOT NULL,
    school_class_ids integer[],
    school_year_id integer NOT NULL REFERENCES pensen.school_year (id),
    cross_class boolean NOT NULL,
    small_group1 boolean NOT NULL DEFAULT false,
    small_group2 boolean NOT NULL DEFAULT false,
    subject_id integer NOT NULL REFERENCES pensen.subject (id),
    teacher_ids1 integer[],
    teacher_ids2 integer[],
    curriculum_id integer NOT NULL REFERENCES pensen.curriculum (id)
);

CREATE TABLE pensen.pool_type (
    id integer PRIMARY KEY,
    code text NOT NULL,
    description text NOT NULL,
    auto_copy boolean NOT NULL DEFAULT true,
    payroll_type_id integer NOT NULL REFERENCES pensen.payroll_type (id)
);

CREATE TABLE pensen.pool_entry (
    id integer PRIMARY KEY,
    teacher_id integer NOT NULL REFERENCES pensen.teacher (id),
    school_year_id integer NOT NULL REFERENCES pensen.school_year (id),
    description text,
    percent1 double precision,
    percent2 double precision,
    type_id integer NOT NULL REFERENCES pensen.pool_type (id)
);

CREATE TABLE pensen.posting_type (
    id integer PRIMARY KEY,
    code text NOT NULL,
    description text NOT NULL,
    payroll_type_id integer NOT NULL REFERENCES pensen.payroll_type (id),
    percent boolean NOT NULL DEFAULT false
);

CREATE TABLE pensen.posting (
    id integer PRIMARY KEY,
    teacher_id integer NOT NULL REFERENCES pensen.teacher (id),
    school_year_id integer NOT NULL REFERENCES pensen.school_year (id),
    description text,
    start_date date,
    end_date date
);

CREATE TABLE pensen.posting_detail (
    posting_id integer NOT NULL REFERENCES pensen.posting (id),
    type_id integer NOT NULL REFERENCES pensen.posting_type (id),
    school_year_id integer NOT NULL REFERENCES pensen.school_year (id),
    teacher_id integer NOT NULL REFERENCES pensen.teacher (id),
    value double precision NOT NULL,
    PRIMARY KEY (posting_id, type_id)
);
