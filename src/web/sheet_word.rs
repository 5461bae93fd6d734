//! The teacher's word on the planners' Pensenblatt
//! (docs/teachers.md §Release and confirmation): the state of the sheet, the confirmation with
//! its remark, the teacher's question and, for planners, the form that
//! answers it — `POST /years/{year}/workload/{teacher}/answer` (`answer`).

use axum::extract::{Path, State};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::post;
use axum::Form;
use axum::Router;
use serde_json::json;

use super::form::FormData;
use super::guard::SignedIn;
use super::kit::errors::page_error;
use super::kit::state::WebState;
use crate::auth::Role;
use crate::domain::confirmation::{short_version, Confirmation, SheetState};
use crate::i18n::{self, Lang};

/// The route of an answer to a teacher's word on the sheet.
pub fn routes() -> Router<WebState> {
    Router::new().route("/years/{year}/workload/{teacher}/answer", post(answer))
}

/// The box above the planners' sheet.
#[derive(Debug, Clone)]
pub struct PlannerWord {
    /// The state's wire name.
    pub state_name: &'static str,
    /// The state in words.
    pub state: String,
    /// When and which version the teacher confirmed.
    pub confirmed: Option<String>,
    /// The teacher's remark.
    pub remark: Option<String>,
    /// The teacher's question.
    pub question: Option<String>,
    /// The answer given.
    pub answer: Option<String>,
    /// Whether a question waits for an answer.
    pub can_answer: bool,
    /// The answer form's action.
    pub answer_action: String,
}

/// The box for `c` on the sheet of `teacher` in `year`; `None` before the release.
pub fn planner_word(lang: Lang, year: i64, teacher: i64, c: &Confirmation) -> Option<PlannerWord> {
    if c.state == SheetState::NotReleased {
        return None;
    }
    let confirmed = c.confirmed_at.as_deref().zip(c.digest.as_deref()).map(|(at, d)| {
        i18n::text_with(
            lang,
            "me-confirmed-at",
            &[("at", super::form::when(at).into()), ("version", short_version(d).into())],
        )
    });
    Some(PlannerWord {
        state_name: c.state.as_str(),
        state: i18n::text(lang, c.state.message_id()),
        confirmed,
        remark: c.remark.clone(),
        question: c.question.clone(),
        answer: c.answer.clone(),
        can_answer: c.state == SheetState::Question,
        answer_action: format!("/years/{year}/workload/{teacher}/answer"),
    })
}

/// `POST /years/{year}/workload/{teacher}/answer` (planners): answers the
/// teacher's open question, then shows the sheet again.
pub async fn answer(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path((year, teacher)): Path<(i64, i64)>,
    Form(fields): Form<Vec<(String, String)>>,
) -> Response {
    if user.role < Role::Planner {
        return super::kit::errors::error_page(lang, axum::http::StatusCode::FORBIDDEN, "web-error-forbidden");
    }
    let sent = FormData(fields);
    let body = json!({"teacher": teacher, "schoolYear": year, "answer": sent.text("answer")});
    let actor = super::form::actor(&user, &format!("/years/{year}/workload/{teacher}"));
    let result = match crate::service::confirmation::read_answer(&body) {
        Ok((t, y, text)) => crate::service::confirmation::answer(&state.store, &actor, t, y, &text).await,
        Err(e) => Err(e),
    };
    match result {
        Ok(_) => Redirect::to(&format!("/years/{year}/workload/{teacher}")).into_response(),
        Err(e) => page_error(lang, e),
    }
}
