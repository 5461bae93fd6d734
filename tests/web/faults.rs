//! Faults of the database as the web interface shows them (docs/faults.md):
//! a database that went away gives its own status, sentence and
//! `Retry-After` on the error page, never 500; a page whose connection was
//! lost is loaded once more, and the person never sees it.

use schoolplan::auth::Role;
use schoolplan::store::PoolRef;

use crate::helpers::end_connections;
use crate::Web;

/// With every connection of the server's pool closed (the database gone), a
/// page is answered 503 with the fault's German sentence and `Retry-After`,
/// not with the 500 page.
#[tokio::test]
async fn a_database_that_went_away_gives_the_fault_page_not_a_500() {
    let web = Web::spawn().await;
    let planner = web.sign_in("planner", Role::Planner).await;
    assert_eq!(web.get("/teachers", Some(&planner)).await.status, 200);

    web.app.store.close().await;
    let page = web.get("/teachers", Some(&planner)).await;
    assert_eq!(page.status, 503, "{}", page.html);
    assert_eq!(page.header("retry-after"), "3");
    assert!(page.html.contains("Verbindung zur Datenbank"), "the fault's own sentence: {}", page.html);
    assert!(!page.html.contains("unerwarteter Fehler"), "not the page of a fault of the server: {}", page.html);
    let form = web.post("/genders", Some(&planner), &[("_csrf", "x"), ("code", "x"), ("description", "divers")]).await;
    assert_eq!(form.status, 503, "a form meets the fault before its CSRF check, no 500: {}", form.html);
}

/// PostgreSQL ends every connection of the server (a restart, a failover):
/// the next page and the next form are answered as if nothing had happened,
/// because a request that lost its connection before saving anything runs
/// once more.
#[tokio::test]
async fn a_page_and_a_form_whose_connection_was_lost_run_once_more() {
    let web = Web::spawn().await;
    let PoolRef::Postgres(pool) = web.app.store.pool() else {
        return; // SQLite has no connections to end
    };
    let schema: String = sqlx::query_scalar("SELECT current_schema()").fetch_one(pool).await.expect("schema");
    let url = std::env::var("TEST_DATABASE_URL").expect("TEST_DATABASE_URL");
    let planner = web.sign_in("planner", Role::Planner).await;
    let list = web.get("/genders", Some(&planner)).await;
    assert_eq!(list.status, 200, "{}", list.html);
    let csrf = list.csrf();

    assert!(end_connections(&url, &schema).await.0 > 0, "the server's connections were ended");
    let page = web.get("/teachers", Some(&planner)).await;
    assert_eq!(page.status, 200, "the page after the loss: {}", page.html);

    assert!(end_connections(&url, &schema).await.0 > 0, "the server's connections were ended again");
    let created =
        web.post("/genders", Some(&planner), &[("_csrf", &csrf), ("code", "x"), ("description", "divers")]).await;
    assert_eq!(created.status, 303, "the form after the loss: {}", created.html);
    let genders = web.app.get("/gender").await.expect(200).result().as_array().unwrap().clone();
    assert_eq!(genders.iter().filter(|g| g["code"] == "x").count(), 1, "saved once: {genders:?}");
}

/// Forms whose browsers hang up at every point of the save (waiting for the
/// writer, `BEGIN`, the statements, `COMMIT`) leave every pooled connection
/// in order: each write runs as a task of its own and ends cleanly, whoever
/// hangs up (docs/faults.md). On PostgreSQL a form dropped mid-transaction
/// would otherwise hand its connection back inside the transaction.
#[tokio::test]
async fn forms_cut_off_by_their_browsers_leave_the_database_writable() {
    let web = Web::spawn().await;
    let planner = web.sign_in("planner", Role::Planner).await;
    let csrf = web.get("/genders", Some(&planner)).await.csrf();
    let mut cut_off = 0;
    for i in 0..400u64 {
        let code = format!("k{i}");
        let wait = std::time::Duration::from_micros(200 + (i * 97) % 15800);
        let sent = web
            .browser
            .post(format!("{}/genders", web.app.base))
            .header(reqwest::header::COOKIE, &planner)
            .form(&[("_csrf", csrf.as_str()), ("code", code.as_str()), ("description", "abgebrochen")])
            .timeout(wait)
            .send()
            .await;
        if sent.is_err() {
            cut_off += 1;
        }
    }
    assert!(cut_off > 0, "some browsers hung up mid-request");
    // Every later form is saved, on whichever pooled connection it gets.
    for i in 0..30 {
        let code = format!("n{i}");
        let created =
            web.post("/genders", Some(&planner), &[("_csrf", &csrf), ("code", &code), ("description", "danach")]).await;
        assert_eq!(created.status, 303, "form {i} after the hang-ups: {}", created.html);
    }
    let genders = web.app.get("/gender").await.expect(200).result().as_array().unwrap().clone();
    assert_eq!(genders.iter().filter(|g| g["description"] == "danach").count(), 30, "every later form saved");
}
