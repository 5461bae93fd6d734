//! What a page in French must not show (docs/i18n.md): a catalogue key (the
//! catalogue answers a key it lacks with the key itself) or a word of the
//! German interface. Shared by the HTTP suite and the browser suite.

use schoolplan::i18n::{catalogue_keys, Lang};

/// Words of the German interface (menu, headings, buttons) that appear in no
/// demo data, so a page showing one of them shows an untranslated text.
pub const GERMAN_WORDS: &[&str] = &[
    "Stammdaten",
    "Übersicht",
    "Planung",
    "Abmelden",
    "Sprache",
    "Organisationseinheit",
    "Organisationseinheiten",
    "Jahresüberblick",
    "Pensenblatt",
    "Pensenblätter",
    "Anzeigen",
    "Speichern",
    "Abbrechen",
    "Bemerkung",
    "Spezielles",
    "eröffnen",
    "Legende",
    "Suchen",
    "Kürzel",
    "Abteilung",
    "Lehrgang",
    "Lehrgänge",
    "Lektionentafel",
    "Stufe",
    "Angemeldet",
    "Rolle",
    "Fachtyp",
    "Fachtypen",
    "Fachgebiete",
    "Geschlecht",
    "Geschlechter",
    "Auszahlungsziel",
    "Herunterladen",
    "Schuljahre",
    "Bearbeiten",
    "Archivieren",
];

/// The words of `text`: runs of letters, digits, `-`, `_` and `·`.
fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_' || c == '·')).filter(|w| !w.is_empty())
}

/// The catalogue keys and German interface words that `text` (a page's
/// visible text) contains as whole words; empty when the page is all French.
pub fn untranslated(text: &str) -> Vec<String> {
    let keys = catalogue_keys(Lang::De);
    words(text).filter(|w| keys.iter().any(|k| k == w) || GERMAN_WORDS.contains(w)).map(str::to_string).collect()
}

/// The text of an HTML page a person reads, roughly: the body without its
/// tags, then the values of the attributes that are read too (`title`,
/// `aria-label`, `placeholder`, `alt`); entities are left as they are.
pub fn visible_text(html: &str) -> String {
    let body = html.find("<body").map_or(html, |i| &html[i..]);
    let mut out = String::with_capacity(body.len());
    let mut in_tag = false;
    for c in body.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                out.push(' ');
            }
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    for attribute in [" title=\"", " aria-label=\"", " placeholder=\"", " alt=\""] {
        for (start, _) in body.match_indices(attribute) {
            let value = &body[start + attribute.len()..];
            out.push(' ');
            out.push_str(value.split('"').next().unwrap_or(""));
        }
    }
    out
}
