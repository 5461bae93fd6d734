//! Small helpers shared by the resource stores.

use crate::error::{ErrorCode, FieldError, Result};
use crate::store::constraint::{OnUnique, Unique};
use crate::store::Conn;
use crate::with_conn;

/// `$start, $start+1, …` — `n` numbered placeholders for an `IN (…)` list.
pub fn placeholders(start: usize, n: usize) -> String {
    (start..start + n).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ")
}

/// Rows per multi-row `INSERT` of [`Conn::insert_rows`]: a few thousand
/// parameters at most, far under the limits of both backends (SQLite 32,766;
/// PostgreSQL 65,535).
pub const INSERT_BATCH: usize = 200;

impl Conn {
    /// Runs `head` (an `INSERT … VALUES ` prefix) with one parenthesised tuple
    /// of placeholders per row of `rows`, [`INSERT_BATCH`] rows per statement
    /// (none for no rows); a violation of one of `constraints` becomes its problem.
    pub(crate) async fn insert_rows<const N: usize>(
        &mut self,
        head: &str,
        rows: &[[i64; N]],
        constraints: &[&Unique],
    ) -> Result<()> {
        for chunk in rows.chunks(INSERT_BATCH) {
            let values: Vec<String> = (0..chunk.len()).map(|i| format!("({})", placeholders(i * N + 1, N))).collect();
            let sql = format!("{head}{}", values.join(", "));
            with_conn!(self, |c| {
                let mut q = sqlx::query(&sql);
                for row in chunk {
                    for v in row {
                        q = q.bind(*v);
                    }
                }
                q.execute(c).await.on_unique(constraints)?.rows_affected()
            });
        }
        Ok(())
    }

    /// The subset of `ids` that has no row in `table` (one query).
    pub async fn missing_ids(&mut self, table: &str, ids: &[i64]) -> Result<Vec<i64>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let sql = format!("SELECT id FROM {table} WHERE id IN ({})", placeholders(1, ids.len()));
        let found: Vec<i64> = with_conn!(self, |c| {
            let mut q = sqlx::query_scalar::<_, i64>(&sql);
            for id in ids {
                q = q.bind(*id);
            }
            q.fetch_all(c).await?
        });
        Ok(ids.iter().copied().filter(|id| !found.contains(id)).collect())
    }

    /// Records an `unknown_reference` field error for each id in `refs`
    /// (`(pointer, id)` pairs) that has no row in `table`.
    pub async fn check_references(
        &mut self,
        table: &str,
        noun: &str,
        refs: &[(String, i64)],
        errors: &mut Vec<FieldError>,
    ) -> Result<()> {
        let ids: Vec<i64> = refs.iter().map(|(_, id)| *id).collect();
        let missing = self.missing_ids(table, &ids).await?;
        for (pointer, id) in refs {
            if missing.contains(id) {
                errors.push(FieldError::new(
                    pointer.clone(),
                    ErrorCode::UnknownReference,
                    format!("There is no {noun} with id {id}."),
                ));
            }
        }
        Ok(())
    }

    /// Labels of the objects that reference row `id`: each query takes `$1 = id`
    /// and returns one text label per referencing row. Returns a sentence such as
    /// "subject D, subject E and 3 more" or `None` when nothing references it.
    pub async fn referenced_by(&mut self, id: i64, queries: &[&str]) -> Result<Option<String>> {
        let mut labels: Vec<String> = Vec::new();
        for sql in queries {
            let rows: Vec<String> =
                with_conn!(self, |c| sqlx::query_scalar::<_, String>(sql).bind(id).fetch_all(c).await?);
            labels.extend(rows);
        }
        Ok(summarise(&labels))
    }

    /// Locks row `id` of `table` for the rest of the write transaction, so that
    /// a check of the object's current state (the `If-Match` precondition)
    /// cannot be overtaken by a concurrent change before this transaction
    /// commits. PostgreSQL: `SELECT … FOR NO KEY UPDATE` (the lock an `UPDATE`
    /// takes; it does not block inserts that merely reference the row).
    /// SQLite: nothing to do, the write transaction (`BEGIN IMMEDIATE`) already
    /// excludes every other writer. A missing row is not an error here.
    ///
    /// `table` must be a constant of the code, never input.
    pub async fn lock_row(&mut self, table: &'static str, id: i64) -> Result<()> {
        if self.backend() == crate::store::Backend::Postgres {
            let sql = format!("SELECT id FROM {table} WHERE id = $1 FOR NO KEY UPDATE");
            with_conn!(self, |c| sqlx::query_scalar::<_, i64>(&sql).bind(id).fetch_optional(c).await?);
        }
        Ok(())
    }
}

/// "a, b, c, d, e and 7 more" (at most five labels named).
pub fn summarise(labels: &[String]) -> Option<String> {
    match labels.len() {
        0 => None,
        1 => Some(labels[0].clone()),
        n if n <= 5 => Some(format!("{} and {}", labels[..n - 1].join(", "), labels[n - 1])),
        n => Some(format!("{} and {} more", labels[..5].join(", "), n - 5)),
    }
}

impl Conn {
    /// 404 unless a row with `id` exists in `table` (`noun` names it in the message).
    pub async fn require(&mut self, table: &str, noun: &str, id: i64) -> Result<()> {
        if self.missing_ids(table, &[id]).await?.is_empty() {
            Ok(())
        } else {
            Err(crate::error::Error::not_found(noun, id))
        }
    }
}

impl Conn {
    /// Runs a statement whose only parameter is `$1 = id`; returns the rows affected.
    pub async fn execute_with_id(&mut self, sql: &str, id: i64) -> Result<u64> {
        Ok(with_conn!(self, |c| sqlx::query(sql).bind(id).execute(c).await?.rows_affected()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summarise_names_at_most_five() {
        let l = |n: usize| (0..n).map(|i| format!("x{i}")).collect::<Vec<_>>();
        assert_eq!(summarise(&l(0)), None);
        assert_eq!(summarise(&l(2)).unwrap(), "x0 and x1");
        assert_eq!(summarise(&l(7)).unwrap(), "x0, x1, x2, x3, x4 and 2 more");
        assert_eq!(placeholders(2, 3), "$2, $3, $4");
    }
}
