//! "Mein Pensum" over HTTP (docs/teachers.md): a teacher account sees its
//! own sheet as the planners see it, confirms it, and opens no other page;
//! the planners' Jahresüberblick shows the states as stored.

use schoolplan::auth::Role;
use schoolplan::service::account::{create_account, NewAccount};
use schoolplan::service::audit::Actor;
use serde_json::json;

use super::grid::demo;
use super::hardening::read_for;
use super::Web;

/// The first two teachers employed in `year`: (id, code).
async fn teachers(web: &Web, year: i64) -> Vec<(i64, String)> {
    let list = web.app.get(&format!("/workload?schoolYear={year}")).await.expect(200);
    list.result()
        .as_array()
        .unwrap()
        .iter()
        .map(|w| (w["teacher"]["id"].as_i64().unwrap(), w["teacher"]["code"].as_str().unwrap().to_string()))
        .take(2)
        .collect()
}

/// Creates the teacher account `name` for `teacher` and signs in with a link; the session cookie.
async fn sign_in_teacher(web: &Web, name: &str, teacher: i64) -> String {
    let new = NewAccount { name: name.into(), role: Role::Teacher, teacher: Some(teacher.into()) };
    create_account(&web.app.store, &Actor::new(None, "TEST", "test"), &new).await.expect("account");
    let link = web.link(name).await;
    let page = web.get_url(&link, None, &[]).await;
    assert_eq!(page.status, 303, "{}", page.html);
    page.set_cookie("sp_session").expect("a session cookie").split(';').next().unwrap().to_string()
}

/// The `<article class="sheet">` of a page.
fn article(html: &str) -> &str {
    let start = html.find(r#"<article class="sheet""#).expect("a sheet");
    let end = html[start..].find("</article>").expect("its end") + start;
    &html[start..end]
}

/// The state shown in the Jahresüberblick's row of teacher `code`.
fn row_state<'a>(html: &'a str, code: &str) -> &'a str {
    let start = html.find(&format!(r#"data-teacher="{code}""#)).unwrap_or_else(|| panic!("no row {code}"));
    let cell = &html[start..];
    let at = cell.find("data-sheet=\"").expect("a state cell") + "data-sheet=\"".len();
    cell[at..].split('"').next().unwrap()
}

#[tokio::test]
async fn a_teacher_sees_and_confirms_their_sheet_and_nothing_else() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let pair = teachers(&web, year).await;
    let ((a, a_code), (b, b_code)) = (pair[0].clone(), pair[1].clone());
    let teacher = sign_in_teacher(&web, "anna", a).await;

    // The start page leads to Mein Pensum; the menu has nothing else.
    let start = web.get("/", Some(&teacher)).await;
    assert_eq!((start.status, start.header("location")), (303, "/me"));
    let mine = web.get("/me", Some(&teacher)).await;
    assert_eq!(mine.status, 200, "{}", mine.html);
    assert!(mine.html.contains(r#"data-state="notReleased""#), "{}", mine.html);
    assert!(!mine.html.contains("/grid") && !mine.html.contains("/teachers"), "a planner's menu");
    // Before the release the sheet does not open.
    assert_eq!(web.get(&format!("/me/{year}"), Some(&teacher)).await.status, 409);

    // The planners' pages and other teachers' sheets are closed, naming nobody.
    for path in [
        format!("/years/{year}/grid"),
        format!("/years/{year}/workload/{b}"),
        format!("/years/{year}/workload/{b}/pdf"),
        format!("/years/{year}/overview"),
        format!("/years/{year}/notes"),
        "/teachers".to_string(),
        format!("/teachers/{b}"),
        "/admin".to_string(),
        format!("/history/teacher/{b}"),
        format!("/years/{year}/live"),
    ] {
        let page = web.get(&path, Some(&teacher)).await;
        assert_eq!(page.status, 403, "{path}: {}", page.status);
        assert!(!page.html.contains(&b_code), "{path} names {b_code}");
    }

    // Released: the sheet is the planners' sheet, figure for figure.
    web.app.post(&format!("/schoolyear/{year}/release"), json!({"division": null})).await.expect(200);
    let own = web.get(&format!("/me/{year}"), Some(&teacher)).await;
    assert_eq!(own.status, 200, "{}", own.html);
    let admin = web.sign_in("admin", Role::Admin).await;
    let planners = web.get(&format!("/years/{year}/workload/{a}"), Some(&admin)).await;
    assert_eq!(article(&own.html), article(&planners.html));
    assert!(own.html.contains(r#"id="me-state" data-state="released""#));
    assert!(!own.html.contains(&b_code), "the teacher's page names another teacher");

    // Confirm: the page says so, the overview too.
    let csrf = own.csrf();
    let marker = r#"name="digest" value=""#;
    let at = own.html.find(marker).expect("the version field") + marker.len();
    let digest = own.html[at..].split('"').next().unwrap().to_string();
    let done = web
        .post(
            &format!("/me/{year}/confirm"),
            Some(&teacher),
            &[("_csrf", &csrf), ("digest", &digest), ("remark", "Danke")],
        )
        .await;
    assert_eq!((done.status, done.header("location")), (303, format!("/me/{year}?done=confirmed").as_str()));
    let after = web.get(&format!("/me/{year}"), Some(&teacher)).await;
    assert!(after.html.contains(r#"data-state="confirmed""#), "{}", after.html);
    assert!(after.html.contains("Danke"));
    let overview = web.get(&format!("/years/{year}/overview"), Some(&admin)).await;
    assert_eq!(row_state(&overview.html, &a_code), "confirmed");
    assert_eq!(row_state(&overview.html, &b_code), "released");
    // The filter shows only the confirmed one.
    let filtered = web.get(&format!("/years/{year}/overview?sheet=confirmed"), Some(&admin)).await;
    assert!(filtered.html.contains(&format!(r#"data-teacher="{a_code}""#)));
    assert!(!filtered.html.contains(&format!(r#"data-teacher="{b_code}""#)));

    // A question reaches the planners' sheet, the answer the teacher's.
    let asked = web
        .post(&format!("/me/{year}/question"), Some(&teacher), &[("_csrf", &csrf), ("question", "Wieso 2 Semester?")])
        .await;
    assert_eq!(asked.status, 303, "{}", asked.html);
    let sheet = web.get(&format!("/years/{year}/workload/{a}"), Some(&admin)).await;
    assert!(sheet.html.contains("Wieso 2 Semester?") && sheet.html.contains(r#"id="sheet-answer-form""#));
    let admin_csrf = sheet.csrf();
    let answered = web
        .post(
            &format!("/years/{year}/workload/{a}/answer"),
            Some(&admin),
            &[("_csrf", &admin_csrf), ("answer", "Weil das Jahr zwei hat.")],
        )
        .await;
    assert_eq!(answered.status, 303, "{}", answered.html);
    let mine = web.get(&format!("/me/{year}"), Some(&teacher)).await;
    assert!(mine.html.contains("Weil das Jahr zwei hat."), "{}", mine.html);

    // The PDF of the own sheet downloads; writing a planner's form is refused.
    let url = format!("{}/me/{year}/pdf", web.app.base);
    let res = web.browser.get(&url).header(reqwest::header::COOKIE, &teacher).send().await.expect("the PDF");
    assert_eq!(res.status().as_u16(), 200);
    let bytes = res.bytes().await.expect("its bytes");
    let text = pdf_extract::extract_text_from_mem(&bytes).expect("the PDF's text");
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("digital zur Kenntnis genommen am"), "no stamp on the confirmed sheet: {flat}");
    assert!(flat.contains(&format!("(Version {})", &digest[..10])), "{flat}");
    assert!(!flat.contains("Unterschrift"), "the empty signature line is printed still");
    if let Ok(dir) = std::env::var("SHEETS_PDF_DIR") {
        std::fs::write(std::path::Path::new(&dir).join("confirmed-sheet.pdf"), &bytes).expect("written");
    }
    let refused = web.post(&format!("/years/{year}/notes"), Some(&teacher), &[("_csrf", &csrf), ("text", "x")]).await;
    assert_eq!(refused.status, 403);
}

#[tokio::test]
async fn every_page_but_its_own_refuses_a_teacher() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let pair = teachers(&web, year).await;
    let (a, b) = (pair[0].0, pair[1].0);
    let teacher = sign_in_teacher(&web, "anna", a).await;
    // Every GET route of the screens (each one's `routes()`), ids filled
    // with B's or 1.
    let mut checked = 0;
    for (path, _) in super::hardening::web_routes().iter().filter(|(_, call)| call.contains("get(")) {
        let path = path.as_str();
        if path == "/" || path.starts_with("/me") || path.starts_with("/signin") || path == "/assets/{file}" {
            continue;
        }
        let filled = path
            .replace("{year}", &year.to_string())
            .replace("{teacher}", &b.to_string())
            .replace("{id}", &b.to_string())
            .replace("{kind}", "teacher")
            .replace("{subject}", "1")
            .replace("{class}", "1")
            .replace("{key}", "1-1");
        let page = web.get(&filled, Some(&teacher)).await;
        assert_eq!(page.status, 403, "{filled}: {}", page.status);
        checked += 1;
    }
    assert!(checked > 30, "only {checked} pages checked");
    // Every form of the planners refuses it too, and stores nothing.
    let csrf = web.get("/me", Some(&teacher)).await.csrf();
    let before = web.app.get("/audit").await.expect(200).result().as_array().unwrap().len();
    for path in super::hardening::post_routes(year, 1) {
        if path.starts_with("/me/") || path == "/signout" || path == "/language" {
            continue;
        }
        let page = web.post(&path, Some(&teacher), &[("_csrf", &csrf), ("teacher", &b.to_string())]).await;
        assert_eq!(page.status, 403, "POST {path}: {}", page.status);
    }
    let after = web.app.get("/audit").await.expect(200).result().as_array().unwrap().len();
    assert_eq!(before, after, "a refused form stored something");
}

#[tokio::test]
async fn inviting_a_years_teachers_shows_them_first_then_makes_their_accounts() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let employments = web.app.get(&format!("/employment?schoolYear={year}")).await.expect(200);
    let with_mail: Vec<String> = employments
        .result()
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["teacher"]["email"].as_str().is_some_and(|m| m.contains('@')))
        .map(|e| e["teacher"]["code"].as_str().unwrap().to_string())
        .collect();
    assert!(!with_mail.is_empty(), "the demo's teachers have addresses");
    let admin = web.sign_in("admin", Role::Admin).await;
    // Only an administrator opens it.
    let planner = web.sign_in("paula", Role::Planner).await;
    assert_eq!(web.get(&format!("/admin/invite?year={year}"), Some(&planner)).await.status, 403);

    let accounts = web.app.get("/account").await.expect(200).result().as_array().unwrap().len();
    let preview = web.get(&format!("/admin/invite?year={year}"), Some(&admin)).await;
    assert_eq!(preview.status, 200, "{}", preview.html);
    for code in &with_mail {
        assert!(preview.html.contains(&format!("<th scope=\"row\">{code}</th>")), "{code} is listed");
    }
    assert!(preview.html.contains(r#"id="invite-sample""#), "the message is shown before anything happens");
    let after = web.app.get("/account").await.expect(200).result().as_array().unwrap().len();
    assert_eq!(after, accounts, "nothing was made by looking");

    let done =
        web.post("/admin/invite", Some(&admin), &[("_csrf", &preview.csrf()), ("year", &year.to_string())]).await;
    assert_eq!(done.status, 200, "{}", done.html);
    let list = web.app.get("/account").await.expect(200);
    let teachers: Vec<&serde_json::Value> =
        list.result().as_array().unwrap().iter().filter(|a| a["role"] == "teacher").collect();
    assert_eq!(teachers.len(), with_mail.len());
    // Each link signs its teacher in, onto Mein Pensum.
    let marker = "<td><code>";
    let at = done.html.find(marker).expect("a link is shown") + marker.len();
    let link = done.html[at..].split('<').next().unwrap().replace("&#x3d;", "=").replace("&#61;", "=");
    let signed = web.get_url(&link, None, &[]).await;
    assert_eq!(signed.status, 303, "{link}: {}", signed.html);
    // Nobody is left to invite.
    let again = web.get(&format!("/admin/invite?year={year}"), Some(&admin)).await;
    assert!(again.html.contains(r#"id="invite-none""#));
}

#[tokio::test]
async fn a_teachers_open_sheet_hears_of_its_own_changes_only() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let pair = teachers(&web, year).await;
    let (a, b) = (pair[0].0, pair[1].0);
    let teacher = sign_in_teacher(&web, "anna", a).await;
    web.app.post(&format!("/schoolyear/{year}/release"), json!({})).await.expect(200);
    let page = web.get(&format!("/me/{year}"), Some(&teacher)).await;
    let marker = "data-live=\"";
    let at = page.html.find(marker).expect("the sheet listens") + marker.len();
    let live = page.html[at..].split('"').next().unwrap().replace("&#x3d;", "=").replace("&#61;", "=");
    assert!(live.starts_with(&format!("/me/{year}/live?v=")), "{live}");
    // The planners' year stream is not the teacher's.
    assert_eq!(web.get(&format!("/years/{year}/live"), Some(&teacher)).await.status, 403);
    let mut heard = web
        .browser
        .get(format!("{}{live}", web.app.base))
        .header(reqwest::header::COOKIE, &teacher)
        .send()
        .await
        .expect("a stream");
    assert_eq!(heard.status().as_u16(), 200);
    read_for(&mut heard, std::time::Duration::from_millis(300)).await;
    // Another teacher's pool entry: nothing; the teacher's own: a change, naming nobody.
    let pool_type = web.app.get("/pooltype").await.expect(200).result()[0]["id"].as_i64().unwrap();
    let entry = |t: i64| json!({"schoolYear": year, "teacher": t, "type": pool_type, "percent1": 1, "percent2": 1});
    web.app.create("/poolentry", entry(b)).await;
    let quiet = read_for(&mut heard, std::time::Duration::from_millis(2500)).await;
    assert!(!quiet.contains("event: change"), "another teacher's change was told:\n{quiet}");
    web.app.create("/poolentry", entry(a)).await;
    let told = read_for(&mut heard, std::time::Duration::from_millis(3000)).await;
    assert!(told.contains("event: change"), "the own change was not told:\n{told}");
    assert!(told.contains("Ihr Pensenblatt hat sich eben geändert."), "{told}");
    assert!(!told.contains("test-admin"), "who changed it is not told:\n{told}");
}

#[tokio::test]
async fn a_planner_releases_the_sheets_from_the_overview() {
    let web = Web::spawn().await;
    let year = demo(&web).await;
    let overview = format!("/years/{year}/overview");
    let reader = web.sign_in("rita", Role::Reader).await;
    let seen = web.get(&overview, Some(&reader)).await;
    assert!(seen.html.contains(r#"id="release-none""#), "nothing released yet");
    assert!(!seen.html.contains(r#"id="release-go""#), "a reader gets no form");
    let refused =
        web.post(&format!("/years/{year}/release"), Some(&reader), &[("_csrf", &seen.csrf()), ("division", "")]).await;
    assert_eq!(refused.status, 403);

    let planner = web.sign_in("paula", Role::Planner).await;
    let page = web.get(&overview, Some(&planner)).await;
    assert!(page.html.contains(r#"id="release-go""#), "{}", page.html);
    // One division first: its teachers are released, the others not.
    let employments = web.app.get(&format!("/employment?schoolYear={year}")).await.expect(200);
    let first = &employments.result()[0];
    let division = first["division"]["id"].as_i64().unwrap();
    let division_code = first["division"]["code"].as_str().unwrap().to_string();
    let done = web
        .post(
            &format!("/years/{year}/release"),
            Some(&planner),
            &[("_csrf", &page.csrf()), ("division", &division.to_string())],
        )
        .await;
    assert_eq!(done.status, 303, "{}", done.html);
    let states = web.app.get(&format!("/confirmation?schoolYear={year}")).await.expect(200);
    for c in states.result().as_array().unwrap() {
        let of = employments.result().as_array().unwrap().iter().find(|e| e["teacher"]["id"] == c["teacher"]["id"]);
        let in_division = of.is_some_and(|e| e["division"]["id"] == division);
        assert_eq!(c["state"] == "released", in_division, "{c}");
    }
    let page = web.get(&overview, Some(&planner)).await;
    assert!(page.html.contains(&format!("{division_code}: freigegeben am")), "the release is listed");
    let choices = page.html.split(r#"id="release-division""#).nth(1).unwrap().split("</select>").next().unwrap();
    assert!(choices.contains(r#"<option value="">"#), "every division is a choice: {choices}");
    assert!(!choices.contains(&format!(r#"<option value="{division}">"#)), "a released division is none: {choices}");
    // Then every division: the form goes away.
    let all =
        web.post(&format!("/years/{year}/release"), Some(&planner), &[("_csrf", &page.csrf()), ("division", "")]).await;
    assert_eq!(all.status, 303);
    let page = web.get(&overview, Some(&planner)).await;
    assert!(page.html.contains("Alle Abteilungen: freigegeben am"), "{}", page.html);
    assert!(!page.html.contains(r#"id="release-go""#));
}
