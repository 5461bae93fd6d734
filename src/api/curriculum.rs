//! `/curriculum` (docs/api.md §Endpoints, docs/contract.md §Resources): list (`?archived=`), get,
//! create, save, delete. A create or save also saves the payroll types its
//! grade objects carry on those grades (the existing client's curriculum dialog
//! edits them inline, docs/client.md §Curriculum "Curriculum"), audited as grade changes.

use axum::extract::State;
use axum::http::Method;
use axum::response::Response;
use axum::routing::get;

use super::crud::{self, Audit, Crud};
use super::etag::{ETag, Preconditions};
use super::extract::{Parsed, PathId, QueryParams};
use super::openapi::Operation;
use super::response::{created, ok, ok_tagged};
use super::routes::ApiRouter;
use super::AppState;
use crate::domain::curriculum::NewCurriculum;
use crate::domain::ids::CurriculumId;
use crate::error::{Error, Result};
use crate::service::references;
use crate::store::Conn;

/// What a curriculum body does with its grades' payroll types (OpenAPI text of POST and PUT).
const GRADE_PAYROLL_TYPES: &str =
    "`grades` are read as references. A grade given as an object may carry `payrollType` and \
     `classLessonPayrollType` (a payroll type reference, or null for none; a key left out keeps the grade's \
     value): they are saved on that grade in the same transaction — the grade changes for every curriculum \
     that lists it, and the workloads follow at once. Each must name an existing payroll type (422 \
     `unknown_reference` at `/grades/N/payrollType`). Each changed grade gets an audit entry of its own. \
     A grade's code and description inside a curriculum body are ignored: they are edited through `/grade`.";

/// Routes of `/curriculum`.
pub fn routes() -> ApiRouter {
    let mut ops = crate::api::openapi::resource::crud_ops::<Curricula>();
    for op in &mut ops {
        if op.method == Method::PUT {
            *op = op.clone().describe(format!(
                "Replaces every writable field; read-only and unknown keys are ignored. {GRADE_PAYROLL_TYPES}"
            ));
        } else if op.method == Method::POST {
            *op = op.clone().describe(GRADE_PAYROLL_TYPES);
        }
    }
    let one = format!("/{}/{{id}}", Curricula::PATH);
    ApiRouter::new()
        .route("/curriculum", get(list).post(create))
        .route(&one, get(crud::fetch::<Curricula>).put(update).delete(crud::remove::<Curricula>))
        .doc(
            Operation::get("/curriculum", "curriculum", "Curricula, by code, each with its ordered grades")
                .query_flag("archived", "Only archived (true) or only active (false) curricula.")
                .json_list::<crate::domain::curriculum::Curriculum>(200, "The curricula."),
        )
        .docs(ops)
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

/// Saves the payroll types `new` gives its grades, in grade id order (the
/// order rows are locked in), with one audit entry per grade that changed.
async fn save_grade_payroll_types(tx: &mut Conn, audit: &Audit, new: &NewCurriculum) -> Result<()> {
    let mut edits: Vec<_> = new.grade_payroll_types.iter().collect();
    edits.sort_by_key(|e| e.grade);
    for edit in edits {
        if let Some((before, after)) = tx.set_grade_payroll_types(edit).await? {
            audit.record(tx, super::grade::Grades::PATH, after.id, Some(&before), Some(&after)).await?;
        }
    }
    Ok(())
}

/// `POST /curriculum` → 201 with `Location`, `ETag` and the single form; the
/// grades' payroll types in the body are saved on the grades ([`GRADE_PAYROLL_TYPES`]).
async fn create(State(app): State<AppState>, audit: Audit, Parsed(new): Parsed<NewCurriculum>) -> Result<Response> {
    let mut tx = app.store.begin().await?;
    references::check(&mut tx, &new).await?;
    let id = tx.create_curriculum(&new).await?;
    save_grade_payroll_types(&mut tx, &audit, &new).await?;
    let item = tx.get_curriculum(id).await?.ok_or_else(|| Error::not_found(CurriculumId::KIND, id.0))?;
    audit.record(&mut tx, Curricula::PATH, id.0, None::<&()>, Some(&item)).await?;
    tx.commit().await?;
    Ok(ETag::of(&item)?.attach(created(Curricula::PATH, id.0, &item)))
}

/// `PUT /curriculum/ID` → 200 with the single form and its new `ETag`; 404,
/// 412 as every save ([`crud::update`]); the grades' payroll types in the body
/// are saved on the grades in the same transaction ([`GRADE_PAYROLL_TYPES`]).
async fn update(
    State(app): State<AppState>,
    audit: Audit,
    PathId(id): PathId,
    pre: Preconditions,
    Parsed(new): Parsed<NewCurriculum>,
) -> Result<Response> {
    let mut tx = app.store.begin().await?;
    let before = crud::current_checked::<Curricula>(&mut tx, id, &pre).await?;
    references::check(&mut tx, &new).await?;
    tx.update_curriculum(CurriculumId(id), &new).await?;
    save_grade_payroll_types(&mut tx, &audit, &new).await?;
    let item = tx.get_curriculum(CurriculumId(id)).await?.ok_or_else(|| Error::not_found(CurriculumId::KIND, id))?;
    audit.record(&mut tx, Curricula::PATH, id, Some(&before), Some(&item)).await?;
    tx.commit().await?;
    ok_tagged(&item)
}
