//! The [`Reader`] of one JSON object's fields: each typed field read with its
//! tolerated spellings, every problem collected with its JSON pointer.

use chrono::NaiveDate;
use serde_json::{Map, Value};

use super::kinds::{note, FieldKind};
use super::numbers::{id_of, literal_of};
use super::text::{forbidden_char, is_blank, is_id_text, is_integer_text};
use super::{limits, Mode, DATE_YEARS};
use crate::domain::fixed::{Fixed, FixedError, Literal};
use crate::error::{Error, ErrorCode, FieldError, Result};
use crate::i18n::Message;

/// A key's value as the body holds it.
pub(super) enum Slot<'a> {
    /// The key is missing.
    Absent,
    /// The key holds `null`.
    Null,
    /// The key holds this value.
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

    /// The value of `key` (or the first alias present); an absent key in
    /// [`Mode::Replace`] is recorded as `missing_field`.
    pub(super) fn slot(&mut self, key: &str, aliases: &[&str]) -> Slot<'a> {
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

    /// Records that `key` is not of the `expected` type (400 `invalid_type`).
    pub(super) fn type_error(&mut self, key: &str, expected: &str) {
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

    /// Whether `s` holds no character [`forbidden_char`] refuses; records
    /// `invalid_character` at `key` otherwise.
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
}
