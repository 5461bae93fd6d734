//! The interface languages and how a request picks one.

use fluent_templates::{langid, LanguageIdentifier};

/// A language of the catalogue. German is the default (docs/i18n.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// German (de-CH conventions): the default and the fallback.
    #[default]
    De,
    /// English.
    En,
    /// French (fr-CH conventions), for the French-speaking schools of Bern.
    Fr,
}

static DE: LanguageIdentifier = langid!("de");
static EN: LanguageIdentifier = langid!("en");
static FR: LanguageIdentifier = langid!("fr");

impl Lang {
    /// Every language, default first.
    pub const ALL: &'static [Lang] = &[Lang::De, Lang::En, Lang::Fr];

    /// The BCP 47 tag (`de`, `en`, `fr`), as used in `lang="…"` and `Content-Language`.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::De => "de",
            Lang::En => "en",
            Lang::Fr => "fr",
        }
    }

    /// Parses a tag's primary language (`de-CH` → German, `fr-CH` → French); `None` for a
    /// language the catalogue lacks.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        match primary.as_str() {
            "de" | "gsw" => Some(Lang::De),
            "en" => Some(Lang::En),
            "fr" => Some(Lang::Fr),
            _ => None,
        }
    }

    /// The language an `Accept-Language` header (RFC 9110 §12.5.4) prefers
    /// among ours: the highest `q`, ties in header order; German when the
    /// header is absent, unreadable or names none of ours.
    pub fn from_accept_language(header: Option<&str>) -> Lang {
        Lang::from_accept_language_or(header, Lang::default())
    }

    /// As [`Lang::from_accept_language`], but `default` when the header is
    /// absent, unreadable or names none of ours. The API answers in English
    /// then (docs/i18n.md §Choosing the language): German only for a reader
    /// who asks for it.
    pub fn from_accept_language_or(header: Option<&str>, default: Lang) -> Lang {
        let Some(header) = header else { return default };
        let mut best: Option<(u32, Lang)> = None;
        for item in header.split(',') {
            let mut parts = item.split(';');
            let tag = parts.next().unwrap_or("").trim();
            let q = parts.find_map(|p| p.trim().strip_prefix("q=").map(str::trim)).map_or(Some(1000), quality);
            let (Some(q), Some(lang)) = (q, Lang::from_tag(tag)) else { continue };
            if q > 0 && best.is_none_or(|(b, _)| q > b) {
                best = Some((q, lang));
            }
        }
        best.map_or(default, |(_, lang)| lang)
    }

    pub(super) fn id(self) -> &'static LanguageIdentifier {
        match self {
            Lang::De => &DE,
            Lang::En => &EN,
            Lang::Fr => &FR,
        }
    }
}

/// A `q` value in thousandths (`0.8` → 800); `None` when malformed.
fn quality(text: &str) -> Option<u32> {
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    if frac.len() > 3 || !frac.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let whole: u32 = whole.parse().ok()?;
    let frac: u32 = format!("{frac:0<3}").parse().ok()?;
    let q = whole * 1000 + frac;
    (q <= 1000).then_some(q)
}

/// The raw `.ftl` sources of one language, for the catalogue checks.
pub(super) fn sources(lang: Lang) -> &'static [&'static str] {
    match lang {
        Lang::De => &[
            include_str!("../../locales/de/main.ftl"),
            include_str!("../../locales/de/errors.ftl"),
            include_str!("../../locales/de/check.ftl"),
            include_str!("../../locales/de/balances.ftl"),
            include_str!("../../locales/de/web.ftl"),
            include_str!("../../locales/de/jobs.ftl"),
            include_str!("../../locales/de/web-documents.ftl"),
            include_str!("../../locales/de/web-live.ftl"),
            include_str!("../../locales/de/web-workload.ftl"),
            include_str!("../../locales/de/web-yearview.ftl"),
            include_str!("../../locales/de/web-masterdata.ftl"),
            include_str!("../../locales/de/web-grid-edit.ftl"),
            include_str!("../../locales/de/web-opening.ftl"),
            include_str!("../../locales/de/web-maintenance.ftl"),
            include_str!("../../locales/de/web-mail.ftl"),
            include_str!("../../locales/de/web-theses.ftl"),
            include_str!("../../locales/de/web-history.ftl"),
            include_str!("../../locales/de/web-crossclass.ftl"),
            include_str!("../../locales/de/web-employments.ftl"),
            include_str!("../../locales/de/web-curricula.ftl"),
            include_str!("../../locales/de/web-oidc.ftl"),
            include_str!("../../locales/de/web-divisions.ftl"),
            include_str!("../../locales/de/problems.ftl"),
            include_str!("../../locales/de/errors-course.ftl"),
            include_str!("../../locales/de/web-grid-select.ftl"),
            include_str!("../../locales/de/web-me.ftl"),
            include_str!("../../locales/de/teacher-mails.ftl"),
        ],
        Lang::En => &[
            include_str!("../../locales/en/main.ftl"),
            include_str!("../../locales/en/errors.ftl"),
            include_str!("../../locales/en/check.ftl"),
            include_str!("../../locales/en/balances.ftl"),
            include_str!("../../locales/en/web.ftl"),
            include_str!("../../locales/en/jobs.ftl"),
            include_str!("../../locales/en/web-documents.ftl"),
            include_str!("../../locales/en/web-live.ftl"),
            include_str!("../../locales/en/web-workload.ftl"),
            include_str!("../../locales/en/web-yearview.ftl"),
            include_str!("../../locales/en/web-masterdata.ftl"),
            include_str!("../../locales/en/web-grid-edit.ftl"),
            include_str!("../../locales/en/web-opening.ftl"),
            include_str!("../../locales/en/web-maintenance.ftl"),
            include_str!("../../locales/en/web-mail.ftl"),
            include_str!("../../locales/en/web-theses.ftl"),
            include_str!("../../locales/en/web-history.ftl"),
            include_str!("../../locales/en/web-crossclass.ftl"),
            include_str!("../../locales/en/web-employments.ftl"),
            include_str!("../../locales/en/web-curricula.ftl"),
            include_str!("../../locales/en/web-oidc.ftl"),
            include_str!("../../locales/en/web-divisions.ftl"),
            include_str!("../../locales/en/problems.ftl"),
            include_str!("../../locales/en/errors-course.ftl"),
            include_str!("../../locales/en/web-grid-select.ftl"),
            include_str!("../../locales/en/web-me.ftl"),
            include_str!("../../locales/en/teacher-mails.ftl"),
        ],
        Lang::Fr => &[
            include_str!("../../locales/fr/main.ftl"),
            include_str!("../../locales/fr/errors.ftl"),
            include_str!("../../locales/fr/check.ftl"),
            include_str!("../../locales/fr/balances.ftl"),
            include_str!("../../locales/fr/web.ftl"),
            include_str!("../../locales/fr/jobs.ftl"),
            include_str!("../../locales/fr/web-documents.ftl"),
            include_str!("../../locales/fr/web-live.ftl"),
            include_str!("../../locales/fr/web-workload.ftl"),
            include_str!("../../locales/fr/web-yearview.ftl"),
            include_str!("../../locales/fr/web-masterdata.ftl"),
            include_str!("../../locales/fr/web-grid-edit.ftl"),
            include_str!("../../locales/fr/web-opening.ftl"),
            include_str!("../../locales/fr/web-maintenance.ftl"),
            include_str!("../../locales/fr/web-mail.ftl"),
            include_str!("../../locales/fr/web-theses.ftl"),
            include_str!("../../locales/fr/web-history.ftl"),
            include_str!("../../locales/fr/web-crossclass.ftl"),
            include_str!("../../locales/fr/web-employments.ftl"),
            include_str!("../../locales/fr/web-curricula.ftl"),
            include_str!("../../locales/fr/web-oidc.ftl"),
            include_str!("../../locales/fr/web-divisions.ftl"),
            include_str!("../../locales/fr/problems.ftl"),
            include_str!("../../locales/fr/errors-course.ftl"),
            include_str!("../../locales/fr/web-grid-select.ftl"),
            include_str!("../../locales/fr/web-me.ftl"),
            include_str!("../../locales/fr/teacher-mails.ftl"),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_picks_the_preferred_of_ours() {
        assert_eq!(Lang::from_accept_language(None), Lang::De);
        assert_eq!(Lang::from_accept_language(Some("de-CH,de;q=0.9,en;q=0.8")), Lang::De);
        assert_eq!(Lang::from_accept_language(Some("en-GB,en;q=0.9,de;q=0.5")), Lang::En);
        assert_eq!(Lang::from_accept_language(Some("fr-CH, en;q=0.3")), Lang::Fr);
        assert_eq!(Lang::from_accept_language(Some("de-CH, fr;q=0.9")), Lang::De);
        assert_eq!(Lang::from_accept_language(Some("en;q=0.2, de;q=0.7")), Lang::De);
        assert_eq!(Lang::from_accept_language(Some("it")), Lang::De);
        assert_eq!(Lang::from_accept_language(Some("en;q=0")), Lang::De);
        assert_eq!(Lang::from_accept_language(Some("en;q=abc")), Lang::De);
        assert_eq!(Lang::from_accept_language(Some("*")), Lang::De);
    }

    #[test]
    fn french_tags_parse_to_french() {
        for tag in ["fr", "fr-CH", "FR_ch", "fr-FR"] {
            assert_eq!(Lang::from_tag(tag), Some(Lang::Fr), "{tag}");
        }
        assert_eq!(Lang::Fr.tag(), "fr");
        assert_eq!(Lang::default(), Lang::De);
    }

    #[test]
    fn the_api_default_applies_only_when_no_language_of_ours_is_asked_for() {
        assert_eq!(Lang::from_accept_language_or(None, Lang::En), Lang::En);
        assert_eq!(Lang::from_accept_language_or(Some("it-CH"), Lang::En), Lang::En);
        assert_eq!(Lang::from_accept_language_or(Some("de-CH"), Lang::En), Lang::De);
        assert_eq!(Lang::from_accept_language_or(Some("fr-CH, de;q=0.5"), Lang::En), Lang::Fr);
        assert_eq!(Lang::from_accept_language_or(Some("rm-CH, de;q=0.5"), Lang::En), Lang::De);
        assert_eq!(Lang::from_accept_language_or(Some("en-US"), Lang::De), Lang::En);
    }
}
