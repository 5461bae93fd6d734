//! Predicates on text as the reader accepts it: numbers and ids written as
//! strings, the characters a text field refuses, the blank text, and the
//! OpenAPI patterns of each.

use serde_json::Value;

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

/// Whether `v` is the empty text `""`: what the existing browser
/// client sends for a cleared number field (docs/client.md §How the client talks).
/// Numbers, id-map values and references read it as "no value", like `null`.
pub fn is_blank(v: &Value) -> bool {
    matches!(v, Value::String(s) if s.is_empty())
}
