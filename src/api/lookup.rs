//! `/grade`, `/subjectcategory`, `/subjecttype` (contract.md §5): one handler set for all three.

use axum::extract::State;
use axum::response::Response;
use axum::routing::get;

use super::extract::{Parsed, PathId};
use super::response::{created, no_content, ok};
use super::routes::ApiRouter;
use super::AppState;
use crate::domain::lookup::{LookupKind, NewLookup};
use crate::error::{Error, Result};

/// Routes of one lookup kind: `/{path}` and `/{path}/{id}`.
pub fn routes(kind: LookupKind) -> ApiRouter {
    let base = format!("/{}", kind.path());
    let one = format!("/{}/{{id}}", kind.path());
    ApiRouter::new()
        .route(
            &base,
            get(move |s: State<AppState>| list(kind, s))
                .post(move |s: State<AppState>, b: Parsed<NewLookup>| create(kind, s, b)),
        )
        .route(
            &one,
            get(move |s: State<AppState>, id: PathId| fetch(kind, s, id))
                .put(move |s: State<AppState>, id: PathId, b: Parsed<NewLookup>| update(kind, s, id, b))
                .delete(move |s: State<AppState>, id: PathId| remove(kind, s, id)),
        )
}

async fn list(kind: LookupKind, State(app): State<AppState>) -> Result<Response> {
    let items = app.store.conn().await?.list_lookups(kind).await?;
    Ok(ok(&items))
}

async fn fetch(kind: LookupKind, State(app): State<AppState>, PathId(id): PathId) -> Result<Response> {
    let item = app.store.conn().await?.get_lookup(kind, id).await?;
    Ok(ok(&item.ok_or_else(|| Error::not_found(kind.noun(), id))?))
}

async fn create(kind: LookupKind, State(app): State<AppState>, Parsed(new): Parsed<NewLookup>) -> Result<Response> {
    let mut tx = app.store.begin().await?;
    let id = tx.create_lookup(kind, &new).await?;
    let item = tx.get_lookup(kind, id).await?.ok_or_else(|| Error::not_found(kind.noun(), id))?;
    tx.commit().await?;
    Ok(created(kind.path(), id, &item))
}

async fn update(kind: LookupKind, State(app): State<AppState>, PathId(id): PathId, Parsed(new): Parsed<NewLookup>) -> Result<Response> {
    let mut tx = app.store.begin().await?;
    tx.update_lookup(kind, id, &new).await?;
    let item = tx.get_lookup(kind, id).await?.ok_or_else(|| Error::not_found(kind.noun(), id))?;
    tx.commit().await?;
    Ok(ok(&item))
}

async fn remove(kind: LookupKind, State(app): State<AppState>, PathId(id): PathId) -> Result<Response> {
    let mut tx = app.store.begin().await?;
    tx.delete_lookup(kind, id).await?;
    tx.commit().await?;
    Ok(no_content())
}
