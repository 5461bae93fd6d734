//! Stammdaten → the lookups (docs/web.md §Lookups): Fachgebiete
//! (`/subjectcategories`), Fachtypen (`/subjecttypes`) and Geschlechter
//! (`/genders`), each a list, a page and forms through the generic
//! [`super::record`] handlers, written with the lookup resources of
//! [`crate::service::resources`] as `/api/v1/subjectcategory`, `/subjecttype`
//! and `/gender` do. A lookup has a code, a designation and its archived state.

use std::marker::PhantomData;

use serde_json::{json, Value};

use super::form::{Field, FieldErrors, FormData};
use super::kit::state::WebState;
use super::layout::Screen;
use super::record::{Listed, Options, Record};
use crate::domain::lookup::{Lookup, NewLookup};
use crate::error::Result;
use crate::i18n::{self, Lang};
use crate::service::crud::{Crud, CrudCreate};
use crate::service::resources::{Genders, LookupResource, SubjectCategories, SubjectTypes};
use crate::store::Conn;
use axum::Router;

/// The routes of the three lookups, each a record's ([`super::record::routes`]).
pub fn routes() -> Router<WebState> {
    super::record::routes::<LookupRecord<CategoryScreen>>()
        .merge(super::record::routes::<LookupRecord<TypeScreen>>())
        .merge(super::record::routes::<LookupRecord<GenderScreen>>())
}

/// One lookup's screen: its resource and where it lives.
pub trait LookupScreen: Send + Sync + 'static {
    /// The service resource.
    type M: LookupResource + CrudCreate<New = NewLookup> + Crud<Single = Lookup, Update = NewLookup>;
    /// The screen's path.
    const BASE: &'static str;
    /// The prefix of its catalogue keys.
    const PREFIX: &'static str;
    /// The element ids' prefix.
    const ROW: &'static str;
    /// The menu entry marked.
    const SCREEN: Screen;
}

/// Declares a [`LookupScreen`]: marker, resource, path, catalogue prefix, row prefix, menu entry.
macro_rules! lookup_screens {
    ($($(#[$doc:meta])* $name:ident => $m:ty, $base:literal, $prefix:literal, $row:literal, $screen:ident;)*) => {$(
        $(#[$doc])*
        pub struct $name;
        impl LookupScreen for $name {
            type M = $m;
            const BASE: &'static str = $base;
            const PREFIX: &'static str = $prefix;
            const ROW: &'static str = $row;
            const SCREEN: Screen = Screen::$screen;
        }
    )*};
}

lookup_screens! {
    /// Fachgebiete.
    CategoryScreen => SubjectCategories, "/subjectcategories", "categories", "category", SubjectCategories;
    /// Fachtypen.
    TypeScreen => SubjectTypes, "/subjecttypes", "subjecttypes", "subjecttype", SubjectTypes;
    /// Geschlechter.
    GenderScreen => Genders, "/genders", "genders", "gender", Genders;
}

/// A lookup's list, page and forms ([`super::record`]).
pub struct LookupRecord<L>(PhantomData<fn() -> L>);

impl<L: LookupScreen> Listed for LookupRecord<L> {
    type Item = Lookup;
    const ROW: &'static str = L::ROW;

    async fn list(conn: &mut Conn) -> Result<Vec<Lookup>> {
        conn.list_lookups(L::M::KIND, None).await
    }

    fn headers(lang: Lang) -> Vec<String> {
        ["lookups-code", "lookups-description", "form-state"].iter().map(|k| i18n::text(lang, k)).collect()
    }

    fn row(l: &Lookup) -> (i64, Vec<String>, bool) {
        (l.id, vec![l.code.clone(), l.description.clone()], l.archived)
    }
}

impl<L: LookupScreen> Record for LookupRecord<L> {
    type R = L::M;
    const BASE: &'static str = L::BASE;
    const SCREEN: Screen = L::SCREEN;
    const PREFIX: &'static str = L::PREFIX;
    const FIELDS: &'static [&'static str] = &["code", "description"];

    fn values_of(l: &Lookup) -> FormData {
        let mut f = FormData::default();
        f.set("code", &l.code);
        f.set("description", &l.description);
        f
    }

    fn body(f: &FormData) -> Value {
        json!({ "archived": f.checked("archived"), "code": f.text("code"), "description": f.text("description") })
    }

    fn fields(lang: Lang, values: &FormData, errors: &FieldErrors, _: &Options) -> Vec<Field> {
        vec![
            Field::new("text", "code", i18n::text(lang, "lookups-code"), values, errors, true),
            Field::new("text", "description", i18n::text(lang, "lookups-description"), values, errors, true),
        ]
    }

    fn facts(lang: Lang, l: &Lookup) -> Vec<(String, String)> {
        let t = |key: &str| i18n::text(lang, key);
        vec![
            (t("lookups-code"), l.code.clone()),
            (t("lookups-description"), l.description.clone()),
            (t("form-state"), t(if l.archived { "form-archived" } else { "form-active" })),
        ]
    }

    fn code(l: &Lookup) -> String {
        l.code.clone()
    }

    fn name(l: &Lookup) -> String {
        l.description.clone()
    }

    fn archived(l: &Lookup) -> bool {
        l.archived
    }

    async fn options(_: &mut Conn, _: &FormData) -> Result<Options> {
        Ok(Vec::new())
    }
}
