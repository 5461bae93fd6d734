//! `/curriculum` (interface.md §4.7, contract.md §5): list (`?archived=`), get, create, save, delete.

use axum::extract::State;
use axum::response::Response;

use super::crud;
use super::extract::QueryParams;
use super::openapi::Operation;
use super::response::ok;
use super::routes::ApiRouter;
use super::AppState;
use crate::domain::curriculum::NewCurriculum;
use crate::domain::ids::CurriculumId;
use crate::error::Result;

/// Routes of `/curriculum`.
pub fn routes() -> ApiRouter {
    crud::resource_routes::<Curricula, _, _>(
        list,
        Operation::get("/curriculum", "curriculum", "Curricula, by code, each with its ordered grades")
            .query_flag("archived", "Only archived (true) or only active (false) curricula.")
            .json_list::<crate::domain::curriculum::Curriculum>(200, "The curricula."),
    )
}

crate::crud_resource!(Curricula, path: "curriculum", table: "curriculum", id: CurriculumId, new: NewCurriculum, single: crate::domain::curriculum::Curriculum,
    get: get_curriculum, create: create_curriculum, update: update_curriculum, delete: delete_curriculum,
    users: curriculum_users,
    in_use: |c, users| format!("Curriculum {} is still used by {users}; archive the curriculum instead.", c.code));

/// `GET /curriculum[?archived=BOOL]`: by code, each with its ordered grades.
async fn list(State(app): State<AppState>, q: QueryParams) -> Result<Response> {
    let archived = q.flag("archived")?;
    Ok(ok(&app.store.snapshot(async |conn| conn.list_curricula(archived).await).await?))
}
