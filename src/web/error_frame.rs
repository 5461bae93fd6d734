//! Error pages keep the menu (docs/web.md §Error pages): for a signed-in
//! person, a 403, 404, 409 or 500 page of a screen is shown inside the frame
//! every page shares, with the menu, the year switch and the language
//! switch, so that the next step is one click away. Without a session (the
//! sign-in page's refusals) and for htmx requests (a fragment's answer), the
//! page stays the plain one of [`super::kit::errors::error_page_text`].

use askama::Template;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::header;
use axum::middleware::Next;
use axum::response::Response;

use super::guard::Viewer;
use super::htmx::HxRequest;
use super::kit::errors::ErrorSentence;
use super::kit::state::WebState;
use super::layout::{Page, Screen, YearChoice};
use crate::i18n::{self, Lang};
use crate::service::session::SessionUser;

/// An error page inside the frame.
#[derive(Template)]
#[template(path = "web/error_frame/page.html")]
pub struct ErrorFramePage {
    /// The frame (title `Fehler`, no menu entry marked).
    pub page: Page,
    /// The sentence: what happened and what to do.
    pub message: String,
    /// Text of the link to the start page.
    pub back: String,
}

/// Middleware inside the session guard ([`super::guard::guard`], whose
/// [`Viewer`] it reads): an error page answered to a signed-in person's
/// page request comes back inside the frame ([`framed`]); everything else
/// passes unchanged.
pub async fn keep_the_menu(State(state): State<WebState>, req: Request, next: Next) -> Response {
    let viewer = req.extensions().get::<Viewer>().cloned();
    let htmx = HxRequest::from_headers(req.headers()).htmx;
    let here = req.uri().path_and_query().map_or_else(|| req.uri().path().to_string(), |p| p.to_string());
    let res = next.run(req).await;
    match viewer {
        Some(Viewer { user: Some(user), lang, .. }) if !htmx => framed(&state, user, lang, here, res).await,
        _ => res,
    }
}

/// `res` as an error page inside the frame for `user`, when it is one of
/// [`super::kit::errors::error_page_text`]'s (it carries an [`ErrorSentence`]); any other
/// response unchanged. Keeps the status and the headers (`Retry-After`,
/// `Content-Language`). `here` is the request's path and query, for the
/// language switch. When the frame cannot be built (the school years cannot
/// be read), the plain page stays.
pub async fn framed(state: &WebState, user: SessionUser, lang: Lang, here: String, res: Response) -> Response {
    let Some(ErrorSentence(message)) = res.extensions().get::<ErrorSentence>().cloned() else { return res };
    let Ok(years) = super::layout::school_years(state).await else { return res };
    let mut page = Page::new(lang, Screen::Error, i18n::text(lang, "web-error-title"), Some(user), here);
    page.years = years.iter().map(|y| YearChoice { id: y.id.0, code: y.code.clone(), selected: false }).collect();
    let html = match (ErrorFramePage { page, message, back: i18n::text(lang, "back-to-start") }).render() {
        Ok(html) => html,
        Err(e) => {
            tracing::error!(error = %e, "rendering an error page in the frame failed");
            return res;
        }
    };
    let (mut parts, _) = res.into_parts();
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, Body::from(html))
}
