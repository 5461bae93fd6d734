//! `/subject` (docs/api.md §Endpoints): list (`?crossClass`, `?archived=`), get, create, save, delete.

use axum::extract::State;
use axum::response::Response;

use super::crud;
use super::extract::QueryParams;
use super::openapi::Operation;
use super::response::ok;
use super::routes::ApiRouter;
use super::AppState;
use crate::error::Result;
use crate::service::resources::Subjects;
use crate::store::subject::SubjectFilter;

/// Routes of `/subject`.
pub fn routes() -> ApiRouter {
    crud::resource_routes::<Subjects, _, _>(
        list,
        Operation::get("/subject", "subject", "Subjects (list form), by code")
            .query_flag("crossClass", "Only cross-class (true) or only class-bound (false) subjects.")
            .query_flag("archived", "Only archived (true) or only active (false) subjects.")
            .json_list::<crate::domain::reference_forms::SubjectRef>(200, "The subjects."),
    )
}

/// `GET /subject[?crossClass[=BOOL]][&archived=BOOL]`: list form, by code.
async fn list(State(app): State<AppState>, q: QueryParams) -> Result<Response> {
    let filter = SubjectFilter { cross_class: q.flag("crossClass")?, archived: q.flag("archived")? };
    Ok(ok(&app.store.conn().await?.list_subjects(filter).await?))
}
