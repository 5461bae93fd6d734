//! Domain types and rules, free of HTTP and SQL.
//!
//! Each resource module holds the parsed input type (`NewX`, built from a
//! request body by [`body_reader::Reader`]) and the output forms (single, list,
//! reference; docs/contract.md §Envelope and forms). Rules that need no database are pure functions
//! here (e.g. [`class_grade::grade_index`]).

pub mod body_reader;
pub mod check;
pub mod class_grade;
pub mod confirmation;
pub mod course;
pub mod coursetable;
pub mod curriculum;
pub mod division;
pub mod employment;
pub mod fixed;
pub mod grade;
pub mod ids;
pub mod job;
pub mod lessontable;
pub mod lookup;
pub mod opening;
pub mod outbox;
pub mod payroll;
pub mod person_name;
pub mod pool;
pub mod reference_forms;
pub mod references;
pub mod schoolclass;
pub mod schoolyear;
pub mod subject;
pub mod teacher;
pub mod thesis_paste;
pub mod workload;
pub mod yearview;

use serde_json::Value;

use crate::error::Result;
pub use body_reader::Mode;

/// A request body turned into a valid domain value (parse, don't validate).
pub trait FromBody: Sized {
    /// Parses `body` for a POST ([`Mode::Create`]) or PUT ([`Mode::Replace`]),
    /// collecting every field problem: 400 for unreadable types, 422 for rule
    /// violations, each with a JSON pointer.
    fn from_body(body: &Value, mode: Mode) -> Result<Self>;
}

/// Normalised key of a code for case-insensitive uniqueness (docs/contract.md §Validation):
/// trimmed and lower-cased. Stored in the `code_key` column under a UNIQUE constraint.
pub fn code_key(code: &str) -> String {
    code.trim().to_lowercase()
}
