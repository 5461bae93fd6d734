//! `/subjectcategory`, `/subjecttype` (docs/contract.md §Resources) and `/gender` (docs/workload.md §Setup): one implementation for all three.

use axum::extract::State;
use axum::response::Response;

use super::extract::QueryParams;
use super::openapi::annotations::List;
use super::response::ok;
use super::routes::ApiRouter;
use super::AppState;
use crate::domain::lookup::Lookup;
use crate::error::Result;
use crate::service::resources::{self, Genders, LookupResource, SubjectCategories, SubjectTypes};

/// Routes of the three lookup resources: `/{path}` and `/{path}/{id}`.
pub fn routes() -> ApiRouter {
    ApiRouter::new()
        .routes(utoipa_axum::routes!(list_subject_categories))
        .merge(crate::crud_routes!(SubjectCategories: create, get, save, delete))
        .routes(utoipa_axum::routes!(list_subject_types))
        .merge(crate::crud_routes!(SubjectTypes: create, get, save, delete))
        .routes(utoipa_axum::routes!(list_genders))
        .merge(crate::crud_routes!(Genders: create, get, save, delete))
}

crate::inputs!(
    /// `?archived=`.
    ArchivedQuery = [query_flag("archived", "Only archived (true) or only active (false) entries.")]
);

/// `GET /subjectcategory[?archived=BOOL]`.
#[utoipa::path(get, path = "/subjectcategory", tag = "subjectcategory", summary = "Every subject category, by code",
    params(ArchivedQuery), responses(
        (status = 200, description = "The list (single form = list form).", body = inline(List<Lookup>)), ArchivedQuery))]
async fn list_subject_categories(app: State<AppState>, q: QueryParams) -> Result<Response> {
    list::<SubjectCategories>(app, q).await
}

/// `GET /subjecttype[?archived=BOOL]`.
#[utoipa::path(get, path = "/subjecttype", tag = "subjecttype", summary = "Every subject type, by code",
    params(ArchivedQuery), responses(
        (status = 200, description = "The list (single form = list form).", body = inline(List<Lookup>)), ArchivedQuery))]
async fn list_subject_types(app: State<AppState>, q: QueryParams) -> Result<Response> {
    list::<SubjectTypes>(app, q).await
}

/// `GET /gender[?archived=BOOL]`.
#[utoipa::path(get, path = "/gender", tag = "gender", summary = "Every gender, by code",
    params(ArchivedQuery), responses(
        (status = 200, description = "The list (single form = list form).", body = inline(List<Lookup>)), ArchivedQuery))]
async fn list_genders(app: State<AppState>, q: QueryParams) -> Result<Response> {
    list::<Genders>(app, q).await
}

/// `GET /{path}[?archived=BOOL]`: all (or only archived / only active), by code.
async fn list<R: LookupResource>(State(app): State<AppState>, q: QueryParams) -> Result<Response> {
    Ok(ok(&resources::lookups(&app.store, R::KIND, q.flag("archived")?).await?))
}
