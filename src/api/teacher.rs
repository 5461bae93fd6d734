//! `/teacher` (interface.md §4.1): list (`?schoolYear=`, `?archived=`), get, create, save, delete.

use axum::extract::State;
use axum::response::Response;
use axum::routing::get;

use super::extract::{Parsed, PathId, QueryParams};
use super::response::{created, no_content, ok};
use super::routes::ApiRouter;
use super::AppState;
use crate::domain::ids::{SchoolYearId, TeacherId};
use crate::domain::teacher::NewTeacher;
use crate::error::{Error, Result};
use crate::store::teacher::TeacherFilter;

/// Routes of `/teacher`.
pub fn routes() -> ApiRouter {
    ApiRouter::new()
        .route("/teacher", get(list).post(create))
        .route("/teacher/{id}", get(fetch).put(update).delete(remove))
}

/// `GET /teacher[?schoolYear=ID][&archived=BOOL]`: list form, by code; 404 for an unknown school year.
async fn list(State(app): State<AppState>, q: QueryParams) -> Result<Response> {
    let filter = TeacherFilter { school_year: q.id("schoolYear")?.map(SchoolYearId), archived: q.flag("archived")? };
    let mut conn = app.store.conn().await?;
    if let Some(y) = filter.school_year {
        conn.require("school_year", SchoolYearId::KIND, y.0).await?;
    }
    Ok(ok(&conn.list_teachers(filter).await?))
}

async fn fetch(State(app): State<AppState>, PathId(id): PathId) -> Result<Response> {
    let t = app.store.conn().await?.get_teacher(TeacherId(id)).await?;
    Ok(ok(&t.ok_or_else(|| Error::not_found(TeacherId::KIND, id))?))
}

async fn create(State(app): State<AppState>, Parsed(new): Parsed<NewTeacher>) -> Result<Response> {
    let mut tx = app.store.begin().await?;
    let id = tx.create_teacher(&new).await?;
    let t = tx.get_teacher(id).await?.ok_or_else(|| Error::not_found(TeacherId::KIND, id.0))?;
    tx.commit().await?;
    Ok(created("teacher", id.0, &t))
}

async fn update(State(app): State<AppState>, PathId(id): PathId, Parsed(new): Parsed<NewTeacher>) -> Result<Response> {
    let mut tx = app.store.begin().await?;
    tx.update_teacher(TeacherId(id), &new).await?;
    let t = tx.get_teacher(TeacherId(id)).await?.ok_or_else(|| Error::not_found(TeacherId::KIND, id))?;
    tx.commit().await?;
    Ok(ok(&t))
}

async fn remove(State(app): State<AppState>, PathId(id): PathId) -> Result<Response> {
    let mut tx = app.store.begin().await?;
    tx.delete_teacher(TeacherId(id)).await?;
    tx.commit().await?;
    Ok(no_content())
}
