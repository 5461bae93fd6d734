//! What the sorted lists share — Jahresüberblick ([`super::yearview`]) and
//! the cross-class courses ([`super::crossclass`]), docs/web.md
//! §Jahresüberblick, §Cross-class courses: the column headers that sort
//! ([`HeaderView`]), the `sort`/`dir` query parameters, and the head of the
//! region htmx replaces ([`RegionHead`]: count, caption, headers and the sort
//! for the filter form's hidden fields).

use url::form_urlencoded::Serializer;

use crate::i18n::{self, Lang};

/// A column header.
#[derive(Debug, Clone)]
pub struct HeaderView {
    /// Text.
    pub label: String,
    /// Link that sorts by it (empty: not sortable).
    pub href: String,
    /// `aria-sort`: `ascending`, `descending` or `none`.
    pub aria_sort: &'static str,
    /// `▲`/`▼` when sorted by it, else empty.
    pub arrow: &'static str,
    /// Whether a number column (right-aligned).
    pub numeric: bool,
}

impl HeaderView {
    /// A header that sorts by its column with the link `href`; `sorted` is
    /// `Some(descending)` when the list is sorted by it.
    pub fn sortable(label: String, href: String, sorted: Option<bool>, numeric: bool) -> HeaderView {
        let (aria_sort, arrow) = match sorted {
            None => ("none", ""),
            Some(false) => ("ascending", "▲"),
            Some(true) => ("descending", "▼"),
        };
        HeaderView { label, href, aria_sort, arrow, numeric }
    }

    /// A header that sorts by its column: `current` when the list is sorted
    /// by it now, in direction `desc`. Its link, `link(descending)`, turns the
    /// direction round when current, else sorts descending when `first_desc`.
    pub fn sorting(
        label: String,
        (current, desc): (bool, bool),
        first_desc: bool,
        numeric: bool,
        link: impl FnOnce(bool) -> String,
    ) -> HeaderView {
        let next = if current { !desc } else { first_desc };
        HeaderView::sortable(label, link(next), current.then_some(desc), numeric)
    }

    /// A header that does not sort.
    pub fn plain(label: String, numeric: bool) -> HeaderView {
        HeaderView { label, href: String::new(), aria_sort: "none", arrow: "", numeric }
    }
}

/// The `dir` parameter of a direction: `desc` or `asc`.
pub fn dir_param(desc: bool) -> &'static str {
    if desc {
        "desc"
    } else {
        "asc"
    }
}

/// The query string `s` holds (the filters) with `sort` and `dir` after them (no `?`).
pub fn sorted_query(mut s: Serializer<'_, String>, sort: &str, desc: bool) -> String {
    s.append_pair("sort", sort);
    s.append_pair("dir", dir_param(desc));
    s.finish()
}

/// The head of a sorted list's region: what it says above its rows and the
/// current sort.
#[derive(Debug, Clone)]
pub struct RegionHead {
    /// The language.
    pub lang: Lang,
    /// Whether the sort fields of the form go out of band (htmx answer).
    pub oob: bool,
    /// Current sort param, for the form's hidden fields.
    pub sort: &'static str,
    /// `asc` or `desc`.
    pub dir: &'static str,
    /// `n von m …`.
    pub count: String,
    /// Table caption.
    pub caption: String,
    /// The headers in column order.
    pub headers: Vec<HeaderView>,
}

impl RegionHead {
    /// The head in `lang` with `count`, `caption` and `headers`, sorted by
    /// `sort` (descending when `desc`); the form's sort fields go out of band when `oob`.
    pub fn new(
        lang: Lang,
        oob: bool,
        (sort, desc): (&'static str, bool),
        count: String,
        caption: String,
        headers: Vec<HeaderView>,
    ) -> RegionHead {
        RegionHead { lang, oob, sort, dir: dir_param(desc), count, caption, headers }
    }

    /// The catalogue text of `key`.
    pub fn t(&self, key: &str) -> String {
        i18n::text(self.lang, key)
    }
}
