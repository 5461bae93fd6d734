//! The rules about references between objects (docs/contract.md §Validation), as pure
//! functions over facts the store supplies:
//!
//! - every id a body names must exist: 422 `unknown_reference`, one field
//!   error per JSON pointer ([`check_references`]);
//! - an object that others still use cannot be deleted: 409 `referenced`,
//!   naming at most five of its users ([`check_unused`]).
//!
//! A parsed body lists its references through [`References`]; the generic
//! write path (`api::crud`) asks the store which of them are missing and
//! applies [`check_references`] before it writes.

use std::collections::HashSet;

use crate::error::{Error, ErrorCode, FieldError, Result};
use crate::i18n::Message;

/// The kind of object a reference points at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RefKind {
    /// A teacher.
    Teacher,
    /// A school year.
    SchoolYear,
    /// A division.
    Division,
    /// A curriculum.
    Curriculum,
    /// A grade.
    Grade,
    /// A subject category (also a teacher's department).
    SubjectCategory,
    /// A subject type.
    SubjectType,
    /// A gender.
    Gender,
    /// A payroll type.
    PayrollType,
    /// A pool type.
    PoolType,
    /// A posting type.
    PostingType,
    /// A thesis type.
    ThesisType,
}

impl RefKind {
    /// Noun for messages ("There is no subject category with id 9.").
    pub fn noun(self) -> &'static str {
        match self {
            RefKind::Teacher => "teacher",
            RefKind::SchoolYear => "school year",
            RefKind::Division => "division",
            RefKind::Curriculum => "curriculum",
            RefKind::Grade => "grade",
            RefKind::SubjectCategory => "subject category",
            RefKind::SubjectType => "subject type",
            RefKind::Gender => "gender",
            RefKind::PayrollType => "payroll type",
            RefKind::PoolType => "pool type",
            RefKind::PostingType => "posting type",
            RefKind::ThesisType => "thesis type",
        }
    }
}

/// One id a body names: where (`pointer`, a JSON pointer into the body), of
/// what kind, and which id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reference {
    /// JSON pointer of the field, e.g. `/departments/0`.
    pub pointer: String,
    /// What the id points at.
    pub kind: RefKind,
    /// The id.
    pub id: i64,
}

impl Reference {
    /// A reference at `pointer` to object `id` of `kind` (a typed id or the plain number).
    pub fn new(pointer: impl Into<String>, kind: RefKind, id: impl Into<i64>) -> Self {
        Reference { pointer: pointer.into(), kind, id: id.into() }
    }

    /// `Some(reference)` when `id` is present (optional fields).
    pub fn optional(pointer: &str, kind: RefKind, id: Option<impl Into<i64>>) -> Option<Self> {
        id.map(|id| Reference::new(pointer, kind, id))
    }
}

/// A parsed body that names other objects by id. The default names none.
pub trait References {
    /// The references, in the order their errors are reported.
    fn references(&self) -> Vec<Reference> {
        Vec::new()
    }
}

/// One `unknown_reference` field error for each reference in `refs` whose
/// `(kind, id)` is in `missing`, in the order of `refs`.
pub fn unknown_references(refs: &[Reference], missing: &HashSet<(RefKind, i64)>) -> Vec<FieldError> {
    refs.iter()
        .filter(|r| missing.contains(&(r.kind, r.id)))
        .map(|r| {
            FieldError::new(
                r.pointer.clone(),
                ErrorCode::UnknownReference,
                Message::new("error-unknown-reference-id")
                    .arg_message("kind", Message::kind(r.kind.noun()))
                    .arg("id", r.id),
            )
        })
        .collect()
}

/// 422 `unknown_reference` naming every reference of `refs` that is `missing`
/// (docs/contract.md §Validation); `Ok` when all exist.
pub fn check_references(refs: &[Reference], missing: &HashSet<(RefKind, i64)>) -> Result<()> {
    fields_or_ok(unknown_references(refs, missing))
}

/// `Err` of all `errors` (422, see [`Error::fields`]) unless there are none.
pub fn fields_or_ok(errors: Vec<FieldError>) -> Result<()> {
    if errors.is_empty() {
        Ok(())
    } else {
        Err(Error::fields(errors))
    }
}

/// 409 `referenced` when `users` (labels such as `course M (26/27)` of the
/// objects that still use the one to be deleted or changed) is not empty
/// (docs/contract.md §Deleting). `message` builds the detail from the summary of the
/// users ([`users_message`]): "Subject M is still used by course M (26/27) and 2
/// more; archive the subject instead."
pub fn check_unused(users: &[String], message: impl FnOnce(Message) -> Message) -> Result<()> {
    match users_message(users) {
        None => Ok(()),
        Some(summary) => Err(Error::new(ErrorCode::Referenced, message(summary))),
    }
}

/// The kinds of users the store names at the start of its labels, longest
/// first: (prefix, the kind's noun, whether the label goes on with "of").
const USER_PREFIXES: &[(&str, &str, bool)] = &[
    ("pool entry of ", "pool entry", true),
    ("posting of ", "posting", true),
    ("theses of ", "theses", true),
    ("pool entry ", "pool entry", false),
    ("pool type ", "pool type", false),
    ("posting type ", "posting type", false),
    ("thesis type ", "thesis type", false),
    ("school class ", "school class", false),
    ("curriculum ", "curriculum", false),
    ("employment ", "employment", false),
    ("posting ", "posting", false),
    ("subject ", "subject", false),
    ("teacher ", "teacher", false),
    ("course ", "course", false),
    ("grade ", "grade", false),
    ("note ", "note", false),
];

/// One user's label (`course M (26/27)`) as a message: its kind in the
/// reader's language, the rest as it is.
fn user_message(label: &str) -> Message {
    USER_PREFIXES
        .iter()
        .find_map(|(prefix, kind, of)| {
            let rest = label.strip_prefix(prefix)?;
            let key = if *of { "error-user-of" } else { "error-user" };
            Some(Message::new(key).arg_message("kind", Message::kind(kind)).arg("rest", rest))
        })
        .unwrap_or_else(|| Message::Literal(label.to_string()))
}

/// [`summarise`] as a message in the reader's language: "a, b, c, d, e and
/// 7 more" (at most five labels named); `None` when empty.
pub fn users_message(labels: &[String]) -> Option<Message> {
    let named = |labels: &[String]| labels.iter().map(|l| user_message(l)).collect::<Vec<_>>();
    match labels.len() {
        0 => None,
        1 => Some(user_message(&labels[0])),
        n if n <= 5 => Some(
            Message::new("error-users-and")
                .arg_list("list", named(&labels[..n - 1]))
                .arg_message("last", user_message(&labels[n - 1])),
        ),
        n => Some(Message::new("error-users-more").arg_list("list", named(&labels[..5])).arg("more", n - 5)),
    }
}

/// "a, b, c, d, e and 7 more" (at most five labels named); `None` when empty.
pub fn summarise(labels: &[String]) -> Option<String> {
    match labels.len() {
        0 => None,
        1 => Some(labels[0].clone()),
        n if n <= 5 => Some(format!("{} and {}", labels[..n - 1].join(", "), labels[n - 1])),
        n => Some(format!("{} and {} more", labels[..5].join(", "), n - 5)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summarise_names_at_most_five() {
        let l = |n: usize| (0..n).map(|i| format!("x{i}")).collect::<Vec<_>>();
        assert_eq!(summarise(&l(0)), None);
        assert_eq!(summarise(&l(1)).unwrap(), "x0");
        assert_eq!(summarise(&l(2)).unwrap(), "x0 and x1");
        assert_eq!(summarise(&l(7)).unwrap(), "x0, x1, x2, x3, x4 and 2 more");
    }

    #[test]
    fn unknown_references_keep_the_body_order_and_name_kind_and_id() {
        let refs = vec![
            Reference::new("/departments/0", RefKind::SubjectCategory, 4),
            Reference::new("/departments/1", RefKind::SubjectCategory, 9),
            Reference::new("/gender", RefKind::Gender, 9),
        ];
        let missing: HashSet<_> = [(RefKind::Gender, 9), (RefKind::SubjectCategory, 9)].into();
        let errors = unknown_references(&refs, &missing);
        let got: Vec<(&str, &str)> = errors.iter().map(|e| (e.pointer.as_str(), e.detail.as_str())).collect();
        assert_eq!(
            got,
            [
                ("/departments/1", "There is no subject category with id 9."),
                ("/gender", "There is no gender with id 9.")
            ]
        );
        assert!(errors.iter().all(|e| e.code == ErrorCode::UnknownReference));
        let err = check_references(&refs, &missing).unwrap_err();
        assert_eq!(err.code(), ErrorCode::UnknownReference);
        assert!(check_references(&refs, &HashSet::new()).is_ok());
    }

    #[test]
    fn an_object_in_use_cannot_go_and_its_users_are_named() {
        assert!(check_unused(&[], |_| unreachable!()).is_ok());
        let users = vec!["course M (26/27)".to_string(), "course E (26/27)".to_string()];
        let err =
            check_unused(&users, |u| Message::new("error-in-use-subject").arg("code", "M").arg_message("users", u))
                .unwrap_err();
        assert_eq!(err.code(), ErrorCode::Referenced);
        assert_eq!(err.status(), axum::http::StatusCode::CONFLICT);
        assert!(err.to_string().contains("course M (26/27) and course E (26/27)"), "{err}");
    }
}
