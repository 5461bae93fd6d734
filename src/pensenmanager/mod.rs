//! Moving a school from the Pensenmanager's PostgreSQL database (schema
//! `pensen`, versions 3.8–3.11) into schoolplan, and back (docs/migration.md).
//!
//! - [`import()`]: reads the reference's rows in one `REPEATABLE READ, READ
//!   ONLY` transaction ([`source`]), turns them into a [`Dataset`] with every
//!   repair and refusal reported ([`convert`]), and loads it with the dataset
//!   import's own validation plus the accounts in one transaction of the
//!   target ([`crate::dataset::import_into`]); then reconciles the stored
//!   balances with the computed ones.
//! - [`export()`]: the dataset export, the accounts and the balances
//!   schoolplan shows, written into an empty `pensen` schema ([`target`]).
//!
//! The SQL of `source` and `target` is the reference's database, a foreign
//! one, so it lives here and not in `store/` (which holds schoolplan's own).

pub mod convert;
pub mod num;
pub mod report;
pub mod source;
pub mod target;

use std::collections::HashMap;

use rust_decimal::{Decimal, RoundingStrategy};

use crate::dataset::{self, Dataset, DatasetError, NoteRecord};
use crate::domain::code_key;
use crate::domain::ids::SchoolYearId;
use crate::domain::workload::chain::{compute_all, years_to_compute};
use crate::store::move_report::NewMoveReport;
use crate::store::teacher::TeacherFilter;
use crate::store::{Conn, Store};

pub use report::{Direction, Report};

/// The author of the notes the import writes to mark a repair.
pub const IMPORT_AUTHOR: &str = "pensenmanager-import";

/// A step of a move, for the terminal: `table` done with `rows` rows, the
/// `done`-th of `total` steps.
#[derive(Debug, Clone, Copy)]
pub struct Step<'a> {
    /// Reference table.
    pub table: &'a str,
    /// Rows read or written.
    pub rows: usize,
    /// Steps done.
    pub done: usize,
    /// Steps in all.
    pub total: usize,
}

/// Balances per (teacher code key, year code key): (opening, closing), in percent.
type BalanceMap = HashMap<(String, String), (Decimal, Decimal)>;

/// Every employment's balances as schoolplan computes them
/// (docs/workload.md §Balance); `live` ignores the frozen balances of locked
/// years (the reconciliation), else they are taken as schoolplan shows them.
async fn balances(conn: &mut Conn, live: bool) -> anyhow::Result<BalanceMap> {
    let mut facts = conn.workload_heads(i64::MAX, None).await?;
    if live {
        for e in &mut facts.employments {
            e.frozen_opening_balance = None;
            e.frozen_closing_balance = None;
        }
    }
    let all: Vec<SchoolYearId> = facts.years.iter().map(|y| y.id).collect();
    let years = years_to_compute(&facts, &all)?;
    conn.load_bookings(&mut facts, &years, None).await?;
    let results = compute_all(&facts)?;
    let teachers: HashMap<i64, String> =
        conn.list_teachers(TeacherFilter::default()).await?.into_iter().map(|t| (t.id.0, code_key(&t.code))).collect();
    let year_codes: HashMap<SchoolYearId, String> = facts.years.iter().map(|y| (y.id, code_key(&y.code))).collect();
    let mut out = HashMap::new();
    for e in &facts.employments {
        let key = (teachers.get(&e.teacher_id.0).cloned().unwrap_or_default(), year_codes[&e.school_year_id].clone());
        let value = match (results.get(&e.id), &e.frozen_opening_balance, &e.frozen_closing_balance) {
            (_, Some(o), Some(c)) if !live => (o.parse()?, c.parse()?),
            (Some(r), _, _) => (r.opening, r.closing),
            (None, _, _) => continue,
        };
        out.insert(key, value);
    }
    Ok(out)
}

fn four(d: Decimal) -> Decimal {
    d.round_dp_with_strategy(4, RoundingStrategy::MidpointAwayFromZero).normalize()
}

/// The reconciliation (docs/migration.md §Reading the report): per year and
/// teacher the stored closing balance against the computed one, and stored
/// opening balances that differ from the previous year's stored closing one.
fn reconcile(stored: &[convert::StoredBalance], computed: &BalanceMap) -> Vec<report::YearReconciliation> {
    let mut years: Vec<(i64, String, bool)> =
        stored.iter().map(|s| (s.graduation_year, s.year.clone(), s.locked)).collect();
    years.sort();
    years.dedup();
    let mut previous: HashMap<String, (String, Option<f64>)> = HashMap::new();
    let mut out = Vec::new();
    for (_, year, locked) in years {
        let mut rows: Vec<&convert::StoredBalance> = stored.iter().filter(|s| s.year == year).collect();
        rows.sort_by_key(|s| code_key(&s.teacher));
        let mut r = report::YearReconciliation {
            year: year.clone(),
            locked,
            compared: 0,
            agreeing: 0,
            balances: Vec::new(),
            openings: Vec::new(),
        };
        for s in rows {
            let Some((_, closing)) = computed.get(&(code_key(&s.teacher), code_key(&s.year))) else { continue };
            let stored_closing = s.closing.and_then(num::exact).unwrap_or_default();
            let difference = four(*closing - stored_closing);
            r.compared += 1;
            if difference.is_zero() {
                r.agreeing += 1;
            }
            r.balances.push(report::BalanceLine {
                teacher: s.teacher.clone(),
                stored_closing: s.closing.and_then(num::full_text),
                computed_closing: four(*closing).to_string(),
                difference: difference.to_string(),
            });
            if let Some((prev_year, prev_closing)) = previous.get(&code_key(&s.teacher)) {
                if *prev_closing != s.opening {
                    r.openings.push(report::OpeningLine {
                        teacher: s.teacher.clone(),
                        stored_opening: s.opening.and_then(num::full_text),
                        previous_year: prev_year.clone(),
                        previous_closing: prev_closing.and_then(num::full_text),
                    });
                }
            }
            previous.insert(code_key(&s.teacher), (s.year.clone(), s.closing));
        }
        out.push(r);
    }
    out
}

/// The number of rows the dataset holds per reference table.
fn written(ds: &Dataset, accounts: usize, settings: usize) -> Vec<(&'static str, usize)> {
    vec![
        ("account", accounts),
        ("settings", settings),
        ("subject_category", ds.subject_categories.len()),
        ("subject_type", ds.subject_types.len()),
        ("gender", ds.genders.len()),
        ("payroll_type", ds.payroll_types.len()),
        ("grade", ds.grades.len()),
        ("curriculum", ds.curricula.len()),
        ("curriculum_grade", ds.curricula.iter().map(|c| c.grades.len()).sum()),
        ("school_year", ds.school_years.len()),
        ("weekly_lessons", ds.school_years.iter().map(|y| y.weekly_lessons.len()).sum()),
        ("division", ds.divisions.len()),
        ("subject", ds.subjects.len()),
        ("teacher", ds.teachers.len()),
        ("teacher_department", ds.teachers.iter().map(|t| t.departments.len()).sum()),
        ("school_class", ds.school_classes.len()),
        ("lesson_table_entry", ds.lesson_table.len()),
        ("thesis_type", ds.thesis_types.len()),
        ("pool_type", ds.pool_types.len()),
        ("posting_type", ds.posting_types.len()),
        ("employment", ds.employments.len()),
        ("course", ds.courses.len()),
        ("pool_entry", ds.pool_entries.len()),
        ("posting", ds.postings.len()),
        ("posting_detail", ds.postings.iter().map(|p| p.details.len()).sum()),
        ("thesis_entry", ds.theses.iter().map(|t| t.counts.len()).sum()),
        ("note", ds.notes.len()),
    ]
}

/// The number of tables a move reads or writes (for the progress bar).
pub const TABLES: usize = 29;

/// Moves the school of the Pensenmanager database at `source_url` into the
/// empty database `store` (docs/migration.md). Returns the report; it says
/// whether anything was written ([`Report::written`]): not on a refusal
/// (every refusal found is listed) and not in a dry run. An error is a
/// failure of a database (unreachable, broken connection): nothing is
/// written then either.
pub async fn import(
    store: &Store,
    source_url: &str,
    dry_run: bool,
    mut progress: impl FnMut(Step<'_>),
) -> anyhow::Result<Report> {
    let mut report = Report::new(Direction::Import, dry_run);
    let mut conn = source::connect(source_url).await?;
    let mut done = 0;
    let rows = source::read(&mut conn, |table, rows| {
        done += 1;
        progress(Step { table, rows, done, total: TABLES });
    })
    .await?;
    drop(conn);
    for (table, n) in rows_read(&rows) {
        report.read(table, n);
    }
    if rows.missing_columns.is_empty() {
        report.source.push("Version 3.10 oder neuer (alle Spalten vorhanden)".into());
    } else {
        report.source.push(format!(
            "ältere Version: es fehlen {}; gelesen als die Vorgabe ihrer Migration",
            rows.missing_columns.join(", ")
        ));
    }
    let mut converted = convert::convert(&rows, &mut report);
    let now = crate::auth::now_text();
    for (teacher, text) in std::mem::take(&mut converted.marks) {
        converted.dataset.notes.push(NoteRecord {
            teacher,
            text,
            created_by: IMPORT_AUTHOR.into(),
            creation_date: now.clone(),
        });
    }
    converted.dataset.canonicalize();
    let mut tx = store.begin().await?;
    if report.refused() {
        // The records that break a rule of schoolplan itself as well
        // (docs/migration.md §Before the move), but not those the move has
        // refused already, nor what depends on them: nothing is named twice.
        let skip = converted.dataset.labels_of(&converted.refused.0);
        return name_all(store, tx, source_url, report, &converted, &skip, None).await;
    }
    tx.open_savepoint().await?;
    match dataset::import_into(&mut tx, &converted.dataset).await {
        Ok(_) => tx.release_savepoint().await?,
        Err(e @ (DatasetError::Database(_) | DatasetError::NotEmpty { .. })) => return Err(failure(e)),
        Err(e) => {
            // The load stops at the first problem; undone, the trial names them all.
            tx.undo_savepoint().await?;
            return name_all(store, tx, source_url, report, &converted, &Default::default(), Some(e)).await;
        }
    }
    let settings = create_accounts(&mut tx, &converted.accounts, &mut report).await?;
    if report.refused() {
        drop(tx);
        return keep(store, source_url, report).await;
    }
    let computed = balances(&mut tx, true).await?;
    report.reconciliation = reconcile(&converted.stored, &computed);
    if dry_run {
        drop(tx);
        return keep(store, source_url, report).await;
    }
    report.written = true;
    for (table, n) in written(&converted.dataset, converted.accounts.len(), settings) {
        report.wrote(table, n);
    }
    // The school and its report arrive together.
    insert_report(&mut tx, source_url, &report).await?;
    tx.commit().await?;
    store.analyze().await?;
    Ok(report)
}

/// Creates `accounts` with their mail settings on `tx`; an account that
/// cannot be created is refused in `report`. Returns how many mail settings
/// were written.
async fn create_accounts(
    tx: &mut Conn,
    accounts: &[convert::AccountRecord],
    report: &mut Report,
) -> anyhow::Result<usize> {
    let mut settings = 0;
    for a in accounts {
        // A name taken (case aside) is refused before the insert: on
        // PostgreSQL a failed statement ends the transaction, and every
        // account after it would be refused too.
        if let Some(taken) = tx.find_account(&a.name).await? {
            let why = format!("Das Konto ist nicht anlegbar: der Name ist schon vergeben ({})", taken.name);
            report.refuse("account", vec![a.name.clone()], "konto", why);
            continue;
        }
        let account = match tx.create_account(&a.name, a.role).await {
            Ok(account) => account,
            Err(e) => {
                report.refuse("account", vec![a.name.clone()], "konto", format!("Das Konto ist nicht anlegbar: {e}"));
                // The transaction may be unusable now: the other accounts are not tried.
                break;
            }
        };
        if a.settings != Default::default() {
            tx.save_settings(account.id, &a.settings).await?;
            settings += 1;
        }
    }
    Ok(settings)
}

/// The error for a failure of the load that is no problem of the data.
fn failure(e: DatasetError) -> anyhow::Error {
    match e {
        DatasetError::Database(e) => e.into(),
        e @ DatasetError::NotEmpty { .. } => {
            anyhow::anyhow!("Die schoolplan-Datenbank ist nicht leer; die Übernahme schreibt nur in eine leere ({e})")
        }
        e => e.into(),
    }
}

/// Refuses every record of the school `converted` that breaks a rule of
/// schoolplan, by a trial load into `tx`, the empty database's write
/// ([`dataset::trial`]; the records labelled in `skip` and what depends on
/// them left out), followed by the accounts; then drops `tx` and keeps the
/// report. `first` is the problem the load stopped at, named should the
/// trial find none.
async fn name_all(
    store: &Store,
    mut tx: Conn,
    source_url: &str,
    mut report: Report,
    converted: &convert::Converted2,
    skip: &std::collections::HashSet<String>,
    first: Option<DatasetError>,
) -> anyhow::Result<Report> {
    let problems = dataset::trial(&mut tx, &converted.dataset, skip).await.map_err(failure)?;
    if let (true, Some(e)) = (problems.is_empty(), &first) {
        refuse_by_schoolplan(&mut report, e);
    }
    for e in &problems {
        refuse_by_schoolplan(&mut report, e);
    }
    create_accounts(&mut tx, &converted.accounts, &mut report).await?;
    drop(tx);
    keep(store, source_url, report).await
}

/// Refuses the record `e` names for breaking a rule of schoolplan itself
/// (table `(schoolplan)`, the rule is the API's error code).
fn refuse_by_schoolplan(report: &mut Report, e: &DatasetError) {
    report.refuse(
        "(schoolplan)",
        vec![e.record().unwrap_or("(Datensatz)").to_string()],
        e.code().as_str(),
        format!("Von schoolplans Regeln abgelehnt: {e}"),
    );
}

/// What the stored report says of `report`'s outcome (migration 0018).
fn outcome(report: &Report) -> &'static str {
    if report.written {
        "written"
    } else if report.refused() {
        "refused"
    } else {
        "dryRun"
    }
}

/// Stores `report` of a move with the database at `url` (named without its
/// password) on `conn`: the page under Verwaltung shows it (migration 0018).
async fn insert_report(conn: &mut Conn, url: &str, report: &Report) -> crate::error::Result<i64> {
    let direction = match report.direction {
        Direction::Import => "import",
        Direction::Export => "export",
    };
    let (source, json) = (described(url), report.to_json());
    conn.insert_move_report(NewMoveReport { direction, outcome: outcome(report), source: &source, report: &json }).await
}

/// The other database as the stored report names it: user, host, port and
/// database of `url`, never its password or parameters.
pub fn described(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(u) => {
            let user = if u.username().is_empty() { String::new() } else { format!("{}@", u.username()) };
            let port = u.port().map(|p| format!(":{p}")).unwrap_or_default();
            format!("{user}{}{port}{}", u.host_str().unwrap_or(""), u.path())
        }
        Err(_) => "(unbekannt)".into(),
    }
}

/// Stores `report` of a move that wrote nothing (a refusal or a dry run) in a
/// transaction of its own, for the page under Verwaltung; returns it. The
/// database stays empty for the next try (a report is not school data).
async fn keep(store: &Store, url: &str, report: Report) -> anyhow::Result<Report> {
    let mut tx = store.begin().await?;
    insert_report(&mut tx, url, &report).await?;
    tx.commit().await?;
    Ok(report)
}

fn rows_read(rows: &source::Rows) -> Vec<(&'static str, usize)> {
    vec![
        ("account", rows.account.len()),
        ("settings", rows.settings.len()),
        ("subject_category", rows.subject_category.len()),
        ("subject_type", rows.subject_type.len()),
        ("subject", rows.subject.len()),
        ("payroll_type", rows.payroll_type.len()),
        ("curriculum", rows.curriculum.len()),
        ("grade", rows.grade.len()),
        ("curriculum_grade", rows.curriculum_grade.len()),
        ("calculation_mode", rows.calculation_mode.len()),
        ("school_year", rows.school_year.len()),
        ("weekly_lessons", rows.weekly_lessons.len()),
        ("division", rows.division.len()),
        ("lesson_type", rows.lesson_type.len()),
        ("lesson_table_entry", rows.lesson_table_entry.len()),
        ("school_class", rows.school_class.len()),
        ("gender", rows.gender.len()),
        ("teacher", rows.teacher.len()),
        ("teacher_department", rows.teacher_department.len()),
        ("note", rows.note.len()),
        ("thesis_type", rows.thesis_type.len()),
        ("employment", rows.employment.len()),
        ("thesis_entry", rows.thesis_entry.len()),
        ("course", rows.course.len()),
        ("pool_type", rows.pool_type.len()),
        ("pool_entry", rows.pool_entry.len()),
        ("posting_type", rows.posting_type.len()),
        ("posting", rows.posting.len()),
        ("posting_detail", rows.posting_detail.len()),
    ]
}

/// Writes the school of `store` into the empty `pensen` schema of the
/// database at `target_url` (docs/migration.md §The way back), in one
/// transaction; the report lists what the reference cannot hold.
pub async fn export(store: &Store, target_url: &str, mut progress: impl FnMut(Step<'_>)) -> anyhow::Result<Report> {
    let mut report = Report::new(Direction::Export, false);
    let ds = dataset::export(store).await?;
    let (accounts, shown) = {
        let mut conn = store.begin_snapshot().await?;
        let mut accounts = Vec::new();
        for a in conn.list_accounts().await? {
            // The Pensenmanager has no teacher access: a teacher's account
            // there would be a reader of every teacher's data. Left out, and
            // said so in the report (docs/migration.md §The way back).
            if a.role == crate::auth::Role::Teacher {
                report.change(
                    "account",
                    a.name.clone(),
                    "role",
                    Some("teacher".into()),
                    None,
                    "nicht-haltbar-lehrpersonenkonto",
                );
                continue;
            }
            let settings = conn.get_settings(a.id).await?;
            accounts.push(convert::AccountRecord { name: a.name, role: a.role, settings });
        }
        let shown = balances(&mut conn, false).await?;
        conn.commit().await?;
        (accounts, shown)
    };
    for (table, n) in written(&ds, accounts.len(), 0) {
        report.read(table, n);
    }
    let mut conn = source::connect(target_url).await?;
    let mut done = 0;
    target::write(&mut conn, &ds, &accounts, &shown, &mut report, |table, rows| {
        done += 1;
        progress(Step { table, rows, done, total: target::DATA_TABLES.len() });
    })
    .await?;
    report.written = true;
    let mut tx = store.begin().await?;
    insert_report(&mut tx, target_url, &report).await?;
    tx.commit().await?;
    Ok(report)
}
