//! The generic write of a resource: create, save and delete one object, each
//! in one transaction with its audit entry (docs/contract.md §Concurrency,
//! §Deleting).
//!
//! A resource implements [`Crud`] by delegating to its store methods (most
//! through [`crud_resource!`](crate::crud_resource)); the front doors then call
//! [`create`], [`update`] and [`delete`], which lock the object's row, check
//! the caller's [`Expect`]ation against its current version, check the ids
//! the input names, apply the resource's rules, write, record the audit
//! entry and commit — or change nothing and return the error.

use std::future::Future;

use serde::Serialize;

use super::audit::Actor;
use super::references;
use super::version::{Expect, Version};
use crate::domain::references::{check_unused, References};
use crate::domain::FromBody;
use crate::error::{Error, Result};
use crate::i18n::Message;
use crate::store::{Conn, Store};

/// A resource with single-object operations.
pub trait Crud: Send + Sync + 'static {
    /// The object type: its name in the audit trail and its path segment under
    /// `/api/v1` (e.g. `division`).
    const PATH: &'static str;
    /// Noun for messages (e.g. `division`).
    const NOUN: &'static str;
    /// Database table of the object's row (locked before a conditional change).
    const TABLE: &'static str;
    /// Input of a save; the ids it names are checked before it is saved
    /// ([`crate::service::references::check`]).
    type Update: FromBody + References + Send + Sync + 'static;
    /// Single form.
    type Single: Serialize + Send + Sync + 'static;

    /// The single form, or `None`.
    fn get(conn: &mut Conn, id: i64) -> impl Future<Output = Result<Option<Self::Single>>> + Send;
    /// Saves `new` over `before` (the locked current state from
    /// [`Crud::get_for_update`]): applies the resource's rules, replaces the
    /// writable fields and returns the single form as written (a resource
    /// that cannot build it from `before` and `new` reads it back,
    /// [`read_back`]).
    fn save(
        tx: &mut Conn,
        id: i64,
        before: &Self::Single,
        new: &Self::Update,
    ) -> impl Future<Output = Result<Self::Single>> + Send;
    /// Deletes the object `id`, in state `before` (locked by
    /// [`Crud::get_for_update`]); 404 when missing, 409 when referenced or locked.
    fn delete(tx: &mut Conn, id: i64, before: &Self::Single) -> impl Future<Output = Result<()>> + Send;

    /// Locks the object's row for the rest of the write transaction and reads
    /// its single form (`None`: no such object). Default: [`Conn::lock_row`]
    /// of [`Crud::TABLE`], then [`Crud::get`]; a resource may do both in one
    /// statement.
    fn get_for_update(tx: &mut Conn, id: i64) -> impl Future<Output = Result<Option<Self::Single>>> + Send {
        async move {
            tx.lock_row(Self::TABLE, id).await?;
            Self::get(tx, id).await
        }
    }

    /// Labels of the objects that still use object `id` (e.g. `course M
    /// (26/27)`), read before a delete for [`Crud::check_delete`] (default:
    /// none; plain storage, see [`Conn::users_of`]).
    fn users(tx: &mut Conn, id: i64) -> impl Future<Output = Result<Vec<String>>> + Send {
        let _ = (tx, id);
        async { Ok(Vec::new()) }
    }

    /// Checks that the object in state `before`, used by `users` (from
    /// [`Crud::users`]), may be deleted, before [`Crud::delete`] runs: a pure
    /// rule (default: when nothing uses it, else 409 `referenced` naming the
    /// users, docs/contract.md §Deleting).
    fn check_delete(before: &Self::Single, users: &[String]) -> Result<()> {
        let _ = before;
        check_unused(users, |users| {
            Message::new("error-in-use").arg_message("kind", Message::kind(Self::NOUN)).arg_message("users", users)
        })
    }
}

/// A resource created from a plain input (all but courses, whose POST also merges and splits).
pub trait CrudCreate: Crud {
    /// Input of a create; the ids it names are checked before it is created.
    type New: FromBody + References + Send + Sync + 'static;
    /// Creates; returns the new id.
    fn create(tx: &mut Conn, new: &Self::New) -> impl Future<Output = Result<i64>> + Send;
}

/// An object as a use case wrote it: its id, its single form and the
/// [`Version`] of that form (the JSON API's `ETag`).
#[derive(Debug, Clone)]
pub struct Written<T> {
    /// The object's id.
    pub id: i64,
    /// The single form as written.
    pub item: T,
    /// The version of `item`.
    pub version: Version,
}

impl<T: Serialize> Written<T> {
    /// `item` (object `id`) with its computed version.
    pub fn new(id: i64, item: T) -> Result<Written<T>> {
        let version = Version::of(&item)?;
        Ok(Written { id, item, version })
    }
}

/// The single form of `R` `id` read inside `tx` after a write, for a
/// [`Crud::save`] that cannot build it from what it wrote; 404 when missing.
pub async fn read_back<R: Crud>(tx: &mut Conn, id: i64) -> Result<R::Single> {
    R::get(tx, id).await?.ok_or_else(|| Error::not_found(R::NOUN, id))
}

/// Reads the single form of `R` `id` in one snapshot: 404 when missing.
pub async fn get<R: Crud>(store: &Store, id: i64) -> Result<R::Single> {
    // One snapshot: a single form may take several statements (its lists, its balances).
    store.snapshot(async |conn| R::get(conn, id).await).await?.ok_or_else(|| Error::not_found(R::NOUN, id))
}

/// Creates an `R` from `new` for `actor`: checks the ids `new` names (422
/// `unknown_reference`), applies the resource's rules (422, 409), writes,
/// records the audit entry. Returns the created object.
pub async fn create<R: CrudCreate>(store: &Store, actor: &Actor, new: &R::New) -> Result<Written<R::Single>> {
    let mut tx = store.begin().await?;
    references::check(&mut tx, new).await?;
    let id = R::create(&mut tx, new).await?;
    let item = R::get(&mut tx, id).await?.ok_or_else(|| Error::not_found(R::NOUN, id))?;
    actor.record(&mut tx, R::PATH, id, None::<&()>, Some(&item)).await?;
    tx.commit().await?;
    Written::new(id, item)
}

/// Locks the row of `id`, reads the current single form and checks `expect`
/// against its version, all inside `tx`: 404 when missing, 412 when the
/// expectation fails (docs/contract.md §Concurrency).
pub async fn current_checked<R: Crud>(tx: &mut Conn, id: i64, expect: &Expect) -> Result<R::Single> {
    let before = R::get_for_update(tx, id).await?.ok_or_else(|| Error::not_found(R::NOUN, id))?;
    expect.check_form(R::NOUN, id, &before)?;
    Ok(before)
}

/// Saves `new` over `R` `id` for `actor`: 404 when missing; 412 when `expect`
/// does not hold for the current version (then nothing is changed).
///
/// The one write path (docs/contract.md §Concurrency): lock and load once
/// ([`Crud::get_for_update`]), check the expectation, check the ids the input
/// names (422 `unknown_reference`), save ([`Crud::save`], which applies the
/// resource's rules and returns the written form), record the audit entry,
/// commit. Returns the object as written.
pub async fn update<R: Crud>(
    store: &Store,
    actor: &Actor,
    id: i64,
    expect: &Expect,
    new: &R::Update,
) -> Result<Written<R::Single>> {
    let mut tx = store.begin().await?;
    let before = current_checked::<R>(&mut tx, id, expect).await?;
    references::check(&mut tx, new).await?;
    let item = R::save(&mut tx, id, &before, new).await?;
    actor.record(&mut tx, R::PATH, id, Some(&before), Some(&item)).await?;
    tx.commit().await?;
    Written::new(id, item)
}

/// Deletes `R` `id` for `actor`: 404 when missing; 409 when referenced
/// ([`Crud::check_delete`]); 412 when `expect` does not hold (nothing deleted).
pub async fn delete<R: Crud>(store: &Store, actor: &Actor, id: i64, expect: &Expect) -> Result<()> {
    let mut tx = store.begin().await?;
    let before = current_checked::<R>(&mut tx, id, expect).await?;
    let users = R::users(&mut tx, id).await?;
    R::check_delete(&before, &users)?;
    R::delete(&mut tx, id, &before).await?;
    actor.record(&mut tx, R::PATH, id, Some(&before), None::<&()>).await?;
    tx.commit().await
}

/// Implements [`Crud`] for a marker type by delegating to `Conn` methods that
/// take the resource's typed id. With `users: m, in_use: |item, users| …`, a
/// delete first reads the users of the object (`Conn::m`) and is refused with
/// 409 `referenced` while there are any, the detail built by `in_use` (the
/// object and the summary of its users).
#[macro_export]
macro_rules! crud_resource {
    ($marker:ident, path: $path:literal, table: $table:literal, id: $id:ty, new: $new:ty, single: $single:ty,
     get: $get:ident, create: $create:ident, update: $update:ident, delete: $delete:ident
     $(, users: $users:ident, in_use: $in_use:expr)?) => {
        #[doc = concat!("The `/", $path, "` resource for the generic use cases.")]
        pub struct $marker;
        impl $crate::service::crud::CrudCreate for $marker {
            type New = $new;
            async fn create(tx: &mut $crate::store::Conn, new: &$new) -> $crate::error::Result<i64> {
                Ok(tx.$create(new).await?.0)
            }
        }
        impl $crate::service::crud::Crud for $marker {
            const PATH: &'static str = $path;
            const NOUN: &'static str = <$id>::KIND;
            const TABLE: &'static str = $table;
            type Update = $new;
            type Single = $single;
            async fn get(conn: &mut $crate::store::Conn, id: i64) -> $crate::error::Result<Option<$single>> {
                conn.$get(<$id>::from(id)).await
            }
            async fn save(
                tx: &mut $crate::store::Conn,
                id: i64,
                _before: &$single,
                new: &$new,
            ) -> $crate::error::Result<$single> {
                tx.$update(<$id>::from(id), new).await?;
                $crate::service::crud::read_back::<Self>(tx, id).await
            }
            async fn delete(tx: &mut $crate::store::Conn, id: i64, _before: &$single) -> $crate::error::Result<()> {
                tx.$delete(<$id>::from(id)).await
            }
            $(
            async fn users(tx: &mut $crate::store::Conn, id: i64) -> $crate::error::Result<Vec<String>> {
                tx.$users(<$id>::from(id)).await
            }
            fn check_delete(before: &$single, users: &[String]) -> $crate::error::Result<()> {
                let message: fn(&$single, $crate::i18n::Message) -> $crate::i18n::Message = $in_use;
                $crate::domain::references::check_unused(users, |u| message(before, u))
            }
            )?
        }
    };
}
