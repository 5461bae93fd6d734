//! The check of the frozen balances of every locked school year (standing job
//! `CalculateBalances`, docs/workload.md §Balance): loads the facts and runs
//! the pure balance chain ([`crate::domain::workload::chain`]) and comparison
//! ([`crate::domain::workload::frozen_check`]).

use std::collections::HashMap;

use rust_decimal::Decimal;

use crate::domain::ids::{EmploymentId, TeacherId};
use crate::domain::workload::chain::{compute_all, stored_balances, years_to_compute};
use crate::domain::workload::facts::YearFacts;
use crate::domain::workload::frozen_check::{differs, FrozenCheck, FrozenDifference};
use crate::error::Result;
use crate::store::Conn;

/// Compares the frozen balances of every locked school year with a fresh
/// computation of the chain as the data stand now (standing job
/// `CalculateBalances`, docs/workload.md §Balance); `on_year` is called after each
/// year (progress). Each balance is compared as shown, at 4 decimals
/// ([`differs`]). Reads only; changes nothing.
pub async fn check_frozen(conn: &mut Conn, mut on_year: impl FnMut(usize, usize)) -> Result<Vec<FrozenCheck>> {
    let all = conn.workload_heads(i64::MAX, None).await?;
    let locked: Vec<&YearFacts> = all.years.iter().filter(|y| y.locked).collect();
    let mut out = Vec::with_capacity(locked.len());
    for (i, year) in locked.iter().enumerate() {
        let mut facts = conn.workload_heads(year.graduation_year, None).await?;
        let mut frozen_values: HashMap<EmploymentId, (Decimal, Decimal, TeacherId)> = HashMap::new();
        for e in facts.employments.iter_mut().filter(|e| e.school_year_id == year.id) {
            if let Some((o, c)) = stored_balances(e)? {
                frozen_values.insert(e.id, (o, c, e.teacher_id));
            }
            e.frozen_opening_balance = None;
            e.frozen_closing_balance = None;
        }
        let years = years_to_compute(&facts, &[year.id])?;
        conn.load_bookings(&mut facts, &years, None).await?;
        let results = compute_all(&facts)?;
        let mut differences: Vec<FrozenDifference> = frozen_values
            .iter()
            .filter_map(|(id, (o, c, teacher))| {
                let r = results.get(id)?;
                (differs(*o, r.opening) || differs(*c, r.closing)).then_some(FrozenDifference {
                    employment: *id,
                    teacher: *teacher,
                    opening: (*o, r.opening),
                    closing: (*c, r.closing),
                })
            })
            .collect();
        differences.sort_by_key(|d| d.employment);
        out.push(FrozenCheck { code: year.code.clone(), compared: frozen_values.len(), differences });
        on_year(i + 1, locked.len());
    }
    Ok(out)
}
