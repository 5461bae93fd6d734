//! `GET /workload?schoolYear=ID[&teacher=ID]` (docs/workload.md §Response).

use axum::extract::State;
use axum::response::Response;
use axum::routing::get;

use super::extract::QueryParams;
use super::openapi::Operation;
use super::response::ok;
use super::routes::ApiRouter;
use super::AppState;
use crate::domain::ids::{SchoolYearId, TeacherId};
use crate::domain::workload::forms::Workload;
use crate::error::Result;
use crate::service::workload::workloads;

/// Routes of `/workload`.
pub fn routes() -> ApiRouter {
    ApiRouter::new().route("/workload", get(workload)).doc(
        Operation::get("/workload", "workload", "Teachers' workloads of a school year")
            .describe(
                "With `teacher`: that teacher's workload (one object; 404 without an employment that year). \
                 Without: the workload of every employment of the year (a list, by teacher code). \
                 Computed from the data as it is now (docs/workload.md §Calculation, §Balance).",
            )
            .query_id("schoolYear", true, "The school year (required).")
            .query_id("teacher", false, "Only this teacher: answers one object.")
            .json_one_or_list::<Workload>(200, "One workload (with `teacher`) or the list."),
    )
}

async fn workload(State(app): State<AppState>, q: QueryParams) -> Result<Response> {
    let year = SchoolYearId(q.required_id("schoolYear")?);
    let teacher = q.id("teacher")?.map(TeacherId);
    // One snapshot: the forms' totals and items from the same state.
    let mut list = app.store.snapshot(async |conn| workloads(conn, year, teacher).await).await?;
    Ok(match teacher {
        Some(_) => ok(&list.remove(0)),
        None => ok(&list),
    })
}
