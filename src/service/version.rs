//! Versions of an object and the caller's expectation of them: optimistic
//! concurrency without HTTP (docs/contract.md §Concurrency).
//!
//! A [`Version`] names one state of an object's single form: it changes
//! whenever anything visible in the form changes, including the reference
//! forms embedded in it. The JSON API sends it as the `ETag` (in double
//! quotes); an HTML form can carry it in a hidden field.
//!
//! An [`Expect`] is what the caller believes about the current version: any
//! ([`Expect::ANY`]), exactly the one it read ([`Expect::version`]), or the
//! general form of HTTP's `If-Match`/`If-None-Match` (one of some versions,
//! none of some versions). A use case checks it against the object as it is
//! inside the write transaction, after its row is locked, so two callers
//! saving over the same version cannot both succeed.

use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::error::{Error, ErrorCode, Result};
use crate::i18n::Message;

/// A version of an object's form: the lowercase hex of the first 16 bytes of
/// the SHA-256 of its JSON bytes (32 characters, no quotes).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Version(String);

impl Version {
    /// The version of `value`'s JSON form.
    pub fn of(value: &impl Serialize) -> Result<Version> {
        let bytes = serde_json::to_vec(value).map_err(Error::internal)?;
        Ok(Self::of_bytes(&bytes))
    }

    /// The version of the given JSON bytes of a form.
    pub fn of_bytes(bytes: &[u8]) -> Version {
        let digest = Sha256::digest(bytes);
        Version(digest[..16].iter().map(|b| format!("{b:02x}")).collect())
    }

    /// A version as a caller sent it back (e.g. the text between the quotes
    /// of an entity tag, or a hidden form field); it is only compared, so any
    /// text is accepted (a text that is no version never matches).
    pub fn from_text(text: impl Into<String>) -> Version {
        Version(text.into())
    }

    /// The version as text (32 lowercase hex digits for a computed one).
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for Version {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A set of versions in an [`Expect`]: any version, or those listed (an empty
/// list holds none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Versions {
    /// Every version (HTTP's `*`).
    Any,
    /// The versions listed.
    List(Vec<Version>),
}

impl Versions {
    /// Whether `current` is in the set.
    pub fn contains(&self, current: &Version) -> bool {
        match self {
            Versions::Any => true,
            Versions::List(list) => list.contains(current),
        }
    }
}

/// What the caller expects of the current version of the object it changes.
/// Every part that is set must hold; [`Expect::ANY`] (the default) sets none,
/// so the change is unconditional.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Expect {
    /// The current version must be one of these (HTTP `If-Match`, strong
    /// comparison: the front door leaves out weak tags).
    pub one_of: Option<Versions>,
    /// The current version must be none of these (HTTP `If-None-Match`;
    /// [`Versions::Any`] fails on every existing object).
    pub none_of: Option<Versions>,
    /// The caller sent a condition that could not be read: every check fails
    /// with 412 `invalid_header` and this detail (a condition that cannot be
    /// read cannot hold, and the change must not run unconditionally).
    pub unreadable: Option<Message>,
}

impl Expect {
    /// No condition: the change is made whatever the current version.
    pub const ANY: Expect = Expect { one_of: None, none_of: None, unreadable: None };

    /// The object must still be at `version` (the one the caller read).
    pub fn version(version: Version) -> Expect {
        Expect { one_of: Some(Versions::List(vec![version])), ..Expect::ANY }
    }

    /// Whether anything is expected at all: without a condition a use case
    /// needs no version of the current state.
    pub fn is_conditional(&self) -> bool {
        self.one_of.is_some() || self.none_of.is_some() || self.unreadable.is_some()
    }

    /// Only the `one_of` part (and an unreadable condition): what merge and
    /// split check per course, and what a read checks before its answer.
    pub fn matching_only(&self) -> Expect {
        Expect { one_of: self.one_of.clone(), none_of: None, unreadable: self.unreadable.clone() }
    }

    /// 412 `invalid_header` when the condition could not be read.
    fn check_readable(&self) -> Result<()> {
        match &self.unreadable {
            Some(detail) => Err(Error::new(ErrorCode::InvalidHeader, detail.clone())),
            None => Ok(()),
        }
    }

    /// The `one_of` part against the current version of object `noun` `id`:
    /// 412 `precondition_failed` unless it is absent or holds `current`.
    pub fn check_one_of(&self, noun: &str, id: i64, current: &Version) -> Result<()> {
        self.check_readable()?;
        match &self.one_of {
            Some(set) if !set.contains(current) => Err(Error::new(
                ErrorCode::PreconditionFailed,
                Message::new("error-changed-since-read").arg_message("kind", Message::kind(noun)).arg("id", id),
            )),
            _ => Ok(()),
        }
    }

    /// The whole expectation against the current version of object `noun`
    /// `id` before a change: `one_of` must hold it, `none_of` must not; else
    /// 412 `precondition_failed` and nothing is changed.
    pub fn check(&self, noun: &str, id: i64, current: &Version) -> Result<()> {
        self.check_one_of(noun, id, current)?;
        if self.none_of.as_ref().is_some_and(|set| set.contains(current)) {
            return Err(Error::new(
                ErrorCode::PreconditionFailed,
                Message::new("error-none-match").arg_message("kind", Message::kind(noun)).arg("id", id),
            ));
        }
        Ok(())
    }

    /// [`Expect::check`] against the version of `current` (computed only
    /// when something is expected).
    pub fn check_form(&self, noun: &str, id: i64, current: &impl Serialize) -> Result<()> {
        if self.is_conditional() {
            self.check(noun, id, &Version::of(current)?)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn version_is_hex_of_sha256_prefix() {
        // SHA-256("") = e3b0c44298fc1c149afbf4c8996fb924…
        assert_eq!(Version::of_bytes(b"").as_str(), "e3b0c44298fc1c149afbf4c8996fb924");
        let v = Version::of(&json!({"id": 1})).unwrap();
        assert_eq!(v, Version::of_bytes(br#"{"id":1}"#));
        assert_ne!(v, Version::of(&json!({"id": 2})).unwrap());
    }

    #[test]
    fn expectations_hold_or_fail_with_412() {
        let cur = Version::of_bytes(b"x");
        let other = Version::from_text("other");
        assert!(Expect::ANY.check("thing", 1, &cur).is_ok());
        assert!(!Expect::ANY.is_conditional());
        assert!(Expect::version(cur.clone()).check("thing", 1, &cur).is_ok());
        let stale = Expect::version(other.clone()).check("thing", 1, &cur).unwrap_err();
        assert_eq!(stale.code(), ErrorCode::PreconditionFailed);
        let none = Expect { none_of: Some(Versions::Any), ..Expect::ANY };
        assert_eq!(none.check("thing", 1, &cur).unwrap_err().code(), ErrorCode::PreconditionFailed);
        assert!(none.check_one_of("thing", 1, &cur).is_ok());
        let none_other = Expect { none_of: Some(Versions::List(vec![other])), ..Expect::ANY };
        assert!(none_other.check("thing", 1, &cur).is_ok());
        let empty = Expect { one_of: Some(Versions::List(vec![])), ..Expect::ANY };
        assert!(empty.check("thing", 1, &cur).is_err());
        let bad = Expect { unreadable: Some("unreadable".into()), ..Expect::ANY };
        assert_eq!(bad.check_form("thing", 1, &json!({})).unwrap_err().code(), ErrorCode::InvalidHeader);
        assert_eq!(bad.matching_only().check("thing", 1, &cur).unwrap_err().code(), ErrorCode::InvalidHeader);
    }
}
