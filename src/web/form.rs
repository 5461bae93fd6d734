//! What the master-data forms share (docs/web.md §Master-data forms): the
//! submitted fields ([`FormData`]), the fields as a form shows them
//! ([`Field`], rendered by `templates/web/form/fields.html`), the field errors
//! of a refused save in the page's language ([`FieldErrors`]), the hidden
//! version a form was loaded at ([`VERSION_FIELD`], [`FormData::expect`]), the
//! other person's change after a 412 ([`Conflict`]), what still uses an object
//! after a 409 ([`in_use`]) and the audit label of a form's write ([`actor`]).
//!
//! The CSRF token travels in the hidden field `_csrf` of every form
//! ([`super::guard::CSRF_FIELD`]); the guard checks it before a handler runs.

use serde_json::Value;

use super::layout::YearChoice;
use crate::auth::Principal;
use crate::domain::lookup::LookupKind;
use crate::domain::reference_forms::LookupRef;
use crate::error::{Error, ErrorCode, Result};
use crate::i18n::{self, Arg, Lang, Message};
use crate::service::audit::Actor;
use crate::service::session::SessionUser;
use crate::service::version::{Expect, Version};
use crate::store::Conn;

/// The hidden field with the version of the object the form was loaded at.
pub const VERSION_FIELD: &str = "_version";

/// A submitted url-encoded form: its fields in order, repeated names kept
/// (a group of checkboxes sends one pair per checked box).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FormData(pub Vec<(String, String)>);

/// A submitted text with its line breaks as the API takes them: browsers
/// send a textarea's line breaks as CR LF (HTML's form submission), the
/// readers keep LF in multi-line texts and refuse CR (docs/api.md
/// §Conventions), so CR LF and a lone CR become LF. A one-line field with a
/// line break is still refused by its reader.
pub fn line_breaks(text: &str) -> String {
    if text.contains('\r') {
        text.replace("\r\n", "\n").replace('\r', "\n")
    } else {
        text.to_string()
    }
}

impl FormData {
    /// The posted `fields`, each value's line breaks as the API takes them ([`line_breaks`]).
    pub fn from_fields(fields: Vec<(String, String)>) -> FormData {
        FormData(fields.into_iter().map(|(k, v)| (k, line_breaks(&v))).collect())
    }

    /// The first value of `name`, `""` when absent.
    pub fn get(&self, name: &str) -> &str {
        self.0.iter().find(|(k, _)| k == name).map_or("", |(_, v)| v.as_str())
    }

    /// Every value of `name`, in order.
    pub fn all(&self, name: &str) -> Vec<&str> {
        self.0.iter().filter(|(k, _)| k == name).map(|(_, v)| v.as_str()).collect()
    }

    /// Sets `name` to `value` (replacing every earlier value).
    pub fn set(&mut self, name: &str, value: impl Into<String>) {
        self.0.retain(|(k, _)| k != name);
        self.0.push((name.to_string(), value.into()));
    }

    /// Adds one more value of `name` (a checked box of a group).
    pub fn push(&mut self, name: &str, value: impl Into<String>) {
        self.0.push((name.to_string(), value.into()));
    }

    /// A text field for the domain's reader: trimmed; blank → `null` (an
    /// optional field left empty), so a required one reports `required`.
    pub fn text(&self, name: &str) -> Value {
        let v = self.get(name).trim();
        if v.is_empty() {
            Value::Null
        } else {
            Value::String(v.to_string())
        }
    }

    /// A number field for the domain's reader: as typed, with a decimal
    /// comma or point ([`crate::domain::fixed::typed_decimal`]); blank → `null`.
    pub fn number(&self, name: &str) -> Value {
        match self.text(name) {
            Value::String(s) => Value::String(crate::domain::fixed::typed_decimal(&s)),
            other => other,
        }
    }

    /// A checkbox: checked when sent with any value but `false`.
    pub fn checked(&self, name: &str) -> bool {
        self.0.iter().any(|(k, v)| k == name && v != "false")
    }

    /// A group of checkboxes (ids): the values as texts, blanks left out.
    pub fn list(&self, name: &str) -> Value {
        Value::Array(self.all(name).into_iter().filter(|v| !v.trim().is_empty()).map(|v| v.trim().into()).collect())
    }

    /// The expectation of the hidden version field: exactly that version
    /// (412 when the object has changed since). Every form that changes an
    /// object sends the version it was loaded at; without the field the
    /// form is incomplete: 422 `required`, nothing written.
    pub fn expect(&self) -> crate::error::Result<Expect> {
        match self.get(VERSION_FIELD).trim() {
            "" => Err(crate::error::Error::new(
                crate::error::ErrorCode::Required,
                crate::i18n::Message::new("web-form-no-version"),
            )),
            v => Ok(Expect::version(Version::from_text(v))),
        }
    }
}

/// A field as a form shows it: label, value, error and, for choices, the options.
#[derive(Debug, Clone)]
pub struct Field {
    /// The form field's name (the JSON key of the API's body, e.g. `firstName`).
    pub name: String,
    /// The input's element id (`f-firstName`); its error is `f-firstName-error`.
    pub id: String,
    /// The label.
    pub label: String,
    /// `text`, `email`, `date`, `number`, `select`, `checks` (a group of
    /// checkboxes) or `checkbox` (one, checked when the value is `true`).
    pub kind: &'static str,
    /// The value shown (for `text` … `number`; `true`/`false` for a `checkbox`).
    pub value: String,
    /// The value as a person reads it (a checkbox: ja/nein).
    pub text: String,
    /// Whether the field must be filled.
    pub required: bool,
    /// The choices of `select` and `checks`.
    pub options: Vec<Choice>,
    /// What is wrong with the value, in the page's language.
    pub error: Option<String>,
}

/// One choice of a `select` or `checks` field.
#[derive(Debug, Clone)]
pub struct Choice {
    /// The value sent (an id).
    pub value: String,
    /// The text shown.
    pub label: String,
    /// Whether chosen.
    pub selected: bool,
}

impl Field {
    /// A field of `kind` named `name`, labelled `label`, showing the value(s)
    /// of `name` in `values` and its error from `errors`.
    pub fn new(
        kind: &'static str,
        name: &str,
        label: String,
        values: &FormData,
        errors: &FieldErrors,
        required: bool,
    ) -> Field {
        let value = match kind {
            "checkbox" => values.checked(name).to_string(),
            _ => values.get(name).to_string(),
        };
        let text = match kind {
            "checkbox" => i18n::text(errors.lang, if values.checked(name) { "form-yes" } else { "form-no" }),
            _ => value.clone(),
        };
        Field {
            name: name.to_string(),
            id: format!("f-{name}"),
            kind,
            value,
            text,
            required,
            options: Vec::new(),
            error: errors.get(name, &label),
            label,
        }
    }

    /// With choices `(value, label)`; those among `values`' values of the field are chosen.
    /// `blank` adds an empty first choice (for an optional `select`).
    pub fn with_options(mut self, options: Vec<(String, String)>, values: &FormData, blank: Option<String>) -> Field {
        let chosen = values.all(&self.name);
        self.options = blank
            .map(|label| Choice { value: String::new(), label, selected: chosen.iter().all(|c| c.is_empty()) })
            .into_iter()
            .chain(options.into_iter().map(|(value, label)| Choice {
                selected: chosen.contains(&value.as_str()),
                value,
                label,
            }))
            .collect();
        self
    }

    /// The id of the error text (for `aria-describedby`).
    pub fn error_id(&self) -> String {
        format!("{}-error", self.id)
    }
}

/// The problems of a refused save, in the page's language: beside their
/// fields (by field name) or, for a problem of no field of the form, above it.
#[derive(Debug, Clone, Default)]
pub struct FieldErrors {
    lang: Lang,
    by_field: Vec<(String, Vec<Message>)>,
    /// Problems that belong to no field shown.
    pub general: Vec<String>,
}

impl FieldErrors {
    /// No problem, for a form in `lang`.
    pub fn none(lang: Lang) -> FieldErrors {
        FieldErrors { lang, ..FieldErrors::default() }
    }

    /// The errors of `err` in `lang`: each field error under the first
    /// segment of its JSON pointer (`/departments/1` → `departments`) when that
    /// is one of `fields`, else general; a duplicate code beside `code`; any
    /// other problem general.
    pub fn from_error(err: &Error, lang: Lang, fields: &[&str]) -> FieldErrors {
        let mut out = FieldErrors::none(lang);
        let errors = match err {
            Error::Problem { errors, .. } => errors.as_slice(),
            Error::Internal(_) => &[],
        };
        if errors.is_empty() {
            let text = err.message(lang);
            if err.code() == ErrorCode::DuplicateCode && fields.contains(&"code") {
                out.by_field.push(("code".into(), vec![Message::Literal(text)]));
            } else {
                out.general.push(text);
            }
            return out;
        }
        for e in errors {
            let name = e.pointer.trim_start_matches('/').split('/').next().unwrap_or("").to_string();
            // A literal has no text in other languages but its code's general sentence.
            let text = if e.text.is_literal() { Message::Literal(e.message(lang)) } else { e.text.clone() };
            if !fields.contains(&name.as_str()) {
                out.general.push(e.message(lang));
            } else if let Some((_, list)) = out.by_field.iter_mut().find(|(n, _)| *n == name) {
                list.push(text);
            } else {
                out.by_field.push((name, vec![text]));
            }
        }
        out
    }

    /// The error beside field `name`, if any, naming the field by `label`
    /// (the catalogue's field messages name it by its `key`, the API's name).
    pub fn get(&self, name: &str, label: &str) -> Option<String> {
        let (_, list) = self.by_field.iter().find(|(n, _)| n == name)?;
        let texts: Vec<String> = list
            .iter()
            .map(|m| match m {
                Message::Key { key, args } => {
                    let args = args
                        .iter()
                        .map(|(n, a)| match (*n, a) {
                            ("key", Arg::Text(_)) => (*n, Arg::Text(label.to_string())),
                            _ => (*n, a.clone()),
                        })
                        .collect();
                    Message::Key { key: key.clone(), args }.render(self.lang)
                }
                literal => literal.render(self.lang),
            })
            // The catalogue quotes the field's key as code; beside the field its label reads plainly.
            .map(|t| t.replace(&format!("`{label}`"), label))
            .collect();
        Some(texts.join(" "))
    }

    /// Whether there is no problem at all.
    pub fn is_empty(&self) -> bool {
        self.by_field.is_empty() && self.general.is_empty()
    }
}

/// Someone else's change found on save (412): who made the last change and
/// when, and each field whose saved value differs from the one typed, with
/// both values. The form is shown again with the values typed and the
/// current version, so saving again applies them.
#[derive(Debug, Clone, Default)]
pub struct Conflict {
    /// `Geändert von NAME am DATUM` (empty when the audit trail names nobody).
    pub by: String,
    /// The fields that differ.
    pub rows: Vec<ConflictRow>,
}

/// A field of a [`Conflict`].
#[derive(Debug, Clone)]
pub struct ConflictRow {
    /// The field's label.
    pub label: String,
    /// The value saved now (someone else's).
    pub theirs: String,
    /// The value typed.
    pub yours: String,
}

impl Conflict {
    /// Compares the fields `saved` (built from the current object) with
    /// `typed` (built from the form): a row for every field whose shown value
    /// differs. `by`: the newest audit entry's account name and time, if any.
    pub fn between(lang: Lang, saved: &[Field], typed: &[Field], by: Option<(String, String)>) -> Conflict {
        let rows = saved
            .iter()
            .zip(typed)
            .filter_map(|(s, t)| {
                let (theirs, yours) = (s.shown(), t.shown());
                (theirs != yours).then(|| ConflictRow { label: s.label.clone(), theirs, yours })
            })
            .collect();
        let by = by.map_or_else(String::new, |(name, at)| {
            i18n::text_with(lang, "form-changed-by", &[("name", name.into()), ("at", at.into())])
        });
        Conflict { by, rows }
    }
}

impl Field {
    /// The value as a person reads it: the text, or the labels of the choices made.
    pub fn shown(&self) -> String {
        if self.options.is_empty() {
            return self.text.clone();
        }
        let labels: Vec<&str> =
            self.options.iter().filter(|o| o.selected && !o.value.is_empty()).map(|o| o.label.as_str()).collect();
        if labels.is_empty() {
            "–".into()
        } else {
            labels.join(", ")
        }
    }
}

/// The audit trail's caller for a form's write: the signed-in person doing
/// `POST` on `path` (the web sessions' principal has the account id negated
/// as token id, as single sign-on does).
pub fn actor(user: &SessionUser, path: &str) -> Actor {
    let principal =
        Principal { account_id: user.account_id, name: user.name.clone(), role: user.role, token_id: -user.account_id };
    Actor::new(Some(principal), "POST", path)
}

/// The kinds of users the store names (the first words of its labels) that
/// the catalogue translates (`form-user-{kind}`, spaces as `-`).
const USER_KINDS: &[&str] = &["course", "employment", "note", "curriculum", "subject", "teacher", "school class"];

/// The sentence of a refused delete (409): what still uses the object, in
/// `lang`. `users` are the store's labels (`course M (26/27)`), their first
/// word (the kind of the user) translated where the catalogue knows it.
pub fn in_use(lang: Lang, object: &str, users: &[String]) -> String {
    in_use_with(lang, "form-in-use", object, users)
}

/// [`in_use`] with the sentence of catalogue key `key` (`$object`, `$users`).
pub fn in_use_with(lang: Lang, key: &str, object: &str, users: &[String]) -> String {
    let users: Vec<String> = users
        .iter()
        .map(|u| {
            let known = USER_KINDS.iter().find_map(|kind| u.strip_prefix(kind)?.strip_prefix(' ').map(|r| (kind, r)));
            match known {
                Some((kind, rest)) => {
                    format!("{} {rest}", i18n::text(lang, &format!("form-user-{}", kind.replace(' ', "-"))))
                }
                None => u.clone(),
            }
        })
        .collect();
    i18n::text_with(lang, key, &[("object", object.into()), ("users", users.join(", ").into())])
}

/// The choices of lookup `kind` for field `name`, as (id, `code – description`);
/// archived ones only when among `chosen`'s values of the field.
pub async fn lookup_options(
    conn: &mut Conn,
    kind: LookupKind,
    name: &str,
    chosen: &FormData,
) -> Result<Vec<(String, String)>> {
    let picked = chosen.all(name);
    Ok(conn
        .list_lookups(kind, None)
        .await?
        .into_iter()
        .filter(|l| !l.archived || picked.contains(&l.id.to_string().as_str()))
        .map(|l| (l.id.to_string(), format!("{} – {}", l.code, l.description)))
        .collect())
}

/// A lookup's reference as `code – description`, a dash for none.
pub fn lookup_text(l: Option<&LookupRef>) -> String {
    l.map_or_else(|| "–".into(), |l| format!("{} – {}", l.code, l.description))
}

/// A text or a dash for none.
pub fn or_dash(v: Option<&str>) -> String {
    v.filter(|s| !s.is_empty()).map_or_else(|| "–".into(), str::to_string)
}

/// The school years for the menu's Planung entry (newest first), read in
/// the page's snapshot.
pub async fn menu_years(conn: &mut Conn) -> Result<Vec<YearChoice>> {
    let mut years = conn.list_school_years(None).await?;
    years.sort_by_key(|y| std::cmp::Reverse(y.graduation_year));
    Ok(years.into_iter().map(|y| YearChoice { id: y.id.0, code: y.code, selected: false }).collect())
}

/// An audit time (UTC, RFC 3339) as `25.11.2026 14:05 UTC`; other text as it is.
pub fn when(at: &str) -> String {
    match chrono::DateTime::parse_from_rfc3339(at) {
        Ok(t) => format!("{} {} UTC", i18n::date(t.date_naive()), t.format("%H:%M")),
        Err(_) => at.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_browsers_line_breaks_become_line_feeds() {
        assert_eq!(line_breaks("a\r\nb\rc\nd"), "a\nb\nc\nd");
        assert_eq!(line_breaks("one line"), "one line");
        let f = FormData::from_fields(vec![("comments".into(), "x\r\ny".into())]);
        assert_eq!(f.get("comments"), "x\ny");
    }
    use crate::error::FieldError;

    #[test]
    fn form_data_reads_texts_lists_and_the_version() {
        let f = FormData(vec![
            ("code".into(), " abc ".into()),
            ("email".into(), "  ".into()),
            ("departments".into(), "3".into()),
            ("departments".into(), "5".into()),
            ("archived".into(), "true".into()),
        ]);
        assert_eq!(f.text("code"), Value::String("abc".into()));
        assert_eq!(f.text("email"), Value::Null);
        assert_eq!(f.list("departments"), serde_json::json!(["3", "5"]));
        assert!(f.checked("archived") && !f.checked("other"));
        let incomplete = f.expect().unwrap_err();
        assert_eq!((incomplete.code(), incomplete.status().as_u16()), (crate::error::ErrorCode::Required, 422));
        let mut f = f;
        f.set(VERSION_FIELD, "abc");
        assert_eq!(f.expect().unwrap(), Expect::version(Version::from_text("abc")));
    }

    #[test]
    fn field_errors_go_beside_their_fields() {
        let err = Error::fields(vec![
            FieldError::new("/email", ErrorCode::InvalidEmail, "bad"),
            FieldError::new("/departments/1", ErrorCode::UnknownReference, "gone"),
            FieldError::new("/other", ErrorCode::Required, "missing"),
        ]);
        let e = FieldErrors::from_error(&err, Lang::En, &["email", "departments"]);
        assert_eq!(e.get("email", "E-mail").as_deref(), Some("bad"));
        assert!(e.get("departments", "x").is_some() && e.get("other", "x").is_none());
        assert_eq!(e.general.len(), 1);
        let dup = Error::new(ErrorCode::DuplicateCode, "taken");
        assert!(FieldErrors::from_error(&dup, Lang::En, &["code"]).get("code", "Code").is_some());
        let keyed =
            Error::field("/email", ErrorCode::InvalidEmail, Message::new("error-field-email").arg("key", "email"));
        let e = FieldErrors::from_error(&keyed, Lang::De, &["email"]);
        let text = e.get("email", "E-Mail").unwrap();
        assert!(text.starts_with("E-Mail ") && !text.contains('`'), "the field is named by its label: {text}");
    }
}
