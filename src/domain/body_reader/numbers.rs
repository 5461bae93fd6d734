//! Numbers exactly as written: the scanner that finds a number a parsed
//! [`Value`] cannot hold ([`lossy_number`], [`exact_numbers`]), and the
//! numbers and ids read from values ([`literal_of`], [`id_of`]).

use serde_json::Value;

use super::text::{is_decimal_text, is_integer_text};
use crate::domain::fixed::Literal;
use crate::error::{Error, ErrorCode, Result};
use crate::i18n::Message;

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
}
