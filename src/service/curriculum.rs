//! The curriculum use cases (docs/contract.md §Resources): create and save
//! also save the payroll types the body's grade objects carry on those grades
//! (the existing client's curriculum dialog edits them inline, docs/client.md
//! §Curriculum "Curriculum"), audited as grade changes. Get and delete are the
//! generic ones of [`crate::service::crud`].

use super::audit::Actor;
use super::crud::{current_checked, Crud, Written};
use super::grade::Grades;
use super::references;
use super::version::Expect;
use crate::domain::curriculum::{Curriculum, NewCurriculum};
use crate::domain::ids::CurriculumId;
use crate::error::{Error, Result};
use crate::store::{Conn, Store};

crate::crud_resource!(Curricula, path: "curriculum", table: "curriculum", id: CurriculumId, new: NewCurriculum, single: crate::domain::curriculum::Curriculum,
    get: get_curriculum, create: create_curriculum, update: update_curriculum, delete: delete_curriculum,
    users: curriculum_users,
    in_use: |c, users| crate::i18n::Message::new("error-in-use-curriculum").arg("code", &c.code).arg_message("users", users));

/// The curricula by code, each with its ordered grades: only archived
/// (`Some(true)`), only active (`Some(false)`) or all (`None`), read in one
/// snapshot (`GET /curriculum`, docs/contract.md §Resources). Errors: the
/// database's (500/503).
pub async fn list(store: &Store, archived: Option<bool>) -> Result<Vec<Curriculum>> {
    store.snapshot(async |conn| conn.list_curricula(archived).await).await
}

/// Saves the payroll types `new` gives its grades, in grade id order (the
/// order rows are locked in), with one audit entry per grade that changed.
async fn save_grade_payroll_types(tx: &mut Conn, actor: &Actor, new: &NewCurriculum) -> Result<()> {
    let mut edits: Vec<_> = new.grade_payroll_types.iter().collect();
    edits.sort_by_key(|e| e.grade);
    for edit in edits {
        if let Some((before, after)) = tx.set_grade_payroll_types(edit).await? {
            actor.record(tx, Grades::PATH, after.id.0, Some(&before), Some(&after)).await?;
        }
    }
    Ok(())
}

/// Creates curriculum `new` for `actor` with the grades' payroll types it
/// carries; 422 `unknown_reference` for an unknown id. Returns the curriculum
/// as written.
pub async fn create(
    store: &Store,
    actor: &Actor,
    new: &NewCurriculum,
) -> Result<Written<crate::domain::curriculum::Curriculum>> {
    let mut tx = store.begin().await?;
    references::check(&mut tx, new).await?;
    let id = tx.create_curriculum(new).await?;
    save_grade_payroll_types(&mut tx, actor, new).await?;
    let item = tx.get_curriculum(id).await?.ok_or_else(|| Error::not_found(CurriculumId::KIND, id.0))?;
    actor.record(&mut tx, Curricula::PATH, id.0, None::<&()>, Some(&item)).await?;
    tx.commit().await?;
    Written::new(id.0, item)
}

/// Saves `new` over curriculum `id` for `actor` with the grades' payroll
/// types it carries, in one transaction: 404, 412 and 422 as every save
/// ([`crate::service::crud::update`]). Returns the curriculum as written.
pub async fn update(
    store: &Store,
    actor: &Actor,
    id: i64,
    expect: &Expect,
    new: &NewCurriculum,
) -> Result<Written<crate::domain::curriculum::Curriculum>> {
    let mut tx = store.begin().await?;
    let before = current_checked::<Curricula>(&mut tx, id, expect).await?;
    references::check(&mut tx, new).await?;
    tx.update_curriculum(CurriculumId(id), new).await?;
    save_grade_payroll_types(&mut tx, actor, new).await?;
    let item = tx.get_curriculum(CurriculumId(id)).await?.ok_or_else(|| Error::not_found(CurriculumId::KIND, id))?;
    actor.record(&mut tx, Curricula::PATH, id, Some(&before), Some(&item)).await?;
    tx.commit().await?;
    Written::new(id, item)
}
