//! `/division` (docs/api.md §Endpoints): list, get, create, save, delete.

use axum::extract::State;
use axum::response::Response;

use super::crud;
use super::openapi::Operation;
use super::response::ok;
use super::routes::ApiRouter;
use super::AppState;
use crate::error::Result;
use crate::service::resources::Divisions;

/// Routes of `/division`.
pub fn routes() -> ApiRouter {
    crud::resource_routes::<Divisions, _, _>(
        list,
        Operation::get("/division", "division", "Divisions (list form: no binary data), by code")
            .json_list::<crate::domain::division::DivisionListItem>(200, "The divisions."),
    )
}

/// `GET /division`: list form (no binary data), by code.
async fn list(State(app): State<AppState>) -> Result<Response> {
    Ok(ok(&app.store.conn().await?.list_divisions().await?))
}
