//! The generic HTTP handlers of a resource: `GET`, `POST`, `PUT` and
//! `DELETE` of one object, each a thin adapter over the use cases of
//! [`crate::service::crud`] (which lock, check the caller's expectation,
//! apply the rules, write and record the audit entry in one transaction).
//!
//! A resource implements [`Crud`] (in `service/`); [`crate::crud_routes!`]
//! then mounts and documents [`fetch`], [`create`], [`update`] and [`remove`]
//! for it. Lists stay per resource (their filters differ).
//!
//! Optimistic concurrency (RFC 9110 §13.1, docs/contract.md §Concurrency): every response
//! with a single form carries its [`ETag`]; `GET` honours `If-None-Match`
//! (304) and `If-Match`; `PUT` and `DELETE` hand `If-Match`/`If-None-Match`
//! to the use case as an [`Expect`](crate::service::version::Expect), which
//! evaluates it against the locked object inside the write transaction —
//! 412 `precondition_failed` and nothing changed on a mismatch.

use axum::extract::State;
use axum::response::Response;

use super::etag::{ETag, Preconditions};
use super::extract::{Parsed, PathId};
use super::response::{created, no_content, ok, ok_written};
use super::AppState;
use crate::error::Result;
use crate::service::audit::Actor;
use crate::service::crud::{self as service, Crud, CrudCreate};

/// `GET /X/ID` → 200 single form with `ETag`; 404. With `If-None-Match`
/// matching the current tag (weak comparison) → 304 with `ETag` and no body;
/// with an `If-Match` that does not match → 412 (RFC 9110 §13.1, §13.2.2).
pub async fn fetch<R: Crud>(State(app): State<AppState>, PathId(id): PathId, pre: Preconditions) -> Result<Response> {
    let item = service::get::<R>(&app.store, id).await?;
    respond_read(R::NOUN, id, &item, &pre)
}

/// The answer to a read of `item` (object `noun` `id`): 200 with its `ETag`,
/// or 304 when `pre` holds that tag (see [`fetch`]).
pub fn respond_read<T: serde::Serialize>(noun: &str, id: i64, item: &T, pre: &Preconditions) -> Result<Response> {
    let tag = ETag::of(item)?;
    if let Some(not_modified) = pre.check_read(noun, id, &tag)? {
        return Ok(not_modified);
    }
    Ok(tag.attach(ok(item)))
}

/// `POST /X` → 201 with `Location`, `ETag` and the single form (`If-Match` is
/// not meaningful on a create and is ignored); [`service::create`].
pub async fn create<R: CrudCreate>(
    State(app): State<AppState>,
    actor: Actor,
    Parsed(new): Parsed<R::New>,
) -> Result<Response> {
    let written = service::create::<R>(&app.store, &actor, &new).await?;
    Ok(ETag::from(&written.version).attach(created(R::PATH, written.id, &written.item)))
}

/// `PUT /X/ID` → 200 with the single form and its new `ETag`; 404 when
/// missing; 412 when `If-Match` is sent and does not match the current tag
/// (then nothing is changed). Without `If-Match` the save is unconditional
/// ([`service::update`], the one write path).
pub async fn update<R: Crud>(
    State(app): State<AppState>,
    actor: Actor,
    PathId(id): PathId,
    pre: Preconditions,
    Parsed(new): Parsed<R::Update>,
) -> Result<Response> {
    let written = service::update::<R>(&app.store, &actor, id, &pre.expect(), &new).await?;
    Ok(ok_written(&written.item, &written.version))
}

/// `DELETE /X/ID` → 204; 404 when missing; 409 when referenced; 412 when
/// `If-Match` is sent and does not match the current tag (nothing deleted);
/// [`service::delete`].
pub async fn remove<R: Crud>(
    State(app): State<AppState>,
    actor: Actor,
    PathId(id): PathId,
    pre: Preconditions,
) -> Result<Response> {
    service::delete::<R>(&app.store, &actor, id, &pre.expect()).await?;
    Ok(no_content())
}
