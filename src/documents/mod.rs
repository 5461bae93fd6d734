//! Documents and exports (docs/documents.md §File formats): pure functions from loaded data
//! and workload forms to the bytes of a file. The jobs ([`crate::jobs`]) load
//! the data and store the products.
//!
//! - [`csv`]: the CSV lists (UTF-8 with BOM, `;`, CRLF, RFC 4180 quoting,
//!   `.` decimals, zero as an empty cell — what Excel in a Swiss German locale
//!   opens correctly).
//! - [`untis`]: the timetable program's import file.
//! - [`pdf`]: the PDF documents (workload sheet, course lists), typeset
//!   with the `typst` library.

pub mod csv;
pub mod pdf;
pub mod untis;

use rust_decimal::{Decimal, RoundingStrategy};

/// `d` with exactly `decimals` decimals, rounded half-up (away from zero), as
/// the workload form's readers format it (docs/workload.md §Response); zero (also after
/// rounding) is an empty text.
pub fn number(d: Decimal, decimals: u32) -> String {
    let r = d.round_dp_with_strategy(decimals, RoundingStrategy::MidpointAwayFromZero);
    if r.is_zero() {
        return String::new();
    }
    let mut r = r;
    r.rescale(decimals);
    r.to_string()
}

/// Lessons: 2 decimals, zero empty.
pub fn lessons(d: Decimal) -> String {
    number(d, 2)
}

/// `attachment; filename*=UTF-8''<name>` (RFC 6266 with RFC 5987's
/// encoding): the name made safe ([`safe_file_name`]), then percent-encoded
/// except for the attr-chars, for `Content-Disposition` of a download.
pub fn content_disposition(name: &str) -> String {
    let mut out = String::from("attachment; filename*=UTF-8''");
    for b in safe_file_name(name).bytes() {
        if b.is_ascii_alphanumeric() || b"!#$&+-.^_`|~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A download or attachment name that names one file and reads as it is:
/// `/` and `\` become `-`, control characters and bidirectional overrides
/// are dropped ([`crate::domain::body_reader::is_forbidden`]), runs of dots become
/// one dot (no `..`) and leading dots and spaces go; an empty result is
/// `download`. Names are built from codes that people type
/// (`Pensenblatt_<Kürzel>_<year>.pdf`), so every name is passed through this.
pub fn safe_file_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        let c = if c == '/' || c == '\\' { '-' } else { c };
        if crate::domain::body_reader::is_forbidden(c, false) || (c == '.' && out.ends_with('.')) {
            continue;
        }
        if (c == '.' || c == ' ') && out.is_empty() {
            continue;
        }
        out.push(c);
    }
    if out.trim().is_empty() {
        return "download".to_string();
    }
    out
}

/// The year's code made fit for a file name: `/` becomes `-` (`26/27` → `26-27`).
pub fn year_in_file_name(code: &str) -> String {
    code.replace(['/', '\\'], "-")
}

#[cfg(test)]
mod tests {
    #[test]
    fn file_names_are_percent_encoded() {
        assert_eq!(
            super::content_disposition("Pensenblätter_26-27.pdf"),
            "attachment; filename*=UTF-8''Pensenbl%C3%A4tter_26-27.pdf"
        );
    }

    use super::*;
    use std::str::FromStr;

    #[test]
    fn numbers_have_fixed_decimals_and_zero_is_empty() {
        let d = |s: &str| Decimal::from_str(s).unwrap();
        assert_eq!(number(d("12.7485"), 3), "12.749");
        assert_eq!(number(d("-0.885"), 2), "-0.89");
        assert_eq!(number(d("2"), 2), "2.00");
        assert_eq!(number(d("0.0004"), 3), "");
        assert_eq!(number(d("0"), 2), "");
        assert_eq!(year_in_file_name("26/27"), "26-27");
    }

    #[test]
    fn file_names_name_one_file_and_read_as_they_are() {
        assert_eq!(safe_file_name("Pensenblatt_../../etc_26-27.pdf"), "Pensenblatt_.-.-etc_26-27.pdf");
        assert_eq!(safe_file_name("..\\x..pdf"), "-x.pdf");
        assert_eq!(safe_file_name("a\r\nb\u{202E}fdp.exe"), "abfdp.exe");
        assert_eq!(safe_file_name("../"), "-");
        assert_eq!(safe_file_name("..."), "download");
        assert_eq!(safe_file_name("Pensenblätter_26-27.pdf"), "Pensenblätter_26-27.pdf");
    }
}
