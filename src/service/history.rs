//! The history of one object, read from the audit trail (docs/web.md
//! §History): who changed which field, when, from what to what; newest first
//! and in pages. Reading the audit trail is the administrators' right, as for
//! `GET /api/v1/audit` (docs/contract.md §Roles and authentication).

use serde_json::Value;

use super::audit::Action;
use super::meanwhile::{change_of, Change};
use crate::auth::Role;
use crate::error::{Error, ErrorCode, Result};
use crate::i18n::Message;
use crate::store::account::AuditFilter;
use crate::store::Store;

/// Entries per page of a history.
pub const PER_PAGE: usize = 25;

/// One entry of a history.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// What the entry did (created and deleted hold the whole object,
    /// the others the changed fields).
    pub action: Action,
    /// When, who and the fields with their values before and after.
    pub change: Change,
}

/// One page of an object's history.
#[derive(Debug, Clone, PartialEq)]
pub struct History {
    /// The entries of the page, newest first.
    pub entries: Vec<Entry>,
    /// The page shown, from 1 (a page past the last shows the last).
    pub page: usize,
    /// Number of pages (at least 1).
    pub pages: usize,
    /// Number of entries in all pages.
    pub total: usize,
    /// The object's code: the newest `code` an entry holds (for a course its
    /// subject's code), else the object's code as it is now, if it exists.
    pub code: Option<String>,
}

/// Whether `role` may read the audit trail: administrators only, as
/// `GET /api/v1/audit`.
pub fn may_read(role: Role) -> bool {
    role == Role::Admin
}

/// The history of object `object_type` `id` (its audit type, e.g. `teacher`,
/// `course`) for a caller with `role`: page `page` (from 1) of [`PER_PAGE`]
/// entries, newest first, read in one statement (and, when the trail
/// names no code, one read of the object for it). 403 `forbidden` unless
/// [`may_read`]; an object without entries has an empty history (the trail
/// keeps the entries of deleted objects).
pub async fn object_history(store: &Store, role: Role, object_type: &str, id: i64, page: usize) -> Result<History> {
    if !may_read(role) {
        return Err(Error::new(ErrorCode::Forbidden, Message::new("error-audit-admin-only")));
    }
    let filter = AuditFilter { object_type: Some(object_type.to_string()), object_id: Some(id), from: None, to: None };
    let rows = store.conn().await?.list_audit(&filter).await?;
    let total = rows.len();
    let pages = total.div_ceil(PER_PAGE).max(1);
    let page = page.clamp(1, pages);
    let mut code = None;
    let mut entries = Vec::new();
    for (i, row) in rows.into_iter().enumerate() {
        let parsed: Value = serde_json::from_str(&row.changes).unwrap_or(Value::Null);
        if code.is_none() {
            code = code_in(&parsed);
        }
        if i / PER_PAGE + 1 != page {
            continue;
        }
        let action = Action::of_entry(row.action.as_deref(), &row.changes);
        entries.push(Entry { action, change: change_of(row.at, row.account_name, &row.changes) });
    }
    if code.is_none() {
        code = current_code(store, object_type, id).await;
    }
    Ok(History { entries, page, pages, total, code })
}

/// The object's code as it is now, when the trail names none (an object
/// imported without audit entries): one read of a master-data record, a
/// course (its subject's code) or an account (its name); `None` for other
/// types and for objects that no longer exist.
async fn current_code(store: &Store, object_type: &str, id: i64) -> Option<String> {
    use super::crud::get;
    use super::resources::{Genders, SchoolClasses, SubjectCategories, SubjectTypes, Subjects, Teachers};
    match object_type {
        "teacher" => get::<Teachers>(store, id).await.ok().map(|t| t.code),
        "subject" => get::<Subjects>(store, id).await.ok().map(|s| s.code),
        "schoolclass" => get::<SchoolClasses>(store, id).await.ok().map(|c| c.code),
        "subjectcategory" => get::<SubjectCategories>(store, id).await.ok().map(|l| l.code),
        "subjecttype" => get::<SubjectTypes>(store, id).await.ok().map(|l| l.code),
        "gender" => get::<Genders>(store, id).await.ok().map(|l| l.code),
        "course" => get::<super::course::Courses>(store, id).await.ok().map(|c| c.subject.code),
        "account" => store.conn().await.ok()?.get_account(id).await.ok().flatten().map(|a| a.name),
        _ => None,
    }
}

/// The code an entry's values name: `code` after, else before; for a course
/// its subject's code.
fn code_in(changes: &Value) -> Option<String> {
    ["after", "before"].iter().find_map(|side| {
        let values = changes.get(side)?;
        let code = values.get("code").or_else(|| values.get("subject").and_then(|s| s.get("code")))?;
        code.as_str().map(str::to_string)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_code_comes_from_the_values_or_the_course_subject() {
        assert_eq!(code_in(&json!({"after": {"code": "amu"}})), Some("amu".into()));
        assert_eq!(code_in(&json!({"before": {"code": "old"}, "after": {"name": "x"}})), Some("old".into()));
        assert_eq!(code_in(&json!({"after": {"subject": {"id": 1, "code": "M"}}})), Some("M".into()));
        assert_eq!(code_in(&json!({"after": {"lessons1": 2}})), None);
    }

    #[test]
    fn only_admins_read_the_trail() {
        assert!(may_read(Role::Admin));
        assert!(!may_read(Role::Planner) && !may_read(Role::Reader));
    }
}
