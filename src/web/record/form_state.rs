//! The form of a record, create or edit, as it is answered: [`FormState`],
//! what it shows besides its fields (the values, the problems of a refused
//! save, someone else's change), and [`RecordForm`], its template. Shared by
//! the master-data forms of [`super`] and the forms of one school year's
//! objects ([`crate::web::year_record`]).

use askama::Template;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use crate::error::Error;
use crate::i18n::Lang;
use crate::web::form::{self, Conflict, Field, FieldErrors, FormData};
use crate::web::kit::render::render;
use crate::web::layout::Page;

/// What a record's form shows besides its fields: the same for the
/// master-data forms of [`super`] and the forms of one school year's objects
/// ([`crate::web::year_record`]).
pub struct FormState {
    /// The object's id; `None` for a new object.
    pub id: Option<i64>,
    /// The values shown, with the version the form was loaded at.
    pub values: FormData,
    /// The problems of a refused save.
    pub errors: FieldErrors,
    /// Someone else's change (after a 412).
    pub conflict: Option<Conflict>,
    /// The answer's status.
    pub status: StatusCode,
}

impl FormState {
    /// A form as loaded: `values`, no problem, 200.
    pub fn fresh(id: Option<i64>, values: FormData, lang: Lang) -> FormState {
        FormState { id, values, errors: FieldErrors::none(lang), conflict: None, status: StatusCode::OK }
    }

    /// A refused save's form: the values typed, the problems of `e` beside
    /// the form's `fields` (the others above them), answered with `e`'s status.
    pub fn refused(id: Option<i64>, values: FormData, e: &Error, lang: Lang, fields: &[&str]) -> FormState {
        let errors = FieldErrors::from_error(e, lang, fields);
        FormState { id, values, errors, conflict: None, status: e.status() }
    }

    /// Someone else's change (412): the values typed with the saved version, below `conflict`.
    pub fn conflict(id: i64, values: FormData, conflict: Conflict, lang: Lang) -> FormState {
        let status = StatusCode::PRECONDITION_FAILED;
        FormState { conflict: Some(conflict), status, ..FormState::fresh(Some(id), values, lang) }
    }

    /// The paths of the form of an object below the list `base`: where it
    /// posts to, where cancel leads, and its own (action, cancel, here).
    pub fn paths(&self, base: &str) -> (String, String, String) {
        match self.id {
            None => (base.to_string(), base.to_string(), format!("{base}/new")),
            Some(id) => (format!("{base}/{id}"), format!("{base}/{id}"), format!("{base}/{id}/edit")),
        }
    }

    /// The form in the frame `page`, below the list `base`, with the fields
    /// `fields` builds of the values and problems and `archived` kept as it
    /// is; answered with the status.
    pub fn answer(
        self,
        lang: Lang,
        page: Page,
        base: &str,
        archived: bool,
        fields: impl FnOnce(&FormData, &FieldErrors) -> Vec<Field>,
    ) -> Response {
        let (action, cancel, _) = self.paths(base);
        let html = render(
            lang,
            &RecordForm {
                page,
                action,
                cancel,
                version: self.values.get(form::VERSION_FIELD).to_string(),
                archived,
                fields: fields(&self.values, &self.errors),
                errors: self.errors.general.clone(),
                conflict: self.conflict,
            },
        );
        (self.status, html).into_response()
    }
}

/// The form to create or edit a record.
#[derive(Template)]
#[template(path = "web/record/form.html")]
pub struct RecordForm {
    /// The frame.
    pub page: Page,
    /// Where the form posts to.
    pub action: String,
    /// Where "cancel" leads.
    pub cancel: String,
    /// The version the form was loaded at (empty for a new object).
    pub version: String,
    /// Whether the object is archived (kept as it is by a save).
    pub archived: bool,
    /// The fields with values and errors.
    pub fields: Vec<Field>,
    /// Problems of no single field.
    pub errors: Vec<String>,
    /// Someone else's change (after a 412).
    pub conflict: Option<Conflict>,
}
