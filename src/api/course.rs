//! `/course` (interface.md §4.4, contract.md §6–§8): list of a school year
//! (with filters), get, create, save, delete, and the two commands merge and
//! split, which share `POST /course` with create and are told apart by the body.

use axum::extract::State;
use axum::response::Response;
use axum::routing::get;
use axum::Router;

use super::extract::{JsonBody, Parsed, PathId, QueryParams};
use super::response::{created, no_content, ok};
use super::AppState;
use crate::domain::course::{CourseCommand, CourseUpdate};
use crate::domain::ids::{CourseId, SchoolClassId, SchoolYearId, SubjectId, TeacherId};
use crate::error::{Error, Result};
use crate::store::course::CourseFilter;

/// Routes of `/course`.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/course", get(list).post(post))
        .route("/course/{id}", get(fetch).put(update).delete(remove))
}

/// `GET /course?schoolYear=ID[&crossClass=BOOL][&schoolClass=ID][&teacher=ID][&subject=ID]`:
/// 400 without `schoolYear`, 404 for an unknown id in the query.
async fn list(State(app): State<AppState>, q: QueryParams) -> Result<Response> {
    let filter = CourseFilter {
        school_year: SchoolYearId(q.required_id("schoolYear")?),
        cross_class: q.flag("crossClass")?,
        school_class: q.id("schoolClass")?.map(SchoolClassId),
        teacher: q.id("teacher")?.map(TeacherId),
        subject: q.id("subject")?.map(SubjectId),
    };
    let mut conn = app.store.conn().await?;
    conn.require("school_year", SchoolYearId::KIND, filter.school_year.0).await?;
    if let Some(k) = filter.school_class {
        conn.require("school_class", SchoolClassId::KIND, k.0).await?;
    }
    if let Some(t) = filter.teacher {
        conn.require("teacher", TeacherId::KIND, t.0).await?;
    }
    if let Some(s) = filter.subject {
        conn.require("subject", SubjectId::KIND, s.0).await?;
    }
    Ok(ok(&conn.list_courses(filter).await?))
}

async fn fetch(State(app): State<AppState>, PathId(id): PathId) -> Result<Response> {
    let course = app.store.conn().await?.get_course(CourseId(id)).await?;
    Ok(ok(&course.ok_or_else(|| Error::not_found(CourseId::KIND, id))?))
}

/// `POST /course`: a course object creates (201), `{"merge": [ids]}` merges
/// (200, the merged course), `{"split": id}` splits (200, the resulting courses).
async fn post(State(app): State<AppState>, JsonBody(body): JsonBody) -> Result<Response> {
    let command = CourseCommand::from_body(&body)?;
    let mut tx = app.store.begin().await?;
    let response = match command {
        CourseCommand::Create(new) => {
            let id = tx.create_course(&new).await?;
            let course = tx.get_course(id).await?.ok_or_else(|| Error::not_found(CourseId::KIND, id.0))?;
            created("course", id.0, &course)
        }
        CourseCommand::Merge(ids) => ok(&tx.merge_courses(&ids).await?),
        CourseCommand::Split(id) => ok(&tx.split_course(id).await?),
    };
    tx.commit().await?;
    Ok(response)
}

/// `PUT /course/ID`: changes cancelled, comments, lessons1, lessons2, teachers1,
/// teachers2 (all six keys required); other fields are ignored.
async fn update(State(app): State<AppState>, PathId(id): PathId, Parsed(update): Parsed<CourseUpdate>) -> Result<Response> {
    let mut tx = app.store.begin().await?;
    tx.update_course(CourseId(id), &update).await?;
    let course = tx.get_course(CourseId(id)).await?.ok_or_else(|| Error::not_found(CourseId::KIND, id))?;
    tx.commit().await?;
    Ok(ok(&course))
}

async fn remove(State(app): State<AppState>, PathId(id): PathId) -> Result<Response> {
    let mut tx = app.store.begin().await?;
    tx.delete_course(CourseId(id)).await?;
    tx.commit().await?;
    Ok(no_content())
}
