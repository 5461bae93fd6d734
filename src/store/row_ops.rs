//! Small helpers shared by the resource stores.

use std::collections::{BTreeMap, HashSet};

use crate::domain::references::{RefKind, Reference};
use crate::error::Result;
use crate::store::constraint::{OnUnique, Unique};
use crate::store::Conn;
use crate::with_conn;

/// `$start, $start+1, …` — `n` numbered placeholders for an `IN (…)` list.
pub fn placeholders(start: usize, n: usize) -> String {
    (start..start + n).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ")
}

/// Ids per statement of an `IN (…)` lookup by [`id_lists`].
pub const IN_LIST_MAX: usize = 512;

/// `ids` (distinct; none gives no list) split into `IN (…)` lists of at most
/// [`IN_LIST_MAX`]: each the placeholder text from `$1` and the ids to bind.
/// A list is padded to the next power of two (at least 8) by repeating its
/// last id, which matches nothing new: the statements then come in a few
/// lengths, and the prepared-statement cache of a connection (sqlx keeps
/// them per SQL text) holds them all instead of one per count of ids.
pub fn id_lists(ids: &[i64]) -> Vec<(String, Vec<i64>)> {
    ids.chunks(IN_LIST_MAX)
        .map(|chunk| {
            let n = chunk.len().next_power_of_two().max(8);
            let mut padded = chunk.to_vec();
            padded.resize(n, chunk[chunk.len() - 1]);
            (placeholders(1, n), padded)
        })
        .collect()
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

    /// The `(kind, id)` pairs of `refs` that have no row (one query per kind
    /// named), for [`crate::domain::references::check_references`].
    pub async fn missing_references(&mut self, refs: &[Reference]) -> Result<HashSet<(RefKind, i64)>> {
        let mut by_kind: BTreeMap<RefKind, Vec<i64>> = BTreeMap::new();
        for r in refs {
            let ids = by_kind.entry(r.kind).or_default();
            if !ids.contains(&r.id) {
                ids.push(r.id);
            }
        }
        let mut missing = HashSet::new();
        for (kind, ids) in by_kind {
            missing.extend(self.missing_ids(ref_table(kind), &ids).await?.into_iter().map(|id| (kind, id)));
        }
        Ok(missing)
    }

    /// Labels of the objects that use row `id`: each query takes `$1 = id`
    /// and returns one text label per using row (e.g. `course M (26/27)`), in
    /// the order of `queries`; empty when nothing uses it.
    pub async fn users_of(&mut self, id: i64, queries: &[&str]) -> Result<Vec<String>> {
        let mut labels: Vec<String> = Vec::new();
        for sql in queries {
            let rows: Vec<String> =
                with_conn!(self, |c| sqlx::query_scalar::<_, String>(sql).bind(id).fetch_all(c).await?);
            labels.extend(rows);
        }
        Ok(labels)
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

/// The table that holds objects of `kind`.
fn ref_table(kind: RefKind) -> &'static str {
    match kind {
        RefKind::Teacher => "teacher",
        RefKind::SchoolYear => "school_year",
        RefKind::Division => "division",
        RefKind::Curriculum => "curriculum",
        RefKind::Grade => "grade",
        RefKind::SubjectCategory => "subject_category",
        RefKind::SubjectType => "subject_type",
        RefKind::Gender => "gender",
        RefKind::PayrollType => "payroll_type",
        RefKind::PoolType => "pool_type",
        RefKind::PostingType => "posting_type",
        RefKind::ThesisType => "thesis_type",
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
    /// Deletes row `id` of `table`; 404 (as `noun`) when there is none.
    /// `table` must be a constant of the code, never input.
    pub async fn delete_by_id(&mut self, table: &'static str, noun: &str, id: i64) -> Result<()> {
        let sql = format!("DELETE FROM {table} WHERE id = $1");
        if self.execute_with_id(&sql, id).await? == 0 {
            return Err(crate::error::Error::not_found(noun, id));
        }
        Ok(())
    }

    /// Runs a statement whose only parameter is `$1 = id`; returns the rows affected.
    pub async fn execute_with_id(&mut self, sql: &str, id: i64) -> Result<u64> {
        Ok(with_conn!(self, |c| sqlx::query(sql).bind(id).execute(c).await?.rows_affected()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn id_lists_pad_to_few_lengths() {
        let lists = id_lists(&[3, 5, 9]);
        assert_eq!(lists.len(), 1);
        assert_eq!(lists[0].0, "$1, $2, $3, $4, $5, $6, $7, $8");
        assert_eq!(lists[0].1, vec![3, 5, 9, 9, 9, 9, 9, 9]);
        let many: Vec<i64> = (1..=600).collect();
        let lists = id_lists(&many);
        assert_eq!(lists.iter().map(|(_, ids)| ids.len()).collect::<Vec<_>>(), vec![512, 128]);
        assert_eq!(lists[1].1[..88], many[512..]);
        assert!(lists[1].1[88..].iter().all(|id| *id == 600));
    }

    #[test]
    fn placeholders_are_numbered_from_start() {
        assert_eq!(placeholders(2, 3), "$2, $3, $4");
    }
}
