//! Unique constraints and the problems their violations are answered with,
//! declared beside the statements that can violate them (docs/contract.md §Validation
//! "Uniqueness"): a statement ends in `.on_unique(&[&GRADE_CODE])`, and the
//! database decides, not a racy check before the write.
//!
//! PostgreSQL names the violated constraint; SQLite names only its columns
//! (`UNIQUE constraint failed: grade.code_key`), so each [`Unique`] carries
//! both. A violation no statement declared is answered by
//! [`super::map_db_error`] with a generic 409 `duplicate_code` and logged.

use crate::error::{Error, ErrorCode, Result};
use crate::i18n::Message;

/// A unique constraint and its problem.
#[derive(Debug)]
pub struct Unique {
    /// The constraint's name (PostgreSQL reports it).
    pub name: &'static str,
    /// `table.column, table.column` as SQLite's message lists them.
    pub sqlite_columns: &'static str,
    /// The rule's code; it decides the status.
    pub code: ErrorCode,
    /// The catalogue key of the problem's detail (docs/i18n.md §Problems).
    pub detail: &'static str,
}

impl Unique {
    /// Whether `err` is a violation of this constraint.
    fn violated_by(&self, err: &sqlx::Error) -> bool {
        let sqlx::Error::Database(db) = err else { return false };
        if !db.is_unique_violation() {
            return false;
        }
        match db.constraint() {
            Some(name) => name == self.name,
            None => db.message().rsplit(": ").next() == Some(self.sqlite_columns),
        }
    }
}

/// A code unique among the objects of `table` (compared by `code_key`,
/// docs/contract.md §Validation): 409 `duplicate_code` with the text of catalogue key `detail`.
pub const fn code_key(name: &'static str, sqlite_columns: &'static str, detail: &'static str) -> Unique {
    Unique { name, sqlite_columns, code: ErrorCode::DuplicateCode, detail }
}

/// An ordered list of a body that holds the same entry twice (the body's
/// reader rejects this first; the constraint is the last line): 422 `duplicate_entry`.
pub const fn list_entry(name: &'static str, sqlite_columns: &'static str) -> Unique {
    Unique { name, sqlite_columns, code: ErrorCode::DuplicateEntry, detail: "error-list-entry-twice" }
}

/// Maps the database error of a statement: a violation of one of the
/// constraints it declares becomes that constraint's problem; anything else
/// goes to [`super::map_db_error`].
pub trait OnUnique<T> {
    /// See [`OnUnique`].
    fn on_unique(self, constraints: &[&Unique]) -> Result<T>;
}

impl<T> OnUnique<T> for std::result::Result<T, sqlx::Error> {
    fn on_unique(self, constraints: &[&Unique]) -> Result<T> {
        self.map_err(|err| match constraints.iter().find(|u| u.violated_by(&err)) {
            Some(u) => Error::new(u.code, Message::new(u.detail)),
            None => super::map_db_error(err),
        })
    }
}
