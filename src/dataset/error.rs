//! Errors of reading and importing a dataset; each names the record it is about.

use serde_json::Value;

use crate::error::{Error, ErrorCode, FieldError};

/// Why a dataset could not be read or imported. Nothing is imported when any
/// of these is returned.
#[derive(Debug, thiserror::Error)]
pub enum DatasetError {
    /// The document is not a readable dataset (JSON syntax, shape, format, version).
    #[error("invalid dataset: {}{detail}", record.as_ref().map(|r| format!("{r}: ")).unwrap_or_default())]
    Malformed {
        /// The record, e.g. `teachers[17] (code "abc")`, when the problem is inside one.
        record: Option<String>,
        /// What is wrong.
        detail: String,
    },
    /// The target database already holds data.
    #[error("the database is not empty (it holds {contents}); a dataset can only be imported into an empty database")]
    NotEmpty {
        /// What the database holds, e.g. `12 teachers, 3 grades`.
        contents: String,
    },
    /// A record breaks a rule of the API (or references an unknown code).
    #[error("{record}: {detail} [{}]", code.as_str())]
    Record {
        /// The record, e.g. `teachers[17] (code "abc")`.
        record: String,
        /// The rule that failed (the API's error code).
        code: ErrorCode,
        /// The problem(s), each prefixed with its JSON pointer into the record.
        detail: String,
        /// The field problems with JSON pointers into the record.
        errors: Vec<FieldError>,
    },
    /// The database failed (not a problem of the data).
    #[error("the database failed: {0}")]
    Database(Error),
    /// Only inside a trial load ([`super::trial`]): the record refers to a
    /// record that was refused or left out, so its own problems show once
    /// that one is mended. The trial leaves it out without naming it; no
    /// public function returns this.
    #[error("the record refers to a record that was refused")]
    Inherited,
}

impl DatasetError {
    pub(crate) fn malformed(record: Option<String>, detail: impl Into<String>) -> Self {
        DatasetError::Malformed { record, detail: detail.into() }
    }

    /// The rule that failed: the API error code for a record, `invalid_dataset` otherwise.
    pub fn code(&self) -> ErrorCode {
        match self {
            DatasetError::Record { code, .. } => *code,
            DatasetError::Database(e) => e.code(),
            _ => ErrorCode::InvalidDataset,
        }
    }

    /// The record the error names, if any.
    pub fn record(&self) -> Option<&str> {
        match self {
            DatasetError::Record { record, .. } => Some(record),
            DatasetError::Malformed { record, .. } => record.as_deref(),
            _ => None,
        }
    }

    /// Wraps an API error about `record`: problems (4xx) name the record, anything else is a database failure.
    pub(crate) fn from_api(record: String, err: Error) -> Self {
        match err {
            Error::Problem { code, detail, errors, .. } => DatasetError::Record { record, code, detail, errors },
            other => DatasetError::Database(other),
        }
    }

    /// An unknown code reference inside `record`, at `pointer`.
    pub(crate) fn unknown(record: String, pointer: &str, noun: &str, code: &str) -> Self {
        let detail = format!("{pointer}: there is no {noun} with code \"{code}\".");
        let errors = vec![FieldError::new(pointer, ErrorCode::UnknownReference, detail.clone())];
        DatasetError::Record { record, code: ErrorCode::UnknownReference, detail, errors }
    }
}

impl From<Error> for DatasetError {
    fn from(err: Error) -> Self {
        DatasetError::Database(err)
    }
}

/// `key[i] (…)`: names a record by what identifies it (its code; for
/// employments the teacher and school year; for courses the school year,
/// subject, grade and classes).
pub(crate) fn label_of_value(key: &str, index: usize, v: &Value) -> String {
    let s = |k: &str| v.get(k).and_then(Value::as_str).map(|x| format!("\"{x}\""));
    let what = match key {
        "lessonTable" => [
            ("curriculum", s("curriculum")),
            ("division", s("division")),
            ("subject", s("subject")),
            ("grade", s("grade")),
        ]
        .into_iter()
        .filter_map(|(n, x)| x.map(|x| format!("{n} {x}")))
        .collect::<Vec<_>>(),
        "employments" => [("teacher", s("teacher")), ("school year", s("schoolYear"))]
            .into_iter()
            .filter_map(|(n, x)| x.map(|x| format!("{n} {x}")))
            .collect::<Vec<_>>(),
        "courses" => {
            let mut parts: Vec<String> =
                [("school year", s("schoolYear")), ("subject", s("subject")), ("grade", s("grade"))]
                    .into_iter()
                    .filter_map(|(n, x)| x.map(|x| format!("{n} {x}")))
                    .collect();
            let classes: Vec<&str> = v
                .get("schoolClasses")
                .and_then(Value::as_array)
                .map(|a| a.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            if !classes.is_empty() {
                parts.push(format!("classes {}", classes.join(", ")));
            }
            parts
        }
        _ => s("code").map(|c| vec![format!("code {c}")]).unwrap_or_default(),
    };
    if what.is_empty() {
        format!("{key}[{index}]")
    } else {
        format!("{key}[{index}] ({})", what.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn labels_name_the_record() {
        assert_eq!(label_of_value("teachers", 17, &json!({"code": "abc"})), "teachers[17] (code \"abc\")");
        assert_eq!(label_of_value("teachers", 2, &json!({})), "teachers[2]");
        assert_eq!(
            label_of_value("employments", 0, &json!({"teacher": "abc", "schoolYear": "26/27"})),
            "employments[0] (teacher \"abc\", school year \"26/27\")"
        );
        assert_eq!(
            label_of_value(
                "courses",
                4,
                &json!({"schoolYear": "26/27", "subject": "SP", "grade": "GYM1", "schoolClasses": ["G30a", "G30b"]})
            ),
            "courses[4] (school year \"26/27\", subject \"SP\", grade \"GYM1\", classes G30a, G30b)"
        );
    }
}
