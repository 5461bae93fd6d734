//! Verwaltung → Übernahmen (docs/migration.md §The report under Verwaltung):
//! a stored report of a move from the Pensenmanager is listed and shown to
//! administrators, with its refusals, the reconciliation's differences and
//! the changed values, in the reader's language; planners get 403, an
//! unknown report 404.

use schoolplan::auth::Role;
use schoolplan::pensenmanager::report::{BalanceLine, OpeningLine, YearReconciliation};
use schoolplan::pensenmanager::{Direction, Report};
use schoolplan::store::move_report::NewMoveReport;

use super::untranslated::{untranslated, visible_text};
use super::Web;

/// A report of an import that found one differing balance, one differing
/// opening balance and one rounded number.
fn report() -> Report {
    let mut r = Report::new(Direction::Import, false);
    r.written = true;
    r.read("teacher", 3);
    r.wrote("teacher", 3);
    r.change("employment", "17", "payment_1", Some("12.345678".into()), Some("12.3457".into()), "zahl-gerundet");
    r.reconciliation.push(YearReconciliation {
        year: "25/26".into(),
        locked: true,
        compared: 3,
        agreeing: 2,
        balances: vec![
            BalanceLine {
                teacher: "jla".into(),
                stored_closing: Some("1.5".into()),
                computed_closing: "1.75".into(),
                difference: "0.25".into(),
            },
            BalanceLine {
                teacher: "kmu".into(),
                stored_closing: Some("0".into()),
                computed_closing: "0".into(),
                difference: "0".into(),
            },
        ],
        openings: vec![OpeningLine {
            teacher: "pbe".into(),
            stored_opening: Some("2".into()),
            previous_year: "24/25".into(),
            previous_closing: Some("1".into()),
        }],
    });
    r
}

/// Stores `report` as a move with `outcome`; returns its id.
async fn store(web: &Web, report: &Report, outcome: &str) -> i64 {
    let json = report.to_json();
    let new = NewMoveReport { direction: "import", outcome, source: "postgres@pm.example:5432/pensen", report: &json };
    web.app.store.conn().await.unwrap().insert_move_report(new).await.unwrap()
}

#[tokio::test]
async fn an_admin_reads_the_report_of_a_move_and_planners_may_not() {
    let web = Web::spawn().await;
    let admin = web.sign_in("chefin", Role::Admin).await;
    let empty = web.get("/admin/moves", Some(&admin)).await;
    assert_eq!(empty.status, 200);
    assert!(empty.html.contains(r#"id="moves-none""#), "no move yet");
    assert!(empty.html.contains(r#"href="/admin/moves""#), "the menu entry under Verwaltung");

    let id = store(&web, &report(), "written").await;
    let mut refused = Report::new(Direction::Import, false);
    refused.refuse("course", vec!["4711".into()], "kurs-ohne-fach", "Der Kurs hat kein Fach.");
    let refused_id = store(&web, &refused, "refused").await;

    let list = web.get("/admin/moves", Some(&admin)).await;
    let text = visible_text(&list.html);
    assert!(list.html.contains(&format!(r#"href="/admin/moves/{id}""#)), "{text}");
    assert!(text.contains("Übernahme aus dem Pensenmanager") && text.contains("geschrieben"), "{text}");
    assert!(text.contains("abgelehnt, nichts geschrieben") && text.contains("pm.example:5432/pensen"), "{text}");
    assert!(list.html.find(&format!("move-{refused_id}")) < list.html.find(&format!("move-{id}\"")), "newest first");

    let page = web.get(&format!("/admin/moves/{id}"), Some(&admin)).await;
    assert_eq!(page.status, 200);
    let text = visible_text(&page.html);
    assert!(
        text.contains("25/26 (abgeschlossen): 2 von 3 Schlusssaldi stimmen auf 4 Stellen überein; 1 Anfangssaldo weicht vom Vorjahr ab."),
        "{text}"
    );
    assert!(text.contains("jla") && text.contains("1.75") && text.contains("0.25"), "the differing balance: {text}");
    assert!(!text.contains("kmu"), "agreeing balances are not listed: {text}");
    assert!(text.contains("pbe: Anfangssaldo 2 ≠ Schlusssaldo 1 in 24/25"), "{text}");
    assert!(
        text.contains("Geänderte Werte (1)") && text.contains("12.3457") && text.contains("zahl-gerundet"),
        "{text}"
    );

    let no = web.get(&format!("/admin/moves/{refused_id}"), Some(&admin)).await;
    let text = visible_text(&no.html);
    assert!(text.contains("Der Kurs hat kein Fach.") && text.contains("4711"), "{text}");
    assert!(text.contains("Kein Abgleich"), "{text}");

    let switched = web.post("/language", Some(&admin), &[("_csrf", &page.csrf()), ("lang", "fr"), ("back", "/")]).await;
    assert_eq!(switched.status, 303, "{}", switched.html);
    let fr = web.get(&format!("/admin/moves/{id}"), Some(&admin)).await;
    let fr_text = visible_text(&fr.html);
    assert!(fr_text.contains("1 solde initial diffère de l’année précédente"), "{fr_text}");
    assert_eq!(untranslated(&fr_text), Vec::<String>::new(), "{fr_text}");

    assert_eq!(web.get(&format!("/admin/moves/{}", id + 100), Some(&admin)).await.status, 404);
    let planner = web.sign_in("planer", Role::Planner).await;
    for path in ["/admin/moves".to_string(), format!("/admin/moves/{id}")] {
        let p = web.get(&path, Some(&planner)).await;
        assert_eq!(p.status, 403, "{path}");
        assert!(!p.html.contains("pm.example"), "{path}");
    }
}
