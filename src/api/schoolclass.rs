//! `/schoolclass` (interface.md §4.3): list (`?schoolYear=` with `&grade=`,
//! `?archived=`), get, create, save, delete.

use axum::extract::State;
use axum::response::Response;
use axum::routing::get;
use axum::Router;

use super::extract::{Parsed, PathId, QueryParams};
use super::response::{created, no_content, ok};
use super::AppState;
use crate::domain::ids::{GradeId, SchoolClassId, SchoolYearId};
use crate::domain::lookup::LookupKind;
use crate::domain::schoolclass::NewSchoolClass;
use crate::error::{Error, ErrorCode, Result};
use crate::store::schoolclass::SchoolClassFilter;

/// Routes of `/schoolclass`.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/schoolclass", get(list).post(create))
        .route("/schoolclass/{id}", get(fetch).put(update).delete(remove))
}

/// `GET /schoolclass[?schoolYear=ID[&grade=ID]][&archived=BOOL]`, by graduation
/// year then code. With `schoolYear`: only the classes that have a grade in that
/// year, each with its `grade`; 404 for an unknown school year or grade.
async fn list(State(app): State<AppState>, q: QueryParams) -> Result<Response> {
    let filter = SchoolClassFilter { archived: q.flag("archived")? };
    let year = q.id("schoolYear")?.map(SchoolYearId);
    let grade = q.id("grade")?.map(GradeId);
    let mut conn = app.store.conn().await?;
    match (year, grade) {
        (None, None) => Ok(ok(&conn.list_school_classes(filter).await?)),
        (None, Some(_)) => Err(Error::bad_request(
            ErrorCode::InvalidQuery,
            "Query parameter `grade` needs `schoolYear`: a class has a grade only in a given school year.",
        )),
        (Some(year), grade) => {
            if let Some(g) = grade {
                conn.require(LookupKind::Grade.table(), GradeId::KIND, g.0).await?;
            }
            Ok(ok(&conn.list_school_classes_in_year(year, grade, filter).await?))
        }
    }
}

async fn fetch(State(app): State<AppState>, PathId(id): PathId) -> Result<Response> {
    let c = app.store.conn().await?.get_school_class(SchoolClassId(id)).await?;
    Ok(ok(&c.ok_or_else(|| Error::not_found(SchoolClassId::KIND, id))?))
}

async fn create(State(app): State<AppState>, Parsed(new): Parsed<NewSchoolClass>) -> Result<Response> {
    let mut tx = app.store.begin().await?;
    let id = tx.create_school_class(&new).await?;
    let c = tx.get_school_class(id).await?.ok_or_else(|| Error::not_found(SchoolClassId::KIND, id.0))?;
    tx.commit().await?;
    Ok(created("schoolclass", id.0, &c))
}

async fn update(State(app): State<AppState>, PathId(id): PathId, Parsed(new): Parsed<NewSchoolClass>) -> Result<Response> {
    let mut tx = app.store.begin().await?;
    tx.update_school_class(SchoolClassId(id), &new).await?;
    let c = tx.get_school_class(SchoolClassId(id)).await?.ok_or_else(|| Error::not_found(SchoolClassId::KIND, id))?;
    tx.commit().await?;
    Ok(ok(&c))
}

async fn remove(State(app): State<AppState>, PathId(id): PathId) -> Result<Response> {
    let mut tx = app.store.begin().await?;
    tx.delete_school_class(SchoolClassId(id)).await?;
    tx.commit().await?;
    Ok(no_content())
}
