//! `/curriculum` (interface.md §4.7, contract.md §5): list (`?archived=`), get, create, save, delete.

use axum::extract::State;
use axum::response::Response;
use axum::routing::get;

use super::extract::{Parsed, PathId, QueryParams};
use super::response::{created, no_content, ok};
use super::routes::ApiRouter;
use super::AppState;
use crate::domain::curriculum::NewCurriculum;
use crate::domain::ids::CurriculumId;
use crate::error::{Error, Result};

/// Routes of `/curriculum`.
pub fn routes() -> ApiRouter {
    ApiRouter::new()
        .route("/curriculum", get(list).post(create))
        .route("/curriculum/{id}", get(fetch).put(update).delete(remove))
}

/// `GET /curriculum[?archived=BOOL]`: by code, each with its ordered grades.
async fn list(State(app): State<AppState>, q: QueryParams) -> Result<Response> {
    let archived = q.flag("archived")?;
    Ok(ok(&app.store.conn().await?.list_curricula(archived).await?))
}

async fn fetch(State(app): State<AppState>, PathId(id): PathId) -> Result<Response> {
    let c = app.store.conn().await?.get_curriculum(CurriculumId(id)).await?;
    Ok(ok(&c.ok_or_else(|| Error::not_found(CurriculumId::KIND, id))?))
}

async fn create(State(app): State<AppState>, Parsed(new): Parsed<NewCurriculum>) -> Result<Response> {
    let mut tx = app.store.begin().await?;
    let id = tx.create_curriculum(&new).await?;
    let c = tx.get_curriculum(id).await?.ok_or_else(|| Error::not_found(CurriculumId::KIND, id.0))?;
    tx.commit().await?;
    Ok(created("curriculum", id.0, &c))
}

async fn update(State(app): State<AppState>, PathId(id): PathId, Parsed(new): Parsed<NewCurriculum>) -> Result<Response> {
    let mut tx = app.store.begin().await?;
    tx.update_curriculum(CurriculumId(id), &new).await?;
    let c = tx.get_curriculum(CurriculumId(id)).await?.ok_or_else(|| Error::not_found(CurriculumId::KIND, id))?;
    tx.commit().await?;
    Ok(ok(&c))
}

async fn remove(State(app): State<AppState>, PathId(id): PathId) -> Result<Response> {
    let mut tx = app.store.begin().await?;
    tx.delete_curriculum(CurriculumId(id)).await?;
    tx.commit().await?;
    Ok(no_content())
}
