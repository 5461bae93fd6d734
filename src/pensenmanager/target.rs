//! Writing a school into the Pensenmanager's database
//! (docs/migration.md §The way back): an empty `pensen` schema of version 3.11, created by the
//! reference's own scripts. This is the SQL of a foreign database, so it
//! lives here and not in `store/`.
//!
//! Ids are numbered 1, 2, … per table in the dataset's canonical order, so
//! the same school always gives the same rows. Whatever the reference cannot
//! hold is written to the [`Report`] (rule `nicht-haltbar-…`).

use std::collections::HashMap;

use anyhow::Context as _;
use base64::Engine as _;
use rust_decimal::Decimal;
use sqlx::{Connection as _, PgConnection, Postgres, Transaction};

use super::convert::{utc_to_swiss, AccountRecord, UTC_FORMAT};
use super::num;
use super::report::Report;
use crate::dataset::{BinaryRecord, Dataset};
use crate::domain::code_key;
use crate::domain::fixed::Fixed;
use crate::domain::workload::CalculationMode;

/// The balances to store per employment, by (teacher code key, year code key):
/// the frozen ones of a locked year, else the computed ones.
pub type Balances = HashMap<(String, String), (Decimal, Decimal)>;

/// The tables the export fills (the fixed lookups `calculation_mode` and
/// `lesson_type` are used as the reference's scripts filled them).
pub const DATA_TABLES: &[&str] = &[
    "account",
    "settings",
    "subject_category",
    "subject_type",
    "subject",
    "payroll_type",
    "curriculum",
    "grade",
    "curriculum_grade",
    "school_year",
    "weekly_lessons",
    "division",
    "lesson_table_entry",
    "school_class",
    "gender",
    "teacher",
    "teacher_department",
    "note",
    "thesis_type",
    "employment",
    "thesis_entry",
    "course",
    "pool_type",
    "pool_entry",
    "posting_type",
    "posting",
    "posting_detail",
];

/// Ids by code key, numbered in order from 1.
struct Ids(HashMap<String, i32>);

impl Ids {
    fn of<'a>(codes: impl Iterator<Item = &'a str>) -> Ids {
        Ids(codes.enumerate().map(|(i, c)| (code_key(c), i as i32 + 1)).collect())
    }
    fn get(&self, code: &str) -> anyhow::Result<i32> {
        self.0.get(&code_key(code)).copied().with_context(|| format!("unbekannter Code {code:?} im Datensatz"))
    }
}

fn bytes(b: &Option<BinaryRecord>, report: &mut Report, row: &str, column: &str) -> anyhow::Result<Option<Vec<u8>>> {
    let Some(b) = b else { return Ok(None) };
    if let Some(name) = &b.file_name {
        report.change("division", row, column, Some(name.clone()), None, "nicht-haltbar-dateiname");
    }
    Ok(Some(base64::engine::general_purpose::STANDARD.decode(&b.data).context("ungültige Bilddaten")?))
}

fn opt(x: Option<Fixed>) -> Option<f64> {
    x.map(num::to_double)
}

/// A balance as the double the reference stores. A frozen balance (text,
/// docs/workload.md §Balance) that does not read back as the same text is
/// reported; a computed one is not data and is stored as the nearest double.
fn balance(report: &mut Report, row: &str, column: &str, frozen: Option<&str>, computed: Decimal) -> f64 {
    match frozen {
        Some(text) => {
            let x: f64 = text.parse().unwrap_or(0.0);
            let back = num::full_text(x);
            if back.as_deref() != Some(text) {
                report.change(
                    "employment",
                    row,
                    column,
                    Some(text.to_string()),
                    back,
                    "nicht-haltbar-saldo-als-double",
                );
            }
            x
        }
        None => computed.normalize().to_string().parse().unwrap_or(0.0),
    }
}

/// Checks that every data table of `pensen` is empty; the error names those that are not.
async fn check_empty(tx: &mut Transaction<'_, Postgres>) -> anyhow::Result<()> {
    let exists: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM information_schema.schemata WHERE schema_name = 'pensen')")
            .fetch_one(&mut **tx)
            .await?;
    if !exists {
        anyhow::bail!(
            "Die Zieldatenbank hat kein Schema `pensen`; bitte zuerst mit den Skripten des Pensenmanagers (3.11) anlegen"
        );
    }
    let mut full = Vec::new();
    for t in DATA_TABLES {
        let n: i64 = sqlx::query_scalar(&format!("SELECT count(*) FROM pensen.{t}"))
            .fetch_one(&mut **tx)
            .await
            .with_context(|| format!("Die Tabelle pensen.{t} fehlt oder ist nicht lesbar (Version 3.11 erwartet)"))?;
        if n > 0 {
            full.push(format!("{t} ({n})"));
        }
    }
    if !full.is_empty() {
        anyhow::bail!(
            "Das Schema `pensen` ist nicht leer: {}; die Rückgabe schreibt nur in ein leeres",
            full.join(", ")
        );
    }
    Ok(())
}

/// The id of each code of a fixed lookup (`calculation_mode`, `lesson_type`);
/// codes of `wanted` that are missing are added with `(id, code)`.
async fn fixed_lookup(
    tx: &mut Transaction<'_, Postgres>,
    table: &str,
    wanted: &[(i32, &str)],
) -> anyhow::Result<HashMap<String, i32>> {
    let rows: Vec<(i32, String)> =
        sqlx::query_as(&format!("SELECT id, code FROM pensen.{table}")).fetch_all(&mut **tx).await?;
    let mut map: HashMap<String, i32> = rows.into_iter().map(|(id, c)| (c, id)).collect();
    for (id, code) in wanted {
        if !map.contains_key(*code) {
            sqlx::query(&format!("INSERT INTO pensen.{table} (id, code, description) VALUES ($1, $2, $2)"))
                .bind(id)
                .bind(code)
                .execute(&mut **tx)
                .await?;
            map.insert(code.to_string(), *id);
        }
    }
    Ok(map)
}

/// Writes `ds`, `accounts` and `balances` into the empty schema `pensen` of
/// `conn` in one transaction; counts go to `report`, and so does whatever the
/// reference cannot hold. `progress(table, rows)` is called per table.
pub async fn write(
    conn: &mut PgConnection,
    ds: &Dataset,
    accounts: &[AccountRecord],
    balances: &Balances,
    report: &mut Report,
    mut progress: impl FnMut(&str, usize),
) -> anyhow::Result<()> {
    let mut tx = conn.begin().await.context("Die Zieldatenbank erlaubt keine Transaktion")?;
    check_empty(&mut tx).await?;
    let t = &mut tx;
    macro_rules! run {
        ($sql:expr $(, $bind:expr)*) => {
            sqlx::query($sql)$(.bind($bind))*.execute(&mut **t).await.with_context(|| format!("Schreiben fehlgeschlagen: {}", $sql))?
        };
    }
    let mut done = |report: &mut Report, table: &str, n: usize| {
        report.wrote(table, n);
        progress(table, n);
    };

    // Accounts and their mail settings.
    let mut n_settings = 0;
    for (i, a) in accounts.iter().enumerate() {
        let id = i as i32 + 1;
        run!(
            "INSERT INTO pensen.account (id, name, edit_allowed, grant_allowed) VALUES ($1, $2, $3, $4)",
            id,
            &a.name,
            a.role >= crate::auth::Role::Planner,
            a.role == crate::auth::Role::Admin
        );
        let s = &a.settings;
        if !(s.mail_body.is_empty() && s.mail_from.is_empty() && s.mail_subject.is_empty()) {
            run!(
                "INSERT INTO pensen.settings (id, account_id, mail_body, mail_from, mail_subject) VALUES ($1, $1, $2, $3, $4)",
                id,
                &s.mail_body,
                &s.mail_from,
                &s.mail_subject
            );
            n_settings += 1;
        }
    }
    done(report, "account", accounts.len());
    done(report, "settings", n_settings);

    // Lookups.
    for (table, records) in [("subject_category", &ds.subject_categories), ("gender", &ds.genders)] {
        for (i, r) in records.iter().enumerate() {
            if r.archived {
                report.change(table, &r.code, "archived", Some("true".into()), None, "nicht-haltbar-archiviert");
            }
            run!(
                &format!("INSERT INTO pensen.{table} (id, code, description) VALUES ($1, $2, $3)"),
                i as i32 + 1,
                &r.code,
                &r.description
            );
        }
        done(report, table, records.len());
    }
    let categories = Ids::of(ds.subject_categories.iter().map(|r| r.code.as_str()));
    let genders = Ids::of(ds.genders.iter().map(|r| r.code.as_str()));
    for (i, r) in ds.subject_types.iter().enumerate() {
        if r.archived {
            report.change("subject_type", &r.code, "archived", Some("true".into()), None, "nicht-haltbar-archiviert");
        }
        run!(
            "INSERT INTO pensen.subject_type (id, code, description, sort_order) VALUES ($1, $2, $3, $1)",
            i as i32 + 1,
            &r.code,
            &r.description
        );
    }
    done(report, "subject_type", ds.subject_types.len());
    let types = Ids::of(ds.subject_types.iter().map(|r| r.code.as_str()));

    for (i, r) in ds.payroll_types.iter().enumerate() {
        run!(
            "INSERT INTO pensen.payroll_type (id, code, description, lesson_based, saldo_resolving_order, ipb_correction_allowed) \
             VALUES ($1, $2, $3, $4, $5, $6)",
            i as i32 + 1,
            &r.code,
            &r.description,
            r.lesson_based,
            i32::try_from(r.saldo_resolving_order).context("Saldo-Reihenfolge zu gross")?,
            r.ipb_correction_allowed
        );
    }
    done(report, "payroll_type", ds.payroll_types.len());
    let payroll = Ids::of(ds.payroll_types.iter().map(|r| r.code.as_str()));
    let some_payroll = |report: &mut Report, row: &str, column: &str, code: &Option<String>| -> anyhow::Result<i32> {
        match code {
            Some(c) => payroll.get(c),
            None => {
                let first = ds.payroll_types.first().context("Eine Stufe ohne Anstellungsart und keine Anstellungsart, die der Pensenmanager stattdessen nehmen könnte")?;
                report.change(
                    "grade",
                    row,
                    column,
                    None,
                    Some(first.code.clone()),
                    "nicht-haltbar-ohne-anstellungsart",
                );
                Ok(1)
            }
        }
    };
    for (i, r) in ds.grades.iter().enumerate() {
        let p = some_payroll(report, &r.code, "payroll_type_id", &r.payroll_type)?;
        let k = some_payroll(report, &r.code, "class_lesson_payroll_type_id", &r.class_lesson_payroll_type)?;
        run!(
            "INSERT INTO pensen.grade (id, code, description, payroll_type_id, archived, class_lesson_payroll_type_id) \
             VALUES ($1, $2, $3, $4, false, $5)",
            i as i32 + 1,
            &r.code,
            &r.description,
            p,
            k
        );
    }
    done(report, "grade", ds.grades.len());
    let grades = Ids::of(ds.grades.iter().map(|r| r.code.as_str()));

    let mut n = 0;
    for (i, r) in ds.curricula.iter().enumerate() {
        run!(
            "INSERT INTO pensen.curriculum (id, code, description, archived) VALUES ($1, $2, $3, $4)",
            i as i32 + 1,
            &r.code,
            &r.description,
            r.archived
        );
        let mut natural = r.grades.clone();
        natural.sort_by_key(|g| super::convert::natural_key(g));
        if natural != r.grades {
            report.change(
                "curriculum_grade",
                &r.code,
                "(Reihenfolge)",
                Some(r.grades.join(", ")),
                Some(natural.join(", ")),
                "nicht-haltbar-stufenreihenfolge",
            );
        }
        for g in &r.grades {
            run!(
                "INSERT INTO pensen.curriculum_grade (curriculum_id, grade_id) VALUES ($1, $2)",
                i as i32 + 1,
                grades.get(g)?
            );
            n += 1;
        }
    }
    done(report, "curriculum", ds.curricula.len());
    done(report, "curriculum_grade", n);
    let curricula = Ids::of(ds.curricula.iter().map(|r| r.code.as_str()));

    let mode_ids: Vec<(i32, &str)> = CalculationMode::ALL.iter().map(|m| (m.id() as i32, m.code())).collect();
    let modes = fixed_lookup(t, "calculation_mode", &mode_ids).await?;
    let mut n = 0;
    for (i, r) in ds.school_years.iter().enumerate() {
        let id = i as i32 + 1;
        let mode = r.calculation_mode.as_deref().unwrap_or("percent");
        run!(
            "INSERT INTO pensen.school_year (id, archived, code, finalised, graduation_year, description, weeks, \
             calculation_mode_id, small_group_surcharge, show_ipb_balances) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
            id,
            r.archived,
            &r.code,
            r.finalised,
            i32::try_from(r.graduation_year)?,
            &r.description,
            i32::try_from(r.weeks)?,
            *modes.get(mode).context("unbekannter Berechnungsmodus")?,
            num::to_double(r.small_group_surcharge),
            r.show_ipb_balances
        );
        for (p, lessons) in &r.weekly_lessons {
            run!(
                "INSERT INTO pensen.weekly_lessons (school_year_id, payroll_type_id, lessons) VALUES ($1, $2, $3)",
                id,
                payroll.get(p)?,
                num::to_double(*lessons)
            );
            n += 1;
        }
    }
    done(report, "school_year", ds.school_years.len());
    done(report, "weekly_lessons", n);
    let years = Ids::of(ds.school_years.iter().map(|r| r.code.as_str()));

    for (i, r) in ds.divisions.iter().enumerate() {
        let signature = bytes(&r.head_signature, report, &r.code, "head_signature")?;
        let logo = bytes(&r.logo, report, &r.code, "logo")?;
        run!(
            "INSERT INTO pensen.division (id, code, description, head_name, head_signature, logo, grouping, head_title) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            i as i32 + 1,
            &r.code,
            &r.description,
            &r.head_name,
            signature,
            logo,
            &r.grouping,
            &r.head_title
        );
    }
    done(report, "division", ds.divisions.len());
    let divisions = Ids::of(ds.divisions.iter().map(|r| r.code.as_str()));

    for (i, r) in ds.subjects.iter().enumerate() {
        let by_code = matches!(code_key(&r.code).as_str(), "kl" | "ks");
        if by_code != r.class_lesson {
            report.change(
                "subject",
                &r.code,
                "classLesson",
                Some(r.class_lesson.to_string()),
                Some(by_code.to_string()),
                "nicht-haltbar-klassenstunde-nach-code",
            );
        }
        let category = match &r.category {
            Some(c) => Some(categories.get(c)?),
            None => None,
        };
        run!(
            "INSERT INTO pensen.subject (id, archived, code, cross_class, description, category_id, type_id, evento_code, sort_order) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0)",
            i as i32 + 1,
            r.archived,
            &r.code,
            r.cross_class,
            &r.description,
            category,
            types.get(&r.kind)?,
            &r.external_code
        );
    }
    done(report, "subject", ds.subjects.len());
    let subjects = Ids::of(ds.subjects.iter().map(|r| r.code.as_str()));

    let lesson_type_ids: Vec<(i32, &str)> =
        vec![(1, "noLessons"), (2, "continuation"), (3, "start"), (4, "startOptional"), (5, "startRepeating")];
    let lesson_types = fixed_lookup(t, "lesson_type", &lesson_type_ids).await?;
    for r in &ds.lesson_table {
        let division = match &r.division {
            Some(d) => Some(divisions.get(d)?),
            None => None,
        };
        run!(
            "INSERT INTO pensen.lesson_table_entry (curriculum_id, division_id, subject_id, grade_id, type_id, lessons1, lessons2) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
            curricula.get(&r.curriculum)?,
            division,
            subjects.get(&r.subject)?,
            grades.get(&r.grade)?,
            *lesson_types.get(&r.kind).context("unbekannte Lektionenart")?,
            num::to_double(r.lessons1),
            num::to_double(r.lessons2)
        );
    }
    done(report, "lesson_table_entry", ds.lesson_table.len());

    for (i, r) in ds.school_classes.iter().enumerate() {
        run!(
            "INSERT INTO pensen.school_class (id, archived, code, graduation_year, curriculum_id, division_id) \
             VALUES ($1, $2, $3, $4, $5, $6)",
            i as i32 + 1,
            r.archived,
            &r.code,
            i32::try_from(r.graduation_year)?,
            curricula.get(&r.curriculum)?,
            divisions.get(&r.division)?
        );
    }
    done(report, "school_class", ds.school_classes.len());
    let classes = Ids::of(ds.school_classes.iter().map(|r| r.code.as_str()));

    let mut n = 0;
    for (i, r) in ds.teachers.iter().enumerate() {
        let id = i as i32 + 1;
        let gender = match &r.gender {
            Some(g) => genders.get(g)?,
            None => {
                let first = ds.genders.first().context(
                    "Eine Lehrperson ohne Geschlecht und kein Geschlecht, das der Pensenmanager stattdessen nehmen könnte",
                )?;
                report.change(
                    "teacher",
                    &r.code,
                    "gender_id",
                    None,
                    Some(first.code.clone()),
                    "nicht-haltbar-ohne-geschlecht",
                );
                1
            }
        };
        run!(
            "INSERT INTO pensen.teacher (id, archived, code, title, first_name, last_name, email, birthday, employee_number, gender_id) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8::date, $9, $10)",
            id,
            r.archived,
            &r.code,
            &r.title,
            &r.first_name,
            &r.last_name,
            &r.email,
            &r.birthday,
            &r.employee_number,
            gender
        );
        for d in &r.departments {
            run!(
                "INSERT INTO pensen.teacher_department (teacher_id, subject_category_id) VALUES ($1, $2)",
                id,
                categories.get(d)?
            );
            n += 1;
        }
    }
    done(report, "teacher", ds.teachers.len());
    done(report, "teacher_department", n);
    let teachers = Ids::of(ds.teachers.iter().map(|r| r.code.as_str()));

    for (i, r) in ds.notes.iter().enumerate() {
        let utc = chrono::NaiveDateTime::parse_from_str(&r.creation_date, UTC_FORMAT)
            .or_else(|_| {
                chrono::NaiveDateTime::parse_from_str(r.creation_date.trim_end_matches('Z'), "%Y-%m-%dT%H:%M:%S%.f")
            })
            .with_context(|| format!("Zeit der Notiz unlesbar: {}", r.creation_date))?;
        let local = utc_to_swiss(utc);
        run!(
            "INSERT INTO pensen.note (id, teacher_id, text, created_by, created_on) VALUES ($1, $2, $3, $4, $5::timestamp)",
            i as i32 + 1,
            teachers.get(&r.teacher)?,
            &r.text,
            &r.created_by,
            local.format("%Y-%m-%d %H:%M:%S%.6f").to_string()
        );
    }
    done(report, "note", ds.notes.len());

    for (table, records) in [
        ("thesis_type", ds.thesis_types.iter().map(|r| (&r.code, &r.description, &r.payroll_type)).collect::<Vec<_>>()),
        ("pool_type", ds.pool_types.iter().map(|r| (&r.code, &r.description, &r.payroll_type)).collect()),
        ("posting_type", ds.posting_types.iter().map(|r| (&r.code, &r.description, &r.payroll_type)).collect()),
    ] {
        for (i, (code, description, p)) in records.iter().enumerate() {
            let (column, value) = match table {
                "thesis_type" => ("percent", format!("{}", num::to_double(ds.thesis_types[i].percent))),
                "pool_type" => ("auto_copy", ds.pool_types[i].auto_copy.to_string()),
                _ => ("percent", ds.posting_types[i].percent.to_string()),
            };
            let cast = if table == "thesis_type" { "double precision" } else { "boolean" };
            run!(
                &format!(
                    "INSERT INTO pensen.{table} (id, code, description, payroll_type_id, {column}) VALUES ($1, $2, $3, $4, $5::text::{cast})"
                ),
                i as i32 + 1,
                *code,
                *description,
                payroll.get(p)?,
                value
            );
        }
        done(report, table, records.len());
    }
    let thesis_types = Ids::of(ds.thesis_types.iter().map(|r| r.code.as_str()));
    let pool_types = Ids::of(ds.pool_types.iter().map(|r| r.code.as_str()));
    let posting_types = Ids::of(ds.posting_types.iter().map(|r| r.code.as_str()));

    // Employments with the balances schoolplan shows (frozen or computed).
    let mut first_seen: HashMap<String, ()> = HashMap::new();
    for (i, r) in ds.employments.iter().enumerate() {
        let row = format!("{}/{}", r.school_year, r.teacher);
        let first = first_seen.insert(code_key(&r.teacher), ()).is_none();
        if !first && r.initial_balance != Fixed(0) {
            report.change(
                "employment",
                &row,
                "initialBalance",
                Some(num::text(r.initial_balance)),
                None,
                "nicht-haltbar-anfangssaldo-spaeter",
            );
        }
        let (opening, closing) = balances
            .get(&(code_key(&r.teacher), code_key(&r.school_year)))
            .copied()
            .unwrap_or((r.initial_balance.decimal(), r.initial_balance.decimal()));
        let (frozen_opening, frozen_closing) = match (&r.frozen_opening_balance, &r.frozen_closing_balance) {
            (Some(o), Some(c)) => (Some(o.as_str()), Some(c.as_str())),
            _ => (None, None),
        };
        let opening = balance(report, &row, "opening_balance", frozen_opening, opening);
        let closing = balance(report, &row, "closing_balance", frozen_closing, closing);
        run!(
            "INSERT INTO pensen.employment (id, teacher_id, school_year_id, division_id, employment_min, employment_max, \
             opening_balance, closing_balance, payment1, payment2, comments, temporary) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
            i as i32 + 1,
            teachers.get(&r.teacher)?,
            years.get(&r.school_year)?,
            divisions.get(&r.division)?,
            opt(r.employment_min),
            opt(r.employment_max),
            opening,
            closing,
            opt(r.payment1),
            opt(r.payment2),
            &r.comments,
            r.temporary
        );
    }
    done(report, "employment", ds.employments.len());

    let mut n = 0;
    for r in &ds.theses {
        for (code, count) in &r.counts {
            run!(
                "INSERT INTO pensen.thesis_entry (school_year_id, teacher_id, type_id, count) VALUES ($1, $2, $3, $4)",
                years.get(&r.school_year)?,
                teachers.get(&r.teacher)?,
                thesis_types.get(code)?,
                num::to_double(*count)
            );
            n += 1;
        }
    }
    done(report, "thesis_entry", n);

    for (i, r) in ds.courses.iter().enumerate() {
        let ids =
            |codes: &[String], map: &Ids| -> anyhow::Result<Vec<i32>> { codes.iter().map(|c| map.get(c)).collect() };
        let cross_class =
            ds.subjects.iter().find(|s| code_key(&s.code) == code_key(&r.subject)).is_some_and(|s| s.cross_class);
        run!(
            "INSERT INTO pensen.course (id, cancelled, comments, grade_id, lessons1, lessons2, school_class_ids, school_year_id, \
             cross_class, small_group1, small_group2, subject_id, teacher_ids1, teacher_ids2, curriculum_id) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)",
            i as i32 + 1,
            r.cancelled,
            &r.comments,
            grades.get(&r.grade)?,
            num::to_double(r.lessons1),
            num::to_double(r.lessons2),
            ids(&r.school_classes, &classes)?,
            years.get(&r.school_year)?,
            cross_class,
            r.small_group1,
            r.small_group2,
            subjects.get(&r.subject)?,
            ids(&r.teachers1, &teachers)?,
            ids(&r.teachers2, &teachers)?,
            curricula.get(&r.curriculum)?
        );
    }
    done(report, "course", ds.courses.len());

    for (i, r) in ds.pool_entries.iter().enumerate() {
        run!(
            "INSERT INTO pensen.pool_entry (id, teacher_id, school_year_id, description, percent1, percent2, type_id) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
            i as i32 + 1,
            teachers.get(&r.teacher)?,
            years.get(&r.school_year)?,
            &r.description,
            num::to_double(r.percent1),
            num::to_double(r.percent2),
            pool_types.get(&r.kind)?
        );
    }
    done(report, "pool_entry", ds.pool_entries.len());

    let mut n = 0;
    for (i, r) in ds.postings.iter().enumerate() {
        let id = i as i32 + 1;
        let (year, teacher) = (years.get(&r.school_year)?, teachers.get(&r.teacher)?);
        run!(
            "INSERT INTO pensen.posting (id, teacher_id, school_year_id, description, start_date, end_date) \
             VALUES ($1, $2, $3, $4, $5::date, $6::date)",
            id,
            teacher,
            year,
            &r.description,
            &r.start_date,
            &r.end_date
        );
        for (code, value) in &r.details {
            run!(
                "INSERT INTO pensen.posting_detail (posting_id, type_id, school_year_id, teacher_id, value) VALUES ($1, $2, $3, $4, $5)",
                id,
                posting_types.get(code)?,
                year,
                teacher,
                num::to_double(*value)
            );
            n += 1;
        }
    }
    done(report, "posting", ds.postings.len());
    done(report, "posting_detail", n);

    tx.commit().await.context("Die Zieldatenbank hat die Transaktion nicht übernommen")?;
    Ok(())
}
