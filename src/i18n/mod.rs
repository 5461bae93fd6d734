//! The message catalogue: every text a person reads in the web interface, in
//! job logs, plan-check findings and problem `detail`s comes from here, in the
//! reader's language (docs/i18n.md).
//!
//! The catalogue is Project Fluent (`.ftl`) files under `locales/<lang>/`,
//! compiled into the binary by `fluent-templates`. German is the default and
//! the fallback: a key missing in English shows the German text, and the test
//! `tests::every_key_in_every_language` fails on a missing key.
//!
//! Layer: the lowest, beside [`crate::error`]; it imports nothing of ours.

mod format;
mod lang;
mod message;

pub use format::{date, lessons, lessons_or_dash, percent};
pub use lang::Lang;
pub use message::{Arg, Message};

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::Loader;

fluent_templates::static_loader! {
    static LOCALES = {
        locales: "./locales",
        fallback_language: "de",
        // No Unicode isolation marks around arguments: the texts go into
        // HTML, CSV and PDFs, where the marks would be stray characters.
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

/// The text of `key` in `lang`, without arguments.
///
/// A key the catalogue lacks yields the key itself (and the catalogue test
/// fails), so a missing text is visible rather than empty.
pub fn text(lang: Lang, key: &str) -> String {
    LOCALES.try_lookup(lang.id(), key).unwrap_or_else(|| key.to_string())
}

/// An argument as Fluent reads it: `count` as a number when it is a whole
/// number, so that a message can choose its plural (`{ $count -> [one] …
/// *[other] … }`, "1 Mail", "2 Mails"); every other argument as text.
fn fluent_value(name: &str, value: &str) -> FluentValue<'static> {
    match value.parse::<i64>() {
        Ok(n) if name == "count" && n.to_string() == value => FluentValue::from(n),
        _ => FluentValue::from(value.to_string()),
    }
}

/// The text of `key` in `lang` with named arguments, e.g.
/// `text_with(Lang::De, "course-merged", &[("count", "2".into())])`.
///
/// Arguments are strings: numbers are formatted by the caller with
/// [`lessons`], [`percent`] or [`date`] so that every place shows them alike;
/// only a whole `count` is handed to Fluent as a number, for its plural.
pub fn text_with(lang: Lang, key: &str, args: &[(&'static str, Cow<'_, str>)]) -> String {
    let map: HashMap<Cow<'static, str>, FluentValue> =
        args.iter().map(|(name, value)| (Cow::Borrowed(*name), fluent_value(name, value))).collect();
    LOCALES.try_lookup_with_args(lang.id(), key, &map).unwrap_or_else(|| key.to_string())
}

/// Whether the catalogue of `lang` holds `key` itself (no fallback). The
/// keys are read from the files once: a live note asks for every change and
/// every open stream (BENCHMARKS.md §Live streams under load).
pub fn has(lang: Lang, key: &str) -> bool {
    static KEYS: LazyLock<HashMap<Lang, HashSet<String>>> =
        LazyLock::new(|| Lang::ALL.iter().map(|lang| (*lang, catalogue_keys(*lang).into_iter().collect())).collect());
    KEYS.get(&lang).is_some_and(|keys| keys.contains(key))
}

/// Every message key of one language's files, in file order.
pub fn catalogue_keys(lang: Lang) -> Vec<String> {
    lang::sources(lang)
        .iter()
        .flat_map(|source| {
            source.lines().filter_map(|line| {
                let (key, _) = line.split_once('=')?;
                let key = key.trim_end();
                let first = key.chars().next()?;
                (first.is_ascii_alphabetic() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'))
                    .then(|| key.to_string())
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_known_in_the_languages_whose_files_hold_it() {
        for lang in Lang::ALL {
            assert!(has(*lang, "maintenance-nav"), "{lang:?}");
            assert!(!has(*lang, "no-such-key"), "{lang:?}");
        }
        assert_eq!(
            catalogue_keys(Lang::En).iter().filter(|k| has(Lang::En, k)).count(),
            catalogue_keys(Lang::En).len()
        );
    }

    #[test]
    fn counts_choose_their_plural_in_every_language() {
        let mails = |lang, n: &str| text_with(lang, "job-mails-sent", &[("count", n.to_string().into())]);
        assert_eq!(mails(Lang::De, "1"), "1 Mail gesendet.");
        assert_eq!(mails(Lang::De, "2"), "2 Mails gesendet.");
        assert_eq!(mails(Lang::En, "1"), "1 mail sent.");
        assert_eq!(mails(Lang::En, "12"), "12 mails sent.");
        assert_eq!(mails(Lang::Fr, "1"), "1 e-mail envoyé.");
        assert_eq!(mails(Lang::Fr, "2"), "2 e-mails envoyés.");
        // A finding in the reader's language, without its code.
        let finding = |lang, severity: &str| {
            text_with(lang, "job-check-finding", &[("severity", severity.into()), ("detail", "x".into())])
        };
        assert_eq!(finding(Lang::De, "warning"), "Warnung: x");
        assert_eq!(finding(Lang::De, "error"), "Fehler: x");
        assert_eq!(finding(Lang::En, "warning"), "Warning: x");
        assert_eq!(finding(Lang::Fr, "error"), "Erreur : x");
    }

    #[test]
    fn every_key_in_every_language() {
        let german = catalogue_keys(Lang::De);
        assert!(!german.is_empty());
        for lang in Lang::ALL {
            let keys = catalogue_keys(*lang);
            let missing: Vec<_> = german.iter().filter(|k| !keys.contains(k)).collect();
            let extra: Vec<_> = keys.iter().filter(|k| !german.contains(k)).collect();
            assert!(missing.is_empty(), "{lang:?} lacks {missing:?}");
            assert!(extra.is_empty(), "{lang:?} has keys German lacks: {extra:?}");
        }
    }

    /// Two files of one language defining one key would stop the catalogue
    /// from loading at all (every text of the service then fails), so each
    /// key is defined once; this names the culprit.
    #[test]
    fn every_key_is_defined_once() {
        for lang in Lang::ALL {
            let mut keys = catalogue_keys(*lang);
            keys.sort();
            let twice: Vec<&String> = keys.windows(2).filter(|w| w[0] == w[1]).map(|w| &w[0]).collect();
            assert!(twice.is_empty(), "{lang:?} defines these keys more than once: {twice:?}");
        }
    }

    #[test]
    fn texts_differ_by_language_and_take_arguments() {
        assert_eq!(text(Lang::De, "lang-name"), "Deutsch");
        assert_eq!(text(Lang::En, "lang-name"), "English");
        assert_eq!(text(Lang::Fr, "lang-name"), "Français");
        let de = text_with(Lang::De, "signed-in-as", &[("name", "admin".into())]);
        assert_eq!(de, "Angemeldet als admin");
        let en = text_with(Lang::En, "signed-in-as", &[("name", "admin".into())]);
        assert_eq!(en, "Signed in as admin");
        let fr = text_with(Lang::Fr, "signed-in-as", &[("name", "admin".into())]);
        assert_eq!(fr, "Connecté·e en tant que admin");
    }

    #[test]
    fn a_missing_key_shows_itself() {
        assert_eq!(text(Lang::En, "no-such-key"), "no-such-key");
        assert!(!has(Lang::De, "no-such-key"));
        assert!(has(Lang::De, "lang-name"));
    }
}
