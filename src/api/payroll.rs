//! `/payrolltype`, `/pooltype`, `/postingtype`, `/thesistype` (docs/workload.md §Setup)
//! and the fixed, read-only `/calculationmode`.

use axum::extract::State;
use axum::response::Response;
use serde::Serialize;
use utoipa_axum::routes;

use super::extract::QueryParams;
use super::openapi::annotations::{List, Single};
use super::response::ok;
use super::routes::ApiRouter;
use super::AppState;
use crate::domain::payroll::{PayrollType, PoolType, PostingType, ThesisType};
use crate::domain::workload::CalculationMode;
use crate::error::{Error, Result};
use crate::service::resources::{self, PayrollTypes, PoolTypes, PostingTypes, ThesisTypes};

/// Routes of the four resources and of `/calculationmode`.
pub fn routes() -> ApiRouter {
    ApiRouter::new()
        .routes(routes!(list_payroll_types))
        .merge(crate::crud_routes!(PayrollTypes: create, get, save, delete))
        .routes(routes!(list_pool_types))
        .merge(crate::crud_routes!(PoolTypes: create, get, save, delete))
        .routes(routes!(list_posting_types))
        .merge(crate::crud_routes!(PostingTypes: create, get, save, delete))
        .routes(routes!(list_thesis_types))
        .merge(crate::crud_routes!(ThesisTypes: create, get, save, delete))
        .routes(routes!(list_modes))
        .routes(routes!(get_mode))
}

crate::inputs!(
    /// The query of [`list_payroll_types`].
    PayrollTypeQuery =
        [query_flag("lessonBased", "`true`: only lesson-based types; `false`: only percent-based ones.")]
);

crate::inputs!(
    /// The path id of [`get_mode`].
    ModeId = [path_id("calculation mode")]
);

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

#[utoipa::path(get, path = "/calculationmode", tag = "calculationmode", summary = "The six calculation modes (fixed)",
    responses((status = 200, description = "The modes by id (docs/workload.md §Calculation).",
        body = inline(List<CalculationModeForm>))))]
async fn list_modes() -> Response {
    ok(&CalculationMode::ALL.iter().map(|m| CalculationModeForm::from(*m)).collect::<Vec<_>>())
}

#[utoipa::path(get, path = "/calculationmode/{id}", tag = "calculationmode", summary = "One calculation mode",
    params(ModeId), responses((status = 200, description = "The mode.", body = inline(Single<CalculationModeForm>)), ModeId))]
async fn get_mode(super::extract::PathId(id): super::extract::PathId) -> Result<Response> {
    let mode = CalculationMode::from_id(id).ok_or_else(|| Error::not_found("calculation mode", id))?;
    Ok(ok(&CalculationModeForm::from(mode)))
}

#[utoipa::path(get, path = "/payrolltype", tag = "payrolltype", summary = "Payroll types (Anstellungsarten), by code",
    params(PayrollTypeQuery), responses(
        (status = 200, description = "The payroll types (single form = list form).", body = inline(List<PayrollType>)),
        PayrollTypeQuery))]
async fn list_payroll_types(State(app): State<AppState>, q: QueryParams) -> Result<Response> {
    let lesson_based = q.flag("lessonBased")?;
    Ok(ok(&resources::payroll_types(&app.store, lesson_based).await?))
}
#[utoipa::path(get, path = "/pooltype", tag = "pooltype", summary = "Pool types, by code",
    responses((status = 200, description = "The pool types.", body = inline(List<PoolType>))))]
async fn list_pool_types(State(app): State<AppState>) -> Result<Response> {
    Ok(ok(&resources::pool_types(&app.store).await?))
}
#[utoipa::path(get, path = "/postingtype", tag = "postingtype", summary = "Posting types, by code",
    responses((status = 200, description = "The posting types.", body = inline(List<PostingType>))))]
async fn list_posting_types(State(app): State<AppState>) -> Result<Response> {
    Ok(ok(&resources::posting_types(&app.store).await?))
}
#[utoipa::path(get, path = "/thesistype", tag = "thesistype", summary = "Thesis types, by code",
    responses((status = 200, description = "The thesis types.", body = inline(List<ThesisType>))))]
async fn list_thesis_types(State(app): State<AppState>) -> Result<Response> {
    Ok(ok(&resources::thesis_types(&app.store).await?))
}
