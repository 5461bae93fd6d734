//! A school year's bookings per teacher (docs/web.md §IPB-Buchungen,
//! §Abschlussarbeiten, §Notizen): [`postings`] (IPB-Buchungen: list, create,
//! edit, delete), [`theses`] (Abschlussarbeiten: the counts per teacher and
//! type, edited per teacher), [`paste`] (thesis counts pasted as a table,
//! previewed, then saved at once) and [`notes`] (notes about the year's
//! teachers). Writes go through [`crate::service`] as the JSON API's do.
//!
//! What the screens share is here: the year with its employed teachers
//! ([`YearContext`]) and the frame of a page.

pub mod notes;
pub mod paste;
pub mod postings;
pub mod theses;

use std::collections::HashMap;

use super::form::{Choice, Field, FieldErrors, FormData};
use super::kit::state::WebState;
use super::layout::{Page, Screen};
use crate::domain::person_name::PersonName as _;
use crate::domain::pool::Theses;
use crate::domain::reference_forms::TeacherRef;
use crate::domain::schoolyear::SchoolYear;
use crate::error::Error;
use crate::i18n::{self, Lang};
use crate::service::pool::YearTheses;
use crate::service::session::SessionUser;
use axum::routing::{get, post};
use axum::Router;

/// The routes of the bookings: [`postings`], [`theses`] (with [`paste`]) and [`notes`].
pub fn routes() -> Router<WebState> {
    Router::new()
        .route("/years/{year}/postings", get(postings::list).post(postings::create))
        .route("/years/{year}/postings/new", get(postings::new_form))
        .route("/years/{year}/postings/{id}", post(postings::save))
        .route("/years/{year}/postings/{id}/edit", get(postings::edit_form))
        .route("/years/{year}/postings/{id}/delete", post(postings::delete))
        .route("/years/{year}/theses", get(theses::list))
        .route("/years/{year}/theses/{teacher}", post(theses::save))
        .route("/years/{year}/theses/{teacher}/edit", get(theses::edit_form))
        .route("/years/{year}/theses/paste", get(paste::page).post(paste::preview))
        .route("/years/{year}/theses/paste/save", post(paste::save))
        .route("/years/{year}/notes", get(notes::list).post(notes::create))
        .route("/years/{year}/notes/panel", get(notes::panel))
        .route("/years/{year}/notes/{id}/delete", post(notes::delete))
}

/// A school year with what its booking screens need.
#[derive(Debug, Clone)]
pub struct YearContext {
    /// The school years, newest first (the year switch).
    pub years: Vec<SchoolYear>,
    /// The year of the URL.
    pub year: SchoolYear,
    /// The theses of every employment of the year, by teacher code: its
    /// teachers and their thesis counts.
    pub theses: Vec<Theses>,
}

impl YearContext {
    /// The year as [`crate::service::pool`] read it ([`YearTheses`]).
    pub fn of(read: YearTheses) -> YearContext {
        let YearTheses { years, year, theses } = read;
        YearContext { years, year, theses }
    }

    /// The year's employed teachers, by code.
    pub fn teachers(&self) -> impl Iterator<Item = &TeacherRef> {
        self.theses.iter().map(|t| &t.teacher)
    }

    /// The teachers as choices (id, `code – Name Vorname`).
    pub fn teacher_options(&self) -> Vec<(String, String)> {
        self.teachers().map(|t| (t.id.0.to_string(), teacher_label(t))).collect()
    }

    /// The teacher filter's choices: all (chosen when `teacher` is none), then each teacher.
    pub fn teacher_choices(&self, lang: Lang, teacher: Option<i64>) -> Vec<Choice> {
        let all = Choice {
            value: String::new(),
            label: i18n::text(lang, "theses-all-teachers"),
            selected: teacher.is_none(),
        };
        std::iter::once(all)
            .chain(self.teachers().map(|t| Choice {
                value: t.id.0.to_string(),
                label: teacher_label(t),
                selected: Some(t.id.0) == teacher,
            }))
            .collect()
    }

    /// A form's required teacher choice (field `teacher`) showing `values` and `errors`.
    pub fn teacher_field(&self, lang: Lang, values: &FormData, errors: &FieldErrors) -> Field {
        let label = i18n::text(lang, "postings-teacher");
        Field::new("select", "teacher", label, values, errors, true).with_options(
            self.teacher_options(),
            values,
            Some(i18n::text(lang, "theses-choose")),
        )
    }

    /// The frame of a page of this year on `screen`.
    pub fn page(&self, lang: Lang, screen: Screen, title: String, user: SessionUser, here: String) -> Page {
        let years = self.years.iter().map(|y| (y.id.0, y.code.clone()));
        Page::new(lang, screen, title, Some(user), here).in_year(self.year.id.0, years)
    }

    /// `key`'s text with the year's code as `$year`.
    pub fn title(&self, lang: Lang, key: &str) -> String {
        i18n::text_with(lang, key, &[("year", self.year.code.as_str().into())])
    }
}

/// A teacher as `abc – Muster Anna`.
pub fn teacher_label(t: &TeacherRef) -> String {
    t.choice()
}

/// The `teacher` query parameter as an id (absent or not a number: none).
pub fn teacher_param(query: &HashMap<String, String>) -> Option<i64> {
    query.get("teacher").and_then(|t| t.trim().parse().ok())
}

/// A decimal typed in a form as a value of an id map (`details`,
/// `thesisCounts`) for the domain's reader: trimmed, a decimal comma as a
/// point; blank stays `""`, which the reader takes as no value.
pub fn number_text(v: &str) -> serde_json::Value {
    serde_json::Value::String(crate::domain::fixed::typed_decimal(v))
}

/// Moves the problems of `map`'s entries (`/details/5`) to the form fields
/// that show them (`/d5`): `prefix` is the body key, `field` the fields' prefix.
pub fn rename_pointers(mut e: Error, prefix: &str, field: &str) -> Error {
    if let Error::Problem { errors, .. } = &mut e {
        for f in errors.iter_mut() {
            if let Some(rest) = f.pointer.strip_prefix(&format!("/{prefix}/")) {
                f.pointer = format!("/{field}{rest}");
            }
        }
    }
    e
}
