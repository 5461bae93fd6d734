//! The interface in French, in Chromium (docs/i18n.md): a planner switches
//! the language to Français and visits every screen of the menu (and the new
//! teacher form); no page shows a catalogue key or a word of the German
//! interface, in its text or in the attributes a person reads. A screenshot
//! of each page.

use fantoccini::Locator;
use schoolplan::auth::Role;

use crate::chrome::Chrome;
use crate::helpers::TestApp;
use crate::untranslated::untranslated;

/// The page's visible text, its title and the texts of its `title`,
/// `aria-label`, `placeholder` and `alt` attributes.
const READ: &str = r#"
const attrs = [...document.querySelectorAll('[title],[aria-label],[placeholder],[alt]')]
  .flatMap(e => ['title', 'aria-label', 'placeholder', 'alt'].map(a => e.getAttribute(a) || ''));
return [document.title, document.body.innerText, ...attrs].join('\n');
"#;

#[tokio::test]
#[ignore = "needs Chromium; .ci/run runs it"]
async fn every_screen_of_the_menu_speaks_french() {
    let app = TestApp::spawn().await;
    schoolplan::dataset::import(&app.store, &schoolplan::demo::generate(1)).await.expect("demo imported");
    app.token_for("paula", Role::Planner).await;
    let link = schoolplan::service::session::create_link(&app.store, "paula", &app.base).await.expect("link");
    let mut chrome = Chrome::start("french").await;
    chrome.goto(&link).await;
    chrome.wait_for("nav.menu").await;

    let lang = chrome.client.find(Locator::Css("select[name=lang]")).await.expect("the language switch");
    lang.select_by_value("fr").await.unwrap();
    chrome.wait_for("html[lang=fr]").await;

    let mut hrefs = Vec::new();
    for a in chrome.client.find_all(Locator::Css("nav.menu a")).await.unwrap() {
        hrefs.push(a.attr("href").await.unwrap().expect("a menu link has a target"));
    }
    assert!(hrefs.len() >= 12, "the whole menu: {hrefs:?}");
    hrefs.push("/teachers/new".into());
    for href in &hrefs {
        chrome.goto(&format!("{}{href}", app.base)).await;
        chrome.wait_for("html[lang=fr] main h1").await;
        let step = href.trim_matches('/').replace('/', "-");
        chrome.screenshot(if step.is_empty() { "home" } else { &step }).await;
        let text = chrome.client.execute(READ, vec![]).await.expect("the page's texts");
        let text = text.as_str().unwrap();
        assert!(text.contains("Disciplines") && text.contains("Se déconnecter"), "{href}: the French menu");
        let left = untranslated(text);
        assert!(left.is_empty(), "{href} shows untranslated texts: {left:?}\n{text}");
    }
    chrome.close().await;
}
