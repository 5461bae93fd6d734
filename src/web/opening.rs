//! Spezielles → Schuljahr eröffnen (docs/web.md §Schuljahr eröffnen): opening
//! the next school year as a guided path for planners.
//!
//! 1. `GET /opening`, `POST /opening`: create the next year, its fields
//!    proposed from the latest one ([`service::opening::next_year_proposal`]),
//!    through the same use case as `POST /api/v1/schoolyear`
//!    ([`service::crud::create`] of [`SchoolYears`]).
//! 2. `GET /opening/{year}`, `POST /opening/{year}/class`: the curricula whose
//!    entry grade has no class ([`service::opening::entry_class_proposals`]),
//!    each with a form creating the missing class as `POST
//!    /api/v1/schoolclass` does.
//! 3. On the same page, what opening would create, written nowhere
//!    ([`service::opening::preview`]).
//! 4. `POST /opening/{year}/open`: opens the year as `POST
//!    /api/v1/schoolyear/ID/open` does ([`open_school_year_for`]) and shows
//!    the report.
//! 5. The plan check's findings as a worklist ([`check_plan`](service::check::check_plan)), each linked
//!    to the screen of its object where one exists.
//!
//! A reader sees the page without its forms; the guard answers a reader's
//! POST with 403.

use std::collections::HashMap;

use askama::Template;
use axum::extract::{Form, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::Router;
use serde_json::{json, Map, Value};

use super::guard::SignedIn;
use super::kit::errors::page_error;
use super::kit::render::render;
use super::kit::state::WebState;
use super::layout::{Page, Screen, YearChoice};
use crate::auth::Role;
use crate::domain::body_reader::Mode;
use crate::domain::check::{Finding, FindingId, Severity};
use crate::domain::course::Course;
use crate::domain::ids::SchoolYearId;
use crate::domain::schoolclass::NewSchoolClass;
use crate::domain::schoolyear::NewSchoolYear;
use crate::domain::workload::CalculationMode;
use crate::domain::FromBody;
use crate::error::Result;
use crate::i18n::{self, Lang};
use crate::service::audit::Actor;
use crate::service::opening::{open_school_year_for, OpeningReport};
use crate::service::resources::SchoolClasses;
use crate::service::schoolyear::SchoolYears;
use crate::service::session::SessionUser;
use crate::service::{self};

/// The routes of Schuljahr eröffnen: the start, a year's page, its classes and the opening.
pub fn routes() -> Router<WebState> {
    Router::new()
        .route("/opening", get(start).post(create_year))
        .route("/opening/{year}", get(year))
        .route("/opening/{year}/class", post(create_class))
        .route("/opening/{year}/open", post(open))
}

/// Step 1: the form creating the next school year.
#[derive(Template)]
#[template(path = "web/opening/start.html")]
pub struct StartPage {
    /// The frame.
    pub page: Page,
    /// Whether the person may write (planner or admin).
    pub can_write: bool,
    /// The sentence naming the latest year the proposal follows, if there is one.
    pub latest: Option<String>,
    /// The form, with what was typed and its errors.
    pub form: YearForm,
    /// A problem that belongs to no field (a clash of code or graduation year).
    pub problem: Option<String>,
    /// The years not finalised, to continue the path with: (link, text).
    pub years: Vec<(String, String)>,
}

/// The fields of the school-year form as typed, with their errors.
#[derive(Debug, Clone, Default)]
pub struct YearForm {
    /// Code, e.g. `28/29`.
    pub code: String,
    /// Description.
    pub description: String,
    /// Graduation year, e.g. `2029`.
    pub graduation_year: String,
    /// The calculation modes: (id, name, chosen).
    pub modes: Vec<(i64, String, bool)>,
    /// Weekly lessons of a full position per lesson-based payroll type.
    pub weekly: Vec<WeeklyField>,
    /// Error messages by field name (`code`, `weekly-2`, …).
    pub errors: HashMap<String, String>,
}

impl YearForm {
    /// The error of field `name`, if any.
    pub fn error(&self, name: &str) -> Option<&String> {
        self.errors.get(name)
    }
}

/// One weekly-lessons input (lessons per week of a full position).
#[derive(Debug, Clone)]
pub struct WeeklyField {
    /// Field name, `weekly-<payroll type id>`.
    pub name: String,
    /// Label: the payroll type's code and designation.
    pub label: String,
    /// The value as typed or proposed (`23.00`).
    pub value: String,
}

/// Steps 2–5 for one year.
#[derive(Template)]
#[template(path = "web/opening/year.html")]
pub struct YearPage {
    /// The frame.
    pub page: Page,
    /// The year's id.
    pub year: i64,
    /// The year's code.
    pub code: String,
    /// Whether the person may write.
    pub can_write: bool,
    /// Step 2: the missing entry-grade classes.
    pub gaps: Vec<GapForm>,
    /// A problem of the last class form that belongs to no field.
    pub gap_problem: Option<String>,
    /// The sentence before the preview.
    pub preview_intro: String,
    /// The text of the open button.
    pub open_label: String,
    /// Step 3: what opening would create, or why it cannot.
    pub preview: std::result::Result<ReportView, String>,
    /// Step 5: the plan check's findings.
    pub findings: Vec<FindingRow>,
}

/// The page after opening: the report and the worklist.
#[derive(Template)]
#[template(path = "web/opening/opened.html")]
pub struct OpenedPage {
    /// The frame.
    pub page: Page,
    /// The year's id.
    pub year: i64,
    /// What was created.
    pub report: ReportView,
    /// The plan check's findings.
    pub findings: Vec<FindingRow>,
}

/// A missing entry class with the form that creates it.
#[derive(Debug, Clone)]
pub struct GapForm {
    /// Element id prefix (`gap-<curriculum id>`).
    pub id: String,
    /// The sentence of the finding, in the page language.
    pub sentence: String,
    /// The curriculum id (hidden field).
    pub curriculum: i64,
    /// Graduation year of the class (hidden field).
    pub graduation_year: i64,
    /// The code as proposed or typed.
    pub code: String,
    /// The divisions: (id, text, chosen).
    pub divisions: Vec<(i64, String, bool)>,
    /// Error messages by field (`code`, `division`, …).
    pub errors: HashMap<String, String>,
    /// The text of its button.
    pub button: String,
}

impl GapForm {
    /// The error of field `name`, if any.
    pub fn error(&self, name: &str) -> Option<&String> {
        self.errors.get(name)
    }
}

/// An opening report as shown: counts per kind and the lines of each.
#[derive(Debug, Clone)]
pub struct ReportView {
    /// (label, count, lines) per kind: courses, employments, pool entries.
    pub kinds: Vec<(String, usize, Vec<String>)>,
    /// The warnings' sentences in the page language.
    pub warnings: Vec<String>,
    /// Whether nothing would be (or was) created.
    pub empty: bool,
}

/// A finding of the plan check as a worklist line.
#[derive(Debug, Clone)]
pub struct FindingRow {
    /// `error` or `warning` (a CSS modifier).
    pub severity: &'static str,
    /// The severity in words.
    pub severity_label: String,
    /// The sentence in the page language.
    pub detail: String,
    /// Links to the screens of its objects: (href, text).
    pub links: Vec<(String, String)>,
}

/// Whether `user` may write (planner or admin).
fn writes(user: &SessionUser) -> bool {
    user.role >= Role::Planner
}

/// The frame of every page of the path.
fn frame(lang: Lang, user: SessionUser, title: String, here: String, year: Option<i64>) -> Page {
    let mut page = Page::new(lang, Screen::Opening, title, Some(user), here);
    page.year = year;
    page
}

/// `GET /opening`: step 1.
pub async fn start(State(state): State<WebState>, SignedIn { user, lang }: SignedIn) -> Response {
    match start_page(&state, user, lang, None, None).await {
        Ok(page) => render(lang, &page),
        Err(e) => page_error(lang, e),
    }
}

/// A sent school-year form: the fields as typed and the errors by field name.
type SentYear<'a> = (&'a HashMap<String, String>, HashMap<String, String>);

/// Builds step 1: the proposal, or what was `sent` with its errors and a
/// `problem` that belongs to no field.
async fn start_page(
    state: &WebState,
    user: SessionUser,
    lang: Lang,
    sent: Option<SentYear<'_>>,
    problem: Option<String>,
) -> Result<StartPage> {
    let (proposal, years, payroll) = service::opening::start_facts(&state.store).await?;
    let can_write = writes(&user);
    let mut page = frame(lang, user, i18n::text(lang, "opening-title"), "/opening".into(), None);
    let form = match sent {
        Some((sent, errors)) => YearForm {
            code: field(sent, "code").to_string(),
            description: field(sent, "description").to_string(),
            graduation_year: field(sent, "graduationYear").to_string(),
            modes: modes(lang, field(sent, "calculationMode").parse().unwrap_or(0)),
            weekly: payroll
                .iter()
                .map(|t| {
                    let name = format!("weekly-{}", t.id);
                    let value = field(sent, &name).to_string();
                    WeeklyField { name, label: format!("{} – {}", t.code, t.description), value }
                })
                .collect(),
            errors,
        },
        None => {
            let mode = proposal.as_ref().map_or(CalculationMode::Percent.id(), |p| p.latest.calculation_mode.id);
            YearForm {
                code: proposal.as_ref().map(|p| p.code.clone()).unwrap_or_default(),
                description: proposal.as_ref().map(|p| p.description.clone()).unwrap_or_default(),
                graduation_year: proposal.as_ref().map(|p| p.graduation_year.to_string()).unwrap_or_default(),
                modes: modes(lang, mode),
                weekly: payroll
                    .iter()
                    .map(|t| WeeklyField {
                        name: format!("weekly-{}", t.id),
                        label: format!("{} – {}", t.code, t.description),
                        value: proposal
                            .as_ref()
                            .and_then(|p| p.latest.weekly_lessons.get(&t.id.0))
                            .map(|l| format!("{:.2}", l.decimal()))
                            .unwrap_or_default(),
                    })
                    .collect(),
                errors: HashMap::new(),
            }
        }
    };
    let mut years: Vec<_> = years.into_iter().filter(|y| !y.finalised).collect();
    years.sort_by_key(|y| std::cmp::Reverse(y.graduation_year));
    // The menu's year-bound entries lead to the newest year.
    page.years = years.iter().map(|y| YearChoice { id: y.id.0, code: y.code.clone(), selected: false }).collect();
    Ok(StartPage {
        page,
        can_write,
        latest: proposal.map(|p| i18n::text_with(lang, "opening-proposed-from", &[("year", p.latest.code.into())])),
        form,
        problem,
        years: years
            .into_iter()
            .take(3)
            .map(|y| {
                let text = i18n::text_with(lang, "opening-continue-with", &[("year", y.code.into())]);
                (format!("/opening/{}", y.id.0), text)
            })
            .collect(),
    })
}

/// The calculation modes for the select, `chosen` selected.
fn modes(lang: Lang, chosen: i64) -> Vec<(i64, String, bool)> {
    CalculationMode::ALL
        .iter()
        .map(|m| (m.id(), i18n::text(lang, &format!("opening-mode-{}", m.code())), m.id() == chosen))
        .collect()
}

/// A field error's `message` with the wire name of its field (`` `code` ``)
/// replaced by the field's label in the page language.
fn labelled(message: String, key: &str, label: &str) -> String {
    message.replace(&format!("`{key}`"), label)
}

/// The value of form field `name` ("" when absent).
fn field<'a>(form: &'a HashMap<String, String>, name: &str) -> &'a str {
    form.get(name).map_or("", |v| v.trim())
}

/// `POST /opening`: creates the year as `POST /api/v1/schoolyear` does, then
/// leads to step 2; a bad input comes back with the errors beside the fields.
pub async fn create_year(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let mut weekly = Map::new();
    for (key, value) in form.iter().filter(|(k, v)| k.starts_with("weekly-") && !v.trim().is_empty()) {
        weekly.insert(key["weekly-".len()..].to_string(), Value::String(crate::domain::fixed::typed_decimal(value)));
    }
    let mode: i64 = field(&form, "calculationMode").parse().unwrap_or(0);
    let body = json!({
        "code": field(&form, "code"),
        "description": field(&form, "description"),
        "graduationYear": field(&form, "graduationYear"),
        "calculationMode": mode,
        "weeklyLessons": weekly,
    });
    let actor = Actor::new(Some(user.principal()), "POST", "/opening");
    let result = match NewSchoolYear::from_body(&body, Mode::Create) {
        Ok(new) => service::crud::create::<SchoolYears>(&state.store, &actor, &new).await,
        Err(e) => Err(e),
    };
    let err = match result {
        Ok(written) => return Redirect::to(&format!("/opening/{}", written.id)).into_response(),
        Err(e) => e,
    };
    if err.status().is_server_error() {
        return page_error(lang, err);
    }
    // Send the form back with what was typed and the errors beside the fields.
    let mut errors = HashMap::new();
    for (pointer, _, message) in err.field_messages(lang) {
        let name = match pointer.as_str() {
            "/graduationYear" => "graduationYear".to_string(),
            "/calculationMode" => "calculationMode".to_string(),
            p if p.starts_with("/weeklyLessons/") => format!("weekly-{}", &p["/weeklyLessons/".len()..]),
            p => p.trim_start_matches('/').to_string(),
        };
        let key = pointer.trim_start_matches('/').split('/').next().unwrap_or_default();
        let label = match key {
            "code" => "opening-code",
            "description" => "opening-description",
            "graduationYear" => "opening-graduation-year",
            "calculationMode" => "opening-mode",
            _ => "opening-weekly",
        };
        errors.entry(name).or_insert_with(|| labelled(message, key, &i18n::text(lang, label)));
    }
    let problem = errors.is_empty().then(|| err.message(lang));
    let status = err.status();
    match start_page(&state, user, lang, Some((&form, errors)), problem).await {
        Ok(page) => (status, render(lang, &page)).into_response(),
        Err(e) => page_error(lang, e),
    }
}

/// `GET /opening/{year}`: steps 2 to 5 for one year.
pub async fn year(State(state): State<WebState>, SignedIn { user, lang }: SignedIn, Path(year): Path<i64>) -> Response {
    match year_page(&state, user, lang, year, None).await {
        Ok(page) => render(lang, &page),
        Err(e) => page_error(lang, e),
    }
}

/// A class form sent back: the curriculum it was for, what was typed, the
/// errors by field, and a problem that belongs to no field.
type TypedClass = (i64, String, i64, HashMap<String, String>, Option<String>);

/// Builds steps 2–5 of `year`; `typed` puts a sent class form back.
async fn year_page(
    state: &WebState,
    user: SessionUser,
    lang: Lang,
    year: i64,
    typed: Option<TypedClass>,
) -> Result<YearPage> {
    let id = SchoolYearId(year);
    let service::opening::YearFacts { school_year, proposals, divisions, findings, courses, years } =
        service::opening::year_facts(&state.store, id).await?;
    let findings = (findings, cells_of(courses));
    let preview = service::opening::preview(&state.store, id).await;
    let can_write = writes(&user);
    let title = i18n::text_with(lang, "opening-year-title", &[("year", school_year.code.as_str().into())]);
    let mut page = frame(lang, user, title, format!("/opening/{year}"), Some(year));
    let mut years = years;
    years.sort_by_key(|y| std::cmp::Reverse(y.graduation_year));
    page.years = years.iter().map(|y| YearChoice { id: y.id.0, code: y.code.clone(), selected: y.id == id }).collect();
    let year_ref = crate::domain::reference_forms::SchoolYearRef::from(&school_year);
    let mut gap_problem = None;
    let gaps = proposals
        .into_iter()
        .map(|p| {
            let mut code = p.code.clone();
            let mut division = p.division.map(|d| d.0);
            let mut errors = HashMap::new();
            if let Some((curriculum, typed_code, typed_division, typed_errors, problem)) = &typed {
                if *curriculum == p.gap.curriculum.0 {
                    code = typed_code.clone();
                    division = Some(*typed_division);
                    errors = typed_errors.clone();
                    gap_problem = problem.clone();
                }
            }
            GapForm {
                id: format!("gap-{}", p.gap.curriculum.0),
                sentence: p.gap.message(&year_ref).render(lang),
                curriculum: p.gap.curriculum.0,
                graduation_year: p.gap.graduation_year,
                code,
                divisions: divisions
                    .iter()
                    .map(|d| (d.id.0, format!("{} – {}", d.code, d.description), Some(d.id.0) == division))
                    .collect(),
                errors,
                button: i18n::text_with(
                    lang,
                    "opening-create-class",
                    &[("graduation", p.gap.graduation_year.to_string().into())],
                ),
            }
        })
        .collect();
    let preview = match preview {
        Ok(report) => Ok(report_view(lang, report)),
        Err(e) if e.status().is_server_error() => return Err(e),
        Err(e) => Err(e.message(lang)),
    };
    let preview_intro = i18n::text_with(lang, "opening-preview-intro", &[("year", school_year.code.as_str().into())]);
    let open_label = i18n::text_with(lang, "opening-open", &[("year", school_year.code.as_str().into())]);
    Ok(YearPage {
        page,
        year,
        preview_intro,
        open_label,
        code: school_year.code,
        can_write,
        gaps,
        gap_problem,
        preview,
        findings: worklist(lang, year, findings.0, &findings.1),
    })
}

/// The report as shown, in `lang`.
fn report_view(lang: Lang, report: OpeningReport) -> ReportView {
    let courses = report
        .courses
        .iter()
        .map(|c| {
            let who = if c.school_classes.is_empty() {
                format!("{} {}", c.curriculum.code, c.grade.code)
            } else {
                c.school_classes.iter().map(|k| k.code.as_str()).collect::<Vec<_>>().join(", ")
            };
            let lessons = if c.lessons1 == c.lessons2 {
                i18n::lessons(c.lessons1.decimal())
            } else {
                format!("{} / {}", i18n::lessons(c.lessons1.decimal()), i18n::lessons(c.lessons2.decimal()))
            };
            format!("{} · {who} · {lessons}", c.subject.code)
        })
        .collect();
    let employments = report.employments.iter().map(|e| e.teacher.code.clone()).collect();
    let pool = report
        .pool_entries
        .iter()
        .map(|p| format!("{} · {}", p.teacher.code, p.description.clone().unwrap_or_else(|| p.kind.code.clone())))
        .collect();
    let empty = report.counts == Default::default();
    ReportView {
        kinds: vec![
            (i18n::text(lang, "opening-kind-courses"), report.counts.courses, courses),
            (i18n::text(lang, "opening-kind-employments"), report.counts.employments, employments),
            (i18n::text(lang, "opening-kind-pool"), report.counts.pool_entries, pool),
        ],
        warnings: report.warnings.into_iter().map(|w| w.in_lang(lang).detail).collect(),
        empty,
    }
}

/// Per course id of `courses` (the year's), the grid cell that shows it
/// (`cell-{subject}-{class}`, its first class; none for a cross-class course).
fn cells_of(courses: Vec<Course>) -> HashMap<i64, String> {
    courses
        .into_iter()
        .filter_map(|c| {
            let class = c.school_classes.first()?;
            Some((c.id.0, format!("cell-{}-{}", c.subject.id.0, class.id.0)))
        })
        .collect()
}

/// The findings as worklist lines, each object linked to its screen (a
/// course to its cell of the grid, `cells`).
fn worklist(lang: Lang, year: i64, findings: Vec<Finding>, cells: &HashMap<i64, String>) -> Vec<FindingRow> {
    findings
        .into_iter()
        .map(|f| {
            let (severity, key) = match f.severity {
                Severity::Error => ("error", "opening-severity-error"),
                Severity::Warning => ("warning", "opening-severity-warning"),
            };
            let links = f
                .objects
                .iter()
                .filter_map(|o| {
                    let id = match &o.id {
                        FindingId::Number(n) => n.to_string(),
                        FindingId::Text(t) => t.clone(),
                    };
                    let href = match o.kind {
                        "course" => match &o.id {
                            FindingId::Number(n) if cells.contains_key(n) => {
                                format!("/years/{year}/grid#{}", cells[n])
                            }
                            _ => format!("/years/{year}/grid"),
                        },
                        "schoolclass" => format!("/years/{year}/grid"),
                        "employment" => format!("/years/{year}/workload"),
                        "teacher" => format!("/years/{year}/workload/{id}"),
                        "curriculum" => format!("/opening/{year}#step-classes"),
                        _ => return None,
                    };
                    let text = i18n::text_with(
                        lang,
                        "opening-finding-link",
                        &[("kind", i18n::text(lang, &format!("opening-object-{}", o.kind)).into()), ("id", id.into())],
                    );
                    Some((href, text))
                })
                .collect();
            let detail = f.in_lang(lang).detail;
            FindingRow { severity, severity_label: i18n::text(lang, key), detail, links }
        })
        .collect()
}

/// `POST /opening/{year}/class`: creates a missing entry class as `POST
/// /api/v1/schoolclass` does, then back to the year's path; a bad input
/// comes back beside its fields.
pub async fn create_class(
    State(state): State<WebState>,
    SignedIn { user, lang }: SignedIn,
    Path(year): Path<i64>,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let curriculum: i64 = field(&form, "curriculum").parse().unwrap_or(0);
    let division: i64 = field(&form, "division").parse().unwrap_or(0);
    let body = json!({
        "code": field(&form, "code"),
        "curriculum": curriculum,
        "division": division,
        "graduationYear": field(&form, "graduationYear"),
    });
    let actor = Actor::new(Some(user.principal()), "POST", format!("/opening/{year}/class"));
    let result = match NewSchoolClass::from_body(&body, Mode::Create) {
        Ok(new) => service::crud::create::<SchoolClasses>(&state.store, &actor, &new).await,
        Err(e) => Err(e),
    };
    let err = match result {
        Ok(_) => return Redirect::to(&format!("/opening/{year}#step-classes")).into_response(),
        Err(e) => e,
    };
    if err.status().is_server_error() {
        return page_error(lang, err);
    }
    let mut errors = HashMap::new();
    let mut elsewhere = false;
    for (pointer, _, message) in err.field_messages(lang) {
        let key = pointer.trim_start_matches('/').to_string();
        let label = match key.as_str() {
            "code" => "opening-class-code",
            "division" => "opening-class-division",
            _ => {
                elsewhere = true;
                continue;
            }
        };
        let message = labelled(message, &key, &i18n::text(lang, label));
        errors.entry(key).or_insert(message);
    }
    // A problem of no shown field (a code clash, a curriculum gone) goes above the forms.
    let problem = (errors.is_empty() || elsewhere).then(|| err.message(lang));
    let status = err.status();
    let typed = (curriculum, field(&form, "code").to_string(), division, errors, problem);
    match year_page(&state, user, lang, year, Some(typed)).await {
        Ok(page) => (status, render(lang, &page)).into_response(),
        Err(e) => page_error(lang, e),
    }
}

/// `POST /opening/{year}/open`: opens the year as `POST
/// /api/v1/schoolyear/ID/open` does and shows the report and the worklist;
/// a refusal (locked year, no previous year) comes back as the year's page
/// with the reason.
pub async fn open(State(state): State<WebState>, SignedIn { user, lang }: SignedIn, Path(year): Path<i64>) -> Response {
    let id = SchoolYearId(year);
    let actor = Actor::new(Some(user.principal()), "POST", format!("/opening/{year}/open"));
    let report = match open_school_year_for(&state.store, &actor, id).await {
        Ok(report) => report,
        Err(e) if e.status().is_server_error() || e.status() == StatusCode::NOT_FOUND => return page_error(lang, e),
        Err(e) => {
            let status = e.status();
            return match year_page(&state, user, lang, year, None).await {
                Ok(mut page) => {
                    page.preview = Err(e.message(lang));
                    (status, render(lang, &page)).into_response()
                }
                Err(e) => page_error(lang, e),
            };
        }
    };
    let (code, findings) = match service::opening::worklist(&state.store, id).await {
        Ok((y, findings, courses)) => (y.code, (findings, cells_of(courses))),
        Err(e) => return page_error(lang, e),
    };
    let title = i18n::text_with(lang, "opening-opened-title", &[("year", code.as_str().into())]);
    let page = frame(lang, user, title, format!("/opening/{year}"), Some(year));
    render(
        lang,
        &OpenedPage {
            page,
            year,
            report: report_view(lang, report),
            findings: worklist(lang, year, findings.0, &findings.1),
        },
    )
}
