//! The reference's rows as a schoolplan [`Dataset`]
//! (docs/migration.md §Tables of the Pensenmanager): ids become codes, doubles exact decimals
//! ([`super::num`]), stored balances initial and frozen balances; every repair
//! and refusal of docs/migration.md §Repairs and refusals is applied here and
//! written to the [`Report`]. Pure: no I/O.
//!
//! - This file: what the rows become ([`Converted2`]) and [`convert`], which
//!   runs the stages below in order, each with the codes the ones before it
//!   gave the reference's ids; the shared repairs of references and numbers.
//! - [`school`]: payroll types, grades, lookups, booking types, curricula,
//!   divisions, school years, subjects, classes and the lesson table.
//! - [`people`]: teachers, employments, notes and accounts.
//! - [`bookings`]: courses, pool entries, postings and theses.
//! - [`codes`]: the natural order of codes and codes derived from names.
//! - [`swiss_time`]: Swiss local time and UTC.

mod bookings;
mod codes;
mod people;
mod school;
mod swiss_time;

use std::collections::{BTreeSet, HashMap};

use serde::Serialize;
use serde_json::Value;

pub use codes::natural_key;
pub use school::{image_kind, MODE_ALIAS_3_10};
pub use swiss_time::{swiss_to_utc, utc_to_swiss, UTC_FORMAT};

use super::num::{self, Converted};
use super::report::Report;
use super::source::Rows;
use crate::auth::Role;
use crate::dataset::Dataset;
use crate::domain::fixed::Fixed;
use crate::store::account::AccountSettings;

/// An account to create beside the dataset, with its mail settings.
#[derive(Debug, Clone, PartialEq)]
pub struct AccountRecord {
    /// The sign-on name.
    pub name: String,
    /// grant ⇒ admin, else edit ⇒ planner, else reader.
    pub role: Role,
    /// The mail settings (empty texts when the account has none).
    pub settings: AccountSettings,
}

/// The balances the reference stored for one employment (for the reconciliation).
#[derive(Debug, Clone, PartialEq)]
pub struct StoredBalance {
    /// Teacher code (as imported).
    pub teacher: String,
    /// School year code.
    pub year: String,
    /// The year's graduation year (order).
    pub graduation_year: i64,
    /// Whether the year is locked.
    pub locked: bool,
    /// Stored opening balance.
    pub opening: Option<f64>,
    /// Stored closing balance.
    pub closing: Option<f64>,
}

/// What the rows become.
#[derive(Debug, Clone, Default)]
pub struct Converted2 {
    /// The school.
    pub dataset: Dataset,
    /// The accounts.
    pub accounts: Vec<AccountRecord>,
    /// The stored balances of every employment.
    pub stored: Vec<StoredBalance>,
    /// Notes marking repaired teachers: (teacher code, text).
    pub marks: Vec<(String, String)>,
    /// The records of the dataset that a refusal names.
    pub refused: Refused,
}

/// The records of the dataset that a refusal names, each as the key of its
/// list in the dataset file and the record as JSON. The move's trial load
/// leaves them out unnamed, and what depends on them
/// ([`crate::dataset::trial`]): no problem is named twice.
#[derive(Debug, Clone, Default)]
pub struct Refused(pub Vec<(&'static str, Value)>);

impl Refused {
    /// Pushes `record` onto `list`, the dataset's list `key`, noting it as
    /// refused when `report` holds more refusals than `mark`
    /// ([`Report::mark`], taken before the record was built) or `also` holds.
    fn push<T: Serialize>(
        &mut self,
        report: &Report,
        mark: usize,
        also: bool,
        key: &'static str,
        list: &mut Vec<T>,
        record: T,
    ) {
        if also || report.mark() > mark {
            self.0.push((key, serde_json::to_value(&record).expect("a record serialises")));
        }
        list.push(record);
    }
}

/// The codes of the rows converted so far by the reference's ids, for the
/// rows that refer to them: each stage of [`convert`] adds its own.
#[derive(Debug, Default)]
struct Known {
    /// Payroll types.
    payroll: HashMap<i32, String>,
    /// Grades.
    grades: HashMap<i32, String>,
    /// Subject categories.
    categories: HashMap<i32, String>,
    /// Subject types.
    types: HashMap<i32, String>,
    /// Genders.
    genders: HashMap<i32, String>,
    /// Pool types.
    pool_types: HashMap<i32, String>,
    /// Posting types.
    posting_types: HashMap<i32, String>,
    /// Thesis types.
    thesis_types: HashMap<i32, String>,
    /// Curricula.
    curricula: HashMap<i32, String>,
    /// Divisions.
    divisions: HashMap<i32, String>,
    /// School years: code, graduation year, whether locked.
    years: HashMap<i32, (String, i64, bool)>,
    /// Subjects.
    subjects: HashMap<i32, String>,
    /// Teachers.
    teachers: HashMap<i32, String>,
    /// School classes.
    classes: HashMap<i32, String>,
    /// (school year id, teacher id) of every employment.
    employed: BTreeSet<(i32, i32)>,
}

/// The reason of a refusal `verweis-fehlt`.
const MISSING_REF: &str = "Die Zeile verweist auf eine Zeile, die fehlt oder abgelehnt ist.";

/// The code of row `id` in `map`; a missing one refuses the referring row.
fn code_of(report: &mut Report, map: &HashMap<i32, String>, id: i32, table: &str, row: String) -> String {
    match map.get(&id) {
        Some(c) => c.clone(),
        None => {
            report.refuse(table, vec![format!("{row} (Verweis {id})")], "verweis-fehlt", MISSING_REF);
            String::new()
        }
    }
}

/// Double `x` of `table`/`row`/`column` as a 4-place decimal (§Numbers): a
/// rounding is reported, a value that is no number refuses the row.
fn number(report: &mut Report, table: &str, row: &str, column: &str, x: f64) -> Fixed {
    match num::to_fixed(x) {
        Some(Converted::Exact(f)) => f,
        Some(Converted::Rounded(f)) => {
            report.change(table, row, column, num::full_text(x), Some(num::text(f)), "zahl-gerundet");
            f
        }
        None => {
            report.refuse(table, vec![format!("{row} ({column} = {x})")], "keine-zahl", NO_NUMBER);
            Fixed(0)
        }
    }
}

/// The reason of a refusal `keine-zahl`.
const NO_NUMBER: &str = "Der Wert ist keine endliche Zahl oder zu gross.";

/// The trimmed text of `v`; `None` when it is absent or blank.
fn name_or(v: &Option<String>) -> Option<&str> {
    v.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

/// Converts the rows; problems go to `report` (a refusal there means the
/// dataset must not be imported).
pub fn convert(rows: &Rows, report: &mut Report) -> Converted2 {
    let mut out = Converted2::default();
    let mut known = Known::default();
    let (ds, refused) = (&mut out.dataset, &mut out.refused);
    school::lookups(rows, report, ds, refused, &mut known);
    school::years(rows, report, ds, refused, &mut known);
    school::subjects(rows, report, ds, refused, &mut known);
    people::teachers(rows, report, &mut out, &mut known);
    let (ds, refused) = (&mut out.dataset, &mut out.refused);
    school::classes(rows, report, ds, refused, &mut known);
    school::lesson_table(rows, report, ds, refused, &known);
    people::employments(rows, report, &mut out, &mut known);
    let (ds, refused) = (&mut out.dataset, &mut out.refused);
    bookings::courses(rows, report, ds, refused, &known);
    bookings::bookings(rows, report, ds, refused, &known);
    people::notes(rows, report, ds, refused, &known);
    people::accounts(rows, &mut out);

    out.dataset.canonicalize();
    out
}
