-- Lesson table (Lektionentafel, documents.md §1): per curriculum, division
-- (NULL for cross-class subjects), subject and grade the lesson type and the
-- weekly lessons per semester. Lessons are BIGINT in ten-thousandths
-- (domain::Fixed); lesson_type is the fixed id of /lessontype
-- (domain::lessontable::LessonType). Entries of type noLessons are not stored.

CREATE TABLE lesson_table_entry (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    curriculum_id BIGINT NOT NULL REFERENCES curriculum (id) ON DELETE CASCADE,
    division_id BIGINT REFERENCES division (id),
    subject_id BIGINT NOT NULL REFERENCES subject (id),
    grade_id BIGINT NOT NULL REFERENCES grade (id),
    lesson_type BIGINT NOT NULL,
    lessons1 BIGINT NOT NULL DEFAULT 0,
    lessons2 BIGINT NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX lesson_table_entry_key
    ON lesson_table_entry (curriculum_id, COALESCE(division_id, 0), subject_id, grade_id);
CREATE INDEX lesson_table_entry_division ON lesson_table_entry (division_id);
CREATE INDEX lesson_table_entry_subject ON lesson_table_entry (subject_id);
CREATE INDEX lesson_table_entry_grade ON lesson_table_entry (grade_id);
