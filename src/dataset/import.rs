//! Import: a [`Dataset`] into an empty database, in one transaction.
//!
//! Every record is validated by the API's own rules: for each record the JSON
//! body the API would receive is built (codes resolved to the ids created
//! earlier in this transaction) and parsed with
//! `<NewX as FromBody>::from_body(&body, Mode::Create)`, then stored with the
//! same store method the API handler calls. The first problem aborts the
//! transaction — nothing is imported — and names the record and the rule.
//! [`trial()`] loads the same records, each in a savepoint of its own, and
//! names every record that breaks a rule, those only the database keeps too.
//!
//! School years are created unlocked; their `finalised`/`archived` flags are
//! set at the very end, after their employments and courses are loaded
//! (locked years refuse changes to both, docs/contract.md §Locked school years).

use std::collections::{HashMap, HashSet};
use std::fmt;

use serde::Serialize;
use serde_json::{json, Value};

use super::error::label_of_value;
use super::*;
use crate::domain::course::NewCourse;
use crate::domain::curriculum::NewCurriculum;
use crate::domain::division::NewDivision;
use crate::domain::employment::NewEmployment;
use crate::domain::grade::NewGrade;
use crate::domain::ids::{CurriculumId, DivisionId, EmploymentId, SchoolYearId, SubjectId};
use crate::domain::lessontable::{LessonTableKey, NewLessonRow};
use crate::domain::lookup::{LookupKind, NewLookup};
use crate::domain::payroll::{BookingKind, NewPayrollType, NewPoolType, NewPostingType, NewThesisType};
use crate::domain::pool::{NewNote, NewPoolEntry, NewPosting, ThesisCounts};
use crate::domain::schoolclass::NewSchoolClass;
use crate::domain::schoolyear::NewSchoolYear;
use crate::domain::subject::NewSubject;
use crate::domain::teacher::NewTeacher;
use crate::domain::workload::CalculationMode;
use crate::domain::{FromBody, Mode};
use crate::error::Error;
use crate::store::{Conn, Store};

/// How many records of each kind were imported.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ImportCounts {
    /// Grades.
    pub grades: usize,
    /// Subject categories.
    pub subject_categories: usize,
    /// Subject types.
    pub subject_types: usize,
    /// Curricula.
    pub curricula: usize,
    /// Divisions.
    pub divisions: usize,
    /// School years.
    pub school_years: usize,
    /// Subjects.
    pub subjects: usize,
    /// Teachers.
    pub teachers: usize,
    /// School classes.
    pub school_classes: usize,
    /// Lesson table entries.
    pub lesson_table: usize,
    /// Employments.
    pub employments: usize,
    /// Courses.
    pub courses: usize,
    /// Payroll types.
    pub payroll_types: usize,
    /// Pool entries.
    pub pool_entries: usize,
    /// Postings.
    pub postings: usize,
    /// Employments with theses.
    pub theses: usize,
    /// Notes.
    pub notes: usize,
}

impl fmt::Display for ImportCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} grades, {} subject categories, {} subject types, {} curricula, {} divisions, {} school years, \
             {} subjects, {} teachers, {} school classes, {} lesson table entries, {} employments, {} courses, {} payroll types, \
             {} pool entries, {} postings, {} employments with theses, {} notes",
            self.grades,
            self.subject_categories,
            self.subject_types,
            self.curricula,
            self.divisions,
            self.school_years,
            self.subjects,
            self.teachers,
            self.school_classes,
            self.lesson_table,
            self.employments,
            self.courses,
            self.payroll_types,
            self.pool_entries,
            self.postings,
            self.theses,
            self.notes
        )
    }
}

/// Database ids of one kind of object by code key (case-insensitive), and
/// the codes of the records a trial load left out ([`trial`]).
#[derive(Default)]
struct Codes {
    noun: &'static str,
    ids: HashMap<String, i64>,
    left_out: HashSet<String>,
}

impl Codes {
    fn new(noun: &'static str) -> Self {
        Codes { noun, ..Codes::default() }
    }

    fn insert(&mut self, code: &str, id: i64) {
        self.ids.insert(code_key(code), id);
    }

    /// The record of `code` stored with `id`, or (`None`) left out by a trial load.
    fn put(&mut self, code: &str, id: Option<i64>) {
        match id {
            Some(id) => self.insert(code, id),
            None => {
                self.left_out.insert(code_key(code));
            }
        }
    }

    /// The id of `code`, or an `unknown_reference` error naming the record
    /// and pointer; [`DatasetError::Inherited`] for the code of a record a
    /// trial load left out (unless a stored record has the code too).
    fn resolve(&self, code: &str, pointer: &str, record: impl FnOnce() -> String) -> Result<i64, DatasetError> {
        let key = code_key(code);
        match self.ids.get(&key) {
            Some(id) => Ok(*id),
            None if self.left_out.contains(&key) => Err(DatasetError::Inherited),
            None => Err(DatasetError::unknown(record(), pointer, self.noun, code)),
        }
    }

    fn resolve_opt(
        &self,
        code: Option<&str>,
        pointer: &str,
        record: impl FnOnce() -> String,
    ) -> Result<Value, DatasetError> {
        match code {
            Some(c) => Ok(json!(self.resolve(c, pointer, record)?)),
            None => Ok(Value::Null),
        }
    }

    fn resolve_all(
        &self,
        codes: &[String],
        pointer: &str,
        record: impl Fn() -> String,
    ) -> Result<Vec<i64>, DatasetError> {
        codes.iter().enumerate().map(|(i, c)| self.resolve(c, &format!("{pointer}/{i}"), &record)).collect()
    }
}

/// A typed id as its raw value.
trait RawId {
    fn raw(self) -> i64;
}

impl RawId for i64 {
    fn raw(self) -> i64 {
        self
    }
}

macro_rules! raw_ids {
    ($($t:ident),*) => {$(
        impl RawId for crate::domain::ids::$t {
            fn raw(self) -> i64 { self.0 }
        }
    )*};
}
raw_ids!(
    CurriculumId,
    DivisionId,
    SchoolYearId,
    SubjectId,
    TeacherId,
    SchoolClassId,
    EmploymentId,
    CourseId,
    PayrollTypeId,
    PoolEntryId,
    PostingId,
    NoteId
);

/// `key[i] (…)` for a record (computed only when an error needs it).
fn label<'a, T: Serialize>(key: &'static str, index: usize, record: &'a T) -> impl Fn() -> String + 'a {
    move || label_of_value(key, index, &serde_json::to_value(record).unwrap_or(Value::Null))
}

/// Parses `body` as the API would for a POST.
fn parse<N: FromBody>(body: &Value, record: impl FnOnce() -> String) -> Result<N, DatasetError> {
    N::from_body(body, Mode::Create).map_err(|e| DatasetError::from_api(record(), e))
}

fn number(x: Option<Fixed>) -> Value {
    x.map(|f| serde_json::to_value(f).expect("number")).unwrap_or(Value::Null)
}

fn binary(b: &Option<BinaryRecord>) -> Value {
    b.as_ref().map(|b| json!({"fileName": b.file_name, "mimeType": b.mime_type, "data": b.data})).unwrap_or(Value::Null)
}

/// Imports `dataset` into an empty database in one transaction; returns the
/// counts. Refuses a non-empty database; one bad record imports nothing.
/// Afterwards the planner's statistics are refreshed ([`Store::analyze`]).
pub async fn import(store: &Store, dataset: &Dataset) -> Result<ImportCounts, DatasetError> {
    let mut tx = store.begin().await?;
    let counts = import_into(&mut tx, dataset).await?;
    tx.commit().await?;
    store.analyze().await?;
    Ok(counts)
}

/// [`import()`] inside the caller's transaction `tx`, which it leaves open:
/// the caller may write more in the same transaction (the move from the
/// Pensenmanager adds the accounts, docs/migration.md) and then commits it, or
/// drops it to write nothing (a dry run). Checks that the database is empty,
/// loads every record and writes the audit entry.
pub async fn import_into(tx: &mut Conn, dataset: &Dataset) -> Result<ImportCounts, DatasetError> {
    refuse_nonempty(tx).await?;
    let counts = load(tx, dataset).await?;
    let summary = json!({"imported": counts});
    let what = crate::store::account::AuditWhat { action: "imported", label: None, school_year: None };
    tx.insert_audit(None, "IMPORT", "(dataset)", "dataset", None, &summary, what).await?;
    Ok(counts)
}

/// [`DatasetError::NotEmpty`] unless the database of `tx` is empty.
async fn refuse_nonempty(tx: &mut Conn) -> Result<(), DatasetError> {
    let held = tx.nonempty_tables().await?;
    if held.is_empty() {
        return Ok(());
    }
    let contents = held.iter().map(|(noun, n)| format!("{n} {noun}")).collect::<Vec<_>>().join(", ");
    Err(DatasetError::NotEmpty { contents })
}

async fn load(tx: &mut Conn, ds: &Dataset) -> Result<ImportCounts, DatasetError> {
    walk(&mut Target::Db(tx), ds).await?;
    Ok(ImportCounts {
        grades: ds.grades.len(),
        subject_categories: ds.subject_categories.len(),
        subject_types: ds.subject_types.len(),
        curricula: ds.curricula.len(),
        divisions: ds.divisions.len(),
        school_years: ds.school_years.len(),
        subjects: ds.subjects.len(),
        teachers: ds.teachers.len(),
        school_classes: ds.school_classes.len(),
        lesson_table: ds.lesson_table.len(),
        employments: ds.employments.len(),
        courses: ds.courses.len(),
        payroll_types: ds.payroll_types.len(),
        pool_entries: ds.pool_entries.len(),
        postings: ds.postings.len(),
        theses: ds.theses.len(),
        notes: ds.notes.len(),
    })
}

/// A trial load of `dataset` into `tx`, an empty database's write
/// (docs/migration.md §Before the move): the records in the import's order,
/// each written in a savepoint of its own by the same rules as
/// [`import_into`], those only the database keeps among them (codes taken
/// twice, a teacher employed twice in a year, courses and bookings of
/// teachers without an employment, the checks of a course's classes). A
/// record that is refused is undone and named, and the load goes on. A
/// record whose label (`key[i] (…)`) is in `skip` is left out unnamed (the
/// caller has named it), and so is every record that refers to one left out
/// or refused: its own problems show once that one is mended.
///
/// Returns the problems in the order the load met them (none: the whole
/// dataset loads). The caller drops `tx` afterwards: a trial is not for
/// keeping. Errors: [`DatasetError::NotEmpty`], [`DatasetError::Database`].
pub async fn trial(
    tx: &mut Conn,
    dataset: &Dataset,
    skip: &HashSet<String>,
) -> Result<Vec<DatasetError>, DatasetError> {
    refuse_nonempty(tx).await?;
    let mut problems = Vec::new();
    walk(&mut Target::Trial { tx, problems: &mut problems, skip }, dataset).await?;
    Ok(problems)
}

/// Where [`walk`] takes the records: into the database, stopping at the
/// first problem ([`import_into`]), or into it record by record, noting
/// every problem and going on ([`trial`]).
enum Target<'a> {
    /// The import's transaction.
    Db(&'a mut Conn),
    /// The trial: its transaction, the problems so far, the labels of the
    /// records to leave out unnamed.
    Trial { tx: &'a mut Conn, problems: &'a mut Vec<DatasetError>, skip: &'a HashSet<String> },
}

impl Target<'_> {
    /// `built`, or its problem: the import stops at it, the trial notes it
    /// (an inherited one unnamed) and goes on (`None`). A failure of the
    /// database stops both.
    fn take<N>(&mut self, built: Result<N, DatasetError>) -> Result<Option<N>, DatasetError> {
        match (built, self) {
            (Ok(n), _) => Ok(Some(n)),
            (Err(e), Target::Db(_)) | (Err(e @ DatasetError::Database(_)), _) => Err(e),
            (Err(DatasetError::Inherited), Target::Trial { .. }) => Ok(None),
            (Err(e), Target::Trial { problems, .. }) => {
                problems.push(e);
                Ok(None)
            }
        }
    }

    /// Whether the trial leaves the record labelled `record` out unnamed.
    fn skips(&self, record: &impl Fn() -> String) -> bool {
        matches!(self, Target::Trial { skip, .. } if !skip.is_empty() && skip.contains(&record()))
    }

    /// Runs `write`, its problem naming `record`: in the import on its
    /// transaction; in the trial inside a savepoint, undone on a problem,
    /// which is noted (`None`).
    async fn run<T>(
        &mut self,
        record: impl FnOnce() -> String,
        write: impl AsyncFnOnce(&mut Conn) -> Result<T, Error>,
    ) -> Result<Option<T>, DatasetError> {
        match self {
            Target::Db(tx) => write(tx).await.map(Some).map_err(|e| DatasetError::from_api(record(), e)),
            Target::Trial { tx, .. } => {
                tx.open_savepoint().await?;
                let written = write(tx).await;
                match &written {
                    Ok(_) => tx.release_savepoint().await?,
                    Err(_) => tx.undo_savepoint().await?,
                }
                let written = written.map_err(|e| DatasetError::from_api(record(), e));
                self.take(written)
            }
        }
    }

    /// Builds the record's body, parses it as the API would for a POST and
    /// stores it with `write`; its id, `None` when the trial left it out.
    async fn record<N: FromBody, T: RawId>(
        &mut self,
        record: &impl Fn() -> String,
        body: impl FnOnce() -> Result<Value, DatasetError>,
        write: impl AsyncFnOnce(&mut Conn, &N) -> Result<T, Error>,
    ) -> Result<Option<i64>, DatasetError> {
        if self.skips(record) {
            return Ok(None);
        }
        let Some(new) = self.take(body().and_then(|b| parse::<N>(&b, record)))? else { return Ok(None) };
        Ok(self.run(record, async |tx| write(tx, &new).await).await?.map(RawId::raw))
    }
}

/// Every record of `ds` in the import's order, into `target`.
async fn walk(target: &mut Target<'_>, ds: &Dataset) -> Result<(), DatasetError> {
    let mut grades = Codes::new("grade");
    let mut categories = Codes::new("subject category");
    let mut types = Codes::new("subject type");
    let mut curricula = Codes::new("curriculum");
    let mut divisions = Codes::new("division");
    let mut years = Codes::new("school year");
    let mut subjects = Codes::new("subject");
    let mut teachers = Codes::new("teacher");
    let mut classes = Codes::new("school class");

    let mut genders = Codes::new("gender");
    let mut payroll = Codes::new("payroll type");
    let mut pool_types = Codes::new("pool type");
    let mut posting_types = Codes::new("posting type");
    let mut thesis_types = Codes::new("thesis type");

    for (i, r) in ds.payroll_types.iter().enumerate() {
        let record = label("payrollTypes", i, r);
        let body = || {
            Ok(json!({
                "code": r.code, "description": r.description, "lessonBased": r.lesson_based,
                "saldoResolvingOrder": r.saldo_resolving_order, "ipbCorrectionAllowed": r.ipb_correction_allowed,
            }))
        };
        let id =
            target.record(&record, body, async |tx, new: &NewPayrollType| tx.create_payroll_type(new).await).await?;
        payroll.put(&r.code, id);
    }
    for (i, r) in ds.grades.iter().enumerate() {
        let record = label("grades", i, r);
        let body = || {
            Ok(json!({
                "code": r.code, "description": r.description,
                "payrollType": payroll.resolve_opt(r.payroll_type.as_deref(), "/payrollType", &record)?,
                "classLessonPayrollType": payroll.resolve_opt(r.class_lesson_payroll_type.as_deref(), "/classLessonPayrollType", &record)?,
            }))
        };
        let id = target.record(&record, body, async |tx, new: &NewGrade| tx.create_grade(new).await).await?;
        grades.put(&r.code, id);
    }
    for (key, kind, records, codes) in [
        ("subjectCategories", LookupKind::SubjectCategory, &ds.subject_categories, &mut categories),
        ("subjectTypes", LookupKind::SubjectType, &ds.subject_types, &mut types),
        ("genders", LookupKind::Gender, &ds.genders, &mut genders),
    ] {
        for (i, r) in records.iter().enumerate() {
            let record = label(key, i, r);
            let body = || Ok(json!({"code": r.code, "description": r.description, "archived": r.archived}));
            let id =
                target.record(&record, body, async |tx, new: &NewLookup| tx.create_lookup(kind, new).await).await?;
            codes.put(&r.code, id);
        }
    }

    let booking = |code: &str, description: &str, payroll_type: i64, extra: (&str, Value)| {
        let mut body = json!({"code": code, "description": description, "payrollType": payroll_type});
        body[extra.0] = extra.1;
        body
    };
    for (i, r) in ds.pool_types.iter().enumerate() {
        let record = label("poolTypes", i, r);
        let body = || {
            let pt = payroll.resolve(&r.payroll_type, "/payrollType", &record)?;
            Ok(booking(&r.code, &r.description, pt, ("autoCopy", json!(r.auto_copy))))
        };
        let write = async |tx: &mut Conn, new: &NewPoolType| tx.create_booking_type(BookingKind::Pool, &new.0).await;
        pool_types.put(&r.code, target.record(&record, body, write).await?);
    }
    for (i, r) in ds.posting_types.iter().enumerate() {
        let record = label("postingTypes", i, r);
        let body = || {
            let pt = payroll.resolve(&r.payroll_type, "/payrollType", &record)?;
            Ok(booking(&r.code, &r.description, pt, ("percent", json!(r.percent))))
        };
        let write =
            async |tx: &mut Conn, new: &NewPostingType| tx.create_booking_type(BookingKind::Posting, &new.0).await;
        posting_types.put(&r.code, target.record(&record, body, write).await?);
    }
    for (i, r) in ds.thesis_types.iter().enumerate() {
        let record = label("thesisTypes", i, r);
        let body = || {
            let pt = payroll.resolve(&r.payroll_type, "/payrollType", &record)?;
            Ok(booking(&r.code, &r.description, pt, ("percent", number(Some(r.percent)))))
        };
        let write =
            async |tx: &mut Conn, new: &NewThesisType| tx.create_booking_type(BookingKind::Thesis, &new.0).await;
        thesis_types.put(&r.code, target.record(&record, body, write).await?);
    }

    for (i, r) in ds.curricula.iter().enumerate() {
        let record = label("curricula", i, r);
        let body = || {
            Ok(json!({
                "code": r.code, "description": r.description, "archived": r.archived,
                "grades": grades.resolve_all(&r.grades, "/grades", &record)?,
            }))
        };
        let id = target.record(&record, body, async |tx, new: &NewCurriculum| tx.create_curriculum(new).await).await?;
        curricula.put(&r.code, id);
    }

    for (i, r) in ds.divisions.iter().enumerate() {
        let record = label("divisions", i, r);
        let body = || {
            Ok(json!({
                "code": r.code, "description": r.description, "headName": r.head_name,
                "headTitle": r.head_title, "grouping": r.grouping, "headSignature": binary(&r.head_signature), "logo": binary(&r.logo),
            }))
        };
        let id = target.record(&record, body, async |tx, new: &NewDivision| tx.create_division(new).await).await?;
        divisions.put(&r.code, id);
    }

    let mut frozen: Vec<(i64, String, String)> = Vec::new();
    // Created unlocked; the flags follow at the end.
    let mut locks: Vec<(SchoolYearId, NewSchoolYear, usize)> = Vec::new();
    for (i, r) in ds.school_years.iter().enumerate() {
        let record = label("schoolYears", i, r);
        let body = || {
            let mode = match (&r.calculation_mode, r.age_relief_included) {
                (Some(code), _) => CalculationMode::from_code(code).ok_or_else(|| {
                    DatasetError::malformed(
                        Some(record()),
                        format!("`calculationMode` \"{code}\" is not a calculation mode"),
                    )
                })?,
                // Older files name only whether age relief is included.
                (None, Some(true)) => CalculationMode::PercentAgeReliefIncluded,
                (None, _) => CalculationMode::Percent,
            };
            let mut weekly = serde_json::Map::new();
            for (code, lessons) in &r.weekly_lessons {
                let id = payroll.resolve(code, &format!("/weeklyLessons/{code}"), &record)?;
                weekly.insert(id.to_string(), number(Some(*lessons)));
            }
            Ok(json!({
                "code": r.code, "description": r.description, "graduationYear": r.graduation_year, "weeks": r.weeks,
                "finalised": r.finalised, "archived": r.archived, "calculationMode": mode.id(),
                "smallGroupSurcharge": number(Some(r.small_group_surcharge)), "weeklyLessons": weekly,
                "showIpbBalances": r.show_ipb_balances,
            }))
        };
        let write = async |tx: &mut Conn, new: &NewSchoolYear| {
            let unlocked = NewSchoolYear { finalised: false, archived: false, ..new.clone() };
            let id = crate::service::schoolyear::create(tx, &unlocked).await?;
            if *new != unlocked {
                locks.push((id, new.clone(), i));
            }
            Ok(id)
        };
        years.put(&r.code, target.record(&record, body, write).await?);
    }

    for (i, r) in ds.subjects.iter().enumerate() {
        let record = label("subjects", i, r);
        let body = || {
            Ok(json!({
                "code": r.code, "description": r.description,
                "category": categories.resolve_opt(r.category.as_deref(), "/category", &record)?,
                "type": types.resolve(&r.kind, "/type", &record)?,
                "crossClass": r.cross_class, "externalCode": r.external_code, "archived": r.archived,
                "classLesson": r.class_lesson,
            }))
        };
        let id = target.record(&record, body, async |tx, new: &NewSubject| tx.create_subject(new).await).await?;
        subjects.put(&r.code, id);
    }

    for (i, r) in ds.teachers.iter().enumerate() {
        let record = label("teachers", i, r);
        let body = || {
            Ok(json!({
                "code": r.code, "firstName": r.first_name, "lastName": r.last_name, "email": r.email,
                "birthday": r.birthday, "employeeNumber": r.employee_number, "title": r.title,
                "departments": categories.resolve_all(&r.departments, "/departments", &record)?,
                "archived": r.archived,
                "gender": genders.resolve_opt(r.gender.as_deref(), "/gender", &record)?,
            }))
        };
        let id = target.record(&record, body, async |tx, new: &NewTeacher| tx.create_teacher(new).await).await?;
        teachers.put(&r.code, id);
    }

    for (i, r) in ds.school_classes.iter().enumerate() {
        let record = label("schoolClasses", i, r);
        let body = || {
            Ok(json!({
                "code": r.code,
                "curriculum": curricula.resolve(&r.curriculum, "/curriculum", &record)?,
                "division": divisions.resolve(&r.division, "/division", &record)?,
                "graduationYear": r.graduation_year, "archived": r.archived,
            }))
        };
        let write = async |tx: &mut Conn, new: &NewSchoolClass| tx.create_school_class(new).await;
        classes.put(&r.code, target.record(&record, body, write).await?);
    }

    // Lesson table: one row (curriculum, division, subject) per PUT body, rows in file order.
    type RowKey = (i64, i64, Option<i64>);
    let mut rows: Vec<(RowKey, usize, Vec<Value>)> = Vec::new();
    for (i, r) in ds.lesson_table.iter().enumerate() {
        let record = label("lessonTable", i, r);
        if target.skips(&record) {
            continue;
        }
        let entry = || -> Result<(RowKey, Value), DatasetError> {
            let key = (
                curricula.resolve(&r.curriculum, "/curriculum", &record)?,
                subjects.resolve(&r.subject, "/subject", &record)?,
                match &r.division {
                    Some(d) => Some(divisions.resolve(d, "/division", &record)?),
                    None => None,
                },
            );
            let cell = json!({
                "grade": grades.resolve(&r.grade, "/grade", &record)?, "type": r.kind,
                "lessons1": number(Some(r.lessons1)), "lessons2": number(Some(r.lessons2)),
            });
            Ok((key, cell))
        };
        let Some((key, cell)) = target.take(entry())? else { continue };
        match rows.iter_mut().find(|(k, ..)| *k == key) {
            Some((_, _, cells)) => cells.push(cell),
            None => rows.push((key, i, vec![cell])),
        }
    }
    for ((curriculum, subject, division), first, cells) in rows {
        let record = label("lessonTable", first, &ds.lesson_table[first]);
        let Some(new) = target.take(parse::<NewLessonRow>(&json!({"details": cells}), &record))? else { continue };
        let key = LessonTableKey {
            curriculum: CurriculumId(curriculum),
            subject: SubjectId(subject),
            division: division.map(DivisionId),
        };
        target.run(&record, async |tx| tx.replace_lesson_row(key, &new).await).await?;
    }

    // (teacher, school year) of the employments a trial left out: what is
    // booked on them is left out too.
    let mut lost: HashSet<(i64, i64)> = HashSet::new();
    for (i, r) in ds.employments.iter().enumerate() {
        let record = label("employments", i, r);
        let body = || {
            Ok(json!({
                "teacher": teachers.resolve(&r.teacher, "/teacher", &record)?,
                "schoolYear": years.resolve(&r.school_year, "/schoolYear", &record)?,
                "division": divisions.resolve(&r.division, "/division", &record)?,
                "employmentMin": number(r.employment_min), "employmentMax": number(r.employment_max),
                "payment1": number(r.payment1), "payment2": number(r.payment2),
                "temporary": r.temporary, "comments": r.comments, "initialBalance": number(Some(r.initial_balance)),
            }))
        };
        let write = async |tx: &mut Conn, new: &NewEmployment| crate::service::employment::create(tx, new).await;
        let Some(id) = target.record(&record, body, write).await? else {
            let never = || String::new();
            if let (Ok(t), Ok(y)) = (teachers.resolve(&r.teacher, "", never), years.resolve(&r.school_year, "", never))
            {
                lost.insert((t, y));
            }
            continue;
        };
        if let (Some(o), Some(c)) = (&r.frozen_opening_balance, &r.frozen_closing_balance) {
            let exact = |s: &str| s.parse::<rust_decimal::Decimal>().is_ok();
            if !exact(o) || !exact(c) {
                let problem = DatasetError::malformed(Some(record()), "frozen balances must be exact decimal numbers");
                target.take(Err::<(), _>(problem))?;
            } else {
                frozen.push((id, o.clone(), c.clone()));
            }
        }
    }

    // A booking on an employment the trial left out is left out too.
    let booked = |teacher: i64, year: i64| match lost.contains(&(teacher, year)) {
        true => Err(DatasetError::Inherited),
        false => Ok(teacher),
    };
    for (i, r) in ds.courses.iter().enumerate() {
        let record = label("courses", i, r);
        let body = || {
            let year = years.resolve(&r.school_year, "/schoolYear", &record)?;
            let teachers1 = teachers.resolve_all(&r.teachers1, "/teachers1", &record)?;
            let teachers2 = teachers.resolve_all(&r.teachers2, "/teachers2", &record)?;
            for t in teachers1.iter().chain(&teachers2) {
                booked(*t, year)?;
            }
            Ok(json!({
                "schoolYear": year,
                "subject": subjects.resolve(&r.subject, "/subject", &record)?,
                "grade": grades.resolve(&r.grade, "/grade", &record)?,
                "curriculum": curricula.resolve(&r.curriculum, "/curriculum", &record)?,
                "schoolClasses": classes.resolve_all(&r.school_classes, "/schoolClasses", &record)?,
                "teachers1": teachers1,
                "teachers2": teachers2,
                "lessons1": number(Some(r.lessons1)), "lessons2": number(Some(r.lessons2)),
                "cancelled": r.cancelled, "comments": r.comments,
                "smallGroup1": r.small_group1, "smallGroup2": r.small_group2,
            }))
        };
        let write = async |tx: &mut Conn, new: &NewCourse| crate::service::course::create(tx, new, true).await;
        target.record(&record, body, write).await?;
    }

    for (i, r) in ds.pool_entries.iter().enumerate() {
        let record = label("poolEntries", i, r);
        let body = || {
            let year = years.resolve(&r.school_year, "/schoolYear", &record)?;
            Ok(json!({
                "schoolYear": year,
                "teacher": booked(teachers.resolve(&r.teacher, "/teacher", &record)?, year)?,
                "type": pool_types.resolve(&r.kind, "/type", &record)?,
                "description": r.description, "percent1": number(Some(r.percent1)), "percent2": number(Some(r.percent2)),
            }))
        };
        let write = async |tx: &mut Conn, new: &NewPoolEntry| crate::service::pool::create_pool_entry(tx, new).await;
        target.record(&record, body, write).await?;
    }
    for (i, r) in ds.postings.iter().enumerate() {
        let record = label("postings", i, r);
        let body = || {
            let mut details = serde_json::Map::new();
            for (code, v) in &r.details {
                let id = posting_types.resolve(code, &format!("/details/{code}"), &record)?;
                details.insert(id.to_string(), number(Some(*v)));
            }
            let year = years.resolve(&r.school_year, "/schoolYear", &record)?;
            Ok(json!({
                "schoolYear": year,
                "teacher": booked(teachers.resolve(&r.teacher, "/teacher", &record)?, year)?,
                "description": r.description, "startDate": r.start_date, "endDate": r.end_date, "details": details,
            }))
        };
        let write = async |tx: &mut Conn, new: &NewPosting| crate::service::pool::create_posting(tx, new).await;
        target.record(&record, body, write).await?;
    }
    for (i, r) in ds.theses.iter().enumerate() {
        let record = label("theses", i, r);
        if target.skips(&record) {
            continue;
        }
        let theses = || -> Result<(ThesisCounts, i64, i64), DatasetError> {
            let mut counts = serde_json::Map::new();
            for (code, n) in &r.counts {
                let id = thesis_types.resolve(code, &format!("/counts/{code}"), &record)?;
                counts.insert(id.to_string(), number(Some(*n)));
            }
            let new: ThesisCounts = parse(&json!({"thesisCounts": counts}), &record)?;
            let year = years.resolve(&r.school_year, "/schoolYear", &record)?;
            let teacher = booked(teachers.resolve(&r.teacher, "/teacher", &record)?, year)?;
            Ok((new, year, teacher))
        };
        let Some((new, year, teacher)) = target.take(theses())? else { continue };
        let write = async |tx: &mut Conn| {
            let not_employed = || crate::domain::pool::not_employed(&r.teacher, &r.school_year);
            let before = tx.get_theses(year, teacher).await?.ok_or_else(not_employed)?;
            crate::service::pool::set_theses(tx, &before, &new).await
        };
        target.run(&record, write).await?;
    }
    for (i, r) in ds.notes.iter().enumerate() {
        let record = label("notes", i, r);
        let body = || Ok(json!({"teacher": teachers.resolve(&r.teacher, "/teacher", &record)?, "text": r.text}));
        let write = async |tx: &mut Conn, new: &NewNote| tx.create_note(new, &r.created_by, &r.creation_date).await;
        target.record(&record, body, write).await?;
    }

    for (id, new, i) in &locks {
        let record = label("schoolYears", *i, &ds.school_years[*i]);
        target.run(&record, async |tx| crate::service::schoolyear::update(tx, *id, new).await).await?;
    }
    // Balances frozen when their years were locked are restored as they were.
    let (Target::Db(tx) | Target::Trial { tx, .. }) = target;
    for (id, opening, closing) in frozen {
        tx.set_frozen_balances(EmploymentId(id), Some((opening, closing))).await?;
    }
    Ok(())
}
