//! The lesson table use cases (docs/documents.md §Lesson table): reading a
//! curriculum's table or one row of it, and replacing one row.

use super::audit::Actor;
use super::crud::Written;
use super::version::Expect;
use crate::domain::curriculum::Curriculum;
use crate::domain::division::DivisionListItem;
use crate::domain::ids::{CurriculumId, DivisionId};
use crate::domain::lessontable::{LessonTableKey, LessonTableList, LessonTableRow, NewLessonRow};
use crate::domain::schoolyear::SchoolYear;
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

/// What the web's lesson table page reads, in one snapshot ([`page`]).
#[derive(Debug)]
pub struct Page {
    /// Every curriculum, archived ones too.
    pub curricula: Vec<Curriculum>,
    /// Every division.
    pub divisions: Vec<DivisionListItem>,
    /// The curriculum shown: the one asked for, else the first active one,
    /// else the first; `None` without curricula.
    pub curriculum: Option<Curriculum>,
    /// The division shown (`None`: the cross-class subjects).
    pub division: Option<DivisionId>,
    /// The table of the curriculum and division shown.
    pub table: Option<LessonTableList>,
    /// Every school year, newest first (the menu).
    pub years: Vec<SchoolYear>,
}

/// The curricula and divisions to choose from, the table of the chosen ones
/// and the school years for the menu, read in one snapshot: the web's lesson
/// table page (docs/web.md §Lesson table). `curriculum` is the one asked
/// for; `division` the division asked for (`Some(None)`: the cross-class
/// subjects; `None`: the first division). Errors: the database's (500/503).
pub async fn page(store: &Store, curriculum: Option<i64>, division: Option<Option<DivisionId>>) -> Result<Page> {
    store
        .snapshot(async |conn| {
            let curricula = conn.list_curricula(None).await?;
            let divisions = conn.list_divisions().await?;
            let chosen = curriculum
                .and_then(|id| curricula.iter().find(|c| c.id.0 == id))
                .or_else(|| curricula.iter().find(|c| !c.archived))
                .or_else(|| curricula.first())
                .cloned();
            let division = division.unwrap_or_else(|| divisions.first().map(|d| d.id));
            let table = match &chosen {
                Some(c) => Some(conn.list_lesson_table(c.id, division).await?),
                None => None,
            };
            let years = super::schoolyear::newest_first_on(conn).await?;
            Ok(Page { curricula, divisions, curriculum: chosen, division, table, years })
        })
        .await
}
