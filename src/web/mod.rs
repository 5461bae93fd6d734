//! The web interface for people (docs/web.md), served at `/` by the same
//! binary as the API: server-rendered HTML from askama templates
//! (`templates/web/…`, one template struct per page and partial), htmx for
//! partial updates, every text from the catalogue ([`crate::i18n`]).
//!
//! One module per screen: [`signin`] (sign-in and sign-out; [`signin_mail`], a link by mail), [`overview`]
//! (Übersicht), [`yearview`] (Übersicht → Jahresüberblick, with its [`release`] box), [`workload`] (Übersicht → Pensenblatt),
//! [`documents`] (Übersicht → Export), [`mail`] (its Pensenblatt versenden), [`grid`] (Planung nach Klassen),
//! [`crossclass`] (Planung gesamtschulisch), [`subjects`], [`classes`],
//! [`teachers`] (Stammdaten → Fächer, Klassen, Lehrpersonen: list, page, forms), [`lookups`]
//! (Fachgebiete, Fachtypen, Geschlechter), [`curricula`], [`lessontable`], [`schoolyears`] (Stammdaten →
//! Lehrgänge, Lektionentafel, Schuljahre), [`opening`] (Spezielles → Schuljahr eröffnen), [`maintenance`]
//! (Spezielles → Wartung), [`live`]
//! (working together), [`employments`] and [`pool`] (Planung → Anstellungen, Pool, on
//! [`year_record`]), [`bookings`] (Planung → Abschlussarbeiten, IPB-Buchungen; Notizen), [`history`]
//! (Verlauf), [`admin`] (Verwaltung), [`moves`] (Verwaltung → Übernahmen), [`sso`] (sign-in through the identity provider), [`divisions`]
//! (Stammdaten → Organisationseinheiten, with the images); [`language`] switches the
//! language; [`year_kept`] keeps the year a person works in. Around them: [`guard`] (session, CSRF, role), [`layout`] (the
//! frame and menu every page shares), [`assets`] (embedded, content-hashed
//! files), [`record`] (a master-data record's page and forms), [`form`] (what those forms share), [`redirect`] (where a request may send the browser), [`htmx`] (the `HX-*` headers);
//! [`listing`] (what list pages share), [`refusal`] (how a refused write is answered), [`sorting`]
//! (the headers and head of a sorted list), [`notice`] (the message above a page).
//!
//! At the bottom, [`kit`]: what every screen uses (the state, rendering, the
//! error pages, the security policy). Each screen names its own routes (its
//! `routes()`); this file only declares the modules and assembles their
//! routes with the layers around them ([`router`]), and no file of `web/`
//! imports it (tests/layers.rs).
//!
//! Layer: beside `api` (it never imports it); reads and use cases go through
//! [`crate::service`].

pub mod admin;
pub mod assets;
pub mod bookings;
pub mod classes;
pub mod crossclass;
pub mod curricula;
pub mod divisions;
pub mod documents;
pub mod employments;
pub mod error_frame;
pub mod form;
pub mod grid;
pub mod guard;
pub mod history;
pub mod htmx;
pub mod invite;
pub mod kit;
pub mod language;
pub mod layout;
pub mod lessontable;
pub mod listing;
pub mod live;
pub mod lookups;
pub mod mail;
pub mod maintenance;
pub mod me;
pub mod moves;
pub mod notice;
pub mod object_link;
pub mod opening;
pub mod overview;
pub mod pool;
pub mod record;
pub mod redirect;
pub mod refusal;
pub mod release;
pub mod schoolyears;
pub mod sheet_word;
pub mod signin;
pub mod signin_mail;
pub mod sorting;
pub mod sso;
pub mod subjects;
pub mod teachers;
pub mod workload;
pub mod year_kept;
pub mod year_record;
pub mod yearview;

use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use axum::http::{header, HeaderValue, StatusCode};
use axum::Router;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;

pub use kit::csp::CSP;
pub use kit::errors::{error_page, error_page_text, page_error, ErrorPage, ErrorSentence};
pub use kit::render::render;
pub use kit::state::{WebConfig, WebState};

use crate::service::Store;

/// The web interface's routes, each screen's own (its `routes()`), with
/// their layers: the session guard, the security headers (CSP, `nosniff`,
/// no referrer, `no-store` unless an asset), the body limit, the request
/// timeout and gzip compression (not for server-sent events).
pub fn router(
    store: Store,
    jobs: std::sync::Arc<crate::jobs::JobRunner>,
    live: std::sync::Arc<crate::service::live::LiveHub>,
    config: WebConfig,
    timeout: Duration,
    body_limit: usize,
) -> Router {
    let sign_on = config.signin.clone().map(crate::oidc::signin::SignOn::new);
    let job_watch = crate::service::job_watch::JobWatch::new(store.clone());
    let state = WebState { store, config: std::sync::Arc::new(config), jobs, live, job_watch, sign_on };
    let pages = Router::new()
        .merge(overview::routes())
        .merge(signin::routes())
        .merge(signin_mail::routes())
        .merge(language::routes())
        .merge(grid::routes())
        .merge(documents::routes())
        .merge(live::routes())
        .merge(workload::routes())
        .merge(workload::sheet::routes())
        .merge(sheet_word::routes())
        .merge(yearview::routes())
        .merge(release::routes())
        .merge(mail::routes())
        .merge(teachers::routes())
        .merge(subjects::routes())
        .merge(classes::routes())
        .merge(lookups::routes())
        .merge(opening::routes())
        .merge(maintenance::routes())
        .merge(bookings::routes())
        .merge(history::routes())
        .merge(me::routes())
        .merge(admin::routes())
        .merge(moves::routes())
        .merge(invite::routes())
        .merge(crossclass::routes())
        .merge(employments::routes())
        .merge(pool::routes())
        .merge(curricula::routes())
        .merge(lessontable::routes())
        .merge(schoolyears::routes())
        .merge(sso::routes())
        .merge(divisions::routes())
        // Inside the guard: they need the viewer the guard found.
        .layer(axum::middleware::from_fn_with_state(state.clone(), year_kept::keep_the_year))
        .layer(axum::middleware::from_fn_with_state(state.clone(), error_frame::keep_the_menu))
        .layer(axum::middleware::from_fn_with_state(state.clone(), guard::guard))
        .with_state(state);
    Router::new()
        .merge(pages)
        .merge(assets::routes())
        // Inside the timeout below: neither a hang-up nor the timeout cancels
        // a form's write halfway; it runs as a task of its own. A page or form
        // whose database connection was lost before anything was saved runs
        // once more, as on the API (docs/faults.md).
        .layer(axum::middleware::from_fn(crate::api::detached_writes::writes_run_as_tasks))
        .layer(DefaultBodyLimit::max(body_limit))
        .layer(SetResponseHeaderLayer::overriding(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CSP)))
        .layer(SetResponseHeaderLayer::overriding(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")))
        .layer(SetResponseHeaderLayer::overriding(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer")))
        .layer(SetResponseHeaderLayer::if_not_present(header::CACHE_CONTROL, HeaderValue::from_static("no-store")))
        .layer(TimeoutLayer::with_status_code(StatusCode::SERVICE_UNAVAILABLE, timeout))
        // gzip for a browser that asks (pages, CSS, JS: the grid page's 391 KiB
        // travel as 44 KiB); never for server-sent events, which must flow.
        .layer(tower_http::compression::CompressionLayer::new())
}
