//! Stammdaten → Lektionentafel (docs/web.md §Lesson table): per curriculum
//! and division (or the cross-class subjects, which have none) a table of
//! subjects × grades, each cell the lesson type and the lessons per week of
//! both semesters (docs/documents.md §Lesson table).
//!
//! | route | handler |
//! |---|---|
//! | `GET /lessontable?curriculum=ID&division=ID\|x[&edit=KEY]` | [`page`] (`x`: the cross-class subjects; `edit`: that row as a form) |
//! | `GET /lessontable/{key}/edit` | [`edit`]: the row's form (htmx), else the page with it |
//! | `GET /lessontable/{key}/row` | [`row`]: the row as shown (htmx, "Abbrechen") |
//! | `POST /lessontable/{key}` | [`save`]: replaces the row with [`lessontable::replace_row`] |
//!
//! `{key}` is the API's row id `<curriculum>-<subject>[-<division>]`. A save
//! reads the form into the body `PUT /api/v1/lessontable/{key}` takes (a cell
//! per grade; a decimal comma counts as a point) with the same reader and
//! expects the version the form was loaded at (`_version`): problems appear
//! beside their cells (422), someone else's change with both values (412).

use std::collections::HashMap;

use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::Form;
use axum::Router;
use serde_json::{json, Value};

use super::form::{self, Conflict, Field, FieldErrors, FormData};
use super::grid::form::lessons_text;
use super::guard::SignedIn;
use super::htmx::HxRequest;
use super::kit::errors::{error_page, page_error};
use super::kit::render::render;
use super::kit::state::WebState;
use super::layout::{Page, Screen, YearChoice};
use super::refusal;
use crate::domain::body_reader::Mode;
use crate::domain::curriculum::Curriculum;
use crate::domain::division::DivisionListItem;
use crate::domain::ids::{CurriculumId, DivisionId};
use crate::domain::lessontable::{LessonCell, LessonTableKey, LessonTableRow, LessonType, NewLessonRow};
use crate::domain::reference_forms::LookupRef;
use crate::domain::FromBody;
use crate::error::{Error, ErrorCode, Result};
use crate::i18n::{self, Lang};
use crate::service::audit::{self, AuditFilter};
use crate::service::lessontable;
use crate::service::session::SessionUser;
use crate::service::version::Version;

/// The routes of the Lektionentafel: the page, a row's form, its save and the row.
pub fn routes() -> Router<WebState> {
    Router::new()
        .route("/lessontable", get(page))
        .route("/lessontable/{key}", post(save))
        .route("/lessontable/{key}/edit", get(edit))
        .route("/lessontable/{key}/row", get(row))
}

/// The `division` parameter of the cross-class subjects.
const CROSS: &str = "x";

/// What the row templates need of the page: language, CSRF token, write rights.
#[derive(Debug, Clone)]
pub struct Ui {
    /// The page's language.
    pub lang: Lang,
    /// The session's CSRF token.
    pub csrf: String,
    /// Whether the person may change the table (shows the edit buttons).
    pub can_write: bool,
}

impl Ui {
    /// The catalogue text of `key`.
    pub fn t(&self, key: &str) -> String {
        i18n::text(self.lang, key)
    }
}

/// A row as shown: the subject and a cell per grade.
#[derive(Debug, Clone)]
pub struct RowView {
    /// The row id (`<c>-<s>[-<d>]`), also in the element id `lt-{key}`.
    pub key: String,
    /// The page the row belongs to (`/lessontable?curriculum=…&division=…`).
    pub back: String,
    /// The subject's code.
    pub subject: String,
    /// The subject's designation.
    pub subject_name: String,
    /// A cell per grade, in the curriculum's order.
    pub cells: Vec<CellView>,
    /// The form, when the row is being edited.
    pub editor: Option<RowEditor>,
}

/// A cell as shown.
#[derive(Debug, Clone)]
pub struct CellView {
    /// The lessons, `4 L`, or `2 L / 3 L` when the semesters differ; `–` for none.
    pub lessons: String,
    /// The lesson type's name; empty for `noLessons`.
    pub kind: String,
}

/// A row as a form.
#[derive(Debug, Clone)]
pub struct RowEditor {
    /// The version the form was loaded at (`_version`).
    pub version: String,
    /// A group of fields per grade.
    pub cells: Vec<EditCell>,
    /// Problems of no single cell.
    pub errors: Vec<String>,
    /// Someone else's change (after a 412).
    pub conflict: Option<Conflict>,
}

/// The fields of one grade: lesson type and the lessons of both semesters.
#[derive(Debug, Clone)]
pub struct EditCell {
    /// The grade's code (the group's legend).
    pub grade: String,
    /// `type-{grade id}`.
    pub kind: Field,
    /// `lessons1-{grade id}`.
    pub lessons1: Field,
    /// `lessons2-{grade id}`.
    pub lessons2: Field,
    /// The visible labels of the three fields (without the grade).
    pub short: [String; 3],
}

impl EditCell {
    /// The three fields in the form's order, each with its short label (the
    /// group's legend names the grade; the field's label, with the grade, names
    /// it in its problem).
    pub fn fields(&self) -> Vec<(Field, String)> {
        vec![
            (self.kind.clone(), self.short[0].clone()),
            (self.lessons1.clone(), self.short[1].clone()),
            (self.lessons2.clone(), self.short[2].clone()),
        ]
    }
}

/// A choice of the curriculum or division select.
#[derive(Debug, Clone)]
pub struct Choice {
    /// The parameter's value.
    pub value: String,
    /// The text.
    pub label: String,
    /// Whether chosen.
    pub selected: bool,
}

/// The page.
#[derive(Template)]
#[template(path = "web/lessontable/page.html")]
pub struct LessonTablePage {
    /// The frame.
    pub page: Page,
    /// Language, token, rights for the rows.
    pub ui: Ui,
    /// The curricula to choose from.
    pub curricula: Vec<Choice>,
    /// The divisions to choose from, and the cross-class subjects.
    pub divisions: Vec<Choice>,
    /// The table's caption (curriculum and division).
    pub caption: String,
    /// The grades' codes (column headers).
    pub grades: Vec<String>,
    /// The rows.
    pub rows: Vec<RowView>,
}

/// A row as shown (the answer to a save or a cancel with htmx).
#[derive(Template)]
#[template(path = "web/lessontable/row.html")]
pub struct RowFragment {
    /// Language, token, rights.
    pub ui: Ui,
    /// The row.
    pub row: RowView,
}

/// A row as a form (htmx).
#[derive(Template)]
#[template(path = "web/lessontable/editor.html")]
pub struct EditorFragment {
    /// Language, token, rights.
    pub ui: Ui,
    /// The same, under the name the shared problems template reads its texts from.
    pub page: Ui,
    /// The row.
    pub row: RowView,
    /// Its form.
    pub ed: RowEditor,
}

/// The `division` parameter of a row's side.
fn side(division: Option<DivisionId>) -> String {
    division.map_or_else(|| CROSS.to_string(), |d| d.0.to_string())
}

/// The page of `curriculum` and `division`.
fn page_url(curriculum: CurriculumId, division: Option<DivisionId>) -> String {
    format!("/lessontable?curriculum={}&division={}", curriculum.0, side(division))
}

/// The lesson type's name in `lang`.
fn type_name(lang: Lang, t: LessonType) -> String {
    i18n::text(lang, &format!("lessontable-type-{}", t.code()))
}

/// `4 L`, `2.5 L / 3 L` (the lessons per week as planners write them); `–` for no lessons.
fn lessons_shown(lang: Lang, cell: &LessonCell) -> (String, String) {
    let kind = LessonType::from_id(cell.kind.id).unwrap_or(LessonType::NoLessons);
    if kind == LessonType::NoLessons {
        return ("–".into(), String::new());
    }
    let l = |d: rust_decimal::Decimal| i18n::text_with(lang, "lessontable-lessons", &[("n", lessons_text(d).into())]);
    let (one, two) = (cell.lessons1.decimal(), cell.lessons2.decimal());
    let lessons = if one == two { l(one) } else { format!("{} / {}", l(one), l(two)) };
    (lessons, type_name(lang, kind))
}

/// The row view of `key` with `cells` (no form).
fn row_view(lang: Lang, key: LessonTableKey, subject: (&str, &str), cells: &[LessonCell]) -> RowView {
    RowView {
        key: key.to_string(),
        back: page_url(key.curriculum, key.division),
        subject: subject.0.to_string(),
        subject_name: subject.1.to_string(),
        cells: cells
            .iter()
            .map(|c| {
                let (lessons, kind) = lessons_shown(lang, c);
                CellView { lessons, kind }
            })
            .collect(),
        editor: None,
    }
}

/// The form values of a saved row.
fn values_of(row: &LessonTableRow) -> FormData {
    let mut f = FormData::default();
    for c in &row.details {
        let g = c.grade.id;
        f.set(&format!("type-{g}"), c.kind.id.to_string());
        f.set(&format!("lessons1-{g}"), lessons_text(c.lessons1.decimal()));
        f.set(&format!("lessons2-{g}"), lessons_text(c.lessons2.decimal()));
    }
    f.set(form::VERSION_FIELD, Version::of(row).map(|v| v.to_string()).unwrap_or_default());
    f
}

/// The fields of each grade showing `values` and `errors`.
fn edit_cells(lang: Lang, grades: &[LookupRef], values: &FormData, errors: &FieldErrors) -> Vec<EditCell> {
    let types: Vec<(String, String)> =
        LessonType::ALL.iter().map(|t| (t.id().to_string(), type_name(lang, *t))).collect();
    grades
        .iter()
        .map(|g| {
            let label = |key: &str| i18n::text_with(lang, key, &[("grade", g.code.clone().into())]);
            EditCell {
                grade: g.code.clone(),
                kind: Field::new(
                    "select",
                    &format!("type-{}", g.id),
                    label("lessontable-type-of"),
                    values,
                    errors,
                    true,
                )
                .with_options(types.clone(), values, None),
                lessons1: Field::new(
                    "text",
                    &format!("lessons1-{}", g.id),
                    label("lessontable-lessons1-of"),
                    values,
                    errors,
                    false,
                ),
                lessons2: Field::new(
                    "text",
                    &format!("lessons2-{}", g.id),
                    label("lessontable-lessons2-of"),
                    values,
                    errors,
                    false,
                ),
                short: ["lessontable-short-type", "lessontable-short-lessons1", "lessontable-short-lessons2"]
                    .map(|k| i18n::text(lang, k)),
            }
        })
        .collect()
}

/// Every field of the cells, for the comparison of a conflict.
fn flat(cells: Vec<EditCell>) -> Vec<Field> {
    cells.into_iter().flat_map(|c| [c.kind, c.lessons1, c.lessons2]).collect()
}

/// The names of the form's fields (problems go beside them).
fn field_names(grades: &[LookupRef]) -> Vec<String> {
    grades.iter().flat_map(|g| ["type", "lessons1", "lessons2"].map(|k| format!("{k}-{}", g.id))).collect()
}

/// The API's body of the form: a cell per grade, in the curriculum's order.
fn body(grades: &[LookupRef], f: &FormData) -> Value {
    let details: Vec<Value> = grades
        .iter()
        .map(|g| {
            json!({
                "grade": g.id,
                "type": f.text(&format!("type-{}", g.id)),
                "lessons1": f.number(&format!("lessons1-{}", g.id)),
                "lessons2": f.number(&format!("lessons2-{}", g.id)),
            })
        })
        .collect();
    json!({ "details": details })
}

/// The problems of a refused save with the body's pointers (`/details/2/lessons1`)
/// turned into the form's field names (`/lessons1-{grade id}`).
fn on_fields(e: Error, grades: &[LookupRef]) -> Error {
    match e {
        Error::Problem { code, detail, text, mut errors } => {
            for fe in &mut errors {
                let parts: Vec<&str> = fe.pointer.trim_start_matches('/').split('/').collect();
                if let ["details", i, key] = parts.as_slice() {
                    if let Some(g) = i.parse::<usize>().ok().and_then(|i| grades.get(i)) {
                        let key = if *key == "grade" { "type" } else { key };
                        fe.pointer = format!("/{key}-{}", g.id);
                    }
                }
            }
            Error::Problem { code, detail, text, errors }
        }
        other => other,
    }
}

/// The curricula and divisions to choose from, the table of the chosen ones
/// (the first active curriculum and the first division when none is chosen),
/// and the years for the menu, in one snapshot.
struct Table {
    curricula: Vec<Curriculum>,
    divisions: Vec<DivisionListItem>,
    curriculum: Option<Curriculum>,
    division: Option<DivisionId>,
    grades: Vec<LookupRef>,
    rows: Vec<(LessonTableKey, String, String, Vec<LessonCell>)>,
    years: Vec<YearChoice>,
}

async fn read_table(state: &WebState, curriculum: Option<i64>, division: Option<&str>) -> Result<Table> {
    let division = match division {
        Some(CROSS) => Some(None),
        Some(d) => d.parse::<i64>().ok().map(|d| Some(DivisionId(d))),
        None => None,
    };
    let lessontable::Page { curricula, divisions, curriculum, division, table, years } =
        lessontable::page(&state.store, curriculum, division).await?;
    let (grades, rows) = match table {
        Some(list) => {
            let rows = list
                .items
                .into_iter()
                .map(|item| {
                    let cells = list.grades.iter().filter_map(|g| item.cells.get(&g.id.to_string()).cloned()).collect();
                    (item.id, item.subject.code, item.subject.description, cells)
                })
                .collect();
            (list.grades, rows)
        }
        None => (Vec::new(), Vec::new()),
    };
    let years = years.into_iter().map(|y| YearChoice { id: y.id.0, code: y.code, selected: false }).collect();
    Ok(Table { curricula, divisions, curriculum, division, grades, rows, years })
}

/// Renders the page of `table`, with `editing` (a row's key and form) in place of that row.
fn show_page(
    user: SessionUser,
    lang: Lang,
    table: Table,
    editing: Option<(LessonTableKey, RowEditor)>,
    status: StatusCode,
) -> Response {
    let ui = Ui { lang, csrf: user.csrf.clone(), can_write: user.can_plan() };
    let chosen_id = table.curriculum.as_ref().map(|c| c.id);
    let here = chosen_id.map_or_else(|| "/lessontable".to_string(), |c| page_url(c, table.division));
    let mut page = Page::new(lang, Screen::LessonTable, i18n::text(lang, "lessontable-title"), Some(user), here);
    page.years = table.years;
    let curricula = table
        .curricula
        .iter()
        .filter(|c| !c.archived || Some(c.id) == chosen_id)
        .map(|c| Choice {
            value: c.id.0.to_string(),
            label: format!("{} – {}", c.code, c.description),
            selected: Some(c.id) == chosen_id,
        })
        .collect();
    let mut divisions: Vec<Choice> = table
        .divisions
        .iter()
        .map(|d| Choice {
            value: d.id.0.to_string(),
            label: format!("{} – {}", d.code, d.description),
            selected: Some(d.id) == table.division,
        })
        .collect();
    divisions.push(Choice {
        value: CROSS.into(),
        label: i18n::text(lang, "lessontable-cross-class"),
        selected: table.division.is_none(),
    });
    let side_name = match table.division {
        Some(d) => table.divisions.iter().find(|x| x.id == d).map(|x| x.code.clone()).unwrap_or_default(),
        None => i18n::text(lang, "lessontable-cross-class"),
    };
    let caption = table.curriculum.as_ref().map_or_else(String::new, |c| {
        i18n::text_with(
            lang,
            "lessontable-caption",
            &[("curriculum", c.code.clone().into()), ("side", side_name.into())],
        )
    });
    let mut editing = editing;
    let rows = table
        .rows
        .iter()
        .map(|(key, code, name, cells)| {
            let mut view = row_view(lang, *key, (code, name), cells);
            if editing.as_ref().is_some_and(|(k, _)| k == key) {
                view.editor = editing.take().map(|(_, e)| e);
            }
            view
        })
        .collect();
    let html = render(
        lang,
        &LessonTablePage {
            page,
            ui,
            curricula,
            divisions,
            caption,
            grades: table.grades.iter().map(|g| g.code.clone()).collect(),
            rows,
        },
    );
    (status, html).into_response()
}

/// `GET /lessontable?curriculum=ID&division=ID|x[&edit=KEY]`: the table; with
/// `edit` (a planner) that row as a form.
pub async fn page(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let curriculum = query.get("curriculum").and_then(|c| c.parse::<i64>().ok());
    let table = match read_table(&state, curriculum, query.get("division").map(String::as_str)).await {
        Ok(table) => table,
        Err(e) => return page_error(lang, e),
    };
    let mut editing = None;
    if let Some(key) = query.get("edit").and_then(|k| LessonTableKey::parse(k)) {
        if user.can_plan() && table.rows.iter().any(|(k, ..)| *k == key) {
            match lessontable::row(&state.store, key).await {
                Ok(row) => {
                    let values = values_of(&row);
                    let grades: Vec<LookupRef> = row.details.iter().map(|c| c.grade.clone()).collect();
                    let cells = edit_cells(lang, &grades, &values, &FieldErrors::none(lang));
                    editing = Some((
                        key,
                        RowEditor {
                            version: values.get(form::VERSION_FIELD).into(),
                            cells,
                            errors: Vec::new(),
                            conflict: None,
                        },
                    ));
                }
                Err(e) => return page_error(lang, e),
            }
        }
    }
    show_page(user, lang, table, editing, StatusCode::OK)
}

/// The row's key of the path; 404 when it is none.
fn key_of(raw: &str) -> Option<LessonTableKey> {
    LessonTableKey::parse(raw)
}

/// `GET /lessontable/{key}/edit` (planners): the row's form for htmx, else
/// the page with it (a redirect to `?edit=`).
pub async fn edit(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(raw): Path<String>,
    hx: HxRequest,
) -> Response {
    if !user.can_plan() {
        return error_page(lang, StatusCode::FORBIDDEN, "web-error-forbidden");
    }
    let Some(key) = key_of(&raw) else { return error_page(lang, StatusCode::NOT_FOUND, "web-error-not-found") };
    if !hx.htmx {
        return Redirect::to(&format!("{}&edit={key}#lt-{key}", page_url(key.curriculum, key.division)))
            .into_response();
    }
    let row = match lessontable::row(&state.store, key).await {
        Ok(row) => row,
        Err(e) => return page_error(lang, e),
    };
    let values = values_of(&row);
    let grades: Vec<LookupRef> = row.details.iter().map(|c| c.grade.clone()).collect();
    let ed = RowEditor {
        version: values.get(form::VERSION_FIELD).into(),
        cells: edit_cells(lang, &grades, &values, &FieldErrors::none(lang)),
        errors: Vec::new(),
        conflict: None,
    };
    let view = row_view(lang, key, (&row.subject.subject.code, &row.subject.subject.description), &row.details);
    let ui = Ui { lang, csrf: user.csrf.clone(), can_write: true };
    render(lang, &EditorFragment { page: ui.clone(), ui, row: view, ed })
}

/// `GET /lessontable/{key}/row`: the row as shown (htmx: "Abbrechen"), else the page.
pub async fn row(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(raw): Path<String>,
    hx: HxRequest,
) -> Response {
    let Some(key) = key_of(&raw) else { return error_page(lang, StatusCode::NOT_FOUND, "web-error-not-found") };
    if !hx.htmx {
        return Redirect::to(&format!("{}#lt-{key}", page_url(key.curriculum, key.division))).into_response();
    }
    match lessontable::row(&state.store, key).await {
        Ok(row) => {
            let view = row_view(lang, key, (&row.subject.subject.code, &row.subject.subject.description), &row.details);
            render(
                lang,
                &RowFragment { ui: Ui { lang, csrf: user.csrf.clone(), can_write: user.can_plan() }, row: view },
            )
        }
        Err(e) => page_error(lang, e),
    }
}

/// `POST /lessontable/{key}`: replaces the row with the form's cells,
/// expecting `_version`. With htmx the answer is the row (saved: as shown;
/// refused: the form with the problems, 422, or the conflict, 412); without,
/// a redirect to the page at the row, or the page with the form.
pub async fn save(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(raw): Path<String>,
    hx: HxRequest,
    Form(fields): Form<Vec<(String, String)>>,
) -> Response {
    let Some(key) = key_of(&raw) else { return error_page(lang, StatusCode::NOT_FOUND, "web-error-not-found") };
    let mut values = FormData(fields);
    let current = match lessontable::row(&state.store, key).await {
        Ok(row) => row,
        Err(e) => return page_error(lang, e),
    };
    let grades: Vec<LookupRef> = current.details.iter().map(|c| c.grade.clone()).collect();
    let actor = form::actor(&user, &format!("/lessontable/{key}"));
    let written = match NewLessonRow::from_body(&body(&grades, &values), Mode::Create) {
        Ok(new) => async { lessontable::replace_row(&state.store, &actor, key, &values.expect()?, &new).await }.await,
        Err(e) => Err(e),
    };
    let subject = (current.subject.subject.code.clone(), current.subject.subject.description.clone());
    let e = match written {
        Ok(w) => {
            if !hx.htmx {
                return Redirect::to(&format!("{}#lt-{key}", page_url(key.curriculum, key.division))).into_response();
            }
            let view = row_view(lang, key, (&subject.0, &subject.1), &w.item.details);
            return render(lang, &RowFragment { ui: Ui { lang, csrf: user.csrf.clone(), can_write: true }, row: view });
        }
        Err(e) => e,
    };
    let none = FieldErrors::none(lang);
    let status = e.status();
    let (errors, conflict) = match e.code() {
        ErrorCode::NotFound | ErrorCode::Internal | ErrorCode::Forbidden => return page_error(lang, e),
        ErrorCode::PreconditionFailed => {
            // The row as saved now, who changed the table last, and the current version.
            let filter = AuditFilter {
                object_type: Some("lessontable".into()),
                object_id: Some(key.curriculum.0),
                ..Default::default()
            };
            let last = match audit::newest_entry(&state.store, &filter).await {
                Ok(entry) => refusal::who_when(entry),
                Err(e) => return page_error(lang, e),
            };
            let saved = values_of(&current);
            let conflict = Conflict::between(
                lang,
                &flat(edit_cells(lang, &grades, &saved, &none)),
                &flat(edit_cells(lang, &grades, &values, &none)),
                last,
            );
            values.set(form::VERSION_FIELD, saved.get(form::VERSION_FIELD));
            (none, Some(conflict))
        }
        _ => {
            let names = field_names(&grades);
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            (FieldErrors::from_error(&on_fields(e, &grades), lang, &names), None)
        }
    };
    let ed = RowEditor {
        version: values.get(form::VERSION_FIELD).into(),
        cells: edit_cells(lang, &grades, &values, &errors),
        errors: errors.general.clone(),
        conflict,
    };
    if hx.htmx {
        let view = row_view(lang, key, (&subject.0, &subject.1), &current.details);
        let ui = Ui { lang, csrf: user.csrf.clone(), can_write: true };
        return (status, render(lang, &EditorFragment { page: ui.clone(), ui, row: view, ed })).into_response();
    }
    let table = match read_table(&state, Some(key.curriculum.0), Some(&side(key.division))).await {
        Ok(table) => table,
        Err(e) => return page_error(lang, e),
    };
    show_page(user, lang, table, Some((key, ed)), status)
}
