//! How a screen answers a refused write (docs/web.md §Master-data forms):
//! which faults get a page of their own, the sentence above a page after a
//! refused archive or delete, 403 for a reader on a form, and the comparison
//! after someone else's change (412) with who changed the object last.
//!
//! The refusals themselves come from [`crate::service`]; these helpers only
//! word and show them.

use axum::http::StatusCode;
use axum::response::Response;

use super::form::{self, Conflict, Field, FieldErrors, FormData};
use super::kit::errors::error_page;
use crate::error::{Error, ErrorCode, Result};
use crate::i18n::{self, Lang};
use crate::service::audit::{AuditEntry, AuditFilter};
use crate::store::Conn;

/// Whether `e` is answered with an error page of its own (not found,
/// internal, forbidden) instead of the form or page again with the problem.
pub fn is_page_fault(e: &Error) -> bool {
    matches!(e.code(), ErrorCode::NotFound | ErrorCode::Internal | ErrorCode::Forbidden)
}

/// The sentence above a page after a refused write that has no form to show
/// it beside (an archive, a delete): someone else's change (412) as
/// `form-changed-meanwhile`, any other problem in its own words; `None` for a
/// page fault ([`is_page_fault`]).
pub fn refusal_text(lang: Lang, e: &Error) -> Option<String> {
    if is_page_fault(e) {
        None
    } else if e.code() == ErrorCode::PreconditionFailed {
        Some(i18n::text(lang, "form-changed-meanwhile"))
    } else {
        Some(e.message(lang))
    }
}

/// The 403 page for whoever may not plan (a reader asking for a form).
pub fn forbidden(lang: Lang) -> Response {
    error_page(lang, StatusCode::FORBIDDEN, "web-error-forbidden")
}

/// Who changed object `id` of the audit trail's type `object_type` last and
/// when (`25.11.2026 14:05 UTC`), read in `conn`'s snapshot; `None` when the
/// trail names nobody.
pub async fn last_change(conn: &mut Conn, object_type: &str, id: i64) -> Result<Option<(String, String)>> {
    let filter = AuditFilter { object_type: Some(object_type.into()), object_id: Some(id), ..Default::default() };
    Ok(who_when(conn.list_audit(&filter).await?.into_iter().next()))
}

/// Who made `entry` and when (`25.11.2026 14:05 UTC`), as a conflict shows
/// it; `None` without an entry.
pub fn who_when(entry: Option<AuditEntry>) -> Option<(String, String)> {
    entry.map(|a| (a.account_name, form::when(&a.at)))
}

/// The values of both `saved` and `typed` (so that the choices of each are read).
pub fn both(saved: &FormData, typed: &FormData) -> FormData {
    let mut both = saved.clone();
    both.0.extend(typed.0.iter().cloned());
    both
}

/// The comparison after someone else's change (412): the fields `fields`
/// builds of the `saved` values against those of the `typed` ones, `last`
/// who changed the object. `typed` takes the saved version, so that saving
/// the form again applies the typed values.
pub fn conflict(
    lang: Lang,
    saved: &FormData,
    typed: &mut FormData,
    last: Option<(String, String)>,
    fields: impl Fn(&FormData, &FieldErrors) -> Vec<Field>,
) -> Conflict {
    let none = FieldErrors::none(lang);
    let conflict = Conflict::between(lang, &fields(saved, &none), &fields(typed, &none), last);
    typed.set(form::VERSION_FIELD, saved.get(form::VERSION_FIELD));
    conflict
}
