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
//!
//! - This file: [`Mode`], the length [`limits`] of text fields and the years
//!   a date may lie in ([`DATE_YEARS`]).
//! - [`reader`]: the [`Reader`] and its typed fields, and [`checked`].
//! - [`binary`]: binary data ([`Binary`], [`Reader::binary`]) and the
//!   accepted images ([`image_type`], [`MAX_BINARY_BYTES`]).
//! - [`kinds`]: the kinds of fields ([`FieldKind`], [`FieldDoc`]) and
//!   [`describe`], which lists the fields a parser reads.
//! - [`numbers`]: numbers exactly as written: the scanner of JSON text
//!   ([`lossy_number`], [`exact_numbers`]) and [`literal_of`], [`id_of`].
//! - [`text`]: predicates on text ([`forbidden_char`], [`is_integer_text`],
//!   [`is_decimal_text`], [`is_id_text`], [`is_blank`]) and their OpenAPI
//!   patterns.

mod binary;
mod kinds;
mod numbers;
mod reader;
mod text;

pub use binary::{image_type, Binary, MAX_BINARY_BYTES};
pub use kinds::{describe, FieldDoc, FieldKind};
pub use numbers::{exact_numbers, id_of, literal_of, lossy_number};
pub use reader::{checked, Reader};
pub use text::{
    forbidden_char, is_blank, is_decimal_text, is_forbidden, is_id_text, is_integer_text, DECIMAL_TEXT, INTEGER_TEXT,
    MULTI_LINE_TEXT, SINGLE_LINE_TEXT,
};

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

/// Earliest and latest year of a date (docs/api.md "Conventions"), as for graduation years (docs/contract.md §Validation).
pub const DATE_YEARS: std::ops::RangeInclusive<i32> = 1900..=2200;
