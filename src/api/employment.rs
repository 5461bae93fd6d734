//! `/employment` (docs/contract.md §Resources, §Locked school years): list (`?schoolYear=` and/or `?teacher=`),
//! get, create, save, delete.

use crate::service::employment;
use axum::extract::State;
use axum::response::Response;

use super::crud;
use super::extract::QueryParams;
use super::openapi::Operation;
use super::response::ok;
use super::routes::ApiRouter;
use super::AppState;
use crate::domain::employment::{Employment, NewEmployment};
use crate::domain::ids::{EmploymentId, SchoolYearId, TeacherId};
use crate::error::{Error, ErrorCode, Result};
use crate::service::workload::fill_balances;
use crate::store::employment::EmploymentFilter;
use crate::store::Conn;

/// Routes of `/employment`.
pub fn routes() -> ApiRouter {
    crud::resource_routes::<Employments, _, _>(
        list,
        Operation::get("/employment", "employment", "Employments of a school year or of a teacher")
            .describe("At least one of `schoolYear` and `teacher` is required (else 400).")
            .query_id("schoolYear", false, "Employments in this school year.")
            .query_id("teacher", false, "Employments of this teacher.")
            .json_list::<crate::domain::employment::Employment>(200, "The employments."),
    )
}

/// The `/employment` resource; its forms carry the computed balances (docs/workload.md §Balance).
pub struct Employments;
impl crud::CrudCreate for Employments {
    type New = NewEmployment;
    async fn create(tx: &mut Conn, new: &NewEmployment) -> Result<i64> {
        Ok(employment::create(tx, new).await?.0)
    }
}
impl crud::Crud for Employments {
    const PATH: &'static str = "employment";
    const NOUN: &'static str = EmploymentId::KIND;
    const TABLE: &'static str = "employment";
    type Update = NewEmployment;
    type Single = Employment;
    async fn get(conn: &mut Conn, id: i64) -> Result<Option<Employment>> {
        let Some(e) = conn.get_employment(EmploymentId(id)).await? else { return Ok(None) };
        let mut one = [e];
        fill_balances(conn, &mut one).await?;
        let [e] = one;
        Ok(Some(e))
    }
    async fn update(tx: &mut Conn, id: i64, new: &NewEmployment) -> Result<()> {
        let before = Self::get(tx, id).await?.ok_or_else(|| Error::not_found(Self::NOUN, id))?;
        employment::update(tx, EmploymentId(id), &before, new).await
    }
    async fn save(tx: &mut Conn, id: i64, before: &Employment, new: &NewEmployment) -> Result<Employment> {
        employment::update(tx, EmploymentId(id), before, new).await?;
        Self::get(tx, id).await?.ok_or_else(|| Error::not_found(Self::NOUN, id))
    }
    async fn delete(tx: &mut Conn, id: i64, before: &Employment) -> Result<()> {
        employment::delete(tx, EmploymentId(id), before).await
    }
}

/// `GET /employment?schoolYear=ID` and/or `?teacher=ID` (one is required, else
/// 400); 404 for an unknown school year or teacher. By teacher code, then year.
async fn list(State(app): State<AppState>, q: QueryParams) -> Result<Response> {
    let filter = EmploymentFilter {
        school_year: q.id("schoolYear")?.map(SchoolYearId),
        teacher: q.id("teacher")?.map(TeacherId),
    };
    if filter.school_year.is_none() && filter.teacher.is_none() {
        return Err(Error::new(
            ErrorCode::InvalidQuery,
            "Query parameter `schoolYear` or `teacher` is required to list employments.",
        ));
    }
    let items = app
        .store
        .snapshot(async |conn| {
            if let Some(y) = filter.school_year {
                conn.require("school_year", SchoolYearId::KIND, y.0).await?;
            }
            if let Some(t) = filter.teacher {
                conn.require("teacher", TeacherId::KIND, t.0).await?;
            }
            let mut items = conn.list_employments(filter).await?;
            fill_balances(conn, &mut items).await?;
            Ok::<_, Error>(items)
        })
        .await?;
    Ok(ok(&items))
}
