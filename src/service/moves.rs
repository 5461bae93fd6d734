//! The stored reports of the moves from and to the Pensenmanager, for the
//! page under Verwaltung (docs/migration.md §The report under Verwaltung).
//! Administrators only: the caller checks [`super::account::may_manage`], as
//! for the accounts.

use crate::error::{Error, Result};
use crate::store::Store;

pub use crate::store::move_report::MoveReportRow;

/// Every stored report, newest first, without its JSON (`report` is empty).
pub async fn reports(store: &Store) -> Result<Vec<MoveReportRow>> {
    store.conn().await?.list_move_reports().await
}

/// Report `id` with its JSON.
///
/// # Errors
/// 404 `not_found` when there is no such report.
pub async fn report(store: &Store, id: i64) -> Result<MoveReportRow> {
    store.conn().await?.get_move_report(id).await?.ok_or_else(|| Error::not_found("move report", id))
}
