//! Übersicht → Pensenblatt, one teacher's sheet (docs/web.md §Pensenblatt):
//! `GET /years/{year}/workload/{teacher}`, the workload sheet as a page, with
//! every section of the PDF sheet — courses, pool, theses, the summary with
//! age relief, the payroll report with the IPB correction, the balance and
//! the postings. `GET /years/{year}/workload/{teacher}/pdf` answers the PDF
//! sheet, the same file the job `WorkloadDownload` makes. The list of the
//! year's teachers, each linking here, is [`super`]'s.
//!
//! Every figure is the workload form's (`GET /api/v1/workload`) in the rows
//! of [`crate::domain::workload::sheet`], which the PDF prints too; this
//! module only formats them ([`i18n::lessons`], [`i18n::percent`], a dash for
//! zero as on the sheet) and names them in the reader's language. Each figure
//! cell carries `data-figure="<path in the form>"` (`courses.items.0.lessons1`),
//! so that a test can compare it with the API. Read-only; readers see the same.

use askama::Template;
use axum::extract::{Path, State};
use axum::http::{header, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use rust_decimal::Decimal;

use super::{entered, sheet_path, year_choices};
use crate::documents::pdf::{classes_of, subject_of};
use crate::domain::employment::Employment;
use crate::domain::fixed::Amount;
use crate::domain::ids::{SchoolYearId, TeacherId};
use crate::domain::job::JobParams;
use crate::domain::person_name::PersonName as _;
use crate::domain::workload::forms::{SummaryItem, Workload};
use crate::domain::workload::sheet::{self as workload_sheet, rounded, BalanceKind, SheetRows};
use crate::i18n::{self, Lang};
use crate::jobs::pdf::{blocking, today, Sheets, PDF};
use crate::service::workload_sheet::SheetSource;
use crate::web::guard::SignedIn;
use crate::web::kit::errors::page_error;
use crate::web::kit::render::render;
use crate::web::kit::state::WebState;
use crate::web::layout::{Page, Screen};
use crate::web::sheet_word::{planner_word, PlannerWord};

/// The routes of one teacher's sheet: the page and the PDF.
pub fn routes() -> Router<WebState> {
    Router::new()
        .route("/years/{year}/workload/{teacher}", get(page))
        .route("/years/{year}/workload/{teacher}/pdf", get(pdf))
}

/// The sheet page.
#[derive(Template)]
#[template(path = "web/workload/page.html")]
pub struct WorkloadPage {
    /// The frame.
    pub page: Page,
    /// The sheet.
    pub sheet: SheetView,
    /// The teacher's confirmation and question, once released (docs/teachers.md).
    pub word: Option<PlannerWord>,
}

/// The sheet as the template shows it: every text made.
#[derive(Debug, Clone)]
pub struct SheetView {
    /// The sheet's title ("Provisorische Lektionenzuteilung SJ 26/27").
    pub title: String,
    /// The tools above the sheet (not printed).
    pub tools: Tools,
    /// Label of the personal block (for screen readers).
    pub person_label: String,
    /// The personal block: (label, value, `data-employment` field or empty).
    pub person: Vec<(String, String, &'static str)>,
    /// The sections in the sheet's order.
    pub tables: Vec<TableView>,
    /// Heading of the warnings, and the warnings (empty: none).
    pub warnings: (String, Vec<String>),
}

/// The teacher switch, previous/next, the PDF and print buttons.
#[derive(Debug, Clone)]
pub struct Tools {
    /// Label of the tool bar.
    pub label: String,
    /// The switch form's action (`/years/{year}/workload`).
    pub action: String,
    /// Label of the teacher select.
    pub teacher_label: String,
    /// The year's employed teachers.
    pub teachers: Vec<Choice>,
    /// Text of the switch form's button (hidden when script runs).
    pub show: String,
    /// The previous teacher by code, if any: (href, text, accessible name).
    pub previous: Option<(String, String, String)>,
    /// The next teacher by code, if any.
    pub next: Option<(String, String, String)>,
    /// The PDF download: (href, text).
    pub pdf: (String, String),
    /// Mailing this sheet to its teacher (planners): the mail form of the
    /// Export page with the teacher chosen (docs/web.md §Pensenblatt versenden): (href, text).
    pub mail: (String, String),
    /// Text of the print button.
    pub print: String,
    /// The list of teachers: (href, text).
    pub list: (String, String),
}

/// An option of a select.
#[derive(Debug, Clone)]
pub struct Choice {
    /// Value (an id).
    pub value: String,
    /// Text.
    pub label: String,
    /// Whether chosen.
    pub selected: bool,
}

/// One section of the sheet: a titled table.
#[derive(Debug, Clone)]
pub struct TableView {
    /// Element id of the section (`courses`, `pool`, `theses`, `summary`,
    /// `payroll`, `balance`, `postings`): lines elsewhere link to it.
    pub id: &'static str,
    /// Heading.
    pub title: String,
    /// Header rows.
    pub head: Vec<Vec<HeadCell>>,
    /// The rows.
    pub rows: Vec<Vec<Cell>>,
    /// The total row, if any.
    pub total: Option<Vec<Cell>>,
    /// Lines after the table (payment, change): label and figure.
    pub after: Vec<(String, Cell)>,
    /// Shown when the table has no rows.
    pub empty: String,
}

/// A header cell.
#[derive(Debug, Clone)]
pub struct HeadCell {
    /// Text.
    pub text: String,
    /// Columns it spans.
    pub span: usize,
    /// CSS class (`num` for a figure column).
    pub class: &'static str,
}

/// A table cell.
#[derive(Debug, Clone, Default)]
pub struct Cell {
    /// Text (a formatted figure, or a description).
    pub text: String,
    /// Link to what the line comes from.
    pub href: Option<String>,
    /// The figure's path in the workload form (`payroll.items.1.percent2`), or
    /// a derived figure's name (`balance.change`); empty for text.
    pub figure: String,
    /// Whether the row's header cell (`th scope="row"`).
    pub header: bool,
    /// CSS class.
    pub class: &'static str,
    /// A note after the text (small group).
    pub note: String,
}

impl Cell {
    fn text(text: impl Into<String>) -> Cell {
        Cell { text: text.into(), ..Cell::default() }
    }
    fn header(text: impl Into<String>, href: Option<String>) -> Cell {
        Cell { text: text.into(), href, header: true, ..Cell::default() }
    }
    fn figure(text: String, path: String) -> Cell {
        Cell { text, figure: path, class: "num", ..Cell::default() }
    }
    fn blank() -> Cell {
        Cell { class: "num", ..Cell::default() }
    }
}

/// Lessons as the sheet shows them: 2 decimals and `L`, a dash for zero (also after rounding).
fn lessons(a: Amount) -> String {
    i18n::lessons_or_dash(rounded(a.0, 2))
}

/// A percent with `decimals`, a dash for zero (also after rounding).
fn percent(d: Decimal, decimals: u32) -> String {
    let r = rounded(d, decimals);
    if r.is_zero() {
        "–".to_string()
    } else {
        i18n::percent(r, decimals)
    }
}

/// `GET /years/{year}/workload/{teacher}`.
pub async fn page(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path((year, teacher)): Path<(i64, i64)>,
    uri: Uri,
) -> Response {
    let read = crate::service::confirmation::sheet_page(&state.store, SchoolYearId(year), TeacherId(teacher)).await;
    let (source, years, word) = match read {
        Ok(read) => read,
        Err(e) => return page_error(lang, e),
    };
    let sheet = view(lang, &source);
    let title = i18n::text_with(
        lang,
        "workload-title",
        &[
            ("year", source.year.code.as_str().into()),
            ("name", source.teacher.titled_name().into()),
            ("code", source.teacher.code.as_str().into()),
        ],
    );
    let here = uri.path_and_query().map_or_else(|| uri.path().to_string(), |pq| pq.as_str().to_string());
    let mut page = Page::new(lang, Screen::Workload, title, Some(user), here);
    page.year = Some(year);
    page.years = year_choices(&years, year);
    let word = planner_word(lang, year, teacher, &word);
    render(lang, &WorkloadPage { page, sheet, word })
}

/// `GET /years/{year}/workload/{teacher}/pdf`: the PDF sheet, the same file
/// as the job `WorkloadDownload` of that teacher
/// (docs/documents.md §Workload sheet), as a download.
pub async fn pdf(
    State(state): State<WebState>,
    SignedIn { lang, .. }: SignedIn,
    Path((year, teacher)): Path<(i64, i64)>,
) -> Response {
    sheet_pdf(&state, lang, SchoolYearId(year), TeacherId(teacher)).await
}

/// The PDF sheet of `teacher` in `year` as a download (what [`pdf`] answers,
/// and a teacher's own sheet, [`crate::web::me`]); the error page when it cannot be made.
pub async fn sheet_pdf(state: &WebState, lang: Lang, year: SchoolYearId, teacher: TeacherId) -> Response {
    let params = JobParams { school_year: Some(year), teacher: Some(teacher), ..JobParams::default() };
    let sheets = match Sheets::load(&state.store, &params).await {
        Ok(sheets) => sheets,
        Err(e) => return page_error(lang, e),
    };
    let Some(one) = sheets.employments.first() else {
        return page_error(lang, crate::error::Error::not_found(TeacherId::KIND, teacher.0));
    };
    let name = sheets.file_name(one);
    let date = today();
    let content = match blocking(move || sheets.pdf(&sheets.employments.iter().collect::<Vec<_>>(), date)).await {
        Ok(content) => content,
        Err(e) => return page_error(lang, e),
    };
    let mut res = (StatusCode::OK, content).into_response();
    res.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static(PDF));
    if let Ok(v) = HeaderValue::from_str(&crate::documents::content_disposition(&name)) {
        res.headers_mut().insert(header::CONTENT_DISPOSITION, v);
    }
    res
}

/// Builds the sheet of `source` in `lang`.
pub fn view(lang: Lang, source: &SheetSource) -> SheetView {
    let t = |key: &str| i18n::text(lang, key);
    let w = &source.workload;
    let rows = workload_sheet::rows(w, &source.thesis_types);
    let pd = rows.decimals;
    let year = source.year.id.0;
    let teacher = source.teacher.id.0;
    let e = &source.employment;

    // The calculation mode by its code; a mode the catalogue lacks by its description.
    let mode_key = format!("workload-mode-{}", w.calculation_mode.code);
    let mode = if i18n::has(lang, &mode_key) { t(&mode_key) } else { w.calculation_mode.description.clone() };
    let title_key = if source.year.finalised { "workload-sheet-title" } else { "workload-sheet-title-provisional" };
    let person = vec![
        (t("workload-name"), source.teacher.titled_name(), ""),
        (t("workload-code"), source.teacher.code.clone(), ""),
        (t("workload-employee-number"), source.teacher.employee_number.clone().unwrap_or_else(|| "–".into()), ""),
        (t("workload-division"), source.division.description.clone(), ""),
        (
            t("workload-employment-range"),
            format!("{} – {}", entered(e.employment_min, pd), entered(e.employment_max, pd)),
            "employmentMin employmentMax",
        ),
        (
            t("workload-payment-target"),
            format!("{} / {}", entered(e.payment1, pd), entered(e.payment2, pd)),
            "payment1 payment2",
        ),
        (t("workload-employment"), t(if e.temporary { "workload-temporary" } else { "workload-permanent" }), ""),
        (t("workload-mode"), mode, ""),
    ];
    let mut person = person;
    if let Some(c) = e.comments.as_deref().map(str::trim).filter(|c| !c.is_empty()) {
        person.push((t("workload-comments"), c.to_string(), ""));
    }

    let mut tables = vec![courses(lang, w, year, pd)];
    if rows.pool {
        tables.push(pool(lang, w, year, &rows));
    }
    if rows.theses {
        tables.push(theses(lang, w, year, teacher));
    }
    tables.push(summary(lang, w, &rows));
    tables.push(payroll(lang, w, &rows));
    let opening = source.previous_year.map(|y| format!("{}#balance", sheet_path(y.0, teacher)));
    if let Some(b) = balance(lang, &rows, opening) {
        tables.push(b);
    }
    if !rows.postings.is_empty() {
        tables.push(postings(lang, &rows));
    }

    let warnings = w.warnings.iter().map(|warning| warning.message.render(lang)).collect();

    SheetView {
        title: i18n::text_with(lang, title_key, &[("year", source.year.code.as_str().into())]),
        tools: tools(lang, source),
        person_label: t("workload-person"),
        person,
        tables,
        warnings: (t("workload-warnings"), warnings),
    }
}

fn tools(lang: Lang, source: &SheetSource) -> Tools {
    let t = |key: &str| i18n::text(lang, key);
    let year = source.year.id.0;
    let teacher = source.teacher.id.0;
    let list: &[Employment] = &source.employments;
    let at = list.iter().position(|e| e.teacher.id.0 == teacher);
    let link = |e: &Employment, key: &str| {
        let args = [("code", e.teacher.code.as_str().into()), ("name", e.teacher.last_name.as_str().into())];
        (
            sheet_path(year, e.teacher.id.0),
            i18n::text_with(lang, key, &args),
            i18n::text_with(lang, &format!("{key}-label"), &args),
        )
    };
    Tools {
        label: t("workload-tools"),
        action: format!("/years/{year}/workload"),
        teacher_label: t("workload-teacher"),
        teachers: list
            .iter()
            .map(|e| Choice {
                value: e.teacher.id.0.to_string(),
                label: e.teacher.choice(),
                selected: e.teacher.id.0 == teacher,
            })
            .collect(),
        show: t("workload-show"),
        previous: at.and_then(|i| i.checked_sub(1)).and_then(|i| list.get(i)).map(|e| link(e, "workload-previous")),
        next: at.and_then(|i| list.get(i + 1)).map(|e| link(e, "workload-next")),
        pdf: (format!("{}/pdf", sheet_path(year, teacher)), t("workload-pdf")),
        mail: (format!("/years/{year}/mail?teacher={teacher}"), t("workload-mail")),
        print: t("workload-print"),
        list: (format!("/years/{year}/workload"), t("workload-all-teachers")),
    }
}

fn head(texts: &[(String, usize, &'static str)]) -> Vec<HeadCell> {
    texts.iter().map(|(text, span, class)| HeadCell { text: text.clone(), span: *span, class }).collect()
}

/// The two-row header of a table with lessons and percent per semester.
fn semester_head(lang: Lang, first: &[String]) -> Vec<Vec<HeadCell>> {
    let t = |key: &str| i18n::text(lang, key);
    let mut top: Vec<(String, usize, &'static str)> = first.iter().map(|_| (String::new(), 1, "")).collect();
    top.push((t("workload-semester1"), 2, "num"));
    top.push((t("workload-semester2"), 2, "num"));
    let mut second: Vec<(String, usize, &'static str)> = first.iter().map(|f| (f.clone(), 1, "")).collect();
    for _ in 0..2 {
        second.push((t("workload-lessons"), 1, "num"));
        second.push(("%".to_string(), 1, "num"));
    }
    vec![head(&top), head(&second)]
}

fn courses(lang: Lang, w: &Workload, year: i64, pd: u32) -> TableView {
    let t = |key: &str| i18n::text(lang, key);
    let rows = w
        .courses
        .items
        .iter()
        .enumerate()
        .map(|(n, c)| {
            let f = |field: &str| format!("courses.items.{n}.{field}");
            // A class course leads to its cell in the grid; a cross-class course has no cell there.
            let href = match c.school_classes.first() {
                Some(class) => format!("/years/{year}/grid#cell-{}-{}", c.subject.id.0, class.id.0),
                None => format!("/api/v1/course/{}", c.id.0),
            };
            let mut subject = Cell::header(subject_of(&c.subject), Some(href));
            if c.small_group1 || c.small_group2 {
                subject.note = t("workload-small-group");
            }
            vec![
                subject,
                Cell::text(classes_of(&c.course)),
                Cell::text(c.grade.code.clone()),
                Cell::figure(lessons(c.lessons1), f("lessons1")),
                Cell::figure(percent(c.percent1.0, pd), f("percent1")),
                Cell::figure(lessons(c.lessons2), f("lessons2")),
                Cell::figure(percent(c.percent2.0, pd), f("percent2")),
            ]
        })
        .collect();
    let tt = &w.courses.total;
    TableView {
        id: "courses",
        title: t("workload-courses"),
        head: semester_head(lang, &[t("workload-subject"), t("workload-classes"), t("workload-grade")]),
        rows,
        total: Some(vec![
            Cell::header(t("workload-total"), None),
            Cell::text(""),
            Cell::text(""),
            Cell::figure(lessons(tt.lessons1), "courses.total.lessons1".into()),
            Cell::figure(percent(tt.percent1.0, pd), "courses.total.percent1".into()),
            Cell::figure(lessons(tt.lessons2), "courses.total.lessons2".into()),
            Cell::figure(percent(tt.percent2.0, pd), "courses.total.percent2".into()),
        ]),
        after: Vec::new(),
        empty: t("workload-no-courses"),
    }
}

fn pool(lang: Lang, w: &Workload, year: i64, rows: &SheetRows<'_>) -> TableView {
    let t = |key: &str| i18n::text(lang, key);
    let pd = rows.decimals;
    let items = w
        .pool
        .items
        .iter()
        .enumerate()
        .map(|(n, i)| {
            vec![
                Cell::header(i.description.clone().unwrap_or_default(), Some(format!("/years/{year}/pool/{}", i.id))),
                Cell::text(i.kind.description.clone()),
                Cell::figure(percent(i.percent1.0, pd), format!("pool.items.{n}.percent1")),
                Cell::figure(percent(i.percent2.0, pd), format!("pool.items.{n}.percent2")),
            ]
        })
        .collect();
    TableView {
        id: "pool",
        title: t(if rows.pool_includes_age_relief { "workload-pool-with-age-relief" } else { "workload-pool" }),
        head: vec![head(&[
            (t("workload-description"), 1, ""),
            (t("workload-type"), 1, ""),
            (t("workload-percent-semester1"), 1, "num"),
            (t("workload-percent-semester2"), 1, "num"),
        ])],
        rows: items,
        total: Some(vec![
            Cell::header(t("workload-total"), None),
            Cell::text(""),
            Cell::figure(percent(w.pool.total.percent1.0, pd), "pool.total.percent1".into()),
            Cell::figure(percent(w.pool.total.percent2.0, pd), "pool.total.percent2".into()),
        ]),
        after: Vec::new(),
        empty: String::new(),
    }
}

fn theses(lang: Lang, w: &Workload, year: i64, teacher: i64) -> TableView {
    let t = |key: &str| i18n::text(lang, key);
    let pd = w.payroll.percent_decimals;
    let href = format!("/api/v1/thesis/{year}-{teacher}");
    let items = w
        .theses
        .items
        .iter()
        .enumerate()
        .map(|(n, i)| {
            vec![
                Cell::header(i.description.clone(), Some(href.clone())),
                Cell::figure(i.count.0.normalize().to_string(), format!("theses.items.{n}.count")),
                Cell::figure(percent(i.percent_each.0, pd), format!("theses.items.{n}.percentEach")),
                Cell::figure(percent(i.percent.0, pd), format!("theses.items.{n}.percent")),
            ]
        })
        .collect();
    TableView {
        id: "theses",
        title: t("workload-theses"),
        head: vec![head(&[
            (t("workload-thesis"), 1, ""),
            (t("workload-count"), 1, "num"),
            (t("workload-percent-each"), 1, "num"),
            ("%".into(), 1, "num"),
        ])],
        rows: items,
        total: Some(vec![
            Cell::header(t("workload-total"), None),
            Cell::blank(),
            Cell::blank(),
            Cell::figure(percent(w.theses.total.percent.0, pd), "theses.total.percent".into()),
        ]),
        after: Vec::new(),
        empty: String::new(),
    }
}

fn summary(lang: Lang, w: &Workload, rows: &SheetRows<'_>) -> TableView {
    let t = |key: &str| i18n::text(lang, key);
    let pd = rows.decimals;
    let ae = rows.age_relief_columns;
    let sm = &w.summary;
    // The summary's lines: Unterricht, Abschlussarbeiten, Pool (docs/workload.md §Summary).
    let labels = [
        ("workload-summary-courses", Some("#courses")),
        ("workload-summary-theses", rows.theses.then_some("#theses")),
        ("workload-summary-pool", rows.pool.then_some("#pool")),
    ];
    let line = |i: &SummaryItem, path: &str, label: Cell| {
        let f = |field: &str| format!("{path}.{field}");
        let mut cells = vec![label, Cell::figure(percent(i.percent1.0, pd), f("percent1"))];
        if ae {
            cells.push(Cell::figure(percent(i.age_relief1.0, pd), f("ageRelief1")));
        }
        cells.push(Cell::figure(percent(i.percent2.0, pd), f("percent2")));
        if ae {
            cells.push(Cell::figure(percent(i.age_relief2.0, pd), f("ageRelief2")));
        }
        cells.push(Cell::figure(percent(i.percent_with_age_relief.0, pd), f("percentWithAgeRelief")));
        cells
    };
    let items = sm
        .items
        .iter()
        .enumerate()
        .map(|(n, i)| {
            let (key, href) = labels.get(n).copied().unwrap_or(("workload-total", None));
            line(i, &format!("summary.items.{n}"), Cell::header(t(key), href.map(str::to_string)))
        })
        .collect();
    let factor = |f: Amount| format!("{} %", f.0.normalize());
    let header = if ae {
        vec![
            head(&[
                (String::new(), 1, ""),
                (t("workload-semester1"), 2, "num"),
                (t("workload-semester2"), 2, "num"),
                (String::new(), 1, ""),
            ]),
            head(&[
                (String::new(), 1, ""),
                ("%".into(), 1, "num"),
                (
                    i18n::text_with(lang, "workload-age-relief", &[("factor", factor(sm.age_relief_factor1).into())]),
                    1,
                    "num",
                ),
                ("%".into(), 1, "num"),
                (
                    i18n::text_with(lang, "workload-age-relief", &[("factor", factor(sm.age_relief_factor2).into())]),
                    1,
                    "num",
                ),
                (t("workload-year-with-age-relief"), 1, "num"),
            ]),
        ]
    } else {
        vec![head(&[
            (String::new(), 1, ""),
            (t("workload-percent-semester1"), 1, "num"),
            (t("workload-percent-semester2"), 1, "num"),
            (t("workload-year"), 1, "num"),
        ])]
    };
    TableView {
        id: "summary",
        title: t("workload-summary"),
        head: header,
        rows: items,
        total: Some(line(&sm.total, "summary.total", Cell::header(t("workload-total"), None))),
        after: Vec::new(),
        empty: String::new(),
    }
}

fn payroll(lang: Lang, w: &Workload, rows: &SheetRows<'_>) -> TableView {
    let t = |key: &str| i18n::text(lang, key);
    let pd = rows.decimals;
    let items = rows
        .payroll
        .iter()
        .enumerate()
        .map(|(n, r)| {
            let i = r.item;
            let f = |field: &str| format!("payroll.items.{n}.{field}");
            let mut label = match (&i.parent_payroll_type, i.correction) {
                (Some(parent), true) => {
                    i18n::text_with(lang, "workload-ipb-correction", &[("type", parent.description.as_str().into())])
                }
                _ => i.description.clone(),
            };
            if r.includes_theses {
                label = format!("{label} {}", t("workload-including-theses"));
            }
            let mut head = Cell::header(label, None);
            if i.correction {
                head.class = "correction";
            }
            vec![
                head,
                Cell::figure(lessons(i.lessons1), f("lessons1")),
                Cell::figure(percent(i.percent1.0, pd), f("percent1")),
                Cell::figure(lessons(i.lessons2), f("lessons2")),
                Cell::figure(percent(i.percent2.0, pd), f("percent2")),
            ]
        })
        .collect();
    TableView {
        id: "payroll",
        title: t("workload-payroll"),
        head: semester_head(lang, &[t("workload-payroll-type")]),
        rows: items,
        total: Some(vec![
            Cell::header(t("workload-total"), None),
            Cell::blank(),
            Cell::figure(percent(w.payroll.total.percent1.0, pd), "payroll.total.percent1".into()),
            Cell::blank(),
            Cell::figure(percent(w.payroll.total.percent2.0, pd), "payroll.total.percent2".into()),
        ]),
        after: vec![(t("workload-payment"), Cell::figure(percent(w.payment.0, pd), "payment".into()))],
        empty: String::new(),
    }
}

/// "IPB: Übersicht"; `opening` links the opening balance to the sheet it comes from (the previous year's).
fn balance(lang: Lang, rows: &SheetRows<'_>, opening: Option<String>) -> Option<TableView> {
    let t = |key: &str| i18n::text(lang, key);
    let b = rows.balance.as_ref()?;
    let pd = rows.decimals;
    let label = |kind: BalanceKind| {
        let (key, href) = match kind {
            BalanceKind::Opening => ("workload-balance-opening", opening.as_deref()),
            BalanceKind::Workload => ("workload-balance-workload", Some("#summary")),
            BalanceKind::Postings => ("workload-balance-postings", (!rows.postings.is_empty()).then_some("#postings")),
            BalanceKind::Payment => ("workload-balance-payment", Some("#payroll")),
            BalanceKind::RoundingDifference => ("workload-balance-rounding", None),
            BalanceKind::Closing => ("workload-balance-closing", None),
        };
        Cell::header(t(key), href.map(str::to_string))
    };
    let figure = |r: &workload_sheet::BalanceRow| {
        let path = r.line.map_or_else(|| "balance.rounding".to_string(), |n| format!("balance.{n}.percent"));
        Cell::figure(percent(r.percent, pd), path)
    };
    Some(TableView {
        id: "balance",
        title: t("workload-balance"),
        head: vec![head(&[(String::new(), 1, ""), ("%".into(), 1, "num")])],
        rows: b.rows.iter().map(|r| vec![label(r.kind), figure(r)]).collect(),
        total: Some(vec![label(BalanceKind::Closing), figure(&b.closing)]),
        after: vec![(t("workload-balance-change"), Cell::figure(percent(b.change, pd), "balance.change".into()))],
        empty: String::new(),
    })
}

fn postings(lang: Lang, rows: &SheetRows<'_>) -> TableView {
    let t = |key: &str| i18n::text(lang, key);
    let pd = rows.decimals;
    let day =
        |iso: &str| chrono::NaiveDate::parse_from_str(iso, "%Y-%m-%d").map_or_else(|_| iso.to_string(), i18n::date);
    let items = rows
        .postings
        .iter()
        .map(|r| {
            let item = r.item;
            let n = r.index;
            let first = r.first;
            let mut cells = vec![
                if first {
                    Cell::header(
                        item.description.clone().unwrap_or_default(),
                        Some(format!("/api/v1/posting/{}", item.posting.id)),
                    )
                } else {
                    Cell::header("", None)
                },
                Cell::text(if first { day(&item.start_date) } else { String::new() }),
                Cell::text(if first { item.end_date.as_deref().map(day).unwrap_or_default() } else { String::new() }),
            ];
            match r.detail {
                Some((k, d)) => {
                    let f = |field: &str| format!("postings.items.{n}.details.{k}.{field}");
                    cells.push(Cell::text(d.kind.description.clone()));
                    if r.lesson_columns {
                        cells.push(Cell::figure(lessons(d.lessons.unwrap_or_default()), f("lessons")));
                        cells.push(Cell::figure(lessons(d.full_position.unwrap_or_default()), f("fullPosition")));
                    } else {
                        cells.push(Cell::blank());
                        cells.push(Cell::blank());
                    }
                    cells.push(Cell::figure(percent(d.percent.0, pd), f("percent")));
                    cells.push(Cell::figure(percent(d.age_relief.0, pd), f("ageRelief")));
                }
                None => {
                    cells.push(Cell::text(""));
                    cells.extend([Cell::blank(), Cell::blank(), Cell::blank(), Cell::blank()]);
                }
            }
            cells.push(if first {
                Cell::figure(percent(item.total_percent.0, pd), format!("postings.items.{n}.totalPercent"))
            } else {
                Cell::blank()
            });
            cells
        })
        .collect();
    let total_percent = rows.workload.postings.as_ref().map(|p| p.total.percent.0).unwrap_or_default();
    let mut total = vec![Cell::header(t("workload-total"), None)];
    total.extend([Cell::text(""), Cell::text(""), Cell::text("")]);
    total.extend([Cell::blank(), Cell::blank(), Cell::blank(), Cell::blank()]);
    total.push(Cell::figure(percent(total_percent, pd), "postings.total.percent".into()));
    TableView {
        id: "postings",
        title: t("workload-postings"),
        head: vec![head(&[
            (t("workload-description"), 1, ""),
            (t("workload-from"), 1, ""),
            (t("workload-until"), 1, ""),
            (t("workload-type"), 1, ""),
            (t("workload-single-lessons"), 1, "num"),
            (t("workload-full-position"), 1, "num"),
            ("%".into(), 1, "num"),
            (t("workload-age-relief-percent"), 1, "num"),
            (t("workload-total-percent"), 1, "num"),
        ])],
        rows: items,
        total: Some(total),
        after: Vec::new(),
        empty: String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    #[test]
    fn zero_is_a_dash_and_figures_round_half_up() {
        let d = |s: &str| Decimal::from_str(s).unwrap();
        assert_eq!(percent(d("12.3455"), 3), "12.346 %");
        assert_eq!(percent(d("0.0004"), 3), "–");
        assert_eq!(percent(d("-3.705"), 2), "-3.71 %");
        assert_eq!(lessons(Amount(d("0.004"))), "–");
        assert_eq!(lessons(Amount(d("2.5"))), "2.50 L");
    }
}
