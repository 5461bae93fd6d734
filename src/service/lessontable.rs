//! The lesson table use case (docs/documents.md §Lesson table): replacing one
//! row.

use super::audit::Actor;
use super::crud::Written;
use super::version::Expect;
use crate::domain::lessontable::{LessonTableKey, LessonTableRow, NewLessonRow};
use crate::error::Result;
use crate::store::Store;

/// Replaces the lesson table row `key` with `new` for `actor`, in one
/// transaction with its audit entry (object type `lessontable`, id the
/// curriculum's): 412 when `expect` does not hold for the current row. Returns
/// the row as written (its id: the curriculum's).
pub async fn replace_row(
    store: &Store,
    actor: &Actor,
    key: LessonTableKey,
    expect: &Expect,
    new: &NewLessonRow,
) -> Result<Written<LessonTableRow>> {
    let mut tx = store.begin().await?;
    let before = tx.get_lesson_row(key).await?;
    expect.check_form("lesson table row", key.curriculum.0, &before)?;
    tx.replace_lesson_row(key, new).await?;
    let after = tx.get_lesson_row(key).await?;
    actor.record(&mut tx, "lessontable", key.curriculum.0, Some(&before), Some(&after)).await?;
    tx.commit().await?;
    Written::new(key.curriculum.0, after)
}
