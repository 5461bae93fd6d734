//! `/division` (docs/api.md §Endpoints): list, get, create, save, delete.

use axum::extract::State;
use axum::response::Response;

use super::openapi::annotations::List;
use super::response::ok;
use super::routes::ApiRouter;
use super::AppState;
use crate::domain::division::DivisionListItem;
use crate::error::Result;
use crate::service::resources::{self, Divisions};

/// Routes of `/division`.
pub fn routes() -> ApiRouter {
    ApiRouter::new().routes(utoipa_axum::routes!(list)).merge(crate::crud_routes!(Divisions: create, get, save, delete))
}

/// `GET /division`: list form (no binary data), by code.
#[utoipa::path(get, path = "/division", tag = "division", summary = "Divisions (list form: no binary data), by code",
    responses((status = 200, description = "The divisions.", body = inline(List<DivisionListItem>))))]
async fn list(State(app): State<AppState>) -> Result<Response> {
    Ok(ok(&resources::divisions(&app.store).await?))
}
