//! Hand-made rows: every repair and refusal, the dry run, a 3.8 source, the
//! 3.10 mode alias, stale stored balances in the reconciliation, and broken
//! connections.

use std::str::FromStr as _;

use rust_decimal::Decimal;
use schoolplan::auth::Role;

use super::fixture::{KONTO, REFUSED, REFUSED_COURSES, SMALL_SCHOOL};
use super::*;

#[tokio::test]
async fn repairs_are_applied_and_reported() {
    let Some(admin) = pg_url("repairs_are_applied_and_reported") else { return };
    let p = PensenDb::create(&admin, Version::V3_11).await;
    p.sql(SMALL_SCHOOL).await;
    p.sql(
        "UPDATE pensen.school_year SET small_group_surcharge = 2.5, show_ipb_balances = false WHERE id = 2;
           UPDATE pensen.course SET small_group2 = true WHERE id = 2;",
    )
    .await;
    let s = store().await;
    let report = import(&s, &p.url, false).await.unwrap();
    assert!(report.written, "{}", report.to_text());
    let applied = rules(&report);
    for rule in [
        "kuerzel-abgeleitet",
        "email-ungueltig",
        "zahl-gerundet",
        "modus-alias-3-10",
        "bild-weder-png-noch-jpeg",
        "anrede-nicht-uebernommen",
        "stufe-archiviert-nicht-uebernommen",
        "reihenfolge-nach-code",
        "sortierung-nicht-uebernommen",
        "bezeichnung-aus-code",
        "buchung-null-weggelassen",
        "stufen-natuerlich-geordnet",
    ] {
        assert!(applied.contains_key(rule), "rule {rule} not reported: {}", report.to_text());
    }
    let rounded = report.changes.iter().find(|c| c.rule == "zahl-gerundet" && c.column == "lessons1").unwrap();
    assert_eq!((rounded.table.as_str(), rounded.row.as_str()), ("course", "id 2"));
    assert_eq!((rounded.old.as_deref(), rounded.new.as_deref()), (Some("2.33333"), Some("2.3333")));
    let email = report.changes.iter().find(|c| c.rule == "email-ungueltig").unwrap();
    assert_eq!((email.old.as_deref(), email.new.as_deref()), (Some("kein-mail"), None));
    // Rows read and written; the `noLessons` cell is read and not stored.
    assert_eq!((report.tables["course"].read, report.tables["course"].written), (2, 2));
    assert_eq!((report.tables["lesson_table_entry"].read, report.tables["lesson_table_entry"].written), (2, 1));

    let ds = school(&s).await;
    let derived = ds.teachers.iter().find(|t| t.last_name == "Müller").unwrap();
    assert_eq!(derived.code, applied_new(&report, "kuerzel-abgeleitet"));
    assert_eq!(derived.email, None);
    assert!(ds.notes.iter().any(|n| n.teacher == derived.code && n.created_by == pensenmanager::IMPORT_AUTHOR));
    let y2627 = ds.school_years.iter().find(|y| y.code == "26/27").unwrap();
    assert_eq!(y2627.calculation_mode.as_deref(), Some("lessons2AgeReliefIncluded"));
    assert_eq!(y2627.small_group_surcharge.to_string(), "2.5");
    assert!(!y2627.show_ipb_balances);
    let y2526 = ds.school_years.iter().find(|y| y.code == "25/26").unwrap();
    assert_eq!(y2526.description, "25/26");
    assert!(y2526.finalised);
    assert_eq!(ds.curricula[0].grades, ["GYM2", "GYM10"]);
    assert!(ds.divisions[0].logo.is_none());
    let course = ds.courses.iter().find(|c| c.school_year == "26/27").unwrap();
    assert_eq!(course.lessons1.to_string(), "2.3333");
    assert!(course.small_group2 && !course.small_group1);
    assert_eq!(course.teachers2, std::slice::from_ref(&derived.code));
    assert_eq!(ds.postings[0].details.len(), 1);
    assert!(ds.subjects.iter().find(|s| s.code == "KL").unwrap().class_lesson);
    // Notes: Swiss summer time 11:38 is 09:38 UTC.
    let note = ds.notes.iter().find(|n| n.teacher == "abc").unwrap();
    assert_eq!(
        (note.created_by.as_str(), note.creation_date.as_str()),
        ("rektorat@schule.example", "2026-05-12T09:38:00.000000Z")
    );
    // Balances: the first employment's opening balance is the initial
    // balance; the locked year keeps the stored ones as frozen history.
    let e = |year: &str| ds.employments.iter().find(|e| e.teacher == "abc" && e.school_year == year).unwrap();
    assert_eq!(e("25/26").initial_balance.to_string(), "1.5");
    assert_eq!(
        (e("25/26").frozen_opening_balance.as_deref(), e("25/26").frozen_closing_balance.as_deref()),
        (Some("1.5"), Some("9.99"))
    );
    assert_eq!(e("26/27").frozen_closing_balance, None);
    // Accounts: grant ⇒ admin, edit ⇒ planner, else reader; mail settings kept.
    let mut conn = s.conn().await.unwrap();
    let anna = conn.find_account("anna.buehler@schule.example").await.unwrap().unwrap();
    assert_eq!(anna.role, Role::Planner);
    assert_eq!(conn.get_settings(anna.id).await.unwrap().mail_from, "sekretariat@schule.example");
    assert_eq!(conn.find_account("rektorat@schule.example").await.unwrap().unwrap().role, Role::Admin);
    assert_eq!(conn.find_account("gast@schule.example").await.unwrap().unwrap().role, Role::Reader);
    drop(conn);

    // The reconciliation shows the stale stored balances.
    let r2526 = report.reconciliation.iter().find(|y| y.year == "25/26").unwrap();
    assert!(r2526.locked);
    let line = r2526.balances.iter().find(|b| b.teacher == "abc").unwrap();
    assert_eq!(line.stored_closing.as_deref(), Some("9.99"));
    let computed = Decimal::from_str(&line.computed_closing).unwrap();
    assert_eq!(Decimal::from_str(&line.difference).unwrap(), computed - Decimal::from_str("9.99").unwrap());
    assert!(computed != Decimal::from_str("9.99").unwrap());
    assert_eq!((r2526.compared, r2526.agreeing), (1, 0));
    assert!(r2526.summary().contains("0 von 1"), "{}", r2526.summary());
    let r2627 = report.reconciliation.iter().find(|y| y.year == "26/27").unwrap();
    let opening = r2627.openings.iter().find(|o| o.teacher == "abc").expect("the stale opening balance");
    assert_eq!((opening.stored_opening.as_deref(), opening.previous_closing.as_deref()), (Some("7.25"), Some("9.99")));
    assert_eq!(opening.previous_year, "25/26");
    let text = report.to_text();
    assert!(text.contains("Abgleich") && text.contains("7.25"), "{text}");
    assert!(report.to_json().contains("\"reconciliation\""));
}

/// The new value of the first change of `rule`.
fn applied_new(report: &Report, rule: &str) -> String {
    report.changes.iter().find(|c| c.rule == rule).and_then(|c| c.new.clone()).unwrap()
}

/// Every refusal of `report` under `rule`, each row as `table row`, sorted
/// (some rules refuse row by row, others all rows of a table at once).
fn refused_rows(report: &Report, rule: &str) -> Vec<String> {
    let mut rows: Vec<String> = report
        .refusals
        .iter()
        .filter(|r| r.rule == rule)
        .flat_map(|r| r.rows.iter().map(move |row| format!("{} {row}", r.table)))
        .collect();
    rows.sort();
    rows
}

#[tokio::test]
async fn refusals_name_every_row_and_nothing_is_written_also_in_a_dry_run() {
    let Some(admin) = pg_url("refusals_name_every_row_and_nothing_is_written_also_in_a_dry_run") else { return };
    let p = PensenDb::create(&admin, Version::V3_11).await;
    p.sql(SMALL_SCHOOL).await;
    p.sql(REFUSED).await;
    p.sql(REFUSED_COURSES).await;
    for dry_run in [true, false] {
        let s = store().await;
        let report = import(&s, &p.url, dry_run).await.unwrap();
        assert!(!report.written);
        assert!(is_empty(&s).await, "nothing may be written");
        let kept = s.conn().await.unwrap().list_move_reports().await.unwrap();
        assert_eq!(kept.len(), 1, "the refused run is kept for Verwaltung");
        assert_eq!(kept[0].outcome, "refused");
        assert!(s.conn().await.unwrap().find_account("rektorat@schule.example").await.unwrap().is_none());
        let refused = |rule: &str| {
            report
                .refusals
                .iter()
                .find(|r| r.rule == rule)
                .unwrap_or_else(|| panic!("no refusal {rule}: {}", report.to_text()))
                .clone()
        };
        let named = |rule: &str| refused_rows(&report, rule);
        // Every problem at once, each naming its rows, in German.
        let dup = refused("kuerzel-doppelt");
        assert_eq!(dup.rows, ["id 1 (abc)", "id 3 (ABC)"]);
        assert!(dup.reason.contains("Kürzel"));
        assert_eq!(refused("fach-ohne-fachgebiet").rows, ["X"]);
        assert_eq!(refused("kurs-lehrperson-ohne-anstellung").rows, ["id 3 (25/26, mmu)"]);
        let pool = refused("ohne-anstellung");
        assert_eq!((pool.table.as_str(), pool.rows.as_slice()), ("pool_entry", &["id 2".to_string()][..]));
        assert_eq!(named("ohne-anstellung"), ["pool_entry id 2"]);
        assert_eq!(named("lehrperson-ohne-name"), ["teacher id 4 (nn)", "teacher id 5 (ohne Kürzel)"]);
        assert_eq!(named("schuljahr-ohne-code"), ["school_year id 3", "school_year id 4"]);
        assert_eq!(named("unbekannter-modus"), ["school_year 27/28 (Modus stunden)"]);
        assert_eq!(named("fach-ohne-code"), ["subject id 4", "subject id 5"]);
        assert_eq!(named("klasse-ohne-code"), ["school_class id 2", "school_class id 3"]);
        assert_eq!(named("buchung-ohne-beginn"), ["posting id 2"]);
        assert_eq!(named("notiz-leer"), ["note id 2", "note id 3", "note id 4"]);
        assert_eq!(
            named("keine-zahl"),
            [
                "course id 4 (lessons1 = NaN)",
                "course id 4 (lessons2 = 100000000000000000000)",
                "employment 27/28/abc (closing_balance = NaN)",
                "employment 27/28/abc (opening_balance = -inf)",
                "employment 27/28/abc (payment1 = 1000000000000000000000000000000)",
                "weekly_lessons 27/28/G (lessons = inf)",
            ]
        );
        assert_eq!(
            named("verweis-fehlt"),
            [
                "course id 5 (Verweis 3)",
                "course id 5 (Verweis 97)",
                "course id 5 (Verweis 99)",
                "course id 6 (Verweis 3)",
                "course id 6 (Verweis 4)",
                "employment id 4",
                "employment id 5",
                "lesson_table_entry GYM/NORD/?/GYM10 (Verweis 4)",
                "note id 5 (Verweis 4)",
            ]
        );
        // No refusal beyond these: each rule names exactly the rows above.
        let refusing: std::collections::BTreeSet<&str> = report.refusals.iter().map(|r| r.rule.as_str()).collect();
        assert_eq!(
            refusing.into_iter().collect::<Vec<_>>(),
            [
                "buchung-ohne-beginn",
                "fach-ohne-code",
                "fach-ohne-fachgebiet",
                "keine-zahl",
                "klasse-ohne-code",
                "kuerzel-doppelt",
                "kurs-lehrperson-ohne-anstellung",
                "lehrperson-ohne-name",
                "notiz-leer",
                "ohne-anstellung",
                "schuljahr-ohne-code",
                "unbekannter-modus",
                "verweis-fehlt",
            ],
            "{}",
            report.to_text()
        );
        assert!(report.to_text().contains("abgelehnt"), "{}", report.to_text());
    }
}

#[tokio::test]
async fn an_account_schoolplan_cannot_create_is_refused_and_nothing_is_written_also_in_a_dry_run() {
    let Some(admin) = pg_url("an_account_schoolplan_cannot_create_is_refused_and_nothing_is_written_also_in_a_dry_run")
    else {
        return;
    };
    let p = PensenDb::create(&admin, Version::V3_11).await;
    p.sql(SMALL_SCHOOL).await;
    p.sql(KONTO).await;
    let clean = PensenDb::create(&admin, Version::V3_11).await;
    clean.sql(SMALL_SCHOOL).await;
    for dry_run in [true, false] {
        // Two names of the source that are one name in schoolplan; and a name
        // an account made in schoolplan beforehand already has (docs/migration.md
        // §Before the move).
        for (source, taken, expected) in
            [(&p, None, "Rektorat@Schule.example"), (&clean, Some("GAST@schule.example"), "gast@schule.example")]
        {
            let s = store().await;
            if let Some(name) = taken {
                let mut tx = s.begin().await.unwrap();
                tx.create_account(name, Role::Reader).await.unwrap();
                tx.commit().await.unwrap();
            }
            let report = import(&s, &source.url, dry_run).await.unwrap();
            assert!(!report.written);
            assert_eq!(refused_rows(&report, "konto"), [format!("account {expected}")], "{}", report.to_text());
            assert_eq!(report.refusals.len(), 1, "{}", report.to_text());
            assert!(report.refusals[0].reason.contains("nicht anlegbar"), "{}", report.to_text());
            assert!(is_empty(&s).await, "nothing may be written");
            let accounts: Vec<String> =
                s.conn().await.unwrap().list_accounts().await.unwrap().into_iter().map(|a| a.name).collect();
            assert_eq!(accounts, taken.into_iter().map(str::to_string).collect::<Vec<_>>(), "no account is created");
            let kept = s.conn().await.unwrap().list_move_reports().await.unwrap();
            assert_eq!(kept.len(), 1);
            assert_eq!(kept[0].outcome, "refused");
        }
    }
}

#[tokio::test]
async fn a_taken_account_name_refuses_only_that_account() {
    let Some(admin) = pg_url("a_taken_account_name_refuses_only_that_account") else { return };
    let p = PensenDb::create(&admin, Version::V3_11).await;
    p.sql(SMALL_SCHOOL).await;
    let s = store().await;
    let mut tx = s.begin().await.unwrap();
    tx.create_account("ANNA.BUEHLER@schule.example", Role::Reader).await.unwrap();
    tx.commit().await.unwrap();
    let report = import(&s, &p.url, true).await.unwrap();
    assert_eq!(refused_rows(&report, "konto"), ["account anna.buehler@schule.example"], "{}", report.to_text());
}

#[tokio::test]
async fn a_number_too_large_for_four_places_is_refused_not_a_panic() {
    let Some(admin) = pg_url("a_number_too_large_for_four_places_is_refused_not_a_panic") else { return };
    let p = PensenDb::create(&admin, Version::V3_11).await;
    p.sql(SMALL_SCHOOL).await;
    p.sql("UPDATE pensen.course SET lessons1 = 1e25 WHERE id = 2").await;
    let s = store().await;
    let report = import(&s, &p.url, true).await.unwrap();
    assert_eq!(refused_rows(&report, "keine-zahl"), ["course id 2 (lessons1 = 10000000000000000000000000)"]);
}

#[tokio::test]
async fn a_rule_of_schoolplan_refuses_and_nothing_is_written() {
    let Some(admin) = pg_url("a_rule_of_schoolplan_refuses_and_nothing_is_written") else { return };
    let p = PensenDb::create(&admin, Version::V3_11).await;
    p.sql(SMALL_SCHOOL).await;
    p.sql("UPDATE pensen.employment SET payment1 = 150 WHERE id = 3").await;
    let s = store().await;
    let report = import(&s, &p.url, true).await.unwrap();
    assert!(!report.written);
    let r = report.refusals.iter().find(|r| r.table == "(schoolplan)").expect("a refusal by schoolplan's rules");
    assert!(r.rows[0].contains("employments"), "{r:?}");
    assert!(r.reason.contains("payment1"), "{r:?}");
    assert!(is_empty(&s).await);
}

#[tokio::test]
async fn every_record_breaking_a_rule_of_schoolplan_is_named_and_nothing_is_written() {
    let Some(admin) = pg_url("every_record_breaking_a_rule_of_schoolplan_is_named_and_nothing_is_written") else {
        return;
    };
    let p = PensenDb::create(&admin, Version::V3_11).await;
    p.sql(SMALL_SCHOOL).await;
    // Two rows the Pensenmanager allows and schoolplan's API refuses, in two
    // tables: a payment above 100 % and a posting that ends before it begins
    // (docs/migration.md §Before the move).
    p.sql(
        "UPDATE pensen.employment SET payment1 = 150 WHERE id = 3;
           UPDATE pensen.posting SET end_date = '2026-10-01' WHERE id = 1;",
    )
    .await;
    for dry_run in [true, false] {
        let s = store().await;
        let report = import(&s, &p.url, dry_run).await.unwrap();
        assert!(!report.written);
        let by_schoolplan: Vec<_> = report.refusals.iter().filter(|r| r.table == "(schoolplan)").collect();
        assert_eq!(by_schoolplan.len(), 2, "{}", report.to_text());
        assert!(by_schoolplan[0].rows[0].starts_with("employments["), "{:?}", by_schoolplan[0]);
        assert!(by_schoolplan[0].reason.contains("payment1"), "{:?}", by_schoolplan[0]);
        assert!(by_schoolplan[1].rows[0].starts_with("postings[0]"), "{:?}", by_schoolplan[1]);
        assert_eq!(by_schoolplan[1].rule, "date_order", "{:?}", by_schoolplan[1]);
        assert!(by_schoolplan[1].reason.contains("endDate"), "{:?}", by_schoolplan[1]);
        assert_eq!(report.refusals.len(), 2, "{}", report.to_text());
        assert!(is_empty(&s).await, "nothing may be written");
        assert!(s.conn().await.unwrap().list_accounts().await.unwrap().is_empty());
        let kept = s.conn().await.unwrap().list_move_reports().await.unwrap();
        assert_eq!(kept.len(), 1, "the refused run is kept for Verwaltung");
        assert_eq!(kept[0].outcome, "refused");
    }
}

#[tokio::test]
async fn refusals_of_the_move_and_of_schoolplan_and_of_its_database_come_in_one_dry_run() {
    let name = "refusals_of_the_move_and_of_schoolplan_and_of_its_database_come_in_one_dry_run";
    let Some(admin) = pg_url(name) else { return };
    let p = PensenDb::create(&admin, Version::V3_11).await;
    p.sql(SMALL_SCHOOL).await;
    // One refusal of the move's own (subject X has no category), with a
    // course of X that depends on it; a rule of schoolplan's API (a payment
    // above 100 %); one only the database keeps while loading (subject `d`
    // takes the code of `D`, case aside). docs/migration.md §Before the move.
    p.sql(
        "INSERT INTO pensen.subject (id, archived, code, cross_class, description, category_id, type_id, evento_code, sort_order)
             VALUES (3, false, 'X', false, 'Ohne Fachgebiet', NULL, 1, NULL, 0),
                    (4, false, 'd', false, 'Deutsch doppelt', 1, 1, NULL, 0);
         INSERT INTO pensen.course (id, cancelled, comments, grade_id, lessons1, lessons2, school_class_ids, school_year_id,
                                    cross_class, subject_id, teacher_ids1, teacher_ids2, curriculum_id)
             VALUES (7, false, NULL, 1, 2, 2, '{1}', 2, false, 3, '{1}', '{}', 1);
         UPDATE pensen.employment SET payment1 = 150 WHERE id = 3;",
    )
    .await;
    let s = store().await;
    let report = import(&s, &p.url, true).await.unwrap();
    assert!(!report.written);
    assert_eq!(refused_rows(&report, "fach-ohne-fachgebiet"), ["subject X"], "{}", report.to_text());
    let by_schoolplan: Vec<(&str, &str)> = report
        .refusals
        .iter()
        .filter(|r| r.table == "(schoolplan)")
        .map(|r| (r.rows[0].as_str(), r.rule.as_str()))
        .collect();
    assert_eq!(by_schoolplan.len(), 2, "{}", report.to_text());
    assert!(by_schoolplan[0].0.starts_with("subjects[") && by_schoolplan[0].0.contains("\"d\""), "{by_schoolplan:?}");
    assert_eq!(by_schoolplan[0].1, "duplicate_code", "{by_schoolplan:?}");
    assert!(by_schoolplan[1].0.starts_with("employments["), "{by_schoolplan:?}");
    // The course of X is not named: it shows once X has its category.
    assert_eq!(report.refusals.len(), 3, "{}", report.to_text());
    assert!(is_empty(&s).await, "nothing may be written");
}

#[tokio::test]
async fn a_dry_run_does_everything_but_write() {
    let Some(admin) = pg_url("a_dry_run_does_everything_but_write") else { return };
    let p = PensenDb::create(&admin, Version::V3_11).await;
    p.sql(SMALL_SCHOOL).await;
    let s = store().await;
    let report = import(&s, &p.url, true).await.unwrap();
    assert!(report.dry_run && !report.written && report.refusals.is_empty(), "{}", report.to_text());
    assert!(!report.reconciliation.is_empty());
    assert!(report.changes.iter().any(|c| c.rule == "kuerzel-abgeleitet"));
    assert_eq!(report.tables["course"].written, 0);
    assert!(is_empty(&s).await);
    assert!(s.conn().await.unwrap().list_accounts().await.unwrap().is_empty());
    // The real run afterwards writes the same school.
    let real = import(&s, &p.url, false).await.unwrap();
    assert!(real.written);
    assert_eq!(real.changes, report.changes);
    assert_eq!(real.reconciliation, report.reconciliation);
    // Both runs are kept for the page under Verwaltung, newest first, the
    // source named without a password; the written one holds the report.
    let mut conn = s.conn().await.unwrap();
    let kept = conn.list_move_reports().await.unwrap();
    let heads: Vec<_> = kept.iter().map(|r| (r.direction.as_str(), r.outcome.as_str())).collect();
    assert_eq!(heads, [("import", "written"), ("import", "dryRun")]);
    assert_eq!(kept[0].source, pensenmanager::described(&p.url));
    assert!(kept[0].source.ends_with(p.url.rsplit('/').next().unwrap()), "{}", kept[0].source);
    let stored = conn.get_move_report(kept[0].id).await.unwrap().expect("the report");
    let stored: Report = serde_json::from_str(&stored.report).unwrap();
    assert_eq!(stored, real);
}

#[test]
fn the_stored_source_never_names_the_password() {
    let d = pensenmanager::described("postgres://pm:geheim@db.schule.example:5433/pensen?sslmode=require");
    assert_eq!(d, "pm@db.schule.example:5433/pensen");
}

#[tokio::test]
async fn a_3_8_source_reads_the_missing_columns_as_their_defaults() {
    let Some(admin) = pg_url("a_3_8_source_reads_the_missing_columns_as_their_defaults") else { return };
    let p = PensenDb::create(&admin, Version::V3_8).await;
    p.sql(SMALL_SCHOOL).await;
    let s = store().await;
    let report = import(&s, &p.url, false).await.unwrap();
    assert!(report.written, "{}", report.to_text());
    assert!(report.source[0].contains("school_year.show_ipb_balances"), "{:?}", report.source);
    assert!(report.source[0].contains("course.small_group1"), "{:?}", report.source);
    let ds = school(&s).await;
    for y in &ds.school_years {
        assert_eq!(y.small_group_surcharge.to_string(), "2");
        assert!(y.show_ipb_balances);
    }
    assert!(ds.courses.iter().all(|c| !c.small_group1 && !c.small_group2));
}

#[tokio::test]
async fn broken_connections_give_a_clear_error_and_write_nothing() {
    let Some(admin) = pg_url("broken_connections_give_a_clear_error_and_write_nothing") else { return };
    let s = store().await;
    // Nothing listens on port 1.
    let err = import(&s, "postgres://postgres@127.0.0.1:1/pensen", false).await.unwrap_err().to_string();
    assert!(err.contains("nicht erreichbar") && err.contains("127.0.0.1:1"), "{err}");
    // A database that does not exist.
    let err = import(&s, &with_database(&admin, "no_such_pensen_db"), false).await.unwrap_err().to_string();
    assert!(err.contains("nicht erreichbar"), "{err}");
    // A database without the reference's schema.
    let bare = PensenDb::create(&admin, Version::None).await;
    let err = import(&s, &bare.url, false).await.unwrap_err().to_string();
    assert!(err.contains("pensen"), "{err}");
    // A connection ended by the server while the source is read: the read
    // waits for a lock another connection holds, and its backend is terminated.
    let p = PensenDb::create(&admin, Version::V3_11).await;
    p.sql(SMALL_SCHOOL).await;
    let mut holder = PgConnection::connect(&p.url).await.unwrap();
    sqlx::raw_sql("BEGIN; LOCK TABLE pensen.course IN ACCESS EXCLUSIVE MODE").execute(&mut holder).await.unwrap();
    let s2 = store().await;
    let task = tokio::spawn({
        let (s2, url) = (s2.clone(), p.url.clone());
        async move { import(&s2, &url, false).await.map(|_| ()).map_err(|e| format!("{e:#}")) }
    });
    let mut killer = PgConnection::connect(&p.url).await.unwrap();
    let mut terminated = 0;
    for _ in 0..200 {
        terminated = sqlx::query_scalar::<_, i64>(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity \
             WHERE datname = current_database() AND wait_event_type = 'Lock'",
        )
        .fetch_one(&mut killer)
        .await
        .unwrap();
        if terminated > 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(terminated, 1, "the import waits for the lock");
    let err = task.await.unwrap().unwrap_err();
    assert!(err.contains("Pensenmanager-Datenbank fehlgeschlagen"), "{err}");
    assert!(is_empty(&s2).await, "nothing may be written");
    holder.close().await.ok();
    killer.close().await.ok();
    assert!(is_empty(&s).await);
    // The way back refuses a target without the schema and one that is not empty.
    let full = PensenDb::create(&admin, Version::V3_11).await;
    full.sql(SMALL_SCHOOL).await;
    dataset::import(&s, &schoolplan::demo::shipped_dataset().unwrap()).await.unwrap();
    let err = export(&s, &bare.url).await.unwrap_err().to_string();
    assert!(err.contains("kein Schema"), "{err}");
    let err = export(&s, &full.url).await.unwrap_err().to_string();
    assert!(err.contains("nicht leer") && err.contains("teacher (2)"), "{err}");
    assert_eq!(full.rows("teacher").await.len(), 2, "nothing written");
}
