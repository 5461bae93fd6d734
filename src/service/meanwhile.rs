//! What others changed on an object since a given time, read from the audit
//! trail: what a form that was loaded earlier shows when its save comes too
//! late (412, docs/contract.md §Concurrency; docs/web.md §Editing the grid).

use serde_json::Value;

use crate::error::Result;
use crate::store::account::AuditFilter;
use crate::store::Store;

/// One recorded change of the object.
#[derive(Debug, Clone, PartialEq)]
pub struct Change {
    /// When (UTC timestamp text, e.g. `2026-11-25T14:03:12.123456Z`).
    pub at: String,
    /// The account that made it (`(command line)` for the system).
    pub who: String,
    /// The fields it changed, in the order of the object's form.
    pub fields: Vec<FieldChange>,
}

/// One field of a [`Change`], with its value before and after (JSON, as the
/// object's single form has it; `null` when absent).
#[derive(Debug, Clone, PartialEq)]
pub struct FieldChange {
    /// The field's key in the single form (e.g. `lessons1`).
    pub field: String,
    /// Its value before the change.
    pub before: Value,
    /// Its value after the change.
    pub after: Value,
}

/// The changes of object `object_type` `id` (its audit type, e.g. `course`)
/// recorded at or after `since` (UTC timestamp text as [`crate::auth::now_text`]
/// gives it), oldest first; read in one snapshot.
pub async fn changes_since(store: &Store, object_type: &str, id: i64, since: &str) -> Result<Vec<Change>> {
    let filter = AuditFilter {
        object_type: Some(object_type.to_string()),
        object_id: Some(id),
        from: Some(since.to_string()),
        to: None,
    };
    let entries = store.snapshot(async |conn| conn.list_audit(&filter).await).await?;
    Ok(entries.into_iter().rev().map(|e| change_of(e.at, e.account_name, &e.changes)).collect())
}

/// A [`Change`] from an audit entry's compact changes (`{"before": {…}, "after": {…}}`):
/// the fields of `after` first, then those only in `before`.
pub(super) fn change_of(at: String, who: String, changes: &str) -> Change {
    let parsed: Value = serde_json::from_str(changes).unwrap_or(Value::Null);
    let side = |name: &str| parsed.get(name).and_then(Value::as_object).cloned().unwrap_or_default();
    let (before, after) = (side("before"), side("after"));
    let mut keys: Vec<&String> = after.keys().collect();
    keys.extend(before.keys().filter(|k| !after.contains_key(*k)));
    let fields = keys
        .into_iter()
        .map(|k| FieldChange {
            field: k.clone(),
            before: before.get(k).cloned().unwrap_or(Value::Null),
            after: after.get(k).cloned().unwrap_or(Value::Null),
        })
        .collect();
    Change { at, who, fields }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compact_changes_become_field_changes() {
        let c = change_of("t".into(), "anna".into(), r#"{"before": {"lessons1": 2}, "after": {"lessons1": 3}}"#);
        assert_eq!(c.fields, vec![FieldChange { field: "lessons1".into(), before: 2.into(), after: 3.into() }]);
        let created = change_of("t".into(), "anna".into(), r#"{"after": {"id": 1}}"#);
        assert_eq!(created.fields[0].before, Value::Null);
    }
}
