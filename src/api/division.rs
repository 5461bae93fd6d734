//! `/division` (docs/api.md §Endpoints): list, get, create, save, delete.

use axum::extract::State;
use axum::response::Response;

use super::crud;
use super::openapi::Operation;
use super::response::ok;
use super::routes::ApiRouter;
use super::AppState;
use crate::domain::division::NewDivision;
use crate::domain::ids::DivisionId;
use crate::error::Result;

/// Routes of `/division`.
pub fn routes() -> ApiRouter {
    crud::resource_routes::<Divisions, _, _>(
        list,
        Operation::get("/division", "division", "Divisions (list form: no binary data), by code")
            .json_list::<crate::domain::division::DivisionListItem>(200, "The divisions."),
    )
}

crate::crud_resource!(Divisions, path: "division", table: "division", id: DivisionId, new: NewDivision, single: crate::domain::division::Division,
    get: get_division, create: create_division, update: update_division, delete: delete_division,
    users: division_users,
    in_use: |d, users| format!("Division {} is still used by {users}; move them to another division first.", d.code));

/// `GET /division`: list form (no binary data), by code.
async fn list(State(app): State<AppState>) -> Result<Response> {
    Ok(ok(&app.store.conn().await?.list_divisions().await?))
}
