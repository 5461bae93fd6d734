//! Stammdaten → Organisationseinheiten (docs/web.md §Organisationseinheiten):
//! [`DivisionRecord`] gives the generic [`super::record`] handlers the list
//! (`GET /divisions?q=…`, searched in code, designation, head and grouping),
//! the division's page and forms (`/divisions/{id}`, `/divisions/new`,
//! `…/edit`, `…/delete`), which write with [`Divisions`] as
//! `/api/v1/division` does. A division has no `archived` field, so it has no
//! archive button and no state filter. Its logo and its head's signature are
//! shown, uploaded and removed on its page ([`images`]).

pub mod images;

use axum::Router;
use serde_json::{json, Value};

use super::form::{or_dash, Field, FieldErrors, FormData};
use super::kit::state::WebState;
use super::layout::Screen;
use super::record::{self, Listed, Options, Record, SectionContext};
use crate::domain::division::{Division, DivisionListItem};
use crate::error::Result;
use crate::i18n::{self, Lang};
use crate::service::resources::Divisions;
use crate::store::Conn;

/// The divisions' list, page and forms ([`super::record`]).
pub struct DivisionRecord;

/// The routes: the generic ones of [`record::routes`] and the images' ([`images::routes`]).
pub fn routes() -> Router<WebState> {
    record::routes::<DivisionRecord>().merge(images::routes())
}

impl Listed for DivisionRecord {
    type Item = DivisionListItem;
    const ROW: &'static str = "division";

    async fn list(conn: &mut Conn) -> Result<Vec<DivisionListItem>> {
        conn.list_divisions().await
    }

    fn headers(lang: Lang) -> Vec<String> {
        ["divisions-code", "divisions-description", "divisions-head-name", "divisions-grouping"]
            .iter()
            .map(|k| i18n::text(lang, k))
            .collect()
    }

    /// Code, designation, head and grouping: the search looks in each.
    fn row(d: &DivisionListItem) -> (i64, Vec<String>, bool) {
        let cells = vec![
            d.code.clone(),
            d.description.clone(),
            or_dash(d.head_name.as_deref()),
            or_dash(d.grouping.as_deref()),
        ];
        (d.id.0, cells, false)
    }
}

impl Record for DivisionRecord {
    type R = Divisions;
    const BASE: &'static str = "/divisions";
    const SCREEN: Screen = Screen::Divisions;
    const PREFIX: &'static str = "divisions";
    const FIELDS: &'static [&'static str] = &["code", "description", "headName", "headTitle", "grouping"];
    const ARCHIVABLE: bool = false;
    const IN_USE: &'static str = "divisions-in-use";

    fn values_of(d: &Division) -> FormData {
        let mut f = FormData::default();
        f.set("code", &d.code);
        f.set("description", &d.description);
        f.set("headName", d.head_name.clone().unwrap_or_default());
        f.set("headTitle", d.head_title.clone().unwrap_or_default());
        f.set("grouping", d.grouping.clone().unwrap_or_default());
        f
    }

    /// The form's fields; no images (a new division has none, a save keeps them: [`Record::body_over`]).
    fn body(f: &FormData) -> Value {
        json!({
            "code": f.text("code"),
            "description": f.text("description"),
            "headName": f.text("headName"),
            "headTitle": f.text("headTitle"),
            "grouping": f.text("grouping"),
            "headSignature": null,
            "logo": null,
        })
    }

    /// The form's fields with the saved images (in the API's wire form).
    fn body_over(f: &FormData, current: &Division) -> Value {
        let mut body = Self::body(f);
        if let Ok(saved) = serde_json::to_value(current) {
            for key in [images::Image::Logo.key(), images::Image::Signature.key()] {
                body[key] = saved[key].clone();
            }
        }
        body
    }

    fn fields(lang: Lang, values: &FormData, errors: &FieldErrors, _options: &Options) -> Vec<Field> {
        let t = |key: &str| i18n::text(lang, key);
        vec![
            Field::new("text", "code", t("divisions-code"), values, errors, true),
            Field::new("text", "description", t("divisions-description"), values, errors, true),
            Field::new("text", "headName", t("divisions-head-name"), values, errors, false),
            Field::new("text", "headTitle", t("divisions-head-title"), values, errors, false),
            Field::new("text", "grouping", t("divisions-grouping"), values, errors, false),
        ]
    }

    fn facts(lang: Lang, d: &Division) -> Vec<(String, String)> {
        let l = |key: &str| i18n::text(lang, key);
        vec![
            (l("divisions-code"), d.code.clone()),
            (l("divisions-description"), d.description.clone()),
            (l("divisions-head-name"), or_dash(d.head_name.as_deref())),
            (l("divisions-head-title"), or_dash(d.head_title.as_deref())),
            (l("divisions-grouping"), or_dash(d.grouping.as_deref())),
        ]
    }

    fn code(d: &Division) -> String {
        d.code.clone()
    }

    fn name(d: &Division) -> String {
        d.description.clone()
    }

    fn archived(_d: &Division) -> bool {
        false
    }

    /// No choices: every field is text.
    async fn options(_conn: &mut Conn, _chosen: &FormData) -> Result<Options> {
        Ok(Vec::new())
    }

    /// The logo and the signature: previews, upload and remove ([`images::section`]).
    fn section(ctx: &SectionContext<'_>, d: &Division) -> String {
        images::section(ctx, d)
    }
}
