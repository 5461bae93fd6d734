//! Storage of the reports of the moves from and to the Pensenmanager
//! (migration 0018, table `move_report`;
//! docs/migration.md §The report under Verwaltung). The report itself is opaque JSON here: its shape belongs to
//! [`crate::pensenmanager::report`], which is above this layer.

use crate::error::Result;
use crate::store::Conn;
use crate::with_conn;

/// One stored report: its head and, in [`MoveReportRow::report`], the JSON.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct MoveReportRow {
    /// Row id.
    pub id: i64,
    /// When the move ran (UTC, sortable text as [`crate::auth::now_text`]).
    pub created_at: String,
    /// `import` or `export`.
    pub direction: String,
    /// `written`, `refused` or `dryRun`.
    pub outcome: String,
    /// The other database, without its password (`host:port/database`).
    pub source: String,
    /// The report as `--report FILE` writes it (JSON).
    pub report: String,
}

/// A new report to store (the columns of [`MoveReportRow`] but the id).
#[derive(Debug, Clone, Copy)]
pub struct NewMoveReport<'a> {
    /// `import` or `export`.
    pub direction: &'a str,
    /// `written`, `refused` or `dryRun`.
    pub outcome: &'a str,
    /// The other database, without its password.
    pub source: &'a str,
    /// The report (JSON).
    pub report: &'a str,
}

impl Conn {
    /// Stores a report, stamped now; returns its id. Inside the import's own
    /// transaction when the move is written, so that the school and its
    /// report arrive together.
    pub async fn insert_move_report(&mut self, r: NewMoveReport<'_>) -> Result<i64> {
        let now = crate::auth::now_text();
        Ok(with_conn!(self, |c| sqlx::query_scalar::<_, i64>(
            "INSERT INTO move_report (created_at, direction, outcome, source, report) \
             VALUES ($1, $2, $3, $4, $5) RETURNING id"
        )
        .bind(&now)
        .bind(r.direction)
        .bind(r.outcome)
        .bind(r.source)
        .bind(r.report)
        .fetch_one(c)
        .await?))
    }

    /// Every stored report, newest first, with an empty `report` (the list
    /// needs only the heads).
    pub async fn list_move_reports(&mut self) -> Result<Vec<MoveReportRow>> {
        Ok(with_conn!(self, |c| sqlx::query_as::<_, MoveReportRow>(
            "SELECT id, created_at, direction, outcome, source, '' AS report FROM move_report ORDER BY id DESC"
        )
        .fetch_all(c)
        .await?))
    }

    /// The report `id` with its JSON, if it exists.
    pub async fn get_move_report(&mut self, id: i64) -> Result<Option<MoveReportRow>> {
        Ok(with_conn!(self, |c| sqlx::query_as::<_, MoveReportRow>(
            "SELECT id, created_at, direction, outcome, source, report FROM move_report WHERE id = $1"
        )
        .bind(id)
        .fetch_optional(c)
        .await?))
    }
}
