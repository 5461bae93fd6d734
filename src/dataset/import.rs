//! Import: a [`Dataset`] into an empty database, in one transaction.
//!
//! Every record is validated by the API's own rules: for each record the JSON
//! body the API would receive is built (codes resolved to the ids created
//! earlier in this transaction) and parsed with
//! `<NewX as FromBody>::from_body(&body, Mode::Create)`, then stored with the
//! same store method the API handler calls. The first problem aborts the
//! transaction — nothing is imported — and names the record and the rule.
//!
//! School years are created unlocked; their `finalised`/`archived` flags are
//! set at the very end, after their employments and courses are loaded
//! (locked years refuse changes to both, contract.md §7).

use std::collections::HashMap;
use std::fmt;

use serde::Serialize;
use serde_json::{json, Value};

use super::error::label_of_value;
use super::*;
use crate::domain::course::NewCourse;
use crate::domain::curriculum::NewCurriculum;
use crate::domain::division::NewDivision;
use crate::domain::employment::NewEmployment;
use crate::domain::ids::SchoolYearId;
use crate::domain::lookup::{LookupKind, NewLookup};
use crate::domain::schoolclass::NewSchoolClass;
use crate::domain::schoolyear::NewSchoolYear;
use crate::domain::subject::NewSubject;
use crate::domain::teacher::NewTeacher;
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
    /// Employments.
    pub employments: usize,
    /// Courses.
    pub courses: usize,
}

impl fmt::Display for ImportCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} grades, {} subject categories, {} subject types, {} curricula, {} divisions, {} school years, \
             {} subjects, {} teachers, {} school classes, {} employments, {} courses",
            self.grades,
            self.subject_categories,
            self.subject_types,
            self.curricula,
            self.divisions,
            self.school_years,
            self.subjects,
            self.teachers,
            self.school_classes,
            self.employments,
            self.courses
        )
    }
}

/// Database ids of one kind of object by code key (case-insensitive).
#[derive(Default)]
struct Codes {
    noun: &'static str,
    ids: HashMap<String, i64>,
}

impl Codes {
    fn new(noun: &'static str) -> Self {
        Codes { noun, ids: HashMap::new() }
    }

    fn insert(&mut self, code: &str, id: i64) {
        self.ids.insert(code_key(code), id);
    }

    /// The id of `code`, or an `unknown_reference` error naming the record and pointer.
    fn resolve(&self, code: &str, pointer: &str, record: impl FnOnce() -> String) -> Result<i64, DatasetError> {
        self.ids.get(&code_key(code)).copied().ok_or_else(|| DatasetError::unknown(record(), pointer, self.noun, code))
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
raw_ids!(CurriculumId, DivisionId, SchoolYearId, SubjectId, TeacherId, SchoolClassId, EmploymentId, CourseId);

/// `key[i] (…)` for a record (computed only when an error needs it).
fn label<'a, T: Serialize>(key: &'static str, index: usize, record: &'a T) -> impl Fn() -> String + 'a {
    move || label_of_value(key, index, &serde_json::to_value(record).unwrap_or(Value::Null))
}

/// Parses `body` as the API would for a POST.
fn parse<N: FromBody>(body: &Value, record: impl FnOnce() -> String) -> Result<N, DatasetError> {
    N::from_body(body, Mode::Create).map_err(|e| DatasetError::from_api(record(), e))
}

/// Maps a store error about `record`.
fn stored<T: RawId>(result: Result<T, Error>, record: impl FnOnce() -> String) -> Result<i64, DatasetError> {
    result.map(RawId::raw).map_err(|e| DatasetError::from_api(record(), e))
}

fn number(x: Option<Fixed>) -> Value {
    x.map(|f| serde_json::to_value(f).expect("number")).unwrap_or(Value::Null)
}

fn binary(b: &Option<BinaryRecord>) -> Value {
    b.as_ref().map(|b| json!({"fileName": b.file_name, "mimeType": b.mime_type, "data": b.data})).unwrap_or(Value::Null)
}

/// Imports `dataset` into an empty database in one transaction; returns the
/// counts. Refuses a non-empty database; one bad record imports nothing.
pub async fn import(store: &Store, dataset: &Dataset) -> Result<ImportCounts, DatasetError> {
    let mut tx = store.begin().await?;
    let held = tx.nonempty_tables().await?;
    if !held.is_empty() {
        let contents = held.iter().map(|(noun, n)| format!("{n} {noun}")).collect::<Vec<_>>().join(", ");
        return Err(DatasetError::NotEmpty { contents });
    }
    let counts = load(&mut tx, dataset).await?;
    let summary = json!({"imported": counts});
    tx.insert_audit(None, "IMPORT", "(dataset)", "dataset", None, &summary).await?;
    tx.commit().await?;
    Ok(counts)
}

async fn load(tx: &mut Conn, ds: &Dataset) -> Result<ImportCounts, DatasetError> {
    let mut grades = Codes::new("grade");
    let mut categories = Codes::new("subject category");
    let mut types = Codes::new("subject type");
    let mut curricula = Codes::new("curriculum");
    let mut divisions = Codes::new("division");
    let mut years = Codes::new("school year");
    let mut subjects = Codes::new("subject");
    let mut teachers = Codes::new("teacher");
    let mut classes = Codes::new("school class");

    for (key, kind, records, codes) in [
        ("grades", LookupKind::Grade, &ds.grades, &mut grades),
        ("subjectCategories", LookupKind::SubjectCategory, &ds.subject_categories, &mut categories),
        ("subjectTypes", LookupKind::SubjectType, &ds.subject_types, &mut types),
    ] {
        for (i, r) in records.iter().enumerate() {
            let record = label(key, i, r);
            let new: NewLookup = parse(&json!({"code": r.code, "description": r.description}), &record)?;
            let id = stored(tx.create_lookup(kind, &new).await, &record)?;
            codes.insert(&r.code, id);
        }
    }

    for (i, r) in ds.curricula.iter().enumerate() {
        let record = label("curricula", i, r);
        let body = json!({
            "code": r.code, "description": r.description, "archived": r.archived,
            "grades": grades.resolve_all(&r.grades, "/grades", &record)?,
        });
        let new: NewCurriculum = parse(&body, &record)?;
        let id = stored(tx.create_curriculum(&new).await, &record)?;
        curricula.insert(&r.code, id);
    }

    for (i, r) in ds.divisions.iter().enumerate() {
        let record = label("divisions", i, r);
        let body = json!({
            "code": r.code, "description": r.description, "headName": r.head_name,
            "headSignature": binary(&r.head_signature), "logo": binary(&r.logo),
        });
        let new: NewDivision = parse(&body, &record)?;
        let id = stored(tx.create_division(&new).await, &record)?;
        divisions.insert(&r.code, id);
    }

    // Created unlocked; the flags follow at the end.
    let mut locks: Vec<(SchoolYearId, NewSchoolYear, usize)> = Vec::new();
    for (i, r) in ds.school_years.iter().enumerate() {
        let record = label("schoolYears", i, r);
        let body = json!({
            "code": r.code, "description": r.description, "graduationYear": r.graduation_year, "weeks": r.weeks,
            "finalised": r.finalised, "archived": r.archived,
            // Version 1 of the format names only whether age relief is included:
            // it maps to the `percent` modes (workload.md §1).
            "calculationMode": if r.age_relief_included { 99 } else { 1 },
        });
        let new: NewSchoolYear = parse(&body, &record)?;
        let unlocked = NewSchoolYear { finalised: false, archived: false, ..new.clone() };
        let id = stored(tx.create_school_year(&unlocked).await, &record)?;
        years.insert(&r.code, id);
        if new != unlocked {
            locks.push((SchoolYearId(id), new, i));
        }
    }

    for (i, r) in ds.subjects.iter().enumerate() {
        let record = label("subjects", i, r);
        let body = json!({
            "code": r.code, "description": r.description,
            "category": categories.resolve_opt(r.category.as_deref(), "/category", &record)?,
            "type": types.resolve(&r.kind, "/type", &record)?,
            "crossClass": r.cross_class, "externalCode": r.external_code, "archived": r.archived,
        });
        let new: NewSubject = parse(&body, &record)?;
        let id = stored(tx.create_subject(&new).await, &record)?;
        subjects.insert(&r.code, id);
    }

    for (i, r) in ds.teachers.iter().enumerate() {
        let record = label("teachers", i, r);
        let body = json!({
            "code": r.code, "firstName": r.first_name, "lastName": r.last_name, "email": r.email,
            "birthday": r.birthday, "employeeNumber": r.employee_number, "title": r.title,
            "departments": categories.resolve_all(&r.departments, "/departments", &record)?,
            "archived": r.archived,
        });
        let new: NewTeacher = parse(&body, &record)?;
        let id = stored(tx.create_teacher(&new).await, &record)?;
        teachers.insert(&r.code, id);
    }

    for (i, r) in ds.school_classes.iter().enumerate() {
        let record = label("schoolClasses", i, r);
        let body = json!({
            "code": r.code,
            "curriculum": curricula.resolve(&r.curriculum, "/curriculum", &record)?,
            "division": divisions.resolve(&r.division, "/division", &record)?,
            "graduationYear": r.graduation_year, "archived": r.archived,
        });
        let new: NewSchoolClass = parse(&body, &record)?;
        let id = stored(tx.create_school_class(&new).await, &record)?;
        classes.insert(&r.code, id);
    }

    for (i, r) in ds.employments.iter().enumerate() {
        let record = label("employments", i, r);
        let body = json!({
            "teacher": teachers.resolve(&r.teacher, "/teacher", &record)?,
            "schoolYear": years.resolve(&r.school_year, "/schoolYear", &record)?,
            "division": divisions.resolve(&r.division, "/division", &record)?,
            "employmentMin": number(r.employment_min), "employmentMax": number(r.employment_max),
            "payment1": number(r.payment1), "payment2": number(r.payment2),
            "temporary": r.temporary, "comments": r.comments,
        });
        let new: NewEmployment = parse(&body, &record)?;
        stored(tx.create_employment(&new).await, &record)?;
    }

    for (i, r) in ds.courses.iter().enumerate() {
        let record = label("courses", i, r);
        let body = json!({
            "schoolYear": years.resolve(&r.school_year, "/schoolYear", &record)?,
            "subject": subjects.resolve(&r.subject, "/subject", &record)?,
            "grade": grades.resolve(&r.grade, "/grade", &record)?,
            "curriculum": curricula.resolve(&r.curriculum, "/curriculum", &record)?,
            "schoolClasses": classes.resolve_all(&r.school_classes, "/schoolClasses", &record)?,
            "teachers1": teachers.resolve_all(&r.teachers1, "/teachers1", &record)?,
            "teachers2": teachers.resolve_all(&r.teachers2, "/teachers2", &record)?,
            "lessons1": number(Some(r.lessons1)), "lessons2": number(Some(r.lessons2)),
            "cancelled": r.cancelled, "comments": r.comments,
        });
        let new: NewCourse = parse(&body, &record)?;
        stored(tx.create_course(&new).await, &record)?;
    }

    for (id, new, i) in &locks {
        let record = label("schoolYears", *i, &ds.school_years[*i]);
        tx.update_school_year(*id, new).await.map_err(|e| DatasetError::from_api(record(), e))?;
    }

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
        employments: ds.employments.len(),
        courses: ds.courses.len(),
    })
}
