//! Teachers' own sheets, their release and confirmation (Freigabe und
//! Kenntnisnahme; docs/teachers.md): the use cases of a `teacher` account
//! (read the own sheet, confirm it or ask a question) and of the planners
//! (release a year's sheets, read the states, answer a question). Each write
//! is one transaction with its audit entry; the rules are in
//! [`crate::domain::confirmation`].

use serde_json::Value;

use super::audit::Actor;
use super::outbox::{outdated_mail, queue, release_mail, MailSettings};
use super::workload::{fill_balances, workloads};
use super::workload_sheet::SheetSource;
use crate::auth::{Principal, Role};
use crate::domain::body_reader::{checked, limits, Mode, Reader};
use crate::domain::confirmation::{
    confirmed_when, digest, figures, is_released, short_version, state, Confirmation, Release, SheetState,
    StoredConfirmation,
};
use crate::domain::fixed::Amount;
use crate::domain::ids::{DivisionId, SchoolYearId, TeacherId};
use crate::domain::outbox::OutgoingMail;
use crate::domain::reference_forms::SchoolYearRef;
use crate::domain::schoolyear::SchoolYear;
use crate::domain::teacher::valid_email;
use crate::domain::workload::forms::Workload;
use crate::error::{Error, ErrorCode, Result};
use crate::i18n::Message;
use crate::store::employment::EmploymentFilter;
use crate::store::{Conn, Store};

/// The teacher whose account `who` is: 403 `forbidden` for an account of
/// another role (docs/teachers.md §What a teacher sees).
pub async fn own_teacher(store: &Store, who: &Principal) -> Result<TeacherId> {
    let teacher = match who.role {
        Role::Teacher => store.conn().await?.teacher_of_account(who.account_id).await?,
        _ => None,
    };
    teacher.ok_or_else(|| Error::new(ErrorCode::Forbidden, Message::new("error-not-a-teacher")))
}

/// Whether `teacher`'s sheet of `year` is released, read on `conn`; 404 when
/// the teacher has no employment that year (a teacher learns nothing of
/// years they do not teach in).
async fn released(conn: &mut Conn, teacher: TeacherId, year: SchoolYearId) -> Result<bool> {
    let division = conn
        .years_of_teacher(teacher)
        .await?
        .into_iter()
        .find(|(y, _)| *y == year)
        .map(|(_, d)| d)
        .ok_or_else(|| Error::not_found("school year", year.0))?;
    Ok(is_released(&conn.releases(year).await?, division))
}

/// The sheet of `teacher` in `year` and what is stored of its confirmation,
/// read on `conn`; 404 without an employment that year.
async fn sheet_on(
    conn: &mut Conn,
    teacher: TeacherId,
    year: SchoolYearId,
) -> Result<(Workload, bool, Option<StoredConfirmation>)> {
    let released = released(conn, teacher, year).await?;
    let sheet = workloads(conn, year, Some(teacher)).await?.into_iter().next();
    let sheet = sheet.ok_or_else(|| Error::not_found("school year", year.0))?;
    let stored = conn.confirmations_of_teacher(teacher).await?.into_iter().find(|c| c.school_year == year);
    Ok((sheet, released, stored))
}

/// A teacher's own sheet of `year` (`GET /api/v1/me/workload`, "Mein
/// Pensum"), with its confirmation, read in one snapshot: 404 without an
/// employment that year, 409 `not_released` before the year is released to
/// them (docs/teachers.md §What a teacher sees).
pub async fn own_sheet(store: &Store, teacher: TeacherId, year: SchoolYearId) -> Result<(Workload, Confirmation)> {
    let (sheet, released, stored) = store.snapshot(async |conn| sheet_on(conn, teacher, year).await).await?;
    if !released {
        return Err(not_released(&sheet));
    }
    let confirmation = Confirmation::of(&sheet, released, stored.as_ref());
    Ok((sheet, confirmation))
}

/// Checks that `teacher`'s sheet of `year` is released to them, without
/// computing it (the PDF's loader computes it), read in one snapshot: 404
/// without an employment that year, 409 `not_released` before the release.
pub async fn own_release(store: &Store, teacher: TeacherId, year: SchoolYearId) -> Result<()> {
    store
        .snapshot(async |conn| {
            if released(conn, teacher, year).await? {
                return Ok(());
            }
            let code = conn.get_school_year(year).await?.map(|y| y.code).unwrap_or_default();
            Err(Error::new(ErrorCode::NotReleased, Message::new("error-not-released-year").arg("year", &code)))
        })
        .await
}

fn not_released(sheet: &Workload) -> Error {
    Error::new(ErrorCode::NotReleased, Message::new("error-not-released-year").arg("year", &sheet.school_year.code))
}

/// One school year of a teacher's own overview ("Mein Pensum").
#[derive(Debug, Clone)]
pub struct OwnYear {
    /// The school year.
    pub year: SchoolYearRef,
    /// The state of the sheet.
    pub state: SheetState,
    /// The IPB balance at the start and the end of the year (percent; `None`
    /// where the year shows no balances).
    pub balance: Option<(Amount, Amount)>,
}

/// Every school year `teacher` has an employment in, oldest first, with the
/// state of its sheet and its IPB balances, read in one snapshot (the
/// overview and the balance chart of "Mein Pensum";
/// docs/teachers.md §What a teacher sees). The sheet of a year is computed only where its state
/// depends on its version (a stored confirmation of a released year).
pub async fn own_years(store: &Store, teacher: TeacherId) -> Result<Vec<OwnYear>> {
    store
        .snapshot(async |conn| {
            let mut employments =
                conn.list_employments(EmploymentFilter { school_year: None, teacher: Some(teacher) }).await?;
            fill_balances(conn, &mut employments).await?;
            let releases = conn.releases_of_teacher(teacher).await?;
            let stored = conn.confirmations_of_teacher(teacher).await?;
            let mut out = Vec::with_capacity(employments.len());
            for e in &employments {
                let year = e.school_year.id;
                let of_year: Vec<Release> = releases.iter().filter(|r| r.school_year == year).cloned().collect();
                let released = is_released(&of_year, DivisionId(e.division.id));
                let row = stored.iter().find(|c| c.school_year == year);
                let current = match row.filter(|r| released && r.digest.is_some()) {
                    Some(_) => workloads(conn, year, Some(teacher)).await?.first().map(digest).unwrap_or_default(),
                    None => String::new(),
                };
                let balance = e.opening_balance.zip(e.closing_balance);
                out.push(OwnYear { year: e.school_year.clone(), state: state(released, row, &current), balance });
            }
            out.sort_by_key(|y| y.year.graduation_year);
            Ok::<_, Error>(out)
        })
        .await
}

/// The sheet of `teacher` in school year `year` ([`super::workload_sheet::load`]),
/// every school year newest first, and the sheet's confirmation
/// ([`confirmation_on`]), read in one snapshot: the web's sheet page
/// (docs/web.md §Pensenblatt). Errors: 404 when the year or the teacher does
/// not exist, or the teacher has no employment that year; the database's
/// (500/503).
pub async fn sheet_page(
    store: &Store,
    year: SchoolYearId,
    teacher: TeacherId,
) -> Result<(SheetSource, Vec<SchoolYear>, Confirmation)> {
    store
        .snapshot(async |conn| {
            let source = super::workload_sheet::load(conn, year, teacher).await?;
            let years = super::schoolyear::newest_first_on(conn).await?;
            let word = confirmation_on(conn, teacher, year, &source.workload).await?;
            Ok((source, years, word))
        })
        .await
}

/// The confirmation of `sheet`, the current workload form of `teacher` in
/// `year`, read on `conn` (the planners' Pensenblatt, which has the sheet at
/// hand already); 404 without an employment that year.
pub async fn confirmation_on(
    conn: &mut Conn,
    teacher: TeacherId,
    year: SchoolYearId,
    sheet: &Workload,
) -> Result<Confirmation> {
    let released = released(conn, teacher, year).await?;
    let stored = conn.confirmations_of_teacher(teacher).await?.into_iter().find(|c| c.school_year == year);
    Ok(Confirmation::of(sheet, released, stored.as_ref()))
}

/// A teacher's own sheet of `year` as the web page shows it ("Mein
/// Pensum" → a year), with its confirmation, read in one snapshot: 404
/// without an employment that year, 409 `not_released` before the release.
/// The source holds nothing of other teachers (its list of the year's
/// employments is emptied).
pub async fn own_sheet_source(
    store: &Store,
    teacher: TeacherId,
    year: SchoolYearId,
) -> Result<(SheetSource, Confirmation)> {
    let (mut source, released, stored) = store
        .snapshot(async |conn| {
            let released = released(conn, teacher, year).await?;
            let source = super::workload_sheet::load(conn, year, teacher).await?;
            let stored = conn.confirmations_of_teacher(teacher).await?.into_iter().find(|c| c.school_year == year);
            Ok::<_, Error>((source, released, stored))
        })
        .await?;
    if !released {
        return Err(not_released(&source.workload));
    }
    source.employments.clear();
    let confirmation = Confirmation::of(&source.workload, released, stored.as_ref());
    Ok((source, confirmation))
}

/// The confirmation of a teacher's own sheet of `year` (`GET
/// /api/v1/me/confirmation`): its state, also before the release
/// (`notReleased`); 404 without an employment that year.
pub async fn own_confirmation(store: &Store, teacher: TeacherId, year: SchoolYearId) -> Result<Confirmation> {
    let (sheet, released, stored) = store.snapshot(async |conn| sheet_on(conn, teacher, year).await).await?;
    Ok(Confirmation::of(&sheet, released, stored.as_ref()))
}

/// What a teacher sends about their sheet (`POST /api/v1/me/confirmation`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeacherWord {
    /// The school year of the sheet.
    pub school_year: SchoolYearId,
    /// Confirm with this remark (possibly empty), or ask this question.
    pub word: Word,
    /// The version the teacher saw (`digest` of the sheet), when the client
    /// sends it: a different current version → 412.
    pub seen: Option<String>,
}

/// A confirmation or a question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Word {
    /// Kenntnisnahme, with an optional remark.
    Confirm(Option<String>),
    /// A question or objection instead.
    Ask(String),
}

/// The body `{"schoolYear", "remark"?}` (confirm) or `{"schoolYear",
/// "question"}` (ask), each with an optional `"digest"` (the version seen):
/// texts of at most [`limits::COMMENT`] characters; 422 with a field error per
/// problem, and at `/question` when both texts are sent.
pub fn read_teacher_word(body: &Value) -> Result<TeacherWord> {
    let mut r = Reader::new(body, Mode::Create)?;
    let year = r.reference("schoolYear", true);
    let remark = r.multi_line_text("remark", false, limits::COMMENT);
    let question = r.multi_line_text("question", false, limits::COMMENT);
    let seen = r.text("digest", false, 64);
    r.finish()?;
    let word = match (remark, question.filter(|q| !q.trim().is_empty())) {
        (Some(_), Some(_)) => {
            return Err(Error::field(
                "/question",
                ErrorCode::OutOfRange,
                Message::new("error-confirmation-remark-or-question"),
            ))
        }
        (remark, None) => Word::Confirm(remark.filter(|r| !r.trim().is_empty())),
        (None, Some(q)) => Word::Ask(q),
    };
    Ok(TeacherWord { school_year: SchoolYearId(checked(year)), word, seen })
}

/// Records `word` of `teacher` (the account of `actor`): locks the sheet's
/// row, computes the sheet as it is now, checks that it is released (409
/// `not_released`) and, when the teacher sent the version they saw, that
/// it is still the current one (412 `precondition_failed`), then stores the
/// confirmation (the account, the time, the figures and the version) or the
/// question, and audits it. Returns the confirmation as stored.
pub async fn record_word(store: &Store, actor: &Actor, teacher: TeacherId, word: &TeacherWord) -> Result<Confirmation> {
    let year = word.school_year;
    let mut tx = store.begin().await?;
    let (sheet, stored, before) = locked_released_sheet(&mut tx, teacher, year).await?;
    if let Some(seen) = word.seen.as_deref().filter(|s| *s != before.current_digest) {
        return Err(Error::new(
            ErrorCode::PreconditionFailed,
            Message::new("error-sheet-changed")
                .arg("seen", short_version(seen))
                .arg("now", short_version(&before.current_digest)),
        ));
    }
    let mut row = stored.unwrap_or_else(|| StoredConfirmation::empty(teacher, year));
    let now = crate::auth::now_text();
    match &word.word {
        Word::Confirm(remark) => {
            row.confirmed_by = actor.principal.as_ref().map(|p| p.account_id);
            row.confirmed_at = Some(now);
            row.digest = Some(before.current_digest.clone());
            row.figures = Some(figures(&sheet).to_string());
            row.remark = remark.clone();
            row.outdated_mailed_at = None;
            // A confirmation settles an open question.
            if row.answer.is_none() {
                row.question = None;
                row.asked_at = None;
            }
        }
        Word::Ask(question) => {
            row.question = Some(question.clone());
            row.asked_at = Some(now);
            row.answer = None;
            row.answered_at = None;
            row.answered_by = None;
        }
    }
    tx.save_confirmation(&row).await?;
    let after = Confirmation::of(&sheet, true, Some(&row));
    actor.record(&mut tx, "confirmation", teacher.0, Some(&before), Some(&after)).await?;
    tx.commit().await?;
    Ok(after)
}

/// The stamp printed on the PDF sheet of each teacher of `forms` (their
/// current workload forms of school year `year`, by teacher id) who has
/// confirmed that very version: "digital zur Kenntnis genommen am
/// 28.11.2026, 10:14 UTC (Version 3fa9…)"
/// (docs/teachers.md §Release and confirmation). A sheet confirmed in another version gets none: its
/// confirmation is outdated.
pub async fn confirmed_stamps(
    conn: &mut Conn,
    year: SchoolYearId,
    forms: &std::collections::HashMap<i64, Workload>,
) -> Result<std::collections::HashMap<i64, String>> {
    let mut out = std::collections::HashMap::new();
    for c in conn.confirmations(year).await? {
        let (Some(at), Some(version)) = (c.confirmed_at.as_deref(), c.digest.as_deref()) else { continue };
        let Some(sheet) = forms.get(&c.teacher.0) else { continue };
        if digest(sheet) == version {
            out.insert(c.teacher.0, stamp(at, version));
        }
    }
    Ok(out)
}

/// The stamp of a confirmation at `at` (UTC text) of `version`.
fn stamp(at: &str, version: &str) -> String {
    format!("digital zur Kenntnis genommen am {} (Version {})", confirmed_when(at), short_version(version))
}

/// Inside the write `tx`: locks the row of `teacher`'s sheet of `year` and
/// reads the sheet as it is now, what is stored of it and its confirmation;
/// 404 without an employment that year, 409 `not_released` before the release.
async fn locked_released_sheet(
    tx: &mut Conn,
    teacher: TeacherId,
    year: SchoolYearId,
) -> Result<(Workload, Option<StoredConfirmation>, Confirmation)> {
    tx.lock_confirmation(teacher, year).await?;
    let (sheet, released, stored) = sheet_on(tx, teacher, year).await?;
    if !released {
        return Err(not_released(&sheet));
    }
    let now = Confirmation::of(&sheet, released, stored.as_ref());
    Ok((sheet, stored, now))
}

/// The body of a release, `{"division": ID or null}` (absent: every
/// division); 422 `unknown_reference` is checked by [`release`].
pub fn read_release(body: &Value) -> Result<Option<DivisionId>> {
    let mut r = Reader::new(body, Mode::Create)?;
    let division = r.reference("division", false);
    r.finish()?;
    Ok(division.map(DivisionId))
}

/// Releases the sheets of school year `year` to the teachers of `division`
/// (`None`: of every division) for `actor`: 404 for an unknown year, 422
/// `unknown_reference` at `/division`. Releasing again what is released
/// changes nothing. With `mail`, every teacher released by it (not by an
/// earlier release) who has an account and a valid address gets a mail,
/// queued in the same transaction (docs/teachers.md §Mails). Returns the
/// release (the earlier one when it existed).
pub async fn release(
    store: &Store,
    actor: &Actor,
    year: SchoolYearId,
    division: Option<DivisionId>,
    mail: Option<&MailSettings>,
) -> Result<Release> {
    let mut tx = store.begin().await?;
    let Some(school_year) = tx.get_school_year(year).await? else {
        return Err(Error::not_found("school year", year.0));
    };
    if let Some(d) = division {
        if tx.get_division(d).await?.is_none() {
            return Err(Error::field(
                "/division",
                ErrorCode::UnknownReference,
                Message::new("error-unknown-reference-id").arg_message("kind", Message::kind("division")).arg("id", d),
            ));
        }
    }
    let earlier = tx.releases(year).await?;
    if let Some(same) = earlier.iter().find(|r| r.division == division) {
        return Ok(same.clone());
    }
    let by = actor.principal.as_ref().map_or("CLI", |p| p.name.as_str()).to_string();
    let Some(release) = tx.insert_release(year, division, &by).await? else {
        // Released by another request meanwhile: answer that release.
        drop(tx);
        let stored = store.conn().await?.releases(year).await?;
        return stored.into_iter().find(|r| r.division == division).ok_or_else(|| {
            Error::internal(anyhow::anyhow!(
                "the release of year {} was refused as a duplicate, and is not there",
                year.0
            ))
        });
    };
    actor.record(&mut tx, "release", release.id, None::<&()>, Some(&release)).await?;
    if let Some(m) = mail {
        let mails = release_mails(&mut tx, m, &school_year.code, year, &earlier, &release).await?;
        queue(&mut tx, &mails).await?;
    }
    tx.commit().await?;
    Ok(release)
}

/// The release mails of `release` of `year` (code `code`), read inside the
/// write `tx`: one per teacher it releases who was not released by
/// `earlier`, has an account of their own and a valid address.
async fn release_mails(
    tx: &mut Conn,
    mail: &MailSettings,
    code: &str,
    year: SchoolYearId,
    earlier: &[Release],
    release: &Release,
) -> Result<Vec<OutgoingMail>> {
    let with_account: Vec<TeacherId> = tx.teacher_accounts().await?.into_iter().map(|(t, _, _)| t).collect();
    let employments = tx.list_employments(EmploymentFilter { school_year: Some(year), teacher: None }).await?;
    let now = std::slice::from_ref(release);
    let mut out: Vec<OutgoingMail> = Vec::new();
    for e in &employments {
        let division = DivisionId(e.division.id);
        if !is_released(now, division) || is_released(earlier, division) || !with_account.contains(&e.teacher.id) {
            continue;
        }
        let Some(to) = e.teacher.email.as_deref().map(str::trim).filter(|m| valid_email(m)) else { continue };
        if out.iter().any(|m| m.to == to) {
            continue;
        }
        out.push(release_mail(mail, &e.teacher.reference, to, code, year.0));
    }
    Ok(out)
}

/// Looks for confirmations that a change made outdated and whose teacher
/// has not been told yet, and queues one mail for each, naming the figures
/// that changed (docs/teachers.md §Mails); the postman calls it
/// periodically. Reads the candidates in one snapshot first (nothing is
/// written when none is outdated); then, in one write transaction, reads
/// each candidate year's sheets again, notes on each confirmation that its
/// teacher was told (a conditional update: of two servers at once, one
/// wins, and the other sends nothing) and queues the mails. A teacher without a valid address is noted as told, without a
/// mail. Returns how many mails were queued.
pub async fn queue_outdated_mails(store: &Store, mail: &MailSettings) -> Result<usize> {
    let found = store.snapshot(async |conn| outdated_untold(conn).await).await?;
    if found.is_empty() {
        return Ok(0);
    }
    let mut tx = store.begin().await?;
    let found = outdated_untold(&mut tx).await?;
    let now = crate::auth::now_text();
    let mut mails = Vec::new();
    for (sheet, row, email) in found {
        let confirmed: Value = row.figures.as_deref().and_then(|f| serde_json::from_str(f).ok()).unwrap_or(Value::Null);
        // Conditional: a server that noted it first (or a new confirmation) wins.
        if !tx.note_outdated_told(row.teacher, row.school_year, row.digest.as_deref().unwrap_or_default(), &now).await?
        {
            continue;
        }
        if let Some(to) = email {
            let at = row.confirmed_at.clone().unwrap_or_default();
            let (code, year) = (&sheet.school_year.code, sheet.school_year.id.0);
            mails.push(outdated_mail(mail, &sheet.teacher, &to, code, year, &at, &confirmed, &figures(&sheet)));
        }
    }
    queue(&mut tx, &mails).await?;
    tx.commit().await?;
    Ok(mails.len())
}

/// The confirmations read on `conn` that are outdated and not yet told
/// (released, confirmed in another version than the current one, no
/// `outdated_mailed_at`), each with the current sheet and the teacher's
/// valid address if any. One computation of the sheets per school year
/// that has such a candidate.
async fn outdated_untold(conn: &mut Conn) -> Result<Vec<(Workload, StoredConfirmation, Option<String>)>> {
    let candidates = conn.untold_confirmations().await?;
    let mut years: Vec<SchoolYearId> = candidates.iter().map(|c| c.school_year).collect();
    years.sort_by_key(|y| y.0);
    years.dedup();
    let mut out = Vec::new();
    for year in years {
        let releases = conn.releases(year).await?;
        let divisions = conn.employment_divisions(year).await?;
        let of_year: Vec<&StoredConfirmation> = candidates.iter().filter(|c| c.school_year == year).collect();
        let sheets = workloads(conn, year, None).await?;
        let emails = conn.list_employments(EmploymentFilter { school_year: Some(year), teacher: None }).await?;
        for c in of_year {
            let released = divisions.iter().any(|(t, d)| *t == c.teacher && is_released(&releases, *d));
            let Some(sheet) = sheets.iter().find(|s| s.teacher.id == c.teacher) else { continue };
            if !released || c.digest.as_deref() == Some(digest(sheet).as_str()) {
                continue;
            }
            let email = emails
                .iter()
                .find(|e| e.teacher.id == c.teacher)
                .and_then(|e| e.teacher.email.as_deref())
                .map(str::trim)
                .filter(|m| valid_email(m))
                .map(str::to_string);
            out.push((sheet.clone(), c.clone(), email));
        }
    }
    Ok(out)
}

/// The confirmation of every employment of school year `year`, by teacher
/// code (`GET /api/v1/confirmation`, the Jahresüberblick's column), read in
/// one snapshot; 404 for an unknown year.
pub async fn year_confirmations(store: &Store, year: SchoolYearId) -> Result<Vec<Confirmation>> {
    store
        .snapshot(async |conn| {
            let sheets = workloads(conn, year, None).await?;
            let divisions = conn.employment_divisions(year).await?;
            let releases = conn.releases(year).await?;
            let stored = conn.confirmations(year).await?;
            Ok(sheets
                .iter()
                .map(|sheet| {
                    let t = sheet.teacher.id;
                    let released = divisions.iter().any(|(tt, d)| *tt == t && is_released(&releases, *d));
                    Confirmation::of(sheet, released, stored.iter().find(|c| c.teacher == t))
                })
                .collect())
        })
        .await
}

/// The body of an answer, `{"teacher", "schoolYear", "answer"}`: the answer
/// at most [`limits::COMMENT`] characters, not empty; 422 per problem.
pub fn read_answer(body: &Value) -> Result<(TeacherId, SchoolYearId, String)> {
    let mut r = Reader::new(body, Mode::Create)?;
    let teacher = r.reference("teacher", true);
    let year = r.reference("schoolYear", true);
    let answer = r.multi_line_text("answer", true, limits::COMMENT);
    r.finish()?;
    Ok((TeacherId(checked(teacher)), SchoolYearId(checked(year)), checked(answer)))
}

/// Answers the open question of `teacher` about their sheet of `year` for
/// `actor` (a planner): 404 without an employment, 409 `not_released`
/// before the release, 422 `required` at `/answer` when no question is open.
/// Returns the confirmation with the answer.
pub async fn answer(
    store: &Store,
    actor: &Actor,
    teacher: TeacherId,
    year: SchoolYearId,
    text: &str,
) -> Result<Confirmation> {
    let mut tx = store.begin().await?;
    let (sheet, stored, before) = locked_released_sheet(&mut tx, teacher, year).await?;
    let Some(mut row) = stored.filter(|s| s.question.is_some() && s.answer.is_none()) else {
        return Err(Error::field("/answer", ErrorCode::Required, Message::new("error-no-question")));
    };
    row.answer = Some(text.to_string());
    row.answered_at = Some(crate::auth::now_text());
    row.answered_by = Some(actor.principal.as_ref().map_or("CLI", |p| p.name.as_str()).to_string());
    tx.save_confirmation(&row).await?;
    let after = Confirmation::of(&sheet, true, Some(&row));
    actor.record(&mut tx, "confirmation", teacher.0, Some(&before), Some(&after)).await?;
    tx.commit().await?;
    Ok(after)
}
