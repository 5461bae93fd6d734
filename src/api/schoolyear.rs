//! `/schoolyear` (interface.md §4.6): list (`?archived=`), get, create, save, delete.

use axum::extract::State;
use axum::response::Response;
use axum::routing::get;

use super::extract::{Parsed, PathId, QueryParams};
use super::response::{created, no_content, ok};
use super::routes::ApiRouter;
use super::AppState;
use crate::domain::ids::SchoolYearId;
use crate::domain::schoolyear::NewSchoolYear;
use crate::error::{Error, Result};

/// Routes of `/schoolyear`.
pub fn routes() -> ApiRouter {
    ApiRouter::new()
        .route("/schoolyear", get(list).post(create))
        .route("/schoolyear/{id}", get(fetch).put(update).delete(remove))
}

/// `GET /schoolyear[?archived=BOOL]`: ordered by graduation year.
async fn list(State(app): State<AppState>, q: QueryParams) -> Result<Response> {
    let archived = q.flag("archived")?;
    Ok(ok(&app.store.conn().await?.list_school_years(archived).await?))
}

async fn fetch(State(app): State<AppState>, PathId(id): PathId) -> Result<Response> {
    let y = app.store.conn().await?.get_school_year(SchoolYearId(id)).await?;
    Ok(ok(&y.ok_or_else(|| Error::not_found(SchoolYearId::KIND, id))?))
}

async fn create(State(app): State<AppState>, Parsed(new): Parsed<NewSchoolYear>) -> Result<Response> {
    let mut tx = app.store.begin().await?;
    let id = tx.create_school_year(&new).await?;
    let y = tx.get_school_year(id).await?.ok_or_else(|| Error::not_found(SchoolYearId::KIND, id.0))?;
    tx.commit().await?;
    Ok(created("schoolyear", id.0, &y))
}

/// `PUT /schoolyear/ID`: always allowed, also for a locked year (that is how it is unlocked, contract.md §7).
async fn update(State(app): State<AppState>, PathId(id): PathId, Parsed(new): Parsed<NewSchoolYear>) -> Result<Response> {
    let mut tx = app.store.begin().await?;
    tx.update_school_year(SchoolYearId(id), &new).await?;
    let y = tx.get_school_year(SchoolYearId(id)).await?.ok_or_else(|| Error::not_found(SchoolYearId::KIND, id))?;
    tx.commit().await?;
    Ok(ok(&y))
}

async fn remove(State(app): State<AppState>, PathId(id): PathId) -> Result<Response> {
    let mut tx = app.store.begin().await?;
    tx.delete_school_year(SchoolYearId(id)).await?;
    tx.commit().await?;
    Ok(no_content())
}
