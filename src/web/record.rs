//! A master-data screen's list, a record's page and forms, the same for every master-data
//! screen (docs/web.md §Master-data forms): the page of one object, the form
//! to create one and to edit one, archive or reactivate, delete.
//!
//! A screen (e.g. [`super::teachers::TeacherRecord`]) implements [`Record`]:
//! which service resource it writes, how an object becomes form values and
//! the form values the API's body, which fields and facts it shows. The
//! handlers here do the rest, for every screen alike:
//!
//! | route | handler |
//! |---|---|
//! | `GET {base}?q=…&state=…` | [`list_page`] (a [`Listed`] screen) |
//! | `GET {base}/{id}` | [`detail`] |
//! | `GET {base}/new`, `POST {base}` | [`new_form`], [`create`] |
//! | `GET {base}/{id}/edit`, `POST {base}/{id}` | [`edit_form`], [`save`] |
//! | `POST {base}/{id}/archive` | [`archive`] (`archived=true\|false`; only when [`Record::ARCHIVABLE`]) |
//! | `POST {base}/{id}/delete` | [`delete`] |
//!
//! Writes parse the form with the resource's [`FromBody`] reader and go
//! through [`crud::create`], [`crud::update`] and [`crud::delete`] (as the JSON
//! API does), expecting the version the form was loaded at. A refused save
//! shows the form again with the values typed and the problems beside their
//! fields (422), someone else's change with both values (412); a refused
//! delete names what still uses the object (409); after a write the browser
//! is redirected (303). Readers get no write control and 403 on the forms.
//!
//! A form as it is answered, [`FormState`] with its template [`RecordForm`],
//! has a file of its own (`record/form_state.rs`), shared with [`super::year_record`].

mod form_state;

use std::collections::HashMap;
use std::future::Future;

use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, Uri};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Form, Router};
use serde_json::Value;

use super::form::{self, Field, FieldErrors, FormData};
use super::guard::SignedIn;
use super::htmx::HxRequest;
use super::kit::errors::page_error;
use super::kit::render::render;
use super::kit::state::WebState;
use super::layout::{Page, Screen};
use super::listing::{count_text, done_notice, here, region_answer, search_text};
pub use super::notice::Notice;
use super::refusal::{self, forbidden, is_page_fault, last_change, refusal_text};
use crate::domain::body_reader::Mode;
use crate::domain::FromBody;
use crate::error::{Error, ErrorCode, Result};
use crate::i18n::{self, Lang};
use crate::service::audit::Actor;
use crate::service::crud::{self, Crud, CrudCreate, Written};
use crate::service::session::SessionUser;
use crate::service::version::{Expect, Version};
use crate::store::{Conn, Store};
pub use form_state::{FormState, RecordForm};

/// The choices of a form's `select` and `checks` fields: per field name, the
/// (value, label) pairs.
pub type Options = Vec<(&'static str, Vec<(String, String)>)>;

/// The choices of field `name` in `options` (none when absent).
pub fn options_of(options: &Options, name: &str) -> Vec<(String, String)> {
    options.iter().find(|(n, _)| *n == name).map(|(_, o)| o.clone()).unwrap_or_default()
}

/// The single form of a record's resource.
pub type Single<S> = <<S as Record>::R as Crud>::Single;

/// A master-data screen's record: what the generic page and forms need.
///
/// Catalogue keys, with `P` = [`Record::PREFIX`]: `P-new-title`,
/// `P-edit-title` (`$code`), `P-detail-title` (`$code`, `$name`),
/// `P-object` (`$code`, in the sentence of a refused delete), `P-back`,
/// `P-delete-confirm`, `P-done-created`, `P-done-saved`, `P-done-archived`,
/// `P-done-unarchived`.
pub trait Record: Send + Sync + 'static {
    /// The service resource written (e.g. [`crate::service::resources::Teachers`]).
    type R: CrudCreate;
    /// The screen's path (`/teachers`).
    const BASE: &'static str;
    /// The menu entry marked.
    const SCREEN: Screen;
    /// The prefix of its catalogue keys (`teachers`).
    const PREFIX: &'static str;
    /// The form's fields, named as the API's body keys (so a problem's JSON
    /// pointer names its field).
    const FIELDS: &'static [&'static str];

    /// The form values of a saved object (without `archived` and the version).
    fn values_of(item: &Single<Self>) -> FormData;
    /// The API's body of the form values: every writable key (a PUT), with
    /// `archived` from the values.
    fn body(values: &FormData) -> Value;
    /// The form's fields showing `values` and `errors`, with the choices `options`.
    fn fields(lang: Lang, values: &FormData, errors: &FieldErrors, options: &Options) -> Vec<Field>;
    /// The object's page: (label, value) of every field, in the page's language.
    fn facts(lang: Lang, item: &Single<Self>) -> Vec<(String, String)>;
    /// The object's code (in titles and sentences).
    fn code(item: &Single<Self>) -> String;
    /// The object's name (in the page's title).
    fn name(item: &Single<Self>) -> String;
    /// Whether the object is archived.
    fn archived(item: &Single<Self>) -> bool;
    /// The choices of the form's lookups; archived ones only when among `chosen`.
    fn options(conn: &mut Conn, chosen: &FormData) -> impl Future<Output = Result<Options>> + Send;

    /// Creates the object from the form's input (default: [`crud::create`];
    /// a resource with its own use case, e.g. curricula, names it here).
    fn create_new<'a>(
        store: &'a Store,
        actor: &'a Actor,
        new: &'a <Self::R as CrudCreate>::New,
    ) -> impl Future<Output = Result<Written<Single<Self>>>> + Send + 'a {
        crud::create::<Self::R>(store, actor, new)
    }

    /// Saves the form's input over object `id` expecting `expect` (default: [`crud::update`]).
    fn update_new<'a>(
        store: &'a Store,
        actor: &'a Actor,
        id: i64,
        expect: &'a Expect,
        new: &'a <Self::R as Crud>::Update,
    ) -> impl Future<Output = Result<Written<Single<Self>>>> + Send + 'a {
        crud::update::<Self::R>(store, actor, id, expect, new)
    }

    /// The object's page facts when they name other objects read with `conn`
    /// (default: [`Record::facts`]).
    fn facts_read<'a>(
        conn: &'a mut Conn,
        lang: Lang,
        item: &'a Single<Self>,
    ) -> impl Future<Output = Result<Vec<(String, String)>>> + Send + 'a {
        let _ = conn;
        std::future::ready(Ok(Self::facts(lang, item)))
    }

    /// Links on the object's page below its facts: (href, text) (default: none).
    fn links(lang: Lang, item: &Single<Self>) -> Vec<(String, String)> {
        let _ = (lang, item);
        Vec::new()
    }
    /// Whether the objects can be archived (default). Without (a division has
    /// no `archived` field): no archive route or button, no state filter or column.
    const ARCHIVABLE: bool = true;
    /// The catalogue key of the sentence of a refused delete ([`form::in_use_with`]).
    const IN_USE: &'static str = "form-in-use";

    /// The API's body of a save of the form `values` over the saved object
    /// `current`: [`Record::body`] (the default); a screen whose form leaves
    /// writable fields out (a division's images, changed on its page) takes
    /// them from `current`. The write expects the version the form was loaded
    /// at, so `current` is that version or the write is refused (412).
    fn body_over(values: &FormData, current: &Single<Self>) -> Value {
        let _ = current;
        Self::body(values)
    }

    /// The screen's own section of the object's page, below its facts and
    /// buttons: HTML rendered by the screen's template, empty by default.
    fn section(ctx: &SectionContext<'_>, item: &Single<Self>) -> String {
        let _ = (ctx, item);
        String::new()
    }
}

/// What a screen's own section of a record's page gets ([`Record::section`]).
#[derive(Debug)]
pub struct SectionContext<'a> {
    /// The page's language.
    pub lang: Lang,
    /// The object's id.
    pub id: i64,
    /// The version shown (for the section's forms).
    pub version: &'a str,
    /// The session's CSRF token (for the section's forms).
    pub csrf: &'a str,
    /// Whether the person may change the object (shows the section's controls).
    pub can_write: bool,
    /// Problems of a refused write of the section, by field.
    pub errors: &'a FieldErrors,
}

/// A master-data screen's list: the objects with a search and the
/// active/archived filter (`GET {base}?q=…&state=all|active|archived`; with
/// htmx, target `{ROW}-list`, the list alone).
///
/// Catalogue keys, with `P` = [`Record::PREFIX`]: `P-title`, `P-caption`,
/// `P-count` (`$shown`, `$total`), `P-none`, `P-search-hint`, `P-new`,
/// `P-done-deleted`.
pub trait Listed: Record {
    /// An object as listed.
    type Item: Send + 'static;
    /// The element ids' prefix: rows `{ROW}-{id}`, the list `{ROW}-list`,
    /// the search field `{ROW}-q`.
    const ROW: &'static str;
    /// Every object, in the list's order.
    fn list(conn: &mut Conn) -> impl Future<Output = Result<Vec<Self::Item>>> + Send;
    /// The column headers (the first is the code's, the last the state's when [`Record::ARCHIVABLE`]).
    fn headers(lang: Lang) -> Vec<String>;
    /// An object's row: id, the cells before the state (the first is the code), archived.
    fn row(item: &Self::Item) -> (i64, Vec<String>, bool);
}

/// Whether every word of `q` occurs in `hay`, case-insensitively.
pub fn matches(hay: &str, q: &str) -> bool {
    let hay = hay.to_lowercase();
    q.split_whitespace().all(|word| hay.contains(&word.to_lowercase()))
}

/// A list page.
#[derive(Template)]
#[template(path = "web/record/list_page.html")]
pub struct ListPage {
    /// The frame.
    pub page: Page,
    /// The screen's path.
    pub base: &'static str,
    /// The element ids' prefix ([`Listed::ROW`]).
    pub row: &'static str,
    /// The search text.
    pub q: String,
    /// The search field's hint.
    pub hint: String,
    /// The state filter's choices (all, active, archived); empty: no filter.
    pub states: Vec<form::Choice>,
    /// The create link's text, empty when the person may not create.
    pub new_label: String,
    /// What was just done (after a delete), or empty.
    pub done: String,
    /// The list.
    pub list: ListView,
}

/// The list alone (the answer to the htmx search).
#[derive(Template)]
#[template(path = "web/record/list.html")]
pub struct ListRegion {
    /// The list.
    pub list: ListView,
}

/// A list as the templates show it.
#[derive(Debug, Clone)]
pub struct ListView {
    /// The element ids' prefix ([`Listed::ROW`]).
    pub row: &'static str,
    /// The screen's path (rows link to `{base}/{id}`).
    pub base: &'static str,
    /// Caption.
    pub caption: String,
    /// Column headers.
    pub headers: Vec<String>,
    /// `n of m …`.
    pub count: String,
    /// Shown when nothing matches.
    pub none: String,
    /// The rows.
    pub rows: Vec<ListRow>,
    /// Whether the objects have a state (the state column).
    pub archivable: bool,
}

/// A row of a list.
#[derive(Debug, Clone)]
pub struct ListRow {
    /// The object's id.
    pub id: i64,
    /// The code (first column, a link to the object's page).
    pub code: String,
    /// The other cells before the state.
    pub cells: Vec<String>,
    /// `aktiv` or `archiviert`.
    pub state: String,
    /// Whether archived (the state is marked).
    pub archived: bool,
}

/// `GET {base}`: the list, searched (`q`: every word in some cell) and filtered (`state`).
pub async fn list_page<S: Listed>(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Query(query): Query<HashMap<String, String>>,
    hx: HxRequest,
    uri: Uri,
) -> Response {
    let q = search_text(&query);
    let chosen = query.get("state").map_or("all", String::as_str);
    let archived = match chosen {
        "active" if S::ARCHIVABLE => Some(false),
        "archived" if S::ARCHIVABLE => Some(true),
        _ => None,
    };
    let read =
        state.store.snapshot(async |conn| Result::Ok((S::list(conn).await?, form::menu_years(conn).await?))).await;
    let (all, years) = match read {
        Ok(read) => read,
        Err(e) => return page_error(lang, e),
    };
    let t = |key: &str| i18n::text(lang, &format!("{}-{key}", S::PREFIX));
    let rows: Vec<ListRow> = all
        .iter()
        .map(S::row)
        .filter(|(_, cells, a)| matches(&cells.join(" "), &q) && archived.is_none_or(|x| x == *a))
        .map(|(id, mut cells, archived)| ListRow {
            id,
            code: if cells.is_empty() { String::new() } else { cells.remove(0) },
            cells,
            state: i18n::text(lang, if archived { "form-archived" } else { "form-active" }),
            archived,
        })
        .collect();
    let count = count_text(lang, &format!("{}-count", S::PREFIX), rows.len(), all.len());
    let list = ListView {
        row: S::ROW,
        base: S::BASE,
        caption: t("caption"),
        headers: S::headers(lang),
        count,
        none: t("none"),
        rows,
        archivable: S::ARCHIVABLE,
    };
    let here = here(&uri);
    if hx.wants_fragment(&format!("{}-list", S::ROW)) {
        return region_answer(here, render(lang, &ListRegion { list }));
    }
    let states = [("all", "form-state-all"), ("active", "form-state-active"), ("archived", "form-state-archived")]
        .into_iter()
        .filter(|_| S::ARCHIVABLE)
        .map(|(value, key)| form::Choice {
            value: value.into(),
            label: i18n::text(lang, key),
            selected: value == chosen,
        })
        .collect();
    let done = done_notice(lang, &query, S::PREFIX, &["deleted"]).map(|n| n.text).unwrap_or_default();
    let new_label = if user.can_plan() { t("new") } else { String::new() };
    let mut page = Page::new(lang, S::SCREEN, t("title"), Some(user), here);
    // The menu's Planung entry leads to the newest year's grid.
    page.years = years;
    render(
        lang,
        &ListPage { page, base: S::BASE, row: S::ROW, q, hint: t("search-hint"), states, new_label, done, list },
    )
}

/// A record's page.
#[derive(Template)]
#[template(path = "web/record/page.html")]
pub struct RecordPage {
    /// The frame.
    pub page: Page,
    /// The object: its facts, the back link, the edit and delete controls.
    pub object: ObjectView,
    /// Whether archived (decides the archive button).
    pub archived: bool,
    /// Whether it can be archived (shows the archive button).
    pub archivable: bool,
    /// A message: what was just done, or why it was not.
    pub notice: Option<Notice>,
    /// The object's history link (`/history/{type}/{id}`), empty for whoever
    /// may not read the audit trail (docs/web.md §History).
    pub history: String,
    /// Links below the facts: (href, text) ([`Record::links`]).
    pub links: Vec<(String, String)>,
    /// The screen's own section ([`Record::section`], HTML), or empty.
    pub section: String,
}

/// What the page of an object shows of it, on a master-data screen
/// ([`RecordPage`]) and on a screen of one school year's objects
/// ([`super::year_record::ObjectPage`]) alike.
#[derive(Debug, Clone)]
pub struct ObjectView {
    /// The list's path (`/teachers`, `/years/3/employments`).
    pub base: String,
    /// The object's id.
    pub id: i64,
    /// The fields: (label, value).
    pub facts: Vec<(String, String)>,
    /// The version shown (for the archive and delete forms).
    pub version: String,
    /// Whether the person may change it (shows the buttons).
    pub can_write: bool,
    /// Text of the link back to the list.
    pub back: String,
    /// The sentence before the delete button.
    pub delete_confirm: String,
}

impl ObjectView {
    /// Object `id` of the list `base` with its `facts` and `version`; the
    /// back link's and the delete's texts are catalogue keys `{prefix}-back`
    /// and `{prefix}-delete-confirm`.
    pub fn new(
        lang: Lang,
        prefix: &str,
        base: String,
        id: i64,
        facts: Vec<(String, String)>,
        version: String,
        can_write: bool,
    ) -> ObjectView {
        let back = i18n::text(lang, &format!("{prefix}-back"));
        let delete_confirm = i18n::text(lang, &format!("{prefix}-delete-confirm"));
        ObjectView { base, id, facts, version, can_write, back, delete_confirm }
    }
}

/// The routes of a screen: `GET {base}` ([`list_page`]), `POST {base}`
/// ([`create`]) and below it `/new`, `/{id}`, `/{id}/edit`, `/{id}/archive`
/// (when [`Record::ARCHIVABLE`]), `/{id}/delete`.
pub fn routes<S: Listed>() -> Router<WebState> {
    let base = S::BASE;
    let router = Router::new()
        .route(base, get(list_page::<S>).post(create::<S>))
        .route(&format!("{base}/new"), get(new_form::<S>))
        .route(&format!("{base}/{{id}}"), get(detail::<S>).post(save::<S>))
        .route(&format!("{base}/{{id}}/edit"), get(edit_form::<S>))
        .route(&format!("{base}/{{id}}/delete"), post(delete::<S>));
    if S::ARCHIVABLE {
        router.route(&format!("{base}/{{id}}/archive"), post(archive::<S>))
    } else {
        router
    }
}

/// The form values of a saved object with its `archived` state and version.
pub fn loaded<S: Record>(item: &Single<S>) -> FormData {
    let mut values = S::values_of(item);
    values.set("archived", S::archived(item).to_string());
    values.set(form::VERSION_FIELD, Version::of(item).map(|v| v.to_string()).unwrap_or_default());
    values
}

/// The frame of a record's page or form, with the years for the menu.
async fn frame(
    state: &WebState,
    screen: Screen,
    user: SessionUser,
    lang: Lang,
    title: String,
    here: String,
) -> Result<Page> {
    let years = state.store.snapshot(async |conn| form::menu_years(conn).await).await?;
    let mut page = Page::new(lang, screen, title, Some(user), here);
    page.years = years;
    Ok(page)
}

/// `GET {base}/{id}`: the record's page; `?done=` says what was just done.
pub async fn detail<S: Record>(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(id): Path<i64>,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let notice = done_notice(lang, &query, S::PREFIX, &["created", "saved", "archived", "unarchived"]);
    show_detail::<S>(&state, user, lang, id, notice, &FieldErrors::none(lang), StatusCode::OK).await
}

/// The record's page as it is now, with `notice` and the problems `errors`
/// of a refused write of the screen's section, answered with `status`.
pub async fn show_detail<S: Record>(
    state: &WebState,
    user: SessionUser,
    lang: Lang,
    id: i64,
    notice: Option<Notice>,
    errors: &FieldErrors,
    status: StatusCode,
) -> Response {
    let item = match crud::get::<S::R>(&state.store, id).await {
        Ok(item) => item,
        Err(e) => return page_error(lang, e),
    };
    let title = i18n::text_with(
        lang,
        &format!("{}-detail-title", S::PREFIX),
        &[("code", S::code(&item).into()), ("name", S::name(&item).into())],
    );
    let here = format!("{}/{id}", S::BASE);
    let page = match frame(state, S::SCREEN, user.clone(), lang, title, here).await {
        Ok(page) => page,
        Err(e) => return page_error(lang, e),
    };
    let facts = match state.store.snapshot(async |conn| S::facts_read(conn, lang, &item).await).await {
        Ok(facts) => facts,
        Err(e) => return page_error(lang, e),
    };
    let version = Version::of(&item).map(|v| v.to_string()).unwrap_or_default();
    let ctx = SectionContext { lang, id, version: &version, csrf: page.csrf(), can_write: user.can_plan(), errors };
    let section = S::section(&ctx, &item);
    let html = render(
        lang,
        &RecordPage {
            page,
            object: ObjectView::new(lang, S::PREFIX, S::BASE.into(), id, facts, version, user.can_plan()),
            archived: S::archived(&item),
            archivable: S::ARCHIVABLE,
            notice,
            history: if crate::service::history::may_read(user.role) {
                super::history::link(<S::R as Crud>::PATH, id)
            } else {
                String::new()
            },
            links: S::links(lang, &item),
            section,
        },
    );
    (status, html).into_response()
}

/// Renders the form (new when `id` is `None`); 403 for a reader.
async fn show_form<S: Record>(state: &WebState, user: SessionUser, lang: Lang, s: FormState) -> Response {
    if !user.can_plan() {
        return forbidden(lang);
    }
    let options = match state.store.snapshot(async |conn| S::options(conn, &s.values).await).await {
        Ok(options) => options,
        Err(e) => return page_error(lang, e),
    };
    let title = match s.id {
        None => i18n::text(lang, &format!("{}-new-title", S::PREFIX)),
        Some(_) => {
            i18n::text_with(lang, &format!("{}-edit-title", S::PREFIX), &[("code", s.values.get("code").into())])
        }
    };
    let (_, _, here) = s.paths(S::BASE);
    let page = match frame(state, S::SCREEN, user, lang, title, here).await {
        Ok(page) => page,
        Err(e) => return page_error(lang, e),
    };
    let archived = s.values.checked("archived");
    s.answer(lang, page, S::BASE, archived, |values, errors| S::fields(lang, values, errors, &options))
}

/// `GET {base}/new`: the empty form (planners and admins; 403 for readers).
pub async fn new_form<S: Record>(State(state): State<WebState>, SignedIn { user, lang }: SignedIn) -> Response {
    show_form::<S>(&state, user, lang, FormState::fresh(None, FormData::default(), lang)).await
}

/// `GET {base}/{id}/edit`: the form with the saved values and their version.
pub async fn edit_form<S: Record>(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(id): Path<i64>,
) -> Response {
    let item = match crud::get::<S::R>(&state.store, id).await {
        Ok(item) => item,
        Err(e) => return page_error(lang, e),
    };
    show_form::<S>(&state, user, lang, FormState::fresh(Some(id), loaded::<S>(&item), lang)).await
}

/// `POST {base}`: creates the object and shows its page, or the form again with the problems.
pub async fn create<S: Record>(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Form(fields): Form<Vec<(String, String)>>,
) -> Response {
    let values = FormData::from_fields(fields);
    let written = async {
        let new = <S::R as CrudCreate>::New::from_body(&S::body(&values), Mode::Create)?;
        S::create_new(&state.store, &form::actor(&user, S::BASE), &new).await
    }
    .await;
    match written {
        Ok(w) => Redirect::to(&format!("{}/{}?done=created", S::BASE, w.id)).into_response(),
        Err(e) => refused::<S>(&state, user, lang, None, values, e).await,
    }
}

/// `POST {base}/{id}`: saves the form over the object, expecting the version
/// it was loaded at.
pub async fn save<S: Record>(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(id): Path<i64>,
    Form(fields): Form<Vec<(String, String)>>,
) -> Response {
    let values = FormData::from_fields(fields);
    let actor = form::actor(&user, &format!("{}/{id}", S::BASE));
    let written = async {
        let current = crud::get::<S::R>(&state.store, id).await?;
        let new = <S::R as Crud>::Update::from_body(&S::body_over(&values, &current), Mode::Replace)?;
        S::update_new(&state.store, &actor, id, &values.expect()?, &new).await
    }
    .await;
    match written {
        Ok(_) => Redirect::to(&format!("{}/{id}?done=saved", S::BASE)).into_response(),
        Err(e) => refused::<S>(&state, user, lang, Some(id), values, e).await,
    }
}

/// The answer to a refused save: the form again with the values typed and
/// the problems, or with someone else's change (412); other faults as pages.
async fn refused<S: Record>(
    state: &WebState,
    user: SessionUser,
    lang: Lang,
    id: Option<i64>,
    values: FormData,
    e: Error,
) -> Response {
    match (e.code(), id) {
        (ErrorCode::PreconditionFailed, Some(id)) => conflict::<S>(state, user, lang, id, values).await,
        _ if is_page_fault(&e) => page_error(lang, e),
        _ => show_form::<S>(state, user, lang, FormState::refused(id, values, &e, lang, S::FIELDS)).await,
    }
}

/// 412: the form again with the values typed and the current version, above
/// it what differs between the saved object and the form, and who changed it last.
async fn conflict<S: Record>(
    state: &WebState,
    user: SessionUser,
    lang: Lang,
    id: i64,
    mut values: FormData,
) -> Response {
    let read = state
        .store
        .snapshot(async |conn| {
            let item =
                <S::R as Crud>::get(conn, id).await?.ok_or_else(|| Error::not_found(<S::R as Crud>::NOUN, id))?;
            let last = last_change(conn, <S::R as Crud>::PATH, id).await?;
            let saved = loaded::<S>(&item);
            // The choices of both, so that each side shows its labels.
            let options = S::options(conn, &refusal::both(&saved, &values)).await?;
            Result::Ok((saved, last, options))
        })
        .await;
    let (saved, last, options) = match read {
        Ok(read) => read,
        Err(e) => return page_error(lang, e),
    };
    let conflict = refusal::conflict(lang, &saved, &mut values, last, |v, e| S::fields(lang, v, e, &options));
    values.set("archived", saved.get("archived"));
    show_form::<S>(state, user, lang, FormState::conflict(id, values, conflict, lang)).await
}

/// `POST {base}/{id}/archive`: `archived=true` archives, `false` reactivates;
/// the other fields stay as they are. Expects `_version`.
pub async fn archive<S: Record>(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(id): Path<i64>,
    Form(fields): Form<Vec<(String, String)>>,
) -> Response {
    let sent = FormData::from_fields(fields);
    let to = match sent.get("archived").trim() {
        "true" => true,
        "false" => false,
        _ => {
            return page_error(lang, Error::new(ErrorCode::Required, crate::i18n::Message::new("web-form-no-archived")))
        }
    };
    let actor = form::actor(&user, &format!("{}/{id}/archive", S::BASE));
    let result = async {
        let current = crud::get::<S::R>(&state.store, id).await?;
        let mut values = S::values_of(&current);
        values.set("archived", to.to_string());
        let new = <S::R as Crud>::Update::from_body(&S::body_over(&values, &current), Mode::Replace)?;
        S::update_new(&state.store, &actor, id, &sent.expect()?, &new).await
    }
    .await;
    match result {
        Ok(_) => Redirect::to(&format!("{}/{id}?done={}", S::BASE, if to { "archived" } else { "unarchived" }))
            .into_response(),
        Err(e) => write_refused::<S>(&state, user, lang, id, e).await,
    }
}

/// `POST {base}/{id}/delete`: deletes the object (expects `_version`); 409
/// names what still uses it.
pub async fn delete<S: Record>(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(id): Path<i64>,
    Form(fields): Form<Vec<(String, String)>>,
) -> Response {
    let sent = FormData::from_fields(fields);
    let actor = form::actor(&user, &format!("{}/{id}/delete", S::BASE));
    match async { crud::delete::<S::R>(&state.store, &actor, id, &sent.expect()?).await }.await {
        Ok(()) => Redirect::to(&format!("{}?done=deleted", S::BASE)).into_response(),
        Err(e) => write_refused::<S>(&state, user, lang, id, e).await,
    }
}

/// An archive or delete refused: the page as it is now with the reason —
/// what still uses it (409), someone else's change (412); other faults as pages.
async fn write_refused<S: Record>(state: &WebState, user: SessionUser, lang: Lang, id: i64, e: Error) -> Response {
    let text = match e.code() {
        ErrorCode::Referenced => {
            let read: Result<_> = state
                .store
                .snapshot(async |conn| {
                    let item = <S::R as Crud>::get(conn, id).await?;
                    Result::Ok((item, <S::R as Crud>::users(conn, id).await?))
                })
                .await;
            match read {
                Ok((Some(item), users)) => {
                    let object =
                        i18n::text_with(lang, &format!("{}-object", S::PREFIX), &[("code", S::code(&item).into())]);
                    form::in_use_with(lang, S::IN_USE, &object, &users)
                }
                _ => e.message(lang),
            }
        }
        _ => match refusal_text(lang, &e) {
            Some(text) => text,
            None => return page_error(lang, e),
        },
    };
    let notice = Notice { kind: "error", text };
    show_detail::<S>(state, user, lang, id, Some(notice), &FieldErrors::none(lang), e.status()).await
}
