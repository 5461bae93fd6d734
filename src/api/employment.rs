//! `/employment` (contract.md §5, §7): list (`?schoolYear=` and/or `?teacher=`),
//! get, create, save, delete.

use axum::extract::State;
use axum::response::Response;
use axum::routing::get;
use axum::Router;

use super::extract::{Parsed, PathId, QueryParams};
use super::response::{created, no_content, ok};
use super::AppState;
use crate::domain::employment::NewEmployment;
use crate::domain::ids::{EmploymentId, SchoolYearId, TeacherId};
use crate::error::{Error, ErrorCode, Result};
use crate::store::employment::EmploymentFilter;

/// Routes of `/employment`.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/employment", get(list).post(create))
        .route("/employment/{id}", get(fetch).put(update).delete(remove))
}

/// `GET /employment?schoolYear=ID` and/or `?teacher=ID` (one is required, else
/// 400); 404 for an unknown school year or teacher. By teacher code, then year.
async fn list(State(app): State<AppState>, q: QueryParams) -> Result<Response> {
    let filter = EmploymentFilter { school_year: q.id("schoolYear")?.map(SchoolYearId), teacher: q.id("teacher")?.map(TeacherId) };
    if filter.school_year.is_none() && filter.teacher.is_none() {
        return Err(Error::bad_request(
            ErrorCode::InvalidQuery,
            "Query parameter `schoolYear` or `teacher` is required to list employments.",
        ));
    }
    let mut conn = app.store.conn().await?;
    if let Some(y) = filter.school_year {
        conn.require("school_year", SchoolYearId::KIND, y.0).await?;
    }
    if let Some(t) = filter.teacher {
        conn.require("teacher", TeacherId::KIND, t.0).await?;
    }
    Ok(ok(&conn.list_employments(filter).await?))
}

async fn fetch(State(app): State<AppState>, PathId(id): PathId) -> Result<Response> {
    let e = app.store.conn().await?.get_employment(EmploymentId(id)).await?;
    Ok(ok(&e.ok_or_else(|| Error::not_found(EmploymentId::KIND, id))?))
}

async fn create(State(app): State<AppState>, Parsed(new): Parsed<NewEmployment>) -> Result<Response> {
    let mut tx = app.store.begin().await?;
    let id = tx.create_employment(&new).await?;
    let e = tx.get_employment(id).await?.ok_or_else(|| Error::not_found(EmploymentId::KIND, id.0))?;
    tx.commit().await?;
    Ok(created("employment", id.0, &e))
}

async fn update(State(app): State<AppState>, PathId(id): PathId, Parsed(new): Parsed<NewEmployment>) -> Result<Response> {
    let mut tx = app.store.begin().await?;
    tx.update_employment(EmploymentId(id), &new).await?;
    let e = tx.get_employment(EmploymentId(id)).await?.ok_or_else(|| Error::not_found(EmploymentId::KIND, id))?;
    tx.commit().await?;
    Ok(ok(&e))
}

async fn remove(State(app): State<AppState>, PathId(id): PathId) -> Result<Response> {
    let mut tx = app.store.begin().await?;
    tx.delete_employment(EmploymentId(id)).await?;
    tx.commit().await?;
    Ok(no_content())
}
