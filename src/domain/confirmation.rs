//! Release and confirmation of teachers' sheets (Freigabe und Kenntnisnahme,
//! docs/teachers.md §Release and confirmation): the rules as pure functions —
//! whether a teacher's sheet of a year is released, which state it is in,
//! the version (digest) of a sheet and the figures a confirmation keeps.

use serde::Serialize;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use crate::domain::ids::{DivisionId, SchoolYearId, TeacherId};
use crate::domain::reference_forms::{SchoolYearRef, TeacherRef};
use crate::domain::workload::forms::Workload;

/// A release of a school year's sheets to the teachers: of one division,
/// or of every division (`division` null).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Release {
    /// Row id.
    pub id: i64,
    /// The school year.
    pub school_year: SchoolYearId,
    /// The division, or null for every division.
    pub division: Option<DivisionId>,
    /// When (UTC).
    pub released_at: String,
    /// The account that released it.
    pub released_by: String,
}

/// What is stored of a teacher's word on their sheet of a year (one row per
/// teacher and year): the latest confirmation and the latest question with
/// its answer. Timestamps are UTC text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredConfirmation {
    /// The teacher.
    pub teacher: TeacherId,
    /// The school year.
    pub school_year: SchoolYearId,
    /// The account that confirmed.
    pub confirmed_by: Option<i64>,
    /// When it was confirmed.
    pub confirmed_at: Option<String>,
    /// The version confirmed ([`digest`]).
    pub digest: Option<String>,
    /// The figures confirmed ([`figures`], JSON).
    pub figures: Option<String>,
    /// The teacher's remark with the confirmation.
    pub remark: Option<String>,
    /// The teacher's latest question or objection.
    pub question: Option<String>,
    /// When it was asked.
    pub asked_at: Option<String>,
    /// The planners' answer to it.
    pub answer: Option<String>,
    /// When it was answered.
    pub answered_at: Option<String>,
    /// The account that answered.
    pub answered_by: Option<String>,
    /// When the teacher was told by mail that this confirmation is outdated
    /// (once per confirmation; docs/teachers.md §Mails).
    pub outdated_mailed_at: Option<String>,
}

impl StoredConfirmation {
    /// Nothing stored yet of `teacher`'s sheet of `year`.
    pub fn empty(teacher: TeacherId, school_year: SchoolYearId) -> StoredConfirmation {
        StoredConfirmation {
            teacher,
            school_year,
            confirmed_by: None,
            confirmed_at: None,
            digest: None,
            figures: None,
            remark: None,
            question: None,
            asked_at: None,
            answer: None,
            answered_at: None,
            answered_by: None,
            outdated_mailed_at: None,
        }
    }
}

/// The state of a teacher's sheet of a year (docs/teachers.md §Release and confirmation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum SheetState {
    /// Not released to the teacher yet.
    NotReleased,
    /// Released; not confirmed (or a question was answered since).
    Released,
    /// Confirmed, and the sheet is still the version confirmed.
    Confirmed,
    /// Confirmed, but the sheet has changed since ("überholt").
    Outdated,
    /// The teacher asked a question that is not answered yet.
    Question,
}

impl SheetState {
    /// Every state, in the order of the overview's filter.
    pub const ALL: [SheetState; 5] = [
        SheetState::NotReleased,
        SheetState::Released,
        SheetState::Confirmed,
        SheetState::Outdated,
        SheetState::Question,
    ];

    /// The wire name (`notReleased`, …), also the filter's value.
    pub fn as_str(self) -> &'static str {
        match self {
            SheetState::NotReleased => "notReleased",
            SheetState::Released => "released",
            SheetState::Confirmed => "confirmed",
            SheetState::Outdated => "outdated",
            SheetState::Question => "question",
        }
    }

    /// The state named `name` ([`SheetState::as_str`]).
    pub fn parse(name: &str) -> Option<SheetState> {
        SheetState::ALL.into_iter().find(|s| s.as_str() == name)
    }

    /// Its short name for a column or a count (`sheet-short-…`: "überholt").
    pub fn short_message_id(self) -> &'static str {
        match self {
            SheetState::NotReleased => "sheet-short-not-released",
            SheetState::Released => "sheet-short-released",
            SheetState::Confirmed => "sheet-short-confirmed",
            SheetState::Outdated => "sheet-short-outdated",
            SheetState::Question => "sheet-short-question",
        }
    }

    /// Its catalogue message id (`sheet-state-notReleased`, …).
    pub fn message_id(self) -> &'static str {
        match self {
            SheetState::NotReleased => "sheet-state-not-released",
            SheetState::Released => "sheet-state-released",
            SheetState::Confirmed => "sheet-state-confirmed",
            SheetState::Outdated => "sheet-state-outdated",
            SheetState::Question => "sheet-state-question",
        }
    }
}

/// Whether a sheet of an employment in `division` is released by one of
/// `releases` (those of its school year): a release of every division, or of its own.
pub fn is_released(releases: &[Release], division: DivisionId) -> bool {
    releases.iter().any(|r| r.division.is_none_or(|d| d == division))
}

/// The state of a sheet: not released; else an unanswered question; else
/// confirmed when the confirmed version is the current one (`current`, a
/// [`digest`]), outdated when it is another; else released.
pub fn state(released: bool, stored: Option<&StoredConfirmation>, current: &str) -> SheetState {
    if !released {
        return SheetState::NotReleased;
    }
    let Some(s) = stored else { return SheetState::Released };
    if s.question.is_some() && s.answer.is_none() {
        return SheetState::Question;
    }
    match s.digest.as_deref() {
        Some(d) if d == current => SheetState::Confirmed,
        Some(_) => SheetState::Outdated,
        None => SheetState::Released,
    }
}

/// The version of a sheet: SHA-256 (hex) of its whole workload form as the
/// API writes it, before the warnings are put into a language. Any change of
/// a figure, a course, a class, a note on the sheet changes it.
pub fn digest(sheet: &Workload) -> String {
    // Written straight into the hash: no copy of the text is kept.
    let mut hasher = Sha256::new();
    let _ = serde_json::to_writer(&mut hasher, sheet);
    hasher.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// The state of `sheet` ([`state`]), computing its version only where the
/// state depends on it: a released sheet with a confirmation stored (the
/// Jahresüberblick computes a year's states without hashing every sheet).
pub fn state_of(sheet: &Workload, released: bool, stored: Option<&StoredConfirmation>) -> SheetState {
    let needs_version = released && stored.is_some_and(|s| s.digest.is_some());
    let current = if needs_version { digest(sheet) } else { String::new() };
    state(released, stored, &current)
}

/// When a confirmation was made (`at`, UTC text) as the PDF stamp and the
/// mails show it: `28.11.2026, 10:14 UTC`; the text itself if unreadable.
pub fn confirmed_when(at: &str) -> String {
    chrono::DateTime::parse_from_rfc3339(at)
        .map(|t| t.format("%d.%m.%Y, %H:%M UTC").to_string())
        .unwrap_or_else(|_| at.to_string())
}

/// The short form of a version shown to people (the first 10 hex digits).
pub fn short_version(digest: &str) -> &str {
    &digest[..digest.len().min(10)]
}

/// The figures a confirmation keeps
/// (docs/teachers.md §Release and confirmation): per semester the percent and age relief of the total, the
/// annual total with age relief, the payment (percent), and the closing IPB
/// balance (percent; null where the year shows no balances).
pub fn figures(sheet: &Workload) -> Value {
    let t = &sheet.summary.total;
    let closing = sheet
        .balance
        .as_ref()
        .and_then(|lines| lines.iter().find(|l| l.description == "Schlusssaldo"))
        .map(|l| l.percent);
    json!({
        "percent1": t.percent1,
        "ageRelief1": t.age_relief1,
        "percent2": t.percent2,
        "ageRelief2": t.age_relief2,
        "annual": t.percent_with_age_relief,
        "payment": sheet.payment,
        "closingBalance": closing,
    })
}

/// The names of the figures (keys of [`figures`]) that differ between
/// `confirmed` and `now`, in the order of [`figures`]; empty when none does
/// (the sheet changed elsewhere: a course, a class, a text).
pub fn changed_figures(confirmed: &Value, now: &Value) -> Vec<&'static str> {
    const KEYS: [&str; 7] = ["percent1", "ageRelief1", "percent2", "ageRelief2", "annual", "payment", "closingBalance"];
    KEYS.into_iter().filter(|k| confirmed.get(k) != now.get(k)).collect()
}

/// A confirmation as the API answers it (`GET /api/v1/me/confirmation`,
/// `GET /api/v1/confirmation`; docs/teachers.md §The API).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Confirmation {
    /// The teacher.
    pub teacher: TeacherRef,
    /// The school year.
    pub school_year: SchoolYearRef,
    /// The state.
    pub state: SheetState,
    /// When the teacher confirmed (UTC), or null.
    pub confirmed_at: Option<String>,
    /// The version confirmed, or null.
    pub digest: Option<String>,
    /// The version of the sheet now.
    pub current_digest: String,
    /// The figures confirmed (see docs/teachers.md), or null.
    #[schema(value_type = Option<Object>)]
    pub figures: Option<Value>,
    /// The names of the figures that changed since the confirmation (state `outdated`).
    pub changed: Vec<&'static str>,
    /// The remark the teacher confirmed with, or null.
    pub remark: Option<String>,
    /// The teacher's latest question or objection, or null.
    pub question: Option<String>,
    /// When it was asked, or null.
    pub asked_at: Option<String>,
    /// The planners' answer, or null.
    pub answer: Option<String>,
    /// When it was answered, or null.
    pub answered_at: Option<String>,
}

impl Confirmation {
    /// The confirmation of `sheet` (the current workload form) given whether
    /// it is released and what is stored of it.
    pub fn of(sheet: &Workload, released: bool, stored: Option<&StoredConfirmation>) -> Confirmation {
        let current = digest(sheet);
        let state = state(released, stored, &current);
        let confirmed: Option<Value> =
            stored.and_then(|s| s.figures.as_deref()).and_then(|f| serde_json::from_str(f).ok());
        let changed = match (&confirmed, state) {
            (Some(c), SheetState::Outdated) => changed_figures(c, &figures(sheet)),
            _ => Vec::new(),
        };
        let s = stored.cloned().unwrap_or_else(|| StoredConfirmation::empty(sheet.teacher.id, sheet.school_year.id));
        Confirmation {
            teacher: sheet.teacher.clone(),
            school_year: sheet.school_year.clone(),
            state,
            confirmed_at: s.confirmed_at,
            digest: s.digest,
            current_digest: current,
            figures: confirmed,
            changed,
            remark: s.remark,
            question: s.question,
            asked_at: s.asked_at,
            answer: s.answer,
            answered_at: s.answered_at,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn release(division: Option<i64>) -> Release {
        Release {
            id: 1,
            school_year: SchoolYearId(1),
            division: division.map(DivisionId),
            released_at: "t".into(),
            released_by: "a".into(),
        }
    }

    #[test]
    fn a_release_reaches_its_division_or_every_one() {
        assert!(!is_released(&[], DivisionId(3)));
        assert!(is_released(&[release(None)], DivisionId(3)));
        assert!(is_released(&[release(Some(3))], DivisionId(3)));
        assert!(!is_released(&[release(Some(4))], DivisionId(3)));
    }

    #[test]
    fn the_state_follows_release_question_and_version() {
        let confirmed = StoredConfirmation {
            digest: Some("v1".into()),
            confirmed_at: Some("t".into()),
            ..StoredConfirmation::empty(TeacherId(1), SchoolYearId(1))
        };
        assert_eq!(state(false, Some(&confirmed), "v1"), SheetState::NotReleased);
        assert_eq!(state(true, None, "v1"), SheetState::Released);
        assert_eq!(state(true, Some(&confirmed), "v1"), SheetState::Confirmed);
        assert_eq!(state(true, Some(&confirmed), "v2"), SheetState::Outdated);
        let asked = StoredConfirmation { question: Some("Warum?".into()), ..confirmed.clone() };
        assert_eq!(state(true, Some(&asked), "v1"), SheetState::Question);
        let answered = StoredConfirmation { answer: Some("Darum.".into()), ..asked };
        assert_eq!(state(true, Some(&answered), "v1"), SheetState::Confirmed);
        let only_answered = StoredConfirmation { digest: None, ..answered };
        assert_eq!(state(true, Some(&only_answered), "v1"), SheetState::Released);
    }

    #[test]
    fn the_state_without_a_version_needs_no_hash() {
        let answered = StoredConfirmation {
            question: Some("?".into()),
            answer: Some("!".into()),
            ..StoredConfirmation::empty(TeacherId(1), SchoolYearId(1))
        };
        // Without a confirmed version the state follows from the rest alone.
        assert_eq!(state(true, Some(&answered), ""), SheetState::Released);
        assert_eq!(state(false, None, ""), SheetState::NotReleased);
    }

    #[test]
    fn changed_figures_names_what_differs() {
        let a = json!({"percent1": 50, "payment": 48.5, "closingBalance": null});
        let b = json!({"percent1": 50, "payment": 49, "closingBalance": null});
        assert_eq!(changed_figures(&a, &b), vec!["payment"]);
        assert!(changed_figures(&a, &a).is_empty());
    }

    #[test]
    fn states_read_back_from_their_names() {
        for s in SheetState::ALL {
            assert_eq!(SheetState::parse(s.as_str()), Some(s));
            assert_eq!(serde_json::to_value(s).unwrap(), json!(s.as_str()));
        }
    }
}
