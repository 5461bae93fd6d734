//! "Mein Pensum" (docs/teachers.md §What a teacher sees): a `teacher`
//! account's own pages, the only ones it may open (the guard refuses it
//! every other, [`super::guard::teacher_may_open`]).
//!
//! - `GET /me`: the school years the teacher is employed in, each with the
//!   state of its sheet and its IPB balances, and the balance as a chart with
//!   the numbers beside it;
//! - `GET /me/{year}`: the sheet of a released year, with the same figures
//!   as the planners' Pensenblatt ([`super::workload::sheet::view`]), its state, the
//!   confirmation (Kenntnisnahme) and the question with its answer;
//! - `GET /me/{year}/pdf`: the PDF sheet;
//! - `POST /me/{year}/confirm` (`remark`, `digest`) and `POST
//!   /me/{year}/question` (`question`): the teacher's word, then back to the sheet;
//! - `GET /me/{year}/live?v=DIGEST`: server-sent events for the open sheet —
//!   `change` once the teacher's own sheet is no longer the version `v` the
//!   page showed (data: a sentence naming nobody), nothing about anyone
//!   else's; `assets/app.js` then reloads the page's content.
//!
//! The teacher is always the account's own; no URL names a teacher.

use std::collections::HashMap;

use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::Form;
use axum::Router;
use serde_json::json;

use super::form::FormData;
use super::guard::SignedIn;
use super::kit::errors::page_error;
use super::kit::render::render;
use super::kit::state::WebState;
use super::layout::{Page, Screen};
use super::notice::Notice;
use super::workload::sheet::SheetView;
use crate::domain::confirmation::{short_version, Confirmation, SheetState};
use crate::domain::fixed::Amount;
use crate::domain::ids::{SchoolYearId, TeacherId};
use crate::error::ErrorCode;
use crate::i18n::{self, Lang};
use crate::service::confirmation::{self as sheets, OwnYear};
use crate::service::session::SessionUser;

/// The routes of a teacher's own pages: the start, a year's sheet, its PDF and live changes, the confirmation and a question.
pub fn routes() -> Router<WebState> {
    Router::new()
        .route("/me", get(page))
        .route("/me/{year}", get(sheet))
        .route("/me/{year}/pdf", get(pdf))
        .route("/me/{year}/live", get(live))
        .route("/me/{year}/confirm", post(confirm))
        .route("/me/{year}/question", post(question))
}

/// `GET /me`.
#[derive(Template)]
#[template(path = "web/me/page.html")]
pub struct MinePage {
    /// The frame.
    pub page: Page,
    /// The years, newest first.
    pub years: Vec<YearRow>,
    /// The balance chart (`None`: no year shows a balance).
    pub chart: Option<Chart>,
}

/// A school year of the overview.
#[derive(Debug, Clone)]
pub struct YearRow {
    /// `26/27`.
    pub code: String,
    /// The state in words.
    pub state: String,
    /// The state's wire name (CSS class and test hook).
    pub state_name: &'static str,
    /// Opening and closing IPB balance, or dashes.
    pub opening: String,
    /// Closing balance.
    pub closing: String,
    /// The sheet's page, once released.
    pub href: Option<String>,
}

/// The IPB balance over the years as bars (SVG; the numbers are in the table beside it).
#[derive(Debug, Clone)]
pub struct Chart {
    /// Width and height of the drawing (px).
    pub width: i64,
    /// Height.
    pub height: i64,
    /// The zero line's y.
    pub zero: i64,
    /// The bars.
    pub bars: Vec<Bar>,
    /// What the chart shows, in a sentence (its accessible name).
    pub summary: String,
}

/// A year's closing balance as a bar.
#[derive(Debug, Clone)]
pub struct Bar {
    /// Left edge.
    pub x: i64,
    /// Top edge.
    pub y: i64,
    /// Width.
    pub w: i64,
    /// Height (at least 1, so a zero shows).
    pub h: i64,
    /// `pos` or `neg`.
    pub sign: &'static str,
    /// The year's code, under the bar.
    pub label: String,
    /// The label's x (the bar's middle).
    pub mid: i64,
    /// The value, above or below the bar.
    pub value: String,
    /// The value's y.
    pub value_y: i64,
}

/// `GET /me/{year}`.
#[derive(Template)]
#[template(path = "web/me/sheet.html")]
pub struct MySheetPage {
    /// The frame.
    pub page: Page,
    /// What was just done.
    pub notice: Option<Notice>,
    /// The confirmation box.
    pub word: WordBox,
    /// The sheet.
    pub sheet: SheetView,
    /// The PDF link.
    pub pdf: String,
}

/// The state of the sheet, the confirmation and the question, as shown above the sheet.
#[derive(Debug, Clone)]
pub struct WordBox {
    /// The state's wire name.
    pub state_name: &'static str,
    /// The state in a sentence.
    pub state: String,
    /// "Zur Kenntnis genommen am … (Version …)", when confirmed or outdated.
    pub confirmed: Option<String>,
    /// The figures that changed since (outdated), in words.
    pub changed: Vec<String>,
    /// The remark confirmed with.
    pub remark: Option<String>,
    /// The open or answered question.
    pub question: Option<String>,
    /// The answer.
    pub answer: Option<String>,
    /// The version shown (sent with the confirmation).
    pub digest: String,
    /// Whether the confirm form is offered (not confirmed in this version).
    pub can_confirm: bool,
    /// The form actions.
    pub confirm_action: String,
    /// The question form's action.
    pub question_action: String,
}

/// The teacher of the signed-in account, or the 403 page.
async fn own_teacher(state: &WebState, user: &SessionUser, lang: Lang) -> Result<TeacherId, Response> {
    sheets::own_teacher(&state.store, &user.principal()).await.map_err(|e| page_error(lang, e))
}

/// A balance in percent with 2 decimals, or a dash.
fn balance(value: Option<Amount>) -> String {
    value.map_or_else(|| "–".to_string(), |a| i18n::percent(a.0, 2))
}

/// `GET /me`.
pub async fn page(State(state): State<WebState>, SignedIn { user, lang }: SignedIn) -> Response {
    let teacher = match own_teacher(&state, &user, lang).await {
        Ok(t) => t,
        Err(res) => return res,
    };
    let years = match sheets::own_years(&state.store, teacher).await {
        Ok(y) => y,
        Err(e) => return page_error(lang, e),
    };
    let chart = chart(lang, &years);
    let rows = years
        .iter()
        .rev()
        .map(|y| YearRow {
            code: y.year.code.clone(),
            state: i18n::text(lang, y.state.message_id()),
            state_name: y.state.as_str(),
            opening: balance(y.balance.map(|b| b.0)),
            closing: balance(y.balance.map(|b| b.1)),
            href: (y.state != SheetState::NotReleased).then(|| format!("/me/{}", y.year.id.0)),
        })
        .collect();
    let page = Page::new(lang, Screen::Mine, i18n::text(lang, "me-title"), Some(user), "/me".into());
    render(lang, &MinePage { page, years: rows, chart })
}

/// The closing balances of `years` as bars, oldest left; `None` when no year shows one.
fn chart(lang: Lang, years: &[OwnYear]) -> Option<Chart> {
    let shown: Vec<(&OwnYear, Amount)> = years.iter().filter_map(|y| y.balance.map(|b| (y, b.1))).collect();
    if shown.is_empty() {
        return None;
    }
    const BAR: i64 = 48;
    const GAP: i64 = 24;
    const PLOT: i64 = 160;
    const MARGIN: i64 = 28;
    let zero_d = rust_decimal::Decimal::ZERO;
    let top = shown.iter().map(|(_, a)| a.0).fold(zero_d, rust_decimal::Decimal::max);
    let bottom = shown.iter().map(|(_, a)| -a.0).fold(zero_d, rust_decimal::Decimal::max);
    let span = top + bottom;
    // Pixels for `v` percent: the plot's height spans the highest bar above zero and the lowest below.
    let px = |v: rust_decimal::Decimal| -> i64 {
        if span.is_zero() {
            return 0;
        }
        (v.abs() * rust_decimal::Decimal::from(PLOT) / span).round().try_into().unwrap_or(0)
    };
    let zero = MARGIN + px(top);
    let bars = shown
        .iter()
        .enumerate()
        .map(|(i, (y, a))| {
            let x = GAP + i as i64 * (BAR + GAP);
            let h = px(a.0).max(1);
            let negative = a.0.is_sign_negative() && !a.0.is_zero();
            let top = if negative { zero } else { zero - h };
            Bar {
                x,
                y: top,
                w: BAR,
                h,
                sign: if negative { "neg" } else { "pos" },
                label: y.year.code.clone(),
                mid: x + BAR / 2,
                value: i18n::percent(a.0, 2),
                value_y: if negative { top + h + 14 } else { top - 6 },
            }
        })
        .collect::<Vec<_>>();
    let width = GAP + bars.len() as i64 * (BAR + GAP);
    let summary = i18n::text_with(
        lang,
        "me-chart-summary",
        &[
            ("from", shown[0].0.year.code.as_str().into()),
            ("to", shown[shown.len() - 1].0.year.code.as_str().into()),
            ("last", i18n::percent(shown[shown.len() - 1].1 .0, 2).into()),
        ],
    );
    Some(Chart { width: width.max(200), height: PLOT + 2 * MARGIN + 16, zero, bars, summary })
}

/// `GET /me/{year}`; `?done=confirmed|asked` after the teacher's word.
pub async fn sheet(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(year): Path<i64>,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    let notice = super::listing::done_notice(lang, &q, "me", &["confirmed", "asked"]);
    show_sheet(&state, user, lang, year, notice, StatusCode::OK).await
}

/// The sheet page as it is now, with `notice`.
async fn show_sheet(
    state: &WebState,
    user: SessionUser,
    lang: Lang,
    year: i64,
    notice: Option<Notice>,
    status: StatusCode,
) -> Response {
    let teacher = match own_teacher(state, &user, lang).await {
        Ok(t) => t,
        Err(res) => return res,
    };
    let (source, confirmation) = match sheets::own_sheet_source(&state.store, teacher, SchoolYearId(year)).await {
        Ok(read) => read,
        Err(e) => return page_error(lang, e),
    };
    let mut sheet = super::workload::sheet::view(lang, &source);
    // No switch to other teachers: the list of the year's employments is empty anyway.
    sheet.tools.teachers.clear();
    sheet.tools.previous = None;
    sheet.tools.next = None;
    let word = word_box(lang, year, &confirmation);
    let title = i18n::text_with(lang, "me-sheet-title", &[("year", source.year.code.as_str().into())]);
    let mut page = Page::new(lang, Screen::Mine, title, Some(user), format!("/me/{year}"));
    page.live = Some(format!("/me/{year}/live?v={}", confirmation.current_digest));
    let html = render(lang, &MySheetPage { page, notice, word, sheet, pdf: format!("/me/{year}/pdf") });
    (status, html).into_response()
}

/// The box above the sheet for `c`.
fn word_box(lang: Lang, year: i64, c: &Confirmation) -> WordBox {
    let confirmed = c.confirmed_at.as_deref().zip(c.digest.as_deref()).map(|(at, d)| {
        i18n::text_with(
            lang,
            "me-confirmed-at",
            &[("at", super::form::when(at).into()), ("version", short_version(d).into())],
        )
    });
    WordBox {
        state_name: c.state.as_str(),
        state: i18n::text(lang, c.state.message_id()),
        confirmed,
        changed: c.changed.iter().map(|k| i18n::text(lang, &format!("me-figure-{k}"))).collect(),
        remark: c.remark.clone(),
        question: c.question.clone(),
        answer: c.answer.clone(),
        digest: c.current_digest.clone(),
        can_confirm: c.state != SheetState::Confirmed,
        confirm_action: format!("/me/{year}/confirm"),
        question_action: format!("/me/{year}/question"),
    }
}

/// `POST /me/{year}/confirm` (`remark`, `digest`).
pub async fn confirm(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(year): Path<i64>,
    Form(fields): Form<Vec<(String, String)>>,
) -> Response {
    let sent = FormData(fields);
    let body = json!({"schoolYear": year, "remark": sent.text("remark"), "digest": sent.text("digest")});
    word(state, user, lang, year, body, "confirmed").await
}

/// `POST /me/{year}/question` (`question`).
pub async fn question(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(year): Path<i64>,
    Form(fields): Form<Vec<(String, String)>>,
) -> Response {
    let sent = FormData(fields);
    let body = json!({"schoolYear": year, "question": sent.text("question")});
    word(state, user, lang, year, body, "asked").await
}

/// Records the teacher's word `body`, then shows the sheet again (`done`),
/// or the sheet with the refusal.
async fn word(
    state: WebState,
    user: SessionUser,
    lang: Lang,
    year: i64,
    body: serde_json::Value,
    done: &str,
) -> Response {
    let teacher = match own_teacher(&state, &user, lang).await {
        Ok(t) => t,
        Err(res) => return res,
    };
    let actor = super::form::actor(&user, &format!("/me/{year}"));
    let result = match sheets::read_teacher_word(&body) {
        Ok(w) => sheets::record_word(&state.store, &actor, teacher, &w).await,
        Err(e) => Err(e),
    };
    match result {
        Ok(_) => Redirect::to(&format!("/me/{year}?done={done}")).into_response(),
        Err(e) if e.code().status().is_server_error() || e.code() == ErrorCode::NotFound => page_error(lang, e),
        Err(e) => {
            let notice = Some(Notice { kind: "error", text: e.message(lang) });
            let status = e.status();
            show_sheet(&state, user, lang, year, notice, status).await
        }
    }
}

/// `GET /me/{year}/pdf`: the teacher's own PDF sheet of a released year.
pub async fn pdf(State(state): State<WebState>, SignedIn { user, lang }: SignedIn, Path(year): Path<i64>) -> Response {
    let teacher = match own_teacher(&state, &user, lang).await {
        Ok(t) => t,
        Err(res) => return res,
    };
    // Only a released sheet (409 before), of a year the teacher teaches in (404).
    if let Err(e) = sheets::own_release(&state.store, teacher, SchoolYearId(year)).await {
        return page_error(lang, e);
    }
    super::workload::sheet::sheet_pdf(&state, lang, SchoolYearId(year), teacher).await
}

/// How often at most an open sheet asks whether its version changed, however
/// many changes others make meanwhile.
const LIVE_CHECK_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// How long one stream lasts at most; the browser reconnects after it.
const LIVE_FOR: std::time::Duration = std::time::Duration::from_secs(900);

/// `GET /me/{year}/live?v=DIGEST` (see the module doc).
pub async fn live(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(year): Path<i64>,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    use axum::response::sse::{Event, KeepAlive, Sse};
    use tokio::sync::broadcast::error::RecvError;
    let teacher = match own_teacher(&state, &user, lang).await {
        Ok(t) => t,
        Err(res) => return res,
    };
    let year_id = SchoolYearId(year);
    let shown = match q.get("v") {
        Some(v) => v.clone(),
        None => match sheets::own_confirmation(&state.store, teacher, year_id).await {
            Ok(c) => c.current_digest,
            Err(e) => return page_error(lang, e),
        },
    };
    let hub = state.live.clone();
    let slot = match hub.open_stream(user.session_id) {
        Ok(slot) => slot,
        Err(_) => {
            let mut res = super::kit::errors::error_page(lang, StatusCode::TOO_MANY_REQUESTS, "live-too-many-session");
            res.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(super::live::RETRY_AFTER_SECS));
            return res;
        }
    };
    let changes = hub.subscribe();
    let store = state.store.clone();
    let deadline = tokio::time::Instant::now() + LIVE_FOR;
    let stream = futures::stream::unfold((changes, slot, shown), move |(mut changes, mut slot, mut shown)| {
        let store = store.clone();
        async move {
            loop {
                tokio::select! {
                    _ = tokio::time::sleep_until(deadline) => return None,
                    () = slot.ended() => return None,
                    change = changes.recv() => match change {
                        Ok(c) if !c.reaches(year) => continue,
                        Ok(_) | Err(RecvError::Lagged(_)) => {}
                        Err(RecvError::Closed) => return None,
                    },
                }
                // Several changes in a burst: one check after the burst.
                tokio::time::sleep(LIVE_CHECK_EVERY).await;
                while changes.try_recv().is_ok() {}
                let Ok(now) = sheets::own_confirmation(&store, teacher, year_id).await else { continue };
                if now.current_digest != shown {
                    shown = now.current_digest;
                    let event = Event::default().event("change").data(i18n::text(lang, "me-live-changed"));
                    return Some((Ok::<Event, std::convert::Infallible>(event), (changes, slot, shown)));
                }
            }
        }
    });
    let mut res =
        Sse::new(stream).keep_alive(KeepAlive::new().interval(std::time::Duration::from_secs(5))).into_response();
    res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    res
}
