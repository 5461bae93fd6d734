//! The caller of a use case and the audit trail it leaves
//! (docs/contract.md §Roles and authentication): every change is recorded in the same
//! transaction as the change itself, with who made it, through which
//! operation, what it did ([`Action`]: created, changed, deleted, merged, …,
//! whichever front door did it), the object as planners name it
//! ([`label_of`]) and the fields that changed.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::auth::Principal;
use crate::error::{Error, Result};
use crate::store::account::AuditWhat;
use crate::store::{Conn, Store};

pub use crate::store::account::{AuditEntry, AuditFilter};

/// The audit entries `filter` selects, newest first (`GET /audit`,
/// docs/contract.md §Roles and authentication). Errors: the database's
/// (500/503).
pub async fn entries(store: &Store, filter: &AuditFilter) -> Result<Vec<AuditEntry>> {
    store.conn().await?.list_audit(filter).await
}

/// The newest audit entry `filter` selects, if any, read in one snapshot:
/// who changed an object last, shown beside a conflict
/// (docs/web.md §Working together). Errors: the database's (500/503).
pub async fn newest_entry(store: &Store, filter: &AuditFilter) -> Result<Option<AuditEntry>> {
    store.snapshot(async |conn| conn.list_audit(filter).await).await.map(|list| list.into_iter().next())
}

/// The newest audit entry of object `id` of type `object_type`, if any, read
/// on `conn` (inside the snapshot of a conflict's other reads).
pub(crate) async fn newest_entry_on(conn: &mut Conn, object_type: &str, id: i64) -> Result<Option<AuditEntry>> {
    let filter = AuditFilter { object_type: Some(object_type.into()), object_id: Some(id), ..Default::default() };
    Ok(conn.list_audit(&filter).await?.into_iter().next())
}

/// The id of the newest audit entry (0 when there is none), read on one
/// connection: where a page's live changes begin
/// (docs/web.md §Working together). Errors: the database's (500/503), also
/// when no connection is to be had.
pub async fn last_id(store: &Store) -> Result<i64> {
    store.conn().await?.last_audit_id().await
}

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
    /// ([`compact_changes`]). What it did follows from the forms
    /// ([`Action::of`]).
    pub async fn record(
        &self,
        tx: &mut Conn,
        object_type: &str,
        id: i64,
        before: Option<&impl Serialize>,
        after: Option<&impl Serialize>,
    ) -> Result<()> {
        self.record_as(tx, None, object_type, id, before, after).await
    }

    /// As [`Actor::record`], with what was done named by the use case when
    /// the forms cannot tell it (`Some(Action::Merged)`, `Some(Action::Split)`).
    pub async fn record_as(
        &self,
        tx: &mut Conn,
        action: Option<Action>,
        object_type: &str,
        id: i64,
        before: Option<&impl Serialize>,
        after: Option<&impl Serialize>,
    ) -> Result<()> {
        let before = before.map(serde_json::to_value).transpose().map_err(Error::internal)?;
        let after = after.map(serde_json::to_value).transpose().map_err(Error::internal)?;
        let year = after.as_ref().and_then(school_year_of).or_else(|| before.as_ref().and_then(school_year_of));
        let action = action.unwrap_or_else(|| Action::of(before.as_ref(), after.as_ref()));
        let label = after.as_ref().or(before.as_ref()).and_then(|form| label_of(object_type, form));
        let changes = compact_changes(before, after);
        let what = AuditWhat { action: action.as_str(), label: label.as_deref(), school_year: year };
        tx.insert_audit(self.principal.as_ref(), &self.method, &self.path, object_type, Some(id), &changes, what).await
    }

    /// Records `action` on `object_type` `id` inside `tx` with `changes` as
    /// given and the object named `label` (an object of no school year:
    /// accounts, tokens).
    pub async fn record_changes(
        &self,
        tx: &mut Conn,
        action: Action,
        object_type: &str,
        id: i64,
        label: Option<&str>,
        changes: &Value,
    ) -> Result<()> {
        let what = AuditWhat { action: action.as_str(), label, school_year: None };
        tx.insert_audit(self.principal.as_ref(), &self.method, &self.path, object_type, Some(id), changes, what).await
    }
}

/// What an audit entry did to its object, whichever front door did it (the
/// column `action`, migration 0017).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Created it.
    Created,
    /// Changed fields of it.
    Changed,
    /// Deleted it.
    Deleted,
    /// Merged it with others (the course kept, and those merged into it).
    Merged,
    /// Split it (the course split, and those split off it).
    Split,
    /// Cancelled it (a course: `cancelled` became true).
    Cancelled,
    /// Took it up again (a course: `cancelled` became false).
    Resumed,
    /// Archived it (`archived` became true).
    Archived,
    /// Took it out of the archive (`archived` became false).
    Restored,
    /// Revoked it (a token).
    Revoked,
    /// Imported it (a data set).
    Imported,
}

impl Action {
    /// Every action, in the order above.
    pub const ALL: [Action; 11] = [
        Action::Created,
        Action::Changed,
        Action::Deleted,
        Action::Merged,
        Action::Split,
        Action::Cancelled,
        Action::Resumed,
        Action::Archived,
        Action::Restored,
        Action::Revoked,
        Action::Imported,
    ];

    /// Its name in the audit trail (`created`, `changed`, …), also its
    /// messages' suffix in the catalogue (`live-created`, `history-created`).
    pub fn as_str(self) -> &'static str {
        match self {
            Action::Created => "created",
            Action::Changed => "changed",
            Action::Deleted => "deleted",
            Action::Merged => "merged",
            Action::Split => "split",
            Action::Cancelled => "cancelled",
            Action::Resumed => "resumed",
            Action::Archived => "archived",
            Action::Restored => "restored",
            Action::Revoked => "revoked",
            Action::Imported => "imported",
        }
    }

    /// The action named `name` ([`Action::as_str`]), `None` for another.
    pub fn parse(name: &str) -> Option<Action> {
        Action::ALL.into_iter().find(|a| a.as_str() == name)
    }

    /// What a change from single form `before` to `after` did: created
    /// (nothing before), deleted (nothing after), cancelled or resumed (the
    /// flag `cancelled` turned), archived or restored (`archived` turned),
    /// else changed.
    pub fn of(before: Option<&Value>, after: Option<&Value>) -> Action {
        let (Some(b), Some(a)) = (before, after) else {
            return if before.is_none() { Action::Created } else { Action::Deleted };
        };
        let turned = |flag: &str| match (b.get(flag), a.get(flag)) {
            (Some(Value::Bool(was)), Some(Value::Bool(is))) if was != is => Some(*is),
            _ => None,
        };
        match (turned("cancelled"), turned("archived")) {
            (Some(true), _) => Action::Cancelled,
            (Some(false), _) => Action::Resumed,
            (None, Some(true)) => Action::Archived,
            (None, Some(false)) => Action::Restored,
            (None, None) => Action::Changed,
        }
    }

    /// The action of an audit entry: its column, else (an entry written by
    /// an earlier version while this one ran) what its compact changes show.
    pub fn of_entry(action: Option<&str>, changes: &str) -> Action {
        if let Some(a) = action.and_then(Action::parse) {
            return a;
        }
        let parsed: Value = serde_json::from_str(changes).unwrap_or(Value::Null);
        Action::of(parsed.get("before"), parsed.get("after"))
    }
}

/// The object of single form `form` as planners name it (docs/web.md
/// §Working together): a course by its subject and classes (`Biologie
/// F29c`), an employment, pool entry, posting or theses by teacher and year
/// (`jla 26/27`), a note by its teacher, an account by its name, anything
/// else by its code (`jla`), else its description. `None` when the form
/// holds none of these.
pub fn label_of(object_type: &str, form: &Value) -> Option<String> {
    let text = |v: Option<&Value>| v.and_then(Value::as_str).filter(|s| !s.is_empty()).map(str::to_string);
    let code_in = |key: &str| text(form.get(key).and_then(|r| r.get("code")));
    match object_type {
        "course" => {
            let subject = form.get("subject")?;
            let name = text(subject.get("description")).or_else(|| text(subject.get("code")))?;
            let classes: Vec<String> = form
                .get("schoolClasses")
                .and_then(Value::as_array)
                .map(|cs| cs.iter().filter_map(|c| text(c.get("code"))).collect())
                .unwrap_or_default();
            Some(if classes.is_empty() { name } else { format!("{name} {}", classes.join("/")) })
        }
        "note" => code_in("teacher"),
        "account" => text(form.get("name")),
        _ => match (code_in("teacher"), code_in("schoolYear")) {
            (Some(teacher), Some(year)) => Some(format!("{teacher} {year}")),
            _ => text(form.get("code")).or_else(|| text(form.get("description"))).or_else(|| text(form.get("name"))),
        },
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
    use super::{compact_changes, label_of, Action};
    use serde_json::json;

    #[test]
    fn the_action_follows_from_the_forms() {
        let (a, b) = (json!({"cancelled": false, "archived": false}), json!({"cancelled": true, "archived": false}));
        assert_eq!(Action::of(None, Some(&a)), Action::Created);
        assert_eq!(Action::of(Some(&a), None), Action::Deleted);
        assert_eq!(Action::of(Some(&a), Some(&b)), Action::Cancelled);
        assert_eq!(Action::of(Some(&b), Some(&a)), Action::Resumed);
        assert_eq!(Action::of(Some(&a), Some(&json!({"cancelled": false, "archived": true}))), Action::Archived);
        assert_eq!(Action::of(Some(&a), Some(&json!({"cancelled": false, "lessons1": 2}))), Action::Changed);
        for action in Action::ALL {
            assert_eq!(Action::parse(action.as_str()), Some(action));
        }
        // An entry without the column: from its changes.
        assert_eq!(Action::of_entry(None, r#"{"after": {"id": 1}}"#), Action::Created);
        assert_eq!(Action::of_entry(Some("merged"), r#"{"after": {"id": 1}}"#), Action::Merged);
    }

    #[test]
    fn objects_are_named_as_planners_name_them() {
        let course = json!({"subject": {"code": "B", "description": "Biologie"}, "schoolClasses": [{"code": "F29c"}]});
        assert_eq!(label_of("course", &course).as_deref(), Some("Biologie F29c"));
        let two = json!({"subject": {"code": "B", "description": "Biologie"}, "schoolClasses": [{"code": "F29c"}, {"code": "F29d"}]});
        assert_eq!(label_of("course", &two).as_deref(), Some("Biologie F29c/F29d"));
        let employment = json!({"teacher": {"code": "jla"}, "schoolYear": {"code": "26/27"}});
        assert_eq!(label_of("employment", &employment).as_deref(), Some("jla 26/27"));
        assert_eq!(label_of("teacher", &json!({"code": "jla", "lastName": "La"})).as_deref(), Some("jla"));
        assert_eq!(label_of("note", &json!({"teacher": {"code": "jla"}, "text": "x"})).as_deref(), Some("jla"));
        assert_eq!(label_of("lessontable", &json!({"rows": []})), None);
    }

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
