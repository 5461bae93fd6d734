//! A small school as hand-made rows of the reference's database, with the
//! oddities the import repairs (docs/migration.md §Repairs and refusals); the
//! inserts name their columns and leave out those 3.9–3.11 added, so the same
//! rows load into a 3.8 schema.

/// The small school. What the import must repair, by rule:
///
/// - `kuerzel-abgeleitet`: teacher 2 (Max Müller) has no code;
/// - `email-ungueltig`: teacher 2's e-mail is `kein-mail`;
/// - `zahl-gerundet`: course 2 has 2.33333 lessons;
/// - `modus-alias-3-10`: 26/27 uses mode 6 `lessonsAgeReliefIncluded2`;
/// - `bild-weder-png-noch-jpeg`: division NORD's logo is a GIF;
/// - `anrede-nicht-uebernommen`: the genders have salutations;
/// - `stufe-archiviert-nicht-uebernommen`: grade GYM2 is archived;
/// - `reihenfolge-nach-code`: subject types ordered SF before GF;
/// - `sortierung-nicht-uebernommen`: subject D has sort order 3;
/// - `bezeichnung-aus-code`: 25/26 has no description;
/// - `buchung-null-weggelassen`: posting 1 has a zero detail;
/// - `stufen-natuerlich-geordnet`: curriculum GYM has GYM10 and GYM2 (GYM2 first).
///
/// And stale stored balances: abc's stored closing balance of the locked year
/// 25/26 (9.99) is not what its data give, and the stored opening balance of
/// 26/27 (7.25) is not that closing balance.
pub const SMALL_SCHOOL: &str = r#"
INSERT INTO pensen.calculation_mode (id, code, description) VALUES (6, 'lessonsAgeReliefIncluded2', 'Lektionen 2 (3.10)');
INSERT INTO pensen.account (id, name, edit_allowed, grant_allowed) VALUES
    (1, 'anna.buehler@schule.example', true, false), (2, 'rektorat@schule.example', false, true), (3, 'gast@schule.example', false, false);
INSERT INTO pensen.settings (id, account_id, mail_body, mail_from, mail_subject) VALUES
    (1, 1, 'Liebe Kollegin', 'sekretariat@schule.example', NULL);
INSERT INTO pensen.payroll_type (id, code, description, lesson_based, saldo_resolving_order, ipb_correction_allowed) VALUES
    (1, 'G', 'Unterricht', true, 1, true), (2, 'P', 'Schulpool', false, 101, false);
INSERT INTO pensen.subject_category (id, code, description) VALUES (1, 'DEU', 'Deutsch'), (2, 'MAT', 'Mathematik');
INSERT INTO pensen.subject_type (id, code, description, sort_order) VALUES (1, 'GF', 'Grundlagenfach', 2), (2, 'SF', 'Schwerpunktfach', 1);
INSERT INTO pensen.gender (id, code, description, salutation) VALUES (1, 'w', 'weiblich', 'Frau'), (2, 'm', 'männlich', 'Herr');
INSERT INTO pensen.curriculum (id, code, description, archived) VALUES (1, 'GYM', 'Gymnasium', false);
INSERT INTO pensen.grade (id, code, description, payroll_type_id, archived, class_lesson_payroll_type_id) VALUES
    (1, 'GYM10', 'Stufe 10', 1, false, 1), (2, 'GYM2', 'Stufe 2', 1, true, 1);
INSERT INTO pensen.curriculum_grade (curriculum_id, grade_id) VALUES (1, 1), (1, 2);
INSERT INTO pensen.division (id, code, description, head_name, head_signature, logo, grouping, head_title) VALUES
    (1, 'NORD', 'Gymnasium Nord', 'Eva Muster', NULL, '\x4749463839610100'::bytea, NULL, 'Rektorin');
INSERT INTO pensen.school_year (id, archived, code, finalised, graduation_year, description, weeks, calculation_mode_id) VALUES
    (1, false, '25/26', true, 2026, NULL, 38, 1), (2, false, '26/27', false, 2027, 'Schuljahr 2026/27', 38, 6);
INSERT INTO pensen.weekly_lessons (school_year_id, payroll_type_id, lessons) VALUES (1, 1, 23), (2, 1, 23);
INSERT INTO pensen.subject (id, archived, code, cross_class, description, category_id, type_id, evento_code, sort_order) VALUES
    (1, false, 'D', false, 'Deutsch', 1, 1, 'GF-D', 3), (2, false, 'KL', false, 'Klassenstunde', 1, 1, NULL, 0);
INSERT INTO pensen.lesson_table_entry (curriculum_id, division_id, subject_id, grade_id, type_id, lessons1, lessons2) VALUES
    (1, 1, 1, 1, 3, 4, 4), (1, 1, 2, 2, 1, 0, 0);
INSERT INTO pensen.school_class (id, archived, code, graduation_year, curriculum_id, division_id) VALUES (1, false, 'G27a', 2027, 1, 1);
INSERT INTO pensen.teacher (id, archived, code, title, first_name, last_name, email, birthday, employee_number, gender_id) VALUES
    (1, false, 'abc', 'Dr.', 'Anna', 'Bühler', 'anna.buehler@schule.example', '1980-02-29', '1001', 1),
    (2, false, NULL, NULL, 'Max', 'Müller', 'kein-mail', NULL, NULL, 2);
INSERT INTO pensen.teacher_department (teacher_id, subject_category_id) VALUES (1, 1), (2, 2);
INSERT INTO pensen.note (id, teacher_id, text, created_by, created_on) VALUES
    (1, 1, 'Weiterbildung beantragt.', 'rektorat@schule.example', '2026-05-12 11:38:00');
INSERT INTO pensen.thesis_type (id, code, description, percent, payroll_type_id) VALUES (1, 'MA', 'Maturaarbeit', 0.5, 1);
INSERT INTO pensen.employment (id, teacher_id, school_year_id, division_id, employment_min, employment_max, opening_balance,
                               closing_balance, payment1, payment2, comments, temporary) VALUES
    (1, 1, 1, 1, NULL, NULL, 1.5, 9.99, 50, 50, NULL, false),
    (2, 1, 2, 1, 40, 60, 7.25, 0, 50, 50, 'Jahr 2', false),
    (3, 2, 2, 1, NULL, NULL, 0, 0, 20, 20, NULL, true);
INSERT INTO pensen.thesis_entry (school_year_id, teacher_id, type_id, count) VALUES (2, 1, 1, 2);
INSERT INTO pensen.course (id, cancelled, comments, grade_id, lessons1, lessons2, school_class_ids, school_year_id, cross_class,
                           subject_id, teacher_ids1, teacher_ids2, curriculum_id) VALUES
    (1, false, NULL, 2, 4, 4, '{1}', 1, false, 1, '{1}', '{1}', 1),
    (2, false, 'geteilt', 1, 2.33333, 2.33333, '{1}', 2, false, 1, '{1}', '{2}', 1);
INSERT INTO pensen.pool_type (id, code, description, auto_copy, payroll_type_id) VALUES (1, 'S', 'Schulpool', true, 2);
INSERT INTO pensen.pool_entry (id, teacher_id, school_year_id, description, percent1, percent2, type_id) VALUES
    (1, 1, 2, 'Projekt', 5, 5, 1);
INSERT INTO pensen.posting_type (id, code, description, payroll_type_id, percent) VALUES
    (1, 'L', 'Einzellektionen', 1, false), (2, 'Q', 'Prozent', 2, true);
INSERT INTO pensen.posting (id, teacher_id, school_year_id, description, start_date, end_date) VALUES
    (1, 1, 2, 'Stellvertretung', '2026-10-05', '2026-10-18');
INSERT INTO pensen.posting_detail (posting_id, type_id, school_year_id, teacher_id, value) VALUES (1, 1, 2, 1, 6), (1, 2, 2, 1, 0);
"#;

/// Rows the import refuses, on top of [`SMALL_SCHOOL`], by rule (course
/// rows are in [`REFUSED_COURSES`]):
///
/// - `kuerzel-doppelt`: teacher 3 has code `ABC`, as teacher 1 (`abc`);
/// - `fach-ohne-fachgebiet`: subject 3 has no category;
/// - `kurs-lehrperson-ohne-anstellung`: course 3 of 25/26 is taught by teacher 2, employed only in 26/27;
/// - `ohne-anstellung`: pool entry 2 of 25/26 is teacher 2's;
/// - `lehrperson-ohne-name`: teacher 4 (`nn`) has a blank first name, teacher 5 (no code) no last name;
/// - `schuljahr-ohne-code`: school year 3 has no code, school year 4 a blank one;
/// - `unbekannter-modus`: 27/28 (school year 5) uses mode 7 `stunden`;
/// - `fach-ohne-code`: subject 4 has no code, subject 5 a blank one (and no category:
///   the missing code is what is named);
/// - `klasse-ohne-code`: class 2 has no code, class 3 a blank one;
/// - `buchung-ohne-beginn`: posting 2 has no start date;
/// - `notiz-leer`: note 2 has no text, note 3 a blank one, note 4 no time;
/// - `keine-zahl`: the weekly lessons of 27/28 are infinite; employment 6
///   (27/28, abc) has a payment of 1e30 (beyond a decimal) and, 27/28 being
///   locked, stored balances to keep that are no numbers (-Infinity, NaN);
/// - `verweis-fehlt`, each to a refused row: the lesson table entry GYM/NORD/?/GYM10
///   names subject 4, employment 4 and note 5 teacher 4, employment 5 school year 3.
pub const REFUSED: &str = r#"
INSERT INTO pensen.calculation_mode (id, code, description) VALUES (7, 'stunden', 'Stunden');
INSERT INTO pensen.school_year (id, archived, code, finalised, graduation_year, description, weeks, calculation_mode_id) VALUES
    (3, false, NULL, false, 2029, 'Ohne Code', 38, 3), (4, false, '  ', false, 2030, 'Leerer Code', 38, 3),
    (5, false, '27/28', true, 2028, NULL, 38, 7);
INSERT INTO pensen.weekly_lessons (school_year_id, payroll_type_id, lessons) VALUES (5, 1, 'Infinity');
INSERT INTO pensen.teacher (id, archived, code, title, first_name, last_name, email, birthday, employee_number, gender_id) VALUES
    (3, false, 'ABC', NULL, 'Albert', 'Bach', NULL, NULL, NULL, 2),
    (4, false, 'nn', NULL, '  ', 'Niemand', NULL, NULL, NULL, 2),
    (5, false, NULL, NULL, 'Nora', NULL, NULL, NULL, NULL, 1);
INSERT INTO pensen.subject (id, archived, code, cross_class, description, category_id, type_id, evento_code, sort_order) VALUES
    (3, false, 'X', false, 'Ohne Fachgebiet', NULL, 1, NULL, 0),
    (4, false, NULL, false, 'Ohne Code', 1, 1, NULL, 0),
    (5, false, ' ', false, 'Leerer Code', NULL, 1, NULL, 0);
INSERT INTO pensen.lesson_table_entry (curriculum_id, division_id, subject_id, grade_id, type_id, lessons1, lessons2) VALUES
    (1, 1, 4, 1, 3, 2, 2);
INSERT INTO pensen.school_class (id, archived, code, graduation_year, curriculum_id, division_id) VALUES
    (2, false, NULL, 2027, 1, 1), (3, false, '  ', 2027, 1, 1);
INSERT INTO pensen.employment (id, teacher_id, school_year_id, division_id, employment_min, employment_max, opening_balance,
                               closing_balance, payment1, payment2, comments, temporary) VALUES
    (4, 4, 2, 1, NULL, NULL, 0, 0, 10, 10, NULL, false),
    (5, 1, 3, 1, NULL, NULL, 0, 0, 10, 10, NULL, false),
    (6, 1, 5, 1, NULL, NULL, '-Infinity', 'NaN', 1e30, 10, NULL, false);
INSERT INTO pensen.course (id, cancelled, comments, grade_id, lessons1, lessons2, school_class_ids, school_year_id, cross_class,
                           subject_id, teacher_ids1, teacher_ids2, curriculum_id) VALUES
    (3, false, NULL, 2, 1, 1, '{1}', 1, false, 2, '{2}', '{}', 1);
INSERT INTO pensen.pool_entry (id, teacher_id, school_year_id, description, percent1, percent2, type_id) VALUES
    (2, 2, 1, 'Ohne Anstellung', 1, 1, 1);
INSERT INTO pensen.posting (id, teacher_id, school_year_id, description, start_date, end_date) VALUES
    (2, 1, 2, 'Ohne Beginn', NULL, '2026-11-01');
INSERT INTO pensen.note (id, teacher_id, text, created_by, created_on) VALUES
    (2, 1, NULL, 'rektorat@schule.example', '2026-05-13 08:00:00'),
    (3, 1, '   ', 'rektorat@schule.example', '2026-05-14 08:00:00'),
    (4, 1, 'Ohne Zeit', 'rektorat@schule.example', NULL),
    (5, 4, 'Zur Lehrperson ohne Namen', 'rektorat@schule.example', '2026-05-15 08:00:00');
"#;

/// Course rows the import refuses, on top of [`REFUSED`] (apart, as the
/// command-line test counts the course rows of [`REFUSED`]), by rule:
///
/// - `keine-zahl`: course 4 has NaN lessons in the first semester and 1e20
///   (beyond a 4-place decimal of 64 bits) in the second;
/// - `verweis-fehlt`: course 5 names class 3 (refused), class 97 and teacher
///   99 (neither exists: the id arrays have no foreign key); course 6 names
///   school year 3 and subject 4 (both refused).
pub const REFUSED_COURSES: &str = r#"
INSERT INTO pensen.course (id, cancelled, comments, grade_id, lessons1, lessons2, school_class_ids, school_year_id, cross_class,
                           subject_id, teacher_ids1, teacher_ids2, curriculum_id) VALUES
    (4, false, NULL, 1, 'NaN', 1e20, '{1}', 2, false, 1, '{1}', '{1}', 1),
    (5, false, NULL, 1, 1, 1, '{3,97}', 2, false, 1, '{1}', '{99}', 1),
    (6, false, NULL, 1, 1, 1, '{1}', 3, false, 4, '{}', '{}', 1);
"#;

/// An account schoolplan cannot create, on top of [`SMALL_SCHOOL`] (apart from
/// [`REFUSED`]: accounts are created only once the school passed every other
/// rule), by rule:
///
/// - `konto`: account 4 `Rektorat@Schule.example` is account 2's name
///   (`rektorat@schule.example`) in other case; the Pensenmanager's names are
///   unique with case, schoolplan's without.
pub const KONTO: &str = r#"
INSERT INTO pensen.account (id, name, edit_allowed, grant_allowed) VALUES (4, 'Rektorat@Schule.example', true, false);
"#;
