//! `GET /years/{year}/live` (docs/web.md §Working together): the server-sent
//! events every page of a school year listens to — `change` when someone
//! else changed something (data: who changed what, in the page's language),
//! and `presence` when the others with the year open changed (data: their
//! names as a sentence), or `alone` when nobody else has it open — on this
//! server or another one on the same database ([`crate::service::live`]);
//! sent first, then whenever the names differ from those sent last.
//! `assets/app.js` shows both in the frame and reloads the page's content
//! region on a change, unless the person is editing there.
//!
//! A change is told only to the streams of its own year (master data to
//! every year) and only to people who may read its object through the API
//! ([`crate::service::live::may_see`]). A year that does not exist gets 404.
//! A session holds at most [`crate::service::live::STREAMS_PER_SESSION`]
//! streams and a server its configured total (`serve --live-streams`):
//! beyond, 429 with `Retry-After`, and the page reloads its content by
//! polling instead. Streams end when their session signs out and when the
//! server stops.

use std::convert::Infallible;
use std::time::Duration;

use axum::extract::{Path, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use tokio::sync::broadcast::{self, error::RecvError};

use super::guard::SignedIn;
use super::kit::errors::{error_page, page_error};
use super::kit::state::WebState;
use crate::i18n::{self, Lang, Message};
use crate::service::live::{self, LiveChange, LiveHub, Presence, StreamRefused, StreamSlot};
use crate::service::session::SessionUser;

/// The route of a year's live changes and presence.
pub fn routes() -> Router<WebState> {
    Router::new().route("/years/{year}/live", get(events))
}

/// How often an idle stream sends a comment: a page that was closed is
/// noticed (and leaves the presence) at the next one.
const KEEP_ALIVE: Duration = Duration::from_secs(5);

/// How long one stream lasts at most; the browser reconnects after it.
const STREAM_FOR: Duration = Duration::from_secs(900);

/// `Retry-After` of a refused stream, in seconds (the page polls meanwhile).
pub const RETRY_AFTER_SECS: u64 = 60;

/// The sentence of `change` in `lang`, naming the object as planners do:
/// `anna hat Biologie F29c geändert.`, `anna hat Lehrperson jla erstellt.`,
/// `anna hat Anstellung jla 26/27 gelöscht.` (an object without a label by
/// its kind and id: `Kurs 12`).
pub fn change_text(lang: Lang, change: &LiveChange) -> String {
    let kind = Message::kind(kind_of(&change.object_type)).render(lang);
    let object = match (&change.label, change.object_type.as_str()) {
        (Some(label), "course") => label.clone(),
        (Some(label), _) => format!("{kind} {label}"),
        (None, _) => format!("{kind} {}", change.object_id.map(|id| id.to_string()).unwrap_or_default()),
    };
    i18n::text_with(
        lang,
        &format!("live-{}", change.action.as_str()),
        &[("name", change.account_name.as_str().into()), ("object", object.trim_end().to_string().into())],
    )
}

/// The data of a `change` event: the sentence ([`change_text`]) and, on a
/// second line, the page of the object when it remains (a deleted object
/// has none): `assets/app.js` makes the note a link to it.
pub fn change_data(lang: Lang, change: &LiveChange) -> String {
    let text = change_text(lang, change);
    let page = change
        .object_id
        .filter(|_| change.remains)
        .and_then(|id| super::object_link::object_page(&change.object_type, id, change.school_year));
    match page {
        Some(page) => format!("{text}\n{page}"),
        None => text,
    }
}

/// The object kind of an audit entry's resource name (`poolentry` → `pool
/// entry`), for its noun in the catalogue (`kind-pool-entry`).
fn kind_of(resource: &str) -> &str {
    const KINDS: &[(&str, &str)] = &[
        ("poolentry", "pool entry"),
        ("schoolclass", "school class"),
        ("schoolyear", "school year"),
        ("subjectcategory", "subject category"),
        ("subjecttype", "subject type"),
        ("payrolltype", "payroll type"),
        ("pooltype", "pool type"),
        ("postingtype", "posting type"),
        ("thesistype", "thesis type"),
        ("lessontype", "lesson type"),
    ];
    KINDS.iter().find(|(r, _)| *r == resource).map_or(resource, |(_, k)| k)
}

/// The presence event: `presence` with the sentence naming the others, or
/// `alone` (data `-`) when nobody else has the year open — an event without
/// data is never delivered by `EventSource`.
pub fn presence_event(lang: Lang, others: &[String]) -> Event {
    if others.is_empty() {
        Event::default().event("alone").data("-")
    } else {
        Event::default().event("presence").data(i18n::text_with(
            lang,
            "live-presence",
            &[("names", others.join(", ").into())],
        ))
    }
}

/// `GET /years/{year}/live`.
pub async fn events(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(year): Path<i64>,
) -> Response {
    match live::year_exists(&state.store, year).await {
        Ok(true) => {}
        Ok(false) => {
            return page_error(lang, crate::error::Error::not_found(crate::domain::ids::SchoolYearId::KIND, year))
        }
        Err(e) => return page_error(lang, e),
    }
    let hub = state.live.clone();
    let slot = match hub.open_stream(user.session_id) {
        Ok(slot) => slot,
        Err(why) => return refused(lang, why),
    };
    let changes = hub.subscribe();
    // The page was rendered before its stream opened: what was committed
    // until now is in it already, and is not announced (nor reloaded) again.
    let since = crate::service::audit::last_id(&state.store).await.unwrap_or(0);
    let presence_changes = hub.presence_changes();
    let presence = hub.enter(year, user.session_id, &user.name);
    let deadline = tokio::time::Instant::now() + STREAM_FOR;
    let listening = Listening { changes, presence_changes, _presence: presence, slot, hub, user, shown: None };
    let stream = futures::stream::unfold(listening, move |mut l| async move {
        if l.shown.is_none() {
            let others = l.hub.others(year, &l.user.name);
            let event = presence_event(lang, &others);
            l.shown = Some(others);
            return Some((Ok::<Event, Infallible>(event), l));
        }
        loop {
            let event = tokio::select! {
                _ = tokio::time::sleep_until(deadline) => return None,
                () = l.slot.ended() => return None,
                change = l.changes.recv() => match change {
                    Ok(c) if c.account_id == Some(l.user.account_id) || c.id <= since => continue,
                    Ok(c) if !c.reaches(year) || !live::may_see(&c, l.user.role, l.user.account_id) => continue,
                    Ok(c) => Event::default().event("change").data(change_data(lang, &c)),
                    Err(RecvError::Lagged(_)) => Event::default().event("change").data(i18n::text(lang, "live-many")),
                    Err(RecvError::Closed) => return None,
                },
                changed = l.presence_changes.recv() => match changed {
                    Ok(y) if y != year => continue,
                    Ok(_) | Err(RecvError::Lagged(_)) => {
                        // Told only when the names differ from those shown.
                        let others = l.hub.others(year, &l.user.name);
                        if l.shown.as_ref() == Some(&others) {
                            continue;
                        }
                        let event = presence_event(lang, &others);
                        l.shown = Some(others);
                        event
                    }
                    Err(RecvError::Closed) => return None,
                },
            };
            return Some((Ok(event), l));
        }
    });
    let mut res = Sse::new(stream).keep_alive(KeepAlive::new().interval(KEEP_ALIVE)).into_response();
    res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    res
}

/// The answer to a stream that may not open: 429 (too many streams of the
/// session or the server) or 503 (the server stops), with `Retry-After`.
fn refused(lang: Lang, why: StreamRefused) -> Response {
    let (status, key) = match why {
        StreamRefused::Session => (StatusCode::TOO_MANY_REQUESTS, "live-too-many-session"),
        StreamRefused::Server => (StatusCode::TOO_MANY_REQUESTS, "live-too-many-server"),
        StreamRefused::Closing => (StatusCode::SERVICE_UNAVAILABLE, "live-closing"),
    };
    let mut res = error_page(lang, status, key);
    res.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(RETRY_AFTER_SECS));
    res
}

/// What an open stream holds: its subscriptions, its page's place in the
/// presence (leaving with the stream), its place in the count of streams,
/// and the names it showed last.
struct Listening {
    changes: broadcast::Receiver<LiveChange>,
    presence_changes: broadcast::Receiver<i64>,
    _presence: Presence,
    slot: StreamSlot,
    hub: std::sync::Arc<LiveHub>,
    user: SessionUser,
    /// `None` before the first event.
    shown: Option<Vec<String>>,
}
