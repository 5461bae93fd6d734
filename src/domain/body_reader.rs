//! The tolerant reader of request bodies (docs/contract.md §Tolerant reader).
//!
//! Request bodies arrive as JSON objects in a resource's single form. A
//! [`Reader`] pulls each writable field out, converting the tolerated spellings
//! (numbers and booleans as strings, references as `{"id": N}`, `N` or `"N"`),
//! trimming text, and collecting every field problem with its JSON pointer, so a
//! client learns about all of them at once. Unknown and read-only keys are
//! ignored. In [`Mode::Replace`] (PUT) every writable key must be present.
//!
//! Types that can be read are turned into domain values by the resource's
//! `TryFrom`/`parse` function; handlers only ever see valid values.

use base64::Engine as _;
use chrono::NaiveDate;
use serde_json::{Map, Value};

use super::fixed::{Fixed, FixedError, Literal};
use crate::error::{Error, ErrorCode, FieldError, Result};
use crate::i18n::Message;

/// Whether a body creates an object (POST) or replaces its writable fields (PUT).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// POST: absent optional fields take their defaults.
    Create,
    /// PUT: every writable field must be present; `null` clears an optional one.
    Replace,
}

/// Length limits of text fields (characters).
pub mod limits {
    /// Codes (Kürzel, class designations, school year codes).
    pub const CODE: usize = 40;
    /// Names and titles.
    pub const NAME: usize = 200;
    /// Descriptions.
    pub const DESCRIPTION: usize = 500;
    /// Free comments.
    pub const COMMENT: usize = 4000;
    /// E-mail addresses (RFC 5321 path limit).
    pub const EMAIL: usize = 254;
}

/// Largest accepted decoded binary (division logo, head signature): 1 MiB (docs/contract.md §Envelope and forms).
pub const MAX_BINARY_BYTES: usize = 1024 * 1024;

/// The type of an accepted image by its first bytes (its signature):
/// `image/png` or `image/jpeg`; `None` for anything else (docs/contract.md
/// §Envelope and forms).
pub fn image_type(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some("image/png")
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some("image/jpeg")
    } else {
        None
    }
}

/// The kind of a body field, as the reader reads it; the OpenAPI document
/// derives each request schema from these (see [`describe`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldKind {
    /// Text of at most `max_len` characters without control characters and
    /// bidirectional overrides; a multi-line text may hold line feeds and tabs
    /// ([`forbidden_char`]).
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
fn note(key: &str, kind: FieldKind, required: bool) {
    DESCRIBING.with(|d| {
        if let Some(fields) = d.borrow_mut().as_mut() {
            if !fields.iter().any(|f| f.key == key) {
                fields.push(FieldDoc { key: key.to_string(), kind, required });
            }
        }
    });
}

/// Whether `s` is a plain decimal number as accepted in strings: an optional
/// `-`, digits, and optionally `.` and digits ([`DECIMAL_TEXT`]). How many
/// digits is a question of range and precision (422), not of type.
pub fn is_decimal_text(s: &str) -> bool {
    let digits = s.strip_prefix('-').unwrap_or(s);
    let (int, frac) = match digits.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (digits, None),
    };
    let all_digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    all_digits(int) && frac.is_none_or(all_digits)
}

/// The pattern of [`is_decimal_text`], for the OpenAPI document.
pub const DECIMAL_TEXT: &str = "^-?[0-9]+(\\.[0-9]+)?$";

/// The first character of `s` that a text field refuses (docs/api.md
/// "Conventions", hostile text): a control character (C0, DEL, C1; in a
/// `multi_line` text all but line feed and tab), a line or paragraph separator
/// (U+2028, U+2029), or a bidirectional embedding, override or isolate
/// (U+202A–U+202E, U+2066–U+2069), which can make a text read differently
/// from what it holds. Such characters split mail headers and CSV rows and
/// disguise names; no name, code or comment needs them.
pub fn forbidden_char(s: &str, multi_line: bool) -> Option<char> {
    s.chars().find(|&c| is_forbidden(c, multi_line))
}

/// Whether a text field refuses `c` (see [`forbidden_char`]).
pub fn is_forbidden(c: char, multi_line: bool) -> bool {
    let allowed_control = multi_line && (c == '\n' || c == '\t');
    (c.is_control() && !allowed_control)
        || matches!(c, '\u{2028}' | '\u{2029}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// The pattern of a one-line text ([`forbidden_char`]), for the OpenAPI document.
pub const SINGLE_LINE_TEXT: &str = "^[^\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069]*$";

/// The pattern of a multi-line text ([`forbidden_char`]), for the OpenAPI document.
pub const MULTI_LINE_TEXT: &str =
    "^[^\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069]*$";

/// Earliest and latest year of a date (docs/api.md "Conventions"), as for graduation years (docs/contract.md §Validation).
pub const DATE_YEARS: std::ops::RangeInclusive<i32> = 1900..=2200;

/// Whether `s` is a whole number as accepted in strings: an optional `-` and
/// 1–18 digits, so it always fits 64 bits ([`INTEGER_TEXT`]).
pub fn is_integer_text(s: &str) -> bool {
    let digits = s.strip_prefix('-').unwrap_or(s);
    (1..=18).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit())
}

/// The pattern of [`is_integer_text`], for the OpenAPI document.
pub const INTEGER_TEXT: &str = "^-?[0-9]{1,18}$";

/// Whether `s` is a path or query id: digits only, a positive 64-bit integer.
pub fn is_id_text(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) && s.parse::<i64>().is_ok_and(|id| id > 0)
}

/// Binary data with file name and verified mime type (docs/contract.md §Envelope and forms).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Binary {
    /// File name as given, trimmed; may be empty-free text.
    pub file_name: Option<String>,
    /// `image/png` or `image/jpeg`; the bytes carry that signature.
    pub mime_type: String,
    /// The decoded bytes (≤ 1 MiB).
    pub data: Vec<u8>,
}

enum Slot<'a> {
    Absent,
    Null,
    Present(&'a Value),
}

/// Reads fields of one JSON object, collecting problems (see module docs).
pub struct Reader<'a> {
    obj: &'a Map<String, Value>,
    mode: Mode,
    prefix: String,
    errors: Vec<FieldError>,
}

/// Unwraps a value the reader has vouched for: call only after [`Reader::finish`]
/// returned `Ok`, which guarantees every required field produced a value.
pub fn checked<T>(value: Option<T>) -> T {
    value.expect("the reader records an error for every missing required value")
}

impl<'a> Reader<'a> {
    /// A reader over `body`, which must be a JSON object (else 400 `body_not_object`).
    pub fn new(body: &'a Value, mode: Mode) -> Result<Self> {
        Self::at(body, mode, "")
    }

    /// A reader over an object nested at JSON pointer `prefix` (used by imports).
    pub fn at(body: &'a Value, mode: Mode, prefix: &str) -> Result<Self> {
        match body {
            Value::Object(obj) => Ok(Reader { obj, mode, prefix: prefix.to_string(), errors: Vec::new() }),
            _ => Err(Error::new(ErrorCode::BodyNotObject, Message::new("error-body-object"))),
        }
    }

    /// The mode of this reader.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Whether the key is present (with any value, also `null`).
    pub fn has(&self, key: &str) -> bool {
        self.obj.contains_key(key)
    }

    /// JSON pointer of `key`.
    pub fn pointer(&self, key: &str) -> String {
        format!("{}/{}", self.prefix, key.replace('~', "~0").replace('/', "~1"))
    }

    /// Records a problem with field `key`.
    pub fn error(&mut self, key: &str, code: ErrorCode, detail: impl Into<Message>) {
        let pointer = self.pointer(key);
        self.errors.push(FieldError::new(pointer, code, detail));
    }

    /// Records a problem at an explicit pointer.
    pub fn error_at(&mut self, pointer: String, code: ErrorCode, detail: impl Into<Message>) {
        self.errors.push(FieldError::new(pointer, code, detail));
    }

    /// Whether any problem has been recorded so far.
    pub fn has_errors(&self) -> bool {
        !self.errors.is_empty()
    }

    /// Ends reading: `Ok` when no problem was recorded, else the collected
    /// errors as 400 (any type error) or 422.
    pub fn finish(self) -> Result<()> {
        if self.errors.is_empty() {
            Ok(())
        } else {
            Err(Error::fields(self.errors))
        }
    }

    fn slot(&mut self, key: &str, aliases: &[&str]) -> Slot<'a> {
        let obj = self.obj;
        let value = std::iter::once(key).chain(aliases.iter().copied()).find_map(|k| obj.get(k));
        match value {
            None => {
                if self.mode == Mode::Replace {
                    self.error(key, ErrorCode::MissingField, Message::new("error-field-missing").arg("key", key));
                }
                Slot::Absent
            }
            Some(Value::Null) => Slot::Null,
            Some(v) => Slot::Present(v),
        }
    }

    fn require<T>(&mut self, key: &str, required: bool, value: Option<T>, was_absent_in_put: bool) -> Option<T> {
        if value.is_none() && required && !was_absent_in_put {
            self.error(key, ErrorCode::Required, Message::new("error-field-required").arg("key", key));
        }
        value
    }

    fn type_error(&mut self, key: &str, expected: &str) {
        // The catalogue's name of each expectation (`error-field-type`).
        let variant = match expected {
            "a string" => "string",
            "a boolean" => "boolean",
            "a number" => "number",
            "a whole number" => "whole-number",
            "an object whose keys are ids" => "id-map",
            "a list of references" => "reference-list",
            "a date string YYYY-MM-DD" => "date",
            "an object {fileName, mimeType, data} or null" => "binary",
            "an object whose mimeType and data are strings" => "binary-strings",
            _ => return self.error(key, ErrorCode::InvalidType, format!("`{key}` must be {expected}.")),
        };
        self.error(
            key,
            ErrorCode::InvalidType,
            Message::new("error-field-type").arg("key", key).arg("expected", variant),
        );
    }

    /// A one-line text field (names, codes, descriptions) of at most
    /// `max_len` characters as sent, then trimmed (empty → `None`); a control
    /// character or bidirectional override is `invalid_character`
    /// ([`forbidden_char`]). With `required`, `None` is recorded as `required`.
    pub fn text(&mut self, key: &str, required: bool, max_len: usize) -> Option<String> {
        self.text_alias(key, &[], required, max_len)
    }

    /// Like [`Reader::text`], also accepting the value under alternative keys.
    pub fn text_alias(&mut self, key: &str, aliases: &[&str], required: bool, max_len: usize) -> Option<String> {
        self.any_text(key, aliases, required, max_len, false)
    }

    /// A multi-line text (comments, notes, mail bodies): as [`Reader::text`],
    /// but line feeds and tabs are allowed (docs/api.md "Conventions").
    pub fn multi_line_text(&mut self, key: &str, required: bool, max_len: usize) -> Option<String> {
        self.any_text(key, &[], required, max_len, true)
    }

    fn any_text(
        &mut self,
        key: &str,
        aliases: &[&str],
        required: bool,
        max_len: usize,
        multi_line: bool,
    ) -> Option<String> {
        note(key, FieldKind::Text { max_len, multi_line }, required);
        let slot = self.slot(key, aliases);
        let absent_put = matches!(slot, Slot::Absent) && self.mode == Mode::Replace;
        let value = match slot {
            Slot::Absent | Slot::Null => None,
            Slot::Present(Value::String(s)) => {
                if s.chars().count() > max_len {
                    self.error(
                        key,
                        ErrorCode::TooLong,
                        Message::new("error-field-too-long").arg("key", key).arg("max", max_len),
                    );
                    return None;
                }
                if !self.allowed_chars(key, s, multi_line) {
                    return None;
                }
                let t = s.trim();
                (!t.is_empty()).then(|| t.to_string())
            }
            Slot::Present(_) => {
                self.type_error(key, "a string");
                return None;
            }
        };
        self.require(key, required, value, absent_put)
    }

    /// Whether `s` holds no character [`forbidden_char`] refuses; records
    /// `invalid_character` at `key` otherwise.
    /// Whether an address text (`email`, `mailFrom`) is within
    /// [`limits::EMAIL`] characters and holds no refused character; records
    /// `too_long` or `invalid_character` otherwise.
    fn address_text_ok(&mut self, key: &str, s: &str) -> bool {
        if s.chars().count() > limits::EMAIL {
            self.error(
                key,
                ErrorCode::TooLong,
                Message::new("error-field-too-long").arg("key", key).arg("max", limits::EMAIL),
            );
            return false;
        }
        self.allowed_chars(key, s, false)
    }

    fn allowed_chars(&mut self, key: &str, s: &str, multi_line: bool) -> bool {
        let Some(c) = forbidden_char(s, multi_line) else { return true };
        let allowed = if multi_line { "multi-line" } else { "single-line" };
        self.error(
            key,
            ErrorCode::InvalidCharacter,
            Message::new("error-field-character")
                .arg("key", key)
                .arg("char", format!("U+{:04X}", u32::from(c)))
                .arg("allowed", allowed),
        );
        false
    }

    /// A boolean: `true`/`false` or `"true"`/`"false"`; absent (POST) or `null` → false.
    pub fn boolean(&mut self, key: &str) -> bool {
        note(key, FieldKind::Boolean, false);
        match self.slot(key, &[]) {
            Slot::Absent | Slot::Null => false,
            Slot::Present(Value::Bool(b)) => *b,
            Slot::Present(Value::String(s)) if s == "true" => true,
            Slot::Present(Value::String(s)) if s == "false" => false,
            Slot::Present(_) => {
                self.type_error(key, "a boolean");
                false
            }
        }
    }

    /// The number `v` exactly as written ([`literal_of`]); a type error otherwise.
    fn number(&mut self, key: &str, v: &Value) -> Option<Literal> {
        let n = literal_of(v);
        if n.is_none() {
            self.type_error(key, "a number");
        }
        n
    }

    /// An integer in `min..=max`: a number, or a string as in [`is_integer_text`].
    pub fn integer(&mut self, key: &str, required: bool, min: i64, max: i64) -> Option<i64> {
        note(key, FieldKind::Integer { min, max }, required);
        let slot = self.slot(key, &[]);
        let absent_put = matches!(slot, Slot::Absent) && self.mode == Mode::Replace;
        let value = match slot {
            Slot::Absent | Slot::Null => None,
            Slot::Present(v) if is_blank(v) => None,
            Slot::Present(Value::String(s)) if !is_integer_text(s) => {
                self.type_error(key, "a whole number");
                return None;
            }
            Slot::Present(v) => {
                let x = self.number(key, v)?;
                if x.decimals() > 0 {
                    self.type_error(key, "a whole number");
                    return None;
                }
                match x.truncated(0).and_then(|x| i64::try_from(x).ok()).filter(|x| (min..=max).contains(x)) {
                    Some(x) => Some(x),
                    None => {
                        self.error(
                            key,
                            ErrorCode::OutOfRange,
                            Message::new("error-field-range").arg("key", key).arg("min", min).arg("max", max),
                        );
                        return None;
                    }
                }
            }
        };
        self.require(key, required, value, absent_put)
    }

    /// An exact decimal in `min..=max` with at most 4 decimal places; absent or null → `None`.
    pub fn fixed(&mut self, key: &str, min: i64, max: i64) -> Option<Fixed> {
        note(key, FieldKind::Fixed { min, max }, false);
        match self.slot(key, &[]) {
            Slot::Absent | Slot::Null => None,
            Slot::Present(v) if is_blank(v) => None,
            Slot::Present(v) => {
                let x = self.number(key, v)?;
                match Fixed::from_literal(&x, min, max) {
                    Ok(f) => Some(f),
                    Err(FixedError::OutOfRange) => {
                        self.error(
                            key,
                            ErrorCode::OutOfRange,
                            Message::new("error-field-range").arg("key", key).arg("min", min).arg("max", max),
                        );
                        None
                    }
                    Err(FixedError::TooPrecise) => {
                        self.error(key, ErrorCode::TooPrecise, Message::new("error-field-precise").arg("key", key));
                        None
                    }
                }
            }
        }
    }

    /// An object `{"<id>": number, …}` (ids as strings, values exact decimals
    /// in `min..=max` with at most 4 decimals, also as numeric strings); absent
    /// (POST) or `null` → `None`. Pointers name the entry (`/key/<id>`).
    pub fn id_map(&mut self, key: &str, min: i64, max: i64) -> Option<Vec<(i64, Fixed)>> {
        note(key, FieldKind::IdMap { min, max }, false);
        let obj = match self.slot(key, &[]) {
            Slot::Absent | Slot::Null => return None,
            Slot::Present(Value::Object(o)) => o,
            Slot::Present(_) => {
                self.type_error(key, "an object whose keys are ids");
                return None;
            }
        };
        let mut out = Vec::with_capacity(obj.len());
        for (k, v) in obj {
            let pointer = format!("{}/{}", self.pointer(key), k.replace('~', "~0").replace('/', "~1"));
            // Exactly the pattern of the OpenAPI document: no leading zero, at most 18 digits.
            if !is_id_text(k) || k.starts_with('0') || k.len() > 18 {
                self.error_at(
                    pointer,
                    ErrorCode::InvalidType,
                    Message::new("error-id-map-key").arg("key", key).arg("k", k),
                );
                continue;
            }
            let id: i64 = k.parse().expect("checked by is_id_text");
            if is_blank(v) {
                continue; // a cleared form field: no value for this id
            }
            let Some(x) = literal_of(v) else {
                self.error_at(
                    pointer,
                    ErrorCode::InvalidType,
                    Message::new("error-id-map-number").arg("key", key).arg("k", k),
                );
                continue;
            };
            match Fixed::from_literal(&x, min, max) {
                Ok(f) => out.push((id, f)),
                Err(FixedError::OutOfRange) => self.error_at(
                    pointer,
                    ErrorCode::OutOfRange,
                    Message::new("error-id-map-range").arg("key", key).arg("k", k).arg("min", min).arg("max", max),
                ),
                Err(FixedError::TooPrecise) => self.error_at(
                    pointer,
                    ErrorCode::TooPrecise,
                    Message::new("error-id-map-precise").arg("key", key).arg("k", k),
                ),
            }
        }
        out.sort_by_key(|(id, _)| *id);
        Some(out)
    }

    fn reference_value(&mut self, pointer: String, v: &Value) -> Option<i64> {
        let id = match v {
            Value::Object(o) => o.get("id").and_then(id_of),
            other => id_of(other),
        };
        if id.is_none() {
            let detail = Message::new("error-field-reference").arg("pointer", &pointer);
            self.error_at(pointer, ErrorCode::InvalidType, detail);
        }
        id
    }

    /// A reference (`{"id": N, …}`, `N` or `"N"`); only the id is read.
    pub fn reference(&mut self, key: &str, required: bool) -> Option<i64> {
        note(key, FieldKind::Reference, required);
        let slot = self.slot(key, &[]);
        let absent_put = matches!(slot, Slot::Absent) && self.mode == Mode::Replace;
        let value = match slot {
            Slot::Absent | Slot::Null => None,
            Slot::Present(v) if is_blank(v) => None,
            Slot::Present(v) => Some(self.reference_value(self.pointer(key), v)?),
        };
        self.require(key, required, value, absent_put)
    }

    /// A list of references; absent (POST) or `null` → empty. A repeated id is
    /// recorded as `duplicate_entry`. Pointers name the element (`/key/2`).
    pub fn references(&mut self, key: &str) -> Vec<i64> {
        note(key, FieldKind::References, false);
        match self.slot(key, &[]) {
            Slot::Absent | Slot::Null => Vec::new(),
            Slot::Present(Value::Array(items)) => {
                let mut ids: Vec<i64> = Vec::with_capacity(items.len());
                for (i, item) in items.iter().enumerate() {
                    let elem = format!("{}/{i}", self.pointer(key));
                    if let Some(id) = self.reference_value(elem.clone(), item) {
                        if ids.contains(&id) {
                            self.error_at(
                                elem,
                                ErrorCode::DuplicateEntry,
                                Message::new("error-field-twice").arg("key", key).arg("id", id),
                            );
                        } else {
                            ids.push(id);
                        }
                    }
                }
                ids
            }
            Slot::Present(_) => {
                self.type_error(key, "a list of references");
                Vec::new()
            }
        }
    }

    /// A date exactly `YYYY-MM-DD` (no spaces; `""` is not a date); absent or
    /// `null` → `None`; `not_future` rejects dates after today.
    pub fn date(&mut self, key: &str, not_future: bool) -> Option<NaiveDate> {
        note(key, FieldKind::Date, false);
        let s = match self.slot(key, &[]) {
            Slot::Absent | Slot::Null => return None,
            Slot::Present(Value::String(s)) => s.as_str(),
            Slot::Present(_) => {
                self.type_error(key, "a date string YYYY-MM-DD");
                return None;
            }
        };
        let date = match NaiveDate::parse_from_str(s, "%Y-%m-%d") {
            Ok(d) if s.len() == 10 => d,
            _ => {
                self.error(key, ErrorCode::InvalidDate, Message::new("error-field-invalid-date").arg("key", key));
                return None;
            }
        };
        if not_future && date > chrono::Utc::now().date_naive() {
            self.error(key, ErrorCode::DateInFuture, Message::new("error-field-future").arg("key", key));
            return None;
        }
        if !DATE_YEARS.contains(&chrono::Datelike::year(&date)) {
            self.error(
                key,
                ErrorCode::DateOutOfRange,
                Message::new("error-field-date-years")
                    .arg("key", key)
                    .arg("from", DATE_YEARS.start())
                    .arg("to", DATE_YEARS.end()),
            );
            return None;
        }
        Some(date)
    }

    /// An e-mail address, syntactically valid when given.
    pub fn email(&mut self, key: &str) -> Option<String> {
        note(key, FieldKind::Email, false);
        let s = match self.slot(key, &[]) {
            Slot::Absent | Slot::Null => return None,
            Slot::Present(Value::String(s)) => s.as_str(),
            Slot::Present(_) => {
                self.type_error(key, "a string");
                return None;
            }
        };
        if !self.address_text_ok(key, s) {
            return None;
        }
        if !email_address::EmailAddress::is_valid(s) || !s.contains('@') {
            self.error(key, ErrorCode::InvalidEmail, Message::new("error-field-email").arg("key", key));
            return None;
        }
        Some(s.to_string())
    }

    /// A mail sender (`mailFrom`): an address as [`Reader::email`] reads it,
    /// also with a display name (`Schulleitung <sl@school.ch>`), trimmed, that
    /// the mailer can use as its `From` header; blank (after trimming), absent
    /// or `null` → `None` (with `required`: `required`).
    pub fn mailbox(&mut self, key: &str, required: bool) -> Option<String> {
        note(key, FieldKind::Mailbox, required);
        let slot = self.slot(key, &[]);
        let absent_put = matches!(slot, Slot::Absent) && self.mode == Mode::Replace;
        let value = match slot {
            Slot::Absent | Slot::Null => None,
            Slot::Present(Value::String(s)) if s.trim().is_empty() => None,
            Slot::Present(Value::String(s)) => {
                if !self.address_text_ok(key, s) {
                    return None;
                }
                let t = s.trim();
                let usable = t.contains('@')
                    && email_address::EmailAddress::is_valid(t)
                    && t.parse::<lettre::message::Mailbox>().is_ok();
                if !usable {
                    self.error(key, ErrorCode::InvalidEmail, Message::new("error-field-sender").arg("key", key));
                    return None;
                }
                Some(t.to_string())
            }
            Slot::Present(_) => {
                self.type_error(key, "a string");
                return None;
            }
        };
        self.require(key, required, value, absent_put)
    }

    /// One of `options`, exactly as listed; with `required`, absent or `null` is
    /// recorded as `required`, any other value as `out_of_range`.
    pub fn choice(&mut self, key: &str, options: &'static [&'static str], required: bool) -> Option<&'static str> {
        note(key, FieldKind::Choice(options), required);
        let slot = self.slot(key, &[]);
        let absent_put = matches!(slot, Slot::Absent) && self.mode == Mode::Replace;
        let value = match slot {
            Slot::Absent | Slot::Null => None,
            Slot::Present(Value::String(s)) => match options.iter().find(|o| **o == s.as_str()) {
                Some(o) => Some(*o),
                None => {
                    self.error(
                        key,
                        ErrorCode::OutOfRange,
                        Message::new("error-field-one-of").arg("key", key).arg("options", options.join(", ")),
                    );
                    return None;
                }
            },
            Slot::Present(_) => {
                self.type_error(key, "a string");
                return None;
            }
        };
        self.require(key, required, value, absent_put)
    }

    /// Binary data `{"fileName", "mimeType", "data": base64}` or null (docs/contract.md §Envelope and forms).
    pub fn binary(&mut self, key: &str) -> Option<Binary> {
        note(key, FieldKind::Binary, false);
        let obj = match self.slot(key, &[]) {
            Slot::Absent | Slot::Null => return None,
            Slot::Present(Value::Object(o)) => o,
            Slot::Present(_) => {
                self.type_error(key, "an object {fileName, mimeType, data} or null");
                return None;
            }
        };
        let text = |k: &str| obj.get(k).and_then(Value::as_str).map(str::trim);
        let invalid = |r: &mut Self, why: Message| {
            r.error(
                key,
                ErrorCode::InvalidBinary,
                Message::new("error-binary").arg("key", key).arg_message("why", why),
            );
            None
        };
        if obj.get("data").is_some_and(|v| !v.is_string()) || obj.get("mimeType").is_some_and(|v| !v.is_string()) {
            self.type_error(key, "an object whose mimeType and data are strings");
            return None;
        }
        let Some(mime) = obj.get("mimeType").and_then(Value::as_str) else {
            return invalid(self, Message::new("error-binary-no-mime"));
        };
        let Some(data) = text("data") else { return invalid(self, Message::new("error-binary-no-data")) };
        if data.len() > MAX_BINARY_BYTES / 3 * 4 + 8 {
            return invalid(self, Message::new("error-binary-too-large"));
        }
        let Ok(bytes) = base64::engine::general_purpose::STANDARD.decode(data) else {
            return invalid(self, Message::new("error-binary-base64"));
        };
        if bytes.len() > MAX_BINARY_BYTES {
            return invalid(self, Message::new("error-binary-too-large"));
        }
        let signature_ok = match mime {
            "image/png" | "image/jpeg" => image_type(&bytes) == Some(mime),
            _ => return invalid(self, Message::new("error-binary-mime")),
        };
        if !signature_ok {
            return invalid(self, Message::new("error-binary-bytes").arg("mime", mime));
        }
        if let Some(name) = obj.get("fileName").and_then(Value::as_str) {
            if let Some(c) = forbidden_char(name, false) {
                let detail = Message::new("error-binary-file-name")
                    .arg("key", key)
                    .arg("char", format!("U+{:04X}", u32::from(c)));
                self.error_at(format!("{}/fileName", self.pointer(key)), ErrorCode::InvalidCharacter, detail);
                return None;
            }
        }
        let file_name = text("fileName").filter(|s| !s.is_empty()).map(|s| s.chars().take(limits::NAME).collect());
        Some(Binary { file_name, mime_type: mime.to_string(), data: bytes })
    }
}

/// Whether `v` is the empty text `""`: what the existing browser
/// client sends for a cleared number field (docs/client.md §How the client talks).
/// Numbers, id-map values and references read it as "no value", like `null`.
pub fn is_blank(v: &Value) -> bool {
    matches!(v, Value::String(s) if s.is_empty())
}

/// Refuses JSON text with a number that its parsed [`Value`] cannot hold as
/// written ([`lossy_number`]): 422 `out_of_range` when its whole part has more
/// than 15 digits, else `too_precise` (docs/api.md "Conventions").
pub fn exact_numbers(json: &[u8]) -> Result<()> {
    let Some((pointer, text)) = lossy_number(json) else { return Ok(()) };
    let huge = Literal::parse(&text).is_none_or(|l| l.truncated(0).is_none_or(|u| u.abs() >= 10i128.pow(15)));
    let (code, detail) = if huge {
        (ErrorCode::OutOfRange, Message::new("error-number-huge").arg("number", &text))
    } else {
        (ErrorCode::TooPrecise, Message::new("error-number-lossy").arg("number", &text))
    };
    Err(Error::field(pointer, code, detail))
}

/// The first number in the JSON text `json` that a parsed [`Value`] cannot
/// hold as written, with its JSON pointer and text: serde_json keeps a number
/// with a fraction, an exponent or more than 64 bits as a double, which holds
/// every number of up to 15 significant digits exactly (written back in its
/// shortest form) but turns `2.0000000000000000000000000000000000001` into 2
/// and a 40-digit number into one of 17 digits. The extractor of request
/// bodies refuses such a body (docs/api.md "Conventions"), so no value is
/// rounded unseen. `json` must be valid JSON (parse it first); `None` for
/// anything else too.
pub fn lossy_number(json: &[u8]) -> Option<(String, String)> {
    let mut scan = Scan { bytes: json, pos: 0 };
    scan.value(&mut String::new()).ok().flatten()
}

/// A walk through valid JSON text, keeping the JSON pointer of the value at hand.
struct Scan<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Scan<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.pos += 1;
        }
    }

    /// Skips a string (at its opening quote) and returns its raw text with quotes.
    fn string(&mut self) -> std::result::Result<&[u8], ()> {
        let start = self.pos;
        self.pos += 1;
        loop {
            match self.peek().ok_or(())? {
                b'\\' => self.pos += 2,
                b'"' => {
                    self.pos += 1;
                    return Ok(&self.bytes[start..self.pos]);
                }
                _ => self.pos += 1,
            }
        }
    }

    /// Walks one value at `pointer`; `Ok(Some(..))` at the first lossy number.
    fn value(&mut self, pointer: &mut String) -> std::result::Result<Option<(String, String)>, ()> {
        self.skip_ws();
        match self.peek().ok_or(())? {
            b'{' => {
                self.pos += 1;
                loop {
                    self.skip_ws();
                    match self.peek().ok_or(())? {
                        b'}' => {
                            self.pos += 1;
                            return Ok(None);
                        }
                        b',' => self.pos += 1,
                        b'"' => {
                            let raw = self.string()?;
                            let key: String = serde_json::from_slice(raw).map_err(|_| ())?;
                            self.skip_ws();
                            self.pos += 1; // the colon
                            let len = pointer.len();
                            pointer.push('/');
                            pointer.push_str(&key.replace('~', "~0").replace('/', "~1"));
                            let found = self.value(pointer)?;
                            if found.is_some() {
                                return Ok(found);
                            }
                            pointer.truncate(len);
                        }
                        _ => return Err(()),
                    }
                }
            }
            b'[' => {
                self.pos += 1;
                let mut index = 0usize;
                loop {
                    self.skip_ws();
                    match self.peek().ok_or(())? {
                        b']' => {
                            self.pos += 1;
                            return Ok(None);
                        }
                        b',' => self.pos += 1,
                        _ => {
                            let len = pointer.len();
                            pointer.push_str(&format!("/{index}"));
                            let found = self.value(pointer)?;
                            if found.is_some() {
                                return Ok(found);
                            }
                            pointer.truncate(len);
                            index += 1;
                        }
                    }
                }
            }
            b'"' => self.string().map(|_| None),
            b'-' | b'0'..=b'9' => {
                let start = self.pos;
                while self.peek().is_some_and(|b| matches!(b, b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')) {
                    self.pos += 1;
                }
                let text = std::str::from_utf8(&self.bytes[start..self.pos]).map_err(|_| ())?;
                let parsed: Value = serde_json::from_str(text).map_err(|_| ())?;
                let held = literal_of(&parsed);
                let written = Literal::parse(text);
                Ok((held != written).then(|| (pointer.clone(), text.to_string())))
            }
            _ => {
                while self.peek().is_some_and(|b| b.is_ascii_alphabetic()) {
                    self.pos += 1;
                }
                Ok(None)
            }
        }
    }
}

/// The number of `v` as the parsed value holds it (for a JSON number its
/// shortest form, exact for bodies that passed [`lossy_number`]) or a string
/// as in [`is_decimal_text`].
pub fn literal_of(v: &Value) -> Option<Literal> {
    match v {
        Value::Number(n) => Literal::parse(&n.to_string()),
        Value::String(s) if is_decimal_text(s) => Literal::parse(s),
        _ => None,
    }
}

/// Reads an id from `N` or `"N"` (a whole number; `"N"` as in [`is_integer_text`]).
pub fn id_of(v: &Value) -> Option<i64> {
    match v {
        Value::Number(n) => {
            n.as_i64().or_else(|| n.as_f64().filter(|x| x.fract() == 0.0 && x.abs() < 9e15).map(|x| x as i64))
        }
        Value::String(s) if is_integer_text(s) => s.parse().ok(),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn tolerant_forms_are_read() {
        let body = json!({"n": "2027", "b": "true", "r": {"id": 3}, "r2": "4", "l": [1, "2", {"id": 3}], "t": "  x  ", "e": "  "});
        let mut r = Reader::new(&body, Mode::Create).unwrap();
        assert_eq!(r.integer("n", true, 1900, 2200), Some(2027));
        assert!(r.boolean("b"));
        assert_eq!(r.reference("r", true), Some(3));
        assert_eq!(r.reference("r2", true), Some(4));
        assert_eq!(r.references("l"), vec![1, 2, 3]);
        assert_eq!(r.text("t", true, 5), Some("x".into()));
        assert_eq!(r.text("e", false, 5), None);
        r.finish().unwrap();
    }

    #[test]
    fn blank_strings_are_no_value_for_numbers_and_references() {
        let body = json!({"n": "", "f": "", "r": "", "m": {"3": "", "4": "1.5"}, "req": ""});
        let mut r = Reader::new(&body, Mode::Replace).unwrap();
        assert_eq!(r.integer("n", false, 0, 10), None);
        assert_eq!(r.fixed("f", 0, 10), None);
        assert_eq!(r.reference("r", false), None);
        assert_eq!(r.id_map("m", 0, 10).unwrap().len(), 1);
        assert_eq!(r.integer("req", true, 0, 10), None);
        let Err(Error::Problem { errors, .. }) = r.finish() else { panic!("a blank required number is missing") };
        assert_eq!(
            errors.iter().map(|e| (e.pointer.as_str(), e.code.as_str())).collect::<Vec<_>>(),
            [("/req", "required")]
        );
    }

    #[test]
    fn collects_all_errors_with_pointers() {
        let body = json!({"n": 3000, "l": [1, 1], "t": ""});
        let mut r = Reader::new(&body, Mode::Create).unwrap();
        r.integer("n", true, 1900, 2200);
        r.references("l");
        r.text("t", true, 5);
        r.text("missing", true, 5);
        let Err(Error::Problem { code: problem_code, errors, .. }) = r.finish() else { panic!("expected problem") };
        let status = problem_code.status();
        assert_eq!(status, 422);
        let pointers: Vec<_> = errors.iter().map(|e| (e.pointer.as_str(), e.code.as_str())).collect();
        assert_eq!(
            pointers,
            vec![("/n", "out_of_range"), ("/l/1", "duplicate_entry"), ("/t", "required"), ("/missing", "required")]
        );
    }

    #[test]
    fn type_errors_make_it_a_400_and_put_needs_every_key() {
        let body = json!({"n": "abc"});
        let mut r = Reader::new(&body, Mode::Replace).unwrap();
        r.integer("n", true, 0, 10);
        r.text("absent", false, 10);
        let Err(Error::Problem { code, .. }) = r.finish() else { panic!() };
        let status = code.status();
        assert_eq!((status.as_u16(), code), (400, ErrorCode::InvalidType));

        let empty = json!({});
        let mut r = Reader::new(&empty, Mode::Replace).unwrap();
        r.text("absent", false, 10);
        let Err(Error::Problem { code, .. }) = r.finish() else { panic!() };
        let status = code.status();
        assert_eq!((status.as_u16(), code), (422, ErrorCode::MissingField));
        assert!(Reader::new(&json!([1]), Mode::Create).is_err());
    }

    #[test]
    fn hostile_characters_are_refused_with_422_and_multi_line_texts_keep_line_feeds() {
        let body = json!({"name": "Anna", "lines": "a\n\tb", "cr": "a\r\nb", "tab": "a\tb", "bidi": "a\u{202E}b",
                          "iso": "\u{2066}a", "c1": "a\u{9b}b", "crlines": "a\r\nb", "ls": "a\u{2028}b"});
        let mut r = Reader::new(&body, Mode::Create).unwrap();
        assert_eq!(r.text("name", true, 10), Some("Anna".into()));
        assert_eq!(r.multi_line_text("lines", true, 10), Some("a\n\tb".into()));
        for key in ["cr", "tab", "bidi", "iso", "c1"] {
            assert_eq!(r.text(key, true, 10), None, "{key}");
        }
        assert_eq!(r.multi_line_text("crlines", true, 10), None);
        assert_eq!(r.multi_line_text("ls", true, 10), None);
        let Err(Error::Problem { code, errors, .. }) = r.finish() else { panic!("refused") };
        assert_eq!((code, code.status().as_u16()), (ErrorCode::InvalidCharacter, 422));
        let pointers: Vec<&str> = errors.iter().map(|e| e.pointer.as_str()).collect();
        assert_eq!(pointers, ["/cr", "/tab", "/bidi", "/iso", "/c1", "/crlines", "/ls"]);
        assert!(errors.iter().all(|e| e.code == ErrorCode::InvalidCharacter));
        assert!(errors[0].detail.contains("U+000D"), "{}", errors[0].detail);
    }

    #[test]
    fn dates_lie_between_1900_and_2200() {
        let body = json!({"a": "1900-01-01", "b": "2200-12-31", "c": "1899-12-31", "d": "2201-01-01"});
        let mut r = Reader::new(&body, Mode::Create).unwrap();
        assert!(r.date("a", false).is_some() && r.date("b", false).is_some());
        assert!(r.date("c", false).is_none() && r.date("d", false).is_none());
        let Err(Error::Problem { errors, .. }) = r.finish() else { panic!("refused") };
        assert!(errors.iter().all(|e| e.code == ErrorCode::DateOutOfRange), "{errors:?}");
    }

    #[test]
    fn numbers_are_read_exactly() {
        let body = json!({"s": "2.000000001", "n": 2.000000001, "long": "2.00000000000000000000000000001",
                          "ok": "57.50000", "i": "1e3", "w": 2027.0, "big": "99999999999999999999999"});
        let mut r = Reader::new(&body, Mode::Create).unwrap();
        assert_eq!(r.fixed("ok", 0, 100), Some(Fixed(575_000)));
        assert_eq!(r.integer("w", true, 1900, 2200), Some(2027));
        for key in ["s", "n", "long"] {
            assert_eq!(r.fixed(key, 0, 100), None, "{key}");
        }
        assert_eq!(r.fixed("big", 0, 100), None);
        let Err(Error::Problem { errors, .. }) = r.finish() else { panic!("refused") };
        let codes: Vec<(&str, &str)> = errors.iter().map(|e| (e.pointer.as_str(), e.code.as_str())).collect();
        assert_eq!(
            codes,
            [("/s", "too_precise"), ("/n", "too_precise"), ("/long", "too_precise"), ("/big", "out_of_range")]
        );
    }

    #[test]
    fn numbers_a_parsed_value_cannot_hold_are_found_in_the_text() {
        let text = br#"{"a": [1, 2.5, {"b~/c": 2.00000000000000000001}], "s": "2.00000000000000000001"}"#;
        assert_eq!(lossy_number(text), Some(("/a/2/b~0~1c".to_string(), "2.00000000000000000001".to_string())));
        let fine =
            br#"{"a": [1, -0, 0.1, 1e-5, 47.8260869565, 0.30000000000000004, 12345678901234567, -9007199254740993]}"#;
        assert_eq!(lossy_number(fine), None);
        let huge = br#"{"x": 1234567890123456789012345678901234567890}"#;
        let Err(Error::Problem { code, errors, .. }) = exact_numbers(huge) else { panic!("refused") };
        assert_eq!((code, errors[0].pointer.as_str()), (ErrorCode::OutOfRange, "/x"));
        let Err(Error::Problem { code, .. }) = exact_numbers(b"{\"x\": 2.0000000000000000000000001}") else {
            panic!("refused")
        };
        assert_eq!(code, ErrorCode::TooPrecise);
    }

    #[test]
    fn a_sender_may_carry_a_display_name() {
        let body = json!({"a": " Schulleitung <sl@school.ch> ", "b": "sl@school.ch", "c": "", "d": "no address",
                          "e": "x@y.ch\r\nBcc: z@w.ch"});
        let mut r = Reader::new(&body, Mode::Create).unwrap();
        assert_eq!(r.mailbox("a", false).as_deref(), Some("Schulleitung <sl@school.ch>"));
        assert_eq!(r.mailbox("b", false).as_deref(), Some("sl@school.ch"));
        assert_eq!(r.mailbox("c", false), None);
        assert_eq!(r.mailbox("d", false), None);
        assert_eq!(r.mailbox("e", false), None);
        let Err(Error::Problem { errors, .. }) = r.finish() else { panic!("refused") };
        let codes: Vec<&str> = errors.iter().map(|e| e.code.as_str()).collect();
        assert_eq!(codes, ["invalid_email", "invalid_character"]);
    }

    #[test]
    fn binary_checks_signature() {
        let png = base64::engine::general_purpose::STANDARD.encode(b"\x89PNG\r\n\x1a\nrest");
        let body = json!({"ok": {"fileName": "a.png", "mimeType": "image/png", "data": png},
                          "bad": {"mimeType": "image/jpeg", "data": png}});
        let mut r = Reader::new(&body, Mode::Create).unwrap();
        assert_eq!(r.binary("ok").unwrap().mime_type, "image/png");
        assert!(r.binary("bad").is_none());
        assert!(r.finish().is_err());
    }
}
