//! Generic get/create/save/delete handlers shared by the resources, with the
//! audit trail recorded in the same transaction as each change.
//!
//! A resource implements [`Crud`] by delegating to its store methods; its
//! routes then use [`fetch`], [`create`], [`update`] and [`remove`]. Lists
//! stay per resource (their filters differ).
//!
//! Optimistic concurrency (RFC 9110 §13.1, docs/contract.md §Concurrency): every response
//! with a single form carries its [`ETag`]; `GET` honours `If-None-Match`
//! (304) and `If-Match`; `PUT` and `DELETE` lock the object's row, read it and
//! evaluate `If-Match`/`If-None-Match` against it inside the write
//! transaction — 412 `precondition_failed` and nothing changed on a mismatch.

use std::future::Future;

use axum::extract::{FromRequestParts, State};
use axum::http::request::Parts;
use axum::response::Response;
use serde::Serialize;
use serde_json::{Map, Value};

use super::etag::{ETag, Preconditions};
use super::extract::{Parsed, PathId};
use super::response::{created, no_content, ok, ok_tagged};
use super::AppState;
use crate::auth::Principal;
use crate::domain::references::{check_unused, References};
use crate::domain::FromBody;
use crate::error::{Error, Result};
use crate::service::references;
use crate::store::Conn;

/// A resource with single-object operations.
pub trait Crud: Send + Sync + 'static {
    /// Path segment under `/api/v1` (e.g. `division`); also the audit object type.
    const PATH: &'static str;
    /// Noun for messages (e.g. `division`).
    const NOUN: &'static str;
    /// Database table of the object's row (locked before a conditional change).
    const TABLE: &'static str;
    /// Parsed PUT body; the ids it names are checked before it is saved
    /// ([`crate::service::references::check`]).
    type Update: FromBody + References + Send + Sync + 'static;
    /// Single form.
    type Single: Serialize + Send + Sync + 'static;

    /// The single form, or `None`.
    fn get(conn: &mut Conn, id: i64) -> impl Future<Output = Result<Option<Self::Single>>> + Send;
    /// Replaces the writable fields (404 when missing).
    fn update(tx: &mut Conn, id: i64, new: &Self::Update) -> impl Future<Output = Result<()>> + Send;
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

    /// Saves `new` over `before` (the locked current state from
    /// [`Crud::get_for_update`]) and returns the single form as written.
    /// Default: [`Crud::update`], then [`Crud::get`]; a resource that can build
    /// the written form from `before` and `new` saves the read.
    fn save(
        tx: &mut Conn,
        id: i64,
        before: &Self::Single,
        new: &Self::Update,
    ) -> impl Future<Output = Result<Self::Single>> + Send {
        let _ = before;
        async move {
            Self::update(tx, id, new).await?;
            Self::get(tx, id).await?.ok_or_else(|| Error::not_found(Self::NOUN, id))
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
        check_unused(users, |users| format!("The {} is still used by {users}.", Self::NOUN))
    }
}

/// A resource created from a plain POST body (all but courses, whose POST also merges and splits).
pub trait CrudCreate: Crud {
    /// Parsed POST body; the ids it names are checked before it is created.
    type New: FromBody + References + Send + Sync + 'static;
    /// Creates; returns the new id.
    fn create(tx: &mut Conn, new: &Self::New) -> impl Future<Output = Result<i64>> + Send;
}

/// Who is changing what: the caller, method and path, for the audit trail.
#[derive(Debug, Clone)]
pub struct Audit {
    /// The authenticated caller.
    pub principal: Option<Principal>,
    /// HTTP method.
    pub method: String,
    /// Request path.
    pub path: String,
}

impl<S: Send + Sync> FromRequestParts<S> for Audit {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self> {
        Ok(Audit {
            principal: parts.extensions.get::<Principal>().cloned(),
            method: parts.method.to_string(),
            path: parts
                .extensions
                .get::<axum::extract::OriginalUri>()
                .map_or_else(|| parts.uri.path().to_string(), |u| u.path().to_string()),
        })
    }
}

impl Audit {
    /// Records a change of `object_type` `id` inside `tx`: `before`/`after` are
    /// the single forms (absent for create/delete); only changed fields are kept.
    pub async fn record(
        &self,
        tx: &mut Conn,
        object_type: &str,
        id: i64,
        before: Option<&impl Serialize>,
        after: Option<&impl Serialize>,
    ) -> Result<()> {
        let before = before.map(serde_json::to_value).transpose().map_err(Error::internal)?;
        let after = after.map(serde_json::to_value).transpose().map_err(Error::internal)?;
        let changes = compact_changes(before, after);
        tx.insert_audit(self.principal.as_ref(), &self.method, &self.path, object_type, Some(id), &changes).await
    }
}

/// `{"before": {changed fields}, "after": {changed fields}}`; create has only
/// `after`, delete only `before`. Long texts (binary data) are abbreviated.
pub fn compact_changes(before: Option<Value>, after: Option<Value>) -> Value {
    let mut out = Map::new();
    match (before, after) {
        (Some(Value::Object(b)), Some(Value::Object(a))) => {
            let (mut bm, mut am) = (Map::new(), Map::new());
            for (k, av) in &a {
                let bv = b.get(k).cloned().unwrap_or(Value::Null);
                if &bv != av {
                    bm.insert(k.clone(), abbreviate(bv));
                    am.insert(k.clone(), abbreviate(av.clone()));
                }
            }
            out.insert("before".into(), Value::Object(bm));
            out.insert("after".into(), Value::Object(am));
        }
        (b, a) => {
            if let Some(b) = b {
                out.insert("before".into(), abbreviate(b));
            }
            if let Some(a) = a {
                out.insert("after".into(), abbreviate(a));
            }
        }
    }
    Value::Object(out)
}

fn abbreviate(v: Value) -> Value {
    match v {
        Value::String(s) if s.len() > 256 => Value::String(format!("({} characters)", s.len())),
        Value::Object(m) => Value::Object(m.into_iter().map(|(k, v)| (k, abbreviate(v))).collect()),
        Value::Array(a) => Value::Array(a.into_iter().map(abbreviate).collect()),
        other => other,
    }
}

/// The routes of resource `R`: `/X` (GET `list`, POST create) and `/X/{id}`
/// (GET, PUT, DELETE), documented by `list_doc` and the generic operations
/// ([`crate::api::openapi::resource::crud_ops`]).
pub fn resource_routes<R, H, T>(list: H, list_doc: crate::api::openapi::Operation) -> super::routes::ApiRouter
where
    R: CrudCreate,
    R::Single: utoipa::ToSchema,
    H: axum::handler::Handler<T, AppState>,
    T: 'static,
{
    resource_routes_with_get::<R, H, T, _, _>(
        list,
        list_doc,
        fetch::<R>,
        crate::api::openapi::resource::crud_ops::<R>(),
    )
}

/// [`resource_routes`] with a resource's own `GET /X/{id}` handler `fetch`
/// (e.g. one that reads a query parameter) and its own documentation `ops` of
/// the generic operations.
pub fn resource_routes_with_get<R, H, T, G, U>(
    list: H,
    list_doc: crate::api::openapi::Operation,
    fetch: G,
    ops: Vec<crate::api::openapi::Operation>,
) -> super::routes::ApiRouter
where
    R: CrudCreate,
    H: axum::handler::Handler<T, AppState>,
    T: 'static,
    G: axum::handler::Handler<U, AppState>,
    U: 'static,
{
    use axum::routing::get;
    super::routes::ApiRouter::new()
        .route(&format!("/{}", R::PATH), get(list).post(create::<R>))
        .route(&format!("/{}/{{id}}", R::PATH), get(fetch).put(update::<R>).delete(remove::<R>))
        .doc(list_doc)
        .docs(ops)
}

/// `GET /X/ID` → 200 single form with `ETag`; 404. With `If-None-Match`
/// matching the current tag (weak comparison) → 304 with `ETag` and no body;
/// with an `If-Match` that does not match → 412 (RFC 9110 §13.1, §13.2.2).
pub async fn fetch<R: Crud>(State(app): State<AppState>, PathId(id): PathId, pre: Preconditions) -> Result<Response> {
    // One snapshot: a single form may take several statements (its lists, its balances).
    let item =
        app.store.snapshot(async |conn| R::get(conn, id).await).await?.ok_or_else(|| Error::not_found(R::NOUN, id))?;
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
/// not meaningful on a create and is ignored).
pub async fn create<R: CrudCreate>(
    State(app): State<AppState>,
    audit: Audit,
    Parsed(new): Parsed<R::New>,
) -> Result<Response> {
    let mut tx = app.store.begin().await?;
    references::check(&mut tx, &new).await?;
    let id = R::create(&mut tx, &new).await?;
    let item = R::get(&mut tx, id).await?.ok_or_else(|| Error::not_found(R::NOUN, id))?;
    audit.record(&mut tx, R::PATH, id, None::<&()>, Some(&item)).await?;
    tx.commit().await?;
    Ok(ETag::of(&item)?.attach(created(R::PATH, id, &item)))
}

/// Locks the row of `id`, reads the current single form and evaluates the
/// request's preconditions against its tag, all inside `tx`: 404 when
/// missing, 412 when `If-Match` does not match (docs/contract.md §Concurrency).
pub(crate) async fn current_checked<R: Crud>(tx: &mut Conn, id: i64, pre: &Preconditions) -> Result<R::Single> {
    let before = R::get_for_update(tx, id).await?.ok_or_else(|| Error::not_found(R::NOUN, id))?;
    if pre.has_conditions() {
        pre.check_write(R::NOUN, id, &ETag::of(&before)?)?;
    }
    Ok(before)
}

/// `PUT /X/ID` → 200 with the single form and its new `ETag`; 404 when
/// missing; 412 when `If-Match` is sent and does not match the current tag
/// (then nothing is changed). Without `If-Match` the save is unconditional.
///
/// The one write path (docs/contract.md §Concurrency): lock and load once
/// ([`Crud::get_for_update`]), check the preconditions, check the ids the
/// body names (422 `unknown_reference`), save
/// ([`Crud::save`], which applies the resource's rules and returns the written
/// form), record the audit entry, commit, answer with the written form.
pub async fn update<R: Crud>(
    State(app): State<AppState>,
    audit: Audit,
    PathId(id): PathId,
    pre: Preconditions,
    Parsed(new): Parsed<R::Update>,
) -> Result<Response> {
    let mut tx = app.store.begin().await?;
    let before = current_checked::<R>(&mut tx, id, &pre).await?;
    references::check(&mut tx, &new).await?;
    let item = R::save(&mut tx, id, &before, &new).await?;
    audit.record(&mut tx, R::PATH, id, Some(&before), Some(&item)).await?;
    tx.commit().await?;
    ok_tagged(&item)
}

/// `DELETE /X/ID` → 204; 404 when missing; 409 when referenced; 412 when
/// `If-Match` is sent and does not match the current tag (nothing deleted).
pub async fn remove<R: Crud>(
    State(app): State<AppState>,
    audit: Audit,
    PathId(id): PathId,
    pre: Preconditions,
) -> Result<Response> {
    let mut tx = app.store.begin().await?;
    let before = current_checked::<R>(&mut tx, id, &pre).await?;
    let users = R::users(&mut tx, id).await?;
    R::check_delete(&before, &users)?;
    R::delete(&mut tx, id, &before).await?;
    audit.record(&mut tx, R::PATH, id, Some(&before), None::<&()>).await?;
    tx.commit().await?;
    Ok(no_content())
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
        #[doc = concat!("The `/", $path, "` resource for the generic handlers.")]
        pub struct $marker;
        impl $crate::api::crud::CrudCreate for $marker {
            type New = $new;
            async fn create(tx: &mut $crate::store::Conn, new: &$new) -> $crate::error::Result<i64> {
                Ok(tx.$create(new).await?.0)
            }
        }
        impl $crate::api::crud::Crud for $marker {
            const PATH: &'static str = $path;
            const NOUN: &'static str = <$id>::KIND;
            const TABLE: &'static str = $table;
            type Update = $new;
            type Single = $single;
            async fn get(conn: &mut $crate::store::Conn, id: i64) -> $crate::error::Result<Option<$single>> {
                conn.$get(<$id>::from(id)).await
            }
            async fn update(tx: &mut $crate::store::Conn, id: i64, new: &$new) -> $crate::error::Result<()> {
                tx.$update(<$id>::from(id), new).await
            }
            async fn delete(tx: &mut $crate::store::Conn, id: i64, _before: &$single) -> $crate::error::Result<()> {
                tx.$delete(<$id>::from(id)).await
            }
            $(
            async fn users(tx: &mut $crate::store::Conn, id: i64) -> $crate::error::Result<Vec<String>> {
                tx.$users(<$id>::from(id)).await
            }
            fn check_delete(before: &$single, users: &[String]) -> $crate::error::Result<()> {
                let message: fn(&$single, &str) -> String = $in_use;
                $crate::domain::references::check_unused(users, |u| message(before, u))
            }
            )?
        }
    };
}

#[cfg(test)]
mod tests {
    use super::compact_changes;
    use serde_json::json;

    #[test]
    fn keeps_only_changed_fields() {
        let c =
            compact_changes(Some(json!({"id": 1, "code": "a", "x": 1})), Some(json!({"id": 1, "code": "b", "x": 1})));
        assert_eq!(c, json!({"before": {"code": "a"}, "after": {"code": "b"}}));
        assert_eq!(compact_changes(None, Some(json!({"id": 2}))), json!({"after": {"id": 2}}));
        assert_eq!(compact_changes(Some(json!({"id": 2})), None), json!({"before": {"id": 2}}));
        let long = "x".repeat(300);
        assert_eq!(compact_changes(None, Some(json!({"d": long}))), json!({"after": {"d": "(300 characters)"}}));
    }
}
