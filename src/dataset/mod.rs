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
use std::collections::{BTreeMap, HashSet};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::domain::code_key;
use crate::domain::fixed::Fixed;

pub use error::DatasetError;
pub use export::export;
pub use import::{import, import_into, trial, ImportCounts};

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
    pub grades: Vec<GradeRecord>,
    /// Subject categories (Fachgebiete), by code.
    #[serde(default)]
    pub subject_categories: Vec<LookupRecord>,
    /// Subject types (Fachtypen), by code.
    #[serde(default)]
    pub subject_types: Vec<LookupRecord>,
    /// Genders, by code.
    #[serde(default)]
    pub genders: Vec<LookupRecord>,
    /// Payroll types (Anstellungsarten), by code.
    #[serde(default)]
    pub payroll_types: Vec<PayrollTypeRecord>,
    /// Pool types, by code.
    #[serde(default)]
    pub pool_types: Vec<PoolTypeRecord>,
    /// Posting types, by code.
    #[serde(default)]
    pub posting_types: Vec<PostingTypeRecord>,
    /// Thesis types, by code.
    #[serde(default)]
    pub thesis_types: Vec<ThesisTypeRecord>,
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
    /// Lesson table entries (docs/documents.md §Lesson table), by curriculum code, division
    /// code (none first), subject code, grade code.
    #[serde(default)]
    pub lesson_table: Vec<LessonTableRecord>,
    /// Employments, by school year (graduation year), then teacher code.
    #[serde(default)]
    pub employments: Vec<EmploymentRecord>,
    /// Courses, by school year, then in the API list order (subject code, grade
    /// code, first class code), then file order.
    #[serde(default)]
    pub courses: Vec<CourseRecord>,
    /// Pool entries, by school year, teacher code, description.
    #[serde(default)]
    pub pool_entries: Vec<PoolEntryRecord>,
    /// Postings, by school year, teacher code, start date, description.
    #[serde(default)]
    pub postings: Vec<PostingRecord>,
    /// Thesis counts per employment, by school year, teacher code.
    #[serde(default)]
    pub theses: Vec<ThesisRecord>,
    /// Notes, by teacher code, creation date.
    #[serde(default)]
    pub notes: Vec<NoteRecord>,
}

impl Default for Dataset {
    fn default() -> Self {
        Dataset {
            format: FORMAT.to_string(),
            version: VERSION,
            grades: Vec::new(),
            subject_categories: Vec::new(),
            subject_types: Vec::new(),
            genders: Vec::new(),
            payroll_types: Vec::new(),
            pool_types: Vec::new(),
            posting_types: Vec::new(),
            thesis_types: Vec::new(),
            curricula: Vec::new(),
            divisions: Vec::new(),
            school_years: Vec::new(),
            subjects: Vec::new(),
            teachers: Vec::new(),
            school_classes: Vec::new(),
            lesson_table: Vec::new(),
            employments: Vec::new(),
            courses: Vec::new(),
            pool_entries: Vec::new(),
            postings: Vec::new(),
            theses: Vec::new(),
            notes: Vec::new(),
        }
    }
}

/// A grade with the payroll types of its courses (codes).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GradeRecord {
    /// Short code.
    pub code: String,
    /// Designation.
    pub description: String,
    /// Payroll type code of its courses, or null.
    #[serde(default)]
    pub payroll_type: Option<String>,
    /// Payroll type code of its class-lesson courses, or null.
    #[serde(default)]
    pub class_lesson_payroll_type: Option<String>,
}

/// A payroll type (docs/workload.md §Setup).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PayrollTypeRecord {
    /// Short code.
    pub code: String,
    /// Designation.
    pub description: String,
    /// Whether lesson-based.
    #[serde(default)]
    pub lesson_based: bool,
    /// Saldo resolving order (unique).
    pub saldo_resolving_order: i64,
    /// Whether the IPB correction may be booked on it.
    #[serde(default)]
    pub ipb_correction_allowed: bool,
}

/// A pool type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PoolTypeRecord {
    /// Short code.
    pub code: String,
    /// Designation.
    pub description: String,
    /// Payroll type code.
    pub payroll_type: String,
    /// Whether opening a year copies its entries.
    #[serde(default)]
    pub auto_copy: bool,
}

/// A posting type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PostingTypeRecord {
    /// Short code.
    pub code: String,
    /// Designation.
    pub description: String,
    /// Payroll type code.
    pub payroll_type: String,
    /// Whether values are percent (else single lessons).
    #[serde(default)]
    pub percent: bool,
}

/// A thesis type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ThesisTypeRecord {
    /// Short code.
    pub code: String,
    /// Designation.
    pub description: String,
    /// Payroll type code.
    pub payroll_type: String,
    /// Annual percent per thesis.
    #[serde(with = "num::fixed")]
    pub percent: Fixed,
}

/// A pool entry of a teacher's employment.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PoolEntryRecord {
    /// School year code.
    pub school_year: String,
    /// Teacher code.
    pub teacher: String,
    /// Pool type code.
    #[serde(rename = "type")]
    pub kind: String,
    /// Description or null.
    #[serde(default)]
    pub description: Option<String>,
    /// Percent semester 1.
    #[serde(default, with = "num::fixed")]
    pub percent1: Fixed,
    /// Percent semester 2.
    #[serde(default, with = "num::fixed")]
    pub percent2: Fixed,
}

/// A posting with its details (posting type code → value).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PostingRecord {
    /// School year code.
    pub school_year: String,
    /// Teacher code.
    pub teacher: String,
    /// Description or null.
    #[serde(default)]
    pub description: Option<String>,
    /// First day `YYYY-MM-DD`.
    pub start_date: String,
    /// Last day or null.
    #[serde(default)]
    pub end_date: Option<String>,
    /// Value per posting type code (lessons or percent; non-zero).
    #[serde(default, with = "num::map")]
    pub details: BTreeMap<String, Fixed>,
}

/// The thesis counts of one employment (thesis type code → count).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ThesisRecord {
    /// School year code.
    pub school_year: String,
    /// Teacher code.
    pub teacher: String,
    /// Count per thesis type code.
    #[serde(with = "num::map")]
    pub counts: BTreeMap<String, Fixed>,
}

/// A note about a teacher.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NoteRecord {
    /// Teacher code.
    pub teacher: String,
    /// The note.
    pub text: String,
    /// Account name of the author.
    pub created_by: String,
    /// UTC timestamp.
    pub creation_date: String,
}

/// A subject category, subject type or gender.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LookupRecord {
    /// Short code, unique per kind.
    pub code: String,
    /// Designation.
    pub description: String,
    /// Whether archived (written only when true).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub archived: bool,
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
    /// Title of the head or null.
    #[serde(default)]
    pub head_title: Option<String>,
    /// Group of divisions in course reports or null.
    #[serde(default)]
    pub grouping: Option<String>,
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
    /// Read from older files only: with no `calculationMode`, true means
    /// `percentAgeReliefIncluded`, false `percent`. Never written.
    #[serde(default, skip_serializing)]
    pub age_relief_included: Option<bool>,
    /// Calculation mode code (`percent`, `lessons2`, …; docs/workload.md §Setup).
    #[serde(default)]
    pub calculation_mode: Option<String>,
    /// Small-group surcharge in lessons (default 2).
    #[serde(default = "default_surcharge", with = "num::fixed")]
    pub small_group_surcharge: Fixed,
    /// Lessons per week of a full position per payroll type code.
    #[serde(default, with = "num::map")]
    pub weekly_lessons: BTreeMap<String, Fixed>,
    /// Whether IPB balances are shown (default true).
    #[serde(default = "yes")]
    pub show_ipb_balances: bool,
    /// Whether planning is finished (locked).
    #[serde(default)]
    pub finalised: bool,
    /// Whether archived (locked).
    #[serde(default)]
    pub archived: bool,
}

fn default_surcharge() -> Fixed {
    crate::domain::schoolyear::DEFAULT_SMALL_GROUP_SURCHARGE
}

fn yes() -> bool {
    true
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
    /// Whether its courses are class lessons.
    #[serde(default)]
    pub class_lesson: bool,
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
    /// Gender code or null.
    #[serde(default)]
    pub gender: Option<String>,
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

/// A lesson table entry (docs/documents.md §Lesson table); `noLessons` entries are not written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LessonTableRecord {
    /// Curriculum code.
    pub curriculum: String,
    /// Division code; null for a cross-class subject.
    #[serde(default)]
    pub division: Option<String>,
    /// Subject code.
    pub subject: String,
    /// Grade code (of the curriculum).
    pub grade: String,
    /// Lesson type code (`start`, `continuation`, `startOptional`, `startRepeating`).
    #[serde(rename = "type")]
    pub kind: String,
    /// Weekly lessons in semester 1.
    #[serde(default, with = "num::fixed")]
    pub lessons1: Fixed,
    /// Weekly lessons in semester 2.
    #[serde(default, with = "num::fixed")]
    pub lessons2: Fixed,
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
    /// Initial IPB balance in percent.
    #[serde(default, with = "num::fixed")]
    pub initial_balance: Fixed,
    /// The frozen opening balance (exact decimal text) of a locked year, or null.
    #[serde(default)]
    pub frozen_opening_balance: Option<String>,
    /// The frozen closing balance of a locked year, or null.
    #[serde(default)]
    pub frozen_closing_balance: Option<String>,
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
    /// Small group in semester 1.
    #[serde(default)]
    pub small_group1: bool,
    /// Small group in semester 2.
    #[serde(default)]
    pub small_group2: bool,
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
                "genders" => ds.genders = records(&key, v)?,
                "payrollTypes" => ds.payroll_types = records(&key, v)?,
                "poolTypes" => ds.pool_types = records(&key, v)?,
                "postingTypes" => ds.posting_types = records(&key, v)?,
                "thesisTypes" => ds.thesis_types = records(&key, v)?,
                "poolEntries" => ds.pool_entries = records(&key, v)?,
                "postings" => ds.postings = records(&key, v)?,
                "theses" => ds.theses = records(&key, v)?,
                "notes" => ds.notes = records(&key, v)?,
                "curricula" => ds.curricula = records(&key, v)?,
                "divisions" => ds.divisions = records(&key, v)?,
                "schoolYears" => ds.school_years = records(&key, v)?,
                "subjects" => ds.subjects = records(&key, v)?,
                "teachers" => ds.teachers = records(&key, v)?,
                "schoolClasses" => ds.school_classes = records(&key, v)?,
                "lessonTable" => ds.lesson_table = records(&key, v)?,
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

    /// The labels that problems name records by (`key[i] (…)`, e.g.
    /// `teachers[17] (code "abc")`) of this dataset's records equal to
    /// `records`: each the key of its list in the file (`teachers`) and the
    /// record as JSON. For [`trial`]'s records to leave out.
    pub fn labels_of(&self, records: &[(&str, Value)]) -> HashSet<String> {
        if records.is_empty() {
            return HashSet::new();
        }
        let wanted: HashSet<(&str, String)> = records.iter().map(|(key, v)| (*key, v.to_string())).collect();
        let whole = serde_json::to_value(self).expect("dataset serialises");
        let mut labels = HashSet::new();
        for key in wanted.iter().map(|(key, _)| *key).collect::<HashSet<_>>() {
            for (i, v) in whole.get(key).and_then(Value::as_array).into_iter().flatten().enumerate() {
                if wanted.contains(&(key, v.to_string())) {
                    labels.insert(error::label_of_value(key, i, v));
                }
            }
        }
        labels
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
        by_code(&mut self.genders, |x| &x.code);
        by_code(&mut self.payroll_types, |x| &x.code);
        by_code(&mut self.pool_types, |x| &x.code);
        by_code(&mut self.posting_types, |x| &x.code);
        by_code(&mut self.thesis_types, |x| &x.code);
        by_code(&mut self.curricula, |x| &x.code);
        by_code(&mut self.divisions, |x| &x.code);
        self.school_years
            .sort_by(|a, b| a.graduation_year.cmp(&b.graduation_year).then_with(|| cmp_code(&a.code, &b.code)));
        by_code(&mut self.subjects, |x| &x.code);
        by_code(&mut self.teachers, |x| &x.code);
        by_code(&mut self.school_classes, |x| &x.code);
        self.lesson_table.sort_by_cached_key(|e| {
            (code_key(&e.curriculum), e.division.as_deref().map(code_key), code_key(&e.subject), code_key(&e.grade))
        });
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
        self.pool_entries.sort_by_cached_key(|e| (rank(&e.school_year), code_key(&e.teacher), e.description.clone()));
        self.postings.sort_by_cached_key(|p| {
            (rank(&p.school_year), code_key(&p.teacher), p.start_date.clone(), p.description.clone())
        });
        self.theses.sort_by_cached_key(|t| (rank(&t.school_year), code_key(&t.teacher)));
        self.notes.sort_by_cached_key(|n| (code_key(&n.teacher), n.creation_date.clone()));
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
