//! `/payrolltype`, `/pooltype`, `/postingtype`, `/thesistype` (docs/workload.md §Setup)
//! and the fixed, read-only `/calculationmode`.

use axum::extract::State;
use axum::response::Response;
use axum::routing::get;
use serde::Serialize;

use super::crud;
use super::extract::QueryParams;
use super::openapi::Operation;
use super::response::ok;
use super::routes::ApiRouter;
use super::AppState;
use crate::domain::payroll::{PayrollType, PoolType, PostingType, ThesisType};
use crate::domain::workload::CalculationMode;
use crate::error::{Error, Result};
use crate::service::resources::{PayrollTypes, PoolTypes, PostingTypes, ThesisTypes};

/// Routes of the four resources and of `/calculationmode`.
pub fn routes() -> ApiRouter {
    ApiRouter::new()
        .merge(crud::resource_routes::<PayrollTypes, _, _>(
            list_payroll_types,
            Operation::get("/payrolltype", "payrolltype", "Payroll types (Anstellungsarten), by code")
                .query_flag("lessonBased", "`true`: only lesson-based types; `false`: only percent-based ones.")
                .json_list::<PayrollType>(200, "The payroll types (single form = list form)."),
        ))
        .merge(crud::resource_routes::<PoolTypes, _, _>(
            list_pool_types,
            Operation::get("/pooltype", "pooltype", "Pool types, by code")
                .json_list::<PoolType>(200, "The pool types."),
        ))
        .merge(crud::resource_routes::<PostingTypes, _, _>(
            list_posting_types,
            Operation::get("/postingtype", "postingtype", "Posting types, by code")
                .json_list::<PostingType>(200, "The posting types."),
        ))
        .merge(crud::resource_routes::<ThesisTypes, _, _>(
            list_thesis_types,
            Operation::get("/thesistype", "thesistype", "Thesis types, by code")
                .json_list::<ThesisType>(200, "The thesis types."),
        ))
        .route("/calculationmode", get(list_modes))
        .route("/calculationmode/{id}", get(get_mode))
        .doc(
            Operation::get("/calculationmode", "calculationmode", "The six calculation modes (fixed)")
                .json_list::<CalculationModeForm>(200, "The modes by id (docs/workload.md §Calculation)."),
        )
        .doc(
            Operation::get("/calculationmode/{id}", "calculationmode", "One calculation mode")
                .path_id("calculation mode")
                .json::<CalculationModeForm>(200, "The mode."),
        )
}

/// A calculation mode (single = list = reference form): id, code, description.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct CalculationModeForm {
    /// Fixed id: 1, 2, 3, 99, 100 or 101.
    pub id: i64,
    /// `percent`, `lessons`, `lessons2`, `percentAgeReliefIncluded`, `lessonsAgeReliefIncluded`, `lessons2AgeReliefIncluded`.
    pub code: &'static str,
    /// Designation.
    pub description: &'static str,
}

impl From<CalculationMode> for CalculationModeForm {
    fn from(m: CalculationMode) -> Self {
        CalculationModeForm { id: m.id(), code: m.code(), description: m.description() }
    }
}

async fn list_modes() -> Response {
    ok(&CalculationMode::ALL.iter().map(|m| CalculationModeForm::from(*m)).collect::<Vec<_>>())
}

async fn get_mode(super::extract::PathId(id): super::extract::PathId) -> Result<Response> {
    let mode = CalculationMode::from_id(id).ok_or_else(|| Error::not_found("calculation mode", id))?;
    Ok(ok(&CalculationModeForm::from(mode)))
}

async fn list_payroll_types(State(app): State<AppState>, q: QueryParams) -> Result<Response> {
    let lesson_based = q.flag("lessonBased")?;
    Ok(ok(&app.store.conn().await?.list_payroll_types(lesson_based).await?))
}
async fn list_pool_types(State(app): State<AppState>) -> Result<Response> {
    Ok(ok(&app.store.conn().await?.list_pool_types().await?))
}
async fn list_posting_types(State(app): State<AppState>) -> Result<Response> {
    Ok(ok(&app.store.conn().await?.list_posting_types().await?))
}
async fn list_thesis_types(State(app): State<AppState>) -> Result<Response> {
    Ok(ok(&app.store.conn().await?.list_thesis_types().await?))
}
