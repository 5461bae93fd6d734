//! `/curriculum` (docs/api.md §Endpoints, docs/contract.md §Resources): list (`?archived=`), get,
//! create, save, delete. A create or save also saves the payroll types its
//! grade objects carry on those grades (the existing client's curriculum dialog
//! edits them inline, docs/client.md §Curriculum "Curriculum"), audited as grade changes.

use axum::extract::State;
use axum::response::Response;

use super::etag::{ETag, Preconditions};
use super::extract::{Parsed, PathId, QueryParams};
use super::openapi::annotations::{List, REPLACES};
use super::response::{created, ok, ok_written};
use super::routes::ApiRouter;
use super::AppState;
use crate::domain::curriculum::{Curriculum, NewCurriculum};
use crate::error::Result;
use crate::service::audit::Actor;
use crate::service::crud::Crud;
use crate::service::curriculum::{self, Curricula};

/// What a curriculum body does with its grades' payroll types (OpenAPI text of POST and PUT).
const GRADE_PAYROLL_TYPES: &str =
    "`grades` are read as references. A grade given as an object may carry `payrollType` and \
     `classLessonPayrollType` (a payroll type reference, or null for none; a key left out keeps the grade's \
     value): they are saved on that grade in the same transaction — the grade changes for every curriculum \
     that lists it, and the workloads follow at once. Each must name an existing payroll type (422 \
     `unknown_reference` at `/grades/N/payrollType`). Each changed grade gets an audit entry of its own. \
     A grade's code and description inside a curriculum body are ignored: they are edited through `/grade`.";

/// Routes of `/curriculum`: create and save through [`create`] and [`update`].
pub fn routes() -> ApiRouter {
    ApiRouter::new().routes(utoipa_axum::routes!(list)).merge(crate::crud_routes!(Curricula:
        create { handler = create, description = GRADE_PAYROLL_TYPES },
        get,
        save { handler = update, description = format!("{REPLACES} {GRADE_PAYROLL_TYPES}") },
        delete,
    ))
}

crate::inputs!(
    /// `?archived=`.
    ListQuery = [query_flag("archived", "Only archived (true) or only active (false) curricula.")]
);

/// `GET /curriculum[?archived=BOOL]`: by code, each with its ordered grades.
#[utoipa::path(get, path = "/curriculum", tag = "curriculum", summary = "Curricula, by code, each with its ordered grades",
    params(ListQuery), responses((status = 200, description = "The curricula.", body = inline(List<Curriculum>)), ListQuery))]
async fn list(State(app): State<AppState>, q: QueryParams) -> Result<Response> {
    let archived = q.flag("archived")?;
    Ok(ok(&curriculum::list(&app.store, archived).await?))
}

/// `POST /curriculum` → 201 with `Location`, `ETag` and the single form; the
/// grades' payroll types in the body are saved on the grades ([`GRADE_PAYROLL_TYPES`]).
async fn create(State(app): State<AppState>, actor: Actor, Parsed(new): Parsed<NewCurriculum>) -> Result<Response> {
    let written = curriculum::create(&app.store, &actor, &new).await?;
    Ok(ETag::from(&written.version).attach(created(Curricula::PATH, written.id, &written.item)))
}

/// `PUT /curriculum/ID` → 200 with the single form and its new `ETag`; 404,
/// 412 as every save ([`super::crud::update`]); the grades' payroll types in the body
/// are saved on the grades in the same transaction ([`GRADE_PAYROLL_TYPES`]).
async fn update(
    State(app): State<AppState>,
    actor: Actor,
    PathId(id): PathId,
    pre: Preconditions,
    Parsed(new): Parsed<NewCurriculum>,
) -> Result<Response> {
    let written = curriculum::update(&app.store, &actor, id, &pre.expect(), &new).await?;
    Ok(ok_written(&written.item, &written.version))
}
