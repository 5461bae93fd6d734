//! `/division` (interface.md §4.5): list, get, create, save, delete.

use axum::extract::State;
use axum::response::Response;
use axum::routing::get;

use super::extract::{Parsed, PathId};
use super::response::{created, no_content, ok};
use super::routes::ApiRouter;
use super::AppState;
use crate::domain::division::NewDivision;
use crate::domain::ids::DivisionId;
use crate::error::{Error, Result};

/// Routes of `/division`.
pub fn routes() -> ApiRouter {
    ApiRouter::new()
        .route("/division", get(list).post(create))
        .route("/division/{id}", get(fetch).put(update).delete(remove))
}

/// `GET /division`: list form (no binary data), by code.
async fn list(State(app): State<AppState>) -> Result<Response> {
    Ok(ok(&app.store.conn().await?.list_divisions().await?))
}

async fn fetch(State(app): State<AppState>, PathId(id): PathId) -> Result<Response> {
    let d = app.store.conn().await?.get_division(DivisionId(id)).await?;
    Ok(ok(&d.ok_or_else(|| Error::not_found(DivisionId::KIND, id))?))
}

async fn create(State(app): State<AppState>, Parsed(new): Parsed<NewDivision>) -> Result<Response> {
    let mut tx = app.store.begin().await?;
    let id = tx.create_division(&new).await?;
    let d = tx.get_division(id).await?.ok_or_else(|| Error::not_found(DivisionId::KIND, id.0))?;
    tx.commit().await?;
    Ok(created("division", id.0, &d))
}

async fn update(State(app): State<AppState>, PathId(id): PathId, Parsed(new): Parsed<NewDivision>) -> Result<Response> {
    let mut tx = app.store.begin().await?;
    tx.update_division(DivisionId(id), &new).await?;
    let d = tx.get_division(DivisionId(id)).await?.ok_or_else(|| Error::not_found(DivisionId::KIND, id))?;
    tx.commit().await?;
    Ok(ok(&d))
}

async fn remove(State(app): State<AppState>, PathId(id): PathId) -> Result<Response> {
    let mut tx = app.store.begin().await?;
    tx.delete_division(DivisionId(id)).await?;
    tx.commit().await?;
    Ok(no_content())
}
