//! The kinds of body fields and [`describe`], which runs a parser to list the
//! fields it reads (for the OpenAPI request schemas).

use serde_json::{Map, Value};

/// The kind of a body field, as the reader reads it; the OpenAPI document
/// derives each request schema from these (see [`describe`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldKind {
    /// Text of at most `max_len` characters without control characters and
    /// bidirectional overrides; a multi-line text may hold line feeds and tabs
    /// ([`forbidden_char`](super::forbidden_char)).
    Text {
        /// Largest length in characters (Unicode code points) as sent.
        max_len: usize,
        /// Whether line feeds and tabs are allowed (comments, mail bodies).
        multi_line: bool,
    },
    /// A boolean, also `"true"`/`"false"`; `null` or absent is `false`.
    Boolean,
    /// A whole number in `min..=max`, also as a numeric string.
    Integer {
        /// Smallest value.
        min: i64,
        /// Largest value.
        max: i64,
    },
    /// An exact decimal in `min..=max` with at most 4 decimal places, also as a numeric string.
    Fixed {
        /// Smallest value.
        min: i64,
        /// Largest value.
        max: i64,
    },
    /// A reference: `{"id": N, …}`, `N` or `"N"`.
    Reference,
    /// A list of references without repeats.
    References,
    /// A date `YYYY-MM-DD`.
    Date,
    /// An e-mail address.
    Email,
    /// A mail sender: an e-mail address, also with a display name.
    Mailbox,
    /// Binary data `{"fileName", "mimeType", "data"}` (docs/contract.md §Envelope and forms).
    Binary,
    /// One of a fixed set of strings.
    Choice(&'static [&'static str]),
    /// An object whose keys are ids (as strings) and whose values are exact
    /// decimals in `min..=max` (e.g. `weeklyLessons`, posting `details`).
    IdMap {
        /// Smallest value.
        min: i64,
        /// Largest value.
        max: i64,
    },
}

/// One field a parser reads: its key, kind and whether it must be non-null.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldDoc {
    /// JSON key.
    pub key: String,
    /// How the value is read.
    pub kind: FieldKind,
    /// Whether the field must carry a value (`required` error when absent or null).
    pub required: bool,
}

thread_local! {
    static DESCRIBING: std::cell::RefCell<Option<Vec<FieldDoc>>> = const { std::cell::RefCell::new(None) };
}

/// Runs `parse` on an empty body and returns the fields it read, in reading
/// order: the parser itself is the description of its body, so the OpenAPI
/// request schemas cannot drift from what the server accepts.
pub fn describe<T>(parse: impl FnOnce(&Value) -> T) -> Vec<FieldDoc> {
    DESCRIBING.with(|d| *d.borrow_mut() = Some(Vec::new()));
    let _ = parse(&Value::Object(Map::new()));
    DESCRIBING.with(|d| d.borrow_mut().take()).unwrap_or_default()
}

/// Records a field while [`describe`] runs (the first note of a key wins).
pub(super) fn note(key: &str, kind: FieldKind, required: bool) {
    DESCRIBING.with(|d| {
        if let Some(fields) = d.borrow_mut().as_mut() {
            if !fields.iter().any(|f| f.key == key) {
                fields.push(FieldDoc { key: key.to_string(), kind, required });
            }
        }
    });
}
