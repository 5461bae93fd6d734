//! `/grade` (docs/contract.md §Resources, docs/workload.md §Setup): list, get, create, save, delete.

use axum::extract::State;
use axum::response::Response;

use super::crud::{self, Crud, CrudCreate};
use super::openapi::Operation;
use super::response::ok;
use super::routes::ApiRouter;
use super::AppState;
use crate::domain::grade::{Grade, NewGrade};
use crate::domain::lookup::LookupKind;
use crate::error::Result;
use crate::store::Conn;

/// Routes of `/grade`.
pub fn routes() -> ApiRouter {
    crud::resource_routes::<Grades, _, _>(
        list,
        Operation::get("/grade", "grade", "Every grade, by code")
            .json_list::<Grade>(200, "The grades (single form = list form) with their payroll types."),
    )
}

/// `GET /grade`: all, by code.
async fn list(State(app): State<AppState>) -> Result<Response> {
    Ok(ok(&app.store.conn().await?.list_grades().await?))
}

/// The `/grade` resource.
pub struct Grades;
impl CrudCreate for Grades {
    type New = NewGrade;
    async fn create(tx: &mut Conn, new: &NewGrade) -> Result<i64> {
        tx.create_grade(new).await
    }
}
impl Crud for Grades {
    const PATH: &'static str = "grade";
    const NOUN: &'static str = "grade";
    const TABLE: &'static str = "grade";
    type Update = NewGrade;
    type Single = Grade;
    async fn get(conn: &mut Conn, id: i64) -> Result<Option<Grade>> {
        conn.get_grade(id).await
    }
    async fn update(tx: &mut Conn, id: i64, new: &NewGrade) -> Result<()> {
        tx.update_grade(id, new).await
    }
    async fn delete(tx: &mut Conn, id: i64, _before: &Self::Single) -> Result<()> {
        tx.delete_grade(id).await
    }
    async fn users(tx: &mut Conn, id: i64) -> Result<Vec<String>> {
        tx.lookup_users(LookupKind::Grade, id).await
    }
    fn check_delete(before: &Grade, users: &[String]) -> Result<()> {
        crate::domain::lookup::check_unused(LookupKind::Grade, &before.code, users)
    }
}
