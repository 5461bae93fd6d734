//! A decimal comma and a decimal point in every number field of the web
//! (docs/web.md §Numbers): Pool, Anstellungen, IPB-Buchungen and
//! Abschlussarbeiten save the same value either way, read back through the
//! API.

use schoolplan::auth::Role;

use super::employments::{api_list, employment_form, exact, location_id, new_teacher, pool_form, send};
use super::grid::demo;
use super::theses::{thesis_types, two_employed};
use super::Web;

#[tokio::test]
async fn a_decimal_comma_is_read_as_a_point_in_every_number_form() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let planner = web.sign_in("planner", Role::Planner).await;
    let csrf = web.get("/", Some(&planner)).await.csrf();

    // Pool.
    let entry = api_list(&web, &format!("/poolentry?schoolYear={year}")).await[0].clone();
    let base = format!("/years/{year}/pool");
    let form = pool_form(&csrf, "", &entry["teacher"]["id"], &entry["type"]["id"], "1,75");
    let created = send(&web, &base, &planner, &form).await;
    assert_eq!(created.status, 303, "{}", created.html);
    let id = location_id(&created, &base);
    let pool = web.app.get(&format!("/poolentry/{id}")).await.expect(200).result().clone();
    assert_eq!([exact(&pool["percent1"]), exact(&pool["percent2"])], ["1.75", "2.5"]);

    // Anstellungen: commas in the percents, a point beside them.
    let teacher = new_teacher(&web, "nko").await;
    let division = api_list(&web, "/division").await[0]["id"].as_i64().unwrap();
    let base = format!("/years/{year}/employments");
    let mut form = employment_form(&csrf, "", teacher, division, "50,5", "80.25");
    form.retain(|(k, _)| *k != "initialBalance");
    form.push(("initialBalance", " -1,5 ".into()));
    let created = send(&web, &base, &planner, &form).await;
    assert_eq!(created.status, 303, "{}", created.html);
    let id = location_id(&created, &base);
    let employment = web.app.get(&format!("/employment/{id}")).await.expect(200).result().clone();
    assert_eq!(
        [
            exact(&employment["employmentMin"]),
            exact(&employment["employmentMax"]),
            exact(&employment["initialBalance"])
        ],
        ["50.5", "80.25", "-1.5"]
    );

    // IPB-Buchungen.
    let [(teacher, _), _] = two_employed(&web, year).await;
    let kind = api_list(&web, "/postingtype").await[0]["id"].as_i64().unwrap();
    let field = format!("d{kind}");
    let t = teacher.to_string();
    let posted = web
        .post(
            &format!("/years/{year}/postings"),
            Some(&planner),
            &[
                ("_csrf", &csrf),
                ("_version", ""),
                ("teacher", &t),
                ("description", "Komma"),
                ("startDate", "2026-09-14"),
                ("endDate", ""),
                (&field, "0,75"),
            ],
        )
        .await;
    assert_eq!(posted.status, 303, "{}", posted.html);
    let postings = api_list(&web, &format!("/posting?schoolYear={year}&teacher={teacher}")).await;
    let posting = postings.iter().find(|p| p["description"] == "Komma").expect("the posting");
    assert_eq!(exact(&posting["details"][kind.to_string()]), "0.75");

    // Abschlussarbeiten.
    let types = thesis_types(&web).await;
    let form = web.get(&format!("/years/{year}/theses/{teacher}/edit"), Some(&planner)).await;
    let marker = r#"name="_version" value=""#;
    let at = form.html.find(marker).expect("a version") + marker.len();
    let version = form.html[at..].split('"').next().unwrap().to_string();
    let field = format!("t{}", types[0].0);
    let saved = web
        .post(
            &format!("/years/{year}/theses/{teacher}"),
            Some(&planner),
            &[("_csrf", &csrf), ("_version", &version), (&field, "1,5")],
        )
        .await;
    assert_eq!(saved.status, 303, "{}", saved.html);
    let theses = web.app.get(&format!("/thesis/{year}-{teacher}")).await.expect(200);
    assert_eq!(exact(&theses.result()["thesisCounts"][types[0].0.to_string()]), "1.5");
}
