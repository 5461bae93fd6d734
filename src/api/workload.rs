//! `GET /workload?schoolYear=ID[&teacher=ID]` (docs/workload.md §Response).

use axum::extract::State;
use axum::response::Response;
use serde_json::json;

use super::extract::QueryParams;
use super::lang::RequestLang;
use super::openapi::schemas::{component_ref, envelope};
use super::response::ok;
use super::routes::ApiRouter;
use super::AppState;
use crate::domain::ids::{SchoolYearId, TeacherId};
use crate::domain::workload::forms::Workload;
use crate::error::Result;
use crate::service;

/// Routes of `/workload`.
pub fn routes() -> ApiRouter {
    ApiRouter::new().routes(utoipa_axum::routes!(workload))
}

crate::json_schema!(
    /// One [`Workload`] or the list of them.
    WorkloadAnswer = envelope(json!({"oneOf": [component_ref("Workload"),
        {"type": "array", "items": component_ref("Workload")}]})),
    refs = [Workload]
);

crate::inputs!(
    /// The query of [`workload`].
    WorkloadQuery = [
        query_id("schoolYear", true, "The school year (required)."),
        query_id("teacher", false, "Only this teacher: answers one object."),
    ]
);

/// `GET /workload?schoolYear=ID[&teacher=ID]`.
#[utoipa::path(get, path = "/workload", tag = "workload", summary = "Teachers' workloads of a school year",
    description = "With `teacher`: that teacher's workload (one object; 404 without an employment that year). \
                   Without: the workload of every employment of the year (a list, by teacher code). \
                   Computed from the data as it is now (docs/workload.md §Calculation, §Balance).",
    params(WorkloadQuery),
    responses(
        (status = 200, description = "One workload (with `teacher`) or the list.", body = inline(WorkloadAnswer)),
        WorkloadQuery,
    ))]
async fn workload(State(app): State<AppState>, RequestLang(lang): RequestLang, q: QueryParams) -> Result<Response> {
    let year = SchoolYearId(q.required_id("schoolYear")?);
    let teacher = q.id("teacher")?.map(TeacherId);
    // One snapshot: the forms' totals and items from the same state.
    let list = service::workload::list(&app.store, year, teacher).await?;
    // The warnings' details in the reader's language (docs/i18n.md §Findings).
    let mut list: Vec<Workload> = list.into_iter().map(|w| w.in_lang(lang)).collect();
    Ok(match teacher {
        Some(_) => ok(&list.remove(0)),
        None => ok(&list),
    })
}
