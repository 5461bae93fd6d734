//! `/schoolyear` (interface.md §4.6): list (`?archived=`), get, create, save, delete.

use axum::extract::State;
use axum::response::Response;

use super::crud;
use super::extract::QueryParams;
use super::openapi::Operation;
use super::response::ok;
use super::routes::ApiRouter;
use super::AppState;
use crate::domain::ids::SchoolYearId;
use crate::domain::schoolyear::{NewSchoolYear, SchoolYear};
use crate::error::Result;
use crate::service::workload::freeze_balances;
use crate::store::Conn;

/// Routes of `/schoolyear`.
pub fn routes() -> ApiRouter {
    crud::resource_routes::<SchoolYears, _, _>(
        list,
        Operation::get("/schoolyear", "schoolyear", "School years, by graduation year")
            .query_flag("archived", "Only archived (true) or only non-archived (false) school years.")
            .json_list::<SchoolYear>(200, "The school years."),
    )
}

/// The `/schoolyear` resource. Locking a year (archived or finalised)
/// freezes its employments' balances; unlocking it unfreezes them (workload.md §4).
pub struct SchoolYears;
impl crud::CrudCreate for SchoolYears {
    type New = NewSchoolYear;
    async fn create(tx: &mut Conn, new: &NewSchoolYear) -> Result<i64> {
        Ok(tx.create_school_year(new).await?.0)
    }
}
impl crud::Crud for SchoolYears {
    const PATH: &'static str = "schoolyear";
    const NOUN: &'static str = SchoolYearId::KIND;
    const TABLE: &'static str = "school_year";
    type Update = NewSchoolYear;
    type Single = SchoolYear;
    async fn get(conn: &mut Conn, id: i64) -> Result<Option<SchoolYear>> {
        conn.get_school_year(SchoolYearId(id)).await
    }
    async fn update(tx: &mut Conn, id: i64, new: &NewSchoolYear) -> Result<()> {
        let id = SchoolYearId(id);
        let was_locked = tx.school_year_locked(id).await?.is_some_and(|(_, locked)| locked);
        tx.update_school_year(id, new).await?;
        let locked = new.archived || new.finalised;
        if locked != was_locked {
            let year = tx
                .get_school_year(id)
                .await?
                .ok_or_else(|| crate::error::Error::not_found(SchoolYearId::KIND, id.0))?;
            freeze_balances(tx, &year, locked).await?;
        }
        Ok(())
    }
    async fn delete(tx: &mut Conn, id: i64) -> Result<()> {
        tx.delete_school_year(SchoolYearId(id)).await
    }
}

/// `GET /schoolyear[?archived=BOOL]`: ordered by graduation year.
async fn list(State(app): State<AppState>, q: QueryParams) -> Result<Response> {
    let archived = q.flag("archived")?;
    Ok(ok(&app.store.conn().await?.list_school_years(archived).await?))
}
