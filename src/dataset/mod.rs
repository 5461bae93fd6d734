//! The JSON dataset format of a whole school (docs/dataset.md).
//!
//! A [`Dataset`] holds every resource of one school in one document, with
//! references **by code** (never by database id), in a deterministic order, so
//! that an export is byte-stable: export → import into an empty database →
//! export gives the same bytes.
//!
//! - [`import()`]: validates every record with the API's own parsing
//!   ([`crate::domain::FromBody`]) and loads everything in one transaction.
//! - [`export()`]: reads the whole database with a fixed number of queries.
//! - [`Dataset::canonicalize`]: the one ordering both export and the demo
//!   generator use.

mod error;
mod export;
mod import;
pub mod num;

use std::cmp::Ordering;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::domain::code_key;
use crate::domain::fixed::Fixed;

pub use error::DatasetError;
pub use export::export;
pub use import::{import, ImportCounts};

/// The value of the `format` member.
pub const FORMAT: &str = "schoolplan-dataset";
/// The format version this build reads and writes.
pub const VERSION: u32 = 1;

/// A whole school as one JSON document; references by code (docs/dataset.md).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Dataset {
    /// Always [`FORMAT`].
    pub format: String,
    /// Always [`VERSION`].
    pub version: u32,
    /// Grades (Stufen), by code.
    #[serde(default)]
    pub grades: Vec<LookupRecord>,
    /// Subject categories (Fachgebiete), by code.
    #[serde(default)]
    pub subject_categories: Vec<LookupRecord>,
    /// Subject types (Fachtypen), by code.
    #[serde(default)]
    pub subject_types: Vec<LookupRecord>,
    /// Curricula, by code.
    #[serde(default)]
    pub curricula: Vec<CurriculumRecord>,
    /// Divisions, by code.
    #[serde(default)]
    pub divisions: Vec<DivisionRecord>,
    /// School years, by graduation year.
    #[serde(default)]
    pub school_years: Vec<SchoolYearRecord>,
    /// Subjects, by code.
    #[serde(default)]
    pub subjects: Vec<SubjectRecord>,
    /// Teachers, by code.
    #[serde(default)]
    pub teachers: Vec<TeacherRecord>,
    /// School classes, by code.
    #[serde(default)]
    pub school_classes: Vec<SchoolClassRecord>,
    /// Employments, by school year (graduation year), then teacher code.
    #[serde(default)]
    pub employments: Vec<EmploymentRecord>,
    /// Courses, by school year, then in the API list order (subject code, grade
    /// code, first class code), then file order.
    #[serde(default)]
    pub courses: Vec<CourseRecord>,
}

impl Default for Dataset {
    fn default() -> Self {
        Dataset {
            format: FORMAT.to_string(),
            version: VERSION,
            grades: Vec::new(),
            subject_categories: Vec::new(),
            subject_types: Vec::new(),
            curricula: Vec::new(),
            divisions: Vec::new(),
            school_years: Vec::new(),
            subjects: Vec::new(),
            teachers: Vec::new(),
            school_classes: Vec::new(),
            employments: Vec::new(),
            courses: Vec::new(),
        }
    }
}

/// A grade, subject category or subject type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LookupRecord {
    /// Short code, unique per kind.
    pub code: String,
    /// Designation.
    pub description: String,
}

/// A curriculum with its ordered grades (entry grade first).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CurriculumRecord {
    /// Short code, e.g. `GYM 17`.
    pub code: String,
    /// Full designation.
    pub description: String,
    /// Whether archived.
    #[serde(default)]
    pub archived: bool,
    /// Grade codes, entry grade first.
    #[serde(default)]
    pub grades: Vec<String>,
}

/// Binary data as in the API: base64 bytes with file name and mime type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BinaryRecord {
    /// File name or null.
    #[serde(default)]
    pub file_name: Option<String>,
    /// `image/png` or `image/jpeg`.
    pub mime_type: String,
    /// Standard base64 of the bytes.
    pub data: String,
}

/// A division (Organisationseinheit).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DivisionRecord {
    /// Short code.
    pub code: String,
    /// Designation.
    pub description: String,
    /// Name of the head or null.
    #[serde(default)]
    pub head_name: Option<String>,
    /// Signature of the head or null.
    #[serde(default)]
    pub head_signature: Option<BinaryRecord>,
    /// Logo or null.
    #[serde(default)]
    pub logo: Option<BinaryRecord>,
}

/// A school year.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SchoolYearRecord {
    /// Short designation, e.g. `26/27`.
    pub code: String,
    /// Long designation.
    pub description: String,
    /// Graduation year (2027 for 26/27).
    pub graduation_year: i64,
    /// Number of school weeks.
    pub weeks: i64,
    /// Whether age relief is included: the year's calculation mode is
    /// `percentAgeReliefIncluded` (true) or `percent` (false). The workload
    /// side (modes, payroll types, pool, postings, theses) is not yet part of
    /// the format.
    #[serde(default)]
    pub age_relief_included: bool,
    /// Whether planning is finished (locked).
    #[serde(default)]
    pub finalised: bool,
    /// Whether archived (locked).
    #[serde(default)]
    pub archived: bool,
}

/// A subject.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SubjectRecord {
    /// Short code, e.g. `D`, `SF B`.
    pub code: String,
    /// Designation.
    pub description: String,
    /// Subject category code or null.
    #[serde(default)]
    pub category: Option<String>,
    /// Subject type code.
    #[serde(rename = "type")]
    pub kind: String,
    /// Whether taught across classes (courses have a grade, no classes).
    #[serde(default)]
    pub cross_class: bool,
    /// Code in the external administration system, or null.
    #[serde(default)]
    pub external_code: Option<String>,
    /// Whether archived.
    #[serde(default)]
    pub archived: bool,
}

/// A teacher.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TeacherRecord {
    /// Short code (Kürzel).
    pub code: String,
    /// First name.
    pub first_name: String,
    /// Last name.
    pub last_name: String,
    /// E-mail address or null.
    #[serde(default)]
    pub email: Option<String>,
    /// Date of birth `YYYY-MM-DD` or null.
    #[serde(default)]
    pub birthday: Option<String>,
    /// Employee number or null.
    #[serde(default)]
    pub employee_number: Option<String>,
    /// Academic title or null.
    #[serde(default)]
    pub title: Option<String>,
    /// Subject category codes, in the teacher's order.
    #[serde(default)]
    pub departments: Vec<String>,
    /// Whether archived.
    #[serde(default)]
    pub archived: bool,
}

/// A school class.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SchoolClassRecord {
    /// Designation, e.g. `G27c`.
    pub code: String,
    /// Curriculum code.
    pub curriculum: String,
    /// Division code.
    pub division: String,
    /// Year the class graduates.
    pub graduation_year: i64,
    /// Whether archived.
    #[serde(default)]
    pub archived: bool,
}

/// An employment of a teacher in a school year.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EmploymentRecord {
    /// Teacher code.
    pub teacher: String,
    /// School year code.
    pub school_year: String,
    /// Division code.
    pub division: String,
    /// Minimum employment in percent, or null.
    #[serde(default, with = "num::opt")]
    pub employment_min: Option<Fixed>,
    /// Maximum employment in percent, or null.
    #[serde(default, with = "num::opt")]
    pub employment_max: Option<Fixed>,
    /// Payment in semester 1 in percent, or null.
    #[serde(default, with = "num::opt")]
    pub payment1: Option<Fixed>,
    /// Payment in semester 2 in percent, or null.
    #[serde(default, with = "num::opt")]
    pub payment2: Option<Fixed>,
    /// Whether the contract is temporary.
    #[serde(default)]
    pub temporary: bool,
    /// Free comment or null.
    #[serde(default)]
    pub comments: Option<String>,
}

/// A course.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CourseRecord {
    /// School year code.
    pub school_year: String,
    /// Subject code.
    pub subject: String,
    /// Grade code.
    pub grade: String,
    /// Curriculum code.
    pub curriculum: String,
    /// School class codes (empty for a cross-class subject), first class first.
    #[serde(default)]
    pub school_classes: Vec<String>,
    /// Teacher codes in semester 1.
    #[serde(default)]
    pub teachers1: Vec<String>,
    /// Teacher codes in semester 2.
    #[serde(default)]
    pub teachers2: Vec<String>,
    /// Weekly lessons in semester 1.
    #[serde(default, with = "num::fixed")]
    pub lessons1: Fixed,
    /// Weekly lessons in semester 2.
    #[serde(default, with = "num::fixed")]
    pub lessons2: Fixed,
    /// Whether cancelled.
    #[serde(default)]
    pub cancelled: bool,
    /// Free comment or null.
    #[serde(default)]
    pub comments: Option<String>,
}

impl Dataset {
    /// Parses a dataset document. Every record is read on its own, so a
    /// problem names the record (e.g. `teachers[3] (code "abc"): missing field
    /// `lastName``).
    pub fn from_json(text: &str) -> Result<Dataset, DatasetError> {
        let value: Value = serde_json::from_str(text)
            .map_err(|e| DatasetError::malformed(None, format!("the file is not valid JSON: {e}")))?;
        Self::from_value(value)
    }

    /// Reads a dataset from a parsed JSON value (see [`Dataset::from_json`]).
    pub fn from_value(value: Value) -> Result<Dataset, DatasetError> {
        let Value::Object(mut obj) = value else {
            return Err(DatasetError::malformed(None, "the dataset must be a JSON object"));
        };
        match obj.get("format") {
            Some(Value::String(f)) if f == FORMAT => {}
            _ => {
                return Err(DatasetError::malformed(
                    None,
                    format!("`format` must be \"{FORMAT}\"; this is not a schoolplan dataset"),
                ))
            }
        }
        match obj.get("version").and_then(Value::as_u64) {
            Some(v) if v == u64::from(VERSION) => {}
            Some(v) => {
                return Err(DatasetError::malformed(
                    None,
                    format!("dataset version {v} is not supported; this build reads version {VERSION}"),
                ))
            }
            None => return Err(DatasetError::malformed(None, "`version` must be a whole number")),
        }
        let mut ds = Dataset::default();
        for (key, v) in std::mem::take(&mut obj) {
            match key.as_str() {
                "format" | "version" => {}
                "grades" => ds.grades = records(&key, v)?,
                "subjectCategories" => ds.subject_categories = records(&key, v)?,
                "subjectTypes" => ds.subject_types = records(&key, v)?,
                "curricula" => ds.curricula = records(&key, v)?,
                "divisions" => ds.divisions = records(&key, v)?,
                "schoolYears" => ds.school_years = records(&key, v)?,
                "subjects" => ds.subjects = records(&key, v)?,
                "teachers" => ds.teachers = records(&key, v)?,
                "schoolClasses" => ds.school_classes = records(&key, v)?,
                "employments" => ds.employments = records(&key, v)?,
                "courses" => ds.courses = records(&key, v)?,
                other => return Err(DatasetError::malformed(None, format!("unknown member `{other}`"))),
            }
        }
        Ok(ds)
    }

    /// Pretty JSON (two-space indent) with a trailing newline; deterministic.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("dataset serialises") + "\n"
    }

    /// Sorts every list into the canonical order of the format (docs/dataset.md):
    /// lookups, curricula, divisions, subjects, teachers and classes by code
    /// (case-insensitive); school years by graduation year; employments by
    /// school year, then teacher code; courses by school year, then subject
    /// code, grade code, first class code (none first). Sorting is stable, so
    /// equal keys keep their order (for courses: the order of creation).
    /// Lists inside records (curriculum grades, departments, course classes
    /// and teachers) keep their order: it carries meaning.
    pub fn canonicalize(&mut self) {
        fn by_code<T>(items: &mut [T], code: impl Fn(&T) -> &str) {
            items.sort_by_cached_key(|x| code_key(code(x)));
        }
        by_code(&mut self.grades, |x| &x.code);
        by_code(&mut self.subject_categories, |x| &x.code);
        by_code(&mut self.subject_types, |x| &x.code);
        by_code(&mut self.curricula, |x| &x.code);
        by_code(&mut self.divisions, |x| &x.code);
        self.school_years
            .sort_by(|a, b| a.graduation_year.cmp(&b.graduation_year).then_with(|| cmp_code(&a.code, &b.code)));
        by_code(&mut self.subjects, |x| &x.code);
        by_code(&mut self.teachers, |x| &x.code);
        by_code(&mut self.school_classes, |x| &x.code);
        let year_rank: BTreeMap<String, usize> =
            self.school_years.iter().enumerate().map(|(i, y)| (code_key(&y.code), i)).collect();
        let rank = |code: &str| {
            let key = code_key(code);
            (year_rank.get(&key).copied().unwrap_or(usize::MAX), key)
        };
        self.employments.sort_by_cached_key(|e| (rank(&e.school_year), code_key(&e.teacher)));
        self.courses.sort_by_cached_key(|c| {
            (
                rank(&c.school_year),
                code_key(&c.subject),
                code_key(&c.grade),
                c.school_classes.first().map(|s| code_key(s)),
            )
        });
    }
}

fn cmp_code(a: &str, b: &str) -> Ordering {
    code_key(a).cmp(&code_key(b))
}

fn records<T: serde::de::DeserializeOwned>(key: &str, value: Value) -> Result<Vec<T>, DatasetError> {
    let Value::Array(items) = value else {
        return Err(DatasetError::malformed(None, format!("`{key}` must be a list")));
    };
    items
        .into_iter()
        .enumerate()
        .map(|(i, item)| {
            let label = error::label_of_value(key, i, &item);
            serde_json::from_value(item).map_err(|e| DatasetError::malformed(Some(label), e.to_string()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_minimal_and_names_bad_records() {
        let ds = Dataset::from_json(r#"{"format": "schoolplan-dataset", "version": 1}"#).unwrap();
        assert_eq!(ds, Dataset::default());
        let err = Dataset::from_json(
            r#"{"format": "schoolplan-dataset", "version": 1,
                "teachers": [{"code": "abc", "firstName": "A", "lastName": "B"}, {"code": "xyz", "firstName": "X"}]}"#,
        )
        .unwrap_err()
        .to_string();
        assert!(err.contains(r#"teachers[1] (code "xyz")"#), "{err}");
        assert!(err.contains("lastName"), "{err}");
        let err = Dataset::from_json(r#"{"format": "other", "version": 1}"#).unwrap_err().to_string();
        assert!(err.contains("schoolplan-dataset"), "{err}");
        let err = Dataset::from_json(r#"{"format": "schoolplan-dataset", "version": 2}"#).unwrap_err().to_string();
        assert!(err.contains("version 2"), "{err}");
        let err = Dataset::from_json(
            r#"{"format": "schoolplan-dataset", "version": 1,
                "courses": [{"schoolYear": "26/27", "subject": "D", "grade": "GYM1", "curriculum": "GYM 17", "lessons1": 1.23456}]}"#,
        )
        .unwrap_err()
        .to_string();
        assert!(err.contains("courses[0]") && err.contains("4 decimal"), "{err}");
    }

    #[test]
    fn numbers_keep_their_decimals() {
        let text = r#"{"format": "schoolplan-dataset", "version": 1,
            "courses": [{"schoolYear": "26/27", "subject": "D", "grade": "GYM1", "curriculum": "GYM 17",
                         "lessons1": 2.5, "lessons2": 3}]}"#;
        let ds = Dataset::from_json(text).unwrap();
        assert_eq!(ds.courses[0].lessons1, Fixed(25_000));
        assert_eq!(ds.courses[0].lessons2, Fixed::units(3));
        let out = ds.to_json();
        assert!(out.contains("\"lessons1\": 2.5") && out.contains("\"lessons2\": 3,"), "{out}");
        assert_eq!(Dataset::from_json(&out).unwrap(), ds);
    }
}
