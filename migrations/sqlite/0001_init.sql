-- Initial schema. Generated together with the PostgreSQL migration from one table list;
-- keep both in step. Fixed-point numbers (lessons, percent) are stored as BIGINT
-- in ten-thousandths (domain::Fixed); dates as 'YYYY-MM-DD' text.

CREATE TABLE grade (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    code TEXT NOT NULL,
    code_key TEXT NOT NULL CONSTRAINT grade_code_key UNIQUE,
    description TEXT NOT NULL,
    version BIGINT NOT NULL DEFAULT 1
);
CREATE TABLE subject_category (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    code TEXT NOT NULL,
    code_key TEXT NOT NULL CONSTRAINT subject_category_code_key UNIQUE,
    description TEXT NOT NULL,
    version BIGINT NOT NULL DEFAULT 1
);
CREATE TABLE subject_type (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    code TEXT NOT NULL,
    code_key TEXT NOT NULL CONSTRAINT subject_type_code_key UNIQUE,
    description TEXT NOT NULL,
    version BIGINT NOT NULL DEFAULT 1
);
CREATE TABLE curriculum (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    archived BOOLEAN NOT NULL DEFAULT FALSE,
    code TEXT NOT NULL,
    code_key TEXT NOT NULL CONSTRAINT curriculum_code_key UNIQUE,
    description TEXT NOT NULL,
    version BIGINT NOT NULL DEFAULT 1
);
CREATE TABLE curriculum_grade (
    curriculum_id BIGINT NOT NULL REFERENCES curriculum (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    grade_id BIGINT NOT NULL REFERENCES grade (id),
    PRIMARY KEY (curriculum_id, position),
    CONSTRAINT curriculum_grade_unique UNIQUE (curriculum_id, grade_id)
);
CREATE INDEX curriculum_grade_grade ON curriculum_grade (grade_id);
CREATE TABLE division (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    code TEXT NOT NULL,
    code_key TEXT NOT NULL CONSTRAINT division_code_key UNIQUE,
    description TEXT NOT NULL,
    head_name TEXT,
    head_signature_file_name TEXT,
    head_signature_mime_type TEXT,
    head_signature_data BLOB,
    logo_file_name TEXT,
    logo_mime_type TEXT,
    logo_data BLOB,
    version BIGINT NOT NULL DEFAULT 1
);
CREATE TABLE school_year (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    archived BOOLEAN NOT NULL DEFAULT FALSE,
    code TEXT NOT NULL,
    code_key TEXT NOT NULL CONSTRAINT school_year_code_key UNIQUE,
    description TEXT NOT NULL,
    finalised BOOLEAN NOT NULL DEFAULT FALSE,
    graduation_year INTEGER NOT NULL CONSTRAINT school_year_graduation_year_key UNIQUE,
    weeks INTEGER NOT NULL,
    age_relief_included BOOLEAN NOT NULL DEFAULT FALSE,
    version BIGINT NOT NULL DEFAULT 1
);
CREATE TABLE subject (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    archived BOOLEAN NOT NULL DEFAULT FALSE,
    code TEXT NOT NULL,
    code_key TEXT NOT NULL CONSTRAINT subject_code_key UNIQUE,
    description TEXT NOT NULL,
    category_id BIGINT REFERENCES subject_category (id),
    type_id BIGINT NOT NULL REFERENCES subject_type (id),
    cross_class BOOLEAN NOT NULL DEFAULT FALSE,
    external_code TEXT,
    version BIGINT NOT NULL DEFAULT 1
);
CREATE INDEX subject_category_idx ON subject (category_id);
CREATE INDEX subject_type_idx ON subject (type_id);
CREATE TABLE teacher (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    archived BOOLEAN NOT NULL DEFAULT FALSE,
    code TEXT NOT NULL,
    code_key TEXT NOT NULL CONSTRAINT teacher_code_key UNIQUE,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    email TEXT,
    birthday TEXT,
    employee_number TEXT,
    title TEXT,
    version BIGINT NOT NULL DEFAULT 1
);
CREATE TABLE teacher_department (
    teacher_id BIGINT NOT NULL REFERENCES teacher (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    category_id BIGINT NOT NULL REFERENCES subject_category (id),
    PRIMARY KEY (teacher_id, position),
    CONSTRAINT teacher_department_unique UNIQUE (teacher_id, category_id)
);
CREATE INDEX teacher_department_category ON teacher_department (category_id);
CREATE TABLE school_class (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    archived BOOLEAN NOT NULL DEFAULT FALSE,
    code TEXT NOT NULL,
    code_key TEXT NOT NULL CONSTRAINT school_class_code_key UNIQUE,
    curriculum_id BIGINT NOT NULL REFERENCES curriculum (id),
    division_id BIGINT NOT NULL REFERENCES division (id),
    graduation_year INTEGER NOT NULL,
    version BIGINT NOT NULL DEFAULT 1
);
CREATE INDEX school_class_curriculum ON school_class (curriculum_id);
CREATE INDEX school_class_division ON school_class (division_id);
CREATE TABLE employment (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    teacher_id BIGINT NOT NULL REFERENCES teacher (id),
    school_year_id BIGINT NOT NULL REFERENCES school_year (id),
    division_id BIGINT NOT NULL REFERENCES division (id),
    employment_min BIGINT,
    employment_max BIGINT,
    payment1 BIGINT,
    payment2 BIGINT,
    temporary BOOLEAN NOT NULL DEFAULT FALSE,
    comments TEXT,
    version BIGINT NOT NULL DEFAULT 1,
    CONSTRAINT employment_teacher_year_key UNIQUE (teacher_id, school_year_id)
);
CREATE INDEX employment_school_year ON employment (school_year_id);
CREATE INDEX employment_division ON employment (division_id);
CREATE TABLE course (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    school_year_id BIGINT NOT NULL REFERENCES school_year (id),
    subject_id BIGINT NOT NULL REFERENCES subject (id),
    grade_id BIGINT NOT NULL REFERENCES grade (id),
    curriculum_id BIGINT NOT NULL REFERENCES curriculum (id),
    cancelled BOOLEAN NOT NULL DEFAULT FALSE,
    comments TEXT,
    lessons1 BIGINT NOT NULL DEFAULT 0,
    lessons2 BIGINT NOT NULL DEFAULT 0,
    version BIGINT NOT NULL DEFAULT 1
);
CREATE INDEX course_school_year ON course (school_year_id);
CREATE INDEX course_subject ON course (subject_id);
CREATE INDEX course_grade ON course (grade_id);
CREATE INDEX course_curriculum ON course (curriculum_id);
CREATE TABLE course_class (
    course_id BIGINT NOT NULL REFERENCES course (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    school_class_id BIGINT NOT NULL REFERENCES school_class (id),
    PRIMARY KEY (course_id, position),
    CONSTRAINT course_class_unique UNIQUE (course_id, school_class_id)
);
CREATE INDEX course_class_class ON course_class (school_class_id);
CREATE TABLE course_teacher (
    course_id BIGINT NOT NULL REFERENCES course (id) ON DELETE CASCADE,
    semester INTEGER NOT NULL,
    position INTEGER NOT NULL,
    teacher_id BIGINT NOT NULL REFERENCES teacher (id),
    PRIMARY KEY (course_id, semester, position),
    CONSTRAINT course_teacher_unique UNIQUE (course_id, semester, teacher_id)
);
CREATE INDEX course_teacher_teacher ON course_teacher (teacher_id);
