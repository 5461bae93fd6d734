//! `/subject` (interface.md §4.2): list (`?crossClass`, `?archived=`), get, create, save, delete.

use axum::extract::State;
use axum::response::Response;
use axum::routing::get;
use axum::Router;

use super::extract::{Parsed, PathId, QueryParams};
use super::response::{created, no_content, ok};
use super::AppState;
use crate::domain::ids::SubjectId;
use crate::domain::subject::NewSubject;
use crate::error::{Error, Result};
use crate::store::subject::SubjectFilter;

/// Routes of `/subject`.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/subject", get(list).post(create))
        .route("/subject/{id}", get(fetch).put(update).delete(remove))
}

/// `GET /subject[?crossClass[=BOOL]][&archived=BOOL]`: list form, by code.
async fn list(State(app): State<AppState>, q: QueryParams) -> Result<Response> {
    let filter = SubjectFilter { cross_class: q.flag("crossClass")?, archived: q.flag("archived")? };
    Ok(ok(&app.store.conn().await?.list_subjects(filter).await?))
}

async fn fetch(State(app): State<AppState>, PathId(id): PathId) -> Result<Response> {
    let s = app.store.conn().await?.get_subject(SubjectId(id)).await?;
    Ok(ok(&s.ok_or_else(|| Error::not_found(SubjectId::KIND, id))?))
}

async fn create(State(app): State<AppState>, Parsed(new): Parsed<NewSubject>) -> Result<Response> {
    let mut tx = app.store.begin().await?;
    let id = tx.create_subject(&new).await?;
    let s = tx.get_subject(id).await?.ok_or_else(|| Error::not_found(SubjectId::KIND, id.0))?;
    tx.commit().await?;
    Ok(created("subject", id.0, &s))
}

async fn update(State(app): State<AppState>, PathId(id): PathId, Parsed(new): Parsed<NewSubject>) -> Result<Response> {
    let mut tx = app.store.begin().await?;
    tx.update_subject(SubjectId(id), &new).await?;
    let s = tx.get_subject(SubjectId(id)).await?.ok_or_else(|| Error::not_found(SubjectId::KIND, id))?;
    tx.commit().await?;
    Ok(ok(&s))
}

async fn remove(State(app): State<AppState>, PathId(id): PathId) -> Result<Response> {
    let mut tx = app.store.begin().await?;
    tx.delete_subject(SubjectId(id)).await?;
    tx.commit().await?;
    Ok(no_content())
}
