//! Abschlussarbeiten → Als Tabelle einfügen (docs/web.md §Abschlussarbeiten):
//! thesis counts pasted from a spreadsheet, shown as a preview of what would
//! change per teacher (old → new) with every bad line flagged, and saved at
//! once with «Übernehmen».
//!
//! | route | handler |
//! |---|---|
//! | `GET /years/{year}/theses/paste` | [`page`]: the text area |
//! | `POST /years/{year}/theses/paste` | [`preview`]: reads the text, writes nothing |
//! | `POST /years/{year}/theses/paste/save` | [`save`]: reads the text again and saves every line |
//!
//! The text is read by [`crate::domain::thesis_paste::parse`]; the preview
//! form carries the text and, per teacher, the version of the theses it
//! showed (`v{teacher}`), so a change made meanwhile is not overwritten
//! unseen (412: the preview again, with the current counts). Saving is
//! [`crate::service::thesis_batch::save_pasted_theses`]: one transaction,
//! all lines or none.

use askama::Template;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use axum::Form;

use super::theses::{count_text, read_types, type_label};
use super::YearContext;
use crate::domain::ids::TeacherId;
use crate::domain::payroll::ThesisType;
use crate::domain::person_name::PersonName as _;
use crate::domain::thesis_paste::{self, LineProblem, PasteType, Pasted};
use crate::error::ErrorCode;
use crate::i18n::{self, Lang};
use crate::service::session::SessionUser;
use crate::service::thesis_batch::{save_pasted_theses, ThesisLine};
use crate::service::version::{Expect, Version};
use crate::web::form::{self, FormData};
use crate::web::guard::SignedIn;
use crate::web::kit::errors::page_error;
use crate::web::kit::render::render;
use crate::web::kit::state::WebState;
use crate::web::layout::{Page, Screen};
use crate::web::record::Notice;
use crate::web::refusal::forbidden;

/// The paste page, with the preview after a paste.
#[derive(Template)]
#[template(path = "web/bookings/paste.html")]
pub struct PastePage {
    /// The frame.
    pub page: Page,
    /// The preview form's action.
    pub action: String,
    /// The save form's action.
    pub save_action: String,
    /// The list's path (cancel).
    pub back: String,
    /// The text pasted.
    pub text: String,
    /// What to paste, naming the columns in their default order.
    pub intro: String,
    /// A message above (why nothing was saved).
    pub notice: Option<Notice>,
    /// The preview, after a paste.
    pub preview: Option<Preview>,
}

/// What a paste would change.
#[derive(Debug, Clone)]
pub struct Preview {
    /// Headers of the pasted columns (thesis types).
    pub headers: Vec<String>,
    /// A row per pasted line.
    pub rows: Vec<PreviewRow>,
    /// Whether every line can be saved (shows «Übernehmen»).
    pub clean: bool,
    /// `n Zeilen, m mit Fehlern, k Lehrpersonen ändern sich`.
    pub summary: String,
    /// Hidden fields of the save form: (`v{teacher}`, version).
    pub versions: Vec<(String, String)>,
}

/// A pasted line in the preview.
#[derive(Debug, Clone)]
pub struct PreviewRow {
    /// Line number.
    pub line: usize,
    /// Code as pasted.
    pub code: String,
    /// The teacher's name, empty when unknown.
    pub name: String,
    /// Per pasted column: (old, new, changed).
    pub cells: Vec<(String, String, bool)>,
    /// `geändert`, `unverändert` or `Fehler`.
    pub state: String,
    /// `changed`, `same` or `error` (the row's CSS class `paste--…`).
    pub kind: &'static str,
    /// The line's problems in the page's language.
    pub problems: Vec<String>,
}

/// `GET /years/{year}/theses/paste`: the text area (403 for a reader).
pub async fn page(State(state): State<WebState>, SignedIn { user, lang }: SignedIn, Path(year): Path<i64>) -> Response {
    show(&state, user, lang, year, String::new(), None, false, StatusCode::OK).await
}

/// `POST /years/{year}/theses/paste`: the preview; nothing is written.
pub async fn preview(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(year): Path<i64>,
    Form(fields): Form<Vec<(String, String)>>,
) -> Response {
    let values = FormData(fields);
    show(&state, user, lang, year, values.get("text").to_string(), None, true, StatusCode::OK).await
}

/// `POST /years/{year}/theses/paste/save`: saves every line in one
/// transaction, expecting the versions the preview showed; any problem: the
/// preview again and nothing saved.
pub async fn save(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(year): Path<i64>,
    Form(fields): Form<Vec<(String, String)>>,
) -> Response {
    let values = FormData(fields);
    let text = values.get("text").to_string();
    let context = read_types(&state.store, year).await;
    let (ctx, types) = match context {
        Ok(r) => r,
        Err(e) => return page_error(lang, e),
    };
    let pasted = parse(&ctx, &types, &text);
    if !pasted.is_clean() {
        let notice = Notice { kind: "error", text: i18n::text(lang, "theses-paste-not-saved") };
        return show(&state, user, lang, year, text, Some(notice), true, StatusCode::UNPROCESSABLE_ENTITY).await;
    }
    let lines: Vec<ThesisLine> = pasted
        .lines
        .iter()
        .filter_map(|l| {
            let teacher = l.teacher?.0;
            let expect = match values.get(&format!("v{teacher}")).trim() {
                "" => Expect::ANY,
                v => Expect::version(Version::from_text(v)),
            };
            Some(ThesisLine { teacher, expect, counts: l.counts.clone() })
        })
        .collect();
    let actor = form::actor(&user, &format!("/years/{year}/theses/paste/save"));
    match save_pasted_theses(&state.store, &actor, year, &lines).await {
        Ok(written) => Redirect::to(&format!("/years/{year}/theses?done=pasted&n={}", written.len())).into_response(),
        Err(e) if matches!(e.code(), ErrorCode::Internal | ErrorCode::Forbidden) => page_error(lang, e),
        Err(e) => {
            let text_of = if e.code() == ErrorCode::PreconditionFailed {
                i18n::text(lang, "theses-paste-changed")
            } else {
                e.message(lang)
            };
            let notice = Notice { kind: "error", text: text_of };
            show(&state, user, lang, year, text, Some(notice), true, e.status()).await
        }
    }
}

/// `text` read against the year's teachers and thesis types.
fn parse(ctx: &YearContext, types: &[ThesisType], text: &str) -> Pasted {
    let columns: Vec<PasteType> = types.iter().map(|t| PasteType { id: t.id, code: t.code.clone() }).collect();
    let teachers: Vec<(String, TeacherId)> = ctx.teachers().map(|t| (t.code.clone(), t.id)).collect();
    thesis_paste::parse(text, &columns, &teachers)
}

/// A line's problem in `lang`.
fn problem_text(lang: Lang, year: &str, line: usize, p: &LineProblem) -> String {
    let line = line.to_string();
    match p {
        LineProblem::UnknownTeacher(code) => i18n::text_with(
            lang,
            "theses-paste-unknown",
            &[("line", line.into()), ("code", code.as_str().into()), ("year", year.into())],
        ),
        LineProblem::BadCount { column, text } => i18n::text_with(
            lang,
            "theses-paste-bad-count",
            &[("line", line.into()), ("column", column.as_str().into()), ("text", text.as_str().into())],
        ),
        LineProblem::TooManyCells { found, columns } => i18n::text_with(
            lang,
            "theses-paste-too-many",
            &[("line", line.into()), ("found", found.to_string().into()), ("columns", columns.to_string().into())],
        ),
        LineProblem::Duplicate { first } => i18n::text_with(
            lang,
            "theses-paste-duplicate",
            &[("line", line.into()), ("first", first.to_string().into())],
        ),
    }
}

/// The preview of `pasted`: per line the old and new count of each pasted column.
fn preview_of(lang: Lang, ctx: &YearContext, types: &[ThesisType], pasted: &Pasted) -> Preview {
    let t = |key: &str| i18n::text(lang, key);
    let headers = pasted.columns.iter().filter_map(|id| types.iter().find(|t| t.id == *id)).map(type_label).collect();
    let mut versions = Vec::new();
    let mut changed = 0;
    let rows: Vec<PreviewRow> = pasted
        .lines
        .iter()
        .map(|l| {
            let theses = l.teacher.and_then(|id| ctx.theses.iter().find(|th| th.teacher.id == id));
            let cells: Vec<(String, String, bool)> = pasted
                .columns
                .iter()
                .map(|col| {
                    let old = theses.and_then(|th| th.thesis_counts.get(col)).copied().unwrap_or_default();
                    match l.counts.iter().find(|(c, _)| c == col) {
                        Some((_, new)) => (count_text(Some(&old)), count_text(Some(new)), *new != old),
                        None => (count_text(Some(&old)), "?".into(), false),
                    }
                })
                .collect();
            if let Some(th) = theses {
                versions.push((
                    format!("v{}", th.teacher.id.0),
                    Version::of(th).map(|v| v.to_string()).unwrap_or_default(),
                ));
            }
            let problems: Vec<String> =
                l.problems.iter().map(|p| problem_text(lang, &ctx.year.code, l.number, p)).collect();
            let (state, kind) = if !problems.is_empty() {
                (t("theses-paste-state-error"), "error")
            } else if cells.iter().any(|c| c.2) {
                changed += 1;
                (t("theses-paste-state-changed"), "changed")
            } else {
                (t("theses-paste-state-same"), "same")
            };
            PreviewRow {
                line: l.number,
                code: l.code.clone(),
                name: theses.map(|th| th.teacher.sorted_name()).unwrap_or_default(),
                cells,
                state,
                kind,
                problems,
            }
        })
        .collect();
    let errors = rows.iter().filter(|r| r.kind == "error").count();
    let summary = i18n::text_with(
        lang,
        "theses-paste-summary",
        &[
            ("lines", rows.len().to_string().into()),
            ("errors", errors.to_string().into()),
            ("changed", changed.to_string().into()),
        ],
    );
    Preview { headers, rows, clean: pasted.is_clean(), summary, versions }
}

/// Renders the paste page (with the preview of `text` when `with_preview`); 403 for a reader.
#[allow(clippy::too_many_arguments)]
async fn show(
    state: &WebState,
    user: SessionUser,
    lang: Lang,
    year: i64,
    text: String,
    notice: Option<Notice>,
    with_preview: bool,
    status: StatusCode,
) -> Response {
    if !user.can_plan() {
        return forbidden(lang);
    }
    let (ctx, types) = match read_types(&state.store, year).await {
        Ok(r) => r,
        Err(e) => return page_error(lang, e),
    };
    let preview = with_preview.then(|| preview_of(lang, &ctx, &types, &parse(&ctx, &types, &text)));
    let base = format!("/years/{year}/theses");
    let columns = types.iter().map(|t| t.code.as_str()).collect::<Vec<_>>().join(", ");
    let page = ctx.page(lang, Screen::Theses, ctx.title(lang, "theses-paste-title"), user, format!("{base}/paste"));
    let html = render(
        lang,
        &PastePage {
            page,
            action: format!("{base}/paste"),
            save_action: format!("{base}/paste/save"),
            back: base,
            text,
            intro: i18n::text_with(lang, "theses-paste-intro", &[("columns", columns.into())]),
            notice,
            preview,
        },
    );
    (status, html).into_response()
}
