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
//! Lehrgänge, Lektionentafel, Schuljahre), [`opening`] (Spezielles → Schuljahr eröffnen), [`live`]
//! (working together), [`employments`] and [`pool`] (Planung → Anstellungen, Pool, on
//! [`year_record`]), [`bookings`] (Planung → Abschlussarbeiten, IPB-Buchungen; Notizen), [`history`]
//! (Verlauf), [`admin`] (Verwaltung), [`moves`] (Verwaltung → Übernahmen), [`sso`] (sign-in through the identity provider), [`divisions`]
//! (Stammdaten → Organisationseinheiten, with the images); [`language`] switches the
//! language. Around them: [`guard`] (session, CSRF, role), [`layout`] (the
//! frame and menu every page shares), [`assets`] (embedded, content-hashed
//! files), [`record`] (a master-data record's page and forms), [`form`] (what those forms share), [`redirect`] (where a request may send the browser), [`htmx`] (the `HX-*` headers), [`page_error`] (error pages);
//! [`listing`] (what list pages share), [`refusal`] (how a refused write is answered), [`sorting`]
//! (the headers and head of a sorted list), [`notice`] (the message above a page).
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
pub mod language;
pub mod layout;
pub mod lessontable;
pub mod listing;
pub mod live;
pub mod lookups;
pub mod mail;
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
pub mod year_record;
pub mod yearview;

use std::time::Duration;

use askama::Template;
use axum::extract::DefaultBodyLimit;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;

use crate::error::{Error, ErrorCode};
use crate::i18n::{self, Lang};
use crate::store::Store;

/// The Content-Security-Policy of every web response: nothing inline, scripts,
/// styles, images, requests and forms only from this origin, no framing.
pub const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; \
                       connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/// Settings of the web interface.
#[derive(Debug, Clone, Default)]
pub struct WebConfig {
    /// The URL people reach the service at (`https://planung.school.ch`), for
    /// sign-in links; with `https` the session cookie is `Secure`. `None`:
    /// the listen address over http.
    pub public_url: Option<String>,
    /// Sign-in through the identity provider ([`sso`]); `None`: sign-in links only.
    pub signin: Option<crate::oidc::signin::SignInConfig>,
    /// The school's language (`serve --default-language`, German unless set):
    /// the pages' language for a browser whose `Accept-Language` names none
    /// of ours, before a person chooses one (docs/i18n.md §Choosing the language).
    pub default_lang: Lang,
}

impl WebConfig {
    /// The address links to this service start with (sign-in links,
    /// invitations): the public URL, else `http://` and the request's `Host`
    /// from `headers` (else `localhost`).
    pub fn base_url(&self, headers: &axum::http::HeaderMap) -> String {
        self.public_url.clone().unwrap_or_else(|| {
            let host = headers.get(axum::http::header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("localhost");
            format!("http://{host}")
        })
    }

    /// Whether cookies get the `Secure` attribute (the public URL is https).
    pub fn secure_cookies(&self) -> bool {
        self.public_url.as_deref().is_some_and(|u| u.trim().to_ascii_lowercase().starts_with("https://"))
    }
}

/// What the web handlers share.
#[derive(Debug, Clone)]
pub struct WebState {
    /// The database.
    pub store: Store,
    /// The settings.
    pub config: std::sync::Arc<WebConfig>,
    /// The job runner (its settings, and waking it for a new job).
    pub jobs: std::sync::Arc<crate::jobs::JobRunner>,
    /// Live changes and presence ([`live`]).
    pub live: std::sync::Arc<crate::service::live::LiveHub>,
    /// The jobs the Export page's streams watch ([`documents::events`]).
    pub job_watch: std::sync::Arc<crate::service::job_watch::JobWatch>,
    /// The sign-in through the identity provider, when configured ([`sso`]).
    pub sign_on: Option<std::sync::Arc<crate::oidc::signin::SignOn>>,
}

/// The web interface's routes with their layers: the session guard, the
/// security headers (CSP, `nosniff`, no referrer, `no-store` unless an asset),
/// the body limit, the request timeout and gzip compression (not for
/// server-sent events). Paths: `/`, `/signin`, `/signout`,
/// `/language`, `/years`, `/years/{id}/grid` (with its editor: `/years/{id}/courses/…`,
/// `/years/{id}/cells/…`), `/years/{id}/documents`,
/// `/years/{id}/mail`, `/jobs`, `/jobs/{id}/events`, `/files/{id}`, `/years/{id}/live`,
/// `/years/{id}/workload[/{teacher}[/pdf]]`, `/years/{id}/overview`, `/subjects`, `/classes`,
/// `/teachers`, `/subjectcategories`, `/subjecttypes`, `/genders` (each with `…/new`, `…/{id}`,
/// `…/{id}/edit`, `…/{id}/archive`, `…/{id}/delete`), `/opening[/{year}[/class|/open]]`,
/// `/history/{type}/{id}`, `/admin[/accounts[/{id}[/role|/delete|/tokens[/{token}/revoke]|/signin-link]]]`,
/// `/admin/moves[/{id}]`,
/// `/assets/{file}`; `/years/{id}/postings…`, `/years/{id}/theses…`, `/years/{id}/notes…` ([`bookings`]),
/// `/years/{id}/crossclass[/new|/{course}[/delete]]`, `/years/{id}/employments`, `/years/{id}/pool` (each
/// with `…/new`, `…/{id}`, `…/{id}/edit`, `…/{id}/delete`), `/curricula`, `/schoolyears` (as the
/// master data; a year is created under `/opening`), `/lessontable[/{key}[/edit|/row]]`,
/// `/signin/oidc[/callback]`, `/divisions` (as the master data without `…/archive`, and
/// `…/{id}/logo`, `…/{id}/signature`).
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
        .route("/", get(overview::page))
        .route(signin::PATH, get(signin::page))
        .route("/signout", post(signin::sign_out))
        .route(crate::service::session::CONFIRM_PATH, get(signin::confirm_page).post(signin::confirm))
        .route(
            "/signin/mail",
            post(signin_mail::send).layer(axum::Extension(std::sync::Arc::new(signin_mail::MailLimits::default()))),
        )
        .route("/language", post(language::switch))
        .route("/years", get(overview::switch_year))
        .route("/years/{year}/grid", get(grid::page))
        .route("/years/{year}/documents", get(documents::page))
        .route("/jobs", post(documents::start))
        .route("/jobs/{id}/events", get(documents::events))
        .route("/files/{id}", get(documents::download))
        .route("/years/{year}/live", get(live::events))
        .route("/years/{year}/workload", get(workload::list))
        .route("/years/{year}/workload/{teacher}", get(workload::sheet::page))
        .route("/years/{year}/workload/{teacher}/answer", post(sheet_word::answer))
        .route("/years/{year}/workload/{teacher}/pdf", get(workload::sheet::pdf))
        .route("/years/{year}/overview", get(yearview::page))
        .route("/years/{year}/release", post(release::release))
        .route("/years/{year}/mail", get(mail::form).post(mail::preview))
        .merge(record::routes::<teachers::TeacherRecord>())
        .merge(record::routes::<subjects::SubjectRecord>())
        .merge(record::routes::<classes::ClassRecord>())
        .merge(record::routes::<lookups::LookupRecord<lookups::CategoryScreen>>())
        .merge(record::routes::<lookups::LookupRecord<lookups::TypeScreen>>())
        .merge(record::routes::<lookups::LookupRecord<lookups::GenderScreen>>())
        .route("/years/{year}/courses/{id}/edit", get(grid::editor::edit))
        .route("/years/{year}/courses/{id}", post(grid::editor::save))
        .route("/years/{year}/courses/{id}/split", post(grid::split::split))
        .route("/years/{year}/courses/{id}/delete", post(grid::delete::delete))
        .route("/years/{year}/courses/{id}/merge", post(grid::merge::merge))
        .route("/years/{year}/courses/merge", post(grid::select::merge))
        .route("/years/{year}/courses/cancel", post(grid::cancel::cancel))
        .route("/years/{year}/courses/resume", post(grid::cancel::resume))
        .route("/years/{year}/grid/panel", get(grid::panel::panel))
        .route("/years/{year}/cells/{subject}/{class}", get(grid::cell::show).post(grid::cell::create))
        .route("/years/{year}/cells/{subject}/{class}/new", get(grid::cell::create_page))
        .route("/opening", get(opening::start).post(opening::create_year))
        .route("/opening/{year}", get(opening::year))
        .route("/opening/{year}/class", post(opening::create_class))
        .route("/opening/{year}/open", post(opening::open))
        .route("/years/{year}/postings", get(bookings::postings::list).post(bookings::postings::create))
        .route("/years/{year}/postings/new", get(bookings::postings::new_form))
        .route("/years/{year}/postings/{id}", post(bookings::postings::save))
        .route("/years/{year}/postings/{id}/edit", get(bookings::postings::edit_form))
        .route("/years/{year}/postings/{id}/delete", post(bookings::postings::delete))
        .route("/years/{year}/theses", get(bookings::theses::list))
        .route("/years/{year}/theses/{teacher}", post(bookings::theses::save))
        .route("/years/{year}/theses/{teacher}/edit", get(bookings::theses::edit_form))
        .route("/years/{year}/theses/paste", get(bookings::paste::page).post(bookings::paste::preview))
        .route("/years/{year}/theses/paste/save", post(bookings::paste::save))
        .route("/years/{year}/notes", get(bookings::notes::list).post(bookings::notes::create))
        .route("/years/{year}/notes/panel", get(bookings::notes::panel))
        .route("/years/{year}/notes/{id}/delete", post(bookings::notes::delete))
        .route("/history/{kind}/{id}", get(history::page))
        .route("/me", get(me::page))
        .route("/me/{year}", get(me::sheet))
        .route("/me/{year}/pdf", get(me::pdf))
        .route("/me/{year}/live", get(me::live))
        .route("/me/{year}/confirm", post(me::confirm))
        .route("/me/{year}/question", post(me::question))
        .route("/admin", get(admin::list))
        .route("/admin/accounts", post(admin::create))
        .route("/admin/accounts/{id}", get(admin::detail))
        .route("/admin/accounts/{id}/role", post(admin::change_role))
        .route("/admin/accounts/{id}/delete", post(admin::delete))
        .route("/admin/accounts/{id}/tokens", post(admin::create_token))
        .route("/admin/accounts/{id}/tokens/{token}/revoke", post(admin::revoke_token))
        .route("/admin/accounts/{id}/signin-link", post(admin::signin_link))
        .route("/admin/moves", get(moves::list))
        .route("/admin/invite", get(invite::page).post(invite::invite))
        .route("/admin/moves/{id}", get(moves::detail))
        .route("/years/{year}/crossclass", get(crossclass::page).post(crossclass::editor::create))
        .route("/years/{year}/crossclass/new", get(crossclass::editor::new))
        .route("/years/{year}/crossclass/{id}", get(crossclass::editor::edit).post(crossclass::editor::save))
        .route("/years/{year}/crossclass/{id}/delete", post(crossclass::editor::delete))
        .merge(year_record::routes::<employments::EmploymentRecord>())
        .merge(year_record::routes::<pool::PoolRecord>())
        .merge(record::routes::<curricula::CurriculumRecord>())
        .route("/lessontable", get(lessontable::page))
        .route("/lessontable/{key}", post(lessontable::save))
        .route("/lessontable/{key}/edit", get(lessontable::edit))
        .route("/lessontable/{key}/row", get(lessontable::row))
        .merge(schoolyears::routes())
        .route(crate::oidc::signin::START_PATH, get(sso::start))
        .route(crate::oidc::signin::CALLBACK_PATH, get(sso::callback))
        .merge(divisions::routes())
        // Inside the guard: it needs the viewer the guard found.
        .layer(axum::middleware::from_fn_with_state(state.clone(), error_frame::keep_the_menu))
        .layer(axum::middleware::from_fn_with_state(state.clone(), guard::guard))
        .with_state(state);
    Router::new()
        .merge(pages)
        .route("/assets/{file}", get(assets::serve))
        // A page or form whose database connection was lost before anything
        // was saved runs once more, as on the API (docs/faults.md).
        .layer(axum::middleware::from_fn(crate::api::retry::once_on_lost_connection))
        // Inside the timeout below: neither a hang-up nor the timeout cancels
        // a form's write halfway; it runs as a task of its own, the retry in it.
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

/// Renders a template as an HTML response (500 page when rendering fails).
pub fn render(lang: Lang, template: &impl Template) -> Response {
    match template.render() {
        Ok(html) => {
            let mut res = Html(html).into_response();
            res.headers_mut().insert(header::CONTENT_LANGUAGE, HeaderValue::from_static(lang.tag()));
            res
        }
        Err(e) => {
            tracing::error!(error = %e, "rendering a page failed");
            page_error(lang, Error::internal(anyhow::anyhow!("template: {e}")))
        }
    }
}

/// The error page: a title, one sentence and a way back.
#[derive(Template)]
#[template(path = "web/error.html")]
pub struct ErrorPage {
    /// `lang` of the document.
    pub lang: &'static str,
    /// Title.
    pub title: String,
    /// The sentence.
    pub message: String,
    /// Text of the link back.
    pub back: String,
    /// Stylesheet URL.
    pub css: &'static str,
}

/// The sentence of an error page, kept on its response, so that
/// [`error_frame::keep_the_menu`] can show the page inside the frame for a
/// signed-in person.
#[derive(Debug, Clone)]
pub struct ErrorSentence(pub String);

/// An error page with `status` and the catalogue text `key`.
pub fn error_page(lang: Lang, status: StatusCode, key: &str) -> Response {
    error_page_text(lang, status, i18n::text(lang, key))
}

/// An error page with `status` and the sentence `message` (already in `lang`).
pub fn error_page_text(lang: Lang, status: StatusCode, message: String) -> Response {
    let page = ErrorPage {
        lang: lang.tag(),
        title: i18n::text(lang, "web-error-title"),
        message,
        back: i18n::text(lang, "back-to-start"),
        css: &assets::urls().css,
    };
    let html = page.render().unwrap_or_else(|_| page.message.clone());
    let mut res = (status, Html(html)).into_response();
    res.headers_mut().insert(header::CONTENT_LANGUAGE, HeaderValue::from_static(lang.tag()));
    res.extensions_mut().insert(ErrorSentence(page.message));
    res
}

/// The page for a service error: 404 for `not_found`, 403 for `forbidden`,
/// any other refusal (4xx) with its own status and its sentence (and its
/// fields' messages); a fault of the database with its own status (503 or
/// 507), its sentence, `Retry-After` and its [`ErrorCode`] as a response
/// extension (docs/faults.md); only a fault of the server is 500 (logged).
pub fn page_error(lang: Lang, err: Error) -> Response {
    let status = err.status();
    match err.code() {
        ErrorCode::NotFound => error_page(lang, StatusCode::NOT_FOUND, "web-error-not-found"),
        ErrorCode::Forbidden => error_page(lang, StatusCode::FORBIDDEN, "web-error-forbidden"),
        _ if status.is_client_error() => {
            let mut message = err.message(lang);
            for (_, _, field) in err.field_messages(lang) {
                if !message.contains(&field) {
                    message.push(' ');
                    message.push_str(&field);
                }
            }
            error_page_text(lang, status, message)
        }
        code => match code.retry_after() {
            // A fault of the database (a lost connection, a held lock, a full
            // disk): its own status and sentence, when to try again, and the
            // code, by which the app runs a request whose connection was lost
            // once more (docs/faults.md); never a 500.
            Some(seconds) => {
                tracing::warn!(error = ?err, "a web request met a fault of the database");
                let mut res = error_page_text(lang, status, err.message(lang));
                res.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(seconds));
                res.extensions_mut().insert(code);
                res
            }
            None => {
                tracing::error!(error = ?err, "a web request failed");
                error_page(lang, StatusCode::INTERNAL_SERVER_ERROR, "web-error-internal")
            }
        },
    }
}
