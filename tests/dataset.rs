//! The dataset format: import, export, the demo school.
//!
//! Runs on SQLite, and on PostgreSQL when `TEST_DATABASE_URL` is set (one
//! throwaway schema per store, as in the HTTP suite).

use schoolplan::dataset::{self, Dataset, DatasetError};
use schoolplan::demo;
use schoolplan::store::Store;

#[allow(dead_code)]
#[path = "api/helpers.rs"]
mod helpers;

use helpers::fresh_store;

async fn is_empty(store: &Store) -> bool {
    store.conn().await.unwrap().nonempty_tables().await.unwrap().is_empty()
}

/// A small school touching every resource and field (binaries, nulls, decimals,
/// merged and cross-class courses, locked years, the workload side with frozen
/// balances), in canonical order.
fn small_school() -> Dataset {
    let png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
    let text = format!(
        r#"{{
  "format": "schoolplan-dataset",
  "version": 1,
  "grades": [{{"code": "GYM1", "description": "Gymnasium 1", "payrollType": "G1", "classLessonPayrollType": null}},
             {{"code": "GYM2", "description": "Gymnasium 2", "payrollType": "G2", "classLessonPayrollType": "GK"}}],
  "subjectCategories": [{{"code": "BIO", "description": "Biologie"}}, {{"code": "DEU", "description": "Deutsch"}},
                        {{"code": "UEB", "description": "Überfachlich", "archived": true}}],
  "subjectTypes": [{{"code": "GF", "description": "Grundlagenfach"}}, {{"code": "SF", "description": "Schwerpunktfach"}},
                   {{"code": "XF", "description": "Ausgelaufen", "archived": true}}],
  "genders": [{{"code": "m", "description": "männlich"}}, {{"code": "w", "description": "weiblich"}}],
  "payrollTypes": [
    {{"code": "G1", "description": "Unterricht GYM1", "lessonBased": true, "saldoResolvingOrder": 2, "ipbCorrectionAllowed": false}},
    {{"code": "G2", "description": "Unterricht GYM2-4", "lessonBased": true, "saldoResolvingOrder": 1, "ipbCorrectionAllowed": true}},
    {{"code": "GK", "description": "Klassenstunde", "lessonBased": true, "saldoResolvingOrder": 50, "ipbCorrectionAllowed": false}},
    {{"code": "PS", "description": "Schulpool", "lessonBased": false, "saldoResolvingOrder": 101, "ipbCorrectionAllowed": false}}
  ],
  "poolTypes": [{{"code": "S", "description": "Schulpool", "payrollType": "PS", "autoCopy": true}}],
  "postingTypes": [
    {{"code": "L", "description": "Einzellektionen", "payrollType": "G2", "percent": false}},
    {{"code": "P", "description": "Prozent", "payrollType": "PS", "percent": true}}
  ],
  "thesisTypes": [{{"code": "MA", "description": "Maturaarbeit", "payrollType": "G2", "percent": 0.5}}],
  "curricula": [{{"code": "GYM 17", "description": "Gymnasium", "archived": false, "grades": ["GYM1", "GYM2"]}}],
  "divisions": [
    {{"code": "NORD", "description": "Gymnasium Nord", "headName": "Eva Muster", "headTitle": "Rektorin", "grouping": "GYM",
      "headSignature": {{"fileName": "sig.png", "mimeType": "image/png", "data": "{png}"}}, "logo": null}},
    {{"code": "SUED", "description": "Gymnasium Süd", "headName": null, "headSignature": null,
      "logo": {{"fileName": null, "mimeType": "image/png", "data": "{png}"}}}}
  ],
  "schoolYears": [
    {{"code": "25/26", "description": "Schuljahr 2025/26", "graduationYear": 2026, "weeks": 38, "calculationMode": "percentAgeReliefIncluded",
      "smallGroupSurcharge": 2, "weeklyLessons": {{"G1": 28, "G2": 23}}, "showIpbBalances": false, "finalised": true, "archived": false}},
    {{"code": "26/27", "description": "Schuljahr 2026/27", "graduationYear": 2027, "weeks": 39, "calculationMode": "lessons2",
      "smallGroupSurcharge": 2.5, "weeklyLessons": {{"G1": 28, "G2": 23, "GK": 20}}, "showIpbBalances": true, "finalised": false, "archived": false}}
  ],
  "subjects": [
    {{"code": "D", "description": "Deutsch", "category": "DEU", "type": "GF", "crossClass": false, "externalCode": "GF-D", "archived": false}},
    {{"code": "ICT", "description": "Informatik (alt)", "category": "UEB", "type": "GF", "crossClass": false, "externalCode": null, "archived": true}},
    {{"code": "KL", "description": "Klassenstunde", "category": "UEB", "type": "GF", "crossClass": false, "externalCode": null, "archived": false, "classLesson": true}},
    {{"code": "SF B", "description": "Schwerpunktfach Biologie", "category": "BIO", "type": "SF", "crossClass": true, "externalCode": null, "archived": false}}
  ],
  "teachers": [
    {{"code": "abc", "firstName": "Anna", "lastName": "Bühler", "email": "anna.buehler@kanti-demo.example", "birthday": "1980-02-29",
      "employeeNumber": "100001", "title": "Dr.", "departments": ["DEU", "BIO"], "archived": false, "gender": "w"}},
    {{"code": "old", "firstName": "Olga", "lastName": "Oldenburg", "email": null, "birthday": null,
      "employeeNumber": null, "title": null, "departments": [], "archived": true}},
    {{"code": "xyz", "firstName": "Xaver", "lastName": "Zürcher", "email": "x@kanti-demo.example", "birthday": "1990-12-31",
      "employeeNumber": "7", "title": null, "departments": ["BIO"], "archived": false}}
  ],
  "schoolClasses": [
    {{"code": "G27a", "curriculum": "GYM 17", "division": "NORD", "graduationYear": 2027, "archived": false}},
    {{"code": "G27b", "curriculum": "GYM 17", "division": "SUED", "graduationYear": 2027, "archived": false}},
    {{"code": "G28a", "curriculum": "GYM 17", "division": "NORD", "graduationYear": 2028, "archived": false}}
  ],
  "employments": [
    {{"teacher": "abc", "schoolYear": "25/26", "division": "NORD", "employmentMin": 50, "employmentMax": 70,
      "payment1": 57.5, "payment2": 61.25, "temporary": false, "comments": "Bildungsurlaub im 2. Semester",
      "initialBalance": -2.5, "frozenOpeningBalance": "-2.5", "frozenClosingBalance": "-12.3456789012345"}},
    {{"teacher": "xyz", "schoolYear": "25/26", "division": "SUED", "employmentMin": null, "employmentMax": null,
      "payment1": null, "payment2": null, "temporary": true, "comments": null}},
    {{"teacher": "abc", "schoolYear": "26/27", "division": "NORD", "employmentMin": 0, "employmentMax": 100,
      "payment1": 33.3333, "payment2": 0, "temporary": false, "comments": null}}
  ],
  "courses": [
    {{"schoolYear": "25/26", "subject": "D", "grade": "GYM1", "curriculum": "GYM 17", "schoolClasses": ["G27a", "G27b"],
      "teachers1": ["abc", "xyz"], "teachers2": ["xyz"], "lessons1": 2.5, "lessons2": 3.2, "cancelled": false, "comments": "zusammengelegt"}},
    {{"schoolYear": "25/26", "subject": "SF B", "grade": "GYM1", "curriculum": "GYM 17", "schoolClasses": [],
      "teachers1": [], "teachers2": [], "lessons1": 0, "lessons2": 4, "cancelled": true, "comments": null}},
    {{"schoolYear": "26/27", "subject": "D", "grade": "GYM1", "curriculum": "GYM 17", "schoolClasses": ["G28a"],
      "teachers1": ["abc"], "teachers2": ["abc"], "lessons1": 4, "lessons2": 4, "cancelled": false, "comments": null,
      "smallGroup1": true, "smallGroup2": false}},
    {{"schoolYear": "26/27", "subject": "KL", "grade": "GYM2", "curriculum": "GYM 17", "schoolClasses": ["G27b"],
      "teachers1": [], "teachers2": [], "lessons1": 1, "lessons2": 1.3333, "cancelled": false, "comments": null}},
    {{"schoolYear": "26/27", "subject": "SF B", "grade": "GYM2", "curriculum": "GYM 17", "schoolClasses": [],
      "teachers1": ["abc"], "teachers2": [], "lessons1": 4, "lessons2": 0, "cancelled": false, "comments": "Gruppe 1"}},
    {{"schoolYear": "26/27", "subject": "SF B", "grade": "GYM2", "curriculum": "GYM 17", "schoolClasses": [],
      "teachers1": [], "teachers2": ["abc"], "lessons1": 4, "lessons2": 4, "cancelled": false, "comments": "Gruppe 2"}}
  ],
  "poolEntries": [
    {{"schoolYear": "25/26", "teacher": "abc", "type": "S", "description": "Mediothek", "percent1": 2, "percent2": 2.5}},
    {{"schoolYear": "26/27", "teacher": "abc", "type": "S", "description": null, "percent1": 0, "percent2": 1}}
  ],
  "postings": [
    {{"schoolYear": "26/27", "teacher": "abc", "description": "Stellvertretung", "startDate": "2026-10-05", "endDate": "2026-10-09",
      "details": {{"L": 12, "P": -1.5}}}}
  ],
  "theses": [{{"schoolYear": "26/27", "teacher": "abc", "counts": {{"MA": 3}}}}],
  "notes": [{{"teacher": "abc", "text": "Wünscht ein tieferes Pensum.", "createdBy": "alice", "creationDate": "2026-05-04T08:00:00.000000Z"}}]
}}
"#
    );
    let ds = Dataset::from_json(&text).expect("the small school parses");
    let mut canonical = ds.clone();
    canonical.canonicalize();
    assert_eq!(canonical, ds, "the small school is written in canonical order");
    ds
}

async fn round_trip(original: &Dataset) {
    let (first, _d1) = fresh_store().await;
    let counts = dataset::import(&first, original).await.expect("import");
    assert_eq!(counts.courses, original.courses.len());
    let exported = dataset::export(&first).await.expect("export").to_json();
    assert_eq!(exported, original.to_json(), "import then export gives the file back");

    let (second, _d2) = fresh_store().await;
    dataset::import(&second, &Dataset::from_json(&exported).unwrap()).await.expect("import of the export");
    let again = dataset::export(&second).await.expect("export").to_json();
    assert!(again == exported, "export → import → export is byte-identical");
    first.close().await;
    second.close().await;
}

/// On PostgreSQL the import leaves the planner statistics of what it loaded
/// (`Store::analyze`; without them a year's courses are planned as a dozen).
/// SQLite keeps none: nothing to check there.
#[tokio::test]
async fn import_refreshes_the_planner_statistics_on_postgres() {
    let (store, _dir) = fresh_store().await;
    dataset::import(&store, &small_school()).await.expect("import");
    if let schoolplan::store::PoolRef::Postgres(p) = store.pool() {
        let analysed: Vec<String> = sqlx::query_scalar(
            "SELECT relname FROM pg_stat_user_tables WHERE schemaname = current_schema() \
             AND relname IN ('course', 'course_class', 'course_teacher') AND last_analyze IS NOT NULL ORDER BY relname",
        )
        .fetch_all(p)
        .await
        .expect("statistics");
        assert_eq!(analysed, ["course", "course_class", "course_teacher"], "the import analysed the course tables");
    }
    store.close().await;
}

#[tokio::test]
async fn small_school_round_trip_is_byte_identical() {
    round_trip(&small_school()).await;
}

#[tokio::test]
async fn demo_school_round_trip_is_byte_identical() {
    round_trip(&demo::generate(1)).await;
}

#[test]
fn shipped_demo_file_is_the_generator_output() {
    let shipped = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/demo-school.json")).unwrap();
    assert!(
        shipped == demo::generate(1).to_json(),
        "data/demo-school.json differs from the generator; regenerate it with `cargo run -- demo-dataset data/demo-school.json`"
    );
    assert_eq!(demo::shipped_dataset().unwrap(), demo::generate(1));
}

#[tokio::test]
async fn import_refuses_a_non_empty_database() {
    let (store, _dir) = fresh_store().await;
    let ds = small_school();
    dataset::import(&store, &ds).await.unwrap();
    let err = dataset::import(&store, &ds).await.unwrap_err();
    assert!(matches!(err, DatasetError::NotEmpty { .. }), "{err}");
    let msg = err.to_string();
    assert!(msg.contains("not empty") && msg.contains("3 teachers"), "{msg}");
}

/// Imports `ds`, expects a failure naming `record` with rule `code`, and an untouched database.
async fn expect_rejected(ds: &Dataset, record: &str, code: &str) -> String {
    let (store, _dir) = fresh_store().await;
    let err = dataset::import(&store, ds).await.expect_err("the import must fail");
    let msg = err.to_string();
    assert_eq!(err.record(), Some(record), "{msg}");
    assert_eq!(err.code().as_str(), code, "{msg}");
    assert!(msg.starts_with(record) && msg.contains(code), "{msg}");
    assert!(is_empty(&store).await, "nothing may be imported after: {msg}");
    msg
}

#[tokio::test]
async fn a_bad_email_imports_nothing() {
    let mut ds = demo::generate(1);
    ds.teachers[17].email = Some("not an address".into());
    let record = format!("teachers[17] (code \"{}\")", ds.teachers[17].code);
    let msg = expect_rejected(&ds, &record, "invalid_email").await;
    assert!(msg.contains("/email"), "{msg}");
}

#[tokio::test]
async fn an_unknown_code_reference_imports_nothing() {
    let mut ds = small_school();
    ds.courses[2].teachers1 = vec!["abc".into(), "nobody".into()];
    let msg = expect_rejected(
        &ds,
        "courses[2] (school year \"26/27\", subject \"D\", grade \"GYM1\", classes G28a)",
        "unknown_reference",
    )
    .await;
    assert!(msg.contains("/teachers1/1") && msg.contains("no teacher with code \"nobody\""), "{msg}");

    let mut ds = small_school();
    ds.school_classes[1].division = "WEST".into();
    expect_rejected(&ds, "schoolClasses[1] (code \"G27b\")", "unknown_reference").await;
}

#[tokio::test]
async fn a_duplicate_code_imports_nothing() {
    let mut ds = small_school();
    ds.subjects[2].code = " d ".into();
    expect_rejected(&ds, "subjects[2] (code \" d \")", "duplicate_code").await;
}

#[tokio::test]
async fn course_rules_apply_on_import() {
    // A teacher without an employment in the year.
    let mut ds = small_school();
    ds.courses[2].teachers2 = vec!["xyz".into()];
    expect_rejected(
        &ds,
        "courses[2] (school year \"26/27\", subject \"D\", grade \"GYM1\", classes G28a)",
        "teacher_not_employed",
    )
    .await;
    // A class-based course whose class has another grade.
    let mut ds = small_school();
    ds.courses[2].school_classes = vec!["G27a".into()];
    let record = "courses[2] (school year \"26/27\", subject \"D\", grade \"GYM1\", classes G27a)";
    let (store, _dir) = fresh_store().await;
    let err = dataset::import(&store, &ds).await.unwrap_err();
    assert_eq!(err.record(), Some(record), "{err}");
    assert!(is_empty(&store).await);
}

#[tokio::test]
async fn a_value_out_of_range_imports_nothing() {
    let mut ds = small_school();
    ds.school_years[1].weeks = 60;
    let msg = expect_rejected(&ds, "schoolYears[1] (code \"26/27\")", "out_of_range").await;
    assert!(msg.contains("/weeks"), "{msg}");
}

#[test]
fn malformed_files_name_the_problem() {
    let err = Dataset::from_json("{").unwrap_err().to_string();
    assert!(err.contains("not valid JSON"), "{err}");
    let err = Dataset::from_json(r#"{"format": "schoolplan-dataset", "version": 1, "teachers": {}}"#)
        .unwrap_err()
        .to_string();
    assert!(err.contains("`teachers` must be a list"), "{err}");
    let err =
        Dataset::from_json(r#"{"format": "schoolplan-dataset", "version": 1, "extra": []}"#).unwrap_err().to_string();
    assert!(err.contains("unknown member `extra`"), "{err}");
    let err = Dataset::from_json(
        r#"{"format": "schoolplan-dataset", "version": 1, "grades": [{"code": "A", "description": "a", "colour": "red"}]}"#,
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("grades[0] (code \"A\")") && err.contains("colour"), "{err}");
}

/// The command line on SQLite: `import`, `export` and `serve --demo` on a non-empty database.
#[tokio::test]
async fn command_line_import_export_and_demo_refusal() {
    use clap::Parser as _;
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("cli.db").display());
    let shipped = dir.path().join("in.json");
    let out = dir.path().join("out.json");
    std::fs::write(&shipped, small_school().to_json()).unwrap();
    let run = |args: &[&str]| {
        let mut argv = vec!["schoolplan", "--database", db.as_str()];
        argv.extend_from_slice(args);
        schoolplan::cli::run(schoolplan::cli::Cli::try_parse_from(argv).expect("arguments parse"))
    };
    run(&["migrate"]).await.expect("migrate creates the database");
    run(&["import", shipped.to_str().unwrap()]).await.expect("import");
    run(&["export", out.to_str().unwrap()]).await.expect("export");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), small_school().to_json());
    let err = run(&["serve", "--demo", "--listen", "127.0.0.1:0"]).await.expect_err("a non-empty database is refused");
    let msg = format!("{err:#}");
    assert!(msg.contains("cannot load the demo school") && msg.contains("not empty"), "{msg}");
    let err = run(&["import", shipped.to_str().unwrap()]).await.expect_err("a second import is refused");
    assert!(format!("{err:#}").contains("not empty"));
}

/// Export reads with a fixed number of statements, whatever the size of the school.
#[tokio::test]
async fn export_costs_a_fixed_number_of_statements() {
    let mut counts = Vec::new();
    for ds in [small_school(), demo::generate(1)] {
        let (store, _dir) = fresh_store().await;
        dataset::import(&store, &ds).await.unwrap();
        let before = store.statement_count();
        dataset::export(&store).await.unwrap();
        counts.push(store.statement_count() - before);
        store.close().await;
    }
    assert_eq!(counts[0], counts[1], "statements of a small and the demo school export");
    assert!(counts[0] <= 32, "{counts:?}");
}

/// The demo school's plan check: the open year 26/27 yields a handful of
/// realistic findings on purpose (a few open lessons, two teachers off their
/// payment target) and no errors; the freshly opened 27/28 has no errors either.
#[tokio::test]
async fn demo_plan_check_has_a_handful_of_findings() {
    let (store, _dir) = fresh_store().await;
    schoolplan::dataset::import(&store, &schoolplan::demo::shipped_dataset().unwrap()).await.unwrap();
    let mut conn = store.conn().await.unwrap();
    let years = conn.list_school_years(None).await.unwrap();
    let year = |code: &str| years.iter().find(|y| y.code == code).unwrap().id;
    let findings = schoolplan::service::check::check_plan(&mut conn, year("26/27")).await.unwrap();
    let count = |code: &str| findings.iter().filter(|f| f.code == code).count();
    for f in &findings {
        println!("{:?} {} {}", f.severity, f.code, f.detail);
    }
    assert!(findings.iter().all(|f| f.severity == schoolplan::domain::check::Severity::Warning));
    assert!((1..=15).contains(&count("open_lessons")), "{} open lessons", count("open_lessons"));
    assert_eq!(count("workload_deviation"), 2);
    let opened = schoolplan::service::check::check_plan(&mut conn, year("27/28")).await.unwrap();
    assert!(opened.iter().all(|f| f.severity == schoolplan::domain::check::Severity::Warning));
    assert!(opened.iter().any(|f| f.code == "open_lessons"), "start courses wait for their teachers");
}

/// Lesson table records are loaded by the rules of `PUT /lessontable`: one bad
/// record imports nothing and is named.
#[tokio::test]
async fn a_bad_lesson_table_record_imports_nothing() {
    use schoolplan::dataset::LessonTableRecord;
    use schoolplan::domain::fixed::Fixed;
    let record = |division: Option<&str>, subject: &str, grade: &str| LessonTableRecord {
        curriculum: "GYM 17".into(),
        division: division.map(Into::into),
        subject: subject.into(),
        grade: grade.into(),
        kind: "start".into(),
        lessons1: Fixed::units(4),
        lessons2: Fixed::units(4),
    };
    let mut ds = small_school();
    ds.lesson_table = vec![record(Some("NORD"), "D", "GYM1"), record(None, "D", "GYM2")];
    expect_rejected(&ds, "lessonTable[1] (curriculum \"GYM 17\", subject \"D\", grade \"GYM2\")", "lesson_table_side")
        .await;
    let mut ds = small_school();
    ds.lesson_table = vec![record(Some("NORD"), "D", "GYM1"), record(Some("NORD"), "D", "FMS9")];
    expect_rejected(
        &ds,
        "lessonTable[1] (curriculum \"GYM 17\", division \"NORD\", subject \"D\", grade \"FMS9\")",
        "unknown_reference",
    )
    .await;
    let mut ds = small_school();
    ds.lesson_table = vec![record(None, "SF B", "GYM1"), record(None, "SF B", "GYM1")];
    expect_rejected(&ds, "lessonTable[0] (curriculum \"GYM 17\", subject \"SF B\", grade \"GYM1\")", "duplicate_entry")
        .await;
}

/// Teachers in single form are read in a batch (the exports' Lehrerliste and
/// Pensenmeldung): two statements for a few teachers or all of the demo's,
/// in the order asked, each equal to what `get_teacher` reads.
#[tokio::test]
async fn teachers_are_read_in_a_batch() {
    let (store, _dir) = fresh_store().await;
    dataset::import(&store, &demo::generate(1)).await.unwrap();
    let mut conn = store.conn().await.unwrap();
    let all: Vec<_> = conn.list_teachers(Default::default()).await.unwrap().into_iter().map(|t| t.id).collect();
    assert!(all.len() > 100, "the demo has its teachers");
    let mut cost = Vec::new();
    for ids in [&all[..3], &all[..]] {
        let reversed: Vec<_> = ids.iter().rev().copied().collect();
        let before = store.statement_count();
        let teachers = conn.teachers_by_ids(&reversed).await.unwrap();
        cost.push(store.statement_count() - before);
        assert_eq!(teachers.iter().map(|t| t.id).collect::<Vec<_>>(), reversed);
        for t in teachers.iter().take(5) {
            assert_eq!(Some(t), conn.get_teacher(t.id).await.unwrap().as_ref());
        }
    }
    assert_eq!(cost, [2, 2]);
}

// The trial load (docs/migration.md §Before the move): every record that
// breaks a rule is named, those only the database keeps among them, and
// nothing that only follows from another.

/// A school of two years and four teachers; `broken` breaks one rule of
/// each kind the trial names, and one record that depends on a broken one.
fn trial_school(broken: bool) -> Dataset {
    let (payment1, second_code, employed, mode, pooled) =
        if broken { (150, "ABC", "nobody", "hours", "ghi") } else { (50, "xyz", "xyz", "percent", "xyz") };
    Dataset::from_json(&format!(
        r#"{{"format": "schoolplan-dataset", "version": 1,
            "payrollTypes": [{{"code": "G", "description": "Unterricht", "lessonBased": true, "saldoResolvingOrder": 1}}],
            "poolTypes": [{{"code": "POOL", "description": "Pool", "payrollType": "G"}}],
            "divisions": [{{"code": "NORD", "description": "Gymnasium Nord"}}],
            "schoolYears": [{{"code": "26/27", "description": "2026/27", "graduationYear": 2027, "weeks": 38,
                              "calculationMode": "percent", "weeklyLessons": {{"G": 23}}}},
                            {{"code": "27/28", "description": "2027/28", "graduationYear": 2028, "weeks": 38,
                              "calculationMode": "{mode}", "weeklyLessons": {{"G": 23}}}}],
            "teachers": [{{"code": "abc", "firstName": "Anna", "lastName": "Bühler"}},
                         {{"code": "{second_code}", "firstName": "Xaver", "lastName": "Zaugg"}},
                         {{"code": "def", "firstName": "Dora", "lastName": "Eicher"}},
                         {{"code": "ghi", "firstName": "Gina", "lastName": "Hess"}}],
            "employments": [{{"teacher": "abc", "schoolYear": "26/27", "division": "NORD", "payment1": {payment1}}},
                            {{"teacher": "{employed}", "schoolYear": "26/27", "division": "NORD", "payment1": 10}},
                            {{"teacher": "def", "schoolYear": "26/27", "division": "NORD", "payment1": 10}}],
            "poolEntries": [{{"schoolYear": "26/27", "teacher": "def", "type": "POOL", "percent1": 2}},
                            {{"schoolYear": "26/27", "teacher": "{pooled}", "type": "POOL", "percent1": 2}}],
            "postings": [{{"schoolYear": "26/27", "teacher": "abc", "startDate": "2026-10-05", "endDate": "2026-10-18"}}]}}"#
    ))
    .unwrap()
}

#[tokio::test]
async fn the_trial_names_every_record_that_breaks_a_rule_and_nothing_that_follows_from_one() {
    let (store, _dir) = fresh_store().await;
    let mut tx = store.begin().await.unwrap();
    let found = dataset::trial(&mut tx, &trial_school(false), &Default::default()).await.unwrap();
    assert!(found.is_empty(), "{found:?}");
    assert_eq!(tx.list_teachers(Default::default()).await.unwrap().len(), 4, "a clean trial loads everything");
    drop(tx);

    let mut tx = store.begin().await.unwrap();
    let problems = dataset::trial(&mut tx, &trial_school(true), &Default::default()).await.unwrap();
    let named: Vec<(&str, &str)> = problems.iter().map(|e| (e.record().unwrap_or("?"), e.code().as_str())).collect();
    // The unknown mode (parsing), the code taken twice (the database), the
    // payment above 100 % (parsing), the unknown teacher (a code of the
    // file), the pool entry of a teacher without an employment (the
    // database). The posting of `abc`, whose employment was refused, is
    // not named.
    let expected = [
        ("schoolYears[1]", "invalid_dataset"),
        ("teachers[1]", "duplicate_code"),
        ("employments[0]", "out_of_range"),
        ("employments[1]", "unknown_reference"),
        ("poolEntries[1]", "teacher_not_employed"),
    ];
    assert_eq!(named.len(), expected.len(), "{problems:#?}");
    for ((record, code), (prefix, want)) in named.iter().zip(expected) {
        assert!(record.starts_with(prefix), "{record} is not {prefix}: {problems:#?}");
        assert_eq!(*code, want, "{record}: {problems:#?}");
    }
    // The refused records are undone, the rest stays for the trial's end.
    assert_eq!(tx.list_teachers(Default::default()).await.unwrap().len(), 3);
    drop(tx);

    // Records the caller names itself are left out unnamed.
    let broken = trial_school(true);
    let skip = broken.labels_of(&[
        ("employments", serde_json::to_value(&broken.employments[1]).unwrap()),
        ("poolEntries", serde_json::to_value(&broken.pool_entries[1]).unwrap()),
    ]);
    assert_eq!(skip.len(), 2, "{skip:?}");
    let mut tx = store.begin().await.unwrap();
    let problems = dataset::trial(&mut tx, &broken, &skip).await.unwrap();
    let records: Vec<&str> = problems.iter().filter_map(DatasetError::record).collect();
    assert_eq!(records.len(), 3, "{problems:#?}");
    for (record, prefix) in records.iter().zip(["schoolYears[1]", "teachers[1]", "employments[0]"]) {
        assert!(record.starts_with(prefix), "{record} is not {prefix}: {problems:#?}");
    }
}
