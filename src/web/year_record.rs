//! The list, page and forms of what belongs to one school year and has an
//! editor of its own — Anstellungen ([`super::employments`]) and Pool
//! ([`super::pool`]) — the same for each (docs/web.md §Anstellungen, §Pool).
//!
//! Like [`super::record`] for master data, but under the year of the URL and
//! without archiving:
//!
//! | route | handler |
//! |---|---|
//! | `GET /years/{year}/{segment}?q=…&<filter>=…` | [`list_page`] |
//! | `GET /years/{year}/{segment}/{id}` | [`detail`] |
//! | `GET …/new`, `POST /years/{year}/{segment}` | [`new_form`], [`create`] |
//! | `GET …/{id}/edit`, `POST …/{id}` | [`edit_form`], [`save`] |
//! | `POST …/{id}/delete` | [`delete`] |
//!
//! Writes parse the form with the resource's [`FromBody`] reader (the
//! school year comes from the URL) and go through [`crud::create`],
//! [`crud::update`] and [`crud::delete`], as the JSON API does, expecting the
//! version the form was loaded at. Problems go beside their fields (422),
//! someone else's change shows both values (412), a refused delete names what
//! still uses the object (409); after a write the browser is redirected (303).
//! Readers see no write control and get 403 on the forms. An object of
//! another year than the URL's is not found (404).

use std::collections::HashMap;
use std::future::Future;

use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, Uri};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Form, Router};
use rust_decimal::Decimal;
use serde_json::Value;
use url::form_urlencoded::Serializer;

use super::form::{self, Choice, Field, FieldErrors, FormData};
use super::guard::SignedIn;
use super::htmx::HxRequest;
use super::kit::errors::page_error;
use super::kit::render::render;
use super::kit::state::WebState;
use super::layout::{Page, Screen};
use super::listing::{count_text, done_notice, here, region_answer, search_text};
use super::record::{matches, options_of, FormState, Notice, ObjectView, Options};
use super::refusal::{self, forbidden, is_page_fault, last_change, refusal_text};
use super::sorting::{dir_param, sorted_query, HeaderView};
use crate::domain::body_reader::Mode;
use crate::domain::ids::SchoolYearId;
use crate::domain::FromBody;
use crate::error::{Error, ErrorCode, Result};
use crate::i18n::{self, Lang};
use crate::service::crud::{self, Crud, CrudCreate};
use crate::service::session::SessionUser;
use crate::service::version::Version;
use crate::store::Conn;

/// The single form of a screen's resource.
pub type Single<S> = <<S as YearRecord>::R as Crud>::Single;

/// A screen of one school year's objects: what the generic list, page and forms need.
///
/// Catalogue keys, with `P` = [`YearRecord::PREFIX`]: `P-title` (`$year`),
/// `P-caption`, `P-count` (`$shown`, `$total`), `P-none`, `P-search-hint`,
/// `P-new`, `P-new-title`, `P-edit-title` (`$code`), `P-detail-title`
/// (`$code`), `P-in-use` (`$code`, `$users`), `P-back`, `P-delete-confirm`,
/// `P-done-created`, `P-done-saved`, `P-done-deleted`, and `P-filter-<name>`
/// for each of [`YearRecord::FILTERS`].
pub trait YearRecord: Send + Sync + 'static {
    /// The service resource written.
    type R: CrudCreate;
    /// An object as listed.
    type Item: Send + 'static;
    /// The path segment below the year (`employments`).
    const SEGMENT: &'static str;
    /// The menu entry marked.
    const SCREEN: Screen;
    /// The prefix of the catalogue keys.
    const PREFIX: &'static str;
    /// The element ids' prefix: rows `{ROW}-{id}`, the list `{ROW}-list`, the search `{ROW}-q`.
    const ROW: &'static str;
    /// The form's fields, named as the API's body keys.
    const FIELDS: &'static [&'static str];
    /// The list's choice filters, each a query parameter and a field of
    /// [`YearRecord::options`] whose choices it offers (`division`).
    const FILTERS: &'static [&'static str];

    /// The school year id of a saved object.
    fn year_of(item: &Single<Self>) -> i64;
    /// The form values of a saved object (without the version).
    fn values_of(item: &Single<Self>) -> FormData;
    /// The API's body of the form values in school year `year` (every writable key).
    fn body(year: i64, values: &FormData) -> Value;
    /// The form's fields showing `values` and `errors`, with the choices `options`.
    fn fields(lang: Lang, values: &FormData, errors: &FieldErrors, options: &Options) -> Vec<Field>;
    /// The object's page: (label, value) of every field.
    fn facts(lang: Lang, item: &Single<Self>) -> Vec<(String, String)>;
    /// The object's short name in titles and sentences.
    fn code(item: &Single<Self>) -> String;
    /// The choices of the form's selects in school year `year`; archived or
    /// otherwise unoffered ones only when among `chosen`.
    fn options(conn: &mut Conn, year: i64, chosen: &FormData) -> impl Future<Output = Result<Options>> + Send;
    /// Every object of school year `year`, in the list's order.
    fn list(conn: &mut Conn, year: i64) -> impl Future<Output = Result<Vec<Self::Item>>> + Send;
    /// The column headers: (text, whether a figure column).
    fn headers(lang: Lang) -> Vec<(String, bool)>;
    /// An object's row.
    fn row(lang: Lang, item: &Self::Item) -> Row;
    /// Labels of what still uses object `id` (the sentence of a refused delete), translated.
    fn users(conn: &mut Conn, lang: Lang, id: i64) -> impl Future<Output = Result<Vec<String>>> + Send;
}

/// A row of a list.
#[derive(Debug, Clone)]
pub struct Row {
    /// The object's id.
    pub id: i64,
    /// The cells; the first links to the object's page.
    pub cells: Vec<Cell>,
    /// The text the search looks in.
    pub search: String,
    /// Per filter of [`YearRecord::FILTERS`], the value the row has (an id).
    pub keys: Vec<(&'static str, String)>,
    /// A CSS class of the row (`row--plus`, `row--minus`) or empty.
    pub class: &'static str,
    /// The notes marker beside the first cell (Anstellungen: the teacher's
    /// notes), if any.
    pub marker: Option<Marker>,
}

/// A marker beside a row's first cell that opens the side panel: the count
/// of notes about the row's teacher (docs/web.md §Anstellungen, "Notes").
#[derive(Debug, Clone)]
pub struct Marker {
    /// The page it stands for (without JavaScript): the notes of the teacher.
    pub href: String,
    /// The side panel's fragment (htmx).
    pub panel: String,
    /// How many.
    pub count: usize,
    /// What it says to a screen reader (`2 Notizen zu abc`).
    pub label: String,
}

/// A cell of a list.
#[derive(Debug, Clone, Default)]
pub struct Cell {
    /// The text shown.
    pub text: String,
    /// The exact figure (`data-value`), empty for a text.
    pub value: String,
    /// Whether a figure (right-aligned).
    pub figure: bool,
}

impl Cell {
    /// A text cell.
    pub fn text(text: impl Into<String>) -> Cell {
        Cell { text: text.into(), ..Cell::default() }
    }

    /// A figure cell: `text` shown, `value` exact in `data-value`.
    pub fn figure(text: String, value: String) -> Cell {
        Cell { text, value, figure: true }
    }
}

/// A percent as entered, exactly, with at least 2 decimals: `77.50 %`,
/// `33.3333 %`; a dash for none.
pub fn exact_percent(d: Option<Decimal>) -> String {
    d.map_or_else(|| "–".into(), |d| i18n::percent(d, d.normalize().scale().max(2)))
}

/// A decimal's exact text without trailing zeros (`57.5`), empty for none:
/// the value of a form field, and of `data-value`.
pub fn exact_text(d: Option<Decimal>) -> String {
    d.map(|d| d.normalize().to_string()).unwrap_or_default()
}

/// A list page.
#[derive(Template)]
#[template(path = "web/year_record/list_page.html")]
pub struct ListPage {
    /// The frame.
    pub page: Page,
    /// The list's path (`/years/3/employments`).
    pub base: String,
    /// The element ids' prefix.
    pub row: &'static str,
    /// The search text.
    pub q: String,
    /// The search field's hint.
    pub hint: String,
    /// The choice filters: (name, label, choices).
    pub filters: Vec<(&'static str, String, Vec<Choice>)>,
    /// The create link's text, empty when the person may not create.
    pub new_label: String,
    /// What was just done (after a delete), or empty.
    pub done: String,
    /// The list.
    pub list: ListView,
}

/// The list alone (the answer to the htmx search).
#[derive(Template)]
#[template(path = "web/year_record/list.html")]
pub struct ListRegion {
    /// The list.
    pub list: ListView,
}

/// A list as the templates show it.
#[derive(Debug, Clone)]
pub struct ListView {
    /// The element ids' prefix.
    pub row: &'static str,
    /// The list's path (rows link to `{base}/{id}`).
    pub base: String,
    /// Caption.
    pub caption: String,
    /// Column headers, each a link that sorts the list by it.
    pub headers: Vec<HeaderView>,
    /// The column sorted by (its number, `sort`), empty for the list's own order.
    pub sort: String,
    /// `asc` or `desc`.
    pub dir: &'static str,
    /// Whether the search form's sort fields go out of band (an htmx answer).
    pub oob: bool,
    /// `n of m …`.
    pub count: String,
    /// Shown when nothing matches.
    pub none: String,
    /// The rows.
    pub rows: Vec<Row>,
}

/// An object's page.
#[derive(Template)]
#[template(path = "web/year_record/page.html")]
pub struct ObjectPage {
    /// The frame.
    pub page: Page,
    /// The object: its facts, the back link, the edit and delete controls.
    pub object: ObjectView,
    /// What was just done, or why it was not.
    pub notice: Option<Notice>,
}

/// The routes of a screen below `/years/{year}/{SEGMENT}`.
pub fn routes<S: YearRecord>() -> Router<WebState> {
    let base = format!("/years/{{year}}/{}", S::SEGMENT);
    Router::new()
        .route(&base, get(list_page::<S>).post(create::<S>))
        .route(&format!("{base}/new"), get(new_form::<S>))
        .route(&format!("{base}/{{id}}"), get(detail::<S>).post(save::<S>))
        .route(&format!("{base}/{{id}}/edit"), get(edit_form::<S>))
        .route(&format!("{base}/{{id}}/delete"), post(delete::<S>))
}

fn base<S: YearRecord>(year: i64) -> String {
    format!("/years/{year}/{}", S::SEGMENT)
}

fn key<S: YearRecord>(key: &str) -> String {
    format!("{}-{key}", S::PREFIX)
}

/// The frame of a page of school year `year` with the year switch; 404 for an unknown year.
async fn frame<S: YearRecord>(
    conn: &mut Conn,
    user: SessionUser,
    lang: Lang,
    year: i64,
    title: impl FnOnce(&str) -> String,
    here: String,
) -> Result<Page> {
    let years = form::menu_years(conn).await?;
    let code = years
        .iter()
        .find(|y| y.id == year)
        .map(|y| y.code.clone())
        .ok_or_else(|| Error::not_found(SchoolYearId::KIND, year))?;
    let page = Page::new(lang, S::SCREEN, title(&code), Some(user), here);
    Ok(page.in_year(year, years.into_iter().map(|y| (y.id, y.code))))
}

/// `GET /years/{year}/{segment}`: the list, searched (`q`: every word) and filtered (each of the filters).
pub async fn list_page<S: YearRecord>(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(year): Path<i64>,
    Query(query): Query<HashMap<String, String>>,
    hx: HxRequest,
    uri: Uri,
) -> Response {
    let q = search_text(&query);
    let here = here(&uri);
    let read = state
        .store
        .snapshot(async |conn| {
            let title = |code: &str| i18n::text_with(lang, &key::<S>("title"), &[("year", code.into())]);
            let page = frame::<S>(conn, user.clone(), lang, year, title, here.clone()).await?;
            let all = S::list(conn, year).await?;
            let options = S::options(conn, year, &FormData::default()).await?;
            Result::Ok((page, all, options))
        })
        .await;
    let (page, all, options) = match read {
        Ok(read) => read,
        Err(e) => return page_error(lang, e),
    };
    let chosen = |name: &str| query.get(name).map(|v| v.trim()).unwrap_or("").to_string();
    let rows: Vec<Row> = all
        .iter()
        .map(|item| S::row(lang, item))
        .filter(|r| matches(&r.search, &q))
        .filter(|r| {
            S::FILTERS.iter().all(|f| {
                let want = chosen(f);
                want.is_empty() || r.keys.iter().any(|(k, v)| k == f && *v == want)
            })
        })
        .collect();
    let mut rows = rows;
    let labels = S::headers(lang);
    let sort = sort_of(&query, labels.len());
    if let Some((column, desc)) = sort {
        sort_rows(&mut rows, column, desc);
    }
    let count = count_text(lang, &key::<S>("count"), rows.len(), all.len());
    let list_base = base::<S>(year);
    let kept: Vec<(&str, String)> = std::iter::once(("q", q.clone()))
        .chain(S::FILTERS.iter().map(|f| (*f, chosen(f))))
        .filter(|(_, v)| !v.is_empty())
        .collect();
    let headers = labels
        .into_iter()
        .enumerate()
        .map(|(i, (label, figure))| {
            let current = sort.is_some_and(|(c, _)| c == i);
            let desc = sort.is_some_and(|(_, d)| d);
            HeaderView::sorting(label, (current, desc), false, figure, |desc| {
                let mut s = Serializer::new(String::new());
                for (k, v) in &kept {
                    s.append_pair(k, v);
                }
                format!("{list_base}?{}", sorted_query(s, &i.to_string(), desc))
            })
        })
        .collect();
    let oob = hx.wants_fragment(&format!("{}-list", S::ROW));
    let list = ListView {
        row: S::ROW,
        base: list_base,
        caption: i18n::text(lang, &key::<S>("caption")),
        headers,
        sort: sort.map(|(c, _)| c.to_string()).unwrap_or_default(),
        dir: dir_param(sort.is_some_and(|(_, d)| d)),
        oob,
        count,
        none: i18n::text(lang, &key::<S>("none")),
        rows,
    };
    if oob {
        return region_answer(here, render(lang, &ListRegion { list }));
    }
    let filters = S::FILTERS
        .iter()
        .map(|f| {
            let picked = chosen(f);
            let all =
                Choice { value: String::new(), label: i18n::text(lang, "form-state-all"), selected: picked.is_empty() };
            let choices = std::iter::once(all)
                .chain(options_of(&options, f).into_iter().map(|(value, label)| Choice {
                    selected: value == picked,
                    value,
                    label,
                }))
                .collect();
            (*f, i18n::text(lang, &key::<S>(&format!("filter-{f}"))), choices)
        })
        .collect();
    let done = done_notice(lang, &query, S::PREFIX, &["deleted"]).map(|n| n.text).unwrap_or_default();
    let new_label = if user.can_plan() { i18n::text(lang, &key::<S>("new")) } else { String::new() };
    render(
        lang,
        &ListPage {
            page,
            base: list.base.clone(),
            row: S::ROW,
            q,
            hint: i18n::text(lang, &key::<S>("search-hint")),
            filters,
            new_label,
            done,
            list,
        },
    )
}

/// The list's sort from the query: `sort` = a column's number (0 the first,
/// below `columns`), `dir` = `desc` or else ascending; `None` for the list's
/// own order (docs/web.md §Anstellungen, "Sorting").
fn sort_of(query: &HashMap<String, String>, columns: usize) -> Option<(usize, bool)> {
    let column = query.get("sort")?.trim().parse::<usize>().ok().filter(|c| *c < columns)?;
    Some((column, query.get("dir").is_some_and(|d| d.trim() == "desc")))
}

/// A text as it sorts: lower case, the umlauts and accents of German and
/// French names as their base letters (`Müller` beside `Muster`).
fn sort_key(text: &str) -> String {
    text.to_lowercase()
        .chars()
        .map(|c| match c {
            'ä' | 'à' | 'â' => 'a',
            'ö' | 'ô' => 'o',
            'ü' | 'ù' | 'û' => 'u',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'ï' | 'î' => 'i',
            'ç' => 'c',
            other => other,
        })
        .collect()
}

/// Sorts `rows` by their cells in `column`: figures by their exact value
/// (`data-value`; a range by its first figure), rows without one last; texts alphabetically
/// ([`sort_key`]); ties keep the list's own order.
fn sort_rows(rows: &mut [Row], column: usize, desc: bool) {
    use std::cmp::Ordering;
    let figure = |r: &Row| r.cells.get(column).is_some_and(|c| c.figure);
    // A range (`75 95`) sorts by its first figure.
    let value = |r: &Row| {
        r.cells.get(column).and_then(|c| c.value.split_whitespace().next().and_then(|v| v.parse::<Decimal>().ok()))
    };
    let text = |r: &Row| r.cells.get(column).map(|c| sort_key(&c.text)).unwrap_or_default();
    rows.sort_by(|a, b| {
        if figure(a) || figure(b) {
            match (value(a), value(b)) {
                (Some(x), Some(y)) if desc => y.cmp(&x),
                (Some(x), Some(y)) => x.cmp(&y),
                (Some(_), None) => Ordering::Less,
                (None, Some(_)) => Ordering::Greater,
                (None, None) => Ordering::Equal,
            }
        } else if desc {
            text(b).cmp(&text(a))
        } else {
            text(a).cmp(&text(b))
        }
    });
}

/// The object `id` if it belongs to school year `year`, else 404.
async fn get_in<S: YearRecord>(conn: &mut Conn, year: i64, id: i64) -> Result<Single<S>> {
    <S::R as Crud>::get(conn, id)
        .await?
        .filter(|item| S::year_of(item) == year)
        .ok_or_else(|| Error::not_found(<S::R as Crud>::NOUN, id))
}

/// `GET /years/{year}/{segment}/{id}`: the object's page; `?done=` says what was just done.
pub async fn detail<S: YearRecord>(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path((year, id)): Path<(i64, i64)>,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let notice = done_notice(lang, &query, S::PREFIX, &["created", "saved"]);
    show_detail::<S>(&state, user, lang, year, id, notice, StatusCode::OK).await
}

/// The object's page as it is now, with `notice`, answered with `status`.
async fn show_detail<S: YearRecord>(
    state: &WebState,
    user: SessionUser,
    lang: Lang,
    year: i64,
    id: i64,
    notice: Option<Notice>,
    status: StatusCode,
) -> Response {
    let here = format!("{}/{id}", base::<S>(year));
    let read = state
        .store
        .snapshot(async |conn| {
            let item = get_in::<S>(conn, year, id).await?;
            let code = S::code(&item);
            let title = |_: &str| i18n::text_with(lang, &key::<S>("detail-title"), &[("code", code.into())]);
            let page = frame::<S>(conn, user.clone(), lang, year, title, here.clone()).await?;
            Result::Ok((item, page))
        })
        .await;
    let (item, page) = match read {
        Ok(read) => read,
        Err(e) => return page_error(lang, e),
    };
    let (facts, version) = (S::facts(lang, &item), loaded_version(&item));
    let object = ObjectView::new(lang, S::PREFIX, base::<S>(year), id, facts, version, user.can_plan());
    (status, render(lang, &ObjectPage { page, object, notice })).into_response()
}

/// The version of a saved object as its form carries it (the ETag without quotes).
fn loaded_version<T: serde::Serialize>(item: &T) -> String {
    Version::of(item).map(|v| v.to_string()).unwrap_or_default()
}

/// The form values of a saved object with its version.
pub fn loaded<S: YearRecord>(item: &Single<S>) -> FormData {
    let mut values = S::values_of(item);
    values.set(form::VERSION_FIELD, loaded_version(item));
    values
}

/// A form of school year `year`'s object: what [`FormState`] shows, with the
/// object's short name for the edit form's title.
struct YearForm {
    year: i64,
    /// The object's short name (edit forms).
    code: String,
    form: FormState,
}

/// Renders the form (new when `id` is `None`); 403 for a reader.
async fn show_form<S: YearRecord>(state: &WebState, user: SessionUser, lang: Lang, s: YearForm) -> Response {
    if !user.can_plan() {
        return forbidden(lang);
    }
    let list = base::<S>(s.year);
    let (_, _, here) = s.form.paths(&list);
    let title = |_: &str| match s.form.id {
        None => i18n::text(lang, &key::<S>("new-title")),
        Some(_) => i18n::text_with(lang, &key::<S>("edit-title"), &[("code", s.code.as_str().into())]),
    };
    let read = state
        .store
        .snapshot(async |conn| {
            let page = frame::<S>(conn, user.clone(), lang, s.year, title, here.clone()).await?;
            Result::Ok((page, S::options(conn, s.year, &s.form.values).await?))
        })
        .await;
    let (page, options) = match read {
        Ok(read) => read,
        Err(e) => return page_error(lang, e),
    };
    s.form.answer(lang, page, &list, false, |values, errors| S::fields(lang, values, errors, &options))
}

/// `GET /years/{year}/{segment}/new`: the empty form (planners and admins; 403 for readers).
pub async fn new_form<S: YearRecord>(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(year): Path<i64>,
) -> Response {
    let form = FormState::fresh(None, FormData::default(), lang);
    show_form::<S>(&state, user, lang, YearForm { year, code: String::new(), form }).await
}

/// `GET /years/{year}/{segment}/{id}/edit`: the form with the saved values and their version.
pub async fn edit_form<S: YearRecord>(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path((year, id)): Path<(i64, i64)>,
) -> Response {
    let item = match state.store.snapshot(async |conn| get_in::<S>(conn, year, id).await).await {
        Ok(item) => item,
        Err(e) => return page_error(lang, e),
    };
    let form = FormState::fresh(Some(id), loaded::<S>(&item), lang);
    show_form::<S>(&state, user, lang, YearForm { year, code: S::code(&item), form }).await
}

/// `POST /years/{year}/{segment}`: creates the object and shows its page, or the form again with the problems.
pub async fn create<S: YearRecord>(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(year): Path<i64>,
    Form(fields): Form<Vec<(String, String)>>,
) -> Response {
    let values = FormData(fields);
    let list = base::<S>(year);
    let written = async {
        let new = <S::R as CrudCreate>::New::from_body(&S::body(year, &values), Mode::Create)?;
        crud::create::<S::R>(&state.store, &form::actor(&user, &list), &new).await
    }
    .await;
    match written {
        Ok(w) => Redirect::to(&format!("{list}/{}?done=created", w.id)).into_response(),
        Err(e) => refused::<S>(&state, user, lang, year, None, values, e).await,
    }
}

/// `POST /years/{year}/{segment}/{id}`: saves the form over the object,
/// expecting the version it was loaded at.
pub async fn save<S: YearRecord>(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path((year, id)): Path<(i64, i64)>,
    Form(fields): Form<Vec<(String, String)>>,
) -> Response {
    let values = FormData(fields);
    let list = base::<S>(year);
    let actor = form::actor(&user, &format!("{list}/{id}"));
    let written = async {
        // Only an object of this year is saved here.
        state.store.snapshot(async |conn| get_in::<S>(conn, year, id).await).await?;
        let new = <S::R as Crud>::Update::from_body(&S::body(year, &values), Mode::Replace)?;
        crud::update::<S::R>(&state.store, &actor, id, &values.expect()?, &new).await
    }
    .await;
    match written {
        Ok(_) => Redirect::to(&format!("{list}/{id}?done=saved")).into_response(),
        Err(e) => refused::<S>(&state, user, lang, year, Some(id), values, e).await,
    }
}

/// The answer to a refused save: the form again with the values typed and
/// the problems, or with someone else's change (412); other faults as pages.
async fn refused<S: YearRecord>(
    state: &WebState,
    user: SessionUser,
    lang: Lang,
    year: i64,
    id: Option<i64>,
    values: FormData,
    e: Error,
) -> Response {
    match (e.code(), id) {
        (ErrorCode::PreconditionFailed, Some(id)) => conflict::<S>(state, user, lang, year, id, values).await,
        _ if is_page_fault(&e) => page_error(lang, e),
        _ => {
            let code = match id {
                Some(id) => {
                    state.store.snapshot(async |conn| get_in::<S>(conn, year, id).await).await.map(|i| S::code(&i))
                }
                None => Ok(String::new()),
            };
            let form = FormState::refused(id, values, &e, lang, S::FIELDS);
            show_form::<S>(state, user, lang, YearForm { year, code: code.unwrap_or_default(), form }).await
        }
    }
}

/// 412: the form again with the values typed and the current version, above
/// it what differs between the saved object and the form, and who changed it last.
async fn conflict<S: YearRecord>(
    state: &WebState,
    user: SessionUser,
    lang: Lang,
    year: i64,
    id: i64,
    mut values: FormData,
) -> Response {
    let read = state
        .store
        .snapshot(async |conn| {
            let item = get_in::<S>(conn, year, id).await?;
            let last = last_change(conn, <S::R as Crud>::PATH, id).await?;
            let saved = loaded::<S>(&item);
            let options = S::options(conn, year, &refusal::both(&saved, &values)).await?;
            Result::Ok((S::code(&item), saved, last, options))
        })
        .await;
    let (code, saved, last, options) = match read {
        Ok(read) => read,
        Err(e) => return page_error(lang, e),
    };
    let conflict = refusal::conflict(lang, &saved, &mut values, last, |v, e| S::fields(lang, v, e, &options));
    let form = FormState::conflict(id, values, conflict, lang);
    show_form::<S>(state, user, lang, YearForm { year, code, form }).await
}

/// `POST /years/{year}/{segment}/{id}/delete`: deletes the object (expects
/// `_version`); 409 names what still uses it, 412 says it changed meanwhile.
pub async fn delete<S: YearRecord>(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path((year, id)): Path<(i64, i64)>,
    Form(fields): Form<Vec<(String, String)>>,
) -> Response {
    let sent = FormData(fields);
    let list = base::<S>(year);
    let actor = form::actor(&user, &format!("{list}/{id}/delete"));
    let result = async {
        state.store.snapshot(async |conn| get_in::<S>(conn, year, id).await).await?;
        crud::delete::<S::R>(&state.store, &actor, id, &sent.expect()?).await
    }
    .await;
    let e = match result {
        Ok(()) => return Redirect::to(&format!("{list}?done=deleted")).into_response(),
        Err(e) => e,
    };
    let text = match e.code() {
        ErrorCode::Referenced => {
            let read: Result<_> = state
                .store
                .snapshot(async |conn| {
                    let item = get_in::<S>(conn, year, id).await?;
                    Result::Ok((S::code(&item), S::users(conn, lang, id).await?))
                })
                .await;
            match read {
                Ok((code, users)) if !users.is_empty() => i18n::text_with(
                    lang,
                    &key::<S>("in-use"),
                    &[("code", code.into()), ("users", users.join(", ").into())],
                ),
                _ => e.message(lang),
            }
        }
        _ => match refusal_text(lang, &e) {
            Some(text) => text,
            None => return page_error(lang, e),
        },
    };
    let notice = Notice { kind: "error", text };
    show_detail::<S>(&state, user, lang, year, id, Some(notice), e.status()).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    #[test]
    fn percents_are_shown_exactly() {
        let d = |s: &str| Some(Decimal::from_str(s).unwrap());
        assert_eq!(exact_percent(d("77.5")), "77.50 %");
        assert_eq!(exact_percent(d("33.3333")), "33.3333 %");
        assert_eq!(exact_percent(d("100.0000")), "100.00 %");
        assert_eq!(exact_percent(None), "–");
        assert_eq!(exact_text(d("57.5000")), "57.5");
        assert_eq!(exact_text(None), "");
    }

    fn row(id: i64, name: &str, figure: Option<&str>) -> Row {
        let cells = vec![
            Cell::text(name),
            figure.map_or_else(|| Cell::figure("–".into(), String::new()), |v| Cell::figure(v.into(), v.into())),
        ];
        Row { id, cells, search: String::new(), keys: Vec::new(), class: "", marker: None }
    }

    fn ids(rows: &[Row]) -> Vec<i64> {
        rows.iter().map(|r| r.id).collect()
    }

    #[test]
    fn rows_sort_by_text_without_case_or_umlauts_and_by_exact_figures_with_none_last() {
        let mut rows = vec![
            row(1, "Muster", Some("10")),
            row(2, "müller", Some("9.5")),
            row(3, "Abt", None),
            row(4, "Zürcher", Some("-2")),
        ];
        sort_rows(&mut rows, 0, false);
        assert_eq!(ids(&rows), vec![3, 2, 1, 4], "Abt, müller, Muster, Zürcher");
        sort_rows(&mut rows, 0, true);
        assert_eq!(ids(&rows), vec![4, 1, 2, 3]);
        sort_rows(&mut rows, 1, false);
        assert_eq!(ids(&rows), vec![4, 2, 1, 3], "-2 < 9.5 < 10 (not as texts), none last");
        sort_rows(&mut rows, 1, true);
        assert_eq!(ids(&rows), vec![1, 2, 4, 3], "descending, none still last");
    }

    #[test]
    fn the_sort_is_read_from_the_query_and_a_bad_one_is_ignored() {
        let q = |pairs: &[(&str, &str)]| pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        assert_eq!(sort_of(&q(&[("sort", "2"), ("dir", "desc")]), 5), Some((2, true)));
        assert_eq!(sort_of(&q(&[("sort", "0")]), 5), Some((0, false)));
        assert_eq!(sort_of(&q(&[("sort", "5")]), 5), None, "no such column");
        assert_eq!(sort_of(&q(&[("sort", "x"), ("dir", "desc")]), 5), None);
        assert_eq!(sort_of(&q(&[]), 5), None);
    }
}
