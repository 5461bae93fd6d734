//! The lesson table use cases (docs/documents.md §Lesson table): reading a
//! curriculum's table or one row of it, and replacing one row.

use super::audit::Actor;
use super::crud::Written;
use super::version::Expect;
use crate::domain::ids::{CurriculumId, DivisionId};
use crate::domain::lessontable::{LessonTableKey, LessonTableList, LessonTableRow, NewLessonRow};
use crate::error::Result;
use crate::store::Store;

/// The table of curriculum `curriculum` (list form), one item per subject
/// that is not archived: the cross-class subjects without `division`, the
/// others with it; read in one snapshot (`GET /lessontable`). Errors: 404 for
/// an unknown curriculum or division; the database's (500/503).
pub async fn table(store: &Store, curriculum: CurriculumId, division: Option<DivisionId>) -> Result<LessonTableList> {
    store.snapshot(async |conn| conn.list_lesson_table(curriculum, division).await).await
}

/// The lesson table row `key` (single form: a cell for every grade of the
/// curriculum, `noLessons` where nothing is stored), read in one snapshot
/// (`GET /lessontable/ID`; a row on the wrong side of the cross-class rule
/// is shown as stored). Errors: 404 for an unknown curriculum, subject or
/// division; the database's (500/503).
pub async fn row(store: &Store, key: LessonTableKey) -> Result<LessonTableRow> {
    store.snapshot(async |conn| conn.get_lesson_row(key).await).await
}

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
