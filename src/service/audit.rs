//! The caller of a use case and the audit trail it leaves
//! (docs/contract.md §Roles and authentication): every change is recorded in the same
//! transaction as the change itself, with who made it, through which
//! operation, and the fields that changed.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::auth::Principal;
use crate::error::{Error, Result};
use crate::store::Conn;

/// Who is changing something, and through which operation: what the audit
/// trail records beside the change.
///
/// The operation is the front door's label of the request: the JSON API gives
/// the HTTP method and the request path (`PUT`, `/api/v1/course/7`); an HTML
/// form gives its method and the path it posts to; a job its own label.
#[derive(Debug, Clone)]
pub struct Actor {
    /// The authenticated caller (`None`: the system itself, e.g. a command line import).
    pub principal: Option<Principal>,
    /// Kind of operation, e.g. the HTTP method (`POST`, `PUT`, `DELETE`).
    pub method: String,
    /// What the operation addressed, e.g. the request path.
    pub path: String,
}

impl Actor {
    /// The caller `principal` doing `method` on `path`.
    pub fn new(principal: Option<Principal>, method: impl Into<String>, path: impl Into<String>) -> Actor {
        Actor { principal, method: method.into(), path: path.into() }
    }

    /// Records a change of `object_type` `id` inside `tx`: `before`/`after` are
    /// the single forms (absent for create/delete); only changed fields are kept
    /// ([`compact_changes`]).
    pub async fn record(
        &self,
        tx: &mut Conn,
        object_type: &str,
        id: i64,
        before: Option<&impl Serialize>,
        after: Option<&impl Serialize>,
    ) -> Result<()> {
        let before = before.map(serde_json::to_value).transpose().map_err(Error::internal)?;
        let after = after.map(serde_json::to_value).transpose().map_err(Error::internal)?;
        let year = after.as_ref().and_then(school_year_of).or_else(|| before.as_ref().and_then(school_year_of));
        let changes = compact_changes(before, after);
        tx.insert_audit(self.principal.as_ref(), &self.method, &self.path, object_type, Some(id), &changes, year).await
    }

    /// Records a change of `object_type` `id` inside `tx` with `changes` as
    /// given (an object of no school year: accounts, tokens).
    pub async fn record_changes(&self, tx: &mut Conn, object_type: &str, id: i64, changes: &Value) -> Result<()> {
        tx.insert_audit(self.principal.as_ref(), &self.method, &self.path, object_type, Some(id), changes, None).await
    }
}

/// The school year a single form belongs to: its `schoolYear` (an id, or a
/// reference with an `id`); `None` for master data.
pub fn school_year_of(form: &Value) -> Option<i64> {
    match form.get("schoolYear")? {
        Value::Number(n) => n.as_i64(),
        Value::Object(r) => r.get("id").and_then(Value::as_i64),
        _ => None,
    }
}

/// `{"before": {changed fields}, "after": {changed fields}}`; create has only
/// `after`, delete only `before`. Long texts (binary data) are abbreviated.
pub fn compact_changes(before: Option<Value>, after: Option<Value>) -> Value {
    let mut out = Map::new();
    match (before, after) {
        (Some(Value::Object(b)), Some(Value::Object(a))) => {
            let (mut bm, mut am) = (Map::new(), Map::new());
            for (k, av) in &a {
                let bv = b.get(k).cloned().unwrap_or(Value::Null);
                if &bv != av {
                    bm.insert(k.clone(), abbreviate(bv));
                    am.insert(k.clone(), abbreviate(av.clone()));
                }
            }
            out.insert("before".into(), Value::Object(bm));
            out.insert("after".into(), Value::Object(am));
        }
        (b, a) => {
            if let Some(b) = b {
                out.insert("before".into(), abbreviate(b));
            }
            if let Some(a) = a {
                out.insert("after".into(), abbreviate(a));
            }
        }
    }
    Value::Object(out)
}

fn abbreviate(v: Value) -> Value {
    match v {
        Value::String(s) if s.len() > 256 => Value::String(format!("({} characters)", s.len())),
        Value::Object(m) => Value::Object(m.into_iter().map(|(k, v)| (k, abbreviate(v))).collect()),
        Value::Array(a) => Value::Array(a.into_iter().map(abbreviate).collect()),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::compact_changes;
    use serde_json::json;

    #[test]
    fn keeps_only_changed_fields() {
        let c =
            compact_changes(Some(json!({"id": 1, "code": "a", "x": 1})), Some(json!({"id": 1, "code": "b", "x": 1})));
        assert_eq!(c, json!({"before": {"code": "a"}, "after": {"code": "b"}}));
        assert_eq!(compact_changes(None, Some(json!({"id": 2}))), json!({"after": {"id": 2}}));
        assert_eq!(compact_changes(Some(json!({"id": 2})), None), json!({"before": {"id": 2}}));
        let long = "x".repeat(300);
        assert_eq!(compact_changes(None, Some(json!({"d": long}))), json!({"after": {"d": "(300 characters)"}}));
    }
}
