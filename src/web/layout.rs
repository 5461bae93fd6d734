//! The frame every page shares (`templates/web/layout.html`): the menu with
//! the names planners know (docs/web.md §Menu), the school-year switch, the
//! language switch, the signed-in person and sign-out.

use std::borrow::Cow;

use super::assets::{self, AssetUrls};
use crate::auth::Role;
use crate::i18n::{self, Lang};
use crate::service::session::SessionUser;

/// The screens of the menu; the current one is marked `aria-current="page"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    /// The sign-in page (no menu).
    SignIn,
    /// Übersicht.
    Overview,
    /// Planung → nach Klassen.
    Grid,
    /// Stammdaten → Lehrpersonen.
    Teachers,
    /// Übersicht → Export.
    Documents,
    /// Übersicht → Pensenblatt.
    Workload,
    /// Übersicht → Jahresüberblick.
    YearOverview,
    /// Stammdaten → Fächer.
    Subjects,
    /// Stammdaten → Klassen.
    Classes,
    /// Stammdaten → Fachgebiete (a lookup).
    SubjectCategories,
    /// Stammdaten → Fachtypen (a lookup).
    SubjectTypes,
    /// Stammdaten → Geschlechter (a lookup).
    Genders,
    /// Spezielles → Schuljahr eröffnen.
    Opening,
    /// Spezielles → Wartung.
    Maintenance,
    /// Planung → IPB-Buchungen.
    Postings,
    /// Planung → Abschlussarbeiten.
    Theses,
    /// Notizen (linked from IPB-Buchungen and Abschlussarbeiten).
    Notes,
    /// The history of an object (no menu entry of its own).
    History,
    /// Verwaltung: accounts, roles and tokens (administrators only).
    Admin,
    /// Verwaltung → Übernahmen: the reports of the moves from and to the Pensenmanager.
    Moves,
    /// Planung → gesamtschulisch.
    CrossClass,
    /// Planung → Anstellungen.
    Employments,
    /// Planung → Pool.
    Pool,
    /// Stammdaten → Lehrgänge.
    Curricula,
    /// Stammdaten → Lektionentafel.
    LessonTable,
    /// Stammdaten → Schuljahre.
    SchoolYears,
    /// Stammdaten → Organisationseinheiten.
    Divisions,
    /// Mein Pensum: a teacher account's own sheets (docs/teachers.md).
    Mine,
    /// Verwaltung → Lehrpersonen einladen.
    Invite,
    /// An error page inside the frame (no menu entry marked).
    Error,
}

/// A school year in the year switch.
#[derive(Debug, Clone)]
pub struct YearChoice {
    /// Id (the URL's `{year}`).
    pub id: i64,
    /// Code, e.g. `26/27`.
    pub code: String,
    /// Whether it is the year shown.
    pub selected: bool,
}

/// A menu entry.
#[derive(Debug, Clone)]
pub struct NavItem {
    /// Text.
    pub label: String,
    /// Link.
    pub href: String,
    /// Whether it is the page shown.
    pub current: bool,
}

/// A menu group with its heading.
#[derive(Debug, Clone)]
pub struct NavGroup {
    /// Heading (`Planung`, `Stammdaten`) or empty for the top entries.
    pub heading: String,
    /// Entries.
    pub items: Vec<NavItem>,
}

/// What the layout needs of every page.
#[derive(Debug, Clone)]
pub struct Page {
    /// The reader's language.
    pub lang: Lang,
    /// The page title (also the `<h1>`).
    pub title: String,
    /// The screen shown.
    pub screen: Screen,
    /// The signed-in person, if any.
    pub user: Option<SessionUser>,
    /// The school year of the URL, if the page has one.
    pub year: Option<i64>,
    /// The year switch's choices (empty: no switch).
    pub years: Vec<YearChoice>,
    /// The request's path and query, for the language switch to come back to.
    pub here: String,
    /// Hashed asset URLs.
    pub assets: &'static AssetUrls,
    /// A live stream of the page's own instead of its year's (a teacher's
    /// sheet, docs/teachers.md §What a teacher sees).
    pub live: Option<String>,
}

impl Page {
    /// A page in `lang` titled `title`.
    pub fn new(lang: Lang, screen: Screen, title: String, user: Option<SessionUser>, here: String) -> Page {
        Page { lang, title, screen, user, year: None, years: Vec::new(), here, assets: assets::urls(), live: None }
    }

    /// The catalogue text of `key` in the page's language.
    pub fn t(&self, key: &str) -> String {
        i18n::text(self.lang, key)
    }

    /// The catalogue text of `key` with arguments.
    pub fn t_with(&self, key: &str, args: &[(&'static str, Cow<'_, str>)]) -> String {
        i18n::text_with(self.lang, key, args)
    }

    /// The live events of the page: its own stream when it has one
    /// ([`Page::live`]), else its school year's (`/years/{id}/live`), when
    /// someone is signed in and the page has a year (docs/web.md §Working together).
    pub fn live_url(&self) -> Option<String> {
        if self.live.is_some() {
            return self.live.clone();
        }
        self.user.as_ref().and(self.year).map(|y| format!("/years/{y}/live"))
    }

    /// The `lang` attribute.
    pub fn lang_tag(&self) -> &'static str {
        self.lang.tag()
    }

    /// Whether the signed-in person plans (role planner or admin): the
    /// planners' tools are shown.
    pub fn plans(&self) -> bool {
        self.user.as_ref().is_some_and(|u| u.role >= Role::Planner)
    }

    /// The session's CSRF token (empty without a session).
    pub fn csrf(&self) -> &str {
        self.user.as_ref().map_or("", |u| u.csrf.as_str())
    }

    /// `hx-headers` of the body: the CSRF token for every htmx request.
    pub fn hx_headers(&self) -> String {
        serde_json::json!({ super::guard::CSRF_HEADER: self.csrf() }).to_string()
    }

    /// The signed-in person's name and role, e.g. `admin (Rolle: Verwalten)`.
    pub fn user_line(&self) -> String {
        let Some(u) = &self.user else { return String::new() };
        let role = match u.role {
            Role::Teacher => "role-teacher",
            Role::Reader => "role-reader",
            Role::Planner => "role-planner",
            Role::Admin => "role-admin",
        };
        format!(
            "{} · {}",
            self.t_with("signed-in-as", &[("name", u.name.as_str().into())]),
            self.t_with("signed-in-role", &[("role", self.t(role).into())])
        )
    }

    /// The languages to choose from: (tag, name in that language, chosen).
    pub fn languages(&self) -> Vec<(&'static str, String, bool)> {
        Lang::ALL.iter().map(|l| (l.tag(), i18n::text(*l, "lang-name"), *l == self.lang)).collect()
    }

    /// The menu, in the groups and words of the existing client: Übersicht (Jahresüberblick, Pensenblatt,
    /// Export); Planung (Anstellungen, nach Klassen, gesamtschulisch, Pool, Abschlussarbeiten,
    /// IPB-Buchungen); Stammdaten (Fächer, Klassen, Lehrgänge, Lektionentafel, Lehrpersonen, Organisationseinheiten,
    /// Schuljahre, then the lookups Fachgebiete, Fachtypen, Geschlechter); Spezielles (Schuljahr eröffnen, Wartung for planners); Verwaltung for administrators: the entries whose
    /// screens exist (docs/web.md §Menu).
    pub fn nav(&self) -> Vec<NavGroup> {
        let item = |key: &str, href: String, screen: Screen| NavItem {
            label: self.t(key),
            href,
            current: self.screen == screen,
        };
        if self.user.as_ref().is_some_and(|u| u.role == Role::Teacher) {
            // A teacher account sees its own sheets and nothing else (docs/teachers.md §What a teacher sees).
            return vec![NavGroup { heading: String::new(), items: vec![item("me-nav", "/me".into(), Screen::Mine)] }];
        }
        // The page's year, else the one the person chose last (docs/web.md
        // §The year kept), else the newest.
        let kept = self.user.as_ref().and_then(|u| u.school_year);
        let year = self.year.or(kept).or_else(|| self.years.first().map(|y| y.id));
        let mut top = vec![item("nav-overview", "/".into(), Screen::Overview)];
        if let Some(year) = year {
            top.push(item("nav-yearview", format!("/years/{year}/overview"), Screen::YearOverview));
            top.push(item("nav-workload", format!("/years/{year}/workload"), Screen::Workload));
            top.push(item("nav-documents", format!("/years/{year}/documents"), Screen::Documents));
        }
        let mut groups = vec![NavGroup { heading: String::new(), items: top }];
        if let Some(year) = year {
            groups.push(NavGroup {
                heading: self.t("nav-planning"),
                items: vec![
                    item("nav-employments", format!("/years/{year}/employments"), Screen::Employments),
                    item("nav-grid", format!("/years/{year}/grid"), Screen::Grid),
                    item("crossclass-nav", format!("/years/{year}/crossclass"), Screen::CrossClass),
                    item("nav-pool", format!("/years/{year}/pool"), Screen::Pool),
                    item("theses-nav", format!("/years/{year}/theses"), Screen::Theses),
                    item("postings-nav", format!("/years/{year}/postings"), Screen::Postings),
                ],
            });
        }
        groups.push(NavGroup {
            heading: self.t("nav-master-data"),
            items: vec![
                item("nav-subjects", "/subjects".into(), Screen::Subjects),
                item("nav-classes", "/classes".into(), Screen::Classes),
                item("curricula-nav", "/curricula".into(), Screen::Curricula),
                item("lessontable-nav", "/lessontable".into(), Screen::LessonTable),
                item("nav-teachers", "/teachers".into(), Screen::Teachers),
                item("divisions-nav", "/divisions".into(), Screen::Divisions),
                item("schoolyears-nav", "/schoolyears".into(), Screen::SchoolYears),
                item("nav-subjectcategories", "/subjectcategories".into(), Screen::SubjectCategories),
                item("nav-subjecttypes", "/subjecttypes".into(), Screen::SubjectTypes),
                item("nav-genders", "/genders".into(), Screen::Genders),
            ],
        });
        let mut special = vec![item("opening-nav", "/opening".into(), Screen::Opening)];
        if let (Some(year), true) = (year, self.user.as_ref().is_some_and(SessionUser::can_plan)) {
            special.push(item("maintenance-nav", format!("/years/{year}/maintenance"), Screen::Maintenance));
        }
        groups.push(NavGroup { heading: self.t("opening-nav-special"), items: special });
        if self.user.as_ref().is_some_and(|u| crate::service::account::may_manage(u.role)) {
            groups.push(NavGroup {
                heading: self.t("admin-nav-heading"),
                items: vec![
                    item("admin-nav", "/admin".into(), Screen::Admin),
                    item("moves-nav", "/admin/moves".into(), Screen::Moves),
                    item("invite-nav", "/admin/invite".into(), Screen::Invite),
                ],
            });
        }
        groups
    }

    /// The screen's path segment for the year switch (`grid`), if the page has a year.
    pub fn year_screen(&self) -> &'static str {
        match self.screen {
            Screen::Grid => "grid",
            Screen::Documents => "documents",
            Screen::Workload => "workload",
            Screen::YearOverview => "overview",
            Screen::Postings => "postings",
            Screen::Theses => "theses",
            Screen::Notes => "notes",
            Screen::CrossClass => "crossclass",
            Screen::Employments => "employments",
            Screen::Pool => "pool",
            Screen::Maintenance => "maintenance",
            Screen::Overview
            | Screen::Mine
            | Screen::Invite
            | Screen::SignIn
            | Screen::Teachers
            | Screen::Subjects
            | Screen::Classes
            | Screen::SubjectCategories
            | Screen::SubjectTypes
            | Screen::Genders
            | Screen::Opening
            | Screen::History
            | Screen::Admin
            | Screen::Moves
            | Screen::Curricula
            | Screen::LessonTable
            | Screen::SchoolYears
            | Screen::Divisions
            | Screen::Error => "",
        }
    }
}

/// The school years, newest (highest graduation year) first: the overview's
/// list and the year switch of pages that have no year of their own.
/// Errors: the database's.
pub async fn school_years(
    state: &super::kit::state::WebState,
) -> crate::error::Result<Vec<crate::domain::schoolyear::SchoolYear>> {
    crate::service::schoolyear::newest_first(&state.store).await
}

impl Page {
    /// This page as one of school year `year`'s: the year of the URL, and the
    /// year switch of `years` ((id, code), newest first) with `year` chosen.
    pub fn in_year(mut self, year: i64, years: impl IntoIterator<Item = (i64, String)>) -> Page {
        self.year = Some(year);
        self.years = years.into_iter().map(|(id, code)| YearChoice { id, code, selected: id == year }).collect();
        self
    }
}
