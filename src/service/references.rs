//! The reference check of every write (docs/contract.md §Validation): the store says which
//! of the ids a body names are missing, the pure rule
//! ([`crate::domain::references::check_references`]) turns them into 422
//! `unknown_reference` field errors.

use crate::domain::references::{check_references, References};
use crate::error::Result;
use crate::store::Conn;

/// 422 `unknown_reference` for every id `new` names that has no object (one
/// query per kind of object named; none when it names none).
pub async fn check(conn: &mut Conn, new: &impl References) -> Result<()> {
    let refs = new.references();
    if refs.is_empty() {
        return Ok(());
    }
    let missing = conn.missing_references(&refs).await?;
    check_references(&refs, &missing)
}
