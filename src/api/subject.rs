//! `/subject` (docs/api.md §Endpoints): list (`?crossClass`, `?archived=`), get, create, save, delete.

use axum::extract::State;
use axum::response::Response;

use super::extract::QueryParams;
use super::openapi::annotations::List;
use super::response::ok;
use super::routes::ApiRouter;
use super::AppState;
use crate::domain::reference_forms::SubjectRef;
use crate::error::Result;
use crate::service::resources::{self, SubjectFilter, Subjects};

/// Routes of `/subject`.
pub fn routes() -> ApiRouter {
    ApiRouter::new().routes(utoipa_axum::routes!(list)).merge(crate::crud_routes!(Subjects: create, get, save, delete))
}

crate::inputs!(
    /// The query of [`list`].
    ListQuery = [
        query_flag("crossClass", "Only cross-class (true) or only class-bound (false) subjects."),
        query_flag("archived", "Only archived (true) or only active (false) subjects."),
    ]
);

/// `GET /subject[?crossClass[=BOOL]][&archived=BOOL]`: list form, by code.
#[utoipa::path(get, path = "/subject", tag = "subject", summary = "Subjects (list form), by code", params(ListQuery),
    responses((status = 200, description = "The subjects.", body = inline(List<SubjectRef>)), ListQuery))]
async fn list(State(app): State<AppState>, q: QueryParams) -> Result<Response> {
    let filter = SubjectFilter { cross_class: q.flag("crossClass")?, archived: q.flag("archived")? };
    Ok(ok(&resources::subjects(&app.store, filter).await?))
}
