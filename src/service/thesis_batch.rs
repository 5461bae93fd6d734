//! Thesis counts of many teachers at once, as pasted into the web's
//! Abschlussarbeiten screen (docs/web.md §Abschlussarbeiten): every line in
//! one transaction, all or nothing, each with the checks of [`set_theses`]
//! and its own audit entry.

use super::audit::Actor;
use super::crud::Written;
use super::pool::set_theses;
use super::version::Expect;
use crate::domain::fixed::Fixed;
use crate::domain::ids::ThesisTypeId;
use crate::domain::pool::{not_employed, Theses, ThesisCounts};
use crate::domain::thesis_paste::merged;
use crate::error::{Error, Result};
use crate::store::Store;

/// One teacher's pasted counts.
#[derive(Debug, Clone)]
pub struct ThesisLine {
    /// Teacher id.
    pub teacher: i64,
    /// The version of the teacher's theses the preview showed (412 when
    /// they changed since); [`Expect::ANY`] for none.
    pub expect: Expect,
    /// Count per pasted column (thesis type id, count); the types not
    /// pasted keep their counts ([`merged`]).
    pub counts: Vec<(ThesisTypeId, Fixed)>,
}

/// Saves `lines` for school year `year` in one transaction for `actor`:
/// per line the current theses are read, `expect` checked (412
/// `precondition_failed`), the pasted columns merged over them and written
/// with [`set_theses`] (409 for a locked year, 422 for an unknown thesis
/// type), and an audit entry `thesis` recorded. A line that changes nothing
/// is not written. 422 `teacher_not_employed` when a teacher has no
/// employment in the year. Any error: nothing is written. Returns the theses
/// written, in the order of `lines`.
pub async fn save_pasted_theses(
    store: &Store,
    actor: &Actor,
    year: i64,
    lines: &[ThesisLine],
) -> Result<Vec<Written<Theses>>> {
    let mut tx = store.begin().await?;
    let mut written = Vec::new();
    for line in lines {
        let Some(before) = tx.get_theses(year, line.teacher).await? else {
            let (t, y) = tx
                .owner_codes(crate::domain::ids::TeacherId(line.teacher), crate::domain::ids::SchoolYearId(year))
                .await?
                .ok_or_else(|| Error::not_found("teacher", line.teacher))?;
            return Err(not_employed(&t, &y));
        };
        line.expect.check_form("theses", line.teacher, &before)?;
        let counts = ThesisCounts(merged(&before.thesis_counts, &line.counts));
        if counts.0 == before.thesis_counts.iter().map(|(t, c)| (*t, *c)).collect::<Vec<_>>() {
            continue;
        }
        set_theses(&mut tx, &before, &counts).await?;
        let item = tx.get_theses(year, line.teacher).await?.ok_or_else(|| Error::not_found("theses", line.teacher))?;
        actor.record(&mut tx, "thesis", line.teacher, Some(&before), Some(&item)).await?;
        written.push(Written::new(line.teacher, item)?);
    }
    tx.commit().await?;
    Ok(written)
}
