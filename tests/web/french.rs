//! French as the third language of the interface (docs/i18n.md): a planner
//! who chooses Français sees every main screen in French, with no German
//! menu word and no catalogue key left.

use schoolplan::auth::Role;

use super::grid::demo;
use super::untranslated::{untranslated, visible_text};
use super::Web;

#[tokio::test]
async fn a_planner_who_chooses_french_sees_the_main_screens_in_french() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let planner = web.sign_in("paula", Role::Planner).await;
    let home = web.get("/", Some(&planner)).await;
    assert!(home.html.contains(r#"<option value="fr" lang="fr">Français</option>"#), "the switch offers French");
    assert!(!untranslated(&visible_text(&home.html)).is_empty(), "the check sees the German page");
    let french = web.post("/language", Some(&planner), &[("_csrf", &home.csrf()), ("lang", "fr"), ("back", "/")]).await;
    assert_eq!(french.status, 303);

    let teachers = web.app.get("/teacher").await.expect(200);
    let first = teachers.result().as_array().unwrap()[0]["id"].as_i64().unwrap();
    let screens = [
        ("/".to_string(), "Aperçu"),
        (format!("/years/{year}/grid"), "Planification par classe 26/27"),
        (format!("/years/{year}/overview"), "Aperçu annuel 26/27"),
        (format!("/years/{year}/workload"), "Feuilles de pensum 26/27"),
        (format!("/years/{year}/workload/{first}"), "Feuille de pensum 26/27"),
        (format!("/years/{year}/documents"), "Export 26/27"),
        (format!("/years/{year}/mail"), "Envoyer les feuilles de pensum 26/27"),
        (format!("/years/{year}/maintenance"), "Maintenance 26/27"),
        ("/teachers".to_string(), "Enseignant·es"),
        ("/subjects".to_string(), "Disciplines"),
        ("/opening".to_string(), "Ouvrir l&#39;année scolaire"),
    ];
    for (path, heading) in screens {
        let page = web.get(&path, Some(&planner)).await;
        assert_eq!(page.status, 200, "{path}: {}", page.html);
        assert!(page.html.contains(r#"<html lang="fr">"#), "{path} says it is French");
        assert_eq!(page.header("content-language"), "fr", "{path}");
        assert!(page.html.contains(&format!("<h1>{heading}")), "{path}: the heading {heading}\n{}", page.html);
        for menu in ["Données de base", "Planification", "Disciplines", "Se déconnecter"] {
            assert!(page.html.contains(menu), "{path}: the menu names {menu}");
        }
        let left = untranslated(&visible_text(&page.html));
        assert!(left.is_empty(), "{path} shows untranslated texts: {left:?}");
    }
}

#[tokio::test]
async fn german_stays_the_default_and_a_french_browser_gets_french() {
    let web = Web::spawn().await;
    let signin = web.get("/signin", None).await;
    assert!(signin.html.contains(r#"<html lang="de">"#), "German without Accept-Language");
    let fr = web.get_url(&format!("{}/signin", web.app.base), None, &[("Accept-Language", "fr-CH,fr;q=0.9")]).await;
    assert!(fr.html.contains(r#"<html lang="fr">"#) && fr.html.contains("Connexion"), "{}", fr.html);
    assert!(untranslated(&visible_text(&fr.html)).is_empty(), "{}", fr.html);
}

/// `serve --default-language fr`: a browser that asks for none of ours, or
/// for nothing, gets French; one that asks for German still gets German, and
/// a person's own choice wins over both (docs/i18n.md §Choosing the language).
#[tokio::test]
async fn the_schools_default_language_applies_when_the_browser_asks_for_none_of_ours() {
    let config = schoolplan::app::AppConfig {
        rate_limit: None,
        web: schoolplan::web::WebConfig { default_lang: schoolplan::i18n::Lang::Fr, ..Default::default() },
        ..super::helpers::TestApp::config()
    };
    let web = Web::with(super::helpers::TestApp::spawn_with(config).await);
    let url = format!("{}/signin", web.app.base);
    for asked in [None, Some("es-ES,it;q=0.8")] {
        let headers: Vec<(&str, &str)> = asked.map(|a| ("Accept-Language", a)).into_iter().collect();
        let page = web.get_url(&url, None, &headers).await;
        assert!(page.html.contains(r#"<html lang="fr">"#), "{asked:?}: {}", page.html);
    }
    let german = web.get_url(&url, None, &[("Accept-Language", "de-CH")]).await;
    assert!(german.html.contains(r#"<html lang="de">"#), "{}", german.html);

    let planner = web.sign_in("paula", Role::Planner).await;
    let home = web.get("/", Some(&planner)).await;
    assert!(home.html.contains(r#"<html lang="fr">"#), "the school's language after sign-in");
    let english =
        web.post("/language", Some(&planner), &[("_csrf", &home.csrf()), ("lang", "en"), ("back", "/")]).await;
    assert_eq!(english.status, 303);
    assert!(web.get("/", Some(&planner)).await.html.contains(r#"<html lang="en">"#), "the person's choice wins");
}
