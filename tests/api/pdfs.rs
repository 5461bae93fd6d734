//! The PDF documents (docs/documents.md §Jobs and files, §File formats): each generated PDF's text (read
//! with the `pdf-extract` crate, no external tool) shows the teacher, the title and every
//! figure of `GET /workload` as the sheet formats it (lessons with 2
//! decimals, percents with `percentDecimals`, half-up; zero as "—"); a whole
//! school in one file has every employment's sheet; the course lists and the
//! open lessons; a job that cannot typeset fails and leaves no file.

use std::collections::{BTreeSet, HashMap};
use std::str::FromStr;

use rust_decimal::{Decimal, RoundingStrategy};
use serde_json::{json, Value};

use crate::helpers::TestApp;
use crate::jobs::{demo, product, run_job, year_id};

/// The text of `pdf` (`pdf-extract`): a line per line of print, the cells
/// of a table row on one line separated by spaces; each page ends with a
/// form feed.
pub fn pdf_text(pdf: &[u8]) -> String {
    assert!(pdf.starts_with(b"%PDF-"), "a PDF");
    let pages = pdf_extract::extract_text_from_mem_by_pages(pdf).expect("the PDF's text");
    pages.into_iter().map(|p| p + "\x0c").collect()
}

/// The first page's size in points (width, height) and the page count.
fn pdf_info(pdf: &[u8]) -> ((f64, f64), usize) {
    let doc = pdf_extract::Document::load_mem(pdf).expect("a PDF");
    let pages = doc.get_pages();
    let first = *pages.values().next().expect("a page");
    // The media box is the page's own or inherited from its parents.
    let mut node = doc.get_dictionary(first).expect("the page");
    let media_box = loop {
        if let Ok(b) = node.get(b"MediaBox").and_then(|b| b.as_array()) {
            break b.clone();
        }
        let parent = node.get(b"Parent").and_then(|p| p.as_reference()).expect("a media box");
        node = doc.get_dictionary(parent).expect("the parent");
    };
    let n: Vec<f64> = media_box.iter().map(|v| v.as_float().map(f64::from).expect("a number")).collect();
    ((n[2] - n[0], n[3] - n[1]), pages.len())
}

/// A figure of the workload form as the sheet prints it: rounded half-up to
/// `decimals`; `None` for zero (printed "—").
pub fn shown(v: &Value, decimals: u32) -> Option<String> {
    let d = Decimal::from_str(&v.to_string()).unwrap_or_else(|_| panic!("a number: {v}"));
    let mut r = d.round_dp_with_strategy(decimals, RoundingStrategy::MidpointAwayFromZero);
    if r.is_zero() {
        return None;
    }
    r.rescale(decimals);
    Some(r.to_string())
}

/// Whether `line` holds `words` in this order: the first as text, the
/// others (figures, codes) as whole whitespace-separated tokens after it
/// (a list's trailing comma aside) — so "10.2300" does not pass for "10.23".
fn in_order(line: &str, words: &[String]) -> bool {
    let Some((first, rest)) = words.split_first() else { return true };
    let Some(at) = line.find(first.as_str()) else { return false };
    let mut tokens = line[at + first.len()..].split_whitespace();
    rest.iter().flat_map(|w| w.split_whitespace()).all(|w| tokens.any(|t| t.trim_end_matches(',') == w))
}

/// Asserts that some line of `text` shows `words` in order.
#[track_caller]
fn has_line(text: &str, words: &[String]) {
    assert!(text.lines().any(|l| in_order(l, words)), "a line with {words:?} in:\n{text}");
}

fn figures(item: &Value, keys: &[(&str, u32)]) -> Vec<String> {
    keys.iter().filter_map(|(k, d)| shown(&item[*k], *d)).collect()
}

/// Asserts that `text` (one teacher's pages) shows every figure of `form`:
/// each payroll row (description and its figures in one line), the payroll
/// totals and the payment, the course, summary and postings totals and the
/// balance lines.
#[track_caller]
fn shows_form(text: &str, form: &Value) {
    let pd = form["payroll"]["percentDecimals"].as_u64().unwrap() as u32;
    let lp = [("lessons1", 2), ("percent1", pd), ("lessons2", 2), ("percent2", pd)];
    for item in form["payroll"]["items"].as_array().unwrap() {
        let mut words = vec![item["description"].as_str().unwrap().to_string()];
        words.extend(figures(item, &lp));
        has_line(text, &words);
    }
    let mut total = vec!["Total".to_string()];
    total.extend(figures(&form["payroll"]["total"], &[("percent1", pd), ("percent2", pd)]));
    has_line(text, &total);
    if let Some(payment) = shown(&form["payment"], pd) {
        has_line(text, &["Auszahlung Schuljahr".into(), format!("{payment} %")]);
    }
    let mut courses = vec!["Total".to_string()];
    courses.extend(figures(&form["courses"]["total"], &lp));
    has_line(text, &courses);
    for item in form["courses"]["items"].as_array().unwrap() {
        let mut words = vec![item["subject"]["code"].as_str().unwrap().to_string()];
        words.extend(figures(item, &lp));
        has_line(text, &words);
    }
    let summary = &form["summary"]["total"];
    let with_ae = form["summary"]["ageReliefFactor1"] != json!(0) || form["summary"]["ageReliefFactor2"] != json!(0);
    let keys: &[(&str, u32)] = if with_ae {
        &[("percent1", pd), ("ageRelief1", pd), ("percent2", pd), ("ageRelief2", pd), ("percentWithAgeRelief", pd)]
    } else {
        &[("percent1", pd), ("percent2", pd), ("percentWithAgeRelief", pd)]
    };
    let mut words = vec!["Total".to_string()];
    words.extend(figures(summary, keys));
    has_line(text, &words);
    if let Some(lines) = form["balance"].as_array() {
        assert!(text.contains("IPB: Übersicht"));
        for b in lines {
            let mut words = vec![b["description"].as_str().unwrap().to_string()];
            words.extend(shown(&b["percent"], pd));
            has_line(text, &words);
        }
    }
    if let Some(items) = form["postings"]["items"].as_array().filter(|i| !i.is_empty()) {
        assert!(text.contains("Ein- und Ausbuchungen"));
        for item in items {
            if let Some(total) = shown(&item["totalPercent"], pd) {
                assert!(text.contains(&total), "posting total {total}");
            }
        }
    }
}

/// The pages of `text` grouped by the teacher code in their footer
/// ("… · Name (CODE)   Seite n von m").
fn pages_by_teacher(text: &str) -> HashMap<String, Vec<String>> {
    let mut out: HashMap<String, Vec<String>> = HashMap::new();
    for page in text.split('\x0c').filter(|p| !p.trim().is_empty()) {
        let footer = page.lines().rev().find(|l| l.contains("Seite ")).unwrap_or_else(|| panic!("footer in {page}"));
        let before = &footer[..footer.find("Seite ").unwrap()];
        let open = before.rfind('(').expect("( in footer");
        let close = before.rfind(')').expect(") in footer");
        out.entry(before[open + 1..close].to_string()).or_default().push(page.to_string());
    }
    out
}

/// The signature block is never alone on a page (docs/documents.md §File formats): the page
/// that asks for the teacher's signature also shows the last section before
/// it with its total ("IPB: Übersicht" with Schlusssaldo when the balance is
/// shown, else "Pensenmeldung" with the payment).
#[track_caller]
fn signature_beside_figures(code: &str, pages: &[String], form: &Value) {
    let page = pages.iter().find(|p| p.contains("Zustimmend zur Kenntnis genommen")).expect("a signature block");
    let (section, total) = if form["balance"].is_array() {
        ("IPB: Übersicht", "Schlusssaldo")
    } else {
        ("Pensenmeldung", "Auszahlung Schuljahr")
    };
    assert!(page.contains(section) && page.contains(total), "{code}: the signature stands beside {section}:\n{page}");
}

/// A printed figure ("—" is zero).
fn printed(token: &str) -> Decimal {
    if token == "—" {
        Decimal::ZERO
    } else {
        Decimal::from_str(token).unwrap_or_else(|_| panic!("a figure: {token}"))
    }
}

/// "IPB: Übersicht" adds up as printed (docs/documents.md §File formats): its lines (with a
/// "Rundungsdifferenz" where rounding needs one) sum to the Schlusssaldo, and
/// Anfangssaldo + Veränderung = Schlusssaldo.
#[track_caller]
fn balance_adds_up(code: &str, text: &str, form: &Value) {
    if !form["balance"].is_array() {
        return;
    }
    let section = &text[text.find("IPB: Übersicht").expect("the balance section")..];
    let value = |name: &str| -> Option<Decimal> {
        let line = section.lines().find(|l| l.trim_start().starts_with(name))?;
        Some(printed(line.split_whitespace().last().unwrap()))
    };
    let line = |name: &str| value(name).unwrap_or_else(|| panic!("{code}: a line {name} in\n{section}"));
    let (opening, closing) = (line("Anfangssaldo"), line("Schlusssaldo"));
    let sum = opening
        + line("Pensum")
        + line("Ein- und Ausbuchungen")
        + line("Auszahlung")
        + value("Rundungsdifferenz").unwrap_or_default();
    assert_eq!(sum, closing, "{code}: the lines add up to the Schlusssaldo:\n{section}");
    assert_eq!(opening + line("Veränderung"), closing, "{code}: Anfangssaldo + Veränderung:\n{section}");
}

/// Payroll type id of every thesis type.
async fn thesis_payroll_types(app: &TestApp) -> HashMap<i64, i64> {
    let types = app.get("/thesistype").await.expect(200).result().clone();
    types
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["id"].as_i64().unwrap(), t["payrollType"]["id"].as_i64().unwrap()))
        .collect()
}

/// A payroll row whose lessons include theses says so (its type is a thesis
/// type's payroll type and the teacher has theses of it); no other row does.
#[track_caller]
fn theses_labelled(code: &str, text: &str, form: &Value, thesis_payroll_types: &HashMap<i64, i64>) {
    let with_theses: BTreeSet<i64> = form["theses"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["percent"] != json!(0))
        .map(|t| thesis_payroll_types[&t["type"]["id"].as_i64().unwrap()])
        .collect();
    let pensenmeldung = &text[text.find("Pensenmeldung").expect("Pensenmeldung")..];
    for item in form["payroll"]["items"].as_array().unwrap() {
        let description = item["description"].as_str().unwrap();
        let labelled = format!("{description} (inkl. Abschlussarbeiten)");
        let theses = item["correction"] != json!(true)
            && item["payrollType"]["id"].as_i64().is_some_and(|t| with_theses.contains(&t));
        assert_eq!(pensenmeldung.contains(&labelled), theses, "{code}: {labelled}");
    }
}

async fn forms(app: &TestApp, year: i64) -> HashMap<String, Value> {
    let list = app.get(&format!("/workload?schoolYear={year}")).await.expect(200);
    list.result()
        .as_array()
        .unwrap()
        .iter()
        .map(|w| (w["teacher"]["code"].as_str().unwrap().to_string(), w.clone()))
        .collect()
}

async fn pdf_of(app: &TestApp, body: Value) -> (Vec<u8>, String) {
    let job = run_job(app, body).await;
    let (res, bytes) = product(app, &job).await;
    assert_eq!(res.status, 200);
    assert_eq!(res.header("content-type"), Some("application/pdf"));
    let disposition = res.header("content-disposition").expect("content-disposition").to_string();
    (bytes, disposition)
}

/// The richest form: the most sections filled (postings, pool, theses, AE, courses).
fn richest(forms: &HashMap<String, Value>) -> &Value {
    let score = |f: &Value| {
        let n = |v: &Value| v.as_array().map_or(0, |a| a.len().min(3));
        n(&f["postings"]["items"]) * 4
            + n(&f["pool"]["items"]) * 3
            + n(&f["theses"]["items"]) * 3
            + n(&f["courses"]["items"])
            + n(&f["payroll"]["items"])
            + usize::from(f["summary"]["ageReliefFactor1"] != json!(0)) * 2
    };
    let mut all: Vec<&Value> = forms.values().collect();
    all.sort_by_key(|f| (std::cmp::Reverse(score(f)), f["teacher"]["code"].as_str().unwrap().to_string()));
    all[0]
}

#[tokio::test]
async fn a_workload_sheet_shows_the_teacher_the_title_and_every_figure() {
    let app = TestApp::spawn().await;
    let years = demo(&app).await;
    let year = year_id(&years, "26/27");
    let finalised = years.as_array().unwrap().iter().find(|y| y["id"] == year).unwrap()["finalised"] == json!(true);
    let forms = forms(&app, year).await;
    let form = richest(&forms);
    let teacher = form["teacher"]["id"].as_i64().unwrap();
    let code = form["teacher"]["code"].as_str().unwrap();
    let (pdf, disposition) =
        pdf_of(&app, json!({"name": "WorkloadDownload", "schoolYear": year, "teacher": teacher})).await;
    assert!(disposition.ends_with(&format!("Pensenblatt_{code}_26-27.pdf")), "{disposition}");
    let ((w, h), pages) = pdf_info(&pdf);
    assert!((w - 595.0).abs() < 2.0 && (h - 842.0).abs() < 2.0, "A4 portrait: {w} x {h}");
    let text = pdf_text(&pdf);
    let title = if finalised { "Lektionenzuteilung SJ 26/27" } else { "Provisorische Lektionenzuteilung SJ 26/27" };
    assert!(text.contains(title), "{title} in\n{text}");
    for key in ["firstName", "lastName", "code"] {
        assert!(text.contains(form["teacher"][key].as_str().unwrap()), "{key} in the sheet");
    }
    for heading in ["Pensum: Unterricht", "Pensum: Übersicht", "Pensenmeldung", "Zustimmend zur Kenntnis genommen"] {
        assert!(text.contains(heading), "{heading}");
    }
    let filled = |key: &str| !form[key]["items"].as_array().unwrap().is_empty();
    assert_eq!(filled("pool"), text.contains("Pensum: Pool"), "the pool section when there are entries");
    assert_eq!(filled("theses"), text.contains("Pensum: Abschlussarbeiten"), "the theses section when there are any");
    let has_postings = form["postings"]["items"].as_array().is_some_and(|i| !i.is_empty());
    assert!(!has_postings || pages >= 2, "the postings have a page of their own");
    // The payment target and the employment range with `percentDecimals` decimals, like every other percent.
    let employment =
        app.get(&format!("/employment?schoolYear={year}&teacher={teacher}")).await.expect(200).result()[0].clone();
    let pd = form["payroll"]["percentDecimals"].as_u64().unwrap() as u32;
    let entered = |key: &str| {
        let v = &employment[key];
        if v.is_null() {
            "—".to_string()
        } else {
            shown(v, pd).unwrap_or_else(|| format!("{:.*}", pd as usize, 0.0))
        }
    };
    has_line(&text, &["Auszahlungsziel".into(), entered("payment1"), "/".into(), entered("payment2"), "%".into()]);
    has_line(
        &text,
        &["Anstellung gemäss Verfügung".into(), entered("employmentMin"), "–".into(), entered("employmentMax")],
    );
    // The postings' header names its columns in full, each on one line: the
    // single lessons booked and the weekly lessons of a full position.
    if has_postings {
        has_line(&text, &["Lektionen".into(), "Vollpensum".into()]);
        let header = ["Beschreibung", "Von", "Bis", "Typ", "einzeln", "L/Woche", "%", "AE", "%", "Total", "%"];
        has_line(&text, &header.map(String::from));
    }
    assert_eq!(pages_by_teacher(&text).keys().collect::<Vec<_>>(), [code]);
    shows_form(&text, form);
}

#[tokio::test]
async fn the_whole_school_is_one_file_with_every_sheet() {
    let app = TestApp::spawn().await;
    let years = demo(&app).await;
    let year = year_id(&years, "26/27");
    let forms = forms(&app, year).await;
    let (pdf, disposition) = pdf_of(&app, json!({"name": "WorkloadDownload", "schoolYear": year, "teacher": -1})).await;
    assert!(
        disposition.ends_with(&format!("filename*=UTF-8''{}", "Pensenbl%C3%A4tter_26-27.pdf"))
            || disposition.contains("Pensenbl"),
        "{disposition}"
    );
    let text = pdf_text(&pdf);
    let by_teacher = pages_by_teacher(&text);
    assert_eq!(
        by_teacher.keys().collect::<BTreeSet<_>>(),
        forms.keys().collect::<BTreeSet<_>>(),
        "a sheet per employment"
    );
    let thesis_payroll_types = thesis_payroll_types(&app).await;
    for (code, form) in &forms {
        let pages = &by_teacher[code];
        let n = pages.len();
        assert!(pages[0].contains(&format!("Seite 1 von {n}")), "{code}: its own page count");
        assert!(pages[0].contains("Lektionenzuteilung SJ 26/27"), "{code}: its sheet starts with the title");
        let text = pages.join("\n");
        shows_form(&text, form);
        signature_beside_figures(code, pages, form);
        balance_adds_up(code, &text, form);
        theses_labelled(code, &text, form, &thesis_payroll_types);
    }

    // One division: only its employments.
    let employments = app.get(&format!("/employment?schoolYear={year}")).await.expect(200).result().clone();
    let employments = employments.as_array().unwrap();
    let division = employments[0]["division"]["id"].as_i64().unwrap();
    let expected: BTreeSet<String> = employments
        .iter()
        .filter(|e| e["division"]["id"] == division)
        .map(|e| e["teacher"]["code"].as_str().unwrap().to_string())
        .collect();
    let (pdf, _) = pdf_of(&app, json!({"name": "WorkloadDownload", "schoolYear": year, "division": division})).await;
    let codes: BTreeSet<String> = pages_by_teacher(&pdf_text(&pdf)).into_keys().collect();
    assert_eq!(codes, expected);
}

#[tokio::test]
async fn the_course_lists_and_the_open_lessons() {
    let app = TestApp::spawn().await;
    let years = demo(&app).await;
    let year = year_id(&years, "26/27");
    let description = years.as_array().unwrap().iter().find(|y| y["id"] == year).unwrap()["description"]
        .as_str()
        .unwrap()
        .to_string();
    let courses = app.get(&format!("/course?schoolYear={year}")).await.expect(200).result().clone();
    let courses = courses.as_array().unwrap().clone();

    // Courses by subject category: landscape, a heading per category, a line per course.
    let (pdf, disposition) = pdf_of(&app, json!({"name": "SubjectCourseDownload", "schoolYear": year})).await;
    assert!(disposition.ends_with("Lektionenzuteilungen_Fachgebiet_26-27.pdf"), "{disposition}");
    let ((w, h), _) = pdf_info(&pdf);
    assert!(w > h, "landscape: {w} x {h}");
    let text = pdf_text(&pdf);
    assert!(text.contains("Lektionenzuteilungen nach Fachgebiet") && text.contains(&description));
    for c in &courses {
        if let Some(cat) = c["subject"]["category"]["description"].as_str() {
            assert!(text.contains(cat), "category {cat}");
        }
    }
    for c in courses.iter().step_by(7) {
        let mut words = vec![c["subject"]["code"].as_str().unwrap().to_string()];
        if let Some(first) = c["schoolClasses"].as_array().unwrap().first() {
            words.push(first["code"].as_str().unwrap().to_string());
        }
        words.extend(shown(&c["lessons1"], 2));
        words.extend(c["teachers1"].as_array().unwrap().iter().map(|t| t["code"].as_str().unwrap().to_string()));
        has_line(&text, &words);
    }

    // Courses by teacher: a page per teacher with their courses' total.
    let forms = forms(&app, year).await;
    let (pdf, _) = pdf_of(&app, json!({"name": "TeacherCourseDownload", "schoolYear": year})).await;
    let (_, pages) = pdf_info(&pdf);
    assert!(pages >= forms.len(), "a page per teacher");
    let text = pdf_text(&pdf);
    for form in forms.values() {
        let t = &form["teacher"];
        let name = format!(
            "{} {} ({})",
            t["firstName"].as_str().unwrap(),
            t["lastName"].as_str().unwrap(),
            t["code"].as_str().unwrap()
        );
        let page = text.split('\x0c').find(|p| p.contains(&name)).unwrap_or_else(|| panic!("a page of {name}"));
        let pd = form["payroll"]["percentDecimals"].as_u64().unwrap() as u32;
        let mut total = vec!["Total".to_string()];
        total.extend(figures(
            &form["courses"]["total"],
            &[("lessons1", 2), ("percent1", pd), ("lessons2", 2), ("percent2", pd)],
        ));
        has_line(page, &total);
    }

    // Open lessons: leave one course without teachers; the year's total is the sum of `open1`/`open2`.
    let mut open = courses.iter().find(|c| c["cancelled"] == false && c["lessons1"] != json!(0)).unwrap().clone();
    open["teachers1"] = json!([]);
    app.put(&format!("/course/{}", open["id"]), open.clone()).await.expect(200);
    let courses = app.get(&format!("/course?schoolYear={year}")).await.expect(200).result().clone();
    let sum = |key: &str| -> Decimal {
        courses.as_array().unwrap().iter().map(|c| Decimal::from_str(&c[key].to_string()).unwrap()).sum()
    };
    let (pdf, disposition) = pdf_of(&app, json!({"name": "OpenWorkloadDownload", "schoolYear": year})).await;
    assert!(disposition.ends_with("Nicht_zugeteilte_Lektionen_26-27.pdf"), "{disposition}");
    let text = pdf_text(&pdf);
    let mut words = vec!["Total Schuljahr".to_string()];
    words.extend(shown(&json!(sum("open1").to_string().parse::<f64>().unwrap()), 2));
    words.extend(shown(&json!(sum("open2").to_string().parse::<f64>().unwrap()), 2));
    has_line(&text, &words);
    has_line(&text, &[open["subject"]["code"].as_str().unwrap().to_string(), shown(&open["lessons1"], 2).unwrap()]);
}

#[tokio::test]
async fn a_sheet_that_cannot_be_typeset_fails_and_leaves_no_file() {
    let app = TestApp::spawn().await;
    let years = demo(&app).await;
    let year = year_id(&years, "26/27");
    let employments = app.get(&format!("/employment?schoolYear={year}")).await.expect(200).result().clone();
    let e = &employments.as_array().unwrap()[0];
    let division = e["division"]["id"].as_i64().unwrap();
    // A logo that carries the PNG signature (so the API takes it) but is no image.
    let mut d = app.get(&format!("/division/{division}")).await.expect(200).result().clone();
    use base64::Engine as _;
    let broken =
        base64::engine::general_purpose::STANDARD.encode(b"\x89PNG\r\n\x1a\nthis is not an image, only some text");
    d["logo"] = json!({"fileName": "logo.png", "mimeType": "image/png", "data": broken});
    app.put(&format!("/division/{division}"), d).await.expect(200);

    let job =
        run_job(&app, json!({"name": "WorkloadDownload", "schoolYear": year, "teacher": e["teacher"]["id"]})).await;
    let error = job["error"].as_str().unwrap_or_else(|| panic!("the job failed: {job}"));
    assert!(error.contains("could not be typeset"), "{error}");
    assert_eq!(job["product"], Value::Null);
    let files = app.sql(&format!("SELECT COUNT(*) FROM job_file WHERE job_id = {}", job["id"])).await;
    assert_eq!(files, Some(0), "no file was stored");
}

#[tokio::test]
async fn a_long_course_list_breaks_across_pages_with_its_header_repeated() {
    let app = TestApp::spawn().await;
    let w = crate::fixtures::World::new(&app).await;
    let classes = [w.g27a, w.g27b, w.g27c, w.h27a, w.f27a];
    for i in 0..70 {
        let subject = if i % 2 == 0 { w.d } else { w.f };
        let body = json!({"schoolYear": w.year, "subject": subject, "schoolClasses": [classes[i % classes.len()]],
                          "lessons1": 1, "lessons2": 1, "teachers1": [w.abc], "teachers2": [w.abc]});
        app.create("/course", body).await;
    }
    let (pdf, _) = pdf_of(&app, json!({"name": "WorkloadDownload", "schoolYear": w.year, "teacher": w.abc})).await;
    let text = pdf_text(&pdf);
    let pages: Vec<&str> = text.split('\x0c').filter(|p| !p.trim().is_empty()).collect();
    assert!(pages.len() >= 2, "70 courses need more than one page");
    let header: Vec<String> = ["Fach", "Klassen", "Stufe", "L", "%", "L", "%"].map(String::from).to_vec();
    let is_course = |l: &&str| {
        let t: Vec<&str> = l.split_whitespace().collect();
        matches!(t.first(), Some(&"D") | Some(&"F")) && t.iter().filter(|x| **x == "1.00").count() == 2
    };
    let per_page: Vec<usize> = pages.iter().map(|p| p.lines().filter(is_course).count()).collect();
    assert_eq!(per_page.iter().sum::<usize>(), 70, "every course once: {per_page:?}");
    assert!(per_page[0] > 0 && per_page[1] > 0, "the list breaks across pages: {per_page:?}");
    for (n, page) in pages.iter().enumerate().filter(|(n, _)| per_page[*n] > 0) {
        has_line(page, &header);
        assert!(page.contains(&format!("Seite {} von {}", n + 1, pages.len())), "page {}", n + 1);
    }
}
