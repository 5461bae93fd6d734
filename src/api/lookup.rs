//! `/subjectcategory`, `/subjecttype` (docs/contract.md §Resources) and `/gender` (docs/workload.md §Setup): one implementation for all three.

use axum::extract::State;
use axum::response::Response;

use super::crud;
use super::extract::QueryParams;
use super::openapi::Operation;
use super::response::ok;
use super::routes::ApiRouter;
use super::AppState;
use crate::error::Result;
use crate::service::crud::CrudCreate;
use crate::service::resources::LookupResource;

/// Routes of one lookup resource: `/{path}` and `/{path}/{id}`.
pub fn routes<R: LookupResource + CrudCreate>() -> ApiRouter
where
    R::Single: utoipa::ToSchema,
{
    crud::resource_routes::<R, _, _>(
        list::<R>,
        Operation::get(format!("/{}", R::PATH), R::PATH, format!("Every {}, by code", R::NOUN))
            .query_flag("archived", "Only archived (true) or only active (false) entries.")
            .json_list::<crate::domain::lookup::Lookup>(200, "The list (single form = list form)."),
    )
}

/// `GET /{path}[?archived=BOOL]`: all (or only archived / only active), by code.
async fn list<R: LookupResource>(State(app): State<AppState>, q: QueryParams) -> Result<Response> {
    Ok(ok(&app.store.conn().await?.list_lookups(R::KIND, q.flag("archived")?).await?))
}
