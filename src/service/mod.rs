//! The use cases: every change of the school's data, and the forms it is
//! read in, for every front door (the JSON API in `api/`, the HTML interface,
//! the jobs, the command line). They read and write through
//! [`crate::store::Conn`] (never SQL of their own), apply the pure rules of
//! `domain/`, and know nothing of HTTP.
//!
//! # Calling a use case
//!
//! A front door parses its input into the domain's typed form (a
//! [`FromBody`](crate::domain::FromBody) type such as
//! [`NewTeacher`](crate::domain::teacher::NewTeacher), from a JSON body or a
//! form) and calls one function with:
//! - the [`Store`]: the use case begins, commits or
//!   rolls back its own transaction;
//! - the caller, an [`Actor`](audit::Actor): the signed-in
//!   [`Principal`](crate::auth::Principal) and a label of the operation
//!   (method and path), which the audit trail records;
//! - for a change of an existing object, what the caller expects of its
//!   current version, an [`Expect`](version::Expect): [`Expect::ANY`](version::Expect::ANY)
//!   (unconditional), [`Expect::version`](version::Expect::version) with the
//!   [`Version`](version::Version) the caller read (a hidden form field), or
//!   HTTP's `If-Match`/`If-None-Match` lists;
//! - the typed input.
//!
//! Most resources share the generic use cases of [`crud`]:
//! `crud::create::<R>`, `crud::update::<R>`, `crud::delete::<R>` and
//! `crud::get::<R>`, where `R` is the resource's marker
//! ([`resources::Teachers`], [`course::Courses`], [`pool::PoolEntries`], …;
//! `R::PATH` is its object type). The others have their own functions:
//! [`course::create_course`], [`course::merge_courses`],
//! [`course::split_course`], [`curriculum::create`], [`curriculum::update`],
//! [`lessontable::replace_row`], [`pool::save_theses`],
//! [`pool::create_note`], [`opening::open_school_year_for`], and the accounts,
//! tokens and settings of [`account`].
//!
//! ```ignore
//! let actor = Actor::new(Some(principal), "POST", "/teacher/7");
//! let expect = Expect::version(Version::from_text(form.version));
//! let written = crud::update::<Teachers>(&store, &actor, 7, &expect, &new_teacher).await?;
//! // written.item: the teacher as saved; written.version: its new version
//! ```
//!
//! # What comes back
//!
//! A change returns the object as written, a [`Written`](crud::Written):
//! its id, its single form (the same form `GET` answers with) and the
//! [`Version`](version::Version) of that form (the JSON API sends it as the
//! `ETag`, in double quotes). A delete returns `()`; a split, the resulting
//! courses; opening a year, its report.
//!
//! Each change locks the object's row first, checks the expectation against
//! the object as it is then, checks the ids the input names, applies the
//! rules, writes, and records the audit entry in the same transaction; on any
//! error nothing is changed.
//!
//! # Errors
//!
//! One [`Error`](crate::error::Error) with a stable
//! [`ErrorCode`](crate::error::ErrorCode) (docs/contract.md §Errors); a front
//! door shows it in its own way. The ones a change returns:
//! - `not_found` (404): no object with this id;
//! - `precondition_failed` (412): the expectation does not hold (the object
//!   changed since it was read); `invalid_header` (412): the caller's
//!   condition could not be read;
//! - `unknown_reference` and the field rules (422, with the field's pointer):
//!   the input names a missing object or breaks a rule
//!   (docs/contract.md §Validation);
//! - `referenced`, `school_year_locked`, `duplicate_code` and the other
//!   conflicts (409; docs/contract.md §Deleting, §Locked school years);
//! - `internal` (500) and `unavailable` (503) for faults of the database.

pub mod account;
pub mod audit;
pub mod balances;
pub mod check;
pub mod confirmation;
pub mod course;
pub mod crossclass;
pub mod crud;
pub mod curriculum;
pub mod employment;
pub mod grade;
pub mod grid;
pub mod history;
pub mod invitation;
pub mod job;
pub mod job_watch;
pub mod lessontable;
pub mod live;
pub mod meanwhile;
pub mod moves;
pub mod opening;
pub mod outbox;
pub mod pool;
pub mod references;
pub mod resources;
pub mod schoolyear;
pub mod session;
pub mod thesis_batch;
pub mod version;
pub mod workload;
pub mod workload_sheet;
pub mod yearview;

// The front doors (`api/`, `cli/`; `web/` still to follow) reach the store's
// types only through the service layer (issue 41): the handle, the change
// watch and token cache they hold, and what runs around a request. The
// filters and rows of one resource are re-exported by its own module
// (`course::CourseFilter`, `account::Account`, …).
pub use crate::store::commit_watch::{ChangeCheck, ChangeWatch};
pub use crate::store::fault::{self, StoreSettings};
pub use crate::store::tokens::TokenCache;
pub use crate::store::{unless_given_up, Store};
